/**
 * 19x19 mailbox position with a 3-square guard border, make/unmake with an undo stack and an
 * incremental Zobrist key.
 *
 * Board layout: a 25 x 25 Uint8Array; square (file f, rank r), both 0-based, is (r + 3) * 25 + f + 3.
 * The 3-square guard means every step, jump (<= 2) and Lion Dog stop (<= 3) from a real square indexes
 * inside the array, so generators test `=== OFF` instead of bounds.
 *
 * Piece byte (0 = empty, 255 = OFF):
 *   bit 0     colour (0 Black, 1 White)
 *   bit 1     promoted
 *   bits 2..7 type id + 1 (type ids from pieces.ts, 0..49)
 * so `p - 4` = (form << 1) | colour with form = type * 2 + promoted, an index 0..199 for move tables.
 */
import { DEVA, DARK_SPIRIT, KING, DRUNK_ELEPHANT, PIECES } from './pieces.js';
import { ADVANCE, ADVANCE_RANKS, VALUE_OF_BYTE } from './eval.js';

export const SIZE = 19;
export const PAD = 3;
export const W = SIZE + 2 * PAD;
export const CELLS = W * W;
export const EMPTY = 0;
export const OFF = 255;
export const BLACK = 0;
export const WHITE = 1;

export const sq = (file: number, rank: number): number => (rank + PAD) * W + file + PAD;
export const fileOf = (s: number): number => (s % W) - PAD;
export const rankOf = (s: number): number => Math.floor(s / W) - PAD;
export const makePiece = (type: number, promoted: boolean, colour: number): number =>
  ((type + 1) << 2) | (promoted ? 2 : 0) | colour;
export const typeOf = (p: number): number => (p >> 2) - 1;
export const isPromoted = (p: number): boolean => (p & 2) !== 0;
export const colourOf = (p: number): number => p & 1;

/** The 361 real squares, in order a1, b1, ... s1, a2, ... s19. */
export const SQUARES: Int16Array = (() => {
  const a = new Int16Array(SIZE * SIZE);
  for (let r = 0; r < SIZE; r++) for (let f = 0; f < SIZE; f++) a[r * SIZE + f] = sq(f, r);
  return a;
})();

/** Per piece byte: royal (King, Emperor, Prince). */
export const ROYAL = new Uint8Array(256);
/** Per piece byte: Emperor. */
export const IS_EMPEROR = new Uint8Array(256);
/** Per piece byte: capture flags: 1 promoted, 2 Deva or Teaching King, 4 Dark Spirit or Buddhist Spirit. */
export const CAPTURE_FLAGS = new Uint8Array(256);
export const CAP_PROMOTED = 1,
  CAP_DEVA = 2,
  CAP_SPIRIT = 4;
for (let t = 0; t < PIECES.length; t++) {
  for (let c = 0; c < 2; c++) {
    const u = makePiece(t, false, c),
      p = makePiece(t, true, c);
    ROYAL[u] = t === KING ? 1 : 0;
    ROYAL[p] = t === KING || t === DRUNK_ELEPHANT ? 1 : 0;
    IS_EMPEROR[p] = t === KING ? 1 : 0;
    const kind = t === DEVA ? CAP_DEVA : t === DARK_SPIRIT ? CAP_SPIRIT : 0;
    CAPTURE_FLAGS[u] = kind;
    CAPTURE_FLAGS[p] = kind | CAP_PROMOTED;
  }
}

/** Rank and file (0-based) of every cell of the padded board (-3..21 on the guard). */
export const RANK_OF = Int8Array.from({ length: CELLS }, (_, i) => rankOf(i));
export const FILE_OF = Int8Array.from({ length: CELLS }, (_, i) => fileOf(i));

/**
 * Per (piece byte, cell), `p * CELLS + s`: the piece's share of the evaluation's material term, from Black's view
 * (eval.ts: its value with promotion potential, and for a piece other than a royal ADVANCE a rank it stands
 * beyond its side's first rank, up to ADVANCE_RANKS); Position.material keeps the sum.
 */
export const MATERIAL_AT: Int32Array = (() => {
  const m = new Int32Array(256 * CELLS);
  for (let p = 4; p < 256; p++) {
    if (VALUE_OF_BYTE[p] === 0) continue;
    const white = (p & 1) === 1;
    for (let i = 0; i < SIZE * SIZE; i++) {
      const s = (Math.floor(i / SIZE) + PAD) * W + (i % SIZE) + PAD,
        r = Math.floor(i / SIZE);
      let v = VALUE_OF_BYTE[p]!;
      if (!ROYAL[p]) v += ADVANCE * Math.min(ADVANCE_RANKS, white ? SIZE - 1 - r : r);
      m[p * CELLS + s] = white ? -v : v;
    }
  }
  return m;
})();

