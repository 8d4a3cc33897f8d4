/**
 * The evaluation's data (the terms: features.ts): material values of every piece form, in centipawns (a
 * Pawn = 100), a promotion-potential share, and the weights of the positional counts (EVAL_FEATURES).
 * Royal pieces (King, Emperor, Prince) lose the game when the last one goes; their material values only
 * steer exchanges, the royal terms carry their safety. PIECE_VALUES are rough mobility-based estimates,
 * the prior of the fit (bench/maka-tune.js) that gave FORM_VALUES and EVAL_WEIGHTS.
 */
import { PIECES } from './pieces.js';

/** code -> [unpromoted value, promoted value (0 when there is no promoted form)]. */
export const PIECE_VALUES: Readonly<Record<string, readonly [number, number]>> = {
  K: [1500, 3000],
  DE: [500, 1500],
  G: [400, 1000],
  S: [350, 900],
  C: [300, 700],
  I: [250, 600],
  T: [250, 700],
  ST: [200, 450],
  E: [200, 500],
  GB: [150, 500],
  BT: [350, 1000],
  FL: [350, 1000],
  CS: [300, 800],
  CC: [300, 1000],
  CT: [300, 800],
  OM: [300, 1000],
  RD: [400, 900],
  OR: [300, 900],
  AB: [300, 1000],
  BB: [400, 1100],
  EW: [400, 1200],
  KR: [500, 1200],
  PH: [500, 1200],
  LN: [1800, 3000],
  DS: [400, 2500],
  DV: [400, 2500],
  P: [100, 400],
  L: [300, 400],
  RC: [350, 400],
  N: [300, 400],
  D: [350, 400],
  FD: [400, 400],
  VO: [400, 400],
  W: [500, 400],
  GG: [550, 400],
  BD: [450, 400],
  SD: [650, 400],
  LD: [1400, 400],
  SF: [700, 400],
  SM: [600, 400],
  VM: [600, 400],
  RT: [700, 400],
  LT: [700, 400],
  B: [800, 400],
  R: [900, 400],
  CP: [1200, 400],
  HM: [1300, 400],
  DH: [1000, 0],
  DK: [1100, 0],
  FK: [1300, 0],
};

/**
 * Promotion potential: an unpromoted piece whose promoted form is worth more is credited with this
 * share of the difference (promotion happens by capturing, so it is a chance, not a certainty).
 */
export const PROMOTION_SHARE = 1 / 8;
/**
 * Progress: a piece other than a royal gains ADVANCE a rank it stands from its own edge, up to
 * ADVANCE_RANKS ranks (the middle of the 19 ranks): the side that advances meets the enemy (issue 18:
 * with material alone every quiet move scored 0 and games shuffled into a repetition). Fitted (EVAL_WEIGHTS:
 * 3, as hand-set), kept here because Position.material counts it with the pieces' values.
 */
export const ADVANCE = 3;
export const ADVANCE_RANKS = 9;
/**
 * Mop-up: a side ahead by MOPUP_FROM or more (the evaluation's material, advancement and royal terms)
 * gains up to MOPUP_TROPISM more a square its pieces stand nearer the enemy royal, in full from a lead
 * of MOPUP_FROM + MOPUP_SPAN: far ahead, it hunts the royal down instead of trading on (issue 18:
 * self-play under promotion=always ran past 1,000 plies 45 pawns up, its pieces out of the royal's reach).
 */
export const MOPUP_FROM = 800;
export const MOPUP_SPAN = 2000;
export const MOPUP_TROPISM = 24;
/**
 * Mop-up: the side ahead gains up to MOPUP_EDGE a square the enemy royal stands from the board's centre (king distance,
 * 9 at most): driven to the edge, it has fewer squares to run to.
 */
export const MOPUP_EDGE = 40;

/**
 * The fitted values of the piece forms (code -> [unpromoted, including its promotion potential; promoted]);
 * a code not here takes PIECE_VALUES with PROMOTION_SHARE of the difference. Fitted to
 * bench/data/maka-dai-dai-1.jsonl.gz and -2 (100 self-play games at 3,000 nodes a move, 67,845 positions), by
 * `node bench/maka-tune.js fit --data bench/data/maka-dai-dai-1.jsonl.gz --data bench/data/maka-dai-dai-2.jsonl.gz
 * --iters 600 --lambda 0.001 --features advance,guard,danger,near,spare,tempo`.
 */
