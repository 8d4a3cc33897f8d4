// Issue 35, class 1: an operation that fails leaves the object exactly as it was. For each game class
// (the lattice Game with Bagh Chal's movement tablebase and with the generic solver's layers in both
// memory modes, and MakaGame), random sequences of calls, most of them failing (bad positions, bad and
// illegal moves, an undo with nothing to undo, bad limits, callbacks that throw part-way through a
// perft, divide, search or solve, tables that are missing, corrupt, truncated or not a directory), each
// failing call checked against every read before it: position, legal moves, history, result, key, the
// tables' probe and a fixed-depth search. A call that succeeds (a legal move, a good position) moves
// the state on. Errors must be typed (LatticeError), or the caller's own error passed through.
// HuntSolver.load, which Game.loadTablebase reloads through, is checked the same way on its own.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, LatticeError, MakaGame } from '../../src/index.js';
import { buildTablebase } from '../../src/solve/index.js';
import { HuntSolver } from '../../src/solve/generic.js';
import { REDUCED, reduced } from '../support/reduced-games.js';

/** The caller's own error, thrown from a callback: it must come out unchanged. */
class Boom extends Error {}
const boom = () => {
  throw new Boom('boom');
};

let root = '';
/** Good tables, and their copies damaged three ways. */
const dirs = { good: '', corrupt: '', truncated: '', partial: '', file: '' };

/** Copies `from` into a new directory whose layer files (all, or the first) `damage` spoils. */
function damaged(from: string, name: string, damage: (file: string) => void, all = false): string {
  const d = join(root, name);
  cpSync(from, d, { recursive: true });
  const files = readdirSync(d)
    .filter((f) => /\.(lttb|lgs)$/.test(f))
    .sort();
  for (const f of all ? files : files.slice(-1)) damage(join(d, f));
  return d;
}
const flip = (file: string) => {
  const b = readFileSync(file);
  b[b.length - 3]! ^= 0xff;
  writeFileSync(file, b);
};
const cut = (file: string) => truncateSync(file, Math.floor(readFileSync(file).length / 2));
const drop = (file: string) => rmSync(file);

function tableDirs(good: string, tag: string) {
  return {
    good,
    corrupt: damaged(good, `${tag}-corrupt`, flip),
    truncated: damaged(good, `${tag}-truncated`, cut),
    partial: damaged(good, `${tag}-partial`, drop),
    file: join(good, readdirSync(good).find((f) => /\.(lttb|lgs)$/.test(f))!),
  };
}
let bagh = dirs;
let giant = dirs;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lattice-state-'));
  const b = join(root, 'bagh');
  await buildTablebase('bagh-chal', { dir: b, options: { 'captures-to-win': 2 }, threads: 1 });
  bagh = tableDirs(b, 'bagh');
  const g = join(root, 'giant');
  await (await HuntSolver.create('catch-the-giant')).solve({ dir: g });
  giant = tableDirs(g, 'giant');
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** What a caller can read of a lattice game; a failed call must leave every one of them as it was. */
function reads(g: Game): unknown {
  const r = g.search({ depth: 2 });
  return {
    position: g.position(),
    moves: g.legalMoves(),
    texts: g.legalMoveTexts(),
    history: g.history(),
    result: g.result(),
    key: g.key(),
    consistent: g.keyConsistent(),
    probe: g.probe(),
    search: { score: r.score, bestmove: r.bestmove, pv: r.pv, depth: r.depth },
  };
}

/** A step of a sequence: `pick` chooses among the current position's legal moves where it needs one. */
type Step<G> = { name: string; run: (g: G, pick: number) => unknown; once?: true };

