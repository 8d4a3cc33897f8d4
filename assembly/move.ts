// Packed move (u32). Bit layout:
//
//   bits  0..7   to        destination point (placement: the point placed on)
//   bits  8..15  from      origin point; 0xFF for a placement
//   bits 16..23  capture   short jump: the captured point; multi-jump: low 8 bits of a hash of the
//                          captured set; otherwise 0xFF
//   bits 24..27  kind      0 placement, 1 step, 2 short jump, 3 multi-jump (2+ captures), 4 step that
//                          captures by intervention
//   bits 28..31  multi-jump: high 4 bits of the captured-set hash; otherwise 0
//
// A move's identity is (kind, from, to, captured set) (RULES.md §0). The key alone identifies every move
// but multi-jumps, whose captured set lives in the CAPS array beside the move list (movelist.ts); two
// multi-jumps with the same ends whose sets hash alike share a key. Moves are always taken from a
// generated list with their own set, and where a key is remembered across positions (TT move, killers)
// the search uses it only if one move of the list has it (search.ts exactKey); the PV keeps each move's
// set.
//
// 0 is a valid move (placement on point 0), so "no move" is NO_MOVE = 0xFFFFFFFF.
import { digest } from './bits';

export const NO_MOVE: u32 = 0xffffffff;
export const KIND_PLACE: u32 = 0;
export const KIND_STEP: u32 = 1;
export const KIND_JUMP: u32 = 2;
export const KIND_MULTI: u32 = 3;
export const KIND_INTERVENE: u32 = 4;
export const NONE_POINT: i32 = 0xff;

// @ts-ignore: decorator
@inline export function placeMove(to: i32): u32 {
  return (<u32>to) | 0xff00 | 0xff0000;
}
// @ts-ignore: decorator
@inline export function stepMove(from: i32, to: i32): u32 {
  return (<u32>to) | ((<u32>from) << 8) | 0xff0000 | (KIND_STEP << 24);
}
// @ts-ignore: decorator
@inline export function jumpMove(from: i32, to: i32, cap: i32): u32 {
  return (<u32>to) | ((<u32>from) << 8) | ((<u32>cap) << 16) | (KIND_JUMP << 24);
}
// @ts-ignore: decorator
@inline export function interveneMove(from: i32, to: i32): u32 {
  return (<u32>to) | ((<u32>from) << 8) | 0xff0000 | (KIND_INTERVENE << 24);
}
/** A multi-jump: its 12-bit set hash goes to bits 16..23 and 28..31. */
// @ts-ignore: decorator
@inline export function multiMove(from: i32, to: i32, caps: Bits): u32 {
  const h = <u32>((digest(caps) * 0x9e3779b97f4a7c15) >> 52);
  return (<u32>to) | ((<u32>from) << 8) | ((h & 0xff) << 16) | (KIND_MULTI << 24) | ((h >> 8) << 28);
}
// @ts-ignore: decorator
@inline export function moveTo(m: u32): i32 {
  return <i32>(m & 0xff);
}
// @ts-ignore: decorator
@inline export function moveFrom(m: u32): i32 {
  return <i32>((m >> 8) & 0xff);
}
// @ts-ignore: decorator
@inline export function moveCapture(m: u32): i32 {
  return <i32>((m >> 16) & 0xff);
}
// @ts-ignore: decorator
@inline export function moveKind(m: u32): u32 {
  return (m >> 24) & 0xf;
}
// @ts-ignore: decorator
@inline export function isCapture(m: u32): bool {
  return moveKind(m) >= KIND_JUMP;
}
