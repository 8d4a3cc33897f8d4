// Maka Dai Dai Shogi search (src/maka/search.ts, issue 34 item 3): staged move generation (the TT move and the
// killers searched before the other moves are generated) is a pure speed technique: with it on and off the search
// visits the same nodes and returns the same score, move and line, from the start, a crowded middle game, designed
// positions (Lions, hook movers, Emperors, promoted pieces) under their options, and positions of seeded random play.
// Deeper searches in maka-staged.slow.ts.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/index.js';
import { MAKA_MIDDLE } from '../../bench/positions.js';
import { DESIGNED } from '../support/maka-positions.js';
import { randomMakaPosition, stagedRun } from '../support/maka-staged.js';

type Case = [string, string, Record<string, string> | undefined, number];

describe('staged move generation changes no search', () => {
  const cases: Case[] = [
    ['start', MakaGame.create().position(), undefined, 3],
    ['middle game', MAKA_MIDDLE, undefined, 3],
    ...DESIGNED.map((d): Case => [d.id, d.position, d.options, 3]),
    ...[1, 2, 3].map((k): Case => [`random play ${k}`, randomMakaPosition(k, 40 + 20 * k), undefined, 3]),
  ];
  it.each(cases)('%s', (_label, position, options, depth) => {
    expect(stagedRun(position, options, depth, true)).toEqual(stagedRun(position, options, depth, false));
  });
});
