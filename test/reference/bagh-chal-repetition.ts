// A deliberately simple exact short-horizon solver for Bagh Chal that honours the repetition rule
// (RULES.md §0: `repetition=none|draw3|forbid`). It sits on top of the independent reference move
// generator (./bagh-chal.ts) and shares nothing with the fast engine.
//
// The game's history is the line played from the given position: the given position has occurred once
// (plus any `prior` positions handed to solveWithHistory), and every move played in the search adds the
// position it produces. A position is its full string (board, side to move, hand, captures), so "same
// position" means exactly RULES.md's "same board, hands, side to move and extra state".
//
//   none   positions may repeat freely (this is solveShort of ./bagh-chal-solver.ts).
//   draw3  the game ends drawn the moment a position occurs for the third time. A draw is neither a win
//          nor a loss, so it stops both "win within n" and "loss within n".
//   forbid a move whose resulting position already occurred earlier in the game is illegal; a side
//          whose every move would repeat therefore has no legal move and, as any side without a legal
//          move (RULES.md §1), loses.
//
// A position that ends the game (5th capture, or side to move without a legal move) can never occur a
// second time on a line, since the line stops there; so "third occurrence" and "game over" never
// coincide and the order of the two checks below is immaterial (for a `prior` history that is itself a
// game line).
//
// WHY none AND draw3 AGREE FROM AN EMPTY HISTORY, AND forbid CAN ONLY SHORTEN A DECISIVE RESULT
//
// Let W(q) be the fewest plies in which the side to move at q forces a win under `none`, and L(q) the
// most plies it can resist a forced loss (solveShort's numbers; these depend on q alone, as `none` has no
// history). Suppose W(root) = w. The winner's "distance-optimal" strategy: at a position q of its own,
// play a move to some c with L(c) <= W(q) - 1 (it exists by definition of W). At any position c of the
// loser (L(c) = m >= 1), every loser move leads to some q' with W(q') <= m - 1 (definition of L). So along
// ANY line in which the winner follows this strategy, W strictly decreases from one winner-to-move
// position to the next (W(q') <= W(q) - 2), and so does L between loser-to-move positions. Positions with
// different sides to move are different positions. Hence no position occurs twice on such a line — the
// root included, because it has the largest W (or L) of its side on the line.
//   draw3: with no prior history, a draw needs some position to occur three times, which never happens
//     on the winner's lines, and draw3 changes nothing else (same moves, same terminal positions). So
//     every none-win within n is a draw3-win within n. Conversely a draw3-winning strategy wins in the
//     same lines under none, where the move sets are identical and no line ends drawn. Therefore "the side
//     to move forces a win within n" has the same truth value under none and draw3 for every n, and so
//     does "the opponent forces a win within n" (= loss within n): win plies, loss plies and 'unknown'
//     are identical. (With a NON-empty prior history this fails: a position already seen twice before
//     the root is a draw the first time the winner walks into it — the self-tests show such a case.)
//   forbid: the winner's strategy never repeats a position, so all its moves stay legal; the loser's
//     move sets can only shrink (and an empty one loses at once). So a none-win in w plies is a
//     forbid-win in <= w plies, and a none-loss in l plies is a forbid-loss in <= l plies (the opponent's
//     win can only get quicker). forbid can also turn a none-'unknown' into a win or a loss (a defender
//     who could only shuffle runs out of fresh positions), but it never turns a win into anything other
//     than a win, nor a loss into anything other than a loss.
//
// SEARCH AND COST
//
// Iterative deepening n = 0, 1, ..., maxPlies over two mutually recursive predicates, exactly as in
// solveShort: lossWithin(q, n) ("the side to move at q is lost within n plies": lost now, or n > 0 and
// every legal move leads to winWithin(child, n - 1)) and winWithin(q, n) (n > 0, not lost now and some
// legal move leads to lossWithin(child, n - 1)). The line's history is a Map position-string -> count,
// incremented when a move is played and decremented when it is taken back.
//
// Memoisation. solveShort's memo (position, n) would be wrong here, because the answer depends on the
// history. The answer of winWithin/lossWithin(q, n) depends on the history only through the counts of
// positions that the search below q can produce, and it never looks further than n + 1 plies below q
// (lossWithin(c, 0) still generates c's moves to see whether c is lost, and under forbid that consults
// the history). A history position h is kept in the memo key unless it is provably unreachable from q in
// 1..n+1 plies:
//   - captures never decrease and the hand never grows; if h has fewer captures or more goats in hand
//     than q, it is unreachable. If captures and hand both equal q's, every ply in between is a plain
//     step (a capture raises captures, a placement lowers the hand), and a step changes exactly two
//     cells of its own piece type (from -> empty, empty -> to). So reaching h in k plies needs
//     k = parity (k odd iff h's side to move differs from q's), at least Dg/2 goat plies and Dt/2 tiger
//     plies among those k, where Dg/Dt = cells holding a goat/tiger in exactly one of q and h.
//   - otherwise (captures or hand differ upwards) h is kept, conservatively.
// The memo key is (q, n, win/loss, relevant history entries with their counts), so two searches that
// share a key see identical histories everywhere they can look: the memo cannot change an answer. The
// option `memo: false` turns it off; the self-tests check that both give the same results.
//
// Cost. Each iteration n is a boolean AND/OR tree searched depth-first with short-circuit (some/every:
// all that alpha-beta amounts to for booleans), so up to O(b^n) nodes for branching b (2-10 moves with
// one or two holes, up to ~40 with five) and sum over n <= maxPlies for the iterative deepening. A
// node costs one reference move generation plus play() and formatPosition() per child, done once per
// position string (the move cache) and then a Map look-up per child. Measured on Node 20, one core of a
// shared 2-core machine (load ~3), 30 random movement-phase positions (4 tigers, 20 - c goats,
// c = 0..4 captured, either side to move, default captures-to-win 5), memo on:
//   maxPlies 7: median ~20-30 ms per position, 90th percentile ~0.3-0.4 s, worst ~0.9 s (all rules)
//   maxPlies 9: median ~0.1-0.15 s, 90th percentile ~2.4 s, worst ~3.7 s; the worst seen in ~60 such
//               positions was ~6 s (forbid, 2 captured, 'unknown': nothing is pruned), ~400k nodes
// draw3 and forbid cost about the same as none (their memo hits less often: the history is in the key).
// 'unknown' is the expensive answer (every defence must be refuted at every depth); decisive
// positions usually finish in milliseconds. Memory is the memo plus the move cache: about one entry
// per node, i.e. a few hundred thousand strings at maxPlies 9.
import {
  formatPosition,
  legalMoves,
  parsePosition,
  play,
  tigersHaveWon,
  type RefOptions,
  type RefPosition,
} from './bagh-chal.js';
import type { ShortResult } from './bagh-chal-solver.js';

