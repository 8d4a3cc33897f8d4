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
import { ArgumentError, ParseError, PositionError, type PositionFault, type PositionField } from '../contract/errors.js';
import { DIR_NAMES, type Board } from '../board/index.js';

/** The names of one side's pieces: `letter` (one upper-case letter), `name` and `plural` for messages. */
export interface PieceNames { letter: string; name: string; plural: string }

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

/** True when the game keeps extra state (a no-same-twice side, a stall rule or a move limit): the 5th field exists. */
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

/** A count for a message: the reader keeps counts past 2^53 as 2^53 - 1, named so. */
function huge(n: number): string {
  return n >= Number.MAX_SAFE_INTEGER ? 'a count past 2^53' : String(n);
}

/** "the goats", but "White" for a side named like a person (a capital: Permainan Tabal's White and Black). */
function the(names: PieceNames): string {
  return /^[A-Z]/.test(names.plural) ? names.plural : `the ${names.plural}`;
}

function countOf(n: number, names: PieceNames): string {
  return `${n} ${n === 1 ? names.name : names.plural}`;
}

// ---------------------------------------------------------------------------------------------------
// step 1: text -> Setup (the grammar)

/** Splits a field of (letter count)+ or "-" into counts by letter, and each letter's column; column errors as ParseError. */
function parseCounts(text: string, field: string, start: number, what: 'hand' | 'captured', allowed: Map<string, 0 | 1>): Map<string, { n: number; col: number }> {
  const out = new Map<string, { n: number; col: number }>();
  if (field === '-') return out;
  const re = /([A-Za-z])(0|[1-9]\d{0,5})(?!\d)/y;
  const example = [...allowed.keys()][0] ?? 'G';
  let i = 0;
  while (i < field.length) {
    re.lastIndex = i;
    const m = re.exec(field);
    if (!m) throw new ParseError('position', text, start + i, `expected a piece letter and a count without leading zeros (such as ${example}${what === 'hand' ? 20 : 3}) or "-"`);
    if (!allowed.has(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is not a piece letter (expected ${[...allowed.keys()].join(' or ')})`);
    if (out.has(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is counted twice`);
    out.set(m[1], { n: Number(m[2]), col: start + i });
    i = re.lastIndex;
  }
  return out;
}

/**
 * Reads a position string by the grammar at the top of this file into a Setup, with the columns of
 * its parts ({@link SetupColumns}). Checks the grammar only: fields and whitespace, ranks and their
 * lengths, letters of this game, stack counts 2..63, "+" (a king) only in the draughts family, the
 * side letter, hand and captured counts (each letter once), extra items (`last=` a point of the board,
 * `stall=` / `clock=` counts, each once) and the 5th field only in games with extra state. Whether the
 * Setup can be a position of the game is {@link validateSetup}'s question.
 * @returns the Setup (fresh arrays; `king` and `clock` present in the draughts family, `clock` also
 *   when the text gives one) and the columns.
 * @throws ParseError with the 1-based column of the fault and what was expected there;
 *   ArgumentError for a malformed context (side letters not single distinct upper-case letters).
 */
export function readPositionText(ctx: NotationBase, text: string): { setup: Setup; columns: SetupColumns } {
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
  const pointCol = new Int32Array(n), stackCol = new Int32Array(n);
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
      const cellCol = col + i;
      const crowned = ch === '+';
      if (crowned) {
        if (!rules.draughts) fail(col + i, `expected ${letterList} or a digit, got "+" (only the draughts family has kings)`);
        i++;
      }
      const pc = s[i] ?? '';
      const side = sideOf.get(pc);
      if (side === undefined) fail(col + i, crowned ? `expected ${letterList} after "+" (a king), got "${pc}"` : `expected ${letterList}${rules.draughts ? ', "+" (a king)' : ''} or a digit, got "${pc}"`);
      if (k >= pts.length) tooLong(i);
      if (crowned) king[pts[k]] = 1;
      let pieces = 1;
      i++;
      if (s[i] === '(') {
        stackCol[pts[k]] = col + i;
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
      pointCol[pts[k]] = cellCol;
      k++; lastWasRun = false;
    }
    if (k !== pts.length) fail(col + s.length, `rank ${rankNo} needs ${pts.length} points, found ${k}`);
    col += s.length + 1;
  }

  // Side to move.
  const side = sideOf.get(sideField);
  if (side === undefined || sideField.length !== 1) fail(starts[1], `side to move must be ${L0} or ${L1}, got "${sideField}"`);

  // Hand and captured.
  const handMap = parseCounts(text, handField, starts[2], 'hand', sideOf);
  const captMap = parseCounts(text, captField, starts[3], 'captured', sideOf);
  const hand: [number, number] = [handMap.get(L0)?.n ?? 0, handMap.get(L1)?.n ?? 0];
  const captured: [number, number] = [captMap.get(L0)?.n ?? 0, captMap.get(L1)?.n ?? 0];

  // Extra state.
  let last = -1, stall = 0, clock: number | undefined;
  const item: SetupColumns['item'] = {};
  if (extraField !== '-') {
    let i = 0;
    const base = starts[4];
    for (const it of extraField.split(',')) {
      const at = base + i;
      const m = /^(last|stall|clock)=(.*)$/.exec(it);
      if (!m) fail(at, it === '' ? 'expected an item ("last=<point>", "stall=<count>" or "clock=<count>") between commas' : `expected "last=<point>", "stall=<count>", "clock=<count>" or "-", got "${it}"`);
      const key = m![1] as ExtraItem, value = m![2];
      if (item[key]) fail(at, `"${key}=" is given twice`);
      const vcol = at + key.length + 1;
      item[key] = { name: at, value: vcol };
      if (key === 'last') {
        if (!/^[a-z][1-9][0-9]?$/.test(value)) fail(vcol, `expected a point name such as c4 after "last=", got "${value}"`);
        last = board.index(value);
        if (last < 0) fail(vcol, `no point ${value} on this board`);
      } else {
        if (!/^(0|[1-9][0-9]*)$/.test(value)) fail(vcol, `expected a count (digits without leading zeros) after "${key}=", got "${value}"`);
        // a count past 2^53 is far over any limit: kept as the largest exact one, the check names the text
        const v = Math.min(Number(value), Number.MAX_SAFE_INTEGER);
        if (key === 'stall') stall = v; else clock = v;
      }
      i += it.length + 1;
    }
  }

  const setup: Setup = { owner, count, side: side!, hand, captured, last, stall };
  if (rules.draughts) { setup.king = king; setup.clock = clock ?? 0; } else if (clock !== undefined) setup.clock = clock;
  const columns: SetupColumns = {
    field: { board: 1, side: starts[1], hand: starts[2], captured: starts[3], extra: starts[4] ?? text.length + 2 },
    point: pointCol, stack: stackCol,
    hand: [handMap.get(L0)?.col ?? 0, handMap.get(L1)?.col ?? 0],
    captured: [captMap.get(L0)?.col ?? 0, captMap.get(L1)?.col ?? 0],
    item,
  };
  return { setup, columns };
}

