// Backward solution of the placement phase (prey still in hand) over the movement-phase tablebase.
// RULES.md section 1 (Bagh Chal): goats place while any are in hand; tigers step or jump one goat.
//
// Layers. A placement position has p prey placed, c captured (g = p - c on the board) and a side to
// move. Every prey move places a prey, so the positions form a DAG of layers:
//   prey to move (p, c)    <- hunters to move (p + 1, c)               (a placement; "G-step")
//   hunters to move (p, c) <- prey to move (p, c), and (p, c + 1) by a capture  ("T-step")
// and hunters to move with every prey placed is the movement phase, taken from its tablebase ("convert").
//
// Index. A layer is one block per hunter-set orbit (the 1666 classes of tiger sets under the board's
// symmetries), the block holding every prey set of g points among the F points the orbit's
// representative leaves free, in colex rank order: slot = orbit block, then rank. Prey sets are not
// reduced further (for the few orbits with a non-trivial stabiliser, symmetric images both appear and
// get equal values), so a successor never needs the prey canonicalised: a placement stays in its
// block, and a hunter move maps the prey set by the one symmetry that takes the new hunter set to its
// representative. Ranks come from three 7-bit chunk tables (F <= 21).
//
// Values: one nibble per position, for the whole family of games "hunters win at k captures",
// k = 1..KMAX, at once (the games are monotone in k: winning at k captures passes through k - 1):
//   bits 0-2  V: the largest k <= KMAX for which the hunters (tigers) win, or c if none (the captures
//             already made are won); V = KMAX means the hunters win the game itself
//   bit 3     the prey (goats) win the game with KMAX captures to win (they trap the hunters)
// Hunters to move take the maximum V and AND the prey-win bit over their moves (no move: V = c, prey
// win); prey to move take the minimum V and OR the bit. A capture reaching KMAX is V = KMAX, no prey win.
//
// Threads: several core instances on one shared memory run plWork at once; each claims whole orbit
// blocks by an atomic counter and writes only its blocks (a block starts on a byte boundary), so no two
// threads write the same byte. Parameters and counters live in the static PL cells (the same address in
// every instance); per-thread scratch (move tables) is carved from one region allocated by plPrepare.
import { ld, st } from '../bits';
import { NB, JL, MAX_POINTS } from '../board';
import {
  F,
  K,
  orbits,
  repOf,
  freePoint,
  rankSet,
  mapBits,
  orbitOfRank,
  symsOfRank,
  freeNumber,
  SYM_IN,
  prepareHunters,
  slotOfPrepared,
  slotsPerSide,
  binom,
} from './index';
import { layerPtr, emptiesOf } from './retro';


@external("env", "tbProgress") declare function hostProgress(pass: i32, done: f64, total: f64): void;

/** C(n, k) for n, k < 32. */
const PBIN = new StaticArray<u32>(32 * 32);
/**
 * Colex rank by 7-bit chunks: RK[v] (chunk 0), RK[B1 + v * J1 + j] (chunk 1), RK[B2 + v * J2 + j]
 * (chunk 2), j = the set bits below the chunk (one more than a full set can have, for a point added below).
 */
const J1 = 9,
  J2 = 16,
  B1 = 128,
  B2 = 128 + 128 * J1;
const RK = new StaticArray<u32>(B2 + 128 * J2);

// Shared cells (u64 each).
const PL = new StaticArray<u64>(32);
const P_NEXT = 0,
  P_KIND = 1,
  P_DST = 2,
  P_SRC = 3,
  P_SRC2 = 4,
  P_G = 5,
  P_C = 6,
  P_KMAX = 7,
  P_INIT = 8,
  P_K = 9,
  P_SCRATCH = 10,
  P_SCRATCH_BYTES = 11,
  P_DONE = 12,
  P_ERROR = 13,
  P_HIST = 16;
export const KIND_G = 0,
  KIND_T = 1,
  KIND_CONVERT = 2;

const MAX_MOVES = 64;
const PT_BYTES = 3 * 128 * 4;
// scratch layout per thread: move records (u32 x 8 each), then the move tables, then the expansion table and histogram
const REC_BYTES = 32;
const SCRATCH_BYTES: usize = MAX_MOVES * REC_BYTES + MAX_MOVES * PT_BYTES + PT_BYTES + 16 * 4 + 64;

// @ts-ignore: decorator
@inline function cb(n: i32, k: i32): u32 {
  return k < 0 || k > n ? 0 : ld(PBIN, n * 32 + k);
}
// @ts-ignore: decorator
@inline function cell(i: i32): usize {
  return changetype<usize>(PL) + ((<usize>i) << 3);
}
// @ts-ignore: decorator
@inline function getP(i: i32): u64 {
  return atomic.load<u64>(cell(i));
}

