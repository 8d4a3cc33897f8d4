// The generic retrograde solver (DESIGN.md "Tablebases and solving"; issue 20): any hunt-family game
// of at most 64 points, whatever its RuleSet says. No variant id: the host hands over the board's
// symmetries, the points where stacks may stand (a stack never grows in the hunt family: pieces only
// step, jump or are placed onto empty points), each side's total and start hand, and then solves layer
// by layer.
//
// LAYERS. A layer is what never comes back: (side 0 captured, side 1 captured, side 0 in hand, side 1
// in hand, the class of the stack vector). The stack vector is the excess (pieces beyond one) on each
// stack point, its total E the pieces on the board beyond one a point; no stack changes inside a layer
// (a stack never grows, and a step off one or a capture from one lowers E), so the vector itself never
// does up to the symmetries, and a layer holds one symmetry class of vectors (their orbit under SPERM:
// a position is stored in a frame whose vector is any member). Classes are numbered by total, then by
// least member code: without stacks there is one class (0), and where every total has one class (one
// stack point) the class is E, so those games' keys, slots and files are what they were when the layers
// were by total. Every move that changes a coordinate (a capture, a placement, a step off a stack)
// leads to a layer with more progress (c0 + c1 - h0 - h1 - E greater), solved before; a layer needs only
// the layers its moves lead to. Inside a layer the only moves are steps of a single piece onto an empty
// point.
//
// INDEX of a layer (both sides to move):
//
//   slot = side * perSide + orbit * perOrbit + ((block(vec) + rank(P)) * lastF + last) * stallF + stall
//
//   orbit: the symmetry class of the hunters' (side 1's) point set H of n1 points (its representative
//     is the class's least member); vec: the stack vector (excess per stack point, sum E), one of the
//     layer's class, each member a block (in ascending code order); rank(P): the colex rank of side
//     0's pieces that the vector does not stack, among the F = N - n1 points the representative leaves
//     free less the vector's stacks (a block holds C(F - s, n0 - s) placements, s = the points the
//     vector stacks); last: 0 for none, else 1 + the rank of the noSameTwice side's last point among
//     that side's points (lastF = that side's points + 1, or 1 without the rule); stall: the stall
//     counter (stallF = the stall limit, or 1 without it).
//   A position is stored in its canonical frame: among the symmetries that map H to the
//   representative, the one giving the least (P, vec, last) tuple. Other images of hunter sets with a
//   non-trivial stabiliser, and combinations the rules exclude (a stack on a point of the other side, a
//   last point off its side), are UNUSED slots.
//
// VALUES (u16 per slot): 0 draw (neither side forces a win: a cycle, the draw3 reading of RULES.md §0),
// 1 + 2d the side to move wins in d plies, 2 + 2d it loses in d plies (the winner hurries, the loser
// delays; d = 0: the game is over, e.g. the giant's escape after a dwarf move is a win in 0 for the
// giant to move, a side with no move a loss in 0), 0xFFFF unused. While a layer is solved, an
// unresolved slot may hold 0x8000 | m (m = the longest loss through moves that leave the layer).
//
// ALGORITHM (retrograde analysis with successor counters). Pass 1 visits every slot: it sets the
// position in the core, generates its moves (the core's own generator: every rule primitive is the
// core's), and sorts each successor: decided at once (a static result), in a solved layer (its stored
// value), or in this layer (counted once per distinct canonical slot). A win through a move that leaves
// the layer is queued at its level; a draw through one blocks the loss. Then level by level: a position
// resolved as a loss in L makes each predecessor a win in L + 1; resolved as a win in L, it decrements
// each predecessor's counter, and a counter reaching 0 makes a loss in max(L + 1, m). Predecessors come
// from un-stepping one piece of the side that moved (with every extra state that could have led here)
// and are each checked by the core's generator: the step must be legal there and lead exactly here, so
// no rule (interventions, the stack rule, the last point, placing before stepping) is re-implemented;
// only a side whose steps nothing but their directions restricts (PLAIN_STEPS) is checked by direction
// alone. What is never resolved is a draw. The host runs a layer in steps (gsBegin, gsStep) so that it
// can report progress and answer signals between them.
//
// EXIT PASSES (a layer whose direct successors do not fit in memory beside it). Pass 1 then comes in
// two kinds. An exit pass (gsCover the layers it reads, gsExitBegin, gsStep to 0), one per group of
// successor layers attached, visits every slot and, for each used, undecided one, folds the values of
// its moves into the attached layers declared by gsCover into the slot's exit summary: bestWin (the
// least d + 1 over successors lost in d), block (a successor drawn), maxLoss (the greatest d + 1 over
// successors won in d). Moves within the layer, decided moves and moves into other layers are left to
// other passes; folding is a min, an or and a max, so a successor read twice changes nothing. Between
// passes the summary lives in the layer's own memory: the counter holds bestWin | block << 15 (bestWin
// 0 = none, else 1..MAX_DIST + 1 = 16384 < 2^15) and the value PENDING | maxLoss (0..16384 < 2^15: the
// same code as an unresolved slot's m), an unused slot UNUSED and a decided one its value (the first
// exit pass writes these; later ones skip such slots without decoding them). The final pass is pass 1
// as above with the summary as its start: moves into a layer an exit pass read are skipped, moves into
// a layer attached now are read (the last group is read here, not by an exit pass of its own), and a
// move into any other layer is ERR_MISSING, never a wrong value. The counts, queues and values come out
// as in one pass (the same files, byte for byte).
import { ld, st, word, fromWords, nonEmpty } from '../bits';
import { nPoints, STEP, RANK, NB } from '../board';
import * as pos from '../position';
import { generate } from '../movegen/index';
import { MOVES, CAPS, scratchBase } from '../movelist';
import { moveKind, moveFrom, moveTo, KIND_STEP } from '../move';
import {
  noSameTwiceSide,
  stallSide,
  stallLimit,
  escapeSide,
  compulsory,
  family,
  FAMILY_HUNT,
  fast,
  capture0,
  capture1,
  CAP_INTERVENTION,
  stacks0,
  stacks1,
  dispersal0,
  dispersal1,
  stepMask0,
  stepMask1,
} from '../rules';
import { resultWinner } from '../position';

/** Progress of the layer being solved: pass 1 (slots done of total) or 2 (resolved so far, level). */
@external("env", "tbProgress") declare function hostProgress(pass: i32, done: f64, total: f64): void;

export const UNUSED: u16 = 0xffff;
const PENDING: u16 = 0x8000;
/** Longest distance a value holds (plies). */
export const MAX_DIST: i32 = 16383;
/** Most stack points. */
const MAX_STACK_POINTS: i32 = 8;
/** Most hunter-set ranks per hunter count (C(N, k)). */
const MAX_SETS: i32 = 1 << 22;
/** Most layers (the product of the layer coordinates' ranges). */
const MAX_LAYER_KEYS: i32 = 1 << 16;

// ---- errors the host names (gsError) ----
export const ERR_NONE: i32 = 0;
export const ERR_SETUP: i32 = 1; // bad setup (board too big, too many stack points, index too big)
export const ERR_MISSING: i32 = 2; // a successor's layer is not in memory
export const ERR_LEVEL: i32 = 3; // a distance beyond MAX_DIST
export const ERR_MEMORY: i32 = 4; // the module's memory ran out
export const ERR_WIDTH: i32 = 5; // the wide build (more than 64 points)
let error: i32 = 0;
export function gsError(): i32 {
  return error;
}

// ---- setup: symmetries, stack points, totals ----
/** Host input: symmetries (GSYM_IN[s * 64 + p] = image of p), then nothing else: counts come as arguments. */
export const GSYM_IN = new StaticArray<i8>(8 * 64);
/** Host input: stack points and each one's greatest excess (start count - 1), MAX_STACK_POINTS each. */
export const GSTACK_IN = new StaticArray<i32>(2 * MAX_STACK_POINTS);

let nSym: i32 = 1;
/** Bitboard images by byte: GMAP[(s * 8 + chunk) * 256 + byte]. */
const GMAP = new StaticArray<u64>(8 * 8 * 256);
/** C(n, k) for n <= 64, k <= 64: BIN[n * 65 + k] (f64 exact below 2^53). */
const BIN = new StaticArray<f64>(65 * 65);

let nStack: i32 = 0,
  stackSide: i32 = 0;
const SPT = new StaticArray<i32>(MAX_STACK_POINTS);
const SMAX = new StaticArray<i32>(MAX_STACK_POINTS);
/** SPERM[s * 8 + i] = j: symmetry s maps stack point i to stack point j. */
const SPERM = new StaticArray<i32>(8 * MAX_STACK_POINTS);
/** Mixed-radix weights of the stack vector code (excess_i * SW[i]). */
const SW = new StaticArray<i32>(MAX_STACK_POINTS + 1);
/**
 * The stack vectors' symmetry classes (a layer's last coordinate): the orbits of the codes under the
 * symmetries (SPERM), numbered by total, then by least member code (one class a total when every
 * total has one, e.g. a single stack point: class == total). Per code: its class, its number among
 * the class's members (ascending codes), the total.
 */
