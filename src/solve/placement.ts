/**
 * The whole game of Bagh Chal solved backwards (issue 3): the placement phase (goats still in hand) is
 * a DAG of layers (goats placed p, goats captured c, side to move) over the movement-phase tablebase,
 * solved from p = 19 down to the start by the WASM core (assembly/tablebase/placement.ts, which
 * documents the index and the values), on every core, keeping only the layers in use.
 *
 * Each position gets one nibble that answers every "tigers win at k captures" game, k = 1..K (K =
 * captures-to-win, 5 by default) at once: V, the largest k the tigers can force (the forced-capture
 * figure), and whether the goats win the game itself (trap the tigers). So one pass gives both the
 * value of the start position and the most goats the tigers can force to capture.
 *
 * Resumable: after each placement count p, the hunters-to-move layers of p (all the next step needs)
 * are written atomically as checkpoint files and those of p + 1 deleted; a killed solve restarts from
 * the lowest complete set. The answer is written to `<variant>-ctw<K>-solution.json`.
 */
import { readFileSync, unlinkSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../variants/index.js';
import { loadVariantCore } from '../lattice/core/setup.js';
import { newSharedMemory, type Core } from '../lattice/core/wasm.js';
import { parsePositionText } from '../lattice/position-text.js';
import { notationContext } from '../lattice/core/setup.js';
import { ArgumentError, describeValue } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import { requireTablebaseProfile, setupTablebaseIndex, tablebaseCounts } from './setup.js';
import { SolverThreads } from './threads.js';
import {
  buildTablebase,
  checkCapturesForTablebases,
  checkRepetitionForTablebases,
  loadMovementLayers,
  movementFilesPresent,
  type LayerReport,
} from './index.js';
import {
  TablebaseError,
  ensureWritableDir,
  fileReadable,
  lockDir,
  placementFileName,
  readPlacementFile,
  writePlacementFile,
  writeAtomic,
  removeStaleTemp,
  type PlacementMeta,
} from './format.js';

const KIND_G = 0,
  KIND_T = 1,
  KIND_CONVERT = 2;

/** Where a solve is: `stage` "movement" (building the movement-phase tablebases), "convert", or "placement". */
export interface SolveProgress {
  stage: 'movement' | 'convert' | 'placement';
  /** Goats placed and captured of the layer being solved (placement, convert). */
  placed: number;
  captured: number;
  /** Side to move in that layer. */
  side: 'goats' | 'tigers';
  /** Hunter-orbit blocks of the layer done, of total (1666 for Bagh Chal). */
  done: number;
  total: number;
  /** Layer steps finished so far, of all steps of the solve. */
  step: number;
  steps: number;
  /** Movement stage: the captures-to-win of the tablebase being built, and its progress. */
  movement?: { capturesToWin: number; layer: number; pass: number; done: number; total: number };
}

/** One solved placement layer: distinct positions (up to symmetry) and their values. */
export interface PlacementLayerReport {
  placed: number;
  captured: number;
  side: 'goats' | 'tigers';
  positions: number;
  /** Values in the game itself (captures-to-win K), for the side named: */
  tigersWin: number;
  goatsWin: number;
  draws: number;
  /** forced[k] = positions where the most captures the tigers can force is k (0..K). */
  forced: number[];
  ms: number;
  /** Read from a checkpoint file instead of solved. */
  loaded: boolean;
}

/** The answer of solveGame. */
export interface GameSolution {
  variant: string;
  capturesToWin: number;
  /** The start position (goats to move). */
  position: string;
  /** Game value for the side to move at the start (goats); null if the solve stopped before the start (stopAt). */
  value: 'win' | 'draw' | 'loss' | null;
  /** The most goats the tigers can force to capture from the start (0..capturesToWin); null as `value`. */
  forcedCaptures: number | null;
  /**
   * Distinct placement positions solved (both sides to move, up to symmetry; earlier runs of a resumed solve included).
   */
  positions: number;
  /** Wall-clock time of the placement pass (milliseconds, earlier runs of a resumed solve included) and of this run. */
  placementMs: number;
  ms: number;
  /** Runs the solve took (more than 1 when it was resumed). */
  runs: number;
  threads: number;
  /** Peak resident memory of the process during the solve (MiB). */
  peakRssMB: number;
  /**
   * Every solved layer (those of earlier runs of a resumed solve included), and the converted movement-phase layers
   * (placed = 20).
   */
  layers: PlacementLayerReport[];
  /** True when the answer was read from a solution file of an earlier run. */
  loaded: boolean;
}

/** Options of solveGame. */
export interface SolveOptions {
  /** Directory of the movement-phase tablebases (built there if missing) and of the checkpoints. */
  dir: string;
  /** Variant options (captures-to-win: 1..5, MAX_TABLEBASE_CAPTURES). */
  options?: Record<string, number | string>;
  /** Solving threads; default the machine's cores, at most 8. */
  threads?: number;
  onProgress?: (p: SolveProgress) => void;
  onLayer?: (r: PlacementLayerReport) => void;
  onMovementLayer?: (capturesToWin: number, r: LayerReport) => void;
  /**
   * Stop after the layers with this many goats placed (default 0, the start: only then is the answer complete and a
   * solution file written).
   */
  stopAt?: number;
  /** For tests: keep every solved layer in memory for `probe` (needs memory for all of them). */
  keepLayers?: boolean;
}

/** A position's placement value: V (the most captures the tigers can force) and whether the goats win the game. */
export interface PlacementValue {
  forcedCaptures: number;
  goatsWin: boolean;
  tigersWin: boolean;
  wdl: 'win' | 'draw' | 'loss';
}

const solutionFile = (v: HuntVariant, k: number) => `${v.id}-ctw${k}-solution.json`;

const count = z.number().int().nonnegative();
const LayerSchema = z.object({
  placed: count,
  captured: count,
  side: z.enum(['goats', 'tigers']),
  positions: count,
  tigersWin: count,
  goatsWin: count,
  draws: count,
  forced: z.array(count),
  ms: count,
  loaded: z.boolean(),
});
/** The solution file's shape (a GameSolution), checked when a finished solve is read back. */
const SolutionSchema = z.object({
  variant: z.string(),
  capturesToWin: z.number().int().min(1).max(7),
  position: z.string(),
  value: z.enum(['win', 'draw', 'loss']),
  forcedCaptures: count,
  positions: count,
  placementMs: count,
  ms: count,
  runs: z.number().int().positive(),
  threads: z.number().int().positive(),
  peakRssMB: count,
  layers: z.array(LayerSchema),
  loaded: z.boolean(),
});
/** The progress record written with each checkpoint: the layers solved so far, their time, the runs. */
const ProgressSchema = z.object({
  layers: z.array(LayerSchema),
  placementMs: count,
  runs: z.number().int().positive(),
});

/** Reads a finished solve's answer; TablebaseError naming the file if it is unreadable or not for this game. */
function readSolution(path: string, variant: string, k: number, start: string): GameSolution {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new TablebaseError(
      `solution file ${path} is unreadable (${(err as Error).message.replace(/\s+/g, ' ')}): delete it to solve again`,
    );
  }
  const r = SolutionSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new TablebaseError(
      `solution file ${path} is unreadable (${i.path.join('.') || 'top level'}: ${i.message}): delete it to solve again`,
    );
  }
  const d = r.data;
  if (d.variant !== variant || d.capturesToWin !== k)
    throw new TablebaseError(
      `solution file ${path} is for ${d.variant} with captures-to-win ${d.capturesToWin}, not ${variant} with ${k}: delete it to solve again`,
    );
  // the answer must be self-consistent: the start, at most k forced captures, the tigers win iff they force k
  if (d.position !== start || d.forcedCaptures > k || (d.forcedCaptures === k) !== (d.value === 'loss')) {
    throw new TablebaseError(
      `solution file ${path} is inconsistent (position ${JSON.stringify(d.position)}, value ${d.value}, forced captures ${d.forcedCaptures} of ${k}): delete it to solve again`,
    );
  }
  return { ...d, loaded: true };
}

