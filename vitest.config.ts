// `npm test` (README's test command): the unit, reference, perft, property and process tiers
// (test/support/tiers.ts), which need only Node and the build. The slower tiers have configs and scripts
// of their own: test/browser/ and test/package/vitest.config.ts, test/slow.config.ts (test/**/*.slow.ts)
// and test/deep.config.ts (test/**/*.deep.ts).
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, WORKERS, includeOf } from './test/support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: WORKERS,
  },
});
