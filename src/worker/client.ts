/**
 * EngineWorker: the engine in a worker thread (Node worker_threads or a browser module Web Worker), with
 * progress callbacks and a stop that works while a search runs (a shared Int32Array the core polls
 * every 1024 nodes). The stop needs SharedArrayBuffer: always there in Node; in browsers only on
 * cross-origin isolated pages. Without it, stop() falls back to the search's own limits.
 *
 * Errors: every call rejects with the error the game throws in-process, same class, `code`, message
 * (error-transfer.ts); after terminate() (or if the thread dies) every pending and later call rejects
 * with a LatticeError of code 'terminated'.
 */
import { FACTORY, checkFactory } from '../contract/call-guard.js';
import * as Comlink from 'comlink';
import type { PerftProgress, SearchInfo } from '../contract/limits.js';
import type { AnyGameOptions, AnyResult, AnySearchResult, GameDescription, MoveInput, MoveValue } from '../engine.js';
import {
  STOP_REFUSED,
  STOP_SLOTS,
  givenStopFlag,
  standIns,
  stopRefused,
  type EngineApi,
  type WorkerPerftLimits,
  type WorkerSearchLimits,
} from './protocol.js';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { locateCompiled } from '../platform/locate.js';
import { ArgumentError, LatticeError, describeValue } from '../contract/errors.js';
import { allVariantIds, checkGameArgs } from '../engine.js';
import { installErrorTransfer } from './error-transfer.js';

installErrorTransfer(Comlink.transferHandlers);

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

/** The compiled worker script for Node's worker_threads (from the sources, the one in dist/). */
function nodeWorkerUrl(): Promise<URL> {
  return locateCompiled('./engine-worker.js', import.meta.url);
}

/** Options of EngineWorker.start: the game options plus the variant. */
export interface EngineWorkerOptions extends AnyGameOptions {
  variant: string;
}

/**
 * A game in its own thread: every Game method as an async method, plus stop() for a running search.
 * Create with `await EngineWorker.start({ variant })`; end with terminate().
 */
export class EngineWorker {
  private readonly remote: Comlink.Remote<EngineApi>;
  private readonly stopFlag: Int32Array;
  /** Runs (searches, perfts, divides) asked for so far: run n polls stop flag n % STOP_SLOTS. */
  private runs = 0;
  private readonly close: () => Promise<void> | void;
  /** Why calls are refused from now on (terminated, or the thread died); null while the worker serves. */
  private ended: string | null = null;
  /** Rejecters of the calls in flight, each given the reason the worker ended. */
  private readonly pending = new Set<(reason: string) => void>();
  private closing: Promise<void> | null = null;

  private constructor(
    token: typeof FACTORY,
    remote: Comlink.Remote<EngineApi>,
    stopFlag: Int32Array,
    close: () => Promise<void> | void,
  ) {
    checkFactory(token, 'EngineWorker', '`await EngineWorker.start(options)`');
    this.remote = remote;
    this.stopFlag = stopFlag;
    this.close = close;
  }

