// The rules block (DESIGN.md "Extending the core"): the host encodes a variant's RuleSet (src/rules) into
// 32 i32 words at RULES_IN and calls setupRules(), which checks every word and derives the profile.
// No variant id, side name or game-specific branch lives in the core: every rule is one of these fields.
//
// Layout (s = 0 the prey side, 1 the hunter side; src/rules/encode.ts writes it):
//   [0]  family            0 hunt (RULES.md §0-§3); 1 draughts (§4, Permainan Tabal)
//   [1]  escape side       -1 none; else that side wins, checked after every move, when every piece of the
//                          other side stands on a higher rank than every piece of its own (§3 Catch the Giant)
//   [2]  stall side        -1 none; else the other side wins after [3] consecutive moves of this side that
//                          gain no rank (moves of the other side neither count nor reset) (§3 stall-limit)
//   [3]  stall limit       >= 1 when [2] >= 0, else 0
//   [4 + 8s + 0] places         0|1: pieces in hand are placed, and must be while any are in hand (§0)
//   [4 + 8s + 1] step mask      bit d: may step in direction d (0 N .. 7 NW, board.ts) (§3 dwarfs, sheep)
//   [4 + 8s + 2] capture        0 none, 1 short jump, 2 multi-jump (§0), 3 intervention (§3)
//   [4 + 8s + 3] stacks         0|1: a count per point; one piece leaves at a time; a jump over takes one (§2, §3)
//   [4 + 8s + 4] dispersal      0|1: while a point holds > 1 piece of this side, the piece moved comes from a
//                               stack (§3)
//   [4 + 8s + 5] noSameTwice    0|1: the point this side stepped to on its previous turn may not move (§2)
//   [4 + 8s + 6] captureTarget  0 none; else the other side wins once this many pieces of this side are captured
//   [4 + 8s + 7]                0 (reserved)
// Draughts family only (0 in the hunt family):
//   [20] compulsory     0|1: a side that can capture must (§4)
//   [21] majority       0|1: only the capturing sequences taking the most pieces (§4 majority=true)
//   [22] removal        0: captured pieces leave as they are jumped; 1: after the move (still blocking) (§4)
//   [23] promotion rank of side 0 (y, 0-based; a man ending its move there becomes a king), -1 none
//   [24] promotion rank of side 1, -1 none
//   [25] flying kings   0|1: kings move and capture at any distance along a line (§4)
//   [26] move limit     0 none; else drawn after this many consecutive plies without a capture (§4)
// Both families:
//   [27] repetition     0 draw3 (the default: a third occurrence of a position is a draw), 1 none (ignored),
//                       2 forbid (a move may not repeat a position since the last irreversible move) (§0)
//   [28..31]            0 (reserved)
// In the draughts family both sides' capture is 2 (chained short jumps for men) and the capture
// targets are 0 (a side with no pieces has no move and loses).
import { ld, st } from './bits';

export const RULE_WORDS: i32 = 32;
export const RULES_IN = new StaticArray<i32>(RULE_WORDS);

export const CAP_NONE: i32 = 0;
export const CAP_JUMP: i32 = 1;
export const CAP_MULTI: i32 = 2;
export const CAP_INTERVENTION: i32 = 3;

// ---- the decoded rules (globals: read in hot loops) ----
export let family: i32 = 0;
export let escapeSide: i32 = -1;
export let stallSide: i32 = -1;
export let stallLimit: i32 = 0;
export let places0: bool = true;
export let places1: bool = false;
export let stepMask0: i32 = 0xff;
export let stepMask1: i32 = 0xff;
export let capture0: i32 = CAP_NONE;
export let capture1: i32 = CAP_JUMP;
export let stacks0: bool = false;
export let stacks1: bool = false;
export let dispersal0: bool = false;
export let dispersal1: bool = false;
/** The side restricted by noSameTwice, or -1. */
export let noSameTwiceSide: i32 = -1;
export let target0: i32 = 5;
export let target1: i32 = 0;
/** Draughts family fields (rules words 20..26). */
export let compulsory: bool = false;
export let majority: bool = false;
export let removalAtEnd: bool = false;
export let promoRank0: i32 = -1;
export let promoRank1: i32 = -1;
export let flyingKings: bool = false;
export let moveLimit: i32 = 0;
/**
 * Repetition handling (RULES.md §0 `repetition`, rules word 27) in the search's numbering: 0 none, 1 draw3
 * (the default), 2 forbid. Read by the search, the root list (forbid) and the result (draw3).
 */
export let repetitionMode: i32 = 1;
/** Family codes. */
export const FAMILY_HUNT: i32 = 0;
export const FAMILY_DRAUGHTS: i32 = 1;
/** Any stacks at all (either side). */
export let anyStacks: bool = false;
/**
 * The Bagh Chal profile (DESIGN.md "Profiles, not ids"): single short jumps for side 1 only, no stacks,
 * only side 0 places, every direction, no from-restrictions, a capture target on side 0 only, no escape
 * or stall. It enables the two-ply perft, the movement tablebase and the placement solver.
 */
export let fast: bool = true;

/** Pointer to RULES_IN for the host to fill. */
export function rulesInputPtr(): usize {
  return changetype<usize>(RULES_IN);
}