/**
 * Solves the placement phase of `variantId` (Bagh Chal) backwards from its movement-phase tablebases
 * (built into opts.dir first when missing, one per captures-to-win 1..K) and returns the start
 * position's value and forced-capture figure. Throws ArgumentError for bad options, TablebaseError
 * for an unusable file (named). `probe(position)` answers for the layers still in memory at the end: those
 * of `stopAt` goats placed, or every layer solved with `keepLayers` (null for any other position).
 */
export async function solveGame(
  variantId: string,
  opts: SolveOptions,
): Promise<GameSolution & { probe?: (position: string) => PlacementValue | null }> {
  const t0 = performance.now();
  const v = getVariant(variantId);
  const o = resolveOptions(v, opts.options);
  await requireTablebaseProfile(v, o);
  const { capturesToWin: K, preyTotal } = tablebaseCounts(v, o);
  checkCapturesForTablebases(K); // it builds the movement-phase tablebases for 1..K first
  const threads = opts.threads ?? Math.min(8, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 64)
    throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
  const stopAt = opts.stopAt ?? 0;
  const keep = opts.keepLayers ?? false;
  if (!Number.isInteger(stopAt) || stopAt < 0 || stopAt >= preyTotal)
    throw new ArgumentError(`stopAt must be an integer 0..${preyTotal - 1}, got ${describeValue(stopAt)}`);
  const solPath = join(opts.dir, solutionFile(v, K));
  if (stopAt === 0 && fileReadable(solPath, 'solution file')) return readSolution(solPath, v.id, K, v.start(o));
  checkRepetitionForTablebases(o);
  ensureWritableDir(opts.dir);
  const unlock = lockDir(opts.dir, `${v.id}-ctw${K}-solve`);
  try {
    return await solveIn(v, o, K, threads, stopAt, keep, solPath, opts, t0);
  } finally {
    unlock();
  }
}

