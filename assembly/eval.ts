// Evaluation for the hunt family, in centi-units from the hunters' (side 1's) point of view, returned
// from the side to move's. Weights are data: WEIGHTS[phase * FEATURES + feature], phase 0 = placement
// (pieces still in hand), 1 = movement. The values live in the variant declaration (src/variants/*.ts,
// `evalWeights`); the host writes them at setup with setWeight. All zero until then.
import { ld, st, bit, has, none, or, and, andNot, nonEmpty, first, popFirst, size, fromWords } from './bits';
import { STEP, boardMask, jumpLandings, midOf, MAX_POINTS, nPoints } from './board';
import { hunters, prey, side, inHand, hand1, captured, captured1, kings, HUNTER, PREY } from './position';
import { stepTargets } from './movegen/steps';
import { fast, capture1, CAP_JUMP, CAP_MULTI, family, FAMILY_DRAUGHTS, promoRank0, promoRank1 } from './rules';
import { RANK } from './board';

export const FEATURES: i32 = 11;
/** Feature indices. */
export const F_CAPTURED: i32 = 0; // per prey captured (less per hunter captured)
export const F_MOBILITY: i32 = 1; // per hunter move (steps + single jumps)
export const F_TRAPPED: i32 = 2; // per hunter with no move
export const F_EN_PRISE: i32 = 3; // per prey that some hunter can jump now
export const F_TEMPO: i32 = 4; // for the side to move
export const F_PREY_MOBILITY: i32 = 5; // per prey step available (the Bagh Chal profile does not count it)
export const F_SPACE: i32 = 6; // per empty point the hunters reach by steps (huntersSpace)
export const F_CORNERED: i32 = 7; // per hunter with exactly one move
export const F_THREAT: i32 = 8; // per prey some hunter can jump now, counted only with the hunters to move
export const F_TWO_MOVES: i32 = 9; // per hunter with exactly two moves
export const F_HUNTERS_ADJACENT: i32 = 10; // per pair of hunters on adjacent points (a line joins them)
export const WEIGHTS = new StaticArray<i32>(FEATURES * 2);

export function setWeight(i: i32, v: i32): i32 {
  if (i < 0 || i >= FEATURES * 2) return -1;
  st(WEIGHTS, i, v);
  return 0;
}

/**
 * Pattern tuples (hunt family, movement phase): learned weights for the contents of small groups of
 * points, added to the linear features (hunters' view). Tuple t lists TUPLE_LEN[t] points; its pattern
 * index is the base-3 number of their contents in order (0 empty, 1 prey, 2 hunter; the first point
 * the most significant digit), and it adds PATTERN_WEIGHTS[TUPLE_TABLE[t] + index], plus patternStride
 * when the hunters are to move (0: one table for both sides to move). Tuples may share a table (points
 * related by a symmetry of the board). The variant declares them (src/variants/types.ts
 * `evalPatterns`); the host writes them at setup. None until then.
 */
export const MAX_TUPLES: i32 = 32;
export const MAX_TUPLE_LEN: i32 = 9;
/** Weight slots (i16, centi-units) all tables together may use. */
export const MAX_PATTERN_WEIGHTS: i32 = 1 << 17;
const TUPLE_POINTS = new StaticArray<i32>(MAX_TUPLES * MAX_TUPLE_LEN);
const TUPLE_LEN = new StaticArray<i32>(MAX_TUPLES);
const TUPLE_TABLE = new StaticArray<i32>(MAX_TUPLES);
const PATTERN_WEIGHTS = new StaticArray<i16>(MAX_PATTERN_WEIGHTS);
const TUPLE_IN = new StaticArray<i32>(MAX_TUPLE_LEN);
/** Where the host writes a tuple's points (MAX_TUPLE_LEN i32 slots) before setTuple. */
export function tupleInputPtr(): usize {
  return changetype<usize>(TUPLE_IN);
}
let tupleCount: i32 = 0;
let patternStride: i32 = 0;

