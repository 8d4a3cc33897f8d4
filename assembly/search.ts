// Search: iterative deepening negamax with principal-variation search, aspiration windows, a
// transposition table, move ordering (TT move, captures, killers, history), late move reductions and
// static null-move pruning in the main search (RFP_DEPTH), quiescence on captures,
// repetition = draw inside the search (RULES.md §0), mate scores as "win in N plies", and limits by
// depth, nodes, time and an external stop flag polled through an import every 1024 nodes.
//
// Exact forced wins (DESIGN.md "Search"): if the side to move can force a win in n plies, a search to
// depth n + 2 reports exactly n, from either side's view, under every repetition rule and whatever was
// searched before. The main search reduces late moves freely (strength); exactness comes from a second
// search, the mate proof, after the last iteration and after any iteration whose score is a mate:
// - After the main search of depth d completes, if it is the last iteration (d is the depth asked for)
//   or the main search's score is a mate, the proof searches the same position full width (no
//   reductions, no quiescence, no evaluation) to depth d - 2, scoring a position that has not ended by
//   then as 0. Its value is therefore exact in the game "forced end within d - 2 plies": a win in n
//   (n <= d - 2) is found and n is the shortest, a loss in n is the longest resistance, and 0 says no
//   forced end within d - 2 plies. A proven mate replaces the main search's score, move and PV.
// - A mate score the main search finds is a real forced end (alpha-beta with exact terminal scores and
//   evaluations below the mate range, whatever the reductions), but not necessarily the shortest; it is
//   reported until the proof's depth reaches it. (A search stopped by nodes or time before its last
//   iteration runs the proof only where the main search saw a mate: a mate it missed is not looked for;
//   the proof costs about as many nodes as the iteration before it.)
// - The proof has a table of its own (tt.ts), so its scores never mix with the main search's; mate
//   scores are stored relative to the node. At the horizon a side with no legal move has lost.
// - Path dependence: a score that depends on positions above the node in the line (a repetition draw
//   that refers to them, or under `forbid` a move refused because of them) is not stored as a score;
//   every node returns the shallowest ply its value refers to (depPly) so its parent knows. Under
//   `forbid` scores are stored and used only where no reversible history exists (the legal moves
//   themselves depend on the history).
// - Mate-distance pruning; and iterative deepening stops on a mate score only once the proof has found
//   it, i.e. once it is proven shortest.
import { ld, st, none } from './bits';
import { MAX_POINTS } from './board';
import {
  key,
  over,
  makeMove,
  unmakeMove,
  lastRepeat,
  repetitions,
  histLen,
  lastIrrev,
  clockOut,
  playedMove,
  inHand,
} from './position';
import { generate, generateCaptures, hasMove, hasMoveIgnoringLimit } from './movegen/index';
import { MOVES, CAPS, SCORES, MAX_PLY, plyBase, endPly, overflow } from './movelist';
import { fast, compulsory, repetitionMode } from './rules';
import { NO_MOVE, isCapture, moveFrom, moveTo, moveKind, stepMove, KIND_PLACE, KIND_STEP, KIND_MULTI } from './move';
import { evaluate, EVAL_LIMIT } from './eval';
import { probeCurrent } from './tablebase/probe';
import { gsProbe } from './tablebase/generic';
import { placementValue, placementProbing } from './tablebase/placement-probe';
import {
  ttProbe,
  ttStore,
  proofProbe,
  proofStore,
  ttNewSearch,
  ttClaim,
  ttMove,
  ttScore,
  ttDepth,
  ttBound,
  TT_USER_SEARCH,
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
} from './tt';
import {
  INFINITE,
  MATE,
  MATE_BOUND,
  FADE_FROM,
  checkLimits,
  completedDepth,
  contempt,
  deadline,
  drawScore,
  fadeOn,
  hostNow,
  maxNodes,
  nodes,
  proving,
  quiesce,
  scoreOver,
  startTime,
  staticEval,
  stopped,
} from './search/quiesce';
import { HIST, KILLERS, SORT_FROM, histIndex, pick, scoreMoves, sortByScore } from './search/ordering';

/** Called after each completed iteration: the PV is readable through pvMove(i). */
@external("env", "onIteration") declare function hostOnIteration(
  depth: i32,
  score: i32,
  nodes: f64,
  ms: f64,
  pvLength: i32,
): void;

