import { ArgumentError, DisposedError, IllegalMoveError, LatticeError, checkKeys, describeValue, isOptionsObject } from './errors.js';
import type { GameResult as AnyGameResult } from './result.js';
import type { Board } from './lattice/index.js';
import { EMPTY, HUNTER, PREY, formatMove, formatPosition, parseMoveText, parsePosition, type Setup } from './notation.js';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from './variants/index.js';
import type { Core } from './wasm.js';
import { loadVariantCore } from './core-setup.js';
import { checkGameArgTypes } from './game-args.js';
import { CallGuard } from './call-guard.js';
import type { LayerMeta } from './tablebase/format.js';
export { loadVariantCore } from './core-setup.js';

/** Score bound of mate scores: a win in n plies scores MATE - n (assembly/search.ts). */
export const MATE = 31000;
const MATE_BOUND = MATE - 1000;
const NO_MOVE = 0xffffffff;
/** Deepest search the core's stacks serve. */
export const MAX_SEARCH_DEPTH = 126;
/** Deepest perft allowed through the API (use PerftLimits to bound its time). */
export const MAX_PERFT_DEPTH = 20;
export { MAX_HASH_MB } from './game-args.js';

/**
 * Limits of a perft run: when one is reached the run throws a LatticeError with code 'stopped'. Unknown
 * keys are refused (ArgumentError).
 */
export interface PerftLimits {
  /** Time budget in milliseconds. */
  movetime?: number;
  /** A stop flag: a non-zero stop[0] stops the run (another thread may set it). */
  stop?: Int32Array;
  /**
   * Called after each root move is counted (perft and divide of depth >= 2 then count root move by root
   * move): `done` of `total` root moves, the move's text and its leaf count. As during a search, only
   * reads of the game are allowed from it (other calls throw LatticeError code 'busy').
   */
  onProgress?: (p: PerftProgress) => void;
}

/** One root move counted by a perft or divide run (PerftLimits.onProgress). */
export interface PerftProgress { done: number; total: number; move: string; nodes: number }

const PERFT_LIMIT_KEYS = ['movetime', 'stop', 'onProgress'] as const;
const GAME_OPTION_KEYS = ['options', 'position', 'hashMb', 'debug'] as const;
const SEARCH_LIMIT_KEYS = ['depth', 'nodes', 'movetime', 'stop', 'onIteration'] as const;
/** Depth of a search given no depth, nodes, movetime or stop: `search({})` searches 8 plies. */
export const DEFAULT_SEARCH_DEPTH = 8;


/** Options of Game.create (unknown keys are refused with ArgumentError). */
export interface GameOptions {
  /** Variant options (`captures-to-win`, `repetition`, ...); see `lattice variants`. */
  options?: Record<string, number | string>;
  /** Start from this position string instead of the variant's start (notation.ts grammar). */
  position?: string;
  /** Transposition table size in MiB, 1..512 (rounded down to a power of two; default 16). */
  hashMb?: number;
  /** Load the bounds-checked debug build of the core (slower; used by the tests). */
  debug?: boolean;
}

/**
 * The end of a hunt game: `{ winner: 'prey' | 'hunters' | 'draw', winnerName, reason }`, the one result
 * shape of every game (documented in src/result.ts).
 */
export type GameResult = AnyGameResult<'prey' | 'hunters'>;

/**
 * Search limits; any combination, the first reached stops the search. With none of depth, nodes,
 * movetime and stop, the search goes to DEFAULT_SEARCH_DEPTH (8 plies); with only nodes, movetime or
 * stop, to MAX_SEARCH_DEPTH. Unknown keys are refused (ArgumentError).
 */
export interface SearchLimits {
  /** Maximum depth in plies (1..126). */
  depth?: number;
  /** Node budget (the search stops at the first check after it); 0 means no node limit. */
  nodes?: number;
  /** Time budget in milliseconds; 0 means no time limit. */
  movetime?: number;
  /** A stop flag: when `stop[0] !== 0` (e.g. set by another thread via a SharedArrayBuffer) the search stops. */
  stop?: Int32Array;
  /**
   * Called after each completed iteration, with the game at the searched position: it may read the
   * game (position(), legalMoves(), result(), history(), key(), evaluate()); any other call on the game
   * throws LatticeError code 'busy' until search() returns.
   */
  onIteration?: (info: SearchInfo) => void;
}

