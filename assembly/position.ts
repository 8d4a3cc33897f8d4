// The position of a hunt game (RULES.md §0-§3, DESIGN.md "One position model"): one bitboard per side
// (side 1 the hunters: tigers, the giant, wolves; side 0 the prey: goats, dwarfs, dogs, sheep), a piece
// count per point where the rules allow stacks (plus the `stacked` bitboard of points holding more than
// one), pieces in hand and captured for both sides, the side to move, the extra state (the point the
// noSameTwice side stepped to last, the stall counter), the static result (captures, escape, stall), the
// incremental Zobrist key, and the game history used for unmake and repetition.
//
// Two make/unmake paths: the Bagh Chal profile's (rules.fast: no stacks, no extra state, side 0 only
// places, side 1 single jumps) and the generic one. Both keep the same state and the same key.
import {
  bit,
  has,
  ld,
  st,
  none,
  or,
  and,
  andNot,
  xor,
  isEmpty,
  nonEmpty,
  intersects,
  first,
  popFirst,
  size,
} from './bits';
import { MAX_POINTS, boardMask, RANK } from './board';
import { moveTo, moveFrom, moveCapture, moveKind, KIND_PLACE, KIND_JUMP } from './move';
import {
  fast,
  noSameTwiceSide,
  stallSide,
  stallLimit,
  escapeSide,
  target0,
  target1,
  stacksFor,
  placesFor,
  promoRank0,
  promoRank1,
  moveLimit,
} from './rules';

/** Side constants: the prey (goats) move first in Bagh Chal. */
export const PREY: i32 = 0;
export const HUNTER: i32 = 1;

/** Most plies a game or search line can hold (history stacks are this long). */
export const MAX_HISTORY: i32 = 8192;
/** Counts (hand, captured) are below this. */
export const MAX_COUNT: i32 = 128;
/** Largest stack. */
export const MAX_STACK: i32 = 63;

// ---- static results (gameResult codes: (winner + 1) | (reason << 4)) ----
export const REASON_CAPTURES: i32 = 1;
export const REASON_NO_MOVES: i32 = 2;
export const REASON_ESCAPE: i32 = 3;
export const REASON_STALL: i32 = 4;
export const REASON_REPETITION: i32 = 5;
export const REASON_MOVE_LIMIT: i32 = 6;
// @ts-ignore: decorator
@inline export function resultCode(winner: i32, reason: i32): i32 {
  return (winner + 1) | (reason << 4);
}
// @ts-ignore: decorator
@inline export function resultWinner(code: i32): i32 {
  return (code & 15) - 1;
}

// ---- state ----
export let hunters: Bits = none();
export let prey: Bits = none();
export let side: i32 = PREY;
/** Side 0's pieces in hand and captured (Bagh Chal's goats; the fast paths read only these). */
export let inHand: i32 = 0;
export let captured: i32 = 0;
/** Side 1's pieces in hand and captured. */
export let hand1: i32 = 0;
export let captured1: i32 = 0;
/** Pieces per point (stack games only; 0 empty). */
export const CNT = new StaticArray<u8>(MAX_POINTS);
/** Points holding more than one piece. */
export let stacked: Bits = none();
/** The point the noSameTwice side stepped to on its previous turn, or -1. */
export let lastPt: i32 = -1;
/** Consecutive moves of the stall side that gained no rank. */
export let stall: i32 = 0;
/** Kings (draughts family): the pieces of either side that move and capture as kings. */
export let kings: Bits = none();
/** Consecutive plies without a capture (draughts move-limit; 0 when there is no limit). */
export let clock: i32 = 0;
/** The game's static result after the last move (0: not decided by captures, escape or stall). */
export let over: i32 = 0;
export let key: u64 = 0;

