// Board geometry (src/lattice): counts derived by hand from RULES.md §0/§2/§3, spot checks of the
// derived tables, whole-board invariants, and the ArgumentError cases.
import { describe, expect, it } from 'vitest';
import { alquerque, fromPointsAndLines, hareAndHounds, type Board, type Dir } from '../../src/board/index.js';
import { ArgumentError } from '../../src/contract/errors.js';

const N: Dir = 0,
  NE: Dir = 1,
  E: Dir = 2,
  SE: Dir = 3,
  S: Dir = 4,
  SW: Dir = 5,
  W: Dir = 6,
  NW: Dir = 7;

/** Number of unordered adjacent pairs, read from the neighbour table. */
function adjacentPairs(b: Board): number {
  let n = 0;
  for (const v of b.neighbours) if (v >= 0) n++;
  return n / 2;
}

/** Number of jump triples (p, n, l) up to reversal, read from the jump table. */
function jumpTriples(b: Board): number {
  let n = 0;
  for (const v of b.jumps) if (v >= 0) n++;
  return n / 2;
}

/** Neighbours of the named point as { dir: name }, for readable spot checks. */
function around(b: Board, name: string): Record<string, string> {
  const p = b.index(name);
  expect(p, name).toBeGreaterThanOrEqual(0);
  const out: Record<string, string> = {};
  const dirNames = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  for (let d = 0; d < 8; d++) {
    const q = b.neighbours[p * 8 + d]!;
    if (q >= 0) out[dirNames[d]!] = b.points[q]!.name;
  }
  return out;
}

function jump(b: Board, from: string, d: Dir): string | null {
  const l = b.jumps[b.index(from) * 8 + d]!;
  return l < 0 ? null : b.points[l]!.name;
}

function names(b: Board, idx: number[]): string[] {
  return idx.map((i) => b.points[i]!.name);
}

const b25 = alquerque(5);
const b31 = alquerque(5, { dens: ['south'] });
const b37 = alquerque(5, { dens: ['south', 'north'] });
const b105 = alquerque(9, { dens: ['north', 'east', 'south', 'west'] });
const hh = hareAndHounds();

