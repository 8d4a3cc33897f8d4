/**
 * What the page needs of a game, for every family, through the family contract of src/engine.ts only
 * (createGame, AnyGame.describe(), moves(), along()), never from a variant or family id: the board's
 * geometry (points joined by lines, or a grid of squares) and the pieces on it, each side's counts,
 * and each legal move as the cells a player clicks. A family or variant added to the engine appears
 * here with no code of its own.
 */
import {
  createGame,
  listVariants,
  type AnyGame,
  type CounterDescription,
  type MoveValue,
  type PieceDescription,
  type PointMark,
  type SideDescription,
  type VariantListing,
} from '../engine.js';
import { ArgumentError } from '../contract/errors.js';

/** One place a piece can stand: a point of a lattice board or a square of a square board. */
export interface Cell {
  /** Index in `Geometry.cells` (and in `PositionView.pieces`). */
  index: number;
  /** Its name in move text, e.g. `c3`. */
  name: string;
  /** File from the left, 0-based (grid units). */
  x: number;
  /** Rank from the bottom, 0-based (grid units). */
  y: number;
}

/**
 * The drawing data of a board (describe().board, its points indexed). `kind: 'points'`: pieces stand
 * on points joined by `lines` (each a list of cell indices along one straight line); `kind: 'squares'`:
 * pieces stand in the squares of a `width` x `height` grid and `lines` is empty.
 */
export interface Geometry {
  kind: 'points' | 'squares';
  width: number;
  height: number;
  cells: Cell[];
  lines: number[][];
}

/** A piece (or a stack of pieces) on a cell, as describe() gives it (src/engine.ts PieceDescription). */
export type PieceView = PieceDescription;

/** One side's names and counts in a position (src/engine.ts SideDescription). */
export type SideView = SideDescription;

/**
 * A position drawn: the piece on each cell (null = empty), the side to move, both sides' counts, the
 * counters the rules keep with their limits, and the cells the rules mark (`point`: a cell index), each
 * as describe() gives them (src/contract/types.ts CounterDescription, PointMark).
 */
export interface PositionView {
  pieces: (PieceView | null)[];
  toMove: 0 | 1;
  sides: [SideView, SideView];
  counters: CounterDescription[];
  marks: PointMark[];
}

/**
 * A legal move as the player enters it on the board: `path` = the cell indices clicked in order (its
 * moves() path: a placement one cell, a step from and to, a multi-jump the start and each landing, a
 * move taking pieces it passes the origin, each square passed with a capture and the destination),
 * `suffix` = what a choice adds after the path (the move's `choice`, e.g. a promotion `+`; '' for none).
 */
export interface MovePath {
  text: string;
  path: number[];
  suffix: string;
}

/**
 * Where a path of clicks stands (PageGame.along): the move it completes (canonical text, or null), and whether it may
 * go on.
 */
export interface Along {
  move: string | null;
  more: boolean;
}

/** The game itself as the page drives it (any family's AnyGame). */
export type PageEngine = Pick<
  AnyGame,
  'legalMoves' | 'play' | 'undo' | 'position' | 'setPosition' | 'result' | 'dispose'
>;

/** A game on the page: the engine of the rules plus what is needed to draw it and click moves. */
export interface PageGame {
  variant: VariantListing;
  /** Resolved option values as given (the defaults left out are filled in by the game). */
  options: Record<string, string>;
  engine: PageEngine;
  geometry: Geometry;
  /** Label kinds the pieces can be shown with (describe().labels, e.g. kanji and codes); none: letters only. */
  labels: readonly string[];
  /** The start position of this game (the variant's start, or an imported position). */
  start: string;
  /** True when perft and divide take a `movetime` limit. */
  perftTakesLimits: boolean;
  /** The position drawn from a position string of this game (describe(position)); throws ParseError for a bad one. */
  view(position: string): PositionView;
  /** Each legal move of the current position with its click path (its moves() path) and choice. */
  movePaths(): MovePath[];
  /**
   * For games whose captures have many paths (AnyGame.along; absent otherwise, and click entry lists
   * movePaths()): where a path of clicked cells stands among the legal moves: null if no legal move goes
   * along it; else `move`, the canonical text of the legal move it completes (or null), and `more`,
   * whether a legal capture from its start may go on past it. Any path of a multi-jump is followed. A
   * single cell: its placement (or null), and `more` when a piece there has a legal move.
   */
  along?(prefix: number[]): Along | null;
  /** A legal move's text (for the move box's placeholder), or null when there is none. */
  example(): string | null;
  /**
   * Plays `move` on the engine and keeps the cells of the move played, for pathOf: `path` when the page
   * knows them (the cells clicked), else the move's own path: a value's `path` (the engine's move, as the
   * worker's search gave it: played as the value, no text parsed), or for a text the moves() path of the
   * legal move it names. Throws as the engine's play (ParseError, IllegalMoveError, ArgumentError for a
   * malformed value): nothing changes then.
   */
  play(move: string | MoveValue, path?: number[]): void;
  /**
   * The cells of a move given as text, without parsing it: the path kept when the page played it into
   * the current position (the last move), else the moves() path of the current position's legal move
   * with that text (the analysis' best move); none for another text.
   */
  pathOf(text: string): number[];
}

