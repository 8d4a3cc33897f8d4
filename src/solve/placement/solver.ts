/**
 * The backward solve of Bagh Chal's placement phase on one core (src/solve/placement.ts solveGame): the
 * layer buffers, the steps in the core (assembly/tablebase/placement.ts), the checkpoint files and
 * progress records, and the values of the layers in memory.
 */
import { readFileSync, unlinkSync, readdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import type { HuntVariant, OptionValues } from '../../variants/index.js';
import type { Core } from '../../lattice/core/wasm.js';
import { parsePositionText } from '../../lattice/position-text.js';
import { notationContext } from '../../lattice/core/setup.js';
import type { Board } from '../../board/index.js';
import { tablebaseCounts } from '../setup.js';
import type { SolverThreads } from '../threads.js';
import { loadMovementLayers } from '../index.js';
import {
  TablebaseError,
  fileReadable,
  placementFileName,
  readPlacementFile,
  writePlacementFile,
  writeAtomic,
  removeStaleTemp,
  fileFailure,
  type PlacementMeta,
} from '../format.js';
import { ProgressSchema } from './files.js';
import type { GameSolution, PlacementLayerReport, PlacementValue, SolveOptions } from './types.js';

const KIND_G = 0,
  KIND_T = 1,
  KIND_CONVERT = 2;

/**
 * One backward solve on one core instance (and its solving threads): owns the layer buffers (slabs
 * reused as layers are freed, since the core's allocator never frees), schedules the steps, writes the
 * checkpoints and reports. Used by solveGame only (src/solve/placement.ts), the interface.
 */
export class PlacementSolver {
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
    /** keepPlacement: every layer solved stays on disk as a table file (both sides to move). */
    private readonly keepFiles = false,
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
        `out of memory: a placement layer of ${Math.round(size / 2 ** 20)} MiB does not ` +
          `fit the 4 GiB WebAssembly memory ` +
          (`(${Math.round(inUse / 2 ** 20)} MiB of layers in ` +
            `use${this.keep ? '; keepLayers keeps every layer: use a higher stopAt' : ''})`),
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

  private fileMeta(p: number, c: number, side: 0 | 1 = 1): Omit<PlacementMeta, 'histogram'> {
    return {
      variant: this.v.id,
      k: this.K,
      placed: p,
      captured: c,
      side,
      hunters: this.counts.hunters,
      preyTotal: this.P,
      orbits: this.orbits,
      bytes: this.bytes(p - c),
    };
  }
  private filePath(p: number, c: number, side: 0 | 1 = 1): string {
    return join(this.opts.dir, placementFileName(this.v.id, this.K, p, c, side));
  }

  /** Writes layer (side, p, c), in memory at `ptr`, as its table file (atomically; a stale temp file removed first). */
  private writeLayer(side: 0 | 1, p: number, c: number, ptr: number, hist: number[]): void {
    removeStaleTemp(this.filePath(p, c, side));
    writePlacementFile(
      this.filePath(p, c, side),
      { ...this.fileMeta(p, c, side), histogram: hist },
      this.view(ptr, p - c),
    );
  }

  private progressPath(p: number): string {
    return join(this.opts.dir, `${this.v.id}-ctw${this.K}-placed${p}-progress.json`);
  }

  /**
   * Deletes the checkpoint files and progress records of every placed count except `keep` (-1: all); with
   * keepPlacement only the progress records (the layers stay). Throws TablebaseError naming the directory or
   * file and the cause when the file system refuses.
   */
  removeCheckpoints(keep: number): void {
    const prefix = `${this.v.id}-ctw${this.K}-`;
    let names: string[];
    try {
      names = readdirSync(this.opts.dir);
    } catch (err) {
      throw fileFailure('list', this.opts.dir, err, 'the checkpoint directory');
    }
    for (const f of names) {
      const m = f.startsWith(prefix)
        ? /^placed(\d+)-(c\d+\.lttp|progress\.json)(\.tmp)?$/.exec(f.slice(prefix.length))
        : null;
      if (!m || Number(m[1]) === keep || (this.keepFiles && m[2].endsWith('.lttp'))) continue;
      try {
        unlinkSync(join(this.opts.dir, f));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
          throw fileFailure('remove', join(this.opts.dir, f), err, 'the checkpoint file');
      }
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
    if (this.keepFiles) this.checkDisk(from);
    if (from === P) await this.convert();
    else this.loadCheckpoint(from);
    for (let p = from - 1; p >= this.stopAt; p--) {
      await this.solvePlaced(p);
      if (p >= 1) {
        for (let c = 0; c <= this.cMax(p, 1); c++)
          this.writeLayer(1, p, c, this.layers.get(this.key(1, p, c))!, this.lastHist.get(this.key(1, p, c))!);
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

  /**
   * With keepPlacement: the bytes of the layer files this run writes (both sides to move, from `from` - 1 placed
   * down to stopAt), checked against the free space of the directory's file system before any work. Throws
   * TablebaseError saying how much is needed and free.
   */
  private checkDisk(from: number): void {
    let need = 0;
    for (let p = from - 1; p >= this.stopAt; p--) {
      for (let c = 0; c <= this.cMax(p, 0); c++) need += this.bytes(p - c);
      if (p >= 1) for (let c = 0; c <= this.cMax(p, 1); c++) need += this.bytes(p - c);
    }
    let free: number;
    try {
      const st = statfsSync(this.opts.dir);
      free = st.bavail * st.bsize;
    } catch {
      return; // a file system that does not say: the writes report a full disk themselves
    }
    const gb = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.ceil(n / 1e6)} MB`);
    if (need > free)
      throw new TablebaseError(
        `keepPlacement (--keep-placement) keeps every placement layer: this run writes about ${gb(need)} in ` +
          `${this.opts.dir}, ` +
          `which has ${gb(free)} free (solve without it, or give a --dir with room)`,
      );
  }

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
      const hist = this.histogram();
      this.summarize(p, c, 0, hist, Math.round(performance.now() - t1), false);
      if (this.keepFiles) this.writeLayer(0, p, c, dst, hist);
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
    return { forcedCaptures: V, goatsWin, tigersWin, wdl: mover, exact: true };
  }
}