/** Calls a lattice Game may fail in, and a few that succeed (a legal move, the start again, an undo). */
function latticeSteps(t: typeof dirs, start: string, keep?: 'all' | 'live'): Step<Game>[] {
  const load = (dir: unknown) => (g: Game) => g.loadTablebase(dir as string, keep === undefined ? {} : { keep });
  return [
    {
      name: 'play a legal move',
      run: (g, i) => g.legalMoves().length > 0 && g.play(g.legalMoves()[i % g.legalMoves().length]!),
    },
    { name: 'setPosition(start)', run: (g) => g.setPosition(start) },
    { name: 'undo', run: (g) => g.undo() },
    { name: 'setPosition(garbage)', run: (g) => g.setPosition('T3T/5/5 G') },
    { name: 'setPosition(too many in hand)', run: (g) => g.setPosition('T3T/5/5/5/T3T G G21 -') },
    { name: 'setPosition(42)', run: (g) => g.setPosition(42 as never) },
    { name: 'play(zz9)', run: (g) => g.play('zz9') },
    { name: 'play(an illegal step)', run: (g) => g.play('a1-e5') },
    { name: 'play({ from: 1 })', run: (g) => g.play({ from: 1 } as never) },
    { name: 'play(null)', run: (g) => g.play(null as never) },
    { name: 'perft(-1)', run: (g) => g.perft(-1) },
    { name: 'perft(3, onProgress throws)', run: (g) => g.perft(3, { onProgress: boom }) },
    { name: 'divide(3, onProgress throws)', run: (g) => g.divide(3, { onProgress: boom }) },
    { name: 'search({ depth: "x" })', run: (g) => g.search({ depth: 'x' as never }) },
    { name: 'search(onIteration throws)', run: (g) => g.search({ depth: 3, onIteration: boom }) },
    // the core reports a proof's progress each 2^20 nodes: a second or so, so not in the random sequences
    { name: 'solve(onProgress throws)', run: (g) => g.solve({ onProgress: boom }), once: true },
    { name: 'solve({ nodeLimit: -1 })', run: (g) => g.solve({ nodeLimit: -1 }) },
    { name: 'along(["zz"])', run: (g) => g.along(['zz']) },
    { name: 'loadTablebase(good)', run: load(t.good) },
    { name: 'loadTablebase(corrupt)', run: load(t.corrupt) },
    { name: 'loadTablebase(truncated)', run: load(t.truncated) },
    { name: 'loadTablebase(a file missing)', run: load(t.partial) },
    { name: 'loadTablebase(a plain file)', run: load(t.file) },
    { name: 'loadTablebase("")', run: load('') },
    { name: 'loadTablebase(7)', run: load(7) },
    { name: 'loadTablebase(good, { keep: "some" })', run: (g) => g.loadTablebase(t.good, { keep: 'some' as never }) },
  ];
}

/** Runs `steps` on `g`; every step that fails must fail typed (or pass the callback's own error) and change no read. */
async function runChecked<G>(
  g: G,
  steps: Step<G>[],
  read: (g: G) => unknown,
  seq: Array<{ step: number; pick: number }> | 'each',
): Promise<void> {
  const some = steps.filter((s) => !s.once);
  for (const { step, pick } of seq === 'each' ? steps.map((_, i) => ({ step: i, pick: 0 })) : seq) {
    const s = seq === 'each' ? steps[step]! : some[step % some.length]!;
    const before = read(g);
    let failed: unknown = null;
    try {
      await s.run(g, pick);
    } catch (err) {
      failed = err;
    }
    if (failed === null) continue;
    if (!(failed instanceof LatticeError || failed instanceof Boom))
      throw new Error(`${s.name} threw an untyped ${(failed as Error)?.constructor?.name}: ${String(failed)}`);
    expect(read(g), `after ${s.name} failed (${(failed as Error).message.slice(0, 160)})`).toEqual(before);
  }
}

const sequences = fc.array(fc.record({ step: fc.nat(), pick: fc.nat() }), { minLength: 4, maxLength: 10 });

