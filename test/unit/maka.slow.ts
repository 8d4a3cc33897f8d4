// The slow half of test/unit/maka.test.ts (`npm run test:slow`): Maka Dai Dai Shogi's self-play from the
// start, 40 plies at 3,000 nodes a move (10-15 s on an idle machine). Whole games under every option value:
// `node bench/selfplay.js --variant maka-dai-dai`.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/maka/index.js';

describe('search', () => {
  it('plays on where it is ahead (advancement, no repetition): 40 plies of self-play from the start without a repetition', () => {
    const g = MakaGame.create();
    for (let i = 0; i < 40 && g.result() === null; i++) g.play(g.search({ nodes: 3000 }).bestmove!);
    // 40 plies in, no repetition: the engine made progress (before: a repetition within 40 plies)
    expect(g.result()).toBeNull();
    expect(new Set(g.history()).size).toBeGreaterThan(20);
  });
});
