/**
 * A position's legal moves as the host holds them (DESIGN.md "Moves and positions as values"): MoveList, the
 * core's root list copied into typed arrays once per position, and Move, one of them as a value whose text,
 * path and captured set are made when first read. The move text is that of the top of src/lattice/moves.ts,
 * which re-exports both classes.
 */
import type { Board } from '../board/index.js';
import type { MoveKind, MoveValue } from '../contract/moves.js';
import { IO_SET, type Core } from './core/wasm.js';
import {
  CHAR_BUF,
  KIND_INTERVENE,
  KIND_JUMP,
  KIND_MULTI,
  KIND_NAMES,
  KIND_PLACE,
  KIND_STEP,
  LATIN1,
  PATH_BUF,
  isCapture,
  moveKind,
  namesPacked,
  overflowError,
  pointNames,
  putName,
} from './packed-moves.js';

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

  /** The canonical text of move i (see the top of src/lattice/moves.ts). */
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
