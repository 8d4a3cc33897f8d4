/**
 * The rule profiles the solvers are chosen by (DESIGN.md "Profiles, not ids"), read from the rules
 * alone: no core is set up to ask them.
 */
import { encodeRules, sideBase } from './encode.js';
import { CAPTURE_KINDS, type RuleSet } from './ruleset.js';

/** The rules block's capture code of a single short jump (its index in CAPTURE_KINDS). */
const CAP_JUMP = CAPTURE_KINDS.indexOf('jump');

/**
 * True when `rules` have Bagh Chal's rule profile: the core's `fastProfile()` (assembly/rules.ts
 * setupRules, `fast =`), computed here from the same rules block words (encodeRules), so that the two
 * never disagree (test/unit/rule-profile.test.ts checks every variant under every option value that
 * changes its rules). The profile: the hunt family, only side 0 places, both sides step every direction,
 * single short jumps for side 1, no stacks, no side restricted to moving another piece (noSameTwice),
 * a capture target on side 0 only, no escape and no stall. It enables the two-ply perft, the
 * movement-phase tablebase and the placement solver. Throws RulesError (from checkRules) for rules the
 * schema refuses.
 */
export function hasFastProfile(rules: RuleSet): boolean {
  const w = encodeRules(rules);
  const s0 = sideBase(0);
  const s1 = sideBase(1);
  return (
    w[0] === 0 &&
    w[s0] === 1 &&
    w[s1] === 0 &&
    w[s0 + 1] === 0xff &&
    w[s1 + 1] === 0xff &&
    w[s1 + 2] === CAP_JUMP &&
    w[s0 + 3] === 0 &&
    w[s1 + 3] === 0 &&
    w[s0 + 5] === 0 &&
    w[s1 + 5] === 0 &&
    w[s0 + 6]! > 0 &&
    w[s1 + 6] === 0 &&
    w[1]! < 0 &&
    w[2]! < 0
  );
}
