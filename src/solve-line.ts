/**
 * Best play read from the generic solver's tables (src/tablebase/generic.ts) as move texts: a Game of the
 * same variant and options names the moves (its list is the core's, in the same order).
 */
import { Game } from './game.js';
import { decodeValue, type HuntSolver, type SolvedValue } from './tablebase/generic.js';

/**
 * Best play from `position` (RULES.md notation), up to `maxPlies` plies or the end of the game: each ply
 * the first move (in the core's list order) that keeps the value: the winner's quickest, the loser's
 * longest, a draw's draw. Returns the start's value and the line (empty where the position is decided
 * or outside the loaded layers). Throws ParseError / PositionError for a bad position; the solver's
 * variant must be a declared id.
 */
export async function bestLine(solver: HuntSolver, position: string, maxPlies = 400): Promise<{ value: SolvedValue | null; line: string[] }> {
  const g = await Game.create(solver.variant.id, { position, options: solver.options as Record<string, number | string> });
  try {
    const value = solver.probe(position);
    const line: string[] = [];
    let v = value;
    while (v !== null && line.length < maxPlies && g.result() === null) {
      const codes = solver.successorCodes(g.position());
      const texts = g.legalMoves();
      if (codes.length !== texts.length || codes.length === 0) break;
      const want = v.result === 'draw' ? 0 : v.result === 'win' ? 2 + 2 * (v.plies - 1) : 1 + 2 * (v.plies - 1);
      const pick = codes.indexOf(want);
      if (pick < 0) break;
      g.play(texts[pick]!);
      line.push(texts[pick]!);
      v = decodeValue(want);
    }
    return { value, line };
  } finally {
    g.dispose();
  }
}
