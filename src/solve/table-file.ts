/**
 * Table files: one format and one codec for every table the solvers write (Bagh Chal's movement-phase layers,
 * its placement checkpoints, the generic solver's layers). A file is a self-describing header, then the body:
 *
 *   offset size  field (little-endian)
 *        0    8  magic "LATTABLE"
 *        8    4  format version (1)
 *       12    4  header length in bytes, a multiple of 8 (the body starts 8-byte aligned)
 *       16    4  CRC-32 (zlib's) of every byte after this field: the rest of the header, then the body
 *       20    4  metadata length n in bytes
 *       24    n  metadata: UTF-8 JSON, object keys sorted at every level (so one table has one text), then zero
 *                bytes up to the header length
 *   header  ...  the body: metadata.bodyBytes bytes in metadata.encoding
 *
 * The metadata (TableMeta, checked by zod on read): `kind` ('movement' | 'placement' | 'generic'), `variant`, the
 * `options` the table depends on, the `layer` (by kind), the body's `encoding` and `bodyBytes`, the `index` facts
 * the body's slot order depends on, and the `counts` of the positions in it (by kind). Encodings today, all body
 * bytes exactly as the solvers write them:
 *   - 'u16-dtm' (movement): one u16 a slot in the order of assembly/tablebase/index.ts: 0 draw, 0xFFFF unused
 *     slot, else dtm + 1 (dtm: plies to the end with best play; the side to move wins iff dtm is odd);
 *   - 'nibble' (placement): one nibble a slot (assembly/tablebase/placement.ts "Values");
 *   - 'u16-value' (generic): one u16 a slot, the core's value codes (0 draw, 1 + 2d win in d, 2 + 2d loss in d,
 *     0xFFFF unused).
 * A later body encoding (compressed blocks) adds its name and its metadata here; the prefix stays.
 *
 * Files written before this format (LATTICTB, LATTICPL, LATTICGS: fixed binary headers of 128 or 256 bytes) are
 * read too: their headers map to the same metadata (table-legacy.ts), checked by their own checksums, and
 * `convertTableFile` rewrites one into this format with its body unchanged (`lattice tablebase convert`).
 */
