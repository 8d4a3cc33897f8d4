/**
 * Tablebase files: one file per layer (prey captured), a fixed 128-byte header and a packed body,
 * written atomically (temp file + fsync + rename), verified on load.
 *
 * Header (little-endian):
 *
 *   offset size  field
 *        0    8  magic "LATTICTB"
 *        8    4  format version (2)
 *       12    4  header size in bytes (128)
 *       16   24  variant id, ASCII, zero-padded (e.g. "bagh-chal")
 *       40    4  captures-to-win (the option the layers depend on)
 *       44    4  layer: prey captured in every position of the file
 *       48    4  hunters (4 for Bagh Chal)
 *       52    4  prey total (20)
 *       56    4  hunter-set orbits (the index's first factor; 1666 for Bagh Chal)
 *       60    4  slots (positions in the index, both sides; unused slots included)
 *       64    4  distinct positions (canonical slots)
 *       68    4  body encoding: 1 = u16 per slot
 *       72    4  CRC-32 (zlib's) of header bytes 16-71 and 76-127, then the body: every field after
 *                the format version is covered
 *       76    4  largest distance to mate in the layer (plies)
 *       80   32  statistics: u32 x 8 = per side (goats to move, tigers to move): distinct, wins,
 *                losses, draws (for the side to move)
 *      112   16  reserved (zero)
 *
 * Body (encoding 1): one u16 per slot, slot order as in assembly/tablebase/index.ts: 0 = draw,
 * 0xFFFF = unused slot, otherwise dtm + 1 where dtm is the distance to the end of the game in plies
 * with best play; the side to move wins iff dtm is odd.
 */
import {
  accessSync,
  closeSync,
  constants,
  fsyncSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeSync,
  existsSync,
  unlinkSync,
  mkdirSync,
  statSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { TablebaseError } from '../contract/errors.js';

export const MAGIC = 'LATTICTB';
export const FORMAT_VERSION = 2;
export const HEADER_SIZE = 128;
export const ENCODING_U16 = 1;

/** A corrupt, truncated or mismatched tablebase file (the class lives in errors.ts; re-exported here). */
export { TablebaseError };

/** The message of a file-system error: a permission refusal says so plainly, naming the file. */
function readFailure(kind: string, path: string, err: unknown): TablebaseError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new TablebaseError(
      `no permission to read ${kind} ${path} (check the permissions of the file and ` +
        `its directories): ${(err as Error).message}`,
    );
  }
  return new TablebaseError(`cannot read ${kind} ${path}: ${(err as Error).message}`);
}

/**
 * True if the file at `path` exists and may be read, false if it does not exist (ENOENT, or a path
 * component that is not a directory). Throws TablebaseError saying so when the file system refuses
 * (no permission on the file or on a directory above it), so a permission problem is never reported
 * as a missing file.
 */
export function fileReadable(path: string, kind: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw readFailure(kind, path, err);
  }
}

export type { LayerMeta, SideStats } from '../lattice/tables.js';
import type { LayerMeta, SideStats } from '../lattice/tables.js';

/** File name of a layer: `<variant>-ctw<captures-to-win>-c<layer>.lttb`. */
export function layerFileName(variant: string, capturesToWin: number, layer: number): string {
  return `${variant}-ctw${capturesToWin}-c${layer}.lttb`;
}

/** What a layer's file name says (layerFileName read back), or null for any other name. */
export function parseLayerFileName(name: string): { variant: string; capturesToWin: number; layer: number } | null {
  const m = /^(.+)-ctw(\d+)-c(\d+)\.lttb$/.exec(name);
  return m ? { variant: m[1]!, capturesToWin: Number(m[2]), layer: Number(m[3]) } : null;
}

function encodeHeader(m: LayerMeta): Buffer {
  const h = Buffer.alloc(HEADER_SIZE);
  h.write(MAGIC, 0, 'ascii');
  h.writeUInt32LE(FORMAT_VERSION, 8);
  h.writeUInt32LE(HEADER_SIZE, 12);
  h.write(m.variant.slice(0, 24), 16, 'ascii');
  h.writeUInt32LE(m.capturesToWin, 40);
  h.writeUInt32LE(m.layer, 44);
  h.writeUInt32LE(m.hunters, 48);
  h.writeUInt32LE(m.preyTotal, 52);
  h.writeUInt32LE(m.orbits, 56);
  h.writeUInt32LE(m.slots, 60);
  h.writeUInt32LE(m.distinct, 64);
  h.writeUInt32LE(ENCODING_U16, 68);
  h.writeUInt32LE(m.maxDtm, 76);
  m.stats.forEach((s, side) =>
    [s.distinct, s.wins, s.losses, s.draws].forEach((v, i) => h.writeUInt32LE(v, 80 + side * 16 + i * 4)),
  );
  return h;
}

