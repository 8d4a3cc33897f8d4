// Bagh Chal's pattern evaluation (issue 18, "tuned evaluations ... on solved positions"): fits n-tuple
// tables (src/variants/types.ts EvalPatterns, assembly/eval.ts setTuple) together with the linear
// movement weights to the movement tablebase's exact values, and writes them as
// src/variants/bagh-chal-patterns.ts (the tables) and src/variants/bagh-chal-pattern-movement.ts (the
// movement weights), each as a temp file renamed into place (--dir DIR: into DIR instead).
//
//   node bench/tune-patterns.js [--tb DIR] [--count 2000000] [--test 100000] [--seed 77] [--epochs 5]
//                               [--dir src/variants] [--dry-run]
//
// Data: --count seeded random movement positions (test/support/exact-wins-lib.mjs randomMovementPosition,
// the sampler of bench/keeps-value.js, with another seed than its 20261201 and 3), each labelled by the
// movement tablebase (--tb DIR, default $TMPDIR/lattice-bench-tb/bagh-chal-ctw5, built there first if
// absent: bench/tb-cache.js) from the tigers' view: 1 a win, 0.5 a draw, 0 a loss; --test more (seed + 1)
// to report the fit on positions it was not fitted to. About 100 s for 2,000,000 positions.
// Tuples: the nine 3x3 windows of the 5x5 board (a table per class of window under the board's
// symmetries: the four around b2, d2, b4, d4; the four around c2, b3, d3, c4; the one around c3, each
// listed in the image of its class's first window's order), the ten rows and columns (a table each for
// the edge lines, the lines next to them and the middle ones) and the two long diagonals (one table):
// 7 tables, 21 tuples, a set of entries for each side to move (120,042 entries).
// Model: P(tigers win) = sigmoid(K * eval), eval = counts . weights (the movement features of
// Game.evalFeatures(), starting from the linear fit BAGH_CHAL_MOVEMENT) + the tuples' entries, K =
// 0.001868 (the scale of the linear fit: src/variants/bagh-chal.ts). Fitted by Adagrad on the logistic
// loss, positions in a seeded order: the same arguments on the same build write the same file.
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Game } from '../dist/src/index.js';
import { BAGH_CHAL_MOVEMENT } from '../dist/src/variants/bagh-chal.js';
import { EVAL_FEATURES } from '../dist/src/variants/index.js';
import { randomMovementPosition, seededRandom } from '../test/support/exact-wins-lib.mjs';
import { REPO, args, defaultTbDir, ensureTablebase } from './tb-cache.js';

const { opt, flag } = args({
  '--tb': 'value',
  '--count': 'value',
  '--test': 'value',
  '--seed': 'value',
  '--epochs': 'value',
  '--dir': 'value',
  '--dry-run': 'flag',
});
const count = Number(opt('--count', '2000000')),
  testCount = Number(opt('--test', '100000'));
const seed = Number(opt('--seed', '77')),
  epochs = Number(opt('--epochs', '5'));
const dir = resolve(opt('--dir', resolve(REPO, 'src/variants')));
for (const [k, v] of Object.entries({ count, testCount, seed, epochs })) {
  if (!Number.isInteger(v) || v < 1) {
    console.error(`tune-patterns: ${k} must be a positive integer`);
    process.exit(2);
  }
}
const K = 0.001868;
const F = EVAL_FEATURES.length;
const SKIP = EVAL_FEATURES.indexOf('preyMobility'); // not counted under the Bagh Chal profile

// ---- tuples: point index = y * 5 + x (a1 = 0, e5 = 24)
const syms = [];
for (const sw of [false, true])
  for (const fx of [false, true])
    for (const fy of [false, true]) {
      syms.push(([x, y]) => {
        let a = sw ? y : x,
          b = sw ? x : y;
        if (fx) a = 4 - a;
        if (fy) b = 4 - b;
        return [a, b];
      });
    }
