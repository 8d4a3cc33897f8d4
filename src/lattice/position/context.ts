/**
 * What position text is written from (a NotationContext: board, sides, the RuleSet fields that shape a position), the
 * Setup it reads into, and the checks of a context (src/lattice/position-text.ts).
 */
import { ArgumentError, type PositionFault, type PositionField } from '../../contract/errors.js';
import type { Board } from '../../board/index.js';

/** The names of one side's pieces: `letter` (one upper-case letter), `name` and `plural` for messages. */
export interface PieceNames {
  letter: string;
  name: string;
  plural: string;
}

/** The RuleSet fields of one side that shape a position (spec §1 SideRules; a SideRules fits this). */
export interface SideBits {
  places: boolean;
  stacks: boolean;
  noSameTwice: boolean;
  captureTarget: number | null;
  capture: 'none' | 'jump' | 'multi-jump' | 'intervention';
  /** Directions the side's pieces (men) step in (DIR_NAMES); absent: every direction. */
  steps?: readonly string[];
  /** While any point holds more than one piece of this side, the piece moved comes from a stack (absent: false). */
  dispersal?: boolean;
}

/** The RuleSet fields notation needs (spec §1; a RuleSet fits this structurally). */
export interface NotationRules {
  sides: readonly [SideBits, SideBits];
  stall: null | { side: 0 | 1; limit: number };
  /** The escape rule (RULES.md §3 Catch the Giant); absent: none. */
  escape?: null | { side: 0 | 1 };
  /** Draughts family: kings exist where a side has a promotion rank; the move clock where there is a limit. */
  draughts?: { promotion: readonly [number | null, number | null]; moveLimit: number | null };
}

/**
 * What position text needs to know of a game. Side 0 = the prey side, side 1 = the hunter side.
 * - `totals`: pieces per side in the game (board + hand + captured), e.g. from {@link totalsOf} of the
 *   start string.
 * - `start` (optional): the start Setup ({@link readPositionText} of the start string); the checks
 *   that compare with the start (stacks, hands, turns played, points reached) are skipped without it.
 */
export interface NotationContext {
  board: Board;
  sides: readonly [PieceNames, PieceNames];
  rules: NotationRules;
  totals: readonly [number, number];
  start?: Setup;
}

/** A NotationContext before the totals are known (the input of {@link totalsOf}). */
export type NotationBase = Pick<NotationContext, 'board' | 'sides' | 'rules'>;

/** A parsed position: the plain data the core is set from (spec §3). */
export interface Setup {
  /** Per point: -1 empty, 0 prey side, 1 hunter side. */
  owner: Int8Array;
  /** Pieces per point, 0 when empty (2..63 on a stack). */
  count: Uint8Array;
  /** Side to move. */
  side: 0 | 1;
  /** Pieces in hand, per side. */
  hand: [number, number];
  /** Pieces OF each side captured so far. */
  captured: [number, number];
  /** The point the no-same-twice side stepped to on its previous turn, or -1. */
  last: number;
  /** Consecutive non-rank-gaining moves of the stall side (0 without a stall rule). */
  stall: number;
  /** 1 where the piece is a king (draughts family; absent: no kings). */
  king?: Uint8Array;
  /** Consecutive plies without a capture (draughts move limit; absent: 0). */
  clock?: number;
}

/** Largest stack a position string can write (`(count)` 2..63). */
export const MAX_STACK = 63;

/** An item of the extra field. */
export type ExtraItem = 'last' | 'stall' | 'clock';

/**
 * A reason a Setup cannot be a position of its game ({@link validateSetup}): `code` (a
 * {@link PositionFault}), the `field` of the position string it is about, and where known the `point`
 * (index) on the board, the `side` whose hand or captured count is at fault, the extra `item` (with
 * `atValue` when its value rather than its name is at fault), `atStack` when a stack's count is;
 * `message` says why in words.
 */
export interface PositionProblem {
  code: PositionFault;
  field: PositionField;
  point?: number;
  side?: 0 | 1;
  item?: ExtraItem;
  atValue?: boolean;
  atStack?: boolean;
  message: string;
}

