// lattice-engine benchmarks: `npm run bench` (builds first), or `node bench/index.js [options]`.
//
//   --json          print one JSON object on stdout instead of the table (progress goes to stderr)
//   --quick         fewer rounds and samples; only perft start d7 and movement d10 (about 15 s)
//   --no-yardstick  do not compile or run the native yardstick (WASM figures alone)
//
// Suites (DESIGN.md "Facts measured on this machine" for the method):
//  perft      Bagh Chal perft leaf rate of the WASM core against the native C yardstick
//             (bench/yardstick.js) on the same position and depth. Rounds are interleaved
//             (yardstick, wasm, yardstick, wasm, ...); the ratio is the median of per-round ratios, the
//             rates are node count / median time. Both must report the same node count: a mismatch
//             is a bug in one of them, and the bench exits 1.
//  search     search node rate at a fixed depth, one fresh Game per search (empty TT), via benchmark.js.
//  variants   every other hunt game: perft leaf rate from its start (generic bulk counting: a move
//             count at depth 1) and search node rate at a fixed depth, medians over rounds; no yardstick.
//  signature  `Bench: N`, the node total of Bagh Chal's fixed searches in bench/signature.js, and one
//             `Bench <variant>: N` per other variant.
import { cpus, loadavg } from 'node:os';
import Benchmark from 'benchmark';
import { Game } from '../dist/src/index.js';
import { MOVEMENT, START } from './positions.js';
import { benchSignature } from './signature.js';
import { buildYardstick, runYardstick, toYardstickPosition } from './yardstick.js';

const argv = process.argv.slice(2);
const known = new Set(['--json', '--quick', '--no-yardstick']);
for (const a of argv) {
  if (!known.has(a)) {
    console.error(`unknown option ${a} (known: ${[...known].join(' ')})`);
    process.exit(2);
  }
}
const JSON_OUT = argv.includes('--json');
const QUICK = argv.includes('--quick');
const NO_YARDSTICK = argv.includes('--no-yardstick');
/** Progress and notes: stdout for the table, stderr when stdout carries the JSON. */
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

// The parity of the depth decides which side's moves are the bulk-counted leaves, and the ratio
// differs a lot between the two (goat placements are a popcount; tiger moves need the jump test), so
// each position is measured at one depth of each parity (the slow ones are skipped under --quick).
// Note: the core's perft may count more than the last ply without visiting it (assembly/perft.ts:
// its depth-2 incremental counts), while the yardstick bulk-counts only the last ply, so a ratio
// measures the algorithm as well as the code generation.
const PERFT_CASES = [
  { name: 'perft start d7', position: START, depth: 7, rounds: QUICK ? 5 : 9 },
  ...(QUICK ? [] : [{ name: 'perft start d8', position: START, depth: 8, rounds: 5, warmDepth: 7 }]),
  ...(QUICK ? [] : [{ name: 'perft movement d9', position: MOVEMENT, depth: 9, rounds: 7 }]),
  { name: 'perft movement d10', position: MOVEMENT, depth: 10, rounds: QUICK ? 3 : 5, warmDepth: 9 },
];
const SEARCH_CASES = [
  { name: 'search start d12', position: START, depth: 12 },
  { name: 'search movement d16', position: MOVEMENT, depth: 16 },
];
const SEARCH_HASH_MB = 16;
/**
 * The other lattice games (hunt and draughts families): perft from the start at a depth of a few million leaves, search
 * at a fixed depth.
 */
const VARIANT_CASES = [
  { variant: 'tibetan-1', perftDepth: 7, searchDepth: 10 },
  { variant: 'tibetan-2', perftDepth: 5, searchDepth: 8 },
  // the 105-point board on the wide (v128) build; its per-leaf rate is compared with tibetan-2's at the same
  // depth, so the leaves are the same kind of move, goat placements (issue 11: within 2x)
  { variant: 'tibetan-4', perftDepth: 5, searchDepth: 4 },
  { variant: 'catch-the-giant', perftDepth: 10, searchDepth: 16 },
  { variant: 'surround-the-tiger', perftDepth: 6, searchDepth: 10 },
  { variant: 'double-tiger', perftDepth: 6, searchDepth: 9 },
  { variant: 'shepherds-and-wolves', perftDepth: 6, searchDepth: 12 },
  { variant: 'permainan-tabal', perftDepth: 10, searchDepth: 12 },
];

