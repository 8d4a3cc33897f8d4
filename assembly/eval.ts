// Evaluation for the hunt family, in centi-units from the hunters' (side 1's) point of view, returned
// from the side to move's. Weights are data: WEIGHTS[phase * FEATURES + feature], phase 0 = placement
// (pieces still in hand), 1 = movement. The values live in the variant declaration (src/variants/*.ts,
// `evalWeights`); the host writes them at setup with setWeight. All zero until then.
import { ld, st } from "./bits";
import { STEP, boardMask, jumpLandings, midOf } from "./board";
import { hunters, prey, side, inHand, hand1, captured, captured1, HUNTER } from "./position";
import { stepTargets } from "./movegen/hunt";
import { fast, capture1, CAP_JUMP, CAP_MULTI } from "./rules";

export const FEATURES: i32 = 6;
/** Feature indices. */
export const F_CAPTURED: i32 = 0;   // per prey captured (less per hunter captured)
export const F_MOBILITY: i32 = 1;   // per hunter move (steps + single jumps)
export const F_TRAPPED: i32 = 2;    // per hunter with no move
export const F_EN_PRISE: i32 = 3;   // per prey that some hunter can jump now
export const F_TEMPO: i32 = 4;      // for the side to move
export const F_PREY_MOBILITY: i32 = 5;   // per prey step available (the Bagh Chal profile does not count it)
export const WEIGHTS = new StaticArray<i32>(FEATURES * 2);

export function setWeight(i: i32, v: i32): i32 {
  if (i < 0 || i >= FEATURES * 2) return -1;
  st(WEIGHTS, i, v);
  return 0;
}

/** Static evaluation of the current position from the side to move's point of view. */
export function evaluate(): i32 {
  if (!fast) return evaluateGeneric();
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

/** The same features for every profile: step masks, the hunters' capture kind, prey mobility. */
function evaluateGeneric(): i32 {
  const empty = boardMask & ~(hunters | prey);
  const w = inHand > 0 || hand1 > 0 ? 0 : FEATURES;
  const jumps = capture1 == CAP_JUMP || capture1 == CAP_MULTI;
  let mobility = 0, trapped = 0, preyMobility = 0;
  let enPrise: u64 = 0;
  for (let f = hunters; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    const j = jumps ? jumpLandings(from, prey, empty) : 0;
    const m = <i32>popcnt(stepTargets(1, from) & empty) + <i32>popcnt(j);
    mobility += m;
    if (m == 0) trapped++;
    for (let t = j; t != 0; t &= t - 1) enPrise |= <u64>1 << <u64>midOf(from, <i32>ctz(t));
  }
  for (let f = prey; f != 0; f &= f - 1) preyMobility += <i32>popcnt(stepTargets(0, <i32>ctz(f)) & empty);
  let s = (captured - captured1) * ld(WEIGHTS, w + F_CAPTURED) + mobility * ld(WEIGHTS, w + F_MOBILITY)
    + trapped * ld(WEIGHTS, w + F_TRAPPED) + <i32>popcnt(enPrise) * ld(WEIGHTS, w + F_EN_PRISE)
    + preyMobility * ld(WEIGHTS, w + F_PREY_MOBILITY);
  s = side == HUNTER ? s : -s;
  return s + ld(WEIGHTS, w + F_TEMPO);
}
