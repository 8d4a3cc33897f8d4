/**
 * The generic solver's threads (HuntSolver.solve with `threads` > 1): worker_threads, each with a
 * solver and a core of its own (generic-thread.ts), that solve independent layers side by side. Unlike
 * Bagh Chal's solving threads (threads.ts: one layer, one shared memory), the unit here is the layer:
 * a layer goes to a free thread once every layer it needs is in the directory (generic/run.ts solveSideBySide,
 * over the runner's lanes: runner.ts), so the threads share nothing but the files. Node only.
 */
import * as Comlink from 'comlink';
import { Worker } from 'node:worker_threads';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { locateCompiled } from '../platform/locate.js';
import type { GenericLayer, LayerResult, SolveProgress } from './generic/types.js';

/** What a generic solving thread (generic-thread.ts) exposes through comlink. */
export interface GenericThreadApi {
  /** Sets up the thread's solver (HuntSolver.create's arguments; the variant by id). */
  init(variant: string, options: Record<string, string | number>, handsEmptyOnly: boolean): Promise<void>;
  /**
   * Solves the layer at `at` (HuntSolver.layerAt's coordinates and stack vector) into `dir`, or loads
   * it when its file is there; every layer it needs must be in `dir`. Progress goes to `onProgress`.
   */
  solveLayer(
    at: number[],
    stacks: number[],
    dir: string,
    onProgress?: (p: SolveProgress) => void,
  ): Promise<LayerResult>;
}

export class GenericThreads {
  private constructor(private readonly workers: Array<{ w: Worker; api: Comlink.Remote<GenericThreadApi> }>) {}

  /** Threads in the pool. */
  get size(): number {
    return this.workers.length;
  }

  /**
   * Starts `threads` workers, each setting up a solver for `variant` (a registered id) under `options`
   * and `handsEmptyOnly` (HuntSolver.create). Throws what that throws.
   */
  static async start(
    variant: string,
    options: Record<string, string | number>,
    handsEmptyOnly: boolean,
    threads: number,
  ): Promise<GenericThreads> {
    const url = await locateCompiled('./generic-thread.js', import.meta.url);
    const workers: Array<{ w: Worker; api: Comlink.Remote<GenericThreadApi> }> = [];
    const pool = new GenericThreads(workers);
    try {
      for (let i = 0; i < threads; i++) {
        const w = new Worker(url);
        workers.push({ w, api: Comlink.wrap<GenericThreadApi>(nodeEndpoint(w)) });
      }
      await Promise.all(workers.map((x) => x.api.init(variant, { ...options }, handsEmptyOnly)));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  /** Thread `lane` (0 .. size - 1) solves layer `l` into `dir` (generic-thread.ts solveLayer). */
  solveLayer(
    lane: number,
    l: GenericLayer,
    dir: string,
    onProgress?: (p: SolveProgress) => void,
  ): Promise<LayerResult> {
    const at = [l.captured[0], l.captured[1], l.hand[0], l.hand[1], l.excess];
    return this.workers[lane]!.api.solveLayer(
      at,
      [...l.stacks],
      dir,
      onProgress ? Comlink.proxy(onProgress) : undefined,
    );
  }

  /** Ends the threads (a layer being solved is abandoned; its temporary file is removed by the next solve). */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (x) => {
        x.api[Comlink.releaseProxy]();
        await x.w.terminate();
      }),
    );
  }
}
