// Perfect where the answer is known (issue 18, "Tests and measurements"): in positions whose game value
// is known, does the move the search picks keep that value? A move keeps it when the position after it
// has the same value for the mover: a win stays a win (at any distance), a draw stays at least a draw (a
// loss is kept by any move). Reports the rate per value class (win / draw / loss), per side to move and
// overall, and how often the move is also optimal (the fastest win, the longest loss), with the
// positions that failed listed under --verbose.
//
//   node bench/keeps-value.js [--engine DIR] [--count 400] [--nodes 100000] [--seed S]
//                             [--tb DIR] [--variant bagh-chal|catch-the-giant|surround-the-tiger] [--solved DIR]
//                             [--prove-depth D] [--verify-depth D] [--max-tries N] [--max-proofs N]
//                             [--verbose] [--json]
//
//   --engine DIR   the build under test: a package root whose dist/src/index.js is loaded (default: this
//                  repository)
//   --count N      positions (default 400)
//   --nodes N      node budget of the search that picks the move (default 100000); a fresh Game (hashMb
//                  16) for each position, so the figures depend on nothing but the build and the seed
//   --verbose      every position whose move lost the value (stderr with --json)
//   --json         the figures as JSON on stdout
//
// Bagh Chal (default): fixed-seed random movement-phase positions (test/support/exact-wins-lib.mjs), valued by
// the movement tablebase (--tb DIR, default $TMPDIR/lattice-bench-tb/bagh-chal-ctw5; built there first
// if absent, about 1 min on 2 cores, see bench/tb-cache.js): a third each win, draw and loss for the side
// to move, each split evenly between goats and tigers to move, and wins and losses evenly between short
// (distance to the end < 15 plies) and long (>= 15) ones.
//
// Catch the Giant, Surround the Tiger (--variant): positions from seeded random playouts of the start
// (0-60 random plies), kept when a search of --prove-depth (default 20 and 12) reports a mate: by the
// engine's guarantee a forced win in n plies is reported exactly by a completed search of depth n + 2, so
// these are proven wins and losses in at most D - 2 plies (no draws: a search cannot prove one). Half
// wins, half losses for the side to move, split between the sides as far as the playouts give them (a
// side that rarely has a class to move, e.g. the dogs losing, gives its share to the other), within
// --max-tries playouts (default 200 a position) and --max-proofs proving searches (default 20 a
// position in Catch the Giant, 3 in Surround the Tiger: depth 12 there takes about 0.2 s a position).
// With --solved DIR (the tables `lattice solve <variant> --dir DIR` wrote, default options) the values
// come from the tables instead: every class, draws and long wins included, a third each of win, draw and
// loss split between the sides to move as far as the playouts give them; the move keeps the value when
// the tables say so after it (no search needed).
// After the chosen move a search of depth D, or if that finds no mate --verify-depth (default D + 4 and
// D + 2), must report a mate for the mover ("kept"), else the move is "unproven" (a draw, or a win
// longer than the search sees) or "lost" (a mate for the opponent). The proving searches use this
// repository's build; the chosen move comes from --engine.
import { Game as OracleGame } from '../dist/src/index.js';
import { randomMovementPosition, seededRandom } from '../test/support/exact-wins-lib.mjs';
import { REPO, args, defaultTbDir, ensureTablebase, loadEngine, moverOf } from './tb-cache.js';

const { opt, flag } = args({
  '--engine': 'value',
  '--count': 'value',
  '--nodes': 'value',
  '--seed': 'value',
  '--tb': 'value',
  '--variant': 'value',
  '--solved': 'value',
  '--prove-depth': 'value',
  '--verify-depth': 'value',
  '--max-tries': 'value',
  '--max-proofs': 'value',
  '--verbose': 'flag',
  '--json': 'flag',
});
const JSON_OUT = flag('--json'),
  VERBOSE = flag('--verbose');
