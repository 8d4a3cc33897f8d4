import type { OptionDecl } from './types.js';

/** The `repetition` option every hunt game has (RULES.md §0 End of game: default draw3). */
export const REPETITION_OPTION: OptionDecl = Object.freeze({
  name: 'repetition',
  type: 'enum',
  default: 'draw3',
  values: Object.freeze(['none', 'draw3', 'forbid']),
  source: 'RULES.md §0 (Repetition)',
  description: 'none: ignored; draw3: a third occurrence is a draw; forbid: a move may not repeat an earlier position',
});
