// Bitboards as set algebra (house style: chessops SquareSet).
//
// Point index = bit. Boards of up to 64 points (every 5x5-based lattice: 25, 31, 37 points, and the
// 11-point board) use `Bits = u64`. The 105-point board needs 128 bits: the seam is this file: a
// second build will alias `Bits` to a v128 value type with the same function names (never a class
// instance: the stub runtime never frees). Every module outside this file manipulates boards only
// through these functions, so the switch is one file.

export type Bits = u64;

// @ts-ignore: decorator
@inline export function has(b: Bits, p: i32): bool { return ((b >> <u64>p) & 1) != 0; }
// @ts-ignore: decorator
@inline export function bit(p: i32): Bits { return <u64>1 << <u64>p; }
// @ts-ignore: decorator
@inline export function withPoint(b: Bits, p: i32): Bits { return b | bit(p); }
// @ts-ignore: decorator
@inline export function without(b: Bits, p: i32): Bits { return b & ~bit(p); }
// @ts-ignore: decorator
@inline export function first(b: Bits): i32 { return <i32>ctz(b); }
// @ts-ignore: decorator
@inline export function popFirst(b: Bits): Bits { return b & (b - 1); }
// @ts-ignore: decorator
@inline export function size(b: Bits): i32 { return <i32>popcnt(b); }
// @ts-ignore: decorator
@inline export function moreThanOne(b: Bits): bool { return (b & (b - 1)) != 0; }
// @ts-ignore: decorator
@inline export function full(n: i32): Bits { return n >= 64 ? <u64>-1 : (<u64>1 << <u64>n) - 1; }

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
  if (ASC_NO_ASSERT) unchecked(a[i] = v);
  else a[i] = v;
}
