/**
 * The worker thread behind `lattice solve <variant> --position P` (solve.ts proveOne): creates the game with the
 * tablebases of `tbDir` and proves the position's value off the main thread, so that the main thread stays free to
 * answer SIGINT and SIGTERM at once (a proof may search for minutes; issue 35). Node only.
 *
 * workerData: `{ variant, position, options, hashMb, tbDir, nodeLimit, progress }` (as the CLI read them).
 * Messages to the parent, in order: with `progress`, any number of `{ type: 'progress', nodes }`, then
 * `{ type: 'done', position, report }` (the game's position text and its SolveReport) or
 * `{ type: 'error', error: ErrorRecord }` (errors.ts; revived with its class and code).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createGame } from '../engine.js';
import { errorRecord } from '../contract/errors.js';

interface ProveJob {
  variant: string;
  position: string;
  options: Record<string, string | number>;
  hashMb: number;
  tbDir: string;
  nodeLimit: number;
  progress: boolean;
}

const job = workerData as ProveJob;
const port = parentPort!;
try {
  const g = await createGame(job.variant, {
    position: job.position,
    options: job.options,
    hashMb: job.hashMb,
    tbDir: job.tbDir,
  });
  const report = g.solve!({
    // a family with tablebases implements solve()
    nodeLimit: job.nodeLimit,
    ...(job.progress ? { onProgress: (nodes: number) => port.postMessage({ type: 'progress', nodes }) } : {}),
  });
  port.postMessage({ type: 'done', position: g.position(), report });
} catch (e) {
  port.postMessage({ type: 'error', error: errorRecord(e instanceof Error ? e : new Error(String(e))) });
}
