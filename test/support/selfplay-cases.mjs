// The option sets engine self-play covers (issue 18 item 4: "every variant and every option value"), shared
// by test/property/selfplay.test.ts (node budgets, in the test run) and bench/selfplay.js (time a move, as
// `lattice play` plays): for each variant, its defaults, then each non-default value of each option alone.

/**
 * A wide int range (stall-limit: 1..1000000) is sampled: its minimum and minimum + this (its maximum is
 * not played: a stall limit of a million takes two million plies to reach).
 */
export const OPEN_INT_EXTRA = 10;
/** Int ranges with more values than this are sampled (every value of a small range is played). */
export const MAX_INT_VALUES = 20;

/**
 * The cases of one variant listing (an entry of `listVariants()`): [variant id, options, label], label
 * `id defaults` or `id option=value`.
 * @param {{ id: string, options: Array<{ name: string, type: string, values?: Array<string|number>, min?: number, max?: number, default: unknown }> }} v
 * @returns {Array<[string, Record<string, string | number>, string]>}
 */
export function variantCases(v) {
  const out = [[v.id, {}, `${v.id} defaults`]];
  for (const o of v.options) {
    const values = new Set(o.values ?? []);
    if (o.type === 'int') {
      if (o.max !== undefined && o.max - o.min < MAX_INT_VALUES) for (let k = o.min; k <= o.max; k++) values.add(k);
      else {
        values.add(o.min);
        values.add(o.min + OPEN_INT_EXTRA);
      }
    }
    for (const val of values) {
      if (String(val) !== String(o.default)) out.push([v.id, { [o.name]: val }, `${v.id} ${o.name}=${val}`]);
    }
  }
  return out;
}

/** The ply limit of a self-play game (issue 18 item 4: a result within 1,000 plies). */
export const MAX_PLIES = 1000;

/**
 * Variants whose self-play games run in the slow tier (test/property/selfplay.slow.ts, `npm run test:slow`) at
 * these nodes a move, instead of in `npm test`: the 105-point board's lists are 10-100x longer than the
 * 5x5 boards', and at `npm test`'s 2,000 nodes (3 plies deep) tibetan-4's tigers still take goats at ply
 * 800, so that its games run past 1,000 plies; at 30,000 (under 50 ms a move here) each ends in about
 * 300 plies and 11 s.
 */
export const SLOW_VARIANTS = Object.freeze({ 'tibetan-4': 30000 });

/**
 * Plays `game` (a Game at the start of a case) against itself at `nodes` a move until it has a result or
 * `maxPlies` plies were played. Every move is the engine's best move, played through `play()`, which
 * throws IllegalMoveError for an illegal one. Returns the plies played.
 * @param {{ result(): unknown, search(l: { nodes: number }): { bestmove: string | null }, play(m: string): unknown, position(): string }} game
 * @param {number} nodes
 * @param {number} maxPlies
 * @returns {number}
 */
export function selfPlay(game, nodes, maxPlies) {
  let plies = 0;
  while (game.result() === null && plies < maxPlies) {
    const { bestmove } = game.search({ nodes });
    if (!bestmove) throw new Error(`no move at ply ${plies} in ${game.position()} with no result`);
    game.play(bestmove);
    plies++;
  }
  return plies;
}
