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

/**
 * Alquerque 9x9 on files c-k, ranks 3-11, + dens on all four edges: 105 points on the 13x13 grid a1..m13,
 * centre g7, den centres g2 g12 b7 l7, gates g3 g11 c7 k7 (RULES.md §2). More than 64 points: the host
 * plays it on the wide (128-bit) build of the core.
 */
const BOARD = alquerque(9, { dens: ['south', 'north', 'west', 'east'] });

/** The main-board points at Chebyshev distance `k` from the centre g7 (the square ring of side 2k + 1). */
function ring(k: number): Record<string, 'G'> {
  const out: Record<string, 'G'> = {};
  for (let x = 6 - k; x <= 6 + k; x++) {
    for (let y = 6 - k; y <= 6 + k; y++) {
      if (Math.max(Math.abs(x - 6), Math.abs(y - 6)) === k) out[`${'abcdefghijklm'[x]}${y + 1}`] = 'G';
    }
  }
  return out;
}

/**
 * The goat setups of tibetan-4 (RULES.md §2 "Goat setups"): third-line = the ring e5..i9, two lines in
 * from the main board's edge (16 goats), 48 in hand; second-line = the ring d4..j10 (24), 50 in hand.
 */
const SETUPS: Readonly<Record<string, GoatSetup>> = Object.freeze({
  'third-line': { pieces: ring(2), hand: 48 },
  'second-line': { pieces: ring(3), hand: 50 },
});

/**
 * Tibetan tiger game, 105-point form: Alquerque 9x9 + four dens; 4 tigers on the den centres g2, g12,
 * b7, l7 (or the gates g3, g11, c7, k7) against 64 or 74 goats. RULES.md §2 (seed
 * 000_5b9fb6f9970bd017.txt). Default start (rank 13 first):
 * `3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/9/1T1/3 G G48 - -`.
 */
export const tibetan4: HuntVariant = {
  id: 'tibetan-4',
  name: 'Tibetan tiger game (105 points)',
  family: 'hunt',
  source: TIBETAN_SOURCE,
  board: () => BOARD,
  sides: TIBETAN_SIDES,
  start: (o) =>
    tibetanStart(
      BOARD,
      SETUPS[String(o.setup)]!,
      o['tiger-start'] === 'gate' ? ['g3', 'g11', 'c7', 'k7'] : ['g2', 'g12', 'b7', 'l7'],
      o,
    ),
  rules: (o) => tibetanRules(SETUPS[String(o.setup)]!, o),
  options: [
    {
      name: 'setup',
      type: 'enum',
      default: 'third-line',
      values: Object.keys(SETUPS),
      source: 'RULES.md §2 (Goat setups, tibetan-4)',
      description:
        'third-line: 16 goats on the ring e5..i9, 48 in hand; second-line: 24 on the ring d4..j10, 50 in hand',
    },
    ...TIBETAN_OPTIONS,
  ],
  evalWeights: TIBETAN_WEIGHTS,
};