// @ts-ignore: decorator
@inline function w(i: i32): i32 {
  return ld(RULES_IN, i);
}

/** Checks RULES_IN and installs it. Returns 0, or -(1 + index) of the first word refused. */
export function setupRules(): i32 {
  if (w(0) != FAMILY_HUNT && w(0) != FAMILY_DRAUGHTS) return -1;
  const draughts = w(0) == FAMILY_DRAUGHTS;
  if (w(1) < -1 || w(1) > 1) return -2;
  if (w(2) < -1 || w(2) > 1) return -3;
  if (w(2) >= 0 ? w(3) < 1 || w(3) > 1000000 : w(3) != 0) return -4;
  let restricted = -1;
  for (let s = 0; s < 2; s++) {
    const o = 4 + 8 * s;
    if (w(o) < 0 || w(o) > 1) return -(1 + o);
    if (w(o + 1) < 0 || w(o + 1) > 0xff) return -(2 + o);
    if (w(o + 2) < 0 || w(o + 2) > 3) return -(3 + o);
    if (!draughts && s == 0 && w(o + 2) != CAP_NONE) return -(3 + o); // the prey side never captures (hunt family)
    if (draughts && (w(o + 2) != CAP_MULTI || w(o) != 0 || w(o + 3) != 0 || w(o + 5) != 0 || w(o + 6) != 0))
      return -(3 + o);
    for (let k = 3; k <= 5; k++) if (w(o + k) < 0 || w(o + k) > 1) return -(1 + o + k);
    if (w(o + 4) == 1 && w(o + 3) == 0) return -(5 + o); // dispersal needs stacks
    if (w(o + 5) == 1) {
      if (restricted >= 0) return -(6 + o);
      restricted = s;
    }
    if (w(o + 6) < 0 || w(o + 6) > 127) return -(7 + o); // counts stay below position.ts MAX_COUNT (128)
    if (w(o + 7) != 0) return -(8 + o);
  }
  if (draughts) {
    if (w(1) != -1 || w(2) != -1) return -2;
    for (let i = 20; i <= 22; i++) if (w(i) < 0 || w(i) > 1) return -(1 + i);
    for (let i = 23; i <= 24; i++) if (w(i) < -1 || w(i) > 63) return -(1 + i);
    if (w(25) < 0 || w(25) > 1) return -26;
    if (w(26) < 0 || w(26) > 1000000) return -27;
  } else for (let i = 20; i <= 26; i++) if (w(i) != 0) return -(1 + i);
  if (w(27) < 0 || w(27) > 2) return -28;
  for (let i = 28; i < RULE_WORDS; i++) if (w(i) != 0) return -(1 + i);
  family = w(0);
  escapeSide = w(1);
  stallSide = w(2);
  stallLimit = w(3);
  places0 = w(4) != 0;
  stepMask0 = w(5);
  capture0 = w(6);
  stacks0 = w(7) != 0;
  dispersal0 = w(8) != 0;
  target0 = w(10);
  places1 = w(12) != 0;
  stepMask1 = w(13);
  capture1 = w(14);
  stacks1 = w(15) != 0;
  dispersal1 = w(16) != 0;
  target1 = w(18);
  noSameTwiceSide = restricted;
  compulsory = w(20) != 0;
  majority = w(21) != 0;
  removalAtEnd = w(22) != 0;
  promoRank0 = draughts ? w(23) : -1;
  promoRank1 = draughts ? w(24) : -1;
  flyingKings = w(25) != 0;
  moveLimit = w(26);
  // word 27: 0 draw3 (so a block that leaves the word 0 keeps the default), 1 none, 2 forbid
  repetitionMode = w(27) == 0 ? 1 : w(27) == 1 ? 0 : 2;
  anyStacks = stacks0 || stacks1;
  fast =
    !draughts &&
    places0 &&
    !places1 &&
    stepMask0 == 0xff &&
    stepMask1 == 0xff &&
    capture1 == CAP_JUMP &&
    !anyStacks &&
    restricted < 0 &&
    target0 > 0 &&
    target1 == 0 &&
    escapeSide < 0 &&
    stallSide < 0;
  return 0;
}

// @ts-ignore: decorator
@inline export function placesFor(s: i32): bool {
  return s == 0 ? places0 : places1;
}
// @ts-ignore: decorator
@inline export function captureOf(s: i32): i32 {
  return s == 0 ? capture0 : capture1;
}
// @ts-ignore: decorator
@inline export function stacksFor(s: i32): bool {
  return s == 0 ? stacks0 : stacks1;
}
// @ts-ignore: decorator
@inline export function dispersalFor(s: i32): bool {
  return s == 0 ? dispersal0 : dispersal1;
}

/** Bagh Chal's rules, the block's defaults before the host writes any (so a bare core plays Bagh Chal). */
export function defaultRules(): void {
  for (let i = 0; i < RULE_WORDS; i++) st(RULES_IN, i, 0);
  st(RULES_IN, 1, -1);
  st(RULES_IN, 2, -1);
  st(RULES_IN, 4, 1);
  st(RULES_IN, 5, 0xff);
  st(RULES_IN, 10, 5);
  st(RULES_IN, 13, 0xff);
  st(RULES_IN, 14, CAP_JUMP);
  setupRules();
}
