/**
 * `lattice tablebase build|probe` and `lattice solve`: the solvers of src/solve/ behind one seam (the
 * solver a game takes is theirs to say: src/solve/seam.ts solverFor, tablebaseSolverFor), here or as layer jobs on
 * `lattice worker` processes (--redis), and the verdicts of their tables through the family contract (AnyGame.probe,
 * AnyGame.solve).
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Option, type Command } from 'commander';
import { FAMILIES, checkGameArgs, createGame, familyOf } from '../engine.js';
import {
  ArgumentError,
  LatticeError,
  TablebaseError,
  UnknownVariantError,
  reviveError,
  type ErrorRecord,
} from '../contract/errors.js';
import type { SolveReport } from '../contract/types.js';
import { MAX_HASH_MB, parseOptionArgs, suggestCommand } from '../contract/args.js';
import type { LayerReport } from '../solve/index.js';
import type { TableDifference } from '../solve/manifest.js';
import { parseLayerFileName } from '../solve/format.js';
import { solverFor, tablebaseSolverFor, type GenericSeam, type WholeGameSeam } from '../solve/seam.js';
import { intArg, optionOption, optionsWithTables } from './args.js';
import { addProgress, progressBar, showProgress, stopOnSignals } from './progress.js';
import { note, out } from './output.js';
import { noWorkers } from './jobs.js';

interface SolveOpts {
  position?: string;
  dir: string;
  tbDir?: string;
  option: string[];
  threads?: number;
  nodes: number;
  hash: number;
  json?: boolean;
  progress?: boolean;
  generic?: boolean;
  estimate?: boolean;
  verify?: boolean;
  redis?: string;
  keepPlacement?: boolean;
  stopAt?: number;
}

/** Registers `lattice tablebase build`, `lattice tablebase probe` and `lattice solve`. */
export function registerSolve(program: Command): void {
  const tablebase = program
    .command('tablebase')
    .description(
      "tablebases (retrograde analysis): build Bagh Chal's " +
        'movement phase, probe it or any game lattice solve has solved',
    );

  addProgress(tablebase.command('build <variant>'))
    .description(
      'solve every movement-phase layer and write one file per layer (resumes from finished layers; ' +
        'progress: a bar per pass)',
    )
    .option('--dir <dir>', 'directory for the layer files', 'tablebases')
    .addOption(optionOption('set a variant option, repeatable (captures-to-win)'))
    .option('--threads <n>', "solving threads (default: the machine's cores, at most 8)", intArg('--threads', 1, 64))
    .option(
      '--redis <url>',
      'solve the layers as jobs on `lattice worker` processes through this Redis server ' +
        '(--dir: the same directory on every machine), then load them here',
    )
    .option('--json', 'print one JSON object on stdout')
    .action(
      async (
        variant: string,
        o: {
          dir: string;
          option: string[];
          threads?: number;
          json?: boolean;
          progress?: boolean;
          redis?: string;
        },
      ) => {
        stopOnSignals();
        const solver = tablebaseSolverFor(variant, parseOptionArgs(o.option));
        if (o.redis !== undefined)
          await layersOnWorkers(variant, o.dir, solver.jobs, o as typeof o & { redis: string });
        const bar = progressBar(
          showProgress(o),
          'layer {layer} pass {pass} |{bar}| {percentage}% {what} | ETA {eta_formatted}',
        );
        let current = '';
        const r = await solver.solve(o.dir, {
          threads: o.threads,
          onProgress: (p) => {
            if (!bar) return;
            const key = `${p.layer}/${p.pass}`;
            if (key !== current) {
              if (current) bar.stop();
              bar.start(p.total, 0, { layer: p.layer, pass: p.pass, what: '' });
              current = key;
            }
            const what =
              p.pass === 1
                ? `${p.done} of ${p.total} positions counted`
                : `dtm level ${p.level}${p.done ? `, ${p.done} positions resolved` : ''}`;
            bar.update(p.done, { what });
            bar.render();
          },
          onLayer: (l) => {
            if (bar && current) {
              bar.stop();
              current = '';
            }
            if (!o.json) out(layerLine(l));
          },
        });
        if (o.json) out(JSON.stringify({ variant, dir: o.dir, distinct: r.distinct, ms: r.ms, layers: r.layers }));
        else out(`total: ${r.distinct} distinct positions in ${(r.ms / 1000).toFixed(1)} s (files in ${o.dir})`);
      },
    );

  tablebase
    .command('probe <position>')
    .description(
      'the tablebase verdict of a position: win/draw/loss, distance to mate, best move and line (Bagh ' +
        "Chal's movement phase, or any game lattice solve has solved into --dir)",
    )
    .option('--variant <variant>', 'the variant (default: the variant of the tablebase files in --dir)')
    .option('--dir <dir>', 'directory of the layer files', 'tablebases')
    .addOption(optionOption())
    .option('--json', 'print one JSON object on stdout')
    .action(async (position: string, o: { variant?: string; dir: string; option: string[]; json?: boolean }) => {
      const found = o.variant === undefined ? tablebaseVariant(o.dir) : undefined;
      const variant = o.variant ?? found!.variant;
      if (!familyOf(variant)) checkGameArgs(variant, {}); // an unknown variant: the usual message
      if (!familyOf(variant)!.tablebases) {
        throw new ArgumentError(`tablebases exist for the lattice hunt games, not for ${variant}`);
      }
      // the tables' own options (their files' metadata) where --option leaves them open
      const options = optionsWithTables(variant, o.dir, parseOptionArgs(o.option), '--dir');
      const g = await createGame(variant, { position, options, tbDir: o.dir });
      const p = g.probe!(); // a family with tablebases implements probe()
      if (!p) {
        throw new ArgumentError(solverFor(variant, options).notInTables);
      }
      if (o.json) {
        out(JSON.stringify(p));
        return;
      }
      out(
        `${p.wdl}${p.dtm === null ? '' : ` in ${p.dtm} ${p.dtm === 1 ? 'ply' : 'plies'}`} for the side to move; ` +
          `best move ${p.bestmove ?? '(none)'}`,
      );
      if (p.line.length) out(`line: ${p.line.join(' ')}`);
    });

  tablebase
    .command('convert <dir>')
    .description(
      'rewrite the table files in <dir> written in an older format (LATTICTB, LATTICPL, LATTICGS) into ' +
        "today's, each checked first, its body unchanged and written atomically; files already new are skipped",
    )
    .option('--json', 'print one JSON object on stdout')
    .action(async (dir: string, o: { json?: boolean }) => {
      stopOnSignals();
      const { convertTableDir } = await import('../solve/table-file.js');
      const r = await convertTableDir(dir);
      if (o.json) {
        out(JSON.stringify(r));
        return;
      }
      for (const c of r.converted) out(`converted ${c.file} (${c.from}, ${c.bytes} bytes now)`);
      out(
        `${r.converted.length} file${r.converted.length === 1 ? '' : 's'} converted, ` +
          `${r.alreadyNew.length} already in the current format (in ${dir})`,
      );
    });

  addProgress(tablebase.command('check <dir>'))
    .description(
      "compare the table files in <dir> with their manifest (each file's size and SHA-256, a file missing, a file of " +
        'the set not listed): the manifests in <dir>, or --manifest; exit 1 when a file differs, 0 when all agree',
    )
    .option(
      '--manifest <path>',
      "a manifest file, or a directory of manifests (the repository's docs/solved: those for the files in <dir>)",
    )
    .option('--json', 'print one JSON object on stdout')
    .action(async (dir: string, o: { manifest?: string; json?: boolean; progress?: boolean }) => {
      stopOnSignals();
      const { checkTables } = await import('../solve/manifest.js');
      const show = showProgress(o);
      const r = await checkTables(dir, o.manifest, {
        onFile: show ? (name, bytes) => note(`hashing ${name} (${mib(bytes)})`) : undefined,
      });
      if (!r.ok) process.exitCode = 1;
      if (o.json) {
        out(JSON.stringify(r));
        return;
      }
      for (const c of r.checks) {
        const opts = Object.entries(c.options)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
        out(
          `${c.prefix} (${c.variant}${opts ? `, ${opts}` : ''}; manifest ${c.manifest}): ${c.files} file` +
            `${c.files === 1 ? '' : 's'} listed, ${c.agree} agree` +
            (c.differences.length ? `, ${c.differences.length} differ${c.differences.length === 1 ? 's' : ''}:` : ''),
        );
        for (const d of c.differences) out(`  ${d.file}: ${differenceText(d)}`);
      }
      out(r.ok ? `all files agree (in ${dir})` : `files differ from the manifest (in ${dir})`);
    });

  addProgress(program.command('solve <variant>'))
    .description(
      "solve a hunt game backwards, layer by layer, one file per layer (resumable): Bagh Chal's rule " +
        "profile by its own fast solver (the start position's value and the most captures the tigers can force; " +
        ('captures-to-win 1..5), every other hunt game of at most 64 points by the ' +
          'generic solver (--generic: Bagh Chal ') +
        "too); or with --position prove that position's value by forward search over Bagh Chal tablebases already " +
        'built',
    )
    .option('--generic', "use the generic solver even for Bagh Chal's rule profile")
    .option('--estimate', "print each layer's index size and the memory and disk the generic solve needs, and stop")
    .option('--verify', "after the generic solve, check every stored value against its successors'")
    .option(
      '--keep-placement',
      "Bagh Chal's whole game: keep every placement layer as a table file in --dir (about 17.4 GB for " +
        'captures-to-win 5), so that --tb-dir / loadTablebase play the placement phase from the solution',
    )
    .option(
      '--stop-at <placed>',
      "Bagh Chal's whole game: stop after the layers with this many goats placed (1..19; no answer then)",
      intArg('--stop-at', 1, 19),
    )
    .option(
      '--position <string>',
      'prove this position instead, by forward search down to the movement-phase tablebase',
    )
    .option(
      '--dir <dir>',
      'directory of the tablebase files (the whole-game solve builds missing ones there) and of ' + 'its checkpoints',
      'tablebases',
    )
    .addOption(new Option('--tb-dir <dir>', 'the same as --dir').hideHelp())
    .addOption(optionOption())
    .option(
      '--threads <n>',
      "solving threads (default: the machine's cores, at most 8; the generic solver: layers " +
        'side by side, as many as the memory holds at its largest need)',
      intArg('--threads', 1, 64),
    )
    .option(
      '--nodes <n>',
      'with --position: give up (value unknown) after this many nodes per proof',
      intArg('--nodes', 1, Number.MAX_SAFE_INTEGER),
      50_000_000,
    )
    .option(
      '--hash <MiB>',
      `with --position: transposition table size in MiB, 1..${MAX_HASH_MB}`,
      intArg('--hash', 1, MAX_HASH_MB),
      256,
    )
    .option(
      '--redis <url>',
      'solve the layers as jobs on `lattice worker` processes through this Redis server ' +
        "(--dir: the same directory on every machine): the generic solver's layers, or Bagh Chal's movement-phase " +
        'tablebases (its placement pass then runs here)',
    )
    .option('--json', 'print one JSON object on stdout')
    .action(async (variant: string, o: SolveOpts) => {
      stopOnSignals();
      // the combinations that mean nothing (--nodes without --position, ...) are refused before: combinations.ts
      const dir = o.tbDir ?? o.dir;
      if (o.position === undefined) await solveWhole(variant, dir, o);
      else await proveOne(variant, dir, o as SolveOpts & { position: string });
    });
}

