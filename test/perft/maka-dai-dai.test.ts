// Maka Dai Dai Shogi perft (src/maka) against the independent reference: the start position, divide, the
// table test/perft/maka-dai-dai.json (counts produced by test/reference/maka-dai-dai.ts) up to
// MAKA_DEEP_LEAVES leaves a depth (the deeper ones: perft.deep.ts, `npm run test:deep`), and the designed
// positions of test/support/maka-positions.ts.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/maka/index.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import { DESIGNED } from '../support/maka-positions.js';
import { MAKA_DEEP_LEAVES, MAKA_ROWS, checkMakaRow, depthsWithin } from './tables.js';

describe('perft (agreed with test/reference)', () => {
  it('start position: perft(1) = 80, perft(2) = 6400, perft(3) = 536860', () => {
    const g = MakaGame.create();
    expect(g.perft(0)).toBe(1);
    expect(g.perft(1)).toBe(80);
    expect(g.perft(2)).toBe(6400);
    expect(g.perft(3)).toBe(536860);
  });
  it('divide sums to perft', () => {
    const g = MakaGame.create();
    const d = g.divide(2);
    expect(Object.keys(d).length).toBe(80);
    expect(Object.values(d).reduce((a, b) => a + b, 0)).toBe(6400);
  });
  it('the table has rows', () => { expect(MAKA_ROWS.length).toBeGreaterThan(10); });
  for (const row of depthsWithin(MAKA_ROWS, MAKA_DEEP_LEAVES)) checkMakaRow(row);
  for (const d of DESIGNED) {
    it(`${d.id}: perft(1..${d.perft.length})`, () => {
      const g = createUncheckedMakaGame({ position: d.position, options: d.options });
      d.perft.forEach((n, i) => expect(g.perft(i + 1), `depth ${i + 1}`).toBe(n));
    });
  }
});