describe('a failing call leaves a lattice Game as it was', () => {
  it('Bagh Chal with its movement tablebase (captures-to-win 2): every failing step, each after the ones before', async () => {
    const start = 'T3T/5/5/5/T3T G G20 -';
    const steps = latticeSteps(bagh, start);
    const g = await Game.create('bagh-chal', { options: { 'captures-to-win': 2 } });
    // each step once, in order, from a position in the movement phase (the tables answer there)
    await g.loadTablebase(bagh.good);
    while (g.probe() === null) g.play(g.legalMoves().at(-1)!);
    expect(g.result()).toBeNull();
    await runChecked(g, steps, reads, 'each');
    await fc.assert(
      fc.asyncProperty(sequences, async (seq) => {
        await runChecked(g, steps, reads, seq);
      }),
      { numRuns: 12 },
    );
    g.dispose();
  });

  for (const keep of [undefined, 'live', 'all'] as const) {
    it(`Catch the Giant with the generic solver's layers (keep ${keep ?? 'default'})`, async () => {
      const start = '1/3/1G1/D1D/D G - -';
      const steps = latticeSteps(giant, start, keep);
      const g = await Game.create('catch-the-giant');
      await g.loadTablebase(giant.good, keep === undefined ? {} : { keep });
      expect(g.probe()).toMatchObject({ wdl: 'loss', dtm: 28 });
      await runChecked(g, steps, reads, 'each');
      expect(g.probe()).toMatchObject({ wdl: 'loss', dtm: 28 });
      await fc.assert(
        fc.asyncProperty(sequences, async (seq) => {
          await runChecked(g, steps, reads, seq);
        }),
        { numRuns: 12 },
      );
      g.dispose();
    });
  }

  it('a first load that fails leaves a game without tables as it was', async () => {
    for (const [id, t] of [
      ['bagh-chal', bagh],
      ['catch-the-giant', giant],
    ] as const) {
      const g = await Game.create(id, id === 'bagh-chal' ? { options: { 'captures-to-win': 2 } } : {});
      const before = reads(g);
      for (const d of [t.corrupt, t.truncated, t.partial, t.file, ''])
        await expect(g.loadTablebase(d)).rejects.toThrow(LatticeError);
      expect(reads(g)).toEqual(before);
      g.dispose();
    }
  });
});

describe('a failing call leaves a MakaGame as it was', () => {
  const steps: Step<MakaGame>[] = [
    {
      name: 'play a legal move',
      run: (g, i) => g.legalMoves().length > 0 && g.play(g.legalMoves()[i % g.legalMoves().length]!),
    },
    { name: 'undo', run: (g) => g.undo() },
    { name: 'setPosition(garbage)', run: (g) => g.setPosition('19/19 b') },
    { name: 'setPosition(null)', run: (g) => g.setPosition(null as never) },
    { name: 'play(z99)', run: (g) => g.play('z99') },
    { name: 'play(a1-a2)', run: (g) => g.play('a1-a2') },
    { name: 'play({ from: "a1" })', run: (g) => g.play({ from: 'a1', to: 'a2' }) },
    { name: 'play(7)', run: (g) => g.play(7 as never) },
    { name: 'perft(2, onProgress throws)', run: (g) => g.perft(2, { onProgress: boom }) },
    { name: 'divide(2, onProgress throws)', run: (g) => g.divide(2, { onProgress: boom }) },
    { name: 'search(onIteration throws)', run: (g) => g.search({ depth: 2, onIteration: boom }) },
    { name: 'search({ depth: -3 })', run: (g) => g.search({ depth: -3 }) },
    { name: 'boardText("x")', run: (g) => g.boardText('x') },
  ];
  const read = (g: MakaGame) => {
    const r = g.search({ depth: 1 });
    return {
      position: g.position(),
      moves: g.legalMoves(),
      history: g.history(),
      result: g.result(),
      key: g.key(),
      search: { score: r.score, bestmove: r.bestmove },
    };
  };
  it('every failing step, each after the ones before, and random sequences', async () => {
    const g = MakaGame.create();
    await runChecked(g, steps, read, 'each');
    await fc.assert(
      fc.asyncProperty(sequences, async (seq) => {
        await runChecked(g, steps, read, seq);
      }),
      { numRuns: 8 },
    );
    g.dispose();
  });
});

