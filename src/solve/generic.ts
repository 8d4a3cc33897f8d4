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
import { crc32 } from 'node:zlib';
import type { Board } from '../board/index.js';
import type { HuntVariant, OptionValues } from '../variants/index.js';
import { loadSetupIntoCore } from '../lattice/core/setup.js';
import { parsePositionText, type NotationContext, type Setup } from '../lattice/position-text.js';
import type { Core } from '../lattice/core/wasm.js';
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from '../contract/errors.js';
import {
  TablebaseError,
  ensureWritableDir,
  fileReadable,
  jobTempName,
  lockDir,
  removeStaleTemp,
  writeAtomic,
} from './format.js';
import { LayerPool } from './layer-pool.js';
import {
  CORE_MEMORY_LIMIT,
  GS_ERRORS,
  MiB,
  type PlanForce,
  type PlanOp,
  QUEUE_BYTES_PER_SLOT,
  STEP_BUDGET,
  type SolvePlan,
  maxGenericThreads,
  planLayer,
  planSolve,
  regionOf,
  threadBytes,
} from './generic/plan.js';
import type {
  GenericLayer,
  LayerResult,
  SolveEstimate,
  SolveProgress,
  SolvedLayerInfo,
  SolvedValue,
  SolverScope,
  StackClass,
  ValueCounts,
} from './generic/types.js';
import {
  type HeaderFields,
  type LayerStats,
  decodeValue,
  encodeHeader,
  layerName,
  optionArgs,
  presentOptions,
  readGenericFile,
  readGenericHeader,
  tableOptions,
} from './generic/files.js';
import { classIndex, classesBelow } from './generic/layers.js';
import { setUpSolver } from './generic/setup.js';

export type {
  GenericLayer,
  LayerResult,
  SolveEstimate,
  SolvedLayerInfo,
  SolvedValue,
  SolveProgress,
  SolverScope,
  StackClass,
  ValueCounts,
} from './generic/types.js';
export { allowedSymmetries, directSuccessors } from './generic/layers.js';
export { maxGenericThreads, type PlanOp } from './generic/plan.js';
export { decodeValue, layerName, solvedOptionSets } from './generic/files.js';

