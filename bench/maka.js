// Maka Dai Dai Shogi benchmarks (benchmark.js): perft leaf rate and search node rate from the start and
// from a crowded middle game. There is no native Maka engine here to take a ratio against; the issue's
// reference figures are HaChu's ~517k nodes/s on Chu Shogi on this machine and a 600k nodes/s target;
// bench/maka-speed.js gives the rate as a ratio against another build.
//
//   node bench/maka.js [--json]
import Benchmark from 'benchmark';
import { MakaGame } from '../dist/src/index.js';
import { MAKA_MIDDLE } from './positions.js';

const JSON_OUT = process.argv.includes('--json');
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));
const START = MakaGame.create().position();
const CASES = [
  { kind: 'perft', name: 'maka perft start d3', position: START, depth: 3 },
  { kind: 'perft', name: 'maka perft middle d3', position: MAKA_MIDDLE, depth: 3 },
  { kind: 'search', name: 'maka search start d5', position: START, depth: 5 },
  // deeper: the steady rate (d5 is 55,690 nodes, so its run time carries more of a fresh game's fixed cost: the
  // page faults of its new 6 MiB table)
  { kind: 'search', name: 'maka search start d6', position: START, depth: 6 },
  { kind: 'search', name: 'maka search middle d4', position: MAKA_MIDDLE, depth: 4 },
];

let checksum = 0;
const acc = new Map(CASES.map((c) => [c.name, { nodes: 0, sec: 0, runs: 0 }]));
const suite = new Benchmark.Suite('maka');
for (const c of CASES) {
  const a = acc.get(c.name);
  // warm up (V8 tiers up) before benchmark.js samples
  const warm = MakaGame.create({ position: c.position });
  if (c.kind === 'perft') warm.perft(c.depth - 1);
  else warm.search({ depth: Math.max(1, c.depth - 2) });
  suite.add(c.name, {
    minSamples: 3,
    maxTime: 4,
    fn() {
      // a fresh game each time: an empty table, so every search does the same work
      const g = MakaGame.create({ position: c.position, options: { repetition: 'none' } });
      const t0 = performance.now();
      const n = c.kind === 'perft' ? g.perft(c.depth) : g.search({ depth: c.depth }).nodes;
      a.sec += (performance.now() - t0) / 1000;
      a.nodes += n;
      a.runs++;
      checksum += n;
    },
  });
}
suite.on('cycle', (ev) => note(`  ${String(ev.target)}`));
suite.on('complete', () => {
  const rows = CASES.map((c) => {
    const a = acc.get(c.name);
    return {
      name: c.name,
      kind: c.kind,
      depth: c.depth,
      nodesPerRun: a.nodes / a.runs,
      runs: a.runs,
      rate: a.nodes / a.sec,
    };
  });
  if (JSON_OUT) {
    console.log(JSON.stringify({ rows, checksum }, null, 2));
    return;
  }
  console.log();
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(24)} ${String(Math.round(r.nodesPerRun)).padStart(10)} ${r.kind === 'perft' ? 'leaves' : 'nodes '}  ${(r.rate / 1e3).toFixed(0).padStart(7)} k/s`,
    );
  }
  console.log(
    '\nsearch target: 600 k nodes/s on an idle machine (issue 34; HaChu, a C engine, searches Chu Shogi at ~517 k)',
  );
  console.log(`checksum ${checksum}`);
});
suite.run();
