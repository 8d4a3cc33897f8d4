// Tablebase indexing for the movement phase of a hunt game on a board with symmetries (Bagh Chal:
// the 8 symmetries of the square). A position = hunters (K points) + prey + empties + side to move,
// with no prey in hand. Positions are ranked by the combinatorial number system and reduced by the
// board's symmetries:
//
//   slot = side * perSide + orbit * C(F, E) + rank(empties)
//
// orbit: the index of the hunter set's symmetry class (HUNTER_REP[orbit] is its least member as a
//   bitmask); rank(empties): the colex rank sum C(q_i, i + 1) of the E empty points, each numbered
//   q among the F = N - K points the hunters leave free, in the canonical frame. A canonical position
//   is the least image (as (hunters, prey) bitmasks, hunters first) over the symmetries; for hunter
//   sets with a non-trivial stabiliser some slots hold non-canonical images and stay unused.
import { ld, st } from '../bits';
import { nPoints, MAX_POINTS } from '../board';

/** Symmetries supplied by the host: SYM_IN[s * MAX_POINTS + p] = image of point p under symmetry s. */
export const SYM_IN = new StaticArray<i8>(8 * MAX_POINTS);
export let nSyms: i32 = 0;
/** Bitboard images by byte: SYMMAP[(s * 4 + chunk) * 256 + byte]. Boards of up to 32 points. */
const SYMMAP = new StaticArray<u32>(8 * 4 * 256);
/** Binomial coefficients C(n, k), n < 64, k <= 8: BINOM[n * 9 + k]. */
const BINOM = new StaticArray<u32>(64 * 9);

export let K: i32 = 0; // hunters
export let F: i32 = 0; // free points = N - K
export let orbits: i32 = 0; // hunter-set classes
/** For each hunter set (by rank): its orbit, and the symmetries mapping it to the orbit's representative. */
let ORBIT_OF: StaticArray<i32> = new StaticArray<i32>(0);
let SYMS_OF: StaticArray<u8> = new StaticArray<u8>(0);
let REP: StaticArray<u32> = new StaticArray<u32>(0);
/** Free points of each representative, in order: FREE_OF[orbit * 32 + q] = point. */
let FREE_OF: StaticArray<i8> = new StaticArray<i8>(0);
/** The inverse: COMP_OF[orbit * 32 + point] = q, the point's number among the representative's free points. */
let COMP_OF: StaticArray<i8> = new StaticArray<i8>(0);

export function symInputPtr(): usize {
  return changetype<usize>(SYM_IN);
}

// @ts-ignore: decorator
@inline export function binom(n: i32, k: i32): u32 {
  return k < 0 || k > 8 || n < 0 ? 0 : ld(BINOM, n * 9 + k);
}

// @ts-ignore: decorator
@inline export function mapBits(s: i32, b: u32): u32 {
  const base = s * 1024;
  return (
    ld(SYMMAP, base + (b & 255)) |
    ld(SYMMAP, base + 256 + ((b >> 8) & 255)) |
    ld(SYMMAP, base + 512 + ((b >> 16) & 255)) |
    ld(SYMMAP, base + 768 + (b >> 24))
  );
}

/** Colex rank of a K-subset given as a bitmask (points ascending). */
// @ts-ignore: decorator
@inline export function rankSet(b: u32): i32 {
  let r: u32 = 0,
    i = 1;
  for (let m = b; m != 0; m &= m - 1) {
    r += binom(<i32>ctz(m), i);
    i++;
  }
  return <i32>r;
}

function fillBinom(): void {
  for (let n = 0; n < 64; n++)
    for (let k = 0; k <= 8; k++) {
      let v: u32 = 0;
      if (k == 0) v = 1;
      else if (n > 0) v = ld(BINOM, (n - 1) * 9 + k - 1) + ld(BINOM, (n - 1) * 9 + k);
      st(BINOM, n * 9 + k, v);
    }
}

