/**
 * The placement layers a whole-game solve kept on disk (solveGame's keepPlacement: one table file of kind
 * 'placement' a layer, both sides to move), read on demand: the one byte a probe needs, by a positioned read of
 * the layer's file (kept open) through a small page cache, never a whole file. A Game's search probes them
 * through its core's `plByte` hook (assembly/tablebase/placement-probe.ts); openPlacementTables probes one
 * position from the host. The layers present are found by their file names and their headers checked when the
 * directory is opened (the bodies' checksums are not: that would read every byte, 17.4 GB for the whole game).
 */
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TablebaseError, describeValue } from '../../contract/errors.js';
import { parsePlacementFileName, placementFileName } from '../format.js';
import { readFailure, readTableHead, unusable } from '../table-file.js';

/** Bytes a cached page holds (a positioned read fetches one page). */
const PAGE = 4096;
/** Pages the cache holds at most (64 MiB), oldest dropped first. */
const CACHE_PAGES = 16384;

/** One placement layer file found in the directory. */
export interface PlacementLayerFile {
  /** Side to move: 0 the prey (goats), 1 the hunters (tigers). */
  side: 0 | 1;
  placed: number;
  captured: number;
  file: string;
  /** Body bytes (a nibble a slot). */
  bytes: number;
  /** Distinct positions by nibble value (16 entries; the file's counts). */
  histogram: number[];
}

/** What the layers' headers must record besides their own layer: the index they were solved on. */
export interface PlacementIndex {
  variant: string;
  hunters: number;
  preyTotal: number;
  orbits: number;
  /** Body bytes of a layer with g prey on the board (the core's plLayerBytes). */
  bytesOf: (g: number) => number;
}

interface OpenLayer extends PlacementLayerFile {
  headerBytes: number;
  fd: number | null;
  /** The cached pages, by page number. */
  pages: Array<Buffer | undefined>;
}

/**
 * The placement layers of one captures-to-win in a directory, read on demand. Not thread-safe (one reader per
 * thread: each Game has its own). close() releases the file handles.
 */
export class PlacementTables {
  private readonly byKey = new Map<number, OpenLayer>();
  /** The cached pages in the order they were read (layer, page), from index `cached` on: the oldest dropped first. */
  private readonly order: Array<[OpenLayer, number]> = [];
  private cached = 0;
  /** Positioned reads done and page-cache hits (for measurements). */
  reads = 0;
  hits = 0;
  /** The same over every reader of the process (the games' included: a search's reads are measured by them). */
  static readonly totals = { reads: 0, hits: 0 };
  /** The last read the file system refused (a probe then answers "not covered"), else null. */
  failure: TablebaseError | null = null;

  private constructor(
    readonly dir: string,
    readonly variant: string,
    /** The layers' captures-to-win (KMAX of their nibbles). */
    readonly k: number,
    layers: OpenLayer[],
  ) {
    for (const l of layers) this.byKey.set(PlacementTables.key(l.side, l.placed, l.captured), l);
  }

  private static key(side: number, placed: number, captured: number): number {
    return (side * 64 + placed) * 16 + captured;
  }

