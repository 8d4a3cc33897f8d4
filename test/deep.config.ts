// The deep tier (`npm run test:deep`): test/**/*.deep.ts, the perft rows too long for `npm test` and
// Bagh Chal's movement phase by the generic solver against the specialised tablebase.
// A manual tier (README "Tests" says why .ci/run does not run it, and how long it takes).
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, includeOf } from './support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test:deep'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 7_200_000,
    hookTimeout: 120_000,
  },
});
