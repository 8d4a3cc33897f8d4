/**
 * Board geometry as data: the `Board` type and the one builder that turns points and drawn lines into
 * per-point tables (RULES.md §0 "Shared vocabulary": a step joins neighbours on a drawn line, a short
 * jump is three consecutive points of one line; DESIGN.md "Boards" and "Bitboards").
 *
 * Everything here is host-side set-up code that runs once per board, so it favours plain data and
 * thorough validation over speed. Every board in the project is built by {@link fromPointsAndLines};
 * the generators (`alquerque`, `hareAndHounds`) only list points and line segments.
 */
import { ArgumentError } from '../contract/errors.js';

/**
 * A compass direction, as a number 0..7 counted clockwise from north:
 * 0 N (0,+1), 1 NE (+1,+1), 2 E (+1,0), 3 SE (+1,-1), 4 S (0,-1), 5 SW (-1,-1), 6 W (-1,0), 7 NW (-1,+1).
 * The direction of a step is (sign dx, sign dy), so a base-row step of a den (two grid units east) is E.
 * The opposite direction is `d ^ 4`.
 */
export type Dir = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Short names of the directions, indexed by {@link Dir}: `DIR_NAMES[1] === 'NE'`. */
export const DIR_NAMES: readonly string[] = Object.freeze(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);

/** Unit file step (sign of dx) of each {@link Dir}, indexed by direction: -1, 0 or +1. */
export const DIR_DX: readonly number[] = Object.freeze([0, 1, 1, 1, 0, -1, -1, -1]);

/** Unit rank step (sign of dy) of each {@link Dir}, indexed by direction: -1, 0 or +1. */
export const DIR_DY: readonly number[] = Object.freeze([1, 1, 0, -1, -1, -1, 0, 1]);

/**
 * One point of a board.
 * - `index`: its position in `Board.points` (and its bit in a bitboard).
 * - `x`: file, 0-based from the left of the bounding grid; `y`: rank, 0-based from the bottom.
 * - `name`: file letter + 1-based rank number, e.g. `{ x: 2, y: 4 }` is `c5`.
 */
export interface Point {
  index: number;
  x: number;
  y: number;
  name: string;
}

/**
 * A board: points plus the straight lines drawn between them, with derived per-point tables.
 *
 * - `id`: a short identifier such as `'alquerque-5'`, `'alquerque-5+s'`, `'hare-and-hounds-11'`.
 * - `width`, `height`: size of the bounding grid in grid units (files, ranks); some grid positions may
 *   hold no point (e.g. the corners of the 13x13 grid of the 105-point board).
 * - `points`: ordered by rank from the bottom (y ascending), then file (x ascending); `points[i].index === i`.
 * - `lines`: the maximal straight lines drawn on the board, each as point indices in order along the
 *   line (ascending index, i.e. from the bottom; horizontal lines from the left), each of length >= 2;
 *   the list is sorted by first index, then second index.
 * - `neighbours`: length `points.length * 8`; `neighbours[p * 8 + d]` is the point adjacent to `p` on a
 *   drawn line in direction `d` ({@link Dir}), or -1. Adjacency exists only along drawn lines.
 * - `jumps`: length `points.length * 8`; `jumps[p * 8 + d]` is the landing point `l` of a short jump from
 *   `p` in direction `d` where `p`, `n = neighbours[p * 8 + d]`, `l` are consecutive on ONE drawn line,
 *   or -1.
 * - `ranks`: for notation, one array per rank of the bounding grid (`ranks.length === height`), top rank
 *   first, each holding that rank's point indices left to right (an empty array for a rank without points).
 * - `index(name)`: the index of the point called `name` (exact, lower-case, e.g. `'c5'`), or -1.
 *
 * Boards from {@link fromPointsAndLines} are frozen (the two typed arrays cannot be frozen: treat them as
 * read-only).
 */
export interface Board {
  id: string;
  width: number;
  height: number;
  points: Point[];
  lines: number[][];
  neighbours: Int16Array;
  jumps: Int16Array;
  ranks: number[][];
  index(name: string): number;
}

