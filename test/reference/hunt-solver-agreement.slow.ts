// The slow half of hunt-solver-agreement.test.ts: catch-the-giant with stall limits 1, 2, 4, 5, 6 from
// every giant start, and the larger reduced starts (0.5 to 1.2 million reachable positions each).
import { describe, expect, it } from 'vitest';
import { GIANT_STARTS, agreeCatchTheGiant, agreeReduced } from './hunt-solver-agreement.js';
import { REDUCED } from '../support/reduced-games.js';

describe('generic solver = reference solver (slow)', () => {
  for (const g of GIANT_STARTS)
    for (const stall of ['1', '2', '4', '5', '6']) {
      it(`catch-the-giant giant-start=${g} stall-limit=${stall}`, async () => {
        expect(await agreeCatchTheGiant({ 'giant-start': g, 'stall-limit': stall })).toBeGreaterThan(2000);
      });
    }
  for (const c of REDUCED.filter((r) => !r.quick)) {
    it(`${c.id} (${c.start}, capture target ${c.target})`, async () => {
      expect(await agreeReduced(c)).toBeGreaterThan(100_000);
    }, 300_000);
  }
});
