/**
 * Perft for Maka Dai Dai Shogi: leaf nodes at a depth, each distinct move counted once; a finished game
 * (a side without a royal) has no children; repetition is ignored. The last ply is bulk-counted (the
 * generated moves are counted, not played).
 */
import type { MoveGen } from './movegen.js';
import type { Position } from './position.js';

export function perft(pos: Position, gen: MoveGen, depth: number, ply = 0): number {
  if (depth === 0) return 1;
  const n = gen.generate(pos, ply);
  if (depth === 1) return n;
  const lo = gen.movesLo(ply), hi = gen.movesHi(ply);
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.make(lo[i]!, hi[i]!);
    total += perft(pos, gen, depth - 1, ply + 1);
    pos.unmake();
  }
  return total;
}
