/**
 * Moves as values (DESIGN.md "Moves and positions as values"; notation: RULES.md §0 "Notation"). A
 * position's legal moves are read from the core once, into typed arrays (packed key, kind, from, to,
 * captured set as 32-bit words, one path node per capture move), and every question about them (the
 * structured values, the texts, a text or value to play) is answered from that copy. Text is written only
 * for the moves asked for, and parsed without writing any.
 *
 * Move text: `c3` placement, `a1-b2` step (a step that captures by intervention too: its captures follow
 * from the position), and for a capture by jumping:
 * - `a1xc3` (start and end) when no other legal move (a step included) starts and ends on the same
 *   points, as draughts notation writes captures; a single jump is always written so;
 * - otherwise one path of the move, start then each landing (`a1xc3xe5xc3`): of the move's paths, the
 *   one whose landings come first in board order (a1, b1, ..., a2, ...: rank by rank from the first
 *   rank, files left to right), compared landing by landing. The core records that path while listing
 *   the moves (assembly/movelist.ts), so no path of any move is enumerated and there is no budget.
 * Every path of a move is accepted, and so is the short form wherever it is unambiguous: a path is
 * checked hop by hop by the core (`pathCaptures`: the rules of RULES.md §0 and §4), its captured set
 * derived, and the move found by its identity (kind, from, to, captured set).
 *
 * This file finds moves (by text, by value, by a path of clicks) and writes lines of them; MoveList and Move
 * are in src/lattice/move-list.ts, the packed kinds and the lists' capacity (runGrowing) in
 * src/lattice/packed-moves.ts, all re-exported here.
 */
import { IllegalMoveError, ArgumentError, describeValue, showValue } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import { IO_SET, type Core } from './core/wasm.js';
import { parseMoveText } from './position-text.js';
import { KIND_INTERVENE, KIND_NAMES, KIND_PLACE, KIND_STEP, isCapture, moveKind } from './packed-moves.js';
import { MoveList } from './move-list.js';

export {
  KIND_PLACE,
  KIND_STEP,
  KIND_JUMP,
  KIND_MULTI,
  KIND_INTERVENE,
  moveKind,
  runGrowing,
} from './packed-moves.js';
export { MoveList, Move } from './move-list.js';
export type { MoveInput, MoveKind, MoveValue } from '../contract/moves.js';
import type { MoveInput, MoveKind, MoveValue } from '../contract/moves.js';

/** A packed move of a line with its captured set (a principal variation, a tablebase line). */
export type PackedLineMove = { m: number; caps: bigint };

/**
 * Walks a line of packed moves played from the core's current position, as far as its moves are legal (the
 * core's own lines always are), giving each to `named` (a placement, a step or an intervention: no list
 * needed, its points say it) or `listed` (a capture: its text depends on the other legal moves, so its
 * position is listed and the move found there by identity). The position is unchanged afterwards.
 */
function walkLine<T>(
  core: Core,
  board: Board,
  line: ReadonlyArray<PackedLineMove>,
  named: (m: number, caps: bigint) => T,
  listed: (list: MoveList, j: number) => T,
): T[] {
  const out: T[] = [];
  const e = core.exports;
  for (const { m, caps } of line) {
    const k = moveKind(m);
    if (k === KIND_PLACE || k === KIND_STEP || k === KIND_INTERVENE) {
      out.push(named(m, caps));
      core.writeSet(IO_SET.caps, caps);
      e.makeMove(m);
      continue;
    }
    const list = MoveList.read(core, board, 'a line of moves');
    const j = list.findPacked(m, caps);
    if (j < 0) break;
    out.push(listed(list, j));
    list.play(core, j);
  }
  for (let i = 0; i < out.length; i++) e.unmakeMove();
  return out;
}

/**
 * Texts of a line of packed moves (each with its captured set: a principal variation, a tablebase line)
 * played from the core's current position, as far as its moves are legal (the core's own lines always
 * are): each the canonical text legalMoves() gives it in its position. The position is unchanged afterwards.
 */
export function lineTexts(core: Core, board: Board, line: ReadonlyArray<PackedLineMove>): string[] {
  const names = board.points;
  return walkLine(
    core,
    board,
    line,
    (m) =>
      moveKind(m) === KIND_PLACE ? names[m & 0xff]!.name : `${names[(m >>> 8) & 0xff]!.name}-${names[m & 0xff]!.name}`,
    (list, j) => list.text(j),
  );
}

/**
 * The moves of a line of packed moves (as lineTexts) as plain values: each the MoveValue moves() gives it in its
 * position (`{ kind, from, to, captured, path, text }`, points by name, every field filled in: JSON-safe and
 * structured-clone-safe), playable by play() there. The position is unchanged afterwards.
 */
