// A deliberately simple reference solver for the placement phase of Bagh Chal (RULES.md §0-1), on
// top of the independent reference move generator (./bagh-chal.ts, written from the rules, not from
// the core). It exists to check the fast solver: plain memoised minimax over every legal move, down to
// the positions where all 20 goats are placed, whose values come from a caller-supplied probe (the
// movement-phase tablebase).
//
// No repetition handling is needed: during placement every goat turn places a goat, so the goats in
// hand strictly decrease every two plies and the placement phase has no cycles.
import { formatPosition, legalMoves, parsePosition, play, type RefPosition } from './bagh-chal.js';

export type Wdl = 'win' | 'draw' | 'loss';

/** Parse in the default game (captures-to-win 5, the most any game here allows) and validate. */
function parse(position: string): RefPosition {
  return parsePosition(position);
}

function checkCapturesToWin(capturesToWin: number): void {
  if (!Number.isInteger(capturesToWin) || capturesToWin < 1 || capturesToWin > 5) {
    throw new Error(`capturesToWin must be an integer 1..5, got ${capturesToWin}`);
  }
}

/** The value of the parent's move into a child with value `v` for the child's side to move. */
function negate(v: Wdl): Wdl {
  return v === 'win' ? 'loss' : v === 'loss' ? 'win' : 'draw';
}

/**
 * Value for the side to move of a Bagh Chal position in the game where tigers win on reaching
 * `capturesToWin` captures (1..5), by plain memoised minimax over the placement phase. When a
 * position has all 20 goats placed (none in hand), its value comes from probeLeaf(positionString)
 * (the movement-phase tablebase, value for the side to move there). Terminal rules apply first:
 * captures >= capturesToWin is a tiger win; a side to move with no legal move loses.
 */
export function placementValue(position: string, capturesToWin: number, probeLeaf: (position: string) => Wdl): Wdl {
  checkCapturesToWin(capturesToWin);
  const memo = new Map<string, Wdl>();

  function value(p: RefPosition): Wdl {
    const key = formatPosition(p); // canonical string ("G0" -> "-", etc.)
    const known = memo.get(key);
    if (known !== undefined) return known;
    let v: Wdl;
    if (p.captured >= capturesToWin) {
      // The tigers have won: good for the tigers, bad for the goats, whoever is to move.
      v = p.side === 'T' ? 'win' : 'loss';
    } else {
      const moves = legalMoves(p); // default game (5): p.captured < capturesToWin <= 5, so not cut off
      if (moves.length === 0) {
        v = 'loss';
      } else if (p.hand === 0) {
        v = probeLeaf(key);
        if (v !== 'win' && v !== 'draw' && v !== 'loss') throw new Error(`probeLeaf(${key}) returned ${String(v)}`);
      } else {
        v = 'loss';
        for (const m of moves) {
          const r = negate(value(play(p, m)));
          if (r === 'win') {
            v = 'win';
            break;
          }
          if (r === 'draw') v = 'draw';
        }
      }
    }
    memo.set(key, v);
    return v;
  }

  return value(parse(position));
}

/**
 * The most captures the tigers can force from this position: the largest k in 0..5 with the tigers
 * winning the game with captures-to-win = k (k <= captures already made counts as won), using
 * probeLeaf(position, k) at the leaves.
 */
export function forcedCaptures(position: string, probeLeaf: (position: string, capturesToWin: number) => Wdl): number {
  const p = parse(position);
  for (let k = 5; k >= 1; k--) {
    if (k <= p.captured) return k;
    const v = placementValue(position, k, (leaf) => probeLeaf(leaf, k));
    const tigersWin = p.side === 'T' ? v === 'win' : v === 'loss';
    if (tigersWin) return k;
  }
  return 0;
}
