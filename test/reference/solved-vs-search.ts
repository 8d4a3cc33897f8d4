// Random probes of a solved game's tables checked by the engine's own forward search, without the
// tables: a position the tables call a win or loss in n plies must get mateIn = +n / -n from a search of
// depth n + 2 (the search's exact-mate guarantee, docs/search.md); a draw must get no mate score at the
// depth searched. Positions come from random play from the start (a seeded generator).
import { expect } from 'vitest';
import { Game } from '../../src/index.js';
import type { HuntSolver } from '../../src/solve/generic.js';
import { seededRandom } from '../support/exact-wins-lib.mjs';

/**
 * Plays `games` random games of up to `plies` plies from the solver's start; at each position whose table
 * distance is at most `maxPlies` (draws: searched to depth `drawDepth`), compares with the search.
 * Returns how many positions were checked of each kind.
 */
export async function checkBySearch(
  solver: HuntSolver,
  opts: { games: number; plies: number; maxPlies: number; drawDepth: number; seed: number },
): Promise<{ wins: number; losses: number; draws: number }> {
  const rand = seededRandom(opts.seed);
  const seen = new Set<string>();
  const out = { wins: 0, losses: 0, draws: 0 };
  const wrong: string[] = [];
  for (let i = 0; i < opts.games; i++) {
    const g = await Game.create(solver.variant.id, { options: solver.options as Record<string, string | number> });
    try {
      for (let p = 0; p < opts.plies && g.result() === null; p++) {
        const pos = g.position();
        const v = solver.probe(pos);
        if (v !== null && !seen.has(pos) && (v.result === 'draw' || v.plies <= opts.maxPlies)) {
          seen.add(pos);
          const s = await Game.create(solver.variant.id, {
            position: pos,
            options: solver.options as Record<string, string | number>,
          });
          const r = s.search({ depth: v.result === 'draw' ? opts.drawDepth : v.plies + 2 });
          s.dispose();
          const want = v.result === 'win' ? v.plies : v.result === 'loss' ? -v.plies : null;
          if (r.mateIn !== want && !(v.plies === 0 && r.mateIn === null))
            wrong.push(`${pos}: tables ${v.result} ${v.plies}, search mateIn ${r.mateIn}`);
          out[v.result === 'win' ? 'wins' : v.result === 'loss' ? 'losses' : 'draws']++;
        }
        const moves = g.legalMoves();
        g.play(moves[rand() % moves.length]!);
      }
    } finally {
      g.dispose();
    }
  }
  expect(wrong.slice(0, 10)).toEqual([]);
  return out;
}
