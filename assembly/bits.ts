// Bitboards as set algebra (house style: chessops SquareSet), one source for two widths.
//
// Point index = bit. `Bits` is a compile-time type alias set per asconfig target (DESIGN.md "Bitboards"):
// `"use": ["Bits=u64"]` for the normal builds (every board of up to 64 points: 25, 31, 37 and the
// 11-point board) and `"use": ["Bits=v128"]` for the wide builds (the 105-point board). Every function
// here is `@inline` and branches statically on the type (`isInteger<Bits>()` is a compile-time constant,
// so only one branch is compiled): the u64 build's code is what it was before the seam. Only this file
// applies raw operators to `Bits`; every other module goes through these functions. A v128 is a value
// (never a class instance: the stub runtime never frees).
//
// v128 layout: lane 0 (i64) holds points 0..63, lane 1 points 64..127. No v128 crosses the module
// boundary (index.ts passes sets to the host as u64 word pairs); the wide targets disable asc's warning
// AS112, which it raises for every exported function of any file with a v128 parameter, not only for
// the entry file's exports.

/** True in the wide (v128) builds. */
// @ts-ignore: decorator
@inline export function wide(): bool {
  return !isInteger<Bits>();
}
/** Bits per set: 64 or 128. */
// @ts-ignore: decorator
@inline export function bitsCapacity(): i32 {
  return isInteger<Bits>() ? 64 : 128;
}

// ---- the two words of a wide set ----
// @ts-ignore: decorator
@inline function lo(b: Bits): u64 {
  return <u64>i64x2.extract_lane(b, 0);
}
// @ts-ignore: decorator
@inline function hi(b: Bits): u64 {
  return <u64>i64x2.extract_lane(b, 1);
}
// @ts-ignore: decorator
@inline function make(l: u64, h: u64): Bits {
  return i64x2.replace_lane(i64x2.splat(<i64>l), 1, <i64>h);
}

/** Single-point sets of the wide build (one 16-byte load beats building the value). */
const BIT128 = new StaticArray<v128>(isInteger<Bits>() ? 0 : 128);
if (!isInteger<Bits>()) {
  for (let p = 0; p < 128; p++) {
    unchecked(
      (BIT128[p] =
        p < 64
          ? i64x2.replace_lane(i64x2.splat(0), 0, (1 as i64) << (p as i64))
          : i64x2.replace_lane(i64x2.splat(0), 1, (1 as i64) << ((p - 64) as i64))),
    );
  }
}

