/**
 * Alpha-beta search for Maka Dai Dai Shogi: iterative deepening with aspiration windows, principal
 * variation search, a transposition table (two-entry buckets, replaced by depth and age), null-move
 * pruning, late-move reductions, move ordering (TT move, captures by MVV-LVA, two killers per ply,
 * history; below the root the TT move and the killers are searched before the other moves are generated,
 * in the same order: alphaBeta()), quiescence on captures (igui and Lion / Lion Dog captures included) that
 * skips captures losing material to a defended square, and a material evaluation (eval.ts).
 * Repetition (under repetition=draw4): a position of the line that occurred before, in the game or the
 * line, since the last capture scores as a draw (0), as the lattice core's search does; so the side that
 * is ahead avoids a cycle and the side behind seeks one.
 *
 * Exact mates (DESIGN.md "Search", as the lattice core's search): a mate score of the main search is a
 * real forced end (terminal scores are exact, evaluations stay below the mate range, a null move never
 * returns a mate score and is not tried with a mate-range beta), but with reductions it need not be the
 * shortest. So an iteration of depth d whose score is a mate in m <= d plies is followed by the proof: a
 * full-width search to depth m (no null move, no reductions, TT cutoffs only from the proof's own
 * entries), whose value is the shortest mate (or the longest resistance); it replaces the score, move
 * and PV, and iterative deepening stops there.
 *
 * TT entry (6 int32 per slot, two slots a bucket):
 *   [0] key hi  [1] key lo  [2] move lo  [3] move hi  [4] score (mate scores relative to the node)
 *   [5] depth << 8 | age << 3 | proof << 2 | bound (1 exact, 2 lower, 3 upper); 0 = empty
 * A store goes to the bucket's slot of the same key, else to the slot of an older search, else to the
 * shallower one; a same-key entry deeper than the new one of this search stays unless the new is exact.
 */
import { MAX_SEARCH_DEPTH } from '../contract/limits.js';
import { F_LION as F_LION_, F_LIONDOG as F_LIONDOG_, type MoveGen } from './movegen.js';
import {
  type Position,
  EMPTY as EMPTY_,
  CELLS as CELLS_,
  ROYAL as ROYAL_,
  W as W_,
  SIZE as SIZE_,
  PAD as PAD_,
} from './position.js';
import { VALUE_OF_BYTE } from './eval.js';
import { evaluateBlack } from './features.js';

// The hot code's constants and tables as this module's own (movegen.ts says why).
const F_LION = F_LION_,
  F_LIONDOG = F_LIONDOG_,
  EMPTY = EMPTY_,
  CELLS = CELLS_,
  ROYAL = ROYAL_,
  W = W_,
  SIZE = SIZE_,
  PAD = PAD_,
  VALUE = VALUE_OF_BYTE;

/** Offsets of the 8 neighbouring squares on the padded board. */
const NEIGHBOURS = [1, -1, W, -W, W + 1, W - 1, -W + 1, -W - 1];
/** NEAR1[d + 2 * W + 2] = 1 when board delta d is one of the 8 neighbouring squares' (|d| <= 2 * W + 2). */
const NEAR1 = new Uint8Array(4 * W + 5);
for (const d of NEIGHBOURS) NEAR1[d + 2 * W + 2] = 1;

/** Move-ordering score of a capture that loses (plus its loss by see()): below every quiet move's. */
const LOSING = -(1 << 24);
/** Piece values for static exchange evaluation: the evaluation's, a royal SEE_ROYAL (its loss ends the game). */
const SEE_ROYAL = 20000;
const SEE_VALUE: Int32Array = Int32Array.from(VALUE_OF_BYTE, (v, p) => (ROYAL[p] ? SEE_ROYAL : v));

export const MATE = 30000;
const MATE_BOUND = MATE - 1000;
/** The largest evaluation: one below the mate range, so no material lead reads as a forced win. */
export const EVAL_LIMIT = MATE_BOUND - 1;
const INF = 32000;
/** Deepest search: the shared limit (src/contract/limits.ts). */
const MAX_DEPTH = MAX_SEARCH_DEPTH;
const QS_DEPTH = 8;
/** The leader's fade (search()): from FADE_FROM plies without a capture to FADE_TO, for a lead of LEAD_FADE or more. */
const FADE_FROM = 100,
  FADE_TO = 200,
  LEAD_FADE = 100;
const EXACT = 1,
  LOWER = 2,
  UPPER = 3;
/** TT entry flag: stored by the proof (a full-width search, see the file's comment). */
const PROOF = 4;
/** Aspiration window half-width (centipawns) from depth ASPIRATION_FROM on; doubled on each failure. */
const ASPIRATION = 50,
  ASPIRATION_FROM = 4;
/** Null move: from depth NULL_FROM, reduced by NULL_R (NULL_R + 1 from depth NULL_DEEP). */
const NULL_FROM = 3,
  NULL_R = 2,
  NULL_DEEP = 7;
