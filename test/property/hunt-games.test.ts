// Property tests of the Game API (fast-check) for every hunt game other than Bagh Chal: random playouts
// with each game's defaults, repetition=none and forbid, and on the wide build (hunt-games-checks.ts says
// what each checks). Each non-default option value runs in the slow half, hunt-games.slow.ts.
import { describe, expect, it } from 'vitest';
import { CONFIGS, checkConfig } from './hunt-games-checks.js';

const quick = CONFIGS.filter((c) => !c.optionValue);
describe('the configurations', () => {
  it('every hunt game but Bagh Chal, with its defaults, runs here', () => {
    expect(new Set(quick.map((c) => c.variant)).size).toBe(8);
  });
});
for (const config of quick) checkConfig(config);
