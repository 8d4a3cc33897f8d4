// Keeps the value in the placement phase (issue 36, "A measurement that keeps us honest"): in seeded random Bagh
// Chal placement-phase positions, does the move the search picks keep the position's value by the whole-game
// solution? The position is valued by the placement layers a `lattice solve bagh-chal --keep-placement` kept
// (openPlacementTables), the position after the move by those layers, or by the movement tablebase
// (Game.probe) once the last goat is placed, or by the game's end. A move keeps the value when the value after
// it is as good for the mover: a win stays a win, a draw stays at least a draw (a loss is kept by any move).
// Reports the rate per value class, per side to move and per goats placed (buckets of 5), with the positions
// that lost value (FEN and move) under --verbose and in the --json output.
//
//   node bench/placement-keeps-value.js --tb DIR [--option captures-to-win=K] [--n 200] [--nodes 100000]
//                                       [--seed S] [--engine DIR] [--with-tables] [--verbose] [--json]
//
//   --tb DIR        a whole-game directory solved with --keep-placement (required): the placement layers
//                   (captures-to-win 5 answer every game 1-5) and the movement tablebase of the game's
//                   captures-to-win; exit 2 when it lacks them
//   --option K=V    a variant option, e.g. captures-to-win=4 (default 5); repeatable
//   --n N           positions (default 200)
//   --nodes N       node budget of the search that picks the move (default 100000); without --with-tables a
//                   fresh Game (hashMb 16) for each position, so the figures depend only on the build and seed
//   --with-tables   the engine loads the solution too (one Game, loaded once, set to each position): every
//                   move should keep the value
//   --engine DIR    the build under test: a package root whose dist/src/index.js is loaded (default: this
//                   repository)
//
// Sample: a random number of plies k = 0..38 from the start, each a uniformly random legal move (seeded,
// mulberry32), so ceil(k / 2) goats placed, the goats to move after an even k and the tigers after an odd one;
// a playout the game ends on, or a position met before, is drawn again. Where the layers' captures-to-win is
// above the game's and a position's goats' bit is set ("the goats win or it is a draw", docs/solving.md
// "Playing from the solution"), the position (or the move's result) is not exact: counted as "inexact" and
// left out of the rates.
import { Game as OracleGame } from '../dist/src/index.js';
import { openPlacementTables } from '../dist/src/solve/placement.js';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';
import { REPO, loadEngine } from './tb-cache.js';

const KNOWN = {
  '--tb': 'value',
  '--option': 'value',
  '--n': 'value',
  '--nodes': 'value',
  '--seed': 'value',
  '--engine': 'value',
  '--with-tables': 'flag',
  '--verbose': 'flag',
  '--json': 'flag',
};
const argv = process.argv.slice(2);
const fail = (msg) => {
  console.error(`placement-keeps-value: ${msg}`);
  process.exit(2);
};
const values = {},
  flags = new Set(),
  options = {};
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (!(a in KNOWN)) fail(`unknown argument ${a}; options: ${Object.keys(KNOWN).join(' ')}`);
  if (KNOWN[a] === 'flag') {
    flags.add(a);
    continue;
  }
  const v = argv[++i];
  if (v === undefined || v.startsWith('--')) fail(`${a} needs a value`);
  if (a === '--option') {
    const m = /^([a-z-]+)=(.+)$/.exec(v);
    if (!m) fail(`--option takes NAME=VALUE, got ${JSON.stringify(v)}`);
    options[m[1]] = /^\d+$/.test(m[2]) ? Number(m[2]) : m[2];
  } else values[a] = v;
}
const JSON_OUT = flags.has('--json'),
  VERBOSE = flags.has('--verbose'),
  WITH_TABLES = flags.has('--with-tables');
const int = (name, dflt, min) => {
  const s = values[name] ?? String(dflt);
  const n = Number(s);
  if (!/^\d+$/.test(s) || !Number.isSafeInteger(n) || n < min) fail(`${name} must be an integer >= ${min}, got ${s}`);
  return n;
};
const count = int('--n', 200, 1),
  nodes = int('--nodes', 100000, 1),
  seed = int('--seed', 20261208, 0);