  /**
   * Starts a worker and creates the game in it (createGame's options plus `variant`). Rejects, as
   * createGame would, with ArgumentError (options not an object, arguments of the wrong type),
   * UnknownVariantError, OptionError, ParseError (a bad position; PositionError for one that cannot arise) or
   * TablebaseError. What can be checked without a thread (checkGameArgs: types, variant, option values) is checked
   * before one is started; when creating the game in the worker fails, the thread is terminated before start() rejects,
   * so a failed start leaves nothing running.
   */
  static async start(opts: EngineWorkerOptions): Promise<EngineWorker> {
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
      throw new ArgumentError(
        `EngineWorker.start needs an options object such as { variant: ` +
          `'${allVariantIds()[0]}' }, got ${describeValue(opts)}`,
      );
    }
    const { variant, ...game } = opts;
    checkGameArgs(variant, game);
    const shared =
      typeof SharedArrayBuffer !== 'undefined'
        ? new SharedArrayBuffer(4 * STOP_SLOTS)
        : new ArrayBuffer(4 * STOP_SLOTS);
    const stopFlag = new Int32Array(shared);
    let remote: Comlink.Remote<EngineApi>;
    let close: () => Promise<void> | void;
    // a worker that fails to load (a missing file, an unresolved import) rejects start() instead of hanging
    let failed: (err: Error) => void = () => {};
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    failure.catch(() => {}); // observed by the races below; never an unhandled rejection if it fails early
    let ready: Promise<void>;
    const isReady = (data: unknown) => (data as { latticeEngineReady?: boolean } | null)?.latticeEngineReady === true;
    if (isNode) {
      const { Worker } = process.getBuiltinModule('node:worker_threads'); // invisible to bundlers
      // not the parent's --input-type (a script run by `node --input-type=module -e` would pass it on)
      const w = new Worker(await nodeWorkerUrl(), {
        execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
      });
      w.once('error', (err) => failed(err));
      w.once('exit', (code) =>
        failed(new LatticeError('thread-exit', `the engine worker exited (code ${code}) before it was ready`)),
      );
      ready = new Promise((res) => {
        const h = (d: unknown) => {
          if (isReady(d)) {
            w.off('message', h);
            res();
          }
        };
        w.on('message', h);
      });
      remote = Comlink.wrap<EngineApi>(await nodeEndpoint(w));
      close = async () => {
        remote[Comlink.releaseProxy]();
        await w.terminate();
      };
    } else {
      // the literal `new Worker(new URL(...), { type: 'module' })` is the pattern bundlers (Vite, webpack 5)
      // recognise: they bundle the worker with its imports (comlink, the core) and emit it
      const w = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
      w.addEventListener('error', (ev) =>
        failed(new Error(`the engine worker failed to load (${(ev as ErrorEvent).message || 'engine-worker.js'})`)),
      );
      ready = new Promise((res) => {
        const h = (ev: MessageEvent) => {
          if (isReady(ev.data)) {
            w.removeEventListener('message', h);
            res();
          }
        };
        w.addEventListener('message', h);
      });
      remote = Comlink.wrap<EngineApi>(w);
      close = () => {
        remote[Comlink.releaseProxy]();
        w.terminate();
      };
    }
    const ew = new EngineWorker(FACTORY, remote, stopFlag, close);
    // from now on a worker that dies (an 'error' or 'exit' event) also ends the EngineWorker's calls
    const rejectStart = failed;
    failed = (err) => {
      rejectStart(err);
      ew.end(`the engine worker died (${err.message})`);
    };
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
   * Runs one remote call and settles it however the worker ends: rejects at once with LatticeError
   * 'terminated' after terminate(), and a call in flight rejects so when terminate() comes or the
   * thread dies. Functions and symbols cross as stand-ins (protocol.ts standIns); an argument structured clone
   * still refuses (a class instance holding a function, a WeakMap...) rejects with ArgumentError.
   */
  private call<T>(method: string, send: () => Promise<T>): Promise<T> {
    const ended = (reason: string) => new LatticeError('terminated', `EngineWorker.${method}(): ${reason}`);
    if (this.ended !== null) return Promise.reject(ended(this.ended));
    return new Promise<T>((resolve, reject) => {
      const onEnd = (reason: string) => reject(ended(reason));
      this.pending.add(onEnd);
      let sent: Promise<T>;
      try {
        sent = send();
      } catch (err) {
        sent = Promise.reject(err);
      }
      sent
        .then(resolve, (err: unknown) => {
          reject(
            err instanceof Error && err.name === 'DataCloneError'
              ? new ArgumentError(`EngineWorker.${method}(): an argument cannot be sent to the worker (${err.message})`)
              : err,
          );
        })
        .finally(() => this.pending.delete(onEnd));
    });
  }

  /** Refuses every call from now on with `reason`, and rejects the calls in flight (first reason wins). */
  private end(reason: string): void {
    if (this.ended !== null) return;
    this.ended = reason;
    for (const onEnd of this.pending) onEnd(reason);
    this.pending.clear();
  }

  /**
   * Searches in the worker with Game.search's limits (depth, nodes, movetime; no `stop`: use stop()), which mean
   * what they mean in-process: `search()` and `search({})` search the family's default depth or for
   * DEFAULT_SEARCH_MS, whichever comes first. `onIteration` gets progress after each completed iteration, on
   * this thread (every call made before the promise resolves). Call stop() to end the search early: the promise
   * then resolves with the best move of the last completed iteration. Bad limits reject with the game's
   * ArgumentError, as in-process; so does a stop flag in the limits (an Int32Array: the worker polls its own
   * shared flag, which only stop() sets, so a flag of the caller's would do nothing). An exception thrown by
   * `onIteration`, or a rejection of the promise it returns (an async callback), stops the search and rejects
   * it with that exception; the search's promise settles once every promise `onIteration` returned has.
   */
  search(limits: WorkerSearchLimits & { onIteration?: (info: SearchInfo) => unknown } = {}): Promise<AnySearchResult> {
    try {
      return this.searching(limits);
    } catch (err) {
      // a getter of the limits that throws: the call rejects, as every call of the worker does
      return Promise.reject(err);
    }
  }