describe('hand-derived counts', () => {
  it('Alquerque 5x5 (Bagh Chal board)', () => {
    expect(b25.id).toBe('alquerque-5');
    expect([b25.width, b25.height]).toEqual([5, 5]);
    // 5*5 points
    expect(b25.points.length).toBe(25);
    // 5 rows + 5 columns + diagonals through x+y even: x-y = -2, 0, 2 and x+y = 2, 4, 6 (3 each way)
    // = 5 + 5 + 3 + 3 = 16
    expect(b25.lines.length).toBe(16);
    // orthogonal: 2 * 5 lines * 4 pairs = 40; each diagonal direction has lines of 3, 5, 3 points
    // -> 2 + 4 + 2 = 8 pairs, two directions 16; total 40 + 16 = 56
    expect(adjacentPairs(b25)).toBe(56);
    // triples: rows 5*3 + columns 5*3 + diagonals 2*(1 + 3 + 1) = 15 + 15 + 10 = 40
    expect(jumpTriples(b25)).toBe(40);
  });

  it('5x5 + south den (tibetan-1, 31 points, a1..e7)', () => {
    expect(b31.id).toBe('alquerque-5+s');
    expect([b31.width, b31.height]).toEqual([5, 7]);
    // 25 + 6 den points
    expect(b31.points.length).toBe(31);
    // 16 board lines; the den's two slanted sides extend the diagonals through the gate c3 (3 -> 5
    // points each) and its axis extends column c (5 -> 7): no new lines; middle row b2 c2 d2 and base
    // row a1 c1 e1 are new: 16 + 2 = 18
    expect(b31.lines.length).toBe(18);
    // 56 + den pairs: 2 per slanted side (4) + 2 on the axis + 2 middle row + 2 base row = 56 + 10 = 66
    expect(adjacentPairs(b31)).toBe(66);
    // 40 + column c (+2) + two diagonals (+2 each) + middle row (+1) + base row (+1) = 48
    expect(jumpTriples(b31)).toBe(48);
  });

  it('5x5 + south and north dens (tibetan-2 / Permainan Tabal, 37 points, a1..e9)', () => {
    expect(b37.id).toBe('alquerque-5+sn');
    expect([b37.width, b37.height]).toEqual([5, 9]);
    // 25 + 2*6
    expect(b37.points.length).toBe(37);
    // 16 + 2 new lines per den (middle and base rows) = 20; column c runs c1..c9 as one line, the four
    // diagonals through c3 and c7 (x-y = 2, x+y = 2, x+y = 6, x-y = -2 on the main board) are distinct
    expect(b37.lines.length).toBe(20);
    // 56 + 10 per den = 76
    expect(adjacentPairs(b37)).toBe(76);
    // 40 + column c 5 -> 9 points (+4) + four diagonals 3 -> 5 (+8) + 2 middle + 2 base rows = 56
    expect(jumpTriples(b37)).toBe(56);
  });

  it('9x9 + four dens (tibetan-4, 105 points on a1..m13)', () => {
    expect(b105.id).toBe('alquerque-9+nesw');
    expect([b105.width, b105.height]).toEqual([13, 13]);
    // 81 + 4*6
    expect(b105.points.length).toBe(105);
    // main: 9 rows + 9 columns + 7 + 7 diagonals = 32; each den adds its middle and base row: + 8 = 40.
    // (The axes of the west/east dens extend row 7 to a7..m7 = 13 points, those of the south/north dens
    // column g to g1..g13; each diagonal through two gates - e.g. x+y = 4 through g3 and c7 - is
    // extended at both ends, 5 -> 9 points.)
    expect(b105.lines.length).toBe(40);
    // main: orthogonal 2*9*8 = 144; diagonal lines of 3,5,7,9,7,5,3 points -> 2+4+6+8+6+4+2 = 32 per
    // direction, 64; main 208; + 10 per den * 4 = 248
    expect(adjacentPairs(b105)).toBe(248);
    // main: rows 9*7 + columns 9*7 + 2*(1+3+5+7+5+3+1) = 63 + 63 + 50 = 176; row 7 and column g +4 each;
    // four gate diagonals +4 each (16); 4 middle + 4 base rows +1 each (8): 176 + 8 + 16 + 8 = 208
    expect(jumpTriples(b105)).toBe(208);
  });

  it('11-point Hare-and-Hounds board (catch-the-giant)', () => {
    expect(hh.id).toBe('hare-and-hounds-11');
    expect([hh.width, hh.height]).toEqual([3, 5]);
    // 3x3 block + b1 + b5
    expect(hh.points.length).toBe(11);
    // rows 2, 3, 4; columns a (a2-a4), b (b1-b5, merged with the joins b1-b2 and b4-b5), c (c2-c4);
    // diagonals a2-c4, a4-c2; 2-point joins b1-a2, b1-c2, b5-a4, b5-c4: 3 + 3 + 2 + 4 = 12
    expect(hh.lines.length).toBe(12);
    // rows 3*2 = 6; columns 2 + 4 + 2 = 8; diagonals 2*2 = 4; joins 4: 22
    // (degree check: b3 8; a2 c2 a4 c4 b2 b4 4 each = 24; b1 b5 a3 c3 3 each = 12; 44 = 2*22)
    expect(adjacentPairs(hh)).toBe(22);
    // rows 3*1 + columns 1 + 3 + 1 + diagonals 2*1 = 10 (2-point joins carry no jumps)
    expect(jumpTriples(hh)).toBe(10);
  });
});