/**
 * Each side's total of pieces in the game (board, counting stacks, + hand + captured) read from a
 * start string such as a variant's `start(options)`. The string is read by the grammar
 * ({@link readPositionText}) but not validated.
 * @throws ParseError as {@link readPositionText}.
 */
export function totalsOf(ctx: NotationBase, startText: string): [number, number] {
  const s = readPositionText(ctx, startText).setup;
  const t: [number, number] = [s.hand[0] + s.captured[0], s.hand[1] + s.captured[1]];
  for (let p = 0; p < s.owner.length; p++) if (s.owner[p] >= 0) t[s.owner[p]] += s.count[p];
  return t;
}

/** The 1-based column of `text` a problem is reported at (see {@link SetupColumns}). */
export function problemColumn(p: PositionProblem, cols: SetupColumns): number {
  if (p.point !== undefined) {
    const at = p.atStack ? cols.stack[p.point] : cols.point[p.point];
    if (at > 0) return at;
  }
  if (p.item !== undefined) {
    const it = cols.item[p.item];
    if (it) return p.atValue ? it.value : it.name;
  }
  if (p.side !== undefined && (p.field === 'hand' || p.field === 'captured')) {
    const at = cols[p.field][p.side];
    if (at > 0) return at;
  }
  return cols.field[p.field];
}

/**
 * Reads and validates a position string for the game `ctx` describes: {@link readPositionText}, then
 * {@link validateSetup}. The one way text becomes a position of a game.
 * @returns the Setup (fresh arrays).
 * @throws ParseError (grammar) or PositionError (a ParseError whose `reason` is a PositionFault: the
 *   position cannot arise), each with the 1-based column of the fault and a reason naming it;
 *   ArgumentError for a malformed context.
 */
