/**
 * The family contract (types only): what every family of games implements (src/engine.ts keeps the
 * registry and re-exports these). A module of types below every family and every game, so that Game and
 * MakaGame implement AnyGame and the families declare themselves without importing the registry.
 */
import type { GameResult } from './result.js';
import type { PerftLimits, SearchInfo, SearchLimits } from './limits.js';
import type { MoveInput, MoveValue } from '../contract/moves.js';

/**
 * A search report shared by every family: the best move as text (`bestmove`) and as a value (`move`: a plain
 * MoveValue as the family's moves() gives it, playable by play(); null when the side to move has no move), the
 * principal variation as texts (`pv`) and as values (`line`, each in the position the moves before it reach).
 * Plain data: it crosses to and from a worker as it is.
 */
export interface AnySearchResult extends SearchInfo {
  bestmove: string | null;
  move: MoveValue | null;
  line: MoveValue[];
}
/**
 * The end of a game of any variant: the one result shape, `{ winner, winnerName, reason }`
 * (src/contract/result.ts: winner 'prey' | 'hunters' | 'black' | 'white' | 'draw').
 */
export type AnyResult = GameResult;

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

/** The outcome of solve(): the game value for the side to move, or 'unknown' at the node limit. */
export interface SolveReport {
  value: 'win' | 'draw' | 'loss' | 'unknown';
  nodes: number;
  ms: number;
}

/**
 * A board as a UI draws it. `kind: 'points'`: pieces stand on points joined by `lines` (each a list of
 * point indices along one straight line); `kind: 'squares'`: pieces stand in the squares of a `width` x
 * `height` grid and `lines` is empty. Each point has its name in move text and its place on the grid
 * (x: file from the left, y: rank from the bottom, both 0-based).
 */
export interface BoardDescription {
  kind: 'points' | 'squares';
  width: number;
  height: number;
  points: Array<{ name: string; x: number; y: number }>;
  lines: number[][];
}

/** A piece (or a stack of pieces) on a point, as describe() reports it. */
export interface PieceDescription {
  /** 0 = the side listed first (prey, Black), 1 = the other. */
  side: 0 | 1;
  /** Short label: the side's piece letter (`T`), or a piece code (`DE`, `+DE`). */
  label: string;
  /** The kanji of the piece (its promoted form's when promoted), for families that have them. */
  kanji?: string;
  /** Pieces on the point (a stack when > 1). */
  count: number;
  /** A promoted piece or a king (draughts). */
  promoted: boolean;
  /** Full name for a tooltip, e.g. `goat`, `Black Drunk Elephant`. */
  title: string;
}

/** One side in a position: its names and letter, pieces on the board (stacks counted), in hand, captured. */
export interface SideDescription {
  name: string;
  plural: string;
  letter: string;
  onBoard: number;
  hand: number;
  captured: number;
}

/**
 * A count the rules keep in the position, with the limit at which it ends the game (a game shows it
 * with its limit): e.g. Catch the Giant's stall count under `stall-limit=N` (RULES.md §3) and Permainan
 * Tabal's move clock under `move-limit=N` (§4). `value` is 0..`limit`.
 */
export interface CounterDescription {
  /** Its item in the position text (`stall`, `clock`): a key for code and tests. */
  name: string;
  /** What it counts, for people: `dwarf moves in a row that gained no rank`. */
  label: string;
  value: number;
  limit: number;
  /** What happens when it reaches `limit`, for people: `the giants win`, `a draw`. */
  atLimit: string;
}

/**
 * A point the rules single out in the position, with why: e.g. the point a no-same-twice side stepped
 * to on its previous turn (RULES.md §2, the position text's `last=`), whose piece may not move this turn.
 */
export interface PointMark {
  /** Index into `board.points`. */
  point: number;
  /**
   * What it is, as a key for code and styles: `may-not-move` (its piece may not move on this turn of
   * its side), `may-not-move-next` (the other side is to move; the piece may not move on its side's
   * next turn).
   */
  kind: 'may-not-move' | 'may-not-move-next';
  /** Why, for people, naming the rule and its source. */
  reason: string;
}

/**
 * What a board UI needs of a game in one position (AnyGame.describe): the board, the piece on each
 * point (null = empty), the side to move, both sides, the label kinds the family offers for its
 * pieces (empty: letters only), and the state the rules keep beyond the pieces: the counters with
 * their limits and the points the rules mark (both empty when the game keeps none).
 */
