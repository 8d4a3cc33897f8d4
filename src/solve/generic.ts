/**
 * The generic solver's host side (issue 20; DESIGN.md "Tablebases and solving"): any hunt-family game of
 * at most 64 points, solved backwards layer by layer in the core (assembly/tablebase/generic.ts, which
 * documents the index, the values and the algorithm), one file per layer, resumable, probed by position.
 * No variant id decides anything here: the declaration's board, RuleSet and start give the symmetries the
 * rules allow, the stack points, each side's total and hand, and the capture thresholds.
 *
 * Layers: captured and in hand per side, and the stack vector (the excess on each stack point) up to the
 * symmetries: no stack changes inside a layer, so each symmetry class of vectors is a layer of its own
 * (StackClass; Double Tiger's 4 stack points give 55 classes over its 13 totals). A layer keeps the
 * name, file and header it had when layers were by total excess where its class is the only one of its
 * total (every game with at most one stack point); otherwise the vector tells it from the others
 * (GenericLayer.split: fileOf, the header's stack class, layerAt, the distributed jobs).
 *
 * Memory: solving a layer reads only its direct successors (directSuccessors); solve() can hold just the
 * live layers (the one being solved and those a later layer still reads), handing freed blocks to later
 * layers through a LayerPool (layer-pool.ts), and the estimate reports that peak (SolveEstimate). When
 * even that does not fit, the estimate plans a grouped solve (planSolve, groupedPlan: PlanOp steps that
 * solve() replays on the core's pool, so it takes what the estimate says): finished layers are dropped
 * from memory when room runs out and read back from their files in `dir` when a later layer reads them,
 * and a layer whose successors do not fit beside it reads them in groups, an exit pass each but the last
 * (the core's EXIT PASSES: gsCover, gsExitBegin); the files are the same byte for byte. The peak is then
 * one layer's own need and its largest group; a solve is refused only when a layer and one successor do
 * not fit together.
 *
 * Repetition: a cycle is a draw (RULES.md §0, draw3). Under `repetition=none` the tables are the same
 * (what no side can force stays unresolved: endless play); `repetition=forbid` makes a position's value
 * depend on the path to it, which no position table can hold, so it is refused.
 */
import { join } from 'node:path';
import { totalmem } from 'node:os';
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { DIR_NAMES, boardSymmetries, type Board } from '../board/index.js';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../variants/index.js';
import { loadSetupIntoCore, loadVariantCore, notationContext } from '../lattice/core/setup.js';
import { parsePositionText, type NotationContext, type Setup } from '../lattice/position-text.js';
import type { RuleSet } from '../rules/index.js';
import type { Core } from '../lattice/core/wasm.js';
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from '../contract/errors.js';
import { TablebaseError, ensureWritableDir, fileReadable, jobTempName, lockDir, removeStaleTemp, writeAtomic } from './format.js';
import { LayerPool } from './layer-pool.js';


/**
 * A symmetry class of stack vectors (the core's gsClasses): its index (a layer key's last coordinate),
 * its total excess, its members (each a vector in the order of the stack points; the least first) and
 * their codes (the core's: sum of excess_i * weight_i, ascending), and whether other classes share its total.
 */
export interface StackClass { index: number; sum: number; members: number[][]; codes: number[]; split: boolean }

/**
 * Which layers a solver covers (HuntSolver.create's third argument).
 *
 * `handsEmptyOnly`: only the layers where both hands are empty (no piece left to place: Bagh Chal's
 * movement phase, whose placement layers are far too big for this solver). Hands never grow in the hunt
 * family (a captured piece leaves the game), so every move from such a layer leads to another such
 * layer or ends the game: these layers are solved exactly as in a whole solve, and write the same files
 * (a later whole solve in the same directory loads them). Positions with a piece in hand are then
 * outside the solver: probe() answers null for them. A game whose hands start empty has nothing else.
 */
export interface SolverScope {
  /** Default false: every layer. */
  handsEmptyOnly?: boolean;
}

/** The size of a solve, from the index alone (no position is visited). */
export interface SolveEstimate {
  variant: string;
  options: OptionValues;
  /** Only the layers with both hands empty (SolverScope). */
  handsEmptyOnly: boolean;
  /** Board symmetries the rules allow (1 = none). */
  symmetries: number;
  /** The stack points (the start's stacks, by point index): the order of a layer's `stacks`. */
  stackPoints: string[];
  /** In solving order (the layers moves lead to first); under `handsEmptyOnly` those with both hands empty. */
  layers: GenericLayer[];
  /** Slots of every layer (of `layers`). */
  slots: number;
  /** Bytes of the layer files (2 a slot, plus headers). */
  diskBytes: number;
  /**
   * Peak memory of the core while solving (bytes): the values (2 bytes a slot) of the layers live at
   * once, the layer being solved and those one move from it that a later layer still needs (on the
   * grouped plan: those the plan holds, successorGroups, rereads), as the layer pool (layer-pool.ts)
   * places them in the solving order, blocks it cannot reuse included; plus the successor counters of
   * the largest layer (2 bytes a slot) and an allowance for the level buckets of one entry (4 bytes) a
   * slot of the largest layer.
   */
  memoryBytes: number;
  /** Of memoryBytes: the address space the pool takes for values (the sum of its regions). */
  valueBytes: number;
  /** The most layers in memory at once while solving, and the layer being solved when the values peak. */
  liveLayers: number;
  /**
   * Every layer's values at once plus the largest layer's counters and buckets (bytes): what load()
   * (a Game's tables, probed by its search) needs, and what solve() keeps by default when it fits.
   */
  loadBytes: number;
  /**
   * The most memory one layer needs at once (bytes): the largest layer's counters and buckets (as in
   * memoryBytes), the layer's values and the largest group of its successors read together (all of
   * them on today's path), the most over the layers. memoryBytes (the address space taken) is at least this.
   */
  needBytes: number;
  /**
   * Per layer (in solving order): the groups its successors are read in (0: none, 1: all at once; more
   * when they do not fit beside it: exit passes, assembly/tablebase/generic.ts EXIT PASSES).
   */
  successorGroups: number[];
  /**
   * Layer files read back while solving (0 when every layer stays in memory while a later layer reads
   * it). Above 0 the solve needs a directory: the layers dropped from memory are read back from it.
   */
  rereads: number;
  /** Why the solve cannot run here, or null. */
  refusal: string | null;
}

/** A position's value for the side to move: win or loss in `plies` (the winner hurries), or a draw. */
export interface SolvedValue { result: 'win' | 'loss' | 'draw'; plies: number }

export type { GenericLayer, SolvedLayerInfo, ValueCounts } from '../lattice/tables.js';
import type { GenericLayer, SolvedLayerInfo, ValueCounts } from '../lattice/tables.js';

/** A layer solve() finished: solved (ms) or loaded from its file. */
export interface LayerResult extends SolvedLayerInfo {
  sides: [ValueCounts, ValueCounts];
  ms: number;
  loaded: boolean;
}

/**
 * Progress of a layer: pass 1 counts successors (done of total slots); pass 2 resolves wins and losses
 * level by level (done of total: the layer's positions, counted by pass 1; the draws among them are
 * never resolved, so pass 2 ends below total by the layer's draws; level: the distance in plies).
 */
export interface SolveProgress { layer: number; layers: number; pass: 1 | 2; done: number; total: number; level: number }

/** The largest memory the core may use (WebAssembly's 32-bit address space, less the engine's own). */
const CORE_MEMORY_LIMIT = 3.5 * 2 ** 30;
/** Positions a core step handles before the host's event loop runs again (progress, signals). */
const STEP_BUDGET = 1 << 16;
/** The largest single allocation the core makes (assembly/tablebase/generic.ts gsAlloc). */
const ALLOC_LIMIT = 2 ** 30;

/** `b` bytes as whole MiB, for messages ("12 MiB"). */
const MiB = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;

/** Bytes of the level buckets allowed for a slot of the largest layer (one u32 entry: pass 1 queues a slot at most once). */
const QUEUE_BYTES_PER_SLOT = 4;

const GS_ERRORS: Record<number, string> = {
  1: 'the index does not fit the solver (board over 64 points, more than 8 stack points, or too many hunter sets)',
  2: 'a successor lies in a layer that is not in memory',
  3: 'a distance beyond 16383 plies',
  4: 'the core ran out of memory',
  5: 'boards of more than 64 points are not solvable',
};

/** The symmetries of the board that the rules allow: each side's step directions and, where a rule reads ranks, the ranks. */
export function allowedSymmetries(board: Board, rules: RuleSet): number[][] {
  if (rules.family !== 'hunt') return [board.points.map((_, i) => i)];
  const rankMatters = rules.escape !== null || rules.stall !== null;
  const N = board.points.length;
  return boardSymmetries(board).filter((perm) => {
    if (rankMatters && board.points.some((p, i) => board.points[perm[i]!]!.y !== p.y)) return false;
    for (const side of rules.sides) {
      const dirs = side.steps.map((d) => DIR_NAMES.indexOf(d));
      const allowed = (p: number, q: number) => dirs.some((d) => board.neighbours[p * 8 + d] === q);
      for (let p = 0; p < N; p++) for (const d of dirs) {
        const q = board.neighbours[p * 8 + d]!;
        if (q >= 0 && !allowed(perm[p]!, perm[q]!)) return false;
      }
    }
    return true;
  });
}