/**
 * Where the parts of a position string stand (1-based columns), for reporting a problem at its place:
 * each field's start (`extra`: one past the end when the field is absent), per point the column of its
 * cell (0 when empty) and of its stack's "(" (0 when not a stack), per side the column of its letter
 * in the hand and captured fields (0 when not written), per extra item the column of its name and value.
 */
export interface SetupColumns {
  field: Record<PositionField, number>;
  point: Int32Array;
  stack: Int32Array;
  hand: [number, number];
  captured: [number, number];
  item: Partial<Record<ExtraItem, { name: number; value: number }>>;
}

// ---------------------------------------------------------------------------------------------------
// helpers

/** Throws ArgumentError unless the context's side letters are single distinct upper-case letters. */
export function checkContext(ctx: NotationBase): void {
  const [a, b] = ctx.sides;
  for (const s of ctx.sides) {
    if (!/^[A-Z]$/.test(s.letter))
      throw new ArgumentError(`notation: a side letter must be one upper-case letter, got ${JSON.stringify(s.letter)}`);
  }
  if (a.letter === b.letter) throw new ArgumentError(`notation: both sides use the letter ${a.letter}`);
}

/** True when the game keeps extra state (a no-same-twice side, a stall rule or a move limit): the 5th field exists. */
export function hasExtraState(rules: NotationRules): boolean {
  return (
    rules.sides[0].noSameTwice ||
    rules.sides[1].noSameTwice ||
    rules.stall !== null ||
    (rules.draughts?.moveLimit ?? null) !== null
  );
}

/** The side with the no-same-twice rule, or -1. */
export function noSameTwiceSide(rules: NotationRules): -1 | 0 | 1 {
  return rules.sides[0].noSameTwice ? 0 : rules.sides[1].noSameTwice ? 1 : -1;
}

/**
 * The most pieces one move of a side capturing by `capture` can take on `board`: 0 for 'none', 1 for
 * 'jump', for 'intervention' 2 per line through the entered point (the largest over points), for
 * 'multi-jump' the number of points (each point is captured from at most once per move, RULES.md §0).
 */
export function maxCapturesPerMove(board: Board, capture: SideBits['capture']): number {
  if (capture === 'none') return 0;
  if (capture === 'jump') return 1;
  if (capture === 'multi-jump') return board.points.length;
  let best = 0;
  for (let p = 0; p < board.points.length; p++) {
    let lines = 0;
    for (let d = 0; d < 4; d++) if (board.neighbours[p * 8 + d] >= 0 && board.neighbours[p * 8 + (d ^ 4)] >= 0) lines++;
    best = Math.max(best, 2 * lines);
  }
  return best;
}

/**
 * The most pieces of side `c` that can stand captured: none when the other side cannot capture; else
 * its total, or, with a capture target t, t - 1 + the most one move of the other side takes (the game
 * ends after the move that reaches t; RULES.md §0 "thresholds on captures are checked after the whole
 * move": a multi-jump or an intervention may pass t).
 */
export function maxCaptured(ctx: Pick<NotationContext, 'board' | 'rules' | 'totals'>, c: 0 | 1): number {
  const k = maxCapturesPerMove(ctx.board, ctx.rules.sides[1 - c].capture);
  if (k === 0) return 0;
  const t = ctx.rules.sides[c].captureTarget;
  return t === null ? ctx.totals[c] : Math.min(ctx.totals[c], t - 1 + k);
}

/** A count for a message: the reader keeps counts past 2^53 as 2^53 - 1, named so. */
export function huge(n: number): string {
  return n >= Number.MAX_SAFE_INTEGER ? 'a count past 2^53' : String(n);
}

/** "the goats", but "White" for a side named like a person (a capital: Permainan Tabal's White and Black). */
export function the(names: PieceNames): string {
  return /^[A-Z]/.test(names.plural) ? names.plural : `the ${names.plural}`;
}

export function countOf(n: number, names: PieceNames): string {
  return `${n} ${n === 1 ? names.name : names.plural}`;
}
