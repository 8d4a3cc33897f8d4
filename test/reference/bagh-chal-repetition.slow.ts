// The slow half of the repetition-aware reference's self-tests (`npm run test:slow`; the quick half is
// bagh-chal-repetition.test.ts): forbid against none on 40 random positions at horizon 7, and the memo
// on and off on hand-built and random positions at horizons up to 9 (about 15 s in all).
import { describe, expect, it } from 'vitest';
import {
  DEEP_LOSS,
  DEEP_WIN,
  SHORTER,
  SHUFFLE,
  TIGERS_TO_MOVE,
  forbidRespectsNone,
  line,
  randomPosition,
  solve,
  solveAfter,
} from './bagh-chal-repetition-cases.js';

describe('bagh-chal repetition reference: the none / forbid relation on a larger sample', () => {
  it('forbid never turns a decisive none-result around or delays it (horizon 7, 40 positions)', () => {
    for (let i = 0; i < 40; i++) {
      const pos = randomPosition(5000 + i, 5);
      const none = solve(pos, 7, 'none');
      const forbid = solve(pos, 7, 'forbid');
      expect([pos, forbid, forbidRespectsNone(none, forbid)]).toEqual([pos, forbid, true]);
    }
  });
});

describe('bagh-chal repetition reference: the memo cannot change an answer', () => {
  it('memo on and off agree (forbid and draw3, with and without prior history)', () => {
    const cases: Array<[string, string[], number]> = [
      [SHUFFLE, [], 8],
      [SHORTER, [], 8],
      [TIGERS_TO_MOVE, [], 6],
      [SHORTER, [line(SHORTER, ['d4-e3'])[1], line(SHORTER, ['d4-e3'])[1]], 9],
      [SHUFFLE, [line(SHUFFLE, ['e5-d5'])[1], line(SHUFFLE, ['e5-d5'])[1]], 9],
      [DEEP_LOSS, [], 9],
      [DEEP_WIN, [], 9],
      // forbid positions where a memo keyed without the history answers wrongly ('unknown' for both)
      ['1GG1G/GGGG1/TGGGG/GGGTT/1GGTG G - G3', [], 7],
      ['GGGTT/GGGTG/G1GGG/GGGG1/G1GTG T - G2', [], 7],
    ];
    for (let i = 0; i < 12; i++) cases.push([randomPosition(7000 + i), [], 6]);
    expect(solve('1GG1G/GGGG1/TGGGG/GGGTT/1GGTG G - G3', 7, 'forbid')).toEqual({ result: 'win', plies: 7 });
    expect(solve('GGGTT/GGGTG/G1GGG/GGGG1/G1GTG T - G2', 7, 'forbid')).toEqual({ result: 'loss', plies: 6 });
    for (const [pos, prior, n] of cases) {
      for (const rule of ['forbid', 'draw3'] as const) {
        expect([pos, rule, solveAfter(pos, prior, n, rule, true)]).toEqual([
          pos,
          rule,
          solveAfter(pos, prior, n, rule, false),
        ]);
      }
    }
  });
});
