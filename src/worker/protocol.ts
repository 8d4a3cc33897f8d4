import { ArgumentError } from '../contract/errors.js';
import type { PerftProgress, SearchInfo } from '../contract/limits.js';
import type { AnyGameOptions, AnyResult, AnySearchResult, GameDescription, MoveInput, MoveValue } from '../engine.js';

/**
 * Why a `stop` key in the worker's search limits is refused (ArgumentError, by the client and by the
 * worker): the worker searches with its own shared flag, set by EngineWorker.stop().
 */
export const STOP_REFUSED =
  'EngineWorker.search() takes no stop flag in its limits: call EngineWorker.stop() to stop a running search';

/** The same refusal for perft and divide, which poll their own shared flag too (`method`: 'perft' | 'divide'). */
export function stopRefused(method: 'search' | 'perft' | 'divide'): string {
  return method === 'search'
    ? STOP_REFUSED
    : `EngineWorker.${method}() takes no stop flag in its limits: call EngineWorker.stop() to stop a running ${method}`;
}

/**
 * Whether `limits` hold a stop flag of the caller's (an Int32Array of length >= 1), which the worker refuses
 * (STOP_REFUSED). A `stop` that is undefined is no flag, as in-process; any other value goes on to the game,
 * which refuses it with its own message.
 */
export function givenStopFlag(limits: unknown): boolean {
  if (limits === null || typeof limits !== 'object') return false;
  const stop = (limits as { stop?: unknown }).stop;
  return stop instanceof Int32Array && stop.length >= 1;
}

/** Perft limits that cross to a worker (the onProgress callback and the stop flag travel separately). */
export interface WorkerPerftLimits {
  movetime?: number;
}

/** Search limits that cross to a worker (callbacks and the stop flag travel separately). */
export interface WorkerSearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
}

/**
 * What the engine worker exposes (one protocol for Node worker_threads and browser Web Workers, carried
 * by comlink), for every variant (lattice games and Maka Dai Dai Shogi). Every method mirrors the Game
 * method of the same name and passes its arguments to the game unchanged, so bad ones are refused by
 * the same checks as in-process; errors arrive as rejected promises with their class, `code`, message
 * and fields (error-transfer.ts). Messages are checked before comlink reads them (message-guard.ts).
 */
/**
 * Stop flags in the shared buffer: search n (the client's count) polls flag n % STOP_SLOTS. A search
 * waits behind at most the calls queued before it, far fewer than this many.
 */
export const STOP_SLOTS = 256;

export interface EngineApi {
  /**
   * Creates the game inside the worker; `stop` holds the shared stop flags (Int32Array on a
   * SharedArrayBuffer, STOP_SLOTS of them: each search polls its own slot, see search).
   */
  create(variant: string, options: AnyGameOptions, stop: Int32Array): Promise<string>;
  setPosition(position: string): Promise<void>;
  position(): Promise<string>;
  legalMoves(): Promise<string[]>;
  /** The legal moves as plain values (MoveValue: JSON-safe, every field filled in). */
  moves(): Promise<MoveValue[]>;
  /** Plays a move given as text or as a value (MoveValue, or { from, to, captured | path }). */
  play(move: string | MoveInput): Promise<void>;
  undo(): Promise<string>;
  result(): Promise<AnyResult | null>;
  /** The board as text for people (AnyGame.boardText: `labels` one of describe().labels, or none). */
  boardText(labels?: string): Promise<string>;
  /** The name of the side to move (AnyGame.moverName: 'goat', 'tiger', 'Black', ...). */
  moverName(): Promise<string>;
  /** The moves played since the start or the last setPosition, as texts (AnyGame.history). */
  history(): Promise<string[]>;
  /** The position (the current one, or `position`) for a board UI (AnyGame.describe). */
  describe(position?: string): Promise<GameDescription>;
  /**
   * Game.perft with `limits` (movetime), polling stop flag `slot` as search does: a stop() or the
   * movetime rejects with LatticeError code 'stopped'. `onProgress` (a comlink proxy) receives each
   * root move's count (depth >= 2), all of them before the promise resolves.
   */
  perft(
    depth: number,
    limits?: WorkerPerftLimits,
    onProgress?: (p: PerftProgress) => void,
    slot?: number,
  ): Promise<number>;
  /** Game.divide, with perft's limits, progress and stop slot. */
  divide(
    depth: number,
    limits?: WorkerPerftLimits,
    onProgress?: (p: PerftProgress) => void,
    slot?: number,
  ): Promise<Record<string, number>>;
  /**
   * Searches, polling stop flag `slot` (0..STOP_SLOTS-1) of the shared flags: the client gives each
   * search its own slot, cleared when the search is asked for, so a stop() meant for an earlier search
   * never reaches a later one and a later search never clears an earlier one's stop. `onIteration` (a
   * comlink proxy) receives progress after each completed iteration, all of it before the promise
   * resolves.
   */
  search(limits: WorkerSearchLimits, onIteration?: (info: SearchInfo) => void, slot?: number): Promise<AnySearchResult>;
}