/**
 * The variant options of the movement-phase tablebases the whole-game solve of captures-to-win K reads
 * (one per captures-to-win 1..K, in that order): `options` with captures-to-win set to each. A
 * distributed solve (src/distributed/) builds these before the placement pass.
 */
export function movementOptionSets(
  options: Record<string, number | string>,
  K: number,
): Array<Record<string, number | string>> {
  return Array.from({ length: K }, (_, i) => ({ ...options, 'captures-to-win': i + 1 }));
}

/**
 * The captures-to-win K of `variantId`'s whole-game solve under `options`, checked as solveGame checks
 * it (the tablebase profile, K in 1..5, repetition): the movement-phase tablebases it needs are
 * movementOptionSets(options, K). Throws TablebaseError, ArgumentError, OptionError as solveGame.
 */
export async function wholeGameCaptures(variantId: string, options: Record<string, number | string>): Promise<number> {
  const v = getVariant(variantId);
  const o = resolveOptions(v, options);
  await requireTablebaseProfile(v, o);
  const K = tablebaseCounts(v, o).capturesToWin;
  checkCapturesForTablebases(K);
  checkRepetitionForTablebases(o);
  return K;
}

async function solveIn(
  v: HuntVariant,
  o: OptionValues,
  K: number,
  threads: number,
  stopAt: number,
  keep: boolean,
  solPath: string,
  opts: SolveOptions,
  t0: number,
): Promise<GameSolution & { probe?: (position: string) => PlacementValue | null }> {
  // the movement-phase tablebases for every captures-to-win 1..K
  for (const [i, options] of movementOptionSets(opts.options ?? {}, K).entries()) {
    const k = i + 1;
    if (movementFilesPresent(v.id, k, opts.dir)) continue;
    await buildTablebase(v.id, {
      dir: opts.dir,
      threads,
      options,
      onProgress: (p) =>
        opts.onProgress?.({
          stage: 'movement',
          placed: tablebaseCounts(v, o).preyTotal,
          captured: p.layer,
          side: 'goats',
          done: 0,
          total: 0,
          step: 0,
          steps: 0,
          movement: { capturesToWin: k, layer: p.layer, pass: p.pass, done: p.done, total: p.total },
        }),
      onLayer: (r) => opts.onMovementLayer?.(k, r),
    });
  }
  const memory = threads > 1 ? newSharedMemory() : undefined;
  const { board, core } = await loadVariantCore(v, o, false, memory);
  const orbits = setupTablebaseIndex(core, board, v, o);
  const pool = memory ? await SolverThreads.start(core, memory, v.id, { ...(opts.options ?? {}) }, threads) : null;
  try {
    const solver = new PlacementSolver(core, board, v, o, K, orbits, pool, opts, stopAt, keep);
    const r = await solver.run();
    const sol: GameSolution = { ...r, ms: Math.round(performance.now() - t0), threads, loaded: false };
    if (stopAt === 0) {
      writeAtomic(solPath, new Uint8Array(0), Buffer.from(JSON.stringify(sol, null, 2) + '\n'));
      solver.removeCheckpoints(-1);
    }
    return { ...sol, probe: (p: string) => solver.probe(p) };
  } finally {
    await pool?.close();
  }
}