  /** search() past its arguments' first reads (which may throw). */
  private searching(limits: unknown): Promise<AnySearchResult> {
    if (givenStopFlag(limits)) return Promise.reject(new ArgumentError(STOP_REFUSED));
    // this search's own stop flag, cleared now (when it is asked for), not when the worker starts it: a
    // stop() between here and then stops it, and no later search can clear it (issue 18: a GUI's
    // search(); stop(); search() lost the stop when one shared flag was cleared by the second search)
    const slot = this.nextSlot();
    // the limits go to the worker as they are, so the game checks them as in-process; only a function
    // onIteration travels apart, as a comlink proxy
    const { sent, proxy, settle } = this.callback<SearchInfo>(limits, 'onIteration', slot);
    return settle(this.call('search', () => this.remote.search(standIns(sent) as WorkerSearchLimits, proxy, slot)));
  }

  /**
   * A run's callback (`limits[key]`, when a function) on this thread: `sent` is the limits without it, `proxy`
   * the comlink proxy that calls it (undefined when there is none), and `settle(run)` the run's promise as the
   * caller sees it: after every promise the callback returned has settled, rejected with the first exception
   * the callback threw or the first rejection of a promise it returned. Either stops the run (its stop flag
   * `slot`, not the others'), as a throw from the callback stops an in-process run.
   */
  private callback<T>(
    limits: unknown,
    key: 'onIteration' | 'onProgress',
    slot: number,
  ): { sent: unknown; proxy: ((x: T) => void) | undefined; settle<R>(run: Promise<R>): Promise<R> } {
    const fn = limits !== null && typeof limits === 'object' ? (limits as Record<string, unknown>)[key] : undefined;
    if (typeof fn !== 'function') return { sent: limits, proxy: undefined, settle: (run) => run };
    const { [key]: _, ...sent } = limits as Record<string, unknown>;
    let thrown: { error: unknown } | undefined;
    const returned: Promise<unknown>[] = [];
    const fail = (error: unknown) => {
      if (thrown) return;
      thrown = { error };
      if (this.ended === null) Atomics.store(this.stopFlag, slot, 1);
    };
    const proxy = Comlink.proxy((x: T) => {
      if (thrown) return;
      try {
        const r: unknown = fn(x);
        if (
          r !== null &&
          (typeof r === 'object' || typeof r === 'function') &&
          typeof (r as Promise<unknown>).then === 'function'
        )
          returned.push(Promise.resolve(r as Promise<unknown>).then(undefined, fail));
      } catch (error) {
        fail(error);
      }
    });
    const settle = <R>(run: Promise<R>): Promise<R> =>
      run.then(
        async (r) => {
          await Promise.all(returned);
          if (thrown) throw thrown.error;
          return r;
        },
        async (err: unknown) => {
          await Promise.all(returned);
          throw thrown ? thrown.error : err;
        },
      );
    return { sent, proxy, settle };
  }

  /** The stop flag of a new run, cleared now (when it is asked for): see search(). */
  private nextSlot(): number {
    const slot = this.runs++ % STOP_SLOTS;
    if (this.ended === null) Atomics.store(this.stopFlag, slot, 0);
    return slot;
  }

  /**
   * Stops every search, perft and divide asked for so far: a running search returns within about a
   * thousand nodes with the best move of its last completed iteration (depth 1 always completes), a
   * running perft or divide rejects with LatticeError 'stopped', and those still queued behind other
   * calls do the same at once when they start. A run asked for after stop() runs normally. Harmless at
   * any time.
   */
  stop(): void {
    for (let i = 0; i < STOP_SLOTS; i++) Atomics.store(this.stopFlag, i, 1);
  }

