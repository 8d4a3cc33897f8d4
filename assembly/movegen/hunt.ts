// Hunt-family move generation (RULES.md §0 placement/step/short jump/multi-jump, §1-§3), driven only by
// the board tables and the rules block (rules.ts):
// - a side with pieces in hand places on any empty point while it has any (§0 Placement);
// - otherwise it moves one piece: the from-set is its pieces, less the point it stepped to last turn
//   (noSameTwice, §2), and, while it has a stack, only its stacks (dispersal, §3 Double Tiger);
// - a step goes to an adjacent empty point in one of the side's step directions (dwarfs, sheep: §3);
//   one piece leaves a stack at a time and nothing steps onto an occupied point;
// - captures, by the side's capture kind: a short jump over an adjacent enemy point (a stack loses one
//   piece) to the empty point beyond on the same line; chained short jumps (multi-jump: each point
//   captured from at most once per move, a point emptied earlier in the move may be crossed or landed
//   on, every prefix is a move, and paths with the same (from, to, captured set) are one move); or a
//   step that captures by intervention (§3 Surround the Tiger).
// The Bagh Chal profile (rules.fast) keeps its own tight loops. The family dispatch is movegen/index.ts.
import { bit, has, ld, st, none, or, and, andNot, xor, nonEmpty, moreThanOne, first, popFirst, size } from '../bits';
import { STEP, NB, JL, JORD, boardMask, jumpLandings, midOf } from '../board';
import { hunters, prey, side, inHand, hand1, stacked, lastPt, CNT, PREY } from '../position';
import { placeMove, stepMove, jumpMove, multiMove, interveneMove } from '../move';
import { fast, captureOf, dispersalFor, noSameTwiceSide, CAP_JUMP, CAP_MULTI, CAP_INTERVENTION } from '../rules';
import { stepTargets } from './steps';
import { PATH_IN, setPathCaps, MOVES, CAPS, listEnd, setOverflow, recording, addNode, setRootNode } from '../movelist';
import { statesReset, stateSlot, stateKnown, stateAdd, stateValue } from './states';

/** The from-set of side s: its pieces less the noSameTwice point, only stacks under dispersal. */
// @ts-ignore: decorator
@inline function fromSet(s: i32, mine: Bits): Bits {
  let f = mine;
  if (s == noSameTwiceSide && lastPt >= 0) f = andNot(f, bit(lastPt));
  if (dispersalFor(s) && nonEmpty(and(stacked, mine))) f = and(f, stacked);
  return f;
}

/**
 * The dogs captured by intervention when the piece on `from` steps to `to` (RULES.md §3 Surround the
 * Tiger): on every line through `to` with an enemy on both sides whose next points beyond (on that
 * line) are empty after the step or off the board, both enemies.
 */
function interventionCaps(from: i32, to: i32, enemy: Bits, occ: Bits): Bits {
  const after = xor(occ, bit(from));
  let caps = none();
  for (let d = 0; d < 4; d++) {
    const a = <i32>ld(NB, to * 8 + d),
      b = <i32>ld(NB, to * 8 + d + 4);
    if (a < 0 || b < 0 || !has(enemy, a) || !has(enemy, b)) continue;
    const ba = <i32>ld(NB, a * 8 + d),
      bb = <i32>ld(NB, b * 8 + d + 4);
    if ((ba >= 0 && has(after, ba)) || (bb >= 0 && has(after, bb))) continue;
    caps = or(caps, or(bit(a), bit(b)));
  }
  return caps;
}

// multi-jump search state (one piece at a time)
let mjFrom: i32 = 0;
let mjEnemy: Bits = none();
let mjOcc: Bits = none();
let mjN: i32 = 0; // next free index
let mjEnd: i32 = 0; // list bound
/**
 * Quiescence's budget of capture states a piece may list (0: no budget, every move). The search's
 * quiescence (movegen/index.ts generateCaptures) asks for the captures that can change the score, not
 * for every multi-jump: a tiger among the goats of the 105-point board has up to ~10^5, and listing them
 * at every capture node cost 84% of tibetan-4's search. With a budget the depth-first search lists the
 * first states it meets (their chains run deep first); legal moves, perft and the main search have none.
 */
let capBudget: i32 = 0;
let capLeft: i32 = 0;
/** Sets quiescence's budget of capture states per piece (0: none). */
export function setCaptureBudget(b: i32): void {
  capBudget = b;
}

/**
 * Adds the move (mjFrom, to, caps) unless the list has it (same identity). Returns false when the move
 * was there already: the search state (landing point, captured set) was reached before, so its
 * continuations are already listed. While recording the root list, the new state gets a path node
 * (reached from node `parent`), whose index goes to mjNode.
 */
