/**
 * `lattice search`, `play` and `analyse`: searches of a position and self-play games, run in an engine
 * worker (src/worker/) so that the main thread stays free to take a signal (interrupt.ts Interrupt):
 * Ctrl-C prints what is finished.
 */
import type { Command } from 'commander';
import { checkLabels, type AnySearchResult } from '../engine.js';
import { MAX_SEARCH_DEPTH, type SearchInfo } from '../contract/limits.js';
import { parseOptionArgs } from '../contract/args.js';
import { EngineWorker } from '../worker/client.js';
import { addCommon, intArg, labelsOption, optionsWithTables, type Common } from './args.js';
import { addProgress, showProgress } from './progress.js';
import { Interrupt } from './interrupt.js';
import { note, out } from './output.js';

const scoreText = (r: { score: number; mateIn: number | null }) =>
  r.mateIn === null
    ? `cp ${r.score}`
    : r.mateIn === 0
      ? 'game over'
      : `mate ${r.mateIn > 0 ? '+' : '-'}${Math.abs(r.mateIn)} plies`;
const infoLine = (i: SearchInfo) =>
  `depth ${i.depth} score ${scoreText(i)} nodes ${i.nodes} time ${i.ms} ms ` +
  `nps ${i.ms > 0 ? Math.round((i.nodes * 1000) / i.ms) : '-'} pv ${i.pv.join(' ')}`;
const resultLine = (r: AnySearchResult) =>
  `bestmove ${r.bestmove ?? '(none)'} score ${scoreText(r)} depth ${r.depth} nodes ${r.nodes} time ${r.ms} ms ` +
  `pv ${r.pv.join(' ')}`;
const searchJson = (r: AnySearchResult) => ({
  bestmove: r.bestmove,
  score: r.score,
  mateIn: r.mateIn,
  pv: r.pv,
  depth: r.depth,
  nodes: r.nodes,
  ms: r.ms,
});

/** The limits given (any combination: the first reached stops the search), or `movetime` ms when none is. */
function searchLimits(o: { depth?: number; nodes?: number; movetime?: number }, movetime: number) {
  const l: { depth?: number; nodes?: number; movetime?: number } = {};
  if (o.depth !== undefined) l.depth = o.depth;
  if (o.nodes !== undefined) l.nodes = o.nodes;
  if (o.movetime !== undefined) l.movetime = o.movetime;
  return Object.keys(l).length ? l : { movetime };
}

interface SearchOpts extends Common {
  depth?: number;
  nodes?: number;
  movetime?: number;
}
interface PlayOpts extends Common {
  movetime: number;
  maxPlies: number;
  quiet?: boolean;
}
interface AnalyseOpts extends SearchOpts {
  playMovetime: number;
  maxPlies: number;
}

/** Registers `lattice search`, `lattice play` and `lattice analyse`. */
export function registerPlay(program: Command): void {
  addProgress(addCommon(program.command('search <variant>')))
    .description(
      'search the position and print the best move, score and principal variation (progress: a line per ' +
        'iteration; Ctrl-C prints the last completed iteration)',
    )
    .option('--depth <plies>', `search to this depth, 1..${MAX_SEARCH_DEPTH}`, intArg('--depth', 1, MAX_SEARCH_DEPTH))
    .option('--nodes <n>', 'stop after about this many nodes', intArg('--nodes', 1, Number.MAX_SAFE_INTEGER))
    .option(
      '--movetime <ms>',
      'stop after this many milliseconds (1000 when no limit is given)',
      intArg('--movetime', 1, 86_400_000),
    )
    .action(async (variant: string, o: SearchOpts) => {
      const interrupt = new Interrupt();
      let engine: EngineWorker | undefined;
      try {
        engine = await engineFor(variant, o, interrupt);
        // a signal stops the search at its last completed iteration (depth 1 always completes): printed as usual
        const r = await searchOnce(engine, interrupt, {
          ...searchLimits(o, 1000),
          ...(showProgress(o) ? { onIteration: (i: SearchInfo) => note(infoLine(i)) } : {}),
        });
        if (o.json) out(JSON.stringify(searchJson(r)));
        else out(resultLine(r));
      } finally {
        await engine?.terminate();
        interrupt.end();
      }
    });

  addProgress(addCommon(program.command('play <variant>')))
    .description(
      'the engine plays itself to the end of the game (with --json, progress: a line per move; Ctrl-C ' +
        'prints the game so far)',
    )
    .option('--movetime <ms>', 'time per move in milliseconds', intArg('--movetime', 1, 86_400_000), 200)
    .option('--max-plies <n>', 'stop an unfinished game after this many plies', intArg('--max-plies', 1, 100_000), 2000)
    .option('--quiet', 'print the moves but not the board after each')
    .addOption(labelsOption())
    .action(async (variant: string, o: PlayOpts) => {
      const interrupt = new Interrupt();
      let engine: EngineWorker | undefined;
      try {
        engine = await engineFor(variant, o, interrupt);
        const summary = await selfPlay(variant, o, engine, interrupt);
        if (o.json) out(JSON.stringify(summary));
      } finally {
        await engine?.terminate();
        interrupt.end();
      }
    });

  addProgress(addCommon(program.command('analyse <variant>')))
    .description(
      'the main job: analyse the position with progress (a line per iteration), then play a self-play ' +
        'game from it (Ctrl-C prints what is finished)',
    )
    .option('--depth <plies>', `analysis depth, 1..${MAX_SEARCH_DEPTH}`, intArg('--depth', 1, MAX_SEARCH_DEPTH))
    .option('--nodes <n>', 'analysis node budget', intArg('--nodes', 1, Number.MAX_SAFE_INTEGER))
    .option(
      '--movetime <ms>',
      'analysis time in milliseconds (5000 when no limit is given)',
      intArg('--movetime', 1, 86_400_000),
    )
    .option('--play-movetime <ms>', 'time per move in the self-play game', intArg('--play-movetime', 1, 86_400_000), 50)
    .option(
      '--max-plies <n>',
      'stop an unfinished self-play game after this many plies',
      intArg('--max-plies', 1, 100_000),
      300,
    )
    .addOption(labelsOption())
    .action(async (variant: string, o: AnalyseOpts) => {
      const interrupt = new Interrupt();
      let engine: EngineWorker | undefined;
      try {
        engine = await engineFor(variant, o, interrupt);
        const limits = searchLimits(o, 5000);
        const position = await engine.position();
        if (!o.json) {
          out(`${variant}: ${position}`);
          out((await engine.boardText(o.labels)) + '\n');
          out(
            `analysing (${Object.entries(limits)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})...`,
          );
        }
        // a signal stops the analysis at its last completed iteration: that result is kept
        const r = await searchOnce(engine, interrupt, {
          ...limits,
          ...(showProgress(o) ? { onIteration: (i: SearchInfo) => note(infoLine(i)) } : {}),
        });
        const analysis = { position, ...searchJson(r) };
        if (!o.json) {
          out(resultLine(r) + '\n');
          out(`self-play at ${o.playMovetime} ms per move:`);
        }
        const game = await selfPlay(variant, { ...o, movetime: o.playMovetime, quiet: true }, engine, interrupt);
        if (o.json) out(JSON.stringify({ analysis, game }));
      } finally {
        await engine?.terminate();
        interrupt.end();
      }
    });
}

