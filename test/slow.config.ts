// The slow tier (`npm run test:slow`, run by .ci/run after `npm test`): test/**/*.slow.ts, each beside the
// quick half it was split from (whole self-play games on the 105-point board, Maka Dai Dai's perft counts
// of millions of leaves, the larger samples of reference checks): tests whose time would push `npm test`
// past its 3 minutes.
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, WORKERS, includeOf } from './support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test:slow'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    maxWorkers: WORKERS,
  },
});
