/**
 * Position strings and move text for every hunt game (RULES.md §0 "Notation"; issue 9 spec §3), both
 * directions, written from a narrow {@link NotationContext} (board, side letters, the RuleSet fields
 * that shape a position, each side's totals) so that it never depends on a variant declaration or id.
 *
 * Position grammar (one space between fields, no other whitespace anywhere):
 *
 *     position := board SP side SP hand SP captured [SP extra]
 *     board    := rank ("/" rank)*       one rank per rank of the board, top rank first
 *     rank     := (cell | empties)+      the rank's points left to right; a rank lists only the points
 *                                        that exist (the 37-point board's rank 1 is a1 c1 e1)
 *     cell     := letter ["(" count ")"] a piece of the side with that letter; "(" count ")": a stack
 *                                        of `count` pieces (2..63, no leading zero), only for a side
 *                                        whose pieces stack: `G(6)1` is a stack of 6 goats, then one
 *                                        empty point
 *                | "+" letter              a king of that side (draughts family: Permainan Tabal)
 *     empties  := [1-9][0-9]*            that many consecutive empty points (two runs may not touch)
 *     side     := the letter of the side to move
 *     hand     := "-" | (letter n)+      pieces in hand, only for a side that places, e.g. W1S15
 *     captured := "-" | (letter n)+      pieces OF that side captured so far, e.g. G3 (only for a side
 *                                        the other side can capture)
 *     n        := 0 | [1-9][0-9]*        a count without leading zeros; each letter at most once per field
 *     extra    := "-" | item ("," item)* only in games with extra state (a side with the no-same-twice
 *                                        rule, or a stall rule), where it is optional (absent = "-")
 *     item     := "last=" point          the point the no-same-twice side stepped to on its previous
 *                                        turn (it holds exactly one piece of that side)
 *               | "stall=" n             consecutive non-rank-gaining moves of the stall side, 0..limit
 *               | "clock=" n             consecutive plies without a capture (draughts move-limit), 0..limit
 *
 * Written form (formatPositionText): counts of zero are left out and an empty hand, captured or extra
 * field is `-`; hand and captured list the hunter side first (`W1S15`); the extra field is written
 * only for games with extra state, `last=` before `stall=`. Bagh Chal start: `T3T/5/5/5/T3T G G20 -`;
 * Tibetan-2 `setup=stacks` start (a game with extra state): `3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -`.
 *
 * Checks (ParseError with a 1-based column and what was expected): letters, ranks, stacks only for a
 * side with stacks, hand only for a side that places, per side board + hand + captured = that side's
 * total, captured within reach of the side's capture target, `last` on a point holding exactly one piece
 * of the no-same-twice side, `stall` only with a stall rule and 0..limit, and (unless turned off) the
 * reachability checks of {@link checkReachable}.
 *
 * Move text: `c3` placement, `a1-b2` step (an intervention capture is written as its step), `a1xc3`
 * jump, `a1xc3xe5` multi-jump (the start, then each landing). Input is case-insensitive and may be
 * surrounded by spaces; output is lower case.
 */
import { ArgumentError, ParseError } from './errors.js';
import type { Board } from './lattice/index.js';

/** The names of one side's pieces: `letter` (one upper-case letter), `name` and `plural` for messages. */
export interface PieceNames { letter: string; name: string; plural: string }

/** The RuleSet fields of one side that shape a position (spec §1 SideRules; a SideRules fits this). */
export interface SideBits {
  places: boolean;
  stacks: boolean;
  noSameTwice: boolean;
  captureTarget: number | null;
  capture: 'none' | 'jump' | 'multi-jump' | 'intervention';
}

/** The RuleSet fields notation needs (spec §1; a RuleSet fits this structurally). */
export interface NotationRules {
  sides: readonly [SideBits, SideBits];
  stall: null | { side: 0 | 1; limit: number };
  /** Draughts family: kings exist where a side has a promotion rank; the move clock where there is a limit. */
  draughts?: { promotion: readonly [number | null, number | null]; moveLimit: number | null };
}

