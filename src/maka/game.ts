import {
  ArgumentError,
  DisposedError,
  IllegalMoveError,
  LatticeError,
  checkKeys,
  describeValue,
  showValue,
} from '../contract/errors.js';
import type { GameResult } from '../contract/result.js';
import { CallGuard, FACTORY, checkFactory } from '../contract/call-guard.js';
import { checkGameOptionTypes } from '../contract/option-types.js';
import {
  callSync,
  checkSearchLimits,
  mateIn,
  perftDeadline,
  type PerftLimits,
  type SearchLimits,
} from '../contract/limits.js';
import type { AnyGame, GameDescription } from '../contract/types.js';
import type { MoveInput, MoveValue } from '../contract/moves.js';
import { MAKA_ID, MAKA_LABELS } from './options.js';
import { makaBoardText } from './board-text.js';
import { MoveGen, MoveTables } from './movegen.js';
import { resolveMakaOptions, type MakaOptions } from './options.js';
import { PerftStopped, perft, type PerftPoll } from './perft.js';
import { PIECES } from './pieces.js';
import { Position, SIZE, colourOf, isPromoted, typeOf, sq } from './position.js';
import { startPosition } from './start.js';
import { Searcher, MATE } from './search.js';
import { formatMove, formatPosition, parseMove, parsePosition, squareName, type MakaSetup } from './sfen.js';
import { parseMakaPosition } from './validate.js';

/** Deepest perft through the API. */
export const MAX_MAKA_PERFT_DEPTH = 8;

/** Largest transposition table of the search, MiB (as Game's MAX_HASH_MB). */
export const MAX_MAKA_HASH_MB = 512;
/** Depth of a search given no depth, nodes or movetime: `search({})` searches 4 plies. */
export const DEFAULT_MAKA_SEARCH_DEPTH = 4;
/** Bytes per transposition-table slot of the Maka search (6 int32, search.ts). */
const TT_SLOT_BYTES = 24;

/** Options of MakaGame.create (unknown keys are refused with ArgumentError). */
export interface MakaGameOptions {
  /** Rule options by their rules-file keys: lion-dog, promotion, conversion, emperor, pieces, repetition. */
  options?: Record<string, string | number | boolean>;
  /** Start from this position string (sfen.ts grammar) instead of the start position. */
  position?: string;
  /**
   * Transposition table size in MiB, 1..512, rounded down to a power-of-two number of 24-byte slots
   * (default 6 MiB: 2^18 slots).
   */
  hashMb?: number;
}

/**
 * Limits of MakaGame.search: the shared SearchLimits (src/contract/limits.ts), with the same meaning as in every
 * family; only the default depth of `search({})` is this family's, DEFAULT_MAKA_SEARCH_DEPTH (4).
 */
export type MakaSearchOptions = SearchLimits;

/**
 * A finished search: best move (null when there is none), score in centipawns for the side to move. `move` is the
 * best move as the value moves() gives it (playable by play()), `line` the principal variation as values; `bestmove`
 * and `pv` are their texts.
 */
export interface MakaSearchReport {
  bestmove: string | null;
  move: MoveValue | null;
  score: number;
  /** Plies to the end when the score is a forced win (> 0) or loss (< 0), else null. */
  mateIn: number | null;
  depth: number;
  nodes: number;
  ms: number;
  pv: string[];
  line: MoveValue[];
}

export { MATE as MAKA_MATE };

/**
 * The value of a legal move from its text (sfen.ts move grammar; the text says all of it): `kind` 'capture' when
 * it takes pieces (passed with a Lion's move, or on its destination) else 'step'; `path` the origin, each square
 * passed with a capture, the destination; `captured` the squares whose pieces it takes; `choice` the promotion
 * (`+`) or conversion (`=T`, `=B`) it makes, if any. A plain object (MoveValue). Throws ParseError for bad text.
 */
