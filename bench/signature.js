// The bench signature (DESIGN.md "A bench signature", after Stockfish's `Bench: N`): the total node
// count of a fixed set of fixed-depth searches, each on a fresh Game (a new core instance, so the
// transposition table, killers and history start empty) with a fixed 16 MiB table. Depth-only limits
// never consult the clock, so the number is deterministic: any change to move generation, ordering,
// pruning, evaluation or the TT changes it. A commit that changes it says so.
import { MOVEMENT, PLACEMENT, START } from './positions.js';

/** The fixed searches: variant, position, depth. Editing this list changes the signature. */
export const SIGNATURE_SEARCHES = [
  { variant: 'bagh-chal', position: START, depth: 11 },
  { variant: 'bagh-chal', position: MOVEMENT, depth: 14 },
  { variant: 'bagh-chal', position: PLACEMENT, depth: 15 },
];

/** Transposition table size of every signature search (the count depends on it). */
export const SIGNATURE_HASH_MB = 16;

/**
 * Runs the signature searches. `Game` defaults to the built API (../dist/src/index.js); a test may
 * pass the one it imports (e.g. from src/ under vitest).
 * Returns `{ nodes, ms, searches: [{ position, depth, nodes, ms, bestmove, score }] }`.
 */
export async function benchSignature({ Game } = {}) {
  Game ??= (await import('../dist/src/index.js')).Game;
  const searches = [];
  for (const s of SIGNATURE_SEARCHES) {
    const g = await Game.create(s.variant, { position: s.position, hashMb: SIGNATURE_HASH_MB });
    const t0 = performance.now();
    const r = g.search({ depth: s.depth });
    const ms = performance.now() - t0;
    searches.push({ variant: s.variant, position: s.position, depth: s.depth, nodes: r.nodes, ms, bestmove: r.bestmove, score: r.score });
  }
  return {
    nodes: searches.reduce((a, s) => a + s.nodes, 0),
    ms: searches.reduce((a, s) => a + s.ms, 0),
    searches,
  };
}