/** Zobrist keys: two u32 halves per (piece byte, cell), from a fixed splitmix32 stream. */
export const Z_LO = new Int32Array(256 * CELLS);
export const Z_HI = new Int32Array(256 * CELLS);
export const Z_SIDE_LO = 0x2545f491 | 0,
  Z_SIDE_HI = 0x1b873593 | 0;
{
  let state = 0x9e3779b9 | 0;
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  for (let i = 0; i < Z_LO.length; i++) {
    Z_LO[i] = next();
    Z_HI[i] = next();
  }
}

/** Initial depth of the undo stack (it doubles when a longer game needs it). */
export const MAX_PLY = 1024;
/**
 * Undo record: from, to, mover, dest piece, c1, c1 piece, c2, c2 piece, key lo, key hi, royals b/w, emperors b/w,
 * material, non-royal pieces b/w.
 */
const U = 17;

/**
 * Move encoding (two int32 words, so the hot path allocates nothing):
 *   lo: bits 0..9 from cell, 10..19 to cell, 20..27 resulting piece byte
 *   hi: bits 0..9 first captured cell other than the destination (0 = none), 10..19 second (0 = none)
 * The destination is captured iff it differs from the origin and is occupied (then by an enemy).
 * Cell 0 is a guard cell, so 0 can mean "none". Captures other than the destination are in the order
 * the piece passes them.
 */
export const moveFrom = (lo: number): number => lo & 1023;
export const moveTo = (lo: number): number => (lo >>> 10) & 1023;
export const movePiece = (lo: number): number => (lo >>> 20) & 255;
export const moveCap1 = (hi: number): number => hi & 1023;
export const moveCap2 = (hi: number): number => (hi >>> 10) & 1023;
export const packLo = (from: number, to: number, piece: number): number => from | (to << 10) | (piece << 20);
export const packHi = (c1: number, c2: number): number => c1 | (c2 << 10);

export class Position {
  readonly board = new Uint8Array(CELLS);
  side = BLACK;
  keyLo = 0;
  keyHi = 0;
  /** Royal pieces (King, Emperor, Prince) per colour. */
  readonly royals = new Int32Array(2);
  /** Emperors per colour. */
  readonly emperors = new Int32Array(2);
  /**
   * Occupancy by colour and rank, `occ[colour * 19 + rank]` bit `file`: the pieces in board order (rank by
   * rank, file by file) without a scan of the empty squares; `royalOcc` the same for the royals alone.
   */
  readonly occ = new Int32Array(2 * SIZE);
  readonly royalOcc = new Int32Array(2 * SIZE);
  /** The evaluation's material and advancement from Black's view: the sum of MATERIAL_AT over the pieces. */
  material = 0;
  /** Pieces other than royals per colour. */
  readonly nonRoyal = new Int32Array(2);
  /** Pieces on the board per piece byte. */
  readonly counts = new Int32Array(256);
  /**
   * Per piece byte, the sum of the cells its pieces stand on: where `counts[p]` is 1, the square of that piece
   * (MoveGen finds the hook movers so).
   */
  readonly squareSum = new Int32Array(256);
  private undoStack = new Int32Array(MAX_PLY * U);
  ply = 0;

  constructor() {
    this.board.fill(OFF);
    for (let i = 0; i < SQUARES.length; i++) this.board[SQUARES[i]!] = EMPTY;
  }

  /** Sets every square (361 piece bytes, a1..s19 order) and the side; recomputes key and counts. */
  set(cells: ArrayLike<number>, side: number): void {
    for (let i = 0; i < SQUARES.length; i++) this.board[SQUARES[i]!] = cells[i]!;
    this.side = side;
    this.ply = 0;
    this.royals.fill(0);
    this.emperors.fill(0);
    this.occ.fill(0);
    this.royalOcc.fill(0);
    this.nonRoyal.fill(0);
    this.counts.fill(0);
    this.squareSum.fill(0);
    this.material = 0;
    for (let i = 0; i < SQUARES.length; i++) {
      const p = cells[i]!;
      if (p !== EMPTY) {
        this.royals[p & 1]! += ROYAL[p]!;
        this.emperors[p & 1]! += IS_EMPEROR[p]!;
        this.nonRoyal[p & 1]! += 1 - ROYAL[p]!;
        this.material += MATERIAL_AT[p * CELLS + SQUARES[i]!]!;
        this.counts[p]!++;
        this.squareSum[p]! += SQUARES[i]!;
        this.mark(SQUARES[i]!, p);
      }
    }
    [this.keyLo, this.keyHi] = this.computeKey();
  }

