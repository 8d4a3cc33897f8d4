// Engine self-play (spec issue 9, "Search and evaluation": `lattice play <variant>` finishes a legal game
// with a result for every variant and option value). For every lattice variant but bagh-chal (its own
// tests cover it) and every option value `lattice variants` lists, one at a time, the engine plays itself
// from the start with a small node budget per move; every move must be legal (play() refuses an illegal
// one) and the game must end with a result (winner + reason; a repetition draw is one) within MAX_PLIES.
// Searches by node count are deterministic, so each game is the same every run.
import { describe, expect, it } from 'vitest';
import { Game, VARIANTS, listVariants } from '../src/index.js';

/**
 * Nodes per move (small: the file runs in seconds) and the ply limit of a game: issue 18's 1,000 plies
 * (under draw3 the engine seeks the draw it can claim once nobody makes progress, search.ts contempt).
 */
const NODES = 2000;
const MAX_PLIES = 1000;
/**
 * A wide int range (stall-limit: 1..1000000) is sampled: its minimum and minimum + this (its maximum is
 * not played: a stall limit of a million takes two million plies to reach).
 */
const OPEN_INT_EXTRA = 10;
/** Int ranges with more values than this are sampled (every value of a small range is played). */
const MAX_INT_VALUES = 20;

/**
 * Cases that may rightly never end: under repetition=none a position may recur forever (RULES.md §0),
 * and these do within MAX_PLIES at this budget. Still played and every move checked; reported as todos.
 * Key: `variant option=value`.
 */
const KNOWN_UNFINISHED = new Set([
  'tibetan-1 repetition=none',
  'catch-the-giant repetition=none',
  'permainan-tabal repetition=none',
]);

/**
 * Variants whose games this budget does not finish (every option value is a todo) and the plies each case
 * plays instead of MAX_PLIES, its moves still checked: in tibetan-4 the tigers need 59 captures; they
 * take half of the goats and then neither side makes progress, and the repetition the engine then seeks
 * has a cycle of 8 plies or more with 4 tigers and dozens of goats (issue 18 item 4, open).
 */
const UNFINISHED_VARIANTS: Readonly<Record<string, number>> = { 'tibetan-4': 40 };
const unfinished = (id: string, label: string) => KNOWN_UNFINISHED.has(label) || id in UNFINISHED_VARIANTS;

/** [variant id, options, label]: the defaults, then each non-default listed value of each option alone. */
function cases(): Array<[string, Record<string, string | number>, string]> {
  const out: Array<[string, Record<string, string | number>, string]> = [];
  for (const v of listVariants()) {
    if (v.id === 'bagh-chal' || !VARIANTS.has(v.id)) continue;
    out.push([v.id, {}, `${v.id} defaults`]);
    for (const o of v.options) {
      const values = new Set<string | number>(o.values ?? []);
      if (o.type === 'int') {
        if (o.max !== undefined && o.max - o.min! < MAX_INT_VALUES) for (let k = o.min!; k <= o.max; k++) values.add(k);
        else { values.add(o.min!); values.add(o.min! + OPEN_INT_EXTRA); }
      }
      for (const val of values) {
        if (String(val) !== String(o.default)) out.push([v.id, { [o.name]: val }, `${v.id} ${o.name}=${val}`]);
      }
    }
  }
  return out;
}

describe('engine self-play ends with a result for every variant and option value', () => {
  const all = cases();
  it('covers every hunt variant but bagh-chal', () => {
    expect(new Set(all.map(([id]) => id))).toEqual(new Set(
      [...VARIANTS.keys()].filter((id) => id !== 'bagh-chal')));
  });
  for (const [id, options, label] of all) {
    it(`${label}: ${unfinished(id, label) ? 'legal moves (no result yet: see todo)' : 'legal moves and a result'}`, async () => {
      const g = await Game.create(id, { options });
      try {
        let plies = 0;
        const maxPlies = UNFINISHED_VARIANTS[id] ?? MAX_PLIES;
        while (g.result() === null && plies < maxPlies) {
          const { bestmove } = g.search({ nodes: NODES });
          expect(bestmove, `${label}: no move at ply ${plies} in ${g.position()}`).toBeTruthy();
          g.play(bestmove!);   // throws IllegalMoveError if the engine chose an illegal move
          plies++;
        }
        if (unfinished(id, label)) return;
        const r = g.result();
        expect(r, `${label}: no result after ${plies} plies: ${g.position()}`).not.toBeNull();
        expect(['prey', 'hunters', 'white', 'black', 'draw']).toContain(r!.winner);
        expect(r!.reason).toBeTruthy();
      } finally {
        g.dispose();
      }
    });
  }
  for (const label of KNOWN_UNFINISHED) it.todo(`${label}: a result within ${MAX_PLIES} plies at ${NODES} nodes a move`);
  for (const id of Object.keys(UNFINISHED_VARIANTS)) it.todo(`${id}, every option value: a result within ${MAX_PLIES} plies at ${NODES} nodes a move`);
});
