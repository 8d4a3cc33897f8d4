import { hareAndHounds } from '../board/index.js';
import { MAX_STALL_LIMIT, checkRules, sideRules } from '../rules/index.js';
import { REPETITION_OPTION, repetitionRule } from './repetition.js';
import { startPosition } from './start.js';
import type { HuntVariant, OptionValues } from './types.js';

/** The 11-point Hare-and-Hounds board drawn upright: b1, a2..c4, b5 (RULES.md §3). */
const BOARD = hareAndHounds();

/** The dwarfs' start points (RULES.md §3). */
const DWARFS = Object.freeze(['b1', 'a2', 'c2']);

/**
 * Points the giant may start on: every point empty at the start, bottom to top (RULES.md §3: the giant's player
 * chooses).
 */
const GIANT_POINTS: readonly string[] = Object.freeze(
  BOARD.points.map((p) => p.name).filter((n) => !DWARFS.includes(n)),
);

const stallLimit = (o: OptionValues): number | null => (o['stall-limit'] === 'off' ? null : Number(o['stall-limit']));

/**
 * Catch the Giant (捉巨人棋): 3 dwarfs on b1, a2, c2 against the giant on b3; the giant moves first along
 * any line, the dwarfs forward or sideways; nobody captures. The giant wins when every dwarf stands
 * higher than it (escape) or, with `stall-limit=N`, after N dwarf moves in a row that gain no rank.
 * RULES.md §3 (seed 001_874bc8b0e02e5eef.txt). Default start: `1/3/1G1/D1D/D G - -` (no extra
 * field while stall-limit is off; ` -` (stall count 0) when on).
 */
export const catchTheGiant: HuntVariant = {
  id: 'catch-the-giant',
  name: 'Catch the Giant',
  family: 'hunt',
  source: 'RULES.md §3 (Catch the Giant); seed 001_874bc8b0e02e5eef.txt',
  board: () => BOARD,
  sides: [
    { letter: 'D', name: 'dwarf', plural: 'dwarfs' },
    { letter: 'G', name: 'giant', plural: 'giants' },
  ],
  start: (o) =>
    startPosition(BOARD, {
      pieces: { ...Object.fromEntries(DWARFS.map((p) => [p, 'D'])), [String(o['giant-start'])]: 'G' },
      side: 'G',
      extra: stallLimit(o) === null ? undefined : '-',
    }),
  rules: (o) => {
    const limit = stallLimit(o);
    return checkRules({
      family: 'hunt',
      sides: [sideRules({ steps: ['N', 'NE', 'E', 'W', 'NW'] }), sideRules()],
      escape: { side: 1 },
      stall: limit === null ? null : { side: 0, limit },
      repetition: repetitionRule(o),
    });
  },
  options: [
    {
      name: 'giant-start',
      type: 'point',
      default: 'b3',
      values: GIANT_POINTS,
      source: "RULES.md §3 (Catch the Giant: b3, our reconstruction; the seed lets the giant's player choose)",
      description: "the giant's start point: any point empty at the start",
    },
    {
      name: 'stall-limit',
      type: 'int',
      default: 'off',
      min: 1,
      max: MAX_STALL_LIMIT,
      values: ['off'],
      source: 'RULES.md §3 (Catch the Giant: option stall-limit=N, default off)',
      description: 'off, or N: the giant also wins after N consecutive dwarf moves that gain no rank',
    },
    REPETITION_OPTION,
  ],
  // The giant never captures: its weights are mobility and not being trapped. The dwarfs' mobility
  // (preyMobility -20) balances the giant's, so the dwarfs do not score every position as lost and steer
  // for a repetition draw (engine dwarfs v a random giant: 10/20 draws at 20k nodes with 0, 20/20 wins
  // with -20; notes/eval).
  evalWeights: {
    placement: { captured: 0, mobility: 20, trapped: -300, enPrise: 0, tempo: 10, preyMobility: -20 },
    movement: { captured: 0, mobility: 20, trapped: -300, enPrise: 0, tempo: 10, preyMobility: -20 },
  },
};