  /** The Zobrist key recomputed from scratch: [lo, hi]. */
  computeKey(): [number, number] {
    let lo = 0,
      hi = 0;
    for (let i = 0; i < SQUARES.length; i++) {
      const s = SQUARES[i]!,
        p = this.board[s]!;
      if (p !== EMPTY) {
        lo ^= Z_LO[p * CELLS + s]!;
        hi ^= Z_HI[p * CELLS + s]!;
      }
    }
    if (this.side === WHITE) {
      lo ^= Z_SIDE_LO;
      hi ^= Z_SIDE_HI;
    }
    return [lo, hi];
  }

  /** True when a side has no royal piece left: the game is over and there are no moves. */
  isOver(): boolean {
    return this.royals[0] === 0 || this.royals[1] === 0;
  }

  /** Sets the occupancy bits of cell s to what piece byte p (or EMPTY) makes them. */
  private mark(s: number, p: number): void {
    const r = RANK_OF[s]!,
      bit = 1 << FILE_OF[s]!;
    const o = this.occ,
      ro = this.royalOcc;
    o[r] = o[r]! & ~bit;
    o[SIZE + r] = o[SIZE + r]! & ~bit;
    ro[r] = ro[r]! & ~bit;
    ro[SIZE + r] = ro[SIZE + r]! & ~bit;
    if (p === EMPTY) return;
    const i = (p & 1) * SIZE + r;
    o[i] = o[i]! | bit;
    if (ROYAL[p]) ro[i] = ro[i]! | bit;
  }

  private remove(s: number, p: number): void {
    this.board[s] = EMPTY;
    const i = p * CELLS + s;
    this.keyLo ^= Z_LO[i]!;
    this.keyHi ^= Z_HI[i]!;
    this.material -= MATERIAL_AT[i]!;
    this.royals[p & 1]! -= ROYAL[p]!;
    this.emperors[p & 1]! -= IS_EMPEROR[p]!;
    this.nonRoyal[p & 1]! -= 1 - ROYAL[p]!;
    this.counts[p]!--;
    this.squareSum[p]! -= s;
    this.mark(s, EMPTY);
  }

  private put(s: number, p: number): void {
    this.board[s] = p;
    const i = p * CELLS + s;
    this.keyLo ^= Z_LO[i]!;
    this.keyHi ^= Z_HI[i]!;
    this.material += MATERIAL_AT[i]!;
    this.royals[p & 1]! += ROYAL[p]!;
    this.emperors[p & 1]! += IS_EMPEROR[p]!;
    this.nonRoyal[p & 1]! += 1 - ROYAL[p]!;
    this.counts[p]!++;
    this.squareSum[p]! += s;
    this.mark(s, p);
  }

  /** Plays a generated move (no legality check). */
  /**
   * True if the current position (board and side to move) occurred before, in the moves made on this
   * Position, since the last capture: the search's repetition test (a capture changes the material, so
   * nothing before it can recur).
   */
  repeatsEarlier(): boolean {
    const u = this.undoStack;
    for (let k = this.ply - 1; k >= 0; k--) {
      const o = k * U;
      if (u[o + 3] !== EMPTY || u[o + 4] !== 0 || u[o + 6] !== 0) return false; // the move at ply k captured
      if (((this.ply - k) & 1) === 0 && u[o + 8] === this.keyLo && u[o + 9] === this.keyHi) return true;
    }
    return false;
  }

  /** Plies played on this Position since the last capture (all of them if there was none). */
  quietPlies(): number {
    const u = this.undoStack;
    for (let k = this.ply - 1; k >= 0; k--) {
      const o = k * U;
      if (u[o + 3] !== EMPTY || u[o + 4] !== 0 || u[o + 6] !== 0) return this.ply - 1 - k;
    }
    return this.ply;
  }