/**
 * Fills the binomial and rank tables; every instance calls it during setup (identical contents). Returns -1 if F > 21.
 */
export function setupPlacement(): i32 {
  for (let n = 0; n < 32; n++)
    for (let k = 0; k < 32; k++) {
      let v: u32 = 0;
      if (k == 0) v = 1;
      else if (n > 0) v = ld(PBIN, (n - 1) * 32 + k - 1) + ld(PBIN, (n - 1) * 32 + k);
      st(PBIN, n * 32 + k, v);
    }
  for (let h = 0; h < 3; h++) {
    const js = h == 0 ? 1 : h == 1 ? J1 : J2;
    const base = h == 0 ? 0 : h == 1 ? B1 : B2;
    for (let v = 0; v < 128; v++)
      for (let j = 0; j < js; j++) {
        let r: u32 = 0,
          i = 0;
        for (let b = 0; b < 7; b++)
          if ((v >> b) & 1) {
            r += cb(7 * h + b, j + i + 1);
            i++;
          }
        st(RK, base + v * js + j, r);
      }
  }
  return F > 21 ? -1 : 0;
}

/** Colex rank of a prey set given in free-point numbers (bit q = the q-th free point), F <= 21. */
// @ts-ignore: decorator
@inline function rank21(x: u32): u32 {
  const a = x & 127,
    b = (x >> 7) & 127,
    c = x >> 14;
  const pa = popcnt(a),
    pb = popcnt(b);
  return ld(RK, <i32>a) + ld(RK, B1 + <i32>(b * J1 + pa)) + ld(RK, B2 + <i32>(c * J2 + pa + pb));
}

/** Positions in one orbit block of a layer with g prey on the board: C(F, g). */
export function blockSlots(g: i32): i32 {
  return g < 0 || g > F ? 0 : <i32>cb(F, g);
}
/** Bytes of one orbit block (nibbles, rounded up to a whole byte). */
export function blockBytes(g: i32): i32 {
  return (blockSlots(g) + 1) >> 1;
}
/** Bytes of a whole layer with g prey on the board. */
export function layerBytes(g: i32): f64 {
  return <f64>orbits * <f64>blockBytes(g);
}

/** Allocates the per-thread scratch once (call on the builder's instance before the threads start work). */
export function prepare(threads: i32): i32 {
  if (threads < 1 || threads > 64) return -1;
  const need = SCRATCH_BYTES * <usize>threads;
  if (<usize>getP(P_SCRATCH_BYTES) < need) {
    atomic.store<u64>(cell(P_SCRATCH), <u64>heap.alloc(need));
    atomic.store<u64>(cell(P_SCRATCH_BYTES), <u64>need);
  }
  return 0;
}

/**
 * Allocates a layer buffer of `bytes` (host-managed; the stub runtime never frees, so the host reuses them); 0 when the
 * 4 GiB address space cannot hold it.
 */
export function allocSlab(bytes: f64): usize {
  if (bytes <= 0 || bytes >= 1073741824) return 0;
  // the 32-bit address space ends at 4 GiB: refuse before the allocator's end pointer would wrap
  if (<f64>((<u64>memory.size()) << 16) + bytes + 131072 > 4294967296.0) return 0;
  return heap.alloc(<usize>bytes);
}

/**
 * Sets the parameters of the next step (builder's instance): kind, destination layer (g prey on the
 * board, c captured), sources, KMAX; for KIND_CONVERT `k` is the captures-to-win of the loaded
 * movement tablebase and `init` 1 for the first k of a layer. Clears the counters and histogram.
 */
export function begin(
  kind: i32,
  dst: usize,
  src: usize,
  src2: usize,
  g: i32,
  c: i32,
  kmax: i32,
  k: i32,
  init: i32,
): i32 {
  if (orbits == 0 || F > 21 || g < 0 || g > F || kmax < 1 || kmax > 7 || c < 0 || c >= kmax) return -1;
  if (kind == KIND_G && g + 1 > F) return -1;
  atomic.store<u64>(cell(P_KIND), <u64>kind);
  atomic.store<u64>(cell(P_DST), <u64>dst);
  atomic.store<u64>(cell(P_SRC), <u64>src);
  atomic.store<u64>(cell(P_SRC2), <u64>src2);
  atomic.store<u64>(cell(P_G), <u64>g);
  atomic.store<u64>(cell(P_C), <u64>c);
  atomic.store<u64>(cell(P_KMAX), <u64>kmax);
  atomic.store<u64>(cell(P_K), <u64>k);
  atomic.store<u64>(cell(P_INIT), <u64>init);
  atomic.store<u64>(cell(P_NEXT), 0);
  atomic.store<u64>(cell(P_DONE), 0);
  atomic.store<u64>(cell(P_ERROR), 0);
  for (let i = 0; i < 16; i++) atomic.store<u64>(cell(P_HIST + i), 0);
  return 0;
}

