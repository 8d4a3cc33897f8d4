// Maka Dai Dai Shogi search runs with staged move generation on or off (test/unit/maka-staged.test.ts and .slow.ts),
// and positions of seeded random play.
import { MakaGame } from '../../src/index.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import { Searcher } from '../../src/maka/search.js';

export interface StagedRun {
  nodes: number;
  score: number;
  best: string;
  pv: string;
}

/**
 * One search of `position` to `depth` (a fresh searcher, a 2^14-slot table) with staged generation on or off.
 * Unchecked (as the perft tables): designed positions break the start's piece counts on purpose.
 */
export function stagedRun(
  position: string,
  options: Record<string, string> | undefined,
  depth: number,
  staged: boolean,
): StagedRun {
  const g = createUncheckedMakaGame({ position, ...(options ? { options } : {}) });
  try {
    const { pos, gen } = g.internal;
    const s = new Searcher(pos, gen, 14);
    s.techniques.staged = staged;
    const r = s.search({ depth });
    return { nodes: r.nodes, score: r.score, best: String(r.best), pv: r.pv.join(' ') };
  } finally {
    g.dispose();
  }
}

/** The position `plies` seeded random moves from the start (a linear congruential generator). */
export function randomMakaPosition(seed: number, plies: number): string {
  const g = MakaGame.create();
  let x = seed;
  for (let i = 0; i < plies && g.result() === null; i++) {
    const moves = g.moves();
    if (moves.length === 0) break;
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    g.play(moves[x % moves.length]!);
  }
  const p = g.position();
  g.dispose();
  return p;
}