/** One iteration's (or the final) search report. Score in centi-units from the side to move's view. */
export interface SearchInfo {
  depth: number;
  score: number;
  /** Plies to the end when the score is a forced win (>0) or loss (<0), else null. */
  mateIn: number | null;
  nodes: number;
  ms: number;
  pv: string[];
}

/** A tablebase verdict for the side to move: its result with best play and the moves that get it. */
export interface TablebaseProbe {
  wdl: 'win' | 'draw' | 'loss';
  /** Plies to the end of the game with best play (the winner hurries, the loser delays); null for a draw. */
  dtm: number | null;
  /** A move that keeps the verdict (fastest win, longest loss, a drawing move); null when the game is over. */
  bestmove: string | null;
  /** The best line to the end (each move lowers dtm by one); for a draw, its first plies (up to 12). */
  line: string[];
}

/** A finished search: the best move (null when the side to move has no move) and its report. */
export interface SearchResult extends SearchInfo { bestmove: string | null }

/**
 * A game of one variant on one core instance: position, history, move generation, perft and search.
 * Create with `await Game.create('bagh-chal')`. Rules: the variant's RULES.md section (see `variant.source`).
 * Every method throws DisposedError after dispose(); while a search, perft, divide or solve runs (a call
 * from its callback), every method but the reads (position, legalMoves, result, history, key,
 * keyConsistent, evaluate) throws LatticeError code 'busy'.
 */
export class Game {
  readonly variant: HuntVariant;
  readonly options: OptionValues;
  readonly board: Board;
  /** The core instance; null once dispose() freed it. */
  private live: Core | null;
  private readonly capturesToWin: number;
  private tablebaseLoaded = false;
  /** The run in progress (search, perft, divide, perftClassic, solve) while it runs, else null (see enter()). */
  private readonly guard = new CallGuard('Game');

  private constructor(variant: HuntVariant, options: OptionValues, board: Board, core: Core) {
    this.variant = variant; this.options = options; this.board = board; this.live = core;
    this.capturesToWin = variant.capturesToWin(options);
  }

  /** The core instance; throws DisposedError (LatticeError code 'disposed') after dispose(). */
  private get core(): Core {
    if (this.live === null) throw new DisposedError('Game');
    return this.live;
  }

  /** The first step of every public method: see CallGuard (disposed, or busy during a run but for reads). */
  private enter(method: string, read = false): void { this.guard.enter(this.live === null, method, read); }

  /** Runs `work` as `what` (search, perft, ...): until it returns, enter() refuses all but the reads. */
  private exclusive<T>(what: string, work: () => T): T { return this.guard.exclusive(what, work); }


  /**
   * Frees the game's core instance (its WebAssembly memory: transposition table, loaded tablebase) for
   * the garbage collector. Every later call of a method on this Game throws DisposedError, a LatticeError
   * with code 'disposed', whatever its arguments. Calling dispose() again does nothing. Throws
   * LatticeError 'busy' when called while a search or perft runs on this game (from its callback).
   */
  dispose(): void {
    if (this.live === null) return;
    this.guard.checkIdle('dispose');
    this.live.hooks.shouldStop = () => 0;
    this.live.hooks.onIteration = () => {};
    this.live.hooks.solveProgress = () => {};
    this.live = null;
  }

  /** True once dispose() was called. */
  get disposed(): boolean { return this.live === null; }

  /**
   * Loads a core instance and sets up `variantId` with its options and start position.
   * Throws UnknownVariantError, OptionError (unknown option or bad value), ParseError (bad position, or
   * one that cannot arise: notation.ts), ArgumentError (bad argument types: `opts` or `opts.options` not
   * an object or an array, a non-boolean `debug`; an unknown key in `opts`).
   */
  static async create(variantId: string, opts: GameOptions = {}): Promise<Game> {
    checkGameArgTypes(variantId, opts);
    checkKeys(opts, GAME_OPTION_KEYS, 'game options');
    if (opts.debug !== undefined && typeof opts.debug !== 'boolean') throw new ArgumentError(`debug must be true or false, got ${describeValue(opts.debug)}`);
    const variant = getVariant(variantId);
    const options = resolveOptions(variant, opts.options);
    const { board, core } = await loadVariantCore(variant, options, opts.debug);
    if (opts.hashMb !== undefined) core.exports.setHashSize(opts.hashMb);
    const game = new Game(variant, options, board, core);
    game.setPosition(opts.position ?? variant.start(options));
    return game;
  }

