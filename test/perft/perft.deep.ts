// The deep tier of perft (`npm run test:deep`, test/deep.config.ts): the table rows marked `deep`
// (test/perft/*.json: counts up to 10^10 leaves, minutes each) and Maka Dai Dai's depths over
// MAKA_DEEP_LEAVES leaves. Not part of `npm test`, which runs the other rows (perft.test.ts,
// maka-dai-dai.test.ts). README "Tests" says how long it takes.
import { describe, expect, it } from 'vitest';
import {
  LATTICE_ROWS,
  MAKA_DEEP_LEAVES,
  MAKA_DESIGNED_ROWS,
  MAKA_ROWS,
  checkLatticeRow,
  checkMakaRow,
  depthsBetween,
} from './tables.js';

const deepRows = LATTICE_ROWS.filter((r) => r.deep);
const makaDeep = depthsBetween([...MAKA_ROWS, ...MAKA_DESIGNED_ROWS], MAKA_DEEP_LEAVES, Infinity);

describe('the deep tier', () => {
  it('has rows of both families', () => {
    expect(deepRows.length).toBeGreaterThan(0);
    expect(makaDeep.length).toBeGreaterThan(0);
  });
});
for (const row of deepRows) checkLatticeRow(row);
describe('perft maka-dai-dai, the deep depths', () => {
  for (const row of makaDeep) checkMakaRow(row);
});