export { INFINITE, MATE, MATE_BOUND } from './search/quiesce';

/** Probe the movement-phase tablebase inside the search (set when the host has loaded one). */
let tbActive = false;
export function setTablebaseActive(on: bool): void {
  tbActive = on;
}
/** Probe the generic solver's loaded layers inside the search (set when the host has loaded them). */
let gsActive = false;
export function setGenericTablebaseActive(on: bool): void {
  gsActive = on;
}

/**
 * A position the placement layers (Bagh Chal's whole-game solution, tablebase/placement-probe.ts) decide scores
 * PLACEMENT_WIN - ply for the winner: above every evaluation the search meets, below the mate range (the layers
 * give no distance, so no mate is claimed; the nearer such a win, the better). The placement phase ends by itself
 * at the last placement, where the movement-phase tablebase's distances take over, so a side that keeps such a
 * win always gets there.
 */
export const PLACEMENT_WIN: i32 = EVAL_LIMIT - 200;

/** Root moves the host allows (setRootMoves; 0 = every move): the moves that keep the tables' value. */
const ROOT_ALLOW = new StaticArray<u32>(256);
let rootAllowCount: i32 = 0;
/** Restricts the next searches' root to the moves added by allowRootMove (clearRootMoves lifts it). */
export function clearRootMoves(): void {
  rootAllowCount = 0;
}
/** Adds a packed move to the root moves the search may play; -1 when the list is full. */
export function allowRootMove(m: u32): i32 {
  if (rootAllowCount >= 256) return -1;
  st(ROOT_ALLOW, rootAllowCount++, m);
  return 0;
}
function rootAllowed(m: u32): bool {
  for (let i = 0; i < rootAllowCount; i++) if (ld(ROOT_ALLOW, i) == m) return true;
  return false;
}

const PV = new StaticArray<u32>(MAX_PLY * MAX_PLY);
/** Captured sets of the PV moves (multi-jumps; see move.ts). */
const PV_CAPS = new StaticArray<Bits>(MAX_PLY * MAX_PLY);
const ROOT_PV_CAPS = new StaticArray<Bits>(MAX_PLY);
const PV_LEN = new StaticArray<i32>(MAX_PLY + 1);
const ROOT_PV = new StaticArray<u32>(MAX_PLY);

/** Set while the side to move seeks the draw after CONTEMPT_PLIES quiet plies (the main search only). */
let seekDraw = false;
/** How many of the side's own previous moves wayBack looks at. */
const WAY_BACK_MOVES: i32 = 4;
/**
 * Root values from which contempt starts, its largest size, the quiet plies (since the game's last
 * irreversible move) over which it fades, and the most a draw is then worth to the side to move.
 */
const CONTEMPT_FROM: i32 = 100;
const CONTEMPT_MAX: i32 = 100;
const CONTEMPT_PLIES: i32 = 60;
const DRAW_SEEK_MAX: i32 = 50;

/**
 * Static null-move pruning (reverse futility pruning) in the main search: a non-PV node within RFP_DEPTH
 * plies of the horizon whose static evaluation beats beta by RFP_MARGIN a ply returns that evaluation
 * without searching (a side so far ahead is not expected to fall behind in so few plies). Not in the mate
 * proof (so exact wins are untouched), not near mate scores, not where the side to move has no move (a
 * loss, RULES.md §0), and not where captures are compulsory (draughts family: there is no stand-pat while
 * a capture is pending, so no static cutoff either). Bagh Chal at 100k nodes a move, against the search
 * without it: 12-63-5 over 80 games; keeping a known value and converting won endgames improve too
 * (bench/keeps-value.js, bench/conversion.js).
 */
const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 120;
/** How many plies shallower than the main search the mate proof searches (the guarantee's "+ 2"). */
const PROOF_LAG: i32 = 2;
/** History length at the root: history index rootHist + p is the position at ply p of the line. */
let rootHist: i32 = 0;
/** "Depends on no position above": larger than any ply. */
const NO_DEP: i32 = 1 << 20;
/** Set by every negamax return: the shallowest ply of the line (negative: before the root) its value refers to. */
let depPly: i32 = NO_DEP;
/** Scratch for the same within one node. */
let nodeDep: i32 = NO_DEP;

let bestMove: u32 = NO_MOVE;
let bestScore: i32 = 0;
let rootPvLen: i32 = 0;