  /** Sets the position from a string, clearing the history. Throws ParseError naming the column. */
  setPosition(text: string): void {
    this.enter('setPosition');
    if (typeof text !== 'string') throw new ArgumentError(`a position must be a string, got ${describeValue(text)}`);
    const s = parsePosition(this.variant, this.board, text, this.capturesToWin);
    let h = 0n, p = 0n;
    s.cells.forEach((c, i) => { if (c === HUNTER) h |= 1n << BigInt(i); else if (c === PREY) p |= 1n << BigInt(i); });
    const io = this.core.io();
    io[0] = h; io[1] = p;
    const rc = this.core.exports.setPosition(s.side, s.inHand, s.captured);
    if (rc !== 0) throw new Error(`internal: the core rejected a validated position (code ${rc})`);
  }

  /** The current position as a string (notation.ts grammar). */
  position(): string {
    this.enter('position', true);
    const e = this.core.exports;
    e.readPosition();
    const io = this.core.io();
    const h = io[0], p = io[1];
    const cells = new Uint8Array(this.board.points.length);
    for (let i = 0; i < cells.length; i++) {
      cells[i] = (h >> BigInt(i)) & 1n ? HUNTER : (p >> BigInt(i)) & 1n ? PREY : EMPTY;
    }
    const s: Setup = { cells, side: e.sideToMove() as 0 | 1, inHand: e.inHand(), captured: e.captured() };
    return formatPosition(this.variant, this.board, s);
  }

  /** The current Zobrist key as 16 hex digits. */
  key(): string {
    this.enter('key', true);
    this.core.exports.readPosition();
    return this.core.io()[2].toString(16).padStart(16, '0');
  }

  /** True if the incremental Zobrist key equals the key recomputed from the position. */
  keyConsistent(): boolean {
    this.enter('keyConsistent', true);
    return this.core.exports.keyConsistent() === 1;
  }

  private packedMoves(): Uint32Array {
    const n = this.core.exports.legalMoves();
    const moves = this.core.moves(n).slice();
    if (this.options.repetition !== 'forbid') return moves;
    return moves.filter((m) => {
      this.core.exports.makeMove(m);
      const repeats = this.core.exports.repetitions() > 0;
      this.core.exports.unmakeMove();
      return !repeats;
    });
  }

  /** Legal moves as move text (placements, steps, jumps). Empty when the game is over. */
  legalMoves(): string[] {
    this.enter('legalMoves', true);
    if (this.decidedWithoutMoves()) return [];
    return [...this.packedMoves()].map((m) => formatMove(this.board, m));
  }

  /**
   * Plays a move given as text (`c3`, `a1-b2`, `a1xc3`). Throws ParseError for malformed text and
   * IllegalMoveError when it is not legal here (or the game is over).
   */
  play(move: string): void {
    this.enter('play');
    if (typeof move !== 'string') throw new ArgumentError(`a move must be a string, got ${describeValue(move)}`);
    const text = parseMoveText(this.board, move);
    const decided = this.decidedWithoutMoves();
    const moves = decided ? [] : [...this.packedMoves()];
    const over = decided ?? (moves.length === 0 ? this.noMovesResult() : null);
    if (over) throw new IllegalMoveError(move, this.position(), `the game is over (${over.winnerName}, ${over.reason})`);
    const m = moves.find((x) => formatMove(this.board, x) === text);
    if (m === undefined) throw new IllegalMoveError(move, this.position(), `legal moves: ${moves.map((x) => formatMove(this.board, x)).join(' ')}`);
    this.core.exports.makeMove(m);
  }

  /** Takes back the last move and returns its text. Throws ArgumentError when there is none. */
  undo(): string {
    this.enter('undo');
    if (this.core.exports.historyLength() === 0) throw new ArgumentError('no move to undo');
    const m = this.core.exports.unmakeMove();
    return formatMove(this.board, m);
  }

  /** Moves played since the position was set, as text. */
  history(): string[] {
    this.enter('history', true);
    const e = this.core.exports;
    const packed: number[] = [];
    while (e.historyLength() > 0) packed.unshift(e.unmakeMove());
    for (const m of packed) e.makeMove(m);
    return packed.map((m) => formatMove(this.board, m));
  }

