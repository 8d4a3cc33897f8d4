// The generic solver's work lists (tablebase/generic.ts): the level buckets, the successor counters and the
// values of the current layer, and a set of slots.
import { ld, st } from '../../bits';
import { ERR_LEVEL, ERR_SETUP, MAX_DIST, PENDING, error } from './tables';
import { gsAlloc } from './layers';
import { cVals } from './slots';

// ---- level buckets: chunked lists of u32 entries (bit 31: a win), chunks recycled ----
export const CH: i32 = 8192;
export const HEAD = new StaticArray<usize>(MAX_DIST + 2);
export const TAIL = new StaticArray<usize>(MAX_DIST + 2);
export const FILL = new StaticArray<i32>(MAX_DIST + 2);
export let freeChunks: usize = 0;
export let maxPushed: i32 = -1;
/** Bytes of level-bucket chunks taken from the heap so far (recycled, never returned). */
let chunkBytes: f64 = 0;

/**
 * Bytes the level buckets hold (their most at once over every layer solved so far: chunks are recycled, never freed).
 */
export function gsQueueBytes(): f64 {
  return chunkBytes;
}

function newChunk(): usize {
  let c = freeChunks;
  if (c != 0) freeChunks = load<usize>(c);
  else {
    c = heap.alloc((<usize>CH) << 2);
    chunkBytes += <f64>(CH << 2);
  }
  store<usize>(c, 0);
  return c;
}

export function push(L: i32, v: u32): void {
  if (L > MAX_DIST) {
    error = ERR_LEVEL;
    return;
  }
  let t = ld(TAIL, L);
  if (t == 0) {
    t = newChunk();
    st(HEAD, L, t);
    st(TAIL, L, t);
    st(FILL, L, 2);
  } else if (ld(FILL, L) == CH) {
    const n = newChunk();
    store<usize>(t, n);
    st(TAIL, L, n);
    st(FILL, L, 2);
    t = n;
  }
  const f = ld(FILL, L);
  store<u32>(t + ((<usize>f) << 2), v);
  st(FILL, L, f + 1);
  if (L > maxPushed) maxPushed = L;
}

// counters of the current layer (u16 per slot)
export let counters: usize = 0,
  counterCap: f64 = 0;
/** Reserves counters for layers of up to `slots` slots (call once with the largest; 0 if out of memory). */
export function gsReserve(slots: f64): i32 {
  if (slots <= counterCap) return 1;
  const p = gsAlloc(slots * 2);
  if (p == 0) return 0;
  counters = p;
  counterCap = slots;
  return 1;
}

// @ts-ignore: decorator
@inline export function val(s: i32): u16 {
  return load<u16>(cVals + ((<usize>s) << 1));
}
// @ts-ignore: decorator
@inline export function setVal(s: i32, v: u16): void {
  store<u16>(cVals + ((<usize>s) << 1), v);
}
// @ts-ignore: decorator
@inline export function resolved(v: u16): bool {
  return v != 0 && (v & PENDING) == 0;
}

// A set of slots (one position's distinct successors, or predecessors), cleared by a new stamp. It
// starts small (the first 2^SET_MIN_BITS entries of the table: a position's successors fit, and stay in
// the L1 cache; a table of 2^17 read at random was a tenth of the solver's time) and grows by 8x,
// rehashing the slots it holds (SET_LIST), when it is half full.
const SET_BITS: i32 = 17;
const SET_MIN_BITS: i32 = 8;
const SET_SIZE: i32 = 1 << SET_BITS;
const SET_KEY = new StaticArray<i32>(SET_SIZE);
const SET_STAMP = new StaticArray<u32>(SET_SIZE);
const SET_LIST = new StaticArray<i32>(SET_SIZE / 2 + 1);
let setStamp: u32 = 0,
  setCount: i32 = 0,
  setBits: i32 = SET_MIN_BITS;
function newStamp(): void {
  setStamp++;
  if (setStamp == 0) {
    for (let i = 0; i < SET_SIZE; i++) st<u32>(SET_STAMP, i, 0);
    setStamp = 1;
  }
}
export function setClear(): void {
  newStamp();
  setCount = 0;
  setBits = SET_MIN_BITS;
}
// @ts-ignore: decorator
@inline function setHash(t: i32): i32 {
  return <i32>((<u32>t * 0x9e3779b1) >> (<u32>(32 - setBits)));
}
/** True if slot t is in the set. */
export function setHas(t: i32): bool {
  const mask = (1 << setBits) - 1;
  let h = setHash(t);
  while (ld(SET_STAMP, h) == setStamp) {
    if (ld(SET_KEY, h) == t) return true;
    h = (h + 1) & mask;
  }
  return false;
}
/** Puts slot t (not in the set) at its place in the table. */
function setPlace(t: i32): void {
  const mask = (1 << setBits) - 1;
  let h = setHash(t);
  while (ld(SET_STAMP, h) == setStamp) h = (h + 1) & mask;
  st(SET_STAMP, h, setStamp);
  st(SET_KEY, h, t);
}
/** Adds slot t to the set; true if it was not in it. More than SET_SIZE / 2 slots is an error (ERR_SETUP). */
export function setAdd(t: i32): bool {
  if (setHas(t)) return false;
  if (setCount + 1 > (1 << setBits) >> 1) {
    if (setBits == SET_BITS) {
      error = ERR_SETUP;
      return true;
    }
    setBits = min(setBits + 3, SET_BITS);
    newStamp();
    for (let i = 0; i < setCount; i++) setPlace(ld(SET_LIST, i));
  }
  setPlace(t);
  st(SET_LIST, setCount++, t);
  return true;
}
