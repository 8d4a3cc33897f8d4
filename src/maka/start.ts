/**
 * The start position of Maka Dai Dai Shogi (rules/maka-dai-dai.md "Board, setup, end"): a light module (no move
 * generation).
 */
import { START_RANKS, PIECES } from './pieces.js';
import { SIZE, makePiece } from './position.js';
import { formatPosition } from './sfen.js';

/** The start position string (rules: "Board, setup, end"). */
export function startPosition(): string {
  const cells = new Uint8Array(SIZE * SIZE);
  const code = new Map(PIECES.map((p, i) => [p.code, i]));
  START_RANKS.forEach((row, r) => {
    row
      .trim()
      .split(/\s+/)
      .forEach((c, f) => {
        if (c === '.') return;
        const t = code.get(c)!;
        cells[r * SIZE + f] = makePiece(t, false, 0);
        cells[(SIZE - 1 - r) * SIZE + (SIZE - 1 - f)] = makePiece(t, false, 1);
      });
  });
  return formatPosition({ cells, side: 0 });
}
