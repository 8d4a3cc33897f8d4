/**
 * The n x n Alquerque grid with optional triangular dens (虎穴), RULES.md §0 ("Alquerque grid n x n",
 * "Den") and the boards of §1-§4 (Bagh Chal, the Tibetan tiger games, Permainan Tabal, ...).
 */
import { MAX_FILES, fromPointsAndLines, type Board } from './board.js';
import { ArgumentError } from '../contract/errors.js';

/** An edge of the main board that a den can be attached to. */
export type DenSide = 'south' | 'north' | 'west' | 'east';

/** The den sides in the canonical order north, east, south, west. */
export const DEN_SIDES: readonly DenSide[] = Object.freeze(['north', 'east', 'south', 'west']);

/** Options of {@link alquerque}. */
export interface AlquerqueOptions {
  /** Edges that carry a den, each at most once; order only affects the board id. Default: none. */
  dens?: Array<DenSide>;
}

type Vec = [number, number];

/**
 * Builds the Alquerque n x n board, optionally with dens (RULES.md §0).
 *
 * Main board (coordinates 0 <= x, y < n of its own): every row and every column is a line; diagonal
 * lines pass only through points with x + y even (n - 2 diagonal lines each way, e.g. 3 on 5x5, 7 on
 * 9x9; the one-point "diagonals" at two corners are not lines).
 *
 * Den on an edge, M = midpoint of that edge, o = outward unit vector, a = unit vector along the edge:
 * 6 points, the middle row M+o-a, M+o, M+o+a and the base row M+2o-2a, M+2o, M+2o+2a. Its lines are the
 * slanted sides M, M+o-a, M+2o-2a and M, M+o+a, M+2o+2a, the axis M, M+o, M+2o, the middle row and the
 * base row (neighbours two grid units apart). The sides and the axis continue the board's straight
 * lines through M and merge with them into one maximal line, so a short jump can cross the gate M
 * between the board and the den. There are no other den lines (no diagonals in the den's quadrilateral
 * faces). When (n - 1) / 2 is odd (n = 3, 7, 11, ...) M has no diagonals, so the slanted sides are
 * 3-point lines of their own.
 *
 * Bounding grid: the smallest box holding all points. For n >= 5 the main board is shifted 2 files
 * right for a west den and 2 ranks up for a south den; width = n + 2 per west/east den, height = n + 2
 * per south/north den. (On 3x3 a den's base row, spanning 5 files, overhangs the board by one file on each side,
 * so e.g. 3x3 + south den is 5 wide, 5 high, the main board on files b-d.) Examples: 5x5 + south den is
 * 5 wide, 7 high (a1..e7; den ranks 1-2, gate c3, den centre c2, board centre c5); 5x5 + south and
 * north is a1..e9 (dens centred c2 and c8); 9x9 + four dens is a1..m13 (main board c3..k11, centre g7,
 * den centres g2, g12, b7, l7).
 *
 * @param n - the side of the main board in points: an odd integer >= 3.
 * @param opts - `dens`: the edges carrying a den, each at most once.
 * @returns a {@link Board} with n*n + 6*(number of dens) points and id `alquerque-<n>`, followed for a
 *   board with dens by `+` and the first letters of the den sides in the order given
 *   (`alquerque(5, { dens: ['south', 'north'] }).id === 'alquerque-5+sn'`).
 * @throws ArgumentError (a LatticeError) if n is not an odd integer >= 3 (or the grid would exceed 26 files), if a den
 * side
 *   is unknown, or if a side is given twice.
 */