export function lineValues(core: Core, board: Board, line: ReadonlyArray<PackedLineMove>): MoveValue[] {
  const name = (p: number) => board.points[p]!.name;
  return walkLine(
    core,
    board,
    line,
    (m, caps): MoveValue => {
      const k = moveKind(m),
        to = name(m & 0xff);
      if (k === KIND_PLACE) return { kind: 'place', from: null, to, captured: [], path: [to], text: to };
      const from = name((m >>> 8) & 0xff);
      // an intervention's captured set is the one its key came with (board order)
      const captured: string[] = [];
      for (let p = 0, c = caps; c !== 0n; p++, c >>= 1n) if (c & 1n) captured.push(name(p));
      return { kind: KIND_NAMES[k]!, from, to, captured, path: [from, to], text: `${from}-${to}` };
    },
    (list, j) => list.value(j).toJSON(),
  );
}

/**
 * The core's captured set of the capture path `points` (start, landings) of the side to move, as u32
 * words, or the index of the first hop that is no capture there (RULES.md §0, §4).
 */
function pathCaptures(
  core: Core,
  points: readonly number[],
  words: number,
): { caps: Uint32Array } | { badHop: number } {
  const e = core.exports;
  if (points.length > 2 * core.maxPoints + 2) return { badHop: core.maxPoints };
  new Int32Array(e.memory.buffer, e.pathInPtr(), points.length).set(points);
  const rc = e.pathCaptures(points.length);
  if (rc < 0) return { badHop: -rc - 1 };
  const set = core.readSet(IO_SET.caps);
  const caps = new Uint32Array(words);
  for (let w = 0; w < words; w++) caps[w] = Number((set >> BigInt(32 * w)) & 0xffffffffn);
  return { caps };
}

/** An IllegalMoveError naming the first 40 legal moves and their number. */
function illegal(list: MoveList, move: string, position: string, why?: string): IllegalMoveError {
  const shown: string[] = [];
  for (let i = 0; i < Math.min(40, list.length); i++) shown.push(list.text(i));
  const legal =
    list.length === 0
      ? 'no legal moves'
      : `legal moves: ${shown.join(' ')}${list.length > 40 ? ` ... (${list.length} in all)` : ''}`;
  return new IllegalMoveError(move, position, why ? `${why}; ${legal}` : legal);
}

/**
 * Finds the legal move a text denotes (see the top of this file): a placement or step by its points; a
 * capture by its path's identity (each hop checked by the core), or, for `fromxto`, the one capture with
 * those ends. `position` is for messages. Returns the list index.
 * @throws ParseError for malformed text; IllegalMoveError when no legal move matches, or the short form
 *   is ambiguous (the message lists the candidates' paths).
 */
export function findText(core: Core, board: Board, list: MoveList, text: string, position: string): number {
  const mt = parseMoveText(board, text);
  return findPoints(core, board, list, mt.kind, mt.points, text, position);
}

function findPoints(
  core: Core,
  board: Board,
  list: MoveList,
  kind: 'place' | 'step' | 'jump',
  pts: readonly number[],
  shown: string,
  position: string,
): number {
  if (kind === 'place') {
    const i = list.findIdentity(255, pts[0]!, null, false);
    if (i < 0) throw illegal(list, shown, position);
    return i;
  }
  const from = pts[0]!,
    to = pts[pts.length - 1]!;
  if (kind === 'step') {
    const i = list.findIdentity(from, to, null, false);
    if (i < 0) throw illegal(list, shown, position);
    return i;
  }
  const r = pathCaptures(core, pts, list.words);
  if ('caps' in r) {
    const i = list.findIdentity(from, to, r.caps, true);
    if (i >= 0) return i;
  }
  if (pts.length === 2) {
    const cands = list.withEnds(from, to).filter((j) => isCapture(list.packed[j]!));
    if (cands.length === 1) return cands[0]!;
    if (cands.length > 1) {
      const paths = cands
        .slice(0, 10)
        .map((j) => list.pathText(j))
        .join(' ');
      throw new IllegalMoveError(
        shown,
        position,
        `${cands.length} legal captures start on ${board.points[from]!.name} and end on ` +
          `${board.points[to]!.name}: give the path, one of ` +
          `${paths}${cands.length > 10 ? ' ...' : ''}`,
      );
    }
  }
  if ('badHop' in r && r.badHop + 1 < pts.length) {
    const a = board.points[pts[r.badHop]!]!.name,
      b = board.points[pts[r.badHop + 1]!]!.name;
    throw illegal(list, shown, position, `hop ${r.badHop + 1} (${a}x${b}) is not a capture here`);
  }
  throw illegal(list, shown, position);
}