function makaMoveValue(text: string): MoveValue {
  const m = parseMove(text);
  const captured = m.destCaptured ? [...m.captures, m.to] : m.captures;
  return {
    kind: captured.length > 0 ? 'capture' : 'step',
    from: squareName(m.from),
    to: squareName(m.to),
    captured: captured.map(squareName),
    path: [m.from, ...m.captures, m.to].map(squareName),
    text,
    ...(m.suffix ? { choice: m.suffix } : {}),
  };
}

/**
 * The end of a Maka Dai Dai game: `{ winner: 'black' | 'white' | 'draw', winnerName: 'Black' | 'White' |
 * 'draw', reason: 'royals' | 'no-moves' | 'repetition' }`, the one result shape of every game
 * (src/contract/result.ts). royals: the loser has no King, Emperor or Prince left; no-moves: the side to move has
 * no move; repetition: the fourth occurrence under repetition=draw4.
 */
export type MakaResult = GameResult<'black' | 'white'>;

const MAKA_GAME_KEYS = ['options', 'position', 'hashMb'] as const;

const WIN = (winner: 'black' | 'white', reason: MakaResult['reason']): MakaResult => ({
  winner,
  winnerName: winner === 'black' ? 'Black' : 'White',
  reason,
});
const DRAW = (reason: MakaResult['reason']): MakaResult => ({ winner: 'draw', winnerName: 'draw', reason });

export { startPosition } from './start.js';

/** Above 0 while createUncheckedMakaGame runs: setPosition reads by the grammar only. */
let uncheckedLoads = 0;

/**
 * Tests only (the package does not export it): MakaGame.create, but the position is read by the grammar
 * alone, not validated (validate.ts). The move-generation tests need positions no game reaches (the
 * designed perft positions with two Lions or two Capricorns a side, random positions); every position
 * a user gives goes through validation. Later setPosition calls on the game validate as usual.
 */
export function createUncheckedMakaGame(opts: MakaGameOptions = {}): MakaGame {
  uncheckedLoads++;
  try {
    return MakaGame.create(opts);
  } finally {
    uncheckedLoads--;
  }
}

/**
 * A game of Maka Dai Dai Shogi: position, history, moves, perft. Mirrors src/lattice/game.ts's Game.
 * `MakaGame.create({ options: { emperor: 'jawiki' }, position })`.
 */
export class MakaGame implements AnyGame {
  /** The variant's id. */
  readonly variantId = MAKA_ID;
  readonly options: MakaOptions;
  readonly tables: MoveTables;
  /** Position, move generator and search: null once dispose() freed them. */
  private live: { pos: Position; gen: MoveGen; searcher: Searcher | undefined } | null;
  private readonly played: { lo: number; hi: number; text: string }[] = [];
  private readonly keys: string[] = [];
  private readonly ttBits: number;
  /** The run in progress (search, perft, divide) while it runs, else null (see enter()). */
  private readonly guard = new CallGuard('MakaGame');

  private constructor(token: typeof FACTORY, options: MakaOptions, ttBits: number) {
    checkFactory(token, 'MakaGame', '`MakaGame.create({ options, position, hashMb })`');
    this.options = options;
    this.tables = new MoveTables(options);
    this.ttBits = ttBits;
    this.live = { pos: new Position(), gen: new MoveGen(this.tables), searcher: undefined };
  }

