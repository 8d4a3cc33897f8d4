/**
 * Solving a tablebase layer (and a placement step) on threads: N worker_threads core instances on one shared
 * WebAssembly memory with the builder's own instance. Each worker runs the core's phases on its share
 * (assembly/tablebase/retro.ts, "Threads"); this module keeps the barrier between levels. The builder's instance
 * only prepares a layer and sums it up: its thread (the main thread) stays free while the workers solve, so a
 * signal (SIGINT, SIGTERM) is answered at once even with one solving thread (issue 35), and progress bars draw.
 * The first worker's progress calls come back to the builder's core.hooks.tbProgress (through a MessagePort).
 *
 * The instances' allocators are not shared, so they must lay memory out identically: every worker runs
 * the same setup sequence as the builder's instance, one at a time and before the builder allocates
 * anything else (layers, counters, pool), and the layout marks (an allocation made right after setup)
 * must agree. After that only the builder's instance allocates; the threads take their scratch from the
 * pool by an atomic bump.
 */
import * as Comlink from 'comlink';
import { MessageChannel, Worker } from 'node:worker_threads';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { locateCompiled } from '../platform/locate.js';
import type { Core } from '../lattice/core/wasm.js';
import type { ThreadApi } from './thread-worker.js';
import { TablebaseError } from './format.js';

export class SolverThreads {
  private constructor(
    private readonly main: Core,
    private readonly workers: Array<{ w: Worker; api: Comlink.Remote<ThreadApi> }>,
    private readonly progress: MessageChannel,
  ) {}

  /** Solving threads (workers; the builder's own thread only prepares and sums up). */
  get size(): number {
    return this.workers.length;
  }

  /**
   * Starts `threads` workers on `memory` (the memory `main` was instantiated on) and checks that
   * their layout matches. Call right after setting up `main` (setupTablebaseIndex), before anything
   * else allocates in it. The first worker's progress goes to `main.hooks.tbProgress` as it comes.
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
    const progress = new MessageChannel();
    progress.port1.on('message', ([pass, done, total]: [number, number, number]) =>
      main.hooks.tbProgress(pass, done, total),
    );
    progress.port1.unref();
    const pool = new SolverThreads(main, workers, progress);
    try {
      for (let i = 0; i < threads; i++) {
        const w = new Worker(url);
        const api = Comlink.wrap<ThreadApi>(await nodeEndpoint(w));
        workers.push({ w, api });
        const port = i === 0 ? progress.port2 : undefined;
        const m = await (port // one at a time: see above
          ? api.init(memory, variantId, { ...options }, Comlink.transfer(port, [port as unknown as Transferable]))
          : api.init(memory, variantId, { ...options }));
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
    for (const r of await Promise.all(this.workers.map((x) => x.api.begin()))) {
      if (r !== 0) throw new TablebaseError('internal: the tablebase pool is too small');
    }
    let deepest = Math.max(...(await Promise.all(this.workers.map((x, i) => x.api.pass1(i, T)))));
    for (let L = 0; L <= deepest; L++) {
      onLevel?.(L);
      const all = await Promise.all(this.workers.map((x) => x.api.level(L)));
      if (all.includes(-2)) throw new TablebaseError(`layer ${c}: the level buckets overflowed`);
      deepest = Math.max(...all);
    }
    const maxDtm = await this.workers[0]!.api.finish(); // the statistics (STATS, shared) of a thread that began
    if (maxDtm < 0) throw new TablebaseError(`layer ${c}: the level buckets overflowed`);
    return maxDtm;
  }

  /**
   * Runs the placement step set up by plBegin on every thread (thread 0, the first worker, reports progress).
   * Throws TablebaseError if a thread cannot run it.
   */
  async placementStep(): Promise<void> {
    const all = await Promise.all(this.workers.map((x, i) => x.api.placementWork(i)));
    if (all.some((n) => n < 0)) throw new TablebaseError('internal: a solving thread has no placement scratch');
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    this.progress.port1.close();
    await Promise.all(
      this.workers.map(async (x) => {
        x.api[Comlink.releaseProxy]();
        await x.w.terminate();
      }),
    );
  }
}