// @ts-ignore: decorator
@inline function toTT(s: i32, ply: i32): i32 {
  return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s;
}
// @ts-ignore: decorator
@inline function fromTT(s: i32, ply: i32): i32 {
  return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s;
}

/**
 * Moves under `repetition=forbid` (RULES.md §0): true if the move just made repeats a position of the
 * game since its last irreversible move, i.e. is illegal. Records which ply of the line it refers to.
 */
// @ts-ignore: decorator
@inline function forbiddenHere(): bool {
  const j = lastRepeat(0);
  if (j < 0) return false;
  nodeDep = min(nodeDep, j - rootHist);
  return true;
}

/**
 * The horizon's test for "a side with no legal move loses" (RULES.md §0): true if the side to move has
 * no legal move, counting, under `repetition=forbid`, moves that would repeat as missing.
 */
function noLegalMove(ply: i32): bool {
  if (!hasMove()) return true;
  if (repetitionMode != 2) return false;
  const base = plyBase(ply);
  const n = generate(base);
  for (let i = 0; i < n; i++) {
    makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    const forbidden = forbiddenHere();
    unmakeMove();
    if (!forbidden) return false;
  }
  return true;
}

/**
 * Negamax with alpha-beta and PVS; the mate proof when `proving`. On return, depPly says which ply of
 * the line the value depends on (see "Exact forced wins" at the top of this file).
 */
