/**
 * What the generic solver's parts in this folder (memory.ts, verify.ts, run.ts) take of a HuntSolver
 * (src/solve/generic.ts): its state and the methods they call. HuntSolver implements it (the members it
 * marks internal) and passes itself; the interface lets the parts name the solver without importing it
 * (an import circle).
 */
import type { HuntVariant, OptionValues } from '../../variants/index.js';
import type { Core } from '../../lattice/core/wasm.js';
import type { LayerPool } from '../layer-pool.js';
import type { PlanOp } from './plan.js';
import type { HeaderFields } from './files.js';
import type { GenericLayer, LayerResult, SolveEstimate, SolvedLayerInfo, SolveProgress } from './types.js';

/** The threads of solve({ threads }) as the solver drives them: GenericThreads, or a test's solvers in this thread. */
export interface LayerLanes {
  solveLayer(lane: number, l: GenericLayer, dir: string, onProgress?: (p: SolveProgress) => void): Promise<LayerResult>;
  close(): Promise<void>;
}

/**
 * A HuntSolver as its parts see it: the solver itself, so its fields are read live and `dir` is set on it,
 * and its methods are called on it (a test's hook on one of them is the one called).
 */
export interface SolverParts {
  readonly variant: HuntVariant;
  readonly options: OptionValues;
  readonly core: Core;
  readonly estimate: SolveEstimate;
  /** The blocks of the core that hold layer values (HuntSolver.pool). */
  readonly pool: LayerPool;
  /** Layers attached by the pool (key -> address). */
  readonly held: Map<number, number>;
  /** Key -> layer of the estimate. */
  readonly byKey: ReadonlyMap<number, GenericLayer>;
  /** Where probe(), focus() and verify() load a layer that is not in memory from. */
  dir: string | null;
  /** False once a load() failed after it had begun to replace the layers held (HuntSolver.intact). */
  intact: boolean;
  /** Bytes of layer values focus() keeps in the core at most. */
  readonly focusRoom: number;
  /** The core's memory limit the plan was made for. */
  readonly coreLimit: number;
  /** Tests only: the most successors a group holds. */
  readonly groupCap: number;
  /** Tests only: the threads of solve({ threads }) (null: GenericThreads). */
  readonly laneHook: LayerLanes | null;
  /** Tests only: the keys declared to an exit pass, given the group's (null: all of them). */
  readonly coverHook: ((keys: number[]) => number[]) | null;
  successors(l: GenericLayer): GenericLayer[];
  fileOf(dir: string, l: GenericLayer): string;
  expectedHeader(l: GenericLayer): HeaderFields;
  applyOp(op: PlanOp, l: GenericLayer, dir: string | undefined): void;
  detach(l: GenericLayer): void;
  load(dir: string, opts?: { keep?: 'all' | 'live' }): SolvedLayerInfo[];
  focus(): boolean;
}