/** Every count the bench sees is summed here and printed, so no result is dead code to an optimiser. */
let checksum = 0;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function die(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

function timeWasmPerft(game, depth) {
  const t0 = performance.now();
  const nodes = game.perft(depth);
  const seconds = (performance.now() - t0) / 1000;
  checksum += nodes;
  return { nodes, seconds };
}

async function perftSuite(yardstick) {
  const rows = [];
  for (const c of PERFT_CASES) {
    note(
      `  ${c.name}: ${c.position}${yardstick ? `  (yardstick: ${toYardstickPosition(c.position)})` : ''}, ${c.rounds} rounds`,
    );
    const game = await Game.create('bagh-chal', { position: c.position });
    // Warm-up: V8 runs wasm on Liftoff first and tiers hot functions up to TurboFan.
    game.perft(c.warmDepth ?? c.depth);
    game.perft(c.warmDepth ?? c.depth);
    if (yardstick) runYardstick(yardstick.bin, c.position, c.warmDepth ?? c.depth);
    const wasm = [],
      native = [],
      ratios = [];
    let nodes = null;
    for (let i = 0; i < c.rounds; i++) {
      const y = yardstick ? runYardstick(yardstick.bin, c.position, c.depth) : null;
      const w = timeWasmPerft(game, c.depth);
      nodes ??= w.nodes;
      if (w.nodes !== nodes) die(`${c.name}: the WASM core counted ${w.nodes} then ${nodes} on the same position`);
      wasm.push(w.seconds);
      if (y) {
        if (y.nodes !== w.nodes) {
          die(
            `${c.name}: node counts differ on "${c.position}" depth ${c.depth}: WASM ${w.nodes}, yardstick ${y.nodes}` +
              ' (a bug in one of them; compare `divide` output)',
          );
        }
        if (y.seconds < 0.01)
          note(`  note: the yardstick took ${y.seconds}s; its millisecond clock makes this ratio coarse`);
        native.push(y.seconds);
        ratios.push(y.seconds / w.seconds); // = WASM rate / native rate (same node count)
      }
    }
    rows.push({
      name: c.name,
      position: c.position,
      depth: c.depth,
      nodes,
      rounds: c.rounds,
      wasm: { seconds: median(wasm), nps: nodes / median(wasm), samples: wasm },
      yardstick: yardstick ? { seconds: median(native), nps: nodes / median(native), samples: native } : null,
      ratio: yardstick
        ? { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios }
        : null,
    });
  }
  return rows;
}

function searchSuite() {
  return new Promise((resolveSuite, rejectSuite) => {
    const suite = new Benchmark.Suite('search');
    const acc = new Map();
    for (const c of SEARCH_CASES) {
      const a = { nodes: [], searchSec: 0 };
      acc.set(c.name, a);
      suite.add(c.name, {
        defer: true,
        minSamples: QUICK ? 3 : 5,
        maxTime: QUICK ? 2 : 4,
        // A fresh Game per search (a new core instance): the TT, killers and history start empty, so
        // every search does the same work. The clock below covers the search alone; benchmark.js's
        // op time also includes Game.create (a few ms: instantiate + allocate the TT).
        fn: (deferred) => {
          Game.create('bagh-chal', { position: c.position, hashMb: SEARCH_HASH_MB })
            .then((g) => {
              const t0 = performance.now();
              const r = g.search({ depth: c.depth });
              a.searchSec += (performance.now() - t0) / 1000;
              a.nodes.push(r.nodes);
              checksum += r.nodes;
              deferred.resolve();
            })
            .catch(rejectSuite);
        },
      });
    }
    suite.on('cycle', (ev) => note(`  ${String(ev.target)}`));
    suite.on('error', (ev) => rejectSuite(ev.target.error));
    suite.on('complete', function () {
      const rows = [];
      for (const b of Array.from(this)) {
        const c = SEARCH_CASES.find((x) => x.name === b.name);
        const a = acc.get(b.name);
        if (b.error) return rejectSuite(b.error);
        const nodes = a.nodes[0];
        if (a.nodes.some((n) => n !== nodes))
          return rejectSuite(
            new Error(`${b.name}: fresh searches counted different nodes: ${[...new Set(a.nodes)].join(', ')}`),
          );
        const total = a.nodes.reduce((x, y) => x + y, 0);
        rows.push({
          name: b.name,
          position: c.position,
          depth: c.depth,
          nodes,
          searches: a.nodes.length,
          nps: total / a.searchSec,
          msPerSearch: (a.searchSec / a.nodes.length) * 1000,
          msPerOp: b.stats.mean * 1000,
          rme: b.stats.rme,
          samples: b.stats.sample.length,
        });
      }
      resolveSuite(rows);
    });
    suite.run({ async: true });
  });
}

/** Perft and search rates of the other hunt games (medians over rounds; the first round of each warms up). */
async function variantSuite() {
  const rounds = QUICK ? 2 : 4;
  const rows = [];
  for (const c of VARIANT_CASES) {
    const g = await Game.create(c.variant);
    const perftSec = [],
      searchSec = [];
    let leaves = null,
      nodes = null;
    for (let i = 0; i <= rounds; i++) {
      const t0 = performance.now();
      const n = g.perft(c.perftDepth);
      const sec = (performance.now() - t0) / 1000;
      checksum += n;
      if (leaves !== null && n !== leaves) die(`perft ${c.variant}: ${n} then ${leaves} leaves on the same position`);
      leaves = n;
      const fresh = await Game.create(c.variant, { hashMb: SEARCH_HASH_MB });
      const t1 = performance.now();
      const r = fresh.search({ depth: c.searchDepth });
      const ssec = (performance.now() - t1) / 1000;
      fresh.dispose();
      checksum += r.nodes;
      if (nodes !== null && r.nodes !== nodes)
        die(`search ${c.variant}: fresh searches counted ${r.nodes} and ${nodes} nodes`);
      nodes = r.nodes;
      if (i > 0) {
        perftSec.push(sec);
        searchSec.push(ssec);
      }
    }
    g.dispose();
    rows.push({
      variant: c.variant,
      position: (await Game.create(c.variant)).position(),
      perft: { depth: c.perftDepth, nodes: leaves, seconds: median(perftSec), nps: leaves / median(perftSec) },
      search: { depth: c.searchDepth, nodes, seconds: median(searchSec), nps: nodes / median(searchSec) },
    });
    note(
      `  ${c.variant}: perft d${c.perftDepth} ${mnps(leaves / median(perftSec))}, search d${c.searchDepth} ${mnps(nodes / median(searchSec))}`,
    );
  }
  return rows;
}

const mnps = (nps) => `${(nps / 1e6).toFixed(1)} Mnps`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function printTable(r) {
  const W = [30, 12, 14, 14, 12];
  const line = (cells, extra = '') =>
    console.log(cells.map((s, i) => (i === 0 ? pad(s, W[i]) : lpad(s, W[i]))).join('  ') + (extra ? '  ' + extra : ''));
  console.log();
  line(['name', 'nodes', 'WASM', 'yardstick', 'WASM/native'], 'spread');
  line(
    W.map((w) => '-'.repeat(w)),
    '------',
  );
  for (const p of r.perft) {
    line(
      [
        p.name,
        p.nodes,
        mnps(p.wasm.nps),
        p.yardstick ? mnps(p.yardstick.nps) : '-',
        p.ratio ? `${p.ratio.median.toFixed(2)}x` : '-',
      ],
      p.ratio
        ? `ratio ${p.ratio.min.toFixed(2)}-${p.ratio.max.toFixed(2)} over ${p.rounds} rounds; WASM ${(p.wasm.seconds * 1000).toFixed(0)} ms, native ${(p.yardstick.seconds * 1000).toFixed(0)} ms`
        : `${p.rounds} rounds; WASM ${(p.wasm.seconds * 1000).toFixed(0)} ms`,
    );
  }
  for (const s of r.search) {
    line(
      [s.name, s.nodes, mnps(s.nps), '-', '-'],
      `±${s.rme.toFixed(1)}% over ${s.samples} samples; ${s.msPerSearch.toFixed(0)} ms/search`,
    );
  }
  for (const v of r.variants) {
    line(
      [`perft ${v.variant} d${v.perft.depth}`.slice(0, 30), v.perft.nodes, mnps(v.perft.nps), '-', '-'],
      `${(v.perft.seconds * 1000).toFixed(0)} ms (median)`,
    );
    line(
      [`search ${v.variant} d${v.search.depth}`.slice(0, 30), v.search.nodes, mnps(v.search.nps), '-', '-'],
      `${(v.search.seconds * 1000).toFixed(0)} ms (median)`,
    );
  }
  const t2 = r.variants.find((v) => v.variant === 'tibetan-2'),
    t4 = r.variants.find((v) => v.variant === 'tibetan-4');
  if (t2 && t4)
    console.log(
      `perft tibetan-4 d${t4.perft.depth} (105 points, wide build) / tibetan-2 d${t2.perft.depth} (37 points): ${(t4.perft.nps / t2.perft.nps).toFixed(2)}x the leaf rate`,
    );
  console.log();
  console.log(
    'rates: perft = leaves/s (bulk-counted), search = nodes/s; WASM/native = median of per-round rate ratios',
  );
  if (!r.yardstick.available) console.log(`no yardstick: ${r.yardstick.reason}`);
  console.log(
    `signature: ${r.signature.searches.map((s) => `d${s.depth} ${s.nodes}`).join(' + ')} nodes (${r.signature.ms.toFixed(0)} ms)`,
  );
  console.log(`checksum ${r.checksum}; ${r.seconds.toFixed(0)} s in all`);
  console.log();
  console.log(`Bench: ${r.bench}`);
  for (const [id, n] of Object.entries(r.signature.variants)) if (id !== 'bagh-chal') console.log(`Bench ${id}: ${n}`);
}

async function main() {
  const t0 = performance.now();
  const env = {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpu: cpus()[0]?.model ?? '?',
    cpus: cpus().length,
    loadavg: loadavg(),
  };
  note(
    `lattice-engine bench  node ${env.node}, ${env.cpu} x${env.cpus}, load ${env.loadavg.map((x) => x.toFixed(2)).join(' ')}`,
  );

  let yardstick = null,
    ysInfo;
  if (NO_YARDSTICK) {
    ysInfo = { available: false, reason: '--no-yardstick' };
  } else {
    const b = buildYardstick();
    if (b.ok) {
      yardstick = b;
      ysInfo = {
        available: true,
        source: b.source,
        bin: b.bin,
        cc: b.cc,
        flags: '-O3 -march=native',
        cached: b.cached,
      };
      note(`yardstick: ${b.source} (${b.cc} -O3 -march=native${b.cached ? ', cached' : ''})`);
    } else {
      ysInfo = { available: false, reason: b.reason };
      note(`NOTE: ${b.reason}\n      printing the WASM figures alone.`);
    }
  }

  note('perft');
  const perft = await perftSuite(yardstick);
  note('signature');
  const signature = await benchSignature({ Game });
  checksum += signature.nodes;
  note('search (benchmark.js)');
  const search = await searchSuite();
  note('variants');
  const variants = await variantSuite();

  const result = {
    bench: signature.nodes,
    perft,
    search,
    variants,
    signature: { nodes: signature.nodes, ms: signature.ms, variants: signature.variants, searches: signature.searches },
    yardstick: ysInfo,
    env,
    checksum,
    seconds: (performance.now() - t0) / 1000,
  };
  if (JSON_OUT) console.log(JSON.stringify(result, null, 2));
  else printTable(result);
}

main().catch((e) => die(e?.stack ?? String(e)));
