/**
 * The generic solver's layer files: values, option tags, the option sets a directory holds, the file codec (LATTICGS).
 */
import { join } from 'node:path';
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { OptionValues } from '../../variants/index.js';
import { TablebaseError } from '../format.js';
import type { GenericLayer, SolvedValue } from './types.js';

/** The options the tables depend on: every option but repetition (draw3 and none give the same tables). */
export function tableOptions(o: OptionValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(o).sort()) if (k !== 'repetition') out[k] = o[k] as string | number;
  return out;
}

/** A value code of the core (0 draw, 1 + 2d win in d, 2 + 2d loss in d; -1 unknown) as a SolvedValue. */
export function decodeValue(v: number): SolvedValue | null {
  if (v < 0 || v === 0xffff) return null;
  if (v === 0) return { result: 'draw', plies: 0 };
  return { result: v & 1 ? 'win' : 'loss', plies: (v - 1) >> 1 };
}

/** The `--option` arguments of the options the tables depend on, as a command line would give them. */
export function optionArgs(o: OptionValues): string {
  const t = tableOptions(o);
  return Object.keys(t)
    .map((k) => ` --option ${k}=${t[k]}`)
    .join('');
}

/**
 * The option sets of `variant`'s layer files in `dir` (from their headers), as lattice-command options:
 * one record per set found. Unreadable or foreign files are skipped.
 */
export function solvedOptionSets(dir: string, variant: string): Array<Record<string, string>> {
  const sets = new Map<string, Record<string, string>>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const n of names) {
    if (!n.startsWith(`${variant}-`) || !n.endsWith('.lgs')) continue;
    try {
      const fd = openSync(join(dir, n), 'r');
      const h = Buffer.alloc(HEADER);
      try {
        readSync(fd, h, 0, HEADER, 0);
      } finally {
        closeSync(fd);
      }
      if (
        h.subarray(0, 8).toString('latin1') !== GS_MAGIC ||
        h.subarray(16, 48).toString('latin1').replace(/\0+$/, '') !== variant
      )
        continue;
      const text = h.subarray(104, 104 + h.readUInt32LE(100)).toString('utf8');
      const o = JSON.parse(text) as Record<string, string | number>;
      sets.set(text, Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])));
    } catch {
      /* not a layer file of ours */
    }
  }
  return [...sets.values()];
}

/** Words naming the option sets solved in `dir` for `variant`, for an error message. */
export function presentOptions(dir: string, variant: string): string {
  const sets = solvedOptionSets(dir, variant);
  if (sets.length === 0) return `${dir} holds no tables of ${variant}`;
  return `${dir} holds ${variant} tables for ${sets
    .map((o) =>
      Object.keys(o).length
        ? Object.entries(o)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')
        : 'the default options',
    )
    .join('; ')}`;
}

/**
 * A layer in words, for messages: `captured 0/0, in hand 0/0, excess 4` (then ` (stacks 3.1.0.0)` where its total is
 * split).
 */