let VEC_CLS: StaticArray<i32> = new StaticArray<i32>(1);
let VEC_NUM: StaticArray<i32> = new StaticArray<i32>(1);
let VEC_SUM: StaticArray<i32> = new StaticArray<i32>(1);
/** Per code: the stack points it stacks on (bit i = stack point i has excess > 0). */
let VEC_PTS: StaticArray<i32> = new StaticArray<i32>(1);
/** Codes by (class, number): VEC_BY[CLS_START[class] + number]; a class's least member first. */
let VEC_BY: StaticArray<i32> = new StaticArray<i32>(1);
let CLS_START: StaticArray<i32> = new StaticArray<i32>(2);
/** Per class: its members' total excess. */
let CLS_SUM: StaticArray<i32> = new StaticArray<i32>(1);
let nCls: i32 = 1;

/** Per side: 1 when its in-layer steps need no check by the generator (gsSetup). */
const PLAIN_STEPS = new StaticArray<i32>(2);
/**
 * Per side: 1 when the generator gives that side nothing but placements while it has a piece in hand
 * (movegen/hunt.ts generateHunt: every side; generateFast, the Bagh Chal profile: side 0 only).
 */
const HAND_PLACES_ONLY = new StaticArray<i32>(2);
/**
 * Per side: 1 when its in-layer steps need no check by the generator in a layer without stacks (PLAIN_STEPS but for the
 * stack rules, which then restrict nothing).
 */
const PLAIN_UNSTACKED = new StaticArray<i32>(2);
let tot0: i32 = 0,
  tot1: i32 = 0,
  hs0: i32 = 0,
  hs1: i32 = 0;
let cmax0: i32 = 0,
  cmax1: i32 = 0;

// hunter-set orbits per hunter count k (built on first use)
const ORB_READY = new StaticArray<i32>(65);
const ORBITS_K = new StaticArray<i32>(65);
const ORBIT_OF_K = new StaticArray<usize>(65); // i32 per set rank
const SYMS_OF_K = new StaticArray<usize>(65); // u8 per set rank
const REP_K = new StaticArray<usize>(65); // u64 per orbit
const COMP_K = new StaticArray<usize>(65); // i8 per (orbit, point): free number, -1 for a hunter point
const FREE_K = new StaticArray<usize>(65); // i8 per (orbit, q): the q-th free point

// @ts-ignore: decorator
@inline function bin(n: i32, k: i32): f64 {
  return k < 0 || n < 0 || k > n ? 0 : ld(BIN, n * 65 + k);
}

/** C(n, k) as integers (exact: C(64, 32) < 2^64): BIN64[n * 65 + k], for the ranks (rankUnder). */
const BIN64 = new StaticArray<u64>(65 * 65);

/**
 * The colex rank of set `b`'s points among the points of `mask` (b within mask), slotOf's inner loop
 * and the solver's hottest: each point of b adds C(its index among mask's points, its index among b's
 * + 1), summed as integers from BIN64 (34 KB, which stays in the cache; byte-at-a-time tables of 1 MB
 * read at random, which this replaced, did not in a solve).
 */
// @ts-ignore: decorator
@inline function rankUnder(b: u64, mask: u64): f64 {
  let r: u64 = 0,
    j = 1;
  for (let x = b; x != 0; x &= x - 1) {
    r += ld(BIN64, <i32>popcnt(mask & ((x & (~x + 1)) - 1)) * 65 + j);
    j++;
  }
  return <f64>r;
}