/** Distinct (canonical) positions of the last step with nibble value v (0..15). */
export function histogram(v: i32): f64 {
  return v < 0 || v > 15 ? -1 : <f64>getP(P_HIST + v);
}
/** Nonzero if the last step met an inconsistency (an unused movement-tablebase slot). */
export function stepError(): i32 {
  return <i32>getP(P_ERROR);
}

// ---- per-thread state ----
let scratch: usize = 0;
let nMoves = 0;

/** Builds the table mapping prey bits of orbit o's frame through `single` (u32[F]) into chunk tables at pt. */
function buildChunks(pt: usize, single: usize): void {
  for (let h = 0; h < 3; h++) {
    const base = pt + <usize>(h * 128 * 4);
    store<u32>(base, 0);
    for (let v = 1; v < 128; v++) {
      const low = <i32>ctz(v);
      const q = 7 * h + low;
      const bitImg = q < F ? load<u32>(single + ((<usize>q) << 2)) : 0;
      store<u32>(base + ((<usize>v) << 2), load<u32>(base + ((<usize>(v & (v - 1))) << 2)) | bitImg);
    }
  }
}

// @ts-ignore: decorator
@inline function mapChunks(pt: usize, m: u32): u32 {
  return (
    load<u32>(pt + ((m & 127) << 2)) |
    load<u32>(pt + 512 + (((m >> 7) & 127) << 2)) |
    load<u32>(pt + 1024 + ((m >> 14) << 2))
  );
}

/**
 * The hunters' moves from orbit o's representative, as records: kind (0 slide, 1 capture, 2 capture that
 * wins), the bit that must be clear (slide: the destination) or set (capture: the jumped prey), the bit
 * that must be clear (capture: the landing), the successor block's address, and the table mapping the
 * prey set into the successor's frame.
 */
function buildMoves(o: i32, src: usize, src2: usize, g: i32, winCapture: bool): void {
  const h = repOf(o);
  const recs = scratch;
  const tables = scratch + MAX_MOVES * REC_BYTES;
  const single = tables + MAX_MOVES * PT_BYTES; // u32[F] temp (the expansion table's space)
  nMoves = 0;
  for (let hm = h; hm != 0; hm &= hm - 1) {
    const t = <i32>ctz(hm);
    for (let d = 0; d < 8; d++) {
      const nb = <i32>ld(NB, t * 8 + d);
      if (nb < 0 || (h >> nb) & 1) continue;
      for (let kind = 0; kind < 2; kind++) {
        let to = nb,
          removed = -1;
        if (kind == 1) {
          to = <i32>ld(JL, t * 8 + d);
          if (to < 0 || (h >> to) & 1) continue;
          removed = freeNumber(o, nb);
        }
        const rec = recs + <usize>(nMoves * REC_BYTES);
        const qn = freeNumber(o, nb);
        if (kind == 0) {
          store<u32>(rec, 0);
          store<u32>(rec, 1 << qn, 4);
          store<u32>(rec, 0, 8);
        } else {
          store<u32>(rec, winCapture ? 2 : 1);
          store<u32>(rec, 1 << qn, 4);
          store<u32>(rec, 1 << freeNumber(o, to), 8);
        }
        const pt = tables + <usize>(nMoves * PT_BYTES);
        store<u32>(rec, <u32>pt, 16);
        if (kind == 1 && winCapture) {
          nMoves++;
          continue;
        }
        const nh = (h ^ ((<u32>1) << t)) | ((<u32>1) << to);
        const r = rankSet(nh);
        const o2 = orbitOfRank(r);
        const s = <i32>ctz(symsOfRank(r));
        for (let q = 0; q < F; q++) {
          let img: u32 = 0;
          if (q != removed) {
            const P = freePoint(o, q);
            const q2 = freeNumber(o2, <i32>ld(SYM_IN, s * MAX_POINTS + P));
            if (q2 >= 0) img = (<u32>1) << q2;
          }
          store<u32>(single + ((<usize>q) << 2), img);
        }
        buildChunks(pt, single);
        const gg = kind == 0 ? g : g - 1;
        store<u32>(rec, <u32>((kind == 0 ? src : src2) + <usize>o2 * <usize>blockBytes(gg)), 12);
        nMoves++;
      }
    }
  }
}

