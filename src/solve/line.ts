/**
 * Best play read from the generic solver's tables (src/solve/generic.ts), as move texts: the walk the
 * Game's probe() makes (game-tablebase.ts genericBestLine), on the solver's own core.
 */
import { genericBestLine } from '../lattice/tablebase.js';
import { lineTexts } from '../lattice/moves.js';
import type { HuntSolver, SolvedValue } from './generic.js';

/**
 * Best play from `position` (RULES.md notation) to the end of the game: each ply the first move (in the
 * core's list order) that keeps the value: the winner's quickest, the loser's longest, a draw's draw
 * (for at most `drawPlies` moves). Returns the start's value and the line (empty where the position is
 * decided or outside the solved layers; layers not in memory are read from the solver's directory,
 * HuntSolver.focus). Throws ParseError / PositionError for a bad position, TablebaseError for a corrupt
 * layer file.
 */
export function bestLine(
  solver: HuntSolver,
  position: string,
  drawPlies = 12,
): { value: SolvedValue | null; line: string[] } {
  const value = solver.probe(position); // sets the position in the solver's core
  if (value === null) return { value, line: [] };
  const code = value.result === 'draw' ? 0 : value.result === 'win' ? 1 + 2 * value.plies : 2 + 2 * value.plies;
  // layers not in memory (a solve or load that kept only the live layers) are read as the line reaches them
  return {
    value,
    line: lineTexts(
      solver.core,
      solver.board,
      genericBestLine(solver.core, solver.board, code, drawPlies, () => solver.focus()),
    ),
  };
}
