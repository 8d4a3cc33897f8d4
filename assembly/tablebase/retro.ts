// Retrograde analysis of the movement phase, one layer (prey captured = c) at a time from the most
// captures down: a capture leads to layer c + 1, already solved; captures-to-win captures end the game.
//
// Values (u16 per slot): 0 = draw (or not yet resolved), 0xFFFF = unused slot (non-canonical image),
// otherwise dtm + 1, where dtm = plies to the end of the game with best play (the winner hurries, the
// loser delays). The side to move wins iff dtm is odd.
//
// Algorithm: a breadth-first pass by dtm level. Every position starts with a counter of its distinct
// in-layer successors, +1 if some capture leads to a successor that is not a win for the opponent (a
// draw or a win for the capturer), which blocks "every move loses".
// Level 0: positions whose side to move has no move. A position resolved at level L as a loss makes
// every in-layer predecessor a win at L + 1; as a win, it decrements each predecessor's counter, and a
// counter reaching 0 makes that predecessor a loss at max(L + 1, its longest capture line). Capture
// successors (layer c + 1) enter as seeds at their own level. Cycles never resolve: draws.
// Successors and predecessors are counted by distinct canonical slot, so symmetric moves count once.
import { ld } from "../bits";
import { STEP, jumpLandings, midOf, nPoints } from "../board";
import { capturesToWin } from "../position";
import { slotOf, slotsPerSide, isCanonical, unrankEmpties, repOf, binom, F, orbits, prepareHunters, slotOfPrepared, freePoint } from "./index";

/** Progress of solveLayer: pass 1 (counting; done/total slots) or 2 (propagation; resolved so far, level). */
@external("env", "tbProgress") declare function hostProgress(pass: i32, done: f64, total: f64): void;

export const UNUSED: u16 = 0xFFFF;
export const MAX_LAYERS: i32 = 8;
export const MAX_LEVEL: i32 = 65000;

/** Values of each layer: pointer to u16[2 * perSide] (side-major: goats to move first). 0 = not present. */
const LAYER_PTR = new StaticArray<usize>(MAX_LAYERS);
const LAYER_PER_SIDE = new StaticArray<i32>(MAX_LAYERS);
/** Per-layer statistics of the last solve: [distinct, wins, losses, draws] per side. */
export const STATS = new StaticArray<f64>(8);

let countPtr: usize = 0, countCap: usize = 0;

// ---- level buckets: chunked lists, chunks recycled through a free list ----
const CH: i32 = 4096;                         // u32 entries per chunk; entry 0 = next chunk pointer
const HEAD = new StaticArray<usize>(MAX_LEVEL + 2);
const TAIL = new StaticArray<usize>(MAX_LEVEL + 2);
const FILL = new StaticArray<i32>(MAX_LEVEL + 2);
let freeChunks: usize = 0;
let maxPushed: i32 = 0;

function newChunk(): usize {
  let c = freeChunks;
  if (c != 0) freeChunks = <usize>load<u32>(c);
  else c = heap.alloc(<usize>CH << 2);
  store<u32>(c, 0);
  return c;
}

/** Queues slot v (bit 31: 1 = win, 0 = loss) for level L. */
function push(L: i32, v: u32): void {
  if (L > MAX_LEVEL) L = MAX_LEVEL;
  let t = unchecked(TAIL[L]);
  if (t == 0) {
    t = newChunk();
    unchecked(HEAD[L] = t); unchecked(TAIL[L] = t); unchecked(FILL[L] = 1);
  } else if (unchecked(FILL[L]) == CH) {
    const n = newChunk();
    store<u32>(t, <u32>n);
    unchecked(TAIL[L] = n); unchecked(FILL[L] = 1);
    t = n;
  }
  const f = unchecked(FILL[L]);
  store<u32>(t + (<usize>f << 2), v);
  unchecked(FILL[L] = f + 1);
  if (L > maxPushed) maxPushed = L;
}

/** Pointer to layer c's values (allocating it on first use); the host fills it when loading a file. */
export function layerBuffer(c: i32): usize {
  if (c < 0 || c >= MAX_LAYERS || orbits == 0) return 0;
  const E = emptiesOf(c);
  if (E < 1 || E > 8) return 0;
  return allocLayer(c, slotsPerSide(E));
}
const PREY_TOTAL_BOX = new StaticArray<i32>(1);
/** Number of prey in a full set (Bagh Chal 20); with K hunters, empties = F - (preyTotal - c). */
export function setPreyTotal(n: i32): void { unchecked(PREY_TOTAL_BOX[0] = n); }
// @ts-ignore: decorator
@inline export function emptiesOf(c: i32): i32 { return F - (unchecked(PREY_TOTAL_BOX[0]) - c); }

