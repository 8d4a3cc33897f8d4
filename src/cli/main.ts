#!/usr/bin/env node
/**
 * The `lattice` command (commander). Every command takes --json (one JSON object on stdout) and prints
 * readable text otherwise. Bad input prints one line `error: ...` on stderr and exits 2. Long commands
 * (perft, search, play, analyse, tablebase build, solve) report progress on stderr when it is a
 * terminal (--progress forces it, --no-progress silences it); stdout carries only the results.
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { MAX_PERFT_DEPTH, MAX_SEARCH_DEPTH, type SearchInfo } from '../contract/limits.js';
import { FAMILIES, checkGameArgs, checkLabels, createGame, familyOf, listVariants, type AnyGame, type AnySearchResult } from '../engine.js';
import { ArgumentError, LatticeError, TablebaseError, UnknownVariantError, reviveError, type ErrorRecord } from '../contract/errors.js';
import { EngineWorker } from '../worker/client.js';
import { Worker } from 'node:worker_threads';
import { MAX_HASH_MB, parseOptionArgs } from '../contract/args.js';
import { buildTablebase, type LayerReport } from '../solve/index.js';
import { parseLayerFileName } from '../solve/format.js';
import { solverOf } from '../solve/route.js';
import cliProgress from 'cli-progress';

/** An integer in min..max, or a message saying what is wrong. */
function checkInt(name: string, v: string, min: number, max: number): number | string {
  if (!/^-?\d+$/.test(v.trim())) return `${name} must be an integer, got "${v}"`;
  const n = Number(v);
  return n < min || n > max ? `${name} must be in ${min}..${max}, got ${n}` : n;
}
/** Commander option parser for an integer in min..max. */
function intArg(name: string, min: number, max: number) {
  return (v: string): number => {
    const r = checkInt(name, v, min, max);
    if (typeof r === 'string') throw new InvalidArgumentError(r);
    return r;
  };
}
/** The same check for a positional argument inside an action (throws ArgumentError). */
function intPositional(name: string, v: string, min: number, max: number): number {
  const r = checkInt(name, v, min, max);
  if (typeof r === 'string') throw new ArgumentError(r);
  return r;
}
const collect = (v: string, prev: string[]) => prev.concat([v]);

interface Common { position?: string; option: string[]; json?: boolean; hash?: number; tbDir?: string; labels?: 'kanji' | 'codes'; progress?: boolean }

function gameFor(variant: string, o: Common): Promise<AnyGame> {
  if (o.labels !== undefined) {
    checkLabels(variant, o.labels, '--labels');
  }
  return createGame(variant, { position: o.position, options: parseOptionArgs(o.option), hashMb: o.hash, tbDir: o.tbDir });
}
const labelsOption = () => new Option('--labels <kind>', `piece labels on the boards of ${FAMILIES.filter((f) => f.labels.length).flatMap((f) => [...f.ids()]).join(', ')} (default: the first kind)`).choices([...new Set(FAMILIES.flatMap((f) => [...f.labels]))]);

/** Adds --progress / --no-progress: progress on stderr, by default when stderr is a terminal. */
function addProgress(cmd: Command): Command {
  return cmd
    .option('--progress', 'report progress on stderr even when it is not a terminal')
    .option('--no-progress', 'no progress on stderr, even on a terminal');
}
/** Whether to report progress on stderr: as asked, else when stderr is a terminal. */
const showProgress = (o: { progress?: boolean }): boolean => o.progress ?? process.stderr.isTTY === true;
const note = (s: string) => process.stderr.write(s + '\n');
/**
 * The bars on screen now. Once a bar has been shown, SIGINT and SIGTERM stop them all (cli-progress then shows
 * the cursor again, turns line wrap back on and ends the line), print "interrupted" on stderr and exit
 * 130 / 143; a tablebase lock is released by its 'exit' handler (tablebase/format.ts lockDir). The
 * handlers run when the main thread is free: perft --progress counts in a worker thread, the tablebase
 * build and solve return to the event loop between core steps.
 */
const barsOnScreen = new Set<cliProgress.SingleBar>();
function onSignal(signal: NodeJS.Signals): void {
  for (const b of barsOnScreen) b.stop();
  barsOnScreen.clear();
  process.stderr.write('interrupted\n');
  process.exit(signal === 'SIGTERM' ? 143 : 130);
}
let handlingSignals = false;
/**
 * A cli-progress bar that registers itself in barsOnScreen while started. The first start installs the
 * signal handlers for the rest of the run (between two bars too): removed while a signal waits for a
 * busy main thread, a handler would drop that signal.
 */
class Bar extends cliProgress.SingleBar {
  override start(total: number, startValue: number, payload?: object): void {
    if (!handlingSignals) { process.on('SIGINT', onSignal); process.on('SIGTERM', onSignal); handlingSignals = true; }
    barsOnScreen.add(this);
    super.start(total, startValue, payload);
  }
  override stop(): void {
    super.stop();
    barsOnScreen.delete(this);
  }
}
/**
 * A cli-progress bar on stderr, or null. On a terminal it redraws 10 times a second (elapsed time moves
 * while the main thread is free); elsewhere it prints one line per render and one every 2 s.
 */
function progressBar(show: boolean, format: string, etaBuffer = 50): Bar | null {
  return show ? new Bar({ format, stream: process.stderr, hideCursor: true, etaBuffer, fps: 10, noTTYOutput: true, notTTYSchedule: 2000 }, cliProgress.Presets.shades_classic) : null;
}

type PerftOutcome = { nodes: number; divide?: Record<string, number> };
/**
 * perft/divide with a bar over the root moves: the bar shows 0/N at once, the count runs in a worker
 * thread (perft-thread.ts) so that the bar's elapsed time moves and Ctrl-C is handled while a root move
 * runs. Rejects with the worker's error revived (class and code kept).
 */
async function perftWithBar(variant: string, g: AnyGame, o: Common & { divide?: boolean; movetime?: number }, depth: number): Promise<PerftOutcome> {
  const bar = progressBar(true, `perft ${depth} |{bar}| {value}/{total} root moves | {duration_formatted} | {move} | {nodes} leaves so far`)!;
  bar.start(g.legalMoves().length, 0, { move: '', nodes: 0 });
  const w = new Worker(new URL('./perft-thread.js', import.meta.url), {
    workerData: { variant, position: g.position(), options: parseOptionArgs(o.option), depth, divide: o.divide === true, movetime: o.movetime },
  });
  let sum = 0;
  try {
    return await new Promise<PerftOutcome>((resolve, reject) => {
      w.on('message', (m: { type: 'progress'; done: number; total: number; move: string; nodes: number } | ({ type: 'done' } & PerftOutcome) | { type: 'error'; error: ErrorRecord }) => {
        if (m.type === 'progress') {
          sum += m.nodes;
          bar.update(m.done, { move: m.move, nodes: sum });
          bar.render();
        } else if (m.type === 'done') resolve({ nodes: m.nodes, ...(m.divide ? { divide: m.divide } : {}) });
        else reject(reviveError(m.error));
      });
      w.on('error', reject);
      w.on('exit', (code) => reject(new Error(`the perft thread ended early (exit code ${code})`)));
    });
  } finally {
    bar.stop();
    await w.terminate();
  }
}

