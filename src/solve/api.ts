/**
 * The public tablebase and solving API: the package's `lattice-engine/tablebase` entry (Node only: it
 * reads and writes files and solves on worker_threads). Every export is described in docs/api.md
 * ("Tablebases and solving"); test/unit/exports.test.ts holds each entry's exports to that list.
 *
 *     import { buildTablebase, countPositions, solveGame } from 'lattice-engine/tablebase';
 *
 * - buildTablebase(variant, { dir, options?, threads?, onProgress?, onLayer?, layer? }): Bagh Chal's
 *   movement-phase tablebase (index.ts); countPositions(variant, options?): its slots per layer.
 * - solveGame(variant, { dir, options?, threads?, onProgress?, onLayer?, ... }): Bagh Chal's whole game
 *   solved backwards (placement.ts); with keepPlacement every placement layer is kept as a table file, and
 *   openPlacementTables(variant, dir, options?) probes one placement position from them by a positioned read.
 * - solverFor(variant, options?, { generic?, scope? }): the solver of a variant's whole game behind one
 *   layered-solver interface (seam.ts LayeredSolver: layers, solveLayer, solve, load, probe; estimate and
 *   verify for the generic solver, which covers every hunt game of at most 64 points), chosen by its rule
 *   profile; tablebaseSolverFor(variant, options?): the movement-phase tablebase behind the same
 *   interface. Game.loadTablebase(dir) loads either's files for probe() and the search.
 * - checkTables(dir, manifest?, { onFile? }): compares a directory of tables with its manifest (manifest.ts: the
 *   solvers write `<set>.manifest.json` beside their files; the repository's copies are in docs/solved/);
 *   readManifest(path): a manifest read and checked (ManifestError when it is unusable).
 * Errors: TablebaseError (a LatticeError) for unusable files and directories, ArgumentError (wrong argument
 * types, unknown keys, an empty dir, a busy solver) and OptionError for bad arguments.
 *
 * The generic solver's class (HuntSolver), its seams' classes and its helpers (decodeValue, allowedSymmetries,
 * solvedOptionSets) are not exported: solverFor hands the solver out behind the seam (issue 35).
 */
export { buildTablebase, countPositions, TablebaseError } from './index.js';
export type { BuildOptions, BuildProgress, LayerReport, LayerMeta, SideStats } from './index.js';
export { solveGame, openPlacementTables } from './placement.js';
export { checkTables, readManifest } from './manifest.js';
export type { Manifest, ManifestFile, ManifestRun, ManifestCheck, TableDifference, TablesCheck } from './manifest.js';
export { ManifestError } from '../contract/errors.js';
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
export type {
  SolveOptions,
  SolveProgress,
  GameSolution,
  PlacementLayerReport,
  PlacementValue,
  PlacementTablesReader,
} from './placement.js';
export type { PlacementLayerFile } from './placement/tables.js';
export { solverFor, tablebaseSolverFor } from './seam.js';
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
