/**
 * The 11-point Hare-and-Hounds board, drawn upright, as used by Catch the Giant (捉巨人棋), RULES.md §3.
 */
import { fromPointsAndLines, type Board } from './board.js';

/**
 * Builds the 11-point Hare-and-Hounds board on a 3-file, 5-rank grid (RULES.md §3):
 *
 * ```
 *  5      b5           b5 joined to a4, b4, c4
 *  4  a4  b4  c4       3x3 Alquerque block a2..c4: rows, columns,
 *  3  a3  b3  c3       and the two diagonals through b3
 *  2  a2  b2  c2       (a3, c3, b2, b4 have no diagonals)
 *  1      b1           b1 joined to a2, b2, c2
 *     a   b   c
 * ```
 *
 * Which joins merge into longer straight lines (the builder merges collinear touching lines): b1-b2 and
 * b4-b5 continue column b, so b1 b2 b3 b4 b5 is ONE 5-point line (a jump b1 over b2 to b3 exists). The
 * four slanted joins b1-a2, b1-c2, b5-a4, b5-c4 are 2-point lines: nothing lies beyond either end on
 * the board, and none is collinear with the block's diagonals (b1-c2 lies on y = x - 1, the diagonal
 * a2-b3-c4 on y = x + 1), so no jump starts or ends through them. 12 lines in all: 3 rows, 3 columns,
 * 2 diagonals, 4 joins; 22 adjacent pairs.
 *
 * @returns the board with id `'hare-and-hounds-11'`, width 3, height 5; never throws.
 */
export function hareAndHounds(): Board {
  const coords: Array<[number, number]> = [
    [1, 0],
    [1, 4],
  ];
  for (let y = 1; y <= 3; y++) for (let x = 0; x <= 2; x++) coords.push([x, y]);
  const lines: Array<Array<[number, number]>> = [];
  for (let i = 0; i <= 2; i++) {
    lines.push([
      [0, i + 1],
      [1, i + 1],
      [2, i + 1],
    ]); // rows 2..4
    lines.push([
      [i, 1],
      [i, 2],
      [i, 3],
    ]); // columns a..c
  }
  lines.push(
    [
      [0, 1],
      [1, 2],
      [2, 3],
    ],
    [
      [0, 3],
      [1, 2],
      [2, 1],
    ],
  ); // diagonals through b3
  lines.push(
    [
      [1, 0],
      [0, 1],
    ],
    [
      [1, 0],
      [1, 1],
    ],
    [
      [1, 0],
      [2, 1],
    ],
  ); // b1 to a2, b2, c2
  lines.push(
    [
      [1, 4],
      [0, 3],
    ],
    [
      [1, 4],
      [1, 3],
    ],
    [
      [1, 4],
      [2, 3],
    ],
  ); // b5 to a4, b4, c4
  return fromPointsAndLines('hare-and-hounds-11', coords, lines);
}