/**
 * (Allocates its rank tables once per call: call it once per core instance, when a tablebase is
 * first used; the stub runtime never frees.)
 * Sets up indexing for `hunters` hunters with `syms` symmetries taken from SYM_IN (the identity
 * first). Returns the number of hunter-set orbits, or -1 if the board has more than 32 points.
 */
export function setupIndex(hunters: i32, syms: i32): i32 {
  if (nPoints > 32 || hunters < 1 || hunters > 8 || syms < 1 || syms > 8) return -1;
  fillBinom();
  K = hunters;
  F = nPoints - hunters;
  nSyms = syms;
  for (let s = 0; s < syms; s++)
    for (let c = 0; c < 4; c++)
      for (let b = 0; b < 256; b++) {
        let m: u32 = 0;
        for (let j = 0; j < 8; j++) {
          const p = c * 8 + j;
          if (p < nPoints && (b >> j) & 1) m |= (<u32>1) << (<u32>ld(SYM_IN, s * MAX_POINTS + p));
        }
        st(SYMMAP, (s * 4 + c) * 256 + b, m);
      }
  const sets = <i32>binom(nPoints, K);
  ORBIT_OF = new StaticArray<i32>(sets);
  SYMS_OF = new StaticArray<u8>(sets);
  REP = new StaticArray<u32>(sets);
  FREE_OF = new StaticArray<i8>(sets * 32);
  COMP_OF = new StaticArray<i8>(sets * 32);
  // enumerate K-subsets in colex order (Gosper's hack), which is rank order
  let b: u32 = ((<u32>1) << (<u32>K)) - 1;
  const limit: u32 = (<u32>1) << (<u32>nPoints);
  let n = 0;
  for (let i = 0; i < sets; i++) st(ORBIT_OF, i, -1);
  while (b < limit) {
    const r = rankSet(b);
    let least = b;
    for (let s = 1; s < syms; s++) {
      const m = mapBits(s, b);
      if (m < least) least = m;
    }
    let mask: i32 = 0;
    for (let s = 0; s < syms; s++) if (mapBits(s, b) == least) mask |= 1 << s;
    st(SYMS_OF, r, <u8>mask);
    if (least == b) {
      st(ORBIT_OF, r, n);
      st(REP, n, b);
      let q = 0;
      for (let p = 0; p < nPoints; p++)
        if (!((b >> p) & 1)) {
          st(FREE_OF, n * 32 + q, <i8>p);
          st(COMP_OF, n * 32 + p, <i8>q);
          q++;
        } else st(COMP_OF, n * 32 + p, <i8>-1);
      n++;
    }
    const c = b & (~b + 1),
      rr = b + c;
    b = (((rr ^ b) >> 2) / c) | rr;
  }
  orbits = n;
  // second pass: orbit of every set = orbit of its least image
  b = ((<u32>1) << (<u32>K)) - 1;
  while (b < limit) {
    const r = rankSet(b);
    let least = b;
    for (let s = 1; s < syms; s++) {
      const m = mapBits(s, b);
      if (m < least) least = m;
    }
    st(ORBIT_OF, r, ld(ORBIT_OF, rankSet(least)));
    const c = b & (~b + 1),
      rr = b + c;
    b = (((rr ^ b) >> 2) / c) | rr;
  }
  return orbits;
}

/** Slots per side for E empty points: orbits * C(F, E). */
export function slotsPerSide(empties: i32): i32 {
  return orbits * <i32>binom(F, empties);
}

/** The orbit of the hunter set of colex rank r. */
// @ts-ignore: decorator
@inline export function orbitOfRank(r: i32): i32 {
  return ld(ORBIT_OF, r);
}
/** The symmetries (bit s set for symmetry s) mapping the hunter set of colex rank r to its orbit's representative. */
// @ts-ignore: decorator
@inline export function symsOfRank(r: i32): u32 {
  return <u32>ld(SYMS_OF, r);
}
/** A point's number q among the free points of `orbit`'s representative (-1 for its hunters' points). */
// @ts-ignore: decorator
@inline export function freeNumber(orbit: i32, point: i32): i32 {
  return <i32>ld(COMP_OF, orbit * 32 + point);
}

