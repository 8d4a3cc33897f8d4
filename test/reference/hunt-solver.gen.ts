// Driver that prints the independent reference solver's values (test/reference/hunt-solver.ts) for
// comparing with the engine's retrograde solver (issue 20): for Catch the Giant, every giant start (each
// point empty at the start) with stall-limit off and 1..N; then reduced-material starts of the three
// capture games with the reference's test-only option captures-to-win=2 (hong-kong.ts: not a rule and
// not an engine option). One line each:
//
//   <game> [<options>] <start position text>: <result> <plies>; <n> positions; longest win <plies>: <position text>
//
// result and plies are the start's value for the side to move (hunt-solver.ts conventions); "longest
// win" is a reachable position won in the most plies (the first found, breadth first), or "none".
// Exports nothing; it is not a test. Run it by compiling to a scratch directory outside the repo, e.g.:
//
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/ref test/reference/hunt-solver.gen.ts
//   echo '{"type":"module"}' > /tmp/ref/package.json
//   node /tmp/ref/hunt-solver.gen.js
//
// HUNT_SOLVER_GEN_STALL_MAX=<n> sets the largest stall limit (default 6); HUNT_SOLVER_GEN_REDUCED=0 leaves
// out the reduced-material starts (default 1: about a minute and 1 GB; Catch the Giant alone takes
// seconds). Each line's time goes to stderr.

import {
  catchTheGiant as giant,
  doubleTiger,
  setup,
  shepherdsAndWolves,
  surroundTheTiger,
  type Game,
  type Options,
  type Position,
} from './hong-kong.js';
import { solveReference } from './hunt-solver.js';
import { envInt } from './gen-env.js';

/** The 0/1 flag in environment variable `name`, or `fallback` when it is unset; anything else throws. */
function envFlag(name: string, fallback: boolean): boolean {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (text !== '0' && text !== '1') throw new Error(`${name} must be 0 or 1, got "${text}"`);
  return text === '1';
}

const stallMax = envInt('HUNT_SOLVER_GEN_STALL_MAX', 6);
const reduced = envFlag('HUNT_SOLVER_GEN_REDUCED', true);

const runs: Array<{ game: Game; options: Options; start: Position; label: string }> = [];
for (const s of ['b2', 'a3', 'b3', 'c3', 'a4', 'b4', 'c4', 'b5']) {
  for (const limit of ['off', ...Array.from({ length: stallMax }, (_, i) => i + 1)] as Array<'off' | number>) {
    const options: Options = { 'giant-start': s, 'stall-limit': limit };
    runs.push({
      game: giant,
      options,
      start: giant.startPosition(options),
      label: `giant-start=${s},stall-limit=${limit}`,
    });
  }
}
if (reduced) {
  const o: Options = { 'captures-to-win': 2 };
  const add = (game: Game, spec: Parameters<typeof setup>[1], what: string) =>
    runs.push({ game, options: o, start: setup(game, spec), label: `captures-to-win=2,${what}` });
  add(surroundTheTiger, { hunter: ['c3'], prey: ['b2', 'd4'] }, 'tiger c3, dogs b2 d4');
  add(surroundTheTiger, { hunter: ['c3'], prey: ['a1', 'c1', 'e1'] }, 'tiger c3, dogs a1 c1 e1');
  add(surroundTheTiger, { hunter: ['c3'], prey: ['a1', 'e1', 'a5', 'e5'] }, 'tiger c3, dogs a1 e1 a5 e5');
  add(doubleTiger, { hunter: ['c1', 'c5'], prey: ['b2:2'] }, 'tigers c1 c5, dogs b2:2');
  add(doubleTiger, { hunter: ['c1', 'c5'], prey: ['b2:2', 'd2'] }, 'tigers c1 c5, dogs b2:2 d2');
  add(
    shepherdsAndWolves,
    { hunter: ['c5'], prey: ['c3'], hand: { hunter: 1, prey: 1 } },
    'wolf c5 + 1 in hand, sheep c3 + 1 in hand',
  );
  add(
    shepherdsAndWolves,
    { hunter: ['c5'], prey: ['b4', 'd4'], hand: { hunter: 1, prey: 1 } },
    'wolf c5 + 1 in hand, sheep b4 d4 + 1 in hand',
  );
}

for (const r of runs) {
  const t = Date.now();
  const s = solveReference(r.game, r.start, r.options);
  const v = s.valueOf(s.startKey);
  const longest = s.longestWin ? `${s.longestWin.plies}: ${s.longestWin.key}` : 'none';
  process.stdout.write(
    `${r.game.id} [${r.label}] ${s.startKey}: ${v.result} ${v.plies}; ${s.positions} positions; longest win ${longest}\n`,
  );
  process.stderr.write(`  (${Date.now() - t} ms)\n`);
}