/** Largest bounding-grid width the naming scheme supports: files are the single letters a..z. */
export const MAX_FILES = 26;

/**
 * The algebraic name of the grid position (x, y): file letter (a = 0) + rank number (1 = 0).
 * `pointName(2, 4) === 'c5'`. Throws ArgumentError (a LatticeError) if x is not an integer in 0..25 or y is not an
 * integer >= 0.
 */
export function pointName(x: number, y: number): string {
  if (!Number.isInteger(x) || x < 0 || x >= MAX_FILES) {
    throw new ArgumentError(`pointName: file x must be an integer in 0..${MAX_FILES - 1}, got ${x}`);
  }
  if (!Number.isInteger(y) || y < 0) {
    throw new ArgumentError(`pointName: rank y must be an integer >= 0, got ${y}`);
  }
  return String.fromCharCode(97 + x) + String(y + 1);
}

/** The {@link Dir} of a step with the given signs (each -1, 0, +1; not both 0). */
function dirOf(sx: number, sy: number): Dir {
  for (let d = 0; d < 8; d++) {
    if (DIR_DX[d] === sx && DIR_DY[d] === sy) return d as Dir;
  }
  throw new RangeError(`internal: no direction for step (${sx}, ${sy})`);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** A drawn segment after validation: its points on one geometric line, keyed by that line. */
interface Segment {
  key: string; // normalised direction and offset: segments with equal keys lie on one geometric line
  members: number[]; // point indices
  tmin: number; // extent along the line, as the projection onto the normalised direction
  tmax: number;
}

/**
 * Builds a {@link Board} from point coordinates and drawn lines; the shared builder every board uses
 * (RULES.md §0: adjacency only along drawn lines, a short jump is three consecutive points of one line).
 *
 * @param id - the board id, a non-empty string.
 * @param coords - the points as integer `[x, y]` grid coordinates (x file from the left, y rank from the
 *   bottom, both 0-based). The bounding grid is the smallest box from (0, 0) holding them all: the
 *   smallest x and the smallest y must both be 0, and the width must be at most 26 (files a..z). The
 *   input order does not matter: points are re-indexed by rank, then file.
 * @param lines - the drawn lines (or pieces of them), each a list of >= 2 coordinates of points of the
 *   board, all on one straight line, in any order. Drawn pieces that lie on the same straight line and
 *   overlap or touch (share a point) are merged into one maximal line, so a line may be given in
 *   pieces: e.g. a den's slanted side continues the board's diagonal through the den's gate. Points two
 *   or more grid units apart are neighbours if no point lies between them on the line (a den's base row).
 *
 * Derived tables: for each consecutive pair (p, q) of a maximal line, `neighbours[p*8+d] = q` and
 * `neighbours[q*8+(d^4)] = p`, d = (sign dx, sign dy) of the step p -> q; for each consecutive triple
 * (p, n, l) of ONE maximal line, `jumps[p*8+d] = l` and `jumps[l*8+(d^4)] = p`. Jumps therefore never
 * bend from one line onto another.
 *
 * @throws ArgumentError (a LatticeError) naming what is wrong, if: the id is empty; there are no points; a coordinate
 * is not
 *   a non-negative integer; the points do not start at file 0 and rank 0; the grid is wider than 26
 *   files; two points share coordinates; a line has fewer than 2 points, lists a point twice, passes
 *   through coordinates that are not a point, or is not straight; a drawn line passes over a point
 *   (strictly between two of its points) without listing it; two different lines leave one point in the
 *   same compass direction (possible only with slopes other than 0, 1, -1 and vertical).
 */
export function fromPointsAndLines(
  id: string,
  coords: Array<[number, number]>,
  lines: Array<Array<[number, number]>>,
): Board {
  if (typeof id !== 'string' || id.length === 0) {
    throw new ArgumentError('fromPointsAndLines: the board id must be a non-empty string');
  }
  if (!Array.isArray(coords) || coords.length === 0) {
    throw new ArgumentError(`${id}: a board needs at least one point`);
  }
  if (coords.length > 0x7fff) {
    throw new ArgumentError(`${id}: ${coords.length} points do not fit the Int16Array tables (max 32767)`);
  }

  // --- points -------------------------------------------------------------------------------------
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  coords.forEach((c, i) => {
    const [x, y] = Array.isArray(c) ? c : [NaN, NaN];
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0) {
      throw new ArgumentError(
        `${id}: point #${i} at (${String(x)}, ${String(y)}) is not on the grid: coordinates must be integers >= 0`,
      );
    }
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  });
  if (minX !== 0 || minY !== 0) {
    throw new ArgumentError(
      `${id}: the bounding grid must start at file a and rank 1 (smallest x and y = 0), ` +
        `but the smallest x is ${minX} and the smallest y is ${minY}`,
    );
  }
  const width = maxX + 1;
  const height = maxY + 1;
  if (width > MAX_FILES) {
    throw new ArgumentError(
      `${id}: the bounding grid is ${width} files wide; names support at most ${MAX_FILES} (a..z)`,
    );
  }

  const order = coords.map((_, i) => i);
  order.sort((i, j) => coords[i]![1] - coords[j]![1] || coords[i]![0] - coords[j]![0]);
  const points: Point[] = [];
  const byCoord = new Map<string, number>();
  const byName = new Map<string, number>();
  const inputIndexOf = new Map<string, number>();
  for (const i of order) {
    const [x, y] = coords[i]!;
    const key = `${x},${y}`;
    const name = pointName(x, y);
    if (byCoord.has(key)) {
      throw new ArgumentError(
        `${id}: duplicate point ${name} (${x}, ${y}), given as #${inputIndexOf.get(key)} and #${i}`,
      );
    }
    const index = points.length;
    inputIndexOf.set(key, i);
    byCoord.set(key, index);
    byName.set(name, index);
    points.push(Object.freeze({ index, x, y, name }));
  }
  const P = points.length;

  // --- lines: validate each drawn piece, then merge pieces on one geometric line --------------------
  const segments: Segment[] = [];
  if (!Array.isArray(lines)) throw new ArgumentError(`${id}: lines must be an array of lines`);
  lines.forEach((line, li) => {
    if (!Array.isArray(line) || line.length < 2) {
      const n = Array.isArray(line) ? line.length : 0;
      throw new ArgumentError(`${id}: line #${li} has ${n} point(s); a line needs at least 2`);
    }
    const members: number[] = [];
    for (const c of line) {
      const [x, y] = Array.isArray(c) ? c : [NaN, NaN];
      const p = byCoord.get(`${x},${y}`);
      if (p === undefined) {
        const where =
          Number.isInteger(x) && Number.isInteger(y) && x >= 0 && x < MAX_FILES && y >= 0
            ? ` (${pointName(x, y)})`
            : '';
        throw new ArgumentError(
          `${id}: line #${li} passes through (${String(x)}, ${String(y)})${where}, which is not a point of the board`,
        );
      }
      if (members.includes(p)) {
        throw new ArgumentError(`${id}: line #${li} lists ${points[p]!.name} twice`);
      }
      members.push(p);
    }
    const a = points[members[0]!]!;
    const b = points[members[1]!]!;
    let dx = b.x - a.x;
    let dy = b.y - a.y;
    const g = gcd(Math.abs(dx), Math.abs(dy));
    dx /= g;
    dy /= g;
    if (dy < 0 || (dy === 0 && dx < 0)) {
      dx = -dx;
      dy = -dy;
    }
    const offset = dy * a.x - dx * a.y; // constant along the geometric line
    let tmin = Infinity;
    let tmax = -Infinity;
    for (const p of members) {
      const q = points[p]!;
      if (dy * q.x - dx * q.y !== offset) {
        throw new ArgumentError(
          `${id}: line #${li} is not straight: ${q.name} is off the line through ${a.name} and ${b.name}`,
        );
      }
      const t = dx * q.x + dy * q.y;
      tmin = Math.min(tmin, t);
      tmax = Math.max(tmax, t);
    }
    segments.push({ key: `${dx},${dy},${offset}`, members, tmin, tmax });
  });

  const groups = new Map<string, Segment[]>();
  for (const s of segments) {
    const list = groups.get(s.key);
    if (list) list.push(s);
    else groups.set(s.key, [s]);
  }
  const maximal: number[][] = [];
  for (const [key, list] of groups) {
    const [dx, dy, offset] = key.split(',').map(Number) as [number, number, number];
    list.sort((s, t) => s.tmin - t.tmin);
    let cur: Segment | undefined;
    const merged: Segment[] = [];
    for (const s of list) {
      if (cur && s.tmin <= cur.tmax) {
        // overlapping or touching (sharing an end point): one drawn straight line
        for (const p of s.members) if (!cur.members.includes(p)) cur.members.push(p);
        cur.tmax = Math.max(cur.tmax, s.tmax);
      } else {
        cur = { key, members: [...s.members], tmin: s.tmin, tmax: s.tmax };
        merged.push(cur);
      }
    }
    for (const m of merged) {
      const members = new Set(m.members);
      for (const q of points) {
        if (members.has(q.index) || dy * q.x - dx * q.y !== offset) continue;
        const t = dx * q.x + dy * q.y;
        if (t > m.tmin && t < m.tmax) {
          const ends = m.members.slice().sort((i, j) => i - j);
          throw new ArgumentError(
            `${id}: the line from ${points[ends[0]!]!.name} to ${points[ends[ends.length - 1]!]!.name} ` +
              `passes over ${q.name} without listing it`,
          );
        }
      }
      // Ascending index = along the line from the bottom (from the left for a horizontal line),
      // because the index orders by rank, then file, and a non-horizontal line changes rank at every point.
      maximal.push(m.members.slice().sort((i, j) => i - j));
    }
  }
  maximal.sort((l, m) => l[0]! - m[0]! || l[1]! - m[1]!);

  // --- derived tables ----------------------------------------------------------------------------------
  const neighbours = new Int16Array(P * 8).fill(-1);
  const jumps = new Int16Array(P * 8).fill(-1);
  const stepDir = (p: number, q: number): Dir =>
    dirOf(Math.sign(points[q]!.x - points[p]!.x), Math.sign(points[q]!.y - points[p]!.y));
  const link = (p: number, d: Dir, q: number): void => {
    const old = neighbours[p * 8 + d]!;
    if (old !== -1 && old !== q) {
      throw new ArgumentError(
        `${id}: two lines leave ${points[p]!.name} in direction ${DIR_NAMES[d]} ` +
          `(to ${points[old]!.name} and to ${points[q]!.name}); each point may have one neighbour per direction`,
      );
    }
    neighbours[p * 8 + d] = q;
  };
  for (const line of maximal) {
    for (let i = 0; i + 1 < line.length; i++) {
      const p = line[i]!;
      const q = line[i + 1]!;
      const d = stepDir(p, q);
      link(p, d, q);
      link(q, (d ^ 4) as Dir, p);
    }
  }
  for (const line of maximal) {
    for (let i = 0; i + 2 < line.length; i++) {
      const p = line[i]!;
      const l = line[i + 2]!;
      const d = stepDir(p, line[i + 1]!);
      jumps[p * 8 + d] = l;
      jumps[l * 8 + (d ^ 4)] = p;
    }
  }

  const ranks: number[][] = [];
  for (let y = height - 1; y >= 0; y--) {
    ranks.push(Object.freeze(points.filter((q) => q.y === y).map((q) => q.index)) as number[]);
  }

  const board: Board = {
    id,
    width,
    height,
    points: Object.freeze(points) as Point[],
    lines: Object.freeze(maximal.map((l) => Object.freeze(l) as number[])) as number[][],
    neighbours,
    jumps,
    ranks: Object.freeze(ranks) as number[][],
    index(name: string): number {
      return byName.get(name) ?? -1;
    },
  };
  return Object.freeze(board);
}
