/**
 * Start positions of the declarations, written from data (points and counts) rather than by hand, in the
 * position grammar of spec issue 9 §3:
 * `board SP side SP hand SP captured [SP extra]`, ranks top first, a rank listing only its points,
 * `L` one piece, `L(n)` a stack of n (2..63), digits a run of empty points, hand/captured `-` or
 * `(letter count)+`.
 */
import type { Board } from '../board/index.js';

/** Pieces on the board: point name -> letter (one piece) or [letter, count] (a stack of count >= 2). */
export type Pieces = Readonly<Record<string, string | readonly [string, number]>>;

/** What {@link startPosition} writes. */
export interface StartSpec {
  pieces: Pieces;
  /** Letter of the side to move. */
  side: string;
  /** Pieces in hand as [letter, count] in the order written; zero counts are left out, none = `-`. */
  hand?: ReadonlyArray<readonly [string, number]>;
  /** The extra field, written as given (`-`, `stall=0`); undefined = no extra field (the game has no extra state). */
  extra?: string;
}

function counts(items: ReadonlyArray<readonly [string, number]> | undefined): string {
  const s = (items ?? [])
    .filter(([, n]) => n > 0)
    .map(([l, n]) => `${l}${n}`)
    .join('');
  return s === '' ? '-' : s;
}

/**
 * The position string of `spec` on `board` (nothing captured).
 * @throws RangeError (a declaration bug) for an unknown point name, a count outside 1..63, or a rank
 *   of the bounding grid without points.
 */
export function startPosition(board: Board, spec: StartSpec): string {
  for (const name of Object.keys(spec.pieces)) {
    if (board.index(name) < 0) throw new RangeError(`startPosition: ${board.id} has no point ${name}`);
  }
  const ranks = board.ranks.map((rank) => {
    if (rank.length === 0) throw new RangeError(`startPosition: ${board.id} has a rank without points`);
    let out = '';
    let run = 0;
    for (const p of rank) {
      const cell = spec.pieces[board.points[p]!.name];
      if (cell === undefined) {
        run++;
        continue;
      }
      if (run > 0) {
        out += String(run);
        run = 0;
      }
      const [letter, n] = typeof cell === 'string' ? [cell, 1] : cell;
      if (!Number.isInteger(n) || n < 1 || n > 63) throw new RangeError(`startPosition: bad count ${n} of ${letter}`);
      out += n === 1 ? letter : `${letter}(${n})`;
    }
    return run > 0 ? out + String(run) : out;
  });
  const fields = [ranks.join('/'), spec.side, counts(spec.hand), '-'];
  if (spec.extra !== undefined) fields.push(spec.extra);
  return fields.join(' ');
}
