import type { Board } from '../lattice/index.js';

/** One option of a variant (`--option key=value`): its type, default, allowed values and rule source. */
export interface OptionDecl {
  name: string;
  type: 'int' | 'enum';
  default: number | string;
  /** Allowed values of an enum option. */
  values?: readonly string[];
  /** Inclusive bounds of an int option. */
  min?: number;
  max?: number;
  /** RULES.md section / seed line the option comes from. */
  source: string;
  description: string;
}

/** A piece kind of a hunt game: its letter in position strings and its name. */
export interface PieceDecl { letter: string; name: string; plural: string }

/** Resolved option values, by option name. */
export type OptionValues = Record<string, number | string>;

/**
 * A hunt-family variant as data (DESIGN.md "A game is data"): board, pieces, start position, rule flags,
 * options. The core consumes the board tables and the rule flags; the host never re-implements a rule.
 */
export interface HuntVariant {
  id: string;
  name: string;
  family: 'hunt';
  /** RULES.md section and seed file of the rules. */
  source: string;
  board: () => Board;
  /** The side that places first and cannot capture (goats), and the hunters (tigers). */
  prey: PieceDecl;
  hunter: PieceDecl;
  /** Number of hunters on the board (fixed in this family). */
  hunters: number;
  /** Total prey: on the board + in hand + captured (validated in position strings). */
  preyTotal: number;
  /** Start position string; may depend on options. */
  start: (o: OptionValues) => string;
  /** Captures that win for the hunters, from the options. */
  capturesToWin: (o: OptionValues) => number;
  options: readonly OptionDecl[];
  /** Evaluation weights (centi-units, hunters' view) per phase; layout in assembly/eval.ts. */
  evalWeights: { placement: EvalWeights; movement: EvalWeights };
}

/** Weights of the hunt evaluation's features, in centi-units from the hunters' point of view. */
export interface EvalWeights {
  /** per prey captured */
  captured: number;
  /** per hunter move available (steps + jumps) */
  mobility: number;
  /** per hunter with no move */
  trapped: number;
  /** per prey that a hunter can jump now */
  enPrise: number;
  /** bonus for the side to move */
  tempo: number;
}

/** Feature order of EvalWeights in the core's WEIGHTS table (assembly/eval.ts F_*). */
export const EVAL_FEATURES = ['captured', 'mobility', 'trapped', 'enPrise', 'tempo'] as const;

export type Variant = HuntVariant;