/**
 * Declares tuple t (0..MAX_TUPLES-1; tuples 0..t-1 must exist) of len points (1..MAX_TUPLE_LEN), their
 * indices on the board set up read from tupleInputPtr(), whose table starts at slot `table`; the tuples
 * in use become 0..t. Returns 0, or -1 for a bad argument (a point off the board, or a table that would
 * pass MAX_PATTERN_WEIGHTS, included).
 */
export function setTuple(t: i32, len: i32, table: i32): i32 {
  if (t < 0 || t > tupleCount || t >= MAX_TUPLES || len < 1 || len > MAX_TUPLE_LEN || table < 0) return -1;
  let size = 1;
  for (let j = 0; j < len; j++) size *= 3;
  if (table + size + patternStride > MAX_PATTERN_WEIGHTS) return -1;
  for (let j = 0; j < len; j++) {
    const p = ld(TUPLE_IN, j);
    if (p < 0 || p >= nPoints) return -1;
    st(TUPLE_POINTS, t * MAX_TUPLE_LEN + j, p);
  }
  st(TUPLE_LEN, t, len);
  st(TUPLE_TABLE, t, table);
  tupleCount = t + 1;
  indexMembers();
  return 0;
}

/** Removes every tuple and sets the hunters-to-move tables' offset (0: shared with the prey's). */
export function clearTuples(stride: i32): i32 {
  if (stride < 0 || stride >= MAX_PATTERN_WEIGHTS) return -1;
  tupleCount = 0;
  patternStride = stride;
  indexMembers();
  return 0;
}

/** The pattern weights (patternCapacity() i16 slots) for the host to write. */
export function patternWeightsPtr(): usize {
  return changetype<usize>(PATTERN_WEIGHTS);
}
/** The pattern weight slots (MAX_PATTERN_WEIGHTS). */
export function patternCapacity(): i32 {
  return MAX_PATTERN_WEIGHTS;
}

/**
 * Per board point p, the tuples it is a point of and its digit there (3^(points after it in the tuple)):
 * entries MEMBER_START[p] .. MEMBER_START[p + 1] of MEMBER_TUPLE and MEMBER_DIGIT (indexMembers).
 */
const MEMBER_START = new StaticArray<i32>(MAX_POINTS + 1);
const MEMBER_TUPLE = new StaticArray<i32>(MAX_TUPLES * MAX_TUPLE_LEN);
const MEMBER_DIGIT = new StaticArray<i32>(MAX_TUPLES * MAX_TUPLE_LEN);
/** Each tuple's pattern index with prey on all of its points (the sum of its digits). */
const TUPLE_FULL = new StaticArray<i32>(MAX_TUPLES);
/** Scratch: each tuple's pattern index in the current position. */
const TUPLE_INDEX = new StaticArray<i32>(MAX_TUPLES);

/** Rebuilds MEMBER_* and TUPLE_FULL from the tuples 0..tupleCount-1. */
function indexMembers(): void {
  let k = 0;
  for (let p = 0; p < MAX_POINTS; p++) {
    st(MEMBER_START, p, k);
    for (let t = 0; t < tupleCount; t++) {
      let d = 1;
      for (let j = ld(TUPLE_LEN, t) - 1; j >= 0; j--) {
        if (ld(TUPLE_POINTS, t * MAX_TUPLE_LEN + j) == p) {
          st(MEMBER_TUPLE, k, t);
          st(MEMBER_DIGIT, k, d);
          k++;
        }
        d *= 3;
      }
    }
  }
  st(MEMBER_START, MAX_POINTS, k);
  for (let t = 0; t < tupleCount; t++) {
    let d = 1;
    for (let j = 0; j < ld(TUPLE_LEN, t); j++) d *= 3;
    st(TUPLE_FULL, t, (d - 1) / 2);
  }
}

/** Adds m times point p's digit to the index of every tuple p is a point of. */
// @ts-ignore: decorator
@inline function addDigits(p: i32, m: i32): void {
  for (let k = ld(MEMBER_START, p), e = ld(MEMBER_START, p + 1); k < e; k++) {
    const t = ld(MEMBER_TUPLE, k);
    st(TUPLE_INDEX, t, ld(TUPLE_INDEX, t) + m * ld(MEMBER_DIGIT, k));
  }
}

