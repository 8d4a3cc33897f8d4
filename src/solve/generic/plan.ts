/**
 * How the generic solver holds layers in memory (its plans: every successor resident, or read in groups), and its
 * limits.
 */
import { totalmem } from 'node:os';
import { LayerPool } from '../layer-pool.js';
import type { GenericLayer, SolveEstimate } from './types.js';
import { layerName } from './files.js';

/** The largest memory the core may use (WebAssembly's 32-bit address space, less the engine's own). */
export const CORE_MEMORY_LIMIT = 3.5 * 2 ** 30;
/** Positions a core step handles before the host's event loop runs again (progress, signals). */
export const STEP_BUDGET = 1 << 16;
/** The largest single allocation the core makes (assembly/tablebase/generic.ts gsAlloc). */
export const ALLOC_LIMIT = 2 ** 30;

/** `b` bytes as whole MiB, for messages ("12 MiB"). */
export const MiB = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;

/**
 * Bytes of the level buckets allowed for a slot of the largest layer (one u32 entry: pass 1 queues a slot at most
 * once).
 */
export const QUEUE_BYTES_PER_SLOT = 4;

export const GS_ERRORS: Record<number, string> = {
  1: 'the index does not fit the solver (board over 64 points, more than 8 stack points, or too many hunter sets)',
  2: 'a successor lies in a layer that is not in memory',
  3: 'a distance beyond 16383 plies',
  4: 'the core ran out of memory',
  5: 'boards of more than 64 points are not solvable',
};

/**
 * One step of a solving plan (SolvePlan), in order: 'own' the layer's own block (attached: then
 * gsBegin), 'drop' a finished layer out of memory (its file is written: a later layer reads it back),
 * 'load' a successor read back from its file, 'exit' an exit pass over the layer reading the
 * successors `keys` (attached then; assembly/tablebase/generic.ts EXIT PASSES). After the last step
 * the final pass reads the successors attached then.
 */
export type PlanOp =
  | { op: 'own' }
  | { op: 'drop'; key: number }
  | { op: 'load'; key: number }
  | { op: 'exit'; keys: number[] };

/** How solve() holds the layers in memory. */
export interface SolvePlan {
  /** False: today's path (every successor in memory while a layer is solved, nothing read back): `ops` unused. */
  grouped: boolean;
  /** Per layer (solving order): the steps before its final pass (PlanOp). */
  ops: PlanOp[][];
  /** Per layer: its successors' groups (keys; the last one read by the final pass); [] without successors. */
  groups: number[][][];
  /** Layer files read back. */
  rereads: number;
}

/** Tests only (HuntSolver.replan): the grouped plan even where today's fits; at most `groupCap` successors a group. */
export interface PlanForce {
  grouped?: boolean;
  groupCap?: number;
}

/** The memory fields of SolveEstimate that the plan decides. */
type PlanFields = Pick<
  SolveEstimate,
  'memoryBytes' | 'valueBytes' | 'liveLayers' | 'refusal' | 'needBytes' | 'successorGroups' | 'rereads'
>;

/**
 * The solving plan for `layers` (in solving order) in a core of `limit` bytes, of which `work` (the
 * largest layer's counters and level buckets) is taken: today's path, every layer held while a later
 * layer reads it (directSuccessors, lastUses), when its values fit (the pool's regions within limit -
 * work); else the grouped plan (groupedPlan). The estimate's memory fields with it (refusal: why
 * neither fits; null when one does).
 */