/** Keys of the positions before each move played (index = ply from the set position). */
const KEYS = new StaticArray<u64>(MAX_HISTORY);
const MOVES_PLAYED = new StaticArray<u32>(MAX_HISTORY);
/** Captured set of each move played (generic path only). */
const CAPS_PLAYED = new StaticArray<Bits>(MAX_HISTORY);
/** Extra state before each move (generic path only): last point and stall counter. */
const LAST_PLAYED = new StaticArray<i32>(MAX_HISTORY);
const STALL_PLAYED = new StaticArray<i32>(MAX_HISTORY);
/** Draughts: the kings captured by each move, whether it promoted, and the clock before it. */
const KCAPS_PLAYED = new StaticArray<Bits>(MAX_HISTORY);
const PROMO_PLAYED = new StaticArray<u8>(MAX_HISTORY);
const CLOCK_PLAYED = new StaticArray<i32>(MAX_HISTORY);
/** Ply of the last irreversible move (placement or capture) at each ply: repetitions can't cross it. */
const IRREV = new StaticArray<i32>(MAX_HISTORY);
export let histLen: i32 = 0;
export let lastIrrev: i32 = 0;

/** The move played at history index i (0 <= i < histLen), as the generator packed it. */
export function playedMove(i: i32): u32 {
  return ld(MOVES_PLAYED, i);
}

// ---- Zobrist keys ----
const Z_HUNTER = new StaticArray<u64>(MAX_POINTS);
const Z_PREY = new StaticArray<u64>(MAX_POINTS);
const Z_HAND = new StaticArray<u64>(MAX_COUNT);
const Z_CAPT = new StaticArray<u64>(MAX_COUNT);
let Z_SIDE: u64 = 0;
// drawn after the Bagh Chal tables, so Bagh Chal's keys (and its bench signature) are unchanged
const Z_HAND1 = new StaticArray<u64>(MAX_COUNT);
const Z_CAPT1 = new StaticArray<u64>(MAX_COUNT);
/** Z_STACK[p * 64 + c]: point p holds c >= 2 pieces. */
const Z_STACK = new StaticArray<u64>(MAX_POINTS * 64);
const Z_LAST = new StaticArray<u64>(MAX_POINTS);
let Z_STALL: u64 = 0;
const Z_KING = new StaticArray<u64>(MAX_POINTS);
let Z_CLOCK: u64 = 0;

let zs: u64 = 0x2545f4914f6cdd1d;
function splitmix(): u64 {
  zs += 0x9e3779b97f4a7c15;
  let z = zs;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}
/**
 * Draws the key tables. Points 0..63 get the same values on both builds (drawn first, in the order the
 * u64 build always used), so a position's key does not depend on the build; the wide build's points
 * 64..127 are drawn after them.
 */
export function initZobrist(): void {
  zs = 0x2545f4914f6cdd1d;
  const n = min(MAX_POINTS, 64);
  for (let i = 0; i < n; i++) {
    st(Z_HUNTER, i, splitmix());
    st(Z_PREY, i, splitmix());
  }
  for (let i = 0; i < MAX_COUNT; i++) {
    st(Z_HAND, i, splitmix());
    st(Z_CAPT, i, splitmix());
  }
  Z_SIDE = splitmix();
  for (let i = 0; i < MAX_COUNT; i++) {
    st(Z_HAND1, i, splitmix());
    st(Z_CAPT1, i, splitmix());
  }
  for (let i = 0; i < n * 64; i++) st(Z_STACK, i, splitmix());
  for (let i = 0; i < n; i++) st(Z_LAST, i, splitmix());
  Z_STALL = splitmix();
  for (let i = 0; i < n; i++) st(Z_KING, i, splitmix());
  Z_CLOCK = splitmix();
  for (let i = n; i < MAX_POINTS; i++) {
    st(Z_HUNTER, i, splitmix());
    st(Z_PREY, i, splitmix());
    st(Z_LAST, i, splitmix());
    st(Z_KING, i, splitmix());
    for (let c = 0; c < 64; c++) st(Z_STACK, i * 64 + c, splitmix());
  }
}

/**
 * The stall counter's key: a multiplicative hash of the count (0 for 0, so games without a stall rule
 * keep their keys). The counter is part of the key: it decides the game (RULES.md §3), so positions
 * that differ in it differ in value; a repetition can then never happen while the counter runs, which
 * is what "same extra state" (§0 Repetition) means.
 */
