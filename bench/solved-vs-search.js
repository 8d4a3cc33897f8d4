// Random probes of a solved game's tables (`lattice solve <variant> --dir DIR`) checked by the engine's
// own forward search without them (issue 20: "random probes of the full tables checked against a
// forward proof search of the engine to the stated distance"; the logic of
// test/reference/solved-vs-search.ts, for tables too big for a test). Seeded random games from the
// start; at every position met whose value is a win or loss in at most --max-plies plies, a search of
// depth n + 2 must report exactly that mate (the search's exact-mate guarantee, README "Search"); at a
// draw, a search of --draw-depth must report no mate. The tables are loaded as Game.loadTablebase
// would (every layer when they fit the core, else the live layers: HuntSolver.load).
//
//   node bench/solved-vs-search.js --variant ID --dir DIR [--option k=v ...] [--games 30] [--plies 60]
//                                  [--max-plies 9] [--draw-depth 8] [--seed 7] [--json]
//
// Prints the positions checked (wins, losses, draws) and every disagreement; exits 1 if there is one.
import { Game } from '../dist/src/index.js';
import { HuntSolver } from '../dist/src/solve/generic.js';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const options = {};
argv.forEach((a, i) => {
  if (a === '--option') {
    const [k, v] = argv[i + 1].split('=');
    options[k] = v;
  }
});
const variant = opt('--variant'),
  dir = opt('--dir');
if (!variant || !dir) {
  console.error('solved-vs-search: --variant ID and --dir DIR (the solved tables) are required');
  process.exit(2);
}
const games = Number(opt('--games', '30')),
  plies = Number(opt('--plies', '60')),
  maxPlies = Number(opt('--max-plies', '9'));
const drawDepth = Number(opt('--draw-depth', '8')),
  seed = Number(opt('--seed', '7'));
for (const [k, v] of Object.entries({ games, plies, maxPlies, drawDepth })) {
  if (!(Number.isInteger(v) && v > 0)) {
    console.error(
      `solved-vs-search: --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a positive integer`,
    );
    process.exit(2);
  }
}

const t0 = performance.now();
const solver = await HuntSolver.create(variant, options);
solver.load(dir);
const rand = seededRandom(seed);
const seen = new Set();
const out = { wins: 0, losses: 0, draws: 0 };
const wrong = [];
for (let i = 0; i < games; i++) {
  const g = await Game.create(variant, { options });
  for (let p = 0; p < plies && g.result() === null; p++) {
    const pos = g.position();
    const v = solver.probe(pos);
    if (v !== null && !seen.has(pos) && (v.result === 'draw' || v.plies <= maxPlies)) {
      seen.add(pos);
      const s = await Game.create(variant, { position: pos, options });
      const r = s.search({ depth: v.result === 'draw' ? drawDepth : v.plies + 2 });
      s.dispose();
      const want = v.result === 'win' ? v.plies : v.result === 'loss' ? -v.plies : null;
      if (r.mateIn !== want && !(v.plies === 0 && r.mateIn === null))
        wrong.push(
          `${pos}: tables ${v.result}${v.result === 'draw' ? '' : ` in ${v.plies}`}, search mateIn ${r.mateIn}`,
        );
      out[v.result === 'win' ? 'wins' : v.result === 'loss' ? 'losses' : 'draws']++;
    }
    const moves = g.legalMoves();
    g.play(moves[rand() % moves.length]);
  }
  g.dispose();
}
const seconds = Math.round((performance.now() - t0) / 1000);
if (argv.includes('--json'))
  console.log(
    JSON.stringify({
      variant,
      options,
      dir,
      games,
      plies,
      maxPlies,
      drawDepth,
      seed,
      ...out,
      disagreements: wrong,
      seconds,
    }),
  );
else {
  console.log(
    `${variant}: ${out.wins + out.losses + out.draws} positions checked (${out.wins} wins, ${out.losses} losses, ${out.draws} draws for the side to move), ${wrong.length} disagreements, ${seconds} s`,
  );
  for (const w of wrong) console.log(`  ${w}`);
}
if (wrong.length > 0) process.exitCode = 1;
