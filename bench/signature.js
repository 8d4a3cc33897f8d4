// The bench signatures (DESIGN.md "A bench signature", after Stockfish's `Bench: N`): per variant, the
// total node count of a fixed set of fixed-depth searches, each on a fresh Game (a new core instance, so
// the transposition table, killers and history start empty) with a fixed 16 MiB table. Depth-only limits
// never consult the clock, so the numbers are deterministic: any change to move generation, ordering,
// pruning, evaluation or the TT changes them. A commit that changes one says so. `Bench: N` (the
// headline) is Bagh Chal's.
import { MOVEMENT, PLACEMENT, START } from './positions.js';

/**
 * The fixed searches: variant, position (null: the variant's start), depth. Editing this list changes the signatures.
 */
export const SIGNATURE_SEARCHES = [
  { variant: 'bagh-chal', position: START, depth: 11 },
  { variant: 'bagh-chal', position: MOVEMENT, depth: 14 },
  { variant: 'bagh-chal', position: PLACEMENT, depth: 15 },
  { variant: 'tibetan-1', position: null, depth: 10 },
  { variant: 'tibetan-2', position: null, depth: 8 },
  { variant: 'tibetan-4', position: null, depth: 4 },
  { variant: 'catch-the-giant', position: null, depth: 16 },
  { variant: 'surround-the-tiger', position: null, depth: 10 },
  { variant: 'double-tiger', position: null, depth: 9 },
  { variant: 'shepherds-and-wolves', position: null, depth: 12 },
  { variant: 'permainan-tabal', position: null, depth: 12 },
];

/** Transposition table size of every signature search (the count depends on it). */
export const SIGNATURE_HASH_MB = 16;

/**
 * Runs the signature searches. `Game` defaults to the built API (../dist/src/index.js); a test may
 * pass the one it imports (e.g. from src/ under vitest).
 * Returns `{ nodes, ms, variants: { [id]: nodes }, searches: [{ variant, position, depth, nodes, ms, bestmove, score }]
 * }`: `nodes` and `ms` are Bagh Chal's (the headline `Bench:`), `variants` every variant's total.
 */
export async function benchSignature({ Game } = {}) {
  Game ??= (await import('../dist/src/index.js')).Game;
  const searches = [];
  for (const s of SIGNATURE_SEARCHES) {
    const g = await Game.create(s.variant, {
      ...(s.position ? { position: s.position } : {}),
      hashMb: SIGNATURE_HASH_MB,
    });
    const t0 = performance.now();
    const r = g.search({ depth: s.depth });
    const ms = performance.now() - t0;
    searches.push({
      variant: s.variant,
      position: g.position(),
      depth: s.depth,
      nodes: r.nodes,
      ms,
      bestmove: r.bestmove,
      score: r.score,
    });
    g.dispose();
  }
  const variants = {};
  for (const s of searches) variants[s.variant] = (variants[s.variant] ?? 0) + s.nodes;
  const bagh = searches.filter((s) => s.variant === 'bagh-chal');
  return {
    nodes: bagh.reduce((a, s) => a + s.nodes, 0),
    ms: bagh.reduce((a, s) => a + s.ms, 0),
    variants,
    searches,
  };
}