/**
 * One backward solve on one core instance (and its solving threads): owns the layer buffers (slabs
 * reused as layers are freed, since the core's allocator never frees), schedules the steps, writes the
 * checkpoints and reports. Not exported: solveGame is the interface.
 */
class PlacementSolver {
  private readonly e: Core['exports'];
  private readonly free: Array<{ ptr: number; bytes: number }> = [];
  /** Size of every buffer in use, by address. */
  private readonly sizes = new Map<number, number>();
  private slabBytes = 0;
  /** Layers in memory: key `${side}:${placed}:${captured}` (side 0 goats, 1 tigers to move). */
  private readonly layers = new Map<string, number>();
  private readonly reports: PlacementLayerReport[] = [];
  private peakRss = 0;
  private step = 0;
  private steps = 0;

  constructor(
    private readonly core: Core,
    private readonly board: Board,
    private readonly v: HuntVariant,
    private readonly o: OptionValues,
    private readonly K: number,
    private readonly orbits: number,
    private readonly pool: SolverThreads | null,
    private readonly opts: SolveOptions,
    private readonly stopAt: number,
    private readonly keep: boolean,
  ) {
    this.e = core.exports;
    this.counts = tablebaseCounts(v, o);
    if (this.e.plPrepare(pool?.size ?? 1) !== 0)
      throw new TablebaseError('internal: cannot prepare the placement solver');
  }

  /** The counts the solver works on (tablebaseCounts). */
  private readonly counts: { hunters: number; preyTotal: number; capturesToWin: number };
  private get P(): number {
    return this.counts.preyTotal;
  }
  /** Captured counts of layer (p, side): goats to move c <= min(p, K - 1); tigers to move c <= min(p - 1, K - 1). */
  private cMax(p: number, side: 0 | 1): number {
    return Math.min(side === 0 ? p : p - 1, this.K - 1);
  }
  private key(side: 0 | 1, p: number, c: number): string {
    return `${side}:${p}:${c}`;
  }

  /**
   * A layer buffer of at least `bytes`: a free one, or a new one (of the run's largest layer size, exact when layers
   * are kept).
   */
  private take(bytes: number): number {
    const i = this.free.findIndex((f) => f.bytes >= bytes);
    if (i >= 0) {
      const f = this.free.splice(i, 1)[0];
      this.sizes.set(f.ptr, f.bytes);
      return f.ptr;
    }
    const size = this.keep ? bytes : this.slabBytes;
    const ptr = this.e.plAllocSlab(size) >>> 0;
    if (!ptr) {
      const inUse = [...this.sizes.values()].reduce((a, b) => a + b, 0);
      throw new TablebaseError(
        `out of memory: a placement layer of ${Math.round(size / 2 ** 20)} MiB does not fit the 4 GiB WebAssembly memory ` +
          `(${Math.round(inUse / 2 ** 20)} MiB of layers in use${this.keep ? '; keepLayers keeps every layer: use a higher stopAt' : ''})`,
      );
    }
    this.sizes.set(ptr, size);
    return ptr;
  }
  private release(side: 0 | 1, p: number, c: number): void {
    const k = this.key(side, p, c);
    const ptr = this.layers.get(k);
    if (ptr === undefined || this.keep) return;
    this.layers.delete(k);
    this.free.push({ ptr, bytes: this.sizes.get(ptr)! });
    this.sizes.delete(ptr);
  }
  private bytes(g: number): number {
    return this.e.plLayerBytes(g);
  }
  private view(ptr: number, g: number): Uint8Array {
    return new Uint8Array(this.e.memory.buffer, ptr, this.bytes(g));
  }
  private histogram(): number[] {
    return Array.from({ length: 16 }, (_, i) => this.e.plHistogram(i));
  }
  private rss(): void {
    this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
  }