/** The hunters' bitmask of an orbit's representative. */
export function repOf(orbit: i32): u32 {
  return ld(REP, orbit);
}
/** The q-th free point of an orbit's representative. */
// @ts-ignore: decorator
@inline export function freePoint(orbit: i32, q: i32): i32 {
  return <i32>ld(FREE_OF, orbit * 32 + q);
}

/** Rank of the empties `e` (in the representative's frame) among the free points of `orbit`'s representative. */
// @ts-ignore: decorator
@inline function rankEmpties(orbit: i32, e: u32): u32 {
  let r: u32 = 0,
    i = 1;
  const base = orbit * 32;
  for (let m = e; m != 0; m &= m - 1) {
    r += binom(<i32>ld(COMP_OF, base + <i32>ctz(m)), i);
    i++;
  }
  return r;
}

// Hunters prepared once for many empties sets (slotOfPrepared): their orbit, the symmetries mapping
// them to its representative, and the representative.
let pOrbit: i32 = 0,
  pSyms: u32 = 0,
  pS0: i32 = 0,
  pRep: u32 = 0,
  pSingle = true;

/** Prepares hunters `h` for slotOfPrepared. */
// @ts-ignore: decorator
@inline export function prepareHunters(h: u32): void {
  const r = rankSet(h);
  pSyms = <u32>ld(SYMS_OF, r);
  pOrbit = ld(ORBIT_OF, r);
  pS0 = <i32>ctz(pSyms);
  pRep = ld(REP, pOrbit);
  pSingle = (pSyms & (pSyms - 1)) == 0;
}

/** Slot (within its side's half) of the prepared hunters with empties `e`, in any frame. */
// @ts-ignore: decorator
@inline export function slotOfPrepared(e: u32, perOrbit: u32): i32 {
  let bestE: u32;
  if (pSingle) bestE = mapBits(pS0, e);
  else {
    // several symmetries reach the representative: the least prey set decides (prey = ~(h | e))
    const full: u32 = nPoints >= 32 ? 0xffffffff : ((<u32>1) << (<u32>nPoints)) - 1;
    let bestPrey: u32 = 0xffffffff;
    bestE = 0;
    for (let m = pSyms; m != 0; m &= m - 1) {
      const me = mapBits(<i32>ctz(m), e);
      const prey = full & ~(pRep | me);
      if (prey < bestPrey) {
        bestPrey = prey;
        bestE = me;
      }
    }
  }
  return pOrbit * <i32>perOrbit + <i32>rankEmpties(pOrbit, bestE);
}

/**
 * Slot of a position within its side's half: hunters h, empties e (everything else is prey), in any
 * frame: orbit * C(F, E) + rank of the canonical empties.
 */
export function slotOf(h: u32, e: u32, perOrbit: u32): i32 {
  prepareHunters(h);
  return slotOfPrepared(e, perOrbit);
}

/** True if (representative of `orbit`, empties e) is the canonical image (least prey set). */
export function isCanonical(orbit: i32, e: u32): bool {
  const h = ld(REP, orbit);
  const syms = <u32>ld(SYMS_OF, rankSet(h));
  if ((syms & (syms - 1)) == 0) return true;
  const full: u32 = nPoints >= 32 ? 0xffffffff : ((<u32>1) << (<u32>nPoints)) - 1;
  const prey = full & ~(h | e);
  for (let m = syms & (syms - 1); m != 0; m &= m - 1) {
    const s = <i32>ctz(m);
    if ((full & ~(h | mapBits(s, e))) < prey) return false;
  }
  return true;
}

/** Empties bitmask of rank r (E points) among the free points of `orbit`'s representative. */
export function unrankEmpties(orbit: i32, empties: i32, r: u32): u32 {
  let e: u32 = 0;
  let rest = r;
  let q = F - 1;
  for (let i = empties; i >= 1; i--) {
    while (binom(q, i) > rest) q--;
    rest -= binom(q, i);
    e |= (<u32>1) << (<u32>freePoint(orbit, q));
    q--;
  }
  return e;
}
