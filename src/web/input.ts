/**
 * The page's input, apart from the templates that bind it (view.ts): clicks on the board, the keys,
 * the move box, and the forms that load a position, load a move list or start a new game. Each
 * handler changes the state through state.ts and draws the page.
 */
import { variantList } from './families.js';
import {
  ZOOMS,
  clicks,
  go,
  here,
  mayClick,
  message,
  newGame,
  playMove,
  positionChanged,
  toMove,
  ui,
  update,
} from './state.js';
import { clickNote, sideWords } from './words.js';
import { listedMoves } from './session.js';

/**
 * A click (or tap) on board cell `cell`: enters a move when a person may (see state.ts mayClick). A
 * click that enters nothing and leaves nothing selected says why in the board's note (words.ts
 * clickNote: the rule holding a marked piece, the other side's piece, a piece without a move; or that
 * the game is over, that the engine plays this side, or that a choice between moves is open).
 */
export function onCell(cell: number): void {
  if (!ui.here || ui.busy) return;
  if (ui.choice) {
    ui.note = 'choose one of the moves offered below the board, or cancel';
    update();
    return;
  }
  ui.note = '';
  if (!mayClick()) {
    // not your turn, or the game is over
    const h = here();
    ui.note = h.result ? 'the game is over' : `the engine plays ${sideWords(h.view.sides[toMove()]).the} (see Players)`;
    update();
    return;
  }
  const input = clicks();
  const out = input.click(cell);
  if (out.kind === 'play') playMove(out.move, out.path);
  else if (out.kind === 'choose') {
    ui.choice = out.moves;
    update();
  } else {
    if (input.prefix.length === 0) ui.note = clickNote(here().view, cell, ui.pg!.geometry.cells[cell]!.name);
    update();
  }
}

/** Zooms the board one step in (`+1`) or out (`-1`) along ZOOMS (1: fitted to the page). */
export function zoom(step: 1 | -1): void {
  const i = ZOOMS.indexOf(ui.zoom);
  ui.zoom = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, Math.max(i, 0) + step))]!;
  update();
}

/**
 * The move box's form submitted: plays its move (the box is cleared), or shows why not: a refused move,
 * a game over, or a side the engine plays (as a click on the board would say).
 */
export function onMoveBox(ev: Event): void {
  ev.preventDefault();
  const box = (ev.target as HTMLFormElement).elements.namedItem('move') as HTMLInputElement;
  const text = box.value.trim();
  if (text === '' || !ui.here || ui.busy) return;
  if (here().result) {
    ui.errors.move = 'the game is over';
    update();
    return;
  }
  if (!mayClick()) {
    ui.errors.move = `the engine plays ${sideWords(here().view.sides[toMove()]).the} (see Players)`;
    update();
    return;
  }
  if (playMove(text)) box.value = '';
}

/**
 * The position form submitted: a new game of the same variant and options from its position (moves and
 * players as they were), or the error shown beside the box; the page is left as it was then (the game
 * shown is not touched: the position is checked by creating its game).
 */
export async function onLoadPosition(ev: Event): Promise<void> {
  ev.preventDefault();
  const box = (ev.target as HTMLFormElement).elements.namedItem('position') as HTMLTextAreaElement;
  const pg = ui.pg!;
  try {
    if (await newGame({ variant: pg.variant.id, options: pg.options, position: box.value.trim(), moves: [] }))
      box.value = here().position; // as the game writes it (the drawing sets it only when it differs from before)
  } catch (e) {
    ui.errors.position = message(e); // ParseError says where and why; the box keeps the text, to be corrected
    update();
  }
}

/**
 * The move-list form submitted: its moves (session.ts listedMoves) replace the game's from its start when
 * every one plays; else nothing changes (board, moves, ply, players, URL) and the first that does not is
 * shown beside the box.
 */
export function onLoadMoves(ev: Event): void {
  ev.preventDefault();
  const box = (ev.target as HTMLFormElement).elements.namedItem('moves') as HTMLTextAreaElement;
  const moves = listedMoves(box.value);
  const pg = ui.pg!;
  const line = ui.line!;
  // checked first on the page's game from its start, which is then put back as it was, whatever happens
  const back = line.ply;
  let error: string | undefined;
  let played = 0;
  line.goTo(0);
  try {
    for (const [i, m] of moves.entries()) {
      try {
        pg.engine.play(m);
        played++;
      } catch (e) {
        error = `move ${i + 1} (${m}): ${message(e)}`;
        break;
      }
    }
  } finally {
    for (; played > 0; played--) pg.engine.undo();
    line.goTo(back);
  }
  if (error) {
    ui.errors.moves = error;
    update();
    return;
  }
  const kept = line.moves;
  line.goTo(0);
  line.moves = [];
  try {
    for (const m of moves) line.play(m);
  } catch (e) {
    // played once already, so not expected: the game shown goes back to its moves
    line.goTo(0);
    line.moves = kept;
    line.goTo(back);
    ui.errors.moves = message(e);
    update();
    return;
  }
  positionChanged();
  box.value = line.moves.join(' '); // as listed (the drawing sets it only when it differs from before)
}

/**
 * The new-game form submitted: a game of its variant with the option values that differ from the
 * defaults; an error (a value out of range) shows beside the form, the game shown going on.
 */
export async function onNewGame(ev: Event): Promise<void> {
  ev.preventDefault();
  const v = variantList().find((x) => x.id === ui.formVariant)!;
  const options: Record<string, string> = {};
  for (const o of v.options) {
    const val = ui.formOptions[o.name];
    if (val !== undefined && val !== String(o.default)) options[o.name] = val;
  }
  try {
    await newGame({ variant: v.id, options, moves: [] });
  } catch (e) {
    ui.errors.game = message(e);
    update();
  }
}

/** Copies `text` to the clipboard, when the browser lets the page (silently nothing otherwise). */
export function copy(text: string): void {
  void navigator.clipboard?.writeText(text).catch(() => {});
}

/**
 * Listens for the page's keys outside form fields: ← and → back and forward, Escape drops the move being entered, f
 * flips.
 */
export function listenForKeys(): void {
  document.addEventListener('keydown', (ev) => {
    if ((ev.target as HTMLElement).closest('input, textarea, select') || !ui.line) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return; // the browser's (Ctrl+F finds, it does not flip)
    if (ev.key === 'ArrowLeft') {
      go(ui.line.ply - 1);
      ev.preventDefault();
    } else if (ev.key === 'ArrowRight') {
      go(ui.line.ply + 1);
      ev.preventDefault();
    } else if (ev.key === 'Escape') {
      ui.input?.reset();
      ui.choice = null;
      update();
    } else if (ev.key === 'f') {
      ui.flipped = !ui.flipped;
      update();
    }
  });
}
