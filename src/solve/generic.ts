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
 *
 * Parts in generic/: memory.ts (layers in memory and read back), verify.ts, run.ts (one layer, threads); they take
 * the solver itself, as parts.ts's SolverParts (the members of HuntSolver marked internal) describes it.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { totalmem } from 'node:os';
import { crc32 } from 'node:zlib';
import type { Board } from '../board/index.js';
import type { HuntVariant, OptionValues } from '../variants/index.js';
import { loadSetupIntoCore } from '../lattice/core/setup.js';
import { parsePositionText, type NotationContext, type Setup } from '../lattice/position-text.js';
import type { Core } from '../lattice/core/wasm.js';
import { ArgumentError, LatticeError, describeValue } from '../contract/errors.js';
import { checkCallOptions } from '../contract/args.js';
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
import { manifestPath, runCommand, writeManifest } from './manifest.js';
import {
  CORE_MEMORY_LIMIT,
  GS_ERRORS,
  MiB,
  type PlanForce,
  type PlanOp,
  QUEUE_BYTES_PER_SLOT,
  type SolvePlan,
  maxGenericThreads,
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
} from './generic/types.js';
import {
  type HeaderFields,
  decodeValue,
  encodeHeader,
  layerName,
  readGenericFile,
  tableOptions,
} from './generic/files.js';
import { classIndex, classesBelow } from './generic/layers.js';
import { setUpSolver } from './generic/setup.js';
import type { LayerLanes, SolverParts } from './generic/parts.js';
import { applyPlanOp, detachLayer, focusLayers, loadLayers, planAlone, sideCounts } from './generic/memory.js';
import { verifyLayers } from './generic/verify.js';
import { solveAttached, solveSideBySide } from './generic/run.js';

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

/**
 * The generic solver of one variant under one option set, on its own core. The members marked internal
 * are its state and steps as its parts in generic/ (memory.ts, run.ts, verify.ts) read and call them,
 * passed the solver itself (SolverParts): not for other callers.
 */
export class HuntSolver implements SolverParts {
  readonly estimate: SolveEstimate;
  /** @internal The blocks of the core that hold layer values, reused once a layer is no longer needed. */
  readonly pool: LayerPool;
  /** @internal Layers attached by the pool (key -> address). */
  readonly held = new Map<number, number>();
  /**
   * @internal Where probe(), focus() and verify() load a layer that is not in memory from (set by solve(),
   * load() and solveLayer(), and by the parts' loadLayers).
   */
  dir: string | null = null;
  /**
   * False once a load() failed after it had begun to replace the layers held (a file changed between its
   * check and its copy, or the core's memory ran out): no layers are held then. True otherwise: a load()
   * that fails leaves the layers as they were.
   */
  intact = true;
  /** @internal Key -> layer of the estimate. */
  readonly byKey: Map<number, GenericLayer>;
  /**
   * @internal Bytes of layer values focus() keeps in the core at most (the core's limit less the solver's
   * work space; tests lower it).
   */
  focusRoom: number;
  /** The class (index in `classes`) of a stack vector. */
  private readonly classOf: (v: readonly number[]) => number;
  /** The classes the stacks of a class can lead to, losing at most `drop` pieces. */
  private readonly below: (cls: number, drop: number) => number[];
  /** @internal The core's memory limit the plan was made for (CORE_MEMORY_LIMIT; tests lower it: replan). */
  coreLimit = CORE_MEMORY_LIMIT;
  /** @internal Tests only: the most successors a group of the distributed job holds (replan's PlanForce.groupCap). */
  groupCap = Infinity;
  /**
   * @internal Tests only: the threads of solve({ threads }) (default: GenericThreads); a test runs them as
   * solvers in this thread.
   */
  laneHook: LayerLanes | null = null;
  /** @internal Tests only: the keys declared to an exit pass (gsCover), given the group's; default all of them. */
  coverHook: ((keys: number[]) => number[]) | null = null;
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

