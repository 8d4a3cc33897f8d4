// Maka Dai Dai Shogi engine matches (issue 34): this build against another build, game by game, from
// seeded random openings with colours swapped, at a fixed node budget or a fixed time a move. Prints
// W-D-L from this build's side, its score with a 95% confidence interval, and the Elo difference it
// implies (bench/match-stats.js, shared with bench/match.js).
//
//   node bench/maka-match.js --base DIR [--new DIR] [--games N] [--nodes N | --movetime MS] [--plies K]
//                            [--max-plies N] [--seed S] [--option k=v ...] [--json]
//
//   --base DIR     the other build's package root (its dist/src/index.js is loaded), e.g. a worktree of a
//                  given commit after `npm run build:host` (node_modules linked from a checkout)
//   --new DIR      this build's root (default: this repository)
//   --games N      games in all (default 40), an even number: each opening is played twice, colours swapped
//   --nodes N      node budget a move (default 100000); --movetime MS instead: equal time a move
//   --plies K      random legal plies of each opening (default 4, seeded by --seed)
//   --max-plies N  a game still going after N plies (the opening's included) is adjudicated a draw
//                  (default 300; reported as "max-plies")
//   --option k=v   a Maka option for both builds (e.g. repetition=none); the default options otherwise
//
// Moves pass between the builds as move text; the result is the new build's game's. Each engine keeps
// its own game (and so its transposition table) for the whole game, as a GUI would.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';
import { matchArgs, matchStats, statsLine } from './match-stats.js';

const { values: a, options, json: JSON_OUT } = matchArgs({ base: { type: 'string' } });
const opt = (name, dflt) => a[name.slice(2)] ?? dflt;
const baseDir = opt('--base');
if (!baseDir) {
  console.error('maka-match: --base DIR (another build of the engine) is required');
  process.exit(2);
}
const newDir = opt('--new', new URL('..', import.meta.url).pathname);
const games = Number(opt('--games', '40'));
const movetime = opt('--movetime') === undefined ? 0 : Number(opt('--movetime'));
const nodes = movetime > 0 ? 0 : Number(opt('--nodes', '100000'));
const openingPlies = Number(opt('--plies', '4'));
const maxPlies = Number(opt('--max-plies', '300'));
const seed = Number(opt('--seed', '20261207')) >>> 0;
if (!(games > 0 && games % 2 === 0)) {
  console.error('maka-match: --games must be a positive even number');
  process.exit(2);
}
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

const load = async (dir) => (await import(pathToFileURL(resolve(dir, 'dist/src/index.js')).href)).MakaGame;
const [NewMaka, BaseMaka] = [await load(newDir), await load(baseDir)];
const nextInt = seededRandom(seed); // mulberry32 (test/support/exact-wins-lib.mjs)

/** One game from `opening` (move texts); newFirst: the new build moves first. Returns winner, plies, reason. */
function playGame(opening, newFirst) {
  const ng = NewMaka.create({ options });
  const bg = BaseMaka.create({ options });
  try {
    for (const m of opening) {
      ng.play(m);
      bg.play(m);
    }
    let plies = opening.length;
    const firstSide = ng.sideToMove();
    const stats = { new: { nodes: 0, ms: 0 }, base: { nodes: 0, ms: 0 } };
    while (ng.result() === null && plies < maxPlies) {
      const newToMove = (ng.sideToMove() === firstSide) === newFirst;
      const me = newToMove ? ng : bg;
      const r = me.search(movetime > 0 ? { movetime } : { nodes });
      const s = stats[newToMove ? 'new' : 'base'];
      s.nodes += r.nodes;
      s.ms += r.ms;
      if (!r.bestmove) break;
      ng.play(r.bestmove);
      bg.play(r.bestmove);
      plies++;
    }
    const res = ng.result();
    if (res === null || res.winner === 'draw')
      return { winner: 'draw', plies, reason: res?.reason ?? 'max-plies', stats };
    return { winner: (res.winner === firstSide) === newFirst ? 'new' : 'old', plies, reason: res.reason, stats };
  } finally {
    ng.dispose();
    bg.dispose();
  }
}

const openings = [];
for (let i = 0; i < games / 2; i++) {
  const g = NewMaka.create({ options });
  const line = [];
  for (let k = 0; k < openingPlies && g.result() === null; k++) {
    const ms = g.legalMoves();
    const m = ms[nextInt() % ms.length];
    line.push(m);
    g.play(m);
  }
  openings.push(line);
  g.dispose();
}

const tally = { new: 0, draw: 0, old: 0 };
const rows = [];
const t0 = performance.now();
for (const opening of openings) {
  for (const newFirst of [true, false]) {
    const r = playGame(opening, newFirst);
    tally[r.winner]++;
    rows.push({ opening: opening.join(' '), newFirst, ...r });
    const rate = (s) => `${Math.round(s.nodes / Math.max(1, s.ms))} k/s`;
    note(
      `game ${rows.length}/${games}: ${opening.join(' ')} | new ${newFirst ? 'first' : 'second'}: ${r.winner} ` +
        `(${r.reason}, ${r.plies} plies; new ${rate(r.stats.new)}, base ${rate(r.stats.base)})  ` +
        `W-D-L ${tally.new}-${tally.draw}-${tally.old}`,
    );
  }
}
const st = matchStats(tally);
const out = {
  options,
  limit: movetime > 0 ? { movetime } : { nodes },
  openingPlies,
  maxPlies,
  seed,
  ...st,
  seconds: Math.round((performance.now() - t0) / 1000),
};
if (JSON_OUT) console.log(JSON.stringify({ ...out, rows }, null, 2));
else {
  console.log(
    `\nmaka-dai-dai ${JSON.stringify(options)}: new vs base (${baseDir}), ${st.games} games, ` +
      `${movetime > 0 ? `${movetime} ms` : `${nodes} nodes`} a move, max ${maxPlies} plies (then a draw)`,
  );
  console.log(statsLine(st, out.seconds));
}
