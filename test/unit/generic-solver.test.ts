// The generic retrograde solver (assembly/tablebase/generic.ts, src/solve/generic.ts): index counts
// against orbits counted here by brute force, every stored value checked against its successors
// (verify), values derived by hand from RULES.md §3, files (atomic, verified, resumable, refused when
// foreign or corrupt), refusals with their reasons, and reduced-material games of the three capture
// games. The position-by-position agreement with the independent reference solver is in
// test/reference/hunt-solver-agreement.test.ts (and .slow.ts). The slow half: generic-solver.slow.ts.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HuntSolver, allowedSymmetries, type GenericLayer } from '../../src/solve/generic.js';
import { lockDir } from '../../src/solve/format.js';
import { readTable } from '../../src/solve/table-file.js';
import { getVariant } from '../../src/variants/index.js';
import { REDUCED, reduced } from '../support/reduced-games.js';
import { ArgumentError, TablebaseError } from '../../src/contract/errors.js';
import { bestLine } from '../../src/solve/line.js';
import { Game } from '../../src/index.js';
import { checkBySearch } from '../reference/solved-vs-search.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-gs-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('generic solver: catch-the-giant', () => {
  it('indexes every placement of the giant and 3 dwarfs once per mirror class (orbits counted by brute force)', async () => {
    const s = await HuntSolver.create('catch-the-giant');
    const v = getVariant('catch-the-giant');
    const board = v.board({});
    const syms = allowedSymmetries(board, v.rules({ 'stall-limit': 'off' } as never));
    // the giant's escape reads ranks and the dwarfs never step down: only the left-right mirror
    expect(syms.length).toBe(2);
    const N = board.points.length;
    const seen = new Set<string>();
    let orbits = 0;
    for (let g = 0; g < N; g++)
      for (let a = 0; a < N; a++)
        for (let b = a + 1; b < N; b++)
          for (let c = b + 1; c < N; c++) {
            if (g === a || g === b || g === c) continue;
            const key = (perm: number[]) =>
              `${perm[g]}|${[perm[a]!, perm[b]!, perm[c]!].sort((x, y) => x - y).join(',')}`;
            if (seen.has(key(syms[0]!))) continue;
            orbits++;
            for (const p of syms) seen.add(key(p));
          }
    const [layer] = await s.solve();
    expect(s.estimate.layers.length).toBe(1);
    expect(layer!.positions).toBe(2 * orbits);
    expect(layer!.wins + layer!.losses + layer!.draws).toBe(layer!.positions);
  });

  for (const opts of [
    {},
    { 'stall-limit': '1' },
    { 'stall-limit': '4' },
    { 'giant-start': 'b5' },
    { 'giant-start': 'a3', 'stall-limit': '2' },
  ]) {
    it(`every stored value agrees with its successors (${JSON.stringify(opts)})`, async () => {
      const s = await HuntSolver.create('catch-the-giant', opts);
      await s.solve();
      expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
    });
  }

  it('values derived by hand from RULES.md §3', async () => {
    const s = await HuntSolver.create('catch-the-giant');
    await s.solve();
    // the giant on a3 (its neighbours a2, a4, b3 all dwarfs), to move: it cannot move, and a2 is below
    // it, so it has not escaped: lost now
    expect(s.probe('1/D2/GD1/D2/1 G - -')).toEqual({ result: 'loss', plies: 0 });
    // the giant on b1 under dwarfs on a2 b2 c2: it cannot move, but every dwarf is above it, and the
    // escape is checked after every move: the giant has already won
    expect(s.probe('1/3/3/DDD/G G - -')).toEqual({ result: 'win', plies: 0 });
    // the giant on a3 (neighbours a2, a4, b3), dwarfs on a2, b3, b4, dwarfs to move: b4-a4 (sideways) traps
    // it, and nothing wins sooner: a win in 1
    expect(s.probe('1/1D1/GD1/D2/1 D - -')).toEqual({ result: 'win', plies: 1 });
    // every dwarf above the giant after the dwarfs' move: the giant, to move, has won (escape)
    expect(s.probe('1/DDD/3/3/G G - -')).toEqual({ result: 'win', plies: 0 });
    // the start: the dwarfs win (computed; the reference solver agrees position by position)
    expect(s.probe(s.startText())?.result).toBe('loss');
  });

  it('the best line from the start keeps the value and ends the game', async () => {
    const s = await HuntSolver.create('catch-the-giant');
    await s.solve();
    const { value, line } = await bestLine(s, s.startText());
    expect(line.length).toBe(value!.plies);
  });
});

