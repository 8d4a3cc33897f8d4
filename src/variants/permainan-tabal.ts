import { alquerque } from '../board/index.js';
import { MAX_MOVE_LIMIT, checkRules, sideRules } from '../rules/index.js';
import { REPETITION_OPTION, repetitionRule } from './repetition.js';
import { startPosition } from './start.js';
import type { HuntVariant, OptionValues } from './types.js';

const BOARD = alquerque(5, { dens: ['south', 'north'] });

/** White: the south den and ranks 3-4; Black: the north den and ranks 6-7 (RULES.md §4); rank 5 empty. */
const PIECES = Object.fromEntries(BOARD.points.filter((p) => p.y !== 4).map((p) => [p.name, p.y < 4 ? 'W' : 'B']));

const moveLimit = (o: OptionValues): number | null => (o['move-limit'] === 'off' ? null : Number(o['move-limit']));

/**
 * Permainan Tabal: draughts on the 37-point board (Alquerque 5x5 with dens on the south and north
 * edges). 16 men each; men step forward, diagonally forward or sideways along lines and capture by
 * short jump in every direction, continuing while they can; captures are compulsory; a man ending its
 * move on the far rank (the base row of the opponent's den) becomes a king; kings fly along lines and
 * capture at any distance with a free landing. A side with no pieces or no move loses. RULES.md §4
 * (seed 002_3c5e9ac890011d61.txt). Sides: side 0 White (moves first by default), side 1 Black.
 * Start: `BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - -` (with a move limit: ` clock=0`... written `-`).
 */
export const permainanTabal: HuntVariant = {
  id: 'permainan-tabal',
  name: 'Permainan Tabal',
  family: 'draughts',
  source: 'RULES.md §4; seed 002_3c5e9ac890011d61.txt',
  board: () => BOARD,
  sides: [
    { letter: 'W', name: 'White', plural: 'White', id: 'white' },
    { letter: 'B', name: 'Black', plural: 'Black', id: 'black' },
  ],
  start: (o) =>
    startPosition(BOARD, {
      pieces: PIECES,
      side: o.first === 'black' ? 'B' : 'W',
      ...(moveLimit(o) === null ? {} : { extra: '-' }),
    }),
  rules: (o) =>
    checkRules({
      family: 'draughts',
      sides: [
        sideRules({ steps: ['N', 'NE', 'E', 'W', 'NW'], capture: 'multi-jump' }),
        sideRules({ steps: ['S', 'SE', 'E', 'W', 'SW'], capture: 'multi-jump' }),
      ],
      escape: null,
      stall: null,
      draughts: {
        compulsory: true,
        majority: o.majority === 'true',
        removal: o.removal === 'end' ? 'end' : 'immediate',
        promotion: [9, 1],
        flyingKings: true,
        moveLimit: moveLimit(o),
      },
      repetition: repetitionRule(o),
    }),
  options: [
    {
      name: 'first',
      type: 'enum',
      default: 'white',
      values: ['white', 'black'],
      source: 'RULES.md §4 (White moves first; option first=black)',
      description: 'the side that moves first',
    },
    {
      name: 'majority',
      type: 'enum',
      default: 'false',
      values: ['false', 'true'],
      source: 'RULES.md §4 (any capturing sequence may be chosen; option majority=true)',
      description: 'true: only the capturing sequences that take the most pieces (kings and men alike)',
    },
    {
      name: 'removal',
      type: 'enum',
      default: 'immediate',
      values: ['immediate', 'end'],
      source: 'RULES.md §4 (captured pieces removed as they are jumped; option removal=end)',
      description:
        'immediate: captured pieces leave as they are jumped; end: after the move (they ' +
        'block until then and may not be jumped twice)',
    },
    {
      name: 'move-limit',
      type: 'int',
      default: 'off',
      min: 1,
      max: MAX_MOVE_LIMIT,
      values: ['off'],
      source: 'RULES.md §4 (option move-limit=N)',
      description: 'off, or N: the game is drawn after N consecutive plies without a capture',
    },
    REPETITION_OPTION,
  ],
  evalWeights: {
    placement: { man: 100, king: 300, advance: 4, mobility: 3, tempo: 5, centre: 6, den: 4 },
    movement: { man: 100, king: 300, advance: 4, mobility: 3, tempo: 5, centre: 6, den: 4 },
  },
  // the main board's central 3x3, and the dens (White's the south one, Black's the north one)
  evalRegions: {
    centre: ['b4', 'c4', 'd4', 'b5', 'c5', 'd5', 'b6', 'c6', 'd6'],
    dens: [
      ['a1', 'c1', 'e1', 'b2', 'c2', 'd2'],
      ['b8', 'c8', 'd8', 'a9', 'c9', 'e9'],
    ],
  },
};