export type { ShortResult } from './bagh-chal-solver.js';

export type Repetition = 'none' | 'draw3' | 'forbid';

/** Counters of one solve, for tests (were draws / forbidden moves actually met?) and cost figures. */
export interface RepetitionStats {
  /** positions visited (calls of lossWithin / winWithin that were not answered by the memo) */
  nodes: number;
  /** times a position was reached for the third time (draw3) */
  draws: number;
  /** moves dropped because their result had already occurred (forbid) */
  forbidden: number;
  /** memo hits */
  memoHits: number;
}

export interface RepetitionOptions extends RefOptions {
  repetition: Repetition;
  /** memoise with the history-aware key described above (default true) */
  memo?: boolean;
  /** if given, filled with counters of this solve */
  stats?: RepetitionStats;
}

/**
 * Exact result within `maxPlies` for the side to move in `p`, with an EMPTY prior history (p itself has
 * occurred once): 'win' in the fewest plies it can force, 'loss' in the most plies it can resist (a
 * side with no legal move, or after the last capture, has lost: 0 plies), 'unknown' when neither is
 * forced within maxPlies. Draws (draw3) count as not-a-win for both sides.
 */
export function solveWithRepetition(p: RefPosition, maxPlies: number, opts: RepetitionOptions): ShortResult {
  return solveWithHistory(p, [], maxPlies, opts);
}

/**
 * As solveWithRepetition, but the game had already passed through the positions `prior` (position
 * strings, oldest first; the root `p` is not included — it is added once more on top of them).
 */
