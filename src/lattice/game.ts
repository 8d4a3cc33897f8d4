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
import type { GameResult as AnyGameResult, ResultReason } from '../contract/result.js';
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
import { IO_KEY, IO_SET, type Core } from './core/wasm.js';
import { loadSetupIntoCore, loadVariantCore, notationContext } from './core/setup.js';
import { checkGameArgTypes } from '../contract/args.js';
import { CallGuard, FACTORY, checkFactory } from '../contract/call-guard.js';
import type { LayerMeta, SolvedLayerInfo } from './tables.js';
import {
  checkDepth,
  checkSearchLimits,
  mateIn,
  perftDeadline,
  MAX_PERFT_DEPTH,
  type PerftLimits,
  type SearchInfo,
  type SearchLimits,
} from '../contract/limits.js';
import {
  MoveList,
  alongPath,
  runGrowing,
  findText,
  findValue,
  checkValue,
  lineTexts,
  type Move,
  type MoveInput,
} from './moves.js';
import { GameTablebase, type SolveReport, type TablebaseProbe } from './tablebase.js';
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

/** Score bound of mate scores: a win in n plies scores MATE - n (assembly/search.ts). */
export const MATE = 31000;
const NO_MOVE = 0xffffffff;

const GAME_OPTION_KEYS = ['options', 'position', 'hashMb', 'debug', 'wide'] as const;

/** Options of Game.create (unknown keys are refused with ArgumentError). */
export interface GameOptions {
  /** Variant options (`captures-to-win`, `repetition`, ...); see `lattice variants`. */
  options?: Record<string, number | string>;
  /** Start from this position string instead of the variant's start (src/lattice/position-text.ts grammar). */
  position?: string;
  /**
   * Transposition table size in MiB, 1..512 (rounded down to a power of two; default 16); the mate proof adds an eighth
   * (at least 1 MiB).
   */
  hashMb?: number;
  /** Load the bounds-checked debug build of the core (slower; used by the tests). */
  debug?: boolean;
  /**
   * Load the wide build of the core (128-bit sets) even for a board of up to 64 points; boards of more
   * points (tibetan-4's 105) always get it. For testing: both builds must play every game alike.
   */
  wide?: boolean;
}

/**
 * The end of a hunt game: `{ winner: 'prey' | 'hunters' | 'draw', winnerName, reason }`, the one result
 * shape of every game (documented in src/contract/result.ts). 'prey' is the side listed first in the variant's
 * sides (goats, dwarfs, dogs, sheep), 'hunters' the other (tigers, the giant, wolves); a side may name
 * itself (Permainan Tabal: 'white', 'black').
 */
export type GameResult = AnyGameResult<'prey' | 'hunters' | 'white' | 'black'>;

/** A finished search: the best move (null when the side to move has no move) and its report. */
export interface SearchResult extends SearchInfo {
  bestmove: string | null;
}

/**
 * Reasons of the core's gameResult codes (assembly/position.ts REASON_*, exported by the core:
 * test/unit/boundary.test.ts checks each).
 */