const out = (s: string) => process.stdout.write(s + '\n');
// `lattice ... | head` closes the pipe early: that is not an error
process.stdout.on('error', (err: NodeJS.ErrnoException) => { if (err.code === 'EPIPE') process.exit(0); throw err; });
// the same for stderr (progress piped into `head`): nobody reads it any more, so carry on silently
process.stderr.on('error', (err: NodeJS.ErrnoException) => { if (err.code !== 'EPIPE') throw err; });
const scoreText = (r: { score: number; mateIn: number | null }) =>
  r.mateIn === null ? `cp ${r.score}` : r.mateIn === 0 ? 'game over' : `mate ${r.mateIn > 0 ? '+' : '-'}${Math.abs(r.mateIn)} plies`;
const infoLine = (i: SearchInfo) =>
  `depth ${i.depth} score ${scoreText(i)} nodes ${i.nodes} time ${i.ms} ms nps ${i.ms > 0 ? Math.round((i.nodes * 1000) / i.ms) : '-'} pv ${i.pv.join(' ')}`;

/** Options every command that sets up a game takes; `hash` only where the search runs. */
function addCommon(cmd: Command, hash = true): Command {
  cmd
    .option('--position <string>', 'start from this position string (see README: Notation)')
    .addOption(new Option('--option <key=value>', 'set a variant option, repeatable (see `lattice variants`)').argParser(collect).default([], 'none'));
  if (hash) {
    cmd.option('--hash <MiB>', `transposition table size in MiB, 1..${MAX_HASH_MB}`, intArg('--hash', 1, MAX_HASH_MB));
    cmd.option('--tb-dir <dir>', 'probe the movement-phase tablebase built in <dir> during the search');
  }
  return cmd.option('--json', 'print one JSON object on stdout');
}

/** The limits given (any combination: the first reached stops the search), or `movetime` ms when none is. */
function searchLimits(o: { depth?: number; nodes?: number; movetime?: number }, movetime: number) {
  const l: { depth?: number; nodes?: number; movetime?: number } = {};
  if (o.depth !== undefined) l.depth = o.depth;
  if (o.nodes !== undefined) l.nodes = o.nodes;
  if (o.movetime !== undefined) l.movetime = o.movetime;
  return Object.keys(l).length ? l : { movetime };
}
const resultLine = (r: AnySearchResult) =>
  `bestmove ${r.bestmove ?? '(none)'} score ${scoreText(r)} depth ${r.depth} nodes ${r.nodes} time ${r.ms} ms pv ${r.pv.join(' ')}`;
const searchJson = (r: AnySearchResult) => ({ bestmove: r.bestmove, score: r.score, mateIn: r.mateIn, pv: r.pv, depth: r.depth, nodes: r.nodes, ms: r.ms });

const program = new Command();
program
  .name('lattice')
  .description(`lattice-engine: perft, search and self-play for hunt and capture games (variants: ${listVariants().map((v) => v.id).join(', ')})`)
  .version('0.1.0')
  .exitOverride()
  .configureOutput({ outputError: (s, write) => write(s.split('\n')[0] + '\n') });

addProgress(addCommon(program.command('perft <variant> <depth>'), false))
  .description(`count leaf nodes at exactly <depth> plies, 0..${MAX_PERFT_DEPTH} (bulk counting); progress: a bar over the root moves`)
  .option('--divide', 'also count per root move (depth >= 1)')
  .option('--movetime <ms>', 'give up after this many milliseconds (exit 2)', intArg('--movetime', 1, 86_400_000))
  .option('--redis <url>', 'count on `lattice worker` processes through this Redis server (redis://host:port): subtree jobs, see README "More than one machine"')
  .option('--split <plies>', 'with --redis: split the tree into jobs at this many plies (default: the first ply with 200 or more distinct positions, at most depth - 1)', intArg('--split', 0, MAX_PERFT_DEPTH))
  .action(async (variant: string, depthText: string, o: Common & { divide?: boolean; movetime?: number; redis?: string; split?: number }) => {
    const depth = intPositional('depth', depthText, 0, MAX_PERFT_DEPTH);
    if (o.divide && depth < 1) throw new ArgumentError('--divide needs depth >= 1');
    if (o.split !== undefined && o.redis === undefined) throw new ArgumentError('--split applies with --redis (the tree is split into jobs for the workers)');
    if (o.redis !== undefined) { await perftOnWorkers(variant, depth, o as Common & { divide?: boolean; movetime?: number; redis: string; split?: number }); return; }
    const g = await gameFor(variant, o);
    const t0 = performance.now();
    let divide: Record<string, number> | undefined, nodes: number;
    if (depth >= 2 && showProgress(o)) ({ nodes, divide } = await perftWithBar(variant, g, o, depth));
    else {
      const limits = o.movetime !== undefined ? { movetime: o.movetime } : {};
      divide = o.divide ? g.divide(depth, limits) : undefined;
      nodes = divide ? Object.values(divide).reduce((a, b) => a + b, 0) : g.perft(depth, limits);
    }
    const ms = Math.round(performance.now() - t0);
    if (o.json) { out(JSON.stringify({ variant, position: g.position(), depth, nodes, ms, ...(divide ? { divide } : {}) })); return; }
    if (divide) for (const [m, n] of Object.entries(divide).sort()) out(`${m}: ${n}`);
    out(`perft ${depth} = ${nodes}  (${ms} ms, ${ms > 0 ? ((nodes / ms) / 1000).toFixed(1) : '-'} Mnps)  ${g.position()}`);
  });

/**
 * `lattice perft ... --redis URL`: the tree split into subtree jobs that `lattice worker` processes count
 * (src/distributed/perft.ts); prints what the local perft prints. Progress: a bar over the jobs (leaves
 * counted, their rate, the workers connected); stderr also gets a line saying how the tree was split.
 */