const engineDir = opt('--engine', REPO);
const variant = opt('--variant', 'bagh-chal');
const count = Number(opt('--count', '400'));
const nodes = Number(opt('--nodes', '100000'));
const seed = Number(opt('--seed', '20261201'));
const PROVE = { 'catch-the-giant': 20, 'surround-the-tiger': 12 };
if (variant !== 'bagh-chal' && !(variant in PROVE)) {
  console.error(`keeps-value: --variant is bagh-chal, ${Object.keys(PROVE).join(' or ')}`);
  process.exit(2);
}
const proveDepth = Number(opt('--prove-depth', String(PROVE[variant] ?? 0)));
for (const [k, v] of Object.entries({ count, nodes, seed, proveDepth })) {
  if (!Number.isInteger(v) || v < 0) {
    console.error(`keeps-value: ${k} must be a non-negative integer`);
    process.exit(2);
  }
}
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));
const Engine = await loadEngine(engineDir);

/** The engine's move in `pos`: a fresh Game, a node-limited search, disposed. */
async function chooseMove(pos) {
  const g = await Engine.create(variant, { position: pos, hashMb: 16 });
  try {
    const r = g.search({ nodes });
    return { move: r.bestmove, score: r.score, mateIn: r.mateIn, depth: r.depth };
  } finally {
    g.dispose();
  }
}

/**
 * A position `g` reaches from `start` by 0-60 seeded random plies, with the side to move's name; null
 * when the game ended on the way or the position is in `seen` (else it is added).
 */
function playout(g, start, rand, seen) {
  g.setPosition(start);
  const k = rand() % 61;
  for (let j = 0; j < k && !g.result(); j++) {
    const ms = g.legalMoves();
    g.play(ms[rand() % ms.length]);
  }
  if (g.result()) return null;
  const pos = g.position();
  if (seen.has(pos)) return null;
  seen.add(pos);
  return { pos, mover: g.moverName() };
}

/** Splits `n` into `k` near-equal integer parts. */
const parts = (n, k) => Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));

// ---------------------------------------------------------------- Bagh Chal: the tablebase knows
async function baghChal() {
  const tbDir = opt('--tb', defaultTbDir(5));
  const tb = await ensureTablebase(tbDir, 5, note);
  const oracle = await OracleGame.create('bagh-chal', { hashMb: 1 });
  await oracle.loadTablebase(tbDir);
  // strata: class x side to move (x short/long for wins and losses)
  const [nWin, nDraw, nLoss] = parts(count, 3);
  const target = new Map();
  const split = (cls, n, bands) => {
    const keys = bands ? ['T short', 'T long', 'G short', 'G long'] : ['T', 'G'];
    parts(n, keys.length).forEach((m, i) => target.set(`${cls} ${keys[i]}`, m));
  };
  split('win', nWin, true);
  split('draw', nDraw, false);
  split('loss', nLoss, true);
  const stratum = (p, mover) => `${p.wdl} ${mover}${p.dtm === null ? '' : p.dtm < 15 ? ' short' : ' long'}`;
  const rand = seededRandom(seed);
  const picked = [],
    seen = new Set(),
    have = new Map();
  const maxTries = Number(opt('--max-tries', String(count * 2000)));
  for (let tries = 0; picked.length < count && tries < maxTries; tries++) {
    const pos = randomMovementPosition(rand, 5);
    if (seen.has(pos)) continue;
    seen.add(pos);
    oracle.setPosition(pos);
    if (oracle.result()) continue;
    const p = oracle.probe();
    const k = stratum(p, moverOf(pos));
    if ((have.get(k) ?? 0) >= target.get(k)) continue;
    have.set(k, (have.get(k) ?? 0) + 1);
    picked.push({ pos, wdl: p.wdl, dtm: p.dtm, mover: moverOf(pos), stratum: k, tbMove: p.bestmove });
  }
  note(
    `sample: ${picked.length} positions, seed ${seed}: ${[...target.keys()].map((k) => `${k} ${have.get(k) ?? 0}`).join(', ')}`,
  );
  note(`engine ${engineDir}, ${nodes} nodes a move`);

  const { rows, seconds } = await scoreByTables(picked, oracle);
  oracle.dispose();
  return { tablebase: tb, rows, seconds };
}