/**
 * What position text needs to know of a game. Side 0 = the prey side, side 1 = the hunter side.
 * - `totals`: pieces per side in the game (board + hand + captured), e.g. from {@link totalsOf} of the
 *   start string.
 * - `start` (optional): the start Setup (parsed with `reachable: false`); {@link checkReachable} uses it
 *   to decide whether the placement-parity rule applies. Without it that rule is skipped.
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
  /** Draughts family: 1 where the piece is a king (absent: no kings). */
  king?: Uint8Array;
  /** Draughts family: consecutive plies without a capture (absent: 0). */
  clock?: number;
}

/** Largest stack a position string can write (`(count)` 2..63). */
export const MAX_STACK = 63;

/** A reason a position cannot arise, and the field of the position string it is reported at. */
export interface Unreachable { field: 'board' | 'side' | 'hand' | 'captured' | 'extra'; reason: string }

/** A move's points as text gives them: `place` one point, `step` two, `jump` the start then 1+ landings. */
export interface MoveText { points: number[]; kind: 'place' | 'step' | 'jump' }

// ---------------------------------------------------------------------------------------------------
// helpers

/** Throws ArgumentError unless the context's side letters are single distinct upper-case letters. */
function checkContext(ctx: NotationBase): void {
  const [a, b] = ctx.sides;
  for (const s of ctx.sides) {
    if (!/^[A-Z]$/.test(s.letter)) throw new ArgumentError(`notation: a side letter must be one upper-case letter, got ${JSON.stringify(s.letter)}`);
  }
  if (a.letter === b.letter) throw new ArgumentError(`notation: both sides use the letter ${a.letter}`);
}

/** True when the game keeps extra state (a no-same-twice side or a stall rule): the 5th field exists. */
export function hasExtraState(rules: NotationRules): boolean {
  return rules.sides[0].noSameTwice || rules.sides[1].noSameTwice || rules.stall !== null || (rules.draughts?.moveLimit ?? null) !== null;
}