describe('spot checks', () => {
  it('names, indices and index()', () => {
    expect(b25.index('a1')).toBe(0);
    expect(b25.points[0]!.name).toBe('a1');
    expect(b25.index('e5')).toBe(24);
    expect(b25.points[24]).toEqual({ index: 24, x: 4, y: 4, name: 'e5' });
    expect(b25.index('c3')).toBe(12);
    expect(b25.index('m13')).toBe(-1);
    expect(b25.index('z9')).toBe(-1);
    expect(b25.index('')).toBe(-1);
    expect(b25.index('A1')).toBe(-1);
    expect(b31.index('a1')).toBe(0);
    expect(b31.index('b1')).toBe(-1); // den base row: a1 c1 e1 only
    expect(b31.index('c5')).toBe(b31.points.findIndex((p) => p.x === 2 && p.y === 4));
    expect(b37.index('e9')).toBe(36);
    expect(b37.index('z9')).toBe(-1);
    // 105: the grid runs a1..m13, but its corners hold no point; index 0 is the south den's e1
    expect(b105.points[0]!.name).toBe('e1');
    expect(b105.index('a1')).toBe(-1);
    expect(b105.index('m13')).toBe(-1);
    expect(b105.index('m7')).toBeGreaterThanOrEqual(0);
    expect(b105.index('z9')).toBe(-1);
    expect(b105.points[104]!.name).toBe('i13');
    expect(hh.points[0]!.name).toBe('b1');
    expect(hh.index('a1')).toBe(-1);
    expect(hh.index('b5')).toBe(10);
    for (const b of [b25, b31, b37, b105, hh]) {
      b.points.forEach((p, i) => {
        expect(p.index).toBe(i);
        expect(b.index(p.name)).toBe(i);
      });
    }
  });

  it('5x5 corners and centre', () => {
    expect(around(b25, 'a1')).toEqual({ N: 'a2', NE: 'b2', E: 'b1' });
    expect(around(b25, 'e5')).toEqual({ S: 'e4', SW: 'd4', W: 'd5' });
    expect(around(b25, 'e1')).toEqual({ N: 'e2', W: 'd1', NW: 'd2' });
    expect(around(b25, 'b1')).toEqual({ N: 'b2', E: 'c1', W: 'a1' }); // x+y odd: no diagonals
    expect(around(b25, 'c3')).toEqual({
      N: 'c4',
      NE: 'd4',
      E: 'd3',
      SE: 'd2',
      S: 'c2',
      SW: 'b2',
      W: 'b3',
      NW: 'b4',
    });
    expect(jump(b25, 'a1', NE)).toBe('c3');
    expect(jump(b25, 'a1', N)).toBe('a3');
    expect(jump(b25, 'b1', NE)).toBeNull();
    expect(jump(b25, 'c3', SW)).toBe('a1');
    expect(jump(b25, 'd4', NE)).toBeNull(); // e5 is the end of the line
  });

  it('31-point board: gate, den centre, den base, jumps across the apex', () => {
    // gate c3: the board's edge midpoint, all 8 directions (SW/SE/S lead into the den)
    expect(around(b31, 'c3')).toEqual({
      N: 'c4',
      NE: 'd4',
      E: 'd3',
      SE: 'd2',
      S: 'c2',
      SW: 'b2',
      W: 'b3',
      NW: 'b4',
    });
    // den centre: axis and middle row only (the den's faces have no diagonals)
    expect(around(b31, 'c2')).toEqual({ N: 'c3', E: 'd2', S: 'c1', W: 'b2' });
    // middle-row end b2: slanted side (c3, a1) and the middle row; no line to b3 or a2
    expect(around(b31, 'b2')).toEqual({ NE: 'c3', E: 'c2', SW: 'a1' });
    // base row: neighbours two grid units apart
    expect(around(b31, 'a1')).toEqual({ NE: 'b2', E: 'c1' });
    expect(around(b31, 'c1')).toEqual({ N: 'c2', E: 'e1', W: 'a1' });
    expect(around(b31, 'e1')).toEqual({ NW: 'd2', W: 'c1' });
    // main board corner a3 (was a1) keeps its own neighbours only
    expect(around(b31, 'a3')).toEqual({ N: 'a4', NE: 'b4', E: 'b3' });
    // jumps across the apex c3 along the continued diagonals and column
    expect(jump(b31, 'd4', SW)).toBe('b2');
    expect(jump(b31, 'b2', NE)).toBe('d4');
    expect(jump(b31, 'b4', SE)).toBe('d2');
    expect(jump(b31, 'a1', NE)).toBe('c3');
    expect(jump(b31, 'e5', SW)).toBe('c3');
    expect(jump(b31, 'c4', S)).toBe('c2');
    expect(jump(b31, 'c1', N)).toBe('c3');
    // inside the den
    expect(jump(b31, 'a1', E)).toBe('e1');
    expect(jump(b31, 'e1', W)).toBe('a1');
    expect(jump(b31, 'b2', E)).toBe('d2');
    expect(jump(b31, 'b2', SW)).toBeNull(); // a1 ends the slanted side
    expect(jump(b31, 'b3', SE)).toBeNull(); // b3 has no diagonals
    // the maximal lines through the gate
    const line = (a: string, b: string): string[] =>
      names(b31, b31.lines.find((l) => l.includes(b31.index(a)) && l.includes(b31.index(b)))!);
    expect(line('a1', 'c3')).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
    expect(line('e1', 'c3')).toEqual(['e1', 'd2', 'c3', 'b4', 'a5']);
    expect(line('c1', 'c3')).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(line('a1', 'e1')).toEqual(['a1', 'c1', 'e1']);
  });

  it('37-point board: north den and ranks layout', () => {
    expect(b37.ranks.length).toBe(9);
    expect(names(b37, b37.ranks[8]!)).toEqual(['a1', 'c1', 'e1']); // rank 1 (last: top rank first)
    expect(b37.ranks[8]).toEqual([0, 1, 2]);
    expect(names(b37, b37.ranks[7]!)).toEqual(['b2', 'c2', 'd2']);
    expect(names(b37, b37.ranks[4]!)).toEqual(['a5', 'b5', 'c5', 'd5', 'e5']);
    expect(names(b37, b37.ranks[1]!)).toEqual(['b8', 'c8', 'd8']);
    expect(names(b37, b37.ranks[0]!)).toEqual(['a9', 'c9', 'e9']);
    expect(around(b37, 'c7')).toEqual({
      N: 'c8',
      NE: 'd8',
      E: 'd7',
      SE: 'd6',
      S: 'c6',
      SW: 'b6',
      W: 'b7',
      NW: 'b8',
    });
    expect(around(b37, 'c8')).toEqual({ N: 'c9', E: 'd8', S: 'c7', W: 'b8' });
    expect(around(b37, 'e9')).toEqual({ SW: 'd8', W: 'c9' });
    expect(jump(b37, 'b6', NE)).toBe('d8');
    expect(jump(b37, 'a9', SE)).toBe('c7');
    expect(jump(b37, 'c9', S)).toBe('c7');
    // column c is one 9-point line
    expect(b37.lines.some((l) => names(b37, l).join(' ') === 'c1 c2 c3 c4 c5 c6 c7 c8 c9')).toBe(true);
  });

  it('105-point board: gates, dens, corners', () => {
    expect(around(b105, 'g7')).toEqual({
      N: 'g8',
      NE: 'h8',
      E: 'h7',
      SE: 'h6',
      S: 'g6',
      SW: 'f6',
      W: 'f7',
      NW: 'f8',
    });
    // main board corners c3 and k11 (x+y even on the main board: diagonal), k3 too
    expect(around(b105, 'c3')).toEqual({ N: 'c4', NE: 'd4', E: 'd3' });
    expect(around(b105, 'k11')).toEqual({ S: 'k10', SW: 'j10', W: 'j11' });
    // west gate c7: W into the den centre b7, NW/SW along the den sides
    expect(around(b105, 'c7')).toEqual({
      N: 'c8',
      NE: 'd8',
      E: 'd7',
      SE: 'd6',
      S: 'c6',
      SW: 'b6',
      W: 'b7',
      NW: 'b8',
    });
    expect(around(b105, 'b7')).toEqual({ N: 'b8', E: 'c7', S: 'b6', W: 'a7' });
    expect(around(b105, 'a5')).toEqual({ N: 'a7', NE: 'b6' });
    expect(around(b105, 'm9')).toEqual({ S: 'm7', SW: 'l8' });
    expect(around(b105, 'g1')).toEqual({ N: 'g2', E: 'i1', W: 'e1' });
    expect(around(b105, 'g13')).toEqual({ S: 'g12', E: 'i13', W: 'e13' });
    // a5 and c5 share a rank but no drawn line
    expect(b105.neighbours[b105.index('a5') * 8 + E]).toBe(-1);
    // jumps across apexes; the diagonal through g3 and c7 runs i1 .. a9 (9 points)
    expect(jump(b105, 'h4', SW)).toBe('f2');
    expect(jump(b105, 'd6', NW)).toBe('b8');
    expect(jump(b105, 'j8', SE)).toBe('l6');
    expect(jump(b105, 'f10', NE)).toBe('h12');
    expect(jump(b105, 'k7', E)).toBe('m7');
    const diag = b105.lines.find((l) => l.includes(b105.index('g3')) && l.includes(b105.index('c7')))!;
    expect(names(b105, diag)).toEqual(['i1', 'h2', 'g3', 'f4', 'e5', 'd6', 'c7', 'b8', 'a9']);
    const row7 = b105.lines.find((l) => l.includes(b105.index('a7')) && l.includes(b105.index('m7')))!;
    expect(row7.length).toBe(13);
  });

  it('Hare-and-Hounds: b1, b5, b3 and the 2-point joins', () => {
    expect(around(hh, 'b1')).toEqual({ N: 'b2', NE: 'c2', NW: 'a2' });
    expect(around(hh, 'b5')).toEqual({ S: 'b4', SE: 'c4', SW: 'a4' });
    expect(around(hh, 'b3')).toEqual({
      N: 'b4',
      NE: 'c4',
      E: 'c3',
      SE: 'c2',
      S: 'b2',
      SW: 'a2',
      W: 'a3',
      NW: 'a4',
    });
    expect(around(hh, 'a2')).toEqual({ N: 'a3', NE: 'b3', E: 'b2', SE: 'b1' });
    expect(around(hh, 'a3')).toEqual({ N: 'a4', E: 'b3', S: 'a2' });
    expect(jump(hh, 'b1', N)).toBe('b3');
    expect(jump(hh, 'b5', S)).toBe('b3');
    expect(jump(hh, 'b1', NW)).toBeNull();
    expect(jump(hh, 'c3', SW)).toBeNull();
    expect(jump(hh, 'a2', SE)).toBeNull();
    const lineNames = hh.lines.map((l) => names(hh, l).join(' '));
    expect(lineNames).toContain('b1 b2 b3 b4 b5');
    expect(lineNames).toContain('b1 a2');
    expect(lineNames).toContain('b1 c2');
    expect(lineNames).toContain('a4 b5');
    expect(lineNames).toContain('c4 b5');
    expect(names(hh, hh.ranks[0]!)).toEqual(['b5']);
    expect(names(hh, hh.ranks[4]!)).toEqual(['b1']);
  });

  it('den ids follow the order given', () => {
    expect(alquerque(5, { dens: ['north', 'south'] }).id).toBe('alquerque-5+ns');
    expect(alquerque(5, { dens: [] }).id).toBe('alquerque-5');
  });
});

