// Driver that prints the independent Tibetan reference's perft figures (test/reference/tibetan.ts) for
// every start the options give: tibetan-1 (setup x tigers x tiger-start x first, and the goats-left
// thresholds), tibetan-2 (setup x tiger-start x first, thresholds) and tibetan-4 (setup x tiger-start x
// first), one line each, for comparing with the engine (test/perft/*.json holds the checked rows).
// Exports nothing; it is not a test (it was the print-only block of the reference's self-tests). Run it
// by compiling to a scratch directory outside the repo, e.g.:
//
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/ref test/reference/tibetan.gen.ts
//   echo '{"type":"module"}' > /tmp/ref/package.json
//   node /tmp/ref/tibetan.gen.js
//
// TIBETAN_GEN_DEPTH=<n> sets the deepest depth (default 4); tibetan-4's multi-jumps explode (second-line,
// gate: perft(2) ~ 2e5), so its own TIBETAN4_GEN_DEPTH defaults to 2.

import { perft, startPosition, type TibetanOptions, type Variant } from './tibetan.js';
import { envInt } from './gen-env.js';

const maxDepth = envInt('TIBETAN_GEN_DEPTH', 4);
const maxDepth4 = envInt('TIBETAN4_GEN_DEPTH', 2);
const rows: Array<[Variant, TibetanOptions]> = [];
for (const setup of ['far-rows', 'ring', 'square'])
  for (const tigers of [1, 2])
    for (const ts of ['centre', 'gate'])
      for (const first of ['goats', 'tigers']) rows.push(['tibetan-1', { setup, tigers, 'tiger-start': ts, first }]);
for (const g of [6, 7]) rows.push(['tibetan-1', { 'tiger-win-goats-left': g }]);
for (const setup of ['ring', 'stacks'])
  for (const ts of ['centre', 'gate'])
    for (const first of ['goats', 'tigers']) rows.push(['tibetan-2', { setup, 'tiger-start': ts, first }]);
for (const g of [6, 7]) rows.push(['tibetan-2', { 'tiger-win-goats-left': g }]);
for (const setup of ['third-line', 'second-line'])
  for (const ts of ['centre', 'gate'])
    for (const first of ['goats', 'tigers']) rows.push(['tibetan-4', { setup, 'tiger-start': ts, first }]);
for (const [v, o] of rows) {
  const p = startPosition(v, o);
  const figures: number[] = [];
  for (let d = 1; d <= (v === 'tibetan-4' ? maxDepth4 : maxDepth); d++) figures.push(perft(p, d));
  process.stdout.write(
    `${v} ${Object.entries(o)
      .map(([k, x]) => `${k}=${x}`)
      .join(' ')}: ${figures.join(' ')}\n`,
  );
}