/** The side with the no-same-twice rule, or -1. */
function noSameTwiceSide(rules: NotationRules): -1 | 0 | 1 {
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

function countOf(n: number, names: PieceNames): string {
  return `${n} ${n === 1 ? names.name : names.plural}`;
}

// ---------------------------------------------------------------------------------------------------
// parsing

/** Splits a field of (letter count)+ or "-" into counts by letter; column errors as ParseError. */
function parseCounts(text: string, field: string, start: number, what: 'hand' | 'captured', allowed: Map<string, 0 | 1>, refuse: (letter: string) => string | null): Map<string, number> {
  const out = new Map<string, number>();
  if (field === '-') return out;
  const re = /([A-Za-z])(0|[1-9]\d{0,5})(?!\d)/y;
  const example = [...allowed.keys()][0] ?? 'G';
  let i = 0;
  while (i < field.length) {
    re.lastIndex = i;
    const m = re.exec(field);
    if (!m) throw new ParseError('position', text, start + i, `expected a piece letter and a count without leading zeros (such as ${example}${what === 'hand' ? 20 : 3}) or "-"`);
    if (!allowed.has(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is not a piece letter (expected ${[...allowed.keys()].join(' or ')})`);
    const why = refuse(m[1]);
    if (why) throw new ParseError('position', text, start + i, why);
    if (out.has(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is counted twice`);
    out.set(m[1], Number(m[2]));
    i = re.lastIndex;
  }
  return out;
}

/**
 * Parses and validates a position string (grammar at the top of this file) for the game `ctx`
 * describes. Checks everything the grammar and the header list; with `reachable` (default true) also
 * the reasons of {@link checkReachable} (turn it off for a start position or a test position that is
 * valid but need not be reachable).
 * @returns the Setup (fresh arrays).
 * @throws ParseError with the 1-based column of the fault and a reason naming what was expected;
 *   ArgumentError for a malformed context (side letters not single distinct upper-case letters).
 */
export function parsePositionText(ctx: NotationContext, text: string, opts: { reachable?: boolean } = {}): Setup {
  return parse(ctx, ctx.totals, text, opts.reachable ?? true);
}

/**
 * Each side's total of pieces in the game (board, counting stacks, + hand + captured) read from a
 * start string such as a variant's `start(options)`. The string is checked by the grammar (letters,
 * ranks, stacks, hands, extra items) but not against totals or reachability.
 * @throws ParseError as {@link parsePositionText}.
 */
export function totalsOf(ctx: NotationBase, startText: string): [number, number] {
  const s = parse(ctx, null, startText, false);
  const t: [number, number] = [s.hand[0] + s.captured[0], s.hand[1] + s.captured[1]];
  for (let p = 0; p < s.owner.length; p++) if (s.owner[p] >= 0) t[s.owner[p]] += s.count[p];
  return t;
}

function parse(ctx: NotationBase & { start?: Setup }, totals: readonly [number, number] | null, text: string, reachable: boolean): Setup {
  checkContext(ctx);
  const { board, rules } = ctx;
  const names = ctx.sides;
  const L0 = names[0].letter, L1 = names[1].letter;
  const sideOf = new Map<string, 0 | 1>([[L1, 1], [L0, 0]]); // hunter first: the order messages list
  const fail: (col: number, reason: string) => never = (col, reason) => { throw new ParseError('position', text, col, reason); };

  // Fields: single spaces between them, no other whitespace anywhere.
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ') {
      if (i === 0 || i === text.length - 1 || text[i - 1] === ' ') fail(i + 1, 'fields are separated by single spaces, with none at the ends');
    } else if (/\s/.test(ch)) {
      fail(i + 1, `unexpected whitespace character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    }
  }
  if (text.length === 0) fail(1, 'empty position string');
  const extraState = hasExtraState(rules);
  const fields = text.split(' ');
  const starts: number[] = [];
  let c = 1;
  for (const f of fields) { starts.push(c); c += f.length + 1; }
  const maxFields = extraState ? 5 : 4;
  if (fields.length < 4 || fields.length > maxFields) {
    const expected = extraState ? '4 or 5 fields (board, side to move, hand, captured, optional extra)' : '4 fields (board, side to move, hand, captured)';
    // a stack count left open ("G(6 ...") splits the board at its space: name the missing ")" instead
    const open = /\((\d+)$/.exec(fields[0]);
    if (open) fail(fields[0].length + 1, `expected ")" after the stack count ${open[1]}`);
    fail(fields.length > maxFields ? starts[maxFields] : text.length + 1, `expected ${expected}, found ${fields.length}`);
  }
  const [boardField, sideField, handField, captField] = fields;
  const extraField = fields.length === 5 ? fields[4] : '-';

  // Board.
  const n = board.points.length;
  const owner = new Int8Array(n).fill(-1);
  const count = new Uint8Array(n);
  const king = new Uint8Array(n);
  const onBoard = [0, 0];
  const ranks = boardField.split('/');
  if (ranks.length !== board.ranks.length) fail(1, `expected ${board.ranks.length} ranks separated by "/", found ${ranks.length}`);
  const letterList = `${L1}, ${L0}`;
  let col = 1;
  for (let r = 0; r < ranks.length; r++) {
    const pts = board.ranks[r];
    const rankNo = board.height - r;
    const s = ranks[r];
    let k = 0, i = 0, lastWasRun = false;
    const tooLong = (at: number) => fail(col + at, `rank ${rankNo} has only ${pts.length} points`);
    while (i < s.length) {
      const ch = s[i];
      if (ch >= '0' && ch <= '9') {
        if (lastWasRun || ch === '0') fail(col + i, lastWasRun ? 'two runs of empty points may not touch' : 'an empty run starts with 1-9');
        let j = i;
        while (j < s.length && s[j] >= '0' && s[j] <= '9') j++;
        const run = Number(s.slice(i, j));
        if (k + run > pts.length) {
          // digits together are one run; when that run is too long but its first digit fits, the writer
          // meant two runs side by side ("11" for 1 + 1): name the touching runs, at the second digit
          if (j - i >= 2 && k + Number(s[i]) <= pts.length) {
            fail(col + i + 1, `two runs of empty points may not touch ("${s.slice(i, j)}" reads as one run of ${run}; rank ${rankNo} has only ${pts.length} points)`);
          }
          tooLong(i);
        }
        k += run; i = j; lastWasRun = true;
        continue;
      }
      const crowned = ch === '+';
      if (crowned) {
        if (!rules.draughts) fail(col + i, `expected ${letterList} or a digit, got "+" (only the draughts family has kings)`);
        i++;
      }
      const pc = s[i] ?? '';
      const side = sideOf.get(pc);
      if (side === undefined) fail(col + i, crowned ? `expected ${letterList} after "+" (a king), got "${pc}"` : `expected ${letterList}${rules.draughts ? ', "+" (a king)' : ''} or a digit, got "${pc}"`);
      if (crowned && rules.draughts!.promotion[side!] === null) fail(col + i, `${names[side!].plural} have no kings in this game`);
      if (k >= pts.length) tooLong(i);
      if (crowned) king[pts[k]] = 1;
      let pieces = 1;
      i++;
      if (s[i] === '(') {
        if (!rules.sides[side!].stacks) fail(col + i, `${names[side!].plural} do not stack in this game (no "(" count ")" after ${ch})`);
        let j = i + 1;
        while (j < s.length && s[j] >= '0' && s[j] <= '9') j++;
        if (j === i + 1) fail(col + i + 1, `expected a stack count 2..${MAX_STACK} after "("`);
        const digits = s.slice(i + 1, j);
        pieces = Number(digits);
        if (digits[0] === '0') fail(col + i + 1, `a stack count has no leading zeros, got ${digits}`);
        if (pieces < 2 || pieces > MAX_STACK) fail(col + i + 1, `a stack holds 2..${MAX_STACK} ${names[side!].plural}, got ${digits}`);
        if (s[j] !== ')') fail(col + j, `expected ")" after the stack count ${digits}`);
        i = j + 1;
      }
      owner[pts[k]] = side!;
      count[pts[k]] = pieces;
      onBoard[side!] += pieces;
      k++; lastWasRun = false;
    }
    if (k !== pts.length) fail(col + s.length, `rank ${rankNo} needs ${pts.length} points, found ${k}`);
    col += s.length + 1;
  }

  // Side to move.
  const side = sideOf.get(sideField);
  if (side === undefined || sideField.length !== 1) fail(starts[1], `side to move must be ${L0} or ${L1}, got "${sideField}"`);

  // Hand and captured.
  const handMap = parseCounts(text, handField, starts[2], 'hand', sideOf, (l) => {
    const sd = sideOf.get(l)!;
    return rules.sides[sd].places ? null : `${names[sd].plural} are not placed in this game: no ${l} in hand`;
  });
  const captMap = parseCounts(text, captField, starts[3], 'captured', sideOf, (l) => {
    const sd = sideOf.get(l)!;
    return rules.sides[1 - sd].capture !== 'none' ? null : `${names[1 - sd].plural} never capture in this game: no ${l} among the captured`;
  });
  const hand: [number, number] = [handMap.get(L0) ?? 0, handMap.get(L1) ?? 0];
  const captured: [number, number] = [captMap.get(L0) ?? 0, captMap.get(L1) ?? 0];

  if (totals) {
    // a side that neither places nor can be captured is counted on the board alone: report at column 1
    const boardOnly = (sd: 0 | 1) => !rules.sides[sd].places && rules.sides[1 - sd].capture === 'none';
    const order: Array<0 | 1> = [1, 0];
    for (const sd of [...order.filter(boardOnly), ...order.filter((x) => !boardOnly(x))]) {
      if (onBoard[sd] + hand[sd] + captured[sd] === totals[sd]) continue;
      if (boardOnly(sd)) fail(1, `expected ${totals[sd]} ${names[sd].plural} on the board, found ${onBoard[sd]}`);
      fail(starts[2], `${names[sd].plural} on the board (${onBoard[sd]}) + in hand (${hand[sd]}) + captured (${captured[sd]}) must be ${totals[sd]}`);
    }
    for (const sd of [0, 1] as const) {
      const most = maxCaptured({ board, rules, totals }, sd);
      if (captured[sd] > most) {
        const t = rules.sides[sd].captureTarget;
        fail(starts[3], `at most ${most} ${names[sd].plural} can be captured` + (t === null ? '' : ` (the game ends once ${t} are; one move of the ${names[1 - sd].plural} takes at most ${maxCapturesPerMove(board, rules.sides[1 - sd].capture)})`));
      }
    }
  }

  // Extra state.
  let last = -1, stall = 0, clock = 0;
  if (extraField !== '-') {
    const nst = noSameTwiceSide(rules);
    const seen = new Set<string>();
    let i = 0;
    const base = starts[4];
    for (const item of extraField.split(',')) {
      const at = base + i;
      const m = /^(last|stall|clock)=(.*)$/.exec(item);
      if (!m) fail(at, item === '' ? 'expected an item ("last=<point>", "stall=<count>" or "clock=<count>") between commas' : `expected "last=<point>", "stall=<count>", "clock=<count>" or "-", got "${item}"`);
      const [, key, value] = m!;
      if (seen.has(key)) fail(at, `"${key}=" is given twice`);
      seen.add(key);
      const vcol = at + key.length + 1;
      if (key === 'last') {
        if (nst === -1) fail(at, 'this game has no no-same-twice rule: no "last=" item');
        if (!/^[a-z][1-9][0-9]?$/.test(value)) fail(vcol, `expected a point name such as c4 after "last=", got "${value}"`);
        const p = board.index(value);
        if (p < 0) fail(vcol, `no point ${value} on this board`);
        if (owner[p] !== nst || count[p] !== 1) {
          const held = owner[p] < 0 ? 'it is empty' : owner[p] !== nst ? `it holds ${count[p] > 1 ? 'a stack of ' : 'a '}${names[owner[p]].name}` : `it holds a stack of ${count[p]}`;
          fail(vcol, `last=${value} must name a point holding exactly one ${names[nst].name} (the one that stepped there): ${held}`);
        }
        last = p;
      } else if (key === 'clock') {
        const limit = rules.draughts?.moveLimit ?? null;
        if (limit === null) fail(at, 'this game has no move limit: no "clock=" item');
        if (!/^(0|[1-9][0-9]{0,5})$/.test(value)) fail(vcol, `expected a count without leading zeros after "clock=", got "${value}"`);
        clock = Number(value);
        if (clock > limit!) fail(vcol, `clock must be 0..${limit} (the move limit), got ${clock}`);
      } else {
        if (rules.stall === null) fail(at, 'this game has no stall rule: no "stall=" item');
        if (!/^(0|[1-9][0-9]*)$/.test(value)) fail(vcol, `expected a count (digits without leading zeros) after "stall=", got "${value}"`);
        stall = Number(value);
        if (stall > rules.stall!.limit) fail(vcol, `stall must be 0..${rules.stall!.limit} (the stall limit), got ${value}`);
      }
      i += item.length + 1;
    }
  }

  const setup: Setup = { owner, count, side: side!, hand, captured, last, stall, ...(rules.draughts ? { king, clock } : {}) };
  if (reachable && totals) {
    const why = checkReachable({ ...ctx, totals }, setup)[0];
    if (why) {
      const fieldCol = { board: 1, side: starts[1], hand: starts[2], captured: starts[3], extra: starts[4] ?? text.length + 1 }[why.field];
      fail(fieldCol, why.reason);
    }
  }
  return setup;
}

// ---------------------------------------------------------------------------------------------------
// reachability

/**
 * The reasons a well-formed position `s` cannot arise in the game `ctx` describes, first the most
 * basic; empty when none is known. Written from the RuleSet fields only (RULES.md §0), never from a
 * variant id. Sides alternate, and only a move of side x captures pieces of the other side, so:
 * - captures: once a capture of side x brought the other side's captured count to its captureTarget
 *   the game ended, with the captured side to move: side x cannot be to move then;
 * - placement parity (the Bagh Chal rule, RULES.md §1), only where it is sound: only side 0 places,
 *   `ctx.start` has every side-0 piece in hand and side 0 to move, and side 0 still has pieces in hand
 *   (it has placed on every turn so far, having to place while any are in hand). Then side 1 has moved
 *   once per placement (once fewer when it is to move), so it is not to move before any placement, and
 *   its captures are at most its moves times the most one move can take;
 * - the no-same-twice point: `last` names a point with exactly one piece of that side, and is -1 while
 *   that side places and still has pieces in hand (its previous turn was then a placement, which sets
 *   none); no `last` in a game without the rule;
 * - the stall count: 0 without a stall rule, never over the limit, and at the limit the game ended
 *   with the other side to move, so the stall side is not to move.
 * Beyond these a position can still be out of reach (pieces on points they cannot have reached in the
 * moves made, for one); such positions are accepted: rule tests and tablebases use positions that are
 * valid but not necessarily reachable.
 */
export function checkReachable(ctx: NotationContext, s: Setup): Unreachable[] {
  const out: Unreachable[] = [];
  const { rules, sides: names, board } = ctx;
  // the game-over rule
  for (const c of [0, 1] as const) {
    const t = rules.sides[c].captureTarget;
    const x = (1 - c) as 0 | 1;
    if (t !== null && s.captured[c] >= t && s.side === x && rules.sides[x].capture !== 'none') {
      out.push({
        field: 'side',
        reason: `the ${names[x].plural} cannot be to move with ${countOf(s.captured[c], names[c])} captured: the capture that reached the capture target (${t}) ended the game, with the ${names[c].plural} to move`,
      });
    }
  }
  // placement parity
  const st = ctx.start;
  if (st && rules.sides[0].places && !rules.sides[1].places && st.side === 0 && st.hand[0] === ctx.totals[0] && s.hand[0] > 0) {
    const placed = ctx.totals[0] - s.hand[0];
    const moves1 = placed - (s.side === 1 ? 1 : 0);
    const k = maxCapturesPerMove(board, rules.sides[1].capture);
    const P = names[0].plural, H = names[1].plural;
    if (moves1 < 0) {
      out.push({ field: 'side', reason: `the ${H} cannot be to move before any ${names[0].name} is placed: the ${P} move first` });
    } else if (s.captured[0] > moves1 * k) {
      out.push({
        field: 'side',
        reason: s.side === 1
          ? `the ${H} cannot be to move with ${countOf(s.captured[0], names[0])} captured of ${placed} placed: the ${P} move first, the ${H} have moved once per placement but the last, and ${k === 1 ? 'each capture takes a move of theirs' : `one move of theirs takes at most ${k}`}`
          : `${countOf(s.captured[0], names[0])} cannot be captured in ${moves1} moves of the ${H} (one move takes at most ${k})`,
      });
    }
  }
  // the no-same-twice point
  const nst = noSameTwiceSide(rules);
  if (s.last >= 0) {
    if (nst === -1) out.push({ field: 'extra', reason: 'this game has no no-same-twice rule, so no last-moved point' });
    else if (s.last >= s.owner.length || s.owner[s.last] !== nst || s.count[s.last] !== 1) {
      out.push({ field: 'extra', reason: `the last-moved point ${board.points[s.last]?.name ?? s.last} must hold exactly one ${names[nst].name}` });
    } else if (rules.sides[nst].places && s.hand[nst] > 0) {
      out.push({ field: 'extra', reason: `the ${names[nst].plural} still have ${s.hand[nst]} in hand, so their previous turn was a placement, which sets no last-moved point` });
    }
  }
  // the stall count
  if (s.stall !== 0) {
    if (rules.stall === null) out.push({ field: 'extra', reason: `this game has no stall rule, so the stall count must be 0, not ${s.stall}` });
    else if (s.stall < 0 || s.stall > rules.stall.limit) out.push({ field: 'extra', reason: `the stall count must be 0..${rules.stall.limit} (the stall limit), not ${s.stall}` });
    else if (s.stall === rules.stall.limit && s.side === rules.stall.side) {
      const sd = rules.stall.side;
      out.push({ field: 'extra', reason: `the ${names[sd].plural} cannot be to move with the stall count at its limit (${s.stall}): the move that reached it ended the game, with the ${names[1 - sd].plural} to move` });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// formatting

/**
 * Writes a Setup as its canonical position string (the form the header describes; parsePositionText
 * reads it back to an equal Setup). Bagh Chal positions come out exactly as src/notation.ts writes them.
 * @throws ArgumentError when `s` does not fit the board (array lengths, owner/count disagreeing, a stack
 *   over 63 or on a side without stacks, a count or point out of range).
 */
export function formatPositionText(ctx: NotationBase, s: Setup): string {
  checkContext(ctx);
  const { board, rules } = ctx;
  const names = ctx.sides;
  const n = board.points.length;
  if (s.owner.length !== n || s.count.length !== n) throw new ArgumentError(`formatPositionText: owner and count must have ${n} entries (one per point), got ${s.owner.length} and ${s.count.length}`);
  const ranks = board.ranks.map((pts) => {
    // tokens: a number = an empty run, a string = a cell
    const tokens: Array<number | string> = [];
    for (const p of pts) {
      const o = s.owner[p], k = s.count[p];
      if (o === -1 && k === 0) {
        if (typeof tokens[tokens.length - 1] === 'number') (tokens[tokens.length - 1] as number)++;
        else tokens.push(1);
        continue;
      }
      if ((o !== 0 && o !== 1) || !Number.isInteger(k) || k < 1 || k > MAX_STACK || (k > 1 && !rules.sides[o].stacks)) {
        throw new ArgumentError(`formatPositionText: point ${board.points[p].name} has owner ${o} and count ${k}`);
      }
      tokens.push((s.king?.[p] ? '+' : '') + names[o].letter + (k > 1 ? `(${k})` : ''));
    }
    return tokens.map(String).join('');
  });
  const counts = (v: readonly number[]) => {
    let out = '';
    for (const sd of [1, 0] as const) {
      if (!Number.isInteger(v[sd]) || v[sd] < 0) throw new ArgumentError(`formatPositionText: a count must be an integer >= 0, got ${v[sd]}`);
      if (v[sd] > 0) out += names[sd].letter + v[sd];
    }
    return out || '-';
  };
  if (s.side !== 0 && s.side !== 1) throw new ArgumentError(`formatPositionText: side must be 0 or 1, got ${String(s.side)}`);
  let text = `${ranks.join('/')} ${names[s.side].letter} ${counts(s.hand)} ${counts(s.captured)}`;
  if (hasExtraState(rules)) {
    const items: string[] = [];
    if (s.last >= 0) {
      if (s.last >= n) throw new ArgumentError(`formatPositionText: last must be a point index below ${n} or -1, got ${s.last}`);
      items.push('last=' + board.points[s.last].name);
    }
    if (s.stall > 0) items.push('stall=' + s.stall);
    if ((s.clock ?? 0) > 0) items.push('clock=' + s.clock);
    text += ' ' + (items.join(',') || '-');
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// move text

/**
 * Reads move text (RULES.md §0): `c3` placement, `a1-b2` step, `a1xc3` jump, `a1xc3xe5` multi-jump
 * (any number of x-separated landings). Case-insensitive; surrounding spaces are ignored (columns count
 * them). Checks syntax and that the points exist; legality is the caller's check.
 * @returns the point indices in order and the kind.
 * @throws ParseError with the 1-based column of the first bad character and what was expected there.
 */
export function parseMoveText(board: Board, text: string): MoveText {
  const s = text.trim().toLowerCase();
  const offset = text.length - text.trimStart().length;
  if (s.length === 0) throw new ParseError('move', text, 1, 'empty move');
  const re = /^([a-z])(\d{1,2})/;
  const points: number[] = [];
  let sepSeen: '-' | 'x' | null = null;
  let i = 0;
  for (;;) {
    const m = re.exec(s.slice(i));
    if (!m) throw new ParseError('move', text, offset + i + 1, 'expected a point name such as c3');
    const p = board.index(m[0]);
    if (p < 0) throw new ParseError('move', text, offset + i + 1, `no point ${m[0]} on this board`);
    points.push(p);
    i += m[0].length;
    if (i === s.length) break;
    const sep = s[i];
    if (sepSeen === '-') throw new ParseError('move', text, offset + i + 1, 'a step has exactly two points: expected the end');
    if (sep !== '-' && sep !== 'x') {
      throw new ParseError('move', text, offset + i + 1, sepSeen === 'x' ? `expected "x" (the next landing) or the end, got "${text[offset + i]}"` : `expected "-", "x" or the end, got "${text[offset + i]}"`);
    }
    if (sepSeen === 'x' && sep === '-') throw new ParseError('move', text, offset + i + 1, 'a jump continues with "x" before each landing, got "-"');
    sepSeen = sep;
    i++;
  }
  return { points, kind: sepSeen === null ? 'place' : sepSeen === '-' ? 'step' : 'jump' };
}

/**
 * Move text of a move given by its points: `place` [to] -> `c3`, `step` [from, to] -> `a1-b2`, `jump`
 * [from, landing1, landing2, ...] -> `a1xc3xe5`.
 * @throws ArgumentError for a wrong number of points or a point index not on the board.
 */
export function formatPath(board: Board, kind: MoveText['kind'], points: readonly number[]): string {
  const need = kind === 'place' ? points.length === 1 : kind === 'step' ? points.length === 2 : points.length >= 2;
  if (!need) throw new ArgumentError(`formatPath: a ${kind} has ${kind === 'place' ? '1 point' : kind === 'step' ? '2 points' : 'at least 2 points'}, got ${points.length}`);
  const name = (p: number) => {
    const pt = board.points[p];
    if (!Number.isInteger(p) || !pt) throw new ArgumentError(`formatPath: no point ${p} on board ${board.id}`);
    return pt.name;
  };
  return points.map(name).join(kind === 'step' ? '-' : 'x');
}

/**
 * The canonical text of a jump that several paths give (spec §3): of the paths' texts, the one that
 * sorts first in JS string order. `paths` holds the same move's paths, each [start, landing, ...].
 * @throws ArgumentError for no paths or a bad path (see formatPath).
 */
export function canonicalJumpText(board: Board, paths: ReadonlyArray<readonly number[]>): string {
  if (paths.length === 0) throw new ArgumentError('canonicalJumpText: no paths');
  let best: string | null = null;
  for (const p of paths) {
    const t = formatPath(board, 'jump', p);
    if (best === null || t < best) best = t;
  }
  return best!;
}

/**
 * The board as text for people: one line per rank (top first) with the rank number, each point drawn
 * at its file (`.` empty, else the piece letter; a stack as its letter and count, `+` past 9), files
 * lettered below. Extra state is not drawn (position() has it).
 */
export function formatBoardPicture(ctx: NotationBase, s: Setup): string {
  const { board, sides } = ctx;
  const lines: string[] = [];
  const w = String(board.height).length;
  board.ranks.forEach((pts) => {
    if (pts.length === 0) return;
    const row = Array<string>(board.width * 2).fill(' ');
    for (const p of pts) {
      const x = board.points[p].x * 2;
      if (s.owner[p] < 0) { row[x] = '.'; continue; }
      row[x] = sides[s.owner[p]].letter;
      if (s.count[p] > 1) row[x + 1] = s.count[p] > 9 ? '+' : String(s.count[p]);
    }
    lines.push(String(board.points[pts[0]].y + 1).padStart(w) + '  ' + row.join('').trimEnd());
  });
  const files = Array.from({ length: board.width }, (_, x) => String.fromCharCode(97 + x)).join(' ');
  lines.push(' '.repeat(w) + '  ' + files);
  return lines.join('\n');
}
