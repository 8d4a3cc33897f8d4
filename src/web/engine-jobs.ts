/**
 * What the page asks of its engine (state.ts `engine`, a queue of worker jobs): the engine's move when
 * it is its turn, the analysis of the position shown, perft and divide. Each job reports into `ui` and
 * draws the page; a job of an earlier epoch (state.ts) reports nothing.
 */
import type { EngineWorker } from '../worker/client.js';
import { engine, epoch, here, message, newEpoch, positionChanged, positionKey, toMove, ui, update } from './state.js';
import { countOf, scoreText } from './words.js';

/** True when the page is cross-origin isolated: a worker search can then be stopped early. */
export const isolated = globalThis.crossOriginIsolated === true;
/** Without cross-origin isolation a worker search cannot be stopped early: analysis runs this long. */
export const UNISOLATED_ANALYSIS_MS = 5000;

/** Runs `work` after the worker's current job, with the worker at the page's position. */
function enqueue<T>(work: (w: EngineWorker) => Promise<T>): Promise<T> {
  return engine.run(ui.line!.played(), work);
}

/**
 * Starts the engine's move when it is its turn (and plays it, after the engine v engine pause), else
 * the analysis when it is on. The engine thinks (state.ts thinking()) only while the epoch it started in
 * lasts: any change of position or players ends it on the page, and its move is then dropped. Resolves
 * when done; never rejects (errors show as the engine's).
 */
export async function think(): Promise<void> {
  const pg = ui.pg;
  if (!pg || !ui.line) return;
  engine.stop();
  const my = epoch();
  if (here().result) {
    update();
    return;
  }
  if (ui.players[toMove()] === 'engine' && ui.line.ply === ui.line.moves.length) {
    ui.searching = my;
    update();
    const limits = ui.limit === 'depth' ? { depth: ui.limitValue } : { movetime: ui.limitValue };
    const started = performance.now();
    try {
      const r = await enqueue((w) =>
        w.search({
          ...limits,
          onIteration: (i) => {
            if (my === epoch()) {
              ui.iterations = [...ui.iterations, i];
              update();
            }
          },
        }),
      );
      if (my !== epoch()) return;
      const wait =
        ui.players[0] === 'engine' && ui.players[1] === 'engine' ? ui.pause - (performance.now() - started) : 0;
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      if (my !== epoch()) return;
      ui.searching = null;
      const score = scoreText(r, toMove(), here().view.sides);
      if (!r.move) {
        ui.report = { at: positionKey(), move: null, depth: r.depth, score };
        update();
        return;
      }
      // the engine's move as the value the worker's search gave (no text parsed); the line keeps its text
      ui.line.play(r.move);
      ui.report = { at: positionKey(), move: r.move.text, depth: r.depth, score };
      positionChanged();
    } catch (e) {
      if (my === epoch()) {
        ui.searching = null;
        // a worker that did not start is told once, as the game's (Ui.gameErrors.worker)
        if (!engine.failed(e)) ui.errors.engine = message(e);
        update();
      }
    }
    return;
  }
  if (ui.analysing) void analyse(my);
  update();
}

/** Analyses the position shown until stopped (isolated) or for UNISOLATED_ANALYSIS_MS, while epoch `my` lasts. */
async function analyse(my: number): Promise<void> {
  ui.iterations = [];
  const limits = isolated ? { movetime: 0 } : { movetime: UNISOLATED_ANALYSIS_MS };
  try {
    await enqueue((w) =>
      my !== epoch()
        ? Promise.resolve(null)
        : w.search({
            ...limits,
            onIteration: (i) => {
              if (my === epoch()) {
                ui.iterations = [...ui.iterations, i];
                update();
              }
            },
          }),
    );
  } catch (e) {
    if (my === epoch() && !engine.failed(e)) ui.errors.engine = message(e);
  }
  if (my === epoch()) {
    ui.analysing = false;
    update();
  }
}

/** Starts the analysis, or stops it when it runs (the Analyse button). */
export function toggleAnalysis(): void {
  if (ui.analysing) {
    ui.analysing = false;
    newEpoch();
    engine.stop();
    update();
    return;
  }
  ui.analysing = true;
  delete ui.errors.engine;
  newEpoch();
  void think();
}

/** A perft cannot be stopped inside the worker: stopping it ends the worker and starts a new one. */
export function stopPerft(): void {
  if (!ui.perftRunning || !ui.pg) return;
  ui.perftRunning = false;
  ui.perftOut = 'stopped';
  ui.perftAt = positionKey();
  void engine.start(ui.pg);
  update();
  void think();
}

/** Counts the perfts started: a perft's result is shown only while it is the last one started (and runs). */
let perftRun = 0;

/** A perft depth as typed: a whole number (its range is the engine's to check: its error says so). */
const PERFT_DEPTH = /^\s*\d+\s*$/;

/**
 * Runs perft (or divide) to the depth typed (`ui.perftDepth`, a whole number) from the position shown,
 * into `ui.perftOut`, kept as the output of that position (`ui.perftAt`: shown only there, see words.ts
 * perftText); a depth that is not a whole number, or that the engine refuses, shows as the perft error.
 * Does nothing while one runs; never rejects.
 */
export async function runPerft(divide: boolean): Promise<void> {
  const pg = ui.pg!;
  if (ui.perftRunning) return;
  if (!PERFT_DEPTH.test(ui.perftDepth)) {
    ui.errors.perft =
      ui.perftDepth.trim() === ''
        ? 'give the perft depth: a whole number of plies, such as 3'
        : `the perft depth must be a whole number of plies, such as 3; got "${ui.perftDepth}"`;
    update();
    return;
  }
  const depth = Number(ui.perftDepth);
  const run = ++perftRun;
  ui.perftRunning = true;
  ui.perftOut = `${divide ? 'divide' : 'perft'} ${depth}…`;
  const at = positionKey();
  ui.perftAt = at;
  delete ui.errors.perft;
  update();
  const limits = pg.perftTakesLimits ? { movetime: 60_000 } : undefined;
  const t0 = performance.now();
  // the result is of `at` in this game: dropped when the perft was stopped meanwhile (by stop, or a new game)
  const mine = () => ui.perftRunning && run === perftRun;
  try {
    if (divide) {
      const r = await enqueue((w) => w.divide(depth, limits));
      if (!mine()) return;
      const total = Object.values(r).reduce((a, b) => a + b, 0);
      const n = Object.keys(r).length;
      ui.perftOut =
        Object.entries(r)
          .map(([m, k]) => `${m}: ${k}`)
          .join('\n') +
        `${n ? '\n\n' : ''}${countOf(n, 'move')}, ${countOf(total, 'leaf', 'leaves')}, ` +
        `${Math.round(performance.now() - t0)} ms`;
    } else {
      const n = await enqueue((w) => w.perft(depth, limits));
      if (!mine()) return;
      ui.perftOut = `perft(${depth}) = ${n} (${Math.round(performance.now() - t0)} ms)`;
    }
  } catch (e) {
    if (!mine()) return;
    // beside the perft buttons when of the position shown, else kept as that position's output
    if (at === positionKey()) {
      ui.perftOut = '';
      ui.errors.perft = message(e);
    } else ui.perftOut = `error: ${message(e)}`;
  }
  ui.perftRunning = false;
  update();
}