describe('generic solver: files', () => {
  it('writes one file per layer, loads them back, resumes, and refuses a corrupt or foreign file', async () => {
    const dir = tempDir();
    const a = await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' });
    const solved = await a.solve({ dir });
    expect(solved.every((r) => !r.loaded)).toBe(true);
    const files = readdirSync(dir).filter((f) => f.endsWith('.lgs'));
    expect(files.length).toBe(1);
    // a second run loads instead of solving
    const b = await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' });
    const again = await b.solve({ dir });
    expect(again.every((r) => r.loaded)).toBe(true);
    expect(b.probe(b.startText())).toEqual(a.probe(a.startText()));
    // load() without solving
    const c = await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' });
    c.load(dir);
    expect(c.probe(c.startText())).toEqual(a.probe(a.startText()));
    // other options: another file name, so nothing to load
    const d = await HuntSolver.create('catch-the-giant', { 'stall-limit': '2' });
    expect(() => d.load(dir)).toThrow(/missing/);
    // a flipped byte in the body: the checksum refuses it
    const path = join(dir, files[0]!);
    const bytes = readFileSync(path);
    bytes[bytes.length - 3] ^= 0x40;
    writeFileSync(path, bytes);
    const e = await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' });
    expect(() => e.load(dir)).toThrow(/checksum/);
    // truncated
    writeFileSync(path, bytes.subarray(0, bytes.length - 10));
    expect(() => e.load(dir)).toThrow(/truncated/);
    // not a layer file at all
    writeFileSync(path, 'hello');
    expect(() => e.load(dir)).toThrow(TablebaseError);
  });
});

