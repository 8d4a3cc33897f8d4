// The package tier (`npm run test:package`, run by .ci/run after `npm test`): test/package/**/*.test.ts,
// the npm package as its users get it (npm pack, installs from the tarball, bundlers, Chromium). Kept out
// of `npm test` for its time and for what it needs (npm's registry or cache, Chromium).
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, includeOf } from '../support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test:package'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
