/**
 * A thread of the generic solver's parallel solve (Node worker_threads): a HuntSolver of its own (its
 * own core and memory), which solves the layers HuntSolver.solve hands it one at a time with
 * solveLayer (the same code as a one-thread solve or a distributed job: the same files, byte for byte),
 * each reading the layers it needs from the directory. Driven through comlink by generic-threads.ts.
 */
import * as Comlink from 'comlink';
import { parentPort } from 'node:worker_threads';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { HuntSolver } from './generic.js';
import type { GenericThreadApi } from './generic-threads.js';
import type { LayerResult, SolveProgress } from './generic/types.js';

let solver: HuntSolver | null = null;

/** What a generic solving thread exposes (GenericThreadApi, generic-threads.ts). */
const genericThreadApi: GenericThreadApi = {
  /** Sets up this thread's solver (HuntSolver.create's arguments; the variant by id). */
  async init(variant: string, options: Record<string, string | number>, handsEmptyOnly: boolean): Promise<void> {
    solver = await HuntSolver.create(variant, options, { handsEmptyOnly });
  },
  /**
   * Solves the layer at `at` (HuntSolver.layerAt's coordinates and stack vector) into `dir`, or loads
   * it when its file is there; every layer it needs must be in `dir`. Progress goes to `onProgress`.
   */
  async solveLayer(
    at: number[],
    stacks: number[],
    dir: string,
    onProgress?: (p: SolveProgress) => void,
  ): Promise<LayerResult> {
    if (!solver) throw new Error('generic solving thread: init() first');
    return solver.solveLayer(solver.layerAt(at, stacks), { dir, onProgress });
  },
};

if (!parentPort) throw new Error('generic-thread.js must run as a worker thread');
Comlink.expose(genericThreadApi, nodeEndpoint(parentPort));