/** The expansion table of orbit o (prey bits in free-point numbers -> board bits) at `pt`. */
function buildExpansion(o: i32, pt: usize, single: usize): void {
  for (let q = 0; q < F; q++) store<u32>(single + ((<usize>q) << 2), (<u32>1) << freePoint(o, q));
  buildChunks(pt, single);
}

// @ts-ignore: decorator
@inline function nib(base: usize, r: u32): u32 {
  return ((<u32>load<u8>(base + (r >> 1))) >> ((r & 1) << 2)) & 15;
}

function runBlock(o: i32, kind: i32): void {
  const g = <i32>getP(P_G),
    c = <u32>getP(P_C),
    kmax = <u32>getP(P_KMAX);
  const dst = <usize>getP(P_DST) + <usize>o * <usize>blockBytes(g);
  const src = <usize>getP(P_SRC),
    src2 = <usize>getP(P_SRC2);
  const count = blockSlots(g);
  const hist = scratch + MAX_MOVES * REC_BYTES + MAX_MOVES * PT_BYTES + PT_BYTES;
  memory.fill(hist, 0, 64);
  const expand = scratch + MAX_MOVES * REC_BYTES + (MAX_MOVES - 1) * PT_BYTES; // last move table's slot
  const single = scratch + MAX_MOVES * REC_BYTES + MAX_MOVES * PT_BYTES;
  const h = repOf(o);
  const stab = symsOfRank(rankSet(h)) & ~1; // symmetries other than the identity fixing the representative
  const recs = scratch;
  let movesN = 0;
  let srcBlock: usize = 0;
  let tbBase: usize = 0,
    sideOff: i32 = 0,
    perOrbit: u32 = 0,
    freeAll: u32 = 0,
    k: u32 = 0,
    init = false;
  if (kind == KIND_T) {
    buildMoves(o, src, src2, g, c + 1 >= kmax);
    movesN = nMoves;
    if (movesN > MAX_MOVES - 1) {
      atomic.store<u64>(cell(P_ERROR), 2);
      return;
    }
  } else if (kind == KIND_G) {
    srcBlock = src + <usize>o * <usize>blockBytes(g + 1);
  } else {
    prepareHunters(h);
    const E = F - g;
    tbBase = layerPtr(<i32>c);
    sideOff = slotsPerSide(E);
    perOrbit = binom(F, E);
    k = <u32>getP(P_K);
    init = getP(P_INIT) != 0;
  }
  if (kind == KIND_CONVERT || stab != 0) buildExpansion(o, expand, single);
  if (kind == KIND_CONVERT) freeAll = mapChunks(expand, ((<u32>1) << (<u32>F)) - 1);
  const fullF: u32 = ((<u32>1) << (<u32>F)) - 1;
  let m: u32 = g == 0 ? 0 : ((<u32>1) << (<u32>g)) - 1;
  let acc: u32 = 0;
  for (let i = 0; i < count; i++) {
    let v: u32;
    if (kind == KIND_T) {
      v = c | 8;
      for (let j = 0; j < movesN; j++) {
        const rec = recs + <usize>(j * REC_BYTES);
        const mk = load<u32>(rec);
        const t1 = load<u32>(rec, 4);
        if (mk == 0) {
          if (m & t1) continue;
        } else {
          if (!(m & t1) || m & load<u32>(rec, 8)) continue;
          if (mk == 2) {
            v = kmax;
            break;
          }
        }
        const mm = mapChunks(<usize>load<u32>(rec, 16), m);
        const x = nib(<usize>load<u32>(rec, 12), rank21(mm));
        const xv = x & 7;
        v = (xv > (v & 7) ? xv : v & 7) | (v & x & 8);
        if (v == kmax) break;
      }
    } else if (kind == KIND_G) {
      // rank(m + q) changes only q's chunk and shifts the chunks above by one set bit: the chunk sums
      // are computed once per position, then each placement costs one table read
      const a = m & 127,
        b = (m >> 7) & 127,
        cc = m >> 14;
      const pa = <i32>popcnt(a),
        pab = pa + <i32>popcnt(b);
      const r0 = ld(RK, <i32>a),
        r1 = ld(RK, B1 + <i32>b * J1 + pa),
        r2 = ld(RK, B2 + <i32>cc * J2 + pab);
      const r1s = ld(RK, B1 + <i32>b * J1 + pa + 1),
        r2s = ld(RK, B2 + <i32>cc * J2 + pab + 1);
      v = 7;
      let gw: u32 = 0;
      let base = r1s + r2s;
      for (let e = ~a & fullF & 127; e != 0; e &= e - 1) {
        const x = nib(srcBlock, base + ld(RK, <i32>(a | (e & (~e + 1)))));
        const xv = x & 7;
        if (xv < v) v = xv;
        gw |= x;
      }
      base = r0 + r2s;
      for (let e = ~b & (fullF >> 7) & 127; e != 0; e &= e - 1) {
        const x = nib(srcBlock, base + ld(RK, B1 + <i32>(b | (e & (~e + 1))) * J1 + pa));
        const xv = x & 7;
        if (xv < v) v = xv;
        gw |= x;
      }
      base = r0 + r1;
      for (let e = ~cc & (fullF >> 14); e != 0; e &= e - 1) {
        const x = nib(srcBlock, base + ld(RK, B2 + <i32>(cc | (e & (~e + 1))) * J2 + pab));
        const xv = x & 7;
        if (xv < v) v = xv;
        gw |= x;
      }
      v |= gw & 8;
    } else {
      const g25 = mapChunks(expand, m);
      const slot = sideOff + slotOfPrepared(freeAll & ~g25, perOrbit);
      const val = <u32>load<u16>(tbBase + ((<usize>slot) << 1));
      if (val == 0xffff) atomic.store<u64>(cell(P_ERROR), 1);
      v = init ? c : nib(dst, <u32>i);
      if (val != 0 && (val & 1) == 0) v = (v & 8) | k; // dtm odd: the hunters (to move) win
      if (k == kmax) v = (v & 7) | (val != 0 && (val & 1) == 1 ? 8 : 0);
    }
    // write the nibble; count it if the position is the canonical image
    if (i & 1) store<u8>(dst + ((<usize>i) >> 1), <u8>(acc | (v << 4)));
    else acc = v;
    let canonical = true;
    if (stab != 0) {
      const g25 = mapChunks(expand, m);
      for (let s = stab; s != 0; s &= s - 1)
        if (mapBits(<i32>ctz(s), g25) < g25) {
          canonical = false;
          break;
        }
    }
    if (canonical) {
      const hp = hist + ((<usize>v) << 2);
      store<u32>(hp, load<u32>(hp) + 1);
    }
    if (g > 0 && i + 1 < count) {
      const lo = m & (~m + 1),
        r = m + lo;
      m = (((r ^ m) >> 2) >> ctz(lo)) | r;
    }
  }
  if (count & 1) store<u8>(dst + ((<usize>(count - 1)) >> 1), <u8>acc);
  for (let v = 0; v < 16; v++) {
    const n = load<u32>(hist + ((<usize>v) << 2));
    if (n) atomic.add<u64>(cell(P_HIST + v), <u64>n);
  }
}

