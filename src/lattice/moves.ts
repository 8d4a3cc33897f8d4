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
 */
import { IllegalMoveError, LatticeError, ArgumentError, describeValue, showValue } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import { IO_SET, type Core } from './core/wasm.js';
import { parseMoveText } from './position-text.js';

/**
 * Move kinds of the packed move (assembly/move.ts bits 24..27; the core exports the same values, checked in
 * test/unit/boundary.test.ts).
 */
export const KIND_PLACE = 0,
  KIND_STEP = 1,
  KIND_JUMP = 2,
  KIND_MULTI = 3,
  KIND_INTERVENE = 4;

export type { MoveInput, MoveKind, MoveValue } from '../contract/moves.js';
import type { MoveInput, MoveKind, MoveValue } from '../contract/moves.js';

const KIND_NAMES: Record<number, MoveKind> = {
  [KIND_PLACE]: 'place',
  [KIND_STEP]: 'step',
  [KIND_JUMP]: 'jump',
  [KIND_MULTI]: 'jump',
  [KIND_INTERVENE]: 'intervention',
};

/** Scratch for one path's points, end first (a path has at most one landing per point of the board). */
const PATH_BUF = new Int32Array(256);
/** Scratch for one path's text as char codes (at most 256 points of at most 3 characters and an x each). */
const CHAR_BUF = new Uint16Array(1024);
/** Writes a point name's char codes at out[c..]; returns the end. */
function putName(out: Uint16Array, c: number, name: string): number {
  for (let k = 0; k < name.length; k++) out[c++] = name.charCodeAt(k);
  return c;
}
const LATIN1 = new TextDecoder('latin1');
const PACKED_NAMES = new WeakMap<Board, Uint32Array>();
/**
 * The board's point names as bytes in one word each (bytes 0..2, length in byte 3; names have 2-3 characters), cached
 * per board.
 */
function namesPacked(board: Board, names: readonly string[]): Uint32Array {
  let c = PACKED_NAMES.get(board);
  if (!c) {
    c = new Uint32Array(names.length);
    names.forEach((n, i) => {
      let w = n.length << 24;
      for (let k = 0; k < Math.min(3, n.length); k++) w |= n.charCodeAt(k) << (8 * k);
      c![i] = w >>> 0;
    });
    PACKED_NAMES.set(board, c);
  }
  return c;
}
const NAMES = new WeakMap<Board, readonly string[]>();
/** The board's point names by index (cached per board). */
function pointNames(board: Board): readonly string[] {
  let n = NAMES.get(board);
  if (!n) {
    n = board.points.map((p) => p.name);
    NAMES.set(board, n);
  }
  return n;
}

/** The kind of a packed move. */
export function moveKind(m: number): number {
  return (m >>> 24) & 0xf;
}
const isCapture = (m: number) => {
  const k = moveKind(m);
  return k === KIND_JUMP || k === KIND_MULTI;
};

/** The LatticeError 'overflow' naming the capacity that ran out (kind 2: path nodes, else a list). */
function overflowError(core: Core, what: string, kind: number): LatticeError {
  const e = core.exports;
  const limit =
    kind === 2
      ? `the root list's ${e.maxMoves()} path nodes`
      : `${e.maxMoves()} moves in one list (${e.stackMoves()} on the search and perft stack)`;
  return new LatticeError(
    'overflow',
    `${what}: a position had more legal moves than the core holds: ${limit}, this build's largest capacity (${core.wide ? 'wide' : 'u64'} build; the most seen in these games is 343,909, README "Memory and capacities"); the result would be wrong`,
  );
}

/**
 * Runs a core run (perft, search) and, when it overflowed lists that can still grow (the wide build
 * allocates them on demand), grows them and runs it again; at the largest size it returns the result
 * if `partialOk()` says the run's result stands without the part that did not fit (a search's completed
 * iterations), else throws LatticeError 'overflow' naming the capacity. A search run again reports its
 * iterations again.
 */
export function runGrowing<T>(core: Core, what: string, run: () => T, partialOk: () => boolean = () => false): T {
  const e = core.exports;
  for (;;) {
    const r = run();
    if (!e.moveOverflow()) return r;
    if (!e.growLists()) {
      if (partialOk()) return r;
      throw overflowError(core, what, e.moveOverflowKind());
    }
  }
}

/**
 * The legal moves of one position, read from the core's root list (`legalMoves()` just called, the
 * position unchanged since). Indices are list order. Texts and values are made on demand.
 */
