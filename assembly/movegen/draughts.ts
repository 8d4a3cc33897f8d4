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
import { bit, has, ld, st, none, or, and, andNot, nonEmpty, moreThanOne, first, popFirst, size } from "../bits";
import { NB, JL, boardMask } from "../board";
import { hunters, prey, side, kings, PREY } from "../position";
import { stepMove, jumpMove, multiMove } from "../move";
import { removalAtEnd, majority, compulsory, flyingKings } from "../rules";
import { statesReset, stateSlot, stateKnown, stateAdd, stateValue, setStateValue } from "./states";
import { MOVES, CAPS, listEnd, recording, recordPath, CUR_PATH, PATH_WORDS, setOverflow, stepTargets, RENUMBER, renumberPaths, rootRevisit } from "./hunt";

// search state of one piece's captures
let dFrom: i32 = 0;
let dKing = false;
let dEnemy: Bits = none();
let dOcc: Bits = none();
let dN: i32 = 0;
let dEnd: i32 = 0;
let dBase: i32 = 0;

/** True if point q is empty at this moment of the capture sequence. */
// @ts-ignore: decorator
@inline function emptyNow(q: i32, caps: Bits): bool {
  return !has(dOcc, q) || q == dFrom || (!removalAtEnd && has(caps, q));
}

/**
 * Explores the captures from landing `cur` with `caps` taken (depth: landings so far). Returns true if
 * the sequence could go on (so this state is not a move); emits the moves of the complete sequences.
 */
function captureDfs(cur: i32, caps: Bits, depth: i32): void {
  let more = false;
  for (let d = 0; d < 8; d++) {
    if (!dKing || !flyingKings) {
      const mid = <i32>ld(NB, cur * 8 + d), land = <i32>ld(JL, cur * 8 + d);
      if (mid < 0 || land < 0 || !has(dEnemy, mid) || has(caps, mid) || !emptyNow(land, caps)) continue;
      more = true;
      follow(land, or(caps, bit(mid)), depth);
      continue;
    }
    // a flying king: over empty points to the first piece on the line; if an enemy not yet taken, every
    // empty point beyond it up to the next piece is a landing
    let q = <i32>ld(NB, cur * 8 + d);
    while (q >= 0 && emptyNow(q, caps)) q = <i32>ld(NB, q * 8 + d);
    if (q < 0 || !has(dEnemy, q) || has(caps, q)) continue;
    const c2 = or(caps, bit(q));
    for (let r = <i32>ld(NB, q * 8 + d); r >= 0 && emptyNow(r, c2); r = <i32>ld(NB, r * 8 + d)) {
      more = true;
      follow(r, c2, depth);
    }
  }
  if (!more && nonEmpty(caps)) emitMove(cur, caps, depth);
}

/** Goes on to landing `land` with `caps` taken, unless that state was searched already (off the root). */
function follow(land: i32, caps: Bits, depth: i32): void {
  if (depth + 2 < PATH_WORDS) st(CUR_PATH, depth + 1, land);
  const h = stateSlot(land, caps);
  if (stateKnown(h)) {
    // searched before: its complete sequences are listed; at the root, record this path's ends too
    if (recording && depth + 2 < PATH_WORDS && rootRevisit()) captureDfs(land, caps, depth + 1);
    return;
  }
  // a state's value: the index of the move it ends as (a complete sequence), -1 while none
  if (!stateAdd(h, land, caps, -1)) { setOverflow(); return; }
  if (depth + 2 < PATH_WORDS) captureDfs(land, caps, depth + 1);
  else setOverflow();
}

/** Adds the move (dFrom, to, caps) if new (a complete sequence); records the path at the root. */
function emitMove(to: i32, caps: Bits, depth: i32): void {
  const h = stateSlot(to, caps);
  let idx = stateValue(h);
  const found = idx < 0;
  if (found) {
    if (dN >= dEnd) { setOverflow(); return; }
    idx = dN++;
    st(MOVES, idx, !moreThanOne(caps) ? jumpMove(dFrom, to, first(caps)) : multiMove(dFrom, to, caps));
    st(CAPS, idx, caps);
    setStateValue(h, idx);
  }
  if (recording) recordPath(idx - dBase, depth + 1, found);
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
  dBase = base; dN = base; dEnd = listEnd(base);
  for (let f = mine; nonEmpty(f); f = popFirst(f)) {
    dFrom = first(f);
    dKing = has(kings, dFrom);
    statesReset();
    st(CUR_PATH, 0, dFrom);
    captureDfs(dFrom, none(), 0);
  }
  let n = dN - base;
  if (n > 0) {
    if (majority) {
      let most = 0;
      for (let i = base; i < base + n; i++) most = max(most, size(ld(CAPS, i)));
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
          if (k >= dEnd) { setOverflow(); return k - base; }
          st(MOVES, k, stepMove(fr, q)); st(CAPS, k, none()); k++;
        }
      }
    } else {
      for (let t = and(stepTargets(s, fr), empty); nonEmpty(t); t = popFirst(t)) {
        if (k >= dEnd) { setOverflow(); return k - base; }
        st(MOVES, k, stepMove(fr, first(t))); st(CAPS, k, none()); k++;
      }
    }
  }
  return k - base;
}

/**
 * Keeps the captures taking `most` pieces (majority rule), in order, and renumbers the root path table's
 * move indices to match. Returns the new count.
 */
function keepMoves(base: i32, n: i32, most: i32): i32 {
  let k = 0;
  for (let i = 0; i < n; i++) {
    const c = ld(CAPS, base + i);
    if (size(c) != most) { st(RENUMBER, i, -1); continue; }
    st(RENUMBER, i, k);
    st(MOVES, base + k, ld(MOVES, base + i)); st(CAPS, base + k, c); k++;
  }
  if (recording) renumberPaths();
  return k;
}
