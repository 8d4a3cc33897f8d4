/**
 * The limits of perft and search runs, checked at the edge (house style: validate once): every key,
 * type and range, with ArgumentError naming what is wrong. Shared by every family (Game, MakaGame), so
 * `search()` means the same everywhere; the searches receive plain numbers.
 */
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from './errors.js';

/** Deepest search the core's stacks serve. */
export const MAX_SEARCH_DEPTH = 126;
/** Deepest perft allowed through the API (use PerftLimits to bound its time). */
export const MAX_PERFT_DEPTH = 20;
/** Depth of a search given no depth, nodes, movetime or stop: `search({})` searches 8 plies. */
export const DEFAULT_SEARCH_DEPTH = 8;
/**
 * Time cap of a search given no limit at all, ms: `search({})` stops at DEFAULT_SEARCH_DEPTH or after
 * 10 s, whichever comes first, so that it finishes in seconds on every board (issue 18: tibetan-4's
 * 105-point board needs minutes for 8 plies; the other boards reach them in milliseconds).
 */
export const DEFAULT_SEARCH_MS = 10_000;

/**
 * Limits of a perft run: when one is reached the run throws a LatticeError with code 'stopped'. Unknown
 * keys are refused (ArgumentError).
 */
export interface PerftLimits {
  /** Time budget in milliseconds. */
  movetime?: number;
  /** A stop flag: a non-zero stop[0] stops the run (another thread may set it). */
  stop?: Int32Array;
  /**
   * Called after each root move is counted (perft and divide of depth >= 2 then count root move by root
   * move): `done` of `total` root moves, the move's text and its leaf count. As during a search, only
   * reads of the game are allowed from it (other calls throw LatticeError code 'busy').
   */
  onProgress?: (p: PerftProgress) => void;
}

/** One root move counted by a perft or divide run (PerftLimits.onProgress). */
export interface PerftProgress {
  done: number;
  total: number;
  move: string;
  nodes: number;
}

/**
 * Search limits; any combination, the first reached stops the search. With none of depth, nodes,
 * movetime and stop, the search goes to DEFAULT_SEARCH_DEPTH (8 plies; a family may set its own) or for
 * DEFAULT_SEARCH_MS (10 s), whichever comes first; with only nodes, movetime or stop, to
 * MAX_SEARCH_DEPTH. Unknown keys are refused (ArgumentError).
 */
export interface SearchLimits {
  /** Maximum depth in plies (1..126). */
  depth?: number;
  /**
   * Node budget, an integer 0..2^53-1 (the search stops at the first check after it, but never before
   * depth 1 has completed); 0 means no node limit.
   */
  nodes?: number;
  /**
   * Time budget in milliseconds, a finite number >= 0 (fractions allowed: a duration, not a count); 0 means no time
   * limit.
   */
  movetime?: number;
  /**
   * A stop flag: when `stop[0] !== 0` (e.g. set by another thread via a SharedArrayBuffer) the search
   * stops (from depth 2 on: depth 1 always completes).
   */
  stop?: Int32Array;
  /**
   * Called after each completed iteration, with the game at the searched position: it may read the
   * game (position(), legalMoves(), result(), history(), key(), evaluate()); any other call on the game
   * throws LatticeError code 'busy' until search() returns.
   */
  onIteration?: (info: SearchInfo) => void;
}

/** One iteration's (or the final) search report. Score in centi-units from the side to move's view. */
export interface SearchInfo {
  depth: number;
  score: number;
  /** Plies to the end when the score is a forced win (>0) or loss (<0), else null. */
  mateIn: number | null;
  nodes: number;
  ms: number;
  pv: string[];
}

/**
 * Stop flags polled on a caller's behalf rather than given by the caller: the engine worker hands each run one
 * (EngineWorker.stop() sets it). Such a flag is no limit of the caller's: a search given only it goes to the
 * default depth and time as `search({})` does, not until stopped.
 */
const hostStops = new WeakSet<Int32Array>();

/** Marks `flag` as a host's stop flag (see hostStops) and returns it. */
export function hostStopFlag(flag: Int32Array): Int32Array {
  hostStops.add(flag);
  return flag;
}

/**
 * Calls a caller's callback (`onIteration`, `onProgress`) from a synchronous run. The run does not wait for a
 * promise the callback returns (an async callback's work goes on after the call returns, as in any synchronous
 * caller); a rejection of it is never an unhandled one that would end Node: it is reported as a process warning
 * (`process.emitWarning`, in a browser `console.error`) naming the callback and the error. A callback's own
 * synchronous throw ends the run with that error, as before. EngineWorker awaits such promises and rejects the
 * run with their error (src/worker/engine-worker.ts). `what` names the callback in the warning.
 */
