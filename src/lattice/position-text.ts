/**
 * Position strings and move text for every hunt game (RULES.md §0 "Notation"; issue 9 spec §3), both
 * directions, written from a narrow {@link NotationContext} (board, side letters, the RuleSet fields
 * that shape a position, each side's totals, the start) so that it never depends on a variant
 * declaration or id.
 *
 * Position grammar (one space between fields, no other whitespace anywhere):
 *
 *     position := board SP side SP hand SP captured [SP extra]
 *     board    := rank ("/" rank)*       one rank per rank of the board, top rank first
 *     rank     := (cell | empties)+      the rank's points left to right; a rank lists only the points
 *                                        that exist (the 37-point board's rank 1 is a1 c1 e1)
 *     cell     := letter ["(" count ")"] a piece of the side with that letter; "(" count ")": a stack
 *                                        of `count` pieces (2..63, no leading zero): `G(6)1` is a
 *                                        stack of 6 goats, then one empty point
 *                | "+" letter              a king of that side (draughts family only: Permainan Tabal)
 *     empties  := [1-9][0-9]*            that many consecutive empty points (two runs may not touch)
 *     side     := the letter of the side to move
 *     hand     := "-" | (letter n)+      pieces in hand, e.g. W1S15
 *     captured := "-" | (letter n)+      pieces OF that side captured so far, e.g. G3
 *     n        := 0 | [1-9][0-9]*        a count without leading zeros; each letter at most once per field
 *     extra    := "-" | item ("," item)* only in games with extra state (a side with the no-same-twice
 *                                        rule, a stall rule or a move limit), where it is optional
 *                                        (absent = "-")
 *     item     := "last=" point          the point the no-same-twice side stepped to on its previous turn
 *               | "stall=" n             consecutive non-rank-gaining moves of the stall side
 *               | "clock=" n             consecutive plies without a capture (draughts move-limit)
 *
 * Written form (formatPositionText): counts of zero are left out and an empty hand, captured or extra
 * field is `-`; hand and captured list the hunter side first (`W1S15`); the extra field is written
 * only for games with extra state, `last=` before `stall=`. Bagh Chal start: `T3T/5/5/5/T3T G G20 -`;
 * Tibetan-2 `setup=stacks` start (a game with extra state): `3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -`.
 *
 * Two steps, as chessops does (DESIGN.md "Validate once, at the edge"):
 * 1. {@link readPositionText}: text -> a plain {@link Setup}, checking the grammar only (letters,
 *    ranks, counts, fields, item names); a fault is a ParseError with its 1-based column.
 * 2. {@link validateSetup}: a Setup -> the first reason it cannot be a position of the game, as a typed
 *    {@link PositionProblem} (a {@link PositionFault} code, the field, point or side it is about, a
 *    message), or null. Its checks are written from the RuleSet fields and the start Setup only, never
 *    from a variant id (the list is on validateSetup).
 * {@link parsePositionText} does both and throws the problem as a PositionError (a ParseError) at the
 * column of the piece, count or field at fault; it is the only way text becomes a Game's position.
 *
 * Move text: `c3` placement, `a1-b2` step (an intervention capture is written as its step), `a1xc3`
 * jump, `a1xc3xe5` multi-jump (the start, then each landing). Input is case-insensitive and may be
 * surrounded by spaces; output is lower case.
 */
export {
  MAX_STACK,
  hasExtraState,
  maxCaptured,
  maxCapturesPerMove,
  type ExtraItem,
  type NotationBase,
  type NotationContext,
  type NotationRules,
  type PieceNames,
  type PositionProblem,
  type Setup,
  type SetupColumns,
  type SideBits,
} from './position/context.js';
export { problemColumn, readPositionText, totalsOf } from './position/grammar.js';
export { parsePositionText, setupProblems, validateSetup } from './position/validation.js';
export { formatBoardPicture, formatPositionText } from './position/picture.js';
export { canonicalJumpText, formatPath, parseMoveText, type MoveText } from './move-text.js';
