// Maka Dai Dai Shogi node rate as a RATIO against another build (issue 34 item 3): on a shared machine the
// absolute nodes/s moves with the load, so this build and a base build run in one process, alternately, the
// same searches (fixed depth, a fresh game each: an empty table) and perfts, and the ratio of their rates is
// reported with each side's node counts (which must match where the search did not change on purpose). Each
// side's rate is taken from its fastest run (the one other jobs disturbed least) and from all runs together, and
// by the CPU time the process used (process.cpuUsage(), all its threads: the time others' jobs took the core from it
// is not counted, so under load this ratio moves least).
//
//   node bench/maka-speed.js --base DIR [--new DIR] [--rounds N] [--start D] [--middle D] [--perft D] [--json]
//
//   --base DIR   the other build's package root (its dist/src/index.js is loaded)
//   --new DIR    this build's root (default: this repository)
//   --rounds N   alternating rounds (default 5); each round runs new, base, base, new (ABBA)
//   --start D    search depth from the start (default 5); --middle D from the middle game (default 4)
//   --perft D    perft depth of both positions (default 3; 0 = no perft)
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAKA_MIDDLE } from './positions.js';

let a;
try {
  ({ values: a } = parseArgs({
    options: {
      base: { type: 'string' },
      new: { type: 'string' },
      rounds: { type: 'string', default: '5' },
      start: { type: 'string', default: '5' },
      middle: { type: 'string', default: '4' },
      perft: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  console.error(`maka-speed: ${err.message}`);
  process.exit(2);
}
if (!a.base) {
  console.error('maka-speed: --base DIR (another build of the engine) is required');
  process.exit(2);
}
const rounds = Number(a.rounds);
if (!(Number.isInteger(rounds) && rounds > 0)) {
  console.error('maka-speed: --rounds must be a positive integer');
  process.exit(2);
}
for (const k of ['start', 'middle']) {
  const d = Number(a[k]);
  if (!(Number.isInteger(d) && d >= 1 && d <= 12)) {
    console.error(`maka-speed: --${k} must be a depth from 1 to 12`);
    process.exit(2);
  }
}
if (!(Number.isInteger(Number(a.perft)) && Number(a.perft) >= 0 && Number(a.perft) <= 5)) {
  console.error('maka-speed: --perft must be a depth from 0 to 5');
  process.exit(2);
}
const load = async (dir) => {
  const file = resolve(dir, 'dist/src/index.js');
  try {
    return (await import(pathToFileURL(file).href)).MakaGame;
  } catch (err) {
    console.error(`maka-speed: cannot load a build from ${file} (${err.code ?? err.message})`);
    process.exit(2);
  }
};
const builds = {
  new: await load(a.new ?? new URL('..', import.meta.url).pathname),
  base: await load(a.base),
};
const START = builds.new.create().position();
const cases = [
  { name: `search start d${a.start}`, kind: 'search', position: START, depth: Number(a.start) },
  { name: `search middle d${a.middle}`, kind: 'search', position: MAKA_MIDDLE, depth: Number(a.middle) },
];
if (Number(a.perft) > 0)
  for (const [n, p] of [
    ['start', START],
    ['middle', MAKA_MIDDLE],
  ])
    cases.push({ name: `perft ${n} d${a.perft}`, kind: 'perft', position: p, depth: Number(a.perft) });

/** One run: [nodes or leaves, ms, CPU ms]. */
function run(Maka, c) {
  const g = Maka.create({ position: c.position, options: { repetition: 'none' } });
  try {
    const t0 = performance.now(),
      c0 = process.cpuUsage();
    const n = c.kind === 'perft' ? g.perft(c.depth) : g.search({ depth: c.depth }).nodes;
    const cpu = process.cpuUsage(c0);
    return [n, performance.now() - t0, (cpu.user + cpu.system) / 1000];
  } finally {
    g.dispose();
  }
}

const rows = [];
for (const c of cases) {
  // warm-up: V8 tiers both builds up before anything is timed
  for (const k of ['new', 'base']) run(builds[k], { ...c, depth: Math.max(1, c.depth - 1) });
  const acc = {
    new: { n: 0, ms: 0, cpu: 0, nodes: 0, best: Infinity },
    base: { n: 0, ms: 0, cpu: 0, nodes: 0, best: Infinity },
  };
  for (let r = 0; r < rounds; r++)
    for (const k of ['new', 'base', 'base', 'new']) {
      const [n, ms, cpu] = run(builds[k], c);
      acc[k].n += n;
      acc[k].ms += ms;
      acc[k].cpu += cpu;
      acc[k].nodes = n;
      acc[k].best = Math.min(acc[k].best, ms);
    }
  const rate = (x) => x.nodes / (x.best / 1000);
  const meanRate = (x) => x.n / (x.ms / 1000);
  const cpuRate = (x) => x.n / (x.cpu / 1000);
  const row = {
    name: c.name,
    nodesNew: acc.new.nodes,
    nodesBase: acc.base.nodes,
    rateNew: Math.round(rate(acc.new)),
    rateBase: Math.round(rate(acc.base)),
    ratio: rate(acc.new) / rate(acc.base),
    meanRatio: meanRate(acc.new) / meanRate(acc.base),
    cpuRatio: cpuRate(acc.new) / cpuRate(acc.base),
    msNew: acc.new.ms / (2 * rounds),
    msBase: acc.base.ms / (2 * rounds),
  };
  rows.push(row);
  if (!a.json)
    console.log(
      `${row.name.padEnd(20)} nodes ${String(row.nodesNew).padStart(9)} / ${String(row.nodesBase).padStart(9)}` +
        `  ${(row.rateNew / 1e3).toFixed(0).padStart(5)}k / ${(row.rateBase / 1e3).toFixed(0).padStart(5)}k nodes/s` +
        `  ratio ${row.ratio.toFixed(2)} (all runs ${row.meanRatio.toFixed(2)}, CPU time ${row.cpuRatio.toFixed(2)})`,
    );
}
if (a.json) console.log(JSON.stringify({ rows }, null, 2));
