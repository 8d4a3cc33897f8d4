// Retrograde analysis of the movement phase, one layer (prey captured = c) at a time from the most
// captures down: a capture leads to layer c + 1, already solved; captures-to-win captures end the game.
//
// Values (u16 per slot): 0 = draw (or not yet resolved), 0xFFFF = unused slot (non-canonical image),
// otherwise dtm + 1, where dtm = plies to the end of the game with best play (the winner hurries, the
// loser delays). The side to move wins iff dtm is odd.
//
// Algorithm: a breadth-first pass by dtm level. Every position starts with a counter of its distinct
// in-layer successors, +1 if some capture leads to a successor that is not a win for the opponent (a
// draw or a win for the capturer), which blocks "every move loses". Level 0: positions whose side to
// move has no move. A position resolved at level L as a loss makes every in-layer predecessor a win at
// L + 1; as a win, it decrements each predecessor's counter, and a counter reaching 0 makes that
// predecessor a loss at max(L + 1, its longest capture line). Capture successors (layer c + 1) enter
// as seeds at their own level. Cycles never resolve: draws. Successors and predecessors are counted by
// distinct canonical slot, so symmetric moves count once.
//
// Threads: the layer is solved in phases that several core instances sharing one memory can run at
// once (prepareLayer on one instance; beginThread, pass1 over its share of the hunter orbits, then
// level by level runLevel, with a barrier between levels kept by the host; finishLayer on one instance).
// Each thread queues what it finds in its own buckets; counters, the win flag and values are claimed
// with atomic read-modify-writes, so two threads never both resolve a position. Reads of values that
// race with a claim are benign: a stale 0 only queues a duplicate that the claim later rejects.
// Nothing here allocates after prepareLayer: the per-thread buckets and scratch come out of one pool
// region by an atomic bump (the instances' allocators are not shared).
import { ld, low32, fromLow32 } from '../bits';
import { STEP, jumpLandings, midOf, nPoints } from '../board';
import { target0 as capturesToWin } from '../rules';
import {
  slotOf,
  slotsPerSide,
  isCanonical,
  unrankEmpties,
  repOf,
  binom,
  F,
  orbits,
  prepareHunters,
  slotOfPrepared,
  freePoint,
} from './index';

/** Progress of a layer: pass 1 (counting; done/total slots) or 2 (propagation; resolved so far, level). */
@external("env", "tbProgress") declare function hostProgress(pass: i32, done: f64, total: f64): void;

export const UNUSED: u16 = 0xffff;
export const MAX_LAYERS: i32 = 8;
/** Deepest dtm level the buckets hold (Bagh Chal's deepest is 137). */
export const MAX_LEVEL: i32 = 16000;

/** Values of each layer: pointer to u16[2 * perSide] (side-major: goats to move first). 0 = not present. */
const LAYER_PTR = new StaticArray<usize>(MAX_LAYERS);
/** Per-layer statistics of the last finished layer: per side distinct, wins, losses, draws. */
export const STATS = new StaticArray<f64>(8);

// Shared cells (static memory, the same address in every instance): the layer being solved, the
// counters, and the pool region with its atomic bump pointer.
const SHARED = new StaticArray<u32>(8);
const S_LAYER = 0,
  S_COUNT = 1,
  S_POOL = 2,
  S_POOL_END = 3,
  S_BUMP = 4,
  S_ERROR = 5,
  S_THREADS = 6;

const PREY_TOTAL_BOX = new StaticArray<i32>(1);
/** Number of prey in a full set (Bagh Chal 20); with K hunters, empties = F - (preyTotal - c). */
export function setPreyTotal(n: i32): void {
  unchecked((PREY_TOTAL_BOX[0] = n));
}
// @ts-ignore: decorator
@inline export function emptiesOf(c: i32): i32 {
  return F - (unchecked(PREY_TOTAL_BOX[0]) - c);
}

let countCap: usize = 0,
  poolCap: usize = 0;

function allocLayer(c: i32, per: i32): usize {
  if (ld(LAYER_PTR, c) == 0) {
    const p = heap.alloc(<usize>per * 4);
    memory.fill(p, 0, <usize>per * 4);
    unchecked((LAYER_PTR[c] = p));
  }
  return ld(LAYER_PTR, c);
}

