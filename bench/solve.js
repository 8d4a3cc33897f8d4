// The generic retrograde solver (src/solve/generic.ts, issue 20): positions solved per second per
// game, and Bagh Chal's movement phase (captures-to-win 3) by the generic solver against the specialised
// one that stays the production path (src/solve/index.ts buildTablebase), on one thread each for the
// ratio, and the specialised one also on its default threads. `npm run bench:solve` runs this, then
// bench/placement.js (arguments after `--` go to placement.js; run this file directly for its own).
//
//   node bench/solve.js [--full] [--json]
//
//   --full   Surround the Tiger whole (three layers, 33 M positions, about 40 s on one idle core) instead of its
//            capture-free layer alone (the same start with capture target 2, 4.6 M positions, about 5 s)
//   --json   one JSON object on stdout (progress on stderr)
//
// Timing: the small solves (Catch the Giant, the reduced Surround start of test/support/reduced-games.ts:
// milliseconds) by benchmark.js, solve() again and again on one solver (the same layers, the same
// counts: a difference is a bug and the bench exits 1); the large ones once, from setting up to the last
// layer (the index, the core's memory, and for Bagh Chal the layer files in a temp directory, which both
// solvers write: the specialised one always does). Positions are distinct positions under the symmetries
// the rules allow, both sides to move; both solvers count Bagh Chal's the same (the deep tier checks it,
// test/reference/bagh-chal-generic.deep.ts), and the bench exits 1 if they do not here.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Benchmark from 'benchmark';
import { HuntSolver } from '../dist/src/solve/generic.js';
import { buildTablebase } from '../dist/src/solve/index.js';
import { getVariant } from '../dist/src/variants/index.js';

const argv = process.argv.slice(2);
const known = new Set(['--full', '--json']);
for (const a of argv) {
  if (!known.has(a)) {
    console.error(`unknown option ${a} (known: ${[...known].join(' ')})`);
    process.exit(2);
  }
}
const FULL = argv.includes('--full');
const JSON_OUT = argv.includes('--json');
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

