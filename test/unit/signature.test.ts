// The bench signatures (DESIGN.md): the node counts of fixed-depth searches, one total per variant. They
// change whenever move generation, ordering, evaluation or the TT change; a commit that changes one
// updates it here and says so in its message, so search changes are never silent.
import { expect, it } from 'vitest';
import { Game } from '../../src/index.js';
// @ts-expect-error: plain JavaScript module without types
import { benchSignature } from '../../bench/signature.js';

/** Bagh Chal's: the headline `Bench:` of `npm run bench`. */
const BENCH_SIGNATURE = 1352466; // issue 18: the pattern tuples of the movement evaluation (was 1409944; before that 2111381, static null-move pruning)
/**
 * Every variant's (bagh-chal's is BENCH_SIGNATURE). Issue 18 changed them all: the main search reduces
 * freely, a depth-limited search ends with the mate proof (its nodes count), draws carry contempt, and
 * the Tibetan forms and Double Tiger have weights with the space and cornered features. Then static
 * null-move pruning (search.ts RFP_DEPTH) changed every one but tibetan-4's (its depth 4 prunes nothing
 * there) and Permainan Tabal's (compulsory captures: no static cutoff).
 */
const VARIANT_SIGNATURES: Record<string, number> = {
  'bagh-chal': BENCH_SIGNATURE,
  'tibetan-1': 160371,
  'tibetan-2': 43865,
  'tibetan-4': 32019,
  'catch-the-giant': 29527,
  'surround-the-tiger': 120035,
  'double-tiger': 272357,
  'shepherds-and-wolves': 229647,
  'permainan-tabal': 44193,
};

it(`Bench: ${BENCH_SIGNATURE}, and one signature per variant`, async () => {
  const r = await benchSignature({ Game });
  expect(r.nodes).toBe(BENCH_SIGNATURE);
  expect(r.variants).toEqual(VARIANT_SIGNATURES);
});
