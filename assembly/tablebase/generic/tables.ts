// The generic solver's tables and helpers (tablebase/generic.ts): the limits and the errors, the host's
// input, the binomials and the ranks, the symmetries' images of point sets and stack vectors, and the
// hunter-set orbits per hunter count.
import { ld, st } from '../../bits';
import { nPoints } from '../../board';

export const UNUSED: u16 = 0xffff;
export const PENDING: u16 = 0x8000;
/** Longest distance a value holds (plies). */
export const MAX_DIST: i32 = 16383;
/** Most stack points. */
export const MAX_STACK_POINTS: i32 = 8;
/** Most hunter-set ranks per hunter count (C(N, k)). */
const MAX_SETS: i32 = 1 << 22;
/** Most layers (the product of the layer coordinates' ranges). */
export const MAX_LAYER_KEYS: i32 = 1 << 16;

// ---- errors the host names (gsError) ----
export const ERR_NONE: i32 = 0;
export const ERR_SETUP: i32 = 1; // bad setup (board too big, too many stack points, index too big)
export const ERR_MISSING: i32 = 2; // a successor's layer is not in memory
export const ERR_LEVEL: i32 = 3; // a distance beyond MAX_DIST
export const ERR_MEMORY: i32 = 4; // the module's memory ran out
export const ERR_WIDTH: i32 = 5; // the wide build (more than 64 points)
export let error: i32 = 0;
export function gsError(): i32 {
  return error;
}

// ---- setup: symmetries, stack points, totals ----
/** Host input: symmetries (GSYM_IN[s * 64 + p] = image of p), then nothing else: counts come as arguments. */
export const GSYM_IN = new StaticArray<i8>(8 * 64);
/** Host input: stack points and each one's greatest excess (start count - 1), MAX_STACK_POINTS each. */
export const GSTACK_IN = new StaticArray<i32>(2 * MAX_STACK_POINTS);

export let nSym: i32 = 1;
/** Bitboard images by byte: GMAP[(s * 8 + chunk) * 256 + byte]. */
export const GMAP = new StaticArray<u64>(8 * 8 * 256);
/** C(n, k) for n <= 64, k <= 64: BIN[n * 65 + k] (f64 exact below 2^53). */
export const BIN = new StaticArray<f64>(65 * 65);

export let nStack: i32 = 0,
  stackSide: i32 = 0;
export const SPT = new StaticArray<i32>(MAX_STACK_POINTS);
export const SMAX = new StaticArray<i32>(MAX_STACK_POINTS);
/** SPERM[s * 8 + i] = j: symmetry s maps stack point i to stack point j. */
export const SPERM = new StaticArray<i32>(8 * MAX_STACK_POINTS);
/** Mixed-radix weights of the stack vector code (excess_i * SW[i]). */
export const SW = new StaticArray<i32>(MAX_STACK_POINTS + 1);
/**
 * The stack vectors' symmetry classes (a layer's last coordinate): the orbits of the codes under the
 * symmetries (SPERM), numbered by total, then by least member code (one class a total when every
 * total has one, e.g. a single stack point: class == total). Per code: its class, its number among
 * the class's members (ascending codes), the total.
 */
export let VEC_CLS: StaticArray<i32> = new StaticArray<i32>(1);
export let VEC_NUM: StaticArray<i32> = new StaticArray<i32>(1);
export let VEC_SUM: StaticArray<i32> = new StaticArray<i32>(1);
/** Per code: the stack points it stacks on (bit i = stack point i has excess > 0). */
export let VEC_PTS: StaticArray<i32> = new StaticArray<i32>(1);
/** Codes by (class, number): VEC_BY[CLS_START[class] + number]; a class's least member first. */
export let VEC_BY: StaticArray<i32> = new StaticArray<i32>(1);
export let CLS_START: StaticArray<i32> = new StaticArray<i32>(2);
/** Per class: its members' total excess. */
export let CLS_SUM: StaticArray<i32> = new StaticArray<i32>(1);
export let nCls: i32 = 1;

/** Per side: 1 when its in-layer steps need no check by the generator (gsSetup). */
export const PLAIN_STEPS = new StaticArray<i32>(2);
/**
 * Per side: 1 when the generator gives that side nothing but placements while it has a piece in hand
 * (movegen/hunt.ts generateHunt: every side; generateFast, the Bagh Chal profile: side 0 only).
 */
export const HAND_PLACES_ONLY = new StaticArray<i32>(2);
/**
 * Per side: 1 when its in-layer steps need no check by the generator in a layer without stacks (PLAIN_STEPS but for the
 * stack rules, which then restrict nothing).
 */
export const PLAIN_UNSTACKED = new StaticArray<i32>(2);
export let tot0: i32 = 0,
  tot1: i32 = 0,
  hs0: i32 = 0,
  hs1: i32 = 0;
export let cmax0: i32 = 0,
  cmax1: i32 = 0;

// hunter-set orbits per hunter count k (built on first use)
export const ORB_READY = new StaticArray<i32>(65);
export const ORBITS_K = new StaticArray<i32>(65);
export const ORBIT_OF_K = new StaticArray<usize>(65); // i32 per set rank
export const SYMS_OF_K = new StaticArray<usize>(65); // u8 per set rank
export const REP_K = new StaticArray<usize>(65); // u64 per orbit
const COMP_K = new StaticArray<usize>(65); // i8 per (orbit, point): free number, -1 for a hunter point
export const FREE_K = new StaticArray<usize>(65); // i8 per (orbit, q): the q-th free point

// @ts-ignore: decorator
@inline export function bin(n: i32, k: i32): f64 {
  return k < 0 || n < 0 || k > n ? 0 : ld(BIN, n * 65 + k);
}