  private async runStep(
    kind: number,
    dst: number,
    src: number,
    src2: number,
    g: number,
    c: number,
    k: number,
    init: number,
    p: number,
    side: 'goats' | 'tigers',
    stage: 'convert' | 'placement',
  ): Promise<void> {
    if (this.e.plBegin(kind, dst, src, src2, g, c, this.K, k, init) !== 0)
      throw new TablebaseError(`internal: the core refused placement step ${stage} p=${p} c=${c}`);
    const report = this.opts.onProgress;
    this.core.hooks.tbProgress = (pass, done, total) => {
      if (pass === 3)
        report?.({ stage, placed: p, captured: c, side, done, total, step: this.step, steps: this.steps });
    };
    try {
      if (this.pool) await this.pool.placementStep();
      else if (this.e.plWork(0) < 0) throw new TablebaseError('internal: the placement solver has no scratch');
    } finally {
      this.core.hooks.tbProgress = () => {};
    }
    const err = this.e.plError();
    if (err) throw new TablebaseError(`internal: placement step ${stage} p=${p} c=${c} failed (code ${err})`);
    this.step++;
    this.rss();
  }

  private summarize(
    p: number,
    c: number,
    side: 0 | 1,
    hist: number[],
    ms: number,
    loaded: boolean,
  ): PlacementLayerReport {
    const forced = Array.from({ length: this.K + 1 }, () => 0);
    let tigersWin = 0,
      goatsWin = 0,
      positions = 0;
    hist.forEach((n, x) => {
      positions += n;
      const V = x & 7;
      if (V <= this.K) forced[V] += n;
      if (V === this.K) tigersWin += n;
      else if (x & 8) goatsWin += n;
    });
    const r: PlacementLayerReport = {
      placed: p,
      captured: c,
      side: side === 0 ? 'goats' : 'tigers',
      positions,
      tigersWin,
      goatsWin,
      draws: positions - tigersWin - goatsWin,
      forced,
      ms,
      loaded,
    };
    this.reports.push(r);
    this.opts.onLayer?.(r);
    return r;
  }

  private fileMeta(p: number, c: number): Omit<PlacementMeta, 'histogram'> {
    return {
      variant: this.v.id,
      k: this.K,
      placed: p,
      captured: c,
      side: 1,
      hunters: this.counts.hunters,
      preyTotal: this.P,
      orbits: this.orbits,
      bytes: this.bytes(p - c),
    };
  }
  private filePath(p: number, c: number): string {
    return join(this.opts.dir, placementFileName(this.v.id, this.K, p, c));
  }

  private progressPath(p: number): string {
    return join(this.opts.dir, `${this.v.id}-ctw${this.K}-placed${p}-progress.json`);
  }

  /** Deletes the checkpoint files and progress records of every placed count except `keep` (-1: all). */
  removeCheckpoints(keep: number): void {
    const prefix = `${this.v.id}-ctw${this.K}-`;
    for (const f of readdirSync(this.opts.dir)) {
      const m = f.startsWith(prefix)
        ? /^placed(\d+)-(c\d+\.lttp|progress\.json)(\.tmp)?$/.exec(f.slice(prefix.length))
        : null;
      if (m && Number(m[1]) !== keep) unlinkSync(join(this.opts.dir, f));
    }
  }

  /**
   * The progress record of the checkpoint at p: it must list exactly the layers solved above it. Throws
   * TablebaseError naming the file otherwise.
   */
  private readProgress(p: number): { layers: PlacementLayerReport[]; placementMs: number; runs: number } {
    const path = this.progressPath(p);
    const bad = (what: string) =>
      new TablebaseError(
        `progress record ${path} is unusable (${what}): delete the files of placed${p} to solve those layers again`,
      );
    let r: ReturnType<typeof ProgressSchema.safeParse>;
    try {
      r = ProgressSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    } catch (err) {
      throw bad((err as Error).message.replace(/\s+/g, ' '));
    }
    if (!r.success) throw bad(`${r.error.issues[0].path.join('.') || 'top level'}: ${r.error.issues[0].message}`);
    const want: string[] = [];
    for (let q = p; q <= this.P; q++) {
      if (q < this.P) for (let c = 0; c <= this.cMax(q, 0); c++) want.push(`goats/${q}/${c}`);
      for (let c = 0; c <= Math.min(q - 1, this.K - 1); c++) want.push(`tigers/${q}/${c}`);
    }
    const have = r.data.layers.map((l) => `${l.side}/${l.placed}/${l.captured}`);
    if (have.length !== want.length || want.some((k) => !have.includes(k)))
      throw bad(`it lists ${have.length} layers, not the ${want.length} solved down to ${p} placed`);
    return r.data;
  }