async function perftOnWorkers(variant: string, depth: number, o: Common & { divide?: boolean; movetime?: number; redis: string; split?: number }): Promise<void> {
  const { distributedPerft } = await import('../distributed/perft.js');
  const show = showProgress(o);
  const bar = progressBar(show, `perft ${depth} |{bar}| {value}/{total} jobs | {leaves} leaves | {rate} M leaves/s | ETA {eta_formatted} | {workers} workers`);
  const t0 = performance.now();
  let started = false;
  const r = await distributedPerft({
    redis: o.redis, variant, depth, divide: o.divide, split: o.split, movetime: o.movetime,
    options: parseOptionArgs(o.option), ...(o.position !== undefined ? { position: o.position } : {}),
    onNoWorkers: () => note(`no worker is connected to ${o.redis}: the jobs wait in the queue until one is (start one with "lattice worker --redis ${o.redis}")`),
    onWarning: (m) => note(`warning: ${m}`),
    onProgress: (p) => {
      if (!bar) return;
      const s = (performance.now() - t0) / 1000;
      const payload = { leaves: p.leaves, rate: s > 0 ? (p.leaves / s / 1e6).toFixed(1) : '-', workers: p.workers < 0 ? '?' : p.workers };
      if (!started) { bar.start(p.total, p.done, payload); started = true; } else bar.update(p.done, payload);
    },
  });
  if (bar && started) bar.stop();
  const ms = r.ms;
  if (show) note(`split at ${r.split} plies: ${r.jobs} jobs, ${r.reused} of them finished by an earlier run`);
  if (o.json) { out(JSON.stringify({ variant, position: r.position, depth, nodes: r.nodes, ms, ...(r.divide ? { divide: r.divide } : {}) })); return; }
  if (r.divide) for (const [m, n] of Object.entries(r.divide).sort()) out(`${m}: ${n}`);
  out(`perft ${depth} = ${r.nodes}  (${ms} ms, ${ms > 0 ? ((r.nodes / ms) / 1000).toFixed(1) : '-'} Mnps)  ${r.position}`);
}

addProgress(addCommon(program.command('search <variant>')))
  .description('search the position and print the best move, score and principal variation (progress: a line per iteration; Ctrl-C prints the last completed iteration)')
  .option('--depth <plies>', `search to this depth, 1..${MAX_SEARCH_DEPTH}`, intArg('--depth', 1, MAX_SEARCH_DEPTH))
  .option('--nodes <n>', 'stop after about this many nodes', intArg('--nodes', 1, Number.MAX_SAFE_INTEGER))
  .option('--movetime <ms>', 'stop after this many milliseconds (1000 when no limit is given)', intArg('--movetime', 1, 86_400_000))
  .action(async (variant: string, o: Common & { depth?: number; nodes?: number; movetime?: number }) => {
    const interrupt = new Interrupt();
    let engine: EngineWorker | undefined;
    try {
      ({ engine } = await gameAndEngine(variant, o, interrupt));
      // a signal stops the search at its last completed iteration (depth 1 always completes): printed as usual
      const r = await engine.search({ ...searchLimits(o, 1000), ...(showProgress(o) ? { onIteration: (i: SearchInfo) => note(infoLine(i)) } : {}) });
      if (o.json) out(JSON.stringify(searchJson(r)));
      else out(resultLine(r));
    } finally {
      await engine?.terminate();
      interrupt.end();
    }
  });

interface PlayOpts extends Common { movetime: number; maxPlies: number; quiet?: boolean }

/**
 * The signal that interrupted a command whose searches run in an engine worker (play, analyse), or
 * null. The first SIGINT or SIGTERM stops the searches (EngineWorker.stop()) and lets the command print
 * what it finished; a second one ends the process at once. The exit code is 130 (SIGINT) or 143
 * (SIGTERM), as for the progress bars.
 */
class Interrupt {
  signal: NodeJS.Signals | null = null;
  private readonly handler = (signal: NodeJS.Signals) => {
    if (this.signal !== null) process.exit(exitCodeOf(signal));
    this.signal = signal;
    process.stderr.write('interrupted\n');
    this.engine?.stop();
  };
  /** The worker whose searches a signal stops. */
  engine: EngineWorker | null = null;
  constructor() { process.on('SIGINT', this.handler); process.on('SIGTERM', this.handler); }
  /** Removes the handlers and sets the exit code when a signal came. */
  end(): void {
    process.off('SIGINT', this.handler); process.off('SIGTERM', this.handler);
    if (this.signal !== null) process.exitCode = exitCodeOf(this.signal);
  }
}
const exitCodeOf = (signal: NodeJS.Signals) => (signal === 'SIGTERM' ? 143 : 130);

/**
 * The engine of play and analyse: `g` (in-process, with no table or tablebase of its own) keeps the
 * game and its board text; a worker with the same game (hash size and tablebase as asked) searches, so
 * that the main thread stays free to take a signal while it does (Interrupt).
 */
async function gameAndEngine(variant: string, o: Common, interrupt: Interrupt): Promise<{ g: AnyGame; engine: EngineWorker }> {
  const g = await gameFor(variant, { ...o, hash: undefined, tbDir: undefined });
  const engine = await EngineWorker.start({ variant, options: parseOptionArgs(o.option), position: g.position(), hashMb: o.hash, tbDir: o.tbDir });
  interrupt.engine = engine;
  if (interrupt.signal !== null) engine.stop();
  return { g, engine };
}

/**
 * Plays the engine against itself; prints each move and the board unless json/quiet. With --json the
 * moves go to stderr as progress (when shown). `result` is the game's GameResult, or null when the game
 * is unfinished: `unfinished` then says why, 'max-plies' (cut off at --max-plies) or 'interrupted' (a
 * SIGINT or SIGTERM: the moves played until then are kept; the search it stopped plays none).
 */
async function selfPlay(variant: string, o: PlayOpts, g: AnyGame, engine: EngineWorker, interrupt: Interrupt) {
  const start = g.position();
  const moves: string[] = [];
  const t0 = performance.now();
  if (!o.json) out(g.boardText(o.labels) + '\n');
  while (interrupt.signal === null && !g.result() && moves.length < o.maxPlies) {
    const mover = g.moverName();
    const r: AnySearchResult = await engine.search({ movetime: o.movetime });
    if (interrupt.signal !== null || !r.bestmove) break;
    g.play(r.bestmove);
    await engine.play(r.bestmove);
    moves.push(r.bestmove);
    const line = `${moves.length}. ${mover} ${r.bestmove}  (${scoreText(r)}, depth ${r.depth})`;
    if (!o.json) {
      out(line);
      if (!o.quiet) out(g.boardText(o.labels) + '\n');
    } else if (showProgress(o)) note(`ply ${line} of at most ${o.maxPlies}`);
  }
  const result = g.result();
  const ms = Math.round(performance.now() - t0);
  const unfinished = result ? null : interrupt.signal !== null ? 'interrupted' as const : 'max-plies' as const;
  const summary = { variant, start, moves, result, unfinished, final: g.position(), plies: moves.length, ms };
  if (!o.json) {
    const what = unfinished === 'interrupted' ? 'unfinished (interrupted)' : !result ? `unfinished (the ${o.maxPlies}-ply limit)`
      : result.winner === 'draw' ? `draw (${result.reason})` : `${result.winnerName} win (${result.reason})`;
    out(`result: ${what} after ${moves.length} plies; final ${g.position()}`);
  }
  return summary;
}