describe('invariants on every board', () => {
  const boards: Board[] = [b25, b31, b37, b105, hh];
  for (const n of [3, 5, 7, 9, 11]) {
    for (const dens of [['south'], ['west', 'east'], ['north', 'east', 'south', 'west']] as const) {
      boards.push(alquerque(n, { dens: [...dens] }));
    }
  }

  for (const b of boards) {
    it(b.id, () => {
      const P = b.points.length;
      expect(b.neighbours.length).toBe(P * 8);
      expect(b.jumps.length).toBe(P * 8);
      // points sorted by rank, then file
      for (let i = 1; i < P; i++) {
        const p = b.points[i - 1]!,
          q = b.points[i]!;
        expect(p.y < q.y || (p.y === q.y && p.x < q.x)).toBe(true);
      }
      // ranks: top first, each left to right, all points once
      expect(b.ranks.length).toBe(b.height);
      expect(
        b.ranks
          .flat()
          .slice()
          .sort((x, y) => x - y),
      ).toEqual(b.points.map((p) => p.index));
      b.ranks.forEach((r, i) => r.forEach((p) => expect(b.points[p]!.y).toBe(b.height - 1 - i)));

      // the tables say exactly what the lines say
      const pairKey = (p: number, q: number): string => `${Math.min(p, q)}-${Math.max(p, q)}`;
      const pairs = new Set<string>();
      const triples = new Set<string>();
      for (const l of b.lines) {
        expect(l.length).toBeGreaterThanOrEqual(2);
        for (let i = 0; i + 1 < l.length; i++) pairs.add(pairKey(l[i]!, l[i + 1]!));
        for (let i = 0; i + 2 < l.length; i++) {
          triples.add(`${l[i]}-${l[i + 1]}-${l[i + 2]}`);
          triples.add(`${l[i + 2]}-${l[i + 1]}-${l[i]}`);
        }
      }
      expect(adjacentPairs(b)).toBe(pairs.size);
      expect(b.lines.reduce((s, l) => s + l.length - 1, 0)).toBe(pairs.size); // no pair on two lines
      for (let p = 0; p < P; p++) {
        for (let d = 0; d < 8; d++) {
          const q = b.neighbours[p * 8 + d]!;
          if (q >= 0) {
            expect(pairs.has(pairKey(p, q))).toBe(true);
            expect(b.neighbours[q * 8 + (d ^ 4)]).toBe(p); // symmetric
            const dx = Math.sign(b.points[q]!.x - b.points[p]!.x);
            const dy = Math.sign(b.points[q]!.y - b.points[p]!.y);
            expect([dx, dy]).toEqual(
              [
                [0, 1],
                [1, 1],
                [1, 0],
                [1, -1],
                [0, -1],
                [-1, -1],
                [-1, 0],
                [-1, 1],
              ][d],
            );
          }
          const l = b.jumps[p * 8 + d]!;
          if (l >= 0) {
            const n = b.neighbours[p * 8 + d]!;
            expect(b.neighbours[n * 8 + d]).toBe(l);
            expect(triples.has(`${p}-${n}-${l}`)).toBe(true); // p, n, l consecutive on ONE line
          }
        }
      }
      expect(jumpTriples(b)).toBe(triples.size / 2);
      // maximality: no line can be continued by a step in its own direction (all slopes are 0, ±1, ∞)
      for (const l of b.lines) {
        const first = l[0]!,
          second = l[1]!,
          last = l[l.length - 1]!;
        let dir = -1;
        for (let k = 0; k < 8; k++) if (b.neighbours[first * 8 + k] === second) dir = k;
        expect(b.neighbours[last * 8 + dir]).toBe(-1);
        expect(b.neighbours[first * 8 + (dir ^ 4)]).toBe(-1);
      }
    });
  }

  it('point counts of the extra Alquerque sizes: n*n + 6 per den', () => {
    expect(alquerque(3).points.length).toBe(9);
    expect(alquerque(3).lines.length).toBe(3 + 3 + 1 + 1);
    expect(alquerque(7, { dens: ['south'] }).points.length).toBe(55);
    // n = 7: the gate d1 has x+y = 3 + 0 odd, so the den's slanted sides are 3-point lines of their own
    const b = alquerque(7, { dens: ['south'] });
    const gate = b.index('d3');
    expect(b.neighbours[gate * 8 + SW]).toBe(b.index('c2'));
    expect(b.neighbours[gate * 8 + NE]).toBe(-1);
    expect(b.jumps[b.index('c2') * 8 + NE]).toBe(-1);
    // n = 3: the den's base row (4 grid units wide) overhangs the 3-wide board by one file each side
    const t = alquerque(3, { dens: ['south'] });
    expect([t.width, t.height, t.points.length]).toEqual([5, 5, 15]);
    expect(names(t, t.ranks[4]!)).toEqual(['a1', 'c1', 'e1']);
    expect(names(t, t.ranks[0]!)).toEqual(['b5', 'c5', 'd5']);
  });
});

