/**
 * The end of a game: one shape for every variant and every way to ask (Game.result(), MakaGame.result(),
 * the games of createGame(), EngineWorker.result(), and `result` in `lattice play --json`).
 *
 * - `winner`: the winning side's id, or 'draw'. Hunt games (Bagh Chal): 'prey' (the goats) or
 *   'hunters' (the tigers); Maka Dai Dai Shogi: 'black' or 'white'.
 * - `winnerName`: the same for people: the winning side's plural piece name in the hunt games ('goats',
 *   'tigers'), 'Black' or 'White' in Maka Dai Dai; 'draw' for a draw.
 * - `reason`: 'captures' (hunt games: the hunters made captures-to-win captures, RULES.md §1);
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
export type ResultReason = 'captures' | 'no-moves' | 'repetition' | 'royals';