/** The empty set. */
// @ts-ignore: decorator
@inline export function none(): Bits {
  if (isInteger<Bits>()) return <Bits>0;
  else return i64x2.splat(0);
}
/** The set of points 0..n-1 (n <= bitsCapacity()). */
// @ts-ignore: decorator
@inline export function full(n: i32): Bits {
  if (isInteger<Bits>()) return n >= 64 ? <Bits>-1 : ((<Bits>1) << (<Bits>n)) - 1;
  else {
    if (n >= 128) return i64x2.splat(-1);
    if (n > 64) return make(<u64>-1, ((<u64>1) << ((n - 64) as u64)) - 1);
    return make(n == 64 ? <u64>-1 : ((<u64>1) << (<u64>n)) - 1, 0);
  }
}
/** {p}. */
// @ts-ignore: decorator
@inline export function bit(p: i32): Bits {
  if (isInteger<Bits>()) return (<Bits>1) << (<Bits>p);
  else return unchecked(BIT128[p]);
}
/** p in b. */
// @ts-ignore: decorator
@inline export function has(b: Bits, p: i32): bool {
  if (isInteger<Bits>()) return ((b >> (<Bits>p)) & 1) != 0;
  else return (((p < 64 ? lo(b) : hi(b)) >> (<u64>(p & 63))) & 1) != 0;
}
/** a ∪ b. */
// @ts-ignore: decorator
@inline export function or(a: Bits, b: Bits): Bits {
  if (isInteger<Bits>()) return a | b;
  else return v128.or(a, b);
}
/** a ∩ b. */
// @ts-ignore: decorator
@inline export function and(a: Bits, b: Bits): Bits {
  if (isInteger<Bits>()) return a & b;
  else return v128.and(a, b);
}
/** a \ b. */
// @ts-ignore: decorator
@inline export function andNot(a: Bits, b: Bits): Bits {
  if (isInteger<Bits>()) return a & ~b;
  else return v128.andnot(a, b);
}
/** The symmetric difference (toggles b's points in a). */
// @ts-ignore: decorator
@inline export function xor(a: Bits, b: Bits): Bits {
  if (isInteger<Bits>()) return a ^ b;
  else return v128.xor(a, b);
}
/** b ∪ {p}. */
// @ts-ignore: decorator
@inline export function withPoint(b: Bits, p: i32): Bits {
  return or(b, bit(p));
}
/** b \ {p}. */
// @ts-ignore: decorator
@inline export function without(b: Bits, p: i32): Bits {
  return andNot(b, bit(p));
}
/** b is empty. */
// @ts-ignore: decorator
@inline export function isEmpty(b: Bits): bool {
  if (isInteger<Bits>()) return b == 0;
  else return !v128.any_true(b);
}
/** b is not empty. */
// @ts-ignore: decorator
@inline export function nonEmpty(b: Bits): bool {
  if (isInteger<Bits>()) return b != 0;
  else return v128.any_true(b);
}
/** a ∩ b is not empty. */
// @ts-ignore: decorator
@inline export function intersects(a: Bits, b: Bits): bool {
  return nonEmpty(and(a, b));
}
/** a = b. */
// @ts-ignore: decorator
@inline export function equal(a: Bits, b: Bits): bool {
  if (isInteger<Bits>()) return a == b;
  else return !v128.any_true(v128.xor(a, b));
}
/** The lowest point of b (b not empty). */
// @ts-ignore: decorator
@inline export function first(b: Bits): i32 {
  if (isInteger<Bits>()) return <i32>ctz(b);
  else {
    const l = lo(b);
    return l != 0 ? <i32>ctz(l) : 64 + <i32>ctz(hi(b));
  }
}
/** b without its lowest point. */
// @ts-ignore: decorator
@inline export function popFirst(b: Bits): Bits {
  if (isInteger<Bits>()) return b & (b - 1);
  else {
    const l = lo(b);
    if (l != 0) return i64x2.replace_lane(b, 0, <i64>(l & (l - 1)));
    const h = hi(b);
    return i64x2.replace_lane(b, 1, <i64>(h & (h - 1)));
  }
}
/** {lowest point of b} (empty for an empty b). */
// @ts-ignore: decorator
@inline export function lowest(b: Bits): Bits {
  if (isInteger<Bits>()) return b & (~b + 1);
  else {
    const l = lo(b);
    if (l != 0) return make(l & (~l + 1), 0);
    const h = hi(b);
    return make(0, h & (~h + 1));
  }
}
/** |b|. */
// @ts-ignore: decorator
@inline export function size(b: Bits): i32 {
  if (isInteger<Bits>()) return <i32>popcnt(b);
  else return <i32>(popcnt(lo(b)) + popcnt(hi(b)));
}
/** |b| > 1. */
// @ts-ignore: decorator
@inline export function moreThanOne(b: Bits): bool {
  if (isInteger<Bits>()) return (b & (b - 1)) != 0;
  else {
    const l = lo(b),
      h = hi(b);
    return (l & (l - 1)) != 0 || (h & (h - 1)) != 0 || (l != 0 && h != 0);
  }
}
/** A 64-bit digest of b for hashing (the set itself in the u64 build). */
// @ts-ignore: decorator
@inline export function digest(b: Bits): u64 {
  if (isInteger<Bits>()) return <u64>b;
  else return lo(b) ^ rotl<u64>(hi(b) * 0x9e3779b97f4a7c15, 29);
}
/** Points 0..31 of b (the tablebase's 25-point boards). */
// @ts-ignore: decorator
@inline export function low32(b: Bits): u32 {
  if (isInteger<Bits>()) return <u32>b;
  else return <u32>lo(b);
}
/** The set of points 0..31 given as a u32 (the tablebase's 25-point boards). */
// @ts-ignore: decorator
@inline export function fromLow32(x: u32): Bits {
  if (isInteger<Bits>()) return <Bits>x;
  else return make(<u64>x, 0);
}
/** Word i (0: points 0..63, 1: points 64..127) of b: how sets cross to the host (u64 pairs in both builds). */
// @ts-ignore: decorator
@inline export function word(b: Bits, i: i32): u64 {
  if (isInteger<Bits>()) return i == 0 ? <u64>b : 0;
  else return i == 0 ? lo(b) : hi(b);
}
/** The set whose words are (w0, w1); the u64 build refuses no w1 (the caller checks w1 == 0 on its board). */
// @ts-ignore: decorator
@inline export function fromWords(w0: u64, w1: u64): Bits {
  if (isInteger<Bits>()) return <Bits>w0;
  else return make(w0, w1);
}
/**
 * Points w..w+63 of b as a u64 (bit i = point w + i): the 64-bit window around a point through which the
 * wide build reuses the u64 jump tables (board.ts). The u64 build's window is b itself (w is always 0).
 */
// @ts-ignore: decorator
@inline export function window(b: Bits, w: i32): u64 {
  if (isInteger<Bits>()) return <u64>b;
  else {
    if (w == 0) return lo(b);
    if (w >= 64) return hi(b) >> (<u64>(w - 64));
    return (lo(b) >> (<u64>w)) | (hi(b) << ((64 - w) as u64));
  }
}

/**
 * Table read used in hot loops. Release builds (`--noAssert`) read unchecked (the indices come from
 * tables this module built, whose bounds are fixed at setup); the debug build reads checked, so the
 * test suite runs every table access with a bounds check.
 */
// @ts-ignore: decorator
@inline export function ld<T>(a: StaticArray<T>, i: i32): T {
  if (ASC_NO_ASSERT) return unchecked(a[i]);
  return a[i];
}
// @ts-ignore: decorator
@inline export function st<T>(a: StaticArray<T>, i: i32, v: T): void {
  if (ASC_NO_ASSERT) unchecked((a[i] = v));
  else a[i] = v;
}
