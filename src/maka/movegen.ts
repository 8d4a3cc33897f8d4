/**
 * Move generation for Maka Dai Dai Shogi: steps, ranges, slides, jumps, Lion, Lion Dog, hook moves,
 * the Emperor (attack maps), promotion by capture and Deva / Dark Spirit conversion.
 *
 * A move is (origin, destination, captured set, resulting piece). Duplicates from different paths are
 * removed: moves whose capture set is at most the destination ("simple" moves) are de-duplicated by a
 * per-piece stamp on the destination; the Lion / Lion Dog path moves are distinct by construction (a
 * piece with both skips the Lion Dog paths that the Lion move already gives).
 *
 * Moves go to preallocated per-ply buffers (two Int32Arrays, the encoding of position.ts): the hot
 * path allocates nothing.
 *
 * Readings chosen where the rules file leaves room:
 * - Conversion is compulsory for every piece but King, Emperor, Drunk Elephant and Prince (they choose
 *   among keeping, their own promotion and the conversion(s)); a piece already of the converted kind
 *   (a Teaching King taking a Deva) is unchanged; DH, DK, FK and promoted pieces convert too.
 * - Emperors neither attack nor protect under any `emperor` option; attacks and protection are judged
 *   with the moving Emperor's origin empty (lines through it open) and the destination occupied.
 * - A Teaching King's pass is its Lion Dog 0-1-0 over an empty s1; under lion-dog=slider|leaper the
 *   Lion Dog part has no pass and no igui.
 */
import {
  DIR_VECTORS,
  PIECES,
  PIECES_ROKUSHU,
  DEVA,
  DARK_SPIRIT,
  KING,
  DRUNK_ELEPHANT,
  SLIDE,
  type Dir,
  type PieceType,
} from './pieces.js';
import {
  FILE_OF as FILE_OF_,
  RANK_OF as RANK_OF_,
  CAPTURE_FLAGS as CAPTURE_FLAGS_,
  CAP_DEVA as CAP_DEVA_,
  CAP_PROMOTED as CAP_PROMOTED_,
  CAP_SPIRIT as CAP_SPIRIT_,
  CELLS as CELLS_,
  EMPTY as EMPTY_,
  IS_EMPEROR as IS_EMPEROR_,
  OFF as OFF_,
  PAD as PAD_,
  ROYAL as ROYAL_,
  SIZE as SIZE_,
  SQUARES as SQUARES_,
  W as W_,
  makePiece,
  type Position,
} from './position.js';

// The hot code's constants and tables as this module's own: Node's V8 (11.3) reads an imported binding through
// its module cell with a check that it is initialised at every use, a module's own const directly (a bundler
// inlines them anyway). From the start, search runs 10-20% faster this way (bench/maka-speed.js, CPU time).
const FILE_OF = FILE_OF_,
  RANK_OF = RANK_OF_,
  CAPTURE_FLAGS = CAPTURE_FLAGS_,
  CAP_DEVA = CAP_DEVA_,
  CAP_PROMOTED = CAP_PROMOTED_,
  CAP_SPIRIT = CAP_SPIRIT_,
  CELLS = CELLS_,
  EMPTY = EMPTY_,
  IS_EMPEROR = IS_EMPEROR_,
  OFF = OFF_,
  PAD = PAD_,
  ROYAL = ROYAL_,
  SIZE = SIZE_,
  SQUARES = SQUARES_,
  W = W_;
import type { MakaOptions } from './options.js';

export const F_LION = 1,
  F_LIONDOG = 2,
  F_HOOK_ORTH = 4,
  F_HOOK_DIAG = 8,
  F_EMPEROR = 16;
/** Moves one ply's buffer can hold (an Emperor alone has up to 360, a Furious Fiend ~150). */
export const MAX_MOVES = 8192;

const delta = (dx: number, dy: number, colour: number): number => (colour === 0 ? dy * W + dx : -(dy * W + dx));
const ALL_DIRS: Dir[] = ['F', 'B', 'L', 'R', 'FL', 'FR', 'BL', 'BR'];
const ORTH8 = [1, -1, W, -W];
const DIAG8 = [W + 1, W - 1, -W + 1, -W - 1];
const KING8 = [...ORTH8, ...DIAG8];
/** perp1() of each of ORTH8's and DIAG8's directions: the first way hooked() turns at a corner. */
const ORTH_PERP = ORTH8.map((d) => perp1(d));
const DIAG_PERP = DIAG8.map((d) => perp1(d));
/** A route's place in hooked()'s scan (hookRank()): none. */
const NO_ROUTE = 0x7fffffff;
/** The 24 squares within Chebyshev distance 2. */
const AREA2: number[] = [];
for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) AREA2.push(dy * W + dx);
/**
 * The squares from which a Lion or a Lion Dog reaches a square (MoveGen.attacked): offset and the flags
 * of the forms that do: the 24 of the Lion's area (the 16 on the eight lines a Lion Dog's too), and the
 * 8 at distance 3 on the lines (a Lion Dog's only).
 */