  /** The lowest placed count p < P whose tigers-to-move checkpoint layers and progress record are all present, or P. */
  private findCheckpoint(): number {
    for (let p = 1; p < this.P; p++) {
      let all = true;
      for (let c = 0; c <= this.cMax(p, 1); c++) if (!fileReadable(this.filePath(p, c), 'checkpoint file')) all = false;
      if (all && fileReadable(this.progressPath(p), 'progress file')) return p;
    }
    return this.P;
  }

  async run(): Promise<Omit<GameSolution, 'ms' | 'threads' | 'loaded'>> {
    const t0 = performance.now();
    const P = this.P,
      K = this.K;
    const from = this.findCheckpoint();
    // what earlier runs solved (the checkpoint's progress record, checked against the layers it must list)
    let prior: PlacementLayerReport[] = [],
      priorMs = 0,
      runs = 1;
    if (from < P) ({ layers: prior, placementMs: priorMs, runs } = this.readProgress(from));
    if (from < P) runs++;
    const solvedHere = () => this.reports.filter((r) => !r.loaded);
    // every layer this run touches fits one slab size
    let maxBytes = 0;
    for (let p = this.stopAt; p <= P; p++)
      for (let c = 0; c <= Math.min(p, K - 1); c++) if (p <= from) maxBytes = Math.max(maxBytes, this.bytes(p - c));
    this.slabBytes = maxBytes;
    this.steps = 0;
    if (from === P) for (let k = 1; k <= K; k++) this.steps += Math.min(k, P);
    for (let p = from - 1; p >= this.stopAt; p--)
      this.steps += this.cMax(p, 0) + 1 + (p >= 1 ? this.cMax(p, 1) + 1 : 0);
    if (from === P) await this.convert();
    else this.loadCheckpoint(from);
    for (let p = from - 1; p >= this.stopAt; p--) {
      await this.solvePlaced(p);
      if (p >= 1) {
        for (let c = 0; c <= this.cMax(p, 1); c++) {
          const ptr = this.layers.get(this.key(1, p, c))!;
          removeStaleTemp(this.filePath(p, c));
          writePlacementFile(
            this.filePath(p, c),
            { ...this.fileMeta(p, c), histogram: this.lastHist.get(this.key(1, p, c))! },
            this.view(ptr, p - c),
          );
        }
        // the record last: a checkpoint counts only with its record, so a kill in between falls back to p + 1
        writeAtomic(
          this.progressPath(p),
          new Uint8Array(0),
          Buffer.from(
            JSON.stringify({
              layers: [...prior, ...solvedHere()],
              placementMs: Math.round(priorMs + performance.now() - t0),
              runs,
            }),
          ),
        );
        this.removeCheckpoints(p);
      }
    }
    const placementMs = Math.round(priorMs + performance.now() - t0);
    const layers = [...prior, ...solvedHere()];
    const start = this.v.start({ 'captures-to-win': K });
    const sv = this.stopAt === 0 ? this.probe(start) : null;
    return {
      variant: this.v.id,
      capturesToWin: K,
      position: start,
      value: sv?.wdl ?? null,
      forcedCaptures: sv?.forcedCaptures ?? null,
      positions: layers.filter((r) => r.placed < P).reduce((a, r) => a + r.positions, 0),
      placementMs,
      runs,
      peakRssMB: Math.round(this.peakRss / 2 ** 20),
      layers,
    };
  }

  private readonly lastHist = new Map<string, number[]>();