export function callSync<T>(what: string, fn: (info: T) => unknown, info: T): void {
  const r = fn(info) as { then?: unknown } | null | undefined;
  if (r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function') {
    Promise.resolve(r).catch((e: unknown) => {
      const text =
        `${what}'s promise rejected after the in-process run it was called from: ` +
        `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} (an in-process run is synchronous and ` +
        'cannot wait for it; EngineWorker awaits it and rejects the run)';
      const proc = (globalThis as { process?: { emitWarning?: (w: string, type: string) => void } }).process;
      if (typeof proc?.emitWarning === 'function') proc.emitWarning(text, 'LatticeCallbackWarning');
      else console.error(text);
    });
  }
}

const PERFT_LIMIT_KEYS = ['movetime', 'stop', 'onProgress'] as const;
const SEARCH_LIMIT_KEYS = ['depth', 'nodes', 'movetime', 'stop', 'onIteration'] as const;

/** Throws ArgumentError unless depth is an integer 0..max. */
export function checkDepth(depth: number, max: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > max)
    throw new ArgumentError(`depth must be an integer 0..${max}, got ${describeValue(depth)}`);
}

/** Checks perft limits; returns the absolute deadline (performance.now() ms, Infinity for none). */
export function perftDeadline(limits: PerftLimits): number {
  if (!isOptionsObject(limits)) throw new ArgumentError(`limits must be an object, got ${describeValue(limits)}`);
  checkKeys(limits, PERFT_LIMIT_KEYS, 'perft limits');
  const { movetime, stop } = limits;
  if (limits.onProgress !== undefined && typeof limits.onProgress !== 'function')
    throw new ArgumentError('onProgress must be a function');
  if (movetime !== undefined && !(Number.isFinite(movetime) && movetime > 0))
    throw new ArgumentError(`movetime must be a number > 0 ms, got ${describeValue(movetime)}`);
  if (stop !== undefined && !(stop instanceof Int32Array && stop.length >= 1))
    throw new ArgumentError('stop must be an Int32Array of length >= 1');
  return movetime ? performance.now() + movetime : Infinity;
}

/**
 * Checks search limits and fills the defaults: `{ depth, nodes, movetime }` as the core takes them
 * (0 = no such limit). Throws ArgumentError for limits that are not an object, an unknown key, a depth
 * outside 1..126 or not an integer, a node budget that is not an integer 0..2^53-1, a negative or
 * non-finite movetime, a bad stop flag or callback.
 */
export function checkSearchLimits(
  limits: SearchLimits,
  defaultDepth = DEFAULT_SEARCH_DEPTH,
): { depth: number; nodes: number; movetime: number } {
  if (!isOptionsObject(limits))
    throw new ArgumentError(`search limits must be an object, got ${describeValue(limits)}`);
  checkKeys(limits, SEARCH_LIMIT_KEYS, 'search limits');
  const { nodes = 0, movetime: given = 0 } = limits;
  // a host's flag (the engine worker's) is not the caller's limit: search({}) in a worker is search({}) in-process
  const callerStop = !!limits.stop && !(limits.stop instanceof Int32Array && hostStops.has(limits.stop));
  const unlimited = limits.depth === undefined && !limits.nodes && !limits.movetime && !callerStop;
  if (!(Number.isFinite(given) && given >= 0))
    throw new ArgumentError(`movetime must be a number >= 0 ms, got ${describeValue(given)}`);
  const movetime = given || (unlimited ? DEFAULT_SEARCH_MS : 0);
  const depth = limits.depth ?? (limits.nodes || limits.movetime || callerStop ? MAX_SEARCH_DEPTH : defaultDepth);
  if (!(Number.isInteger(depth) && depth >= 1 && depth <= MAX_SEARCH_DEPTH)) {
    throw new ArgumentError(`search depth must be an integer 1..${MAX_SEARCH_DEPTH}, got ${describeValue(depth)}`);
  }
  if (!(Number.isSafeInteger(nodes) && nodes >= 0))
    throw new ArgumentError(
      `nodes must be an integer 0..${Number.MAX_SAFE_INTEGER} (a count of nodes; 0: ` +
        `no limit), got ${describeValue(nodes)}`,
    );
  if (!(Number.isFinite(movetime) && movetime >= 0))
    throw new ArgumentError(`movetime must be a number >= 0 ms, got ${describeValue(movetime)}`);
  if (limits.stop !== undefined && !(limits.stop instanceof Int32Array && limits.stop.length >= 1)) {
    throw new ArgumentError(
      'stop must be an Int32Array of length >= 1 (on a SharedArrayBuffer to stop from another thread)',
    );
  }
  if (limits.onIteration !== undefined && typeof limits.onIteration !== 'function')
    throw new ArgumentError('onIteration must be a function');
  return { depth, nodes, movetime };
}

/**
 * The one mate-distance reading of a score (every family): a score within 1000 of `mate` is a forced
 * win in `mate - score` plies, within 1000 of `-mate` a forced loss in that many (reported negative;
 * 0 for a position already lost), anything else is no mate (null). Evaluations are clamped below this
 * range by each family's search.
 */
export function mateIn(score: number, mate: number): number | null {
  if (score >= mate - 1000) return mate - score;
  if (score <= -(mate - 1000)) return score === -mate ? 0 : -(mate + score);
  return null;
}