/**
 * Each layer's DIRECT successors among `layers`: the layers one move can lead to (key -> layers).
 * `classes`: the stack vectors' symmetry classes (StackClass; one class of the empty vector without
 * stacks), each layer's `stacks` a member of one. The rule, from the RuleSet (RULES.md §0-§3) and the
 * hunt family's move generator (assembly/movegen/hunt.ts): a side with a piece in hand must place it
 * (RULES.md §0 Placement; the generator lists nothing else then), which takes one from that side's
 * hand, captures nothing and keeps every stack (a piece is placed onto an empty point); a side with an
 * empty hand steps or captures: a jump takes 1 piece of the other side ('jump') or up to all of them
 * ('multi-jump'), a step under 'intervention' takes 0 or an even number, up to 8 (two a line, at most
 * four lines through a point); the stacks lose at most one piece for the piece that leaves a stack plus
 * one a captured piece (a jump over a stack takes one piece of it), from any stacks: from each member v
 * of the layer's class, a vector w <= v (point by point) with at most that many fewer, in w's class (a
 * move that touches no stack keeps the class). Only layers that exist are kept: a capture past a
 * side's target ends the game, no layer. It may list a layer no position reaches (memory, never a
 * value); it misses none, and if it did, the core would stop on a successor whose layer is not in
 * memory (gsError 2), never use a wrong value.
 */
export function directSuccessors(layers: readonly GenericLayer[], rules: RuleSet, stackSide: number, classes: readonly StackClass[]): Map<number, GenericLayer[]> {
  const below = classesBelow(classes);
  const classOf = classIndex(classes);
  const at = new Map(layers.map((l) => [[...l.captured, ...l.hand, classOf(l.stacks)].join(), l]));
  const out = new Map<number, GenericLayer[]>();
  for (const l of layers) {
    const found = new Set<GenericLayer>();
    const cls = classOf(l.stacks);
    const add = (c: number[], h: number[], k: number) => { const m = at.get([...c, ...h, k].join()); if (m && m !== l) found.add(m); };
    for (const s of [0, 1] as const) {
      const side = rules.sides[s];
      // a side with a piece in hand must place it (RULES.md §0 Placement): its only moves
      if (l.hand[s] > 0) {
        if (side.places) add(l.captured, l.hand.map((h, i) => (i === s ? h - 1 : h)), cls);
        continue;
      }
      const most = side.capture === 'none' ? 0 : side.capture === 'jump' ? 1 : side.capture === 'intervention' ? 8 : 64;
      for (let j = 0; j <= most; j++) {
        if (side.capture === 'intervention' && j % 2 === 1) continue;
        const c = l.captured.map((x, i) => (i === 1 - s ? x + j : x));
        const drop = stackSide < 0 ? 0 : j + (stackSide === s ? 1 : 0);
        for (const k of below(cls, drop)) add(c, l.hand, k);
      }
    }
    out.set(l.key, layers.filter((m) => found.has(m)));
  }
  return out;
}

/** A function giving the index of the class (among `classes`) that holds a vector; throws RangeError for a vector of none. */
function classIndex(classes: readonly StackClass[]): (v: readonly number[]) => number {
  const by = new Map<string, number>();
  for (const c of classes) for (const v of c.members) by.set(v.join(), c.index);
  return (v) => {
    const k = by.get(v.join());
    if (k === undefined) throw new RangeError(`no stack vector class holds ${v.join('.')}`);
    return k;
  };
}

/**
 * A function giving the classes (indexes, ascending) of the vectors w <= v (point by point) with
 * sum(v) - sum(w) <= `drop` for some member v of class `cls`: where taking at most `drop` pieces off
 * the stacks leads (`cls` itself included; drop Infinity: everywhere they can ever lead). Memoized.
 */
function classesBelow(classes: readonly StackClass[]): (cls: number, drop: number) => number[] {
  const classOf = classIndex(classes);
  const memo = new Map<string, number[]>();
  return (cls, drop) => {
    const key = `${cls}/${drop}`;
    let r = memo.get(key);
    if (r !== undefined) return r;
    const found = new Set<number>();
    const walk = (v: readonly number[], w: number[], i: number, left: number) => {
      if (i === v.length) { found.add(classOf(w)); return; }
      for (let x = v[i]!; x >= 0 && v[i]! - x <= left; x--) { w[i] = x; walk(v, w, i + 1, left - (v[i]! - x)); }
    };
    for (const v of classes[cls]!.members) walk(v, new Array<number>(v.length).fill(0), 0, drop);
    r = [...found].sort((a, b) => a - b);
    memo.set(key, r);
    return r;
  };
}

/**
 * For each layer (key), the index in `order` of the last layer that needs it (its own index when none
 * does): solve() frees it after that layer. Throws TablebaseError when `order` solves a layer before
 * one of its successors (never for the estimate's order: progress only grows along a move).
 */
function lastUses(order: readonly GenericLayer[], successors: Map<number, GenericLayer[]>): Map<number, number> {
  const index = new Map(order.map((l, i) => [l.key, i]));
  const last = new Map(order.map((l, i) => [l.key, i]));
  order.forEach((l, i) => {
    for (const m of successors.get(l.key) ?? []) {
      if (index.get(m.key)! >= i) throw new TablebaseError(`solver order: layer ${layerName(l)} comes before its successor ${layerName(m)}`);
      last.set(m.key, Math.max(last.get(m.key)!, i));
    }
  });
  return last;
}

/**
 * One step of a solving plan (SolvePlan), in order: 'own' the layer's own block (attached: then
 * gsBegin), 'drop' a finished layer out of memory (its file is written: a later layer reads it back),
 * 'load' a successor read back from its file, 'exit' an exit pass over the layer reading the
 * successors `keys` (attached then; assembly/tablebase/generic.ts EXIT PASSES). After the last step
 * the final pass reads the successors attached then.
 */
export type PlanOp = { op: 'own' } | { op: 'drop'; key: number } | { op: 'load'; key: number } | { op: 'exit'; keys: number[] };