export function parsePositionText(ctx: NotationContext, text: string): Setup {
  const { setup, columns } = readPositionText(ctx, text);
  const why = validateSetup(ctx, setup);
  if (why) {
    const pt = why.point !== undefined ? ctx.board.points[why.point]?.name : undefined;
    throw new PositionError(text, problemColumn(why, columns), why.code, why.field, why.message, pt);
  }
  return setup;
}

// ---------------------------------------------------------------------------------------------------
// step 2: Setup -> position (the checks)

/**
 * The points a piece of side `c` can stand on, from the start and the side's moves (a breadth-first
 * closure, blocking ignored, so it holds every point play can bring such a piece to); null: every point
 * (no start in the context, a side that places anywhere, or steps not given). Men (or the pieces of a
 * hunt side): from the side's start points by its step directions and, if it jumps, by short jumps
 * along any line. Kings (`kings`): from the promotion-rank points the men reach, along any line.
 */
function reachOf(ctx: NotationContext, c: 0 | 1, kings: boolean): Uint8Array | null {
  const { board, rules, start } = ctx;
  const sr = rules.sides[c];
  if (!start || sr.places || sr.steps === undefined) return null;
  const n = board.points.length;
  const mask = sr.steps.reduce((m, d) => m | (1 << DIR_NAMES.indexOf(d)), 0);
  const jumps = sr.capture === 'jump' || sr.capture === 'multi-jump';
  const closure = (from: (p: number) => boolean, stepMask: number): Uint8Array => {
    const seen = new Uint8Array(n);
    const queue: number[] = [];
    const add = (q: number) => { if (q >= 0 && !seen[q]) { seen[q] = 1; queue.push(q); } };
    for (let p = 0; p < n; p++) if (from(p)) add(p);
    while (queue.length) {
      const p = queue.pop()!;
      for (let d = 0; d < 8; d++) {
        if ((stepMask >> d) & 1) add(board.neighbours[p * 8 + d]);
        if (jumps) add(board.jumps[p * 8 + d]);
      }
    }
    return seen;
  };
  const men = closure((p) => start.owner[p] === c, mask);
  if (!kings) return men;
  const promo = rules.draughts?.promotion[c] ?? null;
  return closure((p) => men[p] === 1 && promo !== null && board.points[p].y + 1 === promo, 0xff);
}

/** True when every piece of side `1 - e` stands on a higher rank than every piece of side `e` (the escape rule). */
function escaped(board: Board, s: Setup, e: 0 | 1): boolean {
  let top = -Infinity, bottom = Infinity;
  for (let p = 0; p < s.owner.length; p++) {
    if (s.owner[p] === e) top = Math.max(top, board.points[p].y);
    else if (s.owner[p] === 1 - e) bottom = Math.min(bottom, board.points[p].y);
  }
  return top > -Infinity && bottom < Infinity && bottom > top;
}

/** True when two Setups are the same position (board, kings, side, hands, captured, extra state). */
function samePosition(a: Setup, b: Setup): boolean {
  for (let p = 0; p < a.owner.length; p++) {
    if (a.owner[p] !== b.owner[p] || a.count[p] !== b.count[p] || (a.king?.[p] ?? 0) !== (b.king?.[p] ?? 0)) return false;
  }
  return a.side === b.side && a.hand[0] === b.hand[0] && a.hand[1] === b.hand[1] && a.captured[0] === b.captured[0]
    && a.captured[1] === b.captured[1] && a.last === b.last && a.stall === b.stall && (a.clock ?? 0) === (b.clock ?? 0);
}

