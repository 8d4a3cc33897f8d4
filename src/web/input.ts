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
import { clickNote } from './words.js';

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
    ui.note = h.result ? 'the game is over' : `the engine plays the ${h.view.sides[toMove()].plural} (see Players)`;
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

/** The move box's form submitted: plays its move (the box is cleared), or shows why not. */
export function onMoveBox(ev: Event): void {
  ev.preventDefault();
  const box = (ev.target as HTMLFormElement).elements.namedItem('move') as HTMLInputElement;
  const text = box.value.trim();
  if (text === '') return;
  if (here().result) {
    ui.errors.move = 'the game is over';
    update();
    return;
  }
  if (playMove(text)) box.value = '';
}

/** The position form submitted: a new game of the same variant from its position, or the error shown. */
export async function onLoadPosition(ev: Event): Promise<void> {
  ev.preventDefault();
  const text = ((ev.target as HTMLFormElement).elements.namedItem('position') as HTMLTextAreaElement).value.trim();
  const pg = ui.pg!;
  try {
    pg.engine.setPosition(text); // validates; ParseError says where and why
  } catch (e) {
    ui.errors.position = message(e);
    update();
    return;
  }
  const start = pg.engine.position();
  await newGame({ variant: pg.variant.id, options: pg.options, position: start, moves: [] });
}

/**
 * The move-list form submitted: its moves (move numbers `1.` and commas allowed) replace the game's
 * from its start when every one plays; else nothing changes and the first that does not is shown.
 */
export async function onLoadMoves(ev: Event): Promise<void> {
  ev.preventDefault();
  const text = ((ev.target as HTMLFormElement).elements.namedItem('moves') as HTMLTextAreaElement).value;
  const moves = text
    .replace(/\d+\.\s*/g, ' ')
    .trim()
    .split(/[\s,]+/)
    .filter((m) => m !== '');
  const pg = ui.pg!;
  // check first, on the page's game, so a bad list changes nothing
  const line = ui.line!;
  const back = line.ply;
  line.goTo(0);
  let played = 0;
  let error: string | undefined;
  for (const [i, m] of moves.entries()) {
    try {
      pg.engine.play(m);
      played++;
    } catch (e) {
      error = `move ${i + 1} (${m}): ${message(e)}`;
      break;
    }
  }
  for (; played > 0; played--) pg.engine.undo();
  line.goTo(back);
  if (error) {
    ui.errors.moves = error;
    update();
    return;
  }
  delete ui.errors.moves;
  line.goTo(0);
  line.moves = [];
  for (const m of moves) line.play(m);
  positionChanged();
}

/** The new-game form submitted: a game of its variant with the option values that differ from the defaults. */
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
  } catch {
    /* shown */
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
    if ((ev.target as HTMLElement).closest('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft') {
      go(ui.line!.ply - 1);
      ev.preventDefault();
    } else if (ev.key === 'ArrowRight') {
      go(ui.line!.ply + 1);
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
