// The slow half of test/property/moves.test.ts (`npm run test:slow`): the 61,178-move tibetan-4 position
// of the issue through every API and the CLI (perft(2) 5,533,564), dense tibetan-4 positions (tigers
// inside the second-line ring: test/support/dense-tibetan4.ts; eight with LATTICE_DEEP=1) and the most
// multi-jumps seen in play (343,909), and a position past the core's capacity (every API throws LatticeError
// 'overflow', the game goes on). About a minute.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import * as TB from '../reference/tibetan.js';
import { denseTibetan4, formatTibetan4 } from '../support/dense-tibetan4.js';
import { BIG, BIGS, checkBig, checkPosition, expectOverflow, newStats, runCli, tibetanView } from './moves-checks.js';

const DEEP = process.env.LATTICE_DEEP === '1';

checkBig(BIGS.find((b) => b.count === 61_178)!);

describe('dense tibetan-4 positions: tigers inside the second-line ring (test/support/dense-tibetan4.ts)', () => {
  // three seeds (eight in the deep tier)
  it.each(DEEP ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2, 3])(
    'seed %i: moves().length === perft(1), as the reference lists them; 200 moves (100 spread, 100 sharing their ends with another) round-trip by every text and value; or a LatticeError overflow',
    async (seed) => {
      const { position } = denseTibetan4(seed);
      const g = await Game.create('tibetan-4', { options: { setup: 'second-line' }, position });
      expect(g.position()).toBe(position);
      let n: number;
      try {
        n = g.perft(1);
      } catch (e) {
        // past the core's capacity: the lists say so too
        expectOverflow(e);
        for (const f of [() => g.moves(), () => g.legalMoves(), () => g.legalMoveTexts()]) {
          try {
            f();
            expect.unreachable('an overflow');
          } catch (e2) {
            expectOverflow(e2);
          }
        }
        return;
      }
      expect(g.moves().length).toBe(n);
      expect(g.legalMoves().length).toBe(n);
      checkPosition(g, tibetanView('tibetan-4', { setup: 'second-line' }, position), newStats(), {
        moves: 100,
        values: 2000,
        pathsPerMove: 4,
        pathMoves: 8,
        refChecks: 2,
      });
    },
  );

  it("the most multi-jumps seen in play (343,909: random play from setup=second-line first=tigers) fit the wide build's lists, and the reference counts the same", async () => {
    const position = '3/1T1/9/GGGGGGGG1/2G1G3G2/G1G5GG1/GT1G5GT2/2G3G1G2/2G5G2/1GGGGGGG1/7G1/1T1/G2 T G42 - -';
    const options = { setup: 'second-line', first: 'tigers' };
    const g = await Game.create('tibetan-4', { options, position });
    try {
      const n = g.moves().length;
      expect(n).toBeGreaterThan(262144); // past the wide build's former 2^18 capacity
      expect(g.perft(1)).toBe(n);
      expect(tibetanView('tibetan-4', options, position).texts().length).toBe(n); // the reference (test/reference/tibetan.ts), one text a move
    } finally {
      g.dispose();
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// A position past the core's capacity.

describe("tibetan-4 past the core's capacity", () => {
  it("a lattice of goats (every grid point with an odd coordinate, the tiger on g7): past the core's capacity, every API throws LatticeError overflow, and the game goes on from another position", async () => {
    // the 9x9 grid's points with both local coordinates even are empty (25), the other 56 hold goats: the
    // tiger on the centre jumps from empty point to empty point over a goat each way, along every line,
    // and its multi-jumps are the trails of a 5x5 grid graph with its diagonals: far more than 2^18
    const board = TB.boardOf('tibetan-4');
    const cells = board.points.map((p): string => {
      const x = p.x - 2,
        y = p.y - 2;
      return x < 0 || y < 0 || x > 8 || y > 8 || (x % 2 === 0 && y % 2 === 0) ? '' : 'G';
    });
    const goats = cells.filter((c) => c === 'G').length;
    expect(goats).toBe(56);
    cells[board.centre] = 'T';
    for (const d of board.denCentres.slice(0, 3)) cells[d] = 'T';
    const position = formatTibetan4(cells, 74 - goats, 0, 'T');
    const g = await Game.create('tibetan-4', { options: { setup: 'second-line' }, position });
    expect(g.position()).toBe(position);
    const calls: Array<[string, () => unknown]> = [
      ['perft(1)', () => g.perft(1)],
      ['divide(1)', () => g.divide(1)],
      ['moves()', () => g.moves()],
      ['legalMoves()', () => g.legalMoves()],
      ['legalMoveTexts()', () => g.legalMoveTexts()],
      ['result()', () => g.result()],
      ['play(g7xg9)', () => g.play('g7xg9')],
      ['along([g7, g9])', () => g.along(['g7', 'g9'])],
      ['search({ depth: 1 })', () => g.search({ depth: 1 })],
    ];
    for (const [what, f] of calls) {
      let thrown: unknown = null;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown, `${what} must throw`).not.toBeNull();
      expectOverflow(thrown);
    }
    expect(g.position()).toBe(position);
    expect(g.history()).toEqual([]);
    // the game is still usable: the 61,178-move position lists in full on the grown lists
    g.setPosition(BIG);
    expect(g.perft(1)).toBe(61_178);
    expect(g.moves().length).toBe(61_178);
    // the CLI: one line on stderr naming the capacity, exit code 2, no stack trace
    const r = runCli(
      'perft',
      'tibetan-4',
      '1',
      '--no-progress',
      '--option',
      'setup=second-line',
      '--position',
      position,
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^error: perft 1: a position had more legal moves than the core holds: \d+ moves in one list/,
    );
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
