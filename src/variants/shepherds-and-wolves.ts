import { alquerque } from '../board/index.js';
import { checkRules, sideRules } from '../rules/index.js';
import { HUNT_WEIGHTS } from './bagh-chal.js';
import { REPETITION_OPTION, repetitionRule } from './repetition.js';
import { startPosition } from './start.js';
import type { HuntVariant } from './types.js';

const BOARD = alquerque(5);

/**
 * Shepherds and Wolves (牧童圈狼棋): 8 sheep around c3 and a wolf on c5, with 15 sheep and 1 wolf in
 * hand; wolves move first; each side places while it has pieces in hand; wolves step along any line or
 * make one optional short jump over a sheep; sheep step orthogonally only. The wolves win at 13 sheep
 * captured. RULES.md §3 (seed 001_874bc8b0e02e5eef.txt). Start: `2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -`.
 */
export const shepherdsAndWolves: HuntVariant = {
  id: 'shepherds-and-wolves',
  name: 'Shepherds and Wolves',
  family: 'hunt',
  source: 'RULES.md §3 (Shepherds and Wolves); seed 001_874bc8b0e02e5eef.txt',
  board: () => BOARD,
  sides: [
    { letter: 'S', name: 'sheep', plural: 'sheep' },
    { letter: 'W', name: 'wolf', plural: 'wolves' },
  ],
  start: () =>
    startPosition(BOARD, {
      pieces: { b2: 'S', c2: 'S', d2: 'S', b3: 'S', d3: 'S', b4: 'S', c4: 'S', d4: 'S', c5: 'W' },
      side: 'W',
      hand: [
        ['W', 1],
        ['S', 15],
      ],
    }),
  rules: (o) =>
    checkRules({
      family: 'hunt',
      sides: [
        sideRules({ places: true, steps: ['N', 'E', 'S', 'W'], captureTarget: 13 }),
        sideRules({ places: true, capture: 'jump' }),
      ],
      escape: null,
      stall: null,
      repetition: repetitionRule(o),
    }),
  options: [REPETITION_OPTION],
  evalWeights: HUNT_WEIGHTS,
};
