/**
 * Perft for Maka Dai Dai Shogi: leaf nodes at a depth, each distinct move counted once; a finished game
 * (a side without a royal) has no children; repetition is ignored. The last ply is bulk-counted (the
 * generated moves are counted, not played).
 */
import type { MoveGen } from './movegen.js';
import type { Position } from './position.js';

/**
 * What stops a perft run early (PerftLimits movetime and stop, src/contract/limits.ts): `poll()` is called at
 * every node two or more plies above the leaves (each counts a few thousand leaves) and returns true to
 * stop; the run then throws {@link PerftStopped} with the moves it made still on the position (the
 * caller unmakes back to its ply, as the search does).
 */
export interface PerftPoll {
  poll(): boolean;
}

/** Thrown by perft() when its PerftPoll said stop (the position is left where the run was). */
export class PerftStopped extends Error {
  constructor() {
    super('perft stopped');
    this.name = 'PerftStopped';
  }
}

/**
 * Leaves at `depth` plies below the position (`ply`: the move-list slot to start at). With `stop`, a
 * poll that says stop ends the run with PerftStopped.
 */
export function perft(pos: Position, gen: MoveGen, depth: number, ply = 0, stop?: PerftPoll): number {
  if (depth === 0) return 1;
  if (depth >= 2 && stop?.poll()) throw new PerftStopped();
  const n = gen.generate(pos, ply);
  if (depth === 1) return n;
  const lo = gen.movesLo(ply),
    hi = gen.movesHi(ply);
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.make(lo[i]!, hi[i]!);
    total += perft(pos, gen, depth - 1, ply + 1, stop);
    pos.unmake();
  }
  return total;
}