/** Pointer to layer c's values (allocating it on first use); the host fills it when loading a file. */
export function layerBuffer(c: i32): usize {
  if (c < 0 || c >= MAX_LAYERS || orbits == 0) return 0;
  const E = emptiesOf(c);
  if (E < 1 || E > 8) return 0;
  return allocLayer(c, slotsPerSide(E));
}
export function layerSlots(c: i32): i32 {
  return 2 * slotsPerSide(emptiesOf(c));
}
export function layerPtr(c: i32): usize {
  return c >= 0 && c < MAX_LAYERS ? ld(LAYER_PTR, c) : 0;
}
export function stat(i: i32): f64 {
  return i >= 0 && i < 8 ? unchecked(STATS[i]) : -1;
}

// ---- this thread's state ----
let full: u32 = 0;
let curC: i32 = 0,
  curPer: i32 = 0,
  curPerOrbit: u32 = 0,
  curBase: usize = 0,
  countPtr: usize = 0;
let nextBase: usize = 0,
  nextPerOrbit: u32 = 0,
  captureWins = false;

// Level buckets: chunked lists, chunks recycled through this thread's free list. A chunk holds CH u32
// words; word 0 links to the next chunk. HEAD/TAIL/FILL: per level, in this thread's scratch.
const CH: i32 = 4096;
let headPtr: usize = 0,
  tailPtr: usize = 0,
  fillPtr: usize = 0;
let seenPtr: usize = 0,
  hkeyPtr: usize = 0,
  hstampPtr: usize = 0;
let freeChunks: usize = 0;
let maxPushed: i32 = -1;
let stamp: u32 = 0;

/** Bytes from the shared pool (atomic bump); 0 and the error flag when it runs out. */
function poolTake(bytes: usize): usize {
  const at = <usize>atomic.add<u32>(changetype<usize>(SHARED) + (S_BUMP << 2), <u32>bytes);
  if (at + bytes > <usize>unchecked(SHARED[S_POOL_END])) {
    atomic.store<u32>(changetype<usize>(SHARED) + (S_ERROR << 2), 1);
    return 0;
  }
  return at;
}

function newChunk(): usize {
  let c = freeChunks;
  if (c != 0) freeChunks = <usize>load<u32>(c);
  else c = poolTake((<usize>CH) << 2);
  if (c != 0) store<u32>(c, 0);
  return c;
}

// @ts-ignore: decorator
@inline function headOf(L: i32): usize {
  return <usize>load<u32>(headPtr + ((<usize>L) << 2));
}
// @ts-ignore: decorator
@inline function tailOf(L: i32): usize {
  return <usize>load<u32>(tailPtr + ((<usize>L) << 2));
}
// @ts-ignore: decorator
@inline function fillOf(L: i32): i32 {
  return load<i32>(fillPtr + ((<usize>L) << 2));
}

/** Queues slot v (bit 31: 1 = win, 0 = loss) for level L in this thread's buckets. */
function push(L: i32, v: u32): void {
  if (L > MAX_LEVEL) {
    atomic.store<u32>(changetype<usize>(SHARED) + (S_ERROR << 2), 2);
    return;
  }
  let t = tailOf(L);
  if (t == 0) {
    t = newChunk();
    if (t == 0) return;
    store<u32>(headPtr + ((<usize>L) << 2), <u32>t);
    store<u32>(tailPtr + ((<usize>L) << 2), <u32>t);
    store<i32>(fillPtr + ((<usize>L) << 2), 1);
  } else if (fillOf(L) == CH) {
    const n = newChunk();
    if (n == 0) return;
    store<u32>(t, <u32>n);
    store<u32>(tailPtr + ((<usize>L) << 2), <u32>n);
    store<i32>(fillPtr + ((<usize>L) << 2), 1);
    t = n;
  }
  const f = fillOf(L);
  store<u32>(t + ((<usize>f) << 2), v);
  store<i32>(fillPtr + ((<usize>L) << 2), f + 1);
  if (L > maxPushed) maxPushed = L;
}