function die(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

/**
 * A real game's declaration with another start and capture target for side 0 (as test/support/reduced-games.ts
 * reduced()).
 */
function reduced(base, id, start, target) {
  const v = getVariant(base);
  return {
    ...v,
    id,
    start: () => start,
    rules: (o) => {
      const r = v.rules(o);
      return { ...r, sides: [{ ...r.sides[0], captureTarget: target }, r.sides[1]] };
    },
  };
}

const SURROUND_START = getVariant('surround-the-tiger').start({});
/** Solves of milliseconds, timed by benchmark.js. */
const SMALL = [
  { name: 'catch-the-giant', variant: 'catch-the-giant', options: {} },
  { name: 'catch-the-giant stall-limit=3', variant: 'catch-the-giant', options: { 'stall-limit': '3' } },
  // test/support/reduced-games.ts surround-4: four dogs in the corners, capture target 2
  {
    name: 'surround-4 (reduced)',
    variant: reduced('surround-the-tiger', 'surround-4', 'D3D/5/2T2/5/D3D T - -', 2),
    options: {},
  },
];
/** Solves of seconds or minutes, timed once. */
const LARGE = FULL
  ? [{ name: 'surround-the-tiger', variant: 'surround-the-tiger', options: {} }]
  : [
      {
        name: 'surround-the-tiger, capture target 2',
        variant: reduced('surround-the-tiger', 'surround-t2', SURROUND_START, 2),
        options: {},
      },
    ];
const BAGH_CTW = 3;

const sum = (layers, k) => layers.reduce((a, l) => a + l[k], 0);
const counts = (layers) => layers.map((l) => `${l.positions}/${l.wins}/${l.losses}/${l.draws}`).join(' ');

/** benchmark.js over solve() on one solver: positions per second from the mean time of a solve. */
async function smallSuite() {
  const solvers = [];
  for (const c of SMALL) {
    const solver = await HuntSolver.create(c.variant, c.options);
    const first = await solver.solve();
    solvers.push({ c, solver, layers: first.length, positions: sum(first, 'positions'), counts: counts(first) });
  }
  return new Promise((resolveSuite, rejectSuite) => {
    const suite = new Benchmark.Suite('generic solver');
    for (const s of solvers) {
      suite.add(s.c.name, {
        defer: true,
        minSamples: 5,
        maxTime: 3,
        fn: (deferred) => {
          s.solver
            .solve()
            .then((r) => {
              if (counts(r) !== s.counts)
                rejectSuite(new Error(`${s.c.name}: a second solve counted ${counts(r)}, the first ${s.counts}`));
              deferred.resolve();
            })
            .catch(rejectSuite);
        },
      });
    }
    suite.on('cycle', (ev) => note(`  ${String(ev.target)}`));
    suite.on('error', (ev) => rejectSuite(ev.target.error));
    suite.on('complete', function () {
      resolveSuite(
        Array.from(this).map((b) => {
          const s = solvers.find((x) => x.c.name === b.name);
          return {
            name: b.name,
            layers: s.layers,
            positions: s.positions,
            seconds: b.stats.mean,
            perSecond: s.positions / b.stats.mean,
            rme: b.stats.rme,
            samples: b.stats.sample.length,
          };
        }),
      );
    });
    suite.run({ async: true });
  });
}

/** One generic solve, from create() to the last layer; files to `dir` when given. */
async function genericOnce(name, variant, options, scope, dir) {
  const t0 = performance.now();
  const solver = await HuntSolver.create(variant, options, scope);
  const layers = await solver.solve({
    dir,
    onLayer: (l) =>
      note(
        `  ${name}: captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}: ${l.positions} positions in ${(l.ms / 1000).toFixed(1)} s`,
      ),
  });
  const seconds = (performance.now() - t0) / 1000;
  const positions = sum(layers, 'positions');
  return {
    name,
    layers: layers.length,
    positions,
    seconds,
    perSecond: positions / seconds,
    perLayer: layers.map((l) => ({ captured: l.captured, hand: l.hand, sides: l.sides, ms: l.ms })),
  };
}

function withTempDir(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'lattice-solve-bench-'));
  return fn(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/**
 * Bagh Chal's movement layers, captures-to-win BAGH_CTW: the generic solver, then the specialised one on 1 and its
 * default threads.
 */
async function baghChal() {
  const options = { 'captures-to-win': BAGH_CTW };
  const generic = await withTempDir((dir) =>
    genericOnce(`bagh-chal ctw ${BAGH_CTW} generic`, 'bagh-chal', options, { handsEmptyOnly: true }, dir),
  );
  const specialised = [];
  for (const threads of [...new Set([1, Math.min(8, availableParallelism())])]) {
    specialised.push(
      await withTempDir(async (dir) => {
        const t0 = performance.now();
        const r = await buildTablebase('bagh-chal', {
          dir,
          threads,
          options,
          onLayer: (l) =>
            note(
              `  bagh-chal ctw ${BAGH_CTW} specialised, ${threads} thread${threads === 1 ? '' : 's'}: captured ${l.layer}: ${l.distinct} positions in ${(l.ms / 1000).toFixed(1)} s`,
            ),
        });
        const seconds = (performance.now() - t0) / 1000;
        return { threads, layers: r.layers.length, positions: r.distinct, seconds, perSecond: r.distinct / seconds };
      }),
    );
  }
  for (const s of specialised) {
    if (s.positions !== generic.positions)
      die(
        `Bagh Chal captures-to-win ${BAGH_CTW}: the generic solver counted ${generic.positions} positions, the specialised one (${s.threads} threads) ${s.positions}`,
      );
  }
  const one = specialised.find((s) => s.threads === 1);
  return {
    capturesToWin: BAGH_CTW,
    generic,
    specialised,
    ratio: generic.perSecond / one.perSecond,
    ratioToDefaultThreads: generic.perSecond / specialised[specialised.length - 1].perSecond,
  };
}

const mps = (x) => `${(x / 1e6).toFixed(3)} M/s`;

async function main() {
  const t0 = performance.now();
  const env = { node: process.version, cpu: cpus()[0]?.model ?? '?', cpus: cpus().length, loadavg: loadavg() };
  note(
    `generic solver bench  node ${env.node}, ${env.cpu} x${env.cpus}, load ${env.loadavg.map((x) => x.toFixed(2)).join(' ')}`,
  );
  note('small solves (benchmark.js)');
  const small = await smallSuite();
  note('large solves (once)');
  const large = [];
  for (const c of LARGE) large.push(await genericOnce(c.name, c.variant, c.options, {}));
  note(`bagh-chal movement phase, captures-to-win ${BAGH_CTW}`);
  const bagh = await baghChal();
  const result = { full: FULL, small, large, baghChal: bagh, env, seconds: (performance.now() - t0) / 1000 };
  if (JSON_OUT) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  console.log();
  const line = (name, positions, seconds, rate, extra = '') =>
    console.log(
      `${name.padEnd(44)} ${String(positions).padStart(10)}  ${seconds.toFixed(3).padStart(9)} s  ${mps(rate).padStart(11)}${extra ? '  ' + extra : ''}`,
    );
  console.log(
    `${'generic solver'.padEnd(44)} ${'positions'.padStart(10)}  ${'time'.padStart(11)}  ${'rate'.padStart(11)}`,
  );
  for (const s of small)
    line(s.name, s.positions, s.seconds, s.perSecond, `±${s.rme.toFixed(1)}% over ${s.samples} solves`);
  for (const s of large)
    line(s.name, s.positions, s.seconds, s.perSecond, `${s.layers} layer${s.layers === 1 ? '' : 's'}, once`);
  const g = bagh.generic;
  line(`bagh-chal ctw ${BAGH_CTW} movement, generic`, g.positions, g.seconds, g.perSecond, `${g.layers} layers, once`);
  for (const s of bagh.specialised)
    line(
      `bagh-chal ctw ${BAGH_CTW} movement, specialised ${s.threads} thr`,
      s.positions,
      s.seconds,
      s.perSecond,
      'once',
    );
  console.log();
  console.log(
    `Bagh Chal generic/specialised: ${bagh.ratio.toFixed(3)}x the positions/s on one thread each` +
      (bagh.specialised.length > 1
        ? `, ${bagh.ratioToDefaultThreads.toFixed(3)}x the specialised one on ${bagh.specialised[bagh.specialised.length - 1].threads} threads`
        : ''),
  );
  console.log(
    `${result.seconds.toFixed(0)} s in all${FULL ? '' : ' (--full: Surround the Tiger whole, about 40 s more)'}`,
  );
}

main().catch((e) => die(e?.stack ?? String(e)));
