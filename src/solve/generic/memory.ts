/**
 * The generic solver's layers in the core's memory and on disk (src/solve/generic.ts): blocks of the
 * pool given to and taken from layers, the steps of a solving plan, layers read back from their files
 * (load(), focus(), a layer held with its successors alone), and the counts of a layer in memory.
 */
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from '../../contract/errors.js';
import { TablebaseError, fileReadable } from '../format.js';
import { CORE_MEMORY_LIMIT, GS_ERRORS, MiB, type PlanOp, QUEUE_BYTES_PER_SLOT, planLayer, regionOf } from './plan.js';
import type { GenericLayer, SolvedLayerInfo, ValueCounts } from './types.js';
import { basename } from 'node:path';
import { suggestCommand } from '../../contract/args.js';
import {
  layerName,
  optionWords,
  presentOptions,
  readGenericFile,
  readGenericHeader,
  unexpectedLayerNames,
} from './files.js';
import type { SolverParts } from './parts.js';

/** Positions and values per side to move of a layer in memory (from its value codes; side 0's half first). */
export function sideCounts(s: SolverParts, l: GenericLayer): [ValueCounts, ValueCounts] {
  const e = s.core.exports;
  const per = l.slots / 2;
  const vals = new Uint16Array(e.memory.buffer, e.gsValues(l.key) >>> 0, l.slots);
  const half = (from: number): ValueCounts => {
    let positions = 0,
      wins = 0,
      draws = 0;
    for (let i = from; i < from + per; i++) {
      const c = vals[i]!;
      if (c === 0xffff) continue;
      positions++;
      if (c === 0) draws++;
      else wins += c & 1;
    }
    return { positions, wins, losses: positions - wins - draws, draws };
  };
  return [half(0), half(per)];
}

/**
 * Gives layer `l` a block of the pool (unless it has values already); its address. Throws TablebaseError when the
 * core's memory runs out.
 */
export function attachLayer(s: SolverParts, l: GenericLayer): number {
  const e = s.core.exports;
  let ptr = e.gsValues(l.key);
  if (ptr === 0) {
    ptr = s.pool.alloc(2 * l.slots);
    if (ptr === 0)
      throw new TablebaseError(
        `${s.variant.id}: ${GS_ERRORS[4]} (layer ${layerName(l)}, ${l.slots} slots; ` +
          `${MiB(s.pool.liveBytes)} of layers in memory)`,
      );
    e.gsAttach(l.key, ptr);
    s.held.set(l.key, ptr);
  }
  return ptr >>> 0;
}

/**
 * Does one step of a solving plan (PlanOp) for layer `l`: its own block, a finished layer dropped
 * from memory, or a successor read back from its file in `dir`. Throws TablebaseError for a missing,
 * corrupt or foreign file, or a core out of memory.
 */
export function applyPlanOp(s: SolverParts, op: PlanOp, l: GenericLayer, dir: string | undefined): void {
  if (op.op === 'own') attachLayer(s, l);
  else if (op.op === 'drop') s.detach(s.byKey.get(op.key)!);
  else if (op.op === 'load') {
    const m = s.byKey.get(op.key)!;
    const file = s.fileOf(dir!, m);
    if (!fileReadable(file, 'solver layer file'))
      throw new TablebaseError(`${file}: missing; layer ${layerName(l)} reads layer ${layerName(m)} back from it`);
    const ptr = attachLayer(s, m);
    try {
      readGenericFile(file, s.expectedHeader(m), new Uint8Array(s.core.exports.memory.buffer, ptr, 2 * m.slots));
    } catch (err) {
      s.detach(m);
      throw err;
    }
  }
}

/** Takes layer `l`'s values out of the core (it forgets them first) and gives their block back to the pool. */
export function detachLayer(s: SolverParts, l: GenericLayer): void {
  const ptr = s.held.get(l.key);
  if (ptr === undefined) return;
  s.core.exports.gsAttach(l.key, 0);
  s.held.delete(l.key);
  s.pool.release(ptr);
}

/**
 * Makes `keep` the layers in memory: frees every other layer the pool holds, then loads each of
 * `keep` not in memory from its file in `dir`. Throws TablebaseError for a missing, corrupt or foreign file.
 */
export function holdOnly(s: SolverParts, keep: readonly GenericLayer[], dir: string): void {
  const e = s.core.exports;
  const wanted = new Set(keep.map((l) => l.key));
  for (const l of s.estimate.layers) if (!wanted.has(l.key)) s.detach(l);
  for (const l of keep) {
    if (e.gsValues(l.key) !== 0) continue;
    const file = s.fileOf(dir, l);
    if (!fileReadable(file, 'solver layer file')) continue;
    const ptr = attachLayer(s, l);
    try {
      readGenericFile(file, s.expectedHeader(l), new Uint8Array(e.memory.buffer, ptr, 2 * l.slots));
    } catch (err) {
      s.detach(l);
      throw err;
    }
  }
}