function allocLayer(c: i32, per: i32): usize {
  if (ld(LAYER_PTR, c) == 0) {
    const p = heap.alloc(<usize>per * 4);
    memory.fill(p, 0, <usize>per * 4);
    unchecked(LAYER_PTR[c] = p);
    unchecked(LAYER_PER_SIDE[c] = per);
  }
  return ld(LAYER_PTR, c);
}
export function layerSlots(c: i32): i32 { return 2 * slotsPerSide(emptiesOf(c)); }

// @ts-ignore: decorator
@inline function val(base: usize, slot: i32): u16 { return load<u16>(base + (<usize>slot << 1)); }
// @ts-ignore: decorator
@inline function setVal(base: usize, slot: i32, v: u16): void { store<u16>(base + (<usize>slot << 1), v); }
// @ts-ignore: decorator
@inline function cnt(slot: i32): u8 { return load<u8>(countPtr + <usize>slot); }
// @ts-ignore: decorator
@inline function setCnt(slot: i32, v: u8): void { store<u8>(countPtr + <usize>slot, v); }

const SEEN = new StaticArray<i32>(256);
// The distinct-slot set of one position's successors/predecessors: SEEN[0..n) in insertion order, and
// an open-addressing hash (HKEY/HSTAMP, 256 buckets) whose entries count only under the current stamp,
// so clearing it is bumping the stamp.
const HKEY = new StaticArray<i32>(256);
const HSTAMP = new StaticArray<u32>(256);
let stamp: u32 = 0;
// @ts-ignore: decorator
@inline function newSet(): void {
  stamp++;
  if (stamp == 0) { for (let i = 0; i < 256; i++) unchecked(HSTAMP[i] = 0); stamp = 1; }
}
/** Adds s to the set if absent; returns the new size. */
// @ts-ignore: decorator
@inline function addDistinct(n: i32, s: i32): i32 {
  let i = (<u32>s * 0x9E3779B1) >> 24;
  while (unchecked(HSTAMP[i]) == stamp) {
    if (unchecked(HKEY[i]) == s) return n;
    i = (i + 1) & 255;
  }
  unchecked(HSTAMP[i] = stamp); unchecked(HKEY[i] = s);
  unchecked(SEEN[n] = s);
  return n + 1;
}

let full: u32 = 0;
let curC: i32 = 0, curPer: i32 = 0, curPerOrbit: u32 = 0, curBase: usize = 0;
let nextBase: usize = 0, nextPerOrbit: u32 = 0, nextPer: i32 = 0, captureWins = false;

/**
 * Capture successors of tiger-to-move (h, e): capWin = the quickest win through a capture (0 = none),
 * capLongest = the longest loss through a capture, capBlock = some capture leads to a draw,
 * capAny = there is a capture.
 */
let capWin: i32 = 0, capLongest: i32 = 0, capBlock = false, capAny = false;
function scanCaptures(h: u32, e: u32): void {
  capWin = 0; capLongest = 0; capBlock = false; capAny = false;
  const prey = full & ~(h | e);
  for (let f = h; f != 0; f &= f - 1) {
    const t = <i32>ctz(f);
    for (let l = <u32>jumpLandings(t, <u64>prey, <u64>e); l != 0; l &= l - 1) {
      capAny = true;
      const to = <i32>ctz(l);
      if (captureWins) { capWin = 1; continue; }               // the capture ends the game: win in 1
      const m = midOf(t, to);
      const h2 = h ^ (<u32>1 << <u32>t) ^ (<u32>1 << <u32>to);
      const e2 = (e ^ (<u32>1 << <u32>to)) | (<u32>1 << <u32>t) | (<u32>1 << <u32>m);
      const v = <i32>val(nextBase, slotOf(h2, e2, nextPerOrbit));   // goats to move: side 0
      if (v == 0) { capBlock = true; continue; }
      const dtm = v - 1;
      if ((dtm & 1) == 0) { if (capWin == 0 || dtm + 1 < capWin) capWin = dtm + 1; }  // goats lose
      else if (dtm + 1 > capLongest) capLongest = dtm + 1;                            // goats win
    }
  }
}

