/** The generic solver's shapes (src/solve/generic.ts HuntSolver): estimates, layers, values, progress. */
import type { OptionValues } from '../../variants/index.js';

/**
 * A symmetry class of stack vectors (the core's gsClasses): its index (a layer key's last coordinate),
 * its total excess, its members (each a vector in the order of the stack points; the least first) and
 * their codes (the core's: sum of excess_i * weight_i, ascending), and whether other classes share its total.
 */
export interface StackClass {
  index: number;
  sum: number;
  members: number[][];
  codes: number[];
  split: boolean;
}

/**
 * Which layers a solver covers (HuntSolver.create's third argument).
 *
 * `handsEmptyOnly`: only the layers where both hands are empty (no piece left to place: Bagh Chal's
 * movement phase, whose placement layers are far too big for this solver). Hands never grow in the hunt
 * family (a captured piece leaves the game), so every move from such a layer leads to another such
 * layer or ends the game: these layers are solved exactly as in a whole solve, and write the same files
 * (a later whole solve in the same directory loads them). Positions with a piece in hand are then
 * outside the solver: probe() answers null for them. A game whose hands start empty has nothing else.
 */
export interface SolverScope {
  /** Default false: every layer. */
  handsEmptyOnly?: boolean;
}

/** The size of a solve, from the index alone (no position is visited). */
export interface SolveEstimate {
  variant: string;
  options: OptionValues;
  /** Only the layers with both hands empty (SolverScope). */
  handsEmptyOnly: boolean;
  /** Board symmetries the rules allow (1 = none). */
  symmetries: number;
  /** The stack points (the start's stacks, by point index): the order of a layer's `stacks`. */
  stackPoints: string[];
  /** In solving order (the layers moves lead to first); under `handsEmptyOnly` those with both hands empty. */
  layers: GenericLayer[];
  /** Slots of every layer (of `layers`). */
  slots: number;
  /** Bytes of the layer files (2 a slot, plus headers). */
  diskBytes: number;
  /**
   * Peak memory of the core while solving (bytes): the values (2 bytes a slot) of the layers live at
   * once, the layer being solved and those one move from it that a later layer still needs (on the
   * grouped plan: those the plan holds, successorGroups, rereads), as the layer pool (layer-pool.ts)
   * places them in the solving order, blocks it cannot reuse included; plus the successor counters of
   * the largest layer (2 bytes a slot) and an allowance for the level buckets of one entry (4 bytes) a
   * slot of the largest layer.
   */
  memoryBytes: number;
  /** Of memoryBytes: the address space the pool takes for values (the sum of its regions). */
  valueBytes: number;
  /** The most layers in memory at once while solving, and the layer being solved when the values peak. */
  liveLayers: number;
  /**
   * Every layer's values at once plus the largest layer's counters and buckets (bytes): what load()
   * (a Game's tables, probed by its search) needs, and what solve() keeps by default when it fits.
   */
  loadBytes: number;
  /**
   * The most memory one layer needs at once (bytes): the largest layer's counters and buckets (as in
   * memoryBytes), the layer's values and the largest group of its successors read together (all of
   * them on today's path), the most over the layers. memoryBytes (the address space taken) is at least this.
   */
  needBytes: number;
  /**
   * Per layer (in solving order): the groups its successors are read in (0: none, 1: all at once; more
   * when they do not fit beside it: exit passes, assembly/tablebase/generic.ts EXIT PASSES).
   */
  successorGroups: number[];
  /**
   * Layer files read back while solving (0 when every layer stays in memory while a later layer reads
   * it). Above 0 the solve needs a directory: the layers dropped from memory are read back from it.
   */
  rereads: number;
  /** Why the solve cannot run here, or null. */
  refusal: string | null;
}

/** A position's value for the side to move: win or loss in `plies` (the winner hurries), or a draw. */
export interface SolvedValue {
  result: 'win' | 'loss' | 'draw';
  plies: number;
}

export type { GenericLayer, SolvedLayerInfo, ValueCounts } from '../../lattice/tables.js';
import type { GenericLayer, SolvedLayerInfo, ValueCounts } from '../../lattice/tables.js';

/** A layer solve() finished: solved (ms) or loaded from its file. */
export interface LayerResult extends SolvedLayerInfo {
  sides: [ValueCounts, ValueCounts];
  ms: number;
  loaded: boolean;
}

/**
 * Progress of a layer: pass 1 counts successors (done of total slots); pass 2 resolves wins and losses
 * level by level (done of total: the layer's positions, counted by pass 1; the draws among them are
 * never resolved, so pass 2 ends below total by the layer's draws; level: the distance in plies).
 */
export interface SolveProgress {
  layer: number;
  layers: number;
  pass: 1 | 2;
  done: number;
  total: number;
  level: number;
}