/**
 * How layer `l` is read with its direct successors when nothing else is held (solveLayer, verify): with
 * every successor beside it when they fit (the core's limit less the largest layer's work space, as the
 * estimate counts), loaded from `dir` (null: no plan needed); else the solve's grouped plan for it
 * (planLayer, simulated on the pool with nothing held; its steps, the first its own block, are for the
 * caller to do), each group but the last read by an exit pass. Throws TablebaseError, starting with
 * `what`, when even that does not fit.
 */
export function planAlone(s: SolverParts, l: GenericLayer, dir: string, what: string): PlanOp[] | null {
  const reads = s.successors(l);
  const biggest = s.estimate.layers.reduce((a, x) => Math.max(a, x.slots), 0);
  const room = s.coreLimit - (2 + QUEUE_BYTES_PER_SLOT) * biggest;
  const together = 2 * (l.slots + reads.reduce((a, m) => a + m.slots, 0)) <= room && reads.length <= s.groupCap;
  holdOnly(s, together ? [l, ...reads] : [], dir);
  if (together) return null;
  s.pool.setRegions(regionOf(s.estimate.layers), room);
  const r = planLayer(l, reads, s.pool.clone(), new Map(), room, () => Infinity, 0, s.groupCap);
  if ('fail' in r)
    throw new TablebaseError(
      `${what}: layer ${layerName(l)} and ` +
        `${r.fail === null ? 'its counters and buckets' : `its successor ${layerName(r.fail)}`} ` +
        `do not fit the core together (${MiB(s.coreLimit)})`,
    );
  return r.ops;
}

/**
 * Bytes of checked layer values load() keeps in the host between checking the files and copying them into
 * the core; the layers past it are read twice (checked, then loaded).
 */
const STAGE_BYTES = 256 * 2 ** 20;

/**
 * HuntSolver.load (see there): the layers solved into `dir`, read into memory ('all') or by header ('live').
 * Every file is checked before the core changes (each header; each body for 'all', the bodies focus()
 * loads first for 'live'), so that a missing, corrupt or foreign file leaves the layers loaded before as
 * they were (with no layer held, the bodies are checked as they are copied, and a failure frees them). Only a file
 * changed between its check and its copy, or a core out of memory, fails the swap itself: no layers are left then
 * (`intact` false) and the TablebaseError says so.
 */
