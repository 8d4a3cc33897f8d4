// Maka Dai Dai Shogi evaluation tuning (issue 34 item 2): labelled positions from engine self-play, and a
// Texel-style fit of the evaluation's weights (src/maka/eval.ts FORM_VALUES and EVAL_WEIGHTS) to them, as
// bench/tune.js does for the lattice games.
//
//   node bench/maka-tune.js gen [--games N] [--nodes N] [--plies K] [--max-plies N] [--seed S]
//                               [--option k=v ...] --out FILE.jsonl.gz
//   node bench/maka-tune.js fit --data FILE [--data FILE ...] [--features a,b,...] [--no-forms]
//                               [--min-forms N] [--lambda L] [--iters N] [--k K] [--holdout M] [--json]
//
// gen: plays N games (default 100) of the engine against itself (one game object: both colours search
//   with the same table, the side to move alternating): K random legal plies first (default 6, seeded:
//   --seed, default 1, a new stream a game), then `search({ nodes })` (default 3000) a move until a
//   result or --max-plies (default 600; a draw). Writes FILE (gzipped JSON lines, atomically): a header
//   line {"forms": [form names], "features": [EVAL_FEATURES]}, then one line a position after the
//   opening, the game not over: [game, result, ...forms, ...counts] with
//   - game the game's number (0-based; fit's --holdout keeps whole games apart);
//   - result the game's result for Black: 1 a win, 0.5 a draw, 0 a loss;
//   - forms the pieces of each form, Black's minus White's (src/maka/features.ts evalFeatures(): form =
//     type * 2 + promoted, pieces.ts order), and counts its positional counts in EVAL_FEATURES order.
//   Searches by node count are deterministic: the same arguments on the same build write the same file.
// fit: minimises the mean of (result - sigmoid(K * eval))^2 + lambda * sum of ((w - prior) * spread / 100)^2
//   (default lambda 0.01; spread: the feature's root mean square count over the data, so that the prior
//   weighs the change a weight makes to a typical evaluation, in pawns) with eval = forms . form values +
//   counts . EVAL_WEIGHTS (centipawns, Black's view; the mop-up, which only ends games, left out), the prior
//   the current weights, by Adam on full batches (the rate falling linearly to 0). K is fitted first to the
//   current weights (golden-section search), then held (--k K holds it at K). Fitted: the features of
//   --features (default all that vary in the data) and, unless --no-forms, every form whose count is not 0
//   in --min-forms positions or more (default 500; forms that are one piece in play, e.g. the promoted forms
//   that move as a Gold, share one value); the rest keep their current weights. --holdout M leaves every
//   M-th game out of the fit and reports the error on it before and after. Prints the errors
//   and the weights as declarations for src/maka/eval.ts (FORM_VALUES, EVAL_WEIGHTS).
//
// The data the checked-in weights came from: bench/data/maka-dai-dai.jsonl.gz (bench/data/README.md
// names the command).
import { pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { accessSync, constants, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';

const cmd = process.argv[2];
let a;
try {
  ({ values: a } = parseArgs({
    args: process.argv.slice(3),
    options: {
      games: { type: 'string', default: '100' },
      nodes: { type: 'string', default: '3000' },
      plies: { type: 'string', default: '6' },
      'max-plies': { type: 'string', default: '600' },
      seed: { type: 'string', default: '1' },
      option: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      data: { type: 'string', multiple: true, default: [] },
      features: { type: 'string' },
      'no-forms': { type: 'boolean', default: false },
      'min-forms': { type: 'string', default: '500' },
      lambda: { type: 'string', default: '0.01' },
      iters: { type: 'string', default: '1500' },
      k: { type: 'string' },
      holdout: { type: 'string', default: '0' },
      json: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  console.error(`maka-tune: ${err.message}`);
  process.exit(2);
}
/** A non-negative integer argument, or exit 2 naming it. */
function count(name, min = 0) {
  const n = Number(a[name]);
  if (!(Number.isInteger(n) && n >= min)) {
    console.error(`maka-tune: --${name} must be an integer >= ${min} (got ${a[name]})`);
    process.exit(2);
  }
  return n;
}
const root = new URL('..', import.meta.url).pathname;
const dist = (f) => import(pathToFileURL(resolve(root, 'dist/src', f)).href);
const { MakaGame } = await dist('index.js');
const { PIECES } = await dist('maka/pieces.js');
const { EVAL_FEATURES, EVAL_WEIGHTS, VALUE_OF_BYTE } = await dist('maka/eval.js');
const { evalFeatures, FORMS } = await dist('maka/features.js');

/** Form names in form order: CODE and +CODE. */
const FORM_NAMES = PIECES.flatMap((p) => [p.code, `+${p.code}`]);
/** The current value of each form (eval.ts VALUE_OF_BYTE of its Black piece byte). */
const FORM_PRIOR = Array.from({ length: FORMS }, (_, f) => VALUE_OF_BYTE[(((f >> 1) + 1) << 2) | ((f & 1) << 1)]);
/**
 * The forms that are one piece in play share one value: the same moves and royalty, and the same promoted
 * form's moves or none (the 21 promoted forms that move as a Gold, ...). TIE[f] = the first such form.
 */
const TIE = (() => {
  const keys = PIECES.flatMap((p) => [
    JSON.stringify([p.moves, p.royal, p.promoted ? p.promoted.moves : null]),
    JSON.stringify([p.promoted?.moves ?? `none ${p.code}`, p.promoted?.royal ?? false, null]),
  ]);
  return keys.map((k) => keys.indexOf(k));
})();

function gen() {
  const games = count('games', 1),
    nodes = count('nodes', 1),
    openingPlies = count('plies'),
    maxPlies = count('max-plies', 1),
    seed = count('seed');
  if (!a.out) {
    console.error('maka-tune gen: --out FILE is required');
    process.exit(2);
  }
  // before the games: a directory that cannot take the file fails now, not after them
  try {
    accessSync(dirname(resolve(a.out)), constants.W_OK);
  } catch (err) {
    throw new InputError(`maka-tune gen: --out ${a.out}: cannot write in its directory (${err.code})`);
  }
  const options = Object.fromEntries(a.option.map((kv) => kv.split('=')));
  // bad options fail before the games (MakaGame.create throws OptionError naming the option)
  try {
    MakaGame.create({ options }).dispose();
  } catch (err) {
    throw new InputError(`maka-tune gen: --option: ${err.message}`);
  }
  const lines = [JSON.stringify({ forms: FORM_NAMES, features: EVAL_FEATURES })];
  const tally = { black: 0, draw: 0, white: 0 };
  const reasons = {};
  const t0 = performance.now();
  for (let n = 0; n < games; n++) {
    const next = seededRandom((seed * 100003 + n) >>> 0);
    const g = MakaGame.create({ options });
    const rows = [];
    let plies = 0;
    for (; plies < openingPlies && g.result() === null; plies++) {
      const ms = g.legalMoves();
      g.play(ms[next() % ms.length]);
    }
    while (g.result() === null && plies < maxPlies) {
      const f = evalFeatures(g.internal.pos);
      rows.push([...f.forms, ...EVAL_FEATURES.map((k) => f.counts[k])]);
      const { bestmove } = g.search({ nodes });
      if (!bestmove) break;
      g.play(bestmove);
      plies++;
    }
    const r = g.result();
    const winner = r?.winner ?? 'draw';
    const reason = r?.reason ?? 'max-plies';
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    tally[winner]++;
    const result = winner === 'black' ? 1 : winner === 'white' ? 0 : 0.5;
    for (const x of rows) lines.push(JSON.stringify([n, result, ...x]));
    g.dispose();
    console.error(
      `game ${n + 1}/${games}: ${winner} (${reason}, ${plies} plies); ${lines.length - 1} positions, ` +
        `B-D-W ${tally.black}-${tally.draw}-${tally.white}, ${Math.round((performance.now() - t0) / 1000)} s`,
    );
  }
  // atomically: a killed run leaves the previous file (or none), never half of one
  const tmp = `${a.out}.tmp-${process.pid}`;
  writeFileSync(tmp, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  renameSync(tmp, a.out);
  console.log(
    `${a.out}: ${games} games, ${lines.length - 1} positions; Black-draw-White ${tally.black}-${tally.draw}-` +
      `${tally.white} (${Object.entries(reasons)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
  );
}

const sigmoid = (z) => 1 / (1 + Math.exp(-z));

function fit() {
  if (a.data.length === 0) {
    console.error('maka-tune fit: --data FILE is required');
    process.exit(2);
  }
  const lambda = Number(a.lambda);
  if (!(lambda >= 0)) throw new InputError(`maka-tune fit: --lambda must be a number >= 0 (got ${a.lambda})`);
  const iters = count('iters', 1),
    holdout = count('holdout'),
    minForms = count('min-forms');
  // the weight vector: the forms' values, then EVAL_FEATURES' weights
  const names = [...FORM_NAMES, ...EVAL_FEATURES];
  const N = names.length;
  // (a tied form's prior: the mean of its group's current values)
  const tiedPrior = FORM_PRIOR.map((_, f) => {
    const group = FORM_PRIOR.filter((_, g) => TIE[g] === TIE[f]);
    return Math.round(group.reduce((x, y) => x + y, 0) / group.length);
  });
  const w0 = [...tiedPrior, ...EVAL_FEATURES.map((k) => EVAL_WEIGHTS[k])];
  // positions as sparse rows: index and value lists (most forms' counts are 0)
  const idx = [],
    val = [],
    start = [0],
    ys = [],
    held = [];
  const nonZero = new Int32Array(N);
  const square = new Float64Array(N);
  for (const file of a.data) {
    let text, head;
    try {
      text = gunzipSync(readFileSync(file)).toString().split('\n');
      head = JSON.parse(text[0]);
    } catch (err) {
      throw new InputError(
        `maka-tune fit: --data ${file}: not a gzipped file of maka-tune gen (${err.code ?? err.message})`,
      );
    }
    if (!head || !Array.isArray(head.forms) || !Array.isArray(head.features))
      throw new InputError(
        `maka-tune fit: --data ${file}: no header line {forms, features} (not written by maka-tune gen)`,
      );
    // the file's columns -> the weight vector's (a feature the file lacks counts 0; one it has and the
    // evaluation lacks is left out)
    const cols = [...head.forms, ...head.features].map((n) => {
      const i = names.indexOf(n);
      return i >= 0 && i < FORMS ? TIE[i] : i;
    });
    for (let li = 1; li < text.length; li++) {
      if (!text[li]) continue;
      let row;
      try {
        row = JSON.parse(text[li]);
      } catch {
        row = null;
      }
      if (!Array.isArray(row) || row.length !== cols.length + 2 || row.some((x) => typeof x !== 'number'))
        throw new InputError(
          `maka-tune fit: --data ${file} line ${li + 1}: not [game, result, ...${cols.length} counts]`,
        );
      const [game, result, ...x] = row;
      for (let j = 0; j < x.length; j++)
        if (x[j] !== 0 && cols[j] >= 0) {
          idx.push(cols[j]);
          val.push(x[j]);
          nonZero[cols[j]]++;
          square[cols[j]] += x[j] * x[j];
        }
      start.push(idx.length);
      ys.push(result);
      held.push(holdout > 0 && game % holdout === holdout - 1);
    }
  }
  const P = ys.length;
  if (P === 0) throw new InputError('maka-tune fit: no positions in the data');
  const I = Int32Array.from(idx),
    V = Float64Array.from(val),
    S = Int32Array.from(start),
    Y = Float64Array.from(ys);
  // each feature's spread (root mean square count): the prior weighs what a change of the weight does to
  // a typical position's evaluation
  const spread = Float64Array.from(square, (q) => Math.sqrt(q / P));
  const wanted = a.features ? a.features.split(',') : null;
  for (const n of wanted ?? [])
    if (!EVAL_FEATURES.includes(n))
      throw new InputError(`maka-tune fit: --features: no feature ${n} (the features: ${EVAL_FEATURES.join(', ')})`);
  const active = names.map((n, i) =>
    i < FORMS ? !a['no-forms'] && nonZero[i] >= minForms : wanted ? wanted.includes(n) : nonZero[i] > 0,
  );
  const evalOf = (w, p) => {
    let s = 0;
    for (let j = S[p]; j < S[p + 1]; j++) s += w[I[j]] * V[j];
    return s;
  };
  const error = (w, K, set) => {
    let e = 0,
      n = 0;
    for (let p = 0; p < P; p++)
      if (held[p] === set) {
        e += (Y[p] - sigmoid(K * evalOf(w, p))) ** 2;
        n++;
      }
    return n ? e / n : Number.NaN;
  };
  let lo = Math.log(1e-5),
    hi = Math.log(0.1);
  for (let it = 0; it < 60; it++) {
    const m1 = lo + (hi - lo) * 0.382,
      m2 = lo + (hi - lo) * 0.618;
    if (error(w0, Math.exp(m1), false) < error(w0, Math.exp(m2), false)) hi = m2;
    else lo = m1;
  }
  if (a.k !== undefined && !(Number(a.k) > 0))
    throw new InputError(`maka-tune fit: --k must be a number > 0 (got ${a.k})`);
  const K = a.k !== undefined ? Number(a.k) : Math.exp((lo + hi) / 2);
  const w = Float64Array.from(w0),
    m = new Float64Array(N),
    v = new Float64Array(N),
    g = new Float64Array(N);
  const rate = 2,
    b1 = 0.9,
    b2 = 0.999;
  const fitted = held.filter((h) => !h).length;
  for (let t = 1; t <= iters; t++) {
    g.fill(0);
    for (let p = 0; p < P; p++) {
      if (held[p]) continue;
      const s = sigmoid(K * evalOf(w, p));
      const c = (-2 * (Y[p] - s) * s * (1 - s) * K) / fitted;
      for (let j = S[p]; j < S[p + 1]; j++) g[I[j]] += c * V[j];
    }
    for (let i = 0; i < N; i++) {
      if (!active[i]) continue;
      const gi = g[i] + (2 * lambda * (w[i] - w0[i]) * spread[i] ** 2) / 1e4;
      m[i] = b1 * m[i] + (1 - b1) * gi;
      v[i] = b2 * v[i] + (1 - b2) * gi * gi;
      w[i] -= (rate * (1 - (t - 1) / iters) * (m[i] / (1 - b1 ** t))) / (Math.sqrt(v[i] / (1 - b2 ** t)) + 1e-12);
    }
  }
  // the forms' values in whole centipawns, the other weights to 1/100 (a count can reach hundreds)
  // (advance in whole centipawns too: Position.material, which counts it, is an integer)
  const ADV = FORMS + EVAL_FEATURES.indexOf('advance');
  const rounded = Array.from(w, (x, i) =>
    i < FORMS ? Math.round(w[TIE[i]]) : i === ADV ? Math.round(x) : Math.round(x * 100) / 100,
  );
  // a tied form is fitted where its group's first is
  for (let f = 0; f < FORMS; f++) active[f] = active[TIE[f]];
  for (let f = 0; f < FORMS; f++) nonZero[f] = nonZero[TIE[f]];
  const report = {
    positions: P,
    held: P - fitted,
    K,
    errorBefore: error(w0, K, false),
    errorAfter: error(rounded, K, false),
    heldBefore: error(w0, K, true),
    heldAfter: error(rounded, K, true),
    forms: Object.fromEntries(
      FORM_NAMES.flatMap((n, i) => (active[i] ? [[n, { from: w0[i], to: rounded[i], positions: nonZero[i] }]] : [])),
    ),
    weights: Object.fromEntries(EVAL_FEATURES.map((n, j) => [n, rounded[FORMS + j]])),
    formValues: Object.fromEntries(
      PIECES.flatMap((p, t) =>
        active[2 * t] || active[2 * t + 1] ? [[p.code, [rounded[2 * t], rounded[2 * t + 1]]]] : [],
      ),
    ),
  };
  if (a.json) {
    console.log(JSON.stringify(report));
    return;
  }
  const f5 = (x) => (Number.isNaN(x) ? '-' : x.toFixed(5));
  console.log(`${P} positions (${P - fitted} held out); K = ${K.toPrecision(4)} (fitted to the current weights)`);
  console.log(
    `error ${f5(report.errorBefore)} -> ${f5(report.errorAfter)}; ` +
      `held out ${f5(report.heldBefore)} -> ${f5(report.heldAfter)}`,
  );
  // FORM_VALUES: per piece code [unpromoted, promoted], for the codes with a fitted form
  console.log('export const FORM_VALUES = {');
  PIECES.forEach((p, t) => {
    if (active[2 * t] || active[2 * t + 1]) console.log(`  ${p.code}: [${rounded[2 * t]}, ${rounded[2 * t + 1]}],`);
  });
  console.log('};');
  console.log(`export const EVAL_WEIGHTS = ${JSON.stringify(report.weights)};`);
}

/** A bad input (a data file missing or not of gen's format, an unknown feature): a message and exit 2. */
class InputError extends Error {}

try {
  if (cmd === 'gen') gen();
  else if (cmd === 'fit') fit();
  else throw new InputError('usage: node bench/maka-tune.js gen|fit ... (see the top of bench/maka-tune.js)');
} catch (err) {
  if (!(err instanceof InputError)) throw err;
  console.error(err.message);
  process.exit(2);
}