// @ts-ignore: decorator
@inline function mapSet(s: i32, b: u64): u64 {
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
function rankOf(b: u64): f64 {
  let r: f64 = 0;
  let i = 1;
  for (let m = b; m != 0; m &= m - 1) {
    r += bin(<i32>ctz(m), i);
    i++;
  }
  return r;
}

/**
 * Sets up the solver for the board and rules already loaded: `syms` symmetries in GSYM_IN (identity
 * first; the host keeps only those the rules allow), `stackPoints` entries of GSTACK_IN (point, greatest
 * excess) of side `sSide`, each side's total of pieces and start hand, and the captures at which a side
 * has lost (0 = none; layers hold fewer). Returns 0, or -1 (gsError names why).
 */
export function gsSetup(
  syms: i32,
  stackPoints: i32,
  sSide: i32,
  total0: i32,
  total1: i32,
  hand0: i32,
  hand1: i32,
  capMax0: i32,
  capMax1: i32,
): i32 {
  error = 0;
  if (!isInteger<Bits>()) {
    error = ERR_WIDTH;
    return -1;
  }
  if (nPoints > 64 || syms < 1 || syms > 8 || stackPoints < 0 || stackPoints > MAX_STACK_POINTS) {
    error = ERR_SETUP;
    return -1;
  }
  for (let n = 0; n <= 64; n++)
    for (let k = 0; k <= 64; k++) {
      let v: f64 = 0;
      if (k == 0) v = 1;
      else if (n > 0 && k <= n) v = ld(BIN, (n - 1) * 65 + k - 1) + ld(BIN, (n - 1) * 65 + k);
      st(BIN, n * 65 + k, v);
      st<u64>(
        BIN64,
        n * 65 + k,
        k == 0 ? 1 : n > 0 && k <= n ? ld(BIN64, (n - 1) * 65 + k - 1) + ld(BIN64, (n - 1) * 65 + k) : 0,
      );
    }
  nSym = syms;
  for (let s = 0; s < syms; s++)
    for (let c = 0; c < 8; c++)
      for (let b = 0; b < 256; b++) {
        let m: u64 = 0;
        for (let j = 0; j < 8; j++) {
          const p = c * 8 + j;
          if (p < nPoints && (b >> j) & 1) m |= (<u64>1) << (<u64>ld(GSYM_IN, s * 64 + p));
        }
        st(GMAP, (s * 8 + c) * 256 + b, m);
      }
  nStack = stackPoints;
  stackSide = sSide;
  freeKey = -1;
  let radix = 1;
  for (let i = 0; i < nStack; i++) {
    st(SPT, i, ld(GSTACK_IN, 2 * i));
    st(SMAX, i, ld(GSTACK_IN, 2 * i + 1));
    st(SW, i, radix);
    radix *= ld(SMAX, i) + 1;
    if (radix > 1 << 20 || ld(SMAX, i) < 1) {
      error = ERR_SETUP;
      return -1;
    }
  }
  st(SW, nStack, radix);
  for (let s = 0; s < syms; s++)
    for (let i = 0; i < nStack; i++) {
      const img = <i32>ld(GSYM_IN, s * 64 + ld(SPT, i));
      let j = -1;
      for (let t = 0; t < nStack; t++) if (ld(SPT, t) == img) j = t;
      if (j < 0 || ld(SMAX, j) != ld(SMAX, i)) {
        error = ERR_SETUP;
        return -1;
      }
      st(SPERM, s * 8 + i, j);
    }
  // the vectors' images by table (slotOf reads them for every successor: the digits cost divisions)
  vRadix = 0;
  if (syms * radix <= 1 << 18) {
    VIMG = new StaticArray<i32>(syms * radix);
    for (let s = 0; s < syms; s++)
      for (let code = 0; code < radix; code++) st(VIMG, s * radix + code, vecImageOf(s, code));
    vRadix = radix;
  }
  // the stack vectors' classes: orbits under the symmetries (union of each code with its images)
  let emax = 0;
  for (let i = 0; i < nStack; i++) emax += ld(SMAX, i);
  VEC_CLS = new StaticArray<i32>(radix);
  VEC_NUM = new StaticArray<i32>(radix);
  VEC_SUM = new StaticArray<i32>(radix);
  VEC_BY = new StaticArray<i32>(radix);
  VEC_PTS = new StaticArray<i32>(radix);
  const root = new StaticArray<i32>(radix);
  for (let code = 0; code < radix; code++) {
    let sum = 0;
    let pts = 0;
    for (let i = 0; i < nStack; i++) {
      const x = (code / ld(SW, i)) % (ld(SMAX, i) + 1);
      sum += x;
      if (x > 0) pts |= 1 << i;
    }
    st(VEC_SUM, code, sum);
    st(VEC_PTS, code, pts);
    st(root, code, code);
  }
  for (let code = 0; code < radix; code++)
    for (let s = 1; s < syms; s++) {
      let a = code,
        b = vecImage(s, code);
      while (ld(root, a) != a) a = ld(root, a);
      while (ld(root, b) != b) b = ld(root, b);
      if (a < b) st(root, b, a);
      else if (b < a) st(root, a, b);
    }
  // numbered by total, then by least member (each root is its class's least code): codes ascending
  for (let code = 0; code < radix; code++) st(VEC_CLS, code, -1);
  nCls = 0;
  for (let e = 0; e <= emax; e++)
    for (let code = 0; code < radix; code++) {
      if (ld(VEC_SUM, code) != e) continue;
      let r = code;
      while (ld(root, r) != r) r = ld(root, r);
      if (r == code) st(VEC_CLS, code, nCls++);
    }
  CLS_START = new StaticArray<i32>(nCls + 1);
  CLS_SUM = new StaticArray<i32>(max(nCls, 1));
  for (let code = 0; code < radix; code++) {
    let r = code;
    while (ld(root, r) != r) r = ld(root, r);
    const c = ld(VEC_CLS, r);
    st(VEC_CLS, code, c);
    st(CLS_SUM, c, ld(VEC_SUM, code));
    st(CLS_START, c + 1, ld(CLS_START, c + 1) + 1);
  }
  for (let c = 1; c <= nCls; c++) st(CLS_START, c, ld(CLS_START, c) + ld(CLS_START, c - 1));
  const fill = new StaticArray<i32>(nCls);
  for (let code = 0; code < radix; code++) {
    const c = ld(VEC_CLS, code),
      n = ld(fill, c);
    st(VEC_NUM, code, n);
    st(VEC_BY, ld(CLS_START, c) + n, code);
    st(fill, c, n + 1);
  }
  tot0 = total0;
  tot1 = total1;
  hs0 = hand0;
  hs1 = hand1;
  cmax0 = capMax0;
  cmax1 = capMax1;
  // a side whose steps no rule but the step directions restricts: every un-step along them is a legal
  // step back (no capture by intervention, no last point, no stacks, no compulsory capture, no escape
  // deciding the position before it, and, checked per layer, no pieces in hand); its predecessors need
  // no check by the generator
  for (let side = 0; side < 2; side++) {
    const unstacked =
      family == FAMILY_HUNT &&
      !compulsory &&
      escapeSide < 0 &&
      noSameTwiceSide != side &&
      (side == 0 ? capture0 : capture1) != CAP_INTERVENTION;
    st(PLAIN_UNSTACKED, side, unstacked ? 1 : 0);
    st(PLAIN_STEPS, side, unstacked && !(side == 0 ? stacks0 || dispersal0 : stacks1 || dispersal1) ? 1 : 0);
    st(HAND_PLACES_ONLY, side, family == FAMILY_HUNT && (!fast || side == 0) ? 1 : 0);
  }
  for (let k = 0; k <= 64; k++) st(ORB_READY, k, 0);
  return 0;
}

/** Builds the hunter-set orbits for k hunters (once). False if there are too many sets. */
function orbitsFor(k: i32): bool {
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

// ---- layers ----
// Layer key: ((((c0 * (cmax1 + 1) + c1) * (hs0 + 1) + h0) * (hs1 + 1) + h1) * nCls + cls), cls the stack
// vector's class (its total E when every total has one class).
let LAYER_VALUES: StaticArray<usize> = new StaticArray<usize>(1);
/** Per layer key: hunters on the board (n1), side 0's points (n0), perSide; -1 when impossible. */
let LAYER_N0: StaticArray<i32> = new StaticArray<i32>(1);
let LAYER_N1: StaticArray<i32> = new StaticArray<i32>(1);
let LAYER_PER: StaticArray<f64> = new StaticArray<f64>(1);
/**
 * Per layer key: slots per hunter orbit (the stack vectors' blocks x lastF x stallF), and where its block offsets start
 * in VOFF.
 */
let LAYER_PERORBIT: StaticArray<f64> = new StaticArray<f64>(1);
let LAYER_VOFF: StaticArray<i32> = new StaticArray<i32>(1);
/**
 * Block offsets of the stack vectors, per layer: VOFF[LAYER_VOFF[key] + v] = the slots (in units of
 * lastF * stallF) before vector v's block; with side 0 stacking, v's block holds the C(F - s, n0 - s)
 * placements of side 0's pieces off its s stacked points.
 */
let VOFF: StaticArray<f64> = new StaticArray<f64>(1);
let layerKeys: i32 = 0;

// @ts-ignore: decorator
@inline function layerKey(c0: i32, c1: i32, h0: i32, h1: i32, cls: i32): i32 {
  return (((c0 * (cmax1 + 1) + c1) * (hs0 + 1) + h0) * (hs1 + 1) + h1) * nCls + cls;
}

/**
 * Numbers the layers: returns how many layer keys there are (the product of the coordinates' ranges;
 * gsLayerInfo says which are possible and how big), or -1. Call after gsSetup.
 */
export function gsLayers(): i32 {
  const n = (cmax0 + 1) * (cmax1 + 1) * (hs0 + 1) * (hs1 + 1) * nCls;
  if (n > MAX_LAYER_KEYS) {
    error = ERR_SETUP;
    return -1;
  }
  layerKeys = n;
  LAYER_VALUES = new StaticArray<usize>(n);
  LAYER_N0 = new StaticArray<i32>(n);
  LAYER_N1 = new StaticArray<i32>(n);
  LAYER_PER = new StaticArray<f64>(n);
  LAYER_PERORBIT = new StaticArray<f64>(n);
  LAYER_VOFF = new StaticArray<i32>(n);
  COVER = new StaticArray<u8>(n);
  // each class's members and one more offset (the end) per layer: the codes and the classes over all
  VOFF = new StaticArray<f64>((n / nCls) * (ld(CLS_START, nCls) + nCls));
  let at = 0;
  for (let c0 = 0; c0 <= cmax0; c0++)
    for (let c1 = 0; c1 <= cmax1; c1++)
      for (let h0 = 0; h0 <= hs0; h0++)
        for (let h1 = 0; h1 <= hs1; h1++)
          for (let cls = 0; cls < nCls; cls++) {
            const key = layerKey(c0, c1, h0, h1, cls),
              e = ld(CLS_SUM, cls);
            const n0 = tot0 - c0 - h0 - (stackSide == 0 ? e : 0),
              n1 = tot1 - c1 - h1 - (stackSide == 1 ? e : 0);
            let per: f64 = -1,
              perOrbit: f64 = 0;
            st(LAYER_VOFF, key, at);
            if (n0 >= 0 && n1 >= 0 && n0 + n1 <= nPoints && orbitsFor(n1)) {
              const lastF = noSameTwiceSide < 0 ? 1 : (noSameTwiceSide == 0 ? n0 : n1) + 1;
              const stallF = stallSide < 0 ? 1 : stallLimit;
              const own = stackSide == 0 ? n0 : n1,
                F = nPoints - n1;
              // side 0's pieces are placed among the free points; a stacked point is one of the stacking side's
              let blocks: f64 = 0;
              for (let v = ld(CLS_START, cls); v < ld(CLS_START, cls + 1); v++) {
                st(VOFF, at++, blocks);
                const sv = <i32>popcnt(ld(VEC_PTS, ld(VEC_BY, v)));
                blocks += stackSide == 0 ? bin(F - sv, n0 - sv) : sv <= own ? bin(F, n0) : 0;
              }
              st(VOFF, at++, blocks);
              perOrbit = blocks * <f64>lastF * <f64>stallF;
              per = <f64>ld(ORBITS_K, n1) * perOrbit;
            }
            if (error != 0) return -1;
            st(LAYER_N0, key, n0);
            st(LAYER_N1, key, n1);
            st(LAYER_PER, key, per);
            st(LAYER_PERORBIT, key, perOrbit);
            st<usize>(LAYER_VALUES, key, 0);
          }
  return n;
}

/** Slots per side of layer `key` (-1 if the layer cannot exist). */
export function gsLayerPerSide(key: i32): f64 {
  return key >= 0 && key < layerKeys ? ld(LAYER_PER, key) : -1;
}
/**
 * The key of the layer (side 0 captured, side 1 captured, side 0 in hand, side 1 in hand, stack vector
 * class `cls`: gsClasses), or -1 if a coordinate is out of range.
 */
export function gsLayerKey(c0: i32, c1: i32, h0: i32, h1: i32, cls: i32): i32 {
  if (
    c0 < 0 ||
    c0 > cmax0 ||
    c1 < 0 ||
    c1 > cmax1 ||
    h0 < 0 ||
    h0 > hs0 ||
    h1 < 0 ||
    h1 > hs1 ||
    cls < 0 ||
    cls >= nCls
  )
    return -1;
  return layerKey(c0, c1, h0, h1, cls);
}

// ---- the stack vectors' classes (after gsSetup) ----
// A stack vector is given by its code: the excess x_i of each stack point i (in GSTACK_IN's order,
// 0..greatest excess) as sum x_i * W_i, W_0 = 1, W_(i+1) = W_i * (greatest excess of i + 1).

/**
 * How many symmetry classes of stack vectors there are (1 without stacks): a layer key's last coordinate ranges over
 * 0..gsClasses() - 1.
 */
export function gsClasses(): i32 {
  return nCls;
}
/** The total excess (pieces on the stack points beyond one a point) of class `c`'s vectors; -1 for no such class. */
export function gsClassSum(c: i32): i32 {
  return c >= 0 && c < nCls ? ld(CLS_SUM, c) : -1;
}
/** How many vectors class `c` holds (its images under the symmetries); 0 for no such class. */
export function gsClassSize(c: i32): i32 {
  return c >= 0 && c < nCls ? ld(CLS_START, c + 1) - ld(CLS_START, c) : 0;
}
/** The code of class `c`'s i-th vector (ascending codes: i = 0 is its least); -1 out of range. */
export function gsClassMember(c: i32, i: i32): i32 {
  return c >= 0 && c < nCls && i >= 0 && i < ld(CLS_START, c + 1) - ld(CLS_START, c)
    ? ld(VEC_BY, ld(CLS_START, c) + i)
    : -1;
}
/** The class of the vector with code `code`; -1 for a code out of range. */
export function gsVecClass(code: i32): i32 {
  return code >= 0 && code < ld(SW, nStack) ? ld(VEC_CLS, code) : -1;
}
/** The excess on stack point `i` (GSTACK_IN's order) of the vector with code `code`; -1 out of range. */
export function gsStackExcess(code: i32, i: i32): i32 {
  return code >= 0 && code < ld(SW, nStack) && i >= 0 && i < nStack ? (code / ld(SW, i)) % (ld(SMAX, i) + 1) : -1;
}
/** Gives layer `key` its values (2 * perSide u16 at `ptr`, allocated by gsAlloc), or forgets them (0). */
export function gsAttach(key: i32, ptr: usize): void {
  if (key >= 0 && key < layerKeys) st(LAYER_VALUES, key, ptr);
}
/** The values of layer `key` (0 when not in memory). */
export function gsValues(key: i32): usize {
  return key >= 0 && key < layerKeys ? ld(LAYER_VALUES, key) : 0;
}
/**
 * `bytes` of fresh memory (< 1 GiB), or 0 when the 4 GiB address space would run out. Never freed: the
 * host's pool (src/solve/layer-pool.ts) hands a layer's block to later layers once no layer still to
 * be solved needs it (gsAttach(key, 0) first, so that nothing reads it as that layer's values).
 */
export function gsAlloc(bytes: f64): usize {
  if (bytes <= 0 || bytes >= 1073741824) {
    error = ERR_MEMORY;
    return 0;
  }
  // the allocator's end, not memory.size(): the stub runtime doubles the memory when it grows, so the
  // memory may reach 4 GiB while half of it is still unused (a probe of 0 bytes costs one block header)
  const top = <f64>heap.alloc(0);
  if (top + bytes + 131072 > 4294967296.0) {
    error = ERR_MEMORY;
    return 0;
  }
  return heap.alloc(<usize>bytes);
}

// ---- the current layer ----
let cKey: i32 = -1,
  cC0: i32 = 0,
  cC1: i32 = 0,
  cH0: i32 = 0,
  cH1: i32 = 0,
  cCls: i32 = 0;
let cN0: i32 = 0,
  cN1: i32 = 0,
  cPer: f64 = 0,
  cVals: usize = 0;
let cF: i32 = 0,
  cPerOrbit: f64 = 0,
  cLastF: i32 = 1,
  cStallF: i32 = 1;

function selectLayer(key: i32): bool {
  if (key < 0 || key >= layerKeys || ld(LAYER_PER, key) < 0) return false;
  cKey = key;
  freeKey = -1;
  let r = key;
  cCls = r % nCls;
  r /= nCls;
  cH1 = r % (hs1 + 1);
  r /= hs1 + 1;
  cH0 = r % (hs0 + 1);
  r /= hs0 + 1;
  cC1 = r % (cmax1 + 1);
  r /= cmax1 + 1;
  cC0 = r;
  cN0 = ld(LAYER_N0, key);
  cN1 = ld(LAYER_N1, key);
  cPer = ld(LAYER_PER, key);
  cVals = ld(LAYER_VALUES, key);
  cF = nPoints - cN1;
  cPerOrbit = ld(LAYER_PERORBIT, key);
  cLastF = lastFOf(key);
  cStallF = stallSide < 0 ? 1 : stallLimit;
  return true;
}

// @ts-ignore: decorator
@inline function lastFOf(key: i32): i32 {
  return noSameTwiceSide < 0 ? 1 : (noSameTwiceSide == 0 ? ld(LAYER_N0, key) : ld(LAYER_N1, key)) + 1;
}

// scratch for decoding
let dH: u64 = 0,
  dP: u64 = 0,
  dVec: i32 = 0,
  dLast: i32 = -1,
  dStall: i32 = 0,
  dSide: i32 = 0;
const FREE_SCRATCH_I8 = new StaticArray<i8>(64);
/**
 * What FREE_SCRATCH_I8 holds (decode): the free points of layer freeKey's orbit freeOrbit less vector freeVec's stacks,
 * freeN of them (freeKey -1: nothing).
 */
let freeKey = -1,
  freeOrbit = -1,
  freeVec = -1,
  freeN = 0;

/** Stack vector code of the current core position (excess per stack point). */
function vecOfCore(): i32 {
  let code = 0;
  for (let i = 0; i < nStack; i++) {
    const c = <i32>ld(pos.CNT, ld(SPT, i));
    if (c > 1) code += (c - 1) * ld(SW, i);
  }
  return code;
}

/** The image of stack vector `code` under symmetry s, digit by digit. */
function vecImageOf(s: i32, code: i32): i32 {
  let out = 0;
  for (let i = 0; i < nStack; i++) out += ((code / ld(SW, i)) % (ld(SMAX, i) + 1)) * ld(SW, ld(SPERM, s * 8 + i));
  return out;
}
/**
 * VIMG[s * vRadix + code] = vecImageOf(s, code), built by gsSetup where it holds at most 2^18 entries (vRadix 0: not
 * built).
 */
let VIMG = new StaticArray<i32>(1);
let vRadix = 0;

// @ts-ignore: decorator
@inline function vecImage(s: i32, code: i32): i32 {
  if (s == 0 || nStack == 0) return code;
  return vRadix != 0 ? ld(VIMG, s * vRadix + code) : vecImageOf(s, code);
}

/** The points (as a set) that stack vector `code` stacks on. */
function stackSet(code: i32): u64 {
  let b: u64 = 0;
  for (let m = ld(VEC_PTS, code); m != 0; m &= m - 1) b |= (<u64>1) << (<u64>ld(SPT, ctz(m)));
  return b;
}

/**
 * The slot (within its side's half) of the position (h, p, vec, last, stall), given in any frame, in
 * layer `key`: the canonical image's orbit, then its stack vector's block, then the rank of side 0's
 * pieces that the vector does not stack (among the free points it leaves), then last and stall.
 */
function slotOf(key: i32, h: u64, p: u64, vec: i32, last: i32, stall: i32): f64 {
  const n1 = ld(LAYER_N1, key);
  const r = <i32>rankOf(h);
  const mask = <i32>load<u8>(ld(SYMS_OF_K, n1) + <usize>r);
  const orbit = load<i32>(ld(ORBIT_OF_K, n1) + ((<usize>r) << 2));
  // the least (P, vec, last) image among the symmetries that map h to the representative
  let bestS = ctz(mask);
  let bestP = mapSet(bestS, p);
  if ((mask & (mask - 1)) != 0) {
    let bestV = vecImage(bestS, vec);
    let bestL = last < 0 ? -1 : <i32>ld(GSYM_IN, bestS * 64 + last);
    for (let m = mask & (mask - 1); m != 0; m &= m - 1) {
      const s = ctz(m);
      const ip = mapSet(s, p);
      if (ip > bestP) continue;
      const iv = vecImage(s, vec);
      const il = last < 0 ? -1 : <i32>ld(GSYM_IN, s * 64 + last);
      if (ip < bestP || iv < bestV || (iv == bestV && il < bestL)) {
        bestS = s;
        bestP = ip;
        bestV = iv;
        bestL = il;
      }
    }
  }
  const code = vecImage(bestS, vec);
  // side 0's pieces not on a stack of the vector, numbered among the free points (those the orbit's
  // representative leaves) less those stacks: their colex rank under that mask
  const sset = stackSide == 0 ? stackSet(code) : 0;
  const rep = load<u64>(ld(REP_K, n1) + ((<usize>orbit) << 3));
  const all: u64 = nPoints == 64 ? 0xffffffffffffffff : ((<u64>1) << (<u64>nPoints)) - 1;
  const rp = rankUnder(bestP & ~sset, all & ~rep & ~sset);
  const lastF = lastFOf(key),
    stallF = stallSide < 0 ? 1 : stallLimit;
  let li = 0;
  if (lastF > 1 && last >= 0) {
    const il = <i32>ld(GSYM_IN, bestS * 64 + last);
    const own = noSameTwiceSide == 1 ? mapSet(bestS, h) : bestP;
    li = 1 + <i32>popcnt(own & (((<u64>1) << (<u64>il)) - 1));
  }
  const block = ld(VOFF, ld(LAYER_VOFF, key) + ld(VEC_NUM, code));
  return <f64>orbit * ld(LAYER_PERORBIT, key) + ((block + rp) * <f64>lastF + <f64>li) * <f64>stallF + <f64>stall;
}

/** The slot (both halves) of the core's current position in layer `key`, or -1 if that layer cannot hold it. */
function coreSlotIn(key: i32): f64 {
  const per = ld(LAYER_PER, key);
  if (per < 0) return -1;
  const n0 = ld(LAYER_N0, key),
    n1 = ld(LAYER_N1, key);
  const h = word(pos.hunters, 0),
    p = word(pos.prey, 0);
  if (<i32>popcnt(h) != n1 || <i32>popcnt(p) != n0 || (stallSide >= 0 && pos.stall >= stallLimit)) return -1;
  return <f64>pos.side * per + slotOf(key, h, p, vecOfCore(), pos.lastPt, pos.stall);
}

/** Layer key of the core's current position, or -1 (a count out of the layers' ranges, a stack beyond its start's). */
function coreLayerKey(): i32 {
  if (nStack == 0 && nonEmpty(pos.stacked)) return -1;
  let code = 0;
  for (let i = 0; i < nStack; i++) {
    const x = <i32>ld(pos.CNT, ld(SPT, i)) - 1;
    if (x > 0) {
      if (x > ld(SMAX, i)) return -1;
      code += x * ld(SW, i);
    }
  }
  return gsLayerKey(pos.captured, pos.captured1, pos.inHand, pos.hand1, ld(VEC_CLS, code));
}

/**
 * Decodes slot `local` of side `side`'s half of the current layer into dH, dP, dVec, dLast, dStall; false if unused.
 */
function decode(side: i32, local: f64): bool {
  // a layer's slots stay below 2^31 (the host's estimate refuses more): integer arithmetic
  const L = <u32>local,
    po = <u32>cPerOrbit;
  const orbit = <i32>(L / po);
  let w = L % po;
  // (no division where the rule is off: the factor is 1)
  dStall = 0;
  if (cStallF > 1) {
    dStall = <i32>(w % <u32>cStallF);
    w /= <u32>cStallF;
  }
  let li = 0;
  if (cLastF > 1) {
    li = <i32>(w % <u32>cLastF);
    w /= <u32>cLastF;
  }
  let rest = <f64>w;
  // the stack vector's block (among the class's members)
  const v0 = ld(CLS_START, cCls),
    nv = ld(CLS_START, cCls + 1) - v0,
    off = ld(LAYER_VOFF, cKey);
  let vnum = 0;
  while (vnum + 1 < nv && ld(VOFF, off + vnum + 1) <= rest) vnum++;
  rest -= ld(VOFF, off + vnum);
  dVec = ld(VEC_BY, v0 + vnum);
  dH = load<u64>(ld(REP_K, cN1) + ((<usize>orbit) << 3));
  const sset = stackSide == 0 ? stackSet(dVec) : 0;
  if ((sset & dH) != 0) return false;
  // the free points less the vector's stacks, in order (without stacks: the orbit's own list); the
  // list with stacks is kept for the next slot of the same orbit and vector (consecutive slots)
  let free = ld(FREE_K, cN1) + <usize>(orbit * 64);
  let nf = cF;
  if (sset != 0) {
    free = changetype<usize>(FREE_SCRATCH_I8);
    if (cKey == freeKey && orbit == freeOrbit && dVec == freeVec) nf = freeN;
    else {
      const from = ld(FREE_K, cN1) + <usize>(orbit * 64);
      nf = 0;
      for (let q = 0; q < cF; q++) {
        const pt = <i32>load<i8>(from + <usize>q);
        if (!((sset >> (<u64>pt)) & 1)) store<i8>(free + (nf++ as usize), <i8>pt);
      }
      freeKey = cKey;
      freeOrbit = orbit;
      freeVec = dVec;
      freeN = nf;
    }
  }
  let p: u64 = sset,
    q = nf - 1;
  const k = cN0 - <i32>popcnt(sset);
  if (k < 0) return false;
  // (q >= i - 1 >= 0 throughout: C(q, i) = 0 below, and rest >= 0, so BIN is read directly)
  for (let i = k; i >= 1; i--) {
    let b = ld(BIN, q * 65 + i);
    while (b > rest) {
      q--;
      b = ld(BIN, q * 65 + i);
    }
    rest -= b;
    p |= (<u64>1) << (<u64>load<i8>(free + <usize>q));
    q--;
  }
  dP = p;
  dSide = side;
  if (stackSide == 1) {
    for (let i = 0; i < nStack; i++)
      if ((dVec / ld(SW, i)) % (ld(SMAX, i) + 1) != 0 && !((dH >> (<u64>ld(SPT, i))) & 1)) return false;
  }
  dLast = -1;
  if (li > 0) {
    let set = noSameTwiceSide == 1 ? dH : dP;
    for (let j = 1; j < li && set != 0; j++) set &= set - 1;
    if (set == 0) return false;
    dLast = <i32>ctz(set);
  }
  // a hunter set with a non-trivial stabiliser: only the least image is used
  const r = <i32>rankOf(dH);
  const mask = <i32>load<u8>(ld(SYMS_OF_K, cN1) + <usize>r);
  if ((mask & (mask - 1)) != 0 && slotOf(cKey, dH, dP, dVec, dLast, dStall) != local) return false;
  return true;
}

/**
 * Sets the core's position to (h, p, vec, last, stall) with side `side` to move in the current layer; false if the
 * rules refuse it.
 */
function setCore(h: u64, p: u64, vec: i32, last: i32, stall: i32, side: i32): bool {
  if (last >= 0 && !(((noSameTwiceSide == 1 ? h : p) >> (<u64>last)) & 1)) return false;
  pos.setTrusted(fromWords(h, 0), fromWords(p, 0), side, cH0, cC0, cH1, cC1, last, stall);
  for (let i = 0; i < nStack; i++) {
    const x = (vec / ld(SW, i)) % (ld(SMAX, i) + 1);
    if (x > 0) pos.setCount(ld(SPT, i), 1 + x);
  }
  return true;
}

// ---- level buckets: chunked lists of u32 entries (bit 31: a win), chunks recycled ----
const CH: i32 = 8192;
const HEAD = new StaticArray<usize>(MAX_DIST + 2);
const TAIL = new StaticArray<usize>(MAX_DIST + 2);
const FILL = new StaticArray<i32>(MAX_DIST + 2);
let freeChunks: usize = 0;
let maxPushed: i32 = -1;
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

function push(L: i32, v: u32): void {
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
let counters: usize = 0,
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
@inline function val(s: i32): u16 {
  return load<u16>(cVals + ((<usize>s) << 1));
}
// @ts-ignore: decorator
@inline function setVal(s: i32, v: u16): void {
  store<u16>(cVals + ((<usize>s) << 1), v);
}
// @ts-ignore: decorator
@inline function resolved(v: u16): bool {
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
function setClear(): void {
  newStamp();
  setCount = 0;
  setBits = SET_MIN_BITS;
}
// @ts-ignore: decorator
@inline function setHash(t: i32): i32 {
  return <i32>((<u32>t * 0x9e3779b1) >> (<u32>(32 - setBits)));
}
/** True if slot t is in the set. */
function setHas(t: i32): bool {
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
function setAdd(t: i32): bool {
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
const LASTS = new StaticArray<i32>(65);

/**
 * Value (u16 code) of the core position just reached by a move of `mover`, when it is decided or in another layer; -1
 * if in this layer, -2 (in the final pass of a layer solved with exit passes) when its layer was read by an exit pass
 * (gsCover): already in the summary.
 */
function fixedValue(): i32 {
  if (pos.over != 0) return resultWinner(pos.over) == pos.side ? 1 : 2;
  const key = coreLayerKey();
  if (key == cKey) return -1;
  if (key < 0) {
    error = ERR_MISSING;
    return 0;
  }
  if (exitPasses > 0 && ld(COVER, key) == 2) return -2;
  const vals = ld(LAYER_VALUES, key);
  if (vals == 0) {
    error = ERR_MISSING;
    return 0;
  }
  const slot = coreSlotIn(key);
  if (slot < 0) {
    error = ERR_MISSING;
    return 0;
  }
  const v = load<u16>(vals + ((<usize>(<i32>slot)) << 1));
  if (v == UNUSED) {
    error = ERR_MISSING;
    return 0;
  }
  return <i32>v;
}

let statWins: f64 = 0,
  statLosses: f64 = 0,
  statDraws: f64 = 0,
  statUsed: f64 = 0;

// ---- exit passes (a layer whose successors are read in groups) ----
/**
 * Per layer key: 0, 1 declared by gsCover for the current layer, 2 declared and attached when an exit pass began
 * (read).
 */
let COVER: StaticArray<u8> = new StaticArray<u8>(1);
/** Exit passes begun for the current layer (0: the one-pass path). */
let exitPasses = 0;

/**
 * Declares that the exit pass about to begin (gsExitBegin) reads layer `key`: it must be attached (gsAttach,
 * solved) when that pass begins and stay so until it ends. In the final pass, a move into a layer read
 * by an exit pass is already in the slot's exit summary; a move into another layer that is not attached
 * then is ERR_MISSING. The list is reset by gsBegin. Returns 0, or -1 for a key out of range.
 */
export function gsCover(key: i32): i32 {
  if (key < 0 || key >= layerKeys || key == cKey) return -1;
  if (ld(COVER, key) == 0) st<u8>(COVER, key, 1);
  return 0;
}

/**
 * Starts an exit pass over the current layer (after gsBegin, before the final pass's first gsStep; then
 * gsStep until it returns 0, and another exit pass or the final pass): for each used, undecided slot it
 * folds the values of its moves into the attached layers declared by gsCover into the slot's exit
 * summary (EXIT PASSES in the header). Returns 0, or -1 (ERR_MISSING: no layer begun, or its final pass
 * has started).
 */
export function gsExitBegin(): i32 {
  if (cKey < 0 || cVals == 0 || !(phase == 1 && pSlot == 0)) {
    error = ERR_MISSING;
    return -1;
  }
  for (let k = 0; k < layerKeys; k++) if (ld(COVER, k) != 0 && ld(LAYER_VALUES, k) != 0) st<u8>(COVER, k, 2);
  exitPasses++;
  phase = 4;
  pSlot = 0;
  return 0;
}

/**
 * For an exit pass (the solver's or the verification's), the stored value (u16 code) of the core's
 * position just reached by a move, when that move stays in play and leads into a layer declared by
 * gsCover and in memory: UNUSED for a slot not in use (an error for the caller); -1 for any other move
 * (a decided position, this layer, a layer no exit pass reads, or one an earlier pass read and freed since).
 */
function exitValue(): i32 {
  if (pos.over != 0) return -1;
  const key = coreLayerKey();
  if (key < 0 || key == cKey || ld(COVER, key) == 0) return -1;
  const vals = ld(LAYER_VALUES, key);
  if (vals == 0) return -1;
  const slot = coreSlotIn(key);
  return slot < 0 ? <i32>UNUSED : <i32>load<u16>(vals + ((<usize>(<i32>slot)) << 1));
}

/** Exit pass for slot s (EXIT PASSES in the header). False on an error. */
function exitSlot(s: i32): bool {
  const per = <i32>cPer,
    base = scratchBase();
  const side = s >= per ? 1 : 0;
  const cp = counters + ((<usize>s) << 1);
  if (exitPasses == 1) {
    store<u16>(cp, 0);
    setVal(s, PENDING);
  } else {
    const v = val(s);
    if (v == UNUSED || (v & PENDING) == 0) return true;
  }
  if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
    setVal(s, UNUSED);
    return true;
  }
  if (pos.over != 0) {
    setVal(s, resultWinner(pos.over) == side ? 1 : 2);
    return true;
  }
  const c = <i32>load<u16>(cp);
  let bestWin = c & 0x7fff,
    block = c & 0x8000,
    maxLoss = <i32>(val(s) & 0x7fff);
  const n = generate(base);
  for (let i = 0; i < n; i++) {
    pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    const f = exitValue();
    if (f == <i32>UNUSED) error = ERR_MISSING;
    else if (f == 0) block = 0x8000;
    else if (f > 0) {
      const d = (f - 1) >> 1;
      if ((f & 1) == 0) {
        if (bestWin == 0 || d + 1 < bestWin) bestWin = d + 1;
      } // the opponent loses in d
      else maxLoss = max(maxLoss, d + 1); // the opponent wins in d
    }
    pos.unmakeMove();
  }
  if (error != 0) return false;
  store<u16>(cp, <u16>(bestWin | block));
  setVal(s, PENDING | (<u16>maxLoss));
  return true;
}

// The layer being solved, in steps the host calls one after another (gsBegin, then gsStep until it
// returns 0), so that between steps it can report progress and answer signals: the phase (1 pass 1,
// 2 the levels, 3 the statistics), the next slot of pass 1, and where the levels stand.
let phase = 0,
  pSlot = 0,
  pLevel = 0,
  pChunk: usize = 0,
  pK = 2,
  pDone: f64 = 0,
  pMaxD = 0;

/**
 * Starts solving layer `key` (values attached by gsAttach; every layer its moves lead to attached and
 * solved, or read by exit passes: gsCover, gsExitBegin). Returns 0, or -1 (gsError says why). Then
 * gsStep until it returns 0 (the final pass and the levels; after each exit pass begun, gsStep returns
 * 0 when that pass is done).
 */
export function gsBegin(key: i32): i32 {
  error = 0;
  phase = 0;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  const total = 2 * cPer;
  if (total > counterCap && !gsReserve(total)) return -1;
  for (let L = 0; L <= MAX_DIST + 1; L++) {
    st<usize>(HEAD, L, 0);
    st<usize>(TAIL, L, 0);
    st(FILL, L, 0);
  }
  maxPushed = -1;
  for (let k = 0; k < layerKeys; k++) st<u8>(COVER, k, 0);
  exitPasses = 0;
  vKey = -1;
  vExits = 0;
  phase = 1;
  pSlot = 0;
  pDone = 0;
  pMaxD = 0;
  statUsed = 0;
  return 0;
}

/**
 * Does about `budget` units of the layer's work (a slot of pass 1, a position resolved): returns 1 while
 * there is more, 0 when the layer is solved (gsMaxDistance and gsStat then answer), -1 on an error.
 */
export function gsStep(budget: i32): i32 {
  const total = <i32>(2 * cPer);
  if (phase == 4) {
    // an exit pass: 0 when it is done (then another exit pass, or the final pass)
    const end = min(total, pSlot + max(budget, 1));
    for (let s = pSlot; s < end; s++) if (!exitSlot(s)) return -1;
    pSlot = end;
    hostProgress(1, <f64>pSlot, <f64>total);
    if (pSlot < total) return 1;
    phase = 1;
    pSlot = 0;
    return 0;
  }
  if (phase == 1) {
    const end = min(total, pSlot + max(budget, 1));
    for (let s = pSlot; s < end; s++) if (!pass1Slot(s)) return -1;
    pSlot = end;
    hostProgress(1, <f64>pSlot, <f64>total);
    if (pSlot < total) return 1;
    phase = 2;
    pLevel = 0;
    pChunk = ld(HEAD, 0);
    pK = 2;
    return 1;
  }
  if (phase == 2) {
    let work = 0;
    while (pLevel <= maxPushed) {
      while (pChunk != 0) {
        const fill = pChunk == ld(TAIL, pLevel) ? ld(FILL, pLevel) : CH;
        while (pK < fill) {
          const e = load<u32>(pChunk + ((<usize>pK) << 2));
          pK++;
          const s = <i32>(e & 0x7fffffff),
            win = e >> 31 != 0;
          if (resolved(val(s))) continue;
          setVal(s, <u16>(win ? 1 + 2 * pLevel : 2 + 2 * pLevel));
          pDone++;
          pMaxD = pLevel;
          propagate(s, win, pLevel);
          if (error != 0) return -1;
          if (++work >= budget) {
            hostProgress(2, pDone, <f64>pLevel);
            return 1;
          }
        }
        const next = load<usize>(pChunk);
        store<usize>(pChunk, freeChunks);
        freeChunks = pChunk;
        pChunk = next;
        pK = 2;
      }
      pLevel++;
      if (pLevel <= MAX_DIST) {
        pChunk = ld(HEAD, pLevel);
        pK = 2;
      }
      hostProgress(2, pDone, <f64>pLevel);
    }
    phase = 3;
    return 1;
  }
  if (phase == 3) {
    // the rest are draws; statistics
    statWins = 0;
    statLosses = 0;
    statDraws = 0;
    statUsed = 0;
    for (let s = 0; s < total; s++) {
      let v = val(s);
      if (v == UNUSED) continue;
      if (!resolved(v)) {
        v = 0;
        setVal(s, 0);
      }
      statUsed++;
      if (v == 0) statDraws++;
      else if (v & 1) statWins++;
      else statLosses++;
      const d = v == 0 ? 0 : (<i32>v - 1) >> 1;
      if (d > pMaxD) pMaxD = d;
    }
    phase = 0;
    return 0;
  }
  error = ERR_MISSING;
  return -1;
}

/** The largest distance (plies) in the layer gsStep has just finished. */
export function gsMaxDistance(): i32 {
  return pMaxD;
}

/** Pass 1 for slot s: its value if decided or blocked, its counter, and its queued outcomes. False on an error. */
function pass1Slot(s: i32): bool {
  const per = <i32>cPer,
    base = scratchBase();
  const side = s >= per ? 1 : 0;
  let nSucc = 0,
    bestWin = 0x7fffffff,
    maxLoss = 0,
    block = false;
  if (exitPasses > 0) {
    // the exit summary the exit passes left (EXIT PASSES in the header)
    const c = <i32>load<u16>(counters + ((<usize>s) << 1)),
      v = val(s);
    if ((c & 0x7fff) != 0) bestWin = c & 0x7fff;
    block = (c & 0x8000) != 0;
    if (v != UNUSED && (v & PENDING) != 0) maxLoss = <i32>(v & 0x7fff);
  }
  store<u16>(counters + ((<usize>s) << 1), 0);
  if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
    setVal(s, UNUSED);
    return true;
  }
  statUsed++; // positions in use, counted as pass 1 goes (pass 2's progress total; phase 3 counts them again)
  if (pos.over != 0) {
    setVal(s, resultWinner(pos.over) == side ? 1 : 2);
    return true;
  }
  const n = generate(base);
  setVal(s, 0);
  if (n == 0) {
    push(0, <u32>s);
    return true;
  }
  setClear();
  for (let i = 0; i < n; i++) {
    pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    const f = fixedValue();
    if (f == -1) {
      if (setAdd(<i32>coreSlotIn(cKey))) nSucc++;
    } else if (f == -2) {
      // read by an exit pass: in the summary
    } else if (f == 0) block = true;
    else {
      const d = (f - 1) >> 1;
      if ((f & 1) == 0)
        bestWin = min(bestWin, d + 1); // the opponent loses in d
      else maxLoss = max(maxLoss, d + 1); // the opponent wins in d
    }
    pos.unmakeMove();
  }
  if (error != 0) return false;
  const cnt = nSucc + (block ? 1 : 0) + (bestWin != 0x7fffffff ? 1 : 0);
  store<u16>(counters + ((<usize>s) << 1), <u16>min(cnt, 0xffff));
  if (bestWin != 0x7fffffff) push(bestWin, (<u32>s) | 0x80000000);
  if (cnt == 0) push(maxLoss, <u32>s);
  else if (maxLoss > 0) setVal(s, PENDING | (<u16>maxLoss));
  return true;
}

/** Solves layer `key` in one call (gsBegin and gsStep to the end): the largest distance, or -1. */
export function gsSolveLayer(key: i32): i32 {
  if (gsBegin(key) < 0) return -1;
  let rc = 1;
  while (rc == 1) rc = gsStep(1 << 20);
  return rc < 0 ? -1 : pMaxD;
}

/** Statistics of the last solved layer: 0 used slots, 1 wins, 2 losses, 3 draws (for the side to move). */
export function gsStat(i: i32): f64 {
  return i == 0 ? statUsed : i == 1 ? statWins : i == 2 ? statLosses : i == 3 ? statDraws : -1;
}

/** Resolves the in-layer predecessors of slot s, just resolved as a win (or a loss) in L. */
function propagate(s: i32, win: bool, L: i32): void {
  const per = <i32>cPer;
  const side = s >= per ? 1 : 0;
  if (!decode(side, <f64>(s - side * per))) return;
  const xH = dH,
    xP = dP,
    xVec = dVec,
    xLast = dLast,
    xStall = dStall;
  const mover = side ^ 1;
  if (noSameTwiceSide == mover && xLast < 0) return; // its last move was not a step
  // a mover with a piece in hand had only placements (the generator lists nothing else then), and a
  // placement leaves the layer: no predecessor here (each would fail verify(); this skips generating
  // the placements of every candidate)
  if (ld(HAND_PLACES_ONLY, mover) != 0 && (mover == 0 ? cH0 : cH1) > 0) return;
  // a side under the dispersal rule (§3 Double Tiger) with a stack moves only from its stacks, and a step
  // off a stack leaves the layer: in a layer with stacks it has no step here (each would fail verify())
  if (xVec != 0 && mover == stackSide && (mover == 0 ? dispersal0 : dispersal1)) return;
  const occ = xH | xP;
  let stackedPts: u64 = 0;
  for (let i = 0; i < nStack; i++)
    if ((xVec / ld(SW, i)) % (ld(SMAX, i) + 1) != 0) stackedPts |= (<u64>1) << (<u64>ld(SPT, i));
  let movers = (mover == 1 ? xH : xP) & ~stackedPts;
  if (noSameTwiceSide == mover) movers &= (<u64>1) << (<u64>xLast);
  setClear();
  const base = scratchBase();
  // (a side with pieces in hand places: its steps are for the generator to judge)
  // (without stacks the stack rules restrict nothing: PLAIN_UNSTACKED)
  const plain =
    (ld(PLAIN_STEPS, mover) != 0 || (xVec == 0 && ld(PLAIN_UNSTACKED, mover) != 0)) && (mover == 0 ? cH0 : cH1) == 0;
  for (; movers != 0; movers &= movers - 1) {
    const q = <i32>ctz(movers);
    for (let from = word(ld(STEP, q), 0) & ~occ; from != 0; from &= from - 1) {
      const p = <i32>ctz(from);
      const moved = ((<u64>1) << (<u64>q)) | ((<u64>1) << (<u64>p));
      const yH = mover == 1 ? xH ^ moved : xH,
        yP = mover == 0 ? xP ^ moved : xP;
      // the stall counter before the step
      let s0 = xStall,
        s1 = xStall;
      if (stallSide == mover) {
        if (<i32>ld(RANK, q) > <i32>ld(RANK, p)) {
          if (xStall != 0) continue;
          s0 = 0;
          s1 = stallLimit - 1;
        } else {
          if (xStall == 0) continue;
          s0 = s1 = xStall - 1;
        }
      }
      // the last point before the step: none, or any other piece of the restricted side
      let nl = 0;
      if (noSameTwiceSide == mover) {
        st(LASTS, nl++, -1);
        for (let b = (mover == 1 ? yH : yP) & ~((<u64>1) << (<u64>p)); b != 0; b &= b - 1) st(LASTS, nl++, <i32>ctz(b));
      } else st(LASTS, nl++, xLast);
      for (let ys = s0; ys <= s1; ys++)
        for (let li = 0; li < nl; li++) {
          const yl = ld(LASTS, li);
          const t = mover * per + <i32>slotOf(cKey, yH, yP, xVec, yl, ys);
          if (resolved(val(t))) continue;
          // counted once per distinct predecessor slot; one that fails here may still be reached by a
          // symmetric un-step whose step is legal (it then has a move to an image of this position)
          if (setHas(t)) continue;
          if (plain) {
            if (!stepAllowed(mover, p, q)) continue;
          } else if (!verify(yH, yP, xVec, yl, ys, mover, p, q, xH, xP, xLast, xStall, base)) continue;
          setAdd(t);
          if (!win) push(L + 1, (<u32>t) | 0x80000000);
          else {
            const cp = counters + ((<usize>t) << 1);
            const c = <i32>load<u16>(cp) - 1;
            store<u16>(cp, <u16>max(c, 0));
            if (c == 0) {
              const v = val(t);
              const m = (v & PENDING) != 0 ? <i32>(v & 0x7fff) : 0;
              push(max(L + 1, m), <u32>t);
            }
          }
        }
    }
  }
}

/** True if `side` may step from p to q: q is p's neighbour in one of its step directions. */
function stepAllowed(side: i32, p: i32, q: i32): bool {
  const mask = side == 0 ? stepMask0 : stepMask1;
  for (let d = 0; d < 8; d++) if (((mask >> d) & 1) != 0 && <i32>ld(NB, p * 8 + d) == q) return true;
  return false;
}

/** True if in (yH, yP, vec, yl, ys) with `mover` to move the step p-q is legal and leads to (xH, xP, xl, xs). */
function verify(
  yH: u64,
  yP: u64,
  vec: i32,
  yl: i32,
  ys: i32,
  mover: i32,
  p: i32,
  q: i32,
  xH: u64,
  xP: u64,
  xl: i32,
  xs: i32,
  base: i32,
): bool {
  if (!setCore(yH, yP, vec, yl, ys, mover) || pos.over != 0) return false;
  const n = generate(base);
  for (let i = 0; i < n; i++) {
    const m = ld(MOVES(), base + i);
    if (moveKind(m) != KIND_STEP || moveFrom(m) != p || moveTo(m) != q) continue;
    pos.makeMove(m, ld(CAPS(), base + i));
    const ok =
      word(pos.hunters, 0) == xH && word(pos.prey, 0) == xP && pos.lastPt == xl && pos.stall == xs && pos.over == 0;
    pos.unmakeMove();
    return ok;
  }
  return false;
}

/**
 * The stored value of the core's current position (u16 code as above: 0 draw, 1 + 2d win in d,
 * 2 + 2d loss in d), or -1 when its layer is not in memory; a decided position is a win or loss in 0.
 */
export function gsProbe(): i32 {
  if (pos.over != 0) return resultWinner(pos.over) == pos.side ? 1 : 2;
  const key = coreLayerKey();
  if (key < 0) return -1;
  const vals = ld(LAYER_VALUES, key);
  if (vals == 0) return -1;
  const slot = coreSlotIn(key);
  if (slot < 0) return -1;
  const v = load<u16>(vals + ((<usize>(<i32>slot)) << 1));
  return v == UNUSED ? -1 : <i32>v;
}

/** Layer key of the core's current position (-1 outside every layer). */
export function gsCurrentLayer(): i32 {
  return coreLayerKey();
}

// ---- verification (gsVerifyBegin, gsVerifyExit, gsVerifyLayer) ----
// A stored value v holds when its moves' values agree with it by the definition (independent of the
// order the solver found them in): a win in d has a successor lost in d - 1 and none lost sooner; a loss
// in d has only successors won, the longest in d - 1; a draw has no successor lost and one drawn; a
// decided position or one without moves holds its result in 0. Each move's value is checked against v
// alone (a violation: BAD; the successor that makes the distance: WITNESS), so the moves may be read
// in any number of passes: exit passes (gsVerifyExit) for groups of successor layers too large to sit
// beside the layer together, then the final pass (gsVerifyLayer) with the rest. Between passes the two
// bits live in the layer's counters (u16 per slot, as the solver's exit summary).
const V_BAD: u16 = 1,
  V_WITNESS: u16 = 2;
/** The layer gsVerifyBegin began (-1: none) and the exit passes begun for it. */
let vKey = -1,
  vExits = 0;

// @ts-ignore: decorator
@inline function verifyMove(v: i32, f: i32, flags: u16): u16 {
  if (v == 0) {
    // a draw: no successor lost, one drawn
    if (f == 0) return flags | V_WITNESS;
    return (f & 1) == 0 ? flags | V_BAD : flags;
  }
  const d = (v - 1) >> 1;
  if ((v & 1) == 1) {
    // a win in d: a successor lost in d - 1, none sooner
    if (f == 0 || (f & 1) == 1) return flags;
    const e = ((f - 1) >> 1) + 1;
    return e < d ? flags | V_BAD : e == d ? flags | V_WITNESS : flags;
  }
  if (f == 0 || (f & 1) == 0) return flags | V_BAD; // a loss in d: every successor won, the longest in d - 1
  const e = ((f - 1) >> 1) + 1;
  return e > d ? flags | V_BAD : e == d ? flags | V_WITNESS : flags;
}

/**
 * Starts verifying layer `key` in passes (its values attached): clears the slots' flags (counters,
 * reserved here if needed) and the cover list (gsCover). Then, for each group of successor layers read
 * by an exit pass: gsCover each, gsVerifyExit, gsVerifyExitStep over every slot; then gsVerifyLayer
 * with the same key over every slot. Returns 0, or -1 (gsError says why: 2 the layer is not attached,
 * 4 no memory for the flags).
 */
export function gsVerifyBegin(key: i32): i32 {
  error = 0;
  exitPasses = 0;
  phase = 0;
  cKey = -1;
  vKey = -1;
  vExits = 0;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  const total = 2 * cPer;
  if (total > counterCap && !gsReserve(total)) return -1;
  memory.fill(counters, 0, (<usize>total) << 1);
  for (let k = 0; k < layerKeys; k++) st<u8>(COVER, k, 0);
  vKey = key;
  return 0;
}

/**
 * Starts an exit pass of the verification begun by gsVerifyBegin: the layers declared by gsCover since
 * (attached now, and kept so until gsVerifyExitStep has visited every slot) are read by this pass, and
 * skipped by the final pass. Returns 0, or -1 (no verification begun: gsError 2).
 */
export function gsVerifyExit(): i32 {
  if (vKey < 0 || vKey != cKey) {
    error = ERR_MISSING;
    return -1;
  }
  for (let k = 0; k < layerKeys; k++) if (ld(COVER, k) == 1 && ld(LAYER_VALUES, k) != 0) st<u8>(COVER, k, 2);
  vExits++;
  return 0;
}

/**
 * The current exit pass over slots [from, to) of the layer being verified: each move into a layer this
 * pass reads is checked against the slot's value (its flags updated). Returns 0, or -1 (gsError 2: no
 * exit pass begun, or a successor's slot unused).
 */
export function gsVerifyExitStep(from: f64, to: f64): i32 {
  if (vKey < 0 || vKey != cKey || vExits == 0) {
    error = ERR_MISSING;
    return -1;
  }
  const total = <i32>(2 * cPer),
    per = <i32>cPer;
  const base = scratchBase();
  for (let s = <i32>max(from, 0); s < <i32>min(to, <f64>total); s++) {
    const v = <i32>val(s);
    if (v == <i32>UNUSED) continue;
    const cp = counters + ((<usize>s) << 1);
    let flags = load<u16>(cp);
    if ((flags & V_BAD) != 0) continue;
    const side = s >= per ? 1 : 0;
    if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) continue; // the final pass says so
    if (pos.over != 0) continue;
    const n = generate(base);
    for (let i = 0; i < n; i++) {
      pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
      const f = exitValue();
      if (f == <i32>UNUSED) error = ERR_MISSING;
      else if (f >= 0) flags = verifyMove(v, f, flags);
      pos.unmakeMove();
    }
    if (error != 0) return -1;
    store<u16>(cp, flags);
  }
  return 0;
}

/**
 * Checks the stored values of slots [from, to) of layer `key` against their successors' (the rule
 * above). Every layer its moves lead to must be attached, except, when gsVerifyBegin(key) began this
 * verification, those read by its exit passes (their checks are in the flags). Returns the number of
 * slots that disagree, or -1 (gsError says why: 2 a successor not in memory).
 */
export function gsVerifyLayer(key: i32, from: f64, to: f64): f64 {
  error = 0;
  phase = 0;
  const passes = key == vKey ? vExits : 0;
  if (key != vKey) {
    vKey = -1;
    vExits = 0;
  }
  cKey = -1;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  exitPasses = passes; // fixedValue: -2 for a layer an exit pass read
  const total = <i32>(2 * cPer),
    per = <i32>cPer;
  const base = scratchBase();
  let bad: f64 = 0;
  for (let s = <i32>max(from, 0); s < <i32>min(to, <f64>total); s++) {
    const v = <i32>val(s);
    if (v == <i32>UNUSED) continue;
    const side = s >= per ? 1 : 0;
    if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
      bad++;
      continue;
    }
    if (pos.over != 0) {
      if (v != (resultWinner(pos.over) == side ? 1 : 2)) bad++;
      continue;
    }
    const n = generate(base);
    if (n == 0) {
      if (v != 2) bad++;
      continue;
    }
    let flags: u16 = passes > 0 ? load<u16>(counters + ((<usize>s) << 1)) : 0;
    for (let i = 0; i < n; i++) {
      pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
      let f = fixedValue();
      if (f == -1) {
        const t = <i32>coreSlotIn(cKey);
        f = t < 0 ? <i32>UNUSED : <i32>val(t);
        if (f == <i32>UNUSED) error = ERR_MISSING;
      }
      pos.unmakeMove();
      if (error != 0) {
        exitPasses = 0;
        return -1;
      }
      if (f >= 0) flags = verifyMove(v, f, flags);
    }
    if ((flags & V_BAD) != 0 || (flags & V_WITNESS) == 0) bad++;
  }
  exitPasses = 0;
  return bad;
}
