// Per-point tables built once from host data (src/lattice): neighbour and jump landing per direction
// (RULES.md §0: steps join neighbours on a drawn line; a short jump is three consecutive points of one
// line), their bitboard forms, and a loop-free jump table.
import { bit, ld, st, none, full, or, and, equal, nonEmpty, first, popFirst, window, bitsCapacity } from './bits';

/** Largest board this build handles: 64 points (Bits = u64) or 128 (the wide build, Bits = v128; bits.ts). */
export const MAX_POINTS: i32 = isInteger<Bits>() ? 64 : 128;
/** Entries per point in the jump table: 2^JTAB_BITS (a point has at most 8 jumps). */
const JTAB_BITS: i32 = 10;
const JTAB_SIZE: i32 = 1 << JTAB_BITS;

export let nPoints: i32 = 0;
/** All points of the board. */
export let boardMask: Bits = none();

/**
 * Host input: Int16 pairs of tables, each `MAX_POINTS * 8` long, direction-major per point
 * (`[p * 8 + d]`, d: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW): first the neighbour, then the
 * jump landing; -1 where there is none; then `MAX_POINTS` ranks (y, 0 = the bottom rank) at
 * `[MAX_POINTS * 16 + p]`. Written by the host through `boardInputPtr()`.
 */
export const BOARD_IN = new StaticArray<i16>(MAX_POINTS * 17);

/** Rank of each point (0 = the bottom rank): the escape and stall rules (RULES.md §3). */
export const RANK = new StaticArray<u8>(MAX_POINTS);

/** Neighbours of each point (step targets). */
export const STEP = new StaticArray<Bits>(MAX_POINTS);
/** Jump-over points (midpoints) of the jumps available from each point on an empty board. */
export const JMID = new StaticArray<Bits>(MAX_POINTS);
/** Midpoint of the jump from `from` to `land`: `MID_OF[from * MAX_POINTS + land]`. */
export const MID_OF = new StaticArray<u8>(MAX_POINTS * MAX_POINTS);
/** Neighbour per direction, -1 for none: `NB[p * 8 + d]`. */
export const NB = new StaticArray<i8>(MAX_POINTS * 8);
/** Jump landing per direction, -1 for none: `JL[p * 8 + d]`. */
export const JL = new StaticArray<i8>(MAX_POINTS * 8);
/**
 * The directions of each point ordered by their jump landing's index, ascending (directions without a
 * landing last): `JORD[p * 8 + i]`. The root list's capture searches try landings in this order, so each
 * move's recorded path is its smallest (movelist.ts).
 */
export const JORD = new StaticArray<i8>(MAX_POINTS * 8);

// Loop-free jump test ("magic" multiply-shift hashing, as in chess sliding-piece tables; WASM has no
// pext). For point p: idx = ((prey & JMID[p]) * MAGIC[p]) >>> SHIFT[p] indexes JTAB at p * JTAB_SIZE,
// giving the landing points whose midpoint is occupied by prey; AND with the empty set gives the legal
// jump landings. MAGIC[p] is searched at setup so that subsets with different answers never collide.
// The hash works on a u64: the wide build first folds the 64-bit window of points WIN[p]..WIN[p] + 63
// around p (every neighbour of p lies in it) out of the 128-bit set (bits.ts window), so both builds
// share these tables' shape; in the u64 build the window is the set itself. JMIDW/STEPW hold the
// masks in window coordinates.
const WIN = new StaticArray<i32>(MAX_POINTS);
const JMIDW = new StaticArray<u64>(MAX_POINTS);
const STEPW = new StaticArray<u64>(MAX_POINTS);
const MAGIC = new StaticArray<u64>(MAX_POINTS);
const SHIFT = new StaticArray<u64>(MAX_POINTS);
const JTAB = new StaticArray<Bits>(MAX_POINTS * JTAB_SIZE);
// The same hashing over STEP[p] for jumps THROUGH p: idx = ((hunters & STEP[p]) * TMAGIC[p]) >>> TSHIFT[p]
// gives the landing points beyond p of the hunters adjacent to p (perft's incremental counts).
const TMAGIC = new StaticArray<u64>(MAX_POINTS);
const TSHIFT = new StaticArray<u64>(MAX_POINTS);
const TTAB = new StaticArray<Bits>(MAX_POINTS * JTAB_SIZE);

