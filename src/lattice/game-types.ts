/**
 * The shapes of the lattice family's Game API (src/lattice/game.ts re-exports them all): the options of
 * Game.create, the result of a game and of a search, and the codes the core reports them with (mate scores,
 * result reasons).
 */
import type { GameResult as AnyGameResult, ResultReason } from '../contract/result.js';
import type { SearchInfo } from '../contract/limits.js';
import type { HuntVariant } from '../variants/index.js';
import type { MoveValue } from '../contract/moves.js';

/** Score bound of mate scores: a win in n plies scores MATE - n (assembly/search.ts). */
export const MATE = 31000;
/** The core's "no move" (assembly/move.ts NO_MOVE): no best move, or the end of a principal variation. */
export const NO_MOVE = 0xffffffff;

/** Options of Game.create (unknown keys are refused with ArgumentError). */
export interface GameOptions {
  /** Variant options (`captures-to-win`, `repetition`, ...); see `lattice variants`. */
  options?: Record<string, number | string>;
  /** Start from this position string instead of the variant's start (src/lattice/position-text.ts grammar). */
  position?: string;
  /**
   * Transposition table size in MiB, 1..512 (rounded down to a power of two; default 16); the mate proof adds an eighth
   * (at least 1 MiB).
   */
  hashMb?: number;
  /** Load the bounds-checked debug build of the core (slower; used by the tests). */
  debug?: boolean;
  /**
   * Load the wide build of the core (128-bit sets) even for a board of up to 64 points; boards of more
   * points (tibetan-4's 105) always get it. For testing: both builds must play every game alike.
   */
  wide?: boolean;
}

/**
 * The end of a hunt game: `{ winner: 'prey' | 'hunters' | 'draw', winnerName, reason }`, the one result
 * shape of every game (documented in src/contract/result.ts). 'prey' is the side listed first in the variant's
 * sides (goats, dwarfs, dogs, sheep), 'hunters' the other (tigers, the giant, wolves); a side may name
 * itself (Permainan Tabal: 'white', 'black').
 */
export type GameResult = AnyGameResult<'prey' | 'hunters' | 'white' | 'black'>;

/**
 * A finished search: the best move (null when the side to move has no move) and its report. `move` is the best
 * move as a value (the plain MoveValue moves() gives it: `{ kind, from, to, captured, path, text }`, every field
 * filled in), playable by play(); `line` the principal variation as values, each in the position the moves before
 * it reach. `bestmove` and `pv` are their texts (`move.text`, `line[i].text`).
 */
export interface SearchResult extends SearchInfo {
  bestmove: string | null;
  move: MoveValue | null;
  line: MoveValue[];
}

/**
 * Reasons of the core's gameResult codes (assembly/position.ts REASON_*, exported by the core:
 * test/unit/boundary.test.ts checks each).
 */
export const REASONS: Readonly<Record<number, ResultReason>> = {
  1: 'captures',
  2: 'no-moves',
  3: 'escape',
  4: 'stall-limit',
  5: 'repetition',
  6: 'move-limit',
};
/** The reason code of "the side to move has no legal move" (REASONS). */
export const REASON_NO_MOVES = 2;

/**
 * The result of a core result code (0: the game goes on, null): the low 4 bits are the winner + 1 (side 0, side 1,
 * or 2 for a draw), the rest the reason (REASONS). The winner is 'prey' (side 0) or 'hunters' (side 1) unless the
 * side names itself (`id`: Permainan Tabal's 'white', 'black'); `winnerName` is its plural.
 */
export function gameResultOf(variant: HuntVariant, code: number): GameResult | null {
  if (code === 0) return null;
  const winner = (code & 15) - 1,
    reason = REASONS[code >> 4];
  if (winner === 2) return { winner: 'draw', winnerName: 'draw', reason };
  const sd = variant.sides[winner];
  return {
    winner: (sd.id ?? (winner === 1 ? 'hunters' : 'prey')) as GameResult['winner'],
    winnerName: sd.plural,
    reason,
  };
}