  /** The tigers-to-move layers with every goat placed, from the movement-phase tablebases of captures-to-win 1..K. */
  private async convert(): Promise<void> {
    const P = this.P,
      K = this.K;
    const t: number[] = [];
    for (let c = 0; c < K && c <= P - 1; c++) {
      const s = this.take(this.bytes(P - c));
      this.layers.set(this.key(1, P, c), s);
      t.push(s);
    }
    const ms = t.map(() => 0);
    for (let k = 1; k <= K; k++) {
      loadMovementLayers(this.core, this.v, this.o, k, this.opts.dir, this.orbits);
      for (let c = 0; c < k && c < t.length; c++) {
        const t1 = performance.now();
        await this.runStep(KIND_CONVERT, t[c], 0, 0, P - c, c, k, k === c + 1 ? 1 : 0, P, 'tigers', 'convert');
        ms[c] += performance.now() - t1;
        if (k === K) this.summarize(P, c, 1, this.histogram(), Math.round(ms[c]), false);
      }
    }
  }

  private loadCheckpoint(p: number): void {
    for (let c = 0; c <= this.cMax(p, 1); c++) {
      const ptr = this.take(this.bytes(p - c));
      const meta = readPlacementFile(this.filePath(p, c), this.fileMeta(p, c), this.view(ptr, p - c));
      this.layers.set(this.key(1, p, c), ptr);
      this.summarize(p, c, 1, meta.histogram, 0, true);
    }
  }

  /** Goats to move (p, c) for every c, then tigers to move (p, c), freeing what is no longer needed. */
  private async solvePlaced(p: number): Promise<void> {
    const gMax = this.cMax(p, 0),
      tMax = p >= 1 ? this.cMax(p, 1) : -1;
    const goats = async (c: number) => {
      const src = this.layers.get(this.key(1, p + 1, c));
      if (src === undefined) throw new Error(`internal: layer tigers/${p + 1}/${c} is missing`);
      const dst = this.take(this.bytes(p - c));
      this.layers.set(this.key(0, p, c), dst);
      const t1 = performance.now();
      await this.runStep(KIND_G, dst, src, 0, p - c, c, 0, 0, p, 'goats', 'placement');
      this.summarize(p, c, 0, this.histogram(), Math.round(performance.now() - t1), false);
      this.release(1, p + 1, c);
    };
    await goats(0);
    for (let c = 0; c <= gMax; c++) {
      if (c + 1 <= gMax) await goats(c + 1);
      if (c <= tMax) {
        const dst = this.take(this.bytes(p - c));
        this.layers.set(this.key(1, p, c), dst);
        const src = this.layers.get(this.key(0, p, c))!;
        const src2 = c + 1 < this.K ? this.layers.get(this.key(0, p, c + 1))! : 0;
        const t1 = performance.now();
        await this.runStep(KIND_T, dst, src, src2, p - c, c, 0, 0, p, 'tigers', 'placement');
        const hist = this.histogram();
        this.lastHist.set(this.key(1, p, c), hist);
        this.summarize(p, c, 1, hist, Math.round(performance.now() - t1), false);
      }
      if (p > this.stopAt) this.release(0, p, c); // the last goats-to-move layers answer probe() (the start)
    }
  }

  /** The value of a position in a layer still in memory, or null. Throws ParseError for a bad string. */
  probe(position: string): PlacementValue | null {
    const s = parsePositionText(notationContext(this.v, this.o, this.board, this.v.rules(this.o)), position);
    const p = this.P - s.hand[0],
      c = s.captured[0];
    const ptr = this.layers.get(this.key(s.side, p, c));
    if (ptr === undefined) return null;
    let h = 0,
      g = 0;
    s.owner.forEach((x, i) => {
      if (x === 1) h |= 1 << i;
      else if (x === 0) g |= 1 << i;
    });
    const slot = this.e.plSlotOf(h >>> 0, g >>> 0, p - c);
    if (slot < 0) return null;
    const x = this.e.plValueAt(ptr, slot);
    const V = x & 7,
      goatsWin = (x & 8) !== 0,
      tigersWin = V === this.K;
    const mover =
      s.side === 1 ? (tigersWin ? 'win' : goatsWin ? 'loss' : 'draw') : goatsWin ? 'win' : tigersWin ? 'loss' : 'draw';
    return { forcedCaptures: V, goatsWin, tigersWin, wdl: mover };
  }
}
