/**
 * The generic solver's solving runs (src/solve/generic.ts solve()): one layer in the core, in steps that
 * return to the event loop (exit passes first where its successors are read in groups), and the layers
 * side by side on threads (generic-threads.ts), each once the layers it reads are in the directory (scheduled by
 * the runner, ../runner.ts).
 */
import { TablebaseError } from '../format.js';
import { GS_ERRORS, STEP_BUDGET } from './plan.js';
import type { GenericLayer, LayerResult, SolveProgress } from './types.js';
import { type LayerStats, layerName } from './files.js';
import type { LayerLanes, SolverParts } from './parts.js';
import { LayerSchedule, runLayers } from '../runner.js';
import { loadLayers } from './memory.js';

/**
 * Solves layer `l` (attached, every layer it needs attached and solved) in the core of the solver `s`,
 * in steps that return to the event loop between them (progress bars draw and signals are answered
 * while it runs). `index` is its place in the estimate, for progress; `exits` the keys of the groups of
 * successors read by an exit pass each (the last group, read by the final pass, is not among them),
 * `between(k)` loading the next group after exit pass k. Resolves to its statistics; throws
 * TablebaseError when the core fails.
 */
export async function solveAttached(
  s: SolverParts,
  l: GenericLayer,
  index: number,
  onProgress?: (p: SolveProgress) => void,
  exits: readonly number[][] = [],
  between: (k: number) => void = () => {},
): Promise<LayerStats> {
  const e = s.core.exports;
  // pass 1 counts the exit passes' slots too: (passes done) x slots + slots done, of passes x slots
  let sweep = 0;
  const sweeps = exits.length + 1;
  s.core.hooks.tbProgress = (pass, done, total) =>
    onProgress?.({
      layer: index,
      layers: s.estimate.layers.length,
      pass: pass as 1 | 2,
      done: pass === 1 ? sweep * total + done : done,
      total: pass === 1 ? sweeps * total : e.gsStat(0),
      level: pass === 2 ? total : 0,
    });
  let rc: number;
  try {
    // in steps of about 2^16 positions, back to the event loop between them
    rc = e.gsBegin(l.key);
    // the exit passes: each reads one group of successors (attached), then the next group is loaded
    for (const [k, keys] of exits.entries()) {
      if (rc < 0) break;
      for (const key of s.coverHook ? s.coverHook(keys) : keys) e.gsCover(key);
      rc = e.gsExitBegin();
      while (rc >= 0 && (rc = e.gsStep(STEP_BUDGET)) === 1) await new Promise((res) => setImmediate(res));
      if (rc < 0) break;
      sweep++;
      between(k);
    }
    while (rc >= 0 && (rc = e.gsStep(STEP_BUDGET)) === 1) await new Promise((res) => setImmediate(res));
  } finally {
    s.core.hooks.tbProgress = () => {};
  }
  if (rc < 0)
    throw new TablebaseError(
      `${s.variant.id}: solving layer ${layerName(l)} failed: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`,
    );
  return {
    positions: e.gsStat(0),
    wins: e.gsStat(1),
    losses: e.gsStat(2),
    draws: e.gsStat(3),
    maxPlies: e.gsMaxDistance(),
  };
}

/**
 * solve() of the solver `s` on `threads` threads (HuntSolver.solve): the layers as a graph (each needing its
 * successors, weighed by its slots) run by the runner (../runner.ts runLayers) over the threads' lanes: a layer goes
 * to a free thread once the layers it needs are finished, the longest chain of layers still to be solved first (ties
 * by key), then the layers are loaded as load(dir, { keep }) does. A thread's failure stops the others and is thrown.
 */
export async function solveSideBySide(
  s: SolverParts,
  dir: string,
  keep: 'all' | 'live',
  threads: number,
  opts: { onProgress?: (p: SolveProgress) => void; onLayer?: (r: LayerResult) => void },
): Promise<LayerResult[]> {
  const layers = s.estimate.layers;
  // what waits on what: a layer needs its successors; its chain is its slots and its longest reader's chain
  const graph = new LayerSchedule(
    [...layers]
      .sort((a, b) => a.key - b.key)
      .map((l) => ({ layer: l, name: layerName(l), needs: s.successors(l).map(layerName), weight: l.slots })),
  );
  const lanes = Math.min(threads, layers.length);
  let pool: LayerLanes | null = s.laneHook;
  if (pool === null) {
    const { GenericThreads } = await import('../generic-threads.js');
    pool = await GenericThreads.start(
      s.variant.id,
      s.options as Record<string, string | number>,
      s.estimate.handsEmptyOnly,
      lanes,
    );
  }
  const lanePool = pool;
  let results: Map<string, LayerResult>;
  try {
    // the others stop with the pool on a failure (closed below, their calls never answered); their layers are solved
    // again by the next run
    results = await runLayers(
      graph,
      { capacity: lanes, run: ({ layer }, lane) => lanePool.solveLayer(lane, layer, dir, opts.onProgress) },
      (_, r) => opts.onLayer?.(r),
    );
  } finally {
    await pool.close();
  }
  loadLayers(s, dir, { keep }); // not s.load(): that refuses a call while solve() runs
  return layers.map((l) => results.get(layerName(l))!);
}