describe("generic solver: layers by the stack vector's symmetry class", () => {
  const split = REDUCED.find((c) => c.id === 'double-split')!;
  const name = (l: GenericLayer) => `${l.captured.join('/')} e${l.excess}${l.split ? ` ${l.stacks.join('.')}` : ''}`;
  const tail = (path: string) => {
    const meta = readTable(path, 'layer file').meta;
    return meta.kind === 'generic' ? meta.layer.stackClass : -1;
  };

  it('double-split (stacks of 2 on b2 and c3, which no symmetry swaps): a dog off b2 and a dog off c3 lead to two layers, each named, headed, solved and verified apart', async () => {
    const s = await HuntSolver.create(reduced(split.base, split.id, split.start, split.target));
    expect(s.estimate.symmetries).toBe(2);
    expect(s.estimate.stackPoints).toEqual(['b2', 'c3']);
    expect(s.estimate.layers.map(name)).toEqual([
      '1/0 e0',
      '0/0 e0',
      '1/0 e1 1.0',
      '1/0 e1 0.1',
      '0/0 e1 1.0',
      '0/0 e1 0.1',
      '0/0 e2',
    ]);
    // a dog off b2 keeps c3's stack, a jump over b2 too (one more captured), a jump over a single dog the class
    const at = (c: number, e: number, v?: number[]) => s.layerAt([c, 0, 0, 0, e], v);
    expect(s.successors(at(0, 1, [1, 0])).map(name)).toEqual(['1/0 e0', '0/0 e0', '1/0 e1 1.0']);
    expect(s.successors(at(0, 1, [0, 1])).map(name)).toEqual(['1/0 e0', '0/0 e0', '1/0 e1 0.1']);
    expect(s.successors(at(0, 2)).map(name)).toEqual(['1/0 e1 1.0', '1/0 e1 0.1', '0/0 e1 1.0', '0/0 e1 0.1']);
    expect(s.needs(at(0, 1, [1, 0])).map(name)).toEqual(['1/0 e0', '0/0 e0', '1/0 e1 1.0']);
    expect(() => at(0, 1)).toThrow(
      /2 solver layers are captured 0\/0, in hand 0\/0, excess 1; give the stack vector \(1\.0, 0\.1\)/,
    );
    const dir = tempDir();
    const solved = await s.solve({ dir });
    expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
    expect(s.probe(s.startText())).toEqual({ result: 'win', plies: 3 });
    // a dog off b2 or off c3 first: each position probes in its own layer
    expect(s.probe('5/5/2D(2)2/DD3/2T2 T - -')).not.toBeNull();
    expect(s.probe('5/5/2DD1/1D(2)3/2T2 T - -')).not.toBeNull();
    // files: the total's name where it has one class, the vector added where it is split; the header's
    // layer.stackClass holds the class's least code + 1 (b2 weighs 1, c3 2), 0 for a whole total
    const files = Object.fromEntries(solved.map((r) => [name(r), r.file!.slice(dir.length + 1)]));
    expect(files['0/0 e1 1.0']).toMatch(/^double-split-[0-9a-f]{8}-c0\.0-h0\.0-e1v1\.0\.lgs$/);
    expect(files['0/0 e1 0.1']).toMatch(/-c0\.0-h0\.0-e1v0\.1\.lgs$/);
    expect(files['0/0 e2']).toMatch(/-c0\.0-h0\.0-e2\.lgs$/);
    expect(solved.map((r) => tail(r.file!))).toEqual([0, 0, 2, 3, 2, 3, 0]);
    // one class's file under the other's name (same slots): its header refuses it
    const other = join(dir, files['0/0 e1 0.1']!);
    writeFileSync(other, readFileSync(join(dir, files['0/0 e1 1.0']!)));
    const b = await HuntSolver.create(reduced(split.base, split.id, split.start, split.target));
    expect(() => b.load(dir)).toThrow(/e1v0\.1\.lgs: holds the stack vector class of code 1, expected code 2/);
  });

  it('double-2 (one stack point): one class a total, so the layers, names and headers of the layers by total', async () => {
    const r = REDUCED.find((c) => c.id === 'double-2')!;
    const s = await HuntSolver.create(reduced(r.base, r.id, r.start, r.target));
    expect(s.core.exports.gsClasses()).toBe(2);
    expect(s.estimate.layers.every((l) => !l.split && l.stacks.length === 1 && l.stacks[0] === l.excess)).toBe(true);
    const solved = await s.solve({ dir: tempDir() });
    expect(solved.map((l) => l.file!.replace(/.*-c/, 'c'))).toEqual([
      'c1.0-h0.0-e0.lgs',
      'c0.0-h0.0-e0.lgs',
      'c0.0-h0.0-e1.lgs',
    ]);
    expect(solved.map((l) => tail(l.file!))).toEqual([0, 0, 0]);
  });
});

describe('generic solver: refusals', () => {
  it('refuses repetition=forbid, the draughts family and the 105-point board, saying why', async () => {
    await expect(HuntSolver.create('catch-the-giant', { repetition: 'forbid' })).rejects.toThrow(/forbid/);
    await expect(HuntSolver.create('permainan-tabal')).rejects.toThrow(/hunt family/);
    await expect(HuntSolver.create('tibetan-4')).rejects.toThrow(/at most 64 points/);
  });

  it('estimates double-tiger: it fits only with layers read back from files, so a solve without a directory is refused up front', async () => {
    const s = await HuntSolver.create('double-tiger');
    expect(s.estimate.refusal).toBeNull();
    expect(s.estimate.slots).toBeGreaterThan(1e9);
    await expect(s.solve()).rejects.toThrow(/give a directory/);
  });
});