export function loadLayers(s: SolverParts, dir: string, opts: { keep?: 'all' | 'live' }): SolvedLayerInfo[] {
  const e = s.core.exports;
  const est = s.estimate;
  if (est.refusal !== null)
    throw new TablebaseError(`${s.variant.id} has no solved tables: it does not fit the solver (${est.refusal})`);
  if (typeof dir !== 'string')
    throw new ArgumentError(`a tablebase directory must be a string, got ${describeValue(dir)}`);
  if (dir.trim() === '') throw new ArgumentError('a tablebase directory must not be an empty string');
  if (!isOptionsObject(opts)) throw new ArgumentError(`load options must be an object, got ${describeValue(opts)}`);
  checkKeys(opts, ['keep'], 'load options');
  const keep = opts.keep ?? (est.loadBytes <= CORE_MEMORY_LIMIT ? 'all' : 'live');
  if (keep !== 'all' && keep !== 'live')
    throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
  if (keep === 'all' && est.loadBytes > CORE_MEMORY_LIMIT) {
    throw new TablebaseError(
      `${s.variant.id}: its ${est.layers.length} layers need ${MiB(est.loadBytes)} in ` +
        `the core together (${est.slots} slots, 2 bytes each, plus ` +
        `${MiB(est.loadBytes - 2 * est.slots)} of work space); WebAssembly's 32-bit ` +
        `memory holds at most ${MiB(CORE_MEMORY_LIMIT)}: load them with keep 'live' (the ` +
        `layers the current position needs, loaded as it moves on)`,
    );
  }
  // 1. check, changing nothing: every header, then the bodies that are loaded now
  const heads = est.layers.map((l) => {
    const file = s.fileOf(dir, l);
    if (!fileReadable(file, 'solver layer file')) {
      const expected = new Set(est.layers.map((m) => basename(s.fileOf(dir, m))));
      const odd = unexpectedLayerNames(dir, s.variant.id, expected, s.options);
      const solve = suggestCommand(['solve', s.variant.id, '--dir', dir, ...optionWords(s.options)]);
      const misnamed = odd.length
        ? `; ${dir} also holds ${odd.length} file${odd.length === 1 ? '' : 's'} named like a layer of ` +
          `${s.variant.id} but by none of these tables' names: ${odd.slice(0, 5).join(', ')}` +
          `${odd.length > 5 ? ', ...' : ''} (misnamed?)`
        : '';
      throw new TablebaseError(
        `${file}: missing (solve with ${solve}; ${presentOptions(dir, s.variant.id)}${misnamed})`,
      );
    }
    return { ...l, ...readGenericHeader(file, s.expectedHeader(l)), file };
  });
  const current = s.byKey.get(e.gsCurrentLayer());
  // with no layer held there is nothing to keep: the bodies are checked as they are copied, read once
  const fresh = s.held.size === 0;
  const now =
    keep === 'all' ? (fresh ? [] : est.layers) : current === undefined ? [] : [current, ...s.successors(current)];
  const staged = new Map<number, Uint8Array>();
  const stats = new Map<number, ReturnType<typeof readGenericFile>>();
  let stagedBytes = 0;
  let scratch = new Uint8Array(0);
  for (const l of now) {
    const bytes = 2 * l.slots;
    let into: Uint8Array;
    if (stagedBytes + bytes <= STAGE_BYTES) {
      into = new Uint8Array(bytes);
      staged.set(l.key, into);
      stagedBytes += bytes;
    } else {
      if (scratch.length < bytes) scratch = new Uint8Array(bytes);
      into = scratch.subarray(0, bytes);
    }
    stats.set(l.key, readGenericFile(s.fileOf(dir, l), s.expectedHeader(l), into));
  }
  // 2. swap: the layers held before make room for these
  const dirBefore = s.dir;
  try {
    for (const l of est.layers) s.detach(l);
    let infos: SolvedLayerInfo[] = heads;
    if (keep === 'all') {
      infos = est.layers.map((l, i) => {
        const ptr = attachLayer(s, l);
        const into = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
        const body = staged.get(l.key);
        if (body !== undefined) into.set(body);
        else stats.set(l.key, readGenericFile(heads[i]!.file, s.expectedHeader(l), into));
        return { ...l, ...stats.get(l.key)!, sides: sideCounts(s, l), file: heads[i]!.file };
      });
    }
    s.dir = dir;
    if (keep === 'live') {
      // regions of at least the largest layer: a block focus() frees holds any layer it loads later
      s.pool.setRegions(2 * est.layers.reduce((a, l) => Math.max(a, l.slots), 0), s.focusRoom);
      s.focus();
    }
    s.intact = true;
    return infos;
  } catch (err) {
    for (const l of est.layers) s.detach(l);
    if (fresh) {
      // nothing was held: the solver is as it was
      s.dir = dirBefore;
      throw err;
    }
    s.dir = null;
    s.intact = false;
    throw new TablebaseError(
      `${(err as Error).message} (while loading ${dir} in place of the layers loaded before, ` +
        'which are unloaded now: load a directory again)',
    );
  }
}

/**
 * HuntSolver.focus (see there): loads the layer of the core's current position and those one move
 * from it that are not in memory, freeing the layers wanted least recently for room; true when a layer
 * was loaded.
 */
export function focusLayers(s: SolverParts): boolean {
  const e = s.core.exports;
  const l = s.byKey.get(e.gsCurrentLayer());
  if (l === undefined || s.dir === null) return false;
  const want = [l, ...s.successors(l)];
  const wanted = new Set(want.map((m) => m.key));
  const room = s.focusRoom;
  // the least recently wanted first (the pool's map keeps that order)
  const evict = (): boolean => {
    for (const k of s.held.keys())
      if (!wanted.has(k)) {
        s.detach(s.byKey.get(k)!);
        return true;
      }
    return false;
  };
  let loaded = false;
  for (const m of want) {
    const ptr = s.held.get(m.key);
    if (ptr !== undefined) {
      s.held.delete(m.key);
      s.held.set(m.key, ptr);
      continue;
    }
    if (e.gsValues(m.key) !== 0) continue;
    const file = s.fileOf(s.dir, m);
    if (!fileReadable(file, 'solver layer file')) continue;
    while (s.pool.liveBytes + 2 * m.slots > room && evict());
    if (s.pool.liveBytes + 2 * m.slots > room) continue;
    let at = s.pool.alloc(2 * m.slots);
    while (at === 0 && evict()) at = s.pool.alloc(2 * m.slots);
    if (at === 0) continue;
    e.gsAttach(m.key, at);
    s.held.set(m.key, at);
    try {
      readGenericFile(file, s.expectedHeader(m), new Uint8Array(e.memory.buffer, at >>> 0, 2 * m.slots));
    } catch (err) {
      s.detach(m);
      throw err;
    }
    loaded = true;
  }
  return loaded;
}
