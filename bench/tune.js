// Evaluation tuning (issue 18 item 4, "tuned evaluations"): labelled positions from engine self-play,
// and a Texel-style fit of a variant's evaluation weights (src/variants/*.ts `evalWeights`) to them.
//
//   node bench/tune.js gen --variant ID [--option k=v ...] [--games N] [--nodes N] [--plies K]
//                          [--max-plies N] [--seed S] [--tb DIR] --out FILE.jsonl.gz
//   node bench/tune.js gen --variant bagh-chal --random N [--seed S] --tb DIR --out FILE.jsonl.gz
//   node bench/tune.js fit --data FILE [--data FILE ...] [--variant ID] [--option k=v ...]
//                          [--label result|tb] [--features a,b,...] [--lambda L] [--prior current|zero]
//                          [--iters N] [--k K] [--json]
//
// gen: plays N games (default 200) of the engine against itself: K random legal plies first (default 8,
//   seeded: --seed, default 1), then `search({ nodes })` (default 2000) a move until a result or
//   --max-plies (default 400; a draw). Every position after the opening, the game not yet over, is one
//   line of FILE (gzipped JSON lines): [phase, result, tb, ...counts], with
//   - phase 0 placement, 1 movement (the weights that apply: Game.evalFeatures());
//   - result the game's result from the weights' view (hunt family: the hunters', draughts: side 0's):
//     1 a win, 0.5 a draw, 0 a loss;
//   - tb the exact value from the same view when --tb DIR holds the variant's movement tablebase
//     (`lattice tablebase build bagh-chal --dir DIR`) and the position is in it, else null;
//   - counts the raw feature counts of Game.evalFeatures(), in the order of EVAL_FEATURES (hunt) or
//     DRAUGHTS_EVAL_FEATURES (draughts) of src/variants/types.ts.
//   Searches by node count are deterministic: the same arguments on the same build write the same file.
//   --random N instead: N seeded random movement-phase positions (test/support/exact-wins-lib.mjs
//   randomMovementPosition, the sampler of bench/keeps-value.js and bench/conversion.js; use another seed
//   than theirs, 20261201), each labelled by the tablebase (result = tb); no games are played.
// fit: minimises the mean of (label - sigmoid(K * eval))^2 + lambda * sum of ((w - prior) / 100)^2 over
//   the weights w of both phases (eval = counts . weights of the position's phase, centi-units; prior:
//   the variant's current weights, or 0 with --prior zero), by Adam on full batches. --label tb uses the
//   tablebase value where there is one (the game's result elsewhere). K is first fitted to the variant's
//   current weights (so that the tuned weights keep their scale), then held; --k K holds K at K instead
//   (the weights then take the scale of the fit that gave K). Only the features named by
//   --features are fitted (default: every feature that is non-zero in some position); the others keep
//   their current weights. Prints the error before and after, the largest |eval|
//   over the data (every evaluation is clamped to assembly/eval.ts EVAL_LIMIT = 29999 in any case) and
//   the weights as a declaration snippet for src/variants/*.ts. A file written before a feature existed
//   counts it 0.
//
// The data the checked-in weights came from: bench/data/*.jsonl.gz (the command that wrote each file is
// in bench/data/README.md). A variant with pattern tuples (`evalPatterns`: Bagh Chal) evaluates the
// movement phase as counts . weights plus the tuples' sum (Game.evalFeatures().patterns), which `fit`
// leaves out: Bagh Chal's movement weights are fitted together with its tuples by bench/tune-patterns.js.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';

const argv = process.argv.slice(2);
const cmd = argv[0];
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const opts = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const options = Object.fromEntries(opts('--option').map((kv) => kv.split('=')));
const root = new URL('..', import.meta.url).pathname;
const { Game, getVariant } = await import(pathToFileURL(resolve(root, 'dist/src/index.js')).href);
const { EVAL_FEATURES, DRAUGHTS_EVAL_FEATURES } = await import(
  pathToFileURL(resolve(root, 'dist/src/variants/index.js')).href
);

/** The seeded generator of the random opening plies: mulberry32 (test/support/exact-wins-lib.mjs), in [0, 1). */
function rng(seed) {
  const next = seededRandom(seed);
  return () => next() / 4294967296;
}

/** The side id (as in GameResult.winner) whose view the weights take: the hunters, or side 0 in draughts. */
function viewSide(variant) {
  const i = variant.family === 'draughts' ? 0 : 1;
  return variant.sides[i].id ?? (i === 0 ? 'prey' : 'hunters');
}