/**
 * `lattice solve <variant>` without --position: by the solver src/solve/seam.ts solverFor hands out for
 * the variant (Bagh Chal's rule profile has its own), or by the generic one as asked (--generic); its
 * layers on the workers first with --redis. The solver's output by what it reports (its id).
 */
async function solveWhole(variant: string, dir: string, o: SolveOpts): Promise<void> {
  const options = parseOptionArgs(o.option);
  if (!o.generic) checkGameArgs(variant, { options }); // an unknown variant or option: the usual message
  const solver = solverFor(variant, options, { generic: o.generic });
  if ((o.keepPlacement || o.stopAt !== undefined) && solver.id !== 'whole-game')
    throw new ArgumentError(
      `${o.keepPlacement ? '--keep-placement' : '--stop-at'} is for Bagh Chal's whole-game solve (lattice solve: ` +
        `${variant}${o.generic ? ' with --generic' : ''} is solved by the generic solver)`,
    );
  if ((o.estimate || o.verify) && !('estimate' in solver && 'verify' in solver)) {
    // the one message form of combinations.ts; this one depends on the variant, so it is checked here
    throw new ArgumentError(
      `${o.estimate ? '--estimate' : '--verify'} means nothing without --generic (lattice solve: add ` +
        `--generic; ${variant} has Bagh Chal's rule profile, which its own solver solves)`,
    );
  }
  if (o.redis !== undefined) await layersOnWorkers(variant, dir, solver.jobs, o as SolveOpts & { redis: string });
  if (solver.id === 'generic') await solveGeneric(solver, dir, o);
  else await solveWholeGame(solver, dir, o);
}