/**
 * The one engine of search, play and analyse: a worker (src/worker/) with the game (hash size and
 * tablebase as asked), which keeps the game, searches and plays, so that the main thread stays free to
 * take a signal while it does (Interrupt). `--labels` is checked first, as its family allows.
 */
async function engineFor(variant: string, o: Common, interrupt: Interrupt): Promise<EngineWorker> {
  if (o.labels !== undefined) checkLabels(variant, o.labels, '--labels');
  const given = parseOptionArgs(o.option);
  const engine = await EngineWorker.start({
    variant,
    // the tables' own options (their files' metadata) where --option leaves them open
    options: o.tbDir === undefined ? given : optionsWithTables(variant, o.tbDir, given, '--tb-dir'),
    position: o.position,
    hashMb: o.hash,
    tbDir: o.tbDir,
  });
  interrupt.engine = engine;
  if (interrupt.signal !== null) engine.stop();
  return engine;
}

/**
 * `engine.search(limits)`, stopped as soon as it is asked for when a signal came before (while the CLI
 * awaited the worker's answers): EngineWorker.stop() reaches only the runs asked for before it, so the
 * signal's stop() would miss this one. A stopped search returns its depth-1 result.
 */
function searchOnce(
  engine: EngineWorker,
  interrupt: Interrupt,
  limits: Parameters<EngineWorker['search']>[0],
): Promise<AnySearchResult> {
  const pending = engine.search(limits);
  if (interrupt.signal !== null) engine.stop();
  return pending;
}

/**
 * Plays the engine against itself; prints each move and the board unless json/quiet. With --json the
 * moves go to stderr as progress (when shown). `result` is the game's GameResult, or null when the game
 * is unfinished: `unfinished` then says why, 'max-plies' (cut off at --max-plies) or 'interrupted' (a
 * SIGINT or SIGTERM: the moves played until then are kept; the search it stopped plays none).
 */
async function selfPlay(variant: string, o: PlayOpts, engine: EngineWorker, interrupt: Interrupt) {
  const start = await engine.position();
  const moves: string[] = [];
  const t0 = performance.now();
  if (!o.json) out((await engine.boardText(o.labels)) + '\n');
  while (interrupt.signal === null && !(await engine.result()) && moves.length < o.maxPlies) {
    const mover = await engine.moverName();
    const r: AnySearchResult = await searchOnce(engine, interrupt, { movetime: o.movetime });
    if (interrupt.signal !== null || !r.move) break;
    // the engine's move is played as the value it came back as (no text parsed); its text is for the output
    await engine.play(r.move);
    moves.push(r.move.text);
    const line = `${moves.length}. ${mover} ${r.move.text}  (${scoreText(r)}, depth ${r.depth})`;
    if (!o.json) {
      out(line);
      if (!o.quiet) out((await engine.boardText(o.labels)) + '\n');
    } else if (showProgress(o)) note(`ply ${line} of at most ${o.maxPlies}`);
  }
  const result = await engine.result();
  const ms = Math.round(performance.now() - t0);
  const unfinished = result ? null : interrupt.signal !== null ? ('interrupted' as const) : ('max-plies' as const);
  const final = await engine.position();
  const summary = { variant, start, moves, result, unfinished, final, plies: moves.length, ms };
  if (!o.json) {
    const what =
      unfinished === 'interrupted'
        ? 'unfinished (interrupted)'
        : !result
          ? `unfinished (the ${o.maxPlies}-ply limit)`
          : result.winner === 'draw'
            ? `draw (${result.reason})`
            : `${result.winnerName} win (${result.reason})`;
    out(`result: ${what} after ${moves.length} plies; final ${final}`);
  }
  return summary;
}
