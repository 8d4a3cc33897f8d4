// Maka Dai Dai Shogi perft (src/maka) against the independent reference: the start position, divide, and
// the counts of the table test/perft/maka-dai-dai.json (produced by test/reference/maka-dai-dai.ts) and of
// the designed positions (test/support/maka-positions.ts) up to MAKA_QUICK_LEAVES leaves a depth; the
// larger counts run in maka-dai-dai.slow.ts (`npm run test:slow`) and perft.deep.ts (`npm run test:deep`).
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/maka/index.js';
import { MAKA_DESIGNED_ROWS, MAKA_QUICK_LEAVES, MAKA_ROWS, checkMakaRow, depthsBetween } from './tables.js';

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
  it('the table and the designed positions have rows', () => {
    expect(MAKA_ROWS.length).toBeGreaterThan(10);
    expect(MAKA_DESIGNED_ROWS.length).toBeGreaterThan(5);
  });
  for (const row of depthsBetween([...MAKA_ROWS, ...MAKA_DESIGNED_ROWS], 0, MAKA_QUICK_LEAVES)) checkMakaRow(row);
});
