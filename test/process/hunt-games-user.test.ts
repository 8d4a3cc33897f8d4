// A fresh user's tour of the six hunt games (tibetan-1, tibetan-2, catch-the-giant, surround-the-tiger,
// double-tiger, shepherds-and-wolves) through the CLI, the API and the worker, following README.md and docs/:
// every bad input gives a clear typed error naming what and where (CLI: one `error:` line, exit 2).
// Counts below are derived by hand from RULES.md / docs/notation.md (empty points, neighbours), not pasted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EngineWorker,
  Game,
  IllegalMoveError,
  OptionError,
  ParseError,
  TablebaseError,
  createGame,
} from '../../src/index.js';
import { buildTablebase, countPositions, solveGame } from '../../src/solve/api.js';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
/** A CLI refusal: exit 2, nothing on stdout, exactly one `error: ...` line on stderr matching `re`. */
function expectRefused(args: string[], re: RegExp) {
  const r = run(...args);
  expect({ args, code: r.code, out: r.out }).toEqual({ args, code: 2, out: '' });
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(/^error: /);
  expect(r.err).toMatch(re);
}

const HUNT = [
  'tibetan-1',
  'tibetan-2',
  'catch-the-giant',
  'surround-the-tiger',
  'double-tiger',
  'shepherds-and-wolves',
];