// @ts-ignore: decorator
@inline function zStall(n: i32): u64 {
  return n == 0 ? 0 : (<u64>n * 0x9e3779b97f4a7c15) ^ Z_STALL;
}
/** The move clock's key (as the stall counter's: it decides the game near the limit, so it is state). */
// @ts-ignore: decorator
@inline function zClock(n: i32): u64 {
  return n == 0 ? 0 : (<u64>n * 0xd1b54a32d192ed03) ^ Z_CLOCK;
}
// @ts-ignore: decorator
@inline function zStack(p: i32, c: i32): u64 {
  return c >= 2 ? ld(Z_STACK, p * 64 + c) : 0;
}
// @ts-ignore: decorator
@inline function zLast(p: i32): u64 {
  return p >= 0 ? ld(Z_LAST, p) : 0;
}

/** The key of the current state computed from scratch (the incremental key must equal it). */
export function computeKey(): u64 {
  let k: u64 = 0;
  for (let b = hunters; nonEmpty(b); b = popFirst(b)) k ^= ld(Z_HUNTER, first(b));
  for (let b = prey; nonEmpty(b); b = popFirst(b)) k ^= ld(Z_PREY, first(b));
  k ^= ld(Z_HAND, inHand) ^ ld(Z_CAPT, captured);
  if (hand1 != 0 || captured1 != 0) k ^= ld(Z_HAND1, hand1) ^ ld(Z_CAPT1, captured1) ^ ld(Z_HAND1, 0) ^ ld(Z_CAPT1, 0);
  for (let b = stacked; nonEmpty(b); b = popFirst(b)) {
    const p = first(b);
    k ^= zStack(p, <i32>ld(CNT, p));
  }
  k ^= zLast(lastPt) ^ zStall(stall) ^ zClock(clock);
  for (let b = kings; nonEmpty(b); b = popFirst(b)) k ^= ld(Z_KING, first(b));
  if (side == HUNTER) k ^= Z_SIDE;
  return k;
}

/** Highest rank holding a piece of `b`, and lowest: for the escape rule. */
function maxRank(b: Bits): i32 {
  let r = -1;
  for (; nonEmpty(b); b = popFirst(b)) r = max(r, <i32>ld(RANK, first(b)));
  return r;
}
function minRank(b: Bits): i32 {
  let r = 1 << 20;
  for (; nonEmpty(b); b = popFirst(b)) r = min(r, <i32>ld(RANK, first(b)));
  return r;
}

/**
 * True when the move limit is reached (draughts move-limit, RULES.md §4): the game is over, drawn unless
 * the side to move has no legal move, which loses first (as checkmate comes before a move-count draw).
 * Not part of `over`, which holds the decisions that need no move generation.
 */
// @ts-ignore: decorator
@inline export function clockOut(): bool {
  return moveLimit > 0 && clock >= moveLimit;
}

/** The static result of the current state (captures, escape, stall; RULES.md §0-§3), or 0. */
export function staticResult(): i32 {
  if (target0 > 0 && captured >= target0) return resultCode(1, REASON_CAPTURES);
  if (target1 > 0 && captured1 >= target1) return resultCode(0, REASON_CAPTURES);
  if (escapeSide >= 0) {
    const own = escapeSide == 1 ? hunters : prey,
      other = escapeSide == 1 ? prey : hunters;
    if (nonEmpty(own) && nonEmpty(other) && minRank(other) > maxRank(own)) return resultCode(escapeSide, REASON_ESCAPE);
  }
  if (stallSide >= 0 && stall >= stallLimit) return resultCode(stallSide ^ 1, REASON_STALL);
  return 0;
}

/**
 * Sets the position (validated by the host): hunters h, prey p, the counts in `counts` (per point, 0
 * or 1 where there are no stacks), hands and captures of both sides, the last point and stall counter.
 * Returns 0, or -1 if pieces overlap or lie off the board, -2 if a count is out of range, -3 if a
 * stack, hand or extra state is given where the rules have none.
 */