/** How solve() holds the layers in memory. */
interface SolvePlan {
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
interface PlanForce { grouped?: boolean; groupCap?: number }

/** The memory fields of SolveEstimate that the plan decides. */
type PlanFields = Pick<SolveEstimate, 'memoryBytes' | 'valueBytes' | 'liveLayers' | 'refusal' | 'needBytes' | 'successorGroups' | 'rereads'>;

/**
 * The solving plan for `layers` (in solving order) in a core of `limit` bytes, of which `work` (the
 * largest layer's counters and level buckets) is taken: today's path, every layer held while a later
 * layer reads it (directSuccessors, lastUses), when its values fit (the pool's regions within limit -
 * work); else the grouped plan (groupedPlan). The estimate's memory fields with it (refusal: why
 * neither fits; null when one does).
 */
function planSolve(layers: readonly GenericLayer[], successors: Map<number, GenericLayer[]>, lastUse: Map<number, number>, work: number, limit: number, force: PlanForce = {}): { plan: SolvePlan; fields: PlanFields } {
  // today's path: the live set in the solving order, placed by the pool as solve() places it
  const pool = new LayerPool();
  const at = new Map<number, number>();
  let live = 0, liveLayers = 0, needBytes = 0;
  layers.forEach((l, i) => {
    at.set(l.key, pool.alloc(2 * l.slots));
    liveLayers = Math.max(liveLayers, ++live);
    needBytes = Math.max(needBytes, work + 2 * l.slots + (successors.get(l.key) ?? []).reduce((a, m) => a + 2 * m.slots, 0));
    for (const m of layers) if (lastUse.get(m.key) === i) { pool.release(at.get(m.key)!); live--; }
  });
  const one = (g: number) => layers.map((l) => ((successors.get(l.key) ?? []).length ? g : 0));
  // (a layer over the 1 GiB a block is refused for that: no plan helps)
  if ((pool.regionBytes + work <= limit && !force.grouped) || layers.some((l) => 2 * l.slots >= ALLOC_LIMIT)) {
    return {
      plan: { grouped: false, ops: [], groups: layers.map((l) => { const s = (successors.get(l.key) ?? []).map((m) => m.key); return s.length ? [s] : []; }), rereads: 0 },
      fields: { memoryBytes: pool.regionBytes + work, valueBytes: pool.regionBytes, liveLayers, needBytes, successorGroups: one(1), rereads: 0,
        refusal: pool.regionBytes + work <= limit ? null : `it needs ${MiB(pool.regionBytes + work)} in the core (${MiB(pool.regionBytes)} of values, up to ${liveLayers} layers at once, and ${MiB(work)} of counters and buckets); WebAssembly's 32-bit memory holds at most ${MiB(limit)}` },
    };
  }
  const g = groupedPlan(layers, successors, lastUse, limit - work, force.groupCap ?? Infinity);
  if ('fail' in g) {
    const { layer: l, succ: m } = g.fail;
    const own = work + 2 * l.slots;
    const refusal = m === null
      ? `layer ${layerName(l)} alone needs ${MiB(own)} in the core (${MiB(2 * l.slots)} of values, ${MiB(work)} of counters and buckets); WebAssembly's 32-bit memory holds at most ${MiB(limit)}`
      : `layer ${layerName(l)} needs ${MiB(own)} in the core (${MiB(2 * l.slots)} of values, ${MiB(work)} of counters and buckets) and its successor ${layerName(m)} ${MiB(2 * m.slots)} beside it, even one successor at a time (with every layer on disk and read back); WebAssembly's 32-bit memory holds at most ${MiB(limit)} (keeping every successor: ${MiB(pool.regionBytes + work)})`;
    return { plan: { grouped: true, ops: [], groups: [], rereads: 0 }, fields: { memoryBytes: pool.regionBytes + work, valueBytes: pool.regionBytes, liveLayers, refusal, needBytes, successorGroups: one(1), rereads: 0 } };
  }
  const size = new Map(layers.map((l) => [l.key, 2 * l.slots]));
  needBytes = Math.max(...layers.map((l, i) => work + 2 * l.slots + Math.max(0, ...g.plan.groups[i]!.map((grp) => grp.reduce((a, k) => a + size.get(k)!, 0)))));
  return {
    plan: g.plan,
    fields: { memoryBytes: g.regionBytes + work, valueBytes: g.regionBytes, liveLayers: g.liveLayers, refusal: null, needBytes, successorGroups: g.plan.groups.map((x) => x.length), rereads: g.plan.rereads },
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
function groupedPlan(layers: readonly GenericLayer[], successors: Map<number, GenericLayer[]>, lastUse: Map<number, number>, room: number, groupCap: number):
  { plan: SolvePlan; regionBytes: number; liveLayers: number } | { fail: { layer: GenericLayer; succ: GenericLayer | null } } {
  const pool = new LayerPool();
  pool.setRegions(regionOf(layers), room);
  const resident = new Map<number, number>();
  const readers = new Map<number, number[]>();
  layers.forEach((l, i) => { for (const m of successors.get(l.key) ?? []) { const r = readers.get(m.key) ?? []; r.push(i); readers.set(m.key, r); } });
  const nextUse = (key: number, i: number) => (readers.get(key) ?? []).find((j) => j > i) ?? Infinity;
  const plan: SolvePlan = { grouped: true, ops: [], groups: [], rereads: 0 };
  let liveLayers = 0;
  for (const [i, l] of layers.entries()) {
    const r = planLayer(l, successors.get(l.key) ?? [], pool, resident, room, (key) => nextUse(key, i), i, groupCap);
    if ('fail' in r) return { fail: { layer: l, succ: r.fail } };
    plan.ops.push(r.ops); plan.groups.push(r.groups);
    plan.rereads += r.ops.filter((op) => op.op === 'load').length;
    liveLayers = Math.max(liveLayers, resident.size);
    for (const m of layers) if (lastUse.get(m.key) === i && resident.has(m.key)) { pool.release(resident.get(m.key)!); resident.delete(m.key); }
  }
  return { plan, regionBytes: pool.regionBytes, liveLayers };
}

/** The least region of the grouped plan's pool (LayerPool.setRegions): the largest layer's values, so that a freed region holds any layer. */
function regionOf(layers: readonly GenericLayer[]): number {
  return 2 * layers.reduce((a, l) => Math.max(a, l.slots), 0);
}

/**
 * Plans solving layer `l` (not in memory) that reads `reads`, on `pool` (a simulation: its steps are
 * replayed on the core's pool) with `resident` (key -> address) the layers in memory, the pool's
 * regions within `room` bytes; `next(key)` the index of a held layer's next reader (after `index`, the
 * layer's own; Infinity for none). Updates `pool` and `resident`; returns the steps and the groups, or
 * the successor that does not fit beside the layer alone (null: the layer alone does not fit).
 */
function planLayer(l: GenericLayer, reads: readonly GenericLayer[], pool: LayerPool, resident: Map<number, number>, room: number, next: (key: number) => number, index: number, groupCap = Infinity):
  { ops: PlanOp[]; groups: number[][] } | { fail: GenericLayer | null } {
  const ops: PlanOp[] = [], groups: number[][] = [];
  const pinned = new Set<number>(), folded = new Set<number>();
  const wanted = new Set(reads.map((m) => m.key));
  // the layer held whose next reader comes last (a successor not yet read: this layer)
  const when = (k: number) => (wanted.has(k) && !folded.has(k) ? index : next(k));
  const take = (key: number, bytes: number): boolean => {
    while (!pool.fits(bytes, room)) {
      let victim = -1, late = -1;
      for (const k of resident.keys()) {
        if (pinned.has(k)) continue;
        const n = when(k);
        if (n > late || (n === late && k < victim)) { victim = k; late = n; }
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
    for (const k of group) { pinned.delete(k); folded.add(k); }
    group = [];
  };
  for (const m of order) {
    if (group.length >= groupCap) close();
    if (resident.has(m.key)) { group.push(m.key); pinned.add(m.key); continue; }
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

/** Memory a thread of solve({ threads }) may take: the estimate's largest need (a layer, a group of its successors, counters and buckets) and 128 MiB for the thread. */
function threadBytes(est: SolveEstimate): number {
  return est.needBytes + 128 * 2 ** 20;
}

/** The most threads solve({ threads }) takes on this machine: its memory less 1 GiB over threadBytes, at least 1. */
export function maxGenericThreads(est: SolveEstimate): number {
  return Math.max(1, Math.floor((totalmem() - 2 ** 30) / threadBytes(est)));
}

/** The options the tables depend on: every option but repetition (draw3 and none give the same tables). */
function tableOptions(o: OptionValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(o).sort()) if (k !== 'repetition') out[k] = o[k] as string | number;
  return out;
}

/** The generic solver of one variant under one option set, on its own core. */
export class HuntSolver {
  readonly estimate: SolveEstimate;
  /** The blocks of the core that hold layer values, reused once a layer is no longer needed. */
  private readonly pool: LayerPool;
  /** Layers attached by the pool (key -> address). */
  private readonly held = new Map<number, number>();
  /** Where probe(), focus() and verify() load a layer that is not in memory from (set by solve(), load() and solveLayer()). */
  private dir: string | null = null;
  /** Key -> layer of the estimate. */
  private readonly byKey: Map<number, GenericLayer>;
  /** Bytes of layer values focus() keeps in the core at most (the core's limit less the solver's work space). */
  private focusRoom: number;
  /** The class (index in `classes`) of a stack vector. */
  private readonly classOf: (v: readonly number[]) => number;
  /** The classes the stacks of a class can lead to, losing at most `drop` pieces. */
  private readonly below: (cls: number, drop: number) => number[];
  /** The core's memory limit the plan was made for (CORE_MEMORY_LIMIT; tests lower it: replan). */
  private coreLimit = CORE_MEMORY_LIMIT;
  /** Tests only: the most successors a group of the distributed job holds (replan's PlanForce.groupCap). */
  private groupCap = Infinity;
  /** Tests only: the threads of solve({ threads }) (default: GenericThreads); a test runs them as solvers in this thread. */
  private laneHook: { solveLayer(lane: number, l: GenericLayer, dir: string, onProgress?: (p: SolveProgress) => void): Promise<LayerResult>; close(): Promise<void> } | null = null;
  /** Tests only: the keys declared to an exit pass (gsCover), given the group's; default all of them. */
  private coverHook: ((keys: number[]) => number[]) | null = null;
  private constructor(readonly variant: HuntVariant, readonly options: OptionValues, readonly board: Board,
    readonly ctx: NotationContext, readonly core: Core, estimate: SolveEstimate,
    private readonly succ: Map<number, GenericLayer[]>, private readonly lastUse: Map<number, number>,
    private readonly classes: readonly StackClass[], private plan: SolvePlan) {
    this.estimate = estimate;
    this.classOf = classIndex(classes);
    this.below = classesBelow(classes);
    this.pool = new LayerPool((bytes) => core.exports.gsAlloc(bytes) >>> 0);
    this.byKey = new Map(estimate.layers.map((l) => [l.key, l]));
    const biggest = estimate.layers.reduce((a, l) => Math.max(a, l.slots), 0);
    if (plan.grouped) this.pool.setRegions(regionOf(estimate.layers), CORE_MEMORY_LIMIT - (2 + QUEUE_BYTES_PER_SLOT) * biggest);
    this.focusRoom = CORE_MEMORY_LIMIT - (estimate.loadBytes - 2 * estimate.slots);
  }

  /**
   * Sets up the solver for `variant` (an id, or a hunt declaration: tests solve reduced material this
   * way) under `options` (the variant's options), covering the layers `scope` selects (SolverScope:
   * `{ handsEmptyOnly: true }` keeps the layers with both hands empty; default every layer). `into`: a
   * core already set up for this variant and options (a Game's), which then holds the layers; by default
   * the solver loads its own. Throws UnknownVariantError / OptionError for a bad id or option,
   * ArgumentError for a `scope` that is not an object, has another key or a non-boolean
   * `handsEmptyOnly`, TablebaseError when the game is outside the solver (the draughts family, more than
   * 64 points, stacks of both sides, `repetition=forbid`). A solve too big for the core is not thrown
   * here: `estimate.refusal` says why.
   */
  static async create(variant: string | HuntVariant, options: Record<string, number | string> = {}, scope: SolverScope = {}, into?: Core): Promise<HuntSolver> {
    if (!isOptionsObject(scope)) throw new ArgumentError(`the solver scope must be an object, got ${describeValue(scope)}`);
    checkKeys(scope, ['handsEmptyOnly'], 'the solver scope');
    const handsEmptyOnly = scope.handsEmptyOnly ?? false;
    if (typeof handsEmptyOnly !== 'boolean') throw new ArgumentError(`handsEmptyOnly must be a boolean, got ${describeValue(handsEmptyOnly)}`);
    const v = typeof variant === 'string' ? getVariant(variant) : variant;
    const o = resolveOptions(v, options);
    const id = v.id;
    if (o.repetition === 'forbid') throw new TablebaseError(`${id}: repetition=forbid makes a position's value depend on the moves before it; the solver covers draw3 and none (a cycle is no forced win)`);
    const board = v.board(o);
    const rules = v.rules(o);
    if (rules.family !== 'hunt') throw new TablebaseError(`${id}: the solver covers the hunt family (the draughts family is not solvable yet)`);
    if (board.points.length > 64) throw new TablebaseError(`${id}: the solver covers boards of at most 64 points; this one has ${board.points.length}`);
    const core = into ?? (await loadVariantCore(v, o)).core;
    const ctx = notationContext(v, o, board, rules);
    const start = parsePositionText(ctx, v.start(o));
    const e = core.exports;
    // symmetries: those the rules allow that keep the start's stacks where they are (stacks never move)
    const syms = allowedSymmetries(board, rules).filter((perm) => start.count.every((n, p) => start.count[perm[p]!] === n || (n < 2 && start.count[perm[p]!]! < 2)));
    const si = new Int8Array(e.memory.buffer, e.gsSymInputPtr(), 8 * 64);
    si.fill(0);
    syms.forEach((perm, s) => perm.forEach((q, p) => { si[s * 64 + p] = q; }));
    // stack points: stacks never grow in the hunt family, so they stand where the start has them
    const stacks: Array<[number, number]> = [];
    let stackSide = -1;
    start.count.forEach((n, p) => {
      if (n < 2) return;
      const owner = start.owner[p]!;
      if (stackSide >= 0 && owner !== stackSide) throw new TablebaseError(`${id}: both sides start with stacks; the solver indexes one side's`);
      stackSide = owner;
      stacks.push([p, n - 1]);
    });
    if (stacks.length > 8) throw new TablebaseError(`${id}: ${stacks.length} stack points at the start; the solver indexes at most 8`);
    const sti = new Int32Array(e.memory.buffer, e.gsStackInputPtr(), 16);
    sti.fill(0);
    stacks.forEach(([p, x], i) => { sti[2 * i] = p; sti[2 * i + 1] = x; });
    // the captures a layer can hold: fewer than the side's capture target; all of it if there is none
    const capMax = (s: 0 | 1) => {
      const t = rules.sides[s].captureTarget;
      if (t !== null) return t - 1;
      return rules.sides[1 - s]!.capture === 'none' ? 0 : ctx.totals[s];
    };
    const rc = e.gsSetup(syms.length, stacks.length, Math.max(stackSide, 0), ctx.totals[0], ctx.totals[1], start.hand[0], start.hand[1], capMax(0), capMax(1));
    if (rc !== 0) throw new TablebaseError(`${id}: ${GS_ERRORS[e.gsError()] ?? `solver setup refused (code ${e.gsError()})`}`);
    const keys = e.gsLayers();
    if (keys < 0) throw new TablebaseError(`${id}: ${GS_ERRORS[e.gsError()] ?? 'too many layers'}`);
    // the stack vectors' symmetry classes (one, of the empty vector, without stacks), by total
    const classes: StackClass[] = [];
    for (let c = 0; c < e.gsClasses(); c++) {
      const codes = Array.from({ length: e.gsClassSize(c) }, (_, i) => e.gsClassMember(c, i));
      classes.push({ index: c, sum: e.gsClassSum(c), codes, members: codes.map((code) => stacks.map((_, i) => e.gsStackExcess(code, i))), split: false });
    }
    for (const c of classes) c.split = classes.some((d) => d !== c && d.sum === c.sum);
    // captures by intervention take two pieces a line (RULES.md §3): a side so captured loses them in pairs
    const quantum = (s: 0 | 1) => (rules.sides[1 - s]!.capture === 'intervention' ? 2 : 1);
    const layers: GenericLayer[] = [];
    for (let c0 = 0; c0 <= capMax(0); c0++) for (let c1 = 0; c1 <= capMax(1); c1++)
      for (let h0 = 0; h0 <= (handsEmptyOnly ? 0 : start.hand[0]); h0++) for (let h1 = 0; h1 <= (handsEmptyOnly ? 0 : start.hand[1]); h1++)
        for (const k of classes) {
          const key = e.gsLayerKey(c0, c1, h0, h1, k.index);
          const per = e.gsLayerPerSide(key);
          if (key < 0 || per <= 0) continue;
          if ((c0 - start.captured[0]) % quantum(0) !== 0 || (c1 - start.captured[1]) % quantum(1) !== 0) continue;
          layers.push({ key, captured: [c0, c1], hand: [h0, h1], excess: k.sum, stacks: [...k.members[0]!], split: k.split, slots: 2 * per });
        }
    // progress never decreases: solve the most advanced layers first
    const progress = (l: GenericLayer) => l.captured[0] + l.captured[1] - l.hand[0] - l.hand[1] - l.excess;
    layers.sort((a, b) => progress(b) - progress(a) || a.key - b.key);
    const slots = layers.reduce((a, l) => a + l.slots, 0);
    const biggest = layers.reduce((a, l) => Math.max(a, l.slots), 0);
    const successors = directSuccessors(layers, rules, stackSide, classes);
    const lastUse = lastUses(layers, successors);
    const work = (2 + QUEUE_BYTES_PER_SLOT) * biggest;
    const { plan, fields } = planSolve(layers, successors, lastUse, work, CORE_MEMORY_LIMIT);
    const estimate: SolveEstimate = {
      variant: id, options: o, handsEmptyOnly, symmetries: syms.length, stackPoints: stacks.map(([p]) => board.points[p]!.name), layers, slots,
      diskBytes: 2 * slots + HEADER * layers.length, loadBytes: 2 * slots + work, ...fields,
    };
    if (biggest * 2 >= ALLOC_LIMIT || biggest >= 2 ** 31) estimate.refusal = `its largest layer has ${biggest} slots; one layer's values must stay under 1 GiB (${ALLOC_LIMIT / 2} slots)`;
    return new HuntSolver(v, o, board, ctx, core, estimate, successors, lastUse, classes, plan);
  }

  /**
   * Tests only: plans the solve again for a core of `limit` bytes (instead of CORE_MEMORY_LIMIT), the
   * grouped plan even where today's fits, and groups of at most `groupCap` successors (PlanForce), so
   * that small games take the grouped path;
   * updates the estimate's memory fields and refusal.
   */
  private replan(limit: number, force: PlanForce = {}): void {
    const biggest = this.estimate.layers.reduce((a, l) => Math.max(a, l.slots), 0);
    const { plan, fields } = planSolve(this.estimate.layers, this.succ, this.lastUse, (2 + QUEUE_BYTES_PER_SLOT) * biggest, limit, force);
    this.plan = plan;
    this.coreLimit = limit;
    this.groupCap = force.groupCap ?? Infinity;
    if (plan.grouped) this.pool.setRegions(regionOf(this.estimate.layers), limit - (2 + QUEUE_BYTES_PER_SLOT) * biggest);
    Object.assign(this.estimate, fields);
  }

  /**
   * The file of a layer in `dir`: `<variant>-<options CRC>-c<captured>-h<in hand>-e<excess>.lgs`, the
   * excess followed by the stack vector (`-e4v3.1.0.0`) when other layers share its total (GenericLayer.split).
   */
  fileOf(dir: string, l: GenericLayer): string {
    const tag = (crc32(JSON.stringify(tableOptions(this.options))) >>> 0).toString(16).padStart(8, '0');
    return join(dir, `${this.variant.id}-${tag}-c${l.captured[0]}.${l.captured[1]}-h${l.hand[0]}.${l.hand[1]}-e${l.excess}${l.split ? `v${l.stacks.join('.')}` : ''}.lgs`);
  }

  /**
   * Solves every layer of the estimate (all of them, or those with both hands empty under
   * `handsEmptyOnly`), or loads it from `dir` where a valid file exists, writing each finished layer
   * atomically to `dir` when one is given. Resolves to the layers' results in solving order.
   *
   * `keep`: 'live' holds only the layer being solved and the layers one move from it that a layer still
   * to be solved needs (directSuccessors), handing the memory of the others to later layers (the
   * estimate's memoryBytes is this peak); afterwards probe() and verify() load a layer from `dir` when
   * they need it (without `dir` the freed layers are gone: probe() answers null for them). 'all' keeps
   * every layer in memory (estimate.loadBytes), so probe() and verify() answer at once. Default: 'all'
   * when loadBytes fits the core, else 'live'. The files are the same either way, byte for byte.
   *
   * When the estimate's plan reads successors in groups and layers back from their files
   * (SolveEstimate.rereads, successorGroups), solve() follows that plan: it needs `dir`, and keeps only
   * what the plan holds ('live'; 'all' is refused). The files are the same byte for byte.
   *
   * `threads` (default 1; needs `dir`): layers solved side by side, each thread a solver and a core of
   * its own (generic-threads.ts) solving a layer once every layer it needs is in `dir` (the longest
   * chain of layers still to come first), as a distributed job does (solveLayer: the same files, byte
   * for byte). `onLayer` then comes in the order the layers finish, `onProgress` from each thread (its
   * `layer` tells them apart); afterwards this solver loads the layers as load(dir, { keep }) does. Each
   * thread takes up to the estimate's needBytes of memory: more threads than the machine's memory holds
   * so (os.totalmem() less 1 GiB, at needBytes + 128 MiB a thread) is an ArgumentError naming the figures.
   *
   * A `dir` that already holds every layer's file is only read (each checked as it loads): it needs
   * no write access and takes no lock.
   *
   * Throws TablebaseError when the estimate refuses the solve, `keep` is 'all' and every layer does not
   * fit, the plan reads layers back and no `dir` is given, a file is corrupt or foreign, or the core
   * fails (naming why); ArgumentError for a bad directory, `keep` or `threads`.
   */
  async solve(opts: { dir?: string; keep?: 'all' | 'live'; threads?: number; onProgress?: (p: SolveProgress) => void; onLayer?: (r: LayerResult) => void } = {}): Promise<LayerResult[]> {
    const est = this.estimate;
    if (est.refusal) throw new TablebaseError(`${this.variant.id} does not fit this solver: ${est.refusal}`);
    const plan = this.plan;
    const keep = opts.keep ?? (!plan.grouped && est.loadBytes <= this.coreLimit ? 'all' : 'live');
    if (keep !== 'all' && keep !== 'live') throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
    if (keep === 'all' && (plan.grouped || est.loadBytes > this.coreLimit)) throw new TablebaseError(`${this.variant.id}: keeping every layer needs ${MiB(est.loadBytes)} in the core, over its ${MiB(this.coreLimit)}: solve with keep 'live'`);
    const threads = opts.threads ?? 1;
    if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
    const e = this.core.exports;
    const dir = opts.dir;
    if (plan.grouped && dir === undefined) throw new TablebaseError(`${this.variant.id}: its layers do not fit the core with their successors (${plan.rereads} layer files are read back while solving, some layers read their successors in groups: lattice solve ${this.variant.id} --estimate): give a directory (dir) to write the layers to and read them back from`);
    if (threads > 1) {
      if (dir === undefined) throw new ArgumentError('threads over 1 need a directory (dir): the threads hand the layers over as files');
      const most = maxGenericThreads(est);
      if (threads > most) throw new ArgumentError(`${threads} threads need ${MiB(threads * threadBytes(est))} (${MiB(threadBytes(est))} a thread: ${this.variant.id}'s largest need, ${MiB(est.needBytes)}, and 128 MiB); this machine's ${MiB(totalmem())} of memory (less 1 GiB) holds ${most}`);
    }
    let release = () => {};
    // a directory that holds every layer is only read: it may be read-only, or another run may hold its lock
    let complete = false;
    if (dir !== undefined) {
      if (typeof dir !== 'string' || dir === '') throw new ArgumentError('dir must be a non-empty string');
      complete = est.layers.every((l) => fileReadable(this.fileOf(dir, l), 'solver layer file'));
      if (!complete) {
        ensureWritableDir(dir);
        release = lockDir(dir, `${this.variant.id}-generic`);
      }
      this.dir = dir;
    }
    if (threads > 1 && !complete) {
      try {
        return await this.solveSideBySide(dir!, keep, threads, opts);
      } finally {
        release();
      }
    }
    try {
      if (!e.gsReserve(est.layers.reduce((a, l) => Math.max(a, l.slots), 0))) throw new TablebaseError(`${this.variant.id}: ${GS_ERRORS[4]}`);
      const out: LayerResult[] = [];
      for (const [i, l] of est.layers.entries()) {
        const t0 = Date.now();
        const file = dir === undefined ? null : this.fileOf(dir, l);
        // the plan's steps up to the first exit pass (the layer's own block among them)
        const ops = plan.grouped ? plan.ops[i]! : [{ op: 'own' } as PlanOp];
        let k = 0;
        const runOps = (exits: boolean) => { for (; k < ops.length && (exits || ops[k]!.op !== 'exit'); k++) this.applyOp(ops[k]!, l, dir); };
        runOps(false);
        const ptr = e.gsValues(l.key) >>> 0;
        const body = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
        let r: LayerResult;
        if (file !== null && fileReadable(file, 'solver layer file')) {
          const meta = readGenericFile(file, this.expectedHeader(l), body);
          // the rest of the plan's steps (no exit pass: the layer is read), so that memory stands as planned
          runOps(true);
          r = { ...l, ...meta, sides: this.sideCounts(l), ms: Date.now() - t0, loaded: true, file };
        } else {
          if (file !== null) removeStaleTemp(file);
          const exits = ops.filter((op): op is Extract<PlanOp, { op: 'exit' }> => op.op === 'exit').map((op) => op.keys);
          const stats = await this.solveAttached(l, i, opts.onProgress, exits, () => { k++; runOps(false); });
          const fresh = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
          if (file !== null) writeAtomic(file, encodeHeader(this.expectedHeader(l), stats, fresh), fresh);
          r = { ...l, ...stats, sides: this.sideCounts(l), ms: Date.now() - t0, loaded: false, file };
        }
        // the layers no layer still to be solved needs: their memory goes to the next ones
        if (keep === 'live') for (const m of est.layers) if (this.lastUse.get(m.key) === i) this.detach(m);
        out.push(r);
        opts.onLayer?.(r);
        await new Promise((res) => setImmediate(res));
      }
      return out;
    } finally {
      release();
    }
  }

  /**
   * solve() on `threads` threads (see there): hands each layer to a free thread once the layers it
   * needs are finished, the longest chain of layers still to be solved first, then loads the layers
   * as load(dir, { keep }) does. A thread's failure stops the others and is thrown.
   */
  private async solveSideBySide(dir: string, keep: 'all' | 'live', threads: number, opts: { onProgress?: (p: SolveProgress) => void; onLayer?: (r: LayerResult) => void }): Promise<LayerResult[]> {
    const layers = this.estimate.layers;
    // what waits on what: a layer's readers are solved after it; its chain is its slots and its longest reader's chain
    const readers = new Map<number, GenericLayer[]>();
    for (const l of layers) for (const m of this.successors(l)) readers.set(m.key, [...(readers.get(m.key) ?? []), l]);
    const chain = new Map<number, number>();
    for (let i = layers.length - 1; i >= 0; i--) {
      const l = layers[i]!;
      chain.set(l.key, l.slots + Math.max(0, ...(readers.get(l.key) ?? []).map((r) => chain.get(r.key)!)));
    }
    const waiting = new Map(layers.map((l) => [l.key, this.successors(l).length]));
    const ready = layers.filter((l) => waiting.get(l.key) === 0);
    const results = new Map<number, LayerResult>();
    const lanes = Math.min(threads, layers.length);
    let pool: { solveLayer(lane: number, l: GenericLayer, dir: string, onProgress?: (p: SolveProgress) => void): Promise<LayerResult>; close(): Promise<void> } | null = this.laneHook;
    if (pool === null) {
      const { GenericThreads } = await import('./generic-threads.js');
      pool = await GenericThreads.start(this.variant.id, this.options as Record<string, string | number>, this.estimate.handsEmptyOnly, lanes);
    }
    const running = new Map<number, Promise<{ lane: number; r: LayerResult }>>();
    const free = Array.from({ length: lanes }, (_, i) => lanes - 1 - i);
    try {
      while (results.size < layers.length) {
        ready.sort((a, b) => chain.get(b.key)! - chain.get(a.key)! || a.key - b.key);
        while (free.length > 0 && ready.length > 0) {
          const l = ready.shift()!, lane = free.pop()!;
          running.set(l.key, pool.solveLayer(lane, l, dir, opts.onProgress).then((r) => ({ lane, r })));
        }
        if (running.size === 0) throw new TablebaseError(`internal: ${layers.length - results.size} layers wait on layers never solved`);
        const { lane, r } = await Promise.race(running.values());
        const l = this.byKey.get(r.key)!;
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
      // the others stop with the pool (closed below, their calls never answered); their layers are solved again by the next run
      for (const p of running.values()) p.catch(() => {});
      throw err;
    } finally {
      await pool.close();
    }
    this.load(dir, { keep });
    return layers.map((l) => results.get(l.key)!);
  }

  /**
   * Solves layer `l` (attached, every layer it needs attached and solved) in the core, in steps that
   * return to the event loop between them (progress bars draw and signals are answered while it runs).
   * `index` is its place in the estimate, for progress. Resolves to its statistics; throws
   * TablebaseError when the core fails.
   */
  private async solveAttached(l: GenericLayer, index: number, onProgress?: (p: SolveProgress) => void, exits: readonly number[][] = [], between: (k: number) => void = () => {}): Promise<LayerStats> {
    const e = this.core.exports;
    // pass 1 counts the exit passes' slots too: (passes done) x slots + slots done, of passes x slots
    let sweep = 0;
    const sweeps = exits.length + 1;
    this.core.hooks.tbProgress = (pass, done, total) => onProgress?.({ layer: index, layers: this.estimate.layers.length, pass: pass as 1 | 2,
      done: pass === 1 ? sweep * total + done : done, total: pass === 1 ? sweeps * total : e.gsStat(0), level: pass === 2 ? total : 0 });
    let rc: number;
    try {
      // in steps of about 2^16 positions, back to the event loop between them
      rc = e.gsBegin(l.key);
      // the exit passes: each reads one group of successors (attached), then the next group is loaded
      for (const [k, keys] of exits.entries()) {
        if (rc < 0) break;
        for (const key of this.coverHook ? this.coverHook(keys) : keys) e.gsCover(key);
        rc = e.gsExitBegin();
        while (rc >= 0 && (rc = e.gsStep(STEP_BUDGET)) === 1) await new Promise((res) => setImmediate(res));
        if (rc < 0) break;
        sweep++;
        between(k);
      }
      while (rc >= 0 && (rc = e.gsStep(STEP_BUDGET)) === 1) await new Promise((res) => setImmediate(res));
    } finally {
      this.core.hooks.tbProgress = () => {};
    }
    if (rc < 0) throw new TablebaseError(`${this.variant.id}: solving layer ${layerName(l)} failed: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`);
    return { positions: e.gsStat(0), wins: e.gsStat(1), losses: e.gsStat(2), draws: e.gsStat(3), maxPlies: e.gsMaxDistance() };
  }

  /**
   * The layers of the estimate that one move from a position of `l` can lead to (directSuccessors: a
   * capture, a placement, a step off a stack, or several of these in one move), in solving order:
   * solving `l` reads these and no other. Each of them needs its own direct successors solved before
   * it, so a layer is solved after every layer it can lead to.
   */
  successors(l: GenericLayer): GenericLayer[] {
    return this.succ.get(l.key) ?? [];
  }

  /**
   * Every layer of the estimate with at least `l`'s captures of each side, at most its pieces in hand
   * of each side and a stack vector that `l`'s can lose pieces down to (an image of one of its class
   * at most `l`'s point by point): a superset of what `l`'s positions can ever lead to (successors() is
   * what one move reaches, all that solving `l` reads).
   */
  needs(l: GenericLayer): GenericLayer[] {
    const down = new Set(this.below(this.classOf(l.stacks), Infinity));
    return this.estimate.layers.filter((m) => m.key !== l.key && m.captured[0] >= l.captured[0] && m.captured[1] >= l.captured[1]
      && m.hand[0] <= l.hand[0] && m.hand[1] <= l.hand[1] && down.has(this.classOf(m.stacks)));
  }

  /**
   * The layer of the estimate at (side 0 captured, side 1 captured, side 0 in hand, side 1 in hand, stack
   * excess) and, where several layers share that total (GenericLayer.split), the stack vector `stacks`
   * (the excess on each stack point, SolveEstimate.stackPoints' order: any vector of the layer's class).
   * Throws ArgumentError when the estimate has no such layer, `stacks` is missing where the total is
   * split, or `stacks` is not a vector of that total.
   */
  layerAt(at: readonly number[], stacks?: readonly number[]): GenericLayer {
    const where = () => `captured ${at[0]}/${at[1]}, in hand ${at[2]}/${at[3]}, excess ${at[4]}${stacks === undefined ? '' : ` (stacks ${stacks.join('.')})`}`;
    const some = this.estimate.layers.filter((x) => [...x.captured, ...x.hand, x.excess].join() === at.join());
    if (some.length === 0) throw new ArgumentError(`${this.variant.id} has no solver layer ${where()}`);
    if (stacks === undefined) {
      if (some.length > 1) throw new ArgumentError(`${this.variant.id}: ${some.length} solver layers are ${where()}; give the stack vector (${some.map((x) => x.stacks.join('.')).join(', ')})`);
      return some[0]!;
    }
    let cls: number;
    try { cls = this.classOf(stacks); } catch { throw new ArgumentError(`${this.variant.id}: ${stacks.join('.')} is not a stack vector of its stack points (${this.estimate.stackPoints.join(' ')})`); }
    const l = some.find((x) => this.classOf(x.stacks) === cls);
    if (!l) throw new ArgumentError(`${this.variant.id} has no solver layer ${where()}`);
    return l;
  }

  /**
   * How layer `l` is read with its direct successors when nothing else is held (solveLayer, verify): with
   * every successor beside it when they fit (the core's limit less the largest layer's work space, as the
   * estimate counts), loaded from `dir` (null: no plan needed); else the solve's grouped plan for it
   * (planLayer, simulated on the pool with nothing held; its steps, the first its own block, are for the
   * caller to do), each group but the last read by an exit pass. Throws TablebaseError, starting with
   * `what`, when even that does not fit.
   */
  private planAlone(l: GenericLayer, dir: string, what: string): PlanOp[] | null {
    const reads = this.successors(l);
    const biggest = this.estimate.layers.reduce((a, x) => Math.max(a, x.slots), 0);
    const room = this.coreLimit - (2 + QUEUE_BYTES_PER_SLOT) * biggest;
    const together = 2 * (l.slots + reads.reduce((a, m) => a + m.slots, 0)) <= room && reads.length <= this.groupCap;
    this.holdOnly(together ? [l, ...reads] : [], dir);
    if (together) return null;
    this.pool.setRegions(regionOf(this.estimate.layers), room);
    const r = planLayer(l, reads, this.pool.clone(), new Map(), room, () => Infinity, 0, this.groupCap);
    if ('fail' in r) throw new TablebaseError(`${what}: layer ${layerName(l)} and ${r.fail === null ? 'its counters and buckets' : `its successor ${layerName(r.fail)}`} do not fit the core together (${MiB(this.coreLimit)})`);
    return r.ops;
  }

  /**
   * Solves the one layer `l` (a job of a distributed solve, src/distributed/): loads from `dir` the layers
   * one move from it (successors(l), and no other: each must be there and valid, a missing one is a
   * TablebaseError, never solved here; layers this solver held before and `l` does not read are freed),
   * then loads `l` from its file when that is there and valid, else solves it and writes its file
   * atomically through a temp file of this process's own (jobTempName). When the layer and its
   * successors do not fit the core together, it holds the layer alone and reads the successors in
   * groups, an exit pass each but the last (planLayer on a simulation of the pool). No lock file is
   * taken: the job queue runs a layer's job once at a time. The file is byte for byte what solve() writes. Throws
   * TablebaseError (refused solve, missing, corrupt or foreign file, core failure), ArgumentError for a
   * bad directory.
   */
  async solveLayer(l: GenericLayer, opts: { dir: string; onProgress?: (p: SolveProgress) => void }): Promise<LayerResult> {
    const est = this.estimate;
    if (est.refusal) throw new TablebaseError(`${this.variant.id} does not fit this solver: ${est.refusal}`);
    const dir = opts.dir;
    if (typeof dir !== 'string' || dir === '') throw new ArgumentError('dir must be a non-empty string');
    ensureWritableDir(dir);
    const e = this.core.exports;
    const t0 = Date.now();
    const reads = this.successors(l);
    for (const m of reads) {
      const file = this.fileOf(dir, m);
      if (!fileReadable(file, 'solver layer file')) throw new TablebaseError(`${file}: missing; layer ${layerName(l)} needs layer ${layerName(m)} solved first`);
    }
    const plan = this.planAlone(l, dir, `${this.variant.id} does not fit this solver`);
    this.dir = dir;
    const file = this.fileOf(dir, l);
    const ops: PlanOp[] = plan ?? [{ op: 'own' }];
    let k = 0;
    const runOps = (exits: boolean) => { for (; k < ops.length && (exits || ops[k]!.op !== 'exit'); k++) if (ops[k]!.op !== 'exit') this.applyOp(ops[k]!, l, dir); };
    // the layer's own block first: read from its file when that is there (no successor needed then)
    this.applyOp(ops[k++]!, l, dir);
    const ptr = e.gsValues(l.key) >>> 0;
    if (fileReadable(file, 'solver layer file')) {
      const meta = readGenericFile(file, this.expectedHeader(l), new Uint8Array(e.memory.buffer, ptr, 2 * l.slots));
      return { ...l, ...meta, sides: this.sideCounts(l), ms: Date.now() - t0, loaded: true, file };
    }
    removeStaleTemp(file);
    runOps(false);
    if (!e.gsReserve(l.slots)) throw new TablebaseError(`${this.variant.id}: ${GS_ERRORS[4]}`);
    const exits = ops.filter((op): op is Extract<PlanOp, { op: 'exit' }> => op.op === 'exit').map((op) => op.keys);
    const stats = await this.solveAttached(l, est.layers.indexOf(l), opts.onProgress, exits, () => { k++; runOps(false); });
    const fresh = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
    writeAtomic(file, encodeHeader(this.expectedHeader(l), stats, fresh), fresh, jobTempName(file));
    return { ...l, ...stats, sides: this.sideCounts(l), ms: Date.now() - t0, loaded: false, file };
  }

  /**
   * Loads the layers solved into `dir` (by solve() with the same variant and options) without solving;
   * returns what each holds.
   *
   * `keep`: 'all' reads every layer into memory (estimate.loadBytes; a Game's search then probes them
   * all in the core). 'live' reads only the files' headers (the checksum of a layer is checked when it is
   * loaded) and then, through focus(), keeps in memory the layer of the core's current position and the
   * layers one move from it (successors()), loading them from `dir` as the position moves on, and other
   * layers loaded before while they fit: what a search from that position probes; a position further
   * on (two captures away) is searched, not probed, until the game gets there. Default: 'all' when
   * every layer fits the core together, else 'live' (Shepherds and Wolves: 22 GiB of values).
   *
   * Throws TablebaseError naming a missing, corrupt or foreign file, a game outside the solver, or (with
   * the figures) keep 'all' for layers that do not fit the core together; ArgumentError for a bad `keep`.
   */
  load(dir: string, opts: { keep?: 'all' | 'live' } = {}): SolvedLayerInfo[] {
    const e = this.core.exports;
    const est = this.estimate;
    if (est.refusal !== null) throw new TablebaseError(`${this.variant.id} has no solved tables: it does not fit the solver (${est.refusal})`);
    if (!isOptionsObject(opts)) throw new ArgumentError(`load options must be an object, got ${describeValue(opts)}`);
    checkKeys(opts, ['keep'], 'load options');
    const keep = opts.keep ?? (est.loadBytes <= CORE_MEMORY_LIMIT ? 'all' : 'live');
    if (keep !== 'all' && keep !== 'live') throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
    if (keep === 'all' && est.loadBytes > CORE_MEMORY_LIMIT) {
      throw new TablebaseError(`${this.variant.id}: its ${est.layers.length} layers need ${MiB(est.loadBytes)} in the core together (${est.slots} slots, 2 bytes each, plus ${MiB(est.loadBytes - 2 * est.slots)} of work space); WebAssembly's 32-bit memory holds at most ${MiB(CORE_MEMORY_LIMIT)}: load them with keep 'live' (the layers the current position needs, loaded as it moves on)`);
    }
    const infos = est.layers.map((l) => {
      const file = this.fileOf(dir, l);
      if (!fileReadable(file, 'solver layer file')) {
        throw new TablebaseError(`${file}: missing (solve with "lattice solve ${this.variant.id} --dir ${dir}"${optionArgs(this.options)}; ${presentOptions(dir, this.variant.id)})`);
      }
      if (keep === 'live') return { ...l, ...readGenericHeader(file, this.expectedHeader(l)), file };
      const ptr = this.attach(l);
      const stats = readGenericFile(file, this.expectedHeader(l), new Uint8Array(e.memory.buffer, ptr, 2 * l.slots));
      return { ...l, ...stats, sides: this.sideCounts(l), file };
    });
    this.dir = dir;
    if (keep === 'live') {
      // regions of at least the largest layer: a block focus() frees holds any layer it loads later
      this.pool.setRegions(2 * est.layers.reduce((a, l) => Math.max(a, l.slots), 0), this.focusRoom);
      this.focus();
    }
    return infos;
  }

  /**
   * Makes sure the layer of the core's current position and the layers one move from it (successors())
   * are in memory, loading from the directory of load(), solve() or solveLayer() those that are not
   * (a layer without a file there stays out). Room is made by freeing the layers wanted least recently;
   * other layers stay while the core has room (CORE_MEMORY_LIMIT less the solver's work space). A layer
   * that finds no room beside the ones wanted now stays out: its positions are not probed. Nothing to do
   * when every layer is in memory, or without a directory. Returns true when a layer was loaded. Throws
   * TablebaseError for a corrupt or foreign file. Not while solve() runs.
   */
  focus(): boolean {
    const e = this.core.exports;
    const l = this.byKey.get(e.gsCurrentLayer());
    if (l === undefined || this.dir === null) return false;
    const want = [l, ...this.successors(l)];
    const wanted = new Set(want.map((m) => m.key));
    const room = this.focusRoom;
    // the least recently wanted first (the pool's map keeps that order)
    const evict = (): boolean => {
      for (const k of this.held.keys()) if (!wanted.has(k)) { this.detach(this.byKey.get(k)!); return true; }
      return false;
    };
    let loaded = false;
    for (const m of want) {
      const ptr = this.held.get(m.key);
      if (ptr !== undefined) { this.held.delete(m.key); this.held.set(m.key, ptr); continue; }
      if (e.gsValues(m.key) !== 0) continue;
      const file = this.fileOf(this.dir, m);
      if (!fileReadable(file, 'solver layer file')) continue;
      while (this.pool.liveBytes + 2 * m.slots > room && evict());
      if (this.pool.liveBytes + 2 * m.slots > room) continue;
      let at = this.pool.alloc(2 * m.slots);
      while (at === 0 && evict()) at = this.pool.alloc(2 * m.slots);
      if (at === 0) continue;
      e.gsAttach(m.key, at);
      this.held.set(m.key, at);
      try {
        readGenericFile(file, this.expectedHeader(m), new Uint8Array(e.memory.buffer, at >>> 0, 2 * m.slots));
      } catch (err) {
        this.detach(m);
        throw err;
      }
      loaded = true;
    }
    return loaded;
  }

  /**
   * Checks every stored value against its successors' (assembly/tablebase/generic.ts gsVerifyBegin,
   * gsVerifyLayer), in steps that return to the event loop: resolves to the number of positions that
   * disagree, per layer, in solving order. A layer not in memory (after a solve that kept only the live
   * layers) is loaded from the directory of the last solve() or load(), with its successors, and the
   * others freed; when a layer and its successors do not fit the core together (Double Tiger's largest),
   * the successors are read in groups as the solve reads them (its plan: planLayer), each group checked
   * by an exit pass (gsVerifyExit) and the last by the final pass. Rejects with TablebaseError if a layer
   * is neither in memory nor in that directory, or a stored successor slot is unused.
   */
  async verify(onLayer?: (l: GenericLayer, bad: number) => void): Promise<number[]> {
    const e = this.core.exports;
    const out: number[] = [];
    const biggest = this.estimate.layers.reduce((a, x) => Math.max(a, x.slots), 0);
    const fail = (l: GenericLayer): never => {
      throw new TablebaseError(`${this.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`);
    };
    for (const l of this.estimate.layers) {
      let ops: PlanOp[] = [];
      if ([l, ...this.successors(l)].some((m) => e.gsValues(m.key) === 0)) {
        if (this.dir === null) throw new TablebaseError(`${this.variant.id}: layer ${layerName(l)} cannot be verified: it or a layer one move from it is not in memory, and no directory holds them`);
        // as the solve reads them; in groups, its own block is read from its file
        const plan = this.planAlone(l, this.dir, `${this.variant.id}: layer ${layerName(l)} cannot be verified`);
        if (plan !== null) {
          ops = plan;
          this.applyOp({ op: 'load', key: l.key }, l, this.dir);
        }
      }
      if (ops.some((op) => op.op === 'exit')) {
        // the flags between passes: the counters, reserved once for the largest layer (the estimate's work space)
        if (!e.gsReserve(biggest)) throw new TablebaseError(`${this.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[4]}`);
        if (e.gsVerifyBegin(l.key) !== 0) fail(l);
        for (const op of ops) {
          if (op.op === 'own') continue;
          if (op.op !== 'exit') { this.applyOp(op, l, this.dir ?? undefined); continue; }
          for (const k of op.keys) if (e.gsCover(k) !== 0) fail(l);
          if (e.gsVerifyExit() !== 0) fail(l);
          for (let from = 0; from < l.slots; from += STEP_BUDGET) {
            if (e.gsVerifyExitStep(from, from + STEP_BUDGET) !== 0) fail(l);
            await new Promise((res) => setImmediate(res));
          }
        }
      } else for (const op of ops) if (op.op !== 'own') this.applyOp(op, l, this.dir ?? undefined);
      let bad = 0;
      for (let from = 0; from < l.slots; from += STEP_BUDGET) {
        const b = e.gsVerifyLayer(l.key, from, from + STEP_BUDGET);
        if (b < 0) fail(l);
        bad += b;
        await new Promise((res) => setImmediate(res));
      }
      onLayer?.(l, bad);
      out.push(bad);
    }
    return out;
  }

  /** Positions and values per side to move of a layer in memory (from its value codes; side 0's half first). */
  private sideCounts(l: GenericLayer): [ValueCounts, ValueCounts] {
    const e = this.core.exports;
    const per = l.slots / 2;
    const vals = new Uint16Array(e.memory.buffer, e.gsValues(l.key) >>> 0, l.slots);
    const half = (from: number): ValueCounts => {
      let positions = 0, wins = 0, draws = 0;
      for (let i = from; i < from + per; i++) {
        const c = vals[i]!;
        if (c === 0xFFFF) continue;
        positions++;
        if (c === 0) draws++; else wins += c & 1;
      }
      return { positions, wins, losses: positions - wins - draws, draws };
    };
    return [half(0), half(per)];
  }

  /** Gives layer `l` a block of the pool (unless it has values already); its address. Throws TablebaseError when the core's memory runs out. */
  private attach(l: GenericLayer): number {
    const e = this.core.exports;
    let ptr = e.gsValues(l.key);
    if (ptr === 0) {
      ptr = this.pool.alloc(2 * l.slots);
      if (ptr === 0) throw new TablebaseError(`${this.variant.id}: ${GS_ERRORS[4]} (layer ${layerName(l)}, ${l.slots} slots; ${MiB(this.pool.liveBytes)} of layers in memory)`);
      e.gsAttach(l.key, ptr);
      this.held.set(l.key, ptr);
    }
    return ptr >>> 0;
  }

  /**
   * Does one step of a solving plan (PlanOp) for layer `l`: its own block, a finished layer dropped
   * from memory, or a successor read back from its file in `dir`. Throws TablebaseError for a missing,
   * corrupt or foreign file, or a core out of memory.
   */
  private applyOp(op: PlanOp, l: GenericLayer, dir: string | undefined): void {
    if (op.op === 'own') this.attach(l);
    else if (op.op === 'drop') this.detach(this.byKey.get(op.key)!);
    else if (op.op === 'load') {
      const m = this.byKey.get(op.key)!;
      const file = this.fileOf(dir!, m);
      if (!fileReadable(file, 'solver layer file')) throw new TablebaseError(`${file}: missing; layer ${layerName(l)} reads layer ${layerName(m)} back from it`);
      const ptr = this.attach(m);
      try {
        readGenericFile(file, this.expectedHeader(m), new Uint8Array(this.core.exports.memory.buffer, ptr, 2 * m.slots));
      } catch (err) {
        this.detach(m);
        throw err;
      }
    }
  }

  /** Takes layer `l`'s values out of the core (it forgets them first) and gives their block back to the pool. */
  private detach(l: GenericLayer): void {
    const ptr = this.held.get(l.key);
    if (ptr === undefined) return;
    this.core.exports.gsAttach(l.key, 0);
    this.held.delete(l.key);
    this.pool.release(ptr);
  }

  /**
   * Makes `keep` the layers in memory: frees every other layer the pool holds, then loads each of
   * `keep` not in memory from its file in `dir`. Throws TablebaseError for a missing, corrupt or foreign file.
   */
  private holdOnly(keep: readonly GenericLayer[], dir: string): void {
    const e = this.core.exports;
    const wanted = new Set(keep.map((l) => l.key));
    for (const l of this.estimate.layers) if (!wanted.has(l.key)) this.detach(l);
    for (const l of keep) {
      if (e.gsValues(l.key) !== 0) continue;
      const file = this.fileOf(dir, l);
      if (!fileReadable(file, 'solver layer file')) continue;
      const ptr = this.attach(l);
      try {
        readGenericFile(file, this.expectedHeader(l), new Uint8Array(e.memory.buffer, ptr, 2 * l.slots));
      } catch (err) {
        this.detach(l);
        throw err;
      }
    }
  }

  private expectedHeader(l: GenericLayer): HeaderFields {
    const stackClass = l.split ? this.classes[this.classOf(l.stacks)]!.codes[0]! + 1 : 0;
    return { variant: this.variant.id, options: JSON.stringify(tableOptions(this.options)), layer: [l.captured[0], l.captured[1], l.hand[0], l.hand[1], l.excess], stackClass, slots: l.slots, symmetries: this.estimate.symmetries };
  }

  /**
   * The value of a position (text, RULES.md notation) for the side to move, or null when its layer is
   * not solved or loaded. A layer not in memory (after a solve or load that kept only the live layers)
   * is read from the directory of the last solve() or load() when its file is there (focus()). Throws ParseError / PositionError for a bad position string, TablebaseError for
   * a corrupt or foreign file.
   */
  probe(position: string | Setup): SolvedValue | null {
    const s = typeof position === 'string' ? parsePositionText(this.ctx, position) : position;
    const e = this.core.exports;
    loadSetupIntoCore(this.core, s);
    let v = e.gsProbe();
    if (v < 0 && this.focus()) {
      loadSetupIntoCore(this.core, s);
      v = e.gsProbe();
    }
    return decodeValue(v);
  }

  /** The start position's text. */
  startText(): string { return this.variant.start(this.options); }
}

/** A value code of the core (0 draw, 1 + 2d win in d, 2 + 2d loss in d; -1 unknown) as a SolvedValue. */
export function decodeValue(v: number): SolvedValue | null {
  if (v < 0 || v === 0xFFFF) return null;
  if (v === 0) return { result: 'draw', plies: 0 };
  return { result: v & 1 ? 'win' : 'loss', plies: (v - 1) >> 1 };
}

/** The `--option` arguments of the options the tables depend on, as a command line would give them. */
function optionArgs(o: OptionValues): string {
  const t = tableOptions(o);
  return Object.keys(t).map((k) => ` --option ${k}=${t[k]}`).join('');
}

/**
 * The option sets of `variant`'s layer files in `dir` (from their headers), as lattice-command options:
 * one record per set found. Unreadable or foreign files are skipped.
 */
export function solvedOptionSets(dir: string, variant: string): Array<Record<string, string>> {
  const sets = new Map<string, Record<string, string>>();
  let names: string[] = [];
  try { names = readdirSync(dir); } catch { return []; }
  for (const n of names) {
    if (!n.startsWith(`${variant}-`) || !n.endsWith('.lgs')) continue;
    try {
      const fd = openSync(join(dir, n), 'r');
      const h = Buffer.alloc(HEADER);
      try { readSync(fd, h, 0, HEADER, 0); } finally { closeSync(fd); }
      if (h.subarray(0, 8).toString('latin1') !== GS_MAGIC || h.subarray(16, 48).toString('latin1').replace(/\0+$/, '') !== variant) continue;
      const text = h.subarray(104, 104 + h.readUInt32LE(100)).toString('utf8');
      const o = JSON.parse(text) as Record<string, string | number>;
      sets.set(text, Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])));
    } catch { /* not a layer file of ours */ }
  }
  return [...sets.values()];
}

/** Words naming the option sets solved in `dir` for `variant`, for an error message. */
function presentOptions(dir: string, variant: string): string {
  const sets = solvedOptionSets(dir, variant);
  if (sets.length === 0) return `${dir} holds no tables of ${variant}`;
  return `${dir} holds ${variant} tables for ${sets.map((o) => Object.keys(o).length ? Object.entries(o).map(([k, v]) => `${k}=${v}`).join(' ') : 'the default options').join('; ')}`;
}

/** A layer in words, for messages: `captured 0/0, in hand 0/0, excess 4` (then ` (stacks 3.1.0.0)` where its total is split). */
export function layerName(l: GenericLayer): string {
  return `captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}, excess ${l.excess}${l.split ? ` (stacks ${l.stacks.join('.')})` : ''}`;
}

// ---- files ----
/**
 * Layer file (little-endian), 256-byte header then one u16 a slot (the core's value codes):
 *
 *   offset size  field
 *        0    8  magic "LATTICGS"
 *        8    4  format version (1)
 *       12    4  header size (256)
 *       16   32  variant id, ASCII, zero-padded
 *       48    4  CRC-32 (zlib's) of header bytes 52-255, then the body
 *       52    4  slots
 *       56   20  layer: side 0 captured, side 1 captured, side 0 in hand, side 1 in hand, stack excess (u32 each)
 *       76    4  symmetries
 *       80    4  positions (used slots)
 *       84    4  wins, 88 losses, 92 draws (for the side to move), 96 longest distance (plies)
 *      100    4  length of the options text
 *      104  128  the options the tables depend on, JSON, zero-padded
 *      232   20  reserved (zero)
 *      252    4  the stack vector's class where other classes share its total (GenericLayer.split): its
 *                least member's code (the core's: excess_i times the product of (greatest excess + 1)
 *                over the stack points before i) + 1; else 0 (every file before the classes had 0 here)
 */
const HEADER = 256;
const GS_MAGIC = 'LATTICGS';
const GS_VERSION = 1;

interface HeaderFields { variant: string; options: string; layer: number[]; stackClass: number; slots: number; symmetries: number }
interface LayerStats { positions: number; wins: number; losses: number; draws: number; maxPlies: number }

function encodeHeader(h: HeaderFields, s: LayerStats, body: Uint8Array): Uint8Array {
  const buf = new Uint8Array(HEADER);
  const dv = new DataView(buf.buffer);
  const enc = new TextEncoder();
  buf.set(enc.encode(GS_MAGIC), 0);
  dv.setUint32(8, GS_VERSION, true); dv.setUint32(12, HEADER, true);
  const id = enc.encode(h.variant);
  if (id.length > 32) throw new TablebaseError(`variant id ${h.variant} is longer than a layer file holds (32 bytes)`);
  buf.set(id, 16);
  dv.setUint32(52, h.slots, true);
  h.layer.forEach((x, i) => dv.setUint32(56 + 4 * i, x, true));
  dv.setUint32(76, h.symmetries, true);
  dv.setUint32(80, s.positions, true); dv.setUint32(84, s.wins, true); dv.setUint32(88, s.losses, true); dv.setUint32(92, s.draws, true); dv.setUint32(96, s.maxPlies, true);
  const opt = enc.encode(h.options);
  if (opt.length > 128) throw new TablebaseError(`the options ${h.options} are longer than a layer file holds (128 bytes)`);
  dv.setUint32(100, opt.length, true);
  buf.set(opt, 104);
  dv.setUint32(252, h.stackClass, true);
  dv.setUint32(48, crc32(body, crc32(buf.subarray(52))) >>> 0, true);
  return buf;
}

/**
 * Reads a layer file into `into` (the layer's values in the core), checking its header against what the
 * solver expects and its checksum. Throws TablebaseError naming the file and the fault.
 */
function readGenericFile(path: string, expect: HeaderFields, into: Uint8Array): LayerStats {
  let data: Buffer;
  try { data = readFileSync(path); } catch (err) { throw new TablebaseError(`cannot read solver layer file ${path}: ${(err as Error).message}`); }
  const stats = checkGenericHeader(path, data.subarray(0, HEADER), data.length, expect);
  const body = data.subarray(HEADER);
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if ((crc32(body, crc32(data.subarray(52, HEADER))) >>> 0) !== dv.getUint32(48, true)) throw new TablebaseError(`${path}: checksum mismatch (the file is corrupt)`);
  into.set(body);
  return stats;
}

/**
 * Reads only the header of a layer file and checks it against what the solver expects, and the file's
 * size (not its checksum: readGenericFile checks that when the layer is loaded). Its statistics; throws
 * TablebaseError naming the file and the fault.
 */
function readGenericHeader(path: string, expect: HeaderFields): LayerStats {
  const head = Buffer.alloc(HEADER);
  let size: number, got: number;
  try {
    const fd = openSync(path, 'r');
    try { size = fstatSync(fd).size; got = readSync(fd, head, 0, HEADER, 0); } finally { closeSync(fd); }
  } catch (err) { throw new TablebaseError(`cannot read solver layer file ${path}: ${(err as Error).message}`); }
  return checkGenericHeader(path, head.subarray(0, got), size, expect);
}

/** Checks a layer file's header (`head`, its first HEADER bytes or fewer) and size; its statistics. Throws TablebaseError naming the file and the fault. */
function checkGenericHeader(path: string, head: Buffer, size: number, expect: HeaderFields): LayerStats {
  const bad = (why: string) => new TablebaseError(`${path}: ${why}`);
  if (head.length < HEADER || head.subarray(0, 8).toString('latin1') !== GS_MAGIC) throw bad('not a solver layer file (no LATTICGS header)');
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (dv.getUint32(8, true) !== GS_VERSION || dv.getUint32(12, true) !== HEADER) throw bad(`format version ${dv.getUint32(8, true)}, expected ${GS_VERSION}`);
  const variant = head.subarray(16, 48).toString('latin1').replace(/\0+$/, '');
  if (variant !== expect.variant) throw bad(`holds ${variant}, not ${expect.variant}`);
  const opt = head.subarray(104, 104 + dv.getUint32(100, true)).toString('utf8');
  if (opt !== expect.options) throw bad(`solved with options ${opt}, not ${expect.options}`);
  const layer = [0, 1, 2, 3, 4].map((i) => dv.getUint32(56 + 4 * i, true));
  if (layer.join() !== expect.layer.join()) throw bad(`holds layer ${layer.join('/')}, expected ${expect.layer.join('/')}`);
  const stackClass = dv.getUint32(252, true);
  if (stackClass !== expect.stackClass) throw bad(`holds the stack vector class ${stackClass === 0 ? 'of a whole total' : `of code ${stackClass - 1}`}, expected ${expect.stackClass === 0 ? 'a whole total' : `code ${expect.stackClass - 1}`}`);
  if (dv.getUint32(52, true) !== expect.slots || dv.getUint32(76, true) !== expect.symmetries) throw bad('its index differs from this solver\'s (slots or symmetries)');
  if (size !== HEADER + 2 * expect.slots) throw bad(`${size} bytes, expected ${HEADER + 2 * expect.slots} (truncated or padded)`);
  return { positions: dv.getUint32(80, true), wins: dv.getUint32(84, true), losses: dv.getUint32(88, true), draws: dv.getUint32(92, true), maxPlies: dv.getUint32(96, true) };
}