/**
 * The tuples' sum for the current position (hunters' view, centi-units). A point's content is 0, 1 or
 * 2 (empty, prey, hunter), so an index is the sum over the tuple's prey of their digits plus twice that
 * over its hunters; or, where the board has fewer empty points than prey (most of Bagh Chal's movement
 * phase), the index with prey everywhere less the empty points' digits plus the hunters'. Either way the
 * work is a few additions per point walked, not per point of every tuple.
 */
function patternSum(): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  const byEmpty = size(empty) < size(prey);
  for (let t = 0; t < tupleCount; t++) st(TUPLE_INDEX, t, byEmpty ? ld(TUPLE_FULL, t) : 0);
  if (byEmpty) {
    for (let f = empty; nonEmpty(f); f = popFirst(f)) addDigits(first(f), -1);
    for (let f = hunters; nonEmpty(f); f = popFirst(f)) addDigits(first(f), 1);
  } else {
    for (let f = prey; nonEmpty(f); f = popFirst(f)) addDigits(first(f), 1);
    for (let f = hunters; nonEmpty(f); f = popFirst(f)) addDigits(first(f), 2);
  }
  const stride = side == HUNTER ? patternStride : 0;
  let s = 0;
  for (let t = 0; t < tupleCount; t++) s += <i32>ld(PATTERN_WEIGHTS, ld(TUPLE_TABLE, t) + ld(TUPLE_INDEX, t) + stride);
  return s;
}

/** Draughts features (the same slots, another meaning; src/variants/types.ts DRAUGHTS_EVAL_FEATURES). */
export const D_MAN: i32 = 0; // per man
export const D_KING: i32 = 1; // per king
export const D_ADVANCE: i32 = 2; // per rank a man has advanced (counted as minus the ranks it still has to go)
export const D_MOBILITY: i32 = 3; // per step available (one step, men and kings)
export const D_TEMPO: i32 = 4; // for the side to move
export const D_CENTRE: i32 = 5; // per piece on the centre (EVAL_MASKS[0])
export const D_DEN: i32 = 6; // per piece in its own side's den (EVAL_MASKS[1 + side]: guarding the promotion rank)

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
  return evaluateHunt();
}

// Feature counts of the last huntCounts() (the hunters' view; F_* above). One definition for evaluate()
// and for evalFeatures(), which writes them for the host's tuning (bench/tune.js).
let cMobility: i32 = 0,
  cTrapped: i32 = 0,
  cEnPrise: i32 = 0,
  cPreyMobility: i32 = 0,
  cSpace: i32 = 0,
  cCornered: i32 = 0;
let cTwoMoves: i32 = 0,
  cAdjacent: i32 = 0;

/**
 * Counts the hunt features of the current position into the c* globals. `w` is the phase's first weight
 * slot; the costlier counts (prey mobility, the hunters' space) are made only when their weight in that
 * phase is non-zero or `all` is set. Under the Bagh Chal profile (`fast`) steps are the board's lines
 * and prey mobility is not counted.
 */
// @ts-ignore: decorator
@inline function huntCounts(w: i32, all: bool): void {
  const empty = andNot(boardMask, or(hunters, prey));
  const jumps = fast || capture1 == CAP_JUMP || capture1 == CAP_MULTI;
  let mobility = 0,
    trapped = 0,
    cornered = 0,
    two = 0,
    adjacent = 0;
  let enPrise = none();
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const j = jumps ? jumpLandings(from, prey, empty) : none();
    const m = size(and(fast ? ld(STEP, from) : stepTargets(1, from), empty)) + size(j);
    mobility += m;
    if (m == 0) trapped++;
    else if (m == 1) cornered++;
    else if (m == 2) two++;
    adjacent += size(and(ld(STEP, from), hunters));
    for (let t = j; nonEmpty(t); t = popFirst(t)) enPrise = or(enPrise, bit(midOf(from, first(t))));
  }
  cMobility = mobility;
  cTrapped = trapped;
  cCornered = cornered;
  cEnPrise = size(enPrise);
  cTwoMoves = two;
  cAdjacent = adjacent >> 1;
  let preyMobility = 0;
  if (!fast && (all || ld(WEIGHTS, w + F_PREY_MOBILITY) != 0)) {
    for (let f = prey; nonEmpty(f); f = popFirst(f)) preyMobility += size(and(stepTargets(0, first(f)), empty));
  }
  cPreyMobility = preyMobility;
  cSpace = all || ld(WEIGHTS, w + F_SPACE) != 0 ? huntersSpace(empty) : 0;
}

