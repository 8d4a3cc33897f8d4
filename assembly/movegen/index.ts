// The family dispatch (DESIGN.md "Families"): every caller (search, perft, the exported surface) lists
// moves through here; the hunt family's generator (hunt.ts, with the Bagh Chal profile's fast loops)
// or the draughts family's (draughts.ts) does the work. Neither generator imports the other.
import { ld, st, size } from '../bits';
import { over, clockOut, side } from '../position';
import { isCapture } from '../move';
import { fast, family, FAMILY_DRAUGHTS, captureOf, CAP_NONE } from '../rules';
import { MOVES, CAPS, scratchBase, clearOverflow, startRecording, stopRecording } from '../movelist';
import { generateFast, generateHunt, capturesFast, hasMoveHunt, huntPathCaptures, setCaptureBudget } from './hunt';
import { generateDraughts, draughtsPathCaptures } from './draughts';

/** True when the game is over by a static rule (captures, escape, stall) or the move limit. */
// @ts-ignore: decorator
@inline export function decided(): bool {
  return over != 0 || clockOut();
}

/**
 * Writes every legal move of the current position at MOVES[base..] (captured sets at CAPS[base..],
 * but for the Bagh Chal profile's) and returns their number (0 when the game is over or the side to move
 * is blocked). Captures first.
 */
export function generate(base: i32): i32 {
  if (decided()) return 0;
  if (fast) return generateFast(base);
  return family == FAMILY_DRAUGHTS ? generateDraughts(base) : generateHunt(base);
}

/** True if the side to move would have a legal move were the game not over (the move-limit's loss test). */
export function hasMoveIgnoringLimit(): bool {
  return (family == FAMILY_DRAUGHTS ? generateDraughts(scratchBase()) : generateHunt(scratchBase())) > 0;
}

/**
 * True if the side to move has at least one legal move (the same moves as generate()): the search's
 * horizon test for "a side with no legal move loses" (RULES.md §0).
 */
export function hasMove(): bool {
  if (decided()) return false;
  if (family == FAMILY_DRAUGHTS) return generateDraughts(scratchBase()) > 0;
  return hasMoveHunt();
}

/**
 * Quiescence's budget of multi-jump states per piece (hunt.ts setCaptureBudget): enough for every capture
 * of the 25- to 37-point boards' positions met in play, a sample of the 105-point board's thousands.
 */
const QS_CAPTURE_BUDGET: i32 = 64;

/**
 * Writes the capturing moves that quiescence searches at MOVES[base..], biggest captured set first;
 * returns their number. The draughts family's are every capture (compulsory); the hunt family's multi-
 * jumps are at most QS_CAPTURE_BUDGET states a piece (a search heuristic: the main search and the legal
 * moves list every move).
 */
export function generateCaptures(base: i32): i32 {
  if (decided()) return 0;
  if (fast) return capturesFast(base);
  if (captureOf(side) == CAP_NONE) return 0;
  let n: i32;
  if (family == FAMILY_DRAUGHTS) n = generateDraughts(base);
  else {
    setCaptureBudget(QS_CAPTURE_BUDGET);
    n = generateHunt(base);
    setCaptureBudget(0);
  }
  let k = base;
  for (let i = base; i < base + n; i++) {
    const m = ld(MOVES(), i);
    if (!isCapture(m)) continue;
    // insertion by the number of pieces taken, most first (stable: equal sizes keep their order)
    const c = ld(CAPS(), i),
      sz = size(c);
    let j = k++;
    while (j > base && size(ld(CAPS(), j - 1)) < sz) {
      st(MOVES(), j, ld(MOVES(), j - 1));
      st(CAPS(), j, ld(CAPS(), j - 1));
      j--;
    }
    st(MOVES(), j, m);
    st(CAPS(), j, c);
  }
  return k - base;
}

/**
 * The root list for the host: generate() at `base` (ROOT_BASE) with every capture move's path node
 * recorded (movelist.ts). Clears `overflow` first.
 */
export function generateRoot(base: i32): i32 {
  clearOverflow();
  startRecording();
  const n = generate(base);
  stopRecording();
  return n;
}

/** The captured set of the capture path PATH_IN[0..n) of the side to move: each family's rule (see there). */
export function pathCaptures(n: i32): i32 {
  return family == FAMILY_DRAUGHTS ? draughtsPathCaptures(n) : huntPathCaptures(n);
}