/** A problem of a hand-built Setup's shape, or null (validateSetup's first check). */
function shapeProblem(ctx: NotationContext, s: Setup): PositionProblem | null {
  const n = ctx.board.points.length;
  const bad = (message: string): PositionProblem => ({ code: 'malformed', field: 'board', message: `malformed Setup: ${message}` });
  const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  if (!(s.owner instanceof Int8Array) || !(s.count instanceof Uint8Array) || s.owner.length !== n || s.count.length !== n) return bad(`owner and count must be an Int8Array and a Uint8Array of ${n} entries (one per point)`);
  if (s.king !== undefined && (!(s.king instanceof Uint8Array) || s.king.length !== n)) return bad(`king must be a Uint8Array of ${n} entries`);
  for (let p = 0; p < n; p++) {
    const o = s.owner[p], k = s.count[p];
    if (o === -1 ? k !== 0 : (o !== 0 && o !== 1) || k < 1 || k > MAX_STACK) return bad(`point ${ctx.board.points[p].name} has owner ${o} and count ${k}`);
    if (s.king && s.king[p] > 1) return bad(`king[${p}] must be 0 or 1`);
    if (s.king?.[p] && (o === -1 || k !== 1)) return bad(`a king on ${ctx.board.points[p].name} must be one piece`);
  }
  if (s.side !== 0 && s.side !== 1) return { code: 'malformed', field: 'side', message: `malformed Setup: side must be 0 or 1, got ${String(s.side)}` };
  for (const f of ['hand', 'captured'] as const) {
    if (!Array.isArray(s[f]) || s[f].length !== 2 || !isCount(s[f][0]) || !isCount(s[f][1])) return { code: 'malformed', field: f, message: `malformed Setup: ${f} must be two integer counts >= 0` };
  }
  if (!Number.isSafeInteger(s.last) || s.last < -1 || s.last >= n) return { code: 'malformed', field: 'extra', message: `malformed Setup: last must be a point index below ${n} or -1, got ${String(s.last)}` };
  if (!isCount(s.stall)) return { code: 'malformed', field: 'extra', message: `malformed Setup: stall must be an integer count >= 0, got ${String(s.stall)}` };
  if (s.clock !== undefined && !isCount(s.clock)) return { code: 'malformed', field: 'extra', message: `malformed Setup: clock must be an integer count >= 0, got ${String(s.clock)}` };
  return null;
}

/**
 * Why the Setup `s` cannot be a position of the game `ctx` describes: its first problem, or null when
 * none is known (see {@link setupProblems} for the list of checks, in the order they are tried).
 */
export function validateSetup(ctx: NotationContext, s: Setup): PositionProblem | null {
  return setupProblems(ctx, s, true)[0] ?? null;
}

/**
 * Every reason the Setup `s` cannot be a position of the game `ctx` describes (empty when none is
 * known), the most basic first; with `firstOnly` it stops at the first. Written from the RuleSet fields,
 * the totals and the start Setup only (RULES.md §0-§4), never from a variant id. Sides alternate, a
 * move captures only pieces of the other side, pieces only step, jump or are placed onto empty points,
 * hands only shrink, captured counts only grow; so, in this order:
 * 1. `malformed`: a hand-built Setup out of shape (array lengths, owner and count, side, counts, `last`);
 * 2. board, per point: `stack` a stack of a side that does not stack, or (with the start) a stack on a
 *    point where the start has no stack of that side or taller than the start's (stacks never move or
 *    grow); `king` a king of a side without a promotion rank, or in a game without kings;
 *    `promotion-rank` a man on its own promotion rank (a man that ends a move there is crowned);
 *    `unreachable-point` (with the start, for a side that does not place) a piece on a point that none
 *    of its side's start points leads to by the side's steps and jumps (kings: along any line from a
 *    promotion-rank point its men reach);
 * 3. `hand`: pieces in hand of a side that does not place, or (with the start) more than the start's
 *    hand, e.g. any at all when the start has none in hand; `captured`: pieces captured of a side the
 *    other side cannot capture;
 * 4. `count`: board + hand + captured of a side not its total;
 * 5. `captured`: more captured than the capture target and one move allow ({@link maxCaptured});
 * 6. `no-pieces`: both sides without pieces (a move takes only the other side's pieces, and a side left
 *    with none has lost); `side-to-move`: a side left without pieces is not to move (the capture that
 *    took its last one ended the game with it to move); `clock`: the move clock not 0 then (that capture
 *    reset it);
 * 7. `side-to-move`: the capturer to move once the other side's captured count reached its capture
 *    target (that capture ended the game);
 * 8. turns played (with the start), for each side x that places, has pieces in hand in the start and
 *    still has some: every turn of x was a placement, so x has had exactly start hand - hand turns and
 *    the other side y a number fixed by the side to move and the side that moves first. Then
 *    `side-to-move` y to move before x has had a turn when x moves first; `captured` pieces of y
 *    captured (x has only placed); `hand` y's hand (if y places) not its start hand less its turns;
 *    `side-to-move` / `captured` more pieces of x captured than y's moving turns times the most one
 *    move takes; likewise, for a side x with the dispersal rule while a stack of x stands (every move of
 *    x took a piece off a start stack, so x has had at most as many turns as its stacks have lost):
 *    `side-to-move` y to move when that allows y no turn, `captured` more captured than y's turns can
 *    take, `side-to-move` no turn made by either side yet the position not the start;
 * 9. extra state: `last` a last-moved point in a game without the rule, not on exactly one piece of the
 *    no-same-twice side, set while that side still places (its previous turn was a placement, which sets
 *    none), or, with the start, missing when the other side is to move after that side, which never
 *    places, has stepped (a step sets it and nothing has moved since); `stall` a stall count in a game
 *    without the rule, over the limit, at the limit with the stall side to move (the move that reached
 *    it ended the game), or above 0 with the escape rule's condition met and the escaping side to move
 *    (the stall side's last move gained no rank, so the condition held before it: the game had ended);
 *    `clock` a clock in a game without a move limit or over it; `side-to-move` (with the start) the
 *    side to move not the one the clock's parity gives while no capture has been made (the clock then
 *    counts every ply since the start).
 * Beyond these a position can still be out of reach (pieces placed where the moves made could not have
 * put them, for one); such positions are accepted. Every check holds for every position legal play
 * reaches from the start, so none refuses a reachable position.
 */
