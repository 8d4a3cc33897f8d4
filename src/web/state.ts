/**
 * The page's state (`ui`: the game shown, its move line, the position read, the settings and what the
 * engine reported) and the changes of game and position: a new game, a move played, a ply gone to.
 * The drawing (view.ts) and the engine's turn (engine-jobs.ts) are set here by main.ts (setRenderer,
 * setOnPosition), so that nothing here imports them.
 */
import type { AnyResult } from '../engine.js';
import type { SearchInfo } from '../contract/limits.js';
import { createPageGame, variantList, type MovePath, type PageGame, type PositionView } from './families.js';
import { ClickInput, MoveLine, clickInput, specToQuery, type GameSpec, type Player } from './session.js';
import { EngineQueue } from './engine-queue.js';
import type { EngineReport } from './words.js';

/** How the engine's move is limited: by time (ms) or by depth (plies). */
export type Limit = 'movetime' | 'depth';

/** The position shown, read once per change of position (a render reads it many times). */
export interface Here {
  position: string;
  view: PositionView;
  result: AnyResult | null;
}

/** Everything the page shows and remembers (one object, read by the drawing). */
export interface Ui {
  pg: PageGame | null;
  line: MoveLine | null;
  here: Here | null;
  /** Move entry by clicks: made on first need (see clicks()), null until then. */
  input: ClickInput | null;
  /** A legal move's text for the move box's placeholder (found with `input`). */
  example: string | null;
  /** Cells of the move that led to the position shown. */
  lastCells: number[];
  choice: MovePath[] | null;
  players: [Player, Player];
  limit: Limit;
  limitValue: number;
  /** Engine v engine: pause between moves, ms. */
  pause: number;
  flipped: boolean;
  /** The label kind the pieces are shown with (one of PageGame.labels; '' before a game with label kinds). */
  labels: string;
  /** Form of the new-game panel: variant and option values. */
  formVariant: string;
  formOptions: Record<string, string>;
  analysing: boolean;
  iterations: SearchInfo[];
  /**
   * The epoch (epoch()) in which the engine's move was asked for, while it is searching; the engine
   * thinks about the position shown only while this is the current epoch (thinking()), so that a change
   * of position or players ends it on the page at once, whatever the worker is still doing.
   */
  searching: number | null;
  /** What the engine last reported of its move (the status line says it while its position is shown). */
  report: EngineReport | null;
  /** The perft depth as typed (checked when perft runs). */
  perftDepth: string;
  perftOut: string;
  perftRunning: boolean;
  /** The position (positionKey()) the perft output, or the perft running, is of. */
  perftAt: string | null;
  /** The server's tablebase (`lattice serve --tb-dir`): whether there is one, and its verdict here. */
  tablebase: boolean;
  verdict: string;
  /** Why the tablebase gives no verdict here (no tables for this game, a position outside them), or ''. */
  verdictNote: string;
  /**
   * The errors of an action, each beside what it is about. Each goes when a later action succeeds: every
   * change of position (a move played by anyone, a ply gone to, a game or list loaded, a player changed:
   * positionChanged) clears them all but those of that action itself.
   */
  errors: Partial<Record<'game' | 'move' | 'position' | 'moves' | 'perft' | 'engine' | 'tablebase', string>>;
  /**
   * The messages that belong to the game shown, kept until another game is shown (newGame): why the URL
   * gave no game or where its moves stopped (`url`), and an engine that did not start or take the
   * game's position (`worker`).
   */
  gameErrors: Partial<Record<'url' | 'worker', string>>;
  /**
   * Why the last click on the board entered nothing (words.ts clickNote), '' when none; cleared by the next click or
   * position.
   */
  note: string;
  /** The board's zoom: 1 fits the board to the page; above 1 the board is that many times larger and scrolls. */
  zoom: number;
  /** CSS pixels per SVG unit of the board as drawn now (measured after drawing), or null before. */
  boardScale: number | null;
  busy: boolean;
}

/** The page's state. */
export const ui: Ui = {
  pg: null,
  line: null,
  here: null,
  input: null,
  example: null,
  lastCells: [],
  choice: null,
  players: ['human', 'engine'],
  limit: 'movetime',
  limitValue: 500,
  pause: 300,
  flipped: false,
  labels: '',
  formVariant: variantList()[0]!.id,
  formOptions: {},
  analysing: false,
  iterations: [],
  searching: null,
  report: null,
  perftDepth: '3',
  perftOut: '',
  perftRunning: false,
  perftAt: null,
  tablebase: false,
  verdict: '',
  verdictNote: '',
  errors: {},
  gameErrors: {},
  note: '',
  zoom: 1,
  boardScale: null,
  busy: true,
};

