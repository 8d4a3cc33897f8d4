/**
 * Self-play cases that may rightly never end (key: `variant option=value`), still played with every move
 * checked and reported as todos by test/property/selfplay.test.ts and test/property/selfplay.slow.ts: under repetition=none
 * a position may recur forever (RULES.md §0); under forbid there is no draw at all, and tibetan-4's game
 * ends only when the tigers have taken 59 goats or are shut in, which neither side forces within 1,000
 * plies at these budgets (nor at 50 ms a move: bench/selfplay.js).
 */
export const KNOWN_UNFINISHED: ReadonlySet<string> = new Set([
  'tibetan-1 repetition=none',
  'tibetan-4 repetition=none',
  'tibetan-4 repetition=forbid',
  'catch-the-giant repetition=none',
  'permainan-tabal repetition=none',
]);