describe('a jump never bends from one line onto another', () => {
  it('builder keeps differently sloped lines apart even when their signs agree', () => {
    // a1-b2 (slope 1) and b2-d3 (slope 1/2): both leave b2 "north-east"-ish, but are two lines
    const b = fromPointsAndLines(
      'bent',
      [
        [0, 0],
        [1, 1],
        [3, 2],
      ],
      [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [1, 1],
          [3, 2],
        ],
      ],
    );
    const a1 = b.index('a1'),
      b2 = b.index('b2'),
      d3 = b.index('d3');
    expect(b.neighbours[a1 * 8 + NE]).toBe(b2);
    expect(b.neighbours[b2 * 8 + NE]).toBe(d3);
    expect(b.jumps[a1 * 8 + NE]).toBe(-1);
    expect(b.jumps[d3 * 8 + SW]).toBe(-1);
    expect(b.lines.length).toBe(2);
  });

  it('merges collinear pieces that touch or overlap, not those with a gap', () => {
    const row = (xs: number[]): Array<[number, number]> => xs.map((x) => [x, 0]);
    const b = fromPointsAndLines('pieces', row([0, 1, 2, 3, 5, 6]), [row([2, 0]), row([1, 3]), row([5, 6])]);
    expect(b.lines.map((l) => names(b, l))).toEqual([
      ['a1', 'b1', 'c1', 'd1'],
      ['f1', 'g1'],
    ]);
    expect(b.neighbours[b.index('d1') * 8 + E]).toBe(-1);
    expect(b.jumps[b.index('a1') * 8 + E]).toBe(b.index('c1'));
    expect(b.ranks).toEqual([[0, 1, 2, 3, 4, 5]]);
  });

  it('a board with an empty rank has an empty ranks entry', () => {
    const b = fromPointsAndLines(
      'gap',
      [
        [0, 0],
        [0, 2],
      ],
      [
        [
          [0, 0],
          [0, 2],
        ],
      ],
    );
    expect(b.ranks).toEqual([[1], [], [0]]);
    expect(b.neighbours[0 * 8 + N]).toBe(1);
    expect(b.neighbours[1 * 8 + S]).toBe(0);
  });
});

