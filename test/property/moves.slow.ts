// The slow half of test/property/moves.test.ts (`npm run test:slow`): the 61,178-move tibetan-4 position
// of the issue through every API and the CLI (perft(2) 5,533,564), dense tibetan-4 positions (tigers
// inside the second-line ring: test/support/dense-tibetan4.ts; eight with LATTICE_DEEP=1) and the most
// multi-jumps seen in play (343,909). About half a minute.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { denseTibetan4 } from '../support/dense-tibetan4.js';
import { BIGS, checkBig, checkPosition, expectOverflow, newStats, tibetanView } from './moves-checks.js';

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
