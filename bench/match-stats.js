// Match statistics shared by bench/match.js (the lattice games) and bench/maka-match.js (Maka Dai Dai):
// from a W-D-L tally, the score, its 95% confidence interval and the Elo difference they imply; and the
// two scripts' common arguments.
import { parseArgs } from 'node:util';

/**
 * The arguments of a match script (node:util parseArgs, strict: an unknown flag exits the script with 2):
 * the common ones (--new, --games, --movetime, --nodes, --plies, --max-plies, --seed, --option k=v
 * repeated, --json) and `extra` (parseArgs option specs). Returns the parsed `values`, the `--option`
 * pairs as an object, and `json`.
 */
export function matchArgs(extra) {
  try {
    const { values } = parseArgs({
      options: {
        new: { type: 'string' },
        games: { type: 'string' },
        movetime: { type: 'string' },
        nodes: { type: 'string' },
        plies: { type: 'string' },
        'max-plies': { type: 'string' },
        seed: { type: 'string' },
        option: { type: 'string', multiple: true, default: [] },
        json: { type: 'boolean', default: false },
        ...extra,
      },
    });
    const options = Object.fromEntries(values.option.map((kv) => kv.split('=')));
    return { values, options, json: values.json };
  } catch (err) {
    console.error(`${process.argv[1]}: ${err.message}`);
    process.exit(2);
  }
}

/** Elo difference implied by score s (0..1): -400 log10(1/s - 1); +-Infinity at 1 and 0. */
export const elo = (s) => (s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1));

/**
 * The statistics of a tally { new, draw, old } (games won, drawn and lost by the new build): score (a
 * win 1, a draw 1/2), its 95% interval from the games' outcomes' standard error (normal approximation),
 * and the Elo difference of the score and of the interval's ends. Throws RangeError for an empty tally.
 */
export function matchStats(tally) {
  const n = tally.new + tally.draw + tally.old;
  if (!(n > 0)) throw new RangeError('matchStats: no games');
  const score = (tally.new + tally.draw / 2) / n;
  // the score's standard error from the games' outcomes (1, 1/2, 0)
  const sd = Math.sqrt(
    (tally.new * (1 - score) ** 2 + tally.draw * (0.5 - score) ** 2 + tally.old * score ** 2) / n / n,
  );
  const ci95 = [score - 1.96 * sd, score + 1.96 * sd];
  return {
    games: n,
    wdl: [tally.new, tally.draw, tally.old],
    score,
    ci95,
    elo: elo(score),
    eloCi95: [elo(ci95[0]), elo(ci95[1])],
  };
}

/** One line: W-D-L, score with its interval, Elo with its interval. */
export function statsLine(st, seconds) {
  return (
    `W-D-L ${st.wdl.join('-')}; score ${(100 * st.score).toFixed(1)}% (95% CI ${(100 * st.ci95[0]).toFixed(1)}-` +
    `${(100 * st.ci95[1]).toFixed(1)}%); Elo ${st.elo.toFixed(0)} (${st.eloCi95.map((e) => e.toFixed(0)).join(' to ')})` +
    (seconds === undefined ? '' : `; ${seconds} s`)
  );
}
