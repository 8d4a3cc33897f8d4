/**
 * What the page needs of a game, for every family, read from the game's own data and never from a
 * variant id: the board's geometry (points and lines of a lattice board, or the squares of Maka Dai
 * Dai Shogi), the pieces on it, each side's hand and captures, and each legal move as the sequence of
 * points a player clicks. A variant added to src/variants appears here with no code of its own: its
 * board comes from `variant.board(options)`, its pieces from `variant.sides`.
 */
import { Game } from '../game.js';
import { MakaGame } from '../maka/game.js';
import { VARIANTS } from '../variants/index.js';
import { listVariants, type AnyGame, type VariantListing } from '../engine.js';
import { MAKA_ID } from '../maka/options.js';
import { parsePositionText, parseMoveText } from '../position-text.js';
import { parsePosition, parseMove } from '../maka/sfen.js';
import { PIECES } from '../maka/pieces.js';
import { SIZE, colourOf, isPromoted, typeOf, fileOf, rankOf } from '../maka/position.js';

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
 * The drawing data of a board. `kind: 'points'`: pieces stand on points joined by `lines` (each a list
 * of cell indices along one straight line); `kind: 'squares'`: pieces stand in the squares of a
 * `width` x `height` grid and `lines` is empty.
 */
export interface Geometry { kind: 'points' | 'squares'; width: number; height: number; cells: Cell[]; lines: number[][] }

/** A piece (or a stack of pieces) on a cell. */
export interface PieceView {
  /** 0 = the side that is listed first (prey, Black), 1 = the other. */
  side: 0 | 1;
  /** Short label: a piece letter (`T`), a Maka code (`DE`, `+DE`). */
  label: string;
  /** Maka: the kanji of the piece (its promoted form's when promoted); else absent. */
  kanji?: string;
  /** Pieces on the cell (a stack when > 1). */
  count: number;
  /** A promoted piece (Maka) or a king (draughts). */
  promoted: boolean;
  /** Full name for a tooltip, e.g. `goat`, `Drunk Elephant (promoted: Prince)`. */
  title: string;
}

/** One side's names and counts in a position: pieces on the board (stacks counted), in hand, captured. */
export interface SideView { name: string; plural: string; letter: string; onBoard: number; hand: number; captured: number }

/** A position drawn: the piece on each cell (null = empty), the side to move, both sides' counts. */
export interface PositionView { pieces: (PieceView | null)[]; toMove: 0 | 1; sides: [SideView, SideView] }

/**
 * A legal move as the player enters it on the board: `path` = the cell indices clicked in order (a
 * placement one cell, a step from and to, a multi-jump the start and each landing; Maka: the origin,
 * each square passed with a capture, the destination), `suffix` = what a choice adds after the path
 * (Maka `+`, `=T`, `=B`: promotion or conversion; '' otherwise).
 */
export interface MovePath { text: string; path: number[]; suffix: string }

/** Where a path of clicks stands (PageGame.along): the move it completes (canonical text, or null), and whether it may go on. */
export interface Along { move: string | null; more: boolean }

/** The game itself as the page drives it (Game or MakaGame). */
export type PageEngine = Pick<AnyGame, 'legalMoves' | 'play' | 'undo' | 'position' | 'setPosition' | 'result' | 'dispose'>;

/** A game on the page: the engine of the rules plus what is needed to draw it and click moves. */
export interface PageGame {
  variant: VariantListing;
  /** Resolved option values as given (the defaults left out are filled in by the game). */
  options: Record<string, string>;
  engine: PageEngine;
  geometry: Geometry;
  /** The start position of this game (the variant's start, or an imported position). */
  start: string;
  /** True when perft and divide take a `movetime` limit. */
  perftTakesLimits: boolean;
  /** The position drawn from a position string of this game; throws ParseError for a bad one. */
  view(position: string): PositionView;
  /**
   * Each legal move of the current position with its click paths, all with the move's canonical text.
   * Maka: every path of every move. Lattice family: the canonical path of each move and, when its text
   * is the short form `a1xc3`, its full path (Game.legalMoveTexts); its other paths (a loop of jumps
   * taken the other way round) are not listed: the page enters them through `along`.
   */
  movePaths(): MovePath[];
  /**
   * Lattice family only (absent for Maka, whose click entry lists movePaths()): where a path of clicked
   * cells stands among the legal moves, as Game.along answers for their points: null if no legal move
   * goes along it; else `move`, the canonical text of the legal move it completes (or null), and `more`,
   * whether a legal capture from its start may go on past it. Any path of a multi-jump is followed. A
   * single cell: its placement (or null), and `more` when a piece there has a legal move.
   */
  along?(prefix: number[]): Along | null;
  /** A legal move's text (for the move box's placeholder), or null when there is none. */
  example(): string | null;
  /** The cells of a move given as text (its path as written), without listing the legal moves. */
  pathOf(text: string): number[];
}

/** Every variant the page offers, in `lattice variants` order (from the engine's registry). */
export function variantList(): VariantListing[] { return listVariants(); }

/**
 * Creates the page's game of `variantId` with option values `options` (strings, as from a form or a
 * URL) and, if given, a start `position`. Rejects with UnknownVariantError, OptionError or ParseError
 * (from the engine, with messages naming what is wrong).
 */
export async function createPageGame(variantId: string, options: Record<string, string>, position?: string): Promise<PageGame> {
  const variant = variantList().find((v) => v.id === variantId);
  if (!variant) throw new Error(`unknown variant "${variantId}" (known: ${variantList().map((v) => v.id).join(', ')})`);
  if (VARIANTS.has(variantId)) return huntGame(variant, options, position);
  if (variantId === MAKA_ID) return makaGame(variant, options, position);
  throw new Error(`the page has no drawing for the family of ${variantId}`);
}