  /**
   * The result if the game is over, else null (RULES.md §0-1): the hunters win at captures-to-win
   * captures; a side to move with no legal move loses; under repetition=draw3 a third occurrence of
   * a position is a draw.
   */
  result(): GameResult | null {
    this.enter('result', true);
    return this.decidedWithoutMoves() ?? (this.packedMoves().length === 0 ? this.noMovesResult() : null);
  }

  private win(side: 0 | 1, reason: GameResult['reason']): GameResult {
    return { winner: side === 1 ? 'hunters' : 'prey', winnerName: side === 1 ? this.variant.hunter.plural : this.variant.prey.plural, reason };
  }

  /** The end of the game that needs no move generation (captures, repetition), or null. */
  private decidedWithoutMoves(): GameResult | null {
    const e = this.core.exports;
    if (e.captured() >= this.capturesToWin) return this.win(1, 'captures');
    if (this.options.repetition === 'draw3' && e.repetitions() >= 2) return { winner: 'draw', winnerName: 'draw', reason: 'repetition' };
    return null;
  }

  /** The side to move has no legal move: it loses. */
  private noMovesResult(): GameResult {
    return this.win(this.core.exports.sideToMove() === 1 ? 0 : 1, 'no-moves');
  }

  /** Score of a finished game from the side to move's view: MATE if it won, -MATE if it lost, 0 drawn. */
  private finishedScore(over: GameResult): number {
    if (over.winner === 'draw') return 0;
    return (over.winner === 'hunters') === (this.core.exports.sideToMove() === 1) ? MATE : -MATE;
  }

  private checkDepth(depth: number, max: number): void {
    if (!Number.isInteger(depth) || depth < 0 || depth > max) throw new ArgumentError(`depth must be an integer 0..${max}, got ${describeValue(depth)}`);
  }

  /** Checks perft limits; returns the absolute deadline (performance.now() ms, Infinity for none). */
  private perftDeadline(limits: PerftLimits): number {
    if (!isOptionsObject(limits)) throw new ArgumentError(`limits must be an object, got ${describeValue(limits)}`);
    checkKeys(limits, PERFT_LIMIT_KEYS, 'perft limits');
    const { movetime, stop } = limits;
    if (limits.onProgress !== undefined && typeof limits.onProgress !== 'function') throw new ArgumentError('onProgress must be a function');
    if (movetime !== undefined && !(Number.isFinite(movetime) && movetime > 0)) throw new ArgumentError(`movetime must be a number > 0 ms, got ${describeValue(movetime)}`);
    if (stop !== undefined && !(stop instanceof Int32Array && stop.length >= 1)) throw new ArgumentError('stop must be an Int32Array of length >= 1');
    return movetime ? performance.now() + movetime : Infinity;
  }

  /** Runs a perft-like core call until `deadline` or the stop flag; throws LatticeError 'stopped' or on a count past 2^53. */
  private limited(what: string, stop: Int32Array | undefined, deadline: number, t0: number, run: () => number): number {
    this.core.hooks.shouldStop = () => ((stop && Atomics.load(stop, 0)) || performance.now() > deadline ? 1 : 0);
    try {
      const n = run();
      if (this.core.exports.perftStopped()) throw new LatticeError('stopped', `${what} stopped after ${Math.round(performance.now() - t0)} ms`);
      if (n > Number.MAX_SAFE_INTEGER) throw new LatticeError('overflow', `${what}: the count exceeds 2^53 and cannot be reported exactly`);
      return n;
    } finally {
      this.core.hooks.shouldStop = () => 0;
    }
  }

  /**
   * Perft: leaf nodes at exactly `depth` plies (finished games have no children; repetition ignored).
   * With `limits.onProgress` and depth >= 2 it counts root move by root move (as divide does) and
   * reports each. Throws ArgumentError for a bad depth or limits, LatticeError 'stopped' when a limit
   * stops it.
   */
  perft(depth: number, limits: PerftLimits = {}): number {
    this.enter('perft');
    this.checkDepth(depth, MAX_PERFT_DEPTH);
    const deadline = this.perftDeadline(limits);
    return this.exclusive('perft', () => {
      if (limits.onProgress && depth >= 2) {
        let total = 0;
        for (const n of Object.values(this.rootCounts(depth, limits, `perft ${depth}`))) total += n;
        if (total > Number.MAX_SAFE_INTEGER) throw new LatticeError('overflow', `perft ${depth}: the count exceeds 2^53 and cannot be reported exactly`);
        return total;
      }
      return this.limited(`perft ${depth}`, limits.stop, deadline, performance.now(), () => this.core.exports.perft(depth));
    });
  }