/** `lattice solve <variant> --position P`: the position's value, proved by forward search down to the tables. */
async function proveOne(variant: string, dir: string, o: SolveOpts & { position: string }): Promise<void> {
  const tb = FAMILIES.find((f) => f.tablebases)!;
  if (familyOf(variant)?.tablebases !== true) {
    // the message of the lattice family's own create, as before
    throw new UnknownVariantError(
      variant,
      [...tb.ids()],
      `is not a ${tb.name} game (${tb.gameClass} plays ` +
        `${tb.ids().join(', ')}; createGame() plays every variant of every family)`,
    );
  }
  const show = showProgress(o);
  const tty = process.stderr.isTTY === true;
  const { position, report: r } = await proveInThread({
    variant,
    position: o.position,
    options: optionsWithTables(variant, dir, parseOptionArgs(o.option), o.tbDir === undefined ? '--dir' : '--tb-dir'),
    hashMb: o.hash,
    tbDir: dir,
    nodeLimit: o.nodes,
    progress: show,
    onProgress: (n: number) => process.stderr.write(tty ? `\r${n} nodes` : `${n} nodes\n`),
  });
  if (show && tty) process.stderr.write('\n');
  if (o.json) out(JSON.stringify({ variant, position, ...r }));
  else {
    out(
      `${position}: ${r.value}${r.value === 'unknown' ? '' : ' for the side to move'} (${r.nodes} nodes, ` +
        `${(r.ms / 1000).toFixed(1)} s)`,
    );
  }
}

