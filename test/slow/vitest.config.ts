// The slow tier (`npm run test:slow`, run by .ci/run after `npm test`): test/**/*.slow.ts, tests whose
// time would push `npm test` past its 3 minutes (whole self-play games on the 105-point board).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.slow.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