describe('the CLI, as README and docs/cli.md document it', () => {
  it('variants --json lists the six hunt games with every option value RULES.md gives', () => {
    const r = run('variants', '--json');
    expect(r.code).toBe(0);
    const byId = new Map<
      string,
      { start: string; options: { name: string; values?: string[]; min?: number; max?: number }[] }
    >(JSON.parse(r.out).variants.map((v: { id: string }) => [v.id, v]));
    for (const id of HUNT) expect(byId.get(id)?.options.map((o) => o.name)).toContain('repetition');
    const opt = (id: string, name: string) => byId.get(id)!.options.find((o) => o.name === name)!;
    expect(opt('tibetan-1', 'setup').values).toEqual(['far-rows', 'ring', 'square']);
    expect(opt('tibetan-2', 'setup').values).toEqual(['ring', 'stacks']);
    expect(byId.get('tibetan-2')!.options.map((o) => o.name)).not.toContain('tigers');
    // giant-start: every point empty at the start (the 11 points minus the dwarfs' b1 a2 c2)
    expect([...opt('catch-the-giant', 'giant-start').values!].sort()).toEqual([
      'a3',
      'a4',
      'b2',
      'b3',
      'b4',
      'b5',
      'c3',
      'c4',
    ]);
    // stall-limit: off or 1..N with the bound the core accepts, so no value passes the option check and then fails in
    // the core
    expect(opt('catch-the-giant', 'stall-limit')).toMatchObject({ values: ['off'], min: 1, max: 1_000_000 });
    // the start table of docs/notation.md
    expect(byId.get('double-tiger')!.start).toBe('2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -');
  });

  it('unknown options and values: exit 2 naming the allowed values', () => {
    expectRefused(
      ['perft', 'catch-the-giant', '1', '--option', 'stall-limit=0'],
      /stall-limit .*off or an integer in 1\.\.1000000, got "0"/,
    );
    expectRefused(
      ['perft', 'catch-the-giant', '1', '--option', 'giant-start=b1'],
      /giant-start .*b2\|a3\|b3\|c3\|a4\|b4\|c4\|b5, got "b1"/,
    );
    expectRefused(['perft', 'catch-the-giant', '1', '--option', 'giant-start=z9'], /giant-start .*got "z9"/);
    expectRefused(
      ['perft', 'tibetan-1', '1', '--option', 'tigers=3'],
      /tigers of tibetan-1 must be an integer in 1\.\.2, got "3"/,
    );
    expectRefused(
      ['perft', 'tibetan-1', '1', '--option', 'setup=stacks'],
      /setup of tibetan-1 must be one of far-rows\|ring\|square, got "stacks"/,
    );
  });

  it('a stall limit beyond what the core takes is an option error (exit 2), not "internal error" (exit 1)', () => {
    expectRefused(
      ['perft', 'catch-the-giant', '1', '--option', 'stall-limit=99999999999'],
      /stall-limit .*1\.\.1000000, got "99999999999"/,
    );
  });

  it('tablebase build on a hunt game says it has no movement-phase tablebase (not "captures-to-win 1..5, got 10"), solve refuses what does not fit, and neither touches a directory', () => {
    const parent = mkdtempSync(join(tmpdir(), 'lattice-user-'));
    const dir = join(parent, 'tb');
    try {
      expectRefused(
        ['tablebase', 'build', 'tibetan-1', '--dir', dir],
        /tibetan-1 has no movement-phase tablebase: .*lattice solve tibetan-1/,
      );
      // the generic solver's estimate refuses it up front, with its figures
      expectRefused(
        ['solve', 'tibetan-1', '--dir', dir],
        /tibetan-1 does not fit this solver: its largest layer has \d+ slots/,
      );
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a malformed position: exit 2, the column and what was expected', () => {
    expectRefused(
      [
        'perft',
        'tibetan-2',
        '1',
        '--option',
        'setup=stacks',
        '--position',
        '3/1T1/5/1G(6 1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      ],
      /column 13: expected "\)" after the stack count 6/,
    );
  });
});

describe('the API: positions, moves, options', () => {
  it('perft(1) from each start is the count RULES.md gives', async () => {
    // tibetan-1: 31 points - 10 goats - 1 tiger = 20 placements; tibetan-2: 37 - 8 - 2 = 27;
    // double-tiger: c1 and c5 each step to 3 empty points and jump 2 stacks = 10; surround-the-tiger:
    // the tiger on c3 steps to its 8 empty neighbours; shepherds-and-wolves: the wolf places on 25 - 9 = 16;
    // catch-the-giant: b3 to its 8 neighbours but a2, c2 (dwarfs) = 6; tibetan-2 setup=stacks: 4 stacks x 8 empty
    // neighbours.
    const expected: [string, Record<string, string>, number][] = [
      ['tibetan-1', {}, 20],
      ['tibetan-2', {}, 27],
      ['double-tiger', {}, 10],
      ['surround-the-tiger', {}, 8],
      ['shepherds-and-wolves', {}, 16],
      ['catch-the-giant', {}, 6],
      ['tibetan-2', { setup: 'stacks' }, 32],
    ];
    for (const [v, options, n] of expected) {
      const g = await Game.create(v, { options });
      expect([v, options, g.perft(1)]).toEqual([v, options, n]);
      g.dispose();
    }
  });

  it('bad options through Game.create are OptionErrors, a huge stall limit included', async () => {
    await expect(Game.create('catch-the-giant', { options: { 'stall-limit': 1e9 } })).rejects.toThrow(OptionError);
    await expect(Game.create('catch-the-giant', { options: { 'stall-limit': 0 } })).rejects.toThrow(
      /off or an integer in 1\.\.1000000/,
    );
    await expect(Game.create('tibetan-1', { options: { setup: 'stacks' } })).rejects.toThrow(OptionError);
    await expect(Game.create('tibetan-2', { options: { tigers: 2 } })).rejects.toThrow(
      /unknown option "tigers" for tibetan-2/,
    );
    const g = await Game.create('catch-the-giant', { options: { 'stall-limit': 1_000_000 } });
    expect(g.legalMoves()).toHaveLength(6);
    g.dispose();
  });

  const bad: [string, Record<string, string | number>, string, number, RegExp][] = [
    ['tibetan-2', {}, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -', 11, /goats do not stack/],
    [
      'tibetan-2',
      { setup: 'stacks' },
      '3/1T1/5/1G(06)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      12,
      /no leading zeros, got 06/,
    ],
    [
      'tibetan-2',
      { setup: 'stacks' },
      '3/1T1/5/1G()1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      12,
      /expected a stack count/,
    ],
    [
      'tibetan-2',
      { setup: 'stacks' },
      '3/1T1/5/1G(5)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      45,
      /goats on the board \(23\) \+ in hand \(0\) \+ captured \(0\) must be 24/,
    ],
    [
      'tibetan-2',
      { setup: 'stacks' },
      '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - last=b4',
      54,
      /exactly one goat.*stack of 6/,
    ],
    ['tibetan-2', { setup: 'stacks' }, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - stall=1', 49, /no stall rule/],
    ['tibetan-1', {}, 'GGGGG/GGGGG/5/5/5/1T1/3 G T1G5 - -', 27, /tigers are not placed/],
    ['tibetan-1', {}, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - last=a7', 32, /still have 5 in hand/],
    ['tibetan-1', {}, 'GGGGG/GGGGG/5/5/5/1X1/3 G G5 - -', 20, /expected T, G or a digit, got "X"/],
    ['catch-the-giant', {}, '1/3/1G1/D1D/D G - - stall=0', 21, /expected 4 fields/],
    [
      'catch-the-giant',
      { 'stall-limit': 5 },
      '1/3/1G1/D1D/D G - - stall=99999999999999999999',
      27,
      /stall must be 0\.\.5 \(the stall limit\), got a count past 2\^53/,
    ],
    [
      'catch-the-giant',
      { 'stall-limit': 5 },
      '1/3/1G1/D1D/D D - - stall=5',
      27,
      /cannot be to move with the stall count at its limit/,
    ],
    ['double-tiger', {}, '2T2/1D(4)1D(4)1/5/1D(4)1D(3)1/2T2 T - -', 37, /dogs on the board \(15\)/],
    ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 - -', 35, /expected 4 fields/],
  ];
  it.each(bad)('%s %o refuses %s at column %i', async (v, options, position, column, re) => {
    const err = await Game.create(v, { options, position }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).column).toBe(column);
    expect((err as Error).message).toMatch(re);
  });

  it('multi-jumps: both paths of one move are accepted, bad separators name the column, wrong paths are illegal', async () => {
    // tiger a5; goats a4 b4 c4 b3: a5xa3 (a4) xc3 (b3) xc5 (c4) xa3 (b4) and a5xa3 xc5 (b4) xc3 (c4) xa3 (b3)
    const g = await Game.create('tibetan-1', { position: '5/5/T4/GGG2/1G3/3/3 T G3 G8 -' });
    const after = (m: string) => {
      g.play(m);
      const p = g.position();
      expect(g.history().at(-1)).toBe('a5xa3xc3xc5xa3');
      g.undo();
      return p;
    };
    expect(after('a5xa3xc5xc3xa3')).toBe(after('a5xa3xc3xc5xa3'));
    // a loop back to the start point: the only move from a5 to a5, so written a5xa5 (docs/notation.md); both its paths
    // play it
    expect(g.legalMoves()).toContain('a5xa5');
    for (const path of ['a5xa3xc3xa5', 'a5xc3xa3xa5']) {
      g.play(path);
      expect(g.history()).toEqual(['a5xa5']);
      g.undo();
    }
    expect(() => g.play('a5xa3-c3')).toThrow(ParseError);
    expect(() => g.play('a5xa3,c3')).toThrow(/column 6/);
    expect(() => g.play('a5xa3xc3xc5xa3xa5')).toThrow(IllegalMoveError); // the last jump would take a4 a second time
    expect(() => g.play('a5xa3xc3xc3')).toThrow(IllegalMoveError);
    g.dispose();
  });

  it('after the end: no legal moves, a play is IllegalMoveError naming the result, perft 0', async () => {
    const g = await createGame('catch-the-giant', { position: 'G/DDD/3/3/1 G - -' }); // the giant is shut in
    expect(g.result()).toEqual({ winner: 'prey', winnerName: 'dwarfs', reason: 'no-moves' });
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play('b5-b4')).toThrow(/the game is over \(dwarfs, no-moves\)/);
    expect(g.perft(3)).toBe(0);
    const s = await createGame('catch-the-giant', { options: { 'stall-limit': 1 } });
    s.play('b3-b4');
    s.play('a2-b2'); // a sideways dwarf move: one that gains no rank
    expect(s.result()).toEqual({ winner: 'hunters', winnerName: 'giants', reason: 'stall-limit' });
  });

  it('tablebases on a game without them: TablebaseError saying so, from createGame, countPositions, buildTablebase, solveGame', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lattice-user-'));
    const dir = join(parent, 'tb');
    try {
      await expect(createGame('tibetan-1', { tbDir: dir })).rejects.toThrow(
        /tibetan-1 has no solved tables: it does not fit the solver/,
      );
      for (const v of ['tibetan-2', 'double-tiger', 'catch-the-giant']) {
        await expect(countPositions(v)).rejects.toThrow(
          new RegExp(`${v} has no movement-phase tablebase: those cover`),
        );
      }
      await expect(buildTablebase('tibetan-1', { dir })).rejects.toThrow(TablebaseError);
      await expect(solveGame('shepherds-and-wolves', { dir })).rejects.toThrow(
        /shepherds-and-wolves has no movement-phase tablebase/,
      );
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('the worker', () => {
  const workers: EngineWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.terminate()));
  });

  it('plays tibetan-2 (stacks) and counts double-tiger as in-process; errors keep their class and column', async () => {
    await expect(EngineWorker.start({ variant: 'catch-the-giant', options: { 'stall-limit': 1e9 } })).rejects.toThrow(
      OptionError,
    );
    const w = await EngineWorker.start({ variant: 'tibetan-2', options: { setup: 'stacks' } });
    workers.push(w);
    expect(await w.perft(1)).toBe(32);
    const err = await w.setPosition('3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(1)1/5/1T1/3 G - - -').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).column).toBe(31);
    await expect(w.play('c2xc9')).rejects.toThrow(IllegalMoveError);
    const d = await EngineWorker.start({ variant: 'double-tiger' });
    workers.push(d);
    const g = await Game.create('double-tiger');
    for (let k = 1; k <= 3; k++) expect(await d.perft(k)).toBe(g.perft(k));
    expect(await d.perft(1)).toBe(10);
    g.dispose();
  });
});

// Issue 9 asks that "`lattice play <variant>` finishes a legal game with a result for every variant and
// option value". Self-play of the Tibetan games can shuffle for hundreds of plies without a threefold
// repetition (the goats do not find how to trap the tigers at these depths), so `lattice play`'s
// default --max-plies is 2000. Under repetition=forbid (and none) no draw ends a game: only a win does,
// and these depths do not find one in 3000 plies (tibetan-2 forbid at depth 3): left as a todo.
describe('self-play ends with a result within the CLI default of 2000 plies', () => {
  const cases: [string, Record<string, string>, number][] = [
    ['tibetan-1', {}, 3],
    ['tibetan-1', { 'tiger-start': 'gate' }, 5],
    ['tibetan-2', { setup: 'stacks' }, 5],
  ];
  it.each(cases)('%s %o at depth %i', async (v, options, depth) => {
    const g = await Game.create(v, { options });
    let plies = 0;
    while (!g.result() && plies < 2000) {
      g.play(g.search({ depth }).bestmove!);
      plies++;
    }
    const result = g.result();
    g.dispose();
    expect({ plies, result }).toEqual({
      plies: expect.any(Number),
      result: expect.objectContaining({ reason: expect.any(String) }),
    });
  });
  it.todo('tibetan-2 repetition=forbid at depth 3 (no draw can end it; no win found in 3000 plies)');
});
