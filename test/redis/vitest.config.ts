// The redis tier (`npm run test:redis`, run by .ci/run after installing Debian's redis-server if it is
// missing): test/redis/**/*.test.ts, distributed perft and solving (src/distributed/) on a real Redis.
// Each file starts its own redis-server on a free loopback port (test/support/redis.ts) and its own
// `lattice worker` processes; the files run one at a time, each keeping the machine's cores busy.
import { defineConfig } from 'vitest/config';
import { GLOBAL_SETUP, includeOf } from '../support/tiers.js';

export default defineConfig({
  test: {
    include: includeOf('test:redis'),
    globalSetup: GLOBAL_SETUP,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
