// The browser suite (`npm run test:browser`, run by .ci/run after `npm test`): the page of `lattice
// serve` in headless Chromium. Kept out of `npm test` (test/**/*.test.ts) for its time.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.spec.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
