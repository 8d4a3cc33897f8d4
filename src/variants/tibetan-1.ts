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
import type { HuntVariant, OptionValues } from './types.js';

/** 5x5 + a den on the south edge: 31 points a1..e7, den ranks 1-2, main board ranks 3-7 (RULES.md §2). */
const BOARD = alquerque(5, { dens: ['south'] });

const row = (r: number) => Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((f) => [`${f}${r}`, 'G']));

/** The goat setups of tibetan-1 (RULES.md §2 "Goat setups"; totals 15, 16, 16). */
const SETUPS: Readonly<Record<string, GoatSetup>> = Object.freeze({
  'far-rows': { pieces: { ...row(6), ...row(7) }, hand: 5 },
  ring: { pieces: { b4: 'G', c4: 'G', d4: 'G', b5: 'G', d5: 'G', b6: 'G', c6: 'G', d6: 'G' }, hand: 8 },
  square: { pieces: { b4: 'G', d4: 'G', b6: 'G', d6: 'G' }, hand: 12 },
});

/**
 * Tiger points: 2 tigers stand on the den centre c2 and the gate c3 whatever tiger-start says; 1 on the one it names.
 */
function tigers(o: OptionValues): string[] {
  if (Number(o.tigers) === 2) return ['c2', 'c3'];
  return [o['tiger-start'] === 'gate' ? 'c3' : 'c2'];
}

/**
 * Tibetan tiger game, 31-point form: Alquerque 5x5 + one den; 1 tiger (option 2) against 15 or 16 goats
 * by setup; goats may not move the same goat twice running; tigers multi-jump. RULES.md §2
 * (seed 000_5b9fb6f9970bd017.txt). Default start: `GGGGG/GGGGG/5/5/5/1T1/3 G G5 - -`.
 */
export const tibetan1: HuntVariant = {
  id: 'tibetan-1',
  name: 'Tibetan tiger game (31 points)',
  family: 'hunt',
  source: TIBETAN_SOURCE,
  board: () => BOARD,
  sides: TIBETAN_SIDES,
  start: (o) => tibetanStart(BOARD, SETUPS[String(o.setup)]!, tigers(o), o),
  rules: (o) => tibetanRules(SETUPS[String(o.setup)]!, o),
  options: [
    {
      name: 'setup',
      type: 'enum',
      default: 'far-rows',
      values: Object.keys(SETUPS),
      source: 'RULES.md §2 (Goat setups, tibetan-1)',
      description:
        'far-rows: 10 goats on ranks 6-7, 5 in hand; ring: 8 around c5, 8 in hand; square: b4 d4 b6 d6, 12 in hand',
    },
    {
      name: 'tigers',
      type: 'int',
      default: 1,
      min: 1,
      max: 2,
      source: "RULES.md §2 (1: the form's name; 2: the seed's piece list)",
      description: '1 tiger (on the point tiger-start names), or 2 on the den centre c2 and the gate c3',
    },
    ...TIBETAN_OPTIONS,
  ],
  evalWeights: TIBETAN_WEIGHTS,
};