/** The generic solver of one variant under one option set, on its own core. */
export class HuntSolver {
  readonly estimate: SolveEstimate;
  /** The blocks of the core that hold layer values, reused once a layer is no longer needed. */
  private readonly pool: LayerPool;
  /** Layers attached by the pool (key -> address). */
  private readonly held = new Map<number, number>();
  /**
   * Where probe(), focus() and verify() load a layer that is not in memory from (set by solve(), load() and
   * solveLayer()).
   */
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
  /**
   * Tests only: the threads of solve({ threads }) (default: GenericThreads); a test runs them as solvers in this
   * thread.
   */
  private laneHook: {
    solveLayer(
      lane: number,
      l: GenericLayer,
      dir: string,
      onProgress?: (p: SolveProgress) => void,
    ): Promise<LayerResult>;
    close(): Promise<void>;
  } | null = null;
  /** Tests only: the keys declared to an exit pass (gsCover), given the group's; default all of them. */
  private coverHook: ((keys: number[]) => number[]) | null = null;
  private constructor(
    readonly variant: HuntVariant,
    readonly options: OptionValues,
    readonly board: Board,
    readonly ctx: NotationContext,
    readonly core: Core,
    estimate: SolveEstimate,
    private readonly succ: Map<number, GenericLayer[]>,
    private readonly lastUse: Map<number, number>,
    private readonly classes: readonly StackClass[],
    private plan: SolvePlan,
  ) {
    this.estimate = estimate;
    this.classOf = classIndex(classes);
    this.below = classesBelow(classes);
    this.pool = new LayerPool((bytes) => core.exports.gsAlloc(bytes) >>> 0);
    this.byKey = new Map(estimate.layers.map((l) => [l.key, l]));
    const biggest = estimate.layers.reduce((a, l) => Math.max(a, l.slots), 0);
    if (plan.grouped)
      this.pool.setRegions(regionOf(estimate.layers), CORE_MEMORY_LIMIT - (2 + QUEUE_BYTES_PER_SLOT) * biggest);
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
  static async create(
    variant: string | HuntVariant,
    options: Record<string, number | string> = {},
    scope: SolverScope = {},
    into?: Core,
  ): Promise<HuntSolver> {
    const p = await setUpSolver(variant, options, scope, into);
    return new HuntSolver(p.v, p.o, p.board, p.ctx, p.core, p.estimate, p.successors, p.lastUse, p.classes, p.plan);
  }

  /**
   * Tests only: plans the solve again for a core of `limit` bytes (instead of CORE_MEMORY_LIMIT), the
   * grouped plan even where today's fits, and groups of at most `groupCap` successors (PlanForce), so
   * that small games take the grouped path;
   * updates the estimate's memory fields and refusal.
   */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: a test hook (test/unit/generic-groups.test.ts)
  private replan(limit: number, force: PlanForce = {}): void {
    const biggest = this.estimate.layers.reduce((a, l) => Math.max(a, l.slots), 0);
    const { plan, fields } = planSolve(
      this.estimate.layers,
      this.succ,
      this.lastUse,
      (2 + QUEUE_BYTES_PER_SLOT) * biggest,
      limit,
      force,
    );
    this.plan = plan;
    this.coreLimit = limit;
    this.groupCap = force.groupCap ?? Infinity;
    if (plan.grouped)
      this.pool.setRegions(regionOf(this.estimate.layers), limit - (2 + QUEUE_BYTES_PER_SLOT) * biggest);
    Object.assign(this.estimate, fields);
  }

  /**
   * The file of a layer in `dir`: `<variant>-<options CRC>-c<captured>-h<in hand>-e<excess>.lgs`, the
   * excess followed by the stack vector (`-e4v3.1.0.0`) when other layers share its total (GenericLayer.split).
   */
  fileOf(dir: string, l: GenericLayer): string {
    const tag = (crc32(JSON.stringify(tableOptions(this.options))) >>> 0).toString(16).padStart(8, '0');
    return join(
      dir,
      `${this.variant.id}-${tag}-c${l.captured[0]}.${l.captured[1]}-h${l.hand[0]}.${l.hand[1]}-e${l.excess}${l.split ? `v${l.stacks.join('.')}` : ''}.lgs`,
    );
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
  async solve(
    opts: {
      dir?: string;
      keep?: 'all' | 'live';
      threads?: number;
      onProgress?: (p: SolveProgress) => void;
      onLayer?: (r: LayerResult) => void;
    } = {},
  ): Promise<LayerResult[]> {
    const est = this.estimate;
    if (est.refusal) throw new TablebaseError(`${this.variant.id} does not fit this solver: ${est.refusal}`);
    const plan = this.plan;
    const keep = opts.keep ?? (!plan.grouped && est.loadBytes <= this.coreLimit ? 'all' : 'live');
    if (keep !== 'all' && keep !== 'live')
      throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
    if (keep === 'all' && (plan.grouped || est.loadBytes > this.coreLimit))
      throw new TablebaseError(
        `${this.variant.id}: keeping every layer needs ${MiB(est.loadBytes)} in the core, over its ${MiB(this.coreLimit)}: solve with keep 'live'`,
      );
    const threads = opts.threads ?? 1;
    if (!Number.isInteger(threads) || threads < 1 || threads > 64)
      throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
    const e = this.core.exports;
    const dir = opts.dir;
    if (plan.grouped && dir === undefined)
      throw new TablebaseError(
        `${this.variant.id}: its layers do not fit the core with their successors (${plan.rereads} layer files are read back while solving, some layers read their successors in groups: lattice solve ${this.variant.id} --estimate): give a directory (dir) to write the layers to and read them back from`,
      );
    if (threads > 1) {
      if (dir === undefined)
        throw new ArgumentError('threads over 1 need a directory (dir): the threads hand the layers over as files');
      const most = maxGenericThreads(est);
      if (threads > most)
        throw new ArgumentError(
          `${threads} threads need ${MiB(threads * threadBytes(est))} (${MiB(threadBytes(est))} a thread: ${this.variant.id}'s largest need, ${MiB(est.needBytes)}, and 128 MiB); this machine's ${MiB(totalmem())} of memory (less 1 GiB) holds ${most}`,
        );
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
      if (!e.gsReserve(est.layers.reduce((a, l) => Math.max(a, l.slots), 0)))
        throw new TablebaseError(`${this.variant.id}: ${GS_ERRORS[4]}`);
      const out: LayerResult[] = [];
      for (const [i, l] of est.layers.entries()) {
        const t0 = Date.now();
        const file = dir === undefined ? null : this.fileOf(dir, l);
        // the plan's steps up to the first exit pass (the layer's own block among them)
        const ops = plan.grouped ? plan.ops[i]! : [{ op: 'own' } as PlanOp];
        let k = 0;
        const runOps = (exits: boolean) => {
          for (; k < ops.length && (exits || ops[k]!.op !== 'exit'); k++) this.applyOp(ops[k]!, l, dir);
        };
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
          const exits = ops
            .filter((op): op is Extract<PlanOp, { op: 'exit' }> => op.op === 'exit')
            .map((op) => op.keys);
          const stats = await this.solveAttached(l, i, opts.onProgress, exits, () => {
            k++;
            runOps(false);
          });
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
  private async solveSideBySide(
    dir: string,
    keep: 'all' | 'live',
    threads: number,
    opts: { onProgress?: (p: SolveProgress) => void; onLayer?: (r: LayerResult) => void },
  ): Promise<LayerResult[]> {
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
    let pool: {
      solveLayer(
        lane: number,
        l: GenericLayer,
        dir: string,
        onProgress?: (p: SolveProgress) => void,
      ): Promise<LayerResult>;
      close(): Promise<void>;
    } | null = this.laneHook;
    if (pool === null) {
      const { GenericThreads } = await import('./generic-threads.js');
      pool = await GenericThreads.start(
        this.variant.id,
        this.options as Record<string, string | number>,
        this.estimate.handsEmptyOnly,
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
      // the others stop with the pool (closed below, their calls never answered); their layers are solved again by the
      // next run
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
  private async solveAttached(
    l: GenericLayer,
    index: number,
    onProgress?: (p: SolveProgress) => void,
    exits: readonly number[][] = [],
    between: (k: number) => void = () => {},
  ): Promise<LayerStats> {
    const e = this.core.exports;
    // pass 1 counts the exit passes' slots too: (passes done) x slots + slots done, of passes x slots
    let sweep = 0;
    const sweeps = exits.length + 1;
    this.core.hooks.tbProgress = (pass, done, total) =>
      onProgress?.({
        layer: index,
        layers: this.estimate.layers.length,
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
    if (rc < 0)
      throw new TablebaseError(
        `${this.variant.id}: solving layer ${layerName(l)} failed: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`,
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
    return this.estimate.layers.filter(
      (m) =>
        m.key !== l.key &&
        m.captured[0] >= l.captured[0] &&
        m.captured[1] >= l.captured[1] &&
        m.hand[0] <= l.hand[0] &&
        m.hand[1] <= l.hand[1] &&
        down.has(this.classOf(m.stacks)),
    );
  }

  /**
   * The layer of the estimate at (side 0 captured, side 1 captured, side 0 in hand, side 1 in hand, stack
   * excess) and, where several layers share that total (GenericLayer.split), the stack vector `stacks`
   * (the excess on each stack point, SolveEstimate.stackPoints' order: any vector of the layer's class).
   * Throws ArgumentError when the estimate has no such layer, `stacks` is missing where the total is
   * split, or `stacks` is not a vector of that total.
   */
  layerAt(at: readonly number[], stacks?: readonly number[]): GenericLayer {
    const where = () =>
      `captured ${at[0]}/${at[1]}, in hand ${at[2]}/${at[3]}, excess ${at[4]}${stacks === undefined ? '' : ` (stacks ${stacks.join('.')})`}`;
    const some = this.estimate.layers.filter((x) => [...x.captured, ...x.hand, x.excess].join() === at.join());
    if (some.length === 0) throw new ArgumentError(`${this.variant.id} has no solver layer ${where()}`);
    if (stacks === undefined) {
      if (some.length > 1)
        throw new ArgumentError(
          `${this.variant.id}: ${some.length} solver layers are ${where()}; give the stack vector (${some.map((x) => x.stacks.join('.')).join(', ')})`,
        );
      return some[0]!;
    }
    let cls: number;
    try {
      cls = this.classOf(stacks);
    } catch {
      throw new ArgumentError(
        `${this.variant.id}: ${stacks.join('.')} is not a stack vector of its stack points (${this.estimate.stackPoints.join(' ')})`,
      );
    }
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
    if ('fail' in r)
      throw new TablebaseError(
        `${what}: layer ${layerName(l)} and ${r.fail === null ? 'its counters and buckets' : `its successor ${layerName(r.fail)}`} do not fit the core together (${MiB(this.coreLimit)})`,
      );
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
  async solveLayer(
    l: GenericLayer,
    opts: { dir: string; onProgress?: (p: SolveProgress) => void },
  ): Promise<LayerResult> {
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
      if (!fileReadable(file, 'solver layer file'))
        throw new TablebaseError(`${file}: missing; layer ${layerName(l)} needs layer ${layerName(m)} solved first`);
    }
    const plan = this.planAlone(l, dir, `${this.variant.id} does not fit this solver`);
    this.dir = dir;
    const file = this.fileOf(dir, l);
    const ops: PlanOp[] = plan ?? [{ op: 'own' }];
    let k = 0;
    const runOps = (exits: boolean) => {
      for (; k < ops.length && (exits || ops[k]!.op !== 'exit'); k++)
        if (ops[k]!.op !== 'exit') this.applyOp(ops[k]!, l, dir);
    };
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
    const stats = await this.solveAttached(l, est.layers.indexOf(l), opts.onProgress, exits, () => {
      k++;
      runOps(false);
    });
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
    if (est.refusal !== null)
      throw new TablebaseError(`${this.variant.id} has no solved tables: it does not fit the solver (${est.refusal})`);
    if (!isOptionsObject(opts)) throw new ArgumentError(`load options must be an object, got ${describeValue(opts)}`);
    checkKeys(opts, ['keep'], 'load options');
    const keep = opts.keep ?? (est.loadBytes <= CORE_MEMORY_LIMIT ? 'all' : 'live');
    if (keep !== 'all' && keep !== 'live')
      throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
    if (keep === 'all' && est.loadBytes > CORE_MEMORY_LIMIT) {
      throw new TablebaseError(
        `${this.variant.id}: its ${est.layers.length} layers need ${MiB(est.loadBytes)} in the core together (${est.slots} slots, 2 bytes each, plus ${MiB(est.loadBytes - 2 * est.slots)} of work space); WebAssembly's 32-bit memory holds at most ${MiB(CORE_MEMORY_LIMIT)}: load them with keep 'live' (the layers the current position needs, loaded as it moves on)`,
      );
    }
    const infos = est.layers.map((l) => {
      const file = this.fileOf(dir, l);
      if (!fileReadable(file, 'solver layer file')) {
        throw new TablebaseError(
          `${file}: missing (solve with "lattice solve ${this.variant.id} --dir ${dir}"${optionArgs(this.options)}; ${presentOptions(dir, this.variant.id)})`,
        );
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
      for (const k of this.held.keys())
        if (!wanted.has(k)) {
          this.detach(this.byKey.get(k)!);
          return true;
        }
      return false;
    };
    let loaded = false;
    for (const m of want) {
      const ptr = this.held.get(m.key);
      if (ptr !== undefined) {
        this.held.delete(m.key);
        this.held.set(m.key, ptr);
        continue;
      }
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
      throw new TablebaseError(
        `${this.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`,
      );
    };
    for (const l of this.estimate.layers) {
      let ops: PlanOp[] = [];
      if ([l, ...this.successors(l)].some((m) => e.gsValues(m.key) === 0)) {
        if (this.dir === null)
          throw new TablebaseError(
            `${this.variant.id}: layer ${layerName(l)} cannot be verified: it or a layer one move from it is not in memory, and no directory holds them`,
          );
        // as the solve reads them; in groups, its own block is read from its file
        const plan = this.planAlone(l, this.dir, `${this.variant.id}: layer ${layerName(l)} cannot be verified`);
        if (plan !== null) {
          ops = plan;
          this.applyOp({ op: 'load', key: l.key }, l, this.dir);
        }
      }
      if (ops.some((op) => op.op === 'exit')) {
        // the flags between passes: the counters, reserved once for the largest layer (the estimate's work space)
        if (!e.gsReserve(biggest))
          throw new TablebaseError(`${this.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[4]}`);
        if (e.gsVerifyBegin(l.key) !== 0) fail(l);
        for (const op of ops) {
          if (op.op === 'own') continue;
          if (op.op !== 'exit') {
            this.applyOp(op, l, this.dir ?? undefined);
            continue;
          }
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
  private attach(l: GenericLayer): number {
    const e = this.core.exports;
    let ptr = e.gsValues(l.key);
    if (ptr === 0) {
      ptr = this.pool.alloc(2 * l.slots);
      if (ptr === 0)
        throw new TablebaseError(
          `${this.variant.id}: ${GS_ERRORS[4]} (layer ${layerName(l)}, ${l.slots} slots; ${MiB(this.pool.liveBytes)} of layers in memory)`,
        );
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
      if (!fileReadable(file, 'solver layer file'))
        throw new TablebaseError(`${file}: missing; layer ${layerName(l)} reads layer ${layerName(m)} back from it`);
      const ptr = this.attach(m);
      try {
        readGenericFile(
          file,
          this.expectedHeader(m),
          new Uint8Array(this.core.exports.memory.buffer, ptr, 2 * m.slots),
        );
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
    return {
      variant: this.variant.id,
      options: JSON.stringify(tableOptions(this.options)),
      layer: [l.captured[0], l.captured[1], l.hand[0], l.hand[1], l.excess],
      stackClass,
      slots: l.slots,
      symmetries: this.estimate.symmetries,
    };
  }

  /**
   * The value of a position (text, RULES.md notation) for the side to move, or null when its layer is
   * not solved or loaded. A layer not in memory (after a solve or load that kept only the live layers)
   * is read from the directory of the last solve() or load() when its file is there (focus()). Throws ParseError /
   * PositionError for a bad position string, TablebaseError for a corrupt or foreign file.
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
  startText(): string {
    return this.variant.start(this.options);
  }
}
