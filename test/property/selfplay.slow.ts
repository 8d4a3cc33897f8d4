// The slow tier of engine self-play (`npm run test:slow`, run by .ci/run after `npm test`): the whole
// games of the variants in SLOW_VARIANTS (test/support/selfplay-cases.mjs), every option value, at their node
// budget; each must end with a result within MAX_PLIES plies (issue 18 item 4), except the cases that
// may rightly never end (test/support/selfplay-unfinished.ts), which are played to MAX_PLIES with every move
// checked. See test/property/selfplay.test.ts for the other variants.
import { describe, expect, it } from 'vitest';
import { Game, listVariants } from '../../src/index.js';
import { MAX_PLIES, SLOW_VARIANTS, selfPlay, variantCases } from '../support/selfplay-cases.mjs';
import { KNOWN_UNFINISHED } from '../support/selfplay-unfinished.js';

describe('engine self-play of the slow variants ends with a result for every option value', () => {
  const all = listVariants()
    .filter((v) => v.id in SLOW_VARIANTS)
    .flatMap((v) => variantCases(v));
  it('has cases', () => {
    expect(all.length).toBeGreaterThan(0);
  });
  for (const [id, options, label] of all) {
    const nodes: number = SLOW_VARIANTS[id as keyof typeof SLOW_VARIANTS];
    const open = KNOWN_UNFINISHED.has(label);
    it(`${label} at ${nodes} nodes a move: ${open ? 'legal moves (no result yet: see todo)' : 'legal moves and a result'}`, async () => {
      const g = await Game.create(id, { options });
      try {
        const plies = selfPlay(g, nodes, MAX_PLIES);
        if (open) return;
        const r = g.result();
        expect(r, `${label}: no result after ${plies} plies: ${g.position()}`).not.toBeNull();
        expect(r!.reason).toBeTruthy();
      } finally {
        g.dispose();
      }
    });
  }
  for (const label of KNOWN_UNFINISHED)
    if (label.split(' ')[0] in SLOW_VARIANTS)
      it.todo(`${label}: a result within ${MAX_PLIES} plies (a game that may rightly never end)`);
});
