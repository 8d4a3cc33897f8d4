import { alquerque } from '../lattice/index.js';
import type { HuntVariant } from './types.js';

/**
 * Bagh Chal: Alquerque 5x5, 4 tigers on the corners v 20 goats in hand; goats place, then step; tigers
 * step or make one optional short jump. Rules: RULES.md §1 (seed 004_ed7d1d908b2d4027.txt).
 */
export const baghChal: HuntVariant = {
  id: 'bagh-chal',
  name: 'Bagh Chal',
  family: 'hunt',
  source: 'RULES.md §1; seed 004_ed7d1d908b2d4027.txt',
  board: () => alquerque(5),
  prey: { letter: 'G', name: 'goat', plural: 'goats' },
  hunter: { letter: 'T', name: 'tiger', plural: 'tigers' },
  hunters: 4,
  preyTotal: 20,
  start: () => 'T3T/5/5/5/T3T G G20 -',
  capturesToWin: (o) => Number(o['captures-to-win']),
  options: [
    {
      name: 'captures-to-win', type: 'int', default: 5, min: 1, max: 20,
      source: 'RULES.md §1 (seed 004: 虎累計吃掉五隻羊，虎方立刻獲勝)',
      description: 'goats the tigers must capture to win',
    },
    {
      name: 'repetition', type: 'enum', default: 'draw3', values: ['none', 'draw3', 'forbid'],
      source: 'RULES.md §0 (Repetition)',
      description: 'none: ignored; draw3: a third occurrence is a draw; forbid: a move may not repeat an earlier position',
    },
  ],
  evalWeights: {
    placement: { captured: 300, mobility: 6, trapped: -120, enPrise: 45, tempo: 10 },
    movement: { captured: 400, mobility: 10, trapped: -160, enPrise: 70, tempo: 10 },
  },
};