/** A null-move cutoff at depth NULL_VERIFY or more is verified by a search without null moves. */
const NULL_VERIFY = 8;
/** Late-move reductions: quiet moves after the first LMR_AFTER, from depth LMR_FROM. */
const LMR_FROM = 3,
  LMR_AFTER = 3;
/**
 * The search's techniques, each on or off (Searcher.techniques; all on by default): for measuring each
 * one's gain and for the tests that compare the pruned search's mates with the full-width one's.
 */
export interface MakaTechniques {
  /** Aspiration windows at the root. */
  aspiration: boolean;
  /** Principal variation search (null windows after the first move). */
  pvs: boolean;
  /** Null-move pruning. */
  nullMove: boolean;
  /** Late-move reductions (needs pvs). */
  lmr: boolean;
  /** Quiescence skips captures that lose material by static exchange evaluation (see()). */
  see: boolean;
  /**
   * Quiescence judges a capture by static exchange evaluation (see()) instead of the one-exchange test
   * (the destination defended); off by default (see docs/search.md).
   */
  seeExact: boolean;
  /** The main search orders captures that lose by static exchange evaluation after the quiet moves. */
  seeOrder: boolean;
  /** A move that attacks an enemy royal is searched a ply deeper (royal-threat extension; off by default). */
  extend: boolean;
  /**
   * Staged move generation below the root (alphaBeta()): the TT move and the killers are searched before the other
   * moves are generated. A speed technique only: the same moves in the same order, so the same nodes and result.
   */
  staged: boolean;
}

export interface MakaSearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  /** A stop flag (e.g. on a SharedArrayBuffer set by another thread): non-zero stop[0] stops the search. */
  stop?: Int32Array;
  /** Called with each completed depth's result. */
  onDepth?: (r: MakaSearchResult) => void;
}
export interface MakaSearchResult {
  /** The best move as [lo, hi] words, or null when there is no move. */
  best: [number, number] | null;
  score: number;
  depth: number;
  nodes: number;
  ms: number;
  pv: [number, number][];
}

class Stop extends Error {}

/** Tables of released searchers (Searcher.release()), for the next searchers to reuse. */
const SPARE_TABLES: { tt: Int32Array; history: Int32Array }[] = [];
const SPARE_LIMIT = 2;
/** The largest table kept for reuse: 2^21 slots (48 MiB), so spare tables hold little memory from the collector. */
const SPARE_MAX_WORDS = (1 << 21) * 6;

export class Searcher {
  private readonly ttBits: number;
  private readonly tt: Int32Array;
  private readonly killers = new Int32Array(MAX_DEPTH * 4 + 64);
  private readonly history: Int32Array;
  private readonly scores: Int32Array[] = [];
  nodes = 0;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  /** The best root move of the last completed iteration's alpha-beta (the PV's first move if the TT lost it). */
  private rootBest: [number, number] | null = null;

  /** Non-royal pieces per colour, counted by evaluate(). */
  private readonly pieces = new Int32Array(2);
  /** The search's generation (0..31), for the TT's replacement. */
  private age = 0;
  /** The techniques in use (see MakaTechniques). */
  techniques: MakaTechniques = {
    aspiration: true,
    pvs: true,
    nullMove: true,
    lmr: true,
    see: true,
    seeExact: false,
    seeOrder: true,
    extend: false,
    staged: true,
  };
  /** Extensions only at plies below this: twice the iteration's depth (search()). */
  private extendBelow = 0;
  /** see()'s swap list and the squares it emptied (restored before it returns). */
  private readonly seeGain = new Int32Array(64);
  private readonly seeSquares = new Int32Array(64);
  private readonly seePieces = new Int32Array(64);
  /**
   * Growth of the history table (index | depth << 18, the growth depth * depth) while a node's staged moves are
   * searched (`marks` such nodes open): a node that then generates all its moves scores them with the history as it
   * was (alphaBeta()).
   */
  private historyLog = new Int32Array(4096);
  private logLen = 0;
  private marks = 0;
  /** True while the proof runs (full width: no null move, no reductions; see the file's comment). */
  private proving = false;
  /** A repeated position scores as a draw inside the search (the game's repetition=draw4; off for none). */
  repetitionDraws = true;
  /**
   * The share of the evaluation this search counts (1, or less for a leader that makes no progress:
   * see search()).
   */
  private fade = 1;

  constructor(
    private readonly pos: Position,
    private readonly gen: MoveGen,
    ttBits = 18,
  ) {
    this.ttBits = ttBits;
    const size = (1 << ttBits) * 6,
      i = SPARE_TABLES.findIndex((t) => t.tt.length === size);
    if (i >= 0) {
      // a released searcher's table, cleared: its pages are in memory already
      const t = SPARE_TABLES.splice(i, 1)[0]!;
      this.tt = t.tt.fill(0);
      this.history = t.history;
    } else {
      this.tt = new Int32Array(size);
      this.history = new Int32Array(256 * CELLS);
    }
  }

