// How well Bagh Chal's movement-phase tables compress (issue 37 item 3, measured only: no format change). Reads the
// layer files of one build (`--dir DIR`, default tablebases; `--ctw K`, default 5), re-maps each slot's value
// (u16: 0 draw, 0xFFFF unused, else dtm + 1, odd dtm a win for the side to move) to one byte in several ways, fills
// the unused slots with the value before them (a "don't care" a compressor can take as a repeat), and reports per
// mapping the order-0 entropy and the size of the tables compressed in independent blocks (so that a probe reads
// one block) by node:zlib's deflate (level 9) and brotli (quality 9), with a 4-byte offset a block for the index,
// as bits per position (the distinct positions of the files' metadata) and the ratio to the raw files.
//
//   node bench/movement-compression.js --dir /tmp/bagh --ctw 5 [--block 65536] [--codecs deflate,brotli] [--maps wdl,dtm]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, deflateRawSync } from 'node:zlib';
import { readTable } from '../dist/src/solve/table-file.js';

const { values: a } = parseArgs({
  options: {
    dir: { type: 'string', default: 'tablebases' },
    ctw: { type: 'string', default: '5' },
    block: { type: 'string', default: '65536' },
    codecs: { type: 'string', default: 'deflate,brotli' },
    maps: { type: 'string' },
  },
});
const K = Number(a.ctw);
const BLOCK = Number(a.block);
const codecs = a.codecs.split(',');

/** The mappings: each slot's u16 (not 0xFFFF) to a byte. */
const MAPS = {
  // the distance everywhere (dtm + 1 fits a byte: the longest is 137)
  dtm: (v) => v,
  // win / draw / loss only: what a probe at a leaf of the search needs
  wdl: (v) => (v === 0 ? 0 : v & 1 ? 2 : 1), // v = dtm + 1: v odd means dtm even, a loss for the side to move
  // the distance on losses only: the winner moves to the successor lost soonest, so it reads losses' distances
  'wdl+loss-dtm': (v) => (v === 0 ? 0 : v & 1 ? Math.min(255, 2 + (v >> 1)) : 1),
  // the distance on wins only (the winner then needs a second ply to choose among its moves)
  'wdl+win-dtm': (v) => (v === 0 ? 0 : v & 1 ? 1 : Math.min(255, 2 + (v >> 1))),
};

const files = Array.from({ length: K }, (_, c) => join(a.dir, `bagh-chal-ctw${K}-c${c}.lttb`));
let rawBytes = 0;
let positions = 0;
let slotsAll = 0;
const bodies = [];
for (const f of files) {
  const t = readTable(f, 'tablebase file');
  rawBytes += readFileSync(f).length;
  positions += t.meta.counts.distinct;
  const u16 = new Uint16Array(t.body.buffer, t.body.byteOffset, t.body.byteLength / 2);
  slotsAll += u16.length;
  bodies.push(u16);
}
console.log(
  `bagh-chal captures-to-win ${K}: ${files.length} files, ${rawBytes} bytes raw, ${positions} positions, ` +
    `${slotsAll} slots; raw ${((8 * rawBytes) / positions).toFixed(2)} bits/position; blocks of ${BLOCK} slots`,
);

const compress = {
  deflate: (b) => deflateRawSync(b, { level: 9, memLevel: 9 }),
  brotli: (b) =>
    brotliCompressSync(b, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_LGWIN]: 22,
        [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
      },
    }),
};

const chosen = a.maps === undefined ? Object.keys(MAPS) : a.maps.split(',');
for (const name of chosen) {
  const map = MAPS[name];
  if (!map) throw new Error(`--maps: no mapping ${name} (${Object.keys(MAPS).join(', ')})`);
  const hist = new Float64Array(256);
  const sizes = Object.fromEntries(codecs.map((c) => [c, 0]));
  const t0 = Date.now();
  for (const u16 of bodies) {
    const bytes = new Uint8Array(u16.length);
    let prev = 0;
    for (let i = 0; i < u16.length; i++) {
      const v = u16[i];
      if (v === 0xffff) bytes[i] = prev;
      else {
        prev = map(v);
        bytes[i] = prev;
        hist[prev]++;
      }
    }
    for (let off = 0; off < bytes.length; off += BLOCK) {
      const block = bytes.subarray(off, Math.min(bytes.length, off + BLOCK));
      for (const c of codecs) sizes[c] += compress[c](block).length + 4;
    }
  }
  const used = hist.reduce((x, y) => x + y, 0);
  let h = 0;
  for (const n of hist) if (n > 0) h -= (n / used) * Math.log2(n / used);
  const symbols = hist.filter((n) => n > 0).length;
  const parts = codecs.map(
    (c) =>
      `${c} ${(sizes[c] / 2 ** 20).toFixed(2)} MiB, ${((8 * sizes[c]) / positions).toFixed(3)} bits/position, ` +
      `1:${(rawBytes / sizes[c]).toFixed(1)}`,
  );
  console.log(
    `${name}: ${symbols} values, entropy ${h.toFixed(3)} bits/position (${((h * used) / 8 / 2 ** 20).toFixed(2)} MiB); ` +
      `${parts.join('; ')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
}
