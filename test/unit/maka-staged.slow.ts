// Staged move generation changes no Maka Dai Dai search (maka-staged.test.ts), deeper: the benchmark's searches
// (bench/maka.js: start and middle game to depth 5) and seeded random play to depth 4.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/index.js';
import { MAKA_MIDDLE } from '../../bench/positions.js';
import { randomMakaPosition, stagedRun } from '../support/maka-staged.js';

type Case = [string, string, number];

describe('staged move generation changes no search (deeper)', () => {
  const cases: Case[] = [
    ['start', MakaGame.create().position(), 5],
    ['middle game', MAKA_MIDDLE, 5],
    ...[5, 6, 7, 8].map((k): Case => [`random play ${k}`, randomMakaPosition(k, 30 + 30 * k), 4]),
  ];
  it.each(cases)('%s', (_label, position, depth) => {
    expect(stagedRun(position, undefined, depth, true)).toEqual(stagedRun(position, undefined, depth, false));
  });
});