/**
 * Proves a position in a worker thread (prove-thread.ts: the game made there with the tablebases of `tbDir`), so
 * that this thread stays free for SIGINT and SIGTERM. Resolves to the position's text and the SolveReport; rejects
 * with the thread's error revived (class and code kept: a bad position, a missing table).
 */
async function proveInThread(job: {
  variant: string;
  position: string;
  options: Record<string, string | number>;
  hashMb: number;
  tbDir: string;
  nodeLimit: number;
  progress: boolean;
  onProgress: (nodes: number) => void;
}): Promise<{ position: string; report: SolveReport }> {
  const { onProgress, ...data } = job;
  const w = new Worker(new URL('./prove-thread.js', import.meta.url), { workerData: data });
  type Message =
    | { type: 'progress'; nodes: number }
    | { type: 'done'; position: string; report: SolveReport }
    | { type: 'error'; error: ErrorRecord };
  try {
    return await new Promise((resolve, reject) => {
      w.on('message', (m: Message) => {
        if (m.type === 'progress') onProgress(m.nodes);
        else if (m.type === 'done') resolve({ position: m.position, report: m.report });
        else reject(reviveError(m.error));
      });
      w.on('error', reject);
      w.on('exit', (code) =>
        reject(new LatticeError('thread-exit', `the proving thread ended early (exit code ${code})`)),
      );
    });
  } finally {
    await w.terminate();
  }
}