/** CRC-32 (zlib's) over a header's fields (bytes 16 on, except the 4-byte checksum field at `at`), then the body. */
function checksum(h: Uint8Array, at: number, body: Uint8Array): number {
  return crc32(body, crc32(h.subarray(at + 4), crc32(h.subarray(16, at)))) >>> 0;
}

/**
 * Writes a layer file atomically: the header and body go to `<path>.tmp`, which is fsynced and then
 * renamed over `path`, so a killed run leaves either the old file, the new one, or a stray .tmp.
 */
export function writeLayerFile(path: string, meta: LayerMeta, body: Uint8Array, tmp = `${path}.tmp`): void {
  if (body.byteLength !== meta.slots * 2)
    throw new Error(`internal: layer body is ${body.byteLength} bytes for ${meta.slots} slots`);
  const h = encodeHeader(meta);
  h.writeUInt32LE(checksum(h, 72, body), 72);
  writeAtomic(path, h, body, tmp);
}

/**
 * Writes `header` then `body` to `tmp` (by default `<path>.tmp`), fsyncs it and renames it over `path`,
 * so a killed run leaves either the old file, the new one, or a stray temp file. A job of a distributed
 * run writes to jobTempName(path) instead: two machines that both write the layer (a job requeued while
 * its first worker still ran) then never share a temp file, and the last rename wins with the same bytes.
 */
export function writeAtomic(path: string, header: Uint8Array, body: Uint8Array, tmp = `${path}.tmp`): void {
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, header);
    let off = 0;
    while (off < body.byteLength) off += writeSync(fd, body, off, Math.min(body.byteLength - off, 1 << 26));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * Creates `dir` if needed and checks, before any work, that files can be written there. Throws
 * TablebaseError naming the directory and the problem (not a directory, no permission, ...).
 */
export function ensureWritableDir(dir: string): void {
  if (dir.trim() === '') throw new TablebaseError('the tablebase directory is an empty string');
  const probe = join(dir, `.lattice-write-test-${process.pid}`);
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    closeSync(openSync(probe, 'w'));
    unlinkSync(probe);
  } catch (err) {
    throw new TablebaseError(`cannot write tablebase files in ${dir}: ${(err as Error).message}`);
  }
}

/**
 * Creates `dir` and the directories above it that are missing, one at a time (mkdirSync's recursive
 * mode loops for ever where a file system refuses a directory without an error that ends it, as /proc
 * does). Throws the file system's error for the first directory it cannot make.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

/**
 * Takes the lock `<dir>/<name>.lock` (created exclusively, holding this process's id) so that two runs
 * never work on the same files at once; returns the function that releases it. A lock left by a process
 * that no longer exists is taken over; one still held when the process exits (process.exit(), as the
 * CLI does on SIGINT/SIGTERM) is released then. Throws TablebaseError if a live process holds it, or if
 * something that cannot be read as a lock file (a directory) stands at its path.
 */
