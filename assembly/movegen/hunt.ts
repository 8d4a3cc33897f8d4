// Hunt-family move generation (RULES.md §0 placement/step/short jump, §1 Bagh Chal), driven only by
// the board tables: the prey (goats) place while any are in hand, then step; the hunters (tigers) step
// or make one short jump over an adjacent prey onto the empty point beyond on the same line.
import { Bits, ld, st } from "../bits";
import { STEP, boardMask, jumpLandings, midOf } from "../board";
import { hunters, prey, side, inHand, captured, capturesToWin, PREY } from "../position";
import { placeMove, stepMove, jumpMove } from "../move";

/** Most moves one position can have here (placement on a 64-point board, or 8 tigers x 16). */
export const MAX_MOVES: i32 = 256;
/** Deepest ply the move stack serves (search and perft). */
export const MAX_PLY: i32 = 128;
/** The move stack: ply p's moves start at p * MAX_MOVES. */
export const MOVES = new StaticArray<u32>(MAX_MOVES * (MAX_PLY + 1));

/** True when the game is over because the hunters reached their capture target. */
// @ts-ignore: decorator
@inline export function capturesWon(): bool { return captured >= capturesToWin; }

/**
 * Writes every legal move of the current position at MOVES[base..] and returns their number
 * (0 when the game is over or the side to move is blocked). Captures come first.
 */
export function generate(base: i32): i32 {
  if (capturesWon()) return 0;
  const empty = boardMask & ~(hunters | prey);
  let n = base;
  if (side == PREY) {
    if (inHand > 0) {
      for (let e = empty; e != 0; e &= e - 1) st(MOVES, n++, placeMove(<i32>ctz(e)));
    } else {
      for (let f = prey; f != 0; f &= f - 1) {
        const from = <i32>ctz(f);
        for (let t = ld(STEP, from) & empty; t != 0; t &= t - 1) st(MOVES, n++, stepMove(from, <i32>ctz(t)));
      }
    }
    return n - base;
  }
  n = base + generateCaptures(base);
  for (let f = hunters; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    for (let t = ld(STEP, from) & empty; t != 0; t &= t - 1) st(MOVES, n++, stepMove(from, <i32>ctz(t)));
  }
  return n - base;
}

/**
 * True if the side to move has at least one legal move (the same moves as generate(), without writing
 * them): the search's horizon test for "a side with no legal move loses" (RULES.md §0).
 */
export function hasMove(): bool {
  if (capturesWon()) return false;
  const empty = boardMask & ~(hunters | prey);
  if (side == PREY) {
    if (inHand > 0) return empty != 0;
    for (let e = empty; e != 0; e &= e - 1) if ((ld(STEP, <i32>ctz(e)) & prey) != 0) return true;
    return false;
  }
  for (let f = hunters; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    if ((ld(STEP, from) & empty) != 0 || jumpLandings(from, prey, empty) != 0) return true;
  }
  return false;
}

/** Writes the capturing moves only (quiescence) at MOVES[base..]; returns their number. */
export function generateCaptures(base: i32): i32 {
  if (side == PREY || capturesWon()) return 0;
  const empty = boardMask & ~(hunters | prey);
  let n = base;
  for (let f = hunters; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    for (let t = jumpLandings(from, prey, empty); t != 0; t &= t - 1) {
      const to = <i32>ctz(t);
      st(MOVES, n++, jumpMove(from, to, midOf(from, to)));
    }
  }
  return n - base;
}

/** Number of hunter moves (steps + jumps) in a given configuration; used by perft and evaluation. */
// @ts-ignore: decorator
@inline export function hunterMoveCount(h: Bits, p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let f = h; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    n += <i32>popcnt(ld(STEP, from) & empty) + <i32>popcnt(jumpLandings(from, p, empty));
  }
  return n;
}

/** Number of prey steps (movement phase): each empty point counts its prey neighbours. */
// @ts-ignore: decorator
@inline export function preyStepCount(p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let e = empty; e != 0; e &= e - 1) n += <i32>popcnt(ld(STEP, <i32>ctz(e)) & p);
  return n;
}
