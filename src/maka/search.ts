/**
 * Alpha-beta search for Maka Dai Dai Shogi: iterative deepening negamax with a transposition table,
 * move ordering (TT move, captures by MVV-LVA, two killers per ply, history), quiescence on captures
 * (igui and Lion / Lion Dog captures included) and a material evaluation (eval.ts).
 * Repetition (under repetition=draw4): a position of the line that occurred before, in the game or the
 * line, since the last capture scores as a draw (0), as the lattice core's search does; so the side that
 * is ahead avoids a cycle and the side behind seeks one.
 *
 * TT entry (6 int32 per slot, always-replace unless a deeper entry of the same key is there):
 *   [0] key hi  [1] key lo  [2] move lo  [3] move hi  [4] score (mate scores relative to the node)
 *   [5] depth << 2 | bound (1 exact, 2 lower, 3 upper)
 */
import { MAX_SEARCH_DEPTH } from '../contract/limits.js';
import type { MoveGen } from './movegen.js';
import { type Position, EMPTY, CELLS, ROYAL, W, rankOf, fileOf } from './position.js';
import {
  VALUE_OF_BYTE,
  ROYAL_GUARD,
  SPARE_ROYAL,
  ADVANCE,
  ADVANCE_RANKS,
  TROPISM,
  MOPUP_FROM,
  MOPUP_SPAN,
  MOPUP_TROPISM,
  MOPUP_EDGE,
} from './eval.js';

/** Rank and file (0-based) of every square of the padded board. */
const RANK_OF = Int8Array.from({ length: CELLS }, (_, i) => rankOf(i));
const FILE_OF = Int8Array.from({ length: CELLS }, (_, i) => fileOf(i));
/** Offsets of the 8 neighbouring squares on the padded board. */
const NEIGHBOURS = [1, -1, W, -W, W + 1, W - 1, -W + 1, -W - 1];

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

export class Searcher {
  private readonly ttBits: number;
  private readonly tt: Int32Array;
  private readonly killers = new Int32Array(MAX_DEPTH * 4 + 64);
  private readonly history = new Int32Array(256 * CELLS);
  private readonly scores: Int32Array[] = [];
  nodes = 0;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  /** The best root move of the last completed iteration's alpha-beta (the PV's first move if the TT lost it). */
  private rootBest: [number, number] | null = null;

