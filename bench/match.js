// Engine matches (issue 18, "an AI worth embedding"): this build against another build of the engine,
// game by game, from varied openings with colours swapped, at a fixed node budget or a fixed time a
// move. Prints W-D-L from this build's side, its score with a 95% confidence interval, and the Elo
// difference that score implies.
//
//   node bench/match.js --old DIR [--new DIR] [--variant ID] [--option k=v ...] [--games N]
//                       [--nodes N | --movetime MS] [--plies K] [--max-plies N] [--seed S] [--from G] [--json]
//
//   --old DIR      the other build's package root (its dist/src/index.js is loaded), e.g. a worktree of a
//                  given commit after `npm ci`: `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci`
//   --new DIR      this build's root (default: this repository)
//   --games N      games in all (default 80), an even number: each opening is played twice, colours swapped
//   --nodes N      node budget a move (default 100000); --movetime MS instead: equal time a move
//   --plies K      random plies of each opening (default 4, seeded)
//   --max-plies N  a game still going after N plies counts as a draw (default 400)
//   --from G       start at game G (odd: the first of an opening's pair) of the seeded series, to finish a
//                  series a stopped run began; the tally counts only the games played here
//
// Moves pass between the builds as the full path of the move (every build reads every path of a
// capture); the result is the new build's game's. Each engine keeps its own game and transposition
// table for the whole game, as a GUI would.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { seededRandom } from '../test/support/exact-wins-lib.mjs';
import { matchArgs, matchStats, statsLine } from './match-stats.js';

const {
  values: a,
  options,
  json: JSON_OUT,
} = matchArgs({ old: { type: 'string' }, variant: { type: 'string' }, from: { type: 'string' } });
const opt = (name, dflt) => a[name.slice(2)] ?? dflt;
const oldDir = opt('--old');
if (!oldDir) {
  console.error('match: --old DIR (another build of the engine) is required');
  process.exit(2);
}
const newDir = opt('--new', new URL('..', import.meta.url).pathname);
const variant = opt('--variant', 'bagh-chal');
const games = Number(opt('--games', '80'));
const movetime = opt('--movetime') === undefined ? 0 : Number(opt('--movetime'));
const nodes = movetime > 0 ? 0 : Number(opt('--nodes', '100000'));
const openingPlies = Number(opt('--plies', '4'));
const maxPlies = Number(opt('--max-plies', '400'));
const seed = Number(opt('--seed', '20261201')) >>> 0;
const from = Number(opt('--from', '1'));
if (!(games > 0 && games % 2 === 0)) {
  console.error('match: --games must be a positive even number');
  process.exit(2);
}
if (!(Number.isInteger(from) && from >= 1 && from <= games && from % 2 === 1)) {
  console.error(`match: --from must be an odd game number 1..${games - 1}`);
  process.exit(2);
}
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

const load = async (dir) => (await import(pathToFileURL(resolve(dir, 'dist/src/index.js')).href)).Game;
const [NewGame, OldGame] = [await load(newDir), await load(oldDir)];
const nextInt = seededRandom(seed); // mulberry32 (test/support/exact-wins-lib.mjs)
const random = () => nextInt() / 4294967296;

/** The full path text of a move given as `text` in game `g` (a build with moves() gives it; else the text itself). */
function pathText(g, text) {
  if (typeof g.moves !== 'function') return text;
  const m = g.moves().find((x) => x.text === text);
  if (!m) return text;
  return m.kind === 'place' ? m.to : m.path.join(m.kind === 'step' || m.kind === 'intervention' ? '-' : 'x');
}

/** One game: `white` is the build that moves first. Returns 'new' | 'old' | 'draw' and the plies played. */
async function playGame(opening, newFirst) {
  const ng = await NewGame.create(variant, { options, hashMb: 16 });
  const og = await OldGame.create(variant, { options, hashMb: 16 });
  try {
    for (const m of opening) {
      ng.play(m);
      og.play(m);
    }
    let plies = opening.length;
    // the side to move at the start of the game proper plays as "first"
    const firstSide = ng.moverName();
    while (ng.result() === null && plies < maxPlies) {
      const newToMove = (ng.moverName() === firstSide) === newFirst;
      const me = newToMove ? ng : og;
      const r = me.search(movetime > 0 ? { movetime } : { nodes });
      if (!r.bestmove) break;
      const path = pathText(me, r.bestmove);
      ng.play(path);
      og.play(path);
      plies++;
    }
    const res = ng.result();
    if (res === null || res.winner === 'draw') return { winner: 'draw', plies, reason: res?.reason ?? 'max-plies' };
    // the winner's side: a side name of the variant (winnerName is its plural); the first mover's side at the start
    const firstWon =
      ng.variant.sides.findIndex((s) => s.plural === res.winnerName) ===
      ng.variant.sides.findIndex((s) => s.name === firstSide);
    return { winner: firstWon === newFirst ? 'new' : 'old', plies, reason: res.reason };
  } finally {
    ng.dispose?.();
    og.dispose?.(); // builds before dispose() existed have none
  }
}

const openings = [];
for (let i = 0; i < games / 2; i++) {
  const g = await NewGame.create(variant, { options });
  const line = [];
  for (let k = 0; k < openingPlies && g.result() === null; k++) {
    const ms = g.legalMoves();
    const m = ms[Math.floor(random() * ms.length)];
    line.push(pathText(g, m));
    g.play(m);
  }
  openings.push(line);
  g.dispose();
}

const tally = { new: 0, draw: 0, old: 0 };
const rows = [];
const t0 = performance.now();
for (let i = (from - 1) / 2; i < openings.length; i++) {
  for (const newFirst of [true, false]) {
    const r = await playGame(openings[i], newFirst);
    tally[r.winner]++;
    rows.push({ opening: openings[i].join(' '), newFirst, ...r });
    note(
      `game ${from - 1 + rows.length}/${games}: ${openings[i].join(' ')} | new ${newFirst ? 'first' : 'second'}: ${r.winner} (${r.reason}, ${r.plies} plies)  W-D-L ${tally.new}-${tally.draw}-${tally.old}`,
    );
  }
}
const st = matchStats(tally);
const out = {
  variant,
  options,
  games: st.games,
  limit: movetime > 0 ? { movetime } : { nodes },
  openingPlies,
  maxPlies,
  wdl: st.wdl,
  score: st.score,
  ci95: st.ci95,
  elo: st.elo,
  eloCi95: st.eloCi95,
  seconds: Math.round((performance.now() - t0) / 1000),
};
if (JSON_OUT) console.log(JSON.stringify({ ...out, rows }, null, 2));
else {
  console.log(
    `\n${variant} ${JSON.stringify(options)}: new vs old (${oldDir}), ${st.games} games, ${movetime > 0 ? `${movetime} ms` : `${nodes} nodes`} a move`,
  );
  console.log(statsLine(st, out.seconds));
}
