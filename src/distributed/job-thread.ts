/**
 * One engine slot of `lattice worker` (src/distributed/worker.ts): a worker_threads thread that runs the
 * jobs handed to it, one at a time, off the worker's main thread, so that the main thread keeps renewing
 * BullMQ's job locks (a job whose lock is not renewed is taken for stalled and given to another worker)
 * and answers signals while a job runs. Node only.
 *
 * On start it compiles the engine's builds and says `{ type: 'ready' }` (with `error`, an ErrorRecord, if
 * that failed). Messages from the parent: `{ type: 'run', id, data, threads }` (id and data checked by the parent:
 * jobs.ts checkJobData), run one at a time in the order they came (a job handed over while another runs
 * waits in the thread). Answers, one per run: `{ type: 'done', id, result }` (a jobs.ts JobResult) or
 * `{ type: 'error', id, error: ErrorRecord }` (errors.ts; revived with its class and code).
 *
 * The slot keeps the last games it made (one per variant and option set, at most GAME_CACHE), so a run
 * of perft jobs of one tree sets positions on one core instead of loading a core a job. Layer jobs load
 * a core of their own (the solvers'), released when the job ends.
 */
import { parentPort } from 'node:worker_threads';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { createGame, type AnyGame } from '../engine.js';
import { errorRecord } from '../contract/errors.js';
import { precompileCores } from '../lattice/core/wasm.js';
import { canonicalJson, fileFacts, type JobData, type JobResult } from './jobs.js';

/** Games kept between jobs (each holds a core: 23-32 MiB). */
const GAME_CACHE = 2;
const games = new Map<string, AnyGame>();
const worker = `${hostname()}:${process.pid}`;

/** A game of `variant` under `options`, from the cache or made (the oldest dropped past GAME_CACHE). */
async function gameFor(variant: string, options: Record<string, string>): Promise<AnyGame> {
  const key = canonicalJson([variant, options]);
  let g = games.get(key);
  if (g) {
    games.delete(key);
    games.set(key, g);
    return g;
  }
  g = await createGame(variant, { options });
  games.set(key, g);
  while (games.size > GAME_CACHE) {
    const [oldest, old] = games.entries().next().value as [string, AnyGame];
    games.delete(oldest);
    old.dispose();
  }
  return g;
}

/** Runs one job (see the module comment); `threads` is what a layer job may use. */
async function run(id: string, data: JobData, threads: number): Promise<JobResult> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  if (data.kind === 'perft') {
    const g = await gameFor(data.variant, data.options);
    g.setPosition(data.position);
    const nodes = g.perft(data.depth);
    return { id, nodes, ms: ms(), worker };
  }
  if (data.kind === 'movement-layer') {
    const { buildTablebase } = await import('../solve/index.js');
    const r = await buildTablebase(data.variant, { dir: data.dir, options: data.options, layer: data.layer, threads });
    const l = r.layers[r.layers.length - 1]!;
    if (l.layer !== data.layer || l.capturesToWin !== data.capturesToWin)
      throw new Error(
        `internal: built layer ${l.layer} of captures-to-win ${l.capturesToWin}, not ` +
          `${data.layer} of ${data.capturesToWin}`,
      );
    return {
      id,
      file: basename(l.file),
      ...fileFacts(l.file),
      positions: l.distinct,
      ms: ms(),
      loaded: l.loaded,
      worker,
    };
  }
  const { HuntSolver } = await import('../solve/generic.js');
  const solver = await HuntSolver.create(data.variant, data.options, { handsEmptyOnly: data.handsEmptyOnly });
  const l = await solver.solveLayer(solver.layerAt(data.layer, data.stacks), { dir: data.dir });
  return {
    id,
    file: basename(l.file!),
    ...fileFacts(l.file!),
    positions: l.positions,
    ms: ms(),
    loaded: l.loaded,
    worker,
  };
}

if (parentPort) {
  const port = parentPort;
  // one job at a time, in the order given: a job handed over while another runs waits here; first the
  // engine's builds are compiled, and the parent told so (the worker reports ready after its slots are)
  let queue: Promise<void> = precompileCores().then(
    () => port.postMessage({ type: 'ready' }),
    (e: unknown) => {
      port.postMessage({ type: 'ready', error: errorRecord(e instanceof Error ? e : new Error(String(e))) });
    },
  );
  port.on('message', (m: { type: 'run'; id: string; data: JobData; threads: number }) => {
    queue = queue.then(() =>
      run(m.id, m.data, m.threads).then(
        (result) => port.postMessage({ type: 'done', id: m.id, result }),
        (e: unknown) =>
          port.postMessage({
            type: 'error',
            id: m.id,
            error: errorRecord(e instanceof Error ? e : new Error(String(e))),
          }),
      ),
    );
  });
}
