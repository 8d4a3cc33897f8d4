// A deliberately simple exact solver for short horizons, on top of the reference move generator
// (written from RULES.md §0-1, not from the core): does the side to move force a win, or is it forced
// to lose, within n plies? Used to check the tablebase's WDL and distance to mate independently.
import { formatPosition, legalMoves, play, tigersHaveWon, type RefOptions, type RefPosition } from './bagh-chal.js';

export type ShortResult = { result: 'win' | 'loss'; plies: number } | { result: 'unknown' };

/**
 * Exact result within `maxPlies`: 'win' in the fewest plies the side to move can force, 'loss' in the
 * most plies it can resist (a side with no move, or after the last capture, has lost: 0 plies), or
 * 'unknown' when neither is forced within maxPlies. Full-width, memoised by position string.
 */
export function solveShort(p: RefPosition, maxPlies: number, opts?: RefOptions): ShortResult {
  const memo = new Map<string, boolean>();
  const key = (q: RefPosition, n: number, w: boolean) => `${formatPosition(q)}|${n}|${w ? 'w' : 'l'}`;
  const lostNow = (q: RefPosition) => tigersHaveWon(q, opts) || legalMoves(q, opts).length === 0;
  function lossWithin(q: RefPosition, n: number): boolean {
    if (lostNow(q)) return true;
    if (n === 0) return false;
    const k = key(q, n, false);
    let r = memo.get(k);
    if (r === undefined) {
      r = legalMoves(q, opts).every((m) => winWithin(play(q, m, opts), n - 1));
      memo.set(k, r);
    }
    return r;
  }
  function winWithin(q: RefPosition, n: number): boolean {
    if (n === 0 || lostNow(q)) return false;
    const k = key(q, n, true);
    let r = memo.get(k);
    if (r === undefined) {
      r = legalMoves(q, opts).some((m) => lossWithin(play(q, m, opts), n - 1));
      memo.set(k, r);
    }
    return r;
  }
  for (let n = 0; n <= maxPlies; n++) {
    if (lossWithin(p, n)) return { result: 'loss', plies: n };
    if (winWithin(p, n)) return { result: 'win', plies: n };
  }
  return { result: 'unknown' };
}