function emitJump(to: i32, caps: Bits, parent: i32): bool {
  // this piece's states so far (movegen/states.ts), each the index of its move in MOVES
  const h = stateSlot(to, caps);
  if (stateKnown(h)) return false;
  if (mjN >= mjEnd || !stateAdd(h, to, caps, mjN)) {
    setOverflow();
    return false;
  }
  const single = !moreThanOne(caps);
  st(MOVES(), mjN, single ? jumpMove(mjFrom, to, first(caps)) : multiMove(mjFrom, to, caps));
  st(CAPS(), mjN, caps);
  if (recording) {
    mjNode = addNode(parent, to);
    setRootNode(mjN, mjNode);
  }
  mjN++;
  return true;
}
/** The path node of the state emitJump added last (recording only). */
let mjNode: i32 = -1;

/**
 * The depth-first search of one piece's jumps from landing `cur` with `caps` taken; `node` is the
 * state's path node (recording only; -1 at the start). Landings are tried in direction order, or, while
 * recording, in ascending point order (JORD) so that each state is first reached along its smallest path.
 * The depth is at most the number of enemy pieces (each jump captures one).
 */
function jumpDfs(cur: i32, caps: Bits, node: i32): void {
  // two loops, so that the search off the root (perft, search) pays no test of `recording` per direction
  if (!recording) {
    for (let d = 0; d < 8; d++) jumpFrom(cur, d, caps, -1);
  } else for (let i = 0; i < 8; i++) jumpFrom(cur, <i32>ld(JORD, cur * 8 + i), caps, node);
}

/** One jump of the search from `cur` in direction `d`, and the search on from its landing. */
// @ts-ignore: decorator
@inline function jumpFrom(cur: i32, d: i32, caps: Bits, node: i32): void {
  const mid = <i32>ld(NB, cur * 8 + d),
    land = <i32>ld(JL, cur * 8 + d);
  if (mid < 0 || land < 0) return;
  if (!has(mjEnemy, mid) || has(caps, mid)) return;
  // the landing must be empty: never occupied, the mover's own start, or a single piece taken this move
  if (has(mjOcc, land) && land != mjFrom && !(has(caps, land) && ld(CNT, land) == 1)) return;
  const c2 = or(caps, bit(mid));
  // a state (landing, captured set) met before has its continuations listed
  if (capLeft <= 0 || !emitJump(land, c2, node)) return;
  capLeft--;
  jumpDfs(land, c2, mjNode);
}

/**
 * The Bagh Chal profile's moves (rules.fast: placement, steps, single short jumps; captured sets are
 * not written, a jump's key holds its capture) at MOVES[base..]; returns their number. Captures first.
 */
export function generateFast(base: i32): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  let n = base;
  if (side == PREY) {
    if (inHand > 0) {
      for (let e = empty; nonEmpty(e); e = popFirst(e)) st(MOVES(), n++, placeMove(first(e)));
    } else {
      for (let f = prey; nonEmpty(f); f = popFirst(f)) {
        const from = first(f);
        for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t))
          st(MOVES(), n++, stepMove(from, first(t)));
      }
    }
    return n - base;
  }
  n = base + capturesFast(base);
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t)) st(MOVES(), n++, stepMove(from, first(t)));
  }
  return n - base;
}

/**
 * The hunt family's moves under any profile (see the top of the file) at MOVES[base..], captured sets at
 * CAPS[base..]; returns their number (the list may end early with `overflow` set: movelist.ts).
 */
