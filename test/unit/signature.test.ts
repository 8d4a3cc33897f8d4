// The bench signatures (DESIGN.md): the node counts of fixed-depth searches, one total per variant. They
// change whenever move generation, ordering, evaluation or the TT change; a commit that changes one
// updates it here and says so in its message, so search changes are never silent.
import { expect, it } from 'vitest';
import { Game } from '../../src/index.js';
// @ts-expect-error: plain JavaScript module without types
import { benchSignature } from '../../bench/signature.js';

/** Bagh Chal's: the headline `Bench:` of `npm run bench`. */
export const BENCH_SIGNATURE = 2111381;   // issue 18: Bagh Chal's movement weights fitted to the tablebase (was 2035206)
/**
 * Every variant's (bagh-chal's is BENCH_SIGNATURE). Issue 18 changed them all: the main search reduces
 * freely, a depth-limited search ends with the mate proof (its nodes count), draws carry contempt, and
 * the Tibetan forms and Double Tiger have weights with the space and cornered features.
 */
export const VARIANT_SIGNATURES: Record<string, number> = {
  'bagh-chal': BENCH_SIGNATURE,
  'tibetan-1': 197517,
  'tibetan-2': 50650,
  'tibetan-4': 32019,
  'catch-the-giant': 22538,
  'surround-the-tiger': 171666,
  'double-tiger': 338340,
  'shepherds-and-wolves': 287742,
  'permainan-tabal': 44193,
};

it(`Bench: ${BENCH_SIGNATURE}, and one signature per variant`, async () => {
  const r = await benchSignature({ Game });
  expect(r.nodes).toBe(BENCH_SIGNATURE);
  expect(r.variants).toEqual(VARIANT_SIGNATURES);
});
