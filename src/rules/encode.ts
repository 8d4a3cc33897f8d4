/**
 * The rules block: a {@link RuleSet} as the 32 i32 words the host writes at `core.rulesInput()` before
 * `setupRules()` (spec issue 9 §1 "Encoding"), as the board tables are written at `core.boardInput()`.
 */
import { DIR_NAMES } from '../board/index.js';
import { RulesError } from '../contract/errors.js';
import { CAPTURE_KINDS, REPETITIONS, checkRules, type RuleSet } from './ruleset.js';

/** Words in the rules block. */
export const RULES_WORDS = 32;

/** Word index of side `s`'s first word (its `places`); its 8 words follow in the order of the layout. */
export function sideBase(s: 0 | 1): number {
  return 4 + 8 * s;
}

/**
 * Encodes a RuleSet as the rules block. Layout (i32 words):
 * ```
 * [0]  family            0 = hunt (1 = draughts, later)
 * [1]  escape side       -1 none, else 0|1
 * [2]  stall side        -1 none, else 0|1
 * [3]  stall limit       0 when stall is null
 * [4 + 8*s + 0] places         0|1          (s = 0 prey side, 1 hunter side)
 * [4 + 8*s + 1] step mask      bit d set = may step in direction d (0 N,1 NE,2 E,3 SE,4 S,5 SW,6 W,7 NW: DIR_NAMES)
 * [4 + 8*s + 2] capture        0 none, 1 jump, 2 multi-jump, 3 intervention
 * [4 + 8*s + 3] stacks         0|1
 * [4 + 8*s + 4] dispersal      0|1
 * [4 + 8*s + 5] noSameTwice    0|1
 * [4 + 8*s + 6] captureTarget  0 = none
 * [4 + 8*s + 7] reserved 0
 * [20..26] the draughts family's fields (assembly/rules.ts), 0 in the hunt family
 * [27] repetition        0 draw3 (the default), 1 none, 2 forbid (REPETITIONS; RULES.md §0)
 * [28..31] reserved 0
 * ```
 * @param r - the rules; checked with checkRules first, so nothing unchecked reaches the core.
 * @returns a fresh Int32Array of {@link RULES_WORDS} words.
 * @throws RulesError (from checkRules) naming the bad field.
 */
export function encodeRules(r: RuleSet): Int32Array {
  const rules = checkRules(r);
  const w = new Int32Array(RULES_WORDS);
  w[0] = rules.family === 'draughts' ? 1 : 0;
  w[1] = rules.escape ? rules.escape.side : -1;
  w[2] = rules.stall ? rules.stall.side : -1;
  w[3] = rules.stall ? rules.stall.limit : 0;
  rules.sides.forEach((side, s) => {
    const b = sideBase(s as 0 | 1);
    w[b] = side.places ? 1 : 0;
    w[b + 1] = side.steps.reduce((mask, d) => mask | (1 << DIR_NAMES.indexOf(d)), 0);
    w[b + 2] = CAPTURE_KINDS.indexOf(side.capture);
    w[b + 3] = side.stacks ? 1 : 0;
    w[b + 4] = side.dispersal ? 1 : 0;
    w[b + 5] = side.noSameTwice ? 1 : 0;
    w[b + 6] = side.captureTarget ?? 0;
  });
  const d = rules.draughts;
  if (d) {
    w[20] = d.compulsory ? 1 : 0;
    w[21] = d.majority ? 1 : 0;
    w[22] = d.removal === 'end' ? 1 : 0;
    w[23] = d.promotion[0] === null ? -1 : d.promotion[0] - 1;
    w[24] = d.promotion[1] === null ? -1 : d.promotion[1] - 1;
    w[25] = d.flyingKings ? 1 : 0;
    w[26] = d.moveLimit ?? 0;
  }
  w[27] = REPETITIONS.indexOf(rules.repetition ?? 'draw3');
  return w;
}

const SIDE_WORD_FIELDS = [
  'places',
  'steps',
  'capture',
  'stacks',
  'dispersal',
  'noSameTwice',
  'captureTarget',
  '(reserved)',
];
const DRAUGHTS_WORD_FIELDS = [
  'draughts.compulsory',
  'draughts.majority',
  'draughts.removal',
  'draughts.promotion.0',
  'draughts.promotion.1',
  'draughts.flyingKings',
  'draughts.moveLimit',
];

/**
 * The RuleSet field that word `i` of the rules block encodes (the layout of {@link encodeRules}), as a
 * dotted path like RulesError's: `stall.limit`, `sides.1.captureTarget`, `draughts.moveLimit`;
 * `(reserved word N)` for the words no field uses.
 */
export function ruleWordField(i: number): string {
  if (i === 0) return 'family';
  if (i === 1) return 'escape.side';
  if (i === 2) return 'stall.side';
  if (i === 3) return 'stall.limit';
  if (i >= 4 && i < 20) {
    const field = SIDE_WORD_FIELDS[(i - 4) % 8]!;
    return field === '(reserved)' ? `(reserved word ${i})` : `sides.${Math.floor((i - 4) / 8)}.${field}`;
  }
  if (i === 27) return 'repetition';
  return DRAUGHTS_WORD_FIELDS[i - 20] ?? `(reserved word ${i})`;
}

/**
 * The error for a rules block the core refused (setupRules() returned `code` = -(word + 1)): a
 * RulesError naming the field of that word and its value. The schema ({@link checkRules}) refuses
 * everything the core does first (test/unit/rule-limits.test.ts), so this is a guard, not an expected path.
 */
export function coreRulesRefusal(code: number, words: Int32Array, where: string): RulesError {
  const word = -code - 1;
  const field = ruleWordField(word);
  return new RulesError(
    field,
    `bad rules: ${field}: the core refused it (rules block word ${word} = ${words[word]}) for ${where}`,
  );
}