import {
  closeSync,
  fstatSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { TablebaseError } from '../contract/errors.js';
import { LEGACY_MAGICS, decodeLegacyHeader, type LegacyHeader } from './table-legacy.js';

export const TABLE_MAGIC = 'LATTABLE';
export const TABLE_VERSION = 1;
/** Bytes before the metadata: magic, version, header length, checksum, metadata length. */
export const TABLE_PREFIX = 24;
/** The most header bytes a reader accepts (a larger length field is damage, not a header). */
const MAX_HEADER = 1 << 20;

const Count = z.number().int().nonnegative();
const Options = z.record(z.string(), z.union([z.string(), z.number()]));
const SideCounts = z.strictObject({ distinct: Count, wins: Count, losses: Count, draws: Count });

/** A movement-phase layer (Bagh Chal's fast solver): every position with `captured` prey taken. */
const MovementMeta = z.strictObject({
  kind: z.literal('movement'),
  variant: z.string().min(1),
  options: Options,
  layer: z.strictObject({ captured: Count }),
  encoding: z.literal('u16-dtm'),
  bodyBytes: Count,
  index: z.strictObject({ hunters: Count, preyTotal: Count, orbits: Count, slots: Count }),
  /** distinct: canonical positions; longest: the largest dtm (plies); toMove: the side to move's results. */
  counts: z.strictObject({
    distinct: Count,
    longest: Count,
    toMove: z.strictObject({ prey: SideCounts, hunters: SideCounts }),
  }),
});

/** A placement checkpoint layer: positions with `placed` prey placed, `captured` taken, `side` to move. */
const PlacementMeta = z.strictObject({
  kind: z.literal('placement'),
  variant: z.string().min(1),
  options: Options,
  layer: z.strictObject({ placed: Count, captured: Count, side: z.enum(['prey', 'hunters']) }),
  encoding: z.literal('nibble'),
  bodyBytes: Count,
  index: z.strictObject({ hunters: Count, preyTotal: Count, orbits: Count }),
  /** Distinct positions by nibble value (16 entries). */
  counts: z.strictObject({ histogram: z.array(Count).length(16) }),
});

/** A generic solver layer: captured and in hand per side (prey side first), stack excess and its class. */
const GenericMeta = z.strictObject({
  kind: z.literal('generic'),
  variant: z.string().min(1),
  options: Options,
  layer: z.strictObject({
    captured: z.tuple([Count, Count]),
    inHand: z.tuple([Count, Count]),
    stackExcess: Count,
    /** The stack vector's class where other classes share its total: its least member's code + 1; else 0. */
    stackClass: Count,
  }),
  encoding: z.literal('u16-value'),
  bodyBytes: Count,
  index: z.strictObject({ slots: Count, symmetries: Count }),
  /** For the side to move; longest: the longest win or loss (plies). */
  counts: z.strictObject({ positions: Count, wins: Count, losses: Count, draws: Count, longest: Count }),
});

export const TableMetaSchema = z.discriminatedUnion('kind', [MovementMeta, PlacementMeta, GenericMeta]);
/** What a table file's header says (the metadata above). */
export type TableMeta = z.infer<typeof TableMetaSchema>;
export type MovementTableMeta = z.infer<typeof MovementMeta>;
export type PlacementTableMeta = z.infer<typeof PlacementMeta>;
export type GenericTableMeta = z.infer<typeof GenericMeta>;
/** The format a file was read in: this one, or one of the three before it. */
export type TableFormat = typeof TABLE_MAGIC | LegacyHeader['format'];

/** Makes the TablebaseError of a file's first problem (each solver words its messages its own way). */
export type Fail = (what: string) => TablebaseError;

/** The usual Fail: `<label> <path> is unusable: <what>` (label e.g. "tablebase file"). */
export function unusable(label: string, path: string): Fail {
  return (what) => new TablebaseError(`${label} ${path} is unusable: ${what}`);
}

/** JSON text of `v` with every object's keys sorted: one text for one value, whatever order built it. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, (x as Record<string, unknown>)[k]]),
        )
      : x,
  );
}

/**
 * The header of a table file with metadata `meta` and body `body` (meta.bodyBytes long), checksum included.
 * Throws TablebaseError if the body's length is not meta.bodyBytes.
 */
export function encodeTableHeader(meta: TableMeta, body: Uint8Array): Buffer {
  if (body.byteLength !== meta.bodyBytes)
    throw new TablebaseError(`internal: a ${meta.kind} table body is ${body.byteLength} bytes, not ${meta.bodyBytes}`);
  const json = Buffer.from(canonicalJson(meta), 'utf8');
  const size = (TABLE_PREFIX + json.length + 7) & ~7;
  const h = Buffer.alloc(size);
  h.write(TABLE_MAGIC, 0, 'latin1');
  h.writeUInt32LE(TABLE_VERSION, 8);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(json.length, 20);
  json.copy(h, TABLE_PREFIX);
  h.writeUInt32LE(crc32(body, crc32(h.subarray(20))) >>> 0, 16);
  return h;
}

/**
 * Writes a table file atomically (writeAtomic): the header of `meta`, then `body`. `tmp` as in writeAtomic.
 * Throws TablebaseError if the body's length is not meta.bodyBytes; the file system's errors as they come.
 */
export function writeTable(path: string, meta: TableMeta, body: Uint8Array, tmp = `${path}.tmp`): void {
  writeAtomic(path, encodeTableHeader(meta, body), body, tmp);
}

/**
 * Writes `header` then `body` to `tmp` (by default `<path>.tmp`), fsyncs it and renames it over `path`,
 * so a killed run leaves either the old file, the new one, or a stray temp file. A job of a distributed
 * run writes to jobTempName(path) instead: two machines that both write the layer (a job requeued while
 * its first worker still ran) then never share a temp file, and the last rename wins with the same bytes.
 * When the file system refuses (a full disk, no permission, an I/O error, a directory or a file in the way)
 * the temp file is removed and a TablebaseError naming `path` and the cause is thrown (fileFailure).
 */
export function writeAtomic(path: string, header: Uint8Array, body: Uint8Array, tmp = `${path}.tmp`): void {
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    writeSync(fd, header);
    let off = 0;
    while (off < body.byteLength) off += writeSync(fd, body, off, Math.min(body.byteLength - off, 1 << 26));
    fsyncSync(fd);
    const done = fd;
    fd = undefined;
    closeSync(done);
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* the error that matters is err */
      }
    }
    removeQuietly(tmp);
    throw fileFailure('write', path, err);
  }
}