const INPUT_KEYS = new Set(['from', 'to', 'captured', 'path', 'kind', 'text', 'choice']);
const KINDS = new Set<string>(['place', 'step', 'jump', 'intervention', 'capture']);

/** A checked move value: point indices (no holes, every name on the board), the kind if given. */
interface CheckedValue {
  from: number | null | undefined;
  to: number | undefined;
  captured: number[] | undefined;
  path: number[] | undefined;
  kind: MoveKind | undefined;
  text: string | undefined;
}

/**
 * Checks a move value's shape, whatever the position (play() runs it before anything else): an object,
 * known keys, `from`/`to` point names of this board (`from` null or absent: a placement), `captured` and
 * `path` arrays of point names without holes, `kind` a MoveKind, `text` a string; `choice` is for
 * families with choices (Maka Dai Dai), refused here. Throws ArgumentError naming the field.
 */
export function checkValue(board: Board, v: unknown): CheckedValue {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new ArgumentError(
      `a move must be a string or an object { from, to, captured | path }, got ${describeValue(v)}`,
    );
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!INPUT_KEYS.has(k))
      throw new ArgumentError(`unknown key "${k}" in a move object (known: ${[...INPUT_KEYS].join(', ')})`);
  const point = (name: unknown, what: string): number => {
    const p = typeof name === 'string' ? board.index(name.trim().toLowerCase()) : -1;
    if (p < 0)
      throw new ArgumentError(
        `${what} must be a point name of board ${board.id}, got ` +
          `${typeof name === 'bigint' ? `${name}n` : describeValue(name)}`,
      );
    return p;
  };
  const points = (arr: unknown, what: string): number[] | undefined => {
    if (arr === undefined) return undefined;
    if (!Array.isArray(arr))
      throw new ArgumentError(`${what} must be an array of point names, got ${describeValue(arr)}`);
    const out: number[] = [];
    for (let i = 0; i < arr.length; i++) out.push(point(arr[i], `${what}[${i}]`)); // a hole is undefined: refused
    return out;
  };
  if (o.choice !== undefined)
    throw new ArgumentError(
      `choice applies to games whose moves choose (Maka Dai Dai's promotion), not to board ${board.id}`,
    );
  if (o.kind !== undefined && !(typeof o.kind === 'string' && KINDS.has(o.kind)))
    throw new ArgumentError(`kind must be one of ${[...KINDS].join(', ')}, got ${describeValue(o.kind)}`);
  if (o.text !== undefined && typeof o.text !== 'string')
    throw new ArgumentError(`text must be a move text, got ${describeValue(o.text)}`);
  const path = points(o.path, 'path');
  if (path !== undefined && path.length === 0) throw new ArgumentError('path must name at least one point');
  const captured = points(o.captured, 'captured');
  const from = o.from === undefined || o.from === null ? (o.from as null | undefined) : point(o.from, 'from');
  const to = o.to === undefined ? undefined : point(o.to, 'to');
  if (path === undefined && to === undefined && o.text === undefined)
    throw new ArgumentError('a move object needs to (or path, or text)');
  return { from, to, captured, path, kind: o.kind as MoveKind | undefined, text: o.text as string | undefined };
}

/**
 * Finds the legal move a value denotes (a Move from moves(), its toJSON(), or `{ from, to, captured }`,
 * `{ path }`, `{ text }`). The move is found from its path, else its text, else its points (as text
 * would name them: `{ from, to }` is the step, or the one capture, between them); every other field
 * given must agree with that move (ArgumentError naming the one that does not). Returns the list index.
 * @throws ArgumentError for a malformed or self-contradicting value (checkValue); IllegalMoveError when
 *   no legal move has that identity, or `{ from, to }` names several captures.
 */