/**
 * The hunters' space: empty points a hunter reaches by steps alone through empty points (flood fill
 * over the hunters' step targets, prey and hunters blocking). What the prey close to trap them.
 */
function huntersSpace(empty: Bits): i32 {
  let reach = none();
  let frontier = hunters;
  while (nonEmpty(frontier)) {
    let next = none();
    for (let f = frontier; nonEmpty(f); f = popFirst(f))
      next = or(next, fast ? ld(STEP, first(f)) : stepTargets(1, first(f)));
    next = andNot(and(next, empty), reach);
    reach = or(reach, next);
    frontier = next;
  }
  return size(reach);
}

/** The hunt family's phase: 0 placement (a side still has pieces in hand), 1 movement. */
// @ts-ignore: decorator
@inline function huntPhase(): i32 {
  return inHand > 0 || hand1 > 0 ? 0 : 1;
}

/** The hunt evaluation (every profile), the hunters' view turned to the side to move's, plus tempo. */
// @ts-ignore: decorator
@inline function evaluateHunt(): i32 {
  const w = huntPhase() * FEATURES;
  huntCounts(w, false);
  let s =
    (captured - captured1) * ld(WEIGHTS, w + F_CAPTURED) +
    cMobility * ld(WEIGHTS, w + F_MOBILITY) +
    cTrapped * ld(WEIGHTS, w + F_TRAPPED) +
    cEnPrise * ld(WEIGHTS, w + F_EN_PRISE) +
    cPreyMobility * ld(WEIGHTS, w + F_PREY_MOBILITY) +
    cSpace * ld(WEIGHTS, w + F_SPACE) +
    cCornered * ld(WEIGHTS, w + F_CORNERED) +
    cTwoMoves * ld(WEIGHTS, w + F_TWO_MOVES) +
    cAdjacent * ld(WEIGHTS, w + F_HUNTERS_ADJACENT);
  if (tupleCount > 0 && w != 0) s += patternSum(); // w != 0: the movement phase
  s = side == HUNTER ? s + cEnPrise * ld(WEIGHTS, w + F_THREAT) : -s;
  return s + ld(WEIGHTS, w + F_TEMPO);
}

// Draughts counts of one side from the last draughtsCounts() (D_* above).
let dMen: i32 = 0,
  dKings: i32 = 0,
  dAdvance: i32 = 0,
  dMobility: i32 = 0,
  dCentre: i32 = 0,
  dDen: i32 = 0;

/** Side s's draughts counts (men, kings, advancement, mobility, centre, den) into the d* globals. */
function draughtsCounts(s: i32, empty: Bits): void {
  const mine = s == PREY ? prey : hunters;
  const promo = s == PREY ? promoRank0 : promoRank1;
  let men = 0,
    kingCount = 0,
    advance = 0,
    mobility = 0;
  for (let f = mine; nonEmpty(f); f = popFirst(f)) {
    const p = first(f);
    if (has(kings, p)) {
      kingCount++;
      mobility += size(and(ld(STEP, p), empty));
    } else {
      men++;
      const r = <i32>ld(RANK, p);
      advance -= abs(promo - r); // ranks still to go (a constant per man away from "ranks advanced")
      mobility += size(and(stepTargets(s, p), empty));
    }
  }
  dMen = men;
  dKings = kingCount;
  dAdvance = advance;
  dMobility = mobility;
  dCentre = size(and(mine, ld(EVAL_MASKS, 0)));
  dDen = size(and(mine, ld(EVAL_MASKS, 1 + s)));
}

/** Side s's material, advancement and mobility (draughts), weights of the movement phase. */
function draughtsSide(s: i32, empty: Bits): i32 {
  const w = FEATURES;
  draughtsCounts(s, empty);
  return (
    dMen * ld(WEIGHTS, w + D_MAN) +
    dKings * ld(WEIGHTS, w + D_KING) +
    dAdvance * ld(WEIGHTS, w + D_ADVANCE) +
    dMobility * ld(WEIGHTS, w + D_MOBILITY) +
    dCentre * ld(WEIGHTS, w + D_CENTRE) +
    dDen * ld(WEIGHTS, w + D_DEN)
  );
}

