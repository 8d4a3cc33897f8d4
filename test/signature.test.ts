// The bench signatures (DESIGN.md): the node counts of fixed-depth searches, one total per variant. They
// change whenever move generation, ordering, evaluation or the TT change; a commit that changes one
// updates it here and says so in its message, so search changes are never silent.
import { expect, it } from 'vitest';
import { Game } from '../src/index.js';
// @ts-expect-error: plain JavaScript module without types
import { benchSignature } from '../bench/signature.js';

/** Bagh Chal's: the headline `Bench:` of `npm run bench`. */
export const BENCH_SIGNATURE = 6777498;   // issue 18: Bagh Chal's evaluation weights tuned (bench/tune.js; was 3276082)
/** Every variant's (bagh-chal's is BENCH_SIGNATURE). */
export const VARIANT_SIGNATURES: Record<string, number> = {
  'bagh-chal': BENCH_SIGNATURE,
  'tibetan-1': 306766,   // issue 18: the Tibetan weights count the tigers' space (was 384845)
  'tibetan-2': 55261,   // issue 18: the Tibetan weights count the tigers' space (was 51392)
  'tibetan-4': 31965,   // issue 18: the Tibetan weights count the tigers' space (was 32445)
  'catch-the-giant': 30092,
  'surround-the-tiger': 363645,
  'double-tiger': 357125,   // issue 18: Double Tiger's weights count a cornered tiger (was 313580)
  'shepherds-and-wolves': 569963,
  'permainan-tabal': 50181,   // issue 18: quiescence searches captures biggest first (was 50955)
};

it(`Bench: ${BENCH_SIGNATURE}, and one signature per variant`, async () => {
  const r = await benchSignature({ Game });
  expect(r.nodes).toBe(BENCH_SIGNATURE);
  expect(r.variants).toEqual(VARIANT_SIGNATURES);
});