export function solveWithHistory(
  p: RefPosition,
  prior: readonly string[],
  maxPlies: number,
  opts: RepetitionOptions,
): ShortResult {
  if (!Number.isInteger(maxPlies) || maxPlies < 0)
    throw new Error(`maxPlies must be a non-negative integer, got ${maxPlies}`);
  const rule = opts.repetition;
  if (rule !== 'none' && rule !== 'draw3' && rule !== 'forbid')
    throw new Error(`unknown repetition rule ${String(rule)}`);
  const ref: RefOptions = opts.capturesToWin !== undefined ? { capturesToWin: opts.capturesToWin } : {};
  const useMemo = opts.memo ?? true;
  const stats: RepetitionStats = opts.stats ?? { nodes: 0, draws: 0, forbidden: 0, memoHits: 0 };

  // ---- the history: position string -> { position, times it has occurred so far on this line } ----
  const history = new Map<string, { pos: RefPosition; count: number }>();
  const enter = (s: string, pos: RefPosition) => {
    const e = history.get(s);
    if (e) e.count++;
    else history.set(s, { pos, count: 1 });
  };
  const leave = (s: string) => {
    const e = history.get(s)!;
    if (--e.count === 0) history.delete(s);
  };
  const occurrences = (s: string) => history.get(s)?.count ?? 0;

  // ---- the rules with history ----
  type Child = { pos: RefPosition; str: string };
  // The reference move generator's results for a position depend on that position alone, so they are
  // cached by position string (this cache cannot be wrong); the history filter is applied on top.
  const movesCache = new Map<string, Child[]>();
  function allChildren(q: RefPosition, s: string): Child[] {
    let out = movesCache.get(s);
    if (out === undefined) {
      out = legalMoves(q, ref).map((m) => {
        const pos = play(q, m, ref);
        return { pos, str: formatPosition(pos) };
      });
      movesCache.set(s, out);
    }
    return out;
  }
  /** The legal moves' results from q (entered in the history as s): under forbid, minus repeats. */
  function children(q: RefPosition, s: string): Child[] {
    const all = allChildren(q, s);
    if (rule !== 'forbid') return all;
    const out = all.filter((c) => occurrences(c.str) === 0);
    stats.forbidden += all.length - out.length;
    return out;
  }
  /** The game is drawn at s (s already entered): it has now occurred for the third time. */
  function drawn(s: string): boolean {
    if (rule !== 'draw3' || occurrences(s) < 3) return false;
    stats.draws++;
    return true;
  }

  // ---- the memo (see the header for why its key makes it safe) ----
  const memo = new Map<string, boolean>();
  const cellsDiffering = (a: RefPosition, b: RefPosition, piece: 'G' | 'T') => {
    let d = 0;
    for (let i = 0; i < a.board.length; i++) if ((a.board[i] === piece) !== (b.board[i] === piece)) d++;
    return d;
  };
  /** Could the search below q (horizon plies deep) produce position h? false only when provably not. */
  function reachable(q: RefPosition, h: RefPosition, horizon: number): boolean {
    if (h.captured < q.captured || h.hand > q.hand) return false;
    if (h.captured !== q.captured || h.hand !== q.hand) return true; // conservative
    const dg = cellsDiffering(q, h, 'G');
    const dt = cellsDiffering(q, h, 'T');
    for (let k = 1; k <= horizon; k++) {
      if (k % 2 !== (h.side !== q.side ? 1 : 0)) continue;
      const goatPlies = q.side === 'G' ? Math.ceil(k / 2) : Math.floor(k / 2);
      const tigerPlies = k - goatPlies;
      if (2 * goatPlies >= dg && 2 * tigerPlies >= dt) return true;
    }
    return false;
  }
  function memoKey(q: RefPosition, s: string, n: number, win: boolean): string {
    const key = `${s}|${n}|${win ? 'w' : 'l'}`;
    if (rule === 'none') return key; // the answer does not depend on the history at all
    const relevant: string[] = [];
    for (const [h, e] of history) if (reachable(q, e.pos, n + 1)) relevant.push(`${h}#${e.count}`);
    relevant.sort();
    return `${key}|${relevant.join(',')}`;
  }

  // ---- the search ----
  /** The side to move at q (entered in the history as s) loses within n plies. */
  function lossWithin(q: RefPosition, s: string, n: number): boolean {
    if (drawn(s)) return false;
    const key = useMemo && n > 0 ? memoKey(q, s, n, false) : '';
    if (key !== '' && memo.has(key)) {
      stats.memoHits++;
      return memo.get(key)!;
    }
    stats.nodes++;
    const kids = children(q, s);
    if (tigersHaveWon(q, ref) || kids.length === 0) return true; // (not memoised: cheap)
    if (n === 0) return false;
    let r = true;
    for (const c of kids) {
      enter(c.str, c.pos);
      const v = winWithin(c.pos, c.str, n - 1);
      leave(c.str);
      if (!v) {
        r = false;
        break;
      }
    }
    if (key !== '') memo.set(key, r);
    return r;
  }
  /** The side to move at q (entered in the history as s) wins within n plies. */
  function winWithin(q: RefPosition, s: string, n: number): boolean {
    if (drawn(s)) return false;
    if (n === 0) return false;
    const key = useMemo ? memoKey(q, s, n, true) : '';
    if (key !== '' && memo.has(key)) {
      stats.memoHits++;
      return memo.get(key)!;
    }
    stats.nodes++;
    const kids = children(q, s);
    if (tigersHaveWon(q, ref) || kids.length === 0) return false;
    let r = false;
    for (const c of kids) {
      enter(c.str, c.pos);
      const v = lossWithin(c.pos, c.str, n - 1);
      leave(c.str);
      if (v) {
        r = true;
        break;
      }
    }
    if (key !== '') memo.set(key, r);
    return r;
  }

  for (const s of prior) enter(s, parsePosition(s, ref));
  const root = formatPosition(p);
  enter(root, p);
  for (let n = 0; n <= maxPlies; n++) {
    if (lossWithin(p, root, n)) return { result: 'loss', plies: n };
    if (winWithin(p, root, n)) return { result: 'win', plies: n };
  }
  return { result: 'unknown' };
}
