import { alquerque } from '../lattice/index.js';
import { checkRules, sideRules } from '../rules/index.js';
import { BAGH_CHAL_WEIGHTS } from './bagh-chal.js';
import { REPETITION_OPTION } from './repetition.js';
import { startPosition } from './start.js';
import type { HuntVariant } from './types.js';

const BOARD = alquerque(5);

/**
 * Double Tiger (雙虎棋): 16 dogs stacked 4 each on b2, d2, b4, d4 against tigers on c1 and c5; tigers
 * move first, step or make one optional short jump (over a stack: one dog); dogs step, from a stack while
 * any stack remains (dispersal). The tigers win at 6 dogs captured. RULES.md §3 (seed
 * 001_874bc8b0e02e5eef.txt). Start: `2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -`.
 */
export const doubleTiger: HuntVariant = {
  id: 'double-tiger',
  name: 'Double Tiger',
  family: 'hunt',
  source: 'RULES.md §3 (Double Tiger); seed 001_874bc8b0e02e5eef.txt',
  board: () => BOARD,
  sides: [{ letter: 'D', name: 'dog', plural: 'dogs' }, { letter: 'T', name: 'tiger', plural: 'tigers' }],
  start: () => startPosition(BOARD, {
    pieces: { b2: ['D', 4], d2: ['D', 4], b4: ['D', 4], d4: ['D', 4], c1: 'T', c5: 'T' },
    side: 'T',
  }),
  rules: () => checkRules({
    family: 'hunt',
    sides: [sideRules({ stacks: true, dispersal: true, captureTarget: 6 }), sideRules({ capture: 'jump' })],
    escape: null,
    stall: null,
  }),
  options: [REPETITION_OPTION],
  evalWeights: { placement: BAGH_CHAL_WEIGHTS.movement, movement: BAGH_CHAL_WEIGHTS.movement },
};
