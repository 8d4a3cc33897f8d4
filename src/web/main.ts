/**
 * The page of `lattice serve`: pick a game and its options, play it against the engine (or watch the
 * engine play itself, or two people on one screen), analyse it, check its rules with perft, and share
 * it by URL. The rules run in this thread (the game src/engine.ts createGame makes, for legal moves and
 * drawing); the engine runs in one EngineWorker per game (search, analysis, perft), so the page stays
 * responsive.
 *
 * This file only starts the page: it joins the parts (state.ts the state and its changes, view.ts the
 * drawing, input.ts the handlers, engine-jobs.ts the engine's work, tablebase-probe.ts the server's
 * tablebase) and opens the game in the URL, else the first variant.
 */
import { variantList } from './families.js';
import { queryToSpec, type GameSpec } from './session.js';
import { epoch, message, newGame, setOnPosition, setRenderer, ui, update } from './state.js';
import { think } from './engine-jobs.js';
import { hasTablebase, probeTablebase } from './tablebase-probe.js';
import { listenForKeys } from './input.js';
import { renderPage } from './view.js';
import './style.css';

const root = document.getElementById('app')!;
root.textContent = '';
setRenderer(() => renderPage(root));
// after each change of position: the engine's turn (or the analysis), and the tablebase's verdict
setOnPosition(() => {
  void think();
  void probeTablebase(epoch());
});
listenForKeys();

/**
 * Opens the game in the URL, else the first variant listed with the URL's error shown (kept while that
 * game is shown: Ui.gameErrors.url). Rejects only when the first variant's game cannot be created.
 */
async function boot(): Promise<void> {
  // `lattice serve --tb-dir` marks the page (a static site has no /api: no tablebase panel, no request)
  ui.tablebase = hasTablebase();
  let spec: GameSpec | null = null;
  let urlError: string | undefined;
  try {
    spec = queryToSpec(location.search);
  } catch (e) {
    urlError = message(e);
  }
  if (spec) {
    try {
      await newGame(spec, true);
      return;
    } catch (e) {
      urlError = `the URL does not give a game: ${message(e)}`;
    }
  }
  const shown = await newGame({ variant: variantList()[0]!.id, options: {}, moves: [] });
  if (shown && urlError) {
    ui.gameErrors.url = urlError;
    update();
  }
}

void boot();
