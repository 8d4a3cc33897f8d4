// The slow half of test/property/hunt-games.test.ts (`npm run test:slow`): the same property tests
// (hunt-games-checks.ts) with each non-default option value of every hunt game but Bagh Chal.
import { describe, expect, it } from 'vitest';
import { CONFIGS, checkConfig } from './hunt-games-checks.js';

const slow = CONFIGS.filter((c) => c.optionValue);
describe('the configurations', () => {
  it('every option value of the games that have them runs here', () => {
    expect(new Set(slow.map((c) => c.variant))).toEqual(
      new Set(['tibetan-1', 'tibetan-2', 'tibetan-4', 'catch-the-giant', 'permainan-tabal']),
    );
  });
});
for (const config of slow) checkConfig(config);