addProgress(addCommon(program.command('play <variant>')))
  .description('the engine plays itself to the end of the game (with --json, progress: a line per move; Ctrl-C prints the game so far)')
  .option('--movetime <ms>', 'time per move in milliseconds', intArg('--movetime', 1, 86_400_000), 200)
  .option('--max-plies <n>', 'stop an unfinished game after this many plies', intArg('--max-plies', 1, 100_000), 2000)
  .option('--quiet', 'print the moves but not the board after each')
  .addOption(labelsOption())
  .action(async (variant: string, o: PlayOpts) => {
    const interrupt = new Interrupt();
    let engine: EngineWorker | undefined;
    try {
      const ge = await gameAndEngine(variant, o, interrupt);
      engine = ge.engine;
      const summary = await selfPlay(variant, o, ge.g, engine, interrupt);
      if (o.json) out(JSON.stringify(summary));
    } finally {
      await engine?.terminate();
      interrupt.end();
    }
  });

addProgress(addCommon(program.command('analyse <variant>')))
  .description('the main job: analyse the position with progress (a line per iteration), then play a self-play game from it (Ctrl-C prints what is finished)')
  .option('--depth <plies>', `analysis depth, 1..${MAX_SEARCH_DEPTH}`, intArg('--depth', 1, MAX_SEARCH_DEPTH))
  .option('--nodes <n>', 'analysis node budget', intArg('--nodes', 1, Number.MAX_SAFE_INTEGER))
  .option('--movetime <ms>', 'analysis time in milliseconds (5000 when no limit is given)', intArg('--movetime', 1, 86_400_000))
  .option('--play-movetime <ms>', 'time per move in the self-play game', intArg('--play-movetime', 1, 86_400_000), 50)
  .option('--max-plies <n>', 'stop an unfinished self-play game after this many plies', intArg('--max-plies', 1, 100_000), 300)
  .addOption(labelsOption())
  .action(async (variant: string, o: Common & { depth?: number; nodes?: number; movetime?: number; playMovetime: number; maxPlies: number }) => {
    const interrupt = new Interrupt();
    let engine: EngineWorker | undefined;
    try {
      const ge = await gameAndEngine(variant, o, interrupt);
      const g = ge.g;
      engine = ge.engine;
      const limits = searchLimits(o, 5000);
      if (!o.json) {
        out(`${variant}: ${g.position()}`);
        out(g.boardText(o.labels) + '\n');
        out(`analysing (${Object.entries(limits).map(([k, v]) => `${k} ${v}`).join(', ')})...`);
      }
      // a signal stops the analysis at its last completed iteration: that result is kept
      const r = await engine.search({ ...limits, ...(showProgress(o) ? { onIteration: (i: SearchInfo) => note(infoLine(i)) } : {}) });
      const analysis = { position: g.position(), ...searchJson(r) };
      if (!o.json) {
        out(resultLine(r) + '\n');
        out(`self-play at ${o.playMovetime} ms per move:`);
      }
      const game = await selfPlay(variant, { ...o, movetime: o.playMovetime, quiet: true }, g, engine, interrupt);
      if (o.json) out(JSON.stringify({ analysis, game }));
    } finally {
      await engine?.terminate();
      interrupt.end();
    }
  });

const tablebase = program.command('tablebase').description('tablebases (retrograde analysis): build Bagh Chal\'s movement phase, probe it or any game lattice solve has solved');

const layerLine = (r: LayerReport) => {
  const [g, t] = r.stats;
  return `layer ${r.layer} captured: ${r.distinct} positions (${r.slots} slots), max dtm ${r.maxDtm}, ` +
    `${r.loaded ? 'loaded from file' : `solved in ${(r.ms / 1000).toFixed(1)} s`}, memory ${r.memoryMB} MB\n` +
    `  goats to move: ${g.wins} win, ${g.draws} draw, ${g.losses} loss; tigers to move: ${t.wins} win, ${t.draws} draw, ${t.losses} loss`;
};

/**
 * The variant whose tablebase layer files (`<variant>-ctw<n>-c<layer>.lttb`, src/solve/format.ts) are
 * in `dir`: ArgumentError when there are none, or files of several variants (then --variant chooses).
 */
function tablebaseVariant(dir: string): { variant: string; ctw?: number } {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as { code?: string }).code === 'EACCES') throw new ArgumentError(`--dir ${dir}: no permission to read the directory (give --variant, or read access)`);
    if ((err as { code?: string }).code === 'ENOTDIR') throw new ArgumentError(`--dir ${dir}: not a directory`);
    throw new ArgumentError(`--dir ${dir}: no such directory (build one with "lattice tablebase build <variant> --dir ${dir}" or "lattice solve <variant> --dir ${dir}")`);
  }
  const files = names.map(parseLayerFileName).filter((f) => f !== null);
  // the generic solver's layer files: <variant>-<options tag>-c..-h..-e<n>.lgs (src/solve/generic.ts)
  const generic = names.map((n) => /^(.+)-[0-9a-f]{8}-c\d+\.\d+-h\d+\.\d+-e\d+\.lgs$/.exec(n)?.[1]).filter((v) => v !== undefined);
  const found = [...new Set([...files.map((f) => f.variant), ...generic])];
  const ctws = [...new Set(files.map((f) => f.capturesToWin))];
  if (found.length === 1) return { variant: found[0]!, ...(ctws.length === 1 ? { ctw: ctws[0]! } : {}) };
  throw new ArgumentError(found.length === 0 ? `--dir ${dir} holds no tablebase layer files (build them with "lattice tablebase build <variant> --dir ${dir}" or "lattice solve <variant> --dir ${dir}")` : `--dir ${dir} holds tablebases of ${found.join(', ')}: choose one with --variant`);
}