export interface GameDescription {
  variant: string;
  board: BoardDescription;
  pieces: Array<PieceDescription | null>;
  toMove: 0 | 1;
  sides: [SideDescription, SideDescription];
  labels: readonly string[];
  counters: CounterDescription[];
  marks: PointMark[];
}

/**
 * What every game offers, whatever its family (Game and MakaGame implement it directly; see each for
 * the rules it follows). Moves are values (`moves()`) and texts (`legalMoves()`); `play` takes either.
 * `search` and `perft` take the shared limits of src/contract/limits.ts, with the same meaning in every family.
 */
export interface AnyGame {
  readonly variantId: string;
  legalMoves(): string[];
  moves(): MoveValue[];
  play(move: string | MoveInput): void;
  undo(): string;
  history(): string[];
  position(): string;
  setPosition(p: string): void;
  result(): AnyResult | null;
  /** Frees the game's core instance or tables; later calls throw LatticeError code 'disposed'. */
  dispose(): void;
  perft(depth: number, limits?: PerftLimits): number;
  divide(depth: number, limits?: PerftLimits): Record<string, number>;
  search(limits?: SearchLimits): AnySearchResult;
  /** The board as text; `labels` is one of describe().labels (families without label kinds ignore it). */
  boardText(labels?: string): string;
  /** The name of the side to move ('goat', 'tiger', 'Black', 'White'). */
  moverName(): string;
  /**
   * The position (the current one, or `position` given as a string: ParseError if bad, PositionError if it cannot
   * arise) for a board UI.
   */
  describe(position?: string): GameDescription;
  /**
   * Families whose captures have many paths (the lattice games) say where a path of clicked points
   * stands: the move it completes (its text, or null) and whether a capture may go on; null if no legal
   * move goes along it. Others enter moves by their `path` (moves()).
   */
  along?(points: readonly string[]): { move: string | null; more: boolean } | null;
  /**
   * The games of a family with tablebases (Family.tablebases: the lattice games) implement it: the
   * verdict of the tables loaded by createGame's `tbDir` for the current position, or null when they do
   * not cover it (or none are loaded).
   */
  probe?(): TablebaseProbe | null;
  /**
   * The games of a family with tablebases implement it: proves the value of the current position for
   * the side to move by a forward search down to the tables loaded by `tbDir` ('unknown' when
   * `nodeLimit` nodes per proof are reached; 0 or none: no limit).
   */
  solve?(opts?: { nodeLimit?: number; onProgress?: (nodes: number) => void }): SolveReport;
}

/**
 * Options of createGame (unknown keys are refused with ArgumentError). `tbDir` applies to the families
 * with tablebases (the lattice games with Bagh Chal's rule profile: others refuse it with OptionError or
 * TablebaseError); `hashMb` (1..512 MiB) to every variant.
 */
export interface AnyGameOptions {
  options?: Record<string, string | number>;
  position?: string;
  hashMb?: number;
  tbDir?: string;
}

/** One variant as `lattice variants` lists it: id, name, rule source, start position and options. */
export interface VariantListing {
  id: string;
  name: string;
  source: string;
  start: string;
  options: Array<{
    name: string;
    type: string;
    default: string | number;
    values?: readonly string[];
    min?: number;
    max?: number;
    source: string;
    description: string;
  }>;
}

/**
 * A family: the contract each implements (src/lattice/family.ts for the lattice games,
 * src/maka/family.ts for Maka Dai Dai Shogi).
 */
export interface Family {
  /** The family's name ('lattice', 'maka'). */
  readonly name: string;
  /** The class of its games, for messages ('Game', 'MakaGame'). */
  readonly gameClass: string;
  /** The variant ids it plays, in listing order. */
  ids(): readonly string[];
  /** Its variants as `lattice variants` lists them. */
  list(): VariantListing[];
  /** Label kinds of its pieces for boardText/describe (`['kanji', 'codes']`), or none. */
  readonly labels: readonly string[];
  /** True if its games take `tbDir` (tablebases) and implement AnyGame.probe() and AnyGame.solve(). */
  readonly tablebases: boolean;
  /**
   * Checks what can be known of createGame's arguments before creating (the variant's options; the
   * generic checks have run). Throws OptionError or ArgumentError.
   */
  checkArgs(id: string, opts: AnyGameOptions): void;
  /** Creates a game of one of its variants (arguments checked). Rejects as the family's create. */
  create(id: string, opts: AnyGameOptions): Promise<AnyGame>;
}
