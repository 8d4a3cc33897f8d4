// Forced wins against the movement-phase tablebase (issue 8, DESIGN.md "Search"): on random
// movement-phase Bagh Chal positions whose side to move wins or loses in n <= MAX_N plies (tablebase
// distance to mate), a search to depth n + 2 must report exactly n (mateIn = n for a win, -n for a
// loss), on a fresh Game and on one Game reused across all positions, under repetition=none and
// draw3. Positions the tablebase calls drawn or longer must not be reported as a win or loss shorter
// than the tablebase's. Under repetition=forbid the tablebase is only an upper bound (a defender whose
// every move repeats has lost), so forbid is checked against the independent reference instead
// (test/reference/bagh-chal-repetition.ts, via the vitest sample in test/reference/exact-wins.test.ts).
//
//   npm run build && node test/support/exact-wins.mjs --tb-dir DIR [--count 2000] [--seed 1] [--max-n 11]
//
// DIR holds the captures-to-win 5 tablebase (`lattice tablebase build bagh-chal --dir DIR`, ~1 min).
// Prints one line per disagreement and a summary (positions, by length, disagreements); exit 1 if any.
import { parseArgs } from 'node:util';
import { Game } from '../../dist/src/index.js';
import { agrees, sampleByDistance } from './exact-wins-lib.mjs';

const { values } = parseArgs({
  options: {
    'tb-dir': { type: 'string' },
    count: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    'max-n': { type: 'string', default: '11' },
  },
});
if (!values['tb-dir']) {
  console.error('usage: node test/support/exact-wins.mjs --tb-dir DIR [--count N] [--seed S] [--max-n N]');
  process.exit(2);
}
const COUNT = Number(values.count),
  MAX_N = Number(values['max-n']);
const seed = Number(values.seed);

const oracle = await Game.create('bagh-chal');
await oracle.loadTablebase(values['tb-dir']);

const { picked, buckets } = sampleByDistance(oracle, { count: COUNT, maxN: MAX_N, seed });
console.error(`sampled ${picked.length} positions: ${[...buckets].map(([k, v]) => `${k}:${v}`).join(' ')}`);

let disagreements = 0;
const byLength = new Map();
const t0 = performance.now();
for (const repetition of ['none', 'draw3']) {
  const reused = await Game.create('bagh-chal', { options: { repetition } });
  for (const [i, { pos, n, tb }] of picked.entries()) {
    const depth = n === null ? MAX_N + 2 : Math.abs(n) + 2;
    for (const mode of ['fresh', 'reused']) {
      const g = mode === 'fresh' ? await Game.create('bagh-chal', { options: { repetition }, position: pos }) : reused;
      if (mode === 'reused') g.setPosition(pos);
      const r = g.search({ depth });
      if (!agrees({ n, tb }, r)) {
        disagreements++;
        console.log(
          `DISAGREE ${repetition} ${mode} "${pos}" depth ${depth}: tablebase ${tb.wdl} dtm ${tb.dtm}, search mateIn ${r.mateIn} score ${r.score} pv ${r.pv.join(' ')}`,
        );
      }
      if (mode === 'fresh' && repetition === 'none') {
        const k = n === null ? 'draw or longer' : n > 0 ? `win in ${n}` : `loss in ${-n}`;
        byLength.set(k, (byLength.get(k) ?? 0) + 1);
      }
      if (mode === 'fresh') g.dispose?.();
    }
    if (i % 100 === 99)
      console.error(
        `${repetition}: ${i + 1}/${picked.length}, ${disagreements} disagreements, ${Math.round((performance.now() - t0) / 1000)} s`,
      );
  }
}
const order = (k) =>
  k.startsWith('win') ? Number(k.split(' ')[2]) : k.startsWith('loss') ? 100 + Number(k.split(' ')[2]) : 1000;
console.log(
  `positions: ${picked.length} (x 2 repetition options x fresh/reused = ${picked.length * 4} searches) in ${Math.round((performance.now() - t0) / 1000)} s`,
);
console.log(
  [...byLength]
    .sort((a, b) => order(a[0]) - order(b[0]))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', '),
);
console.log(`disagreements: ${disagreements}`);
process.exit(disagreements ? 1 : 0);
