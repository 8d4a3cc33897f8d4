/**
 * Whether a parsed Maka Dai Dai position (a {@link MakaSetup}, sfen.ts) can arise under the rules
 * (rules/maka-dai-dai.md), written from the piece table and the start position only: the second step of
 * reading a position (the first, the grammar, is sfen.ts's readPosition). {@link validateMakaSetup}
 * returns the first reason it cannot, as a typed {@link MakaProblem}, or null.
 *
 * What play can and cannot do (rules file): there are no drops, so no piece changes side and a side never
 * has more pieces than its 96; a piece changes kind only by promoting (to its own promoted form, once,
 * on a move that captures) or by conversion (to a Teaching King or Buddhist Spirit, on a move that
 * captures a Deva or Dark Spirit kind); an unpromoted piece has only its own moves. Hence the checks, in
 * the order of the position string (rank 19 first, files a to s), each reported at the piece at fault:
 * - `count`: more pieces of a kind (a piece and its promoted form together) than the side starts with,
 *   e.g. a second King, a second Lion or a twentieth Pawn; Deva and Dark Spirit kinds apart, since a
 *   conversion makes a Teaching King (Buddhist Spirit) of another piece: at most the side's start
 *   Devas unpromoted, and with conversion at most as many of the kind on the board, both sides
 *   together, as the start has (a capture of one makes at most one: the capturer); more than 96 pieces;
 * - `unreachable-point`: a piece on a square no piece of its kind can reach: an unpromoted piece from
 *   its kind's start squares by its own moves (a breadth-first closure over every displacement its
 *   moves allow, blocking ignored: a Black Pawn below rank 6 or off its file, a Lance off files a and s,
 *   a Bishop, Kirin or Capricorn on the other colour), a promoted one from there by its promoted moves
 *   (a Teaching King or Buddhist Spirit anywhere with conversion);
 * - `promoted`: more promoted pieces of a side than pieces of the other side are missing (each promotion
 *   or conversion is made by a move that captures);
 * - `no-pieces`: neither side has a royal piece (King, Emperor, Prince): the move that took a side's
 *   last royal ended the game, and no single move can leave both without one;
 * - `side-to-move`: a side without a royal is not to move, unless it lost the royal by converting it
 *   itself (conversion on, and it has a Teaching King or Buddhist Spirit): otherwise the other side
 *   took it and the game ended with this side to move.
 * Positions these do not refuse can still be out of reach; they are accepted.
 */
import { PositionError, type PositionFault } from '../contract/errors.js';
import type { MakaOptions } from './options.js';
import {
  DIR_VECTORS,
  DARK_SPIRIT,
  DEVA,
  PIECES,
  PIECES_ROKUSHU,
  SLIDE,
  START_RANKS,
  type Dir,
  type Moves,
  type PieceType,
} from './pieces.js';
import { ROYAL, SIZE, colourOf, isPromoted, typeOf } from './position.js';
import { readPosition, type MakaSetup } from './sfen.js';

/** Pieces a side has at the start (rules: "96 pieces a side"). */
export const MAKA_SIDE_TOTAL = 96;

/**
 * A reason a Maka Dai Dai position cannot arise: `code` (a PositionFault), the `field` of the position
 * string (`board` or `side`), `cell` the setup index (rank * 19 + file, a1 = 0) of the piece at fault if
 * any, and `message` in words.
 */
export interface MakaProblem {
  code: PositionFault;
  field: 'board' | 'side';
  cell?: number;
  message: string;
}

const CELLS = SIZE * SIZE;
const ORTH: Dir[] = ['F', 'B', 'L', 'R'];
const DIAG: Dir[] = ['FL', 'FR', 'BL', 'BR'];
const ALL: Dir[] = [...ORTH, ...DIAG];

/** The start squares of each kind per side: START[colour][type] = setup indices (White point-symmetric). */
const START: number[][][] = (() => {
  const code = new Map(PIECES.map((p, i) => [p.code, i]));
  const out = [PIECES.map((): number[] => []), PIECES.map((): number[] => [])];
  START_RANKS.forEach((row, r) => {
    row
      .trim()
      .split(/\s+/)
      .forEach((c, f) => {
        if (c === '.') return;
        const t = code.get(c)!;
        out[0]![t]!.push(r * SIZE + f);
        out[1]![t]!.push((SIZE - 1 - r) * SIZE + (SIZE - 1 - f));
      });
  });
  return out;
})();

/** Every displacement (dx, dy) of a move set, for Black; null: any square (the Emperor's jump). */
function displacements(m: Moves): [number, number][] | null {
  if (m.emperor) return null;
  const out: [number, number][] = [];
  const line = (dirs: readonly Dir[], range: number) => {
    for (const d of dirs)
      for (let k = 1; k <= Math.min(range, SLIDE); k++) out.push([DIR_VECTORS[d][0] * k, DIR_VECTORS[d][1] * k]);
  };
  for (const r of m.rays) line(r.dirs, r.range);
  out.push(...m.jumps.map(([dx, dy]) => [dx, dy] as [number, number]));
  if (m.lion) for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) if (dx || dy) out.push([dx, dy]);
  // Lion Dog under every lion-dog option: stops or leaps along the 8 lines, at most 3 away
  if (m.lionDog) line(ALL, 3);
  if (m.hook) line(m.hook === 'orth' ? ORTH : DIAG, SLIDE);
  return out;
}