export function setPosition(
  h: Bits,
  p: Bits,
  stm: i32,
  hand0: i32,
  capt0: i32,
  h1: i32,
  capt1: i32,
  last: i32,
  stallCount: i32,
  counts: StaticArray<i32>,
  kingSet: Bits,
  clockCount: i32,
): i32 {
  if (intersects(h, p) || nonEmpty(andNot(or(h, p), boardMask))) return -1;
  if (
    hand0 < 0 ||
    hand0 >= MAX_COUNT ||
    capt0 < 0 ||
    capt0 >= MAX_COUNT ||
    h1 < 0 ||
    h1 >= MAX_COUNT ||
    capt1 < 0 ||
    capt1 >= MAX_COUNT
  )
    return -2;
  if (stm != PREY && stm != HUNTER) return -2;
  if ((hand0 > 0 && !placesFor(0)) || (h1 > 0 && !placesFor(1))) return -3;
  if (last != -1 && (noSameTwiceSide < 0 || last < 0 || last >= MAX_POINTS || !has(noSameTwiceSide == 1 ? h : p, last)))
    return -3;
  if (stallCount < 0 || (stallSide < 0 ? stallCount != 0 : stallCount > stallLimit)) return -3;
  if (nonEmpty(andNot(kingSet, or(h, p))) || (nonEmpty(kingSet) && promoRank0 < 0 && promoRank1 < 0)) return -3;
  if (clockCount < 0 || (moveLimit == 0 ? clockCount != 0 : clockCount > moveLimit)) return -3;
  let stk = none();
  for (let i = 0; i < MAX_POINTS; i++) {
    const c = ld(counts, i);
    const occ = has(or(h, p), i);
    if (occ ? c < 1 || c > MAX_STACK : c != 0) return -2;
    if (c > 1) {
      if (!stacksFor(has(h, i) ? 1 : 0)) return -3;
      stk = or(stk, bit(i));
    }
  }
  hunters = h;
  prey = p;
  side = stm;
  inHand = hand0;
  captured = capt0;
  hand1 = h1;
  captured1 = capt1;
  for (let i = 0; i < MAX_POINTS; i++) st(CNT, i, <u8>ld(counts, i));
  stacked = stk;
  lastPt = last;
  stall = stallCount;
  kings = kingSet;
  clock = clockCount;
  over = staticResult();
  key = computeKey();
  histLen = 0;
  lastIrrev = 0;
  return 0;
}

/**
 * Sets a position its caller has built from the rules (the generic solver's decoded slots: pieces on
 * distinct points of the board, one piece a point until setCount, counts and extra state in range)
 * without validation and without the Zobrist key (left 0: nothing that reads it runs on such a
 * position). Clears the history.
 */
export function setTrusted(
  h: Bits,
  p: Bits,
  stm: i32,
  hand0: i32,
  capt0: i32,
  h1: i32,
  capt1: i32,
  last: i32,
  stallCount: i32,
): void {
  for (let b = stacked; nonEmpty(b); b = popFirst(b)) st(CNT, first(b), <u8>0);
  for (let b = or(hunters, prey); nonEmpty(b); b = popFirst(b)) st(CNT, first(b), <u8>0);
  for (let b = or(h, p); nonEmpty(b); b = popFirst(b)) st(CNT, first(b), <u8>1);
  hunters = h;
  prey = p;
  side = stm;
  inHand = hand0;
  captured = capt0;
  hand1 = h1;
  captured1 = capt1;
  stacked = none();
  lastPt = last;
  stall = stallCount;
  kings = none();
  clock = 0;
  over = staticResult();
  key = 0;
  histLen = 0;
  lastIrrev = 0;
}

/** Puts c >= 2 pieces on an occupied point of a position set by setTrusted (a stack). */
export function setCount(pt: i32, c: i32): void {
  st(CNT, pt, <u8>c);
  stacked = or(stacked, bit(pt));
}

// @ts-ignore: decorator
@inline function pushHistory(m: u32): void {
  st(KEYS, histLen, key);
  st(MOVES_PLAYED, histLen, m);
  st(IRREV, histLen, lastIrrev);
  histLen++;
}

/**
 * Plays a move known to be legal (from the generator). `caps` is the captured set of a multi-jump or an
 * intervention step (the generator's CAPS entry); other moves ignore it.
 */
