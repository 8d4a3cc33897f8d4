/**
 * Position and move notation of Maka Dai Dai Shogi.
 *
 * Position: `<board> <side>`; the board lists ranks 19..1 separated by `/`, each rank files a..s; a
 * piece is its code, upper case for Black and lower case for White, single-letter codes bare (`P`, `k`),
 * multi-letter codes in parentheses (`(DE)`, `(ln)`), a promoted piece prefixed by `+`; empty squares
 * as a decimal count 1..19 (no leading zero; two counts never touch); side `b` or `w`.
 *
 * Move: `<from>` then `x<square>` for each captured square other than the destination (in the order the
 * piece passes them), then `-<to>` (destination empty, or the origin for igui / pass) or `x<to>`
 * (destination captured), then a suffix: `+` when the piece promotes or converts; for the pieces with the
 * royal three-way choice (King, Emperor, Drunk Elephant, Prince) `+` is their own promotion and `=T` /
 * `=B` a conversion to Teaching King / Buddhist Spirit; `=T` / `=B` also name the result when a move
 * captures both a Deva kind and a Dark Spirit kind. No suffix when the piece is unchanged.
 */
import { ParseError } from '../contract/errors.js';
import { PIECES, DEVA, DARK_SPIRIT } from './pieces.js';
import {
  EMPTY,
  SIZE,
  colourOf,
  isPromoted,
  makePiece,
  typeOf,
  sq,
  fileOf,
  rankOf,
  CAPTURE_FLAGS,
  CAP_DEVA,
  CAP_SPIRIT,
} from './position.js';

/** A parsed, unvalidated-for-play position: 361 piece bytes (a1..s19) and the side to move (0 Black). */
export interface MakaSetup {
  cells: Uint8Array;
  side: number;
}

const CODE_TO_TYPE = new Map(PIECES.map((p, i) => [p.code, i]));

/** Piece byte -> text (`P`, `+(de)`). */
export function pieceText(p: number): string {
  const code = PIECES[typeOf(p)]!.code;
  const c = colourOf(p) === 0 ? code : code.toLowerCase();
  return (isPromoted(p) ? '+' : '') + (code.length === 1 ? c : `(${c})`);
}

export function formatPosition(s: MakaSetup): string {
  const ranks: string[] = [];
  for (let r = SIZE - 1; r >= 0; r--) {
    let out = '',
      run = 0;
    for (let f = 0; f < SIZE; f++) {
      const p = s.cells[r * SIZE + f]!;
      if (p === EMPTY) {
        run++;
        continue;
      }
      if (run) {
        out += run;
        run = 0;
      }
      out += pieceText(p);
    }
    if (run) out += run;
    ranks.push(out);
  }
  return `${ranks.join('/')} ${s.side === 0 ? 'b' : 'w'}`;
}

/**
 * Reads a position string by the grammar above (syntax only: whether the position can arise is
 * validate.ts's validateMakaSetup) into a MakaSetup, with the 1-based column of each piece (per setup
 * index, 0 where empty) and of the side to move. Throws ParseError with a 1-based column.
 */
export function readPosition(text: string): { setup: MakaSetup; columns: Int32Array; sideColumn: number } {
  const fail = (i: number, reason: string): never => {
    throw new ParseError('position', text, i + 1, reason);
  };
  if (typeof text !== 'string') throw new ParseError('position', String(text), 1, 'not a string');
  const cells = new Uint8Array(SIZE * SIZE);
  const columns = new Int32Array(SIZE * SIZE);
  let i = 0,
    rank = SIZE - 1,
    file = 0;
  let lastWasCount = false;
  for (;;) {
    if (i >= text.length)
      fail(
        i,
        rank === 0 && file === SIZE ? 'missing side to move (" b" or " w")' : 'the position ends inside the board',
      );
    const ch = text[i]!;
    if (ch === '/' || ch === ' ') {
      if (file !== SIZE) fail(i, `rank ${rank + 1} has ${file} squares, expected ${SIZE}`);
      if (ch === ' ') {
        if (rank !== 0) fail(i, `the board has ${SIZE - rank} ranks, expected ${SIZE}`);
        break;
      }
      if (rank === 0) fail(i, `more than ${SIZE} ranks`);
      rank--;
      file = 0;
      lastWasCount = false;
      i++;
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      if (lastWasCount) fail(i, 'two empty-square counts touch');
      if (ch === '0') fail(i, 'an empty-square count is 1..19 without leading zeros');
      let j = i,
        n = 0;
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') {
        n = n * 10 + Number(text[j]);
        j++;
      }
      if (n > SIZE) fail(i, `empty-square count ${n} is more than ${SIZE}`);
      if (file + n > SIZE) fail(i, `rank ${rank + 1} has more than ${SIZE} squares`);
      file += n;
      i = j;
      lastWasCount = true;
      continue;
    }
    const start = i;
    let promoted = false;
    if (ch === '+') {
      promoted = true;
      i++;
    }
    let code: string;
    let parens = false;
    if (text[i] === '(') {
      parens = true;
      const close = text.indexOf(')', i);
      if (close < 0) fail(i, 'unclosed "("');
      code = text.slice(i + 1, close);
      if (!/^[A-Za-z]+$/.test(code)) fail(i + 1, `bad piece code "${code}"`);
      if (code.length === 1) fail(i, `single-letter code "${code}" is written without parentheses`);
      i = close + 1;
    } else {
      const c = text[i];
      if (c === undefined || !/[A-Za-z]/.test(c))
        fail(i, c === undefined ? 'the position ends inside the board' : `unexpected "${c}"`);
      code = c!;
      i++;
    }
    const upper = code.toUpperCase();
    const black = code === upper;
    if (!black && code !== code.toLowerCase()) fail(start, `piece code "${code}" mixes upper and lower case`);
    const type = CODE_TO_TYPE.get(upper);
    if (type === undefined) fail(start, `unknown piece code "${code}"`);
    if (upper.length > 1 && !parens) fail(start, `multi-letter code "${code}" needs parentheses`);
    if (promoted && PIECES[type!]!.promoted === null) fail(start, `"${code}" has no promoted form`);
    if (file >= SIZE) fail(start, `rank ${rank + 1} has more than ${SIZE} squares`);
    cells[rank * SIZE + file] = makePiece(type!, promoted, black ? 0 : 1);
    columns[rank * SIZE + file] = start + 1;
    file++;
    lastWasCount = false;
  }
  i++;
  const side = text.slice(i);
  if (side !== 'b' && side !== 'w')
    fail(
      i,
      side === '' ? 'missing side to move (b or w)' : `the side to move is "b" or "w", got ${JSON.stringify(side)}`,
    );
  return { setup: { cells, side: side === 'b' ? 0 : 1 }, columns, sideColumn: i + 1 };
}