const LION_OFF: Int32Array = Int32Array.from([...AREA2, ...KING8.map((d) => 3 * d)]);
const LION_MASK: Uint8Array = Uint8Array.from(LION_OFF, (o, i) => {
  if (i >= 24) return F_LIONDOG;
  const dy = Math.round(o / W),
    dx = o - dy * W;
  return dx === 0 || dy === 0 || Math.abs(dx) === Math.abs(dy) ? F_LION | F_LIONDOG : F_LION;
});

/** Move tables compiled from a piece table and the options; indexed by `piece byte - 4`. */
export class MoveTables {
  readonly rayStart = new Int32Array(201);
  readonly rayDelta: Int32Array;
  readonly rayRange: Int32Array;
  readonly jumpStart = new Int32Array(201);
  readonly jumpDelta: Int32Array;
  readonly flags = new Uint8Array(200);
  /** Piece byte -> its promoted piece byte, 0 when it has none. */
  readonly promoteTo = new Uint8Array(256);
  /** Piece byte -> 1 for the pieces with the royal three-way conversion choice (K, Emperor, DE, Prince). */
  readonly convertChooser = new Uint8Array(256);
  readonly table: readonly PieceType[];
  /**
   * Reverse attack tables (MoveGen.attacked): `lineRange[fc * 8 + k]` is how far form fc reaches a square
   * that lies KING8[k] from it, seen from that square (its ray of board delta -KING8[k]; 0 none);
   * `revJump` the distinct jump deltas of all forms, `jumpOf[fc * revJump.length + j]` 1 if fc has jump j.
   */
  readonly lineRange = new Uint8Array(200 * 8);
  /**
   * Per form: the farthest (king distance) it can capture when that is at most 3 (steps, short ranges,
   * jumps, Lion, Lion Dog), else 0 (slides, hook movers, Emperor): generateCaptures() skips a piece with no
   * enemy within its reach.
   */
  readonly reach = new Uint8Array(200);
  /**
   * Per colour, the piece bytes of the forms with the Lion or Lion Dog move (attacked() looks for them only when one is
   * on the board).
   */
  readonly lionBytes: [Int32Array, Int32Array];
  /**
   * Per colour and hook kind, `hookBytes[c * 2 + kind]` (kind 0 orthogonal, 1 diagonal): the piece bytes of the
   * forms with that hook move.
   */
  readonly hookBytes: Int32Array[];
  readonly revJump: Int32Array;
  readonly jumpOf: Uint8Array;

  constructor(readonly options: MakaOptions) {
    const table = options.pieces === 'rokushu' ? PIECES_ROKUSHU : PIECES;
    this.table = table;
    const rd: number[] = [],
      rr: number[] = [],
      jd: number[] = [];
    for (let t = 0; t < table.length; t++) {
      const pt = table[t]!;
      for (let prom = 0; prom < 2; prom++) {
        const f = prom ? pt.promoted : pt;
        for (let c = 0; c < 2; c++) {
          const i = (t * 2 + prom) * 2 + c;
          this.rayStart[i] = rd.length;
          this.jumpStart[i] = jd.length;
          if (f) {
            const m = f.moves;
            for (const ray of m.rays)
              for (const d of ray.dirs) {
                const [dx, dy] = DIR_VECTORS[d];
                rd.push(delta(dx, dy, c));
                rr.push(ray.range);
              }
            for (const [dx, dy] of m.jumps) jd.push(delta(dx, dy, c));
            let fl = 0;
            if (m.lion) fl |= F_LION;
            if (m.lionDog) {
              if (options.lionDog === 'default') fl |= F_LIONDOG;
              else if (options.lionDog === 'slider')
                for (const d of ALL_DIRS) {
                  rd.push(delta(...DIR_VECTORS[d], c));
                  rr.push(3);
                }
              else
                for (const d of ALL_DIRS)
                  for (let k = 1; k <= 3; k++) jd.push(delta(DIR_VECTORS[d][0] * k, DIR_VECTORS[d][1] * k, c));
            }
            if (m.hook === 'orth') fl |= F_HOOK_ORTH;
            if (m.hook === 'diag') fl |= F_HOOK_DIAG;
            if (m.emperor) fl |= F_EMPEROR;
            this.flags[i] = fl;
          }
          if (prom === 0 && pt.promoted) this.promoteTo[makePiece(t, false, c)] = makePiece(t, true, c);
          if (t === KING || t === DRUNK_ELEPHANT) this.convertChooser[makePiece(t, prom === 1, c)] = 1;
        }
      }
    }
    this.rayStart[200] = rd.length;
    this.jumpStart[200] = jd.length;
    this.rayDelta = Int32Array.from(rd);
    this.rayRange = Int32Array.from(rr);
    this.jumpDelta = Int32Array.from(jd);
    const distinct = [...new Set(jd)];
    this.revJump = Int32Array.from(distinct);
    this.jumpOf = new Uint8Array(200 * distinct.length);
    const lions: [number[], number[]] = [[], []];
    const hooks: number[][] = [[], [], [], []];
    for (let fc = 0; fc < 200; fc++) {
      const fl = this.flags[fc]!;
      let far = (fl & (F_HOOK_ORTH | F_HOOK_DIAG | F_EMPEROR)) !== 0,
        reach = fl & F_LIONDOG ? 3 : fl & F_LION ? 2 : 0;
      for (let r = this.rayStart[fc]!; r < this.rayStart[fc + 1]!; r++) {
        if (this.rayRange[r]! > 3) far = true;
        reach = Math.max(reach, this.rayRange[r]!);
      }
      for (let j = this.jumpStart[fc]!; j < this.jumpStart[fc + 1]!; j++) {
        const d = this.jumpDelta[j]!,
          dy = Math.round(d / W);
        reach = Math.max(reach, Math.abs(dy), Math.abs(d - dy * W));
      }
      this.reach[fc] = far ? 0 : reach;
      if (fl & (F_LION | F_LIONDOG)) lions[fc & 1]!.push(fc + 4);
      if (fl & F_HOOK_ORTH) hooks[(fc & 1) * 2]!.push(fc + 4);
      if (fl & F_HOOK_DIAG) hooks[(fc & 1) * 2 + 1]!.push(fc + 4);
      for (let r = this.rayStart[fc]!; r < this.rayStart[fc + 1]!; r++) {
        const k = KING8.indexOf(-this.rayDelta[r]!);
        this.lineRange[fc * 8 + k] = Math.max(this.lineRange[fc * 8 + k]!, this.rayRange[r]!);
      }
      for (let j = this.jumpStart[fc]!; j < this.jumpStart[fc + 1]!; j++)
        this.jumpOf[fc * distinct.length + distinct.indexOf(this.jumpDelta[j]!)] = 1;
    }
    this.lionBytes = [Int32Array.from(lions[0]), Int32Array.from(lions[1])];
    this.hookBytes = hooks.map((h) => Int32Array.from(h));
  }
}

