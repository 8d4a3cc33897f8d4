import { alquerque } from '../board/index.js';
import { checkRules, sideRules } from '../rules/index.js';
import { REPETITION_OPTION, repetitionRule } from './repetition.js';
import { startPosition } from './start.js';
import type { HuntVariant } from './types.js';

const BOARD = alquerque(5);

/** The 16 edge points of the 5x5 board, where the dogs start (RULES.md §3). */
const EDGE = BOARD.points.filter((p) => p.x === 0 || p.y === 0 || p.x === 4 || p.y === 4).map((p) => p.name);

/**
 * Surround the Tiger (圍虎棋): 16 dogs on the edge points against the tiger on c3; the tiger moves first;
 * both step along lines, nobody jumps; the tiger captures by intervention (both dogs of a line it steps
 * between, when the points beyond them are empty or off the board, on every line at once). The tiger
 * wins at 6 dogs captured. RULES.md §3 (seed 001_874bc8b0e02e5eef.txt).
 * Start: `DDDDD/D3D/D1T1D/D3D/DDDDD T - -`.
 */
export const surroundTheTiger: HuntVariant = {
  id: 'surround-the-tiger',
  name: 'Surround the Tiger',
  family: 'hunt',
  source: 'RULES.md §3 (Surround the Tiger); seed 001_874bc8b0e02e5eef.txt',
  board: () => BOARD,
  sides: [
    { letter: 'D', name: 'dog', plural: 'dogs' },
    { letter: 'T', name: 'tiger', plural: 'tigers' },
  ],
  start: () =>
    startPosition(BOARD, { pieces: { ...Object.fromEntries(EDGE.map((p) => [p, 'D'])), c3: 'T' }, side: 'T' }),
  rules: (o) =>
    checkRules({
      family: 'hunt',
      sides: [sideRules({ captureTarget: 6 }), sideRules({ capture: 'intervention' })],
      escape: null,
      stall: null,
      repetition: repetitionRule(o),
    }),
  options: [REPETITION_OPTION],
  // No jumps: nothing is en prise; one tiger, so being trapped is the loss.
  evalWeights: {
    placement: { captured: 400, mobility: 15, trapped: -300, enPrise: 0, tempo: 10 },
    movement: { captured: 400, mobility: 15, trapped: -300, enPrise: 0, tempo: 10 },
  },
};