/**
 * The engine's move in each picked position ({ pos, wdl, dtm, mover, tbMove }) judged by `oracle`, a Game
 * whose tables are loaded: kept when the value after the move is as good for the mover, optimal when it
 * is also the fastest win or the longest loss.
 */
async function scoreByTables(picked, oracle) {
  const rows = [];
  const t0 = performance.now();
  for (const [i, s] of picked.entries()) {
    const c = await chooseMove(s.pos);
    oracle.setPosition(s.pos);
    oracle.play(c.move);
    const res = oracle.result();
    // the opponent's view after the move (a game ended by it: the mover's win, or a draw)
    const after = res ? { wdl: res.winner === 'draw' ? 'draw' : 'loss', dtm: 0 } : oracle.probe();
    const mine = after.wdl === 'win' ? 'loss' : after.wdl === 'loss' ? 'win' : 'draw';
    const rank = { loss: 0, draw: 1, win: 2 };
    const kept = rank[mine] >= rank[s.wdl];
    const optimal = kept && (s.wdl === 'draw' || after.dtm === s.dtm - 1);
    rows.push({
      ...s,
      move: c.move,
      score: c.score,
      mateIn: c.mateIn,
      depth: c.depth,
      after: mine,
      afterDtm: after.dtm,
      kept,
      optimal,
    });
    if (!kept && VERBOSE) {
      note(
        `  LOST ${s.wdl}${s.dtm === null ? '' : ` in ${s.dtm}`} -> ${mine}${after.dtm === null ? '' : ` in ${after.dtm + 1}`}: "${s.pos}" ${s.mover} plays ${c.move} ` +
          `(score ${c.score}${c.mateIn !== null ? `, mate ${c.mateIn}` : ''}, depth ${c.depth}); the tables play ${s.tbMove}`,
      );
    }
    if (!JSON_OUT && !VERBOSE && (i + 1) % 50 === 0) process.stdout.write(`${i + 1} `);
  }
  if (!JSON_OUT && !VERBOSE) process.stdout.write('\n');
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- solved games: the generic solver's tables know
async function tabled(dir) {
  const rand = seededRandom(seed);
  const oracle = await OracleGame.create(variant, { hashMb: 1 });
  await oracle.loadTablebase(dir);
  const sides = oracle.variant.sides.map((x) => x.name);
  const quota = new Map();
  parts(count, 3).forEach((n, c) =>
    parts(n, 2).forEach((m, i) => quota.set(`${['win', 'draw', 'loss'][c]} ${sides[i]}`, m)),
  );
  const picked = [],
    spare = [],
    seen = new Set(),
    have = new Map();
  const start = oracle.position();
  const maxTries = Number(opt('--max-tries', String(count * 200)));
  let tries = 0;
  for (; picked.length < count && tries < maxTries; tries++) {
    const got = playout(oracle, start, rand, seen);
    if (got === null) continue;
    const { pos, mover } = got;
    oracle.setPosition(pos);
    const p = oracle.probe();
    if (p === null) continue;
    const s = { pos, wdl: p.wdl, dtm: p.dtm, mover, tbMove: p.bestmove };
    const key = `${p.wdl} ${mover}`;
    if ((have.get(key) ?? 0) < quota.get(key)) {
      have.set(key, (have.get(key) ?? 0) + 1);
      picked.push(s);
    } else spare.push(s);
  }
  // a class one side rarely has to move is filled from the other side's spare positions of that class
  for (const cls of ['win', 'draw', 'loss']) {
    const want = sides.reduce((a, m) => a + quota.get(`${cls} ${m}`), 0) - picked.filter((p) => p.wdl === cls).length;
    picked.push(...spare.filter((p) => p.wdl === cls).slice(0, Math.max(0, want)));
  }
  note(
    `sample: ${picked.length} positions valued by the tables in ${dir} from ${tries} playouts, seed ${seed}: ` +
      ['win', 'draw', 'loss'].map((c) => `${c} ${picked.filter((p) => p.wdl === c).length}`).join(', '),
  );
  note(`engine ${engineDir}, ${nodes} nodes a move`);
  const { rows, seconds } = await scoreByTables(picked, oracle);
  oracle.dispose();
  return { tables: dir, rows, seconds };
}

// ---------------------------------------------------------------- lattice games: the exact search proves
async function proven() {
  const rand = seededRandom(seed);
  const maxTries = Number(opt('--max-tries', String(count * 200)));
  const maxProofs = Number(opt('--max-proofs', String(count * (variant === 'catch-the-giant' ? 20 : 3))));
  const verifyDepth = Number(opt('--verify-depth', String(proveDepth + (variant === 'catch-the-giant' ? 4 : 2))));
  const prover = await OracleGame.create(variant, { hashMb: 16 });
  /** The side to move's forced win (n > 0) or loss (n < 0) in |n| <= depth - 2 plies, exact, or null. */
  const mate = (depth) => {
    const r = prover.search({ depth });
    return r.mateIn !== null && Math.abs(r.mateIn) <= depth - 2 ? r.mateIn : null;
  };
  const sides = prover.variant.sides.map((x) => x.name);
  const walker = await OracleGame.create(variant, { hashMb: 1 });
  // quotas: half wins, half losses for the side to move, each split between the sides; a stratum the
  // playouts do not fill (in Surround the Tiger the dogs to move rarely lose) is filled from the spare
  // proven positions of the same class with the other side to move
  const [nWin, nLoss] = parts(count, 2);
  const quota = new Map();
  parts(nWin, 2).forEach((m, i) => quota.set(`win ${sides[i]}`, m));
  parts(nLoss, 2).forEach((m, i) => quota.set(`loss ${sides[i]}`, m));
  const picked = [],
    spare = [],
    seen = new Set(),
    have = new Map();
  const free = (k) => (have.get(k) ?? 0) < quota.get(k);
  const start = walker.position();
  const t0 = performance.now();
  let tries = 0,
    proofs = 0;
  for (; picked.length < count && tries < maxTries && proofs < maxProofs; tries++) {
    const got = playout(walker, start, rand, seen);
    if (got === null) continue;
    const { pos, mover } = got;
    if (!free(`win ${mover}`) && !free(`loss ${mover}`)) continue;
    proofs++;
    prover.setPosition(pos);
    const n = mate(proveDepth);
    if (n === null) continue;
    const s = { pos, wdl: n > 0 ? 'win' : 'loss', dtm: Math.abs(n), mover };
    const key = `${s.wdl} ${mover}`;
    if (free(key)) {
      have.set(key, (have.get(key) ?? 0) + 1);
      picked.push(s);
    } else spare.push(s);
  }
  for (const cls of ['win', 'loss']) {
    const want = (cls === 'win' ? nWin : nLoss) - picked.filter((p) => p.wdl === cls).length;
    picked.push(...spare.filter((p) => p.wdl === cls).slice(0, Math.max(0, want)));
  }
  const bySide = (cls) =>
    sides
      .map((m) => [m, picked.filter((p) => p.wdl === cls && p.mover === m).length])
      .filter(([, n]) => n)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
  note(
    `sample: ${picked.length} proven positions (wins: ${bySide('win') || 'none'}; losses: ${bySide('loss') || 'none'}) from ${tries} playouts and ${proofs} proofs at depth ${proveDepth}, seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (picked.length < count) note(`  (fewer than ${count}: the budget ran out; --max-tries, --max-proofs raise it)`);
  note(`engine ${engineDir}, ${nodes} nodes a move`);
  walker.dispose();

  const rows = [];
  const t1 = performance.now();
  for (const [i, s] of picked.entries()) {
    const c = await chooseMove(s.pos);
    prover.setPosition(s.pos);
    prover.play(c.move);
    const res = prover.result();
    let after,
      afterN = null;
    if (res) {
      const moverPlural = prover.variant.sides.find((x) => x.name === s.mover).plural;
      after = res.winner === 'draw' ? 'draw' : res.winnerName === moverPlural ? 'win' : 'loss';
      afterN = 0;
    } else {
      // the opponent's mate: negative = the mover wins; a deeper look when the first finds none
      let n = mate(proveDepth);
      if (n === null && s.wdl === 'win' && verifyDepth > proveDepth) n = mate(verifyDepth);
      after = n === null ? 'unproven' : n < 0 ? 'win' : 'loss';
      afterN = n === null ? null : Math.abs(n);
    }
    const kept = s.wdl === 'loss' || after === 'win';
    const optimal = kept && afterN === s.dtm - 1;
    rows.push({
      ...s,
      move: c.move,
      score: c.score,
      mateIn: c.mateIn,
      depth: c.depth,
      after,
      afterDtm: afterN,
      kept,
      optimal,
    });
    if (!kept && VERBOSE) {
      note(
        `  ${after === 'unproven' ? 'UNPROVEN' : 'LOST'} win in ${s.dtm} -> ${after}${afterN === null ? ` (no mate within depth ${verifyDepth})` : ` in ${afterN + 1}`}: "${s.pos}" ${s.mover} plays ${c.move} (score ${c.score}${c.mateIn !== null ? `, mate ${c.mateIn}` : ''}, depth ${c.depth})`,
      );
    }
    if (!JSON_OUT && !VERBOSE && (i + 1) % 50 === 0) process.stdout.write(`${i + 1} `);
  }
  if (!JSON_OUT && !VERBOSE) process.stdout.write('\n');
  prover.dispose();
  return { proveDepth, verifyDepth, rows, seconds: (performance.now() - t1) / 1000 };
}

const solvedDir = opt('--solved', '');
const out = variant === 'bagh-chal' ? await baghChal() : solvedDir ? await tabled(solvedDir) : await proven();
const summary = (rs) => ({
  positions: rs.length,
  kept: rs.filter((r) => r.kept).length,
  optimal: rs.filter((r) => r.optimal).length,
  rate: rs.length ? rs.filter((r) => r.kept).length / rs.length : null,
  ...(variant !== 'bagh-chal' && !solvedDir ? { unproven: rs.filter((r) => r.after === 'unproven').length } : {}),
});
const groups = {};
for (const cls of ['win', 'draw', 'loss']) {
  const rs = out.rows.filter((r) => r.wdl === cls);
  if (!rs.length) continue;
  groups[cls] = summary(rs);
  for (const m of [...new Set(rs.map((r) => r.mover))].sort())
    groups[`${cls}, ${m} to move`] = summary(rs.filter((r) => r.mover === m));
  if (variant === 'bagh-chal' && cls !== 'draw')
    for (const b of ['short', 'long'])
      groups[`${cls}, ${b === 'short' ? 'dtm < 15' : 'dtm >= 15'}`] = summary(rs.filter((r) => r.stratum.endsWith(b)));
}
if (groups.draw) groups['win + draw'] = summary(out.rows.filter((r) => r.wdl !== 'loss'));
groups.overall = summary(out.rows);
const pct = (x) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
note(`\nkeeps the value (${variant}, ${nodes} nodes; a loss is kept by any move):`);
for (const [k, g] of Object.entries(groups)) {
  note(
    `  ${k.padEnd(22)} ${String(g.kept).padStart(3)}/${String(g.positions).padEnd(3)} ${pct(g.rate).padStart(6)}   optimal ${g.optimal}` +
      (g.unproven ? `, unproven ${g.unproven}` : ''),
  );
}
note(`  ${Math.round(out.seconds)} s of searches`);
if (JSON_OUT) {
  const failed = out.rows.filter((r) => !r.kept);
  console.log(
    JSON.stringify(
      {
        engine: engineDir,
        variant,
        nodes,
        seed,
        count,
        proveDepth: out.proveDepth,
        verifyDepth: out.verifyDepth,
        tablebase: out.tablebase,
        groups,
        failed,
        seconds: Math.round(out.seconds),
      },
      null,
      2,
    ),
  );
}