  private get state(): { pos: Position; gen: MoveGen; searcher: Searcher | undefined } {
    if (this.live === null) throw new DisposedError('MakaGame');
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

  private get pos(): Position {
    return this.state.pos;
  }
  private get gen(): MoveGen {
    return this.state.gen;
  }
  private get searcher(): Searcher {
    if (!this.state.searcher) {
      this.state.searcher = new Searcher(this.pos, this.gen, this.ttBits);
      this.state.searcher.repetitionDraws = this.options.repetition === 'draw4';
    }
    return this.state.searcher;
  }

  /**
   * Frees the game's position, move tables' buffers and search table for the garbage collector. Every
   * later call of a method throws DisposedError, a LatticeError with code 'disposed', whatever its
   * arguments (as Game.dispose()). Calling it again does nothing. Throws LatticeError 'busy' when called
   * while a search or perft runs on this game (from its callback).
   */
  dispose(): void {
    if (this.live !== null) this.guard.checkIdle('dispose');
    // (the search table goes to the next game's searcher: Searcher.release())
    this.live?.searcher?.release();
    this.live = null;
  }

  /** True once dispose() was called. */
  get disposed(): boolean {
    return this.live === null;
  }

  /**
   * Throws OptionError (bad option), ParseError (bad position; PositionError, a ParseError, for one that
   * cannot arise: validate.ts), ArgumentError (bad argument types, an unknown key, hashMb outside 1..512).
   */
  static create(opts: MakaGameOptions = {}): MakaGame {
    checkGameOptionTypes(opts, MAX_MAKA_HASH_MB);
    checkKeys(opts, MAKA_GAME_KEYS, 'game options');
    const ttBits = opts.hashMb === undefined ? 18 : Math.floor(Math.log2((opts.hashMb * 2 ** 20) / TT_SLOT_BYTES));
    const game = new MakaGame(FACTORY, resolveMakaOptions(opts.options), ttBits);
    game.setPosition(opts.position ?? startPosition());
    return game;
  }

  /**
   * Sets the position from a string, clearing the history. Throws ParseError (grammar, sfen.ts) or
   * PositionError (a ParseError: the position cannot arise, validate.ts), naming the column;
   * ArgumentError for a non-string.
   */
  setPosition(text: string): void {
    this.enter('setPosition');
    if (typeof text !== 'string') throw new ArgumentError(`a position must be a string, got ${describeValue(text)}`);
    const s: MakaSetup = uncheckedLoads > 0 ? parsePosition(text) : parseMakaPosition(text, this.options);
    this.pos.set(s.cells, s.side);
    this.played.length = 0;
    this.keys.length = 0;
    this.keys.push(this.pos.keyHex());
  }

  /** The current position string. */
  position(): string {
    this.enter('position', true);
    return formatPosition({ cells: this.pos.cells(), side: this.pos.side });
  }

  /** The Zobrist key as 16 hex digits. */
  key(): string {
    this.enter('key', true);
    return this.pos.keyHex();
  }

  /** True if the incremental key equals the key recomputed from the board. */
  keyConsistent(): boolean {
    this.enter('keyConsistent', true);
    const [lo, hi] = this.pos.computeKey();
    return lo === this.pos.keyLo && hi === this.pos.keyHi;
  }

  /** The side to move: 'black' or 'white'. */
  sideToMove(): 'black' | 'white' {
    this.enter('sideToMove', true);
    return this.pos.side === 0 ? 'black' : 'white';
  }

  /** Generated moves as [lo, hi, text] (empty when a side has no royal). */
  private generated(): [number, number, string][] {
    const n = this.gen.generate(this.pos, 0);
    const [lo, hi] = this.gen.buffers(0);
    const out: [number, number, string][] = [];
    for (let i = 0; i < n; i++) {
      const l = lo[i]!,
        h = hi[i]!;
      out.push([l, h, formatMove(this.pos.board, l, h, this.tables.convertChooser[this.pos.board[l & 1023]!] === 1)]);
    }
    return out;
  }

  /** Legal moves as text; empty when the game is over. */
  legalMoves(): string[] {
    this.enter('legalMoves', true);
    if (this.result()) return [];
    return this.generated().map((m) => m[2]);
  }

  /**
   * The legal moves as values (src/lattice/moves.ts MoveValue), in legalMoves() order: `kind` 'capture' when it
   * takes pieces (passed with a Lion's move, or on its destination) else 'step'; `path` the origin, each
   * square passed with a capture, the destination; `captured` the squares whose pieces it takes; `choice`
   * the promotion (`+`) or conversion (`=T`, `=B`) it makes, if any. Empty when the game is over.
   */
  moves(): MoveValue[] {
    this.enter('moves', true);
    if (this.result()) return [];
    return this.generated().map(([, , text]) => makaMoveValue(text));
  }

  /**
   * Plays a move given as text, or as a value (a moves() entry, or `{ from, to, path?, choice? }`: the
   * legal move with those squares). Throws ParseError (malformed text), ArgumentError (a malformed
   * value) or IllegalMoveError (not legal here, or several legal moves match the value).
   */
  play(move: string | MoveInput): void {
    this.enter('play');
    if (typeof move !== 'string') move = this.moveOfValue(move);
    // as the lattice games read theirs: surrounding spaces and the squares' case do not matter
    else
      move = move
        .trim()
        .replace(/^[^+=]*/, (sq) => sq.toLowerCase())
        .replace(/=[tb]$/, (c) => c.toUpperCase());
    parseMove(move);
    const over = this.result();
    if (over) throw new IllegalMoveError(move, this.position(), `the game is over (${over.winner}, ${over.reason})`);
    const m = this.generated().find((x) => x[2] === move);
    if (!m) throw new IllegalMoveError(move, this.position(), 'not a legal move here');
    this.pos.make(m[0], m[1]);
    this.played.push({ lo: m[0], hi: m[1], text: move });
    this.keys.push(this.pos.keyHex());
  }

  /**
   * The text of the legal move a value names (see play): a moves() entry or its toJSON(), or
   * `{ from, to, path?, captured?, choice?, kind?, text? }`. `choice` '+', '=T' or '=B' names a promotion or
   * conversion, '' or null the move without one; every field given must agree with the move found.
   * Throws ArgumentError (malformed or self-contradicting), IllegalMoveError (no such legal move, or
   * several: give path or choice).
   */
  private moveOfValue(v: MoveInput): string {
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw new ArgumentError(
        `a move must be a string or an object { from, to, path?, choice? }, got ${describeValue(v)}`,
      );
    const o = v as Record<string, unknown>;
    const KEYS = ['from', 'to', 'path', 'captured', 'choice', 'kind', 'text'];
    for (const k of Object.keys(o))
      if (!KEYS.includes(k)) throw new ArgumentError(`unknown key "${k}" in a move object (known: ${KEYS.join(', ')})`);
    const name = (x: unknown, what: string) => {
      if (typeof x !== 'string' || !/^[a-s](1[0-9]|[1-9])$/.test(x.trim().toLowerCase()))
        throw new ArgumentError(
          `${what} must be a square name a1..s19, got ${typeof x === 'bigint' ? `${x}n` : describeValue(x)}`,
        );
      return x.trim().toLowerCase();
    };
    const names = (arr: unknown, what: string) => {
      if (arr === undefined) return undefined;
      if (!Array.isArray(arr))
        throw new ArgumentError(`${what} must be an array of square names, got ${describeValue(arr)}`);
      const out: string[] = [];
      for (let i = 0; i < arr.length; i++) out.push(name(arr[i], `${what}[${i}]`));
      return out;
    };
    if (o.choice !== undefined && o.choice !== null && !['', '+', '=T', '=B'].includes(o.choice as string))
      throw new ArgumentError(`choice must be "+", "=T", "=B", or "" (none), got ${describeValue(o.choice)}`);
    if (o.kind !== undefined && o.kind !== 'step' && o.kind !== 'capture')
      throw new ArgumentError(`kind must be step or capture, got ${describeValue(o.kind)}`);
    if (o.text !== undefined && typeof o.text !== 'string')
      throw new ArgumentError(`text must be a move text, got ${describeValue(o.text)}`);
    const path = names(o.path, 'path'),
      captured = names(o.captured, 'captured');
    const from = o.from === undefined ? undefined : name(o.from, 'from'),
      to = o.to === undefined ? undefined : name(o.to, 'to');
    if (from === undefined && to === undefined && path === undefined && o.text === undefined)
      throw new ArgumentError('a move object needs from and to (or path, or text)');
    const choice = o.choice === null ? '' : (o.choice as string | undefined);
    const found = this.moves().filter(
      (m) =>
        (o.text === undefined || m.text === o.text) &&
        (from === undefined || m.from === from) &&
        (to === undefined || m.to === to) &&
        (path === undefined || m.path.join() === path.join()) &&
        (captured === undefined || [...m.captured].sort().join() === [...captured].sort().join()) &&
        (o.kind === undefined || m.kind === o.kind) &&
        (choice === undefined || (m.choice ?? '') === choice),
    );
    if (found.length === 1) return found[0]!.text;
    const shown = showValue(v);
    if (found.length === 0) throw new IllegalMoveError(shown, this.position(), 'no legal move has all of these fields');
    throw new IllegalMoveError(
      shown,
      this.position(),
      `it matches ${found.length} legal moves ` +
        `(${found.map((m) => m.text).join(' ')}): give path or choice ("" for none)`,
    );
  }

  /** The board as text: `labels` 'kanji' (default) or 'codes'. Throws ArgumentError for another kind. */
  boardText(labels: string = MAKA_LABELS[0]): string {
    this.enter('boardText', true);
    if (!(MAKA_LABELS as readonly string[]).includes(labels))
      throw new ArgumentError(`labels must be one of ${MAKA_LABELS.join('|')}, got ${describeValue(labels)}`);
    return makaBoardText(this.position(), labels as (typeof MAKA_LABELS)[number]);
  }

  /** The name of the side to move: 'Black' or 'White'. */
  moverName(): string {
    this.enter('moverName', true);
    return this.pos.side === 0 ? 'Black' : 'White';
  }

  /**
   * The current position, or `position` (a position string: ParseError if bad, PositionError if it
   * cannot arise), for a board UI
   * (src/engine.ts GameDescription): the 19x19 squares (named a1..s19, a1 bottom left), the piece in
   * each (code, kanji, promoted), the side to move, both sides' counts; label kinds kanji and codes;
   * no counters and no marked points.
   */
  describe(position?: string): GameDescription {
    this.enter('describe', true);
    if (position !== undefined && typeof position !== 'string')
      throw new ArgumentError(`a position must be a string, got ${describeValue(position)}`);
    const s = position === undefined ? parsePosition(this.position()) : parseMakaPosition(position, this.options);
    const names = ['Black', 'White'] as const;
    const points: GameDescription['board']['points'] = [];
    const pieces: GameDescription['pieces'] = [];
    for (let r = 0; r < SIZE; r++) {
      for (let f = 0; f < SIZE; f++) {
        const at = sq(f, r);
        points.push({ name: squareName(at), x: f, y: r });
        const p = s.cells[r * SIZE + f]!; // the setup's cells are rank by rank (sfen.ts), not board squares
        if (p === 0) {
          pieces.push(null);
          continue;
        }
        const t = PIECES[typeOf(p)]!;
        const promoted = isPromoted(p) && t.promoted !== null;
        const side = colourOf(p) as 0 | 1;
        pieces.push({
          side,
          label: (promoted ? '+' : '') + t.code,
          kanji: promoted ? t.promoted!.kanji : t.kanji,
          count: 1,
          promoted,
          title: `${names[side]} ${promoted ? `${t.promoted!.name} (promoted ${t.name})` : t.name}`,
        });
      }
    }
    const onBoard = (i: number) => pieces.filter((p) => p?.side === i).length;
    const side = (i: 0 | 1) => ({
      name: names[i],
      plural: names[i],
      letter: i === 0 ? 'b' : 'w',
      onBoard: onBoard(i),
      hand: 0,
      captured: 0,
    });
    return {
      variant: MAKA_ID,
      board: { kind: 'squares', width: SIZE, height: SIZE, points, lines: [] },
      pieces,
      toMove: s.side === 0 ? 0 : 1,
      sides: [side(0), side(1)],
      labels: MAKA_LABELS,
      counters: [],
      marks: [], // the position keeps no counter and marks no point (repetition counts the history)
    };
  }

  /** Takes back the last move and returns its text. */
  undo(): string {
    this.enter('undo');
    const h = this.played.pop();
    if (!h) throw new ArgumentError('no move to undo');
    this.pos.unmake();
    this.keys.pop();
    return h.text;
  }

  /** Moves played since the position was set. */
  history(): string[] {
    this.enter('history', true);
    return this.played.map((h) => h.text);
  }

  /**
   * The result, or null: a side without a royal piece has lost (both: a draw); a side to move without a
   * move has lost; under repetition=draw4 the fourth occurrence of a position is a draw.
   */
  result(): MakaResult | null {
    this.enter('result', true);
    const r = this.pos.royals;
    if (r[0] === 0 || r[1] === 0)
      return r[0] === 0 && r[1] === 0 ? DRAW('royals') : WIN(r[0] === 0 ? 'white' : 'black', 'royals');
    if (this.options.repetition === 'draw4') {
      const k = this.keys[this.keys.length - 1];
      let c = 0;
      for (const x of this.keys) if (x === k) c++;
      if (c >= 4) return DRAW('repetition');
    }
    if (this.gen.generate(this.pos, 0) === 0) return WIN(this.pos.side === 0 ? 'white' : 'black', 'no-moves');
    return null;
  }

  private checkDepth(depth: number): void {
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_MAKA_PERFT_DEPTH) {
      throw new ArgumentError(`depth must be an integer 0..${MAX_MAKA_PERFT_DEPTH}, got ${describeValue(depth)}`);
    }
  }

