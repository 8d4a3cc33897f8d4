/**
 * `lattice perft`: leaf counts at a depth, here (with a bar over the root moves counted in a worker
 * thread, perft-thread.ts) or as subtree jobs on `lattice worker` processes (--redis).
 */
import { Worker } from 'node:worker_threads';
import type { Command } from 'commander';
import type { AnyGame } from '../engine.js';
import { ArgumentError, LatticeError, reviveError, type ErrorRecord } from '../contract/errors.js';
import { MAX_PERFT_DEPTH } from '../contract/limits.js';
import { parseOptionArgs } from '../contract/args.js';
import { addCommon, gameFor, intArg, intPositional, type Common } from './args.js';
import { JobsEta, addProgress, progressBar, showProgress, stopOnSignals, workersText } from './progress.js';
import { note, out } from './output.js';
import { noWorkers } from './jobs.js';

interface PerftOpts extends Common {
  divide?: boolean;
  movetime?: number;
  redis?: string;
  split?: number;
}

/** Registers `lattice perft <variant> <depth>`. */
export function registerPerft(program: Command): void {
  addProgress(addCommon(program.command('perft <variant> <depth>'), false))
    .description(
      `count leaf nodes at exactly <depth> plies, 0..${MAX_PERFT_DEPTH} (bulk counting); ` +
        'progress: a bar over the root moves',
    )
    .option('--divide', 'also count per root move (depth >= 1)')
    .option('--movetime <ms>', 'give up after this many milliseconds (exit 2)', intArg('--movetime', 1, 86_400_000))
    .option(
      '--redis <url>',
      'count on `lattice worker` processes through this Redis server (redis://host:port): ' +
        'subtree jobs, see README "More than one machine"',
    )
    .option(
      '--split <plies>',
      'with --redis: split the tree into jobs at this many plies (default: the first ply ' +
        'with 200 or more distinct positions, at most depth - 1)',
      intArg('--split', 0, MAX_PERFT_DEPTH),
    )
    .action(async (variant: string, depthText: string, o: PerftOpts) => {
      stopOnSignals();
      const depth = intPositional('depth', depthText, 0, MAX_PERFT_DEPTH);
      if (o.divide && depth < 1) {
        throw new ArgumentError('--divide means nothing at depth 0 (lattice perft: it needs depth >= 1, a root move)');
      }
      if (o.redis !== undefined) {
        await perftOnWorkers(variant, depth, o as PerftOpts & { redis: string });
        return;
      }
      const g = await gameFor(variant, o);
      const t0 = performance.now();
      let divide: Record<string, number> | undefined, nodes: number;
      let ms: number;
      // a perft that may take long counts in a worker thread: this one stays free for the bar and for signals
      if (depth >= 2) ({ nodes, divide, ms } = await perftInThread(variant, g, o, depth, showProgress(o)));
      else {
        const limits = o.movetime !== undefined ? { movetime: o.movetime } : {};
        divide = o.divide ? g.divide(depth, limits) : undefined;
        nodes = divide ? Object.values(divide).reduce((a, b) => a + b, 0) : g.perft(depth, limits);
        ms = Math.round(performance.now() - t0);
      }
      printPerft(variant, g.position(), depth, nodes, ms, divide, o.json);
    });
}

/** What perft prints, here or on the workers: the JSON object, or the divide's lines and the count. */
function printPerft(
  variant: string,
  position: string,
  depth: number,
  nodes: number,
  ms: number,
  divide: Record<string, number> | undefined,
  json: boolean | undefined,
): void {
  if (json) {
    out(JSON.stringify({ variant, position, depth, nodes, ms, ...(divide ? { divide } : {}) }));
    return;
  }
  if (divide) for (const [m, n] of Object.entries(divide).sort()) out(`${m}: ${n}`);
  out(`perft ${depth} = ${nodes}  (${ms} ms, ${ms > 0 ? (nodes / ms / 1000).toFixed(1) : '-'} Mnps)  ${position}`);
}

