/**
 * The public tablebase and solving API: the package's `lattice-engine/tablebase` entry (Node only: it
 * reads and writes files and solves on worker_threads).
 *
 *     import { buildTablebase, countPositions, solveGame } from 'lattice-engine/tablebase';
 *
 * - buildTablebase(variant, { dir, options?, threads?, onProgress?, onLayer? }): the movement-phase
 *   tablebase (index.ts); countPositions(variant, options?): its slots per layer.
 * - solveGame(variant, { dir, threads?, onProgress?, onLayer?, ... }): Bagh Chal's whole game solved
 *   backwards (placement.ts).
 * - HuntSolver.create(variant, options?): every other hunt game of at most 64 points solved whole by the
 *   generic solver (generic.ts): `.estimate`, `await .solve({ dir })`, `.probe(position)`, `await
 *   .verify()`; Game.loadTablebase(dir) loads its files for probe() and the search.
 * - solverFor(variant, options?, { generic? }): the solver of a variant's whole game behind one
 *   layered-solver interface (seam.ts LayeredSolver: layers, solveLayer, solve, load, probe; estimate and
 *   verify for the generic solver), chosen by its rule profile; tablebaseSolverFor(variant, options?):
 *   the movement-phase tablebase behind the same interface.
 * Errors: TablebaseError (a LatticeError) for unusable files and directories, ArgumentError and
 * OptionError for bad arguments. Loading a tablebase into a game is Game.loadTablebase(dir).
 */
export { buildTablebase, countPositions, TablebaseError } from './index.js';
export type { BuildOptions, BuildProgress, LayerReport, LayerMeta, SideStats } from './index.js';
export { solveGame } from './placement.js';
export { HuntSolver, allowedSymmetries, decodeValue, solvedOptionSets } from './generic.js';
export type {
  GenericLayer,
  SolveEstimate,
  SolvedValue,
  SolvedLayerInfo,
  LayerResult as SolvedLayerResult,
  SolveProgress as GenericSolveProgress,
  SolverScope,
  ValueCounts,
} from './generic.js';
export type { SolveOptions, SolveProgress, GameSolution, PlacementLayerReport, PlacementValue } from './placement.js';
export { GenericSeam, MovementSeam, WholeGameSeam, solverFor, tablebaseSolverFor } from './seam.js';
export type {
  GameSolver,
  LayeredSolver,
  MovementLayer,
  PlacementPass,
  SolverId,
  SolverLayer,
  GenericSolveOptions,
  MovementSolveOptions,
  WholeGameSolveOptions,
} from './seam.js';