  /**
   * Perft with classic bulk counting (every node one ply above the leaves visited, as the C yardstick
   * does): the same number as perft(), slower; it measures raw move generation in the bench.
   */
  perftClassic(depth: number, limits: PerftLimits = {}): number {
    this.enter('perftClassic');
    this.checkDepth(depth, MAX_PERFT_DEPTH);
    const deadline = this.perftDeadline(limits);
    return this.exclusive('perftClassic', () => this.limited(`perft ${depth}`, limits.stop, deadline, performance.now(), () => this.core.exports.perftClassic(depth)));
  }

  /** Perft through the generic make/unmake path (cross-checks the bulk-counting recursion). */
  perftSlow(depth: number): number {
    this.enter('perftSlow');
    this.checkDepth(depth, MAX_PERFT_DEPTH);
    return this.core.exports.perftSlow(depth);
  }

  /**
   * Perft per legal root move: move text -> leaf count at depth - 1 below it. depth >= 1. Reports each
   * root move to `limits.onProgress`. Throws as perft().
   */
  divide(depth: number, limits: PerftLimits = {}): Record<string, number> {
    this.enter('divide');
    this.checkDepth(depth, MAX_PERFT_DEPTH);
    if (depth < 1) throw new ArgumentError('divide needs depth >= 1');
    return this.exclusive('divide', () => this.rootCounts(depth, limits, `divide ${depth}`));
  }

  /** The counts of divide(), limits checked by the caller's perftDeadline(); `what` names the run in errors. */
  private rootCounts(depth: number, limits: PerftLimits, what: string): Record<string, number> {
    const deadline = this.perftDeadline(limits);
    const t0 = performance.now();
    const e = this.core.exports;
    const out: Record<string, number> = {};
    const n = e.legalMoves();
    const moves = this.core.moves(n).slice();
    let done = 0;
    for (const m of moves) {
      const text = formatMove(this.board, m);
      e.makeMove(m);
      try {
        out[text] = this.limited(what, limits.stop, deadline, t0, () => e.perft(depth - 1));
      } finally {
        e.unmakeMove();
      }
      limits.onProgress?.({ done: ++done, total: moves.length, move: text, nodes: out[text] });
    }
    return out;
  }

  /**
   * Loads the movement-phase tablebase built in `dir` (`lattice tablebase build`) into this game's core;
   * from then on the search probes it in the movement phase and probe() answers. Node only. Rejects
   * with TablebaseError naming a missing, corrupt or mismatched file, and with ArgumentError under
   * repetition=forbid (the legal moves then depend on the history, which no tablebase covers).
   * Resolves to the layers' headers.
   */
  async loadTablebase(dir: string): Promise<LayerMeta[]> {
    this.enter('loadTablebase');
    if (typeof dir !== 'string') throw new ArgumentError(`a tablebase directory must be a string, got ${describeValue(dir)}`);
    // loaded on demand: the tablebase module reads files (Node only); the rest of the API runs in browsers
    const { loadTablebaseInto } = await import('./tablebase/index.js');
    const metas = loadTablebaseInto(this.core, this.board, this.variant, this.options, dir);
    this.tablebaseLoaded = true;
    return metas;
  }

  /** Raw tablebase value of the current position: dtm + 1, 0 draw, -1 not covered; 'over' when decided. */
  private tbValue(): number {
    const e = this.core.exports;
    if (e.captured() >= this.capturesToWin) return 1;     // the side to move has lost: dtm 0
    return e.tbProbe();
  }

  /**
   * The tablebase verdict of the current position (movement phase: no prey in hand), or null when it is
   * not covered (placement phase) or no tablebase is loaded. Repetition is not part of the tablebase.
   */
  probe(): TablebaseProbe | null {
    this.enter('probe');
    if (!this.tablebaseLoaded) return null;
    const e = this.core.exports;
    if (e.captured() >= this.capturesToWin && e.inHand() === 0) {
      // decided already: the hunters have their captures (whoever is to move)
      return { wdl: e.sideToMove() === 1 ? 'win' : 'loss', dtm: 0, bestmove: null, line: [] };
    }
    const v0 = this.tbValue();
    if (v0 < 0) return null;
    const verdict = (v: number) => ({ wdl: v === 0 ? 'draw' as const : ((v - 1) & 1) === 1 ? 'win' as const : 'loss' as const, dtm: v === 0 ? null : v - 1 });
    const line = this.tablebaseLine(v0);
    const text = line.map((m) => formatMove(this.board, m));
    return { ...verdict(v0), bestmove: text[0] ?? null, line: text };
  }