export const REASONS: Readonly<Record<number, ResultReason>> = {
  1: 'captures',
  2: 'no-moves',
  3: 'escape',
  4: 'stall-limit',
  5: 'repetition',
  6: 'move-limit',
};
/** The reason code of "the side to move has no legal move" (REASONS). */
export const REASON_NO_MOVES = 2;

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

  /** Runs `work` as `what` (search, perft, ...): until it returns, enter() refuses all but the reads. */
  private exclusive<T>(what: string, work: () => T): T {
    return this.guard.exclusive(what, work);
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
        `is not a lattice game (Game plays ${[...VARIANTS.keys()].join(', ')}; createGame() plays every variant of every family)`,
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
    const e = this.core.exports;
    e.readPosition();
    const st = this.core.state();
    const h = this.core.readSet(IO_SET.hunters),
      p = this.core.readSet(IO_SET.prey);
    const n = this.board.points.length;
    const owner = new Int8Array(n),
      count = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      owner[i] = (h >> BigInt(i)) & 1n ? 1 : (p >> BigInt(i)) & 1n ? 0 : -1;
      count[i] = owner[i] < 0 ? 0 : st[8 + i];
    }
    const setup: Setup = {
      owner,
      count,
      side: st[0] as 0 | 1,
      hand: [st[1], st[2]],
      captured: [st[3], st[4]],
      last: st[5],
      stall: st[6],
    };
    if (this.rules.draughts) {
      const k = this.core.readSet(IO_SET.kings);
      setup.king = Uint8Array.from({ length: n }, (_, i) => Number((k >> BigInt(i)) & 1n));
      setup.clock = st[7];
    }
    return setup;
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
    const board = this.board,
      sides = this.variant.sides;
    const pieces = board.points.map((_, i): GameDescription['pieces'][number] => {
      const o = s.owner[i]!;
      if (o < 0) return null;
      const d = sides[o]!;
      const king = s.king?.[i] === 1;
      return {
        side: o as 0 | 1,
        label: d.letter,
        count: s.count[i]!,
        promoted: king,
        title: king ? `${d.name} (king)` : d.name,
      };
    });
    const onBoard = (i: number) => pieces.reduce((n, p) => n + (p?.side === i ? p.count : 0), 0);
    const side = (i: 0 | 1) => ({
      name: sides[i].name,
      plural: sides[i].plural,
      letter: sides[i].letter,
      onBoard: onBoard(i),
      hand: s.hand[i],
      captured: s.captured[i],
    });
    return {
      variant: this.variant.id,
      board: {
        kind: 'points',
        width: board.width,
        height: board.height,
        points: board.points.map((p) => ({ name: p.name, x: p.x, y: p.y })),
        lines: board.lines.map((l) => [...l]),
      },
      pieces,
      toMove: s.side,
      sides: [side(0), side(1)],
      labels: [],
      counters: this.counters(s),
      marks: this.marks(s),
    };
  }

  /** The RULES.md section of the variant's rules (its `source` up to the seed), for the words of describe(). */
  private get rulesSection(): string {
    return this.variant.source.split(';')[0]!.trim();
  }

  /**
   * The counters of describe() from the RuleSet: the stall count under a stall rule (RULES.md §3
   * stall-limit) and the move clock under a draughts move limit (§4 move-limit), each with its limit.
   */
  private counters(s: Setup): GameDescription['counters'] {
    const out: GameDescription['counters'] = [];
    const names = this.variant.sides;
    const stall = this.rules.stall;
    if (stall !== null) {
      out.push({
        name: 'stall',
        label: `${names[stall.side].name} moves in a row that gained no rank`,
        value: s.stall,
        limit: stall.limit,
        atLimit: `the ${names[1 - stall.side]!.plural} win`,
      });
    }
    const moveLimit = this.rules.draughts?.moveLimit ?? null;
    if (moveLimit !== null) {
      out.push({
        name: 'clock',
        label: 'plies in a row without a capture',
        value: s.clock ?? 0,
        limit: moveLimit,
        atLimit: 'a draw',
      });
    }
    return out;
  }

  /**
   * The marked points of describe() from the RuleSet: the point the no-same-twice side stepped to on
   * its previous turn (RULES.md §2, `last=`), whose piece may not move on that side's turn.
   */
  private marks(s: Setup): GameDescription['marks'] {
    if (s.last < 0) return [];
    const nst = this.rules.sides.findIndex((x) => x.noSameTwice);
    if (nst < 0) return [];
    const d = this.variant.sides[nst]!,
      at = this.board.points[s.last]!.name;
    const rule = `a ${d.name} may not be moved on two consecutive ${d.name} turns (${this.rulesSection})`;
    return [
      s.side === nst
        ? {
            point: s.last,
            kind: 'may-not-move',
            reason: `the ${d.name} on ${at} may not move now: it stepped there on the ${d.plural}' previous turn, and ${rule}`,
          }
        : {
            point: s.last,
            kind: 'may-not-move-next',
            reason: `the ${d.name} on ${at} may not move on the ${d.plural}' next turn: it stepped there on their last turn, and ${rule}`,
          },
    ];
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
   * The result code of the core (0 while the game goes on): the static rules, repetition, then "no legal move loses".
   */
  private resultCode(): number {
    const e = this.core.exports;
    const code = e.staticResult();
    if (code !== 0) return code;
    return this.list().length === 0 ? ((e.sideToMove() ^ 1) + 1) | (REASON_NO_MOVES << 4) : 0;
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
    const over = this.resultOf(this.resultCode());
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
        : this.marks(this.setup()).find((m) => m.point === from && m.kind === 'may-not-move');
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
    return this.resultOf(this.resultCode());
  }

  /** The result of a core result code (0: the game goes on, null). */
  private resultOf(code: number): GameResult | null {
    if (code === 0) return null;
    const winner = (code & 15) - 1,
      reason = REASONS[code >> 4];
    if (winner === 2) return { winner: 'draw', winnerName: 'draw', reason };
    const sd = this.variant.sides[winner];
    return {
      winner: (sd.id ?? (winner === 1 ? 'hunters' : 'prey')) as GameResult['winner'],
      winnerName: sd.plural,
      reason,
    };
  }

  /**
   * Score of a finished game (core result code, not 0) from the side to move's view: MATE if it won,
   * -MATE if it lost, 0 drawn.
   */
  private finishedScore(code: number): number {
    const winner = (code & 15) - 1;
    if (winner === 2) return 0;
    return winner === this.core.exports.sideToMove() ? MATE : -MATE;
  }

  /**
   * Runs a perft-like core call of `depth` plies until `deadline` or the stop flag; throws LatticeError
   * 'stopped' or on a count past 2^53. A call of depth 0 counts 1 without running (the core clears its
   * stopped flag first, as every run does).
   */
  private limited(
    what: string,
    _depth: number,
    stop: Int32Array | undefined,
    deadline: number,
    t0: number,
    run: () => number,
  ): number {
    this.core.hooks.shouldStop = () => ((stop && Atomics.load(stop, 0)) || performance.now() > deadline ? 1 : 0);
    try {
      const n = runGrowing(this.core, what, run);
      if (this.core.exports.perftStopped())
        throw new LatticeError('stopped', `${what} stopped after ${Math.round(performance.now() - t0)} ms`);
      if (n > Number.MAX_SAFE_INTEGER)
        throw new LatticeError('overflow', `${what}: the count exceeds 2^53 and cannot be reported exactly`);
      return n;
    } finally {
      this.core.hooks.shouldStop = () => 0;
    }
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
        for (const n of Object.values(this.rootCounts(depth, limits, `perft ${depth}`))) total += n;
        if (total > Number.MAX_SAFE_INTEGER)
          throw new LatticeError('overflow', `perft ${depth}: the count exceeds 2^53 and cannot be reported exactly`);
        return total;
      }
      return this.limited(`perft ${depth}`, depth, limits.stop, deadline, performance.now(), () =>
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
      this.limited(`perft ${depth}`, depth, limits.stop, deadline, performance.now(), () =>
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
    return this.exclusive('divide', () => this.rootCounts(depth, limits, `divide ${depth}`));
  }

  /** The counts of divide(); `what` names the run in errors. */
  private rootCounts(depth: number, limits: PerftLimits, what: string): Record<string, number> {
    const deadline = perftDeadline(limits);
    const t0 = performance.now();
    const e = this.core.exports;
    const out: Record<string, number> = {};
    const list = this.list();
    let done = 0;
    for (let i = 0; i < list.length; i++) {
      const text = list.text(i);
      list.play(this.core, i);
      try {
        out[text] = this.limited(what, depth - 1, limits.stop, deadline, t0, () => e.perft(depth - 1));
      } finally {
        e.unmakeMove();
      }
      limits.onProgress?.({ done: ++done, total: list.length, move: text, nodes: out[text]! });
    }
    return out;
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
   * (HuntSolver.load). ArgumentError for a bad `opts`, or `keep` with Bagh Chal's tablebase.
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
      return this.tb.solve(opts, code !== 0 ? this.finishedScore(code) : null);
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
   * The search's principal variation as move text. With tables loaded (Bagh Chal's tablebase or the
   * generic solver's layers), a line the search ended on a decided position of the tables (the search
   * probes it instead of searching on) goes on with their best line to the end of the game.
   */
  private pv(len: number): string[] {
    const e = this.core.exports;
    const raw: Array<{ m: number; caps: bigint }> = [];
    for (let i = 0; i < len; i++) {
      const m = e.pvMove(i);
      if (m === NO_MOVE) break;
      e.pvCaps(i);
      raw.push({ m, caps: this.core.readSet(IO_SET.caps) });
    }
    const texts = lineTexts(this.core, this.board, raw);
    if (this.tb.loaded && raw.length > 0 && texts.length === raw.length) {
      for (const { m, caps } of raw) {
        this.core.writeSet(IO_SET.caps, caps);
        e.makeMove(m);
      }
      texts.push(...lineTexts(this.core, this.board, this.tb.onward()));
      for (let i = 0; i < raw.length; i++) e.unmakeMove();
    }
    return texts;
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
    const { depth, nodes, movetime } = checkSearchLimits(limits);
    const e = this.core.exports;
    const mateOf = (s: number) => mateIn(s, MATE);
    const code = this.resultCode();
    if (code !== 0) {
      // nothing to search: the game is decided or drawn
      const score = this.finishedScore(code);
      return { bestmove: null, score, mateIn: mateOf(score), depth: 0, nodes: 0, ms: 0, pv: [] };
    }
    const stop = limits.stop;
    this.core.hooks.shouldStop = stop ? () => Atomics.load(stop, 0) : () => 0;
    // a search run again on grown lists (runGrowing) reports only the iterations it had not reached:
    // the ones before the overflow were complete and exact
    let reported = 0;
    this.core.hooks.onIteration = (d, s, n, ms, len) => {
      if (d <= reported) return;
      reported = d;
      limits.onIteration?.({ depth: d, score: s, mateIn: mateOf(s), nodes: n, ms: Math.round(ms), pv: this.pv(len) });
    };
    const t0 = performance.now();
    try {
      return this.exclusive('search', () => {
        // tables kept on disk: the layers this position needs, before the search probes them
        this.tb.focus();
        // a search that outgrew the lists stops at once and runs again on larger ones, in the time left
        const deadline = t0 + movetime;
        let used = 0,
          runs = 0;
        // at the largest lists, a tree deeper than the move stack holds (STACK_MOVES moves on the line's
        // lists: the 105-point board's multi-jumps) ends the search at the last depth it completed
        const best = runGrowing(
          this.core,
          'search',
          () => {
            if (runs++ > 0) used += e.searchNodes();
            return e.search(
              depth,
              nodes > 0 ? Math.max(1, nodes - used) : 0,
              movetime > 0 ? Math.max(1, deadline - performance.now()) : 0,
            );
          },
          () => e.searchDepth() >= 1,
        );
        const score = e.searchScore();
        const pv = this.pv(e.pvLength());
        return {
          bestmove: best === NO_MOVE ? null : (pv[0] ?? null),
          score,
          mateIn: mateOf(score),
          depth: e.searchDepth(),
          nodes: e.searchNodes(),
          ms: Math.round(performance.now() - t0),
          pv,
        };
      });
    } finally {
      this.core.hooks.shouldStop = () => 0;
      this.core.hooks.onIteration = () => {};
    }
  }
}
