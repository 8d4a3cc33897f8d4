// The generic solver's index (INDEX in tablebase/generic.ts): the current layer, a position's slot and back
// (slotOf, decode), the core's position in and out of a layer, and the probe.
import { ld, word, fromWords, nonEmpty } from '../../bits';
import { nPoints } from '../../board';
import * as pos from '../../position';
import { noSameTwiceSide, stallSide, stallLimit } from '../../rules';
import { resultWinner } from '../../position';
import {
  BIN,
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