const tbDir = values['--tb'];
if (tbDir === undefined) fail('--tb DIR is required: a directory `lattice solve bagh-chal --keep-placement` wrote');
const engineDir = values['--engine'] ?? REPO;
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));
const variant = 'bagh-chal';

// ---------------------------------------------------------------- the solution
let tables, oracle;
try {
  oracle = await OracleGame.create(variant, { options, hashMb: 1 });
  tables = await openPlacementTables(variant, tbDir, options);
  const missing = [];
  for (let p = 0; p <= 19; p++)
    for (const side of [0, 1])
      if (!(side === 1 && p === 0) && !tables.layers.some((l) => l.placed === p && l.side === side))
        missing.push(`${p} placed, ${side ? 'tigers' : 'goats'} to move`);
  if (missing.length)
    throw new Error(
      `${tbDir} lacks placement layers (${missing.slice(0, 3).join('; ')}${missing.length > 3 ? '; ...' : ''}): ` +
        'solve it whole with --keep-placement',
    );
  await oracle.loadTablebase(tbDir);
} catch (e) {
  fail(`--tb ${tbDir}: ${e.message}`);
}
const K = Number(options['captures-to-win'] ?? 5);
note(
  `solution: ${tbDir} (placement layers of captures-to-win ${tables.k}, ${tables.layers.length} files), ` +
    `game captures-to-win ${K}`,
);

/** Goats placed in a position text: 20 less the goats in hand (its third field, e.g. `G19` or `-`). */
const placedOf = (pos) => {
  const hand = pos.split(' ')[2];
  return 20 - (hand === '-' ? 0 : Number(hand.slice(1)));
};
const flip = { win: 'loss', loss: 'win', draw: 'draw' };

/**
 * The value of the oracle's current position for the side to move, { wdl, exact, by }: by the placement layers
 * while a goat is in hand, else by the movement tablebase, or by the game's end (`moverPlural`: the plural name of
 * the side that just moved, to read the winner).
 */
function valueHere(moverPlural) {
  const res = oracle.result();
  if (res) {
    const wdl = res.winner === 'draw' ? 'draw' : res.winnerName === moverPlural ? 'loss' : 'win';
    return { wdl, exact: true, by: 'end' };
  }
  const pos = oracle.position();
  if (placedOf(pos) < 20) {
    const v = tables.probe(pos);
    return { wdl: v.wdl, exact: v.exact, by: 'placement' };
  }
  const p = oracle.probe();
  if (p === null) throw new Error(`the movement tablebase in ${tbDir} does not answer ${pos}`);
  return { wdl: p.wdl, exact: true, by: 'movement' };
}

// ---------------------------------------------------------------- the sample
const rand = seededRandom(seed);
const start = oracle.position();
const picked = [],
  seen = new Set();
for (let tries = 0; picked.length < count && tries < count * 100; tries++) {
  oracle.setPosition(start);
  const k = rand() % 39;
  for (let j = 0; j < k && !oracle.result(); j++) {
    const ms = oracle.legalMoves();
    oracle.play(ms[rand() % ms.length]);
  }
  if (oracle.result()) continue;
  const pos = oracle.position();
  if (seen.has(pos) || placedOf(pos) >= 20) continue;
  seen.add(pos);
  const v = tables.probe(pos);
  picked.push({ pos, mover: oracle.moverName(), placed: placedOf(pos), wdl: v.wdl, exact: v.exact });
}
note(
  `sample: ${picked.length} positions, seed ${seed}; engine ${engineDir}, ${nodes} nodes a move` +
    (WITH_TABLES ? ', with the solution loaded' : ''),
);