async function gen() {
  const variantId = opt('--variant', 'bagh-chal');
  const games = Number(opt('--games', '200'));
  const nodes = Number(opt('--nodes', '2000'));
  const openingPlies = Number(opt('--plies', '8'));
  const maxPlies = Number(opt('--max-plies', '400'));
  const out = opt('--out');
  if (!out) throw new Error('gen: --out FILE is required');
  const random = rng(Number(opt('--seed', '1')));
  const tbDir = opt('--tb');
  const labeller = tbDir ? await Game.create(variantId, { options }) : null;
  if (labeller) await labeller.loadTablebase(tbDir);
  const lines = [];
  const tally = { win: 0, draw: 0, loss: 0 };
  const randomCount = Number(opt('--random', '0'));
  if (randomCount > 0) {
    // --random N: N random movement-phase positions of the tablebase's game, labelled by its value
    if (!labeller || variantId !== 'bagh-chal')
      throw new Error('gen: --random N needs --variant bagh-chal and --tb DIR');
    const { randomMovementPosition } = await import('../test/support/exact-wins-lib.mjs');
    const next = seededRandom(Number(opt('--seed', '1')));
    const names = EVAL_FEATURES;
    const probe = await Game.create(variantId, { options });
    for (let k = 0; k < randomCount; ) {
      const pos = randomMovementPosition(next);
      try {
        probe.setPosition(pos);
        labeller.setPosition(pos);
      } catch {
        continue;
      }
      if (probe.result() !== null) continue;
      const p = labeller.probe();
      if (!p) continue;
      const f = probe.evalFeatures();
      const v = p.wdl === 'draw' ? 0.5 : p.wdl === 'win' ? 1 : 0;
      const tb = f.counts[names[4]] === 1 ? v : 1 - v;
      tally[tb === 1 ? 'win' : tb === 0 ? 'loss' : 'draw']++;
      lines.push(JSON.stringify([1, tb, tb, ...names.map((n) => f.counts[n])]));
      k++;
    }
    probe.dispose();
  }
  for (let n = 0; n < (randomCount > 0 ? 0 : games); n++) {
    const g = await Game.create(variantId, { options, hashMb: 8 });
    const view = viewSide(g.variant);
    const names = g.rules.family === 'draughts' ? DRAUGHTS_EVAL_FEATURES : EVAL_FEATURES;
    const rows = [];
    let plies = 0;
    for (; plies < openingPlies && g.result() === null; plies++) {
      const ms = g.legalMoves();
      g.play(ms[Math.floor(random() * ms.length)]);
    }
    while (g.result() === null && plies < maxPlies) {
      const f = g.evalFeatures();
      let tb = null;
      if (labeller && f.phase === 'movement') {
        labeller.setPosition(g.position());
        const p = labeller.probe();
        if (p) {
          const v = p.wdl === 'draw' ? 0.5 : p.wdl === 'win' ? 1 : 0;
          tb = f.counts[names[4]] === 1 ? v : 1 - v; // tempo +1: the view's side is to move
        }
      }
      rows.push([f.phase === 'placement' ? 0 : 1, tb, ...names.map((k) => f.counts[k])]);
      const { bestmove } = g.search({ nodes });
      if (!bestmove) break;
      g.play(bestmove);
      plies++;
    }
    const r = g.result();
    const result = r === null || r.winner === 'draw' ? 0.5 : r.winner === view ? 1 : 0;
    tally[result === 1 ? 'win' : result === 0 ? 'loss' : 'draw']++;
    for (const [phase, tb, ...x] of rows) lines.push(JSON.stringify([phase, result, tb, ...x]));
    g.dispose();
    if ((n + 1) % 10 === 0)
      console.error(
        `${n + 1}/${games} games, ${lines.length} positions; ${view} ${tally.win}-${tally.draw}-${tally.loss}`,
      );
  }
  labeller?.dispose();
  // atomically: a killed run leaves the previous file (or none), never half of one
  const tmp = `${out}.tmp-${process.pid}`;
  writeFileSync(tmp, gzipSync(lines.join('\n') + '\n', { level: 9 }));
  renameSync(tmp, out);
  console.log(
    `${out}: ${randomCount > 0 ? 'random' : `${games} games`}, ${lines.length} positions; from ${viewSide(getVariant(variantId))}' view W-D-L ${tally.win}-${tally.draw}-${tally.loss}`,
  );
}

const sigmoid = (z) => 1 / (1 + Math.exp(-z));