export const FORM_VALUES: Readonly<Record<string, readonly [number, number]>> = {
  K: [1539, 3122],
  DE: [600, 1538],
  G: [499, 1033],
  S: [413, 931],
  C: [394, 726],
  I: [260, 618],
  T: [303, 628],
  ST: [201, 353],
  E: [218, 553],
  GB: [218, 553],
  BT: [436, 1014],
  FL: [444, 1035],
  CS: [341, 800],
  CC: [385, 1017],
  CT: [336, 762],
  OM: [429, 923],
  RD: [503, 900],
  OR: [361, 972],
  AB: [345, 1005],
  BB: [507, 1126],
  EW: [527, 1200],
  KR: [543, 1164],
  PH: [585, 1251],
  LN: [2031, 3044],
  DS: [623, 2527],
  DV: [598, 2551],
  P: [131, 393],
  L: [270, 393],
  RC: [306, 393],
  N: [317, 393],
  D: [349, 393],
  FD: [371, 393],
  VO: [484, 393],
  W: [486, 393],
  GG: [596, 393],
  BD: [409, 393],
  SD: [689, 393],
  LD: [1440, 393],
  SF: [674, 393],
  SM: [606, 393],
  VM: [640, 393],
  RT: [670, 393],
  LT: [666, 393],
  B: [755, 393],
  R: [857, 393],
  CP: [1165, 393],
  HM: [1374, 393],
  DH: [968, 0],
  DK: [1114, 0],
  FK: [1351, 0],
};

/** Piece byte -> value including promotion potential (position.ts encoding; colour ignored). */
export const VALUE_OF_BYTE: Int32Array = (() => {
  const v = new Int32Array(256);
  PIECES.forEach((p, t) => {
    const [u, pr] = PIECE_VALUES[p.code]!;
    const potential = p.promoted && pr > u ? Math.round((pr - u) * PROMOTION_SHARE) : 0;
    const [fu, fp] = FORM_VALUES[p.code] ?? [u + potential, pr];
    for (let c = 0; c < 2; c++) {
      v[((t + 1) << 2) | c] = fu;
      v[((t + 1) << 2) | 2 | c] = fp;
    }
  });
  return v;
})();

/**
 * The positional counts of the evaluation (features.ts evalFeatures()), each Black's minus White's (their
 * hand-set weights before the fit: advance 3, guard 12, near 1, spare 400, the others 0):
 * - advance: ranks each piece other than a royal stands beyond its side's first, up to ADVANCE_RANKS;
 * - guard: own pieces next to each royal (shelter);
 * - danger: enemy pieces within 2 squares (king distance) of each royal;
 * - near: squares each piece other than a royal stands nearer the enemy royal (18 - king distance; the mop-up
 *   weighs it more for a side far ahead, so that it closes in instead of shuffling out of reach);
 * - strongNear: the same for the strong pieces alone (value STRONG_FROM or more: the Lion, Lion Dog, ...);
 * - strongFree: empty squares within 2 of each strong piece (the Lion's reach; activity);
 * - reach: empty squares next to a side's pieces (a mobility proxy);
 * - spare: royals beyond the first;
 * - tempo: 1 for Black to move, -1 for White.
 */
export const EVAL_FEATURES = [
  'advance',
  'guard',
  'danger',
  'near',
  'strongNear',
  'strongFree',
  'reach',
  'spare',
  'tempo',
] as const;
/** Value from which a piece other than a royal counts as strong (strongNear, strongFree): centipawns. */
export const STRONG_FROM = 1000;
/**
 * The weights of EVAL_FEATURES, centipawns a count; advance is ADVANCE (Position.material counts it). Fitted
 * with FORM_VALUES (same data and command); strongNear, strongFree and reach are held at 0 (their cost in
 * speed is more than a match showed them gain: docs/search.md).
 */
export const EVAL_WEIGHTS: Readonly<Record<(typeof EVAL_FEATURES)[number], number>> = {
  advance: ADVANCE,
  guard: 12.06,
  danger: -12.79,
  near: 0.88,
  strongNear: 0,
  strongFree: 0,
  reach: 0,
  spare: 418.19,
  tempo: 2.35,
};
