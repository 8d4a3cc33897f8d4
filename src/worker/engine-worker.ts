/**
 * The engine worker's entry: runs a Game in a worker thread and exposes it through comlink (EngineApi).
 * Works as a Node worker_threads worker and as a browser module Web Worker. Load it through
 * EngineWorker (client.ts), which owns the shared stop flag.
 *
 * Arguments are passed to the game as they came, so the game's own checks refuse bad ones with the
 * errors it throws in-process; errors travel with their class (error-transfer.ts). Every message is
 * checked before comlink sees it (message-guard.ts): a malformed one gets an error reply and never
 * stops the worker.
 */
import * as Comlink from 'comlink';
import { z } from 'zod';
import { createGame, type AnyGame, type MoveInput } from '../engine.js';
import { ArgumentError } from '../contract/errors.js';
import {
  STOP_REFUSED,
  STOP_SLOTS,
  fromStandIns,
  givenStopFlag,
  stopRefused,
  type EngineApi,
  type WorkerSearchLimits,
} from './protocol.js';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import { hostStopFlag, type PerftLimits, type PerftProgress, type SearchInfo } from '../contract/limits.js';
import { installErrorTransfer } from './error-transfer.js';
import { guardEndpoint, requestSchema } from './message-guard.js';

installErrorTransfer(Comlink.transferHandlers);

let game: AnyGame | null = null;
let stopFlag: Int32Array | undefined;

function current(): AnyGame {
  if (!game) throw new ArgumentError('no game in this worker: call create() first');
  return game;
}

/**
 * A callback proxy (comlink) as a best-effort reporter: a client that has gone away must not stop the
 * run. `flush()` waits until every report sent has been handled on the client's thread (so a run's
 * promise resolves after its last progress call), then releases the proxy (its port closes).
 */
function reporter<T>(remote: ((info: T) => unknown) | undefined): {
  report?: (info: T) => void;
  flush(): Promise<void>;
} {
  if (typeof remote !== 'function') return { flush: async () => {} };
  const sent: Promise<unknown>[] = [];
  return {
    report: (info: T) => {
      try {
        sent.push(Promise.resolve(remote(info)).catch(() => {}));
      } catch {
        /* released */
      }
    },
    flush: async () => {
      await Promise.all(sent);
      try {
        (remote as unknown as { [Comlink.releaseProxy]?: () => void })[Comlink.releaseProxy]?.();
      } catch {
        /* already gone */
      }
    },
  };
}

/**
 * The view of stop flag `slot` the run polls (see protocol.ts STOP_SLOTS), marked as the host's (hostStopFlag): it
 * is no limit of the caller's, so `search({})` goes to the default depth and time as in-process.
 */
function stopSlot(slot: number | undefined): Int32Array | undefined {
  if (!stopFlag) return undefined;
  const i = slot ?? 0;
  if (!(Number.isInteger(i) && i >= 0 && i < STOP_SLOTS))
    throw new ArgumentError(`the stop slot of a run must be an integer 0..${STOP_SLOTS - 1}, got ${String(slot)}`);
  return hostStopFlag(new Int32Array(stopFlag.buffer, stopFlag.byteOffset + i * 4, 1));
}

/**
 * Runs a perft or divide with the client's limits, progress proxy and stop slot. Limits that are not an
 * object go on as they are, for the game to refuse; so does a non-function onProgress inside them.
 */
async function counted<T>(
  method: 'perft' | 'divide',
  _depth: number,
  limits: unknown,
  onProgress: ((p: PerftProgress) => void) | undefined,
  slot: number | undefined,
  run: (l: PerftLimits) => T,
): Promise<T> {
  if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) return run(limits as PerftLimits);
  if (givenStopFlag(limits)) throw new ArgumentError(stopRefused(method));
  // any other stop value (not undefined) is the game's to refuse, with its own message
  const badStop = (limits as { stop?: unknown }).stop !== undefined;
  if (badStop) return run(limits as PerftLimits);
  const progress = reporter(onProgress);
  const stop = stopSlot(slot);
  try {
    return run({
      ...(limits as PerftLimits),
      ...(stop ? { stop } : {}),
      ...(progress.report ? { onProgress: progress.report } : {}),
    });
  } finally {
    await progress.flush();
  }
}