  /**
   * The tablebase's best line from the current position, whose raw tablebase value is `v0` (dtm + 1, or
   * 0 for a draw): each move keeps the distance to mate falling by one (or a draw a draw), to the end of
   * the game (at most 12 moves for a draw). Raw core moves; the position is unchanged afterwards.
   */
  private tablebaseLine(v0: number): number[] {
    const e = this.core.exports;
    const best = (): number | null => {
      const v = this.tbValue();
      if (v === 1 || (v > 0 && e.captured() >= this.capturesToWin)) return null;
      const n = e.legalMoves();
      const moves = this.core.moves(n).slice();
      for (const m of moves) {
        e.makeMove(m);
        const c = this.tbValue();
        e.unmakeMove();
        if (v === 0 ? c === 0 : c === v - 1) return m;   // the child's dtm is one less, or a draw stays a draw
      }
      return null;
    };
    const line: number[] = [];
    const limit = v0 === 0 ? 12 : v0 - 1;
    for (let i = 0; i < limit; i++) {
      const m = best();
      if (m === null) break;
      line.push(m);
      e.makeMove(m);
    }
    for (let i = 0; i < line.length; i++) e.unmakeMove();
    return line;
  }

  /**
   * Proves the game value of the current position for the side to move by a forward alpha-beta search
   * over {-1, 0, 1} down to the loaded tablebase (two null-window proofs: can the side to move lose? can
   * it win?). Needs loadTablebase(). Returns 'win' | 'draw' | 'loss', or 'unknown' when `nodeLimit`
   * (per proof, 0 = none) was reached. Practical for late placement (10+ goats placed); from the start
   * position the tree is far too large (issue 3: a backward pass over the placement layers is needed).
   */
  solve(opts: { nodeLimit?: number; onProgress?: (nodes: number) => void } = {}): { value: 'win' | 'draw' | 'loss' | 'unknown'; nodes: number; ms: number } {
    this.enter('solve');
    if (!isOptionsObject(opts)) throw new ArgumentError(`solve options must be an object, got ${describeValue(opts)}`);
    checkKeys(opts, ['nodeLimit', 'onProgress'], 'solve options');
    if (!this.tablebaseLoaded) throw new ArgumentError('solve needs a tablebase: call loadTablebase(dir) first');
    const limit = opts.nodeLimit ?? 0;
    if (!(Number.isFinite(limit) && limit >= 0)) throw new ArgumentError(`nodeLimit must be a number >= 0, got ${describeValue(limit)}`);
    const e = this.core.exports;
    const t0 = performance.now();
    let total = 0;
    this.core.hooks.solveProgress = (n) => opts.onProgress?.(total + n);
    try {
      return this.exclusive('solve', () => {
        const over = this.result();
        if (over) {
          const score = this.finishedScore(over);
          return { value: score > 0 ? 'win' : score < 0 ? 'loss' : 'draw', nodes: 0, ms: 0 };
        }
        const low = e.tbSolve(-1, 0, limit);            // >= 0: the side to move does not lose
        total += e.tbSolveNodes();
        if (e.tbSolveAborted()) return { value: 'unknown', nodes: total, ms: Math.round(performance.now() - t0) };
        let value: 'win' | 'draw' | 'loss' = 'loss';
        if (low >= 0) {
          const high = e.tbSolve(0, 1, limit);          // >= 1: the side to move wins
          total += e.tbSolveNodes();
          if (e.tbSolveAborted()) return { value: 'unknown', nodes: total, ms: Math.round(performance.now() - t0) };
          value = high >= 1 ? 'win' : 'draw';
        }
        return { value, nodes: total, ms: Math.round(performance.now() - t0) };
      });
    } finally {
      this.core.hooks.solveProgress = () => {};
    }
  }

  /** Static evaluation of the current position, centi-units from the side to move's view. */
  evaluate(): number {
    this.enter('evaluate', true);
    return this.core.exports.evaluate();
  }

