/**
 * EngineWorker: the engine in a worker thread (Node worker_threads or a browser module Web Worker), with
 * progress callbacks and a stop that works while a search runs (a shared Int32Array the core polls
 * every 1024 nodes). The stop needs SharedArrayBuffer: always there in Node; in browsers only on
 * cross-origin isolated pages. Without it, stop() falls back to the search's own limits.
 */
import * as Comlink from 'comlink';
import type { SearchInfo } from '../game.js';
import type { AnyGameOptions, AnyResult, AnySearchResult } from '../engine.js';
import type { EngineApi, WorkerSearchLimits } from './protocol.js';
import { nodeEndpoint } from './node-endpoint.js';
import { locateCompiled } from './locate.js';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

/** The compiled worker script for Node's worker_threads (from the sources, the one in dist/). */
function nodeWorkerUrl(): Promise<URL> {
  return locateCompiled('./engine-worker.js', import.meta.url);
}

/** Options of EngineWorker.start: the game options plus the variant. */
export interface EngineWorkerOptions extends AnyGameOptions { variant: string }

export class EngineWorker {
  private readonly remote: Comlink.Remote<EngineApi>;
  private readonly stopFlag: Int32Array;
  private readonly close: () => Promise<void> | void;

  private constructor(remote: Comlink.Remote<EngineApi>, stopFlag: Int32Array, close: () => Promise<void> | void) {
    this.remote = remote; this.stopFlag = stopFlag; this.close = close;
  }

  /**
   * Starts a worker and creates the game in it. Rejects with the worker's error message for an unknown
   * variant, bad options or a bad position.
   */
  static async start(opts: EngineWorkerOptions): Promise<EngineWorker> {
    const shared = typeof SharedArrayBuffer !== 'undefined' ? new SharedArrayBuffer(4) : new ArrayBuffer(4);
    const stopFlag = new Int32Array(shared);
    let remote: Comlink.Remote<EngineApi>;
    let close: () => Promise<void> | void;
    // a worker that fails to load (a missing file, an unresolved import) rejects start() instead of hanging
    let failed: (err: Error) => void = () => {};
    const failure = new Promise<never>((_, reject) => { failed = reject; });
    let ready: Promise<void>;
    const isReady = (data: unknown) => (data as { latticeEngineReady?: boolean } | null)?.latticeEngineReady === true;
    if (isNode) {
      const { Worker } = process.getBuiltinModule('node:worker_threads');   // invisible to bundlers
      const w = new Worker(await nodeWorkerUrl());
      w.once('error', (err) => failed(err));
      w.once('exit', (code) => failed(new Error(`the engine worker exited (code ${code}) before it was ready`)));
      ready = new Promise((res) => { const h = (d: unknown) => { if (isReady(d)) { w.off('message', h); res(); } }; w.on('message', h); });
      remote = Comlink.wrap<EngineApi>(await nodeEndpoint(w));
      close = async () => { remote[Comlink.releaseProxy](); await w.terminate(); };
    } else {
      // the literal `new Worker(new URL(...), { type: 'module' })` is the pattern bundlers (Vite, webpack 5)
      // recognise: they bundle the worker with its imports (comlink, the core) and emit it
      const w = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
      w.addEventListener('error', (ev) => failed(new Error(`the engine worker failed to load (${(ev as ErrorEvent).message || 'engine-worker.js'})`)));
      ready = new Promise((res) => { const h = (ev: MessageEvent) => { if (isReady(ev.data)) { w.removeEventListener('message', h); res(); } }; w.addEventListener('message', h); });
      remote = Comlink.wrap<EngineApi>(w);
      close = () => { remote[Comlink.releaseProxy](); w.terminate(); };
    }
    const ew = new EngineWorker(remote, stopFlag, close);
    const { variant, ...game } = opts;
    try {
      await Promise.race([ready, failure]);
      await Promise.race([remote.create(variant, game, stopFlag), failure]);
    } catch (err) {
      await ew.terminate();
      throw err;
    }
    return ew;
  }

  /**
   * Searches in the worker. `onIteration` gets progress after each completed iteration. Call stop() to
   * end it early: the promise then resolves with the best move of the last completed iteration.
   */
  search(limits: WorkerSearchLimits & { onIteration?: (info: SearchInfo) => void } = {}): Promise<AnySearchResult> {
    const { onIteration, ...rest } = limits;
    Atomics.store(this.stopFlag, 0, 0);
    return this.remote.search(rest, onIteration ? Comlink.proxy(onIteration) : undefined);
  }

  /** Asks a running search to stop (it returns within about a thousand nodes). */
  stop(): void { Atomics.store(this.stopFlag, 0, 1); }

  setPosition(p: string): Promise<void> { return this.remote.setPosition(p); }
  position(): Promise<string> { return this.remote.position(); }
  legalMoves(): Promise<string[]> { return this.remote.legalMoves(); }
  play(move: string): Promise<void> { return this.remote.play(move); }
  undo(): Promise<string> { return this.remote.undo(); }
  result(): Promise<AnyResult | null> { return this.remote.result(); }
  perft(depth: number): Promise<number> { return this.remote.perft(depth); }
  divide(depth: number): Promise<Record<string, number>> { return this.remote.divide(depth); }

  /** Ends the worker thread. */
  async terminate(): Promise<void> { await this.close(); }
}
