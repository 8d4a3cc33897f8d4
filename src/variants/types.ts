import type { Board } from '../board/index.js';
import type { RuleSet } from '../rules/index.js';

/**
 * One option of a variant (`--option key=value`): its type, default, allowed values and rule source.
 * Types (checked by resolveOptions, src/variants/index.ts):
 * - `'int'`: an integer in `min..max` (both given: the core's words are i32 and bounded, so an option that
 *   sets a rules field takes its bound from RULE_LIMITS, src/rules/ruleset.ts); when `values` is given,
 *   those words are allowed too and stay strings (`stall-limit`: `values: ['off'], min: 1, max: 1000000`
 *   = "off or an integer in 1..1000000").
 * - `'enum'`: one of `values`.
 * - `'point'`: a point name, one of `values` (the points allowed, e.g. `giant-start`: the points empty in
 *   the start position without the piece being placed).
 */
export interface OptionDecl {
  name: string;
  type: 'int' | 'enum' | 'point';
  default: number | string;
  /** enum: the allowed values; point: the allowed point names; int: words allowed besides integers. */
  values?: readonly string[];
  /**
   * Inclusive bounds of an int option (both required for 'int': test/unit/rule-limits.test.ts checks every
   * declaration).
   */
  min?: number;
  max?: number;
  /** RULES.md section / seed line the option comes from. */
  source: string;
  description: string;
}

/** A piece kind of a hunt game: its letter in position strings (upper case) and its name. */
export interface PieceDecl {
  letter: string;
  name: string;
  plural: string;
  /** The side's id in results (`winner`); default 'prey' for side 0 and 'hunters' for side 1. */
  id?: string;
}

/** Resolved option values, by option name (ints as numbers; enum, point and word values as strings). */
export type OptionValues = Record<string, number | string>;

/**
 * A hunt-family variant as written (DESIGN.md "A game is data"; spec issue 9 §2): board, sides, start
 * position and rules, each a function of the resolved options; the options; evaluation weights.
 * The core consumes the board tables and the rules block (encodeRules); the host re-implements no rule.
 */
export interface HuntVariant {
  id: string;
  name: string;
  /** 'hunt' (RULES.md §0-§3) or 'draughts' (§4); the same as `rules(o).family`. */
  family: 'hunt' | 'draughts';
  /** RULES.md section and seed file of the rules. */
  source: string;
  /** The board (src/lattice): alquerque(5, { dens }) or hareAndHounds(). */
  board: (o: OptionValues) => Board;
  /** [prey side (side 0), hunter side (side 1)]; letters distinct, upper case. */
  sides: readonly [PieceDecl, PieceDecl];
  /**
   * Start position string (grammar: spec issue 9 §3). The totals of each side (board + hand + captured)
   * are read from it.
   */
  start: (o: OptionValues) => string;
  /** The rules for these options, a checked RuleSet (src/rules). */
  rules: (o: OptionValues) => RuleSet;
  options: readonly OptionDecl[];
  /**
   * Evaluation weights (centi-units) per phase; layout in assembly/eval.ts. Hunt family: EvalWeights
   * (the hunters' view); draughts family: DraughtsEvalWeights (side 0's view), the same in both phases.
   */
  evalWeights: { placement: EvalWeights | DraughtsEvalWeights; movement: EvalWeights | DraughtsEvalWeights };
  /** Regions the draughts evaluation counts pieces on (point names): the centre, and each side's den. */
  evalRegions?: { centre: readonly string[]; dens: readonly [readonly string[], readonly string[]] };
  /**
   * Hunt family: pattern tuples whose learned weights the movement phase's evaluation adds to its
   * linear features (assembly/eval.ts setTuple); absent: none. A loader, called when a game's core is
   * set up, so that the tables (hundreds of KB) stay out of a bundle that only describes the games
   * (bundlers put a dynamic import in a chunk of its own). Fitted together with the movement weights
   * (bench/tune-patterns.js).
   */
  evalPatterns?: () => Promise<EvalPatterns>;
}

/**
 * Learned weights for the contents of small groups of points (n-tuples), hunters' view, centi-units. A
 * tuple's pattern is the base-3 number of its points' contents in order (0 empty, 1 prey, 2 hunter; the
 * first point the most significant digit), and the evaluation adds that entry of the tuple's table.
 * Tuples that a symmetry of the board maps onto each other list their points in corresponding orders
 * and share a table.
 */
export interface EvalPatterns {
  /** The tables' lengths in points: table k has 3^tableLengths[k] entries (a length is 1..9). */
  tableLengths: readonly number[];
  /** Each tuple (at most 32): the table it reads and its points by name, as many as the table's length. */
  tuples: readonly { table: number; points: readonly string[] }[];
  /** true: every table has a second set of entries for the hunters to move (the first set: the prey to move). */
  bySide: boolean;
  /**
   * The entries, little-endian int16, base64: the tables in order (the prey-to-move sets), then, when
   * bySide, the hunters-to-move sets in the same order; at most 2^17 entries in all.
   */
  weights: string;
}

/** Weights of the hunt evaluation's features, in centi-units from the hunters' point of view. */
export interface EvalWeights {
  /** per prey captured (less per hunter captured) */
  captured: number;
  /** per hunter move available (steps + jumps) */
  mobility: number;
  /** per hunter with no move */
  trapped: number;
  /** per prey that a hunter can jump now */
  enPrise: number;
  /** bonus for the side to move */
  tempo: number;
  /**
   * per prey step available (the prey's mobility; games that are won by trapping the hunters or by
   * keeping the prey mobile use it). Not counted under Bagh Chal's rule profile (its evaluation keeps
   * the fast path); absent = 0.
   */
  preyMobility?: number;
  /**
   * per empty point the hunters reach by steps through empty points (their room: what the prey close to
   * trap them); absent = 0, and then the evaluation skips the count.
   */
  space?: number;
  /** per hunter with exactly one move (nearly trapped); absent = 0 */
  cornered?: number;
  /**
   * per prey that a hunter can jump now, counted only when the hunters are to move (on top of enPrise:
   * a threat the prey can no longer meet); absent = 0
   */
  threat?: number;
  /** per hunter with exactly two moves; absent = 0 */
  twoMoves?: number;
  /** per pair of hunters on adjacent points (joined by a line of the board: in each other's way); absent = 0 */
  huntersAdjacent?: number;
}

/** Feature order of EvalWeights in the core's WEIGHTS table (assembly/eval.ts F_*). */
export const EVAL_FEATURES = [
  'captured',
  'mobility',
  'trapped',
  'enPrise',
  'tempo',
  'preyMobility',
  'space',
  'cornered',
  'threat',
  'twoMoves',
  'huntersAdjacent',
] as const;

/** Weights of the draughts evaluation's features, in centi-units from side 0's point of view. */
export interface DraughtsEvalWeights {
  /** per man */
  man: number;
  /** per king */
  king: number;
  /** per rank a man has advanced from its side's first rank */
  advance: number;
  /** per step available (men and kings, one step) */
  mobility: number;
  /** bonus for the side to move */
  tempo: number;
  /** per piece on the centre (evalRegions.centre) */
  centre: number;
  /** per piece in its own side's den (evalRegions.dens: guarding the promotion rank) */
  den: number;
}

/** Feature order of DraughtsEvalWeights in the core's WEIGHTS table (assembly/eval.ts D_*). */
export const DRAUGHTS_EVAL_FEATURES = ['man', 'king', 'advance', 'mobility', 'tempo', 'centre', 'den'] as const;

export type Variant = HuntVariant;