/** Distinct in-layer successors of (h, e, side) into SEEN; returns their number. */
function successors(h: u32, e: u32, side: i32): i32 {
  let n = 0;
  newSet();
  const prey = full & ~(h | e);
  const childSide = (side ^ 1) * curPer;
  if (side == 0) {
    prepareHunters(h);
    for (let x = e; x != 0; x &= x - 1) {
      const to = <i32>ctz(x);
      for (let g = <u32>ld(STEP, to) & prey; g != 0; g &= g - 1) {
        const from = <i32>ctz(g);
        n = addDistinct(n, childSide + slotOfPrepared(e ^ (<u32>1 << <u32>to) ^ (<u32>1 << <u32>from), curPerOrbit));
      }
    }
  } else {
    for (let f = h; f != 0; f &= f - 1) {
      const t = <i32>ctz(f);
      for (let u = <u32>ld(STEP, t) & e; u != 0; u &= u - 1) {
        const to = <i32>ctz(u);
        const mv = (<u32>1 << <u32>t) | (<u32>1 << <u32>to);
        n = addDistinct(n, childSide + slotOf(h ^ mv, e ^ mv, curPerOrbit));
      }
    }
  }
  return n;
}

/** Distinct in-layer predecessors (un-moves of the side that just moved) into SEEN. */
function predecessors(h: u32, e: u32, side: i32): i32 {
  let n = 0;
  newSet();
  const prey = full & ~(h | e);
  const parentSide = (side ^ 1) * curPer;
  if (side == 1) {        // goats just stepped g <- u: un-step the goat from g back to an empty u
    prepareHunters(h);
    for (let x = e; x != 0; x &= x - 1) {
      const u = <i32>ctz(x);
      for (let g = <u32>ld(STEP, u) & prey; g != 0; g &= g - 1) {
        const mv = (<u32>1 << <u32>u) | (<u32>1 << <u32>ctz(g));
        n = addDistinct(n, parentSide + slotOfPrepared(e ^ mv, curPerOrbit));
      }
    }
  } else {                // a tiger just stepped: un-step it
    for (let f = h; f != 0; f &= f - 1) {
      const t = <i32>ctz(f);
      for (let u = <u32>ld(STEP, t) & e; u != 0; u &= u - 1) {
        const mv = (<u32>1 << <u32>t) | (<u32>1 << <u32>ctz(u));
        n = addDistinct(n, parentSide + slotOf(h ^ mv, e ^ mv, curPerOrbit));
      }
    }
  }
  return n;
}

let decH: u32 = 0, decE: u32 = 0, decSide: i32 = 0;
function decodeSlot(slot: i32): void {
  decSide = slot >= curPer ? 1 : 0;
  const s = slot - decSide * curPer;
  const orbit = <i32>(<u32>s / curPerOrbit);
  const r = <u32>s - <u32>orbit * curPerOrbit;
  decH = repOf(orbit);
  decE = unrankEmpties(orbit, emptiesOf(curC), r);
}

/**
 * Solves layer c (c prey captured). Layer c + 1 must be solved or loaded unless c + 1 reaches
 * captures-to-win. Returns the largest dtm found, or -1 if setup is missing.
 */