function negamax(depth: i32, alpha: i32, beta: i32, ply: i32): i32 {
  st(PV_LEN, ply, 0);
  depPly = NO_DEP;
  if (over != 0) return scoreOver(ply); // captures, escape, stall
  // the move limit: a draw, or a loss with no move
  if (clockOut()) return hasMoveIgnoringLimit() ? drawScore(ply) : -(MATE - ply);
  if (ply > 0 && repetitionMode == 1) {
    const j = lastRepeat(rootHist);
    if (j >= 0) {
      depPly = j - rootHist;
      return drawScore(ply);
    } // a repeat inside the line: a draw
    // third occurrence in the game; while seeking the draw (seekDraw), a second one already counts, so
    // that a short way back to a position of the game is seen as the draw it leads to
    if (lastIrrev < rootHist && repetitions() >= (seekDraw && !proving ? 1 : 2)) {
      depPly = -1;
      return drawScore(ply);
    }
  }
  if (tbActive && ply > 0) {
    const v = probeCurrent(); // exact value with best play (dtm + 1; 0 draw; -1 not covered)
    if (v == 0) return 0;
    if (v > 0) {
      const dtm = v - 1;
      return (dtm & 1) != 0 ? MATE - (ply + dtm) : -(MATE - (ply + dtm));
    }
  }
  if (ply > 0 && inHand != 0 && placementProbing()) {
    // the placement layers: a decided position returns its value; a draw is searched on, so that the root (whose
    // moves the host restricted to those keeping the value) chooses among the draws by the search
    const w = placementValue();
    if (w == 1) return PLACEMENT_WIN - ply;
    if (w == -1) return -(PLACEMENT_WIN - ply);
  }
  if (gsActive && ply > 0) {
    const c = gsProbe(); // the generic solver's value: 0 draw, 1 + 2d win in d, 2 + 2d loss in d; -1 not covered
    if (c == 0) return 0;
    if (c > 0) {
      const d = (c - 1) >> 1;
      return (c & 1) != 0 ? MATE - (ply + d) : -(MATE - (ply + d));
    }
  }
  if (ply > 0) {
    // mate-distance pruning: nothing here can beat a win at the next ply or lose faster than now
    alpha = max(alpha, -(MATE - ply));
    beta = min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;
  }
  if (depth <= 0 || ply >= MAX_PLY - 1) {
    nodeDep = NO_DEP;
    if (noLegalMove(ply)) {
      depPly = nodeDep;
      return -(MATE - ply);
    } // no legal move: the side to move loses
    depPly = nodeDep;
    if (proving) return 0; // the proof: no forced end within its depth on this line
    return quiesce(alpha, beta, ply);
  }
  nodes++;
  if (((<i64>nodes) & 1023) == 0) checkLimits();
  if (stopped) return 0;

  const pvNode = beta - alpha > 1;
  // under forbid the legal moves depend on the positions since the last irreversible move, so scores
  // are only stored and used where there are none
  const scoresValid = repetitionMode != 2 || lastIrrev == histLen;
  const entry = proving ? proofProbe(key) : ttProbe(key);
  let ttm = NO_MOVE;
  if (entry != 0) {
    ttm = ttMove(entry);
    if (!pvNode && ply > 0 && scoresValid && ttDepth(entry) >= depth) {
      const s = fromTT(ttScore(entry), ply),
        b = ttBound(entry);
      if (b == BOUND_EXACT || (b == BOUND_LOWER && s >= beta) || (b == BOUND_UPPER && s <= alpha)) return s;
    }
  }
  if (proving && ttm == NO_MOVE) {
    const e = ttProbe(key);
    if (e != 0) ttm = ttMove(e);
  } // the search's best move first
  if (!proving && !compulsory && !pvNode && ply > 0 && depth <= RFP_DEPTH && beta < MATE_BOUND && beta > -MATE_BOUND) {
    const ev = staticEval();
    if (ev - RFP_MARGIN * depth >= beta && hasMove()) return ev;
  }

  const base = plyBase(ply);
  const n = generate(base);
  endPly(ply, base + n);
  if (n == 0) return -(MATE - ply); // no legal move: the side to move loses (RULES §0)
  // while seeking the draw, the root's way back is searched first (before the TT move), so that among
  // moves of equal value the one that undoes one of the side's own recent steps is played
  if (ply == 0 && seekDraw && !proving) {
    const back = wayBack(base, n);
    if (back != NO_MOVE) ttm = back;
  }
  scoreMoves(base, n, ttm, ply);

  const alpha0 = alpha;
  let best = -INFINITE,
    bestM = NO_MOVE,
    searched = 0;
  let dep = NO_DEP;
  for (let i = 0; i < n; i++) {
    if (i == 0 && n > SORT_FROM) sortByScore(base, n);
    const m = n > SORT_FROM ? ld(MOVES(), base + i) : pick(base, i, n);
    const mc = ld(CAPS(), base + i);
    if (ply == 0 && rootAllowCount > 0 && !rootAllowed(m)) continue; // a move the tables say loses value
    makeMove(m, mc);
    if (repetitionMode == 2) {
      nodeDep = dep;
      const forbidden = forbiddenHere();
      dep = nodeDep;
      if (forbidden) {
        unmakeMove();
        continue;
      } // forbid: may not repeat
    }
    let s: i32;
    if (searched == 0) {
      s = -negamax(depth - 1, -beta, -alpha, ply + 1);
      dep = min(dep, depPly);
    } else {
      // Late move reduction (the main search only): quiet moves ordered after the TT move, captures and
      // killers are searched one or two plies shallower with a null window, and again at full depth if
      // they beat alpha.
      let r = 0;
      if (!proving && depth >= 3 && searched >= 3 && ld(SCORES(), base + i) < (1 << 28) - 1)
        r = searched >= 8 && depth >= 5 ? 2 : 1;
      s = -negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1);
      dep = min(dep, depPly);
      if (r > 0 && s > alpha) {
        s = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
        dep = min(dep, depPly);
      }
      if (s > alpha && s < beta) {
        s = -negamax(depth - 1, -beta, -alpha, ply + 1);
        dep = min(dep, depPly);
      }
    }
    unmakeMove();
    searched++;
    if (stopped) return 0;
    if (s > best) {
      best = s;
      bestM = m;
      if (s > alpha) {
        alpha = s;
        st(PV, ply * MAX_PLY, m);
        st(PV_CAPS, ply * MAX_PLY, mc);
        const cl = ld(PV_LEN, ply + 1);
        for (let j = 0; j < cl; j++) {
          st(PV, ply * MAX_PLY + 1 + j, ld(PV, (ply + 1) * MAX_PLY + j));
          st(PV_CAPS, ply * MAX_PLY + 1 + j, ld(PV_CAPS, (ply + 1) * MAX_PLY + j));
        }
        st(PV_LEN, ply, cl + 1);
        if (s >= beta) {
          if (!proving && !isCapture(m)) {
            if (ld(KILLERS, ply * 2) != m) {
              st(KILLERS, ply * 2 + 1, ld(KILLERS, ply * 2));
              st(KILLERS, ply * 2, m);
            }
            const hi = histIndex(m);
            st(HIST, hi, min(ld(HIST, hi) + depth * depth, 1 << 26));
          }
          break;
        }
      }
    }
  }
  depPly = dep;
  if (searched == 0) return -(MATE - ply); // every move forbidden by repetition: no legal move
  const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  // A value that depends on the path here (a repetition draw above this node) keeps only the move in
  // the proof; the main search stores it unless it is a mate score: reused on another path it may be
  // wrong, but only as an evaluation is (a mate score needs every defence to end in a loss, so a wrong
  // value that is no mate never makes one), and the main search's depth depends on it.
  const keep = scoresValid && (dep >= ply || (!proving && best > -MATE_BOUND && best < MATE_BOUND));
  if (proving) proofStore(key, bestM, keep ? toTT(best, ply) : 0, keep ? depth : 0, keep ? bound : 0);
  else ttStore(key, bestM, keep ? toTT(best, ply) : 0, keep ? depth : 0, keep ? bound : 0);
  return best;
}

