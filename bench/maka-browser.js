// Maka Dai Dai Shogi node rate in Chromium against Node, in one run (issue 34 item 3: Chromium within 1.5x of
// Node). The searches of bench/maka-speed.js (fixed depth, a fresh game each) run alternately in three places:
//   node        this repository's dist/ (tsc's output, what Node users import)
//   node-bundle bench/maka-browser-entry.ts bundled by Vite as the page bundles the engine (src/web/vite.config.ts:
//               target es2022, minified), imported by Node
//   chromium    the same bundle in headless Chromium (Debian's, or CHROMIUM_PATH, driven by playwright-core), on
//               a page's main thread (the page's engine worker runs the same code in a Web Worker)
// and the rates (each side's fastest run: the one other jobs disturbed least, and all runs together) are printed
// with the ratios node / chromium and node / node-bundle. Node counts must be the same in all three.
//
// Chromium's V8 reaches its top tier later than Node's: from the start, the first searches to depth 5 in a fresh page
// take 4-9x the later ones' time, so each place first runs every case `--warm` times untimed.
//
//   node bench/maka-browser.js [--rounds N] [--warm N] [--start D] [--middle D] [--perft D] [--json]
//
//   --rounds N   alternating rounds (default 3)
//   --warm N     untimed runs of each case in each place first (default 4)
//   --start D    search depth from the start (default 5); --middle D from the middle game (default 4)
//   --perft D    perft depth of both positions (default 0: none)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MAKA_MIDDLE } from './positions.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let a;
try {
  ({ values: a } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      warm: { type: 'string', default: '4' },
      start: { type: 'string', default: '5' },
      middle: { type: 'string', default: '4' },
      perft: { type: 'string', default: '0' },
      json: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  console.error(`maka-browser: ${err.message}`);
  process.exit(2);
}
const rounds = Number(a.rounds),
  warm = Number(a.warm);
if (!(Number.isInteger(rounds) && rounds > 0)) {
  console.error('maka-browser: --rounds must be a positive integer');
  process.exit(2);
}
if (!(Number.isInteger(warm) && warm >= 0)) {
  console.error('maka-browser: --warm must be a whole number');
  process.exit(2);
}
for (const k of ['start', 'middle']) {
  const d = Number(a[k]);
  if (!(Number.isInteger(d) && d >= 1 && d <= 12)) {
    console.error(`maka-browser: --${k} must be a depth from 1 to 12`);
    process.exit(2);
  }
}
if (!(Number.isInteger(Number(a.perft)) && Number(a.perft) >= 0 && Number(a.perft) <= 5)) {
  console.error('maka-browser: --perft must be a depth from 0 to 5');
  process.exit(2);
}
try {
  readFileSync(CHROMIUM);
} catch {
  console.error(`maka-browser: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)`);
  process.exit(2);
}

// the bundle: Vite as src/web/vite.config.ts builds the page (es2022, minified), one ES module
const { build } = await import('vite');
const out = await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    write: false,
    target: 'es2022',
    minify: true,
    lib: { entry: join(root, 'bench/maka-browser-entry.ts'), formats: ['es'], fileName: 'maka-bench' },
  },
});
const chunk = (Array.isArray(out) ? out[0] : out).output.find((o) => o.type === 'chunk');
const code = chunk.code;
const dir = mkdtempSync(join(tmpdir(), 'maka-browser-'));
const bundleFile = join(dir, 'maka-bench.js');
writeFileSync(bundleFile, code);

const dist = await import(pathToFileURL(join(root, 'dist/src/index.js')).href);
const bundle = await import(pathToFileURL(bundleFile).href);
/** One run in Node of this repository's dist/: [nodes, ms]. */
function runDist(kind, position, depth) {
  const g = dist.MakaGame.create({ position, options: { repetition: 'none' } });
  try {
    const t0 = performance.now();
    const n = kind === 'perft' ? g.perft(depth) : g.search({ depth }).nodes;
    return [n, performance.now() - t0];
  } finally {
    g.dispose();
  }
}

// the page: the bundle served from a local server (an http origin, so performance.now() is a page's usual)
const server = createServer((req, res) => {
  if (req.url === '/maka-bench.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(code);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><script type="module">import * as B from "./maka-bench.js"; window.B = B;</script>');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.B !== undefined);
  const runPage = (kind, position, depth) =>
    page.evaluate(([k, p, d]) => window.B.run(k, p, d), [kind, position, depth]);

  const START = dist.MakaGame.create().position();
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

  const places = {
    node: async (c) => runDist(c.kind, c.position, c.depth),
    'node-bundle': async (c) => bundle.run(c.kind, c.position, c.depth),
    chromium: (c) => runPage(c.kind, c.position, c.depth),
  };
  const names = Object.keys(places);
  for (const c of cases) {
    // warm-up: each place's JIT tiers up before anything is timed
    for (let w = 0; w < warm; w++) for (const k of names) await places[k](c);
    const acc = Object.fromEntries(names.map((k) => [k, { n: 0, ms: 0, nodes: 0, best: Infinity }]));
    for (let r = 0; r < rounds; r++)
      for (const k of r % 2 === 0 ? names : [...names].reverse()) {
        const [n, ms] = await places[k](c);
        acc[k].n += n;
        acc[k].ms += ms;
        acc[k].nodes = n;
        acc[k].best = Math.min(acc[k].best, ms);
      }
    const rate = Object.fromEntries(names.map((k) => [k, acc[k].nodes / (acc[k].best / 1000)]));
    const mean = Object.fromEntries(names.map((k) => [k, acc[k].n / (acc[k].ms / 1000)]));
    const row = {
      name: c.name,
      nodes: Object.fromEntries(names.map((k) => [k, acc[k].nodes])),
      rate: Object.fromEntries(names.map((k) => [k, Math.round(rate[k])])),
      nodeOverChromium: rate.node / rate.chromium,
      nodeOverChromiumAll: mean.node / mean.chromium,
      nodeOverBundle: rate.node / rate['node-bundle'],
    };
    rows.push(row);
    if (!a.json) {
      const same = new Set(Object.values(row.nodes)).size === 1;
      console.log(
        `${row.name.padEnd(20)} nodes ${String(row.nodes.node).padStart(9)}${same ? '' : ' (DIFFER: ' + JSON.stringify(row.nodes) + ')'}` +
          `  node ${(row.rate.node / 1e3).toFixed(0).padStart(5)}k  node-bundle ${(row.rate['node-bundle'] / 1e3).toFixed(0).padStart(5)}k` +
          `  chromium ${(row.rate.chromium / 1e3).toFixed(0).padStart(5)}k nodes/s` +
          `  node/chromium ${row.nodeOverChromium.toFixed(2)} (all runs ${row.nodeOverChromiumAll.toFixed(2)})` +
          `  node/bundle ${row.nodeOverBundle.toFixed(2)}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
if (a.json) console.log(JSON.stringify({ chromium: CHROMIUM, node: process.version, rows }, null, 2));