describe('HuntSolver.load: a failing load keeps the layers loaded before', () => {
  it('every layer, or the live ones, of a game of several layers', async () => {
    const r = REDUCED.find((c) => c.id === 'shepherds-1')!;
    const decl = reduced(r.base, r.id, r.start, r.target);
    const good = join(root, 'shepherds-1');
    const s = await HuntSolver.create(decl);
    await s.solve({ dir: good });
    expect(s.estimate.layers.length).toBeGreaterThan(1);
    const t = tableDirs(good, 'shepherds-1');
    const all = damaged(good, 'shepherds-1-all', flip, true);
    const start = s.startText();
    for (const keep of ['all', 'live'] as const) {
      const u = await HuntSolver.create(decl);
      u.load(good, { keep });
      const before = u.probe(start);
      expect(before).not.toBeNull();
      for (const d of [t.corrupt, t.truncated, t.partial, t.file, all, '']) {
        let failed = false;
        try {
          u.load(d, { keep });
        } catch (err) {
          expect(err).toBeInstanceOf(LatticeError);
          failed = true;
        }
        // keep 'live' checks the bodies of the layers it loads now; another layer's is checked when loaded
        expect(failed || (keep === 'live' && d === t.corrupt)).toBe(true);
        if (!failed) u.load(good, { keep });
        expect(u.intact).toBe(true);
        expect(u.probe(start)).toEqual(before);
      }
      expect(await u.verify()).toEqual(u.estimate.layers.map(() => 0));
    }
  });

  it('a solve that fails part-way through a layer leaves no layer half made', async () => {
    const r = REDUCED.find((c) => c.id === 'shepherds-1')!;
    const decl = reduced(r.base, r.id, r.start, r.target);
    const ref = await HuntSolver.create(decl);
    await ref.solve();
    const start = ref.startText();
    const want = ref.probe(start);
    // a callback that throws on its n-th call, inside some layer (the core unwinds there)
    const failAt = (n: number) => () => {
      if (--n === 0) throw new Boom('boom');
    };
    for (const n of [1, 3, 7]) {
      // after a whole solve: a solve again that fails keeps every value as it was
      const s = await HuntSolver.create(decl);
      await s.solve();
      await expect(s.solve({ onProgress: failAt(n) })).rejects.toThrow(Boom);
      expect(s.probe(start)).toEqual(want);
      expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
      // from nothing: the layer it failed in is not in memory (probe null there), never a wrong value
      const f = await HuntSolver.create(decl);
      await expect(f.solve({ onProgress: failAt(n) })).rejects.toThrow(Boom);
      const got = f.probe(start);
      expect(got === null || JSON.stringify(got) === JSON.stringify(want)).toBe(true);
      await f.solve();
      expect(f.probe(start)).toEqual(want);
    }
  });

  it('a second solve() while one runs is refused as busy, and the first goes on unharmed', async () => {
    const r = REDUCED.find((c) => c.id === 'shepherds-1')!;
    const decl = reduced(r.base, r.id, r.start, r.target);
    const ref = await HuntSolver.create(decl);
    await ref.solve();
    const s = await HuntSolver.create(decl);
    const first = s.solve();
    for (const second of [
      () => s.solve(),
      () => s.verify(),
      async () => s.load(root),
      async () => s.probe(s.startText()),
    ])
      await expect(second()).rejects.toMatchObject({ code: 'busy' });
    await first;
    expect(s.probe(s.startText())).toEqual(ref.probe(ref.startText()));
    expect(await s.verify()).toEqual(s.estimate.layers.map(() => 0));
  });
});
