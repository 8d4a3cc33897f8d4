// The browser tier (`npm run test:browser`, run by .ci/run after `npm test`): test/browser/**/*.spec.ts,
// the engine and the page of `lattice serve` in headless Chromium. Kept out of `npm test` for its time
// and for Chromium.
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, includeOf } from '../support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test:browser'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