export class MoveList {
  /** Number of moves. */
  readonly length: number;
  /** Packed keys (assembly/move.ts). */
  readonly packed: Uint32Array;
  /** Captured sets: `words` u32 words per move (bit i of the set = point i). */
  readonly caps: Uint32Array;
  readonly words: number;
  private readonly rootNode: Int32Array;
  private readonly parent: Int32Array;
  private readonly point: Int32Array;
  private readonly board: Board;
  /** Point names by index. */
  private readonly names: readonly string[];
  /** Capture moves per (from, to): counts at from * 256 + to (built on first use). */
  private ends: Uint32Array | null = null;
  /** Moves per (from, to) key: from * 256 + to (placements: 255 * 256 + to) -> indices (built on first use). */
  private byEnds: Map<number, number[]> | null = null;

  /** Reads the root list of `core` (the caller ran `legalMoves()`, which returned `n`). */
  constructor(core: Core, board: Board, n: number) {
    const e = core.exports;
    const buf = e.memory.buffer;
    this.board = board;
    this.names = pointNames(board);
    this.length = n;
    this.packed = new Uint32Array(buf, e.movesPtr(), n).slice();
    this.words = e.setWords() * 2;
    this.caps = new Uint32Array(buf, e.capsPtr(), n * this.words).slice();
    this.rootNode = new Int32Array(buf, e.rootNodePtr(), n).slice();
    const nodes = e.nodeCount();
    this.parent = new Int32Array(buf, e.nodeParentPtr(), nodes).slice();
    this.point = new Int32Array(buf, e.nodePointPtr(), nodes).slice();
  }

  /**
   * Lists the legal moves of the core's current position (RULES.md §0; repetition=forbid applied by the
   * core). Where the list outgrew the core's lists, they grow (the wide build's memory on demand) and it
   * lists again. Throws LatticeError 'overflow' past the largest capacity, naming it.
   */
  static read(core: Core, board: Board, what = 'legal moves'): MoveList {
    const e = core.exports;
    for (;;) {
      const n = e.legalMoves();
      if (!e.rootOverflow()) return new MoveList(core, board, n);
      if (!e.growLists()) throw overflowError(core, what, e.moveOverflowKind());
    }
  }

  /** The name of point p. */
  name(p: number): string {
    return this.names[p]!;
  }
  from(i: number): number {
    return (this.packed[i]! >>> 8) & 0xff;
  }
  to(i: number): number {
    return this.packed[i]! & 0xff;
  }
  kind(i: number): number {
    return moveKind(this.packed[i]!);
  }

  /** The captured set of move i as a bigint (for the core's IO). */
  capsBig(i: number): bigint {
    let v = 0n;
    for (let w = this.words - 1; w >= 0; w--) v = (v << 32n) | BigInt(this.caps[i * this.words + w]!);
    return v;
  }

  /** The captured points of move i, ascending. */
  captured(i: number): number[] {
    const out: number[] = [];
    for (let w = 0; w < this.words; w++) {
      let x = this.caps[i * this.words + w]!;
      while (x !== 0) {
        const b = 31 - Math.clz32(x & -x);
        out.push(w * 32 + b);
        x &= x - 1;
      }
    }
    return out;
  }

  /** Point indices of move i's canonical path: [to], [from, to], or [from, landings...]. */
  path(i: number): number[] {
    const k = this.kind(i),
      to = this.to(i),
      from = this.from(i);
    if (k === KIND_PLACE) return [to];
    if (k !== KIND_MULTI) return [from, to];
    const out: number[] = [];
    for (let j = this.rootNode[i]!; j >= 0; j = this.parent[j]!) out.push(this.point[j]!);
    out.push(from);
    return out.reverse();
  }

  private endsKey(i: number): number {
    return this.kind(i) === KIND_PLACE ? 255 * 256 + this.to(i) : this.from(i) * 256 + this.to(i);
  }

  /** True if no other legal move of the list starts and ends where move i does (steps included). */
  private uniqueEnds(i: number): boolean {
    if (this.ends === null) {
      this.ends = new Uint32Array(65536);
      for (let j = 0; j < this.length; j++) this.ends[this.endsKey(j)]++;
    }
    return this.ends[this.endsKey(i)] === 1;
  }

  /** The canonical text of move i (see the top of this file). */
  text(i: number): string {
    const names = this.names;
    const m = this.packed[i]!,
      k = moveKind(m),
      to = m & 0xff,
      from = (m >>> 8) & 0xff;
    if (k === KIND_PLACE) return names[to]!;
    if (k === KIND_STEP || k === KIND_INTERVENE) return names[from]! + '-' + names[to]!;
    if (k === KIND_JUMP || this.uniqueEnds(i)) return names[from]! + 'x' + names[to]!;
    return this.pathText(i);
  }

