/**
 * The generic solver's solving runs (src/solve/generic.ts solve()): one layer in the core, in steps that
 * return to the event loop (exit passes first where its successors are read in groups), and the layers
 * side by side on threads (generic-threads.ts), each once the layers it reads are in the directory.
 */
import { TablebaseError } from '../format.js';
import { GS_ERRORS, STEP_BUDGET } from './plan.js';
import type { GenericLayer, LayerResult, SolveProgress } from './types.js';
import { type LayerStats, layerName } from './files.js';
import type { LayerLanes, SolverParts } from './parts.js';

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
 * solve() of the solver `s` on `threads` threads (HuntSolver.solve): hands each layer to a free thread
 * once the layers it needs are finished, the longest chain of layers still to be solved first, then
 * loads the layers as load(dir, { keep }) does. A thread's failure stops the others and is thrown.
 */
export async function solveSideBySide(
  s: SolverParts,
  dir: string,
  keep: 'all' | 'live',
  threads: number,
  opts: { onProgress?: (p: SolveProgress) => void; onLayer?: (r: LayerResult) => void },
): Promise<LayerResult[]> {
  const layers = s.estimate.layers;
  // what waits on what: a layer's readers are solved after it; its chain is its slots and its longest reader's chain
  const readers = new Map<number, GenericLayer[]>();
  for (const l of layers) for (const m of s.successors(l)) readers.set(m.key, [...(readers.get(m.key) ?? []), l]);
  const chain = new Map<number, number>();
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i]!;
    chain.set(l.key, l.slots + Math.max(0, ...(readers.get(l.key) ?? []).map((r) => chain.get(r.key)!)));
  }
  const waiting = new Map(layers.map((l) => [l.key, s.successors(l).length]));
  const ready = layers.filter((l) => waiting.get(l.key) === 0);
  const results = new Map<number, LayerResult>();
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
  const running = new Map<number, Promise<{ lane: number; r: LayerResult }>>();
  const free = Array.from({ length: lanes }, (_, i) => lanes - 1 - i);
  try {
    while (results.size < layers.length) {
      ready.sort((a, b) => chain.get(b.key)! - chain.get(a.key)! || a.key - b.key);
      while (free.length > 0 && ready.length > 0) {
        const l = ready.shift()!,
          lane = free.pop()!;
        running.set(
          l.key,
          pool.solveLayer(lane, l, dir, opts.onProgress).then((r) => ({ lane, r })),
        );
      }
      if (running.size === 0)
        throw new TablebaseError(`internal: ${layers.length - results.size} layers wait on layers never solved`);
      const { lane, r } = await Promise.race(running.values());
      const l = s.byKey.get(r.key)!;
      running.delete(l.key);
      free.push(lane);
      results.set(l.key, r);
      opts.onLayer?.(r);
      for (const x of readers.get(l.key) ?? []) {
        const n = waiting.get(x.key)! - 1;
        waiting.set(x.key, n);
        if (n === 0) ready.push(x);
      }
    }
  } catch (err) {
    // the others stop with the pool (closed below, their calls never answered); their layers are solved again by the
    // next run
    for (const p of running.values()) p.catch(() => {});
    throw err;
  } finally {
    await pool.close();
  }
  s.load(dir, { keep });
  return layers.map((l) => results.get(l.key)!);
}