export function layerName(l: GenericLayer): string {
  return (
    `captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}, excess ` +
    `${l.excess}${l.split ? ` (stacks ${l.stacks.join('.')})` : ''}`
  );
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
export const HEADER = 256;
const GS_MAGIC = 'LATTICGS';
const GS_VERSION = 1;

export interface HeaderFields {
  variant: string;
  options: string;
  layer: number[];
  stackClass: number;
  slots: number;
  symmetries: number;
}
export interface LayerStats {
  positions: number;
  wins: number;
  losses: number;
  draws: number;
  maxPlies: number;
}

export function encodeHeader(h: HeaderFields, s: LayerStats, body: Uint8Array): Uint8Array {
  const buf = new Uint8Array(HEADER);
  const dv = new DataView(buf.buffer);
  const enc = new TextEncoder();
  buf.set(enc.encode(GS_MAGIC), 0);
  dv.setUint32(8, GS_VERSION, true);
  dv.setUint32(12, HEADER, true);
  const id = enc.encode(h.variant);
  if (id.length > 32) throw new TablebaseError(`variant id ${h.variant} is longer than a layer file holds (32 bytes)`);
  buf.set(id, 16);
  dv.setUint32(52, h.slots, true);
  h.layer.forEach((x, i) => dv.setUint32(56 + 4 * i, x, true));
  dv.setUint32(76, h.symmetries, true);
  dv.setUint32(80, s.positions, true);
  dv.setUint32(84, s.wins, true);
  dv.setUint32(88, s.losses, true);
  dv.setUint32(92, s.draws, true);
  dv.setUint32(96, s.maxPlies, true);
  const opt = enc.encode(h.options);
  if (opt.length > 128)
    throw new TablebaseError(`the options ${h.options} are longer than a layer file holds (128 bytes)`);
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
export function readGenericFile(path: string, expect: HeaderFields, into: Uint8Array): LayerStats {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (err) {
    throw new TablebaseError(`cannot read solver layer file ${path}: ${(err as Error).message}`);
  }
  const stats = checkGenericHeader(path, data.subarray(0, HEADER), data.length, expect);
  const body = data.subarray(HEADER);
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (crc32(body, crc32(data.subarray(52, HEADER))) >>> 0 !== dv.getUint32(48, true))
    throw new TablebaseError(`${path}: checksum mismatch (the file is corrupt)`);
  into.set(body);
  return stats;
}

/**
 * Reads only the header of a layer file and checks it against what the solver expects, and the file's
 * size (not its checksum: readGenericFile checks that when the layer is loaded). Its statistics; throws
 * TablebaseError naming the file and the fault.
 */
export function readGenericHeader(path: string, expect: HeaderFields): LayerStats {
  const head = Buffer.alloc(HEADER);
  let size: number, got: number;
  try {
    const fd = openSync(path, 'r');
    try {
      size = fstatSync(fd).size;
      got = readSync(fd, head, 0, HEADER, 0);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    throw new TablebaseError(`cannot read solver layer file ${path}: ${(err as Error).message}`);
  }
  return checkGenericHeader(path, head.subarray(0, got), size, expect);
}

/**
 * Checks a layer file's header (`head`, its first HEADER bytes or fewer) and size; its statistics. Throws
 * TablebaseError naming the file and the fault.
 */
function checkGenericHeader(path: string, head: Buffer, size: number, expect: HeaderFields): LayerStats {
  const bad = (why: string) => new TablebaseError(`${path}: ${why}`);
  if (head.length < HEADER || head.subarray(0, 8).toString('latin1') !== GS_MAGIC)
    throw bad('not a solver layer file (no LATTICGS header)');
  const dv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (dv.getUint32(8, true) !== GS_VERSION || dv.getUint32(12, true) !== HEADER)
    throw bad(`format version ${dv.getUint32(8, true)}, expected ${GS_VERSION}`);
  const variant = head.subarray(16, 48).toString('latin1').replace(/\0+$/, '');
  if (variant !== expect.variant) throw bad(`holds ${variant}, not ${expect.variant}`);
  const opt = head.subarray(104, 104 + dv.getUint32(100, true)).toString('utf8');
  if (opt !== expect.options) throw bad(`solved with options ${opt}, not ${expect.options}`);
  const layer = [0, 1, 2, 3, 4].map((i) => dv.getUint32(56 + 4 * i, true));
  if (layer.join() !== expect.layer.join())
    throw bad(`holds layer ${layer.join('/')}, expected ${expect.layer.join('/')}`);
  const stackClass = dv.getUint32(252, true);
  if (stackClass !== expect.stackClass)
    throw bad(
      `holds the stack vector class ` +
        `${stackClass === 0 ? 'of a whole total' : `of code ${stackClass - 1}`}, ` +
        `expected ${expect.stackClass === 0 ? 'a whole total' : `code ${expect.stackClass - 1}`}`,
    );
  if (dv.getUint32(52, true) !== expect.slots || dv.getUint32(76, true) !== expect.symmetries)
    throw bad("its index differs from this solver's (slots or symmetries)");
  if (size !== HEADER + 2 * expect.slots)
    throw bad(`${size} bytes, expected ${HEADER + 2 * expect.slots} (truncated or padded)`);
  return {
    positions: dv.getUint32(80, true),
    wins: dv.getUint32(84, true),
    losses: dv.getUint32(88, true),
    draws: dv.getUint32(92, true),
    maxPlies: dv.getUint32(96, true),
  };
}