/** The closure of `from` under the displacements `v` of a piece of `colour` (White's are Black's negated). */
function closure(from: Uint8Array, v: [number, number][] | null, colour: number): Uint8Array {
  const seen = new Uint8Array(CELLS);
  if (v === null) {
    if (from.some((x) => x === 1)) seen.fill(1);
    return seen;
  }
  const sign = colour === 0 ? 1 : -1;
  const queue: number[] = [];
  for (let i = 0; i < CELLS; i++)
    if (from[i]) {
      seen[i] = 1;
      queue.push(i);
    }
  while (queue.length) {
    const i = queue.pop()!;
    const f = i % SIZE,
      r = (i - f) / SIZE;
    for (const [dx, dy] of v) {
      const g = f + sign * dx,
        q = r + sign * dy;
      if (g < 0 || g >= SIZE || q < 0 || q >= SIZE) continue;
      const j = q * SIZE + g;
      if (!seen[j]) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}

/** REACH[key][colour][type * 2 + promoted]: the squares such a piece can stand on (see the header). */
const REACH = new Map<string, Uint8Array[][]>();

function reachFor(o: MakaOptions): Uint8Array[][] {
  const key = `${o.pieces}/${o.conversion}`;
  let r = REACH.get(key);
  if (r) return r;
  const table: readonly PieceType[] = o.pieces === 'rokushu' ? PIECES_ROKUSHU : PIECES;
  const all = new Uint8Array(CELLS).fill(1);
  r = [0, 1].map((c) => {
    const out: Uint8Array[] = [];
    table.forEach((p, t) => {
      const from = new Uint8Array(CELLS);
      for (const i of START[c]![t]!) from[i] = 1;
      const plain = closure(from, displacements(p.moves), c);
      out[t * 2] = plain;
      const converted = o.conversion && (t === DEVA || t === DARK_SPIRIT);
      out[t * 2 + 1] =
        p.promoted === null
          ? new Uint8Array(CELLS)
          : closure(converted ? all : plain, displacements(p.promoted.moves), c);
    });
    return out;
  });
  REACH.set(key, r);
  return r;
}

const SIDE = ['Black', 'White'] as const;
const FILES = 'abcdefghijklmnopqrs';
const cellName = (i: number) => FILES[i % SIZE]! + String(Math.floor(i / SIZE) + 1);

/** The name of a piece byte for messages, with its code: `Black Lion (LN)`, `White Gold (+p)` (a promoted Pawn). */
function pieceName(p: number): string {
  const t = PIECES[typeOf(p)]!,
    c = colourOf(p);
  const text = (isPromoted(p) ? '+' : '') + (c === 0 ? t.code : t.code.toLowerCase());
  return `${SIDE[c]} ${isPromoted(p) ? t.promoted!.name : t.name} (${text})`;
}

/** Cells in the order the position string lists them: rank 19 first, files a to s. */
const TEXT_ORDER: number[] = Array.from(
  { length: CELLS },
  (_, k) => (SIZE - 1 - Math.floor(k / SIZE)) * SIZE + (k % SIZE),
);

/**
 * The first reason the position `s` cannot arise under the rules with options `o`, or null when none
 * is known (the checks and their order: this file's header).
 */
export function validateMakaSetup(s: MakaSetup, o: MakaOptions): MakaProblem | null {
  const reach = reachFor(o);
  const kind = [new Int32Array(PIECES.length), new Int32Array(PIECES.length)];
  const plainCount = [new Int32Array(PIECES.length), new Int32Array(PIECES.length)];
  const onBoard = [0, 0],
    royals = [0, 0],
    spirits = [0, 0];
  const startOf = (t: number) => START[0]![t]!.length;
  // the board, in text order
  for (const i of TEXT_ORDER) {
    const p = s.cells[i]!;
    if (p === 0) continue;
    const c = colourOf(p),
      t = typeOf(p),
      prom = isPromoted(p);
    onBoard[c]!++;
    kind[c]![t]!++;
    if (!prom) plainCount[c]![t]!++;
    royals[c]! += ROYAL[p]!; // King, Emperor, Prince
    if (prom && (t === DEVA || t === DARK_SPIRIT)) spirits[c]!++;
    const T = PIECES[t]!;
    if (onBoard[c]! > MAKA_SIDE_TOTAL)
      return {
        code: 'count',
        field: 'board',
        cell: i,
        message:
          `${SIDE[c]} has more than ${MAKA_SIDE_TOTAL} pieces (the ${onBoard[c]}th is on ` +
          `${cellName(i)}): a side starts with ${MAKA_SIDE_TOTAL} and never gains one`,
      };
    if (t === DEVA || t === DARK_SPIRIT) {
      const most = o.conversion ? 2 * startOf(t) : startOf(t);
      if (!prom && plainCount[c]![t]! > startOf(t)) {
        return {
          code: 'count',
          field: 'board',
          cell: i,
          message:
            `${SIDE[c]} has ${plainCount[c]![t]} unpromoted ${T.name}s (the last on ` +
            `${cellName(i)}): a side starts with ${startOf(t)}, and a conversion makes a ` +
            `${T.promoted!.name}, never a ${T.name}`,
        };
      }
      if (kind[c]![t]! > most || kind[0]![t]! + kind[1]![t]! > 2 * startOf(t)) {
        return {
          code: 'count',
          field: 'board',
          cell: i,
          message: o.conversion
            ? `too many of the ${T.name} kind (${T.name} and ${T.promoted!.name}, the last on ` +
              `${cellName(i)}): the game starts with ${2 * startOf(t)} on the board, both ` +
              `sides together, and capturing one makes at most one (the capturer)`
            : `${SIDE[c]} has ${kind[c]![t]} of the ${T.name} kind (${T.name} and ` +
              `${T.promoted!.name}, the last on ${cellName(i)}): a side starts with ` +
              `${startOf(t)}, and without conversion nothing else becomes one`,
        };
      }
    } else if (kind[c]![t]! > startOf(t)) {
      const what =
        T.promoted === null
          ? `${T.name}s`
          : `of the ${T.name} kind (${T.name} and ${T.promoted.name}, its promoted form`;
      return {
        code: 'count',
        field: 'board',
        cell: i,
        message:
          `${SIDE[c]} has ${kind[c]![t]} ${what}${T.promoted === null ? ' (' : ', '}the ` +
          `last on ${cellName(i)}): a side starts with ${startOf(t)}, and no other piece ` +
          `becomes one`,
      };
    }
    if (!reach[c]![t * 2 + (prom ? 1 : 0)]![i]) {
      return {
        code: 'unreachable-point',
        field: 'board',
        cell: i,
        message:
          `a ${pieceName(p)} cannot stand on ${cellName(i)}: no such piece can reach it ` +
          `from where the game starts the ${T.name}s with the moves the rules give ` +
          `${prom ? 'it after promotion' : 'an unpromoted one'}`,
      };
    }
  }
  // promotions and conversions are made by capturing moves
  for (const c of [0, 1] as const) {
    const taken = MAKA_SIDE_TOTAL - onBoard[1 - c]!;
    let promoted = 0;
    for (const i of TEXT_ORDER) {
      const p = s.cells[i]!;
      if (p === 0 || colourOf(p) !== c || !isPromoted(p)) continue;
      if (++promoted > taken) {
        return {
          code: 'promoted',
          field: 'board',
          cell: i,
          message:
            `${SIDE[c]} has at least ${promoted} promoted piece${promoted === 1 ? '' : 's'} ` +
            `(counting to the one on ${cellName(i)}) but ${SIDE[1 - c]} has lost only ` +
            `${taken}: a piece promotes or converts only on a move that captures`,
        };
      }
    }
  }
  // royals
  if (royals[0] === 0 && royals[1] === 0) {
    return {
      code: 'no-pieces',
      field: 'board',
      message:
        'neither side has a royal piece (King, Emperor or Prince): the move that takes ' +
        "a side's last royal ends the game, and no one move leaves both without one",
    };
  }
  for (const c of [0, 1] as const) {
    if (royals[c] !== 0 || s.side === c) continue;
    // its own King or Prince may have converted, capturing a Deva or Dark Spirit
    if (o.conversion && spirits[c]! > 0) continue;
    return {
      code: 'side-to-move',
      field: 'side',
      message:
        `${SIDE[1 - c]} cannot be to move: ${SIDE[c]} has no royal piece, so ` +
        `${SIDE[1 - c]} took the last one and the game ended with ${SIDE[c]} to move` +
        (o.conversion
          ? ` (${SIDE[c]} has no Teaching King or Buddhist Spirit, so it did not convert its own royal)`
          : ''),
    };
  }
  return null;
}

/**
 * Reads a position string (sfen.ts readPosition: the grammar) and validates it
 * ({@link validateMakaSetup}) under options `o`: the one way text becomes a Maka Dai Dai position.
 * @throws ParseError (grammar) or PositionError (a ParseError with `reason`, `field` and `point`: the
 *   position cannot arise), each with the 1-based column of the piece or field at fault.
 */
export function parseMakaPosition(text: string, o: MakaOptions): MakaSetup {
  const { setup, columns, sideColumn } = readPosition(text);
  const why = validateMakaSetup(setup, o);
  if (why) {
    const column = why.cell !== undefined ? columns[why.cell]! : why.field === 'side' ? sideColumn : 1;
    throw new PositionError(
      text,
      column,
      why.code,
      why.field,
      why.message,
      why.cell === undefined ? undefined : cellName(why.cell),
    );
  }
  return setup;
}