describe('errors', () => {
  it('alquerque: bad n', () => {
    for (const n of [4, 2, 1, 0, -5, 3.5, NaN, 6]) {
      expect(() => alquerque(n)).toThrow(ArgumentError);
      expect(() => alquerque(n)).toThrow(/n must be an odd integer >= 3/);
    }
    expect(() => alquerque(27)).toThrow(/more than 26 files/);
    expect(() => alquerque(25, { dens: ['east'] })).toThrow(/27 files wide/);
    expect(() => alquerque(23, { dens: ['west', 'east'] })).toThrow(ArgumentError);
  });

  it('alquerque: bad den sides', () => {
    expect(() => alquerque(5, { dens: ['up' as 'south'] })).toThrow(ArgumentError);
    expect(() => alquerque(5, { dens: ['up' as 'south'] })).toThrow(/unknown den side 'up'/);
    expect(() => alquerque(5, { dens: ['south', 'south'] })).toThrow(/den side 'south' given twice/);
  });

  it('fromPointsAndLines: bad points', () => {
    expect(() => fromPointsAndLines('', [[0, 0]], [])).toThrow(/non-empty/);
    expect(() => fromPointsAndLines('x', [], [])).toThrow(/at least one point/);
    expect(() =>
      fromPointsAndLines(
        'x',
        [
          [0, 0],
          [1, 0],
          [0, 0],
        ],
        [],
      ),
    ).toThrow(/duplicate point a1/);
    expect(() =>
      fromPointsAndLines(
        'x',
        [
          [0, 0],
          [-1, 0],
        ],
        [],
      ),
    ).toThrow(/integers >= 0/);
    expect(() =>
      fromPointsAndLines(
        'x',
        [
          [0, 0],
          [0.5, 0],
        ],
        [],
      ),
    ).toThrow(ArgumentError);
    expect(() =>
      fromPointsAndLines(
        'x',
        [
          [1, 1],
          [2, 1],
        ],
        [],
      ),
    ).toThrow(/start at file a and rank 1/);
    expect(() =>
      fromPointsAndLines(
        'x',
        [
          [0, 0],
          [26, 0],
        ],
        [],
      ),
    ).toThrow(/27 files wide/);
  });

  it('fromPointsAndLines: bad lines', () => {
    const sq: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ];
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [3, 0],
        ],
      ]),
    ).toThrow(/passes through \(3, 0\) \(d1\), which is not a point/);
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [1, 0],
          [2, 1],
        ],
      ]),
    ).toThrow(/line #0 is not straight: c2/);
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [1, 0],
        ],
        [[0, 0]],
      ]),
    ).toThrow(/line #1 has 1 point/);
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [1, 0],
          [0, 0],
        ],
      ]),
    ).toThrow(/lists a1 twice/);
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [2, 0],
        ],
      ]),
    ).toThrow(/passes over b1 without listing it/);
    // two lines leaving a1 "north-east": slope 1 (to b2) and slope 1/2 (to c2)
    expect(() =>
      fromPointsAndLines('x', sq, [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [0, 0],
          [2, 1],
        ],
      ]),
    ).toThrow(/two lines leave a1 in direction NE/);
    for (const f of [
      () =>
        fromPointsAndLines('x', sq, [
          [
            [0, 0],
            [3, 0],
          ],
        ]),
      () =>
        fromPointsAndLines('x', sq, [
          [
            [0, 0],
            [1, 0],
            [2, 1],
          ],
        ]),
    ])
      expect(f).toThrow(ArgumentError);
  });
});