/** Draughts evaluation: side 0's features less side 1's, from the side to move's view, plus tempo. */
function evaluateDraughts(): i32 {
  const empty = andNot(boardMask, or(hunters, prey));
  const s = draughtsSide(PREY, empty) - draughtsSide(HUNTER, empty);
  return (side == PREY ? s : -s) + ld(WEIGHTS, FEATURES + D_TEMPO);
}

/**
 * The pattern tuples' sum (hunters' view, centi-units) in the position evalFeatures() looked at last: 0
 * in the placement phase, in draughts and without tuples. evaluate() adds it to the weighted counts.
 */
let featurePatterns: i32 = 0;
export function evalPatternSum(): i32 {
  return featurePatterns;
}

/** The feature counts evalFeatures() wrote last, FEATURES i32 slots in the order of the family's weights. */
export const FEATURE_COUNTS = new StaticArray<i32>(FEATURES);

/**
 * Writes the current position's evaluation features to FEATURE_COUNTS, with the definitions evaluate()
 * uses, from the view of the family's weights: hunt family (F_*) the hunters' (side 1), draughts (D_*)
 * side 0's, as that side's count less the other's. The tempo slot is +1 when that side is to move, -1
 * otherwise, so that before clamping evaluate() = (that side to move ? 1 : -1) * sum over i of
 * FEATURE_COUNTS[i] * WEIGHTS[phase * FEATURES + i], plus evalPatternSum() (hunt family, movement
 * phase). Every count is made, whatever the weights.
 * Returns the phase whose weights apply: 0 placement (pieces in hand), 1 movement (draughts: always 1).
 */
export function evalFeatures(): i32 {
  for (let i = 0; i < FEATURES; i++) st(FEATURE_COUNTS, i, 0);
  featurePatterns = 0;
  if (family == FAMILY_DRAUGHTS) {
    const empty = andNot(boardMask, or(hunters, prey));
    draughtsCounts(PREY, empty);
    const men = dMen,
      k = dKings,
      adv = dAdvance,
      mob = dMobility,
      cen = dCentre,
      den = dDen;
    draughtsCounts(HUNTER, empty);
    st(FEATURE_COUNTS, D_MAN, men - dMen);
    st(FEATURE_COUNTS, D_KING, k - dKings);
    st(FEATURE_COUNTS, D_ADVANCE, adv - dAdvance);
    st(FEATURE_COUNTS, D_MOBILITY, mob - dMobility);
    st(FEATURE_COUNTS, D_TEMPO, side == PREY ? 1 : -1);
    st(FEATURE_COUNTS, D_CENTRE, cen - dCentre);
    st(FEATURE_COUNTS, D_DEN, den - dDen);
    return 1;
  }
  const phase = huntPhase();
  huntCounts(phase * FEATURES, true);
  st(FEATURE_COUNTS, F_CAPTURED, captured - captured1);
  st(FEATURE_COUNTS, F_MOBILITY, cMobility);
  st(FEATURE_COUNTS, F_TRAPPED, cTrapped);
  st(FEATURE_COUNTS, F_EN_PRISE, cEnPrise);
  st(FEATURE_COUNTS, F_TEMPO, side == HUNTER ? 1 : -1);
  st(FEATURE_COUNTS, F_PREY_MOBILITY, cPreyMobility);
  st(FEATURE_COUNTS, F_SPACE, cSpace);
  st(FEATURE_COUNTS, F_CORNERED, cCornered);
  st(FEATURE_COUNTS, F_THREAT, side == HUNTER ? cEnPrise : 0);
  st(FEATURE_COUNTS, F_TWO_MOVES, cTwoMoves);
  st(FEATURE_COUNTS, F_HUNTERS_ADJACENT, cAdjacent);
  featurePatterns = tupleCount > 0 && phase == 1 ? patternSum() : 0;
  return phase;
}
