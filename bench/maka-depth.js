// Maka Dai Dai Shogi search reach (issue 34): nodes (and time, indicative under load) to each depth from
// the start and from the crowded middle game (bench/positions.js), one fresh game (empty table) a
// position, repetition off, as bench/maka.js searches.
//
//   node bench/maka-depth.js [--dir DIR] [--start D] [--middle D] [--json]
//
//   --dir DIR   the build's package root (its dist/src/index.js is loaded; default this repository)
//   --start D   deepest depth from the start (default 6); --middle D from the middle game (default 5)
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { MAKA_MIDDLE } from './positions.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const dir = opt('--dir', new URL('..', import.meta.url).pathname);
const { MakaGame } = await import(pathToFileURL(resolve(dir, 'dist/src/index.js')).href);
const cases = [
  { name: 'start', position: MakaGame.create().position(), depth: Number(opt('--start', '6')) },
  { name: 'middle', position: MAKA_MIDDLE, depth: Number(opt('--middle', '5')) },
];
const rows = [];
for (const c of cases) {
  const g = MakaGame.create({ position: c.position, options: { repetition: 'none' } });
  const t0 = performance.now();
  g.search({
    depth: c.depth,
    onIteration: (r) => {
      const ms = Math.round(performance.now() - t0);
      rows.push({
        position: c.name,
        depth: r.depth,
        nodes: r.nodes,
        ms,
        score: r.score,
        pv: r.pv.slice(0, 4).join(' '),
      });
      if (!argv.includes('--json'))
        console.log(
          `${c.name.padEnd(7)} d${r.depth} ${String(r.nodes).padStart(11)} nodes ${String(ms).padStart(8)} ms ` +
            `${String(Math.round(r.nodes / Math.max(1, ms))).padStart(5)} k/s score ${r.score} pv ${r.pv.slice(0, 4).join(' ')}`,
        );
    },
  });
}
if (argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
