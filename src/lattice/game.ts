import {
  ArgumentError,
  DisposedError,
  IllegalMoveError,
  LatticeError,
  UnknownVariantError,
  checkKeys,
  describeValue,
  showValue,
  isOptionsObject,
} from '../contract/errors.js';
import type { AnyGame, GameDescription } from '../contract/types.js';
import type { Board } from '../board/index.js';
import {
  formatBoardPicture,
  formatPositionText,
  parseMoveText,
  parsePositionText,
  type NotationContext,
  type Setup,
} from './position-text.js';
import {
  DRAUGHTS_EVAL_FEATURES,
  EVAL_FEATURES,
  VARIANTS,
  getVariant,
  resolveOptions,
  type HuntVariant,
  type OptionValues,
} from '../variants/index.js';
import type { RuleSet } from '../rules/index.js';
import { IO_KEY, type Core } from './core/wasm.js';
import { loadSetupIntoCore, loadVariantCore, notationContext, readSetupFromCore } from './core/setup.js';
import { checkGameArgTypes } from '../contract/args.js';
import { CallGuard, FACTORY, checkFactory } from '../contract/call-guard.js';
import type { LayerMeta, SolvedLayerInfo } from './tables.js';
import {
  checkDepth,
  checkSearchLimits,
  perftDeadline,
  MAX_PERFT_DEPTH,
  type PerftLimits,
  type SearchLimits,
} from '../contract/limits.js';
import {
  MoveList,
  alongPath,
  runGrowing,
  findText,
  findValue,
  checkValue,
  type Move,
  type MoveInput,
} from './moves.js';
import { GameTablebase, type SolveReport, type TablebaseProbe } from './tablebase.js';
import { gameResultOf, type GameOptions, type GameResult, type SearchResult } from './game-types.js';
import { describeMarks, describePosition } from './describe.js';
import { finishedScore, rootCounts, runLimited, searchPosition } from './game-search.js';
export { loadVariantCore } from './core/setup.js';
export {
  MAX_SEARCH_DEPTH,
  MAX_PERFT_DEPTH,
  DEFAULT_SEARCH_DEPTH,
  DEFAULT_SEARCH_MS,
  type PerftLimits,
  type PerftProgress,
  type SearchLimits,
  type SearchInfo,
} from '../contract/limits.js';
export type { TablebaseProbe } from './tablebase.js';
export type { Move, MoveValue, MoveInput, MoveKind } from './moves.js';
export { MAX_HASH_MB } from '../contract/args.js';
export {
  MATE,
  REASONS,
  REASON_NO_MOVES,
  type GameOptions,
  type GameResult,
  type SearchResult,
} from './game-types.js';

const GAME_OPTION_KEYS = ['options', 'position', 'hashMb', 'debug', 'wide'] as const;

/**
 * A game of one hunt variant on one core instance: position, history, move generation, perft and
 * search. Create with `await Game.create('bagh-chal')` (any id of `lattice variants`). Rules: the
 * variant's RULES.md section (`variant.source`), all decided in the core. Every method throws
 * DisposedError after dispose(); while a search, perft, divide or solve runs (a call from its callback),
 * every method but the reads (position, legalMoves, result, history, key, keyConsistent, evaluate)
 * throws LatticeError code 'busy'.
 */
export class Game implements AnyGame {
  readonly variant: HuntVariant;
  readonly options: OptionValues;
  readonly board: Board;
  /** The variant's rules under these options (src/rules). */
  readonly rules: RuleSet;
  /** What the position strings of this game need (board, sides, rules, totals). */
  readonly notation: NotationContext;
  /** The core instance; null once dispose() freed it. */
  private live: Core | null;
  private readonly guard = new CallGuard('Game');
  private readonly tb: GameTablebase;
  /** Text of each move played since the position was set. */
  private readonly played: string[] = [];
  /** The legal moves of the current position (read from the core once per position), or null. */
  private cached: MoveList | null = null;
  /** The cached lists of the positions before each move played (undo() restores them). */
  private readonly before: Array<MoveList | null> = [];

