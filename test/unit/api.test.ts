// The public Game API (src/lattice/game.ts, src/contract/errors.ts): typed errors for bad variants, options and
// arguments; perft/divide; search limits, stop flag, iteration reports and mate scores.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ArgumentError,
  DisposedError,
  Game,
  IllegalMoveError,
  LatticeError,
  MATE,
  MakaGame,
  MAX_PERFT_DEPTH,
  MAX_SEARCH_DEPTH,
  OptionError,
  ParseError,
  TablebaseError,
  UnknownVariantError,
  createGame,
} from '../../src/index.js';
import { TablebaseError as TablebaseErrorOfTablebase } from '../../src/solve/index.js';
import { TablebaseError as TablebaseErrorOfFormat } from '../../src/solve/format.js';
import { errorRecord, reviveError } from '../../src/contract/errors.js';

const START = 'T3T/5/5/5/T3T G G20 -';
/** Game over: 5 goats captured. perft/search of any depth return at once here. */
const OVER = 'T3T/5/5/5/T3T G G15 G5';

let g: Game;
beforeAll(async () => {
  g = await Game.create('bagh-chal');
});

/** Runs fn and returns what it threw (failing if it did not throw). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error, nothing was thrown');
}

function expectArgumentError(fn: () => unknown, what: string): void {
  const e = thrown(fn);
  expect(e, what).toBeInstanceOf(ArgumentError);
  expect(e).toBeInstanceOf(LatticeError);
  expect((e as ArgumentError).code).toBe('argument');
}

describe('errors are typed', () => {
  it('every error class extends LatticeError with a stable code', () => {
    expect(new ParseError('move', 'x', 1, 'r')).toBeInstanceOf(LatticeError);
    expect(new ParseError('move', 'x', 1, 'r').code).toBe('parse');
    expect(new IllegalMoveError('a1', 'pos', 'why').code).toBe('illegal-move');
    expect(new UnknownVariantError('x', ['bagh-chal']).code).toBe('unknown-variant');
    expect(new OptionError('m').code).toBe('option');
    expect(new ArgumentError('m').code).toBe('argument');
    for (const e of [
      new IllegalMoveError('a1', 'p', 'w'),
      new UnknownVariantError('x', []),
      new OptionError('m'),
      new ArgumentError('m'),
    ]) {
      expect(e).toBeInstanceOf(LatticeError);
      expect(e).toBeInstanceOf(Error);
    }
  });
});

describe('TablebaseError', () => {
  it('is exported from the main entry, the same class as the tablebase modules export', () => {
    expect(TablebaseError).toBe(TablebaseErrorOfTablebase);
    expect(TablebaseError).toBe(TablebaseErrorOfFormat);
    const e = new TablebaseError('m');
    expect(e).toBeInstanceOf(LatticeError);
    expect(e).toMatchObject({ name: 'TablebaseError', code: 'tablebase', message: 'm' });
    // the worker's error records revive it with its class
    const back = reviveError(errorRecord(e));
    expect(back).toBeInstanceOf(TablebaseError);
    expect(back).toMatchObject({ name: 'TablebaseError', code: 'tablebase', message: 'm' });
  });

  it('is what a missing tablebase directory throws in-process (loadTablebase, createGame)', async () => {
    const game = await Game.create('bagh-chal');
    await expect(game.loadTablebase('/nonexistent-lattice-tb')).rejects.toBeInstanceOf(TablebaseError);
    await expect(createGame('bagh-chal', { tbDir: '/nonexistent-lattice-tb' })).rejects.toBeInstanceOf(TablebaseError);
  });
});

describe('Game.create: variants and options', () => {
  it.each(['chess', '', 'Bagh-Chal', 'bagh_chal', 'bagh-chal '])(
    'unknown variant %j -> UnknownVariantError',
    async (id) => {
      const p = Game.create(id);
      await expect(p).rejects.toBeInstanceOf(UnknownVariantError);
      await expect(p).rejects.toMatchObject({ code: 'unknown-variant' });
      await expect(p).rejects.toThrow(/bagh-chal/); // the message names the known variants
    },
  );

  it.each([
    [{ 'no-such-option': 1 }, 'unknown option'],
    [{ capturesToWin: 5 }, 'unknown option (camel case)'],
    [{ 'captures-to-win': 0 }, 'below the range 1..20'],
    [{ 'captures-to-win': -1 }, 'negative'],
    [{ 'captures-to-win': 21 }, 'above the range'],
    [{ 'captures-to-win': 2.5 }, 'not an integer'],
    [{ 'captures-to-win': 'abc' }, 'not a number'],
    [{ 'captures-to-win': '' }, 'empty'],
    [{ 'captures-to-win': '5.0' }, 'decimal string'],
    [{ 'captures-to-win': Number.NaN }, 'NaN'],
    [{ repetition: 'sometimes' }, 'not one of none|draw3|forbid'],
    [{ repetition: 'DRAW3' }, 'enum values are case-sensitive'],
    [{ repetition: 3 }, 'a number for an enum'],
    [{ repetition: '' }, 'empty enum'],
  ] as Array<[Record<string, number | string>, string]>)('options %j -> OptionError (%s)', async (options) => {
    const p = Game.create('bagh-chal', { options });
    await expect(p).rejects.toBeInstanceOf(OptionError);
    await expect(p).rejects.toMatchObject({ code: 'option' });
  });

  it('good option values are accepted and normalised', async () => {
    const a = await Game.create('bagh-chal', { options: { 'captures-to-win': '7', repetition: 'forbid' } });
    expect(a.options).toEqual({ 'captures-to-win': 7, repetition: 'forbid' });
    const b = await Game.create('bagh-chal', { options: { 'captures-to-win': 1 } });
    expect(b.options['captures-to-win']).toBe(1);
    const c = await Game.create('bagh-chal', { options: { 'captures-to-win': 20, repetition: 'none' } });
    expect(c.options).toEqual({ 'captures-to-win': 20, repetition: 'none' });
    const d = await Game.create('bagh-chal');
    expect(d.options).toEqual({ 'captures-to-win': 5, repetition: 'draw3' });
  });

  it('hashMb outside 1..2048 or not an integer -> ArgumentError', async () => {
    for (const hashMb of [0, -1, 1.5, 4096, Number.NaN]) {
      await expect(Game.create('bagh-chal', { hashMb }), String(hashMb)).rejects.toBeInstanceOf(ArgumentError);
    }
    const h = await Game.create('bagh-chal', { hashMb: 1 });
    expect(h.search({ depth: 3 }).bestmove).not.toBeNull();
  });

  it('a bad position -> ParseError', async () => {
    await expect(Game.create('bagh-chal', { position: 'T3T/5/5/5/T3T G G20' })).rejects.toBeInstanceOf(ParseError);
  });
});

describe('perft, perftSlow, divide: argument checks', () => {
  it.each([-1, 1.5, 21, Number.NaN, Number.POSITIVE_INFINITY, -0.5])('depth %d -> ArgumentError', (d) => {
    g.setPosition(START);
    expectArgumentError(() => g.perft(d), `perft(${d})`);
    expectArgumentError(() => g.perftSlow(d), `perftSlow(${d})`);
    expectArgumentError(() => g.divide(d), `divide(${d})`);
    expect(g.position()).toBe(START);
  });

  it('depth 0 counts the position itself; divide needs depth >= 1', () => {
    g.setPosition(START);
    expect(g.perft(0)).toBe(1);
    expect(g.perftSlow(0)).toBe(1);
    expectArgumentError(() => g.divide(0), 'divide(0)');
  });

  it(`depth ${MAX_PERFT_DEPTH} is accepted (at a finished game it is 0)`, () => {
    expect(MAX_PERFT_DEPTH).toBe(20);
    g.setPosition(OVER);
    expect(g.perft(20)).toBe(0);
    expect(g.perftSlow(20)).toBe(0);
    expect(g.divide(20)).toEqual({});
  });

  it('known counts from the start: 21 placements, then 12 tiger moves after each', () => {
    g.setPosition(START);
    expect(g.perft(1)).toBe(21);
    // the 4 corner tigers have 3 steps each (12). A goat placed next to a corner takes one step away
    // but can be jumped onto the empty point beyond it on the same line (a2 -> a3, b1 -> c1, b2 -> c3...),
    // so every placement leaves exactly 12 tiger moves: 21 * 12 = 252.
    expect(g.perft(2)).toBe(252);
    expect(g.perftSlow(2)).toBe(252);
  });
});

describe('divide', () => {
  const positions = [
    START,
    'T3T/5/2G2/5/T3T T G19 -',
    '1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -',
    'T3T/5/5/5/TG2T T G15 G4',
    'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT G - G3',
  ];
  it.each(positions)('divide(d) of %s sums to perft(d), one entry per legal move', (pos) => {
    g.setPosition(pos);
    const legal = g.legalMoves();
    for (const d of [1, 2, 3]) {
      const div = g.divide(d);
      expect(Object.keys(div).sort()).toEqual([...legal].sort());
      expect(
        Object.values(div).reduce((a, b) => a + b, 0),
        `divide(${d})`,
      ).toBe(g.perft(d));
      if (d === 1) for (const v of Object.values(div)) expect(v).toBe(1);
    }
    // each entry is perft(d - 1) of the position after that move
    const div3 = g.divide(3);
    for (const [m, n] of Object.entries(div3)) {
      g.play(m);
      expect(g.perft(2), m).toBe(n);
      g.undo();
    }
    expect(g.position()).toBe(pos);
  });

  it('at a finished game divide is empty and perft is 0', () => {
    g.setPosition(OVER);
    expect(g.divide(1)).toEqual({});
    expect(g.perft(1)).toBe(0);
    expect(g.perft(3)).toBe(0);
  });
});

describe('undo and history', () => {
  it('undo with no history -> ArgumentError; setPosition clears the history', () => {
    g.setPosition(START);
    expectArgumentError(() => g.undo(), 'undo at the start');
    g.play('c3');
    g.play('a1-b2');
    expect(g.history()).toEqual(['c3', 'a1-b2']);
    expect(g.undo()).toBe('a1-b2');
    expect(g.undo()).toBe('c3');
    expectArgumentError(() => g.undo(), 'undo past the start');
    expect(g.position()).toBe(START);
    g.play('c3');
    g.setPosition(g.position());
    expect(g.history()).toEqual([]);
    expectArgumentError(() => g.undo(), 'undo after setPosition');
  });

  it('two games are independent (each has its own core instance)', async () => {
    const a = await Game.create('bagh-chal');
    const b = await Game.create('bagh-chal', { options: { repetition: 'forbid' } });
    a.play('c3');
    expect(b.position()).toBe(START);
    b.play('b2');
    b.search({ depth: 4 });
    expect(a.position()).toBe('T3T/5/2G2/5/T3T T G19 -');
    expect(a.history()).toEqual(['c3']);
    expect(b.history()).toEqual(['b2']);
    expect(a.key()).not.toBe(b.key());
  });

  it('a failed play or setPosition leaves position and history unchanged', () => {
    g.setPosition(START);
    g.play('c3');
    const pos = g.position();
    expect(() => g.play('c3')).toThrow(IllegalMoveError);
    expect(() => g.play('q9')).toThrow(ParseError);
    expect(() => g.setPosition('junk')).toThrow(ParseError);
    expect(g.position()).toBe(pos);
    expect(g.history()).toEqual(['c3']);
  });
});

describe('search: limits validation', () => {
  it.each([
    [{ depth: 0 }, 'depth 0'],
    [{ depth: -1 }, 'negative depth'],
    [{ depth: 1.5 }, 'fractional depth'],
    [{ depth: MAX_SEARCH_DEPTH + 1 }, 'depth above 126'],
    [{ depth: Number.NaN }, 'NaN depth'],
    [{ nodes: -1 }, 'negative nodes'],
    [{ nodes: Number.NaN }, 'NaN nodes'],
    [{ nodes: Number.POSITIVE_INFINITY }, 'infinite nodes'],
    [{ movetime: -1 }, 'negative movetime'],
    [{ movetime: Number.NaN }, 'NaN movetime'],
    [{ movetime: Number.POSITIVE_INFINITY }, 'infinite movetime'],
    [{ depth: 3, nodes: -5 }, 'bad nodes with a good depth'],
  ] as Array<[Record<string, number>, string]>)('search(%j) -> ArgumentError (%s)', (limits, what) => {
    g.setPosition(START);
    expectArgumentError(() => g.search(limits), what);
    expect(g.position()).toBe(START);
  });

  it('depth 0, -1, 127 and 1.5 get one message: the range 1..126', () => {
    for (const depth of [0, -1, 127, 1.5]) {
      expect(() => g.search({ depth }), String(depth)).toThrow(/^search depth must be an integer 1\.\.126, got /);
    }
  });

  it('movetime 0 and nodes 0 mean no such limit (the default depth then applies)', () => {
    g.setPosition(START);
    expect(g.search({ movetime: 0 }).depth).toBe(8);
    expect(g.search({ nodes: 0, depth: 3 }).depth).toBe(3);
  });

  it('arrays are refused where an options or limits object is expected; debug must be a boolean', async () => {
    const { MakaGame } = await import('../../src/index.js');
    const m = MakaGame.create();
    const refused: Array<[string, () => unknown]> = [
      ['search([])', () => g.search([] as never)],
      ['search([3])', () => g.search([3] as never)],
      ['perft(1, [])', () => g.perft(1, [] as never)],
      ['divide(1, [])', () => g.divide(1, [] as never)],
      ['solve([])', () => g.solve([] as never)],
      ['MakaGame search([])', () => m.search([] as never)],
      ['MakaGame perft(1, [])', () => m.perft(1, [] as never)],
      ['MakaGame.create([])', () => MakaGame.create([] as never)],
      ['MakaGame.create({ options: [] })', () => MakaGame.create({ options: [] as never })],
    ];
    for (const [label, fn] of refused) {
      expectArgumentError(fn, label);
      expect((thrown(fn) as Error).message, label).toMatch(/must be an object.*an array/);
    }
    for (const [label, p] of [
      ["Game.create('bagh-chal', [])", Game.create('bagh-chal', [] as never)],
      ["Game.create('bagh-chal', { options: [] })", Game.create('bagh-chal', { options: [] as never })],
      ["createGame('bagh-chal', { options: [] })", createGame('bagh-chal', { options: [] as never })],
      ["createGame('maka-dai-dai', { options: [] })", createGame('maka-dai-dai', { options: [] as never })],
      ["Game.create('bagh-chal', { debug: 'yes' })", Game.create('bagh-chal', { debug: 'yes' as never })],
      ["Game.create('bagh-chal', { debug: 1 })", Game.create('bagh-chal', { debug: 1 as never })],
    ] as Array<[string, Promise<unknown>]>) {
      await expect(p, label).rejects.toBeInstanceOf(ArgumentError);
    }
    await expect(Game.create('bagh-chal', { debug: 'yes' as never })).rejects.toThrow(
      /debug must be true or false, got "yes"/,
    );
    expect((await Game.create('bagh-chal', { debug: false })).legalMoves()).toHaveLength(21);
  });

  // stop and onIteration are validated like the other limits, before the search starts.
  it('a stop flag that is not an Int32Array -> ArgumentError', () => {
    g.setPosition(START);
    expectArgumentError(() => g.search({ depth: 4, stop: [1] as unknown as Int32Array }), 'stop: [1]');
  });
  it('an onIteration that is not a function -> ArgumentError', () => {
    g.setPosition(START);
    expectArgumentError(() => g.search({ depth: 4, onIteration: 42 as unknown as () => void }), 'onIteration: 42');
  });

  it(`depth ${MAX_SEARCH_DEPTH} is accepted`, () => {
    expect(MAX_SEARCH_DEPTH).toBe(126);
    g.setPosition(START);
    const r = g.search({ depth: MAX_SEARCH_DEPTH, nodes: 3000 });
    expect(g.legalMoves()).toContain(r.bestmove);
    g.setPosition(OVER);
    expect(g.search({ depth: MAX_SEARCH_DEPTH }).bestmove).toBeNull();
  });

  it('no limits: depth 8', () => {
    g.setPosition(START);
    const r = g.search();
    expect(r.depth).toBe(8);
    expect(g.legalMoves()).toContain(r.bestmove);
  });

  it('a node budget stops the search at the first check after it (polled every 1024 nodes)', () => {
    g.setPosition(START);
    const r = g.search({ nodes: 3000 });
    expect(g.legalMoves()).toContain(r.bestmove);
    expect(r.nodes).toBeGreaterThanOrEqual(3000);
    expect(r.nodes).toBeLessThan(3000 + 2048);
    expect(r.depth).toBeGreaterThanOrEqual(1);
  });

  it('a time budget stops the search', () => {
    g.setPosition(START);
    const t0 = performance.now();
    const r = g.search({ movetime: 100 });
    const ms = performance.now() - t0;
    expect(g.legalMoves()).toContain(r.bestmove);
    expect(ms).toBeLessThan(1000);
    expect(r.depth).toBeGreaterThanOrEqual(1);
  });
});

describe('search: stop flag, iterations, mate scores', () => {
  it('a stop flag already set still returns a legal move (depth 1 always completes)', () => {
    for (const pos of [START, 'T3T/5/2G2/5/T3T T G19 -', '1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -']) {
      g.setPosition(pos);
      const stop = new Int32Array(new SharedArrayBuffer(4));
      stop[0] = 1;
      const r = g.search({ stop });
      expect(r.depth, pos).toBe(1);
      expect(g.legalMoves(), pos).toContain(r.bestmove);
      expect(r.pv[0]).toBe(r.bestmove);
      expect(g.position()).toBe(pos);
      // the same with a depth limit given
      const r2 = g.search({ depth: 10, stop });
      expect(r2.depth).toBe(1);
      expect(g.legalMoves()).toContain(r2.bestmove);
    }
  });

  it('a stop flag that stays 0 does not stop the search', () => {
    g.setPosition(START);
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const r = g.search({ depth: 4, stop });
    expect(r.depth).toBe(4);
  });

  it('onIteration is called once per completed depth, with increasing depth', () => {
    g.setPosition(START);
    const infos: Array<{
      depth: number;
      nodes: number;
      pv: string[];
      score: number;
      mateIn: number | null;
      ms: number;
    }> = [];
    const r = g.search({ depth: 5, onIteration: (i) => infos.push(i) });
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5]);
    for (let k = 1; k < infos.length; k++) expect(infos[k]!.nodes).toBeGreaterThanOrEqual(infos[k - 1]!.nodes);
    for (const i of infos) {
      expect(i.pv.length).toBeGreaterThanOrEqual(1);
      expect(g.legalMoves()).toContain(i.pv[0]);
      expect(i.mateIn).toBeNull();
      expect(Number.isFinite(i.ms)).toBe(true);
    }
    const last = infos[infos.length - 1]!;
    expect(r.depth).toBe(5);
    expect(r.bestmove).toBe(last.pv[0]);
    expect(r.pv).toEqual(last.pv);
    expect(r.score).toBe(last.score);
    expect(g.position()).toBe(START);
  });

  it('tigers able to capture the 5th goat find it: mate score, mateIn 1', () => {
    // tigers a1 e1 a5 e5, goat b1 with c1 empty: a1xc1 is the 5th capture
    g.setPosition('T3T/5/5/5/TG2T T G15 G4');
    for (const depth of [1, 2, 4]) {
      const r = g.search({ depth });
      expect(r.bestmove, `depth ${depth}`).toBe('a1xc1');
      expect(r.mateIn).toBe(1);
      expect(r.score).toBe(MATE - 1);
      expect(r.pv).toEqual(['a1xc1']);
    }
    expect(g.position()).toBe('T3T/5/5/5/TG2T T G15 G4');
  });

  it('the search stops early once a forced win is found, and reports it in onIteration', () => {
    g.setPosition('T3T/5/5/5/TG2T T G15 G4');
    const depths: number[] = [];
    const r = g.search({ depth: 20, onIteration: (i) => depths.push(i.depth) });
    expect(r.mateIn).toBe(1);
    expect(r.depth).toBeLessThan(20);
    expect(depths[depths.length - 1]).toBe(r.depth);
  });

  it('goats whose every move loses report a negative mate score', () => {
    // two threats (a1xc1 over b1, e5xe3 over e4) with 4 goats captured: one placement blocks only one
    g.setPosition('T3T/4G/5/5/TG2T G G14 G4');
    const r = g.search({ depth: 4 });
    expect(g.legalMoves()).toContain(r.bestmove);
    expect(r.score).toBe(-(MATE - 2));
    expect(r.mateIn).toBe(-2);
    expect(r.pv.length).toBe(2);
    expect(['a1xc1', 'e5xe3']).toContain(r.pv[1]);
    expect(g.position()).toBe('T3T/4G/5/5/TG2T G G14 G4');
  });

  it('a side with no legal move: bestmove null, a lost score', () => {
    g.setPosition('GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -');
    const r = g.search({ depth: 3 });
    expect(r.bestmove).toBeNull();
    expect(r.pv).toEqual([]);
    expect(r.score).toBeLessThanOrEqual(-(MATE - 1000));
    expect(r.mateIn === 0).toBe(true);
  });

  // A side that has already lost reports mateIn 0 (not -0).
  it('a side with no legal move: mateIn is +0, not -0', () => {
    g.setPosition('GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -');
    expect(Object.is(g.search({ depth: 3 }).mateIn, 0)).toBe(true);
  });

  it('evaluate() is a finite integer and does not change the position', () => {
    for (const pos of [START, 'T3T/5/2G2/5/T3T T G19 -', OVER]) {
      g.setPosition(pos);
      const e = g.evaluate();
      expect(Number.isInteger(e)).toBe(true);
      expect(g.position()).toBe(pos);
    }
  });
});

describe('limits and argument types (fresh-user review)', () => {
  it('a long perft stops at its time limit with a LatticeError "stopped"', async () => {
    const g = await Game.create('bagh-chal');
    const t0 = performance.now();
    expect(() => g.perft(20, { movetime: 200 })).toThrow(expect.objectContaining({ code: 'stopped' }));
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(g.perft(4)).toBe(68204); // usable afterwards
    expect(() => g.divide(20, { movetime: 100 })).toThrow(/stopped/);
    expect(g.position()).toBe('T3T/5/5/5/T3T G G20 -');
  });

  it('a perft stop flag set by another party stops it', async () => {
    const g = await Game.create('bagh-chal');
    const stop = new Int32Array(new SharedArrayBuffer(4));
    stop[0] = 1;
    expect(() => g.perft(12, { stop })).toThrow(/stopped/);
  });

  it.each([0, 513, 1024, 2048, 1.5, '16'])('hashMb %j is refused with ArgumentError', async (mb) => {
    await expect(Game.create('bagh-chal', { hashMb: mb as number })).rejects.toBeInstanceOf(ArgumentError);
  });

  it('hashMb 512 works', async () => {
    const g = await Game.create('bagh-chal', { hashMb: 512 });
    expect(g.search({ depth: 3 }).bestmove).toBeTruthy();
  });

  it('a position where the tigers have already won scores as a loss for the goats to move (tigers to move there cannot arise)', async () => {
    await expect(Game.create('bagh-chal', { position: 'T3T/5/5/5/T3T T G15 G5' })).rejects.toBeInstanceOf(ParseError);
    const g = await Game.create('bagh-chal', { position: 'T3T/5/5/5/T3T G G15 G5' });
    const r = g.search({ depth: 3 });
    expect(r.bestmove).toBeNull();
    expect(r.score).toBe(-MATE);
  });

  it.each([null, undefined, 3, {}])('play(%j) -> ArgumentError', async (m) => {
    const g = await Game.create('bagh-chal');
    expect(() => g.play(m as unknown as string)).toThrow(ArgumentError);
  });

  it('wrong argument types are ArgumentErrors, not TypeErrors', async () => {
    const g = await Game.create('bagh-chal');
    expect(() => g.search(null as unknown as object)).toThrow(ArgumentError);
    expect(() => g.setPosition(undefined as unknown as string)).toThrow(ArgumentError);
    expect(() => g.perft('3' as unknown as number)).toThrow(/got "3"/);
    await expect(Game.create('bagh-chal', { options: null as unknown as object })).rejects.toBeInstanceOf(
      ArgumentError,
    );
    await expect(Game.create('bagh-chal', { position: 123 as unknown as string })).rejects.toBeInstanceOf(
      ArgumentError,
    );
  });

  it('a very long bad position gives a short one-line message', async () => {
    const g = await Game.create('bagh-chal');
    const long = 'T3T/5/5/5/T3T G G20 -' + 'x'.repeat(100_000);
    try {
      g.setPosition(long);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message.length).toBeLessThan(300);
      expect((e as Error).message).not.toContain('\n');
    }
  });

  it('history() lists the moves played without changing the game', async () => {
    const g = await Game.create('bagh-chal');
    for (const m of ['c3', 'a1-b2', 'a1']) g.play(m);
    const before = g.position();
    expect(g.history()).toEqual(['c3', 'a1-b2', 'a1']);
    expect(g.position()).toBe(before);
  });

  it("legalMoveTexts() gives each legal move's canonical text, then its full path where the text is the short form; play() takes each", async () => {
    // a tibetan-1 tiger among four goats (test/reference/primitives.test.ts): its loop a5xa3xc3xa5 is the only
    // move from a5 to a5, written a5xa5 (docs/notation.md)
    const g = await Game.create('tibetan-1', { position: 'GGGGG/GGGGG/T4/GGG2/1G3/3/3 T - G1 -' });
    const texts = g.legalMoveTexts();
    expect(texts).toContainEqual(['a5xa5', 'a5xa3xc3xa5']);
    expect(texts.map((t) => t[0])).toEqual(g.legalMoves());
    const short = texts.filter((t) => t.length > 1);
    expect(short.length).toBeGreaterThan(0);
    for (const t of short.slice(0, 20)) {
      // the short form names start and end; the path starts and ends there
      const [a, b] = t[0]!.split('x');
      expect(t[1]!.startsWith(`${a}x`) && t[1]!.endsWith(`x${b}`)).toBe(true);
      g.play(t[1]!);
      expect(g.history()).toEqual([t[0]]);
      g.undo();
    }
    expect((await Game.create('bagh-chal')).legalMoveTexts()).toEqual(
      (await Game.create('bagh-chal')).legalMoves().map((m) => [m]),
    );
    g.dispose();
  });
});

describe('createGame: argument checks (game-args.ts, shared with EngineWorker.start)', () => {
  it.each([
    ['options null', 'bagh-chal', null, ArgumentError],
    ['options a number', 'maka-dai-dai', 5, ArgumentError],
    ['a variant that is not a string', 7, {}, ArgumentError],
    ['an unknown variant', 'chess', {}, UnknownVariantError],
    ['an unknown Maka option', 'maka-dai-dai', { options: { x: '1' } }, OptionError],
  ])('%s -> %s', async (_label, variant, opts, cls) => {
    await expect(createGame(variant as string, opts as never)).rejects.toBeInstanceOf(cls);
  });

  it('the unknown-variant message lists every variant, Maka Dai Dai Shogi included', async () => {
    await expect(createGame('chess')).rejects.toThrow(/known: .*bagh-chal.*maka-dai-dai/);
  });
});

describe('one result shape, unknown keys, dispose, positions that cannot arise', () => {
  it('Game, MakaGame, createGame and the worker give { winner, winnerName, reason }', async () => {
    const { MakaGame, createGame, EngineWorker } = await import('../../src/index.js');
    const over = 'TGGGT/1GGG1/GG1GG/1GGG1/T1GGT G - G5';
    const hunt = { winner: 'hunters', winnerName: 'tigers', reason: 'captures' };
    expect((await Game.create('bagh-chal', { position: over })).result()).toEqual(hunt);
    expect((await createGame('bagh-chal', { position: over })).result()).toEqual(hunt);
    // Maka: a rook takes White's only royal
    const mpos = '18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18R/K18 b';
    const maka = { winner: 'black', winnerName: 'Black', reason: 'royals' };
    const m = MakaGame.create({ position: mpos });
    m.play('s2xs19+');
    expect(m.result()).toEqual(maka);
    const mg = await createGame('maka-dai-dai', { position: mpos });
    mg.play('s2xs19+');
    expect(mg.result()).toEqual(maka);
    const w = await EngineWorker.start({ variant: 'bagh-chal', position: over });
    try {
      expect(await w.result()).toEqual(hunt);
    } finally {
      await w.terminate();
    }
  });

  it('the unknown-variant message lists every variant; Game.create says how to play maka-dai-dai', async () => {
    const { createGame } = await import('../../src/index.js');
    const e = await createGame('no-such').catch((x) => x);
    expect(e).toBeInstanceOf(UnknownVariantError);
    expect(e.message).toMatch(
      /known: bagh-chal, tibetan-1, tibetan-2, tibetan-4, catch-the-giant, surround-the-tiger, double-tiger, shepherds-and-wolves, permainan-tabal, maka-dai-dai\)/,
    );
    const m = await Game.create('maka-dai-dai').catch((x) => x);
    expect(m).toBeInstanceOf(UnknownVariantError);
    expect(m.message).toMatch(
      /is not a lattice game \(Game plays bagh-chal, .*; createGame\(\) plays every variant of every family\)/,
    );
  });

  it('unknown keys in option objects are refused naming the key (Game, MakaGame, createGame)', async () => {
    const { MakaGame, createGame } = await import('../../src/index.js');
    const g = await Game.create('bagh-chal');
    const m = MakaGame.create();
    const cases: Array<[() => unknown, RegExp]> = [
      [() => g.search({ deepth: 2 } as never), /unknown key "deepth" in search limits/],
      [() => g.perft(2, { movtime: 10 } as never), /unknown key "movtime" in perft limits/],
      [() => g.divide(2, { stopp: 1 } as never), /unknown key "stopp" in perft limits/],
      [() => m.search({ deepth: 2 } as never), /unknown key "deepth" in search limits/],
      [() => m.perft(2, { onProgres: () => {} } as never), /unknown key "onProgres" in perft limits/],
      [() => MakaGame.create({ positon: 'x' } as never), /unknown key "positon" in game options/],
    ];
    for (const [fn, msg] of cases) {
      const e = thrown(fn);
      expect(e).toBeInstanceOf(ArgumentError);
      expect((e as Error).message).toMatch(msg);
    }
    await expect(Game.create('bagh-chal', { hash: 16 } as never)).rejects.toThrow(/unknown key "hash" in game options/);
    await expect(createGame('maka-dai-dai', { tbdir: 'x' } as never)).rejects.toThrow(
      /unknown key "tbdir" in game options/,
    );
    await expect(createGame('bagh-chal', { option: {} } as never)).rejects.toBeInstanceOf(ArgumentError);
  });

  it('dispose() frees the core: later calls throw LatticeError code "disposed" (Game and MakaGame)', async () => {
    const { MakaGame, createGame } = await import('../../src/index.js');
    const g = await Game.create('bagh-chal');
    g.dispose();
    g.dispose();
    expect(g.disposed).toBe(true);
    for (const fn of [
      () => g.position(),
      () => g.legalMoves(),
      () => g.search({ depth: 1 }),
      () => g.perft(1),
      () => g.play('c3'),
      () => g.result(),
    ]) {
      const e = thrown(fn);
      expect(e).toBeInstanceOf(LatticeError);
      expect((e as LatticeError).code).toBe('disposed');
    }
    const m = MakaGame.create();
    m.dispose();
    expect((thrown(() => m.legalMoves()) as LatticeError).code).toBe('disposed');
    expect((thrown(() => m.search({ depth: 1 })) as LatticeError).code).toBe('disposed');
    const any = await createGame('maka-dai-dai');
    any.dispose();
    expect((thrown(() => any.position()) as LatticeError).code).toBe('disposed');
  });

  // every public method of each class, with good and bad arguments: after dispose() each call throws
  // DisposedError before it looks at its arguments (a bad argument used to win: ArgumentError, or null)
  const publicMethods = (file: string, cls: string): string[] => {
    const src = readFileSync(new URL(file, import.meta.url), 'utf8');
    const body = src.slice(src.search(new RegExp(`export class ${cls}\\b[^{]*\\{`))).split(/\n}\n/)[0];
    return [...body.matchAll(/^ {2}(?:async )?([a-zA-Z]+)\(/gm)]
      .map((m) => m[1])
      .filter((n) => n !== 'constructor' && n !== 'dispose')
      .sort();
  };
  const afterDispose = async (game: object, calls: Record<string, unknown[][]>, file: string, cls: string) => {
    expect(Object.keys(calls).sort(), `every public method of ${cls} is called`).toEqual(publicMethods(file, cls));
    for (const [name, argLists] of Object.entries(calls)) {
      for (const args of argLists) {
        let err: unknown = 'no error';
        try {
          await (game as Record<string, (...a: unknown[]) => unknown>)[name](...args);
        } catch (e) {
          err = e;
        }
        expect(err, `${cls}.${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`).toBeInstanceOf(DisposedError);
      }
    }
  };

  it('after dispose() every public method throws DisposedError, whatever its arguments (Game)', async () => {
    const game = await Game.create('bagh-chal'); // no tablebase: probe() and solve() used to answer
    game.play('c3');
    game.dispose();
    await afterDispose(
      game,
      {
        setPosition: [[START], [5]],
        position: [[]],
        key: [[]],
        keyConsistent: [[]],
        legalMoves: [[]],
        legalMoveTexts: [[]],
        moves: [[]],
        along: [[['c3']], [5]],
        describe: [[], [START]],
        boardText: [[]],
        moverName: [[]],
        play: [['c1'], [3], ['zz'], [{ to: 'c1' }]],
        undo: [[]],
        history: [[]],
        result: [[]],
        probe: [[]],
        evaluate: [[]],
        evalFeatures: [[]],
        perft: [[1], ['x'], [1, null]],
        perftClassic: [[1], [-1]],
        perftSlow: [[1], [-1]],
        divide: [[1], [0]],
        loadTablebase: [['/nonexistent-lattice-tb'], [5]],
        solve: [[], [null], [{ nodeLimit: -1 }]],
        search: [[{ depth: 1 }], [], [null], [{ depth: 0 }], [{ deepth: 1 }]],
      },
      '../../src/lattice/game.ts',
      'Game',
    );
  });

  it('after dispose() every public method throws DisposedError, whatever its arguments (MakaGame)', async () => {
    const { MakaGame } = await import('../../src/index.js');
    const m = MakaGame.create();
    const start = m.position();
    m.play(m.legalMoves()[0]);
    m.dispose();
    await afterDispose(
      m,
      {
        setPosition: [[start], [5]],
        position: [[]],
        key: [[]],
        keyConsistent: [[]],
        sideToMove: [[]],
        legalMoves: [[]],
        moves: [[]],
        describe: [[], [start]],
        boardText: [[], ['codes']],
        moverName: [[]],
        play: [['x'], [3], [{ from: 'a1', to: 'a2' }]],
        undo: [[]],
        history: [[]],
        result: [[]],
        evaluate: [[]],
        perft: [[1], ['x'], [1, null]],
        divide: [[1], [0]],
        search: [[{ depth: 1 }], [], [null], [{ depth: 0 }]],
      },
      '../../src/maka/game.ts',
      'MakaGame',
    );
    expect(() => m.internal).toThrow(DisposedError);
  });

  // while a search or perft runs, a call from its callback may read the position but change nothing
  const READS = [
    'position',
    'key',
    'keyConsistent',
    'legalMoves',
    'legalMoveTexts',
    'moves',
    'along',
    'describe',
    'history',
    'result',
    'evaluate',
    'sideToMove',
    'boardText',
    'moverName',
  ];
  const GAME_CALLS: Record<string, unknown[]> = {
    setPosition: [START],
    play: ['c3'],
    undo: [],
    perft: [1],
    perftClassic: [1],
    perftSlow: [1],
    divide: [1],
    loadTablebase: ['/nonexistent-lattice-tb'],
    probe: [],
    solve: [],
    search: [{ depth: 1 }],
    dispose: [],
    evalFeatures: [],
  };
  const MAKA_CALLS: Record<string, unknown[]> = {
    setPosition: [''],
    play: [''],
    undo: [],
    perft: [1],
    divide: [1],
    search: [{ depth: 1 }],
    dispose: [],
  };
  const busyOrNot = (e: unknown) =>
    e instanceof LatticeError && e.code === 'busy' && /^the game is searching: /.test(e.message) ? 'busy' : e;
  /**
   * Makes every call of `calls` on `game`; returns what each threw ('busy' for the busy error, or 'no
   * error'); an async method's promise is kept, to be settled by settled() once the run is over.
   */
  const callAll = (game: object, calls: Record<string, unknown[]>) => {
    const out: Record<string, unknown> = {};
    for (const [name, args] of Object.entries(calls)) {
      try {
        const r = (game as Record<string, (...a: unknown[]) => unknown>)[name](...args);
        out[name] = r instanceof Promise ? r.then(() => 'no error', busyOrNot) : 'no error';
      } catch (e) {
        out[name] = busyOrNot(e);
      }
    }
    return out;
  };
  const settled = async (rows: Array<Record<string, unknown>>) =>
    Promise.all(
      rows.map(async (row) =>
        Object.fromEntries(await Promise.all(Object.entries(row).map(async ([k, v]) => [k, await v]))),
      ),
    );
  const allBusy = (calls: Record<string, unknown[]>) => Object.fromEntries(Object.keys(calls).map((k) => [k, 'busy']));

  it("during a search or perft every call but a read throws LatticeError 'busy' (Game)", async () => {
    expect([...Object.keys(GAME_CALLS), ...READS.filter((r) => r !== 'sideToMove')].sort()).toEqual(
      [...publicMethods('../../src/lattice/game.ts', 'Game'), 'dispose'].sort(),
    );
    const opening = ['c3', 'a1-b2', 'c1'];
    const setUp = async () => {
      const x = await Game.create('bagh-chal', { options: { repetition: 'draw3' } });
      for (const m of opening) x.play(m);
      return x;
    };
    const game = await setUp();
    const root = game.position();
    const seen: Array<Record<string, unknown>> = [];
    const reads: unknown[] = [];
    const r = game.search({
      depth: 6,
      onIteration: () => {
        seen.push(callAll(game, GAME_CALLS));
        reads.push([
          game.position(),
          game.legalMoves().length,
          game.legalMoveTexts().length,
          game.moves().length,
          game.along(['c3']),
          game.result(),
          game.history(),
          game.key(),
          game.keyConsistent(),
          game.evaluate(),
        ]);
      },
    });
    expect(seen.length).toBe(6);
    for (const s of await settled(seen)) expect(s).toEqual(allBusy(GAME_CALLS));
    // the callbacks see the searched (root) position, and their reads do not disturb the search
    for (const x of reads) expect((x as unknown[])[0]).toBe(root);
    expect((reads[0] as unknown[])[6]).toEqual(opening);
    const plain = (await setUp()).search({ depth: 6 });
    expect({ ...r, ms: 0 }).toEqual({ ...plain, ms: 0 });
    expect(game.position()).toBe(root);
    // perft and divide: the same from onProgress
    const during: Array<Record<string, unknown>> = [];
    const fresh = await setUp();
    expect(
      game.perft(3, {
        onProgress: () => {
          during.push(callAll(game, GAME_CALLS));
        },
      }),
    ).toBe(fresh.perft(3));
    expect(
      Object.keys(
        game.divide(2, {
          onProgress: () => {
            during.push(callAll(game, GAME_CALLS));
          },
        }),
      ),
    ).toEqual(game.legalMoves());
    expect(during.length).toBe(2 * game.legalMoves().length);
    for (const s of await settled(during)) expect(s).toEqual(allBusy(GAME_CALLS));
    // the review's case: play() from onIteration throws out of the search; the position stays the root
    const e = thrown(() =>
      game.search({
        depth: 6,
        onIteration() {
          game.play('c3');
        },
      }),
    );
    expect(e).toBeInstanceOf(LatticeError);
    expect((e as LatticeError).code).toBe('busy');
    expect(game.position()).toBe(root);
    // and once the run is over, every call works again
    game.play(game.legalMoves()[0]);
    expect(game.search({ depth: 2 }).depth).toBe(2);
    game.dispose();
  });

  it("during a search or perft every call but a read throws LatticeError 'busy' (MakaGame)", async () => {
    const { MakaGame } = await import('../../src/index.js');
    expect(
      [...Object.keys(MAKA_CALLS), ...READS.filter((r) => r !== 'legalMoveTexts' && r !== 'along')].sort(),
    ).toEqual([...publicMethods('../../src/maka/game.ts', 'MakaGame'), 'dispose'].sort());
    const m = MakaGame.create();
    const root = m.position();
    const seen: Array<Record<string, unknown>> = [];
    const r = m.search({
      depth: 2,
      onIteration: () => {
        seen.push(callAll(m, { ...MAKA_CALLS, setPosition: [root], play: [m.legalMoves()[0]] }));
        expect(m.position()).toBe(root);
      },
    });
    expect(seen.length).toBe(2);
    for (const s of seen) expect(s).toEqual(allBusy(MAKA_CALLS));
    expect({ ...r, ms: 0 }).toEqual({ ...MakaGame.create().search({ depth: 2 }), ms: 0 });
    const during: Array<Record<string, unknown>> = [];
    const total = m.perft(2, {
      onProgress: () => {
        during.push(callAll(m, MAKA_CALLS));
      },
    });
    expect(total).toBe(MakaGame.create().perft(2));
    m.divide(1, {
      onProgress: () => {
        during.push(callAll(m, MAKA_CALLS));
      },
    });
    expect(during.length).toBe(2 * m.legalMoves().length);
    for (const s of during) expect(s).toEqual(allBusy(MAKA_CALLS));
    expect(m.position()).toBe(root);
    m.play(m.legalMoves()[0]);
    m.dispose();
  });

  it('search({}) searches the documented default depth: 8 plies (Bagh Chal), 4 (Maka Dai Dai)', async () => {
    const { MakaGame, DEFAULT_SEARCH_DEPTH } = await import('../../src/index.js');
    expect(DEFAULT_SEARCH_DEPTH).toBe(8);
    const g = await Game.create('bagh-chal');
    expect(g.search({}).depth).toBe(8);
    // two kings, so that depth 4 ends far inside the time cap below however loaded the machine is
    expect(
      MakaGame.create({ position: '4k14/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/14K4 b' }).search({}).depth,
    ).toBe(4);
    // and a cap of DEFAULT_SEARCH_MS when no limit is given, so that it finishes in seconds on every board
    // (tibetan-4's 105 points need minutes for 8 plies); any limit given lifts the cap
    const { checkSearchLimits, DEFAULT_SEARCH_MS } = await import('../../src/contract/limits.js');
    expect(DEFAULT_SEARCH_MS).toBe(10_000);
    expect(checkSearchLimits({})).toEqual({ depth: 8, nodes: 0, movetime: 10_000 });
    expect(checkSearchLimits({ movetime: 0 })).toEqual({ depth: 8, nodes: 0, movetime: 10_000 });
    expect(checkSearchLimits({ depth: 12 })).toEqual({ depth: 12, nodes: 0, movetime: 0 });
    expect(checkSearchLimits({ nodes: 5 }).movetime).toBe(0);
    expect(() => checkSearchLimits({ movetime: Number.NaN })).toThrow(ArgumentError);
  });

  it('perft and divide report each root move to onProgress and count the same', async () => {
    const g = await Game.create('bagh-chal', { position: 'T3T/5/2G2/5/T3T T G19 -' });
    const seen: Array<{ done: number; total: number; move: string; nodes: number }> = [];
    expect(g.perft(4, { onProgress: (p) => seen.push(p) })).toBe(g.perft(4));
    expect(seen.map((p) => p.done)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.every((p) => p.total === seen.length)).toBe(true);
    expect(Object.fromEntries(seen.map((p) => [p.move, p.nodes]))).toEqual(g.divide(4));
    const { MakaGame } = await import('../../src/index.js');
    const m = MakaGame.create();
    let calls = 0;
    expect(
      m.perft(2, {
        onProgress: () => {
          calls++;
        },
      }),
    ).toBe(6400);
    expect(calls).toBe(80);
    // Maka's perft takes the lattice games' limits too (issue 19): a bad one is refused alike
    expect(m.perft(2, { movetime: 60_000 })).toBe(6400);
    expect(() => m.perft(2, { movetime: 0 })).toThrow(ArgumentError);
  });

  it('MakaGame takes hashMb (1..512) like Game', async () => {
    const { MakaGame } = await import('../../src/index.js');
    expect(MakaGame.create({ hashMb: 1 }).search({ depth: 2 }).bestmove).toBeTruthy();
    expect(() => MakaGame.create({ hashMb: 0 })).toThrow(/hash size must be an integer 1\.\.512/);
  });

  it.each([
    ['T3T/5/5/5/T3T T G20 -', 15, /tigers cannot be to move before any goat is placed: the goats move first/],
    ['T3T/5/5/5/T3T T G19 G1', 15, /tigers cannot be to move with 1 goat captured of 1 placed/],
    [
      'TGGGT/1GGG1/GG1GG/1GGG1/T1GGT T - G5',
      31,
      /tigers cannot be to move with 5 goats captured: the capture that reached the capture target \(5\) ended the game/,
    ],
    [
      'TGGGT/GGGG1/GG1GG/GGGG1/T1GGT T - G3',
      31,
      /tigers cannot be to move with 3 goats captured: the capture that reached the capture target \(3\)/,
      { 'captures-to-win': 3 },
    ],
  ])(
    'refuses %j, which cannot arise (RULES.md §1), with a ParseError naming why',
    async (pos, column, msg, options?: Record<string, number>) => {
      const e = await Game.create('bagh-chal', { position: pos, options }).catch((x) => x);
      expect(e).toBeInstanceOf(ParseError);
      expect(e.column).toBe(column);
      expect(e.message).toMatch(msg);
    },
  );

  it.each([
    'T3T/5/2G2/5/T3T T G19 -', // after the first placement
    '2T1T/5/5/5/T3T G G19 G1', // a5xc5 took the first goat (b5)
    'TGGGT/1GGG1/GG1GG/1GGG1/T1GGT G - G5', // the tigers just won
    'T3T/5/5/5/T3T G G15 G5', // five placements, five jumps (a1xc1, c1xc3, c3xe1 ...)
    'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4', // movement phase, four captured
    'T3T/5/G1G2/5/1T2T T G15 G3', // five placed; three jumps and a step (b1) of four tiger moves
    'T3T/5/G4/5/T1T2 T G18 G1', // two placed, one captured, tigers to move
    '1T2T/5/5/5/T3T G G20 -', // out of reach, but accepted: the tests use such positions
  ])('accepts %j, which can arise', async (pos) => {
    await expect(Game.create('bagh-chal', { position: pos })).resolves.toBeInstanceOf(Game);
  });
});

describe('classes opened through a factory', () => {
  it("`new` from JavaScript (past TypeScript's private) is an ArgumentError naming the factory", async () => {
    const { EngineWorker } = await import('../../src/worker/client.js');
    const construct =
      (C: unknown, ...args: unknown[]) =>
      () =>
        new (C as new (...a: unknown[]) => unknown)(...args);
    expect(construct(Game, 'bagh-chal')).toThrow(ArgumentError);
    expect(construct(Game, 'bagh-chal')).toThrow(/Game\.create/);
    expect(construct(MakaGame, {})).toThrow(/MakaGame\.create/);
    expect(construct(EngineWorker)).toThrow(/EngineWorker\.start/);
  });
});