addProgress(tablebase.command('build <variant>'))
  .description('solve every movement-phase layer and write one file per layer (resumes from finished layers; progress: a bar per pass)')
  .option('--dir <dir>', 'directory for the layer files', 'tablebases')
  .addOption(new Option('--option <key=value>', 'set a variant option, repeatable (captures-to-win)').argParser(collect).default([], 'none'))
  .option('--threads <n>', 'solving threads (default: the machine\'s cores, at most 8)', intArg('--threads', 1, 64))
  .option('--redis <url>', 'solve the layers as jobs on `lattice worker` processes through this Redis server (--dir: the same directory on every machine), then load them here')
  .option('--json', 'print one JSON object on stdout')
  .action(async (variant: string, o: { dir: string; option: string[]; threads?: number; json?: boolean; progress?: boolean; redis?: string }) => {
    if (o.redis !== undefined) await layersOnWorkers(variant, o.dir, 'movement', o as typeof o & { redis: string });
    const bar = progressBar(showProgress(o), 'layer {layer} pass {pass} |{bar}| {percentage}% {what} | ETA {eta_formatted}');
    let current = '';
    const r = await buildTablebase(variant, {
      dir: o.dir,
      threads: o.threads,
      options: parseOptionArgs(o.option),
      onProgress: (p) => {
        if (!bar) return;
        const key = `${p.layer}/${p.pass}`;
        if (key !== current) { if (current) bar.stop(); bar.start(p.total, 0, { layer: p.layer, pass: p.pass, what: '' }); current = key; }
        const what = p.pass === 1 ? `${p.done} of ${p.total} positions counted`
          : `dtm level ${p.level}${p.done ? `, ${p.done} positions resolved` : ''}`;
        bar.update(p.done, { what });
        bar.render();
      },
      onLayer: (l) => { if (bar && current) { bar.stop(); current = ''; } if (!o.json) out(layerLine(l)); },
    });
    if (o.json) out(JSON.stringify({ variant, dir: o.dir, distinct: r.distinct, ms: r.ms, layers: r.layers }));
    else out(`total: ${r.distinct} distinct positions in ${(r.ms / 1000).toFixed(1)} s (files in ${o.dir})`);
  });

tablebase.command('probe <position>')
  .description('the tablebase verdict of a position: win/draw/loss, distance to mate, best move and line (Bagh Chal\'s movement phase, or any game lattice solve has solved into --dir)')
  .option('--variant <variant>', 'the variant (default: the variant of the tablebase files in --dir)')
  .option('--dir <dir>', 'directory of the layer files', 'tablebases')
  .addOption(new Option('--option <key=value>', 'set a variant option, repeatable').argParser(collect).default([], 'none'))
  .option('--json', 'print one JSON object on stdout')
  .action(async (position: string, o: { variant?: string; dir: string; option: string[]; json?: boolean }) => {
    const found = o.variant === undefined ? tablebaseVariant(o.dir) : undefined;
    const variant = o.variant ?? found!.variant;
    if (!familyOf(variant)) checkGameArgs(variant, {});   // an unknown variant: the usual message
    if (!familyOf(variant)!.tablebases) throw new ArgumentError(`tablebases exist for the lattice hunt games, not for ${variant}`);
    let options = parseOptionArgs(o.option);
    // the files' captures-to-win when one value is there and none is given
    if (found?.ctw !== undefined && options['captures-to-win'] === undefined) options['captures-to-win'] = String(found.ctw);
    // a solved game's files name their options: when none are given and one set is there, those
    if (o.option.length === 0) {
      const { solvedOptionSets } = await import('../solve/generic.js');
      const sets = solvedOptionSets(o.dir, variant);
      if (sets.length === 1) options = sets[0]!;
    }
    const g = await createGame(variant, { position, options, tbDir: o.dir });
    const p = g.probe!();   // a family with tablebases implements probe()
    if (!p) {
      throw new ArgumentError(await solverOf(variant, options) === 'movement' ? 'the position is not in the movement-phase tablebase (goats still in hand)'
        : 'the position is not in the loaded tables (a layer the solver leaves out, such as an odd number of dogs captured by intervention)');
    }
    if (o.json) { out(JSON.stringify(p)); return; }
    out(`${p.wdl}${p.dtm === null ? '' : ` in ${p.dtm} ${p.dtm === 1 ? 'ply' : 'plies'}`} for the side to move; best move ${p.bestmove ?? '(none)'}`);
    if (p.line.length) out(`line: ${p.line.join(' ')}`);
  });

addProgress(program.command('solve <variant>'))
  .description('solve a hunt game backwards, layer by layer, one file per layer (resumable): Bagh Chal\'s rule profile by its ' +
    'own fast solver (the start position\'s value and the most captures the tigers can force; captures-to-win 1..5), every ' +
    'other hunt game of at most 64 points by the generic solver (--generic: Bagh Chal too); or with --position prove that ' +
    'position\'s value by forward search over Bagh Chal tablebases already built')
  .option('--generic', 'use the generic solver even for Bagh Chal\'s rule profile')
  .option('--estimate', 'print each layer\'s index size and the memory and disk the generic solve needs, and stop')
  .option('--verify', 'after the generic solve, check every stored value against its successors\'')
  .option('--position <string>', 'prove this position instead, by forward search down to the movement-phase tablebase')
  .option('--dir <dir>', 'directory of the tablebase files (the whole-game solve builds missing ones there) and of its checkpoints', 'tablebases')
  .addOption(new Option('--tb-dir <dir>', 'the same as --dir').hideHelp())
  .addOption(new Option('--option <key=value>', 'set a variant option, repeatable').argParser(collect).default([], 'none'))
  .option('--threads <n>', 'solving threads (default: the machine\'s cores, at most 8; the generic solver: layers side by side, as many as the memory holds at its largest need)', intArg('--threads', 1, 64))
  .option('--nodes <n>', 'with --position: give up (value unknown) after this many nodes per proof', intArg('--nodes', 1, Number.MAX_SAFE_INTEGER), 50_000_000)
  .option('--hash <MiB>', `with --position: transposition table size in MiB, 1..${MAX_HASH_MB}`, intArg('--hash', 1, MAX_HASH_MB), 256)
  .option('--redis <url>', 'solve the layers as jobs on `lattice worker` processes through this Redis server (--dir: the same directory on every machine): the generic solver\'s layers, or Bagh Chal\'s movement-phase tablebases (its placement pass then runs here)')
  .option('--json', 'print one JSON object on stdout')
  .action(async (variant: string, o: { position?: string; dir: string; tbDir?: string; option: string[]; threads?: number; nodes: number; hash: number; json?: boolean; progress?: boolean; generic?: boolean; estimate?: boolean; verify?: boolean; redis?: string }) => {
    const dir = o.tbDir ?? o.dir;
    if (o.redis !== undefined && o.position !== undefined) throw new ArgumentError('--redis solves layers on the workers; --position proves one position here (give one or the other)');
    if (o.redis !== undefined && o.estimate) throw new ArgumentError('--estimate prints the layers\' sizes here and solves nothing: leave out --redis');
    if (o.position === undefined) {
      const options = parseOptionArgs(o.option);
      if (!o.generic) checkGameArgs(variant, { options });   // an unknown variant or option: the usual message
      // the solver that covers the variant (Bagh Chal's rule profile: its own), or the generic one as asked
      if ((o.generic ? 'generic' : await solverOf(variant, options)) === 'generic') {
        if (o.redis !== undefined) await layersOnWorkers(variant, dir, 'generic', o as typeof o & { redis: string });
        await solveGeneric(variant, dir, o);
      } else if (o.estimate || o.verify) throw new ArgumentError(`--estimate and --verify are the generic solver's: add --generic (${variant} has Bagh Chal's rule profile, which its own solver solves)`);
      else {
        if (o.redis !== undefined) await layersOnWorkers(variant, dir, 'whole', o as typeof o & { redis: string });
        await solveWholeGame(variant, dir, o);
      }
      return;
    }
    const tb = FAMILIES.find((f) => f.tablebases)!;
    if (familyOf(variant)?.tablebases !== true) {
      // the message of the lattice family's own create, as before
      throw new UnknownVariantError(variant, [...tb.ids()], `is not a ${tb.name} game (${tb.gameClass} plays ${tb.ids().join(', ')}; createGame() plays every variant of every family)`);
    }
    const g = await createGame(variant, { position: o.position, options: parseOptionArgs(o.option), hashMb: o.hash, tbDir: dir });
    const show = showProgress(o);
    const tty = process.stderr.isTTY === true;
    const r = g.solve!({ nodeLimit: o.nodes, ...(show ? { onProgress: (n: number) => process.stderr.write(tty ? `\r${n} nodes` : `${n} nodes\n`) } : {}) });
    if (show && tty) process.stderr.write('\n');
    if (o.json) out(JSON.stringify({ variant, position: g.position(), ...r }));
    else out(`${g.position()}: ${r.value}${r.value === 'unknown' ? '' : ' for the side to move'} (${r.nodes} nodes, ${(r.ms / 1000).toFixed(1)} s)`);
  });

