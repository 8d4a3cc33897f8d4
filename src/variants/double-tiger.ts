import { alquerque } from '../board/index.js';
import { checkRules, sideRules } from '../rules/index.js';
import { REPETITION_OPTION, repetitionRule } from './repetition.js';
import { startPosition } from './start.js';
import type { EvalWeights, HuntVariant } from './types.js';

const BOARD = alquerque(5);

/**
 * Double Tiger's evaluation weights (centi-units, hunters' view; both phases: nobody places): hand-set,
 * and a cornered tiger (one move left) -69, fitted by bench/tune.js (`--features space,cornered`: the
 * fit gave space 0) on bench/data/double-tiger.jsonl.gz (300 self-play games at 4,000 nodes a move).
 */
const DOUBLE_TIGER_WEIGHTS: EvalWeights = Object.freeze({
  captured: 150,
  mobility: 10,
  trapped: -250,
  enPrise: 70,
  tempo: 10,
  preyMobility: -3,
  cornered: -69,
});

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
  sides: [
    { letter: 'D', name: 'dog', plural: 'dogs' },
    { letter: 'T', name: 'tiger', plural: 'tigers' },
  ],
  start: () =>
    startPosition(BOARD, {
      pieces: { b2: ['D', 4], d2: ['D', 4], b4: ['D', 4], d4: ['D', 4], c1: 'T', c5: 'T' },
      side: 'T',
    }),
  rules: (o) =>
    checkRules({
      family: 'hunt',
      sides: [sideRules({ stacks: true, dispersal: true, captureTarget: 6 }), sideRules({ capture: 'jump' })],
      escape: null,
      stall: null,
      repetition: repetitionRule(o),
    }),
  options: [REPETITION_OPTION],
  // Bagh Chal's movement weights, with a dog worth less (6 of 16 must fall, not 5 of 20), a trapped tiger
  // worth more and the dogs' mobility counted: with Bagh Chal's the dogs, a few dogs down, score every
  // position as lost and steer for a repetition draw (engine dogs v random tigers: 4/20 wins at 20k nodes
  // with Bagh Chal's weights, 14/20 with these; notes/eval).
  evalWeights: { placement: DOUBLE_TIGER_WEIGHTS, movement: DOUBLE_TIGER_WEIGHTS },
};