const layerLine = (r: LayerReport) => {
  const [g, t] = r.stats;
  return (
    `layer ${r.layer} captured: ${r.distinct} positions (${r.slots} slots), max dtm ${r.maxDtm}, ` +
    `${r.loaded ? 'loaded from file' : `solved in ${(r.ms / 1000).toFixed(1)} s`}, memory ${r.memoryMB} MB\n` +
    `  goats to move: ${g.wins} win, ${g.draws} draw, ${g.losses} loss; ` +
    `tigers to move: ${t.wins} win, ${t.draws} draw, ${t.losses} loss`
  );
};

/**
 * The variant whose tablebase layer files (`<variant>-ctw<n>-c<layer>.lttb`, src/solve/format.ts) are
 * in `dir`: ArgumentError when there are none, or files of several variants (then --variant chooses).
 */
function tablebaseVariant(dir: string): { variant: string } {
  const build = (what: string) =>
    `build ${what} with lattice tablebase build or lattice solve, e.g. ` +
    `${suggestCommand(['tablebase', 'build', 'bagh-chal', '--dir', dir])} or ` +
    `${suggestCommand(['solve', 'catch-the-giant', '--dir', dir])}`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EACCES') {
      throw new ArgumentError(`--dir ${dir}: no permission to read the directory (give --variant, or read access)`);
    }
    if (code === 'ENOTDIR') throw new ArgumentError(`--dir ${dir}: not a directory`);
    throw new ArgumentError(`--dir ${dir}: no such directory (${build('one')})`);
  }
  const files = names.map(parseLayerFileName).filter((f) => f !== null);
  // the generic solver's layer files: <variant>-<options tag>-c..-h..-e<n>.lgs (src/solve/generic.ts)
  const generic = names
    .map((n) => /^(.+)-[0-9a-f]{8}-c\d+\.\d+-h\d+\.\d+-e\d+\.lgs$/.exec(n)?.[1])
    .filter((v) => v !== undefined);
  const found = [...new Set([...files.map((f) => f.variant), ...generic])];
  if (found.length === 1) return { variant: found[0]! };
  throw new ArgumentError(
    found.length === 0
      ? `--dir ${dir} holds no tablebase layer files (${build('them')})`
      : `--dir ${dir} holds tablebases of ${found.join(', ')}: choose one with --variant`,
  );
}

/**
 * The layers of a solve or tablebase build run as jobs on `lattice worker` processes
 * (src/distributed/solve.ts), before the local command loads them from `dir` and prints as usual.
 * Progress: a line on stderr per finished job.
 */
