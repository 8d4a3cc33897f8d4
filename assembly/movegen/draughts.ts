// Draughts-family move generation (RULES.md §4 Permainan Tabal), driven by the board tables and the
// rules block (rules.ts words 20..26):
// - men step along lines in their side's step directions (forward, diagonally forward, sideways);
//   kings move any distance along a line over empty points (flying kings; else one step);
// - men capture by short jump over an adjacent enemy in every direction; kings capture one enemy at
//   any distance along a line, landing on any empty point beyond it (free landing);
// - a capture is continued while the piece can capture (only complete sequences are moves); captures
//   are compulsory; under `majority` only the sequences taking the most pieces are legal;
// - removal as jumped: a captured piece leaves at once (a king may cross its point later in the move,
//   nothing can jump it twice); removal at the end: it stays, blocking, and may not be jumped again;
// - a move is (from, to, captured set): sequences with the same identity are one move (de-duplicated
//   through the search states (landing, captured set), which determine every continuation);
// - promotion (a man ending its move on its promotion rank) happens in makeMove, not here.
import { bit, has, ld, st, none, or, and, andNot, nonEmpty, moreThanOne, first, popFirst, size } from '../bits';
import { NB, JL, JORD, boardMask } from '../board';
import { hunters, prey, side, kings, PREY } from '../position';
import { stepMove, jumpMove, multiMove } from '../move';
import { removalAtEnd, majority, compulsory, flyingKings } from '../rules';
import { statesReset, stateSlot, stateKnown, stateAdd, stateValue, setStateValue } from './states';
import { stepTargets } from './steps';
import {
  PATH_IN,
  setPathCaps,
  MOVES,
  CAPS,
  ROOT_NODE,
  listEnd,
  recording,
  setOverflow,
  addNode,
  setRootNode,
} from '../movelist';

// search state of one piece's captures
let dFrom: i32 = 0;
let dKing = false;
let dEnemy: Bits = none();
let dOcc: Bits = none();
let dN: i32 = 0;
let dEnd: i32 = 0;

/** True if point q is empty at this moment of the capture sequence. */
// @ts-ignore: decorator
@inline function emptyNow(q: i32, caps: Bits): bool {
  return !has(dOcc, q) || q == dFrom || (!removalAtEnd && has(caps, q));
}

/** Flying-king capture candidates while recording: (landing, captured point) pairs, 128 per depth. */
const CAND_LAND = new StaticArray<i32>(128 * 130);
const CAND_CAP = new StaticArray<i32>(128 * 130);

/**
 * Explores the captures from landing `cur` with `caps` taken (depth: captures so far; node: the state's
 * path node while recording, -1 at the start); emits the moves of the complete sequences. Landings are
 * tried in direction order, or, while recording, in ascending point order, so that each state is first
 * reached along its smallest path (movelist.ts).
 */
function captureDfs(cur: i32, caps: Bits, depth: i32, node: i32): void {
  let more = false;
  if (!dKing || !flyingKings) {
    // two loops, so that the search off the root (perft, search) pays no test of `recording` per direction
    if (!recording) {
      for (let d = 0; d < 8; d++) if (manJump(cur, d, caps, depth, -1)) more = true;
    } else for (let i = 0; i < 8; i++) if (manJump(cur, <i32>ld(JORD, cur * 8 + i), caps, depth, node)) more = true;
  } else {
    // a flying king: over empty points to the first piece on the line; if an enemy not yet taken, every
    // empty point beyond it up to the next piece is a landing
    const o = depth * 128;
    let k = 0;
    for (let d = 0; d < 8; d++) {
      let q = <i32>ld(NB, cur * 8 + d);
      while (q >= 0 && emptyNow(q, caps)) q = <i32>ld(NB, q * 8 + d);
      if (q < 0 || !has(dEnemy, q) || has(caps, q)) continue;
      const c2 = or(caps, bit(q));
      for (let r = <i32>ld(NB, q * 8 + d); r >= 0 && emptyNow(r, c2); r = <i32>ld(NB, r * 8 + d)) {
        more = true;
        if (!recording) {
          follow(r, c2, depth, node);
          continue;
        }
        // insertion by landing (ascending)
        let j = k++;
        while (j > 0 && ld(CAND_LAND, o + j - 1) > r) {
          st(CAND_LAND, o + j, ld(CAND_LAND, o + j - 1));
          st(CAND_CAP, o + j, ld(CAND_CAP, o + j - 1));
          j--;
        }
        st(CAND_LAND, o + j, r);
        st(CAND_CAP, o + j, q);
      }
    }
    for (let j = 0; j < k; j++) follow(ld(CAND_LAND, o + j), or(caps, bit(ld(CAND_CAP, o + j))), depth, node);
  }
  if (!more && nonEmpty(caps)) emitMove(cur, caps, node);
}

/** A man's short jump from `cur` in direction `d`, followed if legal; true if it was legal. */
// @ts-ignore: decorator
@inline function manJump(cur: i32, d: i32, caps: Bits, depth: i32, node: i32): bool {
  const mid = <i32>ld(NB, cur * 8 + d),
    land = <i32>ld(JL, cur * 8 + d);
  if (mid < 0 || land < 0 || !has(dEnemy, mid) || has(caps, mid) || !emptyNow(land, caps)) return false;
  follow(land, or(caps, bit(mid)), depth, node);
  return true;
}