// ---------------------------------------------------------------- the engine's moves
const Engine = await loadEngine(engineDir);
let shared = null;
if (WITH_TABLES) {
  shared = await Engine.create(variant, { options, hashMb: 16 });
  await shared.loadTablebase(tbDir);
}
/** The engine's move in `pos`: a node-limited search of a fresh Game (or of the one with the tables). */
async function chooseMove(pos) {
  if (shared) {
    shared.setPosition(pos);
    return shared.search({ nodes });
  }
  const g = await Engine.create(variant, { options, position: pos, hashMb: 16 });
  try {
    return g.search({ nodes });
  } finally {
    g.dispose();
  }
}

const rank = { loss: 0, draw: 1, win: 2 };
const rows = [];
const t0 = performance.now();
for (const [i, s] of picked.entries()) {
  const r = await chooseMove(s.pos);
  oracle.setPosition(s.pos);
  const plural = oracle.variant.sides.find((x) => x.name === s.mover).plural;
  oracle.play(r.bestmove);
  const after = valueHere(plural);
  const mine = flip[after.wdl];
  const exact = s.exact && after.exact;
  const kept = rank[mine] >= rank[s.wdl];
  rows.push({ ...s, move: r.bestmove, score: r.score, depth: r.depth, after: mine, afterBy: after.by, exact, kept });
  if (!kept && exact && VERBOSE)
    note(`  LOST ${s.wdl} -> ${mine}: "${s.pos}" ${s.mover} plays ${r.bestmove} (score ${r.score}, depth ${r.depth})`);
  if (!JSON_OUT && !VERBOSE && (i + 1) % 50 === 0) process.stdout.write(`${i + 1} `);
}
if (!JSON_OUT && !VERBOSE) process.stdout.write('\n');
const seconds = (performance.now() - t0) / 1000;
shared?.dispose();
oracle.dispose();
tables.close();

// ---------------------------------------------------------------- the figures
const summary = (rs) => {
  const ex = rs.filter((r) => r.exact);
  const kept = ex.filter((r) => r.kept).length;
  return { positions: ex.length, kept, rate: ex.length ? kept / ex.length : null, inexact: rs.length - ex.length };
};
const groups = {};
const bucket = (p) => `${Math.floor(p / 5) * 5}-${Math.floor(p / 5) * 5 + 4} placed`;
for (const m of ['goat', 'tiger']) {
  const rs = rows.filter((r) => r.mover === m);
  groups[`${m}s to move`] = summary(rs);
  for (const cls of ['win', 'draw', 'loss']) groups[`${m}s to move, ${cls}`] = summary(rs.filter((r) => r.wdl === cls));
  for (let b = 0; b < 20; b += 5)
    groups[`${m}s to move, ${bucket(b)}`] = summary(rs.filter((r) => bucket(r.placed) === bucket(b)));
}
for (let b = 0; b < 20; b += 5) groups[bucket(b)] = summary(rows.filter((r) => bucket(r.placed) === bucket(b)));
groups['win + draw'] = summary(rows.filter((r) => r.wdl !== 'loss'));
groups.overall = summary(rows);
const pct = (x) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
note(`\nkeeps the value (bagh-chal placement, captures-to-win ${K}, ${nodes} nodes; a loss is kept by any move):`);
for (const [k, g] of Object.entries(groups)) {
  if (!g.positions && !g.inexact) continue;
  note(
    `  ${k.padEnd(32)} ${String(g.kept).padStart(4)}/${String(g.positions).padEnd(4)} ${pct(g.rate).padStart(6)}` +
      (g.inexact ? `   (inexact, left out: ${g.inexact})` : ''),
  );
}
const lost = rows.filter((r) => r.exact && !r.kept);
note(`  lost: ${lost.length}; ${Math.round(seconds)} s of searches`);
if (JSON_OUT) {
  console.log(
    JSON.stringify(
      {
        engine: engineDir,
        tb: tbDir,
        options,
        withTables: WITH_TABLES,
        nodes,
        seed,
        count: rows.length,
        groups,
        lost: lost.map((r) => ({
          fen: r.pos,
          move: r.move,
          mover: r.mover,
          placed: r.placed,
          before: r.wdl,
          after: r.after,
          score: r.score,
          depth: r.depth,
        })),
        seconds: Math.round(seconds),
      },
      null,
      2,
    ),
  );
}