async function layersOnWorkers(
  variant: string,
  dir: string,
  mode: 'movement' | 'whole' | 'generic',
  o: { redis: string; option: string[]; progress?: boolean },
): Promise<void> {
  const { distributedSolve } = await import('../distributed/solve.js');
  const show = showProgress(o);
  const r = await distributedSolve({
    redis: o.redis,
    variant,
    options: parseOptionArgs(o.option),
    dir,
    mode,
    onNoWorkers: () => note(noWorkers(o.redis)),
    onWarning: (m) => note(`warning: ${m}`),
    onLayer: (what, l, reused) => {
      if (!show) return;
      const how = reused
        ? 'finished by an earlier run'
        : l.loaded
          ? `loaded by ${l.worker} from the file there`
          : `${(l.ms / 1000).toFixed(1)} s on ${l.worker}`;
      note(`layer job ${what}: ${l.file}, ${l.bytes} bytes, ${how}`);
    },
  });
  if (show) {
    note(
      `${r.jobs} layer jobs done on the workers in ${(r.ms / 1000).toFixed(1)} s (${r.reused} finished by an ` +
        'earlier run); loading them here',
    );
  }
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

/** One difference of `lattice tablebase check` in words. */
function differenceText(d: TableDifference): string {
  const e = d.expected;
  const a = d.actual;
  switch (d.problem) {
    case 'missing':
      return `missing (the manifest lists ${e!.bytes} bytes)`;
    case 'extra':
      return `extra: a file of the set the manifest does not list (${a!.bytes} bytes)`;
    case 'size':
      return `size ${a!.bytes} bytes, the manifest says ${e!.bytes}`;
    case 'hash':
      return `SHA-256 ${a!.sha256}, the manifest says ${e!.sha256} (same size)`;
    default:
      return `unreadable: ${d.detail ?? ''}`;
  }
}

/**
 * `lattice solve <variant>` by the generic solver (src/solve/generic.ts): --estimate prints the index
 * sizes and stops; otherwise every layer is solved or loaded from --dir, then the start's value, its best
 * line and the longest win are printed (--verify checks every value against its successors').
 */
async function solveGeneric(
  seam: GenericSeam,
  dir: string,
  o: {
    option: string[];
    json?: boolean;
    progress?: boolean;
    estimate?: boolean;
    verify?: boolean;
    threads?: number;
  },
): Promise<void> {
  const { maxGenericThreads } = await import('../solve/generic.js');
  const variant = seam.variant;
  checkGameArgs(variant, { options: seam.options });
  if (familyOf(variant)?.tablebases !== true) {
    throw new ArgumentError(
      `${variant} is not a hunt game: lattice solve covers the hunt games (lattice variants ` + 'lists them)',
    );
  }
  const solver = await seam.hunt();
  const est = solver.estimate;
  // layers side by side (HuntSolver.solve threads): by default the machine's cores, at most 8, and as many as its
  // memory holds
  const threads =
    o.threads ?? Math.max(1, Math.min(8, availableParallelism(), maxGenericThreads(est), est.layers.length));
  // the stack vector where other layers share the total (GenericLayer.split)
  const layerText = (l: { captured: number[]; hand: number[]; excess: number; stacks: number[]; split: boolean }) =>
    `captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}, stack excess ${l.excess}` +
    `${l.split ? ` (${est.stackPoints.map((p, i) => `${p} ${l.stacks[i]}`).join(', ')})` : ''}`;
  if (o.estimate) {
    if (o.json) {
      out(JSON.stringify(est));
      return;
    }
    // where a layer's successors do not fit beside it: read in groups (an exit pass each but the last)
    const groups = (i: number) =>
      est.successorGroups[i]! > 1 ? `, successors read in ${est.successorGroups[i]} groups` : '';
    est.layers.forEach((l, i) => out(`${layerText(l)}: ${l.slots} slots, ${mib(2 * l.slots)}${groups(i)}`));
    out(
      `${est.layers.length} layer${est.layers.length === 1 ? '' : 's'}, ${est.slots} slots (${est.symmetries} ` +
        `symmetr${est.symmetries === 1 ? 'y' : 'ies'}); disk ${mib(est.diskBytes)}`,
    );
    out(
      `memory while solving: ${mib(est.memoryBytes)} at the peak (values of up to ${est.liveLayers} layers at ` +
        `once: ${mib(est.valueBytes)}; counters and buckets of the largest layer: ` +
        `${mib(est.memoryBytes - est.valueBytes)}); ` +
        `every layer at once (loading for the search): ${mib(est.loadBytes)}`,
    );
    const grouped = est.successorGroups.filter((g) => g > 1).length;
    if (grouped > 0 || est.rereads > 0) {
      const worst = est.successorGroups.indexOf(Math.max(...est.successorGroups));
      out(
        `successors read in groups by ${grouped} layer${grouped === 1 ? '' : 's'} (the most: ` +
          `${est.successorGroups[worst]} groups, ${layerText(est.layers[worst]!)}); ${est.rereads} layer files read ` +
          (`back from --dir; the most one layer needs at once: ${mib(est.needBytes)} (its ` +
            `values, the largest group of `) +
          'its successors, counters and buckets)',
      );
    }
    out(est.refusal === null ? 'fits this solver' : `refused: ${est.refusal}`);
    return;
  }
  if (est.refusal !== null) {
    throw new TablebaseError(
      `${variant} does not fit this solver: ${est.refusal} (` +
        `${suggestCommand(['solve', variant, '--estimate', ...o.option.flatMap((x) => ['--option', x])])} ` +
        'shows the layers)',
    );
  }
  const bar = progressBar(
    showProgress(o),
    threads > 1
      ? 'layers |{bar}| {value}/{total} on {threads} threads | ETA {eta_formatted}'
      : 'layer {layer}/{layers} pass {pass} |{bar}| {percentage}% {what} | ETA {eta_formatted}',
  );
  let current = '';
  if (bar && threads > 1) {
    bar.start(est.layers.length, 0, { threads });
    current = 'threads';
  }
  const t0 = Date.now();
  const layers = await solver.solve({
    dir,
    threads,
    onProgress: (p) => {
      if (!bar || threads > 1) return;
      const key = `${p.layer}/${p.pass}`;
      if (key !== current) {
        if (current) bar.stop();
        bar.start(p.total, 0, { layer: p.layer + 1, layers: p.layers, pass: p.pass, what: '' });
        current = key;
      }
      bar.update(p.pass === 1 ? p.done : Math.min(p.done, p.total), {
        what: p.pass === 1 ? 'positions counted' : `level ${p.level}, ${p.done} resolved`,
      });
    },
    onLayer: (r) => {
      // pass 2 ends below its total by the layer's draws (never resolved, so never counted): the bar ends full
      if (bar && threads > 1) bar.increment();
      else if (bar && current) {
        bar.update(bar.getTotal(), { what: 'done' });
        bar.stop();
        current = '';
      }
      if (!o.json) {
        out(
          `${layerText(r)}: ${r.positions} positions, ${r.wins} win, ${r.draws} draw, ${r.losses} loss (side to ` +
            `move), longest ${r.maxPlies} plies, ${r.loaded ? 'loaded' : `${(r.ms / 1000).toFixed(1)} s`}`,
        );
      }
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
    out(
      JSON.stringify({
        variant,
        options: est.options,
        dir,
        start,
        value,
        line,
        positions,
        layers: layers.length,
        longest,
        ms,
        peakRssMB,
        ...(verified === null ? {} : { disagreements: verified }),
      }),
    );
    if (verified !== null && verified > 0) process.exitCode = 1;
    return;
  }
  const said =
    value === null
      ? 'unknown'
      : value.result === 'draw'
        ? 'a draw with best play'
        : `a ${value.result} in ${value.plies} plies for the side to move`;
  out(`${start}: ${said}`);
  if (line.length) out(`best line: ${line.join(' ')}`);
  out(
    `${positions} positions in ${layers.length} layer${layers.length === 1 ? '' : 's'}, ` +
      `${(ms / 1000).toFixed(1)} s, peak memory ${peakRssMB} MB; the longest win or loss: ${longest} plies ` +
      `(files in ${dir})`,
  );
  if (verified !== null) out(`verified: ${verified} positions disagree with their successors`);
  if (verified !== null && verified > 0) {
    note(
      `error: the verification found ${verified} stored values that disagree with their successors: the files in ` +
        `${dir} are wrong (remove them and solve again)`,
    );
    process.exitCode = 1;
  }
}

/** `lattice solve <variant>` without --position: the backward solve of the whole game (src/solve/placement.ts). */
async function solveWholeGame(
  solver: WholeGameSeam,
  dir: string,
  o: { threads?: number; json?: boolean; progress?: boolean; keepPlacement?: boolean; stopAt?: number },
): Promise<void> {
  const bar = progressBar(showProgress(o), '{what} |{bar}| {percentage}% | {step} | layer ETA {eta_formatted}', 200);
  let current = '';
  const say = (line: string) => {
    if (bar && current) {
      bar.stop();
      current = '';
    }
    if (!o.json) out(line);
  };
  const r = await solver.solve(dir, {
    threads: o.threads,
    ...(o.keepPlacement ? { keepPlacement: true } : {}),
    ...(o.stopAt !== undefined ? { stopAt: o.stopAt } : {}),
    onProgress: (p) => {
      if (!bar) return;
      const m = p.movement;
      const key =
        p.stage === 'movement'
          ? `m${m!.capturesToWin}/${m!.layer}/${m!.pass}`
          : `${p.stage}/${p.placed}/${p.captured}/${p.side}`;
      const step = p.stage === 'movement' ? 'building the movement-phase tablebases' : `step ${p.step}/${p.steps}`;
      const what =
        p.stage === 'movement'
          ? `movement tablebase captures-to-win ${m!.capturesToWin}, layer ${m!.layer} pass ${m!.pass}`
          : `${p.stage === 'convert' ? 'from the movement tablebase' : 'placement'}: ${p.placed} placed, ` +
            `${p.captured} captured, ${p.side} to move`;
      const total = p.stage === 'movement' ? m!.total : p.total;
      if (key !== current) {
        if (current) bar.stop();
        bar.start(Math.max(total, 1), 0, { what, step });
        current = key;
      }
      bar.update(p.stage === 'movement' ? m!.done : p.done, { what, step });
    },
    onMovementLayer: (k, l) => say(`movement tablebase captures-to-win ${k}: ${layerLine(l)}`),
    onLayer: (l) =>
      say(
        `${l.placed} placed, ${l.captured} captured, ${l.side} to move: ${l.positions} positions, ` +
          `${l.loaded ? 'loaded from checkpoint' : `${(l.ms / 1000).toFixed(1)} s`}; tigers win ${l.tigersWin}, ` +
          `goats win ${l.goatsWin}, draw ${l.draws}`,
      ),
  });
  if (bar && current) bar.stop();
  if (o.json) {
    out(JSON.stringify(r));
    return;
  }
  if (r.value === null) {
    out(`stopped after the layers with ${o.stopAt} goats placed (--stop-at): no answer for the start yet`);
    out(`${r.positions} placement positions solved in ${(r.placementMs / 1000).toFixed(1)} s`);
    return;
  }
  const who =
    r.value === 'draw'
      ? 'a draw'
      : r.value === 'win'
        ? 'a win for the goats (the side to move)'
        : 'a win for the tigers';
  out(`${r.position}: ${who} with best play${r.loaded ? ' (from the solution file of an earlier run)' : ''}`);
  out(`the most goats the tigers can force to capture: ${r.forcedCaptures} (of ${r.capturesToWin} needed to win)`);
  out(
    `${r.positions} placement positions solved in ${(r.placementMs / 1000).toFixed(1)} s` +
      `${r.runs > 1 ? ` (over ${r.runs} runs)` : ''}; ` +
      `${r.runs > 1 ? 'last run' : 'whole run'} ${(r.ms / 1000).toFixed(1)} s on ${r.threads} thread` +
      `${r.threads === 1 ? '' : 's'}, peak memory ${r.peakRssMB} MB`,
  );
}