/**
 * The layers of a solve or tablebase build run as jobs on `lattice worker` processes
 * (src/distributed/solve.ts), before the local command loads them from `dir` and prints as usual.
 * Progress: a line on stderr per finished job.
 */
async function layersOnWorkers(variant: string, dir: string, mode: 'movement' | 'whole' | 'generic', o: { redis: string; option: string[]; progress?: boolean }): Promise<void> {
  const { distributedSolve } = await import('../distributed/solve.js');
  const show = showProgress(o);
  const r = await distributedSolve({
    redis: o.redis, variant, options: parseOptionArgs(o.option), dir, mode,
    onNoWorkers: () => note(`no worker is connected to ${o.redis}: the jobs wait in the queue until one is (start one with "lattice worker --redis ${o.redis}")`),
    onWarning: (m) => note(`warning: ${m}`),
    onLayer: (what, l, reused) => {
      if (show) note(`layer job ${what}: ${l.file}, ${l.bytes} bytes, ${reused ? 'finished by an earlier run' : l.loaded ? `loaded by ${l.worker} from the file there` : `${(l.ms / 1000).toFixed(1)} s on ${l.worker}`}`);
    },
  });
  if (show) note(`${r.jobs} layer jobs done on the workers in ${(r.ms / 1000).toFixed(1)} s (${r.reused} finished by an earlier run); loading them here`);
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

/**
 * `lattice solve <variant>` by the generic solver (src/solve/generic.ts): --estimate prints the index
 * sizes and stops; otherwise every layer is solved or loaded from --dir, then the start's value, its best
 * line and the longest win are printed (--verify checks every value against its successors').
 */
async function solveGeneric(variant: string, dir: string, o: { option: string[]; json?: boolean; progress?: boolean; estimate?: boolean; verify?: boolean; threads?: number }): Promise<void> {
  const { HuntSolver, maxGenericThreads } = await import('../solve/generic.js');
  checkGameArgs(variant, { options: parseOptionArgs(o.option) });
  if (familyOf(variant)?.tablebases !== true) throw new ArgumentError(`${variant} is not a hunt game: lattice solve covers the hunt games (lattice variants lists them)`);
  const solver = await HuntSolver.create(variant, parseOptionArgs(o.option));
  const est = solver.estimate;
  // layers side by side (HuntSolver.solve threads): by default the machine's cores, at most 8, and as many as its memory holds
  const threads = o.threads ?? Math.max(1, Math.min(8, availableParallelism(), maxGenericThreads(est), est.layers.length));
  // the stack vector where other layers share the total (GenericLayer.split)
  const layerText = (l: { captured: number[]; hand: number[]; excess: number; stacks: number[]; split: boolean }) =>
    `captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}, stack excess ${l.excess}${l.split ? ` (${est.stackPoints.map((p, i) => `${p} ${l.stacks[i]}`).join(', ')})` : ''}`;
  if (o.estimate) {
    if (o.json) { out(JSON.stringify(est)); return; }
    // where a layer's successors do not fit beside it: read in groups (an exit pass each but the last)
    const groups = (i: number) => (est.successorGroups[i]! > 1 ? `, successors read in ${est.successorGroups[i]} groups` : '');
    est.layers.forEach((l, i) => out(`${layerText(l)}: ${l.slots} slots, ${mib(2 * l.slots)}${groups(i)}`));
    out(`${est.layers.length} layer${est.layers.length === 1 ? '' : 's'}, ${est.slots} slots (${est.symmetries} symmetr${est.symmetries === 1 ? 'y' : 'ies'}); disk ${mib(est.diskBytes)}`);
    out(`memory while solving: ${mib(est.memoryBytes)} at the peak (values of up to ${est.liveLayers} layers at once: ${mib(est.valueBytes)}; counters and buckets of the largest layer: ${mib(est.memoryBytes - est.valueBytes)}); every layer at once (loading for the search): ${mib(est.loadBytes)}`);
    const grouped = est.successorGroups.filter((g) => g > 1).length;
    if (grouped > 0 || est.rereads > 0) {
      const worst = est.successorGroups.indexOf(Math.max(...est.successorGroups));
      out(`successors read in groups by ${grouped} layer${grouped === 1 ? '' : 's'} (the most: ${est.successorGroups[worst]} groups, ${layerText(est.layers[worst]!)}); ${est.rereads} layer files read back from --dir; the most one layer needs at once: ${mib(est.needBytes)} (its values, the largest group of its successors, counters and buckets)`);
    }
    out(est.refusal === null ? 'fits this solver' : `refused: ${est.refusal}`);
    return;
  }
  if (est.refusal !== null) throw new TablebaseError(`${variant} does not fit this solver: ${est.refusal} (lattice solve ${variant} --estimate shows the layers)`);
  const bar = progressBar(showProgress(o), threads > 1
    ? 'layers |{bar}| {value}/{total} on {threads} threads | ETA {eta_formatted}'
    : 'layer {layer}/{layers} pass {pass} |{bar}| {percentage}% {what} | ETA {eta_formatted}');
  let current = '';
  if (bar && threads > 1) { bar.start(est.layers.length, 0, { threads }); current = 'threads'; }
  const t0 = Date.now();
  const layers = await solver.solve({
    dir,
    threads,
    onProgress: (p) => {
      if (!bar || threads > 1) return;
      const key = `${p.layer}/${p.pass}`;
      if (key !== current) { if (current) bar.stop(); bar.start(p.total, 0, { layer: p.layer + 1, layers: p.layers, pass: p.pass, what: '' }); current = key; }
      bar.update(p.pass === 1 ? p.done : Math.min(p.done, p.total), { what: p.pass === 1 ? 'positions counted' : `level ${p.level}, ${p.done} resolved` });
    },
    onLayer: (r) => {
      // pass 2 ends below its total by the layer's draws (never resolved, so never counted): the bar ends full
      if (bar && threads > 1) bar.increment();
      else if (bar && current) { bar.update(bar.getTotal(), { what: 'done' }); bar.stop(); current = ''; }
      if (!o.json) out(`${layerText(r)}: ${r.positions} positions, ${r.wins} win, ${r.draws} draw, ${r.losses} loss (side to move), longest ${r.maxPlies} plies, ${r.loaded ? 'loaded' : `${(r.ms / 1000).toFixed(1)} s`}`);
    },
  });
  if (bar && current) bar.stop();
  const ms = Date.now() - t0;
  const verified = o.verify ? (await solver.verify()).reduce((a, b) => a + b, 0) : null;
  const start = solver.startText();
  const { bestLine } = await import('../solve/line.js');
  const { value, line } = await bestLine(solver, start);
  const positions = layers.reduce((a, l) => a + l.positions, 0);
  const longest = layers.reduce((a, l) => Math.max(a, l.maxPlies), 0);
  const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  if (o.json) {
    out(JSON.stringify({ variant, options: est.options, dir, start, value, line, positions, layers: layers.length, longest, ms, peakRssMB, ...(verified === null ? {} : { disagreements: verified }) }));
    if (verified !== null && verified > 0) process.exitCode = 1;
    return;
  }
  const said = value === null ? 'unknown' : value.result === 'draw' ? 'a draw with best play' : `a ${value.result} in ${value.plies} plies for the side to move`;
  out(`${start}: ${said}`);
  if (line.length) out(`best line: ${line.join(' ')}`);
  out(`${positions} positions in ${layers.length} layer${layers.length === 1 ? '' : 's'}, ${(ms / 1000).toFixed(1)} s, peak memory ${peakRssMB} MB; the longest win or loss: ${longest} plies (files in ${dir})`);
  if (verified !== null) out(`verified: ${verified} positions disagree with their successors`);
  if (verified !== null && verified > 0) {
    note(`error: the verification found ${verified} stored values that disagree with their successors: the files in ${dir} are wrong (remove them and solve again)`);
    process.exitCode = 1;
  }
}

/** `lattice solve <variant>` without --position: the backward solve of the whole game (src/solve/placement.ts). */
async function solveWholeGame(variant: string, dir: string, o: { option: string[]; threads?: number; json?: boolean; progress?: boolean }): Promise<void> {
  const { solveGame } = await import('../solve/placement.js');
  const bar = progressBar(showProgress(o), '{what} |{bar}| {percentage}% | {step} | layer ETA {eta_formatted}', 200);
  let current = '';
  const say = (line: string) => { if (bar && current) { bar.stop(); current = ''; } if (!o.json) out(line); };
  const r = await solveGame(variant, {
    dir, threads: o.threads, options: parseOptionArgs(o.option),
    onProgress: (p) => {
      if (!bar) return;
      const key = p.stage === 'movement' ? `m${p.movement!.capturesToWin}/${p.movement!.layer}/${p.movement!.pass}` : `${p.stage}/${p.placed}/${p.captured}/${p.side}`;
      const step = p.stage === 'movement' ? 'building the movement-phase tablebases' : `step ${p.step}/${p.steps}`;
      const what = p.stage === 'movement'
        ? `movement tablebase captures-to-win ${p.movement!.capturesToWin}, layer ${p.movement!.layer} pass ${p.movement!.pass}`
        : `${p.stage === 'convert' ? 'from the movement tablebase' : 'placement'}: ${p.placed} placed, ${p.captured} captured, ${p.side} to move`;
      const total = p.stage === 'movement' ? p.movement!.total : p.total;
      if (key !== current) { if (current) bar.stop(); bar.start(Math.max(total, 1), 0, { what, step }); current = key; }
      bar.update(p.stage === 'movement' ? p.movement!.done : p.done, { what, step });
    },
    onMovementLayer: (k, l) => say(`movement tablebase captures-to-win ${k}: ${layerLine(l)}`),
    onLayer: (l) => say(`${l.placed} placed, ${l.captured} captured, ${l.side} to move: ${l.positions} positions, ` +
      `${l.loaded ? 'loaded from checkpoint' : `${(l.ms / 1000).toFixed(1)} s`}; tigers win ${l.tigersWin}, goats win ${l.goatsWin}, draw ${l.draws}`),
  });
  if (bar && current) bar.stop();
  if (o.json) { out(JSON.stringify(r)); return; }
  const who = r.value === 'draw' ? 'a draw' : r.value === 'win' ? 'a win for the goats (the side to move)' : 'a win for the tigers';
  out(`${r.position}: ${who} with best play${r.loaded ? ' (from the solution file of an earlier run)' : ''}`);
  out(`the most goats the tigers can force to capture: ${r.forcedCaptures} (of ${r.capturesToWin} needed to win)`);
  out(`${r.positions} placement positions solved in ${(r.placementMs / 1000).toFixed(1)} s${r.runs > 1 ? ` (over ${r.runs} runs)` : ''}; ` +
    `${r.runs > 1 ? 'last run' : 'whole run'} ${(r.ms / 1000).toFixed(1)} s on ${r.threads} thread${r.threads === 1 ? '' : 's'}, peak memory ${r.peakRssMB} MB`);
}

program.command('serve')
  .description('serve the page to play and analyse every game in a browser (cross-origin isolated; Ctrl-C stops it)')
  .option('--port <port>', 'TCP port (0: any free one)', intArg('--port', 0, 65535), 8080)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--tb-dir <dir>', 'directory of tablebase files: the page shows their verdict (Bagh Chal rule profile)')
  .option('--open', 'open the page in the default browser')
  .option('--json', 'print one JSON object on stdout once listening: { url, host, port, isolated, tablebase }')
  .action(async (o: { port: number; host: string; tbDir?: string; open?: boolean; json?: boolean }) => {
    const { startServer } = await import('../serve.js');
    const server = await startServer({ port: o.port, host: o.host, tbDir: o.tbDir });
    const { url, host, port, isolated, tablebase } = server;
    out(o.json ? JSON.stringify({ url, host, port, isolated, tablebase }) : `lattice serve: ${url}`);
    const stop = () => { void server.close().then(() => process.exit(0)); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (o.open) {
      const { default: open } = await import('open');
      const failed = (err: unknown) => note(`could not open a browser: ${err instanceof Error ? err.message : String(err)}; open ${server.url} yourself`);
      // a missing opener is an 'error' event on its process, not a rejection: the server stays up either way
      await open(server.url).then((child) => { child.on('error', failed); }, failed);
    }
  });

program.command('worker')
  .description('take jobs (perft subtrees, solver layers) from the queue on a Redis server and run them with the engine, until Ctrl-C; any number of workers, on any machines that reach the server (README "More than one machine")')
  .requiredOption('--redis <url>', 'the Redis server of the queue, redis://[user:password@]host[:port][/db]')
  .option('--concurrency <n>', 'jobs run at a time, each on an engine of its own (a thread)', intArg('--concurrency', 1, 256), 1)
  .option('--threads <n>', 'threads a Bagh Chal movement-phase layer job may use', intArg('--threads', 1, 64), 1)
  .option('--lock-ms <ms>', 'how long a job\'s lock lasts unrenewed: a killed worker\'s job runs again elsewhere within about this long', intArg('--lock-ms', 1000, 3_600_000), 30_000)
  .option('--json', 'print each event (ready, start, done, failed, error) as one JSON object a line')
  .action(async (o: { redis: string; concurrency: number; threads: number; lockMs: number; json?: boolean }) => {
    const { startWorker } = await import('../distributed/worker.js');
    const short = (id: string) => (id.length > 24 ? `${id.slice(0, 24)}...` : id);
    const w = await startWorker({
      redis: o.redis, concurrency: o.concurrency, threads: o.threads, lockMs: o.lockMs,
      onEvent: (e) => {
        if (o.json) { out(JSON.stringify(e)); return; }
        if (e.event === 'ready') out(`lattice worker ${e.worker}: ${e.concurrency} job${e.concurrency === 1 ? '' : 's'} at a time on ${e.redis} (Redis ${e.version}), locks of ${e.lockMs / 1000} s; Ctrl-C stops`);
        else if (e.event === 'start') out(`start ${short(e.job)} (${e.kind}${e.attempt > 1 ? `, attempt ${e.attempt}` : ''})`);
        else if (e.event === 'done') out(`done  ${short(e.job)} in ${e.ms} ms${'nodes' in e.result ? `: ${e.result.nodes} leaves` : `: ${e.result.file}${e.result.loaded ? ' (loaded)' : ''}`}`);
        else if (e.event === 'failed') out(`failed ${short(e.job)}: ${e.error}`);
        else note(`redis: ${e.error}`);
      },
    });
    // a signal stops taking jobs at once: the jobs running are left to BullMQ's stalled check, which
    // gives them to another worker once their locks run out (--lock-ms); the process then ends, even
    // if its server is gone (a close that cannot reach it is given 3 s)
    await new Promise<void>((resolve) => {
      const stop = (signal: NodeJS.Signals) => {
        note('interrupted: the jobs running here go back to the queue once their locks run out');
        process.once(signal, () => process.exit(exitCodeOf(signal)));
        void Promise.race([w.close(true), new Promise((r) => setTimeout(r, 3000))]).finally(() => { resolve(); process.exit(exitCodeOf(signal)); });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  });

program.command('jobs')
  .description('what the queue on a Redis server holds (jobs by state, workers connected); --clean removes every lattice job and result from it')
  .requiredOption('--redis <url>', 'the Redis server of the queue, redis://[user:password@]host[:port][/db]')
  .option('--clean', 'remove the queue\'s jobs and results (refused while jobs run)')
  .option('--json', 'print one JSON object on stdout')
  .action(async (o: { redis: string; clean?: boolean; json?: boolean }) => {
    const { queueStatus, cleanQueue } = await import('../distributed/admin.js');
    const before = await queueStatus(o.redis);
    if (o.clean) await cleanQueue(o.redis);
    if (o.json) { out(JSON.stringify({ ...before, ...(o.clean ? { cleaned: true } : {}) })); return; }
    out(`${before.redis} queue ${before.queue}: ${Object.entries(before.counts).map(([k, n]) => `${n} ${k}`).join(', ')}; ${before.workers} worker${before.workers === 1 ? '' : 's'} connected`);
    if (o.clean) out('removed every job and result of the queue');
  });

program.command('variants')
  .description('list the variants with their options, defaults and rule sources')
  .option('--json', 'print one JSON object on stdout')
  .action((o: { json?: boolean }) => {
    const list = listVariants();
    if (o.json) { out(JSON.stringify({ variants: list })); return; }
    for (const v of list) {
      out(`${v.id}  ${v.name}  (${v.source})\n  start: ${v.start}`);
      for (const d of v.options) {
        const range = d.type === 'int' ? `<${d.min}..${d.max ?? ''}>` : '';
        out(`  --option ${d.name}=${[...(d.values ?? []), range].filter(Boolean).join('|')}  default ${d.default}: ${d.description} [${d.source}]`);
      }
    }
  });

/**
 * Makes every option of every command refuse a second occurrence (`--depth 5 --depth 9`, `--json
 * --json`), as `--option key=...` refuses a repeated key; only the repeatable --option collects. A flag
 * and its negation (`--progress --no-progress`) are two options: the last one given wins.
 */
function refuseRepeats(cmd: Command): void {
  for (const opt of cmd.options) {
    if (opt.variadic || opt.long === '--option') continue;
    const parse = opt.parseArg;
    let seen = false;
    if (opt.required || opt.optional) {
      opt.argParser((value: string, previous: unknown) => {
        if (seen) throw new InvalidArgumentError(`${opt.long} is given twice`);
        seen = true;
        return parse ? parse(value, previous) : value;
      });
    } else {
      // a flag: commander calls the parser with no value and then sets true (false for --no-...)
      opt.argParser(() => {
        if (seen) cmd.error(`error: ${opt.long} is given twice`, { exitCode: 2, code: 'lattice.repeatedOption' });
        seen = true;
        return undefined;
      });
    }
  }
  for (const sub of cmd.commands) refuseRepeats(sub);
}
refuseRepeats(program);

// exitCode, not process.exit(): let stdout and stderr drain before the process ends
try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exitCode = err.exitCode === 0 ? 0 : 2;
  else if (err instanceof LatticeError) {
    process.stderr.write(`error: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = 2;
  } else if (err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string') {
    // the file system refused (a missing directory, no permission, a full disk): the user's to fix
    process.stderr.write(`error: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