describe('generic solver: reduced material of the capture games', () => {
  for (const r of REDUCED.filter((c) => c.quick)) {
    it(`${r.id}: every stored value agrees with its successors`, async () => {
      const s = await HuntSolver.create(reduced(r.base, r.id, r.start, r.target));
      await s.solve();
      expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
      expect(s.probe(s.startText())).not.toBeNull();
    });
  }

  // issue 38: the slots of side 0's moves and un-moves come from the anchor's rank (slotNear, nearSlots) and pass 1
  // counts its steps without the generator (nearCount); verify() takes every successor by slotOf and the generator,
  // so it checks them. Single dogs (no stacks) among two tigers, the first capture winning: hunter sets with and
  // without symmetries, dogs with pieces between a step's two points.
  it('double tiger without stacks, 2 tigers and 3 dogs: every stored value agrees with its successors', async () => {
    const s = await HuntSolver.create(reduced('double-tiger', 'double-3s', '2T2/5/1D1D1/2D2/2T2 T - -', 1));
    await s.solve();
    expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
    expect(s.probe(s.startText())).not.toBeNull();
  });
});

describe('generic solver: the tables in a Game and its search', () => {
  it('Game.loadTablebase loads the solved layers; probe() and the search answer from them', async () => {
    const dir = tempDir();
    const s = await HuntSolver.create('catch-the-giant');
    await s.solve({ dir });
    const start = s.probe(s.startText())!;
    const g = await Game.create('catch-the-giant');
    const layers = await g.loadTablebase(dir);
    expect(layers.length).toBe(1);
    const p = g.probe()!;
    expect(p.wdl).toBe(start.result);
    expect(p.dtm).toBe(start.plies);
    // the line keeps the value to the end: playing it ends the game with the dwarfs' win
    expect(p.line.length).toBe(start.plies);
    for (const m of p.line) g.play(m);
    expect(g.result()?.winner).toBe('prey');
    // the search reads the tables: a mate score at once, the loss in the start's distance
    const h = await Game.create('catch-the-giant');
    await h.loadTablebase(dir);
    const r = h.search({ depth: 3 });
    expect(r.mateIn).toBe(-start.plies);
    // and its principal variation goes on with the tables' line to the end (it was the first move alone)
    expect(r.pv.length).toBe(start.plies);
    for (const m of r.pv) h.play(m);
    expect(h.result()?.winner).toBe('prey');
    // another option set has no files here
    const k = await Game.create('catch-the-giant', { options: { 'stall-limit': 2 } });
    await expect(k.loadTablebase(dir)).rejects.toThrow(/missing/);
    await expect(
      (await Game.create('catch-the-giant', { options: { repetition: 'forbid' } })).loadTablebase(dir),
    ).rejects.toThrow(/forbid/);
  });
});