  /**
   * Checks PerftLimits as the lattice games do (src/contract/limits.ts perftDeadline: keys, movetime > 0 ms, a stop
   * Int32Array, an onProgress function) and returns the run's poll: true once the deadline has passed or
   * stop[0] is non-zero. Throws ArgumentError for bad limits.
   */
  private perftPoll(limits: PerftLimits): PerftPoll | undefined {
    const deadline = perftDeadline(limits);
    const stop = limits.stop;
    if (deadline === Infinity && !stop) return undefined;
    return { poll: () => (stop !== undefined && Atomics.load(stop, 0) !== 0) || performance.now() > deadline };
  }

  /**
   * Runs a perft-like count `what` with `poll`: a poll that says stop unwinds the position to where it
   * was and throws LatticeError 'stopped' (as the lattice games' perft does).
   */
  private polled<T>(what: string, _poll: PerftPoll | undefined, run: () => T): T {
    const ply0 = this.pos.ply,
      t0 = performance.now();
    try {
      return run();
    } catch (err) {
      if (!(err instanceof PerftStopped)) throw err;
      while (this.pos.ply > ply0) this.pos.unmake();
      throw new LatticeError('stopped', `${what} stopped after ${Math.round(performance.now() - t0)} ms`);
    }
  }

  /**
   * Perft: leaves at `depth` (finished games have no children; repetition ignored). Limits as the
   * lattice games' (src/contract/limits.ts PerftLimits): `movetime` ms and a `stop` flag end the run with
   * LatticeError 'stopped'; `onProgress` gets each root move's count when depth >= 2.
   */
  perft(depth: number, limits: PerftLimits = {}): number {
    this.enter('perft');
    this.checkDepth(depth);
    const poll = this.perftPoll(limits);
    const onProgress = limits.onProgress;
    return this.exclusive('perft', () =>
      this.polled(`perft ${depth}`, poll, () => {
        if (onProgress && depth >= 2)
          return Object.values(this.rootCounts(depth, onProgress, poll)).reduce((a, b) => a + b, 0);
        return perft(this.pos, this.gen, depth, 1, poll);
      }),
    );
  }