/** C(n, k) as integers (exact: C(64, 32) < 2^64): BIN64[n * 65 + k], for the ranks (rankUnder). */
export const BIN64 = new StaticArray<u64>(65 * 65);

/**
 * The colex rank of set `b`'s points among the points of `mask` (b within mask), slotOf's inner loop
 * and the solver's hottest: each point of b adds C(its index among mask's points, its index among b's
 * + 1), summed as integers from BIN64 (34 KB, which stays in the cache; byte-at-a-time tables of 1 MB
 * read at random, which this replaced, did not in a solve).
 */
// @ts-ignore: decorator
@inline export function rankUnder(b: u64, mask: u64): f64 {
  let r: u64 = 0,
    j = 1;
  for (let x = b; x != 0; x &= x - 1) {
    r += ld(BIN64, <i32>popcnt(mask & ((x & (~x + 1)) - 1)) * 65 + j);
    j++;
  }
  return <f64>r;
}

// @ts-ignore: decorator
@inline export function mapSet(s: i32, b: u64): u64 {
  if (s == 0) return b;
  const base = s * 2048;
  let m: u64 = 0;
  for (let c = 0; c < 8 && b != 0; c++) {
    m |= ld(GMAP, base + c * 256 + <i32>(b & 255));
    b >>= 8;
  }
  return m;
}

/** Colex rank of a set (points ascending). */
export function rankOf(b: u64): f64 {
  let r: f64 = 0;
  let i = 1;
  for (let m = b; m != 0; m &= m - 1) {
    r += bin(<i32>ctz(m), i);
    i++;
  }
  return r;
}

/** The image of stack vector `code` under symmetry s, digit by digit. */
export function vecImageOf(s: i32, code: i32): i32 {
  let out = 0;
  for (let i = 0; i < nStack; i++) out += ((code / ld(SW, i)) % (ld(SMAX, i) + 1)) * ld(SW, ld(SPERM, s * 8 + i));
  return out;
}
/**
 * VIMG[s * vRadix + code] = vecImageOf(s, code), built by gsSetup where it holds at most 2^18 entries (vRadix 0: not
 * built).
 */
export let VIMG = new StaticArray<i32>(1);
export let vRadix = 0;

// @ts-ignore: decorator
@inline export function vecImage(s: i32, code: i32): i32 {
  if (s == 0 || nStack == 0) return code;
  return vRadix != 0 ? ld(VIMG, s * vRadix + code) : vecImageOf(s, code);
}

/** The points (as a set) that stack vector `code` stacks on. */
export function stackSet(code: i32): u64 {
  let b: u64 = 0;
  for (let m = ld(VEC_PTS, code); m != 0; m &= m - 1) b |= (<u64>1) << (<u64>ld(SPT, ctz(m)));
  return b;
}

/** Builds the hunter-set orbits for k hunters (once). False if there are too many sets. */
export function orbitsFor(k: i32): bool {
  if (ld(ORB_READY, k)) return true;
  const setsF = bin(nPoints, k);
  if (setsF > <f64>MAX_SETS) {
    error = ERR_SETUP;
    return false;
  }
  const sets = <i32>setsF;
  const orbitOf = heap.alloc(<usize>max(sets, 1) * 4),
    symsOf = heap.alloc(<usize>max(sets, 1));
  // enumerate k-subsets in colex order (rank order): Gosper's hack on u64
  let n = 0;
  const reps = heap.alloc(<usize>max(sets, 1) * 8);
  if (k == 0) {
    store<i32>(orbitOf, 0);
    store<u8>(symsOf, <u8>(((1 << nSym) - 1) as i32));
    store<u64>(reps, 0);
    n = 1;
  } else {
    let b: u64 = k == 64 ? 0xffffffffffffffff : ((<u64>1) << (<u64>k)) - 1;
    for (let i = 0; i < sets; i++) {
      let least = b;
      for (let s = 1; s < nSym; s++) {
        const m = mapSet(s, b);
        if (m < least) least = m;
      }
      let mask = 0;
      for (let s = 0; s < nSym; s++) if (mapSet(s, b) == least) mask |= 1 << s;
      store<u8>(symsOf + <usize>i, <u8>mask);
      if (least == b) {
        store<i32>(orbitOf + ((<usize>i) << 2), n);
        store<u64>(reps + ((<usize>n) << 3), b);
        n++;
      } else store<i32>(orbitOf + ((<usize>i) << 2), <i32>load<i32>(orbitOf + ((<usize>(<i32>rankOf(least))) << 2)));
      if (i + 1 < sets) {
        const c = b & (~b + 1),
          r = b + c;
        b = (((r ^ b) >> 2) / c) | r;
      }
    }
  }
  const comp = heap.alloc(<usize>n * 64),
    free = heap.alloc(<usize>n * 64);
  for (let o = 0; o < n; o++) {
    const rep = load<u64>(reps + ((<usize>o) << 3));
    let q = 0;
    for (let p = 0; p < 64; p++) {
      if (p < nPoints && !((rep >> (<u64>p)) & 1)) {
        store<i8>(comp + <usize>(o * 64 + p), <i8>q);
        store<i8>(free + <usize>(o * 64 + q), <i8>p);
        q++;
      } else store<i8>(comp + <usize>(o * 64 + p), -1);
    }
  }
  st(ORBIT_OF_K, k, orbitOf);
  st(SYMS_OF_K, k, symsOf);
  st(REP_K, k, reps);
  st(COMP_K, k, comp);
  st(FREE_K, k, free);
  st(ORBITS_K, k, n);
  st(ORB_READY, k, 1);
  return true;
}