  /** The non-royal pieces' squares, filled by evaluate(). */
  private readonly evalList = new Int32Array(CELLS);
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
    this.tt = new Int32Array((1 << ttBits) * 6);
  }

  /**
   * Static evaluation in centipawns from the side to move's view (eval.ts data), within +-EVAL_LIMIT
   * (below the mate range): material with promotion potential, advancement, royal safety (friendly
   * pieces next to each royal, and a spare royal, King or Prince, beyond the first), the pieces'
   * closeness to the enemy royal, and for a side far ahead the mop-up (MOPUP_*: more weight on that
   * closeness, and the enemy royal driven to an edge); scaled down by the leader's fade (search()).
   */
  evaluate(): number {
    const b = this.pos.board;
    const list = this.evalList;
    // material, advancement and royal safety in one pass over the board; the pieces' closeness to the
    // enemy royal in a second pass over the non-royal pieces, once a royal of each side is known
    let s = 0,
      n = 0,
      royal0 = -1,
      royal1 = -1;
    for (let i = 0; i < b.length; i++) {
      const p = b[i]!;
      if (p === EMPTY || p === 255) continue;
      let v = VALUE_OF_BYTE[p]!;
      if (!ROYAL[p]) {
        // advancement: a piece gains ADVANCE a rank it stands beyond its side's first ranks, up to the middle
        const r = RANK_OF[i]!;
        v += ADVANCE * Math.min(ADVANCE_RANKS, (p & 1) === 0 ? r : 18 - r);
        list[n++] = i;
      } else {
        if ((p & 1) === 0) {
          if (royal0 < 0) royal0 = i;
        } else if (royal1 < 0) royal1 = i;
        for (let k = 0; k < 8; k++) {
          const q = b[i + NEIGHBOURS[k]!]!;
          if (q !== EMPTY && q !== 255 && (q & 1) === (p & 1)) v += ROYAL_GUARD;
        }
      }
      s += (p & 1) === 0 ? v : -v;
    }
    // closeness to the enemy royal: TROPISM a square nearer (king distance), and up to MOPUP_TROPISM
    // more for a side far ahead (mop-up)
    const lead = Math.abs(s),
      ahead = s >= 0 ? 0 : 1;
    const extra = lead <= MOPUP_FROM ? 0 : MOPUP_TROPISM * Math.min(1, (lead - MOPUP_FROM) / MOPUP_SPAN);
    for (let j = 0; j < n; j++) {
      const i = list[j]!,
        side = b[i]! & 1,
        k = side === 0 ? royal1 : royal0;
      if (k < 0) continue;
      const t =
        (TROPISM + (side === ahead ? extra : 0)) *
        (18 - Math.max(Math.abs(RANK_OF[k]! - RANK_OF[i]!), Math.abs(FILE_OF[k]! - FILE_OF[i]!)));
      s += side === 0 ? t : -t;
    }
    // and the enemy royal driven from the centre toward an edge
    const enemy = ahead === 0 ? royal1 : royal0;
    if (extra > 0 && enemy >= 0) {
      const e =
        (extra / MOPUP_TROPISM) * MOPUP_EDGE * Math.max(Math.abs(RANK_OF[enemy]! - 9), Math.abs(FILE_OF[enemy]! - 9));
      s += ahead === 0 ? e : -e;
    }
    s += SPARE_ROYAL * (Math.max(0, this.pos.royals[0]! - 1) - Math.max(0, this.pos.royals[1]! - 1));
    // below the mate range, however large the material lead (issue 18: a lead of ranks of pieces read as
    // a mate, "loss in 2000")
    s = Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, s));
    s = Math.round(s * this.fade);
    return this.pos.side === 0 ? s : -s;
  }

  private slot(): number {
    return ((this.pos.keyLo >>> 0) & ((1 << this.ttBits) - 1)) * 6;
  }

  private scoreBuf(ply: number): Int32Array {
    while (this.scores.length <= ply) this.scores.push(new Int32Array(8192));
    return this.scores[ply]!;
  }

  /** Orders the ply's n moves: TT move, captures (MVV-LVA), killers, history. */
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
      if (to !== from && b[to] !== EMPTY) victim += VALUE_OF_BYTE[b[to]!]!;
      const c1 = h & 1023,
        c2 = (h >>> 10) & 1023;
      if (c1) victim += VALUE_OF_BYTE[b[c1]!]!;
      if (c2) victim += VALUE_OF_BYTE[b[c2]!]!;
      const gain = VALUE_OF_BYTE[res]! - VALUE_OF_BYTE[b[from]!]!;
      if (victim || gain > 0) sc[i] = (1 << 28) + victim * 16 + gain - (VALUE_OF_BYTE[b[from]!]! >> 4);
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

  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    this.tick();
    const t = this.terminal(ply);
    if (t !== null) return t;
    const stand = this.evaluate();
    if (stand >= beta || qd >= QS_DEPTH || ply >= MAX_DEPTH * 2) return stand;
    if (stand > alpha) alpha = stand;
    const n = this.gen.generate(this.pos, ply);
    const lo = this.gen.movesLo(ply),
      hi = this.gen.movesHi(ply);
    const sc = this.scoreMoves(ply, n, -1, -1);
    for (let i = 0; i < n; i++) {
      this.pick(ply, i, n, sc);
      if (sc[i]! < 1 << 28) break; // the rest are quiet
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

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number): number {
    if (ply > 0 && this.repetitionDraws && this.pos.repeatsEarlier()) return 0;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
    this.tick();
    const t = this.terminal(ply);
    if (t !== null) return t;
    const tt = this.tt,
      e = this.slot();
    let ttLo = -1,
      ttHi = -1;
    if (tt[e] === this.pos.keyHi && tt[e + 1] === this.pos.keyLo && tt[e + 5] !== 0) {
      ttLo = tt[e + 2]!;
      ttHi = tt[e + 3]!;
      const d = tt[e + 5]! >> 2,
        bound = tt[e + 5]! & 3;
      if (d >= depth && ply > 0) {
        let s = tt[e + 4]!;
        if (s > MATE_BOUND) s -= ply;
        else if (s < -MATE_BOUND) s += ply;
        if (bound === EXACT || (bound === LOWER && s >= beta) || (bound === UPPER && s <= alpha)) return s;
      }
    }
    const n = this.gen.generate(this.pos, ply);
    if (n === 0) return -(MATE - ply); // no move: the side to move has lost
    const lo = this.gen.movesLo(ply),
      hi = this.gen.movesHi(ply);
    const sc = this.scoreMoves(ply, n, ttLo, ttHi);
    const alpha0 = alpha;
    let best = -INF,
      bestLo = 0,
      bestHi = 0;
    for (let i = 0; i < n; i++) {
      this.pick(ply, i, n, sc);
      const l = lo[i]!,
        h = hi[i]!;
      const quiet = sc[i]! < 1 << 28;
      const mover = this.pos.board[l & 1023]!;
      this.pos.make(l, h);
      const s = -this.alphaBeta(depth - 1, -beta, -alpha, ply + 1);
      this.pos.unmake();
      if (s > best) {
        best = s;
        bestLo = l;
        bestHi = h;
      }
      if (s > alpha) alpha = s;
      if (alpha >= beta) {
        if (quiet) {
          const k = ply * 4;
          if (this.killers[k] !== l || this.killers[k + 1] !== h) {
            this.killers[k + 2] = this.killers[k]!;
            this.killers[k + 3] = this.killers[k + 1]!;
            this.killers[k] = l;
            this.killers[k + 1] = h;
          }
          this.history[mover * CELLS + ((l >>> 10) & 1023)]! += depth * depth;
        }
        break;
      }
    }
    if (ply === 0 && best > -INF) this.rootBest = [bestLo, bestHi];
    let stored = best;
    if (stored > MATE_BOUND) stored += ply;
    else if (stored < -MATE_BOUND) stored -= ply;
    const bound = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    if (!(tt[e] === this.pos.keyHi && tt[e + 1] === this.pos.keyLo && tt[e + 5]! >> 2 > depth)) {
      tt[e] = this.pos.keyHi;
      tt[e + 1] = this.pos.keyLo;
      tt[e + 2] = bestLo;
      tt[e + 3] = bestHi;
      tt[e + 4] = stored;
      tt[e + 5] = (depth << 2) | bound;
    }
    return best;
  }

  /** The principal variation from the TT (at most `max` moves, stopping at a missing or repeated entry). */
  private pvFromTT(max: number): [number, number][] {
    const pv: [number, number][] = [];
    const seen = new Set<string>();
    for (let i = 0; i < max; i++) {
      const e = this.slot(),
        tt = this.tt;
      const key = `${this.pos.keyHi},${this.pos.keyLo}`;
      if (seen.has(key) || tt[e] !== this.pos.keyHi || tt[e + 1] !== this.pos.keyLo || tt[e + 5] === 0) break;
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
    let result: MakaSearchResult = { best: null, score: 0, depth: 0, nodes: 0, ms: 0, pv: [] };
    for (let d = 1; d <= maxDepth; d++) {
      if (d === 2) {
        this.nodeLimit = nodeLimit;
        this.deadline = deadline;
        this.stopFlag = limits.stop;
      }
      let score: number;
      try {
        score = this.alphaBeta(d, -INF, INF, 0);
      } catch (err) {
        if (!(err instanceof Stop)) throw err;
        while (this.pos.ply > ply0) this.pos.unmake();
        break;
      }
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
      // stop on a mate only once it is proven shortest: the search is full width to depth d, so a mate
      // within d plies is the shortest; a longer one (seen through quiescence) may not be
      if (Math.abs(score) > MATE_BOUND && MATE - Math.abs(score) <= d) break;
    }
    result.nodes = this.nodes;
    result.ms = Math.round(performance.now() - t0);
    return result;
  }
}
