// Maka Dai Dai Shogi search (src/maka/search.ts, issue 34): the pruned search (null move, late-move
// reductions, quiescence pruning, aspiration windows) reports exactly the mates the full-width search
// does where it reports one, and only real ones: every mate score is proven by the full-width proof.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/index.js';
import { Searcher, MATE } from '../../src/maka/search.js';

/** Searches `position` to `depth` with every technique on or off; the score and the depth reached. */
function search(position: string, depth: number, on: boolean): { score: number; depth: number; best: string } {
  const g = MakaGame.create({ position });
  const { pos, gen } = g.internal;
  const s = new Searcher(pos, gen, 14);
  for (const k of Object.keys(s.techniques) as (keyof typeof s.techniques)[]) s.techniques[k] = on;
  const r = s.search({ depth });
  g.dispose();
  return { score: r.score, depth: r.depth, best: r.best ? r.best.join(',') : '' };
}

const isMate = (score: number) => Math.abs(score) > MATE - 1000;

describe('the pruned search reports the full-width search mates', () => {
  it.each([
    ['a Rook takes the last royal', '9k9/19/19/19/19/19/19/19/19/19/19/19/19/19/9R9/19/19/19/K18 b', 4],
    ['two Rooks hunt the lone King', '18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/1R17/R18/K18 b', 4],
    ['the lone King against a Lion, to move', '18k/19/16(LN)2/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K18 w', 4],
    ['a Gold and a Lion against the King', '16k2/19/15G3/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K8(LN)9 b', 4],
    [
      'no mate: Rook and Gold against Silver and Golds',
      '17sk/17gg/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/2R16/K2G15 b',
      4,
    ],
  ])('%s', (_label, position, maxDepth) => {
    for (let d = 1; d <= maxDepth; d++) {
      const full = search(position, d, false),
        pruned = search(position, d, true);
      // a mate only where the full-width search of the same depth proves it, and the same one
      if (isMate(pruned.score)) expect(pruned.score, `depth ${d}`).toBe(full.score);
      // the full-width search's mates within the depth are found (these positions are small enough)
      if (isMate(full.score)) expect(pruned.score, `depth ${d}`).toBe(full.score);
    }
  });
});

describe('a disposed game gives its search table to the next game (Searcher.release)', () => {
  it('cleared: the next game searches as a fresh one, its own table apart from a live game', () => {
    const position = MakaGame.create().position();
    const run = () => {
      const g = MakaGame.create({ position, options: { repetition: 'none' } });
      const r = g.search({ depth: 3 });
      return { g, r: { nodes: r.nodes, score: r.score, pv: r.pv.join(' ') } };
    };
    const first = run();
    first.g.dispose();
    const second = run();
    expect(second.r).toEqual(first.r);
    // a live game keeps its table: a third game made while the second lives searches as fresh as well
    const third = run();
    expect(third.r).toEqual(first.r);
    second.g.dispose();
    third.g.dispose();
  });
});