export function planSolve(
  layers: readonly GenericLayer[],
  successors: Map<number, GenericLayer[]>,
  lastUse: Map<number, number>,
  work: number,
  limit: number,
  force: PlanForce = {},
): { plan: SolvePlan; fields: PlanFields } {
  // today's path: the live set in the solving order, placed by the pool as solve() places it
  const pool = new LayerPool();
  const at = new Map<number, number>();
  let live = 0,
    liveLayers = 0,
    needBytes = 0;
  layers.forEach((l, i) => {
    at.set(l.key, pool.alloc(2 * l.slots));
    liveLayers = Math.max(liveLayers, ++live);
    needBytes = Math.max(
      needBytes,
      work + 2 * l.slots + (successors.get(l.key) ?? []).reduce((a, m) => a + 2 * m.slots, 0),
    );
    for (const m of layers)
      if (lastUse.get(m.key) === i) {
        pool.release(at.get(m.key)!);
        live--;
      }
  });
  const one = (g: number) => layers.map((l) => ((successors.get(l.key) ?? []).length ? g : 0));
  // (a layer over the 1 GiB a block is refused for that: no plan helps)
  if ((pool.regionBytes + work <= limit && !force.grouped) || layers.some((l) => 2 * l.slots >= ALLOC_LIMIT)) {
    return {
      plan: {
        grouped: false,
        ops: [],
        groups: layers.map((l) => {
          const s = (successors.get(l.key) ?? []).map((m) => m.key);
          return s.length ? [s] : [];
        }),
        rereads: 0,
      },
      fields: {
        memoryBytes: pool.regionBytes + work,
        valueBytes: pool.regionBytes,
        liveLayers,
        needBytes,
        successorGroups: one(1),
        rereads: 0,
        refusal:
          pool.regionBytes + work <= limit
            ? null
            : `it needs ${MiB(pool.regionBytes + work)} in the core (${MiB(pool.regionBytes)} ` +
              `of values, up to ${liveLayers} layers at once, and ${MiB(work)} of counters and ` +
              `buckets); WebAssembly's 32-bit memory holds at most ${MiB(limit)}`,
      },
    };
  }
  const g = groupedPlan(layers, successors, lastUse, limit - work, force.groupCap ?? Infinity);
  if ('fail' in g) {
    const { layer: l, succ: m } = g.fail;
    const own = work + 2 * l.slots;
    const refusal =
      m === null
        ? `layer ${layerName(l)} alone needs ${MiB(own)} in the core (${MiB(2 * l.slots)} ` +
          `of values, ${MiB(work)} of counters and buckets); WebAssembly's 32-bit memory ` +
          `holds at most ${MiB(limit)}`
        : `layer ${layerName(l)} needs ${MiB(own)} in the core (${MiB(2 * l.slots)} of ` +
          `values, ${MiB(work)} of counters and buckets) and its successor ${layerName(m)} ` +
          `${MiB(2 * m.slots)} beside it, even one successor at a time (with every layer ` +
          `on disk and read back); WebAssembly's 32-bit memory holds at most ${MiB(limit)} ` +
          `(keeping every successor: ${MiB(pool.regionBytes + work)})`;
    return {
      plan: { grouped: true, ops: [], groups: [], rereads: 0 },
      fields: {
        memoryBytes: pool.regionBytes + work,
        valueBytes: pool.regionBytes,
        liveLayers,
        refusal,
        needBytes,
        successorGroups: one(1),
        rereads: 0,
      },
    };
  }
  const size = new Map(layers.map((l) => [l.key, 2 * l.slots]));
  needBytes = Math.max(
    ...layers.map(
      (l, i) =>
        work + 2 * l.slots + Math.max(0, ...g.plan.groups[i]!.map((grp) => grp.reduce((a, k) => a + size.get(k)!, 0))),
    ),
  );
  return {
    plan: g.plan,
    fields: {
      memoryBytes: g.regionBytes + work,
      valueBytes: g.regionBytes,
      liveLayers: g.liveLayers,
      refusal: null,
      needBytes,
      successorGroups: g.plan.groups.map((x) => x.length),
      rereads: g.plan.rereads,
    },
  };
}

/**
 * The grouped plan: values within `room` bytes of pool regions (LayerPool, simulated: solve() replays
 * the same steps on the core's pool and so takes the same regions). A layer finished stays in memory
 * while room lasts; when a block does not fit, the layer held whose next reader comes last is dropped
 * (its file is written; it is read back when a later layer reads it). A layer's successors in memory
 * join its first group, the others are read back in solving order; when one does not fit beside the
 * layer and the group so far, that group is read by an exit pass and may then be dropped. Fails (the
 * layer, and the successor that does not fit beside it alone, or null when the layer alone does not)
 * when even that is too much.
 */
