// The capture-search states of one piece, (landing point, captured set) -> an i32 value, in a stamped
// open-addressing table: a new piece bumps the stamp, so nothing is cleared between pieces. Both
// families' chained-capture generators (hunt.ts multi-jumps, draughts.ts) use it to list each move once
// by its identity (RULES.md §0: start, end, captured set) and to search no state twice.
import { ld, st, digest, equal } from '../bits';

/**
 * Slots: 2^14 on the u64 build's boards. The wide build starts each piece at 2^14 too and grows the
 * table (by 4x, up to 2^20) when half of it is used: a tiger inside a ring of goats on the 105-point
 * board reaches tens of thousands of states, but most pieces have a handful, and a small table stays in
 * the cache (a fixed 2^20 table halved tibetan-4's tiger move generation speed).
 */
const START_BITS: i32 = 14;
const MAX_BITS: i32 = isInteger<Bits>() ? 14 : 20;
/** The most states one piece may have: half the largest table, so probes stay short. */
export const MAX_STATES: i32 = (1 << MAX_BITS) / 2;
// The arrays are allocated at the size the table has grown to (memory on demand: a 2^20-slot table
// is 28 MiB on the wide build, needed only by a piece with tens of thousands of capture states).
// The u64 build's table never grows: its arrays are constants (a fixed address in the hot probe loop;
// reading a growable array's address from a global cost Permainan Tabal's perft 10%). The wide build's
// are globals that grow; each build compiles only its own through the @inline accessors below.
let allocBits: i32 = START_BITS;
const STAMP_U = new StaticArray<u32>(isInteger<Bits>() ? 1 << START_BITS : 0);
const TO_U = new StaticArray<i32>(isInteger<Bits>() ? 1 << START_BITS : 0);
const CAPS_U = new StaticArray<Bits>(isInteger<Bits>() ? 1 << START_BITS : 0);
const VALUE_U = new StaticArray<i32>(isInteger<Bits>() ? 1 << START_BITS : 0);
let STAMP_W = new StaticArray<u32>(isInteger<Bits>() ? 0 : 1 << START_BITS);
let TO_W = new StaticArray<i32>(isInteger<Bits>() ? 0 : 1 << START_BITS);
let CAPS_W = new StaticArray<Bits>(isInteger<Bits>() ? 0 : 1 << START_BITS);
let VALUE_W = new StaticArray<i32>(isInteger<Bits>() ? 0 : 1 << START_BITS);
// @ts-ignore: decorator
@inline function STAMP(): StaticArray<u32> {
  return isInteger<Bits>() ? STAMP_U : STAMP_W;
}
// @ts-ignore: decorator
@inline function TO(): StaticArray<i32> {
  return isInteger<Bits>() ? TO_U : TO_W;
}
// @ts-ignore: decorator
@inline function CAPS_TAKEN(): StaticArray<Bits> {
  return isInteger<Bits>() ? CAPS_U : CAPS_W;
}
// @ts-ignore: decorator
@inline function VALUE(): StaticArray<i32> {
  return isInteger<Bits>() ? VALUE_U : VALUE_W;
}
let stamp: u32 = 0;
let used: i32 = 0;
/** The table's current size is 2^bits (the wide build only; the u64 build's is always 2^14). */
let bits: i32 = START_BITS;
// @ts-ignore: decorator
@inline function curBits(): i32 {
  return isInteger<Bits>() ? START_BITS : bits;
}
/** The states being moved when the table grows (at most half of the table before it grew). */
let MOVE_TO = new StaticArray<i32>(0);
let MOVE_CAPS = new StaticArray<Bits>(0);
let MOVE_VALUE = new StaticArray<i32>(0);

/** A new stamp: every state known so far is forgotten. */
function newStamp(): void {
  if (++stamp == 0) {
    for (let i = 0; i < 1 << allocBits; i++) st(STAMP(), i, <u32>0);
    stamp = 1;
  }
}

/** Forgets every state (a new piece's search starts). */
export function statesReset(): void {
  newStamp();
  used = 0;
  bits = START_BITS;
}

/** The wide build: the table grows 4x, its known states moved to their slots in the larger table. */
function grow(): void {
  const size = 1 << bits;
  if (MOVE_TO.length < size / 2) {
    MOVE_TO = new StaticArray<i32>(size / 2);
    MOVE_CAPS = new StaticArray<Bits>(size / 2);
    MOVE_VALUE = new StaticArray<i32>(size / 2);
  }
  let k = 0;
  for (let i = 0; i < size; i++) {
    if (ld(STAMP(), i) != stamp) continue;
    st(MOVE_TO, k, ld(TO(), i));
    st(MOVE_CAPS, k, ld(CAPS_TAKEN(), i));
    st(MOVE_VALUE, k, ld(VALUE(), i));
    k++;
  }
  bits = min(bits + 2, MAX_BITS);
  if (bits > allocBits) {
    // fresh zeroed arrays: no slot holds the stamp about to be drawn
    allocBits = bits;
    STAMP_W = new StaticArray<u32>(1 << bits);
    TO_W = new StaticArray<i32>(1 << bits);
    CAPS_W = new StaticArray<Bits>(1 << bits);
    VALUE_W = new StaticArray<i32>(1 << bits);
  }
  newStamp();
  for (let j = 0; j < k; j++) {
    const h = stateSlot(ld(MOVE_TO, j), ld(MOVE_CAPS, j));
    st(STAMP(), h, stamp);
    st(TO(), h, ld(MOVE_TO, j));
    st(CAPS_TAKEN(), h, ld(MOVE_CAPS, j));
    st(VALUE(), h, ld(MOVE_VALUE, j));
  }
}

/** The slot of state (to, caps): its own if known (stateKnown), else the free one it would take. */
export function stateSlot(to: i32, caps: Bits): i32 {
  const b = curBits();
  let h = <i32>(((digest(caps) ^ (<u64>to * 0x9e3779b97f4a7c15)) * 0xbf58476d1ce4e5b9) >> (<u64>(64 - b)));
  const stamps = STAMP(),
    tos = TO(),
    taken = CAPS_TAKEN(); // the wide build's arrays, read once
  while (ld(stamps, h) == stamp) {
    if (ld(tos, h) == to && equal(ld(taken, h), caps)) return h;
    h = (h + 1) & ((1 << b) - 1);
  }
  return h;
}

/** True if slot h (from stateSlot) holds a known state. */
// @ts-ignore: decorator
@inline export function stateKnown(h: i32): bool {
  return ld(STAMP(), h) == stamp;
}

/**
 * Adds state (to, caps) with `value` at free slot h (from stateSlot). False when MAX_STATES are known.
 * On the wide build the table may grow here, moving every state: a slot found before this call is stale.
 */
export function stateAdd(h: i32, to: i32, caps: Bits, value: i32): bool {
  if (used >= (1 << curBits()) >> 1) {
    if (isInteger<Bits>() || bits >= MAX_BITS) return false;
    grow();
    h = stateSlot(to, caps);
  }
  st(STAMP(), h, stamp);
  st(TO(), h, to);
  st(CAPS_TAKEN(), h, caps);
  st(VALUE(), h, value);
  used++;
  return true;
}

// @ts-ignore: decorator
@inline export function stateValue(h: i32): i32 {
  return ld(VALUE(), h);
}
// @ts-ignore: decorator
@inline export function setStateValue(h: i32, v: i32): void {
  st(VALUE(), h, v);
}
