import { alquerque } from '../board/index.js';
import {
  TIBETAN_OPTIONS,
  TIBETAN_SIDES,
  TIBETAN_SOURCE,
  TIBETAN_WEIGHTS,
  tibetanRules,
  tibetanStart,
  type GoatSetup,
} from './tibetan.js';
import type { HuntVariant } from './types.js';

/** 5x5 + dens on the south and north edges: 37 points a1..e9, main board ranks 3-7, centre c5 (RULES.md §2). */
const BOARD = alquerque(5, { dens: ['south', 'north'] });

/** The goat setups of tibetan-2 (RULES.md §2 "Goat setups"; totals 18, 24). */
const SETUPS: Readonly<Record<string, GoatSetup>> = Object.freeze({
  ring: { pieces: { b4: 'G', c4: 'G', d4: 'G', b5: 'G', d5: 'G', b6: 'G', c6: 'G', d6: 'G' }, hand: 10 },
  stacks: { pieces: { b4: ['G', 6], d4: ['G', 6], b6: ['G', 6], d6: ['G', 6] }, hand: 0 },
});

/**
 * Tibetan tiger game, 37-point form: Alquerque 5x5 + two dens; 2 tigers on the den centres c2, c8 (or
 * the gates c3, c7) against 18 goats (ring) or 24 in four stacks. RULES.md §2 (seed
 * 000_5b9fb6f9970bd017.txt). Default start: `3/1T1/5/1GGG1/1G1G1/1GGG1/5/1T1/3 G G10 - -` (rank 9 first).
 */
export const tibetan2: HuntVariant = {
  id: 'tibetan-2',
  name: 'Tibetan tiger game (37 points)',
  family: 'hunt',
  source: TIBETAN_SOURCE,
  board: () => BOARD,
  sides: TIBETAN_SIDES,
  start: (o) =>
    tibetanStart(BOARD, SETUPS[String(o.setup)]!, o['tiger-start'] === 'gate' ? ['c3', 'c7'] : ['c2', 'c8'], o),
  rules: (o) => tibetanRules(SETUPS[String(o.setup)]!, o),
  options: [
    {
      name: 'setup',
      type: 'enum',
      default: 'ring',
      values: Object.keys(SETUPS),
      source: 'RULES.md §2 (Goat setups, tibetan-2)',
      description: 'ring: 8 goats around c5, 10 in hand; stacks: 6 stacked on each of b4, d4, b6, d6, none in hand',
    },
    ...TIBETAN_OPTIONS,
  ],
  evalWeights: TIBETAN_WEIGHTS,
};
