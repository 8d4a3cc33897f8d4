/**
 * A tablebase solving thread (Node worker_threads): a core instance on the builder's shared memory,
 * set up by the same calls as the builder's own instance, that runs its share of each layer's passes.
 * Driven through comlink by src/solve/threads.ts.
 */
import * as Comlink from 'comlink';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { loadVariantCore } from '../lattice/core/setup.js';
import { getVariant, resolveOptions } from '../variants/index.js';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import type { Core } from '../lattice/core/wasm.js';
import { setupTablebaseIndex } from './setup.js';

let core: Core | null = null;
const need = (): Core => {
  if (!core) throw new Error('tablebase thread: init() first');
  return core;
};

/** What a solving thread exposes; see threads.ts for the protocol. */
export const threadApi = {
  /**
   * Instantiates the core on `memory` and runs the builder's setup sequence; returns the layout mark. `progress`:
   * where this instance's progress calls (the core's tbProgress: pass, done, total) go, as [pass, done, total].
   */
  async init(
    memory: WebAssembly.Memory,
    variantId: string,
    options: Record<string, string | number>,
    progress?: MessagePort,
  ): Promise<number> {
    const v = getVariant(variantId);
    const o = resolveOptions(v, options);
    const r = await loadVariantCore(v, o, false, memory);
    core = r.core;
    if (progress) core.hooks.tbProgress = (pass, done, total) => progress.postMessage([pass, done, total]);
    setupTablebaseIndex(core, r.board, v, o);
    return core.exports.tbLayoutMark();
  },
  async begin(): Promise<number> {
    return need().exports.tbBeginThread();
  },
  async pass1(thread: number, threads: number): Promise<number> {
    return need().exports.tbPass1(thread, threads);
  },
  async level(L: number): Promise<number> {
    return need().exports.tbRunLevel(L);
  },
  /** The layer's statistics and its largest dtm, or -2 on overflow (phase 4, on one thread). */
  async finish(): Promise<number> {
    return need().exports.tbFinishLayer();
  },
  /** This thread's share of the current placement step (assembly/tablebase/placement.ts). */
  async placementWork(thread: number): Promise<number> {
    return need().exports.plWork(thread);
  },
};
export type ThreadApi = typeof threadApi;

if (!parentPort) throw new Error('thread-worker.js must run as a worker thread');
Comlink.expose(threadApi, await nodeEndpoint(parentPort));