function groupedPlan(
  layers: readonly GenericLayer[],
  successors: Map<number, GenericLayer[]>,
  lastUse: Map<number, number>,
  room: number,
  groupCap: number,
):
  | { plan: SolvePlan; regionBytes: number; liveLayers: number }
  | { fail: { layer: GenericLayer; succ: GenericLayer | null } } {
  const pool = new LayerPool();
  pool.setRegions(regionOf(layers), room);
  const resident = new Map<number, number>();
  const readers = new Map<number, number[]>();
  layers.forEach((l, i) => {
    for (const m of successors.get(l.key) ?? []) {
      const r = readers.get(m.key) ?? [];
      r.push(i);
      readers.set(m.key, r);
    }
  });
  const nextUse = (key: number, i: number) => (readers.get(key) ?? []).find((j) => j > i) ?? Infinity;
  const plan: SolvePlan = { grouped: true, ops: [], groups: [], rereads: 0 };
  let liveLayers = 0;
  for (const [i, l] of layers.entries()) {
    const r = planLayer(l, successors.get(l.key) ?? [], pool, resident, room, (key) => nextUse(key, i), i, groupCap);
    if ('fail' in r) return { fail: { layer: l, succ: r.fail } };
    plan.ops.push(r.ops);
    plan.groups.push(r.groups);
    plan.rereads += r.ops.filter((op) => op.op === 'load').length;
    liveLayers = Math.max(liveLayers, resident.size);
    for (const m of layers)
      if (lastUse.get(m.key) === i && resident.has(m.key)) {
        pool.release(resident.get(m.key)!);
        resident.delete(m.key);
      }
  }
  return { plan, regionBytes: pool.regionBytes, liveLayers };
}

/**
 * The least region of the grouped plan's pool (LayerPool.setRegions): the largest layer's values, so that a freed
 * region holds any layer.
 */
export function regionOf(layers: readonly GenericLayer[]): number {
  return 2 * layers.reduce((a, l) => Math.max(a, l.slots), 0);
}

/**
 * Plans solving layer `l` (not in memory) that reads `reads`, on `pool` (a simulation: its steps are
 * replayed on the core's pool) with `resident` (key -> address) the layers in memory, the pool's
 * regions within `room` bytes; `next(key)` the index of a held layer's next reader (after `index`, the
 * layer's own; Infinity for none). Updates `pool` and `resident`; returns the steps and the groups, or
 * the successor that does not fit beside the layer alone (null: the layer alone does not fit).
 */
export function planLayer(
  l: GenericLayer,
  reads: readonly GenericLayer[],
  pool: LayerPool,
  resident: Map<number, number>,
  room: number,
  next: (key: number) => number,
  index: number,
  groupCap = Infinity,
): { ops: PlanOp[]; groups: number[][] } | { fail: GenericLayer | null } {
  const ops: PlanOp[] = [],
    groups: number[][] = [];
  const pinned = new Set<number>(),
    folded = new Set<number>();
  const wanted = new Set(reads.map((m) => m.key));
  // the layer held whose next reader comes last (a successor not yet read: this layer)
  const when = (k: number) => (wanted.has(k) && !folded.has(k) ? index : next(k));
  const take = (key: number, bytes: number): boolean => {
    while (!pool.fits(bytes, room)) {
      let victim = -1,
        late = -1;
      for (const k of resident.keys()) {
        if (pinned.has(k)) continue;
        const n = when(k);
        if (n > late || (n === late && k < victim)) {
          victim = k;
          late = n;
        }
      }
      if (victim < 0) return false;
      pool.release(resident.get(victim)!);
      resident.delete(victim);
      ops.push({ op: 'drop', key: victim });
    }
    resident.set(key, pool.alloc(bytes));
    return true;
  };
  if (!take(l.key, 2 * l.slots)) return { fail: null };
  pinned.add(l.key);
  ops.push({ op: 'own' });
  let group: number[] = [];
  const order = [...reads.filter((m) => resident.has(m.key)), ...reads.filter((m) => !resident.has(m.key))];
  const close = () => {
    ops.push({ op: 'exit', keys: group });
    groups.push(group);
    for (const k of group) {
      pinned.delete(k);
      folded.add(k);
    }
    group = [];
  };
  for (const m of order) {
    if (group.length >= groupCap) close();
    if (resident.has(m.key)) {
      group.push(m.key);
      pinned.add(m.key);
      continue;
    }
    while (!take(m.key, 2 * m.slots)) {
      if (group.length === 0) return { fail: m };
      close();
    }
    ops.push({ op: 'load', key: m.key });
    group.push(m.key);
    pinned.add(m.key);
  }
  if (group.length) groups.push(group);
  return { ops, groups };
}

/**
 * Memory a thread of solve({ threads }) may take: the estimate's largest need (a layer, a group of its successors,
 * counters and buckets) and 128 MiB for the thread.
 */
export function threadBytes(est: SolveEstimate): number {
  return est.needBytes + 128 * 2 ** 20;
}

/** The most threads solve({ threads }) takes on this machine: its memory less 1 GiB over threadBytes, at least 1. */
export function maxGenericThreads(est: SolveEstimate): number {
  return Math.max(1, Math.floor((totalmem() - 2 ** 30) / threadBytes(est)));
}