/**
 * Runs an iterative-deepening search from the current position. Limits: maxDepth (plies, 1..MAX_PLY-2),
 * nodeLimit (0 = none), timeMs (0 = none). Returns the best move (NO_MOVE if the side to move has no
 * legal move); details through searchScore/searchDepth/searchNodes/pvLength/pvMove.
 */
export function search(maxDepth: i32, nodeLimit: f64, timeMs: f64): u32 {
  nodes = 0;
  maxNodes = nodeLimit;
  stopped = false;
  completedDepth = 0;
  startTime = hostNow();
  deadline = timeMs > 0 ? startTime + timeMs : 0;
  bestMove = NO_MOVE;
  bestScore = 0;
  rootPvLen = 0;
  ttClaim(TT_USER_SEARCH);
  ttNewSearch();
  rootHist = histLen;
  for (let i = 0; i < MAX_PLY * 2; i++) st(KILLERS, i, NO_MOVE);
  for (let i = 0; i < 2 * MAX_POINTS * MAX_POINTS; i++) st(HIST, i, ld(HIST, i) >> 3);
  const limit = min(max(maxDepth, 1), MAX_PLY - 2);
  setContempt();
  let prev: i32 = 0;
  for (let depth = 1; depth <= limit; depth++) {
    let delta: i32 = 40;
    let alpha = -INFINITE,
      beta = INFINITE;
    if (depth >= 4 && prev > -MATE_BOUND && prev < MATE_BOUND) {
      alpha = prev - delta;
      beta = prev + delta;
    }
    let score: i32 = 0;
    while (true) {
      score = negamax(depth, alpha, beta, 0);
      if (stopped) break;
      if (score <= alpha && alpha > -INFINITE) {
        alpha = max(score - delta, -INFINITE);
        delta *= 2;
      } else if (score >= beta && beta < INFINITE) {
        beta = min(score + delta, INFINITE);
        delta *= 2;
      } else break;
      if (delta > 1000) {
        alpha = -INFINITE;
        beta = INFINITE;
      }
    }
    if (stopped) break;
    completedDepth = depth;
    prev = score;
    copyRootPv(score);
    if (rootPvLen == 0) {
      report(depth);
      break;
    } // no legal move at the root
    // the mate proof to depth - PROOF_LAG: a forced end within it replaces the score, move and PV
    const k = depth - PROOF_LAG;
    let proven = false;
    if (k >= 1 && (depth == limit || score >= MATE_BOUND || score <= -MATE_BOUND)) {
      proving = true;
      const p = negamax(k, -INFINITE, INFINITE, 0);
      proving = false;
      if (!stopped) {
        if (p >= MATE_BOUND || p <= -MATE_BOUND) {
          copyRootPv(p);
          proven = true;
        }
        // no forced end within k: a shorter mate score of the main search came from a value of another
        // path; it is only a large lead
        else if (score >= MATE_BOUND && MATE - score <= k) bestScore = EVAL_LIMIT;
        else if (score <= -MATE_BOUND && MATE + score <= k) bestScore = -EVAL_LIMIT;
      }
    }
    report(depth);
    if (proven || stopped) break; // a forced end proven shortest, or out of time during the proof
    checkLimits();
    if (stopped) break;
  }
  return bestMove;
}

