/**
 * The worker thread behind `lattice perft` of depth 2 or more (perft.ts): runs a perft or divide off the main
 * thread, so that the main thread stays free to redraw the progress bar (elapsed time while a root move
 * runs) and to handle Ctrl-C and SIGTERM at once. Node only.
 *
 * workerData: `{ variant, position, options, depth, divide, movetime? }` (as the CLI checked them).
 * Messages to the parent, in order: any number of `{ type: 'progress', done, total, move, nodes }` (one
 * per root move counted), then `{ type: 'done', nodes, ms, divide? }` (ms: the count's time) or `{ type: 'error',
 * error: ErrorRecord }` (errors.ts; revived with its class and code, e.g. LatticeError 'stopped' for --movetime).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createGame } from '../engine.js';
import { errorRecord } from '../contract/errors.js';
import type { PerftProgress } from '../contract/limits.js';

interface PerftJob {
  variant: string;
  position: string;
  options: Record<string, string | number>;
  depth: number;
  divide: boolean;
  movetime?: number;
}

const job = workerData as PerftJob;
const port = parentPort!;
try {
  const g = await createGame(job.variant, { position: job.position, options: job.options });
  const limits = {
    ...(job.movetime !== undefined ? { movetime: job.movetime } : {}),
    onProgress: (p: PerftProgress) => port.postMessage({ type: 'progress', ...p }),
  };
  const t0 = performance.now();
  const divide = job.divide ? g.divide(job.depth, limits) : undefined;
  const nodes = divide ? Object.values(divide).reduce((a, b) => a + b, 0) : g.perft(job.depth, limits);
  const ms = Math.round(performance.now() - t0);
  port.postMessage({ type: 'done', nodes, ms, ...(divide ? { divide } : {}) });
} catch (e) {
  port.postMessage({ type: 'error', error: errorRecord(e instanceof Error ? e : new Error(String(e))) });
}
