// Engine self-play at a time a move, as `lattice play` plays (issue 18 item 4: under the default
// repetition rule, every variant and every option value ends with a result within 1,000 plies at 50 ms a
// move). Plays each case of test/support/selfplay-cases.mjs (a variant's defaults, then each non-default option
// value alone) from the start, engine against itself with one game (one transposition table), and prints
// the result, its reason, the plies and the seconds. Time-limited searches depend on the machine's load:
// run it on an idle machine.
//
//   node bench/selfplay.js [--variant ID ...] [--movetime MS] [--max-plies N] [--json]
//
//   --variant ID    only this variant (repeatable; default every variant, Maka Dai Dai included)
//   --movetime MS   time a move (default 50)
//   --max-plies N   a game still going after N plies is reported unfinished (default 1000)
import { createGame, listVariants } from '../dist/src/index.js';
import { variantCases } from '../test/support/selfplay-cases.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const only = argv.flatMap((a, i) => (a === '--variant' ? [argv[i + 1]] : []));
const movetime = Number(opt('--movetime', '50'));
const maxPlies = Number(opt('--max-plies', '1000'));
const JSON_OUT = argv.includes('--json');
if (!(movetime > 0) || !(maxPlies > 0)) {
  console.error('selfplay: --movetime and --max-plies must be positive');
  process.exit(2);
}

const rows = [];
for (const v of listVariants()) {
  if (only.length > 0 && !only.includes(v.id)) continue;
  for (const [id, options, label] of variantCases(v)) {
    const g = await createGame(id, { options });
    const t0 = performance.now();
    let plies = 0;
    try {
      while (g.result() === null && plies < maxPlies) {
        const { bestmove } = g.search({ movetime });
        if (!bestmove) break;
        g.play(bestmove);
        plies++;
      }
      const r = g.result();
      const row = {
        label,
        result: r ? (r.winnerName ?? r.winner) : null,
        reason: r?.reason ?? 'unfinished',
        plies,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
      };
      rows.push(row);
      if (!JSON_OUT)
        console.log(
          `${label.padEnd(44)} ${String(row.result ?? '-').padEnd(8)} ${row.reason.padEnd(12)} ${String(plies).padStart(5)} plies ${row.seconds} s`,
        );
    } finally {
      g.dispose();
    }
  }
}
const unfinished = rows.filter((r) => r.result === null);
if (JSON_OUT) console.log(JSON.stringify({ movetime, maxPlies, rows }, null, 2));
else
  console.log(
    `\n${rows.length} games at ${movetime} ms a move: ${rows.length - unfinished.length} ended within ${maxPlies} plies${unfinished.length ? `; unfinished: ${unfinished.map((r) => r.label).join(', ')}` : ''}`,
  );
