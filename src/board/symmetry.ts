import type { Board } from './board.js';

/**
 * The symmetries of a board: permutations of its point indices (perm[p] = image of p) induced by the
 * 8 transformations of the square bounding grid (4 of a non-square one) that map every point to a point
 * and every drawn line onto a drawn line. The identity comes first. Used by the tablebase to reduce
 * positions (Bagh Chal: all 8; RULES.md §0 boards).
 */
export function boardSymmetries(board: Board): number[][] {
  const w = board.width - 1,
    h = board.height - 1;
  const transforms: Array<(x: number, y: number) => [number, number]> = [
    (x, y) => [x, y],
    (x, y) => [w - x, y],
    (x, y) => [x, h - y],
    (x, y) => [w - x, h - y],
  ];
  if (board.width === board.height) {
    transforms.push(
      (x, y) => [y, x],
      (x, y) => [h - y, x],
      (x, y) => [y, w - x],
      (x, y) => [h - y, w - x],
    );
  }
  const lineKeys = new Set(board.lines.map((l) => [...l].sort((a, b) => a - b).join(',')));
  const at = new Map(board.points.map((p) => [`${p.x},${p.y}`, p.index]));
  const out: number[][] = [];
  for (const t of transforms) {
    const perm = board.points.map((p) => at.get(t(p.x, p.y).join(',')) ?? -1);
    if (perm.includes(-1)) continue;
    if (
      !board.lines.every((l) =>
        lineKeys.has(
          l
            .map((p) => perm[p])
            .sort((a, b) => a - b)
            .join(','),
        ),
      )
    )
      continue;
    out.push(perm);
  }
  return out;
}
