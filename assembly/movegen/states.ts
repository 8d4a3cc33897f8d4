// The capture-search states of one piece, (landing point, captured set) -> an i32 value, in a stamped
// open-addressing table: a new piece bumps the stamp, so nothing is cleared between pieces. Both
// families' chained-capture generators (hunt.ts multi-jumps, draughts.ts) use it to list each move once
// by its identity (RULES.md §0: start, end, captured set) and to search no state twice.
import { ld, st, digest, equal } from "../bits";

/** 2^14 slots on the u64 build's boards; 2^20 on the wide build (a tiger inside a ring of goats on the
 * 105-point board reaches tens of thousands of states). */
const BITS: i32 = isInteger<Bits>() ? 14 : 20;
const SIZE: i32 = 1 << BITS;
/** The most states one piece may have: half the table, so probes stay short. */
export const MAX_STATES: i32 = SIZE / 2;
const STAMP = new StaticArray<u32>(SIZE);
const TO = new StaticArray<i32>(SIZE);
const CAPS_TAKEN = new StaticArray<Bits>(SIZE);
const VALUE = new StaticArray<i32>(SIZE);
let stamp: u32 = 0;
let used: i32 = 0;

/** Forgets every state (a new piece's search starts). */
export function statesReset(): void {
  if (++stamp == 0) { for (let i = 0; i < SIZE; i++) st(STAMP, i, <u32>0); stamp = 1; }
  used = 0;
}

/** The slot of state (to, caps): its own if known (stateKnown), else the free one it would take. */
export function stateSlot(to: i32, caps: Bits): i32 {
  let h = <i32>(((digest(caps) ^ (<u64>to * 0x9E3779B97F4A7C15)) * 0xBF58476D1CE4E5B9) >> (64 - BITS));
  while (ld(STAMP, h) == stamp) {
    if (ld(TO, h) == to && equal(ld(CAPS_TAKEN, h), caps)) return h;
    h = (h + 1) & (SIZE - 1);
  }
  return h;
}

/** True if slot h (from stateSlot) holds a known state. */
// @ts-ignore: decorator
@inline export function stateKnown(h: i32): bool { return ld(STAMP, h) == stamp; }

/** Adds state (to, caps) with `value` at free slot h (from stateSlot). False when MAX_STATES are known. */
export function stateAdd(h: i32, to: i32, caps: Bits, value: i32): bool {
  if (used >= MAX_STATES) return false;
  st(STAMP, h, stamp); st(TO, h, to); st(CAPS_TAKEN, h, caps); st(VALUE, h, value);
  used++;
  return true;
}

// @ts-ignore: decorator
@inline export function stateValue(h: i32): i32 { return ld(VALUE, h); }
// @ts-ignore: decorator
@inline export function setStateValue(h: i32, v: i32): void { st(VALUE, h, v); }
