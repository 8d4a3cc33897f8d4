// The search's leaves (search.ts): the mate scores, the node count and the limits, the static evaluation
// as the main search uses it (contempt, fade), and quiescence on captures.
import { ld } from '../bits';
import { side, over, resultWinner, makeMove, unmakeMove, histLen, lastIrrev, clockOut } from '../position';
import { generateCaptures, hasMove, hasMoveIgnoringLimit } from '../movegen/index';
import { MOVES, CAPS, MAX_PLY, plyBase, endPly, overflow } from '../movelist';
import { compulsory } from '../rules';
import { evaluate, EVAL_LIMIT } from '../eval';

/** Milliseconds from an arbitrary origin (host clock). */
@external("env", "now") export declare function hostNow(): f64;
/** Non-zero when the host asks the search to stop (worker stop flag). */
@external("env", "shouldStop") declare function hostShouldStop(): i32;

export const INFINITE: i32 = 32000;
/** A win in n plies scores MATE - n; a loss in n plies scores -(MATE - n). */
export const MATE: i32 = 31000;
export const MATE_BOUND: i32 = MATE - 1000;
// every evaluation stays below the mate range (eval.ts EVAL_LIMIT)
if (EVAL_LIMIT >= MATE_BOUND) unreachable();

export let nodes: f64 = 0;
export let maxNodes: f64 = 0;
export let deadline: f64 = 0;
export let startTime: f64 = 0;
export let stopped = false;
export let completedDepth: i32 = 0;

/**
 * Contempt: what a draw by repetition or by the move limit is worth less than 0 to the side to move at
 * the root (negative: more than 0), in centi-units. Set at the start of each search (see setContempt, search.ts):
 * a side that is ahead plays on instead of repeating and a side that is behind takes the draw it can
 * claim (DESIGN.md "Search"); the lead's part shrinks to nothing as plies pass without an irreversible
 * move, and after that the side to move seeks the draw more and more, so that a game where nobody makes
 * progress ends in the draw the rules give instead of shuffling on: from FADE_FROM such plies the
 * leader's evaluation itself fades (staticEval), so that a lead nobody converts stops counting, and each
 * side plays its way back (wayBack) where nothing is better. The proof scores every draw 0.
 */
export let contempt: i32 = 0;

/**
 * Plies without an irreversible move (a capture, a placement, ...) after which the static evaluation
 * of a side that leads at the root fades linearly (under repetition=draw3; see setContempt, search.ts), and the
 * plies at which it reaches 0, as chess engines scale by the fifty-move counter. Counted at each node of
 * the line, so an irreversible move inside the search brings the whole evaluation back: the leader still
 * takes what it can take. Only the leader's own searches fade: the side that is behind keeps its whole
 * evaluation and defends as before (a fade in every search made the Bagh Chal goats, 4 goats down,
 * stop guarding against the tigers' threats in long games: 8-55-14 at 100k nodes against the engine
 * without it). FADE_FROM is past the Bagh Chal goats' closing-in wins that bench/conversion.js plays
 * (15-60 plies, made of reversible moves). tibetan-4 at 50 ms a move: the tigers' lead of 16-20 goats
 * (of the 59 they need) kept them playing on past 1,000 plies; with the fade each draw3 option value
 * ends in a repetition within 1,000 plies (bench/selfplay.js).
 */
export const FADE_FROM: i32 = 100;
const FADE_TO: i32 = 200;

/** Set for a search whose root side leads (see setContempt, search.ts): only then does the evaluation fade. */
export let fadeOn = false;

/** The static evaluation as the main search uses it: faded toward 0 by plies without progress. */
// @ts-ignore: decorator
@inline export function staticEval(): i32 {
  const v = evaluate();
  if (!fadeOn) return v;
  const q = histLen - lastIrrev;
  if (q <= FADE_FROM) return v;
  if (q >= FADE_TO) return 0;
  return (v * (FADE_TO - q)) / (FADE_TO - FADE_FROM);
}

/** A draw's score for the side to move at `ply` (contempt counts against the root side at even plies). */
// @ts-ignore: decorator
@inline export function drawScore(ply: i32): i32 {
  return proving ? 0 : (ply & 1) == 0 ? -contempt : contempt;
}

/** True while the mate proof runs (see "Exact forced wins" in search.ts): full width, no evaluation. */
export let proving = false;

export function checkLimits(): void {
  // a list ran out of room: the result would be wrong, so stop at once (the host grows the lists and
  // searches again, or reports the overflow)
  if (overflow) {
    stopped = true;
    return;
  }
  if (completedDepth == 0) return; // depth 1 always completes, so there is always a move
  if ((maxNodes > 0 && nodes >= maxNodes) || (deadline > 0 && hostNow() >= deadline) || hostShouldStop() != 0)
    stopped = true;
}

/**
 * Quiescence on captures. Where captures are compulsory (draughts family) there is no stand-pat while
 * the side to move can capture: it must, so only the captures are searched; a position without
 * captures is scored by the evaluation (a side with no move at all has lost).
 */
export function quiesce(alpha: i32, beta: i32, ply: i32): i32 {
  nodes++;
  if (((<i64>nodes) & 1023) == 0) checkLimits();
  if (stopped) return 0;
  if (over != 0) return scoreOver(ply); // decided by a static rule
  // the move limit: a draw, or a loss with no move
  if (clockOut()) return hasMoveIgnoringLimit() ? drawScore(ply) : -(MATE - ply);
  const base = plyBase(ply);
  let n: i32, best: i32;
  if (compulsory) {
    n = generateCaptures(base);
    if (n == 0 || ply >= MAX_PLY - 1) return hasMove() ? staticEval() : -(MATE - ply);
    best = -INFINITE;
  } else {
    const standPat = staticEval();
    if (ply >= MAX_PLY - 1) return standPat;
    if (standPat >= beta) return standPat;
    if (standPat > alpha) alpha = standPat;
    n = generateCaptures(base);
    best = standPat;
  }
  endPly(ply, base + n);
  for (let i = 0; i < n; i++) {
    makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    const s = -quiesce(-beta, -alpha, ply + 1);
    unmakeMove();
    if (stopped) return 0;
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (s >= beta) break;
      }
    }
  }
  return best;
}

/** Score of a position decided by a static rule, from the side to move's view (a draw scores 0). */
// @ts-ignore: decorator
@inline export function scoreOver(ply: i32): i32 {
  const w = resultWinner(over);
  return w == 2 ? 0 : w == side ? MATE - ply : -(MATE - ply);
}