const tableLengths = [9, 9, 9, 5, 5, 5, 5];
const tuples = [];
const classes = [
  [1, 1],
  [2, 1],
  [2, 2],
]; // window centres b2, c2, c3: the classes' first windows
const around = [];
for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) around.push([dx, dy]);
for (let cy = 1; cy <= 3; cy++)
  for (let cx = 1; cx <= 3; cx++) {
    let found = null;
    for (let t = 0; t < classes.length && !found; t++) {
      for (const g of syms) {
        const [gx, gy] = g(classes[t]);
        if (gx === cx && gy === cy) {
          found = [
            t,
            around.map(([dx, dy]) => {
              const [px, py] = g([classes[t][0] + dx, classes[t][1] + dy]);
              return py * 5 + px;
            }),
          ];
          break;
        }
      }
    }
    tuples.push(found);
  }
for (let r = 0; r < 5; r++) {
  const t = 3 + Math.min(r, 4 - r);
  tuples.push([t, [0, 1, 2, 3, 4].map((x) => r * 5 + x)]);
  tuples.push([t, [0, 1, 2, 3, 4].map((y) => y * 5 + r)]);
}
tuples.push([6, [0, 6, 12, 18, 24]], [6, [4, 8, 12, 16, 20]]);
const NT = tuples.length;
const offsets = [];
let side = 0; // entries of one side to move
for (const len of tableLengths) {
  offsets.push(side);
  side += 3 ** len;
}

// ---- data
const tb = opt('--tb', defaultTbDir(5));
await ensureTablebase(tb, 5, console.log);
const g = await Game.create('bagh-chal', { hashMb: 1 });
await g.loadTablebase(tb);

/** n labelled positions from `s`: tuple indices (NT each), feature counts (F each), labels. */
function sample(n, s) {
  const rand = seededRandom(s);
  const idx = new Int32Array(n * NT),
    fc = new Float64Array(n * F),
    y = new Float32Array(n);
  const cells = new Uint8Array(25);
  for (let i = 0; i < n; ) {
    const pos = randomMovementPosition(rand, 5);
    g.setPosition(pos);
    if (g.result()) continue;
    const p = g.probe();
    const tigers = pos.split(' ')[1] === 'T';
    y[i] = p.wdl === 'draw' ? 0.5 : (p.wdl === 'win') === tigers ? 1 : 0;
    const counts = g.evalFeatures().counts;
    EVAL_FEATURES.forEach((f, k) => {
      fc[i * F + k] = counts[f] ?? 0;
    });
    pos
      .split(' ')[0]
      .split('/')
      .forEach((rank, k) => {
        let x = 0;
        for (const ch of rank) {
          if (ch >= '1' && ch <= '9') for (let j = 0; j < Number(ch); j++) cells[(4 - k) * 5 + x++] = 0;
          else cells[(4 - k) * 5 + x++] = ch === 'G' ? 1 : 2;
        }
      });
    tuples.forEach(([t, pts], k) => {
      let v = 0;
      for (const q of pts) v = v * 3 + cells[q];
      idx[i * NT + k] = (tigers ? side : 0) + offsets[t] + v;
    });
    i++;
  }
  return { n, idx, fc, y };
}
let t0 = performance.now();
const train = sample(count, seed),
  test = sample(testCount, seed + 1);
