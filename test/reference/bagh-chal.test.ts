// Tests of the independent Bagh Chal reference (test/reference/bagh-chal.ts)
// against hand-checked facts and against its own perft table
// (test/perft/bagh-chal.json) at cheap depths.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  POINTS,
  START,
  divide,
  formatPosition,
  legalMoves,
  lines,
  neighbours,
  parsePosition,
  perft,
  play,
  pointIndex,
  pointName,
  type RefOptions,
  type RefPosition,
} from './bagh-chal.js';

interface Row {
  id: string;
  variant: string;
  options: Record<string, number>;
  position: string;
  depths: Record<string, number>;
  source: string;
  note: string;
}

const TABLE: Row[] = JSON.parse(readFileSync(new URL('../perft/bagh-chal.json', import.meta.url), 'utf8')) as Row[];

function optsOf(row: Row): RefOptions {
  return row.options['captures-to-win'] !== undefined ? { capturesToWin: row.options['captures-to-win'] } : {};
}

const names = (ps: number[]) => ps.map(pointName).sort();

describe('reference board geometry (hand-checked)', () => {
  it('has 25 points and 16 lines: 5 rows, 5 columns, 3 diagonals each way', () => {
    expect(POINTS).toBe(25);
    const ls = lines();
    expect(ls.length).toBe(16);
    expect(ls.map((l) => l.length).sort()).toEqual([3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    const long = ls.filter((l) => l.length === 5).map((l) => l.map(pointName).join(' '));
    expect(long).toContain('a1 b2 c3 d4 e5');
    expect(long).toContain('a5 b4 c3 d2 e1');
    const short = ls.filter((l) => l.length === 3).map((l) => l.map(pointName).sort().join(' '));
    expect(short.sort()).toEqual(['a3 b2 c1', 'a3 b4 c5', 'c1 d2 e3', 'c5 d4 e3']);
  });

  it('has 56 adjacencies (40 orthogonal + 16 diagonal), symmetric', () => {
    let sum = 0;
    for (let i = 0; i < POINTS; i++) {
      sum += neighbours(i).length;
      for (const j of neighbours(i)) expect(neighbours(j)).toContain(i);
    }
    expect(sum).toBe(2 * 56);
  });

  it('neighbour lists of a few points', () => {
    expect(names(neighbours(pointIndex('a1')))).toEqual(['a2', 'b1', 'b2']);
    expect(names(neighbours(pointIndex('b1')))).toEqual(['a1', 'b2', 'c1']);
    expect(names(neighbours(pointIndex('c1')))).toEqual(['b1', 'b2', 'c2', 'd1', 'd2']);
    expect(names(neighbours(pointIndex('b3')))).toEqual(['a3', 'b2', 'b4', 'c3']);
    expect(neighbours(pointIndex('c3')).length).toBe(8);
    expect(neighbours(pointIndex('b2')).length).toBe(8);
    expect(neighbours(pointIndex('e5')).length).toBe(3);
  });
});

describe('reference notation', () => {
  it('round-trips the start position and every table position', () => {
    expect(formatPosition(parsePosition(START))).toBe(START);
    for (const row of TABLE) expect(formatPosition(parsePosition(row.position, optsOf(row)))).toBe(row.position);
  });

  it('reads the board from the top rank down', () => {
    const p = parsePosition('G2TT/5/5/5/T3T G G19 -');
    expect(p.board[pointIndex('a5')]).toBe('G');
    expect(p.board[pointIndex('d5')]).toBe('T');
    expect(p.board[pointIndex('e5')]).toBe('T');
    expect(p.board[pointIndex('a1')]).toBe('T');
    expect(p.board[pointIndex('b1')]).toBe('.');
  });

  it('accepts G0 for hand and captured and writes -', () => {
    expect(formatPosition(parsePosition('T3T/5/5/5/T3T G G20 G0'))).toBe(START);
    const s = 'GGGGG/GTGTG/GG1GG/GTGTG/GGGGG G G0 G0';
    expect(formatPosition(parsePosition(s))).toBe('GGGGG/GTGTG/GG1GG/GTGTG/GGGGG G - -');
  });

  it('rejects bad input naming the column', () => {
    expect(() => parsePosition('T3T/5/5/5/T3X G G20 -')).toThrow(/column 13/);
    expect(() => parsePosition('T3T/5/5/5/T21T G G20 -')).toThrow(/column 13/); // consecutive digits
    expect(() => parsePosition('T3T/5/5/5/T4T G G20 -')).toThrow(/column 13/); // rank too long
    expect(() => parsePosition('T3T/5/5/4/T3T G G20 -')).toThrow(/column 10/); // rank too short
    expect(() => parsePosition('T3T/5/5/5/T3T X G20 -')).toThrow(/column 15/); // side
    expect(() => parsePosition('T3T/5/5/5/T3T G H20 -')).toThrow(/column 17/); // hand letter
    expect(() => parsePosition('T3T/5/5/5/T3T G G19 -')).toThrow(/column 17/); // goat total 19
    expect(() => parsePosition('T3T/5/5/5/T3T G G14 G6')).toThrow(/column 21/); // captured > 5
    expect(() => parsePosition('T3T/5/5/5/T3G G G19 -')).toThrow(/column 1\b/); // 3 tigers
    expect(() => parsePosition('T3T/5/5/5/T3T G G20')).toThrow(/column/); // missing field
    expect(() => parsePosition('T3T/5/5/5/T3T  G G20 -')).toThrow(/column/); // double space
    expect(() => parsePosition('T3T/5/5/5 G G20 -')).toThrow(/column/); // 4 ranks
  });

  it('captured may equal but not exceed captures-to-win', () => {
    expect(() => parsePosition('T3T/5/5/5/T3T G G17 G3', { capturesToWin: 3 })).not.toThrow();
    expect(() => parsePosition('T3T/5/5/5/T3T G G16 G4', { capturesToWin: 3 })).toThrow(/column 21/);
  });
});

describe('reference rules (hand-checked)', () => {
  it('start: 21 placements, and every placement leaves the tigers 12 moves (252)', () => {
    // a placement next to a corner removes one tiger step but adds the jump
    // over it (the landing point two steps from the corner is empty)
    const p = parsePosition(START);
    expect(legalMoves(p).length).toBe(21);
    expect(perft(p, 2)).toBe(21 * 12);
    for (const n of Object.values(divide(p, 2))) expect(n).toBe(12);
  });

  it('a tiger on c3 surrounded by goats has all 8 jumps', () => {
    const p = parsePosition('3T1/TGGG1/1GTG1/1GGG1/1T3 T G10 G2');
    expect(legalMoves(p).sort()).toEqual(
      [
        'c3xa1',
        'c3xc1',
        'c3xe1',
        'c3xa3',
        'c3xe3',
        'c3xa5',
        'c3xc5',
        'c3xe5',
        'b1-a1',
        'b1-c1',
        'a4-a3',
        'a4-a5',
        'd5-c5',
        'd5-e5',
      ].sort(),
    );
    const q = play(p, 'c3xe5');
    expect(formatPosition(q)).toBe('3TT/TGG2/1G1G1/1GGG1/1T3 G G10 G3');
  });

  it('no jump along a missing diagonal, onto an occupied point, over a tiger, and no multi-jump', () => {
    // b1 is an odd point: c2 is not on a line through b1, so no b1xd3
    const p = parsePosition('T3T/5/5/2G2/1T2T T G19 -');
    expect(
      legalMoves(p)
        .filter((m) => m.startsWith('b1'))
        .sort(),
    ).toEqual(['b1-a1', 'b1-b2', 'b1-c1']);
    expect(legalMoves(p).some((m) => m.includes('x'))).toBe(false);
    // landing point c3 is occupied by a goat
    const q = parsePosition('T3T/5/2G2/1G3/T3T T G18 -');
    expect(legalMoves(q).some((m) => m.includes('x'))).toBe(false);
    // tigers never jump tigers
    const r = parsePosition('T3T/5/5/1T3/T4 T G20 -');
    expect(legalMoves(r).some((m) => m.includes('x'))).toBe(false);
    // a1xc3 could continue c3xe5, but a move is one jump at most
    const t = parsePosition('T1T2/3G1/5/1G3/T3T T G18 -');
    expect(legalMoves(t).sort()).toEqual(
      [
        'a1-a2',
        'a1-b1',
        'a1xc3',
        'c5-b5',
        'c5-d5',
        'c5-c4',
        'c5-b4',
        'c5xe3',
        'a5-a4',
        'a5-b5',
        'a5-b4',
        'e1-d1',
        'e1-e2',
        'e1-d2',
      ].sort(),
    );
    expect(play(t, 'a1xc3').side).toBe('G');
  });

  it('the fifth capture ends the game', () => {
    const s = 'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4';
    const p = parsePosition(s);
    expect(legalMoves(p).sort()).toEqual(['a1-a2', 'a1xc3', 'a5-a4', 'a5xc3', 'e1-e2', 'e1xc3', 'e5-e4', 'e5xc3']);
    const won = play(p, 'a1xc3');
    expect(formatPosition(won)).toBe('TGGGT/1GGG1/GGTGG/2GG1/1GGGT G - G5');
    expect(legalMoves(won)).toEqual([]);
    // each tiger step leaves 16 goat steps (2 + 2 + 8 + 2 + 2 into the five empties)
    expect(divide(p, 2)).toEqual({
      'a1-a2': 16,
      a1xc3: 0,
      'e1-e2': 16,
      e1xc3: 0,
      'a5-a4': 16,
      a5xc3: 0,
      'e5-e4': 16,
      e5xc3: 0,
    });
    // with captures-to-win 6 the same capture does not end the game
    const p6 = parsePosition(s, { capturesToWin: 6 });
    expect(legalMoves(play(p6, 'a1xc3', { capturesToWin: 6 }), { capturesToWin: 6 }).length).toBeGreaterThan(0);
  });

  it('goats with no move lose; tigers with no move lose', () => {
    expect(legalMoves(parsePosition('GGGGT/GGGGG/GGGGG/TTGGG/2TGG G - G1'))).toEqual([]);
    expect(legalMoves(parsePosition('GGGGG/GGGGG/GGGGT/TTGGG/1TGGG G - -'))).toEqual([]);
    expect(legalMoves(parsePosition('TGGGT/GG1GG/G1G1G/GGGGG/TGGGT T - G2'))).toEqual([]);
    for (let d = 1; d <= 3; d++) expect(perft(parsePosition('TGGGT/GG1GG/G1G1G/GGGGG/TGGGT T - G2'), d)).toBe(0);
  });

  it('one tiger move from goat stalemate: b1-b2 kills the branch', () => {
    const p = parsePosition('GGGGT/GGGGG/GGGGG/T1GGG/1TTGG T - G1');
    expect(divide(p, 2)).toEqual({ 'a2-a1': 5, 'a2-b2': 1, 'b1-a1': 4, 'b1-b2': 0, 'c1-b2': 3 });
  });

  it('symmetric movement position: goats step into c3 orthogonally (4), tigers answer with 2 steps each', () => {
    const p = parsePosition('GGGGG/GTGTG/GG1GG/GTGTG/GGGGG G - -');
    expect(legalMoves(p).sort()).toEqual(['b3-c3', 'c2-c3', 'c4-c3', 'd3-c3']);
    expect(perft(p, 2)).toBe(8);
  });

  it('placement is compulsory while goats are in hand; then goats step', () => {
    const p = parsePosition('1GGGG/GG1GG/GG1GG/GT1TT/TGGGG G G1 G2');
    expect(legalMoves(p).sort()).toEqual(['a5', 'c2', 'c3', 'c4']);
    expect(() => play(p, 'b5-a5')).toThrow(/illegal/);
    const q = play(p, 'a5');
    expect(formatPosition(q)).toBe('GGGGG/GG1GG/GG1GG/GT1TT/TGGGG T - G2');
    for (const t of legalMoves(q)) {
      const r = play(q, t);
      expect(r.hand).toBe(0);
      for (const g of legalMoves(r)) expect(g).toMatch(/^[a-e][1-5]-[a-e][1-5]$/);
    }
  });

  it('rejects illegal moves', () => {
    const p = parsePosition(START);
    expect(() => play(p, 'a1-a2')).toThrow(/illegal/); // tigers not to move
    expect(() => play(p, 'a1')).toThrow(/illegal/); // occupied
    expect(() => play(play(p, 'c3'), 'a1xc3')).toThrow(/illegal/); // landing occupied
  });
});

// the 8 symmetries of the square map the 5x5 Alquerque grid onto itself
function transform(p: RefPosition, k: number): RefPosition {
  const board = p.board.slice();
  for (let i = 0; i < POINTS; i++) {
    let x = i % 5;
    let y = Math.floor(i / 5);
    if (k & 1) x = 4 - x;
    if (k & 2) y = 4 - y;
    if (k & 4) [x, y] = [y, x];
    board[y * 5 + x] = p.board[i];
  }
  return { ...p, board };
}

describe('reference symmetry', () => {
  it('perft is invariant under the 8 symmetries (random reachable positions)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        let p = parsePosition(START);
        for (const c of choices) {
          const ms = legalMoves(p);
          if (ms.length === 0) break;
          p = play(p, ms[c % ms.length]);
        }
        expect(parsePosition(formatPosition(p))).toEqual(p);
        const base = [perft(p, 1), perft(p, 2)];
        for (let k = 1; k < 8; k++) {
          const q = transform(p, k);
          expect([perft(q, 1), perft(q, 2)]).toEqual(base);
        }
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});

describe('reference perft table (cheap depths)', () => {
  const CHEAP = 1_500_000;
  it('has at least 10 rows, each to depth >= 4', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(10);
    for (const row of TABLE) {
      expect(row.variant).toBe('bagh-chal');
      expect(Object.keys(row.depths).length).toBeGreaterThanOrEqual(4);
    }
    expect(TABLE.find((r) => r.id === 'start')!.depths['6']).toBe(18_592_000);
  });
  for (const row of TABLE) {
    it(row.id, () => {
      const opts = optsOf(row);
      const p = parsePosition(row.position, opts);
      for (const [d, n] of Object.entries(row.depths)) {
        if (n > CHEAP) continue;
        expect(perft(p, Number(d), opts), `${row.id} depth ${d}`).toBe(n);
      }
    });
  }
});