/** Removes the file at `path` if it is there; a failure to (it is gone, or may not be removed) is ignored. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* nothing to remove, or not ours to */
  }
}

/** What a file system error code means, for messages (the codes a table, a lock or an output may meet). */
const ERRNO_WORDS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'no permission (check the permissions of the file and its directories)',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error of the device',
  EISDIR: 'a directory stands at that path',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOENT: 'no such file or directory',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
  EFBIG: 'the file is too large for the file system',
};

/**
 * The TablebaseError of a file system error `err` met while doing `what` ('read', 'write', 'remove', ...)
 * to `path` (`label`: what the file is, e.g. "tablebase file", put before the path): the message names the path,
 * the error's code and what it means, e.g. `cannot write /x/y.lttb: ENOSPC (no space left on the device)`;
 * the error is its `cause`. A TablebaseError passes as it is; an error without a code keeps its message.
 */
export function fileFailure(what: string, path: string, err: unknown, label = ''): TablebaseError {
  if (err instanceof TablebaseError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const words = code === undefined ? ((err as Error | null)?.message ?? String(err)) : (ERRNO_WORDS[code] ?? '');
  const cause = code === undefined ? words : `${code}${words ? ` (${words})` : ''}`;
  const detail = code !== undefined && !words ? `: ${(err as Error).message}` : '';
  const e = new TablebaseError(`cannot ${what} ${label ? `${label} ` : ''}${path}: ${cause}${detail}`);
  e.cause = err;
  return e;
}

/** The message of a file-system error: a permission refusal says so plainly, naming the file. */
export function readFailure(label: string, path: string, err: unknown): TablebaseError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    const e = new TablebaseError(
      `no permission to read ${label} ${path} (check the permissions of the file and ` +
        `its directories): ${(err as Error).message}`,
    );
    e.cause = err;
    return e;
  }
  return fileFailure('read', path, err, label);
}

/** A decoded header: the metadata, the header's length, the format, and the checksum's check (needs the body). */
interface Head {
  meta: TableMeta;
  headerBytes: number;
  format: TableFormat;
  /** The checksum the file stores and the one its bytes give (`file`: the whole file). */
  crc: (file: Buffer) => { stored: number; computed: number };
}

/**
 * Decodes the header at the start of `buf` (the whole file, or at least its header), in this format or an
 * old one. Throws `fail(...)` for bad magic, an unknown version, a bad header length or a header longer than
 * `buf` (`fileBytes`: the file's size, for the message). Metadata that is not JSON or not TableMeta is returned
 * as its `problem` instead (with the checksum's check: the caller says whether the file is corrupt).
 */