async function huntGame(variant: VariantListing, options: Record<string, string>, position?: string): Promise<PageGame> {
  const game = await Game.create(variant.id, { options, ...(position === undefined ? {} : { position }) });
  const board = game.board;
  const geometry: Geometry = {
    kind: 'points', width: board.width, height: board.height,
    cells: board.points.map((p) => ({ index: p.index, name: p.name, x: p.x, y: p.y })),
    lines: board.lines.map((l) => [...l]),
  };
  const sides = game.variant.sides;
  const view = lastOne((text: string): PositionView => {
    const s = parsePositionText(game.notation, text, { reachable: false });
    const pieces = board.points.map((_, i): PieceView | null => {
      const o = s.owner[i]!;
      if (o < 0) return null;
      const d = sides[o]!;
      const king = s.king?.[i] === 1;
      return { side: o as 0 | 1, label: d.letter, count: s.count[i]!, promoted: king, title: king ? `${d.name} (king)` : d.name };
    });
    const onBoard = (i: number) => pieces.reduce((n, p) => n + (p?.side === i ? p.count : 0), 0);
    const sv = (i: 0 | 1): SideView => ({ name: sides[i].name, plural: sides[i].plural, letter: sides[i].letter, onBoard: onBoard(i), hand: s.hand[i], captured: s.captured[i] });
    return { pieces, toMove: s.side, sides: [sv(0), sv(1)] };
  });
  const pathOf = (text: string) => parseMoveText(board, text).points;
  // the engine's own texts (`c3`, `a1-b2`, `a1xc3xe5`) are split as they are, with no checks (thousands of them)
  const pathOfListed = (text: string) => text.split(text.includes('-') ? '-' : 'x').map((n) => board.index(n));
  return {
    variant, options, engine: game, geometry, start: game.position(), perftTakesLimits: true, view, pathOf,
    movePaths: () => game.legalMoveTexts().flatMap((texts) => texts.map((t) => ({ text: texts[0]!, path: pathOfListed(t), suffix: '' }))),
    along: (prefix) => game.along(prefix.map((i) => board.points[i]!.name)),
    example: () => game.moves()[0]?.text ?? null,
  };
}

async function makaGame(variant: VariantListing, options: Record<string, string>, position?: string): Promise<PageGame> {
  const game = MakaGame.create({ options, ...(position === undefined ? {} : { position }) });
  const cells: Cell[] = [];
  for (let r = 0; r < SIZE; r++) for (let f = 0; f < SIZE; f++) cells.push({ index: r * SIZE + f, name: 'abcdefghijklmnopqrs'[f]! + (r + 1), x: f, y: r });
  const geometry: Geometry = { kind: 'squares', width: SIZE, height: SIZE, cells, lines: [] };
  const cellOf = (sq: number) => rankOf(sq) * SIZE + fileOf(sq);
  const names = ['Black', 'White'] as const;
  const view = lastOne((text: string): PositionView => {
    const s = parsePosition(text);
    const pieces = Array.from(s.cells, (p): PieceView | null => {
      if (p === 0) return null;
      const t = PIECES[typeOf(p)]!;
      const promoted = isPromoted(p) && t.promoted !== null;
      const side = colourOf(p) as 0 | 1;
      return {
        side, label: (promoted ? '+' : '') + t.code, kanji: promoted ? t.promoted!.kanji : t.kanji, count: 1, promoted,
        title: `${names[side]} ${promoted ? `${t.promoted!.name} (promoted ${t.name})` : t.name}`,
      };
    });
    const onBoard = (i: number) => pieces.filter((p) => p?.side === i).length;
    const sv = (i: 0 | 1): SideView => ({ name: names[i], plural: names[i], letter: i === 0 ? 'b' : 'w', onBoard: onBoard(i), hand: 0, captured: 0 });
    return { pieces, toMove: s.side === 0 ? 0 : 1, sides: [sv(0), sv(1)] };
  });
  const pathOf = (text: string) => { const m = parseMove(text); return [m.from, ...m.captures, m.to].map(cellOf); };
  return {
    variant, options, engine: game, geometry, start: game.position(), perftTakesLimits: false, view, pathOf,
    movePaths: () => game.legalMoves().map((text) => ({ text, path: pathOf(text), suffix: parseMove(text).suffix })),
    example: () => game.legalMoves()[0] ?? null,
  };
}

/** `f` remembering its last answer: the page draws one position many times (a view is not modified). */
function lastOne<T>(f: (text: string) => T): (text: string) => T {
  let key: string | undefined, value: T;
  return (text) => {
    if (text !== key) { value = f(text); key = text; }
    return value;
  };
}

/** Words for a result's reason (src/result.ts ResultReason), for people. */
export const REASON_WORDS: Readonly<Record<string, string>> = {
  captures: 'the capture target was reached',
  'no-moves': 'the side to move had no legal move',
  escape: 'every dwarf stands above the giant',
  'stall-limit': 'the stall limit was reached',
  repetition: 'the position was repeated',
  royals: 'a side has no royal piece left',
};

/**
 * A move offered in a choice between moves sharing one click path (Maka's promotion or conversion
 * suffix: `+`, `=T`, `=B`, or none), for people: `promote (+): <text>`.
 */
export function choiceText(m: MovePath): string {
  const words: Record<string, string> = { '': 'no promotion', '+': 'promote (+)', '=T': 'Teaching King (=T)', '=B': 'Buddhist Spirit (=B)' };
  return `${words[m.suffix] ?? m.suffix}: ${m.text}`;
}