export function lockDir(dir: string, name: string): () => void {
  const path = join(dir, `${name}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      // released by the caller's finally, or by process.exit() (the CLI's exit on SIGINT/SIGTERM)
      const release = () => {
        process.off('exit', release);
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new TablebaseError(`cannot create the lock file ${path}: ${(err as Error).message}`);
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      // a directory (EISDIR) or an unreadable file where the lock file goes: no run of ours made it
      throw new TablebaseError(
        `${path} is in the way of the lock file and cannot be read as one ` +
          `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): remove it, ` +
          `or give another --dir`,
      );
    }
    const pid = Number.parseInt(text, 10);
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (e) {
        alive = (e as NodeJS.ErrnoException).code === 'EPERM';
      }
    }
    if (alive)
      throw new TablebaseError(
        `another run (process ${pid}) is working in ${dir} (lock file ${path}); wait ` +
          `for it to finish, or delete the lock file if that process is not a lattice run`,
      );
    unlinkSync(path); // stale: its process is gone
  }
  throw new TablebaseError(`cannot take the lock file ${path}`);
}

/**
 * Reads a whole file and checks the fields every format here starts with: magic (8 bytes), format
 * version (u32 at 8), header size (u32 at 12). Returns the contents and a maker of TablebaseErrors that
 * name the file. Throws one for an unreadable file or a failed check.
 */
function readHeaderChecked(
  path: string,
  kind: string,
  magic: string,
  version: number,
  headerSize: number,
  notOurs: string,
  versionHint: string,
): { buf: Buffer; bad: (what: string) => TablebaseError } {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (err) {
    throw readFailure(kind, path, err);
  }
  const bad = (what: string) => new TablebaseError(`${kind} ${path} is unusable: ${what}`);
  if (buf.length < headerSize) throw bad(`only ${buf.length} bytes, shorter than the ${headerSize}-byte header`);
  if (buf.toString('ascii', 0, 8) !== magic) throw bad(`bad magic (not ${notOurs})`);
  if (buf.readUInt32LE(8) !== version)
    throw bad(`format version ${buf.readUInt32LE(8)}, this program reads version ${version}${versionHint}`);
  if (buf.readUInt32LE(12) !== headerSize) throw bad(`header size ${buf.readUInt32LE(12)}, expected ${headerSize}`);
  return { buf, bad };
}

/**
 * Removes a stray temp file left by a killed build: `<path>.tmp`, and the temp files of distributed jobs
 * (jobTempName) left by processes of this host that are gone; another host's are left to it.
 */
export function removeStaleTemp(path: string): void {
  if (existsSync(`${path}.tmp`)) unlinkSync(`${path}.tmp`);
  const dir = dirname(path),
    base = basename(path);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const me = hostname();
  for (const n of names) {
    if (!n.startsWith(`${base}.`) || !n.endsWith('.tmp')) continue;
    const m = /^(.+)-(\d+)$/.exec(n.slice(base.length + 1, -'.tmp'.length));
    if (!m || m[1] !== me || processAlive(Number(m[2]))) continue;
    try {
      unlinkSync(join(dir, n));
    } catch {
      /* gone already */
    }
  }
}

/** The temp file of `path` for a job of a distributed run: `<path>.<host>-<pid>.tmp` (see writeAtomic). */
export function jobTempName(path: string): string {
  return `${path}.${hostname()}-${process.pid}.tmp`;
}

/** Whether process `pid` exists on this host (signal 0 checks without sending; EPERM: it exists, another user's). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Reads and verifies a layer file against what the caller expects (variant, captures-to-win, layer,
 * hunters, prey total, orbits, slots). Throws TablebaseError naming the file and the first problem:
 * bad magic, unknown version, wrong header size, mismatched field, truncated body, bad checksum.
 * Returns the header fields and the body (u16 little-endian per slot).
 */
export function readLayerFile(
  path: string,
  expect: Omit<LayerMeta, 'distinct' | 'maxDtm' | 'stats'>,
): { meta: LayerMeta; body: Uint8Array } {
  const { buf, bad } = readHeaderChecked(
    path,
    'tablebase file',
    MAGIC,
    FORMAT_VERSION,
    HEADER_SIZE,
    'a lattice-engine tablebase',
    ' (delete it and build the tablebase again)',
  );
  const variant = buf.toString('ascii', 16, 40).replace(/\0+$/, '');
  const meta: LayerMeta = {
    variant,
    capturesToWin: buf.readUInt32LE(40),
    layer: buf.readUInt32LE(44),
    hunters: buf.readUInt32LE(48),
    preyTotal: buf.readUInt32LE(52),
    orbits: buf.readUInt32LE(56),
    slots: buf.readUInt32LE(60),
    distinct: buf.readUInt32LE(64),
    maxDtm: buf.readUInt32LE(76),
    stats: [0, 1].map((side) => {
      const r = (i: number) => buf.readUInt32LE(80 + side * 16 + i * 4);
      return { distinct: r(0), wins: r(1), losses: r(2), draws: r(3) };
    }) as [SideStats, SideStats],
  };
  for (const k of ['variant', 'capturesToWin', 'layer', 'hunters', 'preyTotal', 'orbits', 'slots'] as const) {
    if (meta[k] !== expect[k]) throw bad(`${k} is ${JSON.stringify(meta[k])}, expected ${JSON.stringify(expect[k])}`);
  }
  if (buf.readUInt32LE(68) !== ENCODING_U16) throw bad(`unknown body encoding ${buf.readUInt32LE(68)}`);
  const body = buf.subarray(HEADER_SIZE);
  if (body.length !== meta.slots * 2)
    throw bad(`body is ${body.length} bytes, expected ${meta.slots * 2} (truncated or padded)`);
  const crc = checksum(buf.subarray(0, HEADER_SIZE), 72, body);
  if (crc !== buf.readUInt32LE(72))
    throw bad(
      `checksum mismatch (CRC-32 ${crc.toString(16)}, header says ` +
        `${buf.readUInt32LE(72).toString(16)}): the file is corrupt`,
    );
  return { meta, body };
}

// ---- placement-phase checkpoint files (src/solve/placement.ts) ----
//
// One file per finished layer of hunters-to-move positions with prey still in hand, kept while the
// backward pass needs it (a killed solve resumes from the lowest complete set of layers):
// `<variant>-ctw<K>-placed<p>-c<c>.lttp`. Header, 256 bytes, little-endian:
//
//   offset size  field
//        0    8  magic "LATTICPL"
//        8    4  format version (1)
//       12    4  header size (256)
//       16   24  variant id, ASCII, zero-padded
//       40    4  K: the largest captures-to-win the values cover
//       44    4  prey placed (p)
//       48    4  prey captured (c)
//       52    4  side to move (0 prey, 1 hunters)
//       56    4  hunters
//       60    4  prey total
//       64    4  hunter-set orbits
//       68    4  body bytes
//       72    4  body encoding: 2 = one nibble per slot (assembly/tablebase/placement.ts "Values")
//       76    4  CRC-32 of header bytes 16-75 and 80-255, then the body (every field after the version)
//       80   64  distinct positions by nibble value, u32 x 16
//      144  112  reserved (zero)

export const PL_MAGIC = 'LATTICPL';
export const PL_FORMAT_VERSION = 1;
export const PL_HEADER_SIZE = 256;
export const ENCODING_NIBBLE = 2;

/** What a placement checkpoint file records. */
export interface PlacementMeta {
  variant: string;
  k: number;
  placed: number;
  captured: number;
  side: 0 | 1;
  hunters: number;
  preyTotal: number;
  orbits: number;
  bytes: number;
  /** Distinct positions by nibble value (16 entries). */
  histogram: number[];
}

/** File name of a placement checkpoint layer. */
export function placementFileName(variant: string, k: number, placed: number, captured: number): string {
  return `${variant}-ctw${k}-placed${placed}-c${captured}.lttp`;
}

/** Writes a placement layer atomically (see writeAtomic). */
export function writePlacementFile(path: string, m: PlacementMeta, body: Uint8Array): void {
  if (body.byteLength !== m.bytes)
    throw new Error(`internal: placement body is ${body.byteLength} bytes, expected ${m.bytes}`);
  const h = Buffer.alloc(PL_HEADER_SIZE);
  h.write(PL_MAGIC, 0, 'ascii');
  h.writeUInt32LE(PL_FORMAT_VERSION, 8);
  h.writeUInt32LE(PL_HEADER_SIZE, 12);
  h.write(m.variant.slice(0, 24), 16, 'ascii');
  [m.k, m.placed, m.captured, m.side, m.hunters, m.preyTotal, m.orbits, m.bytes, ENCODING_NIBBLE].forEach((v, i) =>
    h.writeUInt32LE(v, 40 + i * 4),
  );
  m.histogram.forEach((v, i) => h.writeUInt32LE(v, 80 + i * 4));
  h.writeUInt32LE(checksum(h, 76, body), 76);
  writeAtomic(path, h, body);
}

/**
 * Reads and verifies a placement checkpoint file into `into` (exactly expect.bytes long). Throws
 * TablebaseError naming the file and the first problem. Returns the header's fields.
 */
export function readPlacementFile(
  path: string,
  expect: Omit<PlacementMeta, 'histogram'>,
  into: Uint8Array,
): PlacementMeta {
  const { buf, bad } = readHeaderChecked(
    path,
    'placement file',
    PL_MAGIC,
    PL_FORMAT_VERSION,
    PL_HEADER_SIZE,
    'a lattice-engine placement layer',
    '',
  );
  const r = (o: number) => buf.readUInt32LE(o);
  const meta: PlacementMeta = {
    variant: buf.toString('ascii', 16, 40).replace(/\0+$/, ''),
    k: r(40),
    placed: r(44),
    captured: r(48),
    side: r(52) as 0 | 1,
    hunters: r(56),
    preyTotal: r(60),
    orbits: r(64),
    bytes: r(68),
    histogram: Array.from({ length: 16 }, (_, i) => r(80 + i * 4)),
  };
  for (const f of ['variant', 'k', 'placed', 'captured', 'side', 'hunters', 'preyTotal', 'orbits', 'bytes'] as const) {
    if (meta[f] !== expect[f]) throw bad(`${f} is ${JSON.stringify(meta[f])}, expected ${JSON.stringify(expect[f])}`);
  }
  if (r(72) !== ENCODING_NIBBLE) throw bad(`unknown body encoding ${r(72)}`);
  const body = buf.subarray(PL_HEADER_SIZE);
  if (body.length !== meta.bytes)
    throw bad(`body is ${body.length} bytes, expected ${meta.bytes} (truncated or padded)`);
  const crc = checksum(buf.subarray(0, PL_HEADER_SIZE), 76, body);
  if (crc !== r(76))
    throw bad(`checksum mismatch (CRC-32 ${crc.toString(16)}, header says ${r(76).toString(16)}): the file is corrupt`);
  into.set(body);
  return meta;
}
