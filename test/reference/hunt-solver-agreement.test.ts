// The generic solver agrees with the independent reference solver position by position (quick part:
// catch-the-giant every giant start with stall-limit off and 3; the smallest reduced starts). The rest
// is in hunt-solver-agreement.slow.ts.
import { describe, expect, it } from 'vitest';
import { GIANT_STARTS, agreeCatchTheGiant, agreeReduced } from './hunt-solver-agreement.js';
import { REDUCED } from '../support/reduced-games.js';

describe('generic solver = reference solver', () => {
  for (const g of GIANT_STARTS)
    for (const stall of ['off', '3']) {
      it(`catch-the-giant giant-start=${g} stall-limit=${stall}: every reachable position`, async () => {
        expect(await agreeCatchTheGiant({ 'giant-start': g, 'stall-limit': stall })).toBeGreaterThan(2000);
      });
    }
  for (const c of REDUCED.filter((r) => r.quick)) {
    it(`${c.id} (${c.start}, capture target ${c.target}): every reachable position`, async () => {
      expect(await agreeReduced(c)).toBeGreaterThan(10_000);
    }, 60_000);
  }
});