function fit() {
  const variant = getVariant(opt('--variant', 'bagh-chal'));
  const names = variant.family === 'draughts' ? DRAUGHTS_EVAL_FEATURES : EVAL_FEATURES;
  const F = names.length;
  const useTb = opt('--label', 'result') === 'tb';
  const lambda = Number(opt('--lambda', '0.0001'));
  const priorZero = opt('--prior', 'current') === 'zero';
  const iters = Number(opt('--iters', '3000'));
  const data = [];
  for (const file of opts('--data')) {
    for (const line of gunzipSync(readFileSync(file)).toString().split('\n')) {
      if (!line) continue;
      const [phase, result, tb, ...x] = JSON.parse(line);
      // a file written before a feature existed has no count for it: 0, as the evaluation had it
      for (let i = x.length; i < F; i++) x.push(0);
      data.push({ phase, y: useTb && tb !== null ? tb : result, x });
    }
  }
  if (data.length === 0) throw new Error('fit: no positions (--data FILE)');
  const wanted = opt('--features') ? opt('--features').split(',') : null;
  const active = names.map((n, i) => (wanted ? wanted.includes(n) : data.some((d) => d.x[i] !== 0)));
  // the draughts weights are one set for both phases (assembly/eval.ts reads the movement slots)
  const phases = variant.family === 'draughts' ? 1 : 2;
  const phaseOf = (d) => (phases === 1 ? 0 : d.phase);
  const PHASE_NAMES = phases === 1 ? ['movement'] : ['placement', 'movement'];
  const w0 = PHASE_NAMES.map((p) => names.map((n) => variant.evalWeights[p][n] ?? 0));
  const evalOf = (w, d) => {
    let s = 0;
    const wp = w[phaseOf(d)];
    for (let i = 0; i < F; i++) s += wp[i] * d.x[i];
    return s;
  };
  const error = (w, K) => data.reduce((a, d) => a + (d.y - sigmoid(K * evalOf(w, d))) ** 2, 0) / data.length;
  // K for the current weights: golden-section search on log K
  let lo = Math.log(1e-5),
    hi = Math.log(0.1);
  for (let it = 0; it < 60; it++) {
    const a = lo + (hi - lo) * 0.382,
      b = lo + (hi - lo) * 0.618;
    if (error(w0, Math.exp(a)) < error(w0, Math.exp(b))) hi = b;
    else lo = a;
  }
  const K = opt('--k') ? Number(opt('--k')) : Math.exp((lo + hi) / 2);
  // Adam on the weights (centi-units), full batch
  const w = w0.map((row) => row.slice());
  const prior = w0.map((row) => row.map((v) => (priorZero ? 0 : v)));
  const m = w.map((row) => row.map(() => 0)),
    v = w.map((row) => row.map(() => 0));
  const rate = 2,
    b1 = 0.9,
    b2 = 0.999;
  const counts = PHASE_NAMES.map((_, p) => data.filter((d) => phaseOf(d) === p).length);
  for (let t = 1; t <= iters; t++) {
    const g = w.map((row) => row.map(() => 0));
    for (const d of data) {
      const s = sigmoid(K * evalOf(w, d));
      const c = (-2 * (d.y - s) * s * (1 - s) * K) / data.length;
      const gp = g[phaseOf(d)];
      for (let i = 0; i < F; i++) gp[i] += c * d.x[i];
    }
    for (let p = 0; p < phases; p++) {
      for (let i = 0; i < F; i++) {
        if (!active[i] || counts[p] === 0) continue;
        const gi = g[p][i] + (2 * lambda * (w[p][i] - prior[p][i])) / 1e4;
        m[p][i] = b1 * m[p][i] + (1 - b1) * gi;
        v[p][i] = b2 * v[p][i] + (1 - b2) * gi * gi;
        w[p][i] -= (rate * (m[p][i] / (1 - b1 ** t))) / (Math.sqrt(v[p][i] / (1 - b2 ** t)) + 1e-12);
      }
    }
  }
  const rounded = w.map((row) => row.map((x) => Math.round(x)));
  const maxEval = data.reduce((a, d) => Math.max(a, Math.abs(evalOf(rounded, d))), 0);
  const report = {
    variant: variant.id,
    positions: data.length,
    perPhase: Object.fromEntries(PHASE_NAMES.map((p, i) => [p, counts[i]])),
    label: useTb ? 'tb' : 'result',
    K,
    errorBefore: error(w0, K),
    errorAfter: error(rounded, K),
    maxAbsEval: maxEval,
    weights: Object.fromEntries(
      PHASE_NAMES.map((p, i) => [p, Object.fromEntries(names.map((n, j) => [n, rounded[i][j]]))]),
    ),
  };
  if (argv.includes('--json')) {
    console.log(JSON.stringify(report));
    return;
  }
  console.log(
    `${variant.id}: ${data.length} positions (${PHASE_NAMES.map((p, i) => `${p} ${counts[i]}`).join(', ')}), labels: ${report.label}`,
  );
  console.log(
    `K = ${K.toPrecision(4)} (fitted to the current weights); error ${report.errorBefore.toFixed(5)} -> ${report.errorAfter.toFixed(5)}; largest |eval| ${maxEval}`,
  );
  const fmt = (row) => `{ ${names.map((n, j) => `${n}: ${row[j]}`).join(', ')} }`;
  console.log('  evalWeights: {');
  if (phases === 1) {
    console.log(`    placement: ${fmt(rounded[0])},`);
    console.log(`    movement: ${fmt(rounded[0])},`);
  } else PHASE_NAMES.forEach((p, i) => console.log(`    ${p}: ${fmt(rounded[i])},`));
  console.log('  },');
}

if (cmd === 'gen') await gen();
else if (cmd === 'fit') fit();
else {
  console.error('usage: node bench/tune.js gen|fit ... (see the top of bench/tune.js)');
  process.exit(2);
}