function decodeHead(
  buf: Buffer,
  fileBytes: number,
  fail: Fail,
  versionHint: string,
): Head | { problem: string; headerBytes: number; crc: Head['crc'] } {
  if (buf.length < 8) throw fail(`only ${fileBytes} bytes, shorter than a table file's header`);
  const magic = buf.toString('latin1', 0, 8);
  if (magic !== TABLE_MAGIC) {
    if (!LEGACY_MAGICS.includes(magic)) throw fail('bad magic (not a lattice-engine table file)');
    const old = decodeLegacyHeader(buf, fileBytes, fail, versionHint);
    const r = TableMetaSchema.safeParse(old.meta);
    if (!r.success) return { problem: issueText(r.error.issues[0]!), headerBytes: old.headerBytes, crc: old.crc };
    return { ...old, meta: r.data };
  }
  if (buf.length < TABLE_PREFIX)
    throw fail(`only ${fileBytes} bytes, shorter than the ${TABLE_PREFIX}-byte start of the header`);
  const version = buf.readUInt32LE(8);
  if (version !== TABLE_VERSION)
    throw fail(`format version ${version}, this program reads version ${TABLE_VERSION}${versionHint}`);
  const headerBytes = buf.readUInt32LE(12);
  const jsonBytes = buf.readUInt32LE(20);
  if (headerBytes % 8 !== 0 || headerBytes > MAX_HEADER || TABLE_PREFIX + jsonBytes > headerBytes)
    throw fail(`header length ${headerBytes} with ${jsonBytes} bytes of metadata: not a header of this format`);
  if (buf.length < headerBytes) throw fail(`only ${fileBytes} bytes, shorter than the ${headerBytes}-byte header`);
  const crc: Head['crc'] = (file) => ({ stored: file.readUInt32LE(16), computed: crc32(file.subarray(20)) >>> 0 });
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString('utf8', TABLE_PREFIX, TABLE_PREFIX + jsonBytes));
  } catch (err) {
    return { problem: `metadata is not JSON (${(err as Error).message})`, headerBytes, crc };
  }
  const r = TableMetaSchema.safeParse(parsed);
  if (!r.success) return { problem: issueText(r.error.issues[0]!), headerBytes, crc };
  return { meta: r.data, headerBytes, format: TABLE_MAGIC, crc };
}

/** A zod issue of the metadata in words. */
function issueText(issue: z.core.$ZodIssue): string {
  return `metadata ${issue.path.join('.') || '(top level)'}: ${issue.message}`;
}

/** A table file read whole and verified: its metadata, header bytes, body (a view of the file) and format. */
export interface TableRead {
  meta: TableMeta;
  header: Buffer;
  body: Buffer;
  format: TableFormat;
}

/**
 * Decodes and verifies a whole table file (`buf`), in this format or an old one: header, metadata, body
 * length, checksum. Throws `fail(...)` naming the first problem: bad magic, unknown version, header or body
 * truncated (or padded), checksum mismatch, metadata that is not a table's. `versionHint` follows an unknown
 * version's message.
 */
export function decodeTable(buf: Buffer, fail: Fail, versionHint = ''): TableRead {
  const head = decodeHead(buf, buf.length, fail, versionHint);
  const body = buf.subarray(head.headerBytes);
  if ('problem' in head) {
    // unreadable metadata: damage if the checksum says so, else a writer's fault
    const { stored, computed } = head.crc(buf);
    if (stored !== computed) throw mismatch(fail, stored, computed);
    throw fail(head.problem);
  }
  if (body.length !== head.meta.bodyBytes)
    throw fail(`body is ${body.length} bytes, expected ${head.meta.bodyBytes} (truncated or padded)`);
  const { stored, computed } = head.crc(buf);
  if (stored !== computed) throw mismatch(fail, stored, computed);
  return { meta: head.meta, header: buf.subarray(0, head.headerBytes), body, format: head.format };
}

function mismatch(fail: Fail, stored: number, computed: number): TablebaseError {
  return fail(
    `checksum mismatch (CRC-32 ${computed.toString(16)}, header says ${stored.toString(16)}): the file is corrupt`,
  );
}

/**
 * Reads and verifies the table file at `path` (decodeTable). Throws TablebaseError: the file system's refusal
 * (readFailure, worded with `label`), or `fail(...)` for the file's first problem.
 */
export function readTable(
  path: string,
  label: string,
  fail: Fail = unusable(label, path),
  versionHint = '',
): TableRead {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (err) {
    throw readFailure(label, path, err);
  }
  return decodeTable(buf, fail, versionHint);
}