describe('generic solver: the hands-empty layers alone (SolverScope handsEmptyOnly)', () => {
  it('keeps the layers with both hands empty; they solve, verify and write the files of a whole solve', async () => {
    const r = REDUCED.find((c) => c.id === 'shepherds-1')!;
    const decl = reduced(r.base, r.id, r.start, r.target);
    const whole = await HuntSolver.create(decl);
    const part = await HuntSolver.create(decl, {}, { handsEmptyOnly: true });
    const empty = (l: { hand: number[] }) => l.hand[0] === 0 && l.hand[1] === 0;
    expect(whole.estimate.handsEmptyOnly).toBe(false);
    expect(part.estimate.handsEmptyOnly).toBe(true);
    expect(part.estimate.layers).toEqual(whole.estimate.layers.filter(empty));
    expect(part.estimate.layers.length).toBeLessThan(whole.estimate.layers.length);
    expect(part.estimate.slots).toBe(part.estimate.layers.reduce((a, l) => a + l.slots, 0));
    expect(part.estimate.slots).toBeLessThan(whole.estimate.slots);
    const dir = tempDir();
    const got = await part.solve({ dir });
    expect(await part.verify()).toEqual(part.estimate.layers.map(() => 0));
    // the start has pieces in hand: outside the solver
    expect(part.probe(part.startText())).toBeNull();
    // a whole solve in the same directory loads them, and its values are the same
    const all = await whole.solve({ dir });
    const strip = ({ ms, loaded, ...rest }: { ms: number; loaded: boolean }) => rest;
    expect(all.filter((l) => l.loaded).map(strip)).toEqual(got.map(strip));
    expect(all.filter((l) => l.loaded).length).toBe(got.length);
    expect(await whole.verify()).toEqual(whole.estimate.layers.map(() => 0));
  });

  it("counts per side to move (summing to the totals), and solves Bagh Chal's movement phase alone", async () => {
    const full = await HuntSolver.create('bagh-chal', { 'captures-to-win': 1 });
    expect(full.estimate.refusal).toMatch(/slots/);
    const s = await HuntSolver.create('bagh-chal', { 'captures-to-win': 1 }, { handsEmptyOnly: true });
    expect(s.estimate.refusal).toBeNull();
    expect(s.estimate.layers.map((l) => [l.captured, l.hand, l.excess])).toEqual([[[0, 0], [0, 0], 0]]);
    const [l] = await s.solve();
    for (const k of ['positions', 'wins', 'losses', 'draws'] as const)
      expect(l!.sides[0][k] + l!.sides[1][k]).toBe(l![k]);
    expect(l!.sides[0].positions).toBe(l!.sides[1].positions);
    // all twenty goats on the board: in the layer; goats in hand: outside it
    expect(s.probe('GGGTG/GTTGG/TGGGG/GGGGG/GGGG1 G - -')).not.toBeNull();
    expect(s.probe('T3T/5/5/5/T3T G G20 -')).toBeNull();
  });

  it('refuses a scope that is not an object, another key, or a non-boolean', async () => {
    await expect(HuntSolver.create('catch-the-giant', {}, null as never)).rejects.toThrow(ArgumentError);
    await expect(HuntSolver.create('catch-the-giant', {}, { handsEmpty: true } as never)).rejects.toThrow(
      /unknown key "handsEmpty"/,
    );
    await expect(HuntSolver.create('catch-the-giant', {}, { handsEmptyOnly: 'yes' } as never)).rejects.toThrow(
      /boolean/,
    );
  });
});

// catch-the-giant with stall-limit 3 here; with the default options in the slow tier (generic-solver.slow.ts)
describe("generic solver: random probes checked by the engine's forward search (without the tables)", () => {
  it(`catch-the-giant {"stall-limit":"3"}: the search finds each tabled win or loss at its distance, and no mate in a draw`, async () => {
    const s = await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' });
    await s.solve();
    const n = await checkBySearch(s, { games: 6, plies: 40, maxPlies: 12, drawDepth: 8, seed: 20261202 });
    expect(n.wins + n.losses).toBeGreaterThan(15);
  }, 120_000);
});

describe('the lock file', () => {
  it('a directory where the lock file goes: TablebaseError naming the path, not a bare EISDIR', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'x.lock'));
    expect(() => lockDir(dir, 'x')).toThrow(TablebaseError);
    expect(() => lockDir(dir, 'x')).toThrow(/x\.lock is in the way of the lock file .*EISDIR/);
    const release = lockDir(dir, 'y'); // a lock file of its own is taken and released
    expect(readFileSync(join(dir, 'y.lock'), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(readdirSync(dir)).toEqual(['x.lock']);
  });

  it('a directory holding every layer is only read: no lock taken, so a solve loads it while another run holds the lock', async () => {
    const dir = tempDir();
    const first = await (await HuntSolver.create('catch-the-giant', { 'stall-limit': '2' })).solve({ dir });
    // a live process (this one's parent) holds the directory's lock
    writeFileSync(join(dir, 'catch-the-giant-generic.lock'), `${process.ppid}\n`);
    const again = await (await HuntSolver.create('catch-the-giant', { 'stall-limit': '2' })).solve({ dir });
    expect(again.map((r) => r.loaded)).toEqual(first.map(() => true));
    expect(again.map((r) => r.positions)).toEqual(first.map((r) => r.positions));
    expect(readFileSync(join(dir, 'catch-the-giant-generic.lock'), 'utf8')).toBe(`${process.ppid}\n`);
    // another option set's layers are missing there: that solve writes, so it waits for the lock
    await expect((await HuntSolver.create('catch-the-giant', { 'stall-limit': '3' })).solve({ dir })).rejects.toThrow(
      /another run \(process \d+\) is working in/,
    );
  });
});