export function makeMove(m: u32, caps: Bits): void {
  if (!fast) {
    makeGeneric(m, caps);
    return;
  }
  pushHistory(m);
  const to = moveTo(m),
    kind = moveKind(m);
  let k = key;
  if (side == PREY) {
    if (kind == KIND_PLACE) {
      prey = or(prey, bit(to));
      k ^= ld(Z_PREY, to) ^ ld(Z_HAND, inHand) ^ ld(Z_HAND, inHand - 1);
      inHand--;
      lastIrrev = histLen;
    } else {
      const from = moveFrom(m);
      prey = xor(prey, or(bit(from), bit(to)));
      k ^= ld(Z_PREY, from) ^ ld(Z_PREY, to);
    }
  } else {
    const from = moveFrom(m);
    hunters = xor(hunters, or(bit(from), bit(to)));
    k ^= ld(Z_HUNTER, from) ^ ld(Z_HUNTER, to);
    if (kind == KIND_JUMP) {
      const c = moveCapture(m);
      prey = xor(prey, bit(c));
      k ^= ld(Z_PREY, c) ^ ld(Z_CAPT, captured) ^ ld(Z_CAPT, captured + 1);
      captured++;
      lastIrrev = histLen;
      if (captured >= target0) over = resultCode(1, REASON_CAPTURES);
    }
  }
  side ^= 1;
  k ^= Z_SIDE;
  key = k;
}

// @ts-ignore: decorator
@inline function zPiece(s: i32, p: i32): u64 {
  return s == HUNTER ? ld(Z_HUNTER, p) : ld(Z_PREY, p);
}

/** Adds one piece of side s on p (a stack grows). Returns the key change. */
function addPiece(s: i32, p: i32): u64 {
  if (s == HUNTER ? has(hunters, p) : has(prey, p)) {
    const c = <i32>ld(CNT, p);
    st(CNT, p, <u8>(c + 1));
    stacked = or(stacked, bit(p));
    return zStack(p, c) ^ zStack(p, c + 1);
  }
  if (s == HUNTER) hunters = or(hunters, bit(p));
  else prey = or(prey, bit(p));
  st(CNT, p, <u8>1);
  return zPiece(s, p);
}

/** Removes one piece of side s from p (a stack shrinks). Returns the key change. */
function removePiece(s: i32, p: i32): u64 {
  const c = <i32>ld(CNT, p);
  if (c > 1) {
    st(CNT, p, <u8>(c - 1));
    if (c == 2) stacked = andNot(stacked, bit(p));
    return zStack(p, c) ^ zStack(p, c - 1);
  }
  if (s == HUNTER) hunters = andNot(hunters, bit(p));
  else prey = andNot(prey, bit(p));
  st(CNT, p, <u8>0);
  return zPiece(s, p);
}

/** makeMove for every profile: stacks, hands and captures of both sides, multi-captures, extra state. */
function makeGeneric(m: u32, caps: Bits): void {
  st(CAPS_PLAYED, histLen, caps);
  st(LAST_PLAYED, histLen, lastPt);
  st(STALL_PLAYED, histLen, stall);
  st(CLOCK_PLAYED, histLen, clock);
  st(KCAPS_PLAYED, histLen, none());
  st(PROMO_PLAYED, histLen, <u8>0);
  pushHistory(m);
  const s = side,
    e = side ^ 1;
  const to = moveTo(m),
    kind = moveKind(m);
  let k = key ^ zLast(lastPt) ^ zStall(stall) ^ zClock(clock);
  if (kind == KIND_PLACE) {
    k ^= addPiece(s, to);
    if (s == PREY) {
      k ^= ld(Z_HAND, inHand) ^ ld(Z_HAND, inHand - 1);
      inHand--;
    } else {
      k ^= ld(Z_HAND1, hand1) ^ ld(Z_HAND1, hand1 - 1);
      hand1--;
    }
    if (s == noSameTwiceSide) lastPt = -1;
    lastIrrev = histLen;
  } else {
    const from = moveFrom(m);
    if (kind == KIND_JUMP) {
      caps = bit(moveCapture(m));
      st(CAPS_PLAYED, histLen - 1, caps);
    }
    const wasKing = has(kings, from);
    if (wasKing) {
      kings = andNot(kings, bit(from));
      k ^= ld(Z_KING, from);
    }
    const kc = and(caps, kings);
    if (nonEmpty(kc)) {
      st(KCAPS_PLAYED, histLen - 1, kc);
      kings = andNot(kings, kc);
      for (let b = kc; nonEmpty(b); b = popFirst(b)) k ^= ld(Z_KING, first(b));
    }
    k ^= removePiece(s, from);
    if (nonEmpty(caps)) {
      const n = size(caps);
      for (let b = caps; nonEmpty(b); b = popFirst(b)) k ^= removePiece(e, first(b));
      if (e == PREY) {
        k ^= ld(Z_CAPT, captured) ^ ld(Z_CAPT, captured + n);
        captured += n;
      } else {
        k ^= ld(Z_CAPT1, captured1) ^ ld(Z_CAPT1, captured1 + n);
        captured1 += n;
      }
      if (e == noSameTwiceSide && lastPt >= 0 && has(caps, lastPt) && !has(e == HUNTER ? hunters : prey, lastPt))
        lastPt = -1;
      lastIrrev = histLen;
    }
    k ^= addPiece(s, to);
    if (s == noSameTwiceSide) lastPt = to;
    if (s == stallSide) stall = <i32>ld(RANK, to) > <i32>ld(RANK, from) ? 0 : stall + 1;
    // a man that ends its move on its promotion rank becomes a king (passing through it does not count)
    if (wasKing || <i32>ld(RANK, to) == (s == PREY ? promoRank0 : promoRank1)) {
      kings = or(kings, bit(to));
      k ^= ld(Z_KING, to);
      if (!wasKing) st(PROMO_PLAYED, histLen - 1, <u8>1);
    }
    if (moveLimit > 0) clock = nonEmpty(caps) ? 0 : clock + 1;
  }
  side = e;
  k ^= Z_SIDE ^ zLast(lastPt) ^ zStall(stall) ^ zClock(clock);
  key = k;
  over = staticResult();
}