/**
 * Runs the current step's share of this thread (0 = the builder's instance, which reports progress):
 * claims orbit blocks until none is left. Returns the number of blocks this thread did, or -1.
 */
export function work(thread: i32): i32 {
  const base = <usize>getP(P_SCRATCH);
  if (base == 0 || <usize>(thread + 1) * SCRATCH_BYTES > <usize>getP(P_SCRATCH_BYTES)) return -1;
  scratch = base + <usize>thread * SCRATCH_BYTES;
  const kind = <i32>getP(P_KIND);
  let n = 0;
  while (true) {
    const o = <i32>atomic.add<u64>(cell(P_NEXT), 1);
    if (o >= orbits) break;
    runBlock(o, kind);
    n++;
    const done = atomic.add<u64>(cell(P_DONE), 1) + 1;
    if (thread == 0) hostProgress(3, <f64>done, <f64>orbits);
  }
  return n;
}

/**
 * Slot (nibble index) in a layer with g prey on the board of the position with hunters h and prey
 * `prey` (board bitmasks, any frame): orbit block, then the colex rank of the prey mapped to the
 * representative's frame. -1 if the sets overlap or the counts do not match.
 */
export function slotOf(h: u32, prey: u32, g: i32): f64 {
  if ((h & prey) != 0 || <i32>popcnt(h) != K || <i32>popcnt(prey) != g || g > F) return -1;
  const r = rankSet(h);
  const o = orbitOfRank(r);
  const s = <i32>ctz(symsOfRank(r));
  const img = mapBits(s, prey);
  let x: u32 = 0;
  for (let b = img; b != 0; b &= b - 1) x |= (<u32>1) << freeNumber(o, <i32>ctz(b));
  return <f64>o * <f64>(blockBytes(g) * 2) + <f64>rank21(x);
}

/** The nibble at `slot` of the layer at `ptr`. */
export function valueAt(ptr: usize, slot: f64): i32 {
  return slot < 0 ? -1 : <i32>nib(ptr, <u32>slot);
}
