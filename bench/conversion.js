// Conversion of won Bagh Chal endgames (issue 18, "Tests and measurements"): from tablebase wins of
// 15-60 plies, half with the tigers to win and half with the goats to win, does the engine, playing
// both sides, bring the win home? Each position is played out engine against engine (the same build on
// both sides, each side its own Game and transposition table, no tablebase) at a node budget a move,
// until a result or a ply cap. Reports, split by the winning side, how many the winner converts, how
// many end in a draw by repetition (draw3, the default rule), at the ply cap, or are lost; and, from
// the tablebase following the game, whether the winner first let the win slip (a move into a drawn or
// lost position) or shuffled while still winning. `--with-tb` adds the sanity run: the winning side's
// engine has the tablebase loaded (expected: every game converted).
//
//   node bench/conversion.js [--engine DIR] [--tb DIR] [--captures-to-win 5] [--count 50]
//                            [--nodes 200000] [--max-plies 400] [--min-dtm 15] [--max-dtm 60]
//                            [--seed S] [--with-tb | --tb-only] [--verbose] [--json]
//
//   --engine DIR   the build under test: a package root whose dist/src/index.js is loaded (default: this
//                  repository), e.g. a worktree of another commit after `npm ci && npm run build`
//   --tb DIR       the movement-phase tablebase (default $TMPDIR/lattice-bench-tb/bagh-chal-ctw<N>): reused
//                  if complete, else built there first with this repository's build (about 1 min on 2
//                  cores, 178 MiB, atomically: built aside and renamed into place)
//   --captures-to-win N  the game (and tablebase) played: 5 is the full game
//   --count N      positions (default 50): N/2 with the tigers winning, the rest with the goats winning
//   --nodes N      node budget a move for both sides (default 200000); results do not depend on load
//   --max-plies N  plies a game may last before it counts as "ply cap" (default 400)
//   --with-tb      also play every position with the tablebase loaded into the winning side's Game;
//                  --tb-only: only that run
//   --verbose      one line per game (stderr with --json)
//   --json         the figures as JSON on stdout (progress goes to stderr)
//
// The sample is fixed by --seed: random movement-phase positions (test/support/exact-wins-lib.mjs; all placed,
// 0..N-1 goats captured, either side to move, not necessarily reachable) whose tablebase distance to the
// end is within [--min-dtm, --max-dtm], the winner being the side to move (odd distance) or the other.
// The oracle (probing) is this repository's build; only the players come from --engine.
import { Game as OracleGame } from '../dist/src/index.js';
import { randomMovementPosition, seededRandom } from '../test/support/exact-wins-lib.mjs';
import { REPO, args, defaultTbDir, ensureTablebase, loadEngine, moverOf, winnerOf } from './tb-cache.js';

const { opt, flag } = args({
  '--engine': 'value',
  '--tb': 'value',
  '--captures-to-win': 'value',
  '--count': 'value',
  '--nodes': 'value',
  '--max-plies': 'value',
  '--min-dtm': 'value',
  '--max-dtm': 'value',
  '--seed': 'value',
  '--with-tb': 'flag',
  '--tb-only': 'flag',
  '--verbose': 'flag',
  '--json': 'flag',
});
const JSON_OUT = flag('--json'),
  VERBOSE = flag('--verbose');
const engineDir = opt('--engine', REPO);
const ctw = Number(opt('--captures-to-win', '5'));
const tbDir = opt('--tb', defaultTbDir(ctw));
const count = Number(opt('--count', '50'));
const nodes = Number(opt('--nodes', '200000'));
const maxPlies = Number(opt('--max-plies', '400'));
const minDtm = Number(opt('--min-dtm', '15')),
  maxDtm = Number(opt('--max-dtm', '60'));
const seed = Number(opt('--seed', '20261201'));
const runs = flag('--tb-only') ? ['tb'] : flag('--with-tb') ? ['plain', 'tb'] : ['plain'];
for (const [k, v] of Object.entries({ ctw, count, nodes, maxPlies, minDtm, maxDtm, seed })) {
  if (!Number.isInteger(v) || v < 0) {
    console.error(`conversion: ${k} must be a non-negative integer`);
    process.exit(2);
  }
}
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));
const options = { 'captures-to-win': ctw };