  /**
   * Gives the searcher's transposition and history tables to the next Searcher made with the same table size (it
   * clears them): a new table's memory comes in page by page as its first search touches it, which on a loaded
   * machine cost 60-230 ms for the default 6 MiB (docs/search.md). The searcher must not be used afterwards
   * (MakaGame.dispose() calls it). At most SPARE_LIMIT tables of at most SPARE_MAX_WORDS are kept.
   */
  release(): void {
    if (
      this.tt.length <= SPARE_MAX_WORDS &&
      SPARE_TABLES.length < SPARE_LIMIT &&
      !SPARE_TABLES.some((t) => t.tt === this.tt)
    )
      SPARE_TABLES.push({ tt: this.tt, history: this.history });
  }

  /**
   * Static evaluation in centipawns from the side to move's view (eval.ts data), within +-EVAL_LIMIT
   * (below the mate range): material with promotion potential, advancement, royal safety (friendly
   * pieces next to each royal, and a spare royal, King or Prince, beyond the first), the pieces'
   * closeness to the enemy royal, and for a side far ahead the mop-up (MOPUP_*: more weight on that
   * closeness, and the enemy royal driven to an edge); scaled down by the leader's fade (search()).
   */
  evaluate(): number {
    const pos = this.pos;
    this.pieces[0] = pos.nonRoyal[0]!;
    this.pieces[1] = pos.nonRoyal[1]!;
    // the terms and their weights: features.ts evaluateBlack(), eval.ts; below the mate range, however
    // large the material lead (issue 18: a lead of ranks of pieces read as a mate, "loss in 2000")
    let s = Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, evaluateBlack(pos)));
    s = Math.round(s * this.fade);
    return pos.side === 0 ? s : -s;
  }

  /** The first slot of the position's bucket (two slots of 6 int32). */
  private bucket(): number {
    return ((this.pos.keyLo >>> 0) & ((1 << this.ttBits) - 2)) * 6;
  }

  /** The slot holding the position, or -1. */
  private probe(): number {
    const tt = this.tt,
      e = this.bucket(),
      hi = this.pos.keyHi,
      lo = this.pos.keyLo;
    if (tt[e] === hi && tt[e + 1] === lo && tt[e + 5] !== 0) return e;
    if (tt[e + 6] === hi && tt[e + 7] === lo && tt[e + 11] !== 0) return e + 6;
    return -1;
  }

  /** Stores the node's result (score relative to the root's ply already made relative to the node). */
  private store(lo: number, hi: number, score: number, depth: number, bound: number): void {
    const tt = this.tt,
      e = this.bucket(),
      kh = this.pos.keyHi,
      kl = this.pos.keyLo;
    const flags = (this.proving ? PROOF : 0) | bound;
    let at: number;
    if (tt[e] === kh && tt[e + 1] === kl) at = e;
    else if (tt[e + 6] === kh && tt[e + 7] === kl) at = e + 6;
    else {
      // other keys' entries: the first slot keeps the deeper result of this search (an older search's
      // entry, or one no deeper than the new, makes way), the second takes what the first does not
      const f0 = tt[e + 5]!;
      at = f0 === 0 || ((f0 >> 3) & 31) !== this.age || f0 >> 8 <= depth ? e : e + 6;
      tt[at] = kh;
      tt[at + 1] = kl;
      tt[at + 2] = lo;
      tt[at + 3] = hi;
      tt[at + 4] = score;
      tt[at + 5] = (depth << 8) | (this.age << 3) | flags;
      return;
    }
    const old = tt[at + 5]!;
    // the same position: a deeper entry of this search stays unless the new one is exact, and a proof
    // entry is replaced only by a proof entry at least as deep
    if (old !== 0 && ((old >> 3) & 31) === this.age) {
      if (old >> 8 > depth && bound !== EXACT) return;
      if (old & PROOF && !this.proving && old >> 8 >= depth) return;
    }
    tt[at + 2] = lo;
    tt[at + 3] = hi;
    tt[at + 4] = score;
    tt[at + 5] = (depth << 8) | (this.age << 3) | flags;
  }

  private scoreBuf(ply: number): Int32Array {
    while (this.scores.length <= ply) this.scores.push(new Int32Array(8192));
    return this.scores[ply]!;
  }

  /**
   * Orders the ply's n moves: TT move, captures (MVV-LVA), killers, history (alphaBeta() moves a capture
   * that loses by static exchange evaluation last, LOSING + its loss, when its turn comes).
   */
  private scoreMoves(ply: number, n: number, ttLo: number, ttHi: number): Int32Array {
    const lo = this.gen.movesLo(ply),
      hi = this.gen.movesHi(ply);
    const sc = this.scoreBuf(ply);
    const b = this.pos.board;
    const k = ply * 4;
    for (let i = 0; i < n; i++) {
      const l = lo[i]!,
        h = hi[i]!;
      const from = l & 1023,
        to = (l >>> 10) & 1023,
        res = (l >>> 20) & 255;
      if (l === ttLo && h === ttHi) {
        sc[i] = 1 << 30;
        continue;
      }
      let victim = 0;
      if (to !== from && b[to] !== EMPTY) victim += VALUE[b[to]!]!;
      const c1 = h & 1023,
        c2 = (h >>> 10) & 1023;
      if (c1) victim += VALUE[b[c1]!]!;
      if (c2) victim += VALUE[b[c2]!]!;
      const gain = VALUE[res]! - VALUE[b[from]!]!;
      if (victim || gain > 0) sc[i] = (1 << 28) + victim * 16 + gain - (VALUE[b[from]!]! >> 4);
      else if (l === this.killers[k] && h === this.killers[k + 1]) sc[i] = (1 << 27) + 2;
      else if (l === this.killers[k + 2] && h === this.killers[k + 3]) sc[i] = (1 << 27) + 1;
      else sc[i] = Math.min(this.history[b[from]! * CELLS + to]!, (1 << 27) - 1);
    }
    return sc;
  }

  /** Moves the best-scored move among i..n-1 to i. */
  private pick(ply: number, i: number, n: number, sc: Int32Array): void {
    let best = i;
    for (let j = i + 1; j < n; j++) if (sc[j]! > sc[best]!) best = j;
    if (best !== i) {
      const lo = this.gen.movesLo(ply),
        hi = this.gen.movesHi(ply);
      let t = lo[i]!;
      lo[i] = lo[best]!;
      lo[best] = t;
      t = hi[i]!;
      hi[i] = hi[best]!;
      hi[best] = t;
      t = sc[i]!;
      sc[i] = sc[best]!;
      sc[best] = t;
    }
  }

  private tick(): void {
    if (
      ++this.nodes >= this.nodeLimit ||
      ((this.nodes & 1023) === 0 &&
        (performance.now() > this.deadline || (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0)))
    )
      throw new Stop();
  }

  /** Score of a finished position or one without moves, else null. */
  private terminal(ply: number): number | null {
    const r = this.pos.royals,
      us = this.pos.side;
    if (r[us] === 0) return -(MATE - ply);
    if (r[us ^ 1] === 0) return MATE - ply;
    return null;
  }

  /** True if a royal of the side to move stands attacked by the other side (MoveGen.attacked). */
  private royalAttacked(): boolean {
    const pos = this.pos,
      c = pos.side,
      rocc = pos.royalOcc;
    for (let r = 0; r < SIZE; r++) {
      let m = rocc[c * SIZE + r]!;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        if (this.gen.attacked(pos.board, (r + PAD) * W + PAD + 31 - Math.clz32(bit), c ^ 1, pos)) return true;
      }
    }
    return false;
  }

  /**
   * Static exchange evaluation of the capture (l, h), in centipawns for the side to move: what it takes
   * (every captured piece, and the promotion's gain), then the exchange on the destination, each side
   * recapturing with its least valuable attacker (MoveGen.leastAttacker on the board as the exchange
   * leaves it, so pieces behind others on a line join in: x-rays) and free to stop. A royal counts
   * SEE_ROYAL, so one recaptures only where nothing recaptures it. Lion awareness (rules "Lion move", "Lion
   * Dog move"): a Lion or Lion Dog next to the destination takes by igui, capturing and returning home,
   * so the exchange ends with it; an igui first move stands on no new square, so it is worth what it takes.
   * The board is restored before it returns.
   */
  see(l: number, h: number): number {
    const b = this.pos.board,
      gen = this.gen;
    const from = l & 1023,
      to = (l >>> 10) & 1023,
      res = (l >>> 20) & 255,
      c1 = h & 1023,
      c2 = (h >>> 10) & 1023;
    const mover = b[from]!,
      dest = to !== from ? b[to]! : EMPTY;
    let gain0 = SEE_VALUE[res]! - SEE_VALUE[mover]!;
    if (dest !== EMPTY) gain0 += SEE_VALUE[dest]!;
    if (c1) gain0 += SEE_VALUE[b[c1]!]!;
    if (c2) gain0 += SEE_VALUE[b[c2]!]!;
    if (to === from) return gain0;
    const v1 = c1 ? b[c1]! : 0,
      v2 = c2 ? b[c2]! : 0;
    b[from] = EMPTY;
    if (c1) b[c1] = EMPTY;
    if (c2) b[c2] = EMPTY;
    b[to] = res;
    const gain = this.seeGain,
      sqs = this.seeSquares,
      pcs = this.seePieces,
      flags = gen.tables.flags;
    gain[0] = gain0;
    let d = 0,
      onTo = SEE_VALUE[res]!,
      side = this.pos.side ^ 1;
    while (d < 63) {
      const a = gen.leastAttacker(b, to, side, SEE_VALUE, this.pos);
      if (a === 0) break;
      d++;
      gain[d] = onTo - gain[d - 1]!;
      const q = b[a]!;
      sqs[d] = a;
      pcs[d] = q;
      b[a] = EMPTY;
      if (flags[q - 4]! & (F_LION | F_LIONDOG) && NEAR1[a - to + 2 * W + 2]) break; // igui: nothing left on `to`
      b[to] = q;
      onTo = SEE_VALUE[q]!;
      side ^= 1;
    }
    for (let k = d; k >= 1; k--) b[sqs[k]!] = pcs[k]!;
    b[to] = dest;
    if (c2) b[c2] = v2;
    if (c1) b[c1] = v1;
    b[from] = mover;
    for (; d > 0; d--) gain[d - 1] = -Math.max(-gain[d - 1]!, gain[d]!);
    return gain[0]!;
  }

  /**
   * True when the capture (l, h) may lose material: it moves to a new square, takes no royal, and takes less
   * than its mover is worth (with its promotion's gain). Otherwise no exchange makes it lose.
   */
  private mayLose(l: number, h: number): boolean {
    const b = this.pos.board;
    const from = l & 1023,
      to = (l >>> 10) & 1023;
    if (to === from) return false; // igui: the piece stays where it was
    const c1 = h & 1023,
      c2 = (h >>> 10) & 1023;
    let victim = 0;
    const d = b[to]!;
    if (d !== EMPTY) {
      if (ROYAL[d]) return false;
      victim += VALUE[d]!;
    }
    if (c1) {
      if (ROYAL[b[c1]!]) return false;
      victim += VALUE[b[c1]!]!;
    }
    if (c2) {
      if (ROYAL[b[c2]!]) return false;
      victim += VALUE[b[c2]!]!;
    }
    const mover = VALUE[b[from]!]!;
    return mover > victim + VALUE[(l >>> 20) & 255]! - mover;
  }

  /**
   * True when the capture (lo, hi) loses material by static exchange evaluation (see()); a capture that
   * takes at least its mover's worth (with its promotion's gain), or a royal, never does. For quiescence.
   */
  private losingCapture(l: number, h: number): boolean {
    if (!this.mayLose(l, h)) return false;
    const b = this.pos.board;
    const to = (l >>> 10) & 1023;
    return this.techniques.seeExact ? this.see(l, h) < 0 : this.gen.attacked(b, to, this.pos.side ^ 1, this.pos);
  }

  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    this.tick();
    const t = this.terminal(ply);
    if (t !== null) return t;
    const stand = this.evaluate();
    if (stand >= beta || qd >= QS_DEPTH || ply >= MAX_DEPTH * 2) return stand;
    if (stand > alpha) alpha = stand;
    const n = this.gen.generateCaptures(this.pos, ply);
    const lo = this.gen.movesLo(ply),
      hi = this.gen.movesHi(ply);
    const sc = this.scoreMoves(ply, n, -1, -1);
    for (let i = 0; i < n; i++) {
      this.pick(ply, i, n, sc);
      if (sc[i]! < 1 << 28) break; // the rest are quiet
      // a capture that loses material to a recapture is not searched
      if (this.techniques.see && this.losingCapture(lo[i]!, hi[i]!)) continue;
      this.pos.make(lo[i]!, hi[i]!);
      const s = -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
      this.pos.unmake();
      if (s > alpha) {
        alpha = s;
        if (s >= beta) return s;
      }
    }
    return alpha;
  }

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number, nullOk = true): number {
    if (ply > 0 && this.repetitionDraws && this.pos.repeatsEarlier()) return 0;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
    this.tick();
    const t = this.terminal(ply);
    if (t !== null) return t;
    const tt = this.tt,
      e = this.probe(),
      proving = this.proving;
    const pvNode = beta - alpha > 1;
    let ttLo = -1,
      ttHi = -1;
    if (e >= 0) {
      ttLo = tt[e + 2]!;
      ttHi = tt[e + 3]!;
      const f = tt[e + 5]!,
        d = f >> 8,
        bound = f & 3;
      if (d >= depth && ply > 0 && (!proving || f & PROOF)) {
        let s = tt[e + 4]!;
        if (s > MATE_BOUND) s -= ply;
        else if (s < -MATE_BOUND) s += ply;
        if (bound === EXACT || (bound === LOWER && s >= beta) || (bound === UPPER && s <= alpha)) return s;
      }
    }
    // Null move: the side passes; if the other side, searched NULL_R plies shallower, still cannot bring
    // the score below beta, the node fails high. Not at PV nodes, twice in a row, in the proof, with beta
    // in the mate range, or for a side with only royals; a royal en prise fails low by itself (the other
    // side takes it). A cutoff never returns a mate score, and a deep one is verified without null moves.
    if (
      this.techniques.nullMove &&
      nullOk &&
      !proving &&
      !pvNode &&
      ply > 0 &&
      depth >= NULL_FROM &&
      beta < MATE_BOUND &&
      beta > -MATE_BOUND &&
      this.evaluate() >= beta &&
      this.pieces[this.pos.side]! > 0
    ) {
      const r = depth >= NULL_DEEP ? NULL_R + 1 : NULL_R;
      this.pos.makeNull();
      const s = -this.alphaBeta(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
      this.pos.unmake();
      if (s >= beta) {
        if (depth < NULL_VERIFY || this.alphaBeta(depth - 1 - r, beta - 1, beta, ply, false) >= beta)
          return s >= MATE_BOUND ? beta : s;
      }
    }
    const pos = this.pos,
      gen = this.gen;
    const seeOrder = this.techniques.seeOrder;
    const alpha0 = alpha;
    let best = -INF,
      bestLo = 0,
      bestHi = 0;
    // Staged (below the root): the moves the loop further down would search first, found without generating every
    // move: the TT move, else (when every capture loses by static exchange evaluation, so all go after the quiet
    // moves) the killers, each checked among its piece's moves. Most nodes of a search end on their first move, so
    // they never generate the rest. If none ends the node, the loop generates all moves, scores them as they would
    // have been scored before the staged moves (the history as it was: historyLog) and replays its picks up to
    // them, so the moves, their order and the node counts are those of a search without stages.
    let searched = 0,
      mark = -1;
    if (ply > 0 && this.techniques.staged) {
      if (ttLo !== -1 && gen.hasMove(pos, ply, ttLo, ttHi)) {
        mark = this.openMark();
        const s = this.searchMove(ttLo, ttHi, 0, false, depth, alpha, beta, ply, proving);
        best = s;
        bestLo = ttLo;
        bestHi = ttHi;
        if (s > alpha) alpha = s;
        searched = 1;
      } else if (this.capturesGoLast(ply, seeOrder)) {
        const k = ply * 4,
          kl = this.killers;
        for (let j = 0; j < 4 && alpha < beta; j += 2) {
          const l = kl[k + j]!,
            h = kl[k + j + 1]!;
          if (l === 0 || !this.quietHere(l, h) || !gen.hasMove(pos, ply, l, h)) continue;
          if (mark < 0) mark = this.openMark();
          const mover = pos.board[l & 1023]!;
          const s = this.searchMove(l, h, searched, false, depth, alpha, beta, ply, proving);
          if (s > best) {
            best = s;
            bestLo = l;
            bestHi = h;
          }
          if (s > alpha) alpha = s;
          if (alpha >= beta) this.quietCutoff(ply, l, h, mover, depth);
          searched++;
        }
      }
    }
    if (alpha < beta) {
      const n = gen.generate(pos, ply);
      if (n === 0) {
        if (mark >= 0) this.closeMark();
        return -(MATE - ply); // no move: the side to move has lost
      }
      const lo = gen.movesLo(ply),
        hi = gen.movesHi(ply);
      let sc: Int32Array;
      if (mark >= 0) {
        // the history as it was before the staged moves' subtrees added to it
        this.rewindHistory(mark, -1);
        sc = this.scoreMoves(ply, n, ttLo, ttHi);
        this.rewindHistory(mark, 1);
      } else sc = this.scoreMoves(ply, n, ttLo, ttHi);
      for (let i = 0; i < n; i++) {
        this.pick(ply, i, n, sc);
        const l = lo[i]!,
          h = hi[i]!;
        // a capture that may lose and does by static exchange evaluation goes after the quiet moves (judged
        // when its turn comes, so a cutoff before it saves the exchange)
        if (seeOrder && sc[i]! >= 1 << 28 && sc[i]! < 1 << 30 && this.mayLose(l, h)) {
          const v = this.see(l, h);
          if (v < 0) {
            sc[i] = LOSING + v;
            i--;
            continue;
          }
        }
        if (i < searched) continue; // searched by the stages above
        const mover = pos.board[l & 1023]!;
        const to = (l >>> 10) & 1023;
        // (not the TT move, a capture, a promotion or a killer: history and killers learn from these)
        const quiet = sc[i]! < 1 << 28 && (h & 1023) === 0 && (to === (l & 1023) || pos.board[to] === EMPTY);
        const s = this.searchMove(l, h, i, quiet && sc[i]! < 1 << 27, depth, alpha, beta, ply, proving);
        if (s > best) {
          best = s;
          bestLo = l;
          bestHi = h;
        }
        if (s > alpha) alpha = s;
        if (alpha >= beta) {
          if (quiet) this.quietCutoff(ply, l, h, mover, depth);
          break;
        }
      }
    }
    if (mark >= 0) this.closeMark();
    if (ply === 0 && best > -INF) this.rootBest = [bestLo, bestHi];
    let stored = best;
    if (stored > MATE_BOUND) stored += ply;
    else if (stored < -MATE_BOUND) stored -= ply;
    const bound = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    this.store(bestLo, bestHi, stored, depth, bound);
    return best;
  }

  /**
   * Searches the move (l, h), the node's i-th (0: full window; else a null window, reduced when `reducible` and late,
   * then wider where it lands inside the window): principal variation search and late-move reductions. Returns its
   * score for the side to move.
   */
  private searchMove(
    l: number,
    h: number,
    i: number,
    reducible: boolean,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    proving: boolean,
  ): number {
    this.pos.make(l, h);
    // royal-threat extension: a move that attacks an enemy royal is searched a ply deeper (not in the
    // proof, and only while the line is shorter than twice the iteration's depth)
    const nd =
      depth - 1 + (this.techniques.extend && !proving && ply < this.extendBelow && this.royalAttacked() ? 1 : 0);
    let s: number;
    if (i === 0 || !this.techniques.pvs) s = -this.alphaBeta(nd, -beta, -alpha, ply + 1);
    else {
      // late-move reduction: quiet moves ordered after the TT move, captures, promotions and killers,
      // late in the list, are searched one or two plies shallower with a null window, and again at full
      // depth if they beat alpha; then principal variation search: a null window, and the full window
      // again where the move lands inside it
      let r = 0;
      if (reducible && this.techniques.lmr && !proving && nd < depth && depth >= LMR_FROM && i >= LMR_AFTER)
        r = i >= 12 && depth >= 5 ? 2 : 1;
      s = -this.alphaBeta(nd - r, -alpha - 1, -alpha, ply + 1);
      if (r > 0 && s > alpha) s = -this.alphaBeta(nd, -alpha - 1, -alpha, ply + 1);
      if (s > alpha && s < beta) s = -this.alphaBeta(nd, -beta, -alpha, ply + 1);
    }
    this.pos.unmake();
    return s;
  }

  /** A quiet move (l, h) of `mover` ended the node at ply: it becomes the ply's first killer, and its history grows. */
  private quietCutoff(ply: number, l: number, h: number, mover: number, depth: number): void {
    const k = ply * 4;
    if (this.killers[k] !== l || this.killers[k + 1] !== h) {
      this.killers[k + 2] = this.killers[k]!;
      this.killers[k + 3] = this.killers[k + 1]!;
      this.killers[k] = l;
      this.killers[k + 1] = h;
    }
    const idx = mover * CELLS + ((l >>> 10) & 1023);
    this.history[idx]! += depth * depth;
    if (this.marks > 0) {
      if (this.logLen === this.historyLog.length) {
        const grown = new Int32Array(this.historyLog.length * 2);
        grown.set(this.historyLog);
        this.historyLog = grown;
      }
      this.historyLog[this.logLen++] = idx | (depth << 18);
    }
  }

  /** A node starts its staged moves: history growth is logged from here (returns the log's mark). */
  private openMark(): number {
    this.marks++;
    return this.logLen;
  }

  /** A node's staged moves are done with: once no node needs the log, it empties. */
  private closeMark(): void {
    if (--this.marks === 0) this.logLen = 0;
  }

  /** Takes back (sign -1) or puts again (1) the history growth logged since `mark`. */
  private rewindHistory(mark: number, sign: number): void {
    const log = this.historyLog,
      hs = this.history;
    for (let j = mark; j < this.logLen; j++) {
      const e = log[j]!,
        d = e >>> 18;
      hs[e & 0x3ffff] = hs[e & 0x3ffff]! + sign * d * d;
    }
  }

  /**
   * True when no capture of the side to move would be searched before the quiet moves: it has none, or (with
   * techniques.seeOrder) every one may lose and does by static exchange evaluation. Generates the captures into the
   * ply's buffers.
   */
  private capturesGoLast(ply: number, seeOrder: boolean): boolean {
    const n = this.gen.generateCaptures(this.pos, ply);
    if (n === 0) return true;
    if (!seeOrder) return false;
    const lo = this.gen.movesLo(ply),
      hi = this.gen.movesHi(ply);
    for (let i = 0; i < n; i++) if (!this.mayLose(lo[i]!, hi[i]!)) return false;
    const sc = this.scoreMoves(ply, n, -1, -1);
    for (let i = 0; i < n; i++)
      if (sc[i]! < 1 << 28 || sc[i]! >= 1 << 30 || this.see(lo[i]!, hi[i]!) >= 0) return false;
    return true;
  }

  /** True when (l, h) takes nothing in this position (so scoreMoves() would score it as a quiet move). */
  private quietHere(l: number, h: number): boolean {
    const from = l & 1023,
      to = (l >>> 10) & 1023;
    return (h & 1023) === 0 && (to === from || this.pos.board[to] === EMPTY);
  }

  /**
   * The root search of depth d within an aspiration window around the last iteration's score `prev`
   * (from depth ASPIRATION_FROM, while it is no mate score), widened on each failure (doubled, then full).
   */
  private aspiration(d: number, prev: number): number {
    if (!this.techniques.aspiration || d < ASPIRATION_FROM || Math.abs(prev) > MATE_BOUND)
      return this.alphaBeta(d, -INF, INF, 0);
    let delta = ASPIRATION;
    let alpha = prev - delta,
      beta = prev + delta;
    for (;;) {
      const s = this.alphaBeta(d, alpha, beta, 0);
      if (s <= alpha && alpha > -INF) alpha = Math.max(s - delta, -INF);
      else if (s >= beta && beta < INF) beta = Math.min(s + delta, INF);
      else return s;
      delta *= 2;
      if (delta > 800) {
        alpha = -INF;
        beta = INF;
      }
    }
  }

  /** The principal variation from the TT (at most `max` moves, stopping at a missing or repeated entry). */
  private pvFromTT(max: number): [number, number][] {
    const pv: [number, number][] = [];
    const seen = new Set<string>();
    for (let i = 0; i < max; i++) {
      const e = this.probe(),
        tt = this.tt;
      const key = `${this.pos.keyHi},${this.pos.keyLo}`;
      if (seen.has(key) || e < 0) break;
      seen.add(key);
      const l = tt[e + 2]!,
        h = tt[e + 3]!;
      const n = this.gen.generate(this.pos, 0);
      const [lo, hi] = this.gen.buffers(0);
      let found = false;
      for (let j = 0; j < n; j++)
        if (lo[j] === l && hi[j] === h) {
          found = true;
          break;
        }
      if (!found) break;
      pv.push([l, h]);
      this.pos.make(l, h);
    }
    for (let i = 0; i < pv.length; i++) this.pos.unmake();
    return pv;
  }

  /**
   * Iterative deepening within the limits (default depth 4); depth 1 always completes, whatever the
   * limits (a node budget, a deadline or a stop flag applies from depth 2 on). The position is
   * unchanged afterwards.
   */
  search(limits: MakaSearchLimits): MakaSearchResult {
    const t0 = performance.now();
    const maxDepth = limits.depth ?? (limits.nodes || limits.movetime ? MAX_DEPTH : 4);
    this.nodes = 0;
    const nodeLimit = limits.nodes || Infinity;
    const deadline = limits.movetime ? t0 + limits.movetime : Infinity;
    // depth 1 always completes (README "search"; the lattice core does the same): the limits apply from depth 2
    this.nodeLimit = Infinity;
    this.deadline = Infinity;
    this.stopFlag = undefined;
    this.killers.fill(0);
    this.marks = 0;
    this.logLen = 0;
    this.history.fill(0);
    const ply0 = this.pos.ply;
    this.rootBest = null;
    // no progress: where the side to move leads by LEAD_FADE or more and nothing was captured for
    // FADE_FROM plies, its searches count its evaluation less and less, none at FADE_TO, so that it takes
    // the repetition it avoided (the lattice core's leader fade; the side behind never fades)
    this.fade = 1;
    if (this.repetitionDraws) {
      const quiet = this.pos.quietPlies();
      if (quiet > FADE_FROM && this.evaluate() >= LEAD_FADE)
        this.fade = Math.max(0, (FADE_TO - quiet) / (FADE_TO - FADE_FROM));
    }
    this.age = (this.age + 1) & 31;
    let result: MakaSearchResult = { best: null, score: 0, depth: 0, nodes: 0, ms: 0, pv: [] };
    let prev = 0;
    for (let d = 1; d <= maxDepth; d++) {
      if (d === 2) {
        this.nodeLimit = nodeLimit;
        this.deadline = deadline;
        this.stopFlag = limits.stop;
      }
      let score: number;
      let proven = false;
      try {
        this.extendBelow = 2 * d;
        score = this.aspiration(d, prev);
        // a mate within d plies: the proof (full width to its length) makes it the shortest
        const m = MATE - Math.abs(score);
        if (m <= d) {
          this.proving = true;
          const p = this.alphaBeta(m, -INF, INF, 0);
          this.proving = false;
          if (Math.abs(p) > MATE_BOUND) {
            score = p;
            proven = true;
          } else score = score > 0 ? EVAL_LIMIT : -EVAL_LIMIT; // not a forced end within m: a large lead only
        }
      } catch (err) {
        this.proving = false;
        this.marks = 0;
        this.logLen = 0;
        if (!(err instanceof Stop)) throw err;
        while (this.pos.ply > ply0) this.pos.unmake();
        break;
      }
      prev = score;
      const pv = this.pvFromTT(d);
      // (+ 0: a draw found a ply down is -0 here; the API says 0)
      result = {
        best: pv[0] ?? this.rootBest,
        score: score + 0,
        depth: d,
        nodes: this.nodes,
        ms: Math.round(performance.now() - t0),
        pv,
      };
      limits.onDepth?.(result);
      // stop on a mate once the proof found it: a full-width search to its length, so it is the shortest
      // (a longer one, seen through quiescence, may not be)
      if (proven) break;
    }
    result.nodes = this.nodes;
    result.ms = Math.round(performance.now() - t0);
    return result;
  }
}