  /** The full path text of move i (`a1xc3xe5`, `a1-b2`, `c3`), whatever its canonical form. */
  pathText(i: number): string {
    const names = this.names;
    const m = this.packed[i]!,
      k = moveKind(m),
      to = m & 0xff,
      from = (m >>> 8) & 0xff;
    if (k === KIND_PLACE) return names[to]!;
    if (k === KIND_STEP || k === KIND_INTERVENE) return names[from]! + '-' + names[to]!;
    if (k === KIND_JUMP) return names[from]! + 'x' + names[to]!;
    // the chain of path nodes runs from the end back to the first landing
    // written as char codes into one buffer and made a flat string at once (concatenation would leave
    // a rope of ~2 pieces per landing behind every text: 10^6 of them in a list of 61,178 long paths)
    const buf = PATH_BUF;
    let len = 0;
    for (let j = this.rootNode[i]!; j >= 0; j = this.parent[j]!) buf[len++] = this.point[j]!;
    const out = CHAR_BUF;
    let c = putName(out, 0, names[from]!);
    while (len > 0) {
      out[c++] = 120; /* x */
      c = putName(out, c, names[buf[--len]!]!);
    }
    return String.fromCharCode.apply(null, out.subarray(0, c) as unknown as number[]);
  }

  /**
   * Every canonical text, in list order. All texts are written as bytes into one buffer, decoded once and
   * sliced: linear in their total length, with no per-text string building.
   */
  texts(): string[] {
    const names = this.names;
    // each point's name as up to 3 bytes packed in one word (byte 3: its length), and the separator
    // before it: 'x' (120) or '-' (45)
    const packedNames = namesPacked(this.board, names);
    let bytes = new Uint8Array(Math.max(64, this.length * 8));
    const ends = new Uint32Array(this.length);
    const buf = PATH_BUF;
    const packed = this.packed,
      rootNode = this.rootNode,
      parent = this.parent,
      point = this.point;
    let c = 0;
    for (let i = 0; i < this.length; i++) {
      const m = packed[i]!,
        k = moveKind(m),
        to = m & 0xff,
        from = (m >>> 8) & 0xff;
      let len = 0;
      if (k === KIND_PLACE) buf[len++] = to;
      else {
        if (k === KIND_MULTI && !this.uniqueEnds(i))
          for (let j = rootNode[i]!; j >= 0; j = parent[j]!) buf[len++] = point[j]!;
        else buf[len++] = to;
        buf[len++] = from;
      }
      if (c + 4 * len > bytes.length) {
        const b2 = new Uint8Array(bytes.length * 2 + 4 * len);
        b2.set(bytes);
        bytes = b2;
      }
      const sep = k === KIND_STEP || k === KIND_INTERVENE ? 45 : 120;
      for (let q = len - 1; q >= 0; q--) {
        const w = packedNames[buf[q]!]!,
          n = w >>> 24;
        bytes[c] = w & 0xff;
        if (n > 1) bytes[c + 1] = (w >>> 8) & 0xff;
        if (n > 2) bytes[c + 2] = (w >>> 16) & 0xff;
        c += n;
        if (q > 0) bytes[c++] = sep;
      }
      ends[i] = c;
    }
    const all = LATIN1.decode(bytes.subarray(0, c));
    const out = new Array<string>(this.length);
    let start = 0;
    for (let i = 0; i < this.length; i++) {
      out[i] = all.substring(start, ends[i]!);
      start = ends[i]!;
    }
    return out;
  }

  /** Move i as a value (its captured set, path and text are made when first read). */
  value(i: number): Move {
    return new Move(this, i);
  }

  /** Every move as a value, in list order (see Move: creating them writes no text). */
  values(): Move[] {
    const out = new Array<Move>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = new Move(this, i);
    return out;
  }

  /** Indices of the moves from `from` (255: a placement) to `to`. */
  withEnds(from: number, to: number): number[] {
    if (this.byEnds === null) {
      this.byEnds = new Map();
      for (let j = 0; j < this.length; j++) {
        const key = this.endsKey(j);
        const a = this.byEnds.get(key);
        if (a) a.push(j);
        else this.byEnds.set(key, [j]);
      }
    }
    return this.byEnds.get(from * 256 + to) ?? [];
  }

