// Packed move (u32). Bit layout:
//
//   bits  0..7   to        destination point (placement: the point placed on)
//   bits  8..15  from      origin point; 0xFF for a placement
//   bits 16..23  capture   the captured point of a short jump; 0xFF for none
//   bits 24..27  kind      0 placement, 1 step, 2 jump
//   bits 28..31  reserved  (multi-jump paths will index a path table here)
//
// 0 is a valid move (placement on point 0), so "no move" is NO_MOVE = 0xFFFFFFFF.

export const NO_MOVE: u32 = 0xFFFFFFFF;
export const KIND_PLACE: u32 = 0;
export const KIND_STEP: u32 = 1;
export const KIND_JUMP: u32 = 2;
export const NONE_POINT: i32 = 0xFF;

// @ts-ignore: decorator
@inline export function placeMove(to: i32): u32 { return <u32>to | 0xFF00 | 0xFF0000; }
// @ts-ignore: decorator
@inline export function stepMove(from: i32, to: i32): u32 { return <u32>to | (<u32>from << 8) | 0xFF0000 | (KIND_STEP << 24); }
// @ts-ignore: decorator
@inline export function jumpMove(from: i32, to: i32, cap: i32): u32 { return <u32>to | (<u32>from << 8) | (<u32>cap << 16) | (KIND_JUMP << 24); }
// @ts-ignore: decorator
@inline export function moveTo(m: u32): i32 { return <i32>(m & 0xFF); }
// @ts-ignore: decorator
@inline export function moveFrom(m: u32): i32 { return <i32>((m >> 8) & 0xFF); }
// @ts-ignore: decorator
@inline export function moveCapture(m: u32): i32 { return <i32>((m >> 16) & 0xFF); }
// @ts-ignore: decorator
@inline export function moveKind(m: u32): u32 { return (m >> 24) & 0xF; }
// @ts-ignore: decorator
@inline export function isCapture(m: u32): bool { return moveKind(m) == KIND_JUMP; }