export function solveLayer(c: i32): i32 {
  if (orbits == 0 || c < 0 || c >= capturesToWin || c >= MAX_LAYERS) return -1;
  full = nPoints >= 32 ? 0xFFFFFFFF : (<u32>1 << <u32>nPoints) - 1;
  const E = emptiesOf(c);
  if (E < 1 || E > 8) return -1;
  curC = c;
  curPerOrbit = binom(F, E);
  curPer = orbits * <i32>curPerOrbit;
  curBase = allocLayer(c, curPer);
  captureWins = c + 1 >= capturesToWin;
  if (!captureWins) {
    if (ld(LAYER_PTR, c + 1) == 0) return -1;
    nextBase = ld(LAYER_PTR, c + 1);
    nextPerOrbit = binom(F, emptiesOf(c + 1));
    nextPer = orbits * <i32>nextPerOrbit;
  }
  const total = 2 * curPer;
  if (<usize>total > countCap) { countPtr = heap.alloc(<usize>total); countCap = <usize>total; }
  memory.fill(curBase, 0, <usize>total << 1);
  for (let i = 0; i < 8; i++) unchecked(STATS[i] = 0);
  for (let L = 0; L <= MAX_LEVEL + 1; L++) { unchecked(HEAD[L] = 0); unchecked(TAIL[L] = 0); unchecked(FILL[L] = 0); }
  maxPushed = 0;

  // pass 1: counters and seeds
  for (let side = 0; side < 2; side++) {
    for (let orbit = 0; orbit < orbits; orbit++) {
      const h = repOf(orbit);
      // the empties in colex order = rank order: Gosper's next combination on the compressed mask
      let comp: u32 = (<u32>1 << <u32>E) - 1;
      for (let r: u32 = 0; r < curPerOrbit; r++) {
        const slot = side * curPer + orbit * <i32>curPerOrbit + <i32>r;
        if ((slot & 0xFFFFF) == 0) hostProgress(1, <f64>slot, <f64>total);
        let e: u32 = 0;
        for (let m = comp; m != 0; m &= m - 1) e |= <u32>1 << <u32>freePoint(orbit, <i32>ctz(m));
        const low = comp & (~comp + 1), ripple = comp + low;
        comp = (((ripple ^ comp) >> 2) / low) | ripple;
        if (!isCanonical(orbit, e)) { setVal(curBase, slot, UNUSED); setCnt(slot, 0); continue; }
        unchecked(STATS[side * 4] += 1);
        let n = successors(h, e, side);
        let block = 0;
        if (side == 1) {
          scanCaptures(h, e);
          if (capWin > 0) push(capWin, slot | 0x80000000);
          if (capBlock || capWin > 0) block = 1;   // a capture that does not lose: never "every move loses"
          if (n == 0 && !capAny) { push(0, slot); setCnt(slot, 0); continue; }
          if (n == 0 && capWin == 0 && !capBlock) { push(capLongest, slot); setCnt(slot, 0); continue; }
        } else if (n == 0) { push(0, slot); setCnt(slot, 0); continue; }
        setCnt(slot, <u8>(n + block));
      }
    }
  }

  // pass 2: breadth-first by level
  let maxDtm = 0;
  let resolved: f64 = 0;
  for (let L = 0; L <= maxPushed; L++) {
    hostProgress(2, resolved, <f64>L);
    let chunk = unchecked(HEAD[L]);
    while (chunk != 0) {
      const next = <usize>load<u32>(chunk);
      const fill = chunk == unchecked(TAIL[L]) ? unchecked(FILL[L]) : CH;
      for (let i = 1; i < fill; i++) {
        const v = load<u32>(chunk + (<usize>i << 2));
        const slot = <i32>(v & 0x7FFFFFFF);
        if (val(curBase, slot) != 0) continue;
        const win = (v >> 31) != 0;
        setVal(curBase, slot, <u16>(L + 1));
        if (L > maxDtm) maxDtm = L;
        resolved++;
        if ((<i64>resolved & 0x3FFFF) == 0) hostProgress(2, resolved, <f64>L);
        decodeSlot(slot);
        const n = predecessors(decH, decE, decSide);
        for (let j = 0; j < n; j++) {
          const q = unchecked(SEEN[j]);
          if (val(curBase, q) != 0) continue;
          if (!win) {
            if (cnt(q) != 0xFF) { setCnt(q, 0xFF); push(L + 1, <u32>q | 0x80000000); }
          } else {
            const k = cnt(q);
            if (k == 0xFF || k == 0) continue;
            if (k == 1) {
              setCnt(q, 0);
              let lvl = L + 1;
              if (q >= curPer) {          // tiger to move: its captures may last longer
                decodeSlot(q);
                scanCaptures(decH, decE);
                if (capLongest > lvl) lvl = capLongest;
              }
              push(lvl, <u32>q);
            } else setCnt(q, k - 1);
          }
        }
      }
      store<u32>(chunk, <u32>freeChunks);
      freeChunks = chunk;
      chunk = next;
    }
    unchecked(HEAD[L] = 0); unchecked(TAIL[L] = 0);
  }
  // statistics: wins/losses per side (draws = distinct - wins - losses)
  for (let slot = 0; slot < total; slot++) {
    const v = <i32>val(curBase, slot);
    if (v == 0 || v == <i32>UNUSED) continue;
    const side = slot >= curPer ? 1 : 0;
    if (((v - 1) & 1) == 1) unchecked(STATS[side * 4 + 1] += 1); else unchecked(STATS[side * 4 + 2] += 1);
  }
  for (let side = 0; side < 2; side++) unchecked(STATS[side * 4 + 3] = STATS[side * 4] - STATS[side * 4 + 1] - STATS[side * 4 + 2]);
  return maxDtm;
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

export function layerPtr(c: i32): usize { return c >= 0 && c < MAX_LAYERS ? ld(LAYER_PTR, c) : 0; }
export function stat(i: i32): f64 { return i >= 0 && i < 8 ? unchecked(STATS[i]) : -1; }