/**
 * Reads only the header of the table file at `path` (two small reads, the body untouched) and checks that the
 * file's size is the header's plus metadata.bodyBytes; the checksum is not checked (readTable does). Returns
 * the metadata, the header's length and the format. Throws TablebaseError as readTable does.
 */
export function readTableHead(
  path: string,
  label: string,
  fail: Fail = unusable(label, path),
): { meta: TableMeta; headerBytes: number; format: TableFormat } {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw readFailure(label, path, err);
  }
  try {
    let size: number;
    let buf = Buffer.alloc(4096);
    let got: number;
    try {
      size = fstatSync(fd).size;
      got = readSync(fd, buf, 0, buf.length, 0);
      if (got >= TABLE_PREFIX && buf.toString('latin1', 0, 8) === TABLE_MAGIC) {
        const want = buf.readUInt32LE(12);
        if (want > got && want <= MAX_HEADER && want <= size) {
          buf = Buffer.concat([buf.subarray(0, got), Buffer.alloc(want - got)]);
          got += readSync(fd, buf, got, want - got, got);
        }
      }
    } catch (err) {
      throw readFailure(label, path, err);
    }
    const head = decodeHead(buf.subarray(0, got), size, fail, '');
    if ('problem' in head) throw fail(head.problem);
    if (size !== head.headerBytes + head.meta.bodyBytes)
      throw fail(`${size} bytes, expected ${head.headerBytes + head.meta.bodyBytes} (truncated or padded)`);
    return { meta: head.meta, headerBytes: head.headerBytes, format: head.format };
  } finally {
    closeSync(fd);
  }
}

/**
 * Rewrites the table file at `path` in this format if it is in an old one: reads and verifies it (its old
 * checksum), then writes the new header and the same body bytes atomically (`<path>.tmp`, fsync, rename).
 * Returns the format it was in ('LATTABLE': already new, left as it is). Throws TablebaseError naming the
 * file for a file that cannot be read or is not a sound table file (nothing is written then).
 */
export function convertTableFile(path: string): TableFormat {
  const t = readTable(path, 'table file');
  if (t.format !== TABLE_MAGIC) writeTable(path, t.meta, t.body);
  return t.format;
}

/** The table files' names: movement layers, placement checkpoints, generic layers. */
export const TABLE_FILE = /\.(lttb|lttp|lgs)$/;

/** What convertTableDir did: the files it rewrote (with the format each was in) and those already new. */
export interface ConvertReport {
  dir: string;
  converted: Array<{ file: string; from: TableFormat; bytes: number }>;
  alreadyNew: string[];
}

/**
 * Rewrites every table file in `dir` (names ending .lttb, .lttp, .lgs; not below it) that is in an old format
 * into this one (convertTableFile: old checksum verified first, body bytes unchanged, written atomically), in
 * name order, skipping files already new. Run it when no solve works in `dir`. Throws TablebaseError for a
 * directory that cannot be read, or naming the first file that is not a sound table file (the files before it
 * in name order are converted then, and the message counts them). Between files it yields to the event loop,
 * so a signal handler (the CLI's exit on SIGINT/SIGTERM) runs within a file's time; every finished file is whole.
 */
export async function convertTableDir(dir: string): Promise<ConvertReport> {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir).sort();
  } catch (err) {
    throw new TablebaseError(`cannot convert the table files in ${dir}: ${(err as Error).message}`);
  }
  const report: ConvertReport = { dir, converted: [], alreadyNew: [] };
  for (const n of names.filter((x) => TABLE_FILE.test(x))) {
    const path = join(dir, n);
    let from: TableFormat;
    try {
      from = convertTableFile(path);
    } catch (err) {
      if (!(err instanceof TablebaseError)) throw err;
      throw new TablebaseError(
        `${err.message} (${report.converted.length} file${report.converted.length === 1 ? '' : 's'} ` +
          'converted before it; the rest are left as they were)',
      );
    }
    if (from === TABLE_MAGIC) report.alreadyNew.push(n);
    else report.converted.push({ file: n, from, bytes: statSync(path).size });
    await new Promise((done) => setImmediate(done));
  }
  return report;
}