  /**
   * Game.setPosition: rejects with ParseError or PositionError (revived as such) naming the column, ArgumentError for a
   * non-string.
   */
  setPosition(p: string): Promise<void> {
    return this.call('setPosition', () => this.remote.setPosition(standIns(p) as string));
  }
  /** The position string (notation.ts grammar). */
  position(): Promise<string> {
    return this.call('position', () => this.remote.position());
  }
  /** The legal moves in move notation. */
  legalMoves(): Promise<string[]> {
    return this.call('legalMoves', () => this.remote.legalMoves());
  }
  /** Game.moves, as plain values (every field filled in). */
  moves(): Promise<MoveValue[]> {
    return this.call('moves', () => this.remote.moves());
  }
  /** Game.play (text or value): rejects with ParseError, IllegalMoveError, ArgumentError for a malformed value. */
  play(move: string | MoveInput): Promise<void> {
    return this.call('play', () => {
      // a Move from an in-process game keeps captured/path/text in getters, which a thread cannot receive: its
      // toJSON() (of its class) is the value; an own toJSON key, or one giving no object (a Date's string), is not
      // a Move's, and the value goes as it is, for the game to refuse as in-process
      let sent: unknown = move;
      if (
        move !== null &&
        typeof move === 'object' &&
        !Object.hasOwn(move, 'toJSON') &&
        typeof (move as { toJSON?: unknown }).toJSON === 'function'
      ) {
        const json: unknown = (move as { toJSON(): unknown }).toJSON();
        if (json !== null && typeof json === 'object') sent = json;
      }
      return this.remote.play(standIns(sent) as MoveInput);
    });
  }
  /** Game.undo: resolves to the move taken back; rejects with ArgumentError when there is none. */
  undo(): Promise<string> {
    return this.call('undo', () => this.remote.undo());
  }
  /** The end of the game ({ winner, reason }), or null while it goes on. */
  result(): Promise<AnyResult | null> {
    return this.call('result', () => this.remote.result());
  }
  /** The board as text for people (AnyGame.boardText). Rejects as the game's boardText throws. */
  boardText(labels?: string): Promise<string> {
    return this.call('boardText', () =>
      labels === undefined ? this.remote.boardText() : this.remote.boardText(standIns(labels) as string),
    );
  }
  /** The name of the side to move (AnyGame.moverName). */
  moverName(): Promise<string> {
    return this.call('moverName', () => this.remote.moverName());
  }
  /** The moves played since the start or the last setPosition, as texts (AnyGame.history). */
  history(): Promise<string[]> {
    return this.call('history', () => this.remote.history());
  }
  /**
   * The position (the current one, or `position` given as a string) for a board UI (AnyGame.describe): rejects
   * with ParseError or PositionError for a bad `position`, ArgumentError for a non-string.
   */
  describe(position?: string): Promise<GameDescription> {
    return this.call('describe', () =>
      position === undefined ? this.remote.describe() : this.remote.describe(standIns(position) as string),
    );
  }
  /**
   * Game.perft in the worker: leaf count at `depth` plies, with Game's limits but `stop` (use stop()):
   * `movetime` ms, and `onProgress` called on this thread with each root move's count (depth >= 2),
   * every call made before the promise resolves. Rejects with ArgumentError for a bad depth or limits
   * (a stop flag included: the worker polls its own flag, which stop() sets), LatticeError 'stopped'
   * when the movetime or stop() ends it. An exception thrown by `onProgress`, or a rejection of the promise it
   * returns, stops the run and rejects it with that exception (as search()).
   */
  perft(depth: number, limits?: WorkerPerftLimits & { onProgress?: (p: PerftProgress) => unknown }): Promise<number> {
    return this.counted('perft', limits, (l, p, slot) =>
      this.remote.perft(standIns(depth) as number, standIns(l) as WorkerPerftLimits, p, slot),
    );
  }
  /** Game.divide in the worker: perft per legal move; limits, progress, stop() and errors as perft(). */
  divide(
    depth: number,
    limits?: WorkerPerftLimits & { onProgress?: (p: PerftProgress) => unknown },
  ): Promise<Record<string, number>> {
    return this.counted('divide', limits, (l, p, slot) =>
      this.remote.divide(standIns(depth) as number, standIns(l) as WorkerPerftLimits, p, slot),
    );
  }

  /**
   * perft() and divide(): the limits sent as search() sends its own (a function onProgress apart, as a
   * comlink proxy; a stop slot of the run's own, cleared now).
   */
  private counted<T>(
    method: 'perft' | 'divide',
    limits: unknown,
    send: (l: WorkerPerftLimits, p: ((p: PerftProgress) => void) | undefined, slot: number) => Promise<T>,
  ): Promise<T> {
    try {
      if (givenStopFlag(limits)) return Promise.reject(new ArgumentError(stopRefused(method)));
      const slot = this.nextSlot();
      const { sent, proxy, settle } = this.callback<PerftProgress>(limits, 'onProgress', slot);
      return settle(this.call(method, () => send(sent as WorkerPerftLimits, proxy, slot)));
    } catch (err) {
      // a getter of the limits that throws: the call rejects, as every call of the worker does
      return Promise.reject(err);
    }
  }

  /**
   * Ends the worker thread. Calls still pending reject with LatticeError 'terminated', and so does every
   * later call; a second terminate() is harmless (it resolves when the first has finished).
   */
  terminate(): Promise<void> {
    this.end('the engine worker was terminated');
    this.closing ??= Promise.resolve().then(() => this.close());
    return this.closing;
  }
}