export function alquerque(n: number, opts: AlquerqueOptions = {}): Board {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 3 || n % 2 === 0) {
    throw new ArgumentError(`alquerque: n must be an odd integer >= 3, got ${String(n)}`);
  }
  if (n > MAX_FILES) {
    throw new ArgumentError(
      `alquerque: n = ${n} needs more than ${MAX_FILES} files (a..z); n must be at most ${MAX_FILES - 1}`,
    );
  }
  const dens = opts.dens ?? [];
  if (!Array.isArray(dens)) throw new ArgumentError('alquerque: opts.dens must be an array of den sides');
  const seen = new Set<DenSide>();
  for (const side of dens) {
    if (!DEN_SIDES.includes(side)) {
      throw new ArgumentError(
        `alquerque: unknown den side '${String(side)}' (expected one of ${DEN_SIDES.map((s) => `'${s}'`).join(', ')})`,
      );
    }
    if (seen.has(side)) throw new ArgumentError(`alquerque: den side '${side}' given twice`);
    seen.add(side);
  }
  const id = `alquerque-${n}` + (dens.length > 0 ? '+' + dens.map((s) => s[0]).join('') : '');

  // Generated in main-board coordinates, shifted onto the bounding grid at the end.
  const at = (x: number, y: number): Vec => [x, y];

  const coords: Vec[] = [];
  const lines: Vec[][] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) coords.push(at(x, y));
  for (let i = 0; i < n; i++) {
    const row: Vec[] = [];
    const column: Vec[] = [];
    for (let j = 0; j < n; j++) {
      row.push(at(j, i));
      column.push(at(i, j));
    }
    lines.push(row, column);
  }
  // Diagonals: x - y = k (rising) and x + y = m (falling), through points with x + y even only.
  for (let k = -(n - 1); k <= n - 1; k += 2) {
    const line: Vec[] = [];
    for (let x = 0; x < n; x++) if (x - k >= 0 && x - k < n) line.push(at(x, x - k));
    if (line.length >= 2) lines.push(line);
  }
  for (let m = 0; m <= 2 * (n - 1); m += 2) {
    const line: Vec[] = [];
    for (let x = 0; x < n; x++) if (m - x >= 0 && m - x < n) line.push(at(x, m - x));
    if (line.length >= 2) lines.push(line);
  }

  const c = (n - 1) / 2;
  const geometry: Record<DenSide, { M: Vec; o: Vec; a: Vec }> = {
    south: { M: [c, 0], o: [0, -1], a: [1, 0] },
    north: { M: [c, n - 1], o: [0, 1], a: [1, 0] },
    west: { M: [0, c], o: [-1, 0], a: [0, 1] },
    east: { M: [n - 1, c], o: [1, 0], a: [0, 1] },
  };
  for (const side of dens) {
    const { M, o, a } = geometry[side];
    // M + i*o + j*a, in main-board coordinates
    const p = (i: number, j: number): Vec => at(M[0] + i * o[0] + j * a[0], M[1] + i * o[1] + j * a[1]);
    coords.push(p(1, -1), p(1, 0), p(1, 1), p(2, -2), p(2, 0), p(2, 2));
    lines.push(
      [p(0, 0), p(1, -1), p(2, -2)], // slanted side (continues the board diagonal through M)
      [p(0, 0), p(1, 1), p(2, 2)], // slanted side
      [p(0, 0), p(1, 0), p(2, 0)], // axis (continues the board line through M)
      [p(1, -1), p(1, 0), p(1, 1)], // middle row
      [p(2, -2), p(2, 0), p(2, 2)], // base row
    );
  }
  // Bounding grid = the smallest box from (0, 0) holding every point. For n >= 5 this shifts the main
  // board 2 files right for a west den and 2 ranks up for a south den; on 3x3 a den's base row (spanning
  // 5 files) sticks out past the board's sides, so the grid grows sideways as well.
  const dx = -Math.min(...coords.map((q) => q[0]));
  const dy = -Math.min(...coords.map((q) => q[1]));
  const shift = (q: Vec): Vec => [q[0] + dx, q[1] + dy];
  return fromPointsAndLines(
    id,
    coords.map(shift),
    lines.map((l) => l.map(shift)),
  );
}