let rng: u64 = 0x9e3779b97f4a7c15;
function nextRandom(): u64 {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545f4914f6cdd1d;
}

/** Pointer to BOARD_IN for the host to fill. */
export function boardInputPtr(): usize {
  return changetype<usize>(BOARD_IN);
}

/** True if point q is in the window subset `s` (bit i = point w + i). */
// @ts-ignore: decorator
@inline function inWindow(s: u64, w: i32, q: i32): bool {
  return q >= w && q < w + 64 && ((s >> (<u64>(q - w))) & 1) != 0;
}

/** Landing points whose jump midpoint (from p) is in `mids` (a subset of p's window). */
function landingsFor(p: i32, mids: u64): Bits {
  const w = ld(WIN, p);
  let r = none();
  for (let d = 0; d < 8; d++) {
    const m = <i32>ld(NB, p * 8 + d),
      l = <i32>ld(JL, p * 8 + d);
    if (m >= 0 && l >= 0 && inWindow(mids, w, m)) r = or(r, bit(l));
  }
  return r;
}

/**
 * Points beyond `p` from each hunter in `adj` (a subset of STEP[p]): the landing points of jumps over p
 * made by those hunters (the incremental perft counts use it).
 */
function throughFor(p: i32, adj: u64): Bits {
  const w = ld(WIN, p);
  let r = none();
  for (let d = 0; d < 8; d++) {
    const t = <i32>ld(NB, p * 8 + d),
      l = <i32>ld(NB, p * 8 + (d ^ 4));
    if (t >= 0 && l >= 0 && inWindow(adj, w, t) && <i32>ld(JL, t * 8 + (d ^ 4)) == l) r = or(r, bit(l));
  }
  return r;
}

/**
 * Searches MAGIC/SHIFT for point p over `mask` (window coordinates) so that `table` gives `fn(p, subset)` for every
 * subset.
 */
function findMagic(
  p: i32,
  mask: u64,
  table: StaticArray<Bits>,
  magics: StaticArray<u64>,
  shifts: StaticArray<u64>,
  through: bool,
): bool {
  const k = <i32>popcnt(mask);
  const base = p * JTAB_SIZE;
  for (let bits = min(k + 2, JTAB_BITS); bits <= JTAB_BITS; bits++) {
    const shift = <u64>(64 - bits);
    for (let attempt = 0; attempt < 100000; attempt++) {
      const magic = k == 0 ? <u64>0 : nextRandom() & nextRandom() & nextRandom();
      // an unfilled entry is marked by the set of every point (no landing set is that)
      const unset = full(bitsCapacity());
      for (let i = 0; i < 1 << bits; i++) st(table, base + i, unset);
      let ok = true;
      let s: u64 = 0;
      do {
        const idx = <i32>((s * magic) >> shift);
        const want = through ? throughFor(p, s) : landingsFor(p, s);
        const have = ld(table, base + idx);
        if (equal(have, unset)) st(table, base + idx, want);
        else if (!equal(have, want)) {
          ok = false;
          break;
        }
        s = (s - mask) & mask;
      } while (s != 0);
      if (ok) {
        for (let i = 0; i < 1 << bits; i++) if (equal(ld(table, base + i), unset)) st(table, base + i, none());
        st(magics, p, magic);
        st(shifts, p, shift);
        return true;
      }
    }
  }
  return false;
}

/**
 * Builds every table from BOARD_IN for a board of `n` points (1..MAX_POINTS).
 * Returns 0 on success, -1 if n is out of range, -2 if a table entry points off the board (or a rank
 * is outside 0..255),
 * -3 if no jump hash could be found (cannot happen for boards with <= 8 jumps per point), -4 if a
 * point's neighbours span more than 64 point indices (the wide build's jump-table window).
 */
