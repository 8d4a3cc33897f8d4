// Dense tibetan-4 positions for test/property/moves.test.ts: the `setup=second-line` ring of 24 goats (the square
// at distance 3 from the centre g7: d4..j10), one or two tigers inside the ring (the 5x5 block e5..i9, all
// empty in that setup) at random free points (the first one next to the ring, on a diagonal), the other
// tigers on den centres, a few extra goats on random free points outside the ring (taken from the hand),
// the tigers to move. A tiger next to the ring chains jumps over it, in and out, so these positions have
// up to a few 10^4 multi-jumps.
//
// Totals (docs/notation.md): goats on the board + in hand + captured = 74 (the second-line start: 24 on
// the board, 50 in hand); 4 tigers. Written from docs/notation.md's grammar: ranks top first, a rank lists only
// its existing points (13 ranks of 3, 3, 9, 9, 11, 11, 13, 11, 11, 9, 9, 3, 3 points), runs of empties as
// numbers. The board geometry (names, dens) is the independent reference's (test/reference/tibetan.ts).
import { boardOf, pointName } from '../reference/tibetan.js';
import { rng } from './playout.js';

const BOARD = boardOf('tibetan-4');
const N = BOARD.points.length;
/** The ring of second-line goats: Chebyshev distance 3 from g7 (x = 6, y = 6). */
const dist = (i: number) => Math.max(Math.abs(BOARD.points[i]!.x - 6), Math.abs(BOARD.points[i]!.y - 6));
const RING = Array.from({ length: N }, (_, i) => i).filter((i) => dist(i) === 3);
const INSIDE = Array.from({ length: N }, (_, i) => i).filter((i) => dist(i) < 3);
/**
 * The inside points next to the ring (distance 2) on the grid's diagonals (x + y even): a tiger there
 * jumps over the ring at once, and on along the diagonals from one landing to the next.
 */
const NEXT_TO_RING = INSIDE.filter((i) => dist(i) === 2 && (BOARD.points[i]!.x + BOARD.points[i]!.y) % 2 === 0);
const OUTSIDE = Array.from({ length: N }, (_, i) => i).filter((i) => dist(i) > 3);
/** Point indices per rank, top rank first, files left to right. */
const LAYOUT: number[][] = [...new Set(BOARD.points.map((p) => p.y))]
  .sort((a, b) => b - a)
  .map((y) =>
    BOARD.points
      .map((p, i) => ({ p, i }))
      .filter((o) => o.p.y === y)
      .sort((a, b) => a.p.x - b.p.x)
      .map((o) => o.i),
  );

export const TOTAL_GOATS = 74;

export function formatTibetan4(cells: string[], hand: number, captured: number, side: 'T' | 'G'): string {
  const ranks = LAYOUT.map((row) => {
    let out = '';
    let run = 0;
    for (const i of row) {
      if (cells[i] === '') {
        run++;
        continue;
      }
      if (run) out += String(run);
      run = 0;
      out += cells[i];
    }
    return run ? out + String(run) : out;
  });
  return `${ranks.join('/')} ${side} ${hand ? `G${hand}` : '-'} ${captured ? `G${captured}` : '-'} -`;
}

export interface DensePosition {
  position: string;
  /** point names of the tigers inside the ring */
  inside: string[];
}

/** The dense position of `seed` (see the top of this file). */
export function denseTibetan4(seed: number): DensePosition {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs.splice(Math.floor(r() * xs.length), 1)[0]!;
  const cells = new Array<string>(N).fill('');
  for (const i of RING) cells[i] = 'G';
  const tigersInside = 1 + Math.floor(r() * 2);
  // the first tiger next to the ring (else it has no jump at all), a second one anywhere inside
  const inside = [pick(NEXT_TO_RING.slice())];
  if (tigersInside === 2) inside.push(pick(INSIDE.filter((i) => i !== inside[0])));
  for (const i of inside) cells[i] = 'T';
  const dens = BOARD.denCentres.slice();
  for (let k = tigersInside; k < 4; k++) cells[pick(dens)] = 'T';
  // 0..3 extra goats outside the ring (from the hand)
  const outside = OUTSIDE.filter((i) => cells[i] === '');
  const extra = Math.floor(r() * 4);
  for (let k = 0; k < extra; k++) cells[pick(outside)] = 'G';
  const onBoard = cells.filter((c) => c === 'G').length;
  return {
    position: formatTibetan4(cells, TOTAL_GOATS - onBoard, 0, 'T'),
    inside: inside.map((i) => pointName(BOARD, i)),
  };
}
