// The generic solver's setup (tablebase/generic.ts): gsSetup fills the tables of tables.ts from the host's
// input and the rules already loaded.
import { ld, st } from '../../bits';
import { nPoints } from '../../board';
import {
  noSameTwiceSide,
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
} from '../../rules';
import {
  BIN,
  BIN64,
  CLS_START,
  CLS_SUM,
  ERR_SETUP,
  ERR_WIDTH,
  GMAP,
  GSTACK_IN,
  GSYM_IN,
  HAND_PLACES_ONLY,
  MAX_STACK_POINTS,
  ORB_READY,
  PLAIN_STEPS,
  PLAIN_UNSTACKED,
  SMAX,
  SPERM,
  SPT,
  SW,
  VEC_BY,
  VEC_CLS,
  VEC_NUM,
  VEC_PTS,
  VEC_SUM,
  VIMG,
  cmax0,
  cmax1,
  error,
  hs0,
  hs1,
  nCls,
  nStack,
  nSym,
  stackSide,
  tot0,
  tot1,
  vRadix,
  vecImage,
  vecImageOf,
} from './tables';
import { freeKey } from './slots';

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
