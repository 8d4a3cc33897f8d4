// Forward proof search over the placement phase (prey still in hand) with the movement-phase tablebase
// at its leaves: alpha-beta on game values {-1 loss, 0 draw, +1 win} for the side to move, with a
// transposition table. No repetition can occur while prey are being placed (every prey turn places).
import { ld, st, none } from '../bits';
import { key, side, inHand, captured, makeMove, unmakeMove, HUNTER } from '../position';
import { target0 as capturesToWin } from '../rules';
import { generate } from '../movegen/index';
import { MOVES, SCORES, MAX_PLY, plyBase, endPly } from '../movelist';
import { evaluate } from '../eval';
import { probeCurrent } from './probe';
import {
  ttProbe,
  ttStore,
  ttMove,
  ttScore,
  ttBound,
  ttClaim,
  TT_USER_SOLVE,
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
} from '../tt';
import { NO_MOVE } from '../move';


@external("env", "solveProgress") declare function hostProgress(nodes: f64): void;

let nodes: f64 = 0;
let maxNodes: f64 = 0;
let missing = false;
let aborted = false;

export function solveNodes(): f64 {
  return nodes;
}
export function solveMissingLeaf(): bool {
  return missing;
}
/** True when the last solve hit its node limit (its value is then meaningless). */
export function solveAborted(): bool {
  return aborted;
}

function wdl(alpha: i32, beta: i32, ply: i32): i32 {
  nodes++;
  if (((<i64>nodes) & 0xfffff) == 0) hostProgress(nodes);
  if (aborted || (maxNodes > 0 && nodes > maxNodes)) {
    aborted = true;
    return 0;
  }
  if (captured >= capturesToWin) return side == HUNTER ? 1 : -1;
  if (inHand == 0) {
    const v = probeCurrent();
    if (v < 0) {
      missing = true;
      return 0;
    }
    if (v == 0) return 0;
    return ((v - 1) & 1) != 0 ? 1 : -1;
  }
  const entry = ttProbe(key);
  let ttm = NO_MOVE;
  if (entry != 0) {
    ttm = ttMove(entry);
    const s = ttScore(entry),
      b = ttBound(entry);
    if (b == BOUND_EXACT || (b == BOUND_LOWER && s >= beta) || (b == BOUND_UPPER && s <= alpha)) return s;
  }
  const base = plyBase(ply);
  const n = generate(base);
  endPly(ply, base + n);
  if (n == 0) return -1;
  // order: the TT move, then by the static evaluation of the child (best for the mover first)
  for (let i = 0; i < n; i++) {
    const m = ld(MOVES(), base + i);
    let sc: i32;
    if (m == ttm) sc = 1 << 30;
    else {
      makeMove(m, none());
      sc = -evaluate();
      unmakeMove();
    }
    st(SCORES(), base + i, sc);
  }
  const alpha0 = alpha;
  let best = -2,
    bestM = NO_MOVE;
  for (let i = 0; i < n; i++) {
    let bi = i,
      bs = ld(SCORES(), base + i);
    for (let j = i + 1; j < n; j++) {
      const s = ld(SCORES(), base + j);
      if (s > bs) {
        bs = s;
        bi = j;
      }
    }
    const m = ld(MOVES(), base + bi);
    if (bi != i) {
      st(MOVES(), base + bi, ld(MOVES(), base + i));
      st(MOVES(), base + i, m);
      st(SCORES(), base + bi, ld(SCORES(), base + i));
      st(SCORES(), base + i, bs);
    }
    makeMove(m, none());
    const v = -wdl(-beta, -alpha, ply + 1);
    unmakeMove();
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestM = m;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  ttStore(key, bestM, best, 200, best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER);
  return best;
}

/**
 * Game value of the current position for the side to move within the window (alpha, beta) over
 * {-1, 0, 1}: the exact value if it lies inside, else a bound on the failing side. Leaves: the
 * tablebase (all layers loaded) once the prey are all placed. nodeLimit 0 = none; past it the search
 * stops and solveAborted() is true.
 */
export function solveWindow(alpha: i32, beta: i32, nodeLimit: f64): i32 {
  nodes = 0;
  missing = false;
  aborted = false;
  maxNodes = nodeLimit;
  ttClaim(TT_USER_SOLVE);
  return wdl(alpha, beta, 0);
}
