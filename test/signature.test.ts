// The bench signature (DESIGN.md): the node count of fixed-depth searches. It changes whenever move
// generation, ordering, evaluation or the TT change; a commit that changes it updates this number and
// says so in its message, so search changes are never silent.
import { expect, it } from 'vitest';
import { Game } from '../src/index.js';
// @ts-expect-error: plain JavaScript module without types
import { benchSignature } from '../bench/signature.js';

export const BENCH_SIGNATURE = 3276082;

it(`Bench: ${BENCH_SIGNATURE}`, async () => {
  const r = await benchSignature({ Game });
  expect(r.nodes).toBe(BENCH_SIGNATURE);
});
