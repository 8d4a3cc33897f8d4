/**
 * The public types of the whole-game solve of Bagh Chal (src/solve/placement.ts solveGame): its options,
 * progress, layer reports, answer and position values.
 */
import type { LayerReport } from '../index.js';

/** Where a solve is: `stage` "movement" (building the movement-phase tablebases), "convert", or "placement". */
export interface SolveProgress {
  stage: 'movement' | 'convert' | 'placement';
  /** Goats placed and captured of the layer being solved (placement, convert). */
  placed: number;
  captured: number;
  /** Side to move in that layer. */
  side: 'goats' | 'tigers';
  /** Hunter-orbit blocks of the layer done, of total (1666 for Bagh Chal). */
  done: number;
  total: number;
  /** Layer steps finished so far, of all steps of the solve. */
  step: number;
  steps: number;
  /** Movement stage: the captures-to-win of the tablebase being built, and its progress. */
  movement?: { capturesToWin: number; layer: number; pass: number; done: number; total: number };
}

/** One solved placement layer: distinct positions (up to symmetry) and their values. */
export interface PlacementLayerReport {
  placed: number;
  captured: number;
  side: 'goats' | 'tigers';
  positions: number;
  /** Values in the game itself (captures-to-win K), for the side named: */
  tigersWin: number;
  goatsWin: number;
  draws: number;
  /** forced[k] = positions where the most captures the tigers can force is k (0..K). */
  forced: number[];
  ms: number;
  /** Read from a checkpoint file instead of solved. */
  loaded: boolean;
}

/** The answer of solveGame. */
export interface GameSolution {
  variant: string;
  capturesToWin: number;
  /** The start position (goats to move). */
  position: string;
  /** Game value for the side to move at the start (goats); null if the solve stopped before the start (stopAt). */
  value: 'win' | 'draw' | 'loss' | null;
  /** The most goats the tigers can force to capture from the start (0..capturesToWin); null as `value`. */
  forcedCaptures: number | null;
  /**
   * Distinct placement positions solved (both sides to move, up to symmetry; earlier runs of a resumed solve included).
   */
  positions: number;
  /** Wall-clock time of the placement pass (milliseconds, earlier runs of a resumed solve included) and of this run. */
  placementMs: number;
  ms: number;
  /** Runs the solve took (more than 1 when it was resumed). */
  runs: number;
  threads: number;
  /** Peak resident memory of the process during the solve (MiB). */
  peakRssMB: number;
  /**
   * Every solved layer (those of earlier runs of a resumed solve included), and the converted movement-phase layers
   * (placed = 20).
   */
  layers: PlacementLayerReport[];
  /** True when the answer was read from a solution file of an earlier run. */
  loaded: boolean;
}

/** Options of solveGame. */
export interface SolveOptions {
  /** Directory of the movement-phase tablebases (built there if missing) and of the checkpoints. */
  dir: string;
  /** Variant options (captures-to-win: 1..5, MAX_TABLEBASE_CAPTURES). */
  options?: Record<string, number | string>;
  /** Solving threads; default the machine's cores, at most 8. */
  threads?: number;
  onProgress?: (p: SolveProgress) => void;
  onLayer?: (r: PlacementLayerReport) => void;
  onMovementLayer?: (capturesToWin: number, r: LayerReport) => void;
  /**
   * Stop after the layers with this many goats placed (default 0, the start: only then is the answer complete and a
   * solution file written).
   */
  stopAt?: number;
  /** For tests: keep every solved layer in memory for `probe` (needs memory for all of them). */
  keepLayers?: boolean;
  /**
   * Keep every placement layer solved as a table file in `dir` (both sides to move: `...-placed<p>-c<c>.lttp`,
   * tigers to move, and `...-c<c>-prey.lttp`, goats to move), for Game.loadTablebase and probePlacement to read
   * afterwards, instead of deleting each checkpoint once the next is written. A nibble a slot: about 17.4 GB for
   * captures-to-win 5 (docs/solving.md); the free space is checked first. Default false.
   */
  keepPlacement?: boolean;
}

/** A position's placement value: V (the most captures the tigers can force) and whether the goats win the game. */
export interface PlacementValue {
  forcedCaptures: number;
  goatsWin: boolean;
  tigersWin: boolean;
  wdl: 'win' | 'draw' | 'loss';
  /**
   * False only from layers solved for a larger captures-to-win than the game's (openPlacementTables) where their
   * goats' bit is set: the goats win or it is a draw, and wdl says draw.
   */
  exact: boolean;
}