// @ts-ignore: decorator
@inline function val(base: usize, slot: i32): u16 {
  return load<u16>(base + ((<usize>slot) << 1));
}
// @ts-ignore: decorator
@inline function setVal(base: usize, slot: i32, v: u16): void {
  store<u16>(base + ((<usize>slot) << 1), v);
}
/** Claims an unresolved slot for value v; false if another thread (or an earlier entry) resolved it. */
/** True when several threads solve the layer: only then are atomic read-modify-writes needed. */
let threaded = false;
// @ts-ignore: decorator
@inline function claim(slot: i32, v: u16): bool {
  const p = curBase + ((<usize>slot) << 1);
  if (!threaded) {
    if (load<u16>(p) != 0) return false;
    store<u16>(p, v);
    return true;
  }
  return atomic.cmpxchg<u16>(p, 0, v) == 0;
}
// @ts-ignore: decorator
@inline function setCnt(slot: i32, v: u8): void {
  store<u8>(countPtr + <usize>slot, v);
}
const WIN_QUEUED: u8 = 0xff;
/** Marks q as queued for a win unless it already is; true if this call marked it. */
function markWin(q: i32): bool {
  const p = countPtr + <usize>q;
  if (!threaded) {
    if (load<u8>(p) == WIN_QUEUED) return false;
    store<u8>(p, WIN_QUEUED);
    return true;
  }
  while (true) {
    const k = atomic.load<u8>(p);
    if (k == WIN_QUEUED) return false;
    if (atomic.cmpxchg<u8>(p, k, WIN_QUEUED) == k) return true;
  }
}
/** Decrements q's counter unless it is queued or zero; returns the new value, or -1 if untouched. */
function decrement(q: i32): i32 {
  const p = countPtr + <usize>q;
  if (!threaded) {
    const k = load<u8>(p);
    if (k == WIN_QUEUED || k == 0) return -1;
    store<u8>(p, k - 1);
    return <i32>k - 1;
  }
  while (true) {
    const k = atomic.load<u8>(p);
    if (k == WIN_QUEUED || k == 0) return -1;
    if (atomic.cmpxchg<u8>(p, k, k - 1) == k) return <i32>k - 1;
  }
}