  make(lo: number, hi: number): void {
    const b = this.board;
    const from = lo & 1023,
      to = (lo >>> 10) & 1023,
      res = (lo >>> 20) & 255;
    const c1 = hi & 1023,
      c2 = (hi >>> 10) & 1023;
    const mover = b[from]!;
    const dest = to === from ? EMPTY : b[to]!;
    const o = this.ply * U;
    if (o + U > this.undoStack.length) {
      const grown = new Int32Array(this.undoStack.length * 2);
      grown.set(this.undoStack);
      this.undoStack = grown;
    }
    const u = this.undoStack;
    u[o] = from;
    u[o + 1] = to;
    u[o + 2] = mover;
    u[o + 3] = dest;
    u[o + 4] = c1;
    u[o + 5] = c1 ? b[c1]! : 0;
    u[o + 6] = c2;
    u[o + 7] = c2 ? b[c2]! : 0;
    u[o + 8] = this.keyLo;
    u[o + 9] = this.keyHi;
    u[o + 10] = this.royals[0]!;
    u[o + 11] = this.royals[1]!;
    u[o + 12] = this.emperors[0]!;
    u[o + 13] = this.emperors[1]!;
    u[o + 14] = this.material;
    u[o + 15] = this.nonRoyal[0]!;
    u[o + 16] = this.nonRoyal[1]!;
    this.ply++;
    this.remove(from, mover);
    if (c1) this.remove(c1, b[c1]!);
    if (c2) this.remove(c2, b[c2]!);
    if (dest !== EMPTY) this.remove(to, dest);
    this.put(to, res);
    this.side ^= 1;
    this.keyLo ^= Z_SIDE_LO;
    this.keyHi ^= Z_SIDE_HI;
  }

  /**
   * Passes the move to the other side without moving (the search's null move; not a move of the game).
   * Recorded on the undo stack as a move from and to the guard cell 0 that "captured" the guard piece, so
   * unmake() takes it back and repeatsEarlier() sees no repetition across it.
   */
  makeNull(): void {
    const o = this.ply * U;
    if (o + U > this.undoStack.length) {
      const grown = new Int32Array(this.undoStack.length * 2);
      grown.set(this.undoStack);
      this.undoStack = grown;
    }
    const u = this.undoStack;
    u.fill(0, o, o + U);
    u[o + 2] = OFF;
    u[o + 3] = OFF;
    u[o + 8] = this.keyLo;
    u[o + 9] = this.keyHi;
    u[o + 10] = this.royals[0]!;
    u[o + 11] = this.royals[1]!;
    u[o + 12] = this.emperors[0]!;
    u[o + 13] = this.emperors[1]!;
    u[o + 14] = this.material;
    u[o + 15] = this.nonRoyal[0]!;
    u[o + 16] = this.nonRoyal[1]!;
    this.ply++;
    this.side ^= 1;
    this.keyLo ^= Z_SIDE_LO;
    this.keyHi ^= Z_SIDE_HI;
  }

  /** Takes back the last make() or makeNull(). */
  unmake(): void {
    const b = this.board,
      u = this.undoStack;
    this.ply--;
    const o = this.ply * U;
    const from = u[o]!,
      to = u[o + 1]!,
      c1 = u[o + 4]!,
      c2 = u[o + 6]!;
    const res = b[to]!;
    b[to] = u[o + 3]!;
    if (c2) b[c2] = u[o + 7]!;
    if (c1) b[c1] = u[o + 5]!;
    b[from] = u[o + 2]!;
    if (from !== 0) {
      // (a null move's record is from and to the guard cell 0: nothing moved)
      const cn = this.counts,
        ss = this.squareSum;
      cn[res]!--;
      ss[res]! -= to;
      cn[b[from]!]!++;
      ss[b[from]!]! += from;
      if (b[to] !== EMPTY && to !== from) {
        cn[b[to]!]!++;
        ss[b[to]!]! += to;
      }
      if (c1) {
        cn[b[c1]!]!++;
        ss[b[c1]!]! += c1;
      }
      if (c2) {
        cn[b[c2]!]!++;
        ss[b[c2]!]! += c2;
      }
      this.mark(to, b[to]!);
      if (c2) this.mark(c2, b[c2]!);
      if (c1) this.mark(c1, b[c1]!);
      this.mark(from, b[from]!);
    }
    this.material = u[o + 14]!;
    this.nonRoyal[0] = u[o + 15]!;
    this.nonRoyal[1] = u[o + 16]!;
    this.keyLo = u[o + 8]!;
    this.keyHi = u[o + 9]!;
    this.royals[0] = u[o + 10]!;
    this.royals[1] = u[o + 11]!;
    this.emperors[0] = u[o + 12]!;
    this.emperors[1] = u[o + 13]!;
    this.side ^= 1;
  }

  /** The key as 16 hex digits (hi then lo). */
  keyHex(): string {
    return (this.keyHi >>> 0).toString(16).padStart(8, '0') + (this.keyLo >>> 0).toString(16).padStart(8, '0');
  }

  /** The 361 piece bytes in a1..s19 order. */
  cells(): Uint8Array {
    const out = new Uint8Array(SQUARES.length);
    for (let i = 0; i < SQUARES.length; i++) out[i] = this.board[SQUARES[i]!]!;
    return out;
  }
}