g.dispose();
console.log(`data: ${count} + ${testCount} positions labelled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

// ---- fit
const lin = Float64Array.from(EVAL_FEATURES, (f) => BAGH_CHAL_MOVEMENT[f] ?? 0);
const W = new Float64Array(2 * side);
const linG2 = new Float64Array(F).fill(1e-8),
  G2 = new Float64Array(2 * side).fill(1e-6);
const evalOf = (d, i, withPatterns = true) => {
  let s = 0;
  for (let f = 0; f < F; f++) s += lin[f] * d.fc[i * F + f];
  if (withPatterns) for (let k = 0; k < NT; k++) s += W[d.idx[i * NT + k]];
  return s;
};
const metrics = (d, withPatterns = true) => {
  let mse = 0;
  for (let i = 0; i < d.n; i++) mse += (1 / (1 + Math.exp(-K * evalOf(d, i, withPatterns))) - d.y[i]) ** 2;
  return (mse / d.n).toFixed(5);
};
const before = metrics(test, false);
console.log(
  `before: test error (mean squared) ${before} with the linear fit alone (src/variants/bagh-chal.ts BAGH_CHAL_MOVEMENT)`,
);
const rand = seededRandom(seed + 2);
const order = Int32Array.from({ length: count }, (_, i) => i);
t0 = performance.now();
for (let e = 1; e <= epochs; e++) {
  for (let i = count - 1; i > 0; i--) {
    const j = rand() % (i + 1);
    const x = order[i];
    order[i] = order[j];
    order[j] = x;
  }
  for (let q = 0; q < count; q++) {
    const i = order[q];
    const gr = (1 / (1 + Math.exp(-K * evalOf(train, i))) - train.y[i]) * K; // d(log loss)/d(eval)
    for (let f = 0; f < F; f++) {
      if (f === SKIP) continue;
      const gf = gr * train.fc[i * F + f];
      linG2[f] += gf * gf;
      lin[f] -= (1 * gf) / Math.sqrt(linG2[f]);
    }
    for (let k = 0; k < NT; k++) {
      const j = train.idx[i * NT + k];
      const gj = gr + 1e-6 * W[j];
      G2[j] += gj * gj;
      W[j] -= (50 * gj) / Math.sqrt(G2[j]);
    }
  }
  console.log(
    `epoch ${e}: train ${metrics(train)}, test ${metrics(test)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

// ---- write
const entries = Int16Array.from(W, (v) => Math.max(-32767, Math.min(32767, Math.round(v))));
const name = (p) => 'abcde'[p % 5] + (Math.floor(p / 5) + 1);
const weights = Object.fromEntries(
  EVAL_FEATURES.map((f, k) => [f, Math.round(lin[k])]).filter(([f]) => f !== 'preyMobility'),
);
const header = `// Written by bench/tune-patterns.js (${process.argv.slice(2).join(' ') || 'default arguments'}); do not edit.\n`;
const movementText = `${header}import type { EvalWeights } from './types.js';

/**
 * Bagh Chal's movement-phase weights (centi-units, the tigers' view), fitted together with
 * BAGH_CHAL_PATTERNS (./bagh-chal-patterns.ts) to the movement tablebase's exact values by
 * bench/tune-patterns.js.
 */
export const BAGH_CHAL_PATTERN_MOVEMENT: EvalWeights = Object.freeze(${JSON.stringify(weights).replace(/"/g, '').replace(/,/g, ', ').replace(/:/g, ': ')});
`;
const patternsText = `${header}import type { EvalPatterns } from './types.js';

/**
 * Bagh Chal's pattern tuples (src/variants/types.ts EvalPatterns): the nine 3x3 windows (three tables),
 * the rows and columns (three) and the long diagonals (one), an entry set for each side to move; fitted
 * with BAGH_CHAL_PATTERN_MOVEMENT (./bagh-chal-pattern-movement.ts) by bench/tune-patterns.js (mean
 * squared test error ${metrics(test)}, against ${before} for the linear fit alone). Loaded by the
 * declaration only when a core is set up.
 */
export const BAGH_CHAL_PATTERNS: EvalPatterns = {
  tableLengths: ${JSON.stringify(tableLengths).replace(/,/g, ', ')},
  tuples: [
${tuples.map(([t, pts]) => `    { table: ${t}, points: [${pts.map((p) => `'${name(p)}'`).join(', ')}] },`).join('\n')}
  ],
  bySide: true,
  weights:
    '${Buffer.from(entries.buffer).toString('base64')}',
};
`;
const files = [
  [resolve(dir, 'bagh-chal-pattern-movement.ts'), movementText],
  [resolve(dir, 'bagh-chal-patterns.ts'), patternsText],
];
if (flag('--dry-run')) {
  console.log(`(dry run: ${files.map(([f]) => f).join(' and ')} not written)`);
  process.exit(0);
}
for (const [file, text] of files) {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
console.log(
  `wrote ${files.map(([f]) => f).join(' and ')}: movement weights ${JSON.stringify(weights)}, ${entries.length} entries`,
);