  /**
   * Perft per root move: move text -> leaves below it at depth - 1; each reported to `limits.onProgress`; limits as
   * perft().
   */
  divide(depth: number, limits: PerftLimits = {}): Record<string, number> {
    this.enter('divide');
    this.checkDepth(depth);
    if (depth < 1) throw new ArgumentError('divide needs depth >= 1');
    const poll = this.perftPoll(limits);
    return this.exclusive('divide', () =>
      this.polled(`divide ${depth}`, poll, () => this.rootCounts(depth, limits.onProgress, poll)),
    );
  }

  /** The counts of divide() (depth >= 1), each root move reported to `onProgress`; `poll` is asked before each. */
  private rootCounts(
    depth: number,
    onProgress: PerftLimits['onProgress'],
    poll: PerftPoll | undefined,
  ): Record<string, number> {
    const out: Record<string, number> = {};
    const moves = this.generated();
    let done = 0;
    for (const [lo, hi, text] of moves) {
      if (poll?.poll()) throw new PerftStopped();
      this.pos.make(lo, hi);
      out[text] = perft(this.pos, this.gen, depth - 1, 1, poll);
      this.pos.unmake();
      if (onProgress)
        callSync('onProgress', onProgress, { done: ++done, total: moves.length, move: text, nodes: out[text] });
    }
    return out;
  }

