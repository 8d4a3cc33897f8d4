/**
 * What the page asks of its engine (state.ts `engine`, a queue of worker jobs): the engine's move when
 * it is its turn, the analysis of the position shown, perft and divide. Each job reports into `ui` and
 * draws the page; a job of an earlier epoch (state.ts) reports nothing.
 */
import type { EngineWorker } from '../worker/client.js';
import { engine, epoch, here, message, newEpoch, positionChanged, toMove, ui, update } from './state.js';
import { scoreText } from './words.js';

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
 * the analysis when it is on. Resolves when done; never rejects (errors show as the engine's).
 */
export async function think(): Promise<void> {
  const pg = ui.pg;
  if (!pg || !ui.line) return;
  engine.stop();
  const my = epoch();
  if (here().result) {
    ui.thinking = false;
    update();
    return;
  }
  if (ui.players[toMove()] === 'engine' && ui.line.ply === ui.line.moves.length) {
    ui.thinking = true;
    ui.engineStatus = 'thinking…';
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
      ui.thinking = false;
      if (!r.move) {
        ui.engineStatus = 'the engine has no move';
        update();
        return;
      }
      const side = scoreText(r, toMove(), here().view.sides);
      ui.engineStatus = `engine played ${r.move.text} (depth ${r.depth}, ${side})`;
      // the engine's move as the value the worker's search gave (no text parsed); the line keeps its text
      ui.line.play(r.move);
      positionChanged();
    } catch (e) {
      if (my === epoch()) {
        ui.thinking = false;
        ui.errors.engine = message(e);
        update();
      }
    }
    return;
  }
  ui.thinking = false;
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
    if (my === epoch()) ui.errors.engine = message(e);
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
  void engine.start(ui.pg);
  update();
  void think();
}

/**
 * Runs perft (or divide) to `ui.perftDepth` from the position shown, into `ui.perftOut` (errors into
 * the perft error). Does nothing while one runs; never rejects.
 */
export async function runPerft(divide: boolean): Promise<void> {
  const pg = ui.pg!;
  if (ui.perftRunning) return;
  ui.perftRunning = true;
  const depth = ui.perftDepth;
  ui.perftOut = `${divide ? 'divide' : 'perft'} ${depth}…`;
  delete ui.errors.perft;
  update();
  const limits = pg.perftTakesLimits ? { movetime: 60_000 } : undefined;
  const t0 = performance.now();
  try {
    if (divide) {
      const r = await enqueue((w) => w.divide(depth, limits));
      if (!ui.perftRunning) return;
      const total = Object.values(r).reduce((a, b) => a + b, 0);
      ui.perftOut =
        Object.entries(r)
          .map(([m, n]) => `${m}: ${n}`)
          .join('\n') + `\n\n${Object.keys(r).length} moves, ${total} leaves, ${Math.round(performance.now() - t0)} ms`;
    } else {
      const n = await enqueue((w) => w.perft(depth, limits));
      if (!ui.perftRunning) return;
      ui.perftOut = `perft(${depth}) = ${n} (${Math.round(performance.now() - t0)} ms)`;
    }
  } catch (e) {
    if (ui.perftRunning) {
      ui.perftOut = '';
      ui.errors.perft = message(e);
    }
  }
  ui.perftRunning = false;
  update();
}