export class MoveGen {
  /** Per-ply move buffers, allocated on first use of a ply. */
  private readonly los: Int32Array[] = [];
  private readonly his: Int32Array[] = [];
  private readonly seen = new Int32Array(CELLS);
  private stamp = 0;
  /** Attack marks (index = colour) of the pieces other than Emperors, for Emperor moves. */
  readonly attack: [Uint8Array, Uint8Array] = [new Uint8Array(CELLS), new Uint8Array(CELLS)];
  // generation state (fields, so the helpers need no closures)
  private lo!: Int32Array;
  private hi!: Int32Array;
  private n = 0;
  private b!: Uint8Array;
  private us = 0;
  private readonly devaT: Uint8Array = new Uint8Array(2);
  private readonly spiritB: Uint8Array = new Uint8Array(2);
  private readonly always: boolean;
  private readonly conversion: boolean;
  private readonly emperorMode: number;
  /** Captures only (generateCaptures()): simple() and emit() drop the moves that take nothing. */
  private capOnly = false;
  /** Per rank, the files within king distance 3 of an enemy (generateCaptures()). */
  private readonly near = new Int32Array(SIZE);

  constructor(readonly tables: MoveTables) {
    this.always = tables.options.promotion === 'always';
    this.conversion = tables.options.conversion;
    this.emperorMode = tables.options.emperor === 'default' ? 0 : tables.options.emperor === 'jawiki' ? 1 : 2;
    for (let c = 0; c < 2; c++) {
      this.devaT[c] = makePiece(DEVA, true, c);
      this.spiritB[c] = makePiece(DARK_SPIRIT, true, c);
    }
  }

  /** The buffers of a ply: [lo words, hi words] (allocates the pair; hot code uses movesLo / movesHi). */
  buffers(ply: number): [Int32Array, Int32Array] {
    return [this.movesLo(ply), this.movesHi(ply)];
  }

  /** The lo words of a ply's moves (buffers are created on a ply's first use, then reused). */
  movesLo(ply: number): Int32Array {
    while (this.los.length <= ply) {
      this.los.push(new Int32Array(MAX_MOVES));
      this.his.push(new Int32Array(MAX_MOVES));
    }
    return this.los[ply]!;
  }

  /** The hi words of a ply's moves. */
  movesHi(ply: number): Int32Array {
    while (this.his.length <= ply) {
      this.los.push(new Int32Array(MAX_MOVES));
      this.his.push(new Int32Array(MAX_MOVES));
    }
    return this.his[ply]!;
  }

  /** Generates every move of the side to move into the ply's buffers; returns the count (0 when over). */
  generate(pos: Position, ply: number): number {
    this.capOnly = false;
    return this.run(pos, ply);
  }

  /**
   * Generates the captures of the side to move (the moves generate() gives that take at least one piece,
   * igui and Lion / Lion Dog double captures included, with every promotion / conversion result), in the
   * order generate() gives them; returns the count (0 when over). Quiescence's generator.
   */
  generateCaptures(pos: Position, ply: number): number {
    this.capOnly = true;
    return this.run(pos, ply);
  }

