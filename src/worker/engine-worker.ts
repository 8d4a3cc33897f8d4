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
import { createGame, type AnyGame } from '../engine.js';
import { ArgumentError } from '../errors.js';
import { STOP_REFUSED, STOP_SLOTS, type EngineApi, type WorkerSearchLimits } from './protocol.js';
import { nodeEndpoint } from '../platform/node-endpoint.js';
import type { PerftLimits, SearchInfo } from '../game.js';
import { installErrorTransfer } from './error-transfer.js';
import { guardEndpoint, requestSchema } from './message-guard.js';

installErrorTransfer(Comlink.transferHandlers);

let game: AnyGame | null = null;
let stopFlag: Int32Array | undefined;

function current(): AnyGame {
  if (!game) throw new ArgumentError('no game in this worker: call create() first');
  return game;
}

const api: EngineApi = {
  async create(variant, options, stop) {
    stopFlag = stop;
    game = await createGame(variant, options);
    return game.position();
  },
  async setPosition(p) { current().setPosition(p); },
  async position() { return current().position(); },
  async legalMoves() { return current().legalMoves(); },
  // plain objects (a Move's lazy fields are getters, which structured clone would drop)
  async moves() { return current().moves().map((m) => ({ kind: m.kind, from: m.from, to: m.to, captured: m.captured, path: m.path, text: m.text, ...(m.choice ? { choice: m.choice } : {}) })); },
  async play(m) { current().play(m); },
  async undo() { return current().undo(); },
  async result() { return current().result(); },
  async perft(d, limits?: PerftLimits) { return current().perft(d, limits); },
  async divide(d, limits?: PerftLimits) { return current().divide(d, limits); },
  async search(limits: WorkerSearchLimits, onIteration?: (info: SearchInfo) => void, slot: number = 0) {
    const g = current();
    if (!(Number.isInteger(slot) && slot >= 0 && slot < STOP_SLOTS)) throw new ArgumentError(`the stop slot of a search must be an integer 0..${STOP_SLOTS - 1}, got ${String(slot)}`);
    // limits that are not an object go on as they are, for the game to refuse; so does a non-function
    // onIteration inside them (the client sends a function as the separate comlink proxy)
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) return g.search(limits);
    // the search polls this worker's shared flag, which EngineWorker.stop() sets; a caller's own flag
    // would be replaced and do nothing, so it is refused (as the client does before sending)
    if (Object.hasOwn(limits, 'stop')) throw new ArgumentError(STOP_REFUSED);
    // progress is best effort: a client that has gone away must not stop the search
    const report = onIteration && ((i: SearchInfo) => { try { Promise.resolve(onIteration(i)).catch(() => {}); } catch { /* released */ } });
    const progress = report ?? (limits as { onIteration?: (i: SearchInfo) => void }).onIteration;
    // this search's own flag: a view of one slot of the shared flags (see protocol.ts STOP_SLOTS)
    const stop = stopFlag && stopFlag.length >= STOP_SLOTS ? new Int32Array(stopFlag.buffer, slot * 4, 1) : stopFlag;
    return g.search({ ...limits, stop, onIteration: progress });
  },
};

// Expose the API, then say so: the client waits for this before its first call. No top-level await
// here: bundlers build browser workers as classic scripts by default (Vite: format "iife"), which
// cannot have one; node:worker_threads comes through process.getBuiltinModule, which bundlers ignore.
const READY = { latticeEngineReady: true };
if (typeof process !== 'undefined' && process.versions?.node && !(globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope) {
  const { parentPort } = process.getBuiltinModule('node:worker_threads');
  if (!parentPort) throw new Error('engine-worker.js must run as a worker thread (use EngineWorker)');
  Comlink.expose(api, guardEndpoint(nodeEndpoint(parentPort), requestSchema(z)));
  parentPort.postMessage(READY);
} else {
  Comlink.expose(api, guardEndpoint(globalThis as unknown as Comlink.Endpoint, requestSchema(z)));
  (globalThis as unknown as { postMessage(m: unknown): void }).postMessage(READY);
}