  /**
   * The placement layers in `dir` for a game of captures-to-win `gameK`: those of the smallest captures-to-win
   * K >= gameK that has any (each nibble answers every game k <= K; K = gameK answers the goats' wins exactly).
   * Null when there are none (or no directory). Every layer's header is read and checked against its name and
   * `index`. Throws TablebaseError naming a file that is unreadable, truncated or of another game or index.
   */
  static open(dir: string, gameK: number, index: PlacementIndex): PlacementTables | null {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw readFailure('tablebase directory', dir, err);
    }
    const found = names
      .map((n) => ({ n, f: parsePlacementFileName(n) }))
      .filter((x) => x.f !== null && x.f.variant === index.variant && x.f.k >= gameK);
    if (found.length === 0) return null;
    const k = Math.min(...found.map((x) => x.f!.k));
    const layers: OpenLayer[] = [];
    for (const { n, f } of found) {
      if (f!.k !== k) continue;
      const file = join(dir, n);
      const bad = unusable('placement file', file);
      const head = readTableHead(file, 'placement file', bad);
      const m = head.meta;
      if (m.kind !== 'placement') throw bad(`it holds a ${m.kind} table, not a placement layer`);
      const side = m.layer.side === 'prey' ? 0 : 1;
      const want = {
        variant: index.variant,
        'captures-to-win': k,
        placed: f!.placed,
        captured: f!.captured,
        side: f!.side,
        hunters: index.hunters,
        preyTotal: index.preyTotal,
        orbits: index.orbits,
        bodyBytes: index.bytesOf(f!.placed - f!.captured),
      };
      const have = {
        variant: m.variant,
        'captures-to-win': m.options['captures-to-win'],
        placed: m.layer.placed,
        captured: m.layer.captured,
        side,
        hunters: m.index.hunters,
        preyTotal: m.index.preyTotal,
        orbits: m.index.orbits,
        bodyBytes: m.bodyBytes,
      };
      for (const key of Object.keys(want) as Array<keyof typeof want>)
        if (have[key] !== want[key])
          throw bad(`${key} is ${JSON.stringify(have[key])}, expected ${JSON.stringify(want[key])} (its name says so)`);
      layers.push({
        side: f!.side,
        placed: f!.placed,
        captured: f!.captured,
        file,
        bytes: m.bodyBytes,
        histogram: [...m.counts.histogram],
        headerBytes: head.headerBytes,
        fd: null,
        pages: [],
      });
    }
    layers.sort((a, b) => b.placed - a.placed || a.captured - b.captured || a.side - b.side);
    return new PlacementTables(dir, index.variant, k, layers);
  }

  /** The layers found, from the most prey placed down. */
  get layers(): PlacementLayerFile[] {
    return [...this.byKey.values()].map(({ side, placed, captured, file, bytes, histogram }) => ({
      side,
      placed,
      captured,
      file,
      bytes,
      histogram,
    }));
  }

  /** The path layer (side, placed, captured) has in the directory, present or not. */
  fileOf(side: 0 | 1, placed: number, captured: number): string {
    return join(this.dir, placementFileName(this.variant, this.k, placed, captured, side));
  }

  /** True if layer (side, placed, captured) is present. */
  has(side: 0 | 1, placed: number, captured: number): boolean {
    return this.byKey.has(PlacementTables.key(side, placed, captured));
  }

  /**
   * The byte at `offset` of layer (side, placed, captured)'s body, or -1 when the layer is absent, the offset
   * is outside it, or the read failed (then `failure` says why). One positioned read of a page on a cache miss.
   */
  byte(side: number, placed: number, captured: number, offset: number): number {
    const l = this.byKey.get(PlacementTables.key(side, placed, captured));
    if (l === undefined || !(offset >= 0 && offset < l.bytes)) return -1;
    const page = Math.floor(offset / PAGE);
    let buf = l.pages[page];
    if (buf !== undefined) {
      this.hits++;
      PlacementTables.totals.hits++;
    } else {
      try {
        if (l.fd === null) l.fd = openSync(l.file, 'r');
        buf = Buffer.allocUnsafe(Math.min(PAGE, l.bytes - page * PAGE));
        const got = readSync(l.fd, buf, 0, buf.length, l.headerBytes + page * PAGE);
        if (got !== buf.length) throw new Error(`read ${got} of ${buf.length} bytes: the file is truncated`);
      } catch (err) {
        this.failure = readFailure('placement file', l.file, err);
        return -1;
      }
      this.reads++;
      PlacementTables.totals.reads++;
      if (this.order.length - this.cached >= CACHE_PAGES) {
        const [ol, op] = this.order[this.cached]!;
        ol.pages[op] = undefined;
        this.cached++;
        if (this.cached >= CACHE_PAGES) {
          this.order.splice(0, this.cached);
          this.cached = 0;
        }
      }
      l.pages[page] = buf;
      this.order.push([l, page]);
    }
    return buf[offset - page * PAGE]!;
  }

  /**
   * The nibble at `slot` of layer (side, placed, captured). Throws TablebaseError naming the layer's file when it
   * is not in the directory, the file system's refusal of the read, or a slot outside the layer (internal).
   */
  nibble(side: 0 | 1, placed: number, captured: number, slot: number): number {
    if (!this.has(side, placed, captured))
      throw new TablebaseError(
        `placement file ${this.fileOf(side, placed, captured)} is missing (the layer of ${placed} placed, ` +
          `${captured} captured, ${side === 0 ? 'prey' : 'hunters'} to move): solve with keepPlacement ` +
          `(lattice solve --keep-placement) down to ${placed} placed`,
      );
    const l = this.byKey.get(PlacementTables.key(side, placed, captured))!;
    if (!Number.isInteger(slot) || slot < 0 || slot >= 2 * l.bytes)
      throw new TablebaseError(`internal: slot ${describeValue(slot)} is outside the layer of ${l.file}`);
    this.failure = null;
    const b = this.byte(side, placed, captured, Math.floor(slot / 2));
    if (b < 0) throw this.failure ?? new TablebaseError(`cannot read ${l.file}`);
    return (b >> ((slot & 1) * 4)) & 15;
  }

  /** Drops the page cache (the memory it holds; the next reads go to the files again). */
  dropCache(): void {
    for (const l of this.byKey.values()) l.pages = [];
    this.order.length = 0;
    this.cached = 0;
  }

  /** Bytes the page cache holds now. */
  get cacheBytes(): number {
    let n = 0;
    for (let i = this.cached; i < this.order.length; i++) {
      const [l, p] = this.order[i]!;
      n += l.pages[p]?.length ?? 0;
    }
    return n;
  }

  /** Closes the layers' file handles and drops the cache. The tables answer -1 (not covered) afterwards. */
  close(): void {
    for (const l of this.byKey.values()) {
      if (l.fd !== null) {
        try {
          closeSync(l.fd);
        } catch {
          /* closed already */
        }
        l.fd = null;
      }
    }
    this.dropCache();
    this.byKey.clear();
  }
}