export function setupBoard(n: i32): i32 {
  if (n < 1 || n > MAX_POINTS) return -1;
  nPoints = n;
  boardMask = full(n);
  for (let p = 0; p < MAX_POINTS; p++) {
    st(STEP, p, none());
    st(JMID, p, none());
    for (let d = 0; d < 8; d++) {
      let nb: i32 = -1,
        jl: i32 = -1;
      if (p < n) {
        nb = <i32>ld(BOARD_IN, p * 8 + d);
        jl = <i32>ld(BOARD_IN, MAX_POINTS * 8 + p * 8 + d);
      }
      if (nb >= n || jl >= n || nb < -1 || jl < -1) return -2;
      if (nb < 0) jl = -1;
      st(NB, p * 8 + d, <i8>nb);
      st(JL, p * 8 + d, <i8>jl);
      if (nb >= 0) st(STEP, p, or(ld(STEP, p), bit(nb)));
      if (jl >= 0) {
        st(JMID, p, or(ld(JMID, p), bit(nb)));
        st(MID_OF, p * MAX_POINTS + jl, <u8>nb);
      }
    }
    const r = p < n ? <i32>ld(BOARD_IN, MAX_POINTS * 16 + p) : 0;
    if (r < 0 || r > 255) return -2;
    st(RANK, p, <u8>r);
    // JORD: insertion sort of the 8 directions by landing (no landing: 255, last)
    for (let i = 0; i < 8; i++) {
      const li = <i32>ld(JL, p * 8 + i),
        ki = li < 0 ? 255 : li;
      let j = i;
      while (j > 0) {
        const dj = <i32>ld(JORD, p * 8 + j - 1),
          lj = <i32>ld(JL, p * 8 + dj),
          kj = lj < 0 ? 255 : lj;
        if (kj <= ki) break;
        st(JORD, p * 8 + j, <i8>dj);
        j--;
      }
      st(JORD, p * 8 + j, <i8>i);
    }
  }
  for (let p = 0; p < n; p++) {
    // the window: from p's lowest neighbour (kept inside the set's width), which must reach its highest
    const step = ld(STEP, p);
    let w = 0;
    if (nonEmpty(step)) {
      w = min(first(step), bitsCapacity() - 64);
      let last = 0;
      for (let b = step; nonEmpty(b); b = popFirst(b)) last = first(b);
      if (last >= w + 64) return -4;
    }
    st(WIN, p, w);
    st(JMIDW, p, window(ld(JMID, p), w));
    st(STEPW, p, window(step, w));
    if (!findMagic(p, ld(JMIDW, p), JTAB, MAGIC, SHIFT, false)) return -3;
    if (!findMagic(p, ld(STEPW, p), TTAB, TMAGIC, TSHIFT, true)) return -3;
  }
  return 0;
}

/** Legal jump landings from `from` given the prey set and the empty set. */
// @ts-ignore: decorator
@inline export function jumpLandings(from: i32, prey: Bits, empty: Bits): Bits {
  const idx = <i32>(((windowOf(prey, from) & ld(JMIDW, from)) * ld(MAGIC, from)) >> ld(SHIFT, from));
  return and(ld(JTAB, from * JTAB_SIZE + idx), empty);
}

/** Landing points of the jumps over `over` by the hunters `h` adjacent to it (landing not checked). */
// @ts-ignore: decorator
@inline export function jumpsThrough(over: i32, h: Bits): Bits {
  const idx = <i32>(((windowOf(h, over) & ld(STEPW, over)) * ld(TMAGIC, over)) >> ld(TSHIFT, over));
  return ld(TTAB, over * JTAB_SIZE + idx);
}

/** The window of b around point p (the set itself in the u64 build: no WIN read there). */
// @ts-ignore: decorator
@inline function windowOf(b: Bits, p: i32): u64 {
  if (isInteger<Bits>()) return <u64>b;
  else return window(b, ld(WIN, p));
}

/** Midpoint of the jump from `from` landing on `land`. */
// @ts-ignore: decorator
@inline export function midOf(from: i32, land: i32): i32 {
  return <i32>ld(MID_OF, from * MAX_POINTS + land);
}
