// The generic solver's layers (tablebase/generic.ts): their keys and sizes, the stack vectors' classes, and
// the memory of their values.
import { ld, st } from '../../bits';
import { nPoints } from '../../board';
import { noSameTwiceSide, stallSide, stallLimit } from '../../rules';
import {
  CLS_START,
  CLS_SUM,
  ERR_MEMORY,
  ERR_SETUP,
  MAX_LAYER_KEYS,
  ORBITS_K,
  SMAX,
  SW,
  VEC_BY,
  VEC_CLS,
  VEC_PTS,
  bin,
  cmax0,
  cmax1,
  error,
  hs0,
  hs1,
  nCls,
  nStack,
  orbitsFor,
  stackSide,
  tot0,
  tot1,
} from './tables';

// ---- layers ----
// Layer key: ((((c0 * (cmax1 + 1) + c1) * (hs0 + 1) + h0) * (hs1 + 1) + h1) * nCls + cls), cls the stack
// vector's class (its total E when every total has one class).
export let LAYER_VALUES: StaticArray<usize> = new StaticArray<usize>(1);
/** Per layer key: hunters on the board (n1), side 0's points (n0), perSide; -1 when impossible. */
export let LAYER_N0: StaticArray<i32> = new StaticArray<i32>(1);
export let LAYER_N1: StaticArray<i32> = new StaticArray<i32>(1);
export let LAYER_PER: StaticArray<f64> = new StaticArray<f64>(1);
/**
 * Per layer key: slots per hunter orbit (the stack vectors' blocks x lastF x stallF), and where its block offsets start
 * in VOFF.
 */
export let LAYER_PERORBIT: StaticArray<f64> = new StaticArray<f64>(1);
export let LAYER_VOFF: StaticArray<i32> = new StaticArray<i32>(1);
/**
 * Block offsets of the stack vectors, per layer: VOFF[LAYER_VOFF[key] + v] = the slots (in units of
 * lastF * stallF) before vector v's block; with side 0 stacking, v's block holds the C(F - s, n0 - s)
 * placements of side 0's pieces off its s stacked points.
 */
export let VOFF: StaticArray<f64> = new StaticArray<f64>(1);
export let layerKeys: i32 = 0;
/**
 * Per layer key: 0, 1 declared by gsCover for the current layer, 2 declared and attached when an exit pass began
 * (read).
 */
export let COVER: StaticArray<u8> = new StaticArray<u8>(1);

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
