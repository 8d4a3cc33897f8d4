// Evaluation for the hunt family, in centi-units from the hunters' (side 1's) point of view, returned
// from the side to move's. Weights are data: WEIGHTS[phase * FEATURES + feature], phase 0 = placement
// (pieces still in hand), 1 = movement. The values live in the variant declaration (src/variants/*.ts,
// `evalWeights`); the host writes them at setup with setWeight. All zero until then.
import { ld, st, bit, has, none, or, and, andNot, nonEmpty, first, popFirst, size, fromWords } from "./bits";
import { STEP, boardMask, jumpLandings, midOf } from "./board";
import { hunters, prey, side, inHand, hand1, captured, captured1, kings, HUNTER, PREY } from "./position";
import { stepTargets } from "./movegen/steps";
import { fast, capture1, CAP_JUMP, CAP_MULTI, family, FAMILY_DRAUGHTS, promoRank0, promoRank1 } from "./rules";
import { RANK } from "./board";

export const FEATURES: i32 = 8;
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

/** Draughts features (the same slots, another meaning; src/variants/types.ts DRAUGHTS_EVAL_FEATURES). */
export const D_MAN: i32 = 0;       // per man
export const D_KING: i32 = 1;      // per king
export const D_ADVANCE: i32 = 2;   // per rank a man has advanced (counted as minus the ranks it still has to go)
export const D_MOBILITY: i32 = 3;  // per step available (one step, men and kings)
export const D_TEMPO: i32 = 4;     // for the side to move
export const D_CENTRE: i32 = 5;    // per piece on the centre (EVAL_MASKS[0])
export const D_DEN: i32 = 6;       // per piece in its own side's den (EVAL_MASKS[1 + side]: guarding the promotion rank)

/** Regions the host marks for the evaluation: [0] the centre, [1] side 0's den, [2] side 1's den. */
export const EVAL_MASKS = new StaticArray<Bits>(3);
/**
 * Sets region i (0..2) from its two u64 words w0 (points 0..63) and w1 (64..127, 0 on the u64 build's
 * boards), as the host writes them to IO (index.ts). Returns 0, or -1 for a bad i.
 */
export function setEvalMask(i: i32, w0: u64, w1: u64): i32 {
  if (i < 0 || i >= 3) return -1;
  st(EVAL_MASKS, i, fromWords(w0, w1));
  return 0;
}

/**
 * The largest evaluation any family returns: one below the mate range (search.ts MATE_BOUND = 30000),
 * so that no position however lopsided reads as a forced win (DESIGN.md "Search": every family's
 * evaluation is clamped below the mate range; search.ts checks the two agree).
 */
export const EVAL_LIMIT: i32 = 29999;

/** Static evaluation of the current position from the side to move's point of view, within ±EVAL_LIMIT. */
export function evaluate(): i32 {
  const s = evaluateAny();
  return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
}

/** The family's evaluation, unclamped. */
// @ts-ignore: decorator
@inline function evaluateAny(): i32 {
  if (family == FAMILY_DRAUGHTS) return evaluateDraughts();
  if (!fast) return evaluateGeneric();
  return evaluateFast();
}

/** The Bagh Chal profile's evaluation. */
// @ts-ignore: decorator
@inline function evaluateFast(): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  const w = inHand > 0 ? 0 : FEATURES;
  let mobility = 0, trapped = 0;
  let enPrise = none();
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const jumps = jumpLandings(from, prey, empty);
    const m = size(and(ld(STEP, from), empty)) + size(jumps);
    mobility += m;
    if (m == 0) trapped++;
    for (let t = jumps; nonEmpty(t); t = popFirst(t)) enPrise = or(enPrise, bit(midOf(from, first(t))));
  }
  let s = captured * ld(WEIGHTS, w + F_CAPTURED) + mobility * ld(WEIGHTS, w + F_MOBILITY)
    + trapped * ld(WEIGHTS, w + F_TRAPPED) + size(enPrise) * ld(WEIGHTS, w + F_EN_PRISE);
  s = side == HUNTER ? s : -s;
  return s + ld(WEIGHTS, w + F_TEMPO);
}

/** The same features for every profile: step masks, the hunters' capture kind, prey mobility. */
function evaluateGeneric(): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  const w = inHand > 0 || hand1 > 0 ? 0 : FEATURES;
  const jumps = capture1 == CAP_JUMP || capture1 == CAP_MULTI;
  let mobility = 0, trapped = 0, preyMobility = 0;
  let enPrise = none();
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const j = jumps ? jumpLandings(from, prey, empty) : none();
    const m = size(and(stepTargets(1, from), empty)) + size(j);
    mobility += m;
    if (m == 0) trapped++;
    for (let t = j; nonEmpty(t); t = popFirst(t)) enPrise = or(enPrise, bit(midOf(from, first(t))));
  }
  for (let f = prey; nonEmpty(f); f = popFirst(f)) preyMobility += size(and(stepTargets(0, first(f)), empty));
  let s = (captured - captured1) * ld(WEIGHTS, w + F_CAPTURED) + mobility * ld(WEIGHTS, w + F_MOBILITY)
    + trapped * ld(WEIGHTS, w + F_TRAPPED) + size(enPrise) * ld(WEIGHTS, w + F_EN_PRISE)
    + preyMobility * ld(WEIGHTS, w + F_PREY_MOBILITY);
  s = side == HUNTER ? s : -s;
  return s + ld(WEIGHTS, w + F_TEMPO);
}

/** Side s's material, advancement and mobility (draughts), weights of the movement phase. */
function draughtsSide(s: i32, empty: Bits): i32 {
  const w = FEATURES;
  const mine = s == PREY ? prey : hunters;
  const promo = s == PREY ? promoRank0 : promoRank1;
  let men = 0, kingCount = 0, advance = 0, mobility = 0;
  for (let f = mine; nonEmpty(f); f = popFirst(f)) {
    const p = first(f);
    if (has(kings, p)) {
      kingCount++;
      mobility += size(and(ld(STEP, p), empty));
    } else {
      men++;
      const r = <i32>ld(RANK, p);
      advance -= abs(promo - r);   // ranks still to go (a constant per man away from "ranks advanced")
      mobility += size(and(stepTargets(s, p), empty));
    }
  }
  const centre = size(and(mine, ld(EVAL_MASKS, 0))), den = size(and(mine, ld(EVAL_MASKS, 1 + s)));
  return men * ld(WEIGHTS, w + D_MAN) + kingCount * ld(WEIGHTS, w + D_KING) + advance * ld(WEIGHTS, w + D_ADVANCE) + mobility * ld(WEIGHTS, w + D_MOBILITY)
    + centre * ld(WEIGHTS, w + D_CENTRE) + den * ld(WEIGHTS, w + D_DEN);
}

/** Draughts evaluation: side 0's features less side 1's, from the side to move's view, plus tempo. */
function evaluateDraughts(): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  const s = draughtsSide(PREY, empty) - draughtsSide(HUNTER, empty);
  return (side == PREY ? s : -s) + ld(WEIGHTS, FEATURES + D_TEMPO);
}
