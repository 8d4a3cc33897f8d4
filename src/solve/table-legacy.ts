/**
 * The three table file formats before table-file.ts's, read so that directories written by earlier versions keep
 * working (and `lattice tablebase convert` rewrites them): each fixed binary header maps to the same metadata
 * (TableMeta), and each keeps its own checksum. Little-endian throughout; the bodies are those of today's files.
 *
 * LATTICTB, Bagh Chal's movement-phase layers (`.lttb`), format version 2, 128-byte header:
 *    0 magic, 8 version (2), 12 header size (128), 16 variant id (24 bytes ASCII, zero-padded), 40 captures-to-win,
 *   44 layer (prey captured), 48 hunters, 52 prey total, 56 hunter-set orbits, 60 slots, 64 distinct positions,
 *   68 body encoding (1: u16 a slot), 72 CRC-32 of bytes 16-71 and 76-127 then the body, 76 largest dtm,
 *   80 u32 x 8: per side to move (prey, hunters) distinct, wins, losses, draws; 112 reserved. (Version 1, whose
 *   checksum covered only the body, was refused before and still is.)
 * LATTICPL, placement checkpoints (`.lttp`), format version 1, 256-byte header:
 *    0 magic, 8 version (1), 12 header size (256), 16 variant id (24 bytes), 40 captures-to-win, 44 prey placed,
 *   48 prey captured, 52 side to move (0 prey, 1 hunters), 56 hunters, 60 prey total, 64 orbits, 68 body bytes,
 *   72 body encoding (2: a nibble a slot), 76 CRC-32 of bytes 16-75 and 80-255 then the body, 80 u32 x 16:
 *   distinct positions by nibble value; 144 reserved.
 * LATTICGS, the generic solver's layers (`.lgs`), format version 1, 256-byte header:
 *    0 magic, 8 version (1), 12 header size (256), 16 variant id (32 bytes), 48 CRC-32 of bytes 52-255 then the
 *   body, 52 slots, 56 layer (captured side 0, side 1, in hand side 0, side 1, stack excess), 76 symmetries,
 *   80 positions, 84 wins, 88 losses, 92 draws, 96 longest (plies), 100 options text length, 104 the options the
 *   tables depend on (JSON, 128 bytes), 232 reserved, 252 stack class (its least code + 1, or 0).
 */
import { crc32 } from 'node:zlib';

export const LEGACY_MAGICS: readonly string[] = ['LATTICTB', 'LATTICPL', 'LATTICGS'];

/** An old header read: its metadata (TableMeta's shape, checked by the caller), length, format and checksum. */
export interface LegacyHeader {
  meta: unknown;
  headerBytes: number;
  format: 'LATTICTB' | 'LATTICPL' | 'LATTICGS';
  /** The checksum the file stores and the one its bytes give (`file`: the whole file). */
  crc: (file: Buffer) => { stored: number; computed: number };
}

/** CRC-32 over header bytes 16 on but the checksum field at `at`, then the body (LATTICTB, LATTICPL). */
function fieldsCrc(file: Buffer, at: number, size: number): { stored: number; computed: number } {
  const h = file.subarray(0, size);
  return {
    stored: file.readUInt32LE(at),
    computed: crc32(file.subarray(size), crc32(h.subarray(at + 4), crc32(h.subarray(16, at)))) >>> 0,
  };
}

const ascii = (b: Buffer, from: number, to: number) => b.toString('latin1', from, to).replace(/\0+$/, '');

/**
 * Decodes an old header (its magic one of LEGACY_MAGICS) at the start of `buf` (`fileBytes`: the file's size,
 * for messages). Throws `fail(...)` for an unknown version, a wrong header size, a header longer than `buf`,
 * an unknown body encoding or options that are not JSON; `versionHint` follows an unknown version's message.
 */
export function decodeLegacyHeader(
  buf: Buffer,
  fileBytes: number,
  fail: (what: string) => Error,
  versionHint: string,
): LegacyHeader {
  const format = buf.toString('latin1', 0, 8) as LegacyHeader['format'];
  const [version, size] = format === 'LATTICTB' ? [2, 128] : [1, 256];
  if (buf.length < 16) throw fail(`only ${fileBytes} bytes, shorter than the ${size}-byte header`);
  const r = (o: number) => buf.readUInt32LE(o);
  if (r(8) !== version) throw fail(`format version ${r(8)}, this program reads version ${version}${versionHint}`);
  if (r(12) !== size) throw fail(`header size ${r(12)}, expected ${size}`);
  if (buf.length < size) throw fail(`only ${fileBytes} bytes, shorter than the ${size}-byte header`);
  if (format === 'LATTICTB') {
    if (r(68) !== 1) throw fail(`unknown body encoding ${r(68)}`);
    const side = (s: number) => {
      const at = (i: number) => r(80 + s * 16 + i * 4);
      return { distinct: at(0), wins: at(1), losses: at(2), draws: at(3) };
    };
    return {
      format,
      headerBytes: size,
      crc: (file) => fieldsCrc(file, 72, size),
      meta: {
        kind: 'movement',
        variant: ascii(buf, 16, 40),
        options: { 'captures-to-win': r(40) },
        layer: { captured: r(44) },
        encoding: 'u16-dtm',
        bodyBytes: 2 * r(60),
        index: { hunters: r(48), preyTotal: r(52), orbits: r(56), slots: r(60) },
        counts: { distinct: r(64), longest: r(76), toMove: { prey: side(0), hunters: side(1) } },
      },
    };
  }
  if (format === 'LATTICPL') {
    if (r(72) !== 2) throw fail(`unknown body encoding ${r(72)}`);
    return {
      format,
      headerBytes: size,
      crc: (file) => fieldsCrc(file, 76, size),
      meta: {
        kind: 'placement',
        variant: ascii(buf, 16, 40),
        options: { 'captures-to-win': r(40) },
        layer: { placed: r(44), captured: r(48), side: r(52) === 0 ? 'prey' : r(52) === 1 ? 'hunters' : r(52) },
        encoding: 'nibble',
        bodyBytes: r(68),
        index: { hunters: r(56), preyTotal: r(60), orbits: r(64) },
        counts: { histogram: Array.from({ length: 16 }, (_, i) => r(80 + i * 4)) },
      },
    };
  }
  let options: unknown;
  const text = buf.toString('utf8', 104, 104 + Math.min(r(100), 128));
  try {
    options = JSON.parse(text);
  } catch {
    throw fail(`its options text ${JSON.stringify(text)} is not JSON`);
  }
  return {
    format,
    headerBytes: size,
    crc: (file) => ({
      stored: file.readUInt32LE(48),
      computed: crc32(file.subarray(size), crc32(file.subarray(52, size))) >>> 0,
    }),
    meta: {
      kind: 'generic',
      variant: ascii(buf, 16, 48),
      options,
      layer: { captured: [r(56), r(60)], inHand: [r(64), r(68)], stackExcess: r(72), stackClass: r(252) },
      encoding: 'u16-value',
      bodyBytes: 2 * r(52),
      index: { slots: r(52), symmetries: r(76) },
      counts: { positions: r(80), wins: r(84), losses: r(88), draws: r(92), longest: r(96) },
    },
  };
}