  private run(pos: Position, ply: number): number {
    if (pos.isOver()) return 0;
    const capOnly = this.capOnly;
    this.lo = this.movesLo(ply);
    this.hi = this.movesHi(ply);
    this.n = 0;
    const b = pos.board;
    this.b = b;
    const us = pos.side;
    this.us = us;
    const t = this.tables;
    const occ = pos.occ;
    // captures: the files within 3 of an enemy on ranks within 3, rank by rank (a cheap first test of
    // enemyNear), from the enemy's occupancy bits
    const near = this.near;
    if (capOnly) {
      const e = (us ^ 1) * SIZE;
      for (let rank = 0; rank < SIZE; rank++) {
        let m = 0;
        for (let r = Math.max(0, rank - 3), r1 = Math.min(SIZE - 1, rank + 3); r <= r1; r++) m |= occ[e + r]!;
        near[rank] = m | (m << 1) | (m << 2) | (m << 3) | (m >>> 1) | (m >>> 2) | (m >>> 3);
      }
    }
    // the side's pieces in board order, from the occupancy bits
    for (let rank = 0; rank < SIZE; rank++) {
      let bits = occ[us * SIZE + rank]!;
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        const s = (rank + PAD) * W + PAD + 31 - Math.clz32(bit);
        const p = b[s]!;
        const fc = p - 4;
        if (capOnly && t.reach[fc]! > 0 && ((near[rank]! & bit) === 0 || !this.enemyNear(pos, rank, s, t.reach[fc]!)))
          continue;
        this.piece(pos, s, fc);
      }
    }
    return this.n;
  }

  /**
   * True if (lo, hi) is among the moves generate() gives in this position (its origin holds a piece of the side to
   * move, and that piece's moves include it). Generates only that piece's moves, into the ply's buffers (what they
   * held is overwritten): the search's test of a transposition-table move or a killer before it generates the rest.
   */
  hasMove(pos: Position, ply: number, lo: number, hi: number): boolean {
    if (pos.isOver()) return false;
    const from = lo & 1023,
      p = pos.board[from]!;
    if (p === EMPTY || p === OFF || (p & 1) !== pos.side) return false;
    this.capOnly = false;
    const l = this.movesLo(ply),
      h = this.movesHi(ply);
    this.lo = l;
    this.hi = h;
    this.n = 0;
    this.b = pos.board;
    this.us = pos.side;
    this.piece(pos, from, p - 4);
    for (let i = 0, n = this.n; i < n; i++) if (l[i] === lo && h[i] === hi) return true;
    return false;
  }

  /** Generates the moves of the piece of form fc (piece byte - 4) on s into the current buffers. */
  private piece(pos: Position, s: number, fc: number): void {
    const t = this.tables,
      b = this.b,
      us = this.us,
      capOnly = this.capOnly;
    this.stamp++;
    const fl = t.flags[fc]!;
    if (fl & F_EMPEROR) {
      this.genEmperor(pos, s);
      return;
    }
    for (let r = t.rayStart[fc]!, re = t.rayStart[fc + 1]!; r < re; r++) {
      const d = t.rayDelta[r]!;
      let k = t.rayRange[r]!,
        x = s;
      while (k-- > 0) {
        x += d;
        const q = b[x]!;
        if (q === EMPTY) {
          if (!capOnly) this.simple(s, x);
          continue;
        }
        if (q !== OFF && (q & 1) !== us) this.simple(s, x);
        break;
      }
    }
    for (let j = t.jumpStart[fc]!, je = t.jumpStart[fc + 1]!; j < je; j++) {
      const x = s + t.jumpDelta[j]!;
      const q = b[x]!;
      if (q === EMPTY ? !capOnly : q !== OFF && (q & 1) !== us) this.simple(s, x);
    }
    if (fl & F_LION) this.genLion(s);
    if (fl & F_LIONDOG) this.genLionDog(s, (fl & F_LION) !== 0);
    if (fl & F_HOOK_ORTH) this.genHook(s, ORTH8);
    if (fl & F_HOOK_DIAG) this.genHook(s, DIAG8);
  }

  /** True if an enemy of the side to move stands within king distance `reach` (1..3) of s (on `rank`). */
  private enemyNear(pos: Position, rank: number, s: number, reach: number): boolean {
    const occ = pos.occ,
      base = (this.us ^ 1) * SIZE;
    const f = s - (rank + PAD) * W - PAD,
      span = (1 << (2 * reach + 1)) - 1,
      mask = f >= reach ? span << (f - reach) : span >>> (reach - f);
    const r1 = rank + reach < SIZE ? rank + reach : SIZE - 1;
    for (let r = rank > reach ? rank - reach : 0; r <= r1; r++) if ((occ[base + r]! & mask) !== 0) return true;
    return false;
  }

  /** A move whose capture set is at most its destination, once per destination for this piece. */
  private simple(from: number, to: number): void {
    if (this.seen[to] === this.stamp || (this.capOnly && this.b[to] === EMPTY)) return;
    this.seen[to] = this.stamp;
    this.emit(from, to, 0, 0);
  }

  /** Writes the move with every resulting piece the promotion / conversion rules allow. */
  private emit(from: number, to: number, c1: number, c2: number): void {
    const b = this.b;
    const p = b[from]!;
    const dest = to === from ? EMPTY : b[to]!;
    const hiw = c1 | (c2 << 10);
    if (dest === EMPTY && c1 === 0) {
      if (this.capOnly) return;
      this.push(from | (to << 10) | (p << 20), hiw);
      return;
    }
    const cf = CAPTURE_FLAGS[dest]! | CAPTURE_FLAGS[b[c1]!]! | (c2 ? CAPTURE_FLAGS[b[c2]!]! : 0);
    const base = from | (to << 10);
    const promo = this.tables.promoteTo[p]!;
    const conv = this.conversion ? cf & (CAP_DEVA | CAP_SPIRIT) : 0;
    if (conv) {
      const c = p & 1;
      const tk = this.devaT[c]!,
        bs = this.spiritB[c]!;
      if (this.tables.convertChooser[p]) {
        // royal three-way choice: keep, own promotion, convert (each distinct result once)
        this.push(base | (p << 20), hiw);
        if (promo && promo !== tk && promo !== bs) this.push(base | (promo << 20), hiw);
        if (conv & CAP_DEVA && tk !== p) this.push(base | (tk << 20), hiw);
        if (conv & CAP_SPIRIT && bs !== p) this.push(base | (bs << 20), hiw);
      } else {
        if (conv & CAP_DEVA) this.push(base | (tk << 20), hiw);
        if (conv & CAP_SPIRIT) this.push(base | (bs << 20), hiw);
      }
      return;
    }
    if (promo === 0) {
      this.push(base | (p << 20), hiw);
      return;
    }
    if (!(this.always || cf & CAP_PROMOTED)) this.push(base | (p << 20), hiw);
    this.push(base | (promo << 20), hiw);
  }

  private push(lo: number, hi: number): void {
    this.lo[this.n] = lo;
    this.hi[this.n] = hi;
    this.n++;
  }

  /** Lion: jumps within distance 2, capture-then-step (igui, step, double capture), pass. */
  private genLion(s: number): void {
    const b = this.b,
      us = this.us;
    for (let i = 0; i < 24; i++) {
      const x = s + AREA2[i]!,
        q = b[x]!;
      if (q === EMPTY || (q !== OFF && (q & 1) !== us)) this.simple(s, x);
    }
    let pass = false;
    for (let i = 0; i < 8; i++) {
      const a = s + KING8[i]!,
        qa = b[a]!;
      if (qa === EMPTY) {
        pass = true;
        continue;
      }
      if (qa === OFF || (qa & 1) === us) continue;
      for (let j = 0; j < 8; j++) {
        const e = a + KING8[j]!;
        if (e === s) {
          this.emit(s, s, a, 0);
          continue;
        }
        const q = b[e]!;
        if (q === EMPTY || (q !== OFF && (q & 1) !== us)) this.emit(s, e, a, 0);
      }
    }
    if (pass) this.emit(s, s, 0, 0);
  }

  /** Lion Dog paths per direction, exactly the rules' list; `withLion` skips those the Lion move gives. */
  private genLionDog(s: number, withLion: boolean): void {
    const b = this.b,
      us = this.us;
    let pass = false;
    for (let i = 0; i < 8; i++) {
      const d = KING8[i]!;
      const s1 = s + d,
        s2 = s1 + d,
        s3 = s2 + d;
      const q1 = b[s1]!,
        q2 = b[s2]!,
        q3 = b[s3]!;
      const e1 = q1 !== EMPTY && q1 !== OFF && (q1 & 1) !== us;
      const e2 = q2 !== EMPTY && q2 !== OFF && (q2 & 1) !== us;
      const ok1 = q1 === EMPTY || e1,
        ok2 = q2 === EMPTY || e2,
        ok3 = q3 === EMPTY || (q3 !== OFF && (q3 & 1) !== us);
      if (ok1) this.simple(s, s1);
      if (ok2) this.simple(s, s2);
      if (ok3) this.simple(s, s3);
      if (!withLion) {
        if (q1 === EMPTY) pass = true;
        if (e1) this.emit(s, s, s1, 0); // 0-1-0 igui
        if (e1 && ok2) this.emit(s, s2, s1, 0); // 0-1-2
      }
      if (e1 && ok3) this.emit(s, s3, s1, 0); // 0-1-3
      if (e2 && ok3) this.emit(s, s3, s2, 0); // 0-2-3
      if (e1 && e2 && ok3) this.emit(s, s3, s1, s2); // 0-1-2-3
      if (e2 && ok1) this.emit(s, s1, s2, 0); // 0-2-1 (and 0-1-2-1, the same move)
    }
    if (pass) this.emit(s, s, 0, 0);
  }

  /** Hook move along the four directions `dirs`: leg 1, then one 90-degree turn on an empty square. */
  private genHook(s: number, dirs: number[]): void {
    const b = this.b,
      us = this.us;
    for (let i = 0; i < 4; i++) {
      const d = dirs[i]!;
      const p1 = perp1(d),
        p2 = -p1;
      let x = s;
      for (;;) {
        x += d;
        const q = b[x]!;
        if (q !== EMPTY) {
          if (q !== OFF && (q & 1) !== us) this.simple(s, x);
          break;
        }
        this.simple(s, x);
        for (let k = 0; k < 2; k++) {
          const pd = k === 0 ? p1 : p2;
          let y = x;
          for (;;) {
            y += pd;
            const r = b[y]!;
            if (r !== EMPTY) {
              if (r !== OFF && (r & 1) !== us) this.simple(s, y);
              break;
            }
            this.simple(s, y);
          }
        }
      }
    }
  }

  /** Emperor at s: every other square the option allows, judged on attack maps with s vacated. */
  private genEmperor(pos: Position, s: number): void {
    const b = this.b,
      us = this.us,
      them = us ^ 1;
    const p = b[s]!;
    b[s] = EMPTY;
    this.computeAttacks(b);
    b[s] = p;
    this.stamp++;
    const enemyAtt = this.attack[them]!,
      ownProt = this.attack[us]!;
    const mode = this.emperorMode;
    const enemyEmperors = pos.emperors[them]!;
    for (let i = 0; i < SQUARES.length; i++) {
      const x = SQUARES[i]!;
      if (x === s) continue;
      const q = b[x]!;
      if (q !== EMPTY && (q & 1) === us) continue;
      if (mode === 0) {
        if (enemyAtt[x]) continue;
        if (enemyEmperors - IS_EMPEROR[q]! > 0 && !ownProt[x]) continue;
      } else if (q !== EMPTY) {
        if ((mode === 1 || ROYAL[q]) && enemyAtt[x]) continue;
      }
      this.simple(s, x);
    }
  }

  /**
   * True if a piece of colour c other than an Emperor could capture an enemy on square x, or protects x
   * (the reverse of computeAttacks: from x outwards along the eight lines to the first piece, the jump
   * squares, the Lion and Lion Dog squares, and the hook movers' paths; MoveTables.lineRange and jumpOf).
   * Reads only the board, and `pos` when given, the position b is the board of (or was, before an exchange of see()
   * took pieces off it): no Lion squares are looked at when c has no piece with the Lion or Lion Dog move
   * (Position.counts), and the hook movers are tested from their squares (hookedFast()). The answer for x is
   * computeAttacks' mark `attack[c][x]` on the same board.
   */
  attacked(b: Uint8Array, x: number, c: number, pos?: Position): boolean {
    const t = this.tables,
      lr = t.lineRange,
      fl = t.flags;
    for (let k = 0; k < 8; k++) {
      const d = KING8[k]!;
      let y = x + d,
        q = b[y]!,
        m = 1;
      while (q === EMPTY) {
        y += d;
        q = b[y]!;
        m++;
      }
      if (q !== OFF && (q & 1) === c && lr[(q - 4) * 8 + k]! >= m) return true;
    }
    const rj = t.revJump,
      nj = rj.length,
      jo = t.jumpOf;
    for (let j = 0; j < nj; j++) {
      const q = b[x - rj[j]!]!;
      if (q !== EMPTY && q !== OFF && (q & 1) === c && jo[(q - 4) * nj + j]) return true;
    }
    if (pos === undefined || this.lionOn(pos.counts, c))
      for (let i = 0; i < 32; i++) {
        const q = b[x + LION_OFF[i]!]!;
        if (q !== EMPTY && q !== OFF && (q & 1) === c && fl[q - 4]! & LION_MASK[i]!) return true;
      }
    if (pos === undefined)
      return this.hooked(b, x, c, ORTH8, F_HOOK_ORTH) !== 0 || this.hooked(b, x, c, DIAG8, F_HOOK_DIAG) !== 0;
    return this.hookedFast(b, x, c, 0, pos) !== 0 || this.hookedFast(b, x, c, 1, pos) !== 0;
  }

  /** True if colour c has a piece with the Lion or Lion Dog move (`counts`: Position.counts). */
  private lionOn(counts: Int32Array, c: number): boolean {
    const l = this.tables.lionBytes[c];
    for (let i = 0; i < l.length; i++) if (counts[l[i]!]! > 0) return true;
    return false;
  }

  /**
   * The square of a hook mover of colour c (flag `mask`, directions `dirs`) that reaches x, straight or with one turn;
   * 0 if none.
   */
  private hooked(b: Uint8Array, x: number, c: number, dirs: number[], mask: number): number {
    const fl = this.tables.flags;
    for (let k = 0; k < 4; k++) {
      const d = dirs[k]!,
        p1 = perp1(d);
      let y = x;
      for (;;) {
        y += d;
        const q = b[y]!;
        if (q !== EMPTY) {
          if (q !== OFF && (q & 1) === c && fl[q - 4]! & mask) return y;
          break;
        }
        // y empty: a corner; the first piece on either perpendicular from it
        for (let z = y + p1; ; z += p1) {
          const r = b[z]!;
          if (r === EMPTY) continue;
          if (r !== OFF && (r & 1) === c && fl[r - 4]! & mask) return z;
          break;
        }
        for (let z = y - p1; ; z -= p1) {
          const r = b[z]!;
          if (r === EMPTY) continue;
          if (r !== OFF && (r & 1) === c && fl[r - 4]! & mask) return z;
          break;
        }
      }
    }
    return 0;
  }

  /**
   * hooked() of kind `kind` (0 orthogonal, 1 diagonal) from the hook movers' side: the same square (the first in
   * hooked()'s scan order of those that reach x), found by testing each hook mover of colour c where `pos` says it
   * stands (Position.counts and squareSum) instead of scanning every line through x and every turn from it. Where a
   * side has two of a form, or an exchange (see()) has moved one off its square on b, it scans as hooked() does.
   */
  private hookedFast(b: Uint8Array, x: number, c: number, kind: number, pos: Position): number {
    const bytes = this.tables.hookBytes[c * 2 + kind]!,
      cn = pos.counts,
      ss = pos.squareSum;
    let best = 0,
      rank = NO_ROUTE;
    for (let i = 0; i < bytes.length; i++) {
      const p = bytes[i]!,
        k = cn[p]!;
      if (k === 0) continue;
      const h = ss[p]!;
      if (k > 1 || b[h] !== p)
        return kind === 0 ? this.hooked(b, x, c, ORTH8, F_HOOK_ORTH) : this.hooked(b, x, c, DIAG8, F_HOOK_DIAG);
      if (h === x) continue;
      const r = kind === 0 ? orthRank(b, x, h) : diagRank(b, x, h);
      if (r < rank) {
        rank = r;
        best = h;
      }
    }
    return best;
  }

  /**
   * The square of the least valuable piece of colour c (by `value`, per piece byte) among those
   * attacked() finds reaching x, or 0 when there is none: static exchange evaluation's next capturer.
   * A piece behind another on a line is found once the one in front has left the board. `pos` as for attacked().
   */
  leastAttacker(b: Uint8Array, x: number, c: number, value: Int32Array, pos?: Position): number {
    const t = this.tables,
      lr = t.lineRange,
      fl = t.flags;
    let best = 0,
      bv = 0x7fffffff;
    for (let k = 0; k < 8; k++) {
      const d = KING8[k]!;
      let y = x + d,
        q = b[y]!,
        m = 1;
      while (q === EMPTY) {
        y += d;
        q = b[y]!;
        m++;
      }
      if (q !== OFF && (q & 1) === c && lr[(q - 4) * 8 + k]! >= m && value[q]! < bv) {
        best = y;
        bv = value[q]!;
      }
    }
    const rj = t.revJump,
      nj = rj.length,
      jo = t.jumpOf;
    for (let j = 0; j < nj; j++) {
      const y = x - rj[j]!,
        q = b[y]!;
      if (q !== EMPTY && q !== OFF && (q & 1) === c && jo[(q - 4) * nj + j] && value[q]! < bv) {
        best = y;
        bv = value[q]!;
      }
    }
    if (pos === undefined || this.lionOn(pos.counts, c))
      for (let i = 0; i < 32; i++) {
        const y = x + LION_OFF[i]!,
          q = b[y]!;
        if (q !== EMPTY && q !== OFF && (q & 1) === c && fl[q - 4]! & LION_MASK[i]! && value[q]! < bv) {
          best = y;
          bv = value[q]!;
        }
      }
    for (let h = 0; h < 2; h++) {
      const y =
        pos !== undefined
          ? this.hookedFast(b, x, c, h, pos)
          : h === 0
            ? this.hooked(b, x, c, ORTH8, F_HOOK_ORTH)
            : this.hooked(b, x, c, DIAG8, F_HOOK_DIAG);
      if (y !== 0 && value[b[y]!]! < bv) {
        best = y;
        bv = value[b[y]!]!;
      }
    }
    return best;
  }

  /**
   * Marks, per colour, every square on which that colour's pieces other than Emperors could capture an
   * enemy (steps, ranges and slides up to the first piece, jumps, the Lion's area, Lion Dog stops,
   * hook legs). Squares held by the colour's own pieces are marked too: that is protection.
   */
  computeAttacks(b: Uint8Array): void {
    const t = this.tables;
    const att0 = this.attack[0],
      att1 = this.attack[1];
    att0.fill(0);
    att1.fill(0);
    for (let i = 0; i < SQUARES.length; i++) {
      const s = SQUARES[i]!;
      const p = b[s]!;
      if (p === EMPTY) continue;
      const fc = p - 4;
      const fl = t.flags[fc]!;
      if (fl & F_EMPEROR) continue;
      const att = (p & 1) === 0 ? att0 : att1;
      for (let r = t.rayStart[fc]!, re = t.rayStart[fc + 1]!; r < re; r++) {
        markRay(b, att, s, t.rayDelta[r]!, t.rayRange[r]!);
      }
      for (let j = t.jumpStart[fc]!, je = t.jumpStart[fc + 1]!; j < je; j++) {
        const x = s + t.jumpDelta[j]!;
        if (b[x] !== OFF) att[x] = 1;
      }
      if (fl & F_LION)
        for (let k = 0; k < 24; k++) {
          const x = s + AREA2[k]!;
          if (b[x] !== OFF) att[x] = 1;
        }
      if (fl & F_LIONDOG) {
        for (let k = 0; k < 8; k++) {
          const d = KING8[k]!;
          for (let m = 1, x = s + d; m <= 3 && b[x] !== OFF; m++, x += d) att[x] = 1;
        }
      }
      if (fl & (F_HOOK_ORTH | F_HOOK_DIAG)) {
        const dirs = fl & F_HOOK_ORTH ? ORTH8 : DIAG8;
        for (let k = 0; k < 4; k++) {
          const d = dirs[k]!,
            p1 = perp1(d);
          let x = s;
          for (;;) {
            x += d;
            const q = b[x]!;
            if (q === OFF) break;
            att[x] = 1;
            if (q !== EMPTY) break;
            markRay(b, att, x, p1, SLIDE);
            markRay(b, att, x, -p1, SLIDE);
          }
        }
      }
    }
  }
}

