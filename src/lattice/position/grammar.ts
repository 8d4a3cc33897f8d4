/** Position text, step 1: text -> a plain Setup, the grammar only (src/lattice/position-text.ts has the grammar). */
import { ParseError } from '../../contract/errors.js';
import {
  type ExtraItem,
  MAX_STACK,
  type NotationBase,
  type PositionProblem,
  type Setup,
  type SetupColumns,
  checkContext,
  hasExtraState,
} from './context.js';

// ---------------------------------------------------------------------------------------------------
// step 1: text -> Setup (the grammar)

/**
 * Splits a field of (letter count)+ or "-" into counts by letter, and each letter's column; column errors as
 * ParseError.
 */
function parseCounts(
  text: string,
  field: string,
  start: number,
  what: 'hand' | 'captured',
  allowed: Map<string, 0 | 1>,
): Map<string, { n: number; col: number }> {
  const out = new Map<string, { n: number; col: number }>();
  if (field === '-') return out;
  const re = /([A-Za-z])(0|[1-9]\d{0,5})(?!\d)/y;
  const example = [...allowed.keys()][0] ?? 'G';
  let i = 0;
  while (i < field.length) {
    re.lastIndex = i;
    const m = re.exec(field);
    if (!m)
      throw new ParseError(
        'position',
        text,
        start + i,
        `expected a piece letter and a count without leading zeros (such as ` +
          `${example}${what === 'hand' ? 20 : 3}) or "-"`,
      );
    if (!allowed.has(m[1]))
      throw new ParseError(
        'position',
        text,
        start + i,
        `"${m[1]}" is not a piece letter (expected ${[...allowed.keys()].join(' or ')})`,
      );
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
  const L0 = names[0].letter,
    L1 = names[1].letter;
  const sideOf = new Map<string, 0 | 1>([
    [L1, 1],
    [L0, 0],
  ]); // hunter first: the order messages list
  const fail: (col: number, reason: string) => never = (col, reason) => {
    throw new ParseError('position', text, col, reason);
  };

  // Fields: single spaces between them, no other whitespace anywhere.
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ') {
      if (i === 0 || i === text.length - 1 || text[i - 1] === ' ')
        fail(i + 1, 'fields are separated by single spaces, with none at the ends');
    } else if (/\s/.test(ch)) {
      fail(i + 1, `unexpected whitespace character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    }
  }
  if (text.length === 0) fail(1, 'empty position string');
  const extraState = hasExtraState(rules);
  const fields = text.split(' ');
  const starts: number[] = [];
  let c = 1;
  for (const f of fields) {
    starts.push(c);
    c += f.length + 1;
  }
  const maxFields = extraState ? 5 : 4;
  if (fields.length < 4 || fields.length > maxFields) {
    const expected = extraState
      ? '4 or 5 fields (board, side to move, hand, captured, optional extra)'
      : '4 fields (board, side to move, hand, captured)';
    // a stack count left open ("G(6 ...") splits the board at its space: name the missing ")" instead
    const open = /\((\d+)$/.exec(fields[0]);
    if (open) fail(fields[0].length + 1, `expected ")" after the stack count ${open[1]}`);
    fail(
      fields.length > maxFields ? starts[maxFields] : text.length + 1,
      `expected ${expected}, found ${fields.length}`,
    );
  }
  const [boardField, sideField, handField, captField] = fields;
  const extraField = fields.length === 5 ? fields[4] : '-';

  // Board.
  const n = board.points.length;
  const owner = new Int8Array(n).fill(-1);
  const count = new Uint8Array(n);
  const king = new Uint8Array(n);
  const pointCol = new Int32Array(n),
    stackCol = new Int32Array(n);
  const ranks = boardField.split('/');
  if (ranks.length !== board.ranks.length)
    fail(1, `expected ${board.ranks.length} ranks separated by "/", found ${ranks.length}`);
  const letterList = `${L1}, ${L0}`;
  let col = 1;
  for (let r = 0; r < ranks.length; r++) {
    const pts = board.ranks[r];
    const rankNo = board.height - r;
    const s = ranks[r];
    let k = 0,
      i = 0,
      lastWasRun = false;
    const tooLong = (at: number) =>
      fail(col + at, `rank ${rankNo} has only ${pts.length} point${pts.length === 1 ? '' : 's'}`);
    while (i < s.length) {
      const ch = s[i];
      if (ch >= '0' && ch <= '9') {
        if (lastWasRun || ch === '0')
          fail(col + i, lastWasRun ? 'two runs of empty points may not touch' : 'an empty run starts with 1-9');
        let j = i;
        while (j < s.length && s[j] >= '0' && s[j] <= '9') j++;
        const run = Number(s.slice(i, j));
        if (k + run > pts.length) {
          // digits together are one run; when that run is too long but its first digit fits, the writer
          // meant two runs side by side ("11" for 1 + 1): name the touching runs, at the second digit
          if (j - i >= 2 && k + Number(s[i]) <= pts.length) {
            fail(
              col + i + 1,
              `two runs of empty points may not touch ("${s.slice(i, j)}" reads as one run of ` +
                `${run}; rank ${rankNo} has only ${pts.length} point${pts.length === 1 ? '' : 's'})`,
            );
          }
          tooLong(i);
        }
        k += run;
        i = j;
        lastWasRun = true;
        continue;
      }
      const cellCol = col + i;
      const crowned = ch === '+';
      if (crowned) {
        if (!rules.draughts)
          fail(col + i, `expected ${letterList} or a digit, got "+" (only the draughts family has kings)`);
        i++;
      }
      const pc = s[i] ?? '';
      const side = sideOf.get(pc);
      if (side === undefined)
        fail(
          col + i,
          crowned
            ? `expected ${letterList} after "+" (a king), got "${pc}"`
            : `expected ${letterList}${rules.draughts ? ', "+" (a king)' : ''} or a digit, got "${pc}"`,
        );
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
        if (pieces < 2 || pieces > MAX_STACK)
          fail(col + i + 1, `a stack holds 2..${MAX_STACK} ${names[side!].plural}, got ${digits}`);
        if (s[j] !== ')') fail(col + j, `expected ")" after the stack count ${digits}`);
        i = j + 1;
      }
      owner[pts[k]] = side!;
      count[pts[k]] = pieces;
      pointCol[pts[k]] = cellCol;
      k++;
      lastWasRun = false;
    }
    if (k !== pts.length) fail(col + s.length, `rank ${rankNo} needs ${pts.length} points, found ${k}`);
    col += s.length + 1;
  }

  // Side to move.
  const side = sideOf.get(sideField);
  if (side === undefined || sideField.length !== 1)
    fail(starts[1], `side to move must be ${L0} or ${L1}, got "${sideField}"`);

  // Hand and captured.
  const handMap = parseCounts(text, handField, starts[2], 'hand', sideOf);
  const captMap = parseCounts(text, captField, starts[3], 'captured', sideOf);
  const hand: [number, number] = [handMap.get(L0)?.n ?? 0, handMap.get(L1)?.n ?? 0];
  const captured: [number, number] = [captMap.get(L0)?.n ?? 0, captMap.get(L1)?.n ?? 0];

  // Extra state.
  let last = -1,
    stall = 0,
    clock: number | undefined;
  const item: SetupColumns['item'] = {};
  if (extraField !== '-') {
    let i = 0;
    const base = starts[4];
    for (const it of extraField.split(',')) {
      const at = base + i;
      const m = /^(last|stall|clock)=(.*)$/.exec(it);
      if (!m)
        fail(
          at,
          it === ''
            ? 'expected an item ("last=<point>", "stall=<count>" or "clock=<count>") between commas'
            : `expected "last=<point>", "stall=<count>", "clock=<count>" or "-", got "${it}"`,
        );
      const key = m![1] as ExtraItem,
        value = m![2];
      if (item[key]) fail(at, `"${key}=" is given twice`);
      const vcol = at + key.length + 1;
      item[key] = { name: at, value: vcol };
      if (key === 'last') {
        if (!/^[a-z][1-9][0-9]?$/.test(value))
          fail(vcol, `expected a point name such as c4 after "last=", got "${value}"`);
        last = board.index(value);
        if (last < 0) fail(vcol, `no point ${value} on this board`);
      } else {
        if (!/^(0|[1-9][0-9]*)$/.test(value))
          fail(vcol, `expected a count (digits without leading zeros) after "${key}=", got "${value}"`);
        // a count past 2^53 is far over any limit: kept as the largest exact one, the check names the text
        const v = Math.min(Number(value), Number.MAX_SAFE_INTEGER);
        if (key === 'stall') stall = v;
        else clock = v;
      }
      i += it.length + 1;
    }
  }

  const setup: Setup = { owner, count, side: side!, hand, captured, last, stall };
  if (rules.draughts) {
    setup.king = king;
    setup.clock = clock ?? 0;
  } else if (clock !== undefined) setup.clock = clock;
  const columns: SetupColumns = {
    field: { board: 1, side: starts[1], hand: starts[2], captured: starts[3], extra: starts[4] ?? text.length + 2 },
    point: pointCol,
    stack: stackCol,
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