  /** The index of the move with this identity (a capture's set as u32 words, or null for none), or -1. */
  findIdentity(from: number, to: number, caps: Uint32Array | null, capture: boolean): number {
    for (const j of this.withEnds(from, to)) {
      if (isCapture(this.packed[j]!) !== capture) continue;
      if (!capture) return j;
      let same = true;
      for (let w = 0; w < this.words && same; w++) same = this.caps[j * this.words + w] === (caps ? (caps[w] ?? 0) : 0);
      if (same) return j;
    }
    return -1;
  }

  /**
   * The index of packed move `m` (with captured set `caps`, a bigint: read for a multi-jump only, whose key
   * does not hold its set), or -1.
   */
  findPacked(m: number, caps: bigint): number {
    const k = moveKind(m);
    const cands = this.withEnds(k === KIND_PLACE ? 255 : (m >>> 8) & 0xff, m & 0xff);
    for (const j of cands) {
      if (this.packed[j] !== m) continue;
      if (k !== KIND_MULTI || this.capsBig(j) === caps) return j;
    }
    return -1;
  }

  /** Plays move i (this list must be the core's current position's). */
  play(core: Core, i: number): void {
    core.writeSet(IO_SET.caps, this.capsBig(i));
    core.exports.makeMove(this.packed[i]!);
  }
}

/**
 * Texts of a line of packed moves (each with its captured set: a principal variation, a tablebase line)
 * played from the core's current position, as far as its moves are legal (the core's own lines always
 * are). A capture's text depends on the other legal moves, so its position is listed; a placement's or
 * step's is not. The position is unchanged afterwards.
 */
export function lineTexts(core: Core, board: Board, line: ReadonlyArray<{ m: number; caps: bigint }>): string[] {
  const out: string[] = [];
  const e = core.exports;
  for (const { m, caps } of line) {
    const k = moveKind(m);
    if (k === KIND_PLACE || k === KIND_STEP || k === KIND_INTERVENE) {
      const names = board.points;
      out.push(k === KIND_PLACE ? names[m & 0xff]!.name : `${names[(m >>> 8) & 0xff]!.name}-${names[m & 0xff]!.name}`);
      core.writeSet(IO_SET.caps, caps);
      e.makeMove(m);
      continue;
    }
    const list = MoveList.read(core, board, 'a line of moves');
    const j = list.findPacked(m, caps);
    if (j < 0) break;
    out.push(list.text(j));
    list.play(core, j);
  }
  for (let i = 0; i < out.length; i++) e.unmakeMove();
  return out;
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
        `${cands.length} legal captures start on ${board.points[from]!.name} and end on ${board.points[to]!.name}: give the path, one of ${paths}${cands.length > 10 ? ' ...' : ''}`,
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
        `${what} must be a point name of board ${board.id}, got ${typeof name === 'bigint' ? `${name}n` : describeValue(name)}`,
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
      `the move value ${shown} contradicts itself: ${what} ${given}, but the move it names (${list.text(i)}) has ${has}`,
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
 * A legal move of one position as a value (MoveValue): `kind`, `from` and `to` are plain fields;
 * `captured`, `path` and `text` are computed from the position's move list when first read and then
 * kept (a position can have 10^5 moves whose paths are long, and most callers read a few of them).
 * `toJSON()` gives the plain object (JSON.stringify uses it; the worker sends it).
 */
export class Move implements MoveValue {
  readonly kind: MoveKind;
  readonly from: string | null;
  readonly to: string;
  readonly #list: MoveList;
  readonly #i: number;
  #captured: string[] | undefined;
  #path: string[] | undefined;
  #text: string | undefined;

  constructor(list: MoveList, i: number) {
    const k = list.kind(i);
    this.#list = list;
    this.#i = i;
    this.kind = KIND_NAMES[k]!;
    this.from = k === KIND_PLACE ? null : list.name(list.from(i));
    this.to = list.name(list.to(i));
  }
  /** The points whose pieces the move takes, in board order (a stack's point loses one piece). */
  get captured(): string[] {
    return (this.#captured ??= this.#list.captured(this.#i).map((p) => this.#list.name(p)));
  }
  /** [to], [from, to], or [from, landing, ..., to] (the canonical path). */
  get path(): string[] {
    return (this.#path ??= this.#list.path(this.#i).map((p) => this.#list.name(p)));
  }
  /** The canonical text (see the top of src/lattice/moves.ts). */
  get text(): string {
    return (this.#text ??= this.#list.text(this.#i));
  }
  /** The move as a plain object. */
  toJSON(): MoveValue {
    return { kind: this.kind, from: this.from, to: this.to, captured: this.captured, path: this.path, text: this.text };
  }
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