export function generateHunt(base: i32): i32 {
  const s = side;
  const mine = s == PREY ? prey : hunters,
    enemy = s == PREY ? hunters : prey;
  const occ = or(hunters, prey),
    empty = andNot(boardMask, occ);
  const end = listEnd(base);
  let n = base;
  if ((s == PREY ? inHand : hand1) > 0) {
    for (let e = empty; nonEmpty(e); e = popFirst(e)) {
      if (n >= end) {
        setOverflow();
        return n - base;
      }
      st(MOVES(), n, placeMove(first(e)));
      st(CAPS(), n, none());
      n++;
    }
    return n - base;
  }
  const from = fromSet(s, mine);
  const cap = captureOf(s);
  if (cap == CAP_JUMP) {
    for (let f = from; nonEmpty(f); f = popFirst(f)) {
      const fr = first(f);
      for (let t = jumpLandings(fr, enemy, empty); nonEmpty(t); t = popFirst(t)) {
        const to = first(t),
          mid = midOf(fr, to);
        if (n >= end) {
          setOverflow();
          return n - base;
        }
        st(MOVES(), n, jumpMove(fr, to, mid));
        st(CAPS(), n, bit(mid));
        n++;
      }
    }
  } else if (cap == CAP_MULTI) {
    mjEnemy = enemy;
    mjOcc = occ;
    mjEnd = end;
    for (let f = from; nonEmpty(f); f = popFirst(f)) {
      mjFrom = first(f);
      mjN = n;
      capLeft = capBudget > 0 ? capBudget : i32.MAX_VALUE;
      statesReset();
      jumpDfs(mjFrom, none(), -1);
      n = mjN;
    }
  }
  for (let f = from; nonEmpty(f); f = popFirst(f)) {
    const fr = first(f);
    for (let t = and(stepTargets(s, fr), empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      if (n >= end) {
        setOverflow();
        return n - base;
      }
      if (cap == CAP_INTERVENTION) {
        const c = interventionCaps(fr, to, enemy, occ);
        st(MOVES(), n, nonEmpty(c) ? interveneMove(fr, to) : stepMove(fr, to));
        st(CAPS(), n, c);
      } else {
        st(MOVES(), n, stepMove(fr, to));
        st(CAPS(), n, none());
      }
      n++;
    }
  }
  return n - base;
}

/**
 * True if the side to move has at least one legal move of the hunt family (the same moves as
 * generateHunt/generateFast), the game not being decided: the horizon test for "a side with no legal
 * move loses" (RULES.md §0).
 */
export function hasMoveHunt(): bool {
  if (!fast) {
    // any placement, step or first jump (a multi-jump starts with a short jump; intervention is a step)
    const s = side;
    const mine = s == PREY ? prey : hunters,
      enemy = s == PREY ? hunters : prey;
    const empty = andNot(boardMask, or(hunters, prey));
    if ((s == PREY ? inHand : hand1) > 0) return nonEmpty(empty);
    const jumps = captureOf(s);
    for (let f = fromSet(s, mine); nonEmpty(f); f = popFirst(f)) {
      const fr = first(f);
      if (nonEmpty(and(stepTargets(s, fr), empty))) return true;
      if ((jumps == CAP_JUMP || jumps == CAP_MULTI) && nonEmpty(jumpLandings(fr, enemy, empty))) return true;
    }
    return false;
  }
  const empty = andNot(boardMask, or(hunters, prey));
  if (side == PREY) {
    if (inHand > 0) return nonEmpty(empty);
    for (let e = empty; nonEmpty(e); e = popFirst(e)) if (nonEmpty(and(ld(STEP, first(e)), prey))) return true;
    return false;
  }
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    if (nonEmpty(and(ld(STEP, from), empty)) || nonEmpty(jumpLandings(from, prey, empty))) return true;
  }
  return false;
}

/** The Bagh Chal profile's captures (the hunters' short jumps) at MOVES[base..]; returns their number. */
export function capturesFast(base: i32): i32 {
  if (side == PREY) return 0;
  const empty = andNot(boardMask, or(hunters, prey));
  let n = base;
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    for (let t = jumpLandings(from, prey, empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      st(MOVES(), n++, jumpMove(from, to, midOf(from, to)));
    }
  }
  return n - base;
}

/** Number of hunter moves (steps + jumps) in a given configuration; used by perft and evaluation. */
// @ts-ignore: decorator
@inline export function hunterMoveCount(h: Bits, p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let f = h; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    n += size(and(ld(STEP, from), empty)) + size(jumpLandings(from, p, empty));
  }
  return n;
}

/** Number of prey steps (movement phase): each empty point counts its prey neighbours. */
// @ts-ignore: decorator
@inline export function preyStepCount(p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let e = empty; nonEmpty(e); e = popFirst(e)) n += size(and(ld(STEP, first(e)), p));
  return n;
}

/**
 * The captured set of a jump path of the side to move (hunt family; RULES.md §0 short jump and
 * multi-jump): PATH_IN[0..n) = the start, then each landing. Each hop must jump an enemy point adjacent
 * on a line, not taken before in this path, to a point empty at that moment (never occupied, the start,
 * or a single piece taken earlier in the path); a side with short jumps only has one hop. Returns 0 with
 * the set in pathCapsOut (movelist.ts), or -(1 + i) for the first bad hop i (from point i to i + 1).
 * Legality of the move as a whole (whose piece, compulsory rules) is the move list's: the host looks the
 * result up there by identity.
 */
export function huntPathCaptures(n: i32): i32 {
  const s = side;
  const enemy = s == PREY ? hunters : prey,
    occ = or(hunters, prey);
  const from = ld(PATH_IN, 0);
  const kind = captureOf(s);
  let caps = none();
  for (let i = 0; i + 1 < n; i++) {
    if ((kind != CAP_JUMP && kind != CAP_MULTI) || (kind == CAP_JUMP && i > 0)) return -(1 + i);
    const a = ld(PATH_IN, i),
      b = ld(PATH_IN, i + 1);
    let mid = -1;
    for (let d = 0; d < 8; d++)
      if (<i32>ld(JL, a * 8 + d) == b) {
        mid = <i32>ld(NB, a * 8 + d);
        break;
      }
    if (mid < 0 || !has(enemy, mid) || has(caps, mid)) return -(1 + i);
    if (has(occ, b) && b != from && !(has(caps, b) && ld(CNT, b) == 1)) return -(1 + i);
    caps = or(caps, bit(mid));
  }
  setPathCaps(caps);
  return 0;
}
