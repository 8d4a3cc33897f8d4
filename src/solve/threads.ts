/**
 * Solving a tablebase layer on several threads: the builder's core instance and N - 1 worker_threads
 * instances on one shared WebAssembly memory. Each instance runs the core's phases on its share
 * (assembly/tablebase/retro.ts, "Threads"); this module keeps the barrier between levels.
 *
 * The instances' allocators are not shared, so they must lay memory out identically: every worker runs
 * the same setup sequence as the builder's instance, one at a time and before the builder allocates
 * anything else (layers, counters, pool), and the layout marks (an allocation made right after setup)
 * must agree. After that only the builder's instance allocates; the threads take their scratch from the
 * pool by an atomic bump.
 */
import * as Comlink from 'comlink';
import { Worker } from 'node:worker_threads';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { locateCompiled } from '../platform/locate.js';
import type { Core } from '../lattice/core/wasm.js';
import type { ThreadApi } from './thread-worker.js';
import { TablebaseError } from './format.js';

export class SolverThreads {
  private constructor(
    private readonly main: Core,
    private readonly workers: Array<{ w: Worker; api: Comlink.Remote<ThreadApi> }>,
  ) {}

  /** Total threads, the builder's own included. */
  get size(): number {
    return this.workers.length + 1;
  }

  /**
   * Starts `threads - 1` workers on `memory` (the memory `main` was instantiated on) and checks that
   * their layout matches. Call right after setting up `main` (setupTablebaseIndex), before anything
   * else allocates in it.
   */
  static async start(
    main: Core,
    memory: WebAssembly.Memory,
    variantId: string,
    options: Record<string, string | number>,
    threads: number,
  ): Promise<SolverThreads> {
    const mark = main.exports.tbLayoutMark();
    const url = await locateCompiled('./thread-worker.js', import.meta.url);
    const workers: Array<{ w: Worker; api: Comlink.Remote<ThreadApi> }> = [];
    const pool = new SolverThreads(main, workers);
    try {
      for (let i = 1; i < threads; i++) {
        const w = new Worker(url);
        const api = Comlink.wrap<ThreadApi>(await nodeEndpoint(w));
        workers.push({ w, api });
        const m = await api.init(memory, variantId, { ...options }); // one at a time: see above
        if (m !== mark) throw new TablebaseError(`internal: thread ${i} laid memory out differently (${m} != ${mark})`);
      }
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  /**
   * Solves layer c on every thread. Returns the largest dtm. `onLevel` reports each level as it starts.
   * Throws TablebaseError if the core's buckets overflow.
   */
  async solveLayer(c: number, onLevel?: (level: number) => void): Promise<number> {
    const e = this.main.exports;
    const T = this.size;
    if (e.tbPrepareLayer(c, T) !== 0) throw new TablebaseError(`internal: cannot prepare layer ${c}`);
    if (e.tbBeginThread() !== 0) throw new TablebaseError('internal: the tablebase pool is too small');
    for (const r of await Promise.all(this.workers.map((x) => x.api.begin()))) {
      if (r !== 0) throw new TablebaseError('internal: the tablebase pool is too small');
    }
    const p1 = this.workers.map((x, i) => x.api.pass1(i + 1, T));
    let deepest = Math.max(e.tbPass1(0, T), ...(await Promise.all(p1)));
    for (let L = 0; L <= deepest; L++) {
      onLevel?.(L);
      const ls = this.workers.map((x) => x.api.level(L));
      const mine = e.tbRunLevel(L);
      const all = [mine, ...(await Promise.all(ls))];
      if (all.includes(-2)) throw new TablebaseError(`layer ${c}: the level buckets overflowed`);
      deepest = Math.max(...all);
    }
    const maxDtm = e.tbFinishLayer();
    if (maxDtm < 0) throw new TablebaseError(`layer ${c}: the level buckets overflowed`);
    return maxDtm;
  }

  /**
   * Runs the placement step set up by plBegin on every thread (thread 0 is the builder's instance).
   * Throws TablebaseError if a thread cannot run it.
   */
  async placementStep(): Promise<void> {
    const ws = this.workers.map((x, i) => x.api.placementWork(i + 1));
    const mine = this.main.exports.plWork(0);
    const all = [mine, ...(await Promise.all(ws))];
    if (all.some((n) => n < 0)) throw new TablebaseError('internal: a solving thread has no placement scratch');
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (x) => {
        x.api[Comlink.releaseProxy]();
        await x.w.terminate();
      }),
    );
  }
}
