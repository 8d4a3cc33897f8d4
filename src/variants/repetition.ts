import type { Repetition } from '../rules/index.js';
import type { OptionDecl, OptionValues } from './types.js';

/** The `repetition` option every hunt game has (RULES.md §0 End of game: default draw3). */
export const REPETITION_OPTION: OptionDecl = Object.freeze({
  name: 'repetition',
  type: 'enum',
  default: 'draw3',
  values: Object.freeze(['none', 'draw3', 'forbid']),
  source: 'RULES.md §0 (Repetition)',
  description: 'none: ignored; draw3: a third occurrence is a draw; forbid: a move may not repeat an earlier position',
});

/**
 * The RuleSet's `repetition` field from resolved options (REPETITION_OPTION, RULES.md §0): the option's value,
 * 'draw3' when it is absent (a declaration's rules asked for without it). The value was checked by
 * resolveOptions; checkRules refuses anything else with a RulesError naming `repetition`.
 */
export function repetitionRule(o: OptionValues): Repetition {
  return (o.repetition ?? 'draw3') as Repetition;
}
