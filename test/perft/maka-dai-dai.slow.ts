// The slow half of Maka Dai Dai Shogi's perft (`npm run test:slow`; the quick half is
// maka-dai-dai.test.ts): the counts of test/perft/maka-dai-dai.json and of the designed positions over
// MAKA_QUICK_LEAVES and up to MAKA_DEEP_LEAVES leaves, one to two seconds each (about half a minute in
// all); larger ones are the deep tier's (perft.deep.ts).
import { describe, expect, it } from 'vitest';
import {
  MAKA_DEEP_LEAVES,
  MAKA_DESIGNED_ROWS,
  MAKA_QUICK_LEAVES,
  MAKA_ROWS,
  checkMakaRow,
  depthsBetween,
} from './tables.js';

const rows = depthsBetween([...MAKA_ROWS, ...MAKA_DESIGNED_ROWS], MAKA_QUICK_LEAVES, MAKA_DEEP_LEAVES);
describe('perft maka-dai-dai, counts of millions of leaves (agreed with test/reference)', () => {
  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(10);
  });
  for (const row of rows) checkMakaRow(row);
});