const api: EngineApi = {
  async create(variant, options, stop) {
    // the message guard has checked the flags (an Int32Array of STOP_SLOTS); a direct call is checked here
    if (!(stop instanceof Int32Array && stop.length === STOP_SLOTS))
      throw new ArgumentError(`create() needs the stop flags, an Int32Array of ${STOP_SLOTS}`);
    const g = await createGame(variant, options);
    game = g;
    stopFlag = stop;
    return g.position();
  },
  async setPosition(p) {
    current().setPosition(fromStandIns(p) as string);
  },
  async position() {
    return current().position();
  },
  async legalMoves() {
    return current().legalMoves();
  },
  // plain objects (a Move's lazy fields are getters, which structured clone would drop)
  async moves() {
    return current()
      .moves()
      .map((m) => ({
        kind: m.kind,
        from: m.from,
        to: m.to,
        captured: m.captured,
        path: m.path,
        text: m.text,
        ...(m.choice ? { choice: m.choice } : {}),
      }));
  },
  async play(m) {
    current().play(fromStandIns(m) as MoveInput);
  },
  async undo() {
    return current().undo();
  },
  async result() {
    return current().result();
  },
  async boardText(labels) {
    return labels === undefined ? current().boardText() : current().boardText(fromStandIns(labels) as string);
  },
  async moverName() {
    return current().moverName();
  },
  async history() {
    return current().history();
  },
  async describe(p) {
    return p === undefined ? current().describe() : current().describe(fromStandIns(p) as string);
  },
  async perft(d, limits, onProgress, slot) {
    const g = current();
    const depth = fromStandIns(d) as number;
    const l = limits === undefined ? {} : fromStandIns(limits);
    return counted('perft', depth, l, onProgress, slot, (x) => g.perft(depth, x));
  },
  async divide(d, limits, onProgress, slot) {
    const g = current();
    const depth = fromStandIns(d) as number;
    const l = limits === undefined ? {} : fromStandIns(limits);
    return counted('divide', depth, l, onProgress, slot, (x) => g.divide(depth, x));
  },
  async search(sent: WorkerSearchLimits, onIteration?: (info: SearchInfo) => void, slot?: number) {
    const g = current();
    const limits = fromStandIns(sent) as WorkerSearchLimits;
    // limits that are not an object go on as they are, for the game to refuse; so does a non-function
    // onIteration inside them (the client sends a function as the separate comlink proxy)
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) return g.search(limits);
    // the search polls this worker's shared flag, which EngineWorker.stop() sets; a caller's own flag
    // would be replaced and do nothing, so it is refused (as the client does before sending)
    if (givenStopFlag(limits)) throw new ArgumentError(STOP_REFUSED);
    // any other stop value (not undefined) is the game's to refuse, with its own message
    if ((limits as { stop?: unknown }).stop !== undefined) return g.search(limits);
    const progress = reporter(onIteration);
    const stop = stopSlot(slot);
    try {
      return g.search({
        ...limits,
        stop,
        onIteration: progress.report ?? (limits as { onIteration?: (i: SearchInfo) => void }).onIteration,
      });
    } finally {
      await progress.flush();
    }
  },
};

// Expose the API, then say so: the client waits for this before its first call. No top-level await
// here: bundlers build browser workers as classic scripts by default (Vite: format "iife"), which
// cannot have one; node:worker_threads comes through process.getBuiltinModule, which bundlers ignore.
const READY = { latticeEngineReady: true };
if (
  typeof process !== 'undefined' &&
  process.versions?.node &&
  !(globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope
) {
  const { parentPort } = process.getBuiltinModule('node:worker_threads');
  if (!parentPort) throw new Error('engine-worker.js must run as a worker thread (use EngineWorker)');
  Comlink.expose(api, guardEndpoint(nodeEndpoint(parentPort), requestSchema(z)));
  parentPort.postMessage(READY);
} else {
  Comlink.expose(api, guardEndpoint(globalThis as unknown as Comlink.Endpoint, requestSchema(z)));
  (globalThis as unknown as { postMessage(m: unknown): void }).postMessage(READY);
}
