// The slow half of test/reference/exact-wins.test.ts (`npm run test:slow`): the tablebase sample under
// repetition=none (npm test checks it under draw3); forced wins under repetition=forbid against the
// independent reference on the rest of the random sample (positions QUICK_FORBID.. of ALL_FORBID;
// EXACT_FORBID_COUNT=N for another size), horizon 7.
import { describe, expect, it } from 'vitest';
import { describeExactWins } from './exact-wins-tablebase.js';
import { ALL_FORBID, QUICK_FORBID, checkForbid, forbidSample } from './exact-wins-forbid.js';

const countText = process.env.EXACT_FORBID_COUNT ?? String(ALL_FORBID);
// the first QUICK_FORBID positions are npm test's: a size must leave some for this half
if (!/^[0-9]+$/.test(countText) || Number(countText) <= QUICK_FORBID)
  throw new Error(
    `EXACT_FORBID_COUNT must be an integer over ${QUICK_FORBID} (the first ${QUICK_FORBID} positions run in npm test), got "${countText}"`,
  );
const count = Number(countText);

describeExactWins(['none'], false);

describe('forced wins under repetition=forbid, against the independent reference', () => {
  it(
    `agrees with the reference on random movement-phase positions ${QUICK_FORBID + 1}..${count} (horizon 7)`,
    async () => {
      const positions = (await forbidSample(count)).slice(QUICK_FORBID);
      const { wrong, decisive } = await checkForbid(positions, 7);
      expect(wrong).toEqual([]);
      expect(decisive).toBeGreaterThan(positions.length / 10);
    },
    120_000 + count * 5_000,
  );
});
