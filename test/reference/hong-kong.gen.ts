// Driver that prints the independent Hong Kong reference's perft figures (test/reference/hong-kong.ts):
// perft(1..5) from each game's start, from each giant start of Catch the Giant and with its stall limits
// 1..3, one line each, for comparing with the engine (test/perft/*.json holds the checked rows). Exports
// nothing; it is not a test (it was the print-only block of the reference's self-tests). Run it by
// compiling to a scratch directory outside the repo, e.g.:
//
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/ref test/reference/hong-kong.gen.ts
//   echo '{"type":"module"}' > /tmp/ref/package.json
//   node /tmp/ref/hong-kong.gen.js
//
// HONG_KONG_GEN_DEPTH=<n> sets the deepest depth (default 5). A few seconds.

import { GAMES, catchTheGiant as giant, type Game, type Options } from './hong-kong.js';
import { envInt } from './gen-env.js';

const maxDepth = envInt('HONG_KONG_GEN_DEPTH', 5);
const runs: Array<[Game, Options]> = [
  ...Object.values(GAMES).map((g): [Game, Options] => [g, {}]),
  ...['b2', 'a3', 'c3', 'a4', 'b4', 'c4', 'b5'].map((s): [Game, Options] => [giant, { 'giant-start': s }]),
  ...[1, 2, 3].map((n): [Game, Options] => [giant, { 'stall-limit': n }]),
];
for (const [g, o] of runs) {
  const p = g.startPosition(o);
  const figures: number[] = [];
  for (let d = 1; d <= maxDepth; d++) figures.push(g.perft(p, d, o));
  const opts =
    Object.entries(o)
      .map(([k, v]) => `${k}=${v}`)
      .join(',') || 'default';
  process.stdout.write(`${g.id} [${opts}] perft(1..${maxDepth}): ${figures.join(' ')}\n`);
}