type PerftOutcome = { nodes: number; divide?: Record<string, number>; ms: number };
type PerftMessage =
  | { type: 'progress'; done: number; total: number; move: string; nodes: number }
  | ({ type: 'done' } & PerftOutcome)
  | { type: 'error'; error: ErrorRecord };
/**
 * perft/divide in a worker thread (perft-thread.ts), so that the main thread stays free: SIGINT and SIGTERM
 * end the run at once (exit 130 / 143), and with `show` a bar over the root moves (0/N at once) has its
 * elapsed time move while a root move runs. `ms`: the count's own time in the thread. Rejects with the
 * worker's error revived (class and code kept).
 */
async function perftInThread(
  variant: string,
  g: AnyGame,
  o: PerftOpts,
  depth: number,
  show: boolean,
): Promise<PerftOutcome> {
  const bar = progressBar(
    show,
    `perft ${depth} |{bar}| {value}/{total} root moves | {duration_formatted} | {move} | ` + '{nodes} leaves so far',
  );
  bar?.start(g.legalMoves().length, 0, { move: 'first root move', nodes: 0 }); // never an empty field
  const w = new Worker(new URL('./perft-thread.js', import.meta.url), {
    workerData: {
      variant,
      position: g.position(),
      options: parseOptionArgs(o.option),
      depth,
      divide: o.divide === true,
      movetime: o.movetime,
    },
  });
  let sum = 0;
  try {
    return await new Promise<PerftOutcome>((resolve, reject) => {
      w.on('message', (m: PerftMessage) => {
        if (m.type === 'progress') {
          sum += m.nodes;
          bar?.update(m.done, { move: `last ${m.move}`, nodes: sum });
          bar?.render();
        } else if (m.type === 'done') resolve({ nodes: m.nodes, ms: m.ms, ...(m.divide ? { divide: m.divide } : {}) });
        else reject(reviveError(m.error));
      });
      w.on('error', reject);
      w.on('exit', (code) =>
        reject(new LatticeError('thread-exit', `the perft thread ended early (exit code ${code})`)),
      );
    });
  } finally {
    bar?.stop();
    await w.terminate();
  }
}

/**
 * `lattice perft ... --redis URL`: the tree split into subtree jobs that `lattice worker` processes count
 * (src/distributed/perft.ts); prints what the local perft prints. Progress: a bar over the jobs (leaves
 * counted, their rate, the workers connected); stderr also gets a line saying how the tree was split.
 */
async function perftOnWorkers(variant: string, depth: number, o: PerftOpts & { redis: string }): Promise<void> {
  const { distributedPerft } = await import('../distributed/perft.js');
  const show = showProgress(o);
  const bar = progressBar(
    show,
    `perft ${depth} |{bar}| {value}/{total} jobs | {leaves} leaves | {rate} M leaves/s | ` + 'ETA {wait} | {workers}',
  );
  const t0 = performance.now();
  const eta = new JobsEta();
  let started = false;
  // the bar stops whatever the run ends with (its redraw timer would keep the process alive after an error)
  const r = await distributedPerft({
    redis: o.redis,
    variant,
    depth,
    divide: o.divide,
    split: o.split,
    movetime: o.movetime,
    options: parseOptionArgs(o.option),
    ...(o.position !== undefined ? { position: o.position } : {}),
    onNoWorkers: () => note(noWorkers(o.redis)),
    onWarning: (m) => note(`warning: ${m}`),
    onProgress: (p) => {
      if (!bar) return;
      const s = (performance.now() - t0) / 1000;
      const payload = {
        leaves: p.leaves,
        rate: s > 0 ? (p.leaves / s / 1e6).toFixed(1) : '-',
        workers: workersText(p.workers),
        wait: eta.text(p),
      };
      if (!started) {
        bar.start(p.total, p.done, payload);
        started = true;
      } else bar.update(p.done, payload);
    },
  }).finally(() => {
    if (bar && started) bar.stop();
  });
  if (show) note(`split at ${r.split} plies: ${r.jobs} jobs, ${r.reused} of them finished by an earlier run`);
  printPerft(variant, r.position, depth, r.nodes, r.ms, r.divide, o.json);
}
