// Evaluation for the hunt family (Bagh Chal first), in centi-units from the hunters' (tigers') point
// of view, returned from the side to move's. Weights are data: WEIGHTS[phase * FEATURES + feature],
// phase 0 = placement (prey still in hand), 1 = movement. The values live in the variant declaration
// (src/variants/*.ts, `evalWeights`); the host writes them at setup with setWeight. All zero until then.
import { ld, st } from "./bits";
import { STEP, boardMask, jumpLandings, midOf } from "./board";
import { hunters, prey, side, inHand, captured, HUNTER } from "./position";

export const FEATURES: i32 = 5;
/** Feature indices. */
export const F_CAPTURED: i32 = 0;   // per prey captured
export const F_MOBILITY: i32 = 1;   // per hunter move (steps + jumps)
export const F_TRAPPED: i32 = 2;    // per hunter with no move
export const F_EN_PRISE: i32 = 3;   // per prey that some hunter can jump now
export const F_TEMPO: i32 = 4;      // for the side to move
export const WEIGHTS = new StaticArray<i32>(FEATURES * 2);

export function setWeight(i: i32, v: i32): i32 {
  if (i < 0 || i >= FEATURES * 2) return -1;
  st(WEIGHTS, i, v);
  return 0;
}

/** Static evaluation of the current position from the side to move's point of view. */
export function evaluate(): i32 {
  const empty = boardMask & ~(hunters | prey);
  const w = inHand > 0 ? 0 : FEATURES;
  let mobility = 0, trapped = 0;
  let enPrise: u64 = 0;
  for (let f = hunters; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    const jumps = jumpLandings(from, prey, empty);
    const m = <i32>popcnt(ld(STEP, from) & empty) + <i32>popcnt(jumps);
    mobility += m;
    if (m == 0) trapped++;
    for (let t = jumps; t != 0; t &= t - 1) enPrise |= <u64>1 << <u64>midOf(from, <i32>ctz(t));
  }
  let s = captured * ld(WEIGHTS, w + F_CAPTURED) + mobility * ld(WEIGHTS, w + F_MOBILITY)
    + trapped * ld(WEIGHTS, w + F_TRAPPED) + <i32>popcnt(enPrise) * ld(WEIGHTS, w + F_EN_PRISE);
  s = side == HUNTER ? s : -s;
  return s + ld(WEIGHTS, w + F_TEMPO);
}
