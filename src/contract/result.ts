/**
 * The end of a game: one shape for every variant and every way to ask (Game.result(), MakaGame.result(),
 * the games of createGame(), EngineWorker.result(), and `result` in `lattice play --json`).
 *
 * - `winner`: the winning side's id, or 'draw'. Hunt games: 'prey' (the side listed first: goats,
 *   dwarfs, dogs, sheep) or 'hunters' (tigers, the giant, wolves); Permainan Tabal and Maka Dai Dai
 *   Shogi: 'white' or 'black'.
 * - `winnerName`: the same for people: the winning side's plural piece name in the hunt games ('goats',
 *   'tigers'), 'Black' or 'White' in Maka Dai Dai; 'draw' for a draw.
 * - `reason`: 'captures' (hunt games: a side's capture target was reached, e.g. Bagh Chal's captures-to-win
 *   or the Tibetan goats-left threshold, RULES.md §1-§3); 'escape' (Catch the Giant: every dwarf stands
 *   above the giant, RULES.md §3); 'stall-limit' (Catch the Giant with stall-limit=N, RULES.md §3);
 *   'move-limit' (Permainan Tabal with move-limit=N: a draw after N plies without a capture, §4);
 *   'no-moves' (the side to move had no legal move and lost, RULES.md §0); 'repetition' (a draw by
 *   repetition: repetition=draw3, Maka repetition=draw4); 'royals' (Maka: the loser has no royal piece
 *   left; both sides without one is a draw).
 */
export interface GameResult<Side extends string = string> {
  winner: Side | 'draw';
  winnerName: string;
  reason: ResultReason;
}

/** Why a game ended; see GameResult. */
export type ResultReason = 'captures' | 'no-moves' | 'repetition' | 'royals' | 'escape' | 'stall-limit' | 'move-limit';
