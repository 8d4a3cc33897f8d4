// The one table file format and codec (src/solve/table-file.ts) and the readers of the three formats before it
// (src/solve/table-legacy.ts): a round trip for each kind of table through the codec and through each solver's
// reader and writer, each kind of damage named with the file, old files (made here by the old writers, kept below
// as they were) read as the new ones, and `convertTableDir` (lattice tablebase convert): byte for byte the new
// writer's files, idempotent, refusing a corrupt file.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { TablebaseError } from '../../src/contract/errors.js';
import {
  type LayerMeta,
  type PlacementMeta,
  readLayerFile,
  readPlacementFile,
  writeAtomic,
  writeLayerFile,
  writePlacementFile,
} from '../../src/solve/format.js';
import {
  type HeaderFields,
  type LayerStats,
  encodeHeader,
  readGenericFile,
  readGenericHeader,
  solvedOptionSets,
} from '../../src/solve/generic/files.js';
import {
  TABLE_MAGIC,
  type TableMeta,
  canonicalJson,
  convertTableDir,
  convertTableFile,
  encodeTableHeader,
  readTable,
  readTableHead,
  writeTable,
} from '../../src/solve/table-file.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-tf-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** `n` bytes of a fixed pseudo-random pattern. */
function bytes(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

// ---- the three kinds, as the solvers describe them ----
const movement: LayerMeta = {
  variant: 'bagh-chal',
  capturesToWin: 3,
  layer: 1,
  hunters: 4,
  preyTotal: 20,
  orbits: 1666,
  slots: 300,
  distinct: 290,
  maxDtm: 41,
  stats: [
    { distinct: 150, wins: 70, losses: 60, draws: 20 },
    { distinct: 140, wins: 90, losses: 40, draws: 10 },
  ],
};
const movementBody = bytes(600, 1);
const placement: PlacementMeta = {
  variant: 'bagh-chal',
  k: 2,
  placed: 17,
  captured: 1,
  side: 1,
  hunters: 4,
  preyTotal: 20,
  orbits: 1666,
  bytes: 333,
  histogram: Array.from({ length: 16 }, (_, i) => i * 7),
};
const placementBody = bytes(333, 2);
const generic: HeaderFields = {
  variant: 'catch-the-giant',
  options: JSON.stringify({ 'giant-start': 'a3', 'stall-limit': 3 }),
  layer: [0, 1, 0, 2, 3],
  stackClass: 5,
  slots: 250,
  symmetries: 2,
};
const genericStats: LayerStats = { positions: 240, wins: 100, losses: 90, draws: 50, maxPlies: 28 };
const genericBody = bytes(500, 3);

// ---- the old writers (src/solve/format.ts and src/solve/generic/files.ts before the one format) ----
function oldCrc(h: Buffer, at: number, body: Uint8Array): number {
  return crc32(body, crc32(h.subarray(at + 4), crc32(h.subarray(16, at)))) >>> 0;
}
function legacyMovement(m: LayerMeta, body: Uint8Array): Buffer {
  const h = Buffer.alloc(128);
  h.write('LATTICTB', 0, 'ascii');
  h.writeUInt32LE(2, 8);
  h.writeUInt32LE(128, 12);
  h.write(m.variant.slice(0, 24), 16, 'ascii');
  [m.capturesToWin, m.layer, m.hunters, m.preyTotal, m.orbits, m.slots, m.distinct, 1].forEach((v, i) =>
    h.writeUInt32LE(v, 40 + 4 * i),
  );
  h.writeUInt32LE(m.maxDtm, 76);
  m.stats.forEach((s, side) =>
    [s.distinct, s.wins, s.losses, s.draws].forEach((v, i) => h.writeUInt32LE(v, 80 + side * 16 + i * 4)),
  );
  h.writeUInt32LE(oldCrc(h, 72, body), 72);
  return Buffer.concat([h, body]);
}
function legacyPlacement(m: PlacementMeta, body: Uint8Array): Buffer {
  const h = Buffer.alloc(256);
  h.write('LATTICPL', 0, 'ascii');
  h.writeUInt32LE(1, 8);
  h.writeUInt32LE(256, 12);
  h.write(m.variant.slice(0, 24), 16, 'ascii');
  [m.k, m.placed, m.captured, m.side, m.hunters, m.preyTotal, m.orbits, m.bytes, 2].forEach((v, i) =>
    h.writeUInt32LE(v, 40 + i * 4),
  );
  m.histogram.forEach((v, i) => h.writeUInt32LE(v, 80 + i * 4));
  h.writeUInt32LE(oldCrc(h, 76, body), 76);
  return Buffer.concat([h, body]);
}
function legacyGeneric(f: HeaderFields, s: LayerStats, body: Uint8Array): Buffer {
  const h = Buffer.alloc(256);
  h.write('LATTICGS', 0, 'latin1');
  h.writeUInt32LE(1, 8);
  h.writeUInt32LE(256, 12);
  h.write(f.variant, 16, 'latin1');
  h.writeUInt32LE(f.slots, 52);
  f.layer.forEach((x, i) => h.writeUInt32LE(x, 56 + 4 * i));
  [f.symmetries, s.positions, s.wins, s.losses, s.draws, s.maxPlies].forEach((v, i) => h.writeUInt32LE(v, 76 + 4 * i));
  h.writeUInt32LE(Buffer.byteLength(f.options), 100);
  h.write(f.options, 104, 'utf8');
  h.writeUInt32LE(f.stackClass, 252);
  h.writeUInt32LE(crc32(body, crc32(h.subarray(52))) >>> 0, 48);
  return Buffer.concat([h, body]);
}

/** Writes the three kinds in the new format into `dir` by the solvers' writers; their paths. */
function writeNew(dir: string): { mv: string; pl: string; gs: string } {
  const mv = join(dir, 'bagh-chal-ctw3-c1.lttb');
  const pl = join(dir, 'bagh-chal-ctw2-placed17-c1.lttp');
  const gs = join(dir, 'catch-the-giant-0badcafe-c0.1-h0.2-e3.lgs');
  writeLayerFile(mv, movement, movementBody);
  writePlacementFile(pl, placement, placementBody);
  writeAtomic(gs, encodeHeader(generic, genericStats, genericBody), genericBody);
  return { mv, pl, gs };
}
/** The same three in the old formats. */
function writeOld(dir: string): { mv: string; pl: string; gs: string } {
  const mv = join(dir, 'bagh-chal-ctw3-c1.lttb');
  const pl = join(dir, 'bagh-chal-ctw2-placed17-c1.lttp');
  const gs = join(dir, 'catch-the-giant-0badcafe-c0.1-h0.2-e3.lgs');
  writeFileSync(mv, legacyMovement(movement, movementBody));
  writeFileSync(pl, legacyPlacement(placement, placementBody));
  writeFileSync(gs, legacyGeneric(generic, genericStats, genericBody));
  return { mv, pl, gs };
}

const expectMovement = (() => {
  const { distinct: _d, maxDtm: _m, stats: _s, ...rest } = movement;
  return rest;
})();
const expectPlacement = (() => {
  const { histogram: _h, ...rest } = placement;
  return rest;
})();

/** Reads the three through the solvers' readers: what each returns, and the bodies. */
function readAll(f: { mv: string; pl: string; gs: string }) {
  const mv = readLayerFile(f.mv, expectMovement);
  const plBody = new Uint8Array(placement.bytes);
  const pl = readPlacementFile(f.pl, expectPlacement, plBody);
  const gsBody = new Uint8Array(2 * generic.slots);
  const gs = readGenericFile(f.gs, generic, gsBody);
  const gsHead = readGenericHeader(f.gs, generic);
  return {
    mv: mv.meta,
    mvBody: Buffer.from(mv.body),
    pl,
    plBody: Buffer.from(plBody),
    gs,
    gsHead,
    gsBody: Buffer.from(gsBody),
  };
}

describe('table files: the one format', () => {
  it("round-trips each kind through the solvers' writers and readers", () => {
    const f = writeNew(tempDir());
    const r = readAll(f);
    expect(r.mv).toEqual(movement);
    expect(r.mvBody.equals(movementBody)).toBe(true);
    expect(r.pl).toEqual(placement);
    expect(r.plBody.equals(placementBody)).toBe(true);
    expect(r.gs).toEqual(genericStats);
    expect(r.gsHead).toEqual(genericStats);
    expect(r.gsBody.equals(genericBody)).toBe(true);
    for (const p of Object.values(f)) {
      const buf = readFileSync(p);
      expect(buf.toString('latin1', 0, 8)).toBe(TABLE_MAGIC);
      expect(buf.readUInt32LE(8)).toBe(1);
      const size = buf.readUInt32LE(12);
      expect(size % 8).toBe(0);
      // the metadata is canonical JSON, zero-padded to the header's length
      const json = buf.toString('utf8', 24, 24 + buf.readUInt32LE(20));
      expect(canonicalJson(JSON.parse(json))).toBe(json);
      expect(buf.subarray(24 + buf.readUInt32LE(20), size).every((x) => x === 0)).toBe(true);
      expect(readTable(p, 'table file').format).toBe(TABLE_MAGIC);
      expect(readTableHead(p, 'table file').headerBytes).toBe(size);
    }
    expect(readTable(f.gs, 'table file').meta).toEqual({
      kind: 'generic',
      variant: 'catch-the-giant',
      options: { 'giant-start': 'a3', 'stall-limit': 3 },
      layer: { captured: [0, 1], inHand: [0, 2], stackExcess: 3, stackClass: 5 },
      encoding: 'u16-value',
      bodyBytes: 500,
      index: { slots: 250, symmetries: 2 },
      counts: { positions: 240, wins: 100, losses: 90, draws: 50, longest: 28 },
    });
  });

  it('writes one text for one table whatever the key order it was given', () => {
    const meta = readTable(writeNew(tempDir()).mv, 'table file').meta;
    const reverse = (x: unknown): unknown =>
      x !== null && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(
            Object.keys(x)
              .reverse()
              .map((k) => [k, reverse((x as Record<string, unknown>)[k])]),
          )
        : x;
    const shuffled = reverse(meta) as TableMeta;
    expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(meta));
    expect(encodeTableHeader(shuffled, movementBody).equals(encodeTableHeader(meta, movementBody))).toBe(true);
    expect(() => encodeTableHeader(meta, movementBody.subarray(1))).toThrow(TablebaseError);
  });

  const damages: Array<[string, (b: Buffer) => Buffer | undefined, RegExp]> = [
    ['a flipped body byte', (b) => void (b[b.length - 7]! ^= 1), /checksum mismatch/],
    ['a flipped metadata byte', (b) => void (b[40]! ^= 1), /checksum mismatch/],
    ['a flipped checksum', (b) => void (b[16]! ^= 0x80), /checksum mismatch/],
    ['a truncated body', (b) => b.subarray(0, b.length - 10), /truncated or padded/],
    ['a padded body', (b) => Buffer.concat([b, Buffer.alloc(2)]), /truncated or padded/],
    ['a header only', (b) => b.subarray(0, 60), /shorter than the \d+-byte header/],
    ['bad magic', (b) => void b.write('NOTATB!!', 0, 'latin1'), /bad magic/],
    ['an unknown version', (b) => void b.writeUInt32LE(99, 8), /format version 99, this program reads version 1/],
    ['a silly header length', (b) => void b.writeUInt32LE(13, 12), /header length 13/],
  ];
  it.each(damages)('names the file and %s', (_what, damage, msg) => {
    const f = writeNew(tempDir());
    for (const p of Object.values(f)) {
      const good = readFileSync(p);
      const bad = Buffer.from(good);
      writeFileSync(p, damage(bad) ?? bad);
      const name = new RegExp(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      for (const read of [
        () => readTable(p, 'table file'),
        () => readLayerFile(p, expectMovement),
        () => readPlacementFile(p, expectPlacement, new Uint8Array(placement.bytes)),
        () => readGenericFile(p, generic, new Uint8Array(2 * generic.slots)),
      ]) {
        let err: unknown;
        try {
          read();
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(TablebaseError);
        expect((err as Error).message).toMatch(name);
        // the kind check comes after the file's own checks
        if (!/(?:not a|holds a) \w+/.test((err as Error).message)) expect((err as Error).message).toMatch(msg);
      }
    }
  });

  it('names a mismatched variant, option or layer', () => {
    const dir = tempDir();
    const f = writeNew(dir);
    const wrong = (e: () => unknown) => {
      try {
        e();
      } catch (err) {
        expect(err).toBeInstanceOf(TablebaseError);
        return (err as Error).message;
      }
      throw new Error('no error');
    };
    expect(wrong(() => readLayerFile(f.mv, { ...expectMovement, variant: 'other' }))).toMatch(
      /bagh-chal-ctw3-c1\.lttb is unusable: variant is "bagh-chal", expected "other"/,
    );
    expect(wrong(() => readLayerFile(f.mv, { ...expectMovement, capturesToWin: 4 }))).toMatch(/capturesToWin is 3/);
    expect(wrong(() => readLayerFile(f.mv, { ...expectMovement, layer: 0 }))).toMatch(/layer is 1, expected 0/);
    expect(wrong(() => readLayerFile(f.pl, expectMovement))).toMatch(/placement table, not a movement-phase layer/);
    const into = new Uint8Array(placement.bytes);
    expect(wrong(() => readPlacementFile(f.pl, { ...expectPlacement, placed: 16 }, into))).toMatch(/placed is 17/);
    expect(wrong(() => readPlacementFile(f.pl, { ...expectPlacement, k: 5 }, into))).toMatch(/k is 2, expected 5/);
    const gsInto = new Uint8Array(2 * generic.slots);
    expect(wrong(() => readGenericFile(f.gs, { ...generic, variant: 'x' }, gsInto))).toMatch(/holds catch-the-giant/);
    expect(wrong(() => readGenericHeader(f.gs, { ...generic, options: '{"stall-limit":3}' }))).toMatch(
      /solved with options \{"giant-start":"a3","stall-limit":3\}, not \{"stall-limit":3\}/,
    );
    expect(wrong(() => readGenericHeader(f.gs, { ...generic, layer: [0, 1, 0, 2, 4] }))).toMatch(
      /holds layer 0\/1\/0\/2\/3, expected 0\/1\/0\/2\/4/,
    );
    expect(wrong(() => readGenericHeader(f.gs, { ...generic, stackClass: 0 }))).toMatch(/class of code 4/);
    expect(wrong(() => readGenericHeader(f.mv, generic))).toMatch(/not a solver layer file/);
    // metadata a writer got wrong (the checksum sound): named, not taken
    const meta = { ...readTable(f.mv, 'table file').meta, layer: { captured: -1 } } as unknown as TableMeta;
    const h = Buffer.from(encodeTableHeader({ ...meta, layer: { captured: 0 } } as TableMeta, movementBody));
    const json = Buffer.from(canonicalJson(meta));
    h.writeUInt32LE(json.length, 20);
    h.fill(0, 24);
    json.copy(h, 24);
    h.writeUInt32LE(crc32(movementBody, crc32(h.subarray(20))) >>> 0, 16);
    writeFileSync(f.mv, Buffer.concat([h, movementBody]));
    expect(wrong(() => readLayerFile(f.mv, expectMovement))).toMatch(/metadata layer\.captured: /);
  });

  it('reads the old formats as the new (same fields, same bodies) and names their damage', () => {
    const fresh = readAll(writeNew(tempDir()));
    const old = writeOld(tempDir());
    expect(readAll(old)).toEqual(fresh);
    expect(readTable(old.mv, 'table file').format).toBe('LATTICTB');
    expect(readTableHead(old.pl, 'table file').format).toBe('LATTICPL');
    expect(readTableHead(old.gs, 'table file').headerBytes).toBe(256);
    for (const [p, at] of [
      [old.mv, 84],
      [old.mv, 500],
      [old.pl, 84],
      [old.gs, 84],
      [old.gs, 300],
    ] as const) {
      const good = readFileSync(p);
      const bad = Buffer.from(good);
      bad[at]! ^= 1;
      writeFileSync(p, bad);
      expect(() => readTable(p, 'table file')).toThrow(/checksum mismatch/);
      writeFileSync(p, good);
    }
    const v1 = readFileSync(old.mv);
    v1.writeUInt32LE(1, 8);
    writeFileSync(old.mv, v1);
    expect(() => readLayerFile(old.mv, expectMovement)).toThrow(
      /is unusable: format version 1, this program reads version 2 \(delete it and build the tablebase again\)/,
    );
    writeFileSync(old.pl, readFileSync(old.pl).subarray(0, 200));
    expect(() => readTable(old.pl, 'table file')).toThrow(/only 200 bytes, shorter than the 256-byte header/);
  });

  it('lists the option sets of a directory from old and new headers alike', () => {
    const dir = tempDir();
    writeOld(dir);
    const other = { ...generic, options: JSON.stringify({ 'giant-start': 'b3', 'stall-limit': 'off' }) };
    writeAtomic(
      join(dir, 'catch-the-giant-12345678-c0.0-h0.0-e0.lgs'),
      encodeHeader(other, genericStats, genericBody),
      genericBody,
    );
    writeFileSync(join(dir, 'catch-the-giant-00000000-c0.0-h0.0-e9.lgs'), 'not a table');
    expect(solvedOptionSets(dir, 'catch-the-giant')).toEqual([
      { 'giant-start': 'a3', 'stall-limit': '3' },
      { 'giant-start': 'b3', 'stall-limit': 'off' },
    ]);
  });
});

describe('lattice tablebase convert (convertTableDir)', () => {
  it('rewrites old files into the files the writers give today, bodies unchanged; again: nothing to do', async () => {
    const fresh = tempDir(),
      old = tempDir();
    writeNew(fresh);
    const o = writeOld(old);
    writeFileSync(join(old, 'bagh-chal-ctw2-solution.json'), '{}\n');
    const bodies = Object.fromEntries(Object.values(o).map((p) => [p, readFileSync(p).subarray(-100)]));
    const r = await convertTableDir(old);
    expect(r.converted.map((c) => [c.file, c.from])).toEqual([
      ['bagh-chal-ctw2-placed17-c1.lttp', 'LATTICPL'],
      ['bagh-chal-ctw3-c1.lttb', 'LATTICTB'],
      ['catch-the-giant-0badcafe-c0.1-h0.2-e3.lgs', 'LATTICGS'],
    ]);
    expect(r.alreadyNew).toEqual([]);
    for (const n of readdirSync(fresh))
      expect(readFileSync(join(old, n)).equals(readFileSync(join(fresh, n)))).toBe(true);
    for (const p of Object.values(o)) expect(readFileSync(p).subarray(-100).equals(bodies[p]!)).toBe(true);
    expect(readFileSync(join(old, 'bagh-chal-ctw2-solution.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(old).some((n) => n.endsWith('.tmp'))).toBe(false);
    const again = await convertTableDir(old);
    expect(again.converted).toEqual([]);
    expect(again.alreadyNew.length).toBe(3);
    for (const n of readdirSync(fresh))
      expect(readFileSync(join(old, n)).equals(readFileSync(join(fresh, n)))).toBe(true);
    expect(convertTableFile(o.mv)).toBe(TABLE_MAGIC);
  });

  it('refuses a corrupt old file (left as it was) and a directory that is not one', async () => {
    const dir = tempDir();
    const o = writeOld(dir);
    const bad = readFileSync(o.mv);
    bad[bad.length - 1]! ^= 1;
    writeFileSync(o.mv, bad);
    // name order: the placement file is converted, then the movement file refused
    let err: unknown;
    try {
      await convertTableDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TablebaseError);
    expect((err as Error).message).toMatch(
      /bagh-chal-ctw3-c1\.lttb is unusable: checksum mismatch.*1 file converted before it/,
    );
    expect(readTable(o.pl, 'table file').format).toBe(TABLE_MAGIC);
    expect(readTable(o.gs, 'table file').format).toBe('LATTICGS');
    expect(readFileSync(o.mv).equals(bad)).toBe(true);
    await expect(convertTableDir(join(dir, 'nowhere'))).rejects.toThrow(/cannot convert the table files in .*nowhere/);
    await expect(convertTableDir(o.pl)).rejects.toThrow(/not a directory/);
    expect(() => writeTable(join(dir, 'x.lttb'), readTable(o.pl, 't').meta, Buffer.alloc(1))).toThrow(TablebaseError);
  });
});