/**
 * Marks in `att` the squares along board delta d from x (x itself excluded), at most `range` steps:
 * up to the board's edge, or up to and including the first piece.
 */
function markRay(b: Uint8Array, att: Uint8Array, x: number, d: number, range: number): void {
  for (let k = range; k-- > 0; ) {
    x += d;
    const q = b[x]!;
    if (q === OFF) return;
    att[x] = 1;
    if (q !== EMPTY) return;
  }
}

/** True if the `count` squares from s along board delta d (s excluded) are all empty. */
function clear(b: Uint8Array, s: number, d: number, count: number): boolean {
  for (let k = 0; k < count; k++) {
    s += d;
    if (b[s] !== EMPTY) return false;
  }
  return true;
}

/** The sign of n: -1, 0 or 1. */
const sign = (n: number): number => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * Where the orthogonal hook mover on h comes in hooked()'s scan from x (k * 4096 + m * 4 + turn: the line ORTH8[k],
 * the m-th square along it, 0 straight there, 1 or 2 turning there by +ORTH_PERP[k] or its opposite), its first route
 * that reaches x; NO_ROUTE if none does (h != x).
 */
function orthRank(b: Uint8Array, x: number, h: number): number {
  const df = FILE_OF[h]! - FILE_OF[x]!,
    dr = RANK_OF[h]! - RANK_OF[x]!;
  const sf = sign(df),
    sr = sign(dr),
    mf = df * sf,
    mr = dr * sr;
  const kf = sf > 0 ? 0 : 1,
    kr = sr > 0 ? 2 : 3;
  if (dr === 0) return clear(b, x, sf, mf - 1) ? kf * 4096 + mf * 4 : NO_ROUTE;
  if (df === 0) return clear(b, x, sr * W, mr - 1) ? kr * 4096 + mr * 4 : NO_ROUTE;
  let rank = NO_ROUTE;
  // along the rank to (h's file, x's rank), then along the file to h
  if (clear(b, x, sf, mf) && clear(b, x + df, sr * W, mr - 1))
    rank = kf * 4096 + mf * 4 + (sr * W === ORTH_PERP[kf] ? 1 : 2);
  // along the file to (x's file, h's rank), then along the rank
  if (clear(b, x, sr * W, mr) && clear(b, x + dr * W, sf, mf - 1))
    rank = Math.min(rank, kr * 4096 + mr * 4 + (sf === ORTH_PERP[kr] ? 1 : 2));
  return rank;
}

