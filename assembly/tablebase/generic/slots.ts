// The generic solver's index (INDEX in tablebase/generic.ts): the current layer, a position's slot and back
// (slotOf, decode), the core's position in and out of a layer, and the probe.
import { ld, st, word, fromWords, nonEmpty } from '../../bits';
import { STEP, nPoints } from '../../board';
import { stepTargets } from '../../movegen/steps';
import * as pos from '../../position';
import { noSameTwiceSide, stallSide, stallLimit } from '../../rules';
import { resultWinner } from '../../position';
import {
  BIN,
  BIN64,
  CLS_START,
  FREE_K,
  GSYM_IN,
  ORBIT_OF_K,
  REP_K,
  SMAX,
  SPT,
  SW,
  SYMS_OF_K,
  UNUSED,
  VEC_BY,
  VEC_CLS,
  VEC_NUM,
  cmax1,
  hs0,
  hs1,
  mapSet,
  nCls,
  nStack,
  rankOf,
  rankUnder,
  stackSet,
  stackSide,
  vecImage,
} from './tables';
import {
  LAYER_N0,
  LAYER_N1,
  LAYER_PER,
  LAYER_PERORBIT,
  LAYER_VALUES,
  LAYER_VOFF,
  VOFF,
  gsLayerKey,
  layerKeys,
} from './layers';

// ---- the current layer ----
export let cKey: i32 = -1,
  cC0: i32 = 0,
  cC1: i32 = 0,
  cH0: i32 = 0,
  cH1: i32 = 0,
  cCls: i32 = 0;
export let cN0: i32 = 0,
  cN1: i32 = 0,
  cPer: f64 = 0,
  cVals: usize = 0;
let cF: i32 = 0,
  cPerOrbit: f64 = 0,
  cLastF: i32 = 1,
  cStallF: i32 = 1;