/** Every variant the page offers, in `lattice variants` order (from the engine's registry). */
export function variantList(): VariantListing[] {
  return listVariants();
}

/**
 * Creates the page's game of `variantId` with option values `options` (strings, as from a form or a
 * URL) and, if given, a start `position`. Rejects with UnknownVariantError, OptionError or ParseError
 * (from the engine, with messages naming what is wrong).
 */
export async function createPageGame(
  variantId: string,
  options: Record<string, string>,
  position?: string,
): Promise<PageGame> {
  const game = await createGame(variantId, { options, ...(position === undefined ? {} : { position }) });
  const variant = variantList().find((v) => v.id === variantId)!;
  const described = game.describe();
  const board = described.board;
  const cells = board.points.map((p, index): Cell => ({ index, name: p.name, x: p.x, y: p.y }));
  const geometry: Geometry = {
    kind: board.kind,
    width: board.width,
    height: board.height,
    cells,
    lines: board.lines.map((l) => [...l]),
  };
  const byName = new Map(cells.map((c) => [c.name, c.index]));
  const cellsOf = (names: readonly string[]): number[] =>
    names.map((n) => {
      const i = byName.get(n);
      if (i === undefined) throw new Error(`the game named a point its board does not have: ${n}`);
      return i;
    });
  const view = lastOne((text: string): PositionView => {
    const d = game.describe(text);
    return { pieces: d.pieces, toMove: d.toMove, sides: d.sides, counters: d.counters, marks: d.marks };
  });
  // the cells of the moves played, by the position they led to and their text as played
  const played = new Map<string, number[]>();
  const playedKey = (after: string, text: string) => `${after}\n${text}`;
  // the moves() paths looked up in one position (the analysis asks for its best move at every drawing)
  let lookedUpIn: string | null = null;
  const lookedUp = new Map<string, number[]>();
  const along = game.along?.bind(game);
  return {
    variant,
    options,
    engine: game,
    geometry,
    labels: described.labels,
    start: game.position(),
    perftTakesLimits: takesPerftLimits(game),
    view,
    movePaths: () => game.moves().map((m) => ({ text: m.text, path: cellsOf(m.path), suffix: m.choice ?? '' })),
    ...(along ? { along: (prefix: number[]) => along(prefix.map((i) => cells[i]!.name)) } : {}),
    example: () => game.moves()[0]?.text ?? null,
    play(move: string | MoveValue, path?: number[]): void {
      if (typeof move !== 'string') {
        const cells = path ?? cellsOf(move.path);
        game.play(move);
        played.set(playedKey(game.position(), move.text), cells);
        return;
      }
      const listed = path ? null : game.moves(); // the legal moves of the position it is played in
      game.play(move);
      const text = game.history().at(-1); // the text the engine gives the move played
      const m = listed?.find((x) => x.text === text);
      const cells = path ?? (m ? cellsOf(m.path) : null);
      if (cells) played.set(playedKey(game.position(), move), cells);
    },
    pathOf(text: string): number[] {
      const here = game.position();
      const kept = played.get(playedKey(here, text));
      if (kept) return kept;
      if (lookedUpIn !== here) {
        lookedUpIn = here;
        lookedUp.clear();
      }
      let cells = lookedUp.get(text);
      if (!cells) {
        const m = game.moves().find((x) => x.text === text);
        cells = m ? cellsOf(m.path) : [];
        lookedUp.set(text, cells);
      }
      return cells;
    },
  };
}

/**
 * True when the game's perft and divide take a `movetime` limit: asked of the game itself (a perft of
 * depth 0 with one costs nothing; a family whose perft takes no such limit refuses it with ArgumentError).
 */
function takesPerftLimits(game: AnyGame): boolean {
  try {
    game.perft(0, { movetime: 60_000 });
    return true;
  } catch (e) {
    if (e instanceof ArgumentError) return false;
    throw e;
  }
}

/** `f` remembering its last answer: the page draws one position many times (a view is not modified). */
function lastOne<T>(f: (text: string) => T): (text: string) => T {
  let key: string | undefined, value: T;
  return (text) => {
    if (text !== key) {
      value = f(text);
      key = text;
    }
    return value;
  };
}

/**
 * A move offered in a choice between moves sharing one click path (its `choice`, e.g. a promotion `+`
 * or a conversion `=T`, `=B`, or none), for people: `promote (+): <text>`; a choice without words here
 * shows as itself.
 */
export function choiceText(m: MovePath): string {
  const words: Record<string, string> = {
    '': 'no promotion',
    '+': 'promote (+)',
    '=T': 'Teaching King (=T)',
    '=B': 'Buddhist Spirit (=B)',
  };
  return `${words[m.suffix] ?? m.suffix}: ${m.text}`;
}