/** orthRank() for the diagonal hook mover (Capricorn) on h: lines DIAG8, turns by DIAG_PERP. */
function diagRank(b: Uint8Array, x: number, h: number): number {
  const df = FILE_OF[h]! - FILE_OF[x]!,
    dr = RANK_OF[h]! - RANK_OF[x]!;
  if (df === dr || df === -dr) {
    const d = sign(dr) * W + sign(df),
      m = df < 0 ? -df : df;
    return clear(b, x, d, m - 1) ? DIAG8.indexOf(d) * 4096 + m * 4 : NO_ROUTE;
  }
  if (((df + dr) & 1) !== 0) return NO_ROUTE; // squares of the other colour: no diagonal route
  let rank = NO_ROUTE;
  // along x's (1,1) diagonal t squares, then along the (1,-1) one s squares to h
  const t = (df + dr) / 2,
    s = (df - dr) / 2;
  {
    const d1 = sign(t) * (W + 1),
      d2 = sign(s) * (1 - W),
      m = t < 0 ? -t : t,
      j = s < 0 ? -s : s;
    if (clear(b, x, d1, m) && clear(b, x + t * (W + 1), d2, j - 1)) {
      const k = DIAG8.indexOf(d1);
      rank = k * 4096 + m * 4 + (d2 === DIAG_PERP[k] ? 1 : 2);
    }
  }
  // along x's (1,-1) diagonal t2 squares, then along the (1,1) one to h
  const t2 = (df - dr) / 2,
    s2 = (df + dr) / 2;
  {
    const d1 = sign(t2) * (1 - W),
      d2 = sign(s2) * (W + 1),
      m = t2 < 0 ? -t2 : t2,
      j = s2 < 0 ? -s2 : s2;
    if (clear(b, x, d1, m) && clear(b, x + t2 * (1 - W), d2, j - 1)) {
      const k = DIAG8.indexOf(d1);
      rank = Math.min(rank, k * 4096 + m * 4 + (d2 === DIAG_PERP[k] ? 1 : 2));
    }
  }
  return rank;
}

/** A direction at right angles to board delta d (orthogonal or diagonal). */
function perp1(d: number): number {
  // d = dy * W + dx with dx, dy in -1..1: rotate (dx, dy) -> (-dy, dx)
  const dy = Math.round(d / W);
  const dx = d - dy * W;
  return dx * W - dy;
}