/** The zoom steps of the board (ui.zoom): the zoom buttons go from one to the next. */
export const ZOOMS: readonly number[] = [1, 1.5, 2, 3, 4];

/** An error's text for people (an Error's message, else the value as a string). */
export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The engine of the game shown (its worker and its queue of jobs); a worker that does not start or take
 * the game's position is told as long as the game is shown.
 */
export const engine = new EngineQueue(
  (e, starting) => {
    const what = starting ? 'the engine did not start' : 'the engine did not take the position';
    ui.gameErrors.worker = `${what}: ${message(e)}`;
    update();
  },
  () => ui.pg,
);

/** Bumped whenever the position or the players change: a job started before is stale. */
let epochNow = 0;
/** The current epoch: a job compares the one it started in with it to know it is stale. */
export function epoch(): number {
  return epochNow;
}
/** Starts a new epoch: every job started before is stale from now on. */
export function newEpoch(): void {
  epochNow++;
}

/** True while the engine searches for its move in the position shown (see Ui.searching). */
export function thinking(): boolean {
  return ui.searching !== null && ui.searching === epochNow;
}

/** The position shown as the moves that lead to it from the game's start (what perft output is of). */
export function positionKey(): string {
  return ui.line ? ui.line.played().join(' ') : '';
}

/** Newer each time newGame is called: a game created after a later call began is not shown. */
let gameRequest = 0;

/** The start position the game was given (an import or the URL), or undefined for the variant's. */
let startGiven: string | undefined;

let renderer: () => void = () => {};
let onPosition: () => void = () => {};
/** Sets what update() does: draw the page from `ui` (main.ts sets view.ts's). */
export function setRenderer(f: () => void): void {
  renderer = f;
}
/** Sets what starts after each change of position, once drawn: the engine's turn, the tablebase probe (main.ts). */
export function setOnPosition(f: () => void): void {
  onPosition = f;
}

/** Draws the page again from `ui`. */
export function update(): void {
  renderer();
}

/**
 * Shows a new game from `spec` (its moves played, the ply given shown), in place of the game shown. A
 * game that cannot be created leaves the page as it was (board, moves, players, URL) and the promise
 * rejects with why (UnknownVariantError, OptionError, ParseError), for the caller to show beside what
 * asked for it.
 * `fromUrl`: the game is the URL's, and a move of it that does not play stops the list there, said as
 * the URL's (Ui.gameErrors.url, kept while the game is shown). Resolves false, showing nothing, when a
 * later call began before this one's game was made (the last game asked for is the one shown).
 */
export async function newGame(spec: GameSpec, fromUrl = false): Promise<boolean> {
  const my = ++gameRequest;
  // the new-game form as it was asked from: edited while the game loads, it keeps the user's edit
  const formKey = () => JSON.stringify([ui.formVariant, ui.formOptions]);
  const formAsked = formKey();
  let pg: PageGame;
  try {
    pg = await createPageGame(spec.variant, spec.options, spec.position);
  } catch (e) {
    if (my === gameRequest) throw e;
    return false; // a later game was asked for: this one's error is no longer news
  }
  if (my !== gameRequest) {
    pg.engine.dispose();
    return false;
  }
  ui.busy = true;
  engine.stop();
  newEpoch();
  const old = ui.pg;
  old?.engine.dispose();
  ui.pg = pg;
  startGiven = spec.position;
  ui.line = new MoveLine(pg);
  ui.iterations = [];
  ui.report = null;
  ui.perftOut = '';
  ui.perftAt = null;
  ui.choice = null;
  ui.gameErrors = {};
  if (formKey() === formAsked) {
    ui.formVariant = pg.variant.id;
    ui.formOptions = { ...spec.options };
  }
  // a kind chosen stays for the games that have it
  if (pg.labels.length > 0 && !pg.labels.includes(ui.labels)) ui.labels = pg.labels[0]!;
  if (spec.players) ui.players = [...spec.players];
  // the same game from another position keeps its worker (no new thread, no second engine load), unless a perft
  // holds it (a perft cannot be stopped: the worker is ended)
  if (
    old &&
    engine.started &&
    !ui.perftRunning &&
    old.variant.id === pg.variant.id &&
    JSON.stringify(old.options) === JSON.stringify(pg.options)
  )
    engine.reuse(pg);
  else void engine.start(pg);
  ui.perftRunning = false;
  for (const [i, m] of spec.moves.entries()) {
    try {
      ui.line.play(m);
    } catch (e) {
      const where = `move ${i + 1} (${m}): ${message(e)}`;
      ui.gameErrors.url = fromUrl ? `the URL's moves stop at ${where}` : `the moves stop at ${where}`;
      break;
    }
  }
  if (spec.ply !== undefined) ui.line.goTo(spec.ply);
  ui.busy = false;
  positionChanged();
  return true;
}

