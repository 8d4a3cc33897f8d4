/**
 * Rules as data (DESIGN.md "Extending the core"; spec issue 9 §1): the RuleSet record, its schema,
 * `extendRules` for variants that differ by a field, and the rules block the core reads.
 */
export {
  ALL_DIRECTIONS,
  CAPTURE_KINDS,
  checkRules,
  extendRules,
  MAX_MOVE_LIMIT,
  MAX_STALL_LIMIT,
  REPETITIONS,
  RULE_LIMITS,
  ruleSetSchema,
  sideRules,
  type CaptureKind,
  type DraughtsRules,
  type DirName,
  type Repetition,
  type RuleSet,
  type RulesPatch,
  type SideRules,
} from './ruleset.js';
export { hasFastProfile } from './profile.js';
export { RULES_WORDS, coreRulesRefusal, encodeRules, ruleWordField, sideBase } from './encode.js';
