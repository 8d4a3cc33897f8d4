import type { SearchInfo } from '../game.js';
import type { AnyGameOptions, AnyResult, AnySearchResult } from '../engine.js';

/** Search limits that cross to a worker (callbacks and the stop flag travel separately). */
export interface WorkerSearchLimits { depth?: number; nodes?: number; movetime?: number }

/**
 * What the engine worker exposes (one protocol for Node worker_threads and browser Web Workers, carried
 * by comlink), for every variant (lattice games and Maka Dai Dai Shogi). Every method mirrors the Game
 * method of the same name; errors arrive as rejected
 * promises with the same message (comlink carries an Error's name and message, not its class).
 */
export interface EngineApi {
  /** Creates the game inside the worker; `stop` is the shared stop flag (Int32Array on a SharedArrayBuffer). */
  create(variant: string, options: AnyGameOptions, stop: Int32Array): Promise<string>;
  setPosition(position: string): Promise<void>;
  position(): Promise<string>;
  legalMoves(): Promise<string[]>;
  play(move: string): Promise<void>;
  undo(): Promise<string>;
  result(): Promise<AnyResult | null>;
  perft(depth: number): Promise<number>;
  divide(depth: number): Promise<Record<string, number>>;
  /** Searches; `onIteration` (a comlink proxy) receives progress after each completed iteration. */
  search(limits: WorkerSearchLimits, onIteration?: (info: SearchInfo) => void): Promise<AnySearchResult>;
}