/**
 * After every change of position or players: the position read, the URL, then the engine's turn. The
 * legal moves are listed only when a person may click here, after the board is drawn (a position can
 * have thousands of multi-jumps: listing them is the page's one costly step). The change is an action
 * that succeeded: the errors shown go, but for `kept` (the errors of this action itself) and the board's
 * note.
 */
export function positionChanged(kept: Ui['errors'] = {}): void {
  newEpoch();
  ui.errors = { ...kept };
  ui.note = '';
  const pg = ui.pg!;
  const position = pg.engine.position();
  ui.here = { position, view: pg.view(position), result: pg.engine.result() };
  ui.input = null;
  ui.example = null;
  ui.lastCells = lastMoveCells();
  ui.choice = null;
  ui.iterations = [];
  ui.verdict = '';
  ui.verdictNote = '';
  history.replaceState(null, '', specToQuery(currentSpec()));
  update();
  onPosition();
  if (mayClick()) {
    const my = epoch();
    const list = () => {
      if (my === epoch() && !ui.input) {
        clicks();
        update();
      }
    };
    if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(list, 0));
    else setTimeout(list, 0);
  }
}

/**
 * Plays `move` (text; `path`: the cells clicked for it, if it was) at the ply shown; false, with the
 * error shown at the move box, if it does not play.
 */
export function playMove(move: string, path?: number[]): boolean {
  try {
    ui.line!.play(move, path);
  } catch (e) {
    ui.errors.move = message(e);
    update();
    return false;
  }
  positionChanged();
  return true;
}

/** Shows the position after `ply` moves (clamped to the line); nothing before a game is shown. */
export function go(ply: number): void {
  if (!ui.line) return;
  ui.line.goTo(ply);
  positionChanged();
}

/** The position shown, as positionChanged read it (a game must be shown). */
export function here(): Here {
  return ui.here!;
}

/** The side to move in the position shown. */
export function toMove(): 0 | 1 {
  return here().view.toMove;
}

/**
 * The click input of the position shown, made the first time: a game with PageGame.along is asked where
 * the clicks stand (any path of a multi-jump, nothing listed); another lists its moves' click paths.
 * Either way the legal moves are generated here (the page's one costly step).
 */
export function clicks(): ClickInput {
  if (!ui.input) {
    const pg = ui.pg!;
    const over = here().result !== null;
    ui.input = over ? new ClickInput([]) : clickInput(pg);
    ui.example = over ? null : pg.example();
  }
  return ui.input;
}

/** True when a click on the board may enter a move: a person's turn, or an earlier position (a branch). */
export function mayClick(): boolean {
  return !here().result && (ui.players[toMove()] === 'human' || ui.line!.ply < ui.line!.moves.length);
}

/** The game shown as a URL holds it (see specToQuery). */
export function currentSpec(): GameSpec {
  const pg = ui.pg!;
  return {
    variant: pg.variant.id,
    options: pg.options,
    ...(startGiven === undefined ? {} : { position: pg.start }),
    moves: ui.line!.moves,
    ply: ui.line!.ply,
    players: ui.players,
  };
}

/** The cells of a move's text (PageGame.pathOf: the last move played, or a legal move here); none for another. */
export function cellsOf(move: string): number[] {
  try {
    return ui.pg!.pathOf(move);
  } catch {
    return [];
  }
}

function lastMoveCells(): number[] {
  const line = ui.line!;
  return line.ply === 0 ? [] : cellsOf(line.moves[line.ply - 1]!);
}
