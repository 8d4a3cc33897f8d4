/**
 * The engine worker's entry: runs a Game in a worker thread and exposes it through comlink (EngineApi).
 * Works as a Node worker_threads worker and as a browser module Web Worker. Load it through
 * EngineWorker (client.ts), which owns the shared stop flag.
 */
import * as Comlink from 'comlink';
import { createGame, type AnyGame } from '../engine.js';
import { LatticeError } from '../errors.js';
import type { EngineApi, WorkerSearchLimits } from './protocol.js';
import { nodeEndpoint } from './node-endpoint.js';
import type { SearchInfo } from '../game.js';

let game: AnyGame | null = null;
let stopFlag: Int32Array | undefined;

function current(): AnyGame {
  if (!game) throw new LatticeError('argument', 'no game in this worker: call create() first');
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
  async play(m) { current().play(m); },
  async undo() { return current().undo(); },
  async result() { return current().result(); },
  async perft(d) { return current().perft(d); },
  async divide(d) { return current().divide(d); },
  async search(limits: WorkerSearchLimits, onIteration?: (info: SearchInfo) => void) {
    const g = current();
    return g.search({ ...limits, stop: stopFlag, onIteration: onIteration ? (i) => { void onIteration(i); } : undefined });
  },
};

// Expose the API, then say so: the client waits for this before its first call. No top-level await
// here: bundlers build browser workers as classic scripts by default (Vite: format "iife"), which
// cannot have one; node:worker_threads comes through process.getBuiltinModule, which bundlers ignore.
const READY = { latticeEngineReady: true };
if (typeof process !== 'undefined' && process.versions?.node && !(globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope) {
  const { parentPort } = process.getBuiltinModule('node:worker_threads');
  if (!parentPort) throw new Error('engine-worker.js must run as a worker thread (use EngineWorker)');
  Comlink.expose(api, nodeEndpoint(parentPort));
  parentPort.postMessage(READY);
} else {
  Comlink.expose(api);
  (globalThis as unknown as { postMessage(m: unknown): void }).postMessage(READY);
}