/** Reads a position string by the grammar only ({@link readPosition}); throws ParseError with a 1-based column. */
export function parsePosition(text: string): MakaSetup {
  return readPosition(text).setup;
}

export const FILES = 'abcdefghijklmnopqrs';
/** Cell index -> square name (`a1`). */
export const squareName = (s: number): string => FILES[fileOf(s)]! + String(rankOf(s) + 1);

/** A parsed move text: origin, captured squares before the destination, destination, suffix. */
export interface MoveText {
  from: number;
  captures: number[];
  to: number;
  destCaptured: boolean;
  suffix: '' | '+' | '=T' | '=B';
}

/** Parses move text (grammar above) into cells; throws ParseError with a 1-based column. */
export function parseMove(text: string): MoveText {
  const fail = (i: number, reason: string): never => {
    throw new ParseError('move', text, i + 1, reason);
  };
  if (typeof text !== 'string') throw new ParseError('move', String(text), 1, 'not a string');
  let i = 0;
  const square = (): number => {
    const f = FILES.indexOf(text[i] ?? '#');
    if (!text[i] || f < 0) fail(i, text[i] ? `expected a file a..s, got "${text[i]}"` : 'expected a square');
    i++;
    const j = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    const digits = text.slice(j, i);
    if (digits === '') fail(j, 'expected a rank 1..19');
    const r = Number(digits);
    if (digits[0] === '0' || r < 1 || r > SIZE) fail(j, `rank ${digits} is not 1..19`);
    return sq(f, r - 1);
  };
  const from = square();
  const caps: number[] = [];
  let to = -1,
    destCaptured = false;
  for (;;) {
    const c = text[i];
    if (c === 'x') {
      i++;
      caps.push(square());
      continue;
    }
    if (c === '-') {
      i++;
      to = square();
      break;
    }
    if (c === undefined || c === '+' || c === '=') {
      if (caps.length === 0) fail(i, 'expected "-" or "x" and a destination');
      to = caps.pop()!;
      destCaptured = true;
      break;
    }
    fail(i, `expected "x", "-" or a suffix, got "${c}"`);
  }
  let suffix: MoveText['suffix'] = '';
  const rest = text.slice(i);
  if (rest === '+' || rest === '=T' || rest === '=B') suffix = rest;
  else if (rest !== '') fail(i, `unexpected ${JSON.stringify(rest)} (suffix is "+", "=T" or "=B")`);
  return { from, captures: caps, to, destCaptured, suffix };
}

/**
 * Text of a move (position.ts encoding) in the position before it: `board`, the mover's byte at from.
 * `royalChooser` tells whether the mover has the royal three-way choice.
 */
export function formatMove(board: Uint8Array, lo: number, hi: number, royalChooser: boolean): string {
  const from = lo & 1023,
    to = (lo >>> 10) & 1023,
    res = (lo >>> 20) & 255;
  const c1 = hi & 1023,
    c2 = (hi >>> 10) & 1023;
  let out = squareName(from);
  if (c1) out += 'x' + squareName(c1);
  if (c2) out += 'x' + squareName(c2);
  const destCaptured = to !== from && board[to] !== EMPTY;
  out += (destCaptured ? 'x' : '-') + squareName(to);
  const p = board[from]!;
  if (res === p) return out;
  return (
    out +
    suffixOf(
      board,
      p,
      res,
      to !== from ? board[to]! : EMPTY,
      c1 ? board[c1]! : EMPTY,
      c2 ? board[c2]! : EMPTY,
      royalChooser,
    )
  );
}

function suffixOf(
  _board: Uint8Array,
  p: number,
  res: number,
  q0: number,
  q1: number,
  q2: number,
  royalChooser: boolean,
): string {
  const cf = CAPTURE_FLAGS[q0]! | CAPTURE_FLAGS[q1]! | CAPTURE_FLAGS[q2]!;
  const tk = makePiece(DEVA, true, colourOf(p)),
    bs = makePiece(DARK_SPIRIT, true, colourOf(p));
  const named = res === tk ? '=T' : res === bs ? '=B' : '+';
  if (royalChooser) return named;
  if (cf & CAP_DEVA && cf & CAP_SPIRIT) return named;
  return '+';
}