  /**
   * The search's principal variation as move text. With a tablebase loaded, a line the search ended on
   * a decided tablebase position (the search probes it instead of searching on) goes on with the
   * tablebase's best line to the end of the game.
   */
  private pv(len: number): string[] {
    const e = this.core.exports;
    const raw: number[] = [];
    for (let i = 0; i < len; i++) {
      const m = e.pvMove(i);
      if (m === NO_MOVE) break;
      raw.push(m);
    }
    if (this.tablebaseLoaded && raw.length > 0) {
      for (const m of raw) e.makeMove(m);
      const v = this.tbValue();
      const tail = v > 1 && e.captured() < this.capturesToWin ? this.tablebaseLine(v) : [];
      for (let i = 0; i < raw.length; i++) e.unmakeMove();
      raw.push(...tail);
    }
    return raw.map((m) => formatMove(this.board, m));
  }

  /**
   * Searches the current position (iterative deepening PVS, see assembly/search.ts) within `limits`
   * (`search({})` or `search()` searches DEFAULT_SEARCH_DEPTH = 8 plies; `nodes: 0` and `movetime: 0`
   * mean no such limit, as if left out). Throws ArgumentError for bad limits (not an object, an array, a
   * depth outside 1..126, a negative budget) or an unknown key. The position is unchanged afterwards.
   */
  search(limits: SearchLimits = {}): SearchResult {
    this.enter('search');
    if (!isOptionsObject(limits)) throw new ArgumentError(`search limits must be an object, got ${describeValue(limits)}`);
    checkKeys(limits, SEARCH_LIMIT_KEYS, 'search limits');
    const { nodes = 0, movetime = 0 } = limits;
    const depth = limits.depth ?? (limits.nodes || limits.movetime || limits.stop ? MAX_SEARCH_DEPTH : DEFAULT_SEARCH_DEPTH);
    if (!(Number.isInteger(depth) && depth >= 1 && depth <= MAX_SEARCH_DEPTH)) {
      throw new ArgumentError(`search depth must be an integer 1..${MAX_SEARCH_DEPTH}, got ${describeValue(depth)}`);
    }
    if (!(Number.isFinite(nodes) && nodes >= 0)) throw new ArgumentError(`nodes must be a number >= 0, got ${describeValue(nodes)}`);
    if (!(Number.isFinite(movetime) && movetime >= 0)) throw new ArgumentError(`movetime must be a number >= 0 ms, got ${describeValue(movetime)}`);
    if (limits.stop !== undefined && !(limits.stop instanceof Int32Array && limits.stop.length >= 1)) {
      throw new ArgumentError('stop must be an Int32Array of length >= 1 (on a SharedArrayBuffer to stop from another thread)');
    }
    if (limits.onIteration !== undefined && typeof limits.onIteration !== 'function') throw new ArgumentError('onIteration must be a function');
    const e = this.core.exports;
    const mateIn = (s: number) => (s >= MATE_BOUND ? MATE - s : s <= -MATE_BOUND ? Math.abs(MATE + s) && -(MATE + s) : null);
    const over = this.result();
    if (over) {
      // nothing to search: the game is decided (captures, no moves) or drawn
      const score = this.finishedScore(over);
      return { bestmove: null, score, mateIn: mateIn(score), depth: 0, nodes: 0, ms: 0, pv: [] };
    }
    const stop = limits.stop;
    this.core.hooks.shouldStop = stop ? () => Atomics.load(stop, 0) : () => 0;
    this.core.hooks.onIteration = (d, s, n, ms, len) => {
      limits.onIteration?.({ depth: d, score: s, mateIn: mateIn(s), nodes: n, ms: Math.round(ms), pv: this.pv(len) });
    };
    const t0 = performance.now();
    try {
      return this.exclusive('search', () => {
        const best = e.search(depth, nodes, movetime);
        const score = e.searchScore();
        return {
          bestmove: best === NO_MOVE ? null : formatMove(this.board, best),
          score, mateIn: mateIn(score), depth: e.searchDepth(), nodes: e.searchNodes(),
          ms: Math.round(performance.now() - t0), pv: this.pv(e.pvLength()),
        };
      });
    } finally {
      this.core.hooks.shouldStop = () => 0;
      this.core.hooks.onIteration = () => {};
    }
  }
}