  /** The start of every layer file's name, and its manifest's: `<variant>-<options CRC>`. */
  filePrefix(): string {
    const tag = (crc32(JSON.stringify(tableOptions(this.options))) >>> 0).toString(16).padStart(8, '0');
    return `${this.variant.id}-${tag}`;
  }

  /**
   * The file of a layer in `dir`: `<variant>-<options CRC>-c<captured>-h<in hand>-e<excess>.lgs`, the
   * excess followed by the stack vector (`-e4v3.1.0.0`) when other layers share its total (GenericLayer.split).
   */
  fileOf(dir: string, l: GenericLayer): string {
    return join(
      dir,
      `${this.filePrefix()}-c${l.captured[0]}.${l.captured[1]}-h${l.hand[0]}.${l.hand[1]}-e${l.excess}` +
        `${l.split ? `v${l.stacks.join('.')}` : ''}.lgs`,
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
   * With `dir`, a solve of the whole game ends by writing the manifest of its files there (writeManifest below,
   * manifest.ts: `<variant>-<options tag>.manifest.json`, each file's size, SHA-256 and counts, the run's commit
   * and command, the start's value); one that loaded every layer leaves a manifest already there as it is.
   *
   * Throws TablebaseError when the estimate refuses the solve, `keep` is 'all' and every layer does not
   * fit, the plan reads layers back and no `dir` is given, a file is corrupt or foreign, or the core
   * fails (naming why); ArgumentError for a bad directory, `keep` or `threads`, `opts` not an object, an
   * unknown key or a callback that is not a function; LatticeError 'busy' while another solve(),
   * solveLayer() or verify() of this solver runs. A solve that fails part-way through a layer (a callback's
   * exception, a file, the core) leaves that layer as it was before, or out of memory; the layers finished
   * before it stay.
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
    checkCallOptions(opts, 'solve options', ['dir', 'keep', 'threads', 'onProgress', 'onLayer']);
    const layers = await this.exclusive('solve', () => this.solveAll(opts));
    if (opts.dir !== undefined && !this.estimate.handsEmptyOnly) await this.writeManifest(opts.dir, layers);
    return layers;
  }

  /**
   * Writes the manifest of this game and option set into `dir` after a solve (manifest.ts:
   * `<variant>-<options tag>.manifest.json`, with the start position's value). A run that solved nothing (every
   * layer loaded) leaves a manifest already there as it is, and writes none into a directory it may not write
   * to (a read-only copy of the tables). Throws TablebaseError as writeManifest.
   */
  private async writeManifest(dir: string, layers: readonly LayerResult[]): Promise<void> {
    const names = this.estimate.layers.map((l) => basename(this.fileOf(dir, l)));
    const prefix = this.filePrefix();
    const written = new Set(layers.filter((l) => !l.loaded).map((l) => basename(this.fileOf(dir, l))));
    if (written.size === 0 && existsSync(manifestPath(dir, prefix))) return;
    const start = this.startText();
    const v = this.probe(start);
    try {
      await writeManifest(dir, {
        kind: 'generic',
        variant: this.variant.id,
        options: tableOptions(this.options),
        prefix,
        extension: '.lgs',
        files: names,
        written,
        value: v === null ? null : { position: start, result: v.result, plies: v.plies },
        command: runCommand(`solverFor(${JSON.stringify(this.variant.id)}, ...).solve`),
      });
    } catch (err) {
      if (written.size > 0) throw err;
      // a directory of finished tables only read (it may be read-only): no manifest then
    }
  }

  /**
   * Runs `work` (a solve of this solver's core) alone: another solve(), solveLayer(), load() or verify()
   * while it runs is refused with LatticeError code 'busy' (they would change the layers under it).
   */
  private async exclusive<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (this.running !== null) throw solverBusy(what, this.running);
    this.running = what;
    try {
      return await work();
    } finally {
      this.running = null;
    }
  }

  /** The run in progress (exclusive), else null. */
  private running: string | null = null;

  /** solve() past its argument check (see there). */
  private async solveAll(
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
        `${this.variant.id}: keeping every layer needs ${MiB(est.loadBytes)} in the ` +
          `core, over its ${MiB(this.coreLimit)}: solve with keep 'live'`,
      );
    const threads = opts.threads ?? 1;
    if (!Number.isInteger(threads) || threads < 1 || threads > 64)
      throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
    const e = this.core.exports;
    const dir = opts.dir;
    if (plan.grouped && dir === undefined)
      throw new TablebaseError(
        `${this.variant.id}: its layers do not fit the core with their successors ` +
          `(${plan.rereads} layer files are read back while solving, some layers read ` +
          `their successors in groups: lattice solve ${this.variant.id} --estimate): give ` +
          `a directory (dir) to write the layers to and read them back from`,
      );
    if (threads > 1) {
      if (dir === undefined)
        throw new ArgumentError('threads over 1 need a directory (dir): the threads hand the layers over as files');
      const most = maxGenericThreads(est);
      if (threads > most)
        throw new ArgumentError(
          `${threads} threads need ${MiB(threads * threadBytes(est))} ` +
            `(${MiB(threadBytes(est))} a thread: ${this.variant.id}'s largest need, ` +
            `${MiB(est.needBytes)}, and 128 MiB); this machine's ${MiB(totalmem())} of ` +
            `memory (less 1 GiB) holds ${most}`,
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
        return await solveSideBySide(this, dir!, keep, threads, opts);
      } finally {
        release();
      }
    }
    // the layer being made: one that fails part-way (a callback's exception, the core, a file) is never
    // left half made; the values it held before are put back, or it is taken out of memory (issue 35)
    let making: { l: GenericLayer; ptr: number; saved: Uint8Array | null } | null = null;
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
        const held = e.gsValues(l.key) !== 0;
        runOps(false);
        const ptr = e.gsValues(l.key) >>> 0;
        const body = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
        making = { l, ptr, saved: held ? body.slice() : null };
        let r: LayerResult;
        if (file !== null && fileReadable(file, 'solver layer file')) {
          const meta = readGenericFile(file, this.expectedHeader(l), body);
          // the rest of the plan's steps (no exit pass: the layer is read), so that memory stands as planned
          runOps(true);
          r = { ...l, ...meta, sides: sideCounts(this, l), ms: Date.now() - t0, loaded: true, file };
        } else {
          if (file !== null) removeStaleTemp(file);
          const exits = ops
            .filter((op): op is Extract<PlanOp, { op: 'exit' }> => op.op === 'exit')
            .map((op) => op.keys);
          const stats = await solveAttached(this, l, i, opts.onProgress, exits, () => {
            k++;
            runOps(false);
          });
          const fresh = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
          if (file !== null) writeAtomic(file, encodeHeader(this.expectedHeader(l), stats, fresh), fresh);
          r = { ...l, ...stats, sides: sideCounts(this, l), ms: Date.now() - t0, loaded: false, file };
        }
        // the layers no layer still to be solved needs: their memory goes to the next ones
        if (keep === 'live') for (const m of est.layers) if (this.lastUse.get(m.key) === i) this.detach(m);
        making = null;
        out.push(r);
        opts.onLayer?.(r);
        await new Promise((res) => setImmediate(res));
      }
      return out;
    } catch (err) {
      const m = making as { l: GenericLayer; ptr: number; saved: Uint8Array | null } | null;
      if (m?.saved && e.gsValues(m.l.key) >>> 0 === m.ptr)
        new Uint8Array(e.memory.buffer, m.ptr, m.saved.length).set(m.saved);
      else if (m) this.detach(m.l);
      throw err;
    } finally {
      release();
    }
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
      `captured ${at[0]}/${at[1]}, in hand ${at[2]}/${at[3]}, excess ` +
      `${at[4]}${stacks === undefined ? '' : ` (stacks ${stacks.join('.')})`}`;
    const some = this.estimate.layers.filter((x) => [...x.captured, ...x.hand, x.excess].join() === at.join());
    if (some.length === 0) throw new ArgumentError(`${this.variant.id} has no solver layer ${where()}`);
    if (stacks === undefined) {
      if (some.length > 1)
        throw new ArgumentError(
          `${this.variant.id}: ${some.length} solver layers are ${where()}; give the ` +
            `stack vector (${some.map((x) => x.stacks.join('.')).join(', ')})`,
        );
      return some[0]!;
    }
    let cls: number;
    try {
      cls = this.classOf(stacks);
    } catch {
      throw new ArgumentError(
        `${this.variant.id}: ${stacks.join('.')} is not a stack vector of its stack ` +
          `points (${this.estimate.stackPoints.join(' ')})`,
      );
    }
    const l = some.find((x) => this.classOf(x.stacks) === cls);
    if (!l) throw new ArgumentError(`${this.variant.id} has no solver layer ${where()}`);
    return l;
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
    const known = l !== null && typeof l === 'object' ? this.byKey.get((l as GenericLayer).key) : undefined;
    if (known === undefined)
      throw new ArgumentError(`solveLayer takes a layer of this solver's estimate, got ${describeValue(l)}`);
    checkCallOptions(opts, 'solveLayer options', ['dir', 'onProgress'], true);
    return this.exclusive('solveLayer', () => this.solveOne(known, opts));
  }

  /** solveLayer() past its argument checks (see there). */
  private async solveOne(
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
    const plan = planAlone(this, l, dir, `${this.variant.id} does not fit this solver`);
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
      return { ...l, ...meta, sides: sideCounts(this, l), ms: Date.now() - t0, loaded: true, file };
    }
    removeStaleTemp(file);
    runOps(false);
    if (!e.gsReserve(l.slots)) throw new TablebaseError(`${this.variant.id}: ${GS_ERRORS[4]}`);
    const exits = ops.filter((op): op is Extract<PlanOp, { op: 'exit' }> => op.op === 'exit').map((op) => op.keys);
    const stats = await solveAttached(this, l, est.layers.indexOf(l), opts.onProgress, exits, () => {
      k++;
      runOps(false);
    });
    const fresh = new Uint8Array(e.memory.buffer, ptr, 2 * l.slots);
    writeAtomic(file, encodeHeader(this.expectedHeader(l), stats, fresh), fresh, jobTempName(file));
    return { ...l, ...stats, sides: sideCounts(this, l), ms: Date.now() - t0, loaded: false, file };
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
    if (this.running !== null) throw solverBusy('load', this.running);
    return loadLayers(this, dir, opts);
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
    return focusLayers(this);
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
    if (onLayer !== undefined && typeof onLayer !== 'function')
      throw new ArgumentError(`verify's onLayer must be a function, got ${describeValue(onLayer)}`);
    return this.exclusive('verify', () => verifyLayers(this, onLayer));
  }

  /** @internal Does one step of a solving plan for layer `l` (applyPlanOp; a test hooks it here). */
  applyOp(op: PlanOp, l: GenericLayer, dir: string | undefined): void {
    applyPlanOp(this, op, l, dir);
  }

  /** @internal Takes layer `l`'s values out of the core and gives their block back to the pool (detachLayer). */
  detach(l: GenericLayer): void {
    detachLayer(this, l);
  }

  /**
   * @internal The header the file of layer `l` must have (its variant, table options, layer, stack class,
   * slots, symmetries).
   */
  expectedHeader(l: GenericLayer): HeaderFields {
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
    if (this.running !== null) throw solverBusy('probe', this.running);
    if (typeof position !== 'string' && (position === null || typeof position !== 'object'))
      throw new ArgumentError(`a position must be a string, got ${describeValue(position)}`);
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

/** The error of a call on a solver while its `running` (solve, solveLayer, verify) runs: LatticeError 'busy'. */
function solverBusy(method: string, running: string): LatticeError {
  return new LatticeError(
    'busy',
    `the solver is busy: ${method}() cannot be called while its ${running}() runs (it would change the ` +
      `layers under it); call it after ${running}() has finished`,
  );
}