  /**
   * Alpha-beta search (search.ts) of the current position within the shared limits (src/contract/limits.ts:
   * `search({})` searches DEFAULT_MAKA_SEARCH_DEPTH = 4 plies; with only nodes, movetime or stop, until
   * one stops it, up to MAX_SEARCH_DEPTH). Throws ArgumentError for bad limits or an unknown key. The
   * position is unchanged afterwards.
   */
  search(limits: MakaSearchOptions = {}): MakaSearchReport {
    this.enter('search');
    const { depth, nodes, movetime } = checkSearchLimits(limits, DEFAULT_MAKA_SEARCH_DEPTH);
    const over = this.result();
    if (over) {
      const mover = this.sideToMove();
      const score = over.winner === 'draw' ? 0 : over.winner === mover ? MATE : -MATE;
      const mateIn = over.winner === 'draw' ? null : 0;
      return { bestmove: null, move: null, score, mateIn, depth: 0, nodes: 0, ms: 0, pv: [], line: [] };
    }
    const pvText = (moves: [number, number][]): string[] => {
      const out: string[] = [];
      for (const [lo, hi] of moves) {
        out.push(formatMove(this.pos.board, lo, hi, this.tables.convertChooser[this.pos.board[lo & 1023]!] === 1));
        this.pos.make(lo, hi);
      }
      for (let i = 0; i < moves.length; i++) this.pos.unmake();
      return out;
    };
    const mateOf = (score: number) => mateIn(score, MATE);
    const onIteration = limits.onIteration;
    const searcher = this.searcher;
    const r = this.exclusive('search', () =>
      searcher.search({
        depth,
        nodes,
        movetime,
        stop: limits.stop,
        onDepth: onIteration
          ? (d) =>
              callSync('onIteration', onIteration, {
                score: d.score,
                mateIn: mateOf(d.score),
                depth: d.depth,
                nodes: d.nodes,
                ms: d.ms,
                pv: pvText(d.pv),
              })
          : undefined,
      }),
    );
    const pv = pvText(r.pv);
    const bestmove = r.best
      ? formatMove(
          this.pos.board,
          r.best[0],
          r.best[1],
          this.tables.convertChooser[this.pos.board[r.best[0] & 1023]!] === 1,
        )
      : null;
    const move = bestmove === null ? null : makaMoveValue(bestmove);
    const line = pv.map(makaMoveValue);
    return {
      bestmove,
      move,
      score: r.score,
      mateIn: mateOf(r.score),
      depth: r.depth,
      nodes: r.nodes,
      ms: r.ms,
      pv,
      line,
    };
  }

  /** Static material evaluation from the side to move's view (centipawns). */
  evaluate(): number {
    this.enter('evaluate', true);
    return this.searcher.evaluate();
  }

  /** Internal position (for tests and the search). */
  get internal(): { pos: Position; gen: MoveGen } {
    return { pos: this.pos, gen: this.gen };
  }
}