export function setupProblems(ctx: NotationContext, s: Setup, firstOnly = false): PositionProblem[] {
  const out: PositionProblem[] = [];
  const shape = shapeProblem(ctx, s);
  if (shape) return [shape];
  const { board, rules, start, totals } = ctx;
  const names = ctx.sides;
  const n = board.points.length;
  const draughts = rules.draughts;
  const promo = draughts?.promotion ?? [null, null];
  const push = (p: PositionProblem): boolean => { out.push(p); return firstOnly; };
  const name = (p: number) => board.points[p].name;

  // 2. the board
  const reach = [reachOf(ctx, 0, false), reachOf(ctx, 1, false)];
  const kingReach = [promo[0] === null ? null : reachOf(ctx, 0, true), promo[1] === null ? null : reachOf(ctx, 1, true)];
  const onBoard = [0, 0];
  for (const p of board.ranks.flat()) {    // in the order the string lists the points: the first fault is the leftmost
    const o = s.owner[p];
    if (o < 0) continue;
    const c = o as 0 | 1, k = s.count[p], isKing = s.king?.[p] === 1;
    onBoard[c] += k;
    const N = names[c];
    if (k > 1 && !rules.sides[c].stacks) {
      if (push({ code: 'stack', field: 'board', point: p, atStack: true, message: `${N.plural} do not stack in this game (a stack of ${k} on ${name(p)})` })) return out;
    } else if (k > 1 && start && (start.owner[p] !== c || start.count[p] < k)) {
      const starts = [...start.count.keys()].filter((q) => start.owner[q] === c && start.count[q] > 1).map((q) => `${name(q)} (${start.count[q]})`);
      const why = start.owner[p] !== c || start.count[p] < 2
        ? `no stack of ${N.plural} can stand on ${name(p)}: pieces only step, jump or are placed onto empty points, so stacks stand only where the game starts them (${starts.join(', ') || 'none'})`
        : `the stack on ${name(p)} holds ${k} ${N.plural}, more than the ${start.count[p]} it starts with: stacks never grow`;
      if (push({ code: 'stack', field: 'board', point: p, atStack: true, message: why })) return out;
    }
    if (isKing && (!draughts || promo[c] === null)) {
      if (push({ code: 'king', field: 'board', point: p, message: `${N.plural} have no kings in this game (a king on ${name(p)})` })) return out;
    } else if (!isKing && promo[c] !== null && board.points[p].y + 1 === promo[c]) {
      if (push({ code: 'promotion-rank', field: 'board', point: p, message: `a ${N.name} man cannot stand on ${name(p)}: a man that ends its move on rank ${promo[c]} becomes a king (+${N.letter})` })) return out;
    } else {
      const r = isKing ? kingReach[c] : reach[c];
      if (r && !r[p]) {
        const what = isKing ? `a ${N.name} king` : draughts ? `a ${N.name} man` : `a ${N.name}`;
        if (push({ code: 'unreachable-point', field: 'board', point: p, message: `${what} cannot stand on ${name(p)}: no ${isKing ? 'king' : draughts ? 'man' : 'piece'} of ${the(N)} can reach it from where they start with the moves the rules give ${isKing ? 'kings' : 'them'}` })) return out;
      }
    }
  }

  // 3. hands and captured counts allowed at all
  for (const c of [1, 0] as const) {
    const N = names[c];
    if (s.hand[c] > 0 && !rules.sides[c].places) {
      if (push({ code: 'hand', field: 'hand', side: c, message: `${N.plural} are not placed in this game: no ${N.letter} in hand` })) return out;
    } else if (s.hand[c] > 0 && start && s.hand[c] > start.hand[c]) {
      const message = start.hand[c] === 0
        ? `${N.plural} are never in hand in this game: it starts with none in hand, and hands only shrink`
        : `${countOf(s.hand[c], N)} in hand, more than the ${start.hand[c]} the game starts with: hands only shrink`;
      if (push({ code: 'hand', field: 'hand', side: c, message })) return out;
    }
  }
  for (const c of [1, 0] as const) {
    if (s.captured[c] > 0 && rules.sides[1 - c].capture === 'none') {
      if (push({ code: 'captured', field: 'captured', side: c, message: `${names[1 - c].plural} never capture in this game: no ${names[c].letter} among the captured` })) return out;
    }
  }

  // 4. totals: a side that neither places nor can be captured is counted on the board alone
  const boardOnly = (c: 0 | 1) => !rules.sides[c].places && rules.sides[1 - c].capture === 'none';
  for (const c of [...([1, 0] as const).filter(boardOnly), ...([1, 0] as const).filter((x) => !boardOnly(x))]) {
    if (onBoard[c] + s.hand[c] + s.captured[c] === totals[c]) continue;
    const N = names[c];
    const message = boardOnly(c)
      ? `expected ${countOf(totals[c], N)} on the board, found ${onBoard[c]}`
      : `${N.plural} on the board (${onBoard[c]}) + in hand (${s.hand[c]}) + captured (${s.captured[c]}) must be ${totals[c]}`;
    if (push({ code: 'count', field: boardOnly(c) ? 'board' : 'hand', message })) return out;
  }

  // 5. captured within the capture target's reach
  for (const c of [0, 1] as const) {
    const most = maxCaptured(ctx, c);
    if (s.captured[c] > most) {
      const t = rules.sides[c].captureTarget;
      const message = `at most ${most} ${names[c].plural} can be captured` + (t === null ? '' : ` (the game ends once ${t} are; one move of ${the(names[1 - c])} takes at most ${maxCapturesPerMove(board, rules.sides[1 - c].capture)})`);
      if (push({ code: 'captured', field: 'captured', message })) return out;
    }
  }

  // 6. a side without pieces
  const left = [onBoard[0] + s.hand[0], onBoard[1] + s.hand[1]];
  if (left[0] === 0 && left[1] === 0 && totals[0] > 0 && totals[1] > 0) {
    if (push({ code: 'no-pieces', field: 'board', message: `both sides have no pieces: a move captures only the other side's pieces, and the capture that takes a side's last piece ends the game` })) return out;
  } else {
    for (const c of [0, 1] as const) {
      if (left[c] > 0 || totals[c] === 0) continue;
      const N = names[c];
      if (s.side !== c) {
        if (push({ code: 'side-to-move', field: 'side', message: `${the(names[1 - c])} cannot be to move: ${the(N)} have no pieces left, so the last move captured their last piece and ended the game with ${the(N)} to move` })) return out;
      } else if ((s.clock ?? 0) !== 0) {
        if (push({ code: 'clock', field: 'extra', item: 'clock', atValue: true, message: `the clock must be 0: ${the(N)} have no pieces left, so the last move was a capture, which resets it` })) return out;
      }
    }
  }

  // 7. the capture target reached
  for (const c of [0, 1] as const) {
    const t = rules.sides[c].captureTarget;
    const x = (1 - c) as 0 | 1;
    if (t !== null && s.captured[c] >= t && s.side === x && rules.sides[x].capture !== 'none') {
      const message = `${the(names[x])} cannot be to move with ${countOf(s.captured[c], names[c])} captured: the capture that reached the capture target (${t}) ended the game, with ${the(names[c])} to move`;
      if (push({ code: 'side-to-move', field: 'side', message })) return out;
    }
  }

  // 8. turns played, from a side still placing
  if (start) {
    for (const x of [0, 1] as const) {
      const H = start.hand[x];
      if (!rules.sides[x].places || H === 0 || s.hand[x] === 0 || s.hand[x] > H) continue;
      const y = (1 - x) as 0 | 1;
      const X = names[x], Y = names[y];
      const k = H - s.hand[x];                                         // turns of x, every one a placement
      const m = k + (s.side === x ? 1 : 0) - (start.side === x ? 1 : 0); // turns of y
      if (m < 0) {
        if (push({ code: 'side-to-move', field: 'side', message: `${the(Y)} cannot be to move before any ${X.name} is placed: ${the(X)} move first` })) return out;
        continue;
      }
      if (s.captured[y] > start.captured[y]) {
        if (push({ code: 'captured', field: 'captured', side: y, message: `no ${Y.name} can have been captured: ${the(X)} still have ${s.hand[x]} in hand, so every turn of theirs was a placement` })) return out;
      }
      const Hy = start.hand[y];
      if (rules.sides[y].places) {
        const expect = Math.max(0, Hy - m);
        if (s.hand[y] !== expect) {
          if (push({ code: 'hand', field: 'hand', side: y, message: `${the(Y)} must have ${expect} in hand: with ${k} ${X.name} placement${k === 1 ? '' : 's'} made and ${the(names[s.side])} to move they have had ${m} turn${m === 1 ? '' : 's'}, and they place while any are in hand` })) return out;
        }
      }
      const moving = rules.sides[y].places ? Math.max(0, m - Hy) : m;    // y's turns that could capture
      const per = maxCapturesPerMove(board, rules.sides[y].capture);
      const took = s.captured[x] - start.captured[x];
      if (took > moving * per) {
        const turnOrder = s.side === y && start.side === x && !rules.sides[y].places;
        const message = turnOrder
          ? `${the(Y)} cannot be to move with ${countOf(took, X)} captured of ${k} placed: ${the(X)} move first, ${the(Y)} have moved once per placement but the last, and ${per === 1 ? 'each capture takes a move of theirs' : `one move of theirs takes at most ${per}`}`
          : `${countOf(took, X)} cannot have been captured in the ${moving} move${moving === 1 ? '' : 's'} of ${the(Y)} (${k} ${X.name} placement${k === 1 ? '' : 's'} made, ${the(names[s.side])} to move; one move takes at most ${per})`;
        if (push({ code: turnOrder ? 'side-to-move' : 'captured', field: turnOrder ? 'side' : 'captured', side: x, message })) return out;
      }
    }
  }

  // 8b. turns played, bounded from a side whose every move so far left a stack: with the dispersal rule
  // and a stack standing now (stacks never grow, so one stood at every earlier turn), each of its moves
  // took a piece off a start stack; a stack point that still holds a stack was never emptied, so nothing
  // arrived there: its losses are exact, the others' at most their start count
  if (start) {
    for (const x of [0, 1] as const) {
      if (!rules.sides[x].dispersal || !s.owner.some((o, p) => o === x && s.count[p] > 1)) continue;
      let most = 0;
      for (let p = 0; p < n; p++) {
        if (start.owner[p] !== x || start.count[p] < 2) continue;
        most += s.owner[p] === x && s.count[p] > 1 ? start.count[p] - s.count[p] : start.count[p];
      }
      const y = (1 - x) as 0 | 1;
      const X = names[x], Y = names[y];
      const yMost = most + (s.side === x ? 1 : 0) - (start.side === x ? 1 : 0);   // turns of y, at most
      const per = maxCapturesPerMove(board, rules.sides[y].capture);
      const yPlaces = rules.sides[y].places ? start.hand[y] : 0;
      const took = s.captured[x] - start.captured[x];
      const why = `a stack of ${X.plural} still stands, so every move of theirs took one off a start stack: they have had at most ${most} turn${most === 1 ? '' : 's'}`;
      if (yMost < 0) {
        if (push({ code: 'side-to-move', field: 'side', message: `${the(Y)} cannot be to move: ${why}, and ${the(X)} move first` })) return out;
      } else if (took > Math.max(0, yMost - yPlaces) * per) {
        if (push({ code: 'captured', field: 'captured', side: x, message: `${countOf(took, X)} cannot have been captured: ${why}, so ${the(Y)} at most ${yMost} (one move takes at most ${per})` })) return out;
      } else if (most === 0 && yMost === 0 && !samePosition(s, start)) {
        if (push({ code: 'side-to-move', field: 'side', message: `${the(names[s.side])} to move with every start stack of ${X.plural} whole means no move has been made, so this would be the start position, which it is not` })) return out;
      }
    }
  }

  // 9. extra state: the last-moved point
  const nst = noSameTwiceSide(rules);
  if (s.last >= 0) {
    if (nst === -1) {
      if (push({ code: 'last', field: 'extra', item: 'last', message: 'this game has no no-same-twice rule: no "last=" item' })) return out;
    } else if (s.owner[s.last] !== nst || s.count[s.last] !== 1) {
      const o = s.owner[s.last];
      const held = o < 0 ? 'it is empty' : o !== nst ? `it holds ${s.count[s.last] > 1 ? 'a stack of ' : 'a '}${names[o].name}` : `it holds a stack of ${s.count[s.last]}`;
      if (push({ code: 'last', field: 'extra', item: 'last', atValue: true, message: `last=${name(s.last)} must name a point holding exactly one ${names[nst].name} (the one that stepped there): ${held}` })) return out;
    } else if (rules.sides[nst].places && s.hand[nst] > 0) {
      if (push({ code: 'last', field: 'extra', item: 'last', message: `${the(names[nst])} still have ${s.hand[nst]} in hand, so their previous turn was a placement, which sets no last-moved point` })) return out;
    }
  } else if (nst !== -1 && start && start.hand[nst] === 0 && s.side !== nst && (start.side === nst || !samePosition(s, start))) {
    const N = names[nst];
    const message = `${the(N)} have stepped since the start (they never place) and ${the(names[1 - nst])} are to move, so the extra field must name the point the last ${N.name} stepped to ("last=<point>")`;
    if (push({ code: 'last', field: 'extra', item: 'last', message })) return out;
  }

  // the stall count
  if (s.stall !== 0) {
    const st = rules.stall;
    const esc = rules.escape ?? null;
    if (st === null) {
      if (push({ code: 'stall', field: 'extra', item: 'stall', message: 'this game has no stall rule: no "stall=" item' })) return out;
    } else if (s.stall > st.limit) {
      if (push({ code: 'stall', field: 'extra', item: 'stall', atValue: true, message: `stall must be 0..${st.limit} (the stall limit), got ${huge(s.stall)}` })) return out;
    } else if (s.stall === st.limit && s.side === st.side) {
      if (push({ code: 'stall', field: 'extra', item: 'stall', atValue: true, message: `${the(names[st.side])} cannot be to move with the stall count at its limit (${s.stall}): the move that reached it ended the game, with ${the(names[1 - st.side])} to move` })) return out;
    } else if (esc && st.side === 1 - esc.side && s.side === esc.side && escaped(board, s, esc.side)) {
      const E = names[esc.side], S = names[st.side];
      const message = `stall=${s.stall} cannot be with every ${S.name} above every ${E.name} and ${the(E)} to move: ${the(S)}' last move gained no rank, so that was so before it, and the game had ended`;
      if (push({ code: 'stall', field: 'extra', item: 'stall', atValue: true, message })) return out;
    }
  }

  // the move clock
  const limit = draughts?.moveLimit ?? null;
  const clock = s.clock ?? 0;
  if (clock !== 0 && limit === null) {
    if (push({ code: 'clock', field: 'extra', item: 'clock', message: 'this game has no move limit: no "clock=" item' })) return out;
  } else if (limit !== null && clock > limit) {
    if (push({ code: 'clock', field: 'extra', item: 'clock', atValue: true, message: `clock must be 0..${limit} (the move limit), got ${huge(clock)}` })) return out;
  } else if (limit !== null && start && s.captured[0] === start.captured[0] && s.captured[1] === start.captured[1] && (clock % 2 === 0) !== (s.side === start.side)) {
    const F = names[start.side];
    const message = `${the(names[s.side])} cannot be to move with the clock at ${clock}: no capture has been made, so the clock counts every ply since the start, and ${the(F)} move first`;
    if (push({ code: 'side-to-move', field: 'side', message })) return out;
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