// The distinct-slot set of one position's successors/predecessors: SEEN[0..n) in insertion order, and
// an open-addressing hash (HKEY/HSTAMP, 256 buckets) whose entries count only under the current stamp,
// so clearing it is bumping the stamp.
// @ts-ignore: decorator
@inline function seen(i: i32): i32 {
  return load<i32>(seenPtr + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function newSet(): void {
  stamp++;
  if (stamp == 0) {
    memory.fill(hstampPtr, 0, 1024);
    stamp = 1;
  }
}
/** Adds s to the set if absent; returns the new size. */
// @ts-ignore: decorator
@inline function addDistinct(n: i32, s: i32): i32 {
  let i = (<u32>s * 0x9e3779b1) >> 24;
  while (load<u32>(hstampPtr + ((<usize>i) << 2)) == stamp) {
    if (load<i32>(hkeyPtr + ((<usize>i) << 2)) == s) return n;
    i = (i + 1) & 255;
  }
  store<u32>(hstampPtr + ((<usize>i) << 2), stamp);
  store<i32>(hkeyPtr + ((<usize>i) << 2), s);
  store<i32>(seenPtr + ((<usize>n) << 2), s);
  return n + 1;
}

let capWin: i32 = 0,
  capLongest: i32 = 0,
  capBlock = false,
  capAny = false;
function scanCaptures(h: u32, e: u32): void {
  capWin = 0;
  capLongest = 0;
  capBlock = false;
  capAny = false;
  const prey = full & ~(h | e);
  for (let f = h; f != 0; f &= f - 1) {
    const t = <i32>ctz(f);
    for (let l = low32(jumpLandings(t, fromLow32(prey), fromLow32(e))); l != 0; l &= l - 1) {
      capAny = true;
      const to = <i32>ctz(l);
      if (captureWins) {
        capWin = 1;
        continue;
      } // the capture ends the game: win in 1
      const m = midOf(t, to);
      const h2 = h ^ ((<u32>1) << (<u32>t)) ^ ((<u32>1) << (<u32>to));
      const e2 = (e ^ ((<u32>1) << (<u32>to))) | ((<u32>1) << (<u32>t)) | ((<u32>1) << (<u32>m));
      const v = <i32>val(nextBase, slotOf(h2, e2, nextPerOrbit)); // goats to move: side 0
      if (v == 0) {
        capBlock = true;
        continue;
      }
      const dtm = v - 1;
      if ((dtm & 1) == 0) {
        if (capWin == 0 || dtm + 1 < capWin) capWin = dtm + 1;
      } // goats lose
      else if (dtm + 1 > capLongest) capLongest = dtm + 1; // goats win
    }
  }
}

function successors(h: u32, e: u32, side: i32): i32 {
  let n = 0;
  newSet();
  const prey = full & ~(h | e);
  const childSide = (side ^ 1) * curPer;
  if (side == 0) {
    prepareHunters(h);
    for (let x = e; x != 0; x &= x - 1) {
      const to = <i32>ctz(x);
      for (let g = low32(ld(STEP, to)) & prey; g != 0; g &= g - 1) {
        const from = <i32>ctz(g);
        n = addDistinct(
          n,
          childSide + slotOfPrepared(e ^ ((<u32>1) << (<u32>to)) ^ ((<u32>1) << (<u32>from)), curPerOrbit),
        );
      }
    }
  } else {
    for (let f = h; f != 0; f &= f - 1) {
      const t = <i32>ctz(f);
      for (let u = low32(ld(STEP, t)) & e; u != 0; u &= u - 1) {
        const to = <i32>ctz(u);
        const mv = ((<u32>1) << (<u32>t)) | ((<u32>1) << (<u32>to));
        n = addDistinct(n, childSide + slotOf(h ^ mv, e ^ mv, curPerOrbit));
      }
    }
  }
  return n;
}
function predecessors(h: u32, e: u32, side: i32): i32 {
  let n = 0;
  newSet();
  const prey = full & ~(h | e);
  const parentSide = (side ^ 1) * curPer;
  if (side == 1) {
    // goats just stepped g <- u: un-step the goat from g back to an empty u
    prepareHunters(h);
    for (let x = e; x != 0; x &= x - 1) {
      const u = <i32>ctz(x);
      for (let g = low32(ld(STEP, u)) & prey; g != 0; g &= g - 1) {
        const mv = ((<u32>1) << (<u32>u)) | ((<u32>1) << (<u32>ctz(g)));
        n = addDistinct(n, parentSide + slotOfPrepared(e ^ mv, curPerOrbit));
      }
    }
  } else {
    // a tiger just stepped: un-step it
    for (let f = h; f != 0; f &= f - 1) {
      const t = <i32>ctz(f);
      for (let u = low32(ld(STEP, t)) & e; u != 0; u &= u - 1) {
        const mv = ((<u32>1) << (<u32>t)) | ((<u32>1) << (<u32>ctz(u)));
        n = addDistinct(n, parentSide + slotOf(h ^ mv, e ^ mv, curPerOrbit));
      }
    }
  }
  return n;
}

let decH: u32 = 0,
  decE: u32 = 0,
  decSide: i32 = 0;
function decodeSlot(slot: i32): void {
  decSide = slot >= curPer ? 1 : 0;
  const s = slot - decSide * curPer;
  const orbit = <i32>(<u32>s / curPerOrbit);
  const r = <u32>s - <u32>orbit * curPerOrbit;
  decH = repOf(orbit);
  decE = unrankEmpties(orbit, emptiesOf(curC), r);
}

/**
 * Phase 0, on one instance: allocates layer c's values, the counters and the pool (for the buckets of
 * up to `threads` threads), and publishes them in the shared cells. Returns 0, or -1 if setup is
 * missing (index, or layer c + 1 when c + 1 < captures-to-win).
 */
export function prepareLayer(c: i32, threads: i32): i32 {
  if (orbits == 0 || c < 0 || c >= capturesToWin || c >= MAX_LAYERS) return -1;
  const E = emptiesOf(c);
  if (E < 1 || E > 8) return -1;
  if (c + 1 < capturesToWin && ld(LAYER_PTR, c + 1) == 0) return -1;
  const per = slotsPerSide(E);
  const base = allocLayer(c, per);
  const total = <usize>(2 * per);
  memory.fill(base, 0, total << 1);
  if (total > countCap) {
    unchecked((SHARED[S_COUNT] = <u32>heap.alloc(total)));
    countCap = total;
  }
  // each position is queued at most twice (a capture seed and one in-layer entry): 8 bytes a slot,
  // plus one chunk per level per thread of slack and the per-thread scratch
  const scratch = <usize>(MAX_LEVEL + 2) * 12 + 3 * 1024 + 64;
  const need = total * 8 + <usize>threads * (scratch + ((<usize>CH) << 2) * 256);
  if (need > poolCap) {
    unchecked((SHARED[S_POOL] = <u32>heap.alloc(need)));
    poolCap = need;
  }
  unchecked((SHARED[S_POOL_END] = SHARED[S_POOL] + <u32>poolCap));
  unchecked((SHARED[S_BUMP] = SHARED[S_POOL]));
  unchecked((SHARED[S_ERROR] = 0));
  unchecked((SHARED[S_LAYER] = <u32>c));
  unchecked((SHARED[S_THREADS] = <u32>threads));
  for (let i = 0; i < 8; i++) unchecked((STATS[i] = 0));
  return 0;
}

/** Phase 1, on every thread: takes this thread's scratch from the pool and reads the layer's setup. */
export function beginThread(): i32 {
  const c = <i32>unchecked(SHARED[S_LAYER]);
  threaded = unchecked(SHARED[S_THREADS]) > 1;
  full = nPoints >= 32 ? 0xffffffff : ((<u32>1) << (<u32>nPoints)) - 1;
  curC = c;
  curPerOrbit = binom(F, emptiesOf(c));
  curPer = orbits * <i32>curPerOrbit;
  curBase = ld(LAYER_PTR, c);
  countPtr = <usize>unchecked(SHARED[S_COUNT]);
  captureWins = c + 1 >= capturesToWin;
  if (!captureWins) {
    nextBase = ld(LAYER_PTR, c + 1);
    nextPerOrbit = binom(F, emptiesOf(c + 1));
  }
  const lv = (<usize>(MAX_LEVEL + 2)) << 2;
  headPtr = poolTake(lv);
  tailPtr = poolTake(lv);
  fillPtr = poolTake(lv);
  seenPtr = poolTake(1024);
  hkeyPtr = poolTake(1024);
  hstampPtr = poolTake(1024);
  if (hstampPtr == 0 || curBase == 0) return -1;
  memory.fill(headPtr, 0, lv);
  memory.fill(tailPtr, 0, lv);
  memory.fill(fillPtr, 0, lv);
  memory.fill(hstampPtr, 0, 1024);
  stamp = 0;
  freeChunks = 0;
  maxPushed = -1;
  return 0;
}

/**
 * Phase 2, on every thread: counters and seeds for the hunter orbits o with o % threads == thread
 * (both sides to move). Returns the deepest level queued so far, or -1 for none.
 */
export function pass1(thread: i32, threads: i32): i32 {
  const E = emptiesOf(curC);
  const total = 2 * curPer;
  let done = 0;
  for (let side = 0; side < 2; side++) {
    for (let orbit = thread; orbit < orbits; orbit += threads) {
      const h = repOf(orbit);
      // the empties in colex order = rank order: Gosper's next combination on the compressed mask
      let comp: u32 = ((<u32>1) << (<u32>E)) - 1;
      for (let r: u32 = 0; r < curPerOrbit; r++) {
        const slot = side * curPer + orbit * <i32>curPerOrbit + <i32>r;
        if ((++done & 0xfffff) == 0) hostProgress(1, <f64>done * <f64>threads, <f64>total);
        let e: u32 = 0;
        for (let m = comp; m != 0; m &= m - 1) e |= (<u32>1) << (<u32>freePoint(orbit, <i32>ctz(m)));
        const low = comp & (~comp + 1),
          ripple = comp + low;
        comp = (((ripple ^ comp) >> 2) / low) | ripple;
        if (!isCanonical(orbit, e)) {
          setVal(curBase, slot, UNUSED);
          setCnt(slot, 0);
          continue;
        }
        let n = successors(h, e, side);
        let block = 0;
        if (side == 1) {
          scanCaptures(h, e);
          if (capWin > 0) push(capWin, slot | 0x80000000);
          if (capBlock || capWin > 0) block = 1; // a capture that does not lose: never "every move loses"
          if (n == 0 && !capAny) {
            push(0, slot);
            setCnt(slot, 0);
            continue;
          }
          if (n == 0 && capWin == 0 && !capBlock) {
            push(capLongest, slot);
            setCnt(slot, 0);
            continue;
          }
        } else if (n == 0) {
          push(0, slot);
          setCnt(slot, 0);
          continue;
        }
        setCnt(slot, <u8>(n + block));
      }
    }
  }
  return maxPushed;
}

/**
 * Phase 3, on every thread, once per level L = 0, 1, ... with a barrier between levels: resolves the
 * positions this thread queued for L and queues their consequences. Returns this thread's deepest
 * queued level (the host stops when every thread's is below the next L), or -2 on overflow.
 */
export function runLevel(L: i32): i32 {
  let resolved: f64 = 0;
  let chunk = headOf(L);
  const tail = tailOf(L);
  const tailFill = fillOf(L);
  while (chunk != 0) {
    const next = <usize>load<u32>(chunk);
    const fill = chunk == tail ? tailFill : CH;
    for (let i = 1; i < fill; i++) {
      const v = load<u32>(chunk + ((<usize>i) << 2));
      const slot = <i32>(v & 0x7fffffff);
      if (!claim(slot, <u16>(L + 1))) continue;
      const win = v >> 31 != 0;
      resolved++;
      if (((<i64>resolved) & 0x3ffff) == 0) hostProgress(2, resolved, <f64>L);
      decodeSlot(slot);
      const n = predecessors(decH, decE, decSide);
      for (let j = 0; j < n; j++) {
        const q = seen(j);
        if (val(curBase, q) != 0) continue;
        if (!win) {
          if (markWin(q)) push(L + 1, (<u32>q) | 0x80000000);
        } else if (decrement(q) == 0) {
          let lvl = L + 1;
          if (q >= curPer) {
            // tiger to move: its captures may last longer
            decodeSlot(q);
            scanCaptures(decH, decE);
            if (capLongest > lvl) lvl = capLongest;
          }
          push(lvl, <u32>q);
        }
      }
    }
    store<u32>(chunk, <u32>freeChunks);
    freeChunks = chunk;
    chunk = next;
  }
  store<u32>(headPtr + ((<usize>L) << 2), 0);
  store<u32>(tailPtr + ((<usize>L) << 2), 0);
  if (unchecked(SHARED[S_ERROR]) != 0) return -2;
  return maxPushed;
}

/** Phase 4, on one instance: statistics of the finished layer (STATS); returns its largest dtm, or -2 on overflow. */
export function finishLayer(): i32 {
  if (unchecked(SHARED[S_ERROR]) != 0) return -2;
  const total = 2 * curPer;
  let maxDtm = 0;
  for (let i = 0; i < 8; i++) unchecked((STATS[i] = 0));
  for (let slot = 0; slot < total; slot++) {
    const v = <i32>val(curBase, slot);
    if (v == <i32>UNUSED) continue;
    const side = slot >= curPer ? 1 : 0;
    unchecked((STATS[side * 4] += 1));
    if (v == 0) continue;
    if (v - 1 > maxDtm) maxDtm = v - 1;
    if (((v - 1) & 1) == 1) unchecked((STATS[side * 4 + 1] += 1));
    else unchecked((STATS[side * 4 + 2] += 1));
  }
  for (let side = 0; side < 2; side++)
    unchecked((STATS[side * 4 + 3] = STATS[side * 4] - STATS[side * 4 + 1] - STATS[side * 4 + 2]));
  return maxDtm;
}

/** Solves layer c on this instance alone. Returns the largest dtm, or -1 (setup missing) / -2 (overflow). */
export function solveLayer(c: i32): i32 {
  if (prepareLayer(c, 1) != 0) return -1;
  if (beginThread() != 0) return -2;
  let deepest = pass1(0, 1);
  for (let L = 0; L <= deepest; L++) {
    hostProgress(2, 0, <f64>L);
    deepest = runLevel(L);
    if (deepest == -2) return -2;
  }
  return finishLayer();
}

/** Number of distinct (canonical) positions of layer c, both sides, without solving it. */
export function countDistinct(c: i32): f64 {
  const E = emptiesOf(c);
  if (orbits == 0 || E < 1 || E > 8) return -1;
  const perOrbit = binom(F, E);
  let n: f64 = 0;
  for (let orbit = 0; orbit < orbits; orbit++) {
    for (let r: u32 = 0; r < perOrbit; r++) if (isCanonical(orbit, unrankEmpties(orbit, E, r))) n++;
  }
  return 2 * n;
}