export function selectLayer(key: i32): bool {
  if (key < 0 || key >= layerKeys || ld(LAYER_PER, key) < 0) return false;
  cKey = key;
  freeKey = -1;
  seqKey = -1;
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
export let dH: u64 = 0,
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
export let freeKey = -1,
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

/**
 * The slot (within its side's half) of the position (h, p, vec, last, stall), given in any frame, in
 * layer `key`: the canonical image's orbit, then its stack vector's block, then the rank of side 0's
 * pieces that the vector does not stack (among the free points it leaves), then last and stall.
 */
export function slotOf(key: i32, h: u64, p: u64, vec: i32, last: i32, stall: i32): f64 {
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
export function coreSlotIn(key: i32): f64 {
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
export function coreLayerKey(): i32 {
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
export function decode(side: i32, local: f64): bool {
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
  // the slot after the one decoded last, or another of its last point and stall counter (pass 1 and
  // the exit passes go in order): side 0's pieces are the next combination in colex order (SEQUENCE)
  const next = cKey == seqKey && orbit == aOrbit && vnum == seqVnum;
  seqKey = -1;
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
  const k = cN0 - <i32>popcnt(sset);
  if (k < 0) return false;
  const rank0 = rest;
  let mask = aMask;
  let p: u64;
  if (next && rest == ld(A_RANK, 0)) p = aP;
  else if (next && rest == ld(A_RANK, 0) + 1) {
    // Gosper's next combination of the free points' numbers; the points whose numbers changed flip
    const c = seqC,
      t = c | (c - 1);
    const c2 = (t + 1) | (((~t & (t + 1)) - 1) >> (ctz(c) + 1));
    let flip: u64 = 0;
    for (let x = c ^ c2; x != 0; x &= x - 1) {
      const pt = <i32>load<i8>(free + <usize>ctz(x));
      flip |= (<u64>1) << (<u64>pt);
    }
    for (let m = mask & (mask - 1); m != 0; m &= m - 1) {
      const s = <i32>ctz(m);
      let fi: u64 = 0;
      for (let x = flip; x != 0; x &= x - 1) fi |= (<u64>1) << (<u64>ld(GSYM_IN, s * 64 + <i32>ctz(x)));
      st(A_IMG, s, ld(A_IMG, s) ^ fi);
    }
    seqC = c2;
    p = aP ^ flip;
  } else {
    const r = <i32>rankOf(dH);
    mask = <i32>load<u8>(ld(SYMS_OF_K, cN1) + <usize>r);
    p = sset;
    let q = nf - 1,
      c: u64 = 0;
    // (q >= i - 1 >= 0 throughout: C(q, i) = 0 below, and rest >= 0, so BIN is read directly)
    for (let i = k; i >= 1; i--) {
      let b = ld(BIN, q * 65 + i);
      while (b > rest) {
        q--;
        b = ld(BIN, q * 65 + i);
      }
      rest -= b;
      p |= (<u64>1) << (<u64>load<i8>(free + <usize>q));
      c |= (<u64>1) << (<u64>q);
      q--;
    }
    seqC = c;
    for (let m = mask & (mask - 1); m != 0; m &= m - 1) {
      const s = <i32>ctz(m);
      st(A_IMG, s, mapSet(s, p));
      st(A_CODE, s, vecImage(s, dVec));
    }
  }
  dP = p;
  dSide = side;
  // the anchor (slotNear): this position in its own frame (the representative's: the identity is in
  // the stabiliser), and the sequence (the next decode may be the next slot)
  const all: u64 = nPoints == 64 ? 0xffffffffffffffff : ((<u64>1) << (<u64>nPoints)) - 1;
  aOrbit = orbit;
  aMask = mask;
  aP = p;
  aRanked = 1;
  st(A_IMG, 0, p);
  st(A_CODE, 0, dVec);
  st(A_SSET, 0, sset);
  st(A_FREE, 0, all & ~dH & ~sset);
  st(A_BLOCK, 0, ld(VOFF, off + vnum));
  st(A_RANK, 0, rank0);
  seqKey = cKey;
  seqVnum = vnum;
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
  // a hunter set with a non-trivial stabiliser: only the least (P, vec, last) image is used (slotOf's
  // choice), so the position is in use if no other symmetry of the stabiliser gives a lesser one
  if ((mask & (mask - 1)) != 0) {
    const l0 = dLast < 0 ? -1 : <i32>ld(GSYM_IN, dLast);
    for (let m = mask & (mask - 1); m != 0; m &= m - 1) {
      const s = <i32>ctz(m);
      const ip = ld(A_IMG, s);
      if (ip > p) continue;
      const iv = ld(A_CODE, s);
      const il = dLast < 0 ? -1 : <i32>ld(GSYM_IN, s * 64 + dLast);
      if (ip < p || iv < dVec || (iv == dVec && il < l0)) return false;
    }
  }
  return true;
}

// ---- the anchor: the position decode() gave last, and the slots of positions one piece of side 0 away ----
// A move of side 0 within the layer (or an un-move) keeps the hunters' set, so the orbit, the stabiliser
// of its representative and each of its symmetries' image of the stack vector stay; the image of side 0's
// pieces changes by two points, and its colex rank by the pieces between them (rankMove). decode() keeps
// the anchor's images (A_IMG, A_CODE: every symmetry of the stabiliser) and the identity's rank; the other
// symmetries' ranks, stack sets and blocks come when slotNear first picks them (aRanked).
let aOrbit = 0,
  aMask = 1,
  aP: u64 = 0,
  aRanked = 0;
// SEQUENCE: the layer (-1: none) and vector block of the anchor when it is the slot decode() gave last,
// and its side 0's pieces as the numbers of the free points (a combination: colex rank A_RANK[0])
let seqKey = -1,
  seqVnum = 0,
  seqC: u64 = 0;
const A_IMG = new StaticArray<u64>(8);
const A_CODE = new StaticArray<i32>(8);
const A_SSET = new StaticArray<u64>(8);
const A_FREE = new StaticArray<u64>(8);
const A_BLOCK = new StaticArray<f64>(8);
const A_RANK = new StaticArray<f64>(8);

/**
 * The slot (within its side's half) of the anchor (the position decode() gave last) with side 0's piece on `a` moved
 * to the empty point `b` (neither a point of the vector's stacks), last point `last` and stall counter `stall`:
 * slotOf(cKey, dH, dP ^ a ^ b, dVec, last, stall) without ranking the whole set.
 */
export function slotNear(a: i32, b: i32, last: i32, stall: i32): f64 {
  const ab = ((<u64>1) << (<u64>a)) | ((<u64>1) << (<u64>b));
  let bestS = 0,
    bestP = aP ^ ab;
  const mask = aMask;
  if (mask != 1) {
    let bestV = ld(A_CODE, 0),
      bestL = last < 0 ? -1 : <i32>ld(GSYM_IN, last);
    for (let m = mask & (mask - 1); m != 0; m &= m - 1) {
      const s = <i32>ctz(m);
      const ip =
        ld(A_IMG, s) ^ ((<u64>1) << (<u64>ld(GSYM_IN, s * 64 + a))) ^ ((<u64>1) << (<u64>ld(GSYM_IN, s * 64 + b)));
      if (ip > bestP) continue;
      const iv = ld(A_CODE, s);
      const il = last < 0 ? -1 : <i32>ld(GSYM_IN, s * 64 + last);
      if (ip < bestP || iv < bestV || (iv == bestV && il < bestL)) {
        bestS = s;
        bestP = ip;
        bestV = iv;
        bestL = il;
      }
    }
    if (((aRanked >> bestS) & 1) == 0) anchorRank(bestS);
  }
  const sa = bestS == 0 ? a : <i32>ld(GSYM_IN, bestS * 64 + a),
    sb = bestS == 0 ? b : <i32>ld(GSYM_IN, bestS * 64 + b);
  const sset = ld(A_SSET, bestS);
  const before = ld(A_IMG, bestS) & ~sset & ~((<u64>1) << (<u64>sa));
  const rp = <f64>(<u64>ld(A_RANK, bestS) + rankMove(before, ld(A_FREE, bestS), sa, sb));
  let li = 0;
  if (cLastF > 1 && last >= 0) {
    const il = bestS == 0 ? last : <i32>ld(GSYM_IN, bestS * 64 + last);
    // (every symmetry of the stabiliser maps the hunters to the representative: their image is dH)
    const own = noSameTwiceSide == 1 ? dH : bestP;
    li = 1 + <i32>popcnt(own & (((<u64>1) << (<u64>il)) - 1));
  }
  return <f64>aOrbit * cPerOrbit + ((ld(A_BLOCK, bestS) + rp) * <f64>cLastF + <f64>li) * <f64>cStallF + <f64>stall;
}

// the distinct positions side 0's steps from the anchor lead to (nearCount): their least images
const NEAR_BITS: i32 = 10;
const NEAR_KEY = new StaticArray<u64>(1 << NEAR_BITS);
const NEAR_STAMP = new StaticArray<u32>(1 << NEAR_BITS);
let nearStamp: u32 = 0;

/**
 * The slots (within side 0's half) of the positions before the plain un-steps of side 0 to the anchor: each piece of
 * `movers` back to an empty neighbour (STEP) from which side 0 steps to it, last point and stall counter unchanged, at
 * out[0..]; returns their number. Where the stabiliser is the identity alone and there is no last point or stall
 * counter, the rank's change is summed here with the anchor's figures in locals (slotNear otherwise).
 */
export function nearSlots(movers: u64, occ: u64, last: i32, stall: i32, out: usize): i32 {
  let n = 0;
  if (aMask != 1 || cLastF != 1 || cStallF != 1) {
    for (let m = movers; m != 0; m &= m - 1) {
      const q = <i32>ctz(m);
      for (let from = word(ld(STEP, q), 0) & ~occ; from != 0; from &= from - 1) {
        const p = <i32>ctz(from);
        if (((word(stepTargets(0, p), 0) >> (<u64>q)) & 1) == 0) continue;
        store<i32>(out + ((<usize>n) << 2), <i32>slotNear(q, p, last, stall));
        n++;
      }
    }
    return n;
  }
  const pieces = aP & ~ld(A_SSET, 0),
    free = ld(A_FREE, 0);
  const rank = <u64>ld(A_RANK, 0);
  const base = <f64>aOrbit * cPerOrbit + ld(A_BLOCK, 0);
  for (let m = movers; m != 0; m &= m - 1) {
    const a = <i32>ctz(m);
    const rest = pieces & ~((<u64>1) << (<u64>a));
    for (let from = word(ld(STEP, a), 0) & ~occ; from != 0; from &= from - 1) {
      const b = <i32>ctz(from);
      if (((word(stepTargets(0, b), 0) >> (<u64>a)) & 1) == 0) continue;
      store<i32>(out + ((<usize>n) << 2), <i32>(base + <f64>(rank + rankMove(rest, free, a, b))));
      n++;
    }
  }
  return n;
}

/** True if the anchor's stabiliser is the identity alone. */
export function nearTrivial(): bool {
  return aMask == 1;
}

/**
 * The number of distinct positions (slots) the steps of side 0 from the anchor lead to, each piece not on a stack of
 * the vector stepping to an empty point of `targets(point)` (stepTargets of side 0): no last point, no stall counter,
 * and the anchor without stacks where its stabiliser is not trivial (the caller checks). Steps that give images of
 * one position under the stabiliser count once.
 */
export function nearCount(occ: u64): i32 {
  const empty = ~occ;
  const movers = aP & ~ld(A_SSET, 0);
  let n = 0;
  if (aMask == 1) {
    for (let f = movers; f != 0; f &= f - 1) n += <i32>popcnt(word(stepTargets(0, <i32>ctz(f)), 0) & empty);
    return n;
  }
  nearStamp++;
  if (nearStamp == 0) {
    for (let i = 0; i < 1 << NEAR_BITS; i++) st<u32>(NEAR_STAMP, i, 0);
    nearStamp = 1;
  }
  const hmask = (1 << NEAR_BITS) - 1;
  for (let f = movers; f != 0; f &= f - 1) {
    const a = <i32>ctz(f);
    for (let t = word(stepTargets(0, a), 0) & empty; t != 0; t &= t - 1) {
      const b = <i32>ctz(t);
      // the least image of aP - a + b under the stabiliser (the anchor has no stacks: its vector is 0 in every image)
      let best = aP ^ ((<u64>1) << (<u64>a)) ^ ((<u64>1) << (<u64>b));
      for (let m = aMask & (aMask - 1); m != 0; m &= m - 1) {
        const s = <i32>ctz(m);
        const ip =
          ld(A_IMG, s) ^ ((<u64>1) << (<u64>ld(GSYM_IN, s * 64 + a))) ^ ((<u64>1) << (<u64>ld(GSYM_IN, s * 64 + b)));
        if (ip < best) best = ip;
      }
      let h = <i32>((best * 0x9e3779b97f4a7c15) >> (<u64>(64 - NEAR_BITS)));
      let seen = false;
      while (ld(NEAR_STAMP, h) == nearStamp) {
        if (ld(NEAR_KEY, h) == best) {
          seen = true;
          break;
        }
        h = (h + 1) & hmask;
      }
      if (!seen) {
        st(NEAR_STAMP, h, nearStamp);
        st(NEAR_KEY, h, best);
        n++;
      }
    }
  }
  return n;
}

/** The anchor's stack set, free points, block and rank under symmetry s of its stabiliser (A_IMG, A_CODE set). */
function anchorRank(s: i32): void {
  const code = ld(A_CODE, s);
  const sset = stackSide == 0 ? stackSet(code) : 0;
  const all: u64 = nPoints == 64 ? 0xffffffffffffffff : ((<u64>1) << (<u64>nPoints)) - 1;
  const free = all & ~dH & ~sset;
  st(A_SSET, s, sset);
  st(A_FREE, s, free);
  st(A_BLOCK, s, ld(VOFF, ld(LAYER_VOFF, cKey) + ld(VEC_NUM, code)));
  st(A_RANK, s, rankUnder(ld(A_IMG, s) & ~sset, free));
  aRanked |= 1 << s;
}

/**
 * The change of the colex rank (rankUnder under `mask`) when a piece moves from point a to point b, the other pieces
 * being `rest` (a and b in mask, neither in rest): only the pieces between a and b change their number. Wraps as
 * u64 (add it to the rank before the move).
 */
// @ts-ignore: decorator
@inline function rankMove(rest: u64, mask: u64, a: i32, b: i32): u64 {
  const ba = (<u64>1) << (<u64>a),
    bb = (<u64>1) << (<u64>b);
  const ca = <i32>popcnt(mask & (ba - 1)),
    cb = <i32>popcnt(mask & (bb - 1));
  let d: u64 = 0;
  if (a < b) {
    // a was number j + 1; the pieces between move down one number; b becomes the last of them + 1
    const j = <i32>popcnt(rest & (ba - 1));
    let o = j + 2;
    for (let x = rest & (bb - 1) & ~(ba | (ba - 1)); x != 0; x &= x - 1) {
      const cx = <i32>popcnt(mask & ((x & (~x + 1)) - 1));
      d += ld(BIN64, cx * 65 + o - 1) - ld(BIN64, cx * 65 + o);
      o++;
    }
    d += ld(BIN64, cb * 65 + o - 1) - ld(BIN64, ca * 65 + j + 1);
  } else {
    // b becomes number j + 1; the pieces between move up one number; a was the last of them + 1
    const j = <i32>popcnt(rest & (bb - 1));
    let o = j + 1;
    for (let x = rest & (ba - 1) & ~(bb | (bb - 1)); x != 0; x &= x - 1) {
      const cx = <i32>popcnt(mask & ((x & (~x + 1)) - 1));
      d += ld(BIN64, cx * 65 + o + 1) - ld(BIN64, cx * 65 + o);
      o++;
    }
    d += ld(BIN64, cb * 65 + j + 1) - ld(BIN64, ca * 65 + o);
  }
  return d;
}

/**
 * Sets the core's position to (h, p, vec, last, stall) with side `side` to move in the current layer; false if the
 * rules refuse it.
 */
export function setCore(h: u64, p: u64, vec: i32, last: i32, stall: i32, side: i32): bool {
  if (last >= 0 && !(((noSameTwiceSide == 1 ? h : p) >> (<u64>last)) & 1)) return false;
  pos.setTrusted(fromWords(h, 0), fromWords(p, 0), side, cH0, cC0, cH1, cC1, last, stall);
  for (let i = 0; i < nStack; i++) {
    const x = (vec / ld(SW, i)) % (ld(SMAX, i) + 1);
    if (x > 0) pos.setCount(ld(SPT, i), 1 + x);
  }
  return true;
}

/**
 * The stored value of the core's current position (u16 code as in VALUES of generic.ts: 0 draw, 1 + 2d win in d,
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