export function findValue(core: Core, board: Board, list: MoveList, v: MoveInput, position: string): number {
  const c = checkValue(board, v);
  const shown = showValue(v);
  let i: number;
  if (c.path !== undefined) {
    const pts = c.path;
    // two points and no kind: a step where a step (or an intervention) has those ends, else a jump
    const kind =
      pts.length === 1
        ? 'place'
        : c.kind === 'step' || c.kind === 'intervention'
          ? 'step'
          : pts.length > 2 || c.kind === 'jump'
            ? 'jump'
            : list.findIdentity(pts[0]!, pts[1]!, null, false) >= 0
              ? 'step'
              : 'jump';
    i = findPoints(core, board, list, kind, pts, shown, position);
  } else if (c.text !== undefined) {
    i = findText(core, board, list, c.text, position);
  } else if (c.from === undefined || c.from === null) {
    i = findPoints(core, board, list, 'place', [c.to!], shown, position);
  } else if (c.captured !== undefined && c.captured.length > 0 && c.kind !== 'intervention' && c.kind !== 'step') {
    const caps = new Uint32Array(list.words);
    for (const p of c.captured) caps[p >>> 5] |= 1 << (p & 31);
    i = list.findIdentity(c.from, c.to!, caps, true);
    if (i < 0) {
      // a step that captures by intervention, named by its captured set
      const s = list.findIdentity(c.from, c.to!, null, false);
      if (s >= 0 && list.kind(s) === KIND_INTERVENE && caps.every((w, k) => list.caps[s * list.words + k] === w)) i = s;
    }
    // no legal move has this identity (from, to, captured set)
    if (i < 0) throw illegal(list, shown, position);
  } else {
    // { from, to }: the step between them, else as the text fromxto names them (a single jump, or the one capture)
    i = list.findIdentity(c.from, c.to!, null, false);
    if (i < 0) i = findPoints(core, board, list, 'jump', [c.from, c.to!], shown, position);
  }
  // every field given must agree with the move found
  const names = (ps: number[]) => ps.map((p) => board.points[p]!.name);
  const disagree = (what: string, given: string, has: string) =>
    new ArgumentError(
      `the move value ${shown} contradicts itself: ${what} ${given}, but the move it ` +
        `names (${list.text(i)}) has ${has}`,
    );
  const kindOf = KIND_NAMES[list.kind(i)]!;
  if (c.kind !== undefined && c.kind !== kindOf) throw disagree('kind', c.kind, kindOf);
  const from = list.kind(i) === KIND_PLACE ? null : list.from(i);
  if (c.from !== undefined && c.from !== from)
    throw disagree('from', c.from === null ? 'null' : names([c.from])[0]!, from === null ? 'none' : names([from])[0]!);
  if (c.to !== undefined && c.to !== list.to(i)) throw disagree('to', names([c.to])[0]!, names([list.to(i)])[0]!);
  if (c.captured !== undefined) {
    const want = [...new Set(c.captured)].sort((a, b) => a - b).join(),
      has = list.captured(i).join();
    if (want !== has || c.captured.length !== new Set(c.captured).size)
      throw disagree('captured', `[${names(c.captured).join(' ')}]`, `[${names(list.captured(i)).join(' ')}]`);
  }
  if (c.text !== undefined && c.path !== undefined && findText(core, board, list, c.text, position) !== i)
    throw disagree('text', c.text, `the path ${list.pathText(i)}`);
  return i;
}

/**
 * Where a path of clicks stands (the page's move entry): `points` are point indices, the start first. A
 * placement or step path is complete or not; a capture path is checked hop by hop by the core. Returns
 * null if no legal move has such a path (as far as the core can tell: a capture path whose captured set
 * is part of a legal capture's from the same start may go on), else `move` (the index of the legal move
 * the path completes, or -1) and `more` (true if a legal capture from the same start takes more).
 */
export function alongPath(
  core: Core,
  list: MoveList,
  points: readonly number[],
): { move: number; more: boolean } | null {
  if (points.length === 0) return null;
  const from = points[0]!;
  const starts = (j: number) => list.kind(j) !== KIND_PLACE && list.from(j) === from;
  if (points.length === 1) {
    const place = list.findIdentity(255, from, null, false);
    let more = false;
    for (let j = 0; j < list.length && !more; j++) more = starts(j);
    return place < 0 && !more ? null : { move: place, more };
  }
  const to = points[points.length - 1]!;
  const step = points.length === 2 ? list.findIdentity(from, to, null, false) : -1;
  if (step >= 0) return { move: step, more: false };
  const r = pathCaptures(core, points, list.words);
  if (!('caps' in r)) return null;
  const move = list.findIdentity(from, to, r.caps, true);
  let more = false;
  for (let j = 0; j < list.length && !more; j++) {
    if (!starts(j) || !isCapture(list.packed[j]!)) continue;
    let superset = true,
      larger = false;
    for (let w = 0; w < list.words && superset; w++) {
      const a = list.caps[j * list.words + w]!,
        b = r.caps[w]!;
      superset = (b & ~a) === 0; // not (a & b) === b: & gives a signed int, b is unsigned (bit 31)
      if (a !== b) larger = true;
    }
    more = superset && larger;
  }
  return move < 0 && !more ? null : { move, more };
}