/**
 * Sets the contempt for this search from q, the plies since the game's last irreversible move (a
 * capture, a placement, ...), and v, the root's quiescence value (side to move's view):
 * - a lead (|v| >= CONTEMPT_FROM) gives sign(v) * min(|v| / 4, CONTEMPT_MAX), scaled down linearly to
 *   0 at q = CONTEMPT_PLIES;
 * - from q = CONTEMPT_PLIES on, the side to move values a draw at (q - CONTEMPT_PLIES) / 2 above 0, at
 *   most DRAW_SEEK_MAX, and (seekDraw) counts a second occurrence of a position of the game as the
 *   draw: where neither side has more than that to play for, each in turn steers for the repetition,
 *   which then comes even where its cycle is longer than the search can see (and wayBack helps it
 *   come). A side that leads by more (v >= CONTEMPT_FROM after FADE_FROM quiet plies: fadeOn) plays on
 *   until its evaluation has faded (staticEval; the prey's progress, closing in, is made of reversible
 *   moves, so a short quiet stretch does not show that a lead is empty, and an evaluation that faded
 *   from the first quiet ply made the defending side stop defending).
 * Only under repetition=draw3 (the other rules have no repetition draw to seek or avoid).
 */
function setContempt(): void {
  contempt = 0;
  seekDraw = false;
  fadeOn = false;
  if (over != 0 || repetitionMode != 1) return;
  const q = histLen - lastIrrev;
  if (q >= CONTEMPT_PLIES) {
    contempt = -min((q - CONTEMPT_PLIES) / 2, DRAW_SEEK_MAX);
    seekDraw = true;
    if (q > FADE_FROM) {
      const v = quiesce(-INFINITE, INFINITE, 0);
      fadeOn = !stopped && v >= CONTEMPT_FROM && v < MATE_BOUND;
    }
    return;
  }
  const v = quiesce(-INFINITE, INFINITE, 0);
  if (stopped || v >= MATE_BOUND || v <= -MATE_BOUND || abs(v) < CONTEMPT_FROM) return;
  const c = (min(abs(v) / 4, CONTEMPT_MAX) * (CONTEMPT_PLIES - q)) / CONTEMPT_PLIES;
  contempt = v > 0 ? c : -c;
}

/**
 * The root's way back while seeking the draw: among the root's n moves listed at `base`, the step that
 * undoes the most recent of the side to move's own last WAY_BACK_MOVES moves (since the last irreversible move) that a
 * legal step undoes, or NO_MOVE. Where both sides seek the draw and no move is better, each plays its way back, and the
 * positions then repeat: the hunters' in 4 plies, a no-same-twice side's (which may not move the same piece twice
 * running, so it takes its move before last back) in 8. The search alone would not find such a cycle:
 * inside it, the opponent avoids the draw the side to move seeks.
 */
function wayBack(base: i32, n: i32): u32 {
  for (let k = 1, i = histLen - 2; k <= WAY_BACK_MOVES && i >= lastIrrev; k++, i -= 2) {
    const m = playedMove(i);
    if (moveKind(m) != KIND_STEP) continue;
    const back = stepMove(moveTo(m), moveFrom(m));
    for (let j = 0; j < n; j++) if (ld(MOVES(), base + j) == back) return back;
  }
  return NO_MOVE;
}

/** Makes the line now in PV[0] the root's result, with `score`. */
function copyRootPv(score: i32): void {
  bestScore = score;
  rootPvLen = ld(PV_LEN, 0);
  for (let j = 0; j < rootPvLen; j++) {
    st(ROOT_PV, j, ld(PV, j));
    st(ROOT_PV_CAPS, j, ld(PV_CAPS, j));
  }
  bestMove = rootPvLen > 0 ? ld(ROOT_PV, 0) : NO_MOVE;
}

/** Tells the host an iteration completed. */
function report(depth: i32): void {
  hostOnIteration(depth, bestScore, nodes, hostNow() - startTime, rootPvLen);
}

export function searchScore(): i32 {
  return bestScore;
}
export function searchDepth(): i32 {
  return completedDepth;
}
export function searchNodes(): f64 {
  return nodes;
}
export function pvLength(): i32 {
  return rootPvLen;
}
/** The i-th move of the principal variation (the last completed iteration's; during onIteration, the new one). */
export function pvMove(i: i32): u32 {
  return i >= 0 && i < rootPvLen ? ld(ROOT_PV, i) : NO_MOVE;
}
/** The captured set of the i-th PV move (0 for a move that captures nothing). */
export function pvCaps(i: i32): Bits {
  return i >= 0 && i < rootPvLen ? ld(ROOT_PV_CAPS, i) : none();
}