/** Goes on to landing `land` with `caps` taken, unless that state was searched already. */
function follow(land: i32, caps: Bits, depth: i32, parent: i32): void {
  const h = stateSlot(land, caps);
  if (stateKnown(h)) return; // searched before: its complete sequences are listed
  // a state's value: the index of the move it ends as (a complete sequence), -1 while none
  if (!stateAdd(h, land, caps, -1)) {
    setOverflow();
    return;
  }
  const node = recording ? addNode(parent, land) : -1;
  captureDfs(land, caps, depth + 1, node);
}

/** Adds the move (dFrom, to, caps) if new (a complete sequence), with its path node while recording. */
function emitMove(to: i32, caps: Bits, node: i32): void {
  const h = stateSlot(to, caps);
  if (stateValue(h) >= 0) return;
  if (dN >= dEnd) {
    setOverflow();
    return;
  }
  const idx = dN++;
  st(MOVES(), idx, !moreThanOne(caps) ? jumpMove(dFrom, to, first(caps)) : multiMove(dFrom, to, caps));
  st(CAPS(), idx, caps);
  setStateValue(h, idx);
  if (recording) setRootNode(idx, node);
}

/**
 * Writes every legal move of the current position (draughts family) at MOVES[base..] with their
 * captured sets at CAPS[base..]; returns their number.
 */
export function generateDraughts(base: i32): i32 {
  const s = side;
  const mine = s == PREY ? prey : hunters;
  dEnemy = s == PREY ? hunters : prey;
  dOcc = or(hunters, prey);
  const empty = andNot(boardMask, dOcc);
  dN = base;
  dEnd = listEnd(base);
  for (let f = mine; nonEmpty(f); f = popFirst(f)) {
    dFrom = first(f);
    dKing = has(kings, dFrom);
    statesReset();
    captureDfs(dFrom, none(), 0, -1);
  }
  let n = dN - base;
  if (n > 0) {
    if (majority) {
      let most = 0;
      for (let i = base; i < base + n; i++) most = max(most, size(ld(CAPS(), i)));
      n = keepMoves(base, n, most);
    }
    if (compulsory) return n;
  }
  let k = base + n;
  for (let f = mine; nonEmpty(f); f = popFirst(f)) {
    const fr = first(f);
    if (has(kings, fr)) {
      for (let d = 0; d < 8; d++) {
        for (let q = <i32>ld(NB, fr * 8 + d); q >= 0 && has(empty, q); q = flyingKings ? <i32>ld(NB, q * 8 + d) : -1) {
          if (k >= dEnd) {
            setOverflow();
            return k - base;
          }
          st(MOVES(), k, stepMove(fr, q));
          st(CAPS(), k, none());
          k++;
        }
      }
    } else {
      for (let t = and(stepTargets(s, fr), empty); nonEmpty(t); t = popFirst(t)) {
        if (k >= dEnd) {
          setOverflow();
          return k - base;
        }
        st(MOVES(), k, stepMove(fr, first(t)));
        st(CAPS(), k, none());
        k++;
      }
    }
  }
  return k - base;
}

/**
 * Keeps the captures taking `most` pieces (majority rule), in order (while recording, their path nodes
 * move with them). Returns the new count.
 */
function keepMoves(base: i32, n: i32, most: i32): i32 {
  let k = 0;
  for (let i = 0; i < n; i++) {
    const c = ld(CAPS(), base + i);
    if (size(c) != most) continue;
    st(MOVES(), base + k, ld(MOVES(), base + i));
    st(CAPS(), base + k, c);
    if (recording) st(ROOT_NODE, base + k, ld(ROOT_NODE, base + i));
    k++;
  }
  return k;
}

/**
 * The captured set of a capture path of the side to move (draughts family, RULES.md §4): PATH_IN[0..n)
 * = the start, then each landing. A man's hop jumps an adjacent enemy to the point beyond; a flying
 * king's hop runs along one line over empty points to one enemy not taken before and lands on an empty
 * point beyond it (empty at that moment: never occupied, the start, or, with removal as jumped, taken
 * earlier). Returns 0 with the set in pathCapsOut, or -(1 + i) for the first bad hop i.
 */
export function draughtsPathCaptures(n: i32): i32 {
  const s = side;
  dEnemy = s == PREY ? hunters : prey;
  dOcc = or(hunters, prey);
  dFrom = ld(PATH_IN, 0);
  const king = has(kings, dFrom) && flyingKings;
  let caps = none();
  for (let i = 0; i + 1 < n; i++) {
    const a = ld(PATH_IN, i),
      b = ld(PATH_IN, i + 1);
    let taken = -1;
    for (let d = 0; d < 8 && taken < 0; d++) {
      if (!king) {
        if (<i32>ld(JL, a * 8 + d) == b) taken = <i32>ld(NB, a * 8 + d);
        continue;
      }
      // along direction d: empty points, one enemy, empty points up to b
      let q = <i32>ld(NB, a * 8 + d);
      while (q >= 0 && q != b && emptyNow(q, caps)) q = <i32>ld(NB, q * 8 + d);
      if (q < 0 || q == b) continue;
      const e = q;
      q = <i32>ld(NB, q * 8 + d);
      while (q >= 0 && q != b && emptyNow(q, or(caps, bit(e)))) q = <i32>ld(NB, q * 8 + d);
      if (q == b) taken = e;
    }
    if (taken < 0 || !has(dEnemy, taken) || has(caps, taken)) return -(1 + i);
    caps = or(caps, bit(taken));
    if (!emptyNow(b, caps)) return -(1 + i);
  }
  setPathCaps(caps);
  return 0;
}