/** The key of a stand-in: a function or symbol in a call's arguments, which a thread cannot receive. */
const STAND_IN = 'latticeEngine.standIn';

/** A plain object or array: the values standIns() looks into (others go as structured clone sends them). */
function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return Array.isArray(v) || proto === Object.prototype || proto === null;
}

/**
 * An argument as it can cross to the worker: functions and symbols in it (at the top, or inside plain objects
 * and arrays), which structured clone refuses, replaced by stand-ins `{ [STAND_IN]: 'function' | 'symbol', text }`
 * that fromStandIns() turns back into a function or symbol that reads the same (`String(v)`, `typeof v`). So the
 * game in the worker refuses `play(() => 'c3')` or `search({ depth: Symbol() })` with the message it gives
 * in-process, instead of the send failing. Plain objects and arrays are copied (their own enumerable keys, as
 * structured clone reads them; cycles kept), so a Proxy of one crosses as its copy.
 */
export function standIns(v: unknown, seen = new Map<object, unknown>()): unknown {
  if (typeof v === 'function') {
    let text: string;
    try {
      text = String(v);
    } catch {
      text = 'function';
    }
    return { [STAND_IN]: 'function', text };
  }
  if (typeof v === 'symbol') return { [STAND_IN]: 'symbol', text: v.description ?? null };
  if (v === null || typeof v !== 'object' || !isPlain(v)) return v;
  if (seen.has(v)) return seen.get(v);
  // a copy, always: a Proxy of a plain object (which structured clone refuses) becomes its plain copy
  const out: Record<string, unknown> = Array.isArray(v) ? ([] as unknown as Record<string, unknown>) : {};
  seen.set(v, out);
  for (const k of Object.keys(v)) out[k] = standIns((v as Record<string, unknown>)[k], seen);
  if (Array.isArray(v)) (out as unknown as unknown[]).length = v.length; // trailing holes kept, as a clone keeps them
  return out;
}

/**
 * Undoes standIns() in the worker (in place: `v` is the worker's own copy): a function stand-in becomes a
 * function whose text is the caller's (calling it throws ArgumentError: it stayed on the caller's thread), a
 * symbol stand-in a symbol of the same description.
 */
export function fromStandIns(v: unknown, seen = new Set<object>()): unknown {
  if (v === null || typeof v !== 'object' || seen.has(v) || !isPlain(v)) return v;
  const rec = v as Record<string, unknown>;
  const kind = rec[STAND_IN];
  if (kind === 'function' && typeof rec.text === 'string') {
    const text = rec.text;
    const f = () => {
      throw new ArgumentError(`${text} is a function of the caller's thread: the engine worker cannot call it`);
    };
    Object.defineProperty(f, 'toString', { value: () => text });
    return f;
  }
  if (kind === 'symbol' && (typeof rec.text === 'string' || rec.text === null)) return Symbol(rec.text ?? undefined);
  seen.add(v);
  for (const k of Object.keys(rec)) rec[k] = fromStandIns(rec[k], seen);
  return v;
}