/** Takes back the last move played. Returns the move, or 0xFFFFFFFF if there is none. */
export function unmakeMove(): u32 {
  if (histLen == 0) return 0xffffffff;
  histLen--;
  const m = ld(MOVES_PLAYED, histLen);
  lastIrrev = ld(IRREV, histLen);
  side ^= 1;
  over = 0; // a move was made from here, so the game was not over
  const to = moveTo(m),
    kind = moveKind(m);
  if (!fast) {
    const s = side,
      e = side ^ 1;
    if (kind == KIND_PLACE) {
      removePiece(s, to);
      if (s == PREY) inHand++;
      else hand1++;
    } else {
      const caps = ld(CAPS_PLAYED, histLen);
      const moverKing = has(kings, to);
      if (moverKing) kings = andNot(kings, bit(to));
      removePiece(s, to);
      if (nonEmpty(caps)) {
        for (let b = caps; nonEmpty(b); b = popFirst(b)) addPiece(e, first(b));
        const n = size(caps);
        if (e == PREY) captured -= n;
        else captured1 -= n;
        kings = or(kings, ld(KCAPS_PLAYED, histLen));
      }
      const from = moveFrom(m);
      addPiece(s, from);
      if (moverKing && ld(PROMO_PLAYED, histLen) == 0) kings = or(kings, bit(from));
    }
    lastPt = ld(LAST_PLAYED, histLen);
    stall = ld(STALL_PLAYED, histLen);
    clock = ld(CLOCK_PLAYED, histLen);
  } else if (side == PREY) {
    if (kind == KIND_PLACE) {
      prey = xor(prey, bit(to));
      inHand++;
    } else prey = xor(prey, or(bit(moveFrom(m)), bit(to)));
  } else {
    hunters = xor(hunters, or(bit(moveFrom(m)), bit(to)));
    if (kind == KIND_JUMP) {
      prey = or(prey, bit(moveCapture(m)));
      captured--;
    }
  }
  key = ld(KEYS, histLen);
  return m;
}

/**
 * How many times the current position occurred before in the history since the last irreversible
 * move (same board, hands, extra state and side to move: the key covers them all).
 */
export function repetitions(): i32 {
  let n = 0;
  for (let i = histLen - 2; i >= lastIrrev; i -= 2) if (ld(KEYS, i) == key) n++;
  return n;
}

/**
 * History index of the latest earlier occurrence of the current position at or after history index
 * `from` (and after the last irreversible move), or -1 if there is none. The search uses the index to
 * know which position of its line a repetition refers to (see "path dependence" in search.ts).
 */
export function lastRepeat(from: i32): i32 {
  const lo = max(from, lastIrrev);
  for (let i = histLen - 2; i >= lo; i -= 2) if (ld(KEYS, i) == key) return i;
  return -1;
}

export function historyMove(i: i32): u32 {
  return ld(MOVES_PLAYED, i);
}
export function isOccupied(p: i32): bool {
  return has(or(hunters, prey), p);
}