  private constructor(
    token: typeof FACTORY,
    variant: HuntVariant,
    options: OptionValues,
    board: Board,
    rules: RuleSet,
    notation: NotationContext,
    core: Core,
  ) {
    checkFactory(token, 'Game', '`await Game.create(variant, options)`');
    this.variant = variant;
    this.options = options;
    this.board = board;
    this.rules = rules;
    this.notation = notation;
    this.live = core;
    this.tb = new GameTablebase(core, board, variant, options, rules.sides[0].captureTarget ?? Infinity);
  }

  /** The core instance; throws DisposedError (LatticeError code 'disposed') after dispose(). */
  private get core(): Core {
    if (this.live === null) throw new DisposedError('Game');
    return this.live;
  }

  /** The first step of every public method: see CallGuard (disposed, or busy during a run but for reads). */
  private enter(method: string, read = false): void {
    this.guard.enter(this.live === null, method, read);
  }

  /**
   * Runs `work` as `what` (search, perft, ...): until it returns, enter() refuses all but the reads. When
   * it throws part-way (a limit, or an exception from the caller's callback, which unwinds the core's run
   * wherever it stood), the moves the run made in the core are taken back first, so that the game is left
   * as it was before the call (issue 35: an error leaves the state as it was).
   */
  private exclusive<T>(what: string, work: () => T): T {
    const e = this.core.exports;
    const depth = e.historyLength();
    try {
      return this.guard.exclusive(what, work);
    } catch (err) {
      while (e.historyLength() > depth) e.unmakeMove();
      throw err;
    }
  }

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
    this.tb.close();
    this.live = null;
  }

  /** True once dispose() was called. */
  get disposed(): boolean {
    return this.live === null;
  }

  /**
   * Loads a core instance and sets up `variantId` with its options and start position.
   * Throws UnknownVariantError, OptionError (unknown option or bad value), ParseError (bad position) or
   * PositionError (a ParseError: one that cannot arise, src/lattice/position-text.ts validateSetup), ArgumentError (bad
   * argument types: `opts` or `opts.options` not an object or an array, a non-boolean `debug` or `wide`; an unknown key
   * in `opts`).
   */
  static async create(variantId: string, opts: GameOptions = {}): Promise<Game> {
    checkGameArgTypes(variantId, opts);
    checkKeys(opts, GAME_OPTION_KEYS, 'game options');
    for (const flag of ['debug', 'wide'] as const) {
      if (opts[flag] !== undefined && typeof opts[flag] !== 'boolean')
        throw new ArgumentError(`${flag} must be true or false, got ${describeValue(opts[flag])}`);
    }
    if (!VARIANTS.has(variantId))
      throw new UnknownVariantError(
        variantId,
        [...VARIANTS.keys()],
        `is not a lattice game (Game plays ${[...VARIANTS.keys()].join(', ')}; ` +
          `createGame() plays every variant of every family)`,
      );
    const variant = getVariant(variantId);
    const options = resolveOptions(variant, opts.options);
    const { board, rules, core } = await loadVariantCore(variant, options, opts.debug, undefined, opts.wide);
    if (opts.hashMb !== undefined) core.exports.setHashSize(opts.hashMb);
    const game = new Game(
      FACTORY,
      variant,
      options,
      board,
      rules,
      notationContext(variant, options, board, rules),
      core,
    );
    if (opts.position === undefined) game.load(parsePositionText(game.notation, variant.start(options)));
    else game.setPosition(opts.position);
    return game;
  }

  /** Writes a parsed position into the core and clears the history. */
  private load(s: Setup): void {
    loadSetupIntoCore(this.core, s);
    this.played.length = 0;
    this.cached = null;
    this.before.length = 0;
  }

  /**
   * Sets the position from a string, clearing the history: read by the grammar, then validated
   * (src/lattice/position-text.ts parsePositionText). Throws ParseError or PositionError naming the column.
   */
  setPosition(text: string): void {
    this.enter('setPosition');
    if (typeof text !== 'string') throw new ArgumentError(`a position must be a string, got ${describeValue(text)}`);
    this.load(parsePositionText(this.notation, text));
  }

  /** The current position, parsed (what position() writes). */
  private setup(): Setup {
    return readSetupFromCore(this.core, this.board, this.rules);
  }

  /** The current position as a string (src/lattice/position-text.ts grammar). */
  position(): string {
    this.enter('position', true);
    return formatPositionText(this.notation, this.setup());
  }

  /** The variant's id (`lattice variants`). */
  get variantId(): string {
    return this.variant.id;
  }

  /**
   * The board as text for people (src/lattice/position-text.ts formatBoardPicture): ranks top first, files
   * below. The lattice games have no label kinds: `labels` is ignored.
   */
  boardText(_labels?: string): string {
    this.enter('boardText', true);
    return formatBoardPicture(this.notation, this.setup());
  }

  /**
   * The current position, or `position` (a position string of this game: ParseError if bad,
   * PositionError if it cannot arise), for a board UI: the board's points, names and lines; the piece on
   * each point (stacks counted, kings marked); the side to move; each side's names, letter and counts;
   * the counters the rules keep with their limits (the stall count, the move clock) and the marked
   * points (the piece the no-same-twice rule holds), both from the RuleSet (src/contract/types.ts
   * GameDescription).
   */
  describe(position?: string): GameDescription {
    this.enter('describe', true);
    if (position !== undefined && typeof position !== 'string')
      throw new ArgumentError(`a position must be a string, got ${describeValue(position)}`);
    const s = position === undefined ? this.setup() : parsePositionText(this.notation, position);
    return describePosition(this.variant, this.board, this.rules, s);
  }

  /** The piece name of the side to move ('goat', 'tiger', 'dwarf', 'giant', ...). */
  moverName(): string {
    this.enter('moverName', true);
    return this.variant.sides[this.core.exports.sideToMove()].name;
  }

  /** The current Zobrist key as 16 hex digits. */
  key(): string {
    this.enter('key', true);
    this.core.exports.readPosition();
    return this.core.io()[IO_KEY]!.toString(16).padStart(16, '0');
  }

  /** True if the incremental Zobrist key equals the key recomputed from the position. */
  keyConsistent(): boolean {
    this.enter('keyConsistent', true);
    return this.core.exports.keyConsistent() === 1;
  }

  /**
   * The legal moves of the current position as the core lists them (ignoring a result by repetition or
   * the static rules, which resultCode() applies), read once per position. Throws LatticeError
   * 'overflow' when the position has more moves than the core's capacity (src/lattice/moves.ts).
   */
  private list(): MoveList {
    if (this.cached === null) this.cached = MoveList.read(this.core, this.board);
    return this.cached;
  }

  /**
   * The core's result code of the current position (0 while the game goes on; gameResultOf decodes it): the core
   * decides every rule of the end (assembly/index.ts gameResultFor: the static rules, repetition, "no legal move
   * loses"), given the number of legal moves of the position's list, which is read once per position and kept.
   */
  private resultCode(): number {
    return this.core.exports.gameResultFor(this.list().length);
  }

  /**
   * Legal moves as canonical move text (src/lattice/moves.ts: `c3`, `a1-b2`, `a1xc3`, a capture that shares its
   * ends with another by its path `a1xc3xe5xc3`), in the core's list order. Empty when the game is over.
   * Throws LatticeError 'overflow' past the core's capacity (never met in these games' positions).
   */
  legalMoves(): string[] {
    this.enter('legalMoves', true);
    if (this.resultCode() !== 0) return [];
    return this.list().texts();
  }

  /**
   * The legal moves as values (`{ kind, from, to, captured, path, text }`, points by name; src/lattice/moves.ts
   * Move: `captured`, `path` and `text` are made when first read, `toJSON()` gives a plain object), in
   * legalMoves() order. Empty when the game is over. Each value can be given back to play().
   */
  moves(): Move[] {
    this.enter('moves', true);
    if (this.resultCode() !== 0) return [];
    return this.list().values();
  }

  /**
   * Texts of each legal move, in legalMoves() order: the canonical text, then the full path when the
   * canonical text is the short form `a1xc3`. Every other path of a move is accepted by play() too, but
   * is not listed (listing them all can take exponential time). Empty when the game is over.
   */
  legalMoveTexts(): string[][] {
    this.enter('legalMoveTexts', true);
    if (this.resultCode() !== 0) return [];
    const list = this.list();
    return Array.from({ length: list.length }, (_, i) => {
      const t = list.text(i),
        p = list.pathText(i);
      return t === p ? [t] : [t, p];
    });
  }

  /**
   * Where a path of points stands among the legal moves (for entering a move by clicks): null if no legal
   * move goes along it; else `move` (the canonical text of the legal move it completes, or null) and
   * `more` (true if a legal capture from its start may go on past it). Any path of a multi-jump is
   * followed, whichever way round its loops are taken. `points` are point names, the start first.
   * Throws ArgumentError for an unknown point name.
   */
  along(points: readonly string[]): { move: string | null; more: boolean } | null {
    this.enter('along', true);
    if (!Array.isArray(points))
      throw new ArgumentError(`along needs an array of point names, got ${describeValue(points)}`);
    const idx = points.map((n, i) => {
      const p = typeof n === 'string' ? this.board.index(n.trim().toLowerCase()) : -1;
      if (p < 0)
        throw new ArgumentError(`points[${i}] must be a point name of board ${this.board.id}, got ${describeValue(n)}`);
      return p;
    });
    if (this.resultCode() !== 0) return null;
    const list = this.list();
    const r = alongPath(this.core, list, idx);
    return r === null ? null : { move: r.move < 0 ? null : list.text(r.move), more: r.more };
  }

  /**
   * Plays a move given as text (`c3`, `a1-b2`, `a1xc3`, `a1xc3xe5`: any path of a capture, or its start
   * and end where no other legal capture shares them) or as a value (MoveValue from moves(), or
   * `{ from, to, captured | path }`). Throws ParseError for malformed text, ArgumentError for a malformed
   * value, IllegalMoveError when it is not legal here (or the game is over, or `a1xc3` is ambiguous, or
   * it moves the piece the no-same-twice rule holds: the message says so, as describe()'s mark).
   */
  play(move: string | MoveInput): void {
    this.enter('play');
    if (typeof move !== 'string' && (move === null || typeof move !== 'object'))
      throw new ArgumentError(`a move must be a string or a move object, got ${describeValue(move)}`);
    // a malformed text or value is refused first, whatever the position
    const parsed = typeof move === 'string' ? parseMoveText(this.board, move) : null;
    if (parsed === null) checkValue(this.board, move as MoveInput);
    const over = gameResultOf(this.variant, this.resultCode());
    const shown = typeof move === 'string' ? move : showValue(move);
    if (over)
      throw new IllegalMoveError(shown, this.position(), `the game is over (${over.winnerName}, ${over.reason})`);
    // a move of the piece the no-same-twice rule holds is refused saying so (describe()'s mark)
    const from = parsed
      ? parsed.kind === 'place'
        ? -1
        : parsed.points[0]!
      : typeof (move as MoveInput).from === 'string'
        ? this.board.index((move as MoveInput).from as string)
        : -1;
    const held =
      from < 0 || !this.rules.sides.some((x) => x.noSameTwice)
        ? undefined
        : describeMarks(this.variant, this.board, this.rules, this.setup()).find(
            (m) => m.point === from && m.kind === 'may-not-move',
          );
    if (held) throw new IllegalMoveError(shown, this.position(), held.reason);
    const list = this.list();
    const i =
      typeof move === 'string'
        ? findText(this.core, this.board, list, move, this.position())
        : findValue(this.core, this.board, list, move, this.position());
    const text = list.text(i);
    this.makeListed(list, i);
    this.played.push(text);
  }

  /** Plays move i of `list` (the current position's) in the core; the cache moves on. */
  private makeListed(list: MoveList, i: number): void {
    list.play(this.core, i);
    this.before.push(list);
    this.cached = null;
  }

  /** Takes back the last move and returns its text. Throws ArgumentError when there is none. */
  undo(): string {
    this.enter('undo');
    if (this.core.exports.historyLength() === 0) throw new ArgumentError('no move to undo');
    this.core.exports.unmakeMove();
    this.cached = this.before.pop() ?? null;
    return this.played.pop()!;
  }

  /** Moves played since the position was set, as text. */
  history(): string[] {
    this.enter('history', true);
    return [...this.played];
  }

  /**
   * The result if the game is over, else null, as the core decides it (RULES.md §0-§3): capture targets,
   * escape, the stall limit (checked after each move), a third occurrence under repetition=draw3, and a
   * side to move without a legal move loses.
   */
  result(): GameResult | null {
    this.enter('result', true);
    return gameResultOf(this.variant, this.resultCode());
  }

  /**
   * Perft: leaf nodes at exactly `depth` plies (finished games have no children; repetition ignored;
   * a multi-jump counts once however many paths lead to it, RULES.md §0). With `limits.onProgress` and
   * depth >= 2 it counts root move by root move (as divide does) and reports each. Throws ArgumentError
   * for a bad depth or limits, LatticeError 'stopped' when a limit stops it.
   */
  perft(depth: number, limits: PerftLimits = {}): number {
    this.enter('perft');
    checkDepth(depth, MAX_PERFT_DEPTH);
    const deadline = perftDeadline(limits);
    return this.exclusive('perft', () => {
      if (limits.onProgress && depth >= 2) {
        let total = 0;
        for (const n of Object.values(rootCounts(this.core, () => this.list(), depth, limits, `perft ${depth}`)))
          total += n;
        if (total > Number.MAX_SAFE_INTEGER)
          throw new LatticeError('overflow', `perft ${depth}: the count exceeds 2^53 and cannot be reported exactly`);
        return total;
      }
      return runLimited(this.core, `perft ${depth}`, limits.stop, deadline, performance.now(), () =>
        this.core.exports.perft(depth),
      );
    });
  }

  /**
   * Perft with classic bulk counting (every node one ply above the leaves visited, as the C yardstick
   * does): the same number as perft(), slower; it measures raw move generation in the bench.
   */
  perftClassic(depth: number, limits: PerftLimits = {}): number {
    this.enter('perftClassic');
    checkDepth(depth, MAX_PERFT_DEPTH);
    const deadline = perftDeadline(limits);
    return this.exclusive('perftClassic', () =>
      runLimited(this.core, `perft ${depth}`, limits.stop, deadline, performance.now(), () =>
        this.core.exports.perftClassic(depth),
      ),
    );
  }

  /** Perft through the generic make/unmake path (cross-checks the bulk-counting recursion). */
  perftSlow(depth: number): number {
    this.enter('perftSlow');
    checkDepth(depth, MAX_PERFT_DEPTH);
    return runGrowing(this.core, `perft ${depth}`, () => this.core.exports.perftSlow(depth));
  }

  /**
   * Perft per legal root move: move text -> leaf count at depth - 1 below it. depth >= 1. Reports each
   * root move to `limits.onProgress`. Throws as perft().
   */
  divide(depth: number, limits: PerftLimits = {}): Record<string, number> {
    this.enter('divide');
    checkDepth(depth, MAX_PERFT_DEPTH);
    if (depth < 1) throw new ArgumentError('divide needs depth >= 1');
    return this.exclusive('divide', () => rootCounts(this.core, () => this.list(), depth, limits, `divide ${depth}`));
  }

  /**
   * Loads the tables built in `dir` into this game's core: Bagh Chal's profile's movement-phase
   * tablebase (`lattice tablebase build`), or, for every other hunt game the generic solver covers, its
   * layer files (`lattice solve <variant> --dir`, same options); from then on the search probes them and
   * probe() answers. Node only. Rejects with TablebaseError naming a missing, corrupt or mismatched file
   * (or a game without tables: Permainan Tabal, tibetan-4), and with ArgumentError under
   * repetition=forbid (the legal moves then depend on the history, which no table covers). Resolves to
   * the layers' headers (LayerMeta for Bagh Chal's tablebase, SolvedLayerInfo for the generic layers).
   *
   * `opts.keep` (the generic layers only): 'all' loads every layer (the search probes any position at
   * once); 'live' keeps in the core the layers the current position needs, its own and those one move
   * from it, loading them from `dir` as the game moves on (before each search, probe and solve): a game
   * whose layers do not fit the core's 32-bit memory together (Shepherds and Wolves: 22 GiB) is played
   * and probed this way, its search probing what one move reaches. Default 'all' when every layer fits
   * (HuntSolver.load). ArgumentError for a bad `opts`, a `dir` that is not a non-empty string, or `keep` with
   * Bagh Chal's tablebase; TablebaseError for a `dir` that is not a directory. A load that fails leaves the
   * tables loaded before (if any) as they were: every file is checked before they are replaced.
   */
  async loadTablebase(dir: string, opts: { keep?: 'all' | 'live' } = {}): Promise<LayerMeta[] | SolvedLayerInfo[]> {
    this.enter('loadTablebase');
    if (!isOptionsObject(opts))
      throw new ArgumentError(`loadTablebase options must be an object, got ${describeValue(opts)}`);
    checkKeys(opts, ['keep'], 'loadTablebase options');
    return this.tb.load(dir, opts.keep);
  }

  /**
   * The tablebase verdict of the current position (movement phase: no prey in hand), or null when it is
   * not covered (placement phase) or no tablebase is loaded. Repetition is not part of the tablebase.
   */
  probe(): TablebaseProbe | null {
    this.enter('probe');
    return this.tb.probe();
  }

  /**
   * Proves the game value of the current position for the side to move by a forward alpha-beta search
   * over {-1, 0, 1} down to the loaded tablebase (two null-window proofs: can the side to move lose? can
   * it win?). Needs loadTablebase(). Returns 'win' | 'draw' | 'loss', or 'unknown' when `nodeLimit`
   * (per proof, 0 = none) was reached. Practical for late placement (10+ goats placed).
   */
  solve(opts: { nodeLimit?: number; onProgress?: (nodes: number) => void } = {}): SolveReport {
    this.enter('solve');
    return this.exclusive('solve', () => {
      const code = this.tb.loaded ? this.resultCode() : 0;
      return this.tb.solve(opts, code !== 0 ? finishedScore(this.core, code) : null);
    });
  }

  /** Static evaluation of the current position, centi-units from the side to move's view. */
  evaluate(): number {
    this.enter('evaluate', true);
    return this.core.exports.evaluate();
  }

  /**
   * The raw evaluation features of the current position, for tuning the weights (bench/tune.js): the
   * counts evaluate() weighs (assembly/eval.ts evalFeatures), named as the variant's weights are
   * (EvalWeights in the hunt family, the hunters' view; DraughtsEvalWeights in draughts, side 0's count
   * less side 1's). `tempo` is +1 when that side is to move, else -1; `phase` is the weights that apply
   * ('placement' while pieces are in hand, else 'movement'; draughts always 'movement'). `patterns` is
   * the sum of the variant's pattern tuples' entries (`evalPatterns`, hunt family, movement phase; else
   * 0), from the same view. Before clamping to ±EVAL_LIMIT, evaluate() = (that side to move ? 1 : -1) *
   * (the sum of count * weight + patterns).
   */
  evalFeatures(): { phase: 'placement' | 'movement'; counts: Record<string, number>; patterns: number } {
    this.enter('evalFeatures');
    const e = this.core.exports;
    const phase = e.evalFeatures();
    const raw = new Int32Array(e.memory.buffer, e.evalFeaturesPtr(), e.evalFeatureCount());
    const names: readonly string[] = this.rules.family === 'draughts' ? DRAUGHTS_EVAL_FEATURES : EVAL_FEATURES;
    const counts: Record<string, number> = {};
    names.forEach((n, i) => {
      counts[n] = raw[i]!;
    });
    return { phase: phase === 0 ? 'placement' : 'movement', counts, patterns: e.evalPatternSum() };
  }

  /**
   * Searches the current position (iterative deepening PVS, see assembly/search.ts) within `limits`
   * (`search({})` or `search()` searches DEFAULT_SEARCH_DEPTH = 8 plies, or for DEFAULT_SEARCH_MS = 10 s if that
   * comes first; `nodes: 0` and `movetime: 0`
   * mean no such limit, as if left out). Throws ArgumentError for bad limits (limits.ts
   * checkSearchLimits). The position is unchanged afterwards.
   */
  search(limits: SearchLimits = {}): SearchResult {
    this.enter('search');
    const checked = checkSearchLimits(limits);
    const code = this.resultCode();
    const finished = code !== 0 ? finishedScore(this.core, code) : null;
    return searchPosition(this.core, this.board, this.tb, limits, checked, finished, (work) =>
      this.exclusive('search', work),
    );
  }
}