const tb = await ensureTablebase(tbDir, ctw, note);
const Engine = await loadEngine(engineDir);
const oracle = await OracleGame.create('bagh-chal', { options, hashMb: 1 });
await oracle.loadTablebase(tbDir);

/** The tablebase verdict of `pos` (oracle), with the winning side. */
function verdict(pos) {
  oracle.setPosition(pos);
  const p = oracle.probe();
  return { ...p, winner: winnerOf(p, moverOf(pos)) };
}

// --- the sample: count/2 tiger wins, the rest goat wins, distance within [minDtm, maxDtm]
const rand = seededRandom(seed);
const want = { tigers: Math.floor(count / 2), goats: count - Math.floor(count / 2) };
const got = { tigers: [], goats: [] };
const seen = new Set();
const t0 = performance.now();
for (let tries = 0; got.tigers.length + got.goats.length < count; tries++) {
  if (tries > count * 100000) throw new Error('conversion: could not find enough positions; widen --min-dtm/--max-dtm');
  const pos = randomMovementPosition(rand, ctw);
  if (seen.has(pos)) continue;
  seen.add(pos);
  oracle.setPosition(pos);
  if (oracle.result()) continue;
  const v = verdict(pos);
  if (v.winner === null || v.dtm < minDtm || v.dtm > maxDtm) continue;
  if (got[v.winner].length < want[v.winner]) got[v.winner].push({ pos, winner: v.winner, dtm: v.dtm });
}
const sample = [...got.tigers, ...got.goats];
const dtms = (s) => s.map((x) => x.dtm).sort((a, b) => a - b);
const med = (a) => a[Math.floor(a.length / 2)];
note(
  `sample: ${sample.length} positions (${got.tigers.length} tigers win, median dtm ${med(dtms(got.tigers))}; ` +
    `${got.goats.length} goats win, median dtm ${med(dtms(got.goats))}), seed ${seed}, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
note(`engine ${engineDir}, ${nodes} nodes a move, max ${maxPlies} plies, captures-to-win ${ctw}`);

/**
 * Plays `s` out. `withTb`: the winner's Game has the tablebase. Returns the outcome from the winner's
 * view ('converted' | 'repetition' | 'ply-cap' | 'lost'), the plies, and what the tablebase saw: the
 * first winner's move that gave the win away (slip), and whether the final position was still won.
 */
async function playOut(s, withTb) {
  const games = {
    tiger: await Engine.create('bagh-chal', { options, position: s.pos, hashMb: 16 }),
    goat: await Engine.create('bagh-chal', { options, position: s.pos, hashMb: 16 }),
  };
  const winnerName = s.winner === 'tigers' ? 'tiger' : 'goat';
  try {
    if (withTb) await games[winnerName].loadTablebase(tbDir);
    const g = games.tiger;
    let plies = 0,
      slip = null,
      searchNodes = 0;
    let before = s; // the tablebase verdict before the current move
    const t1 = performance.now();
    while (g.result() === null && plies < maxPlies) {
      const mover = g.moverName();
      const pos = g.position();
      const r = games[mover].search({ nodes });
      searchNodes += r.nodes;
      if (!r.bestmove) throw new Error(`no move from a live position ${pos}`);
      games.tiger.play(r.bestmove);
      games.goat.play(r.bestmove);
      plies++;
      const after = verdict(g.position());
      if (!slip && mover === winnerName && after.winner !== s.winner) {
        slip = {
          ply: plies,
          position: pos,
          move: r.bestmove,
          dtmBefore: before.dtm,
          after: after.winner ? `${after.winner} win in ${after.dtm}` : 'draw',
          tbMove: verdict(pos).bestmove,
          score: r.score,
        };
      }
      before = { ...after };
    }
    const res = g.result();
    const outcome =
      res === null
        ? 'ply-cap'
        : res.winner === 'draw'
          ? res.reason === 'repetition'
            ? 'repetition'
            : `draw-${res.reason}`
          : res.winnerName === s.winner
            ? 'converted'
            : 'lost';
    const finalTb = verdict(g.position());
    return {
      outcome,
      plies,
      slip,
      stillWon: finalTb.winner === s.winner,
      ms: Math.round(performance.now() - t1),
      nodes: searchNodes,
    };
  } finally {
    games.tiger.dispose();
    games.goat.dispose();
  }
}

const report = {
  engine: engineDir,
  capturesToWin: ctw,
  nodes,
  maxPlies,
  seed,
  dtmRange: [minDtm, maxDtm],
  tablebase: tb,
  runs: {},
};
for (const run of runs) {
  const withTb = run === 'tb';
  note(`\n${withTb ? 'with the tablebase for the winning side' : 'without tablebase'}:`);
  const games = [];
  const t2 = performance.now();
  for (const [i, s] of sample.entries()) {
    const r = await playOut(s, withTb);
    games.push({ ...s, ...r });
    const line =
      `  ${String(i + 1).padStart(2)} ${s.winner.padEnd(6)} dtm ${String(s.dtm).padStart(2)} ${r.outcome.padEnd(10)} ${String(r.plies).padStart(3)} plies` +
      (r.slip
        ? `, win slipped at ply ${r.slip.ply} (${r.slip.move}, tablebase ${r.slip.tbMove}; dtm was ${r.slip.dtmBefore}, now ${r.slip.after})`
        : r.outcome !== 'converted'
          ? ', still a tablebase win at the end'
          : '') +
      `  "${s.pos}"  ${(r.ms / 1000).toFixed(1)} s`;
    if (VERBOSE) (JSON_OUT ? console.error : console.log)(line);
    else if (!JSON_OUT)
      process.stdout.write(i + 1 === sample.length ? `  ${i + 1} games\n` : (i + 1) % 10 === 0 ? `${i + 1}` : '.');
  }
  const by = (side) => {
    const gs = side ? games.filter((x) => x.winner === side) : games;
    const c = (k) => gs.filter((x) => x.outcome === k).length;
    return {
      games: gs.length,
      converted: c('converted'),
      repetition: c('repetition'),
      plyCap: c('ply-cap'),
      lost: c('lost'),
      otherDraws: gs.filter((x) => x.outcome.startsWith('draw-')).length,
      // of those not converted: the winner's move gave the win away, or the game ended still won
      slipped: gs.filter((x) => x.outcome !== 'converted' && x.slip).length,
      stillWonAtEnd: gs.filter((x) => x.outcome !== 'converted' && x.stillWon).length,
      meanPliesConverted: Math.round(
        gs.filter((x) => x.outcome === 'converted').reduce((a, x) => a + x.plies, 0) / Math.max(1, c('converted')),
      ),
    };
  };
  const seconds = (performance.now() - t2) / 1000;
  report.runs[run] = {
    withTablebase: withTb,
    all: by(null),
    tigers: by('tigers'),
    goats: by('goats'),
    seconds: Math.round(seconds),
    games,
  };
  const row = (name, x) =>
    `  ${name.padEnd(7)} ${String(x.converted).padStart(2)}/${String(x.games).padEnd(2)} converted, ${x.repetition} repetition, ${x.plyCap} ply cap, ${x.lost} lost` +
    (x.otherDraws ? `, ${x.otherDraws} other draws` : '') +
    `  (not converted: ${x.slipped} gave the win away, ${x.stillWonAtEnd} still won at the end; mean ${x.meanPliesConverted} plies to convert)`;
  note(row('tigers', report.runs[run].tigers));
  note(row('goats', report.runs[run].goats));
  note(row('all', report.runs[run].all));
  note(`  ${Math.round(seconds)} s`);
}
oracle.dispose();
if (JSON_OUT) console.log(JSON.stringify(report, null, 2));
