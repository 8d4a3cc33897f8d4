// Self-tests of the independent Permainan Tabal reference (test/reference/tabal.ts).
// Every expected value below is derived BY HAND from RULES.md §0 and §4; the
// derivation is written next to it. Nothing here comes from the engine or from
// running the reference.
//
// Board reminders (RULES §0): grid points on files a-e, ranks 3-7; a grid point
// has diagonals when (file index + rank) is odd (a3 c3 e3 b4 d4 a5 c5 e5 b6 d6
// a7 c7 e7). Dens: b2 c2 d2 / a1 c1 e1 (south), b8 c8 d8 / a9 c9 e9 (north);
// column c runs c1..c9 and the den sides continue the diagonals through c3/c7
// (a1-b2-c3-d4-e5, e1-d2-c3-b4-a5, a9-b8-c7-d6-e5, e9-d8-c7-b6-a5).
//
// A survey of the reference's perft figures under each option set (printed,
// not asserted) is test/reference/tabal.gen.ts's (TABAL_GEN_SURVEY=1), not a test.

import { describe, expect, it } from 'vitest';
import {
  BOARD,
  divide,
  formatMove,
  legalMoves,
  moveIdentity,
  moveTexts,
  parseMove,
  pathText,
  perft,
  play,
  pointIndex,
  pointName,
  positionFrom,
  result,
  startPosition,
  type Position,
  type TabalOptions,
} from './tabal.js';

const texts = (p: Position) => moveTexts(p).sort();
const nbrs = (n: string) => BOARD.neighbours[pointIndex(n)].map(pointName).sort();
const cell = (p: Position, n: string) => p.cells[pointIndex(n)];
const pieces = (p: Position) => {
  const out: Record<string, string> = {};
  p.cells.forEach((c, i) => {
    if (c !== '.') out[pointName(i)] = c;
  });
  return out;
};

describe('board (RULES §0, §4: Alquerque 5x5 + dens south and north)', () => {
  it('37 points, 20 lines, den adjacency', () => {
    // 25 + 2 x 6 points; 5 rows + 5 columns + 3 + 3 diagonals + 2 x 2 den rows = 20 lines
    expect(BOARD.points.length).toBe(37);
    expect(BOARD.lines.length).toBe(20);
    expect(nbrs('c2')).toEqual(['b2', 'c1', 'c3', 'd2']);
    expect(nbrs('a1')).toEqual(['b2', 'c1']);
    expect(nbrs('c9')).toEqual(['a9', 'c8', 'e9']);
    expect(nbrs('b8')).toEqual(['a9', 'c7', 'c8']);
    expect(nbrs('c7')).toEqual(['b6', 'b7', 'b8', 'c6', 'c8', 'd6', 'd7', 'd8']);
    expect(nbrs('b5')).toEqual(['a5', 'b4', 'b6', 'c5']); // no diagonals at b5
    expect(pointIndex('b1')).toBe(-1);
  });
});

describe('start position and options', () => {
  it('16 men each, rank 5 empty, White first', () => {
    const p = startPosition();
    const all = pieces(p);
    expect(Object.values(all).filter((c) => c === 'w').length).toBe(16);
    expect(Object.values(all).filter((c) => c === 'b').length).toBe(16);
    for (const n of ['a1', 'c1', 'e1', 'b2', 'c2', 'd2', 'a3', 'e3', 'a4', 'e4']) expect(all[n]).toBe('w');
    for (const n of ['a9', 'c9', 'e9', 'b8', 'c8', 'd8', 'a6', 'e6', 'a7', 'e7']) expect(all[n]).toBe('b');
    for (const f of 'abcde') expect(all[`${f}5`]).toBeUndefined();
    expect([p.side, p.quiet]).toEqual(['white', 0]);
    expect(p.rules).toEqual({
      first: 'white',
      majority: false,
      removal: 'immediate',
      moveLimit: null,
      repetition: 'draw3',
    });
    expect(startPosition({ first: 'black' }).side).toBe('black');
    expect(startPosition({ majority: 'true', removal: 'end', 'move-limit': 40, repetition: 'forbid' }).rules).toEqual({
      first: 'white',
      majority: true,
      removal: 'end',
      moveLimit: 40,
      repetition: 'forbid',
    });
    expect(() => startPosition({ removal: 'late' })).toThrow(/immediate\|end/);
    expect(() => startPosition({ 'move-limit': 0 })).toThrow(/off\|N/);
    expect(() => startPosition({ kings: 'flying' } as TabalOptions)).toThrow(/unknown option/);
  });

  it('first moves, both colours', () => {
    // Only rank-4 (White) / rank-6 (Black) men can move, onto rank 5; everything sideways is
    // full and nobody is adjacent to an enemy. a4 c4 e4 have no diagonals (1 each); b4 and d4
    // reach three rank-5 points each: 1 + 3 + 1 + 3 + 1 = 9.
    expect(texts(startPosition())).toEqual([
      'a4-a5',
      'b4-a5',
      'b4-b5',
      'b4-c5',
      'c4-c5',
      'd4-c5',
      'd4-d5',
      'd4-e5',
      'e4-e5',
    ]);
    expect(texts(startPosition({ first: 'black' }))).toEqual([
      'a6-a5',
      'b6-a5',
      'b6-b5',
      'b6-c5',
      'c6-c5',
      'd6-c5',
      'd6-d5',
      'd6-e5',
      'e6-e5',
    ]);
  });

  it('perft(2) = 21, by hand', () => {
    // After b4-a5 (d4-e5 mirrors it): a5 can be jumped only from a6 (to a4, still full) or b6
    // (a5 ends the line a5-b6-c7): no capture, so Black's 7 ordinary steps (a6's a5 is taken).
    // After each of the other 7 moves exactly one capture is available (and so forced):
    // a4-a5: a6xa4; b4-b5: b6xb4; c4-c5: c6xc4; b4-c5: d6xb4 (c6 and b6 land on full c4, d4);
    // d4-c5: b6xd4; d4-d5: d6xd4; e4-e5: e6xe4. None continues: every landing's neighbours are
    // White men with a full point (or no point) behind. 2 x 7 + 7 x 1 = 21.
    expect(divide(startPosition(), 2)).toEqual({
      'a4-a5': 1,
      'b4-a5': 7,
      'b4-b5': 1,
      'b4-c5': 1,
      'c4-c5': 1,
      'd4-c5': 1,
      'd4-d5': 1,
      'd4-e5': 7,
      'e4-e5': 1,
    });
    expect(texts(play(startPosition(), 'b4-c5'))).toEqual(['d6xb4']);
    expect(perft(startPosition(), 2)).toBe(21);
  });
});

describe('men', () => {
  it('White men step forward, diagonally forward, sideways; never back', () => {
    // a1: b2 (forward on a1-b2-c3), c1 (sideways on the base row). b4: a5 b5 c5 forward,
    // a4 c4 sideways (not a3 b3 c3). No Black piece is next to either.
    const p = positionFrom({ white: ['a1', 'b4'], black: ['e9'], side: 'white' });
    expect(texts(p)).toEqual(['a1-b2', 'a1-c1', 'b4-a4', 'b4-a5', 'b4-b5', 'b4-c4', 'b4-c5']);
    // den centre c2: c3 forward, b2 d2 sideways, not c1
    expect(texts(positionFrom({ white: ['c2'], black: ['e9'], side: 'white' }))).toEqual(['c2-b2', 'c2-c3', 'c2-d2']);
  });

  it('Black men step towards rank 1', () => {
    // c8: c7 forward, b8 d8 sideways, not c9. d6: c5 d5 e5 forward, c6 e6 sideways.
    const p = positionFrom({ black: ['c8', 'd6'], white: ['a1'], side: 'black' });
    expect(texts(p)).toEqual(['c8-b8', 'c8-c7', 'c8-d8', 'd6-c5', 'd6-c6', 'd6-d5', 'd6-e5', 'd6-e6']);
    // b8: c7 (forward on a9-b8-c7), c8 sideways, not a9
    expect(texts(positionFrom({ black: ['b8'], white: ['a1'], side: 'black' }))).toEqual(['b8-c7', 'b8-c8']);
  });

  it('captures are compulsory, in every direction (backward and sideways too)', () => {
    // White c5 with Black c4 (c3 empty: backward jump) and d5 (e5 empty: sideways jump); a3
    // could step but a capture exists. From c3 and e5 no Black piece is adjacent any more.
    const p = positionFrom({ white: ['c5', 'a3'], black: ['c4', 'd5', 'e9'], side: 'white' });
    expect(texts(p)).toEqual(['c5xc3', 'c5xe5']);
    // along the den's base row: a1 over c1 to e1 (the Black piece is a king: men take kings)
    expect(texts(positionFrom({ white: ['a1', 'a3'], blackKings: ['c1'], black: ['e9'], side: 'white' }))).toEqual([
      'a1xe1',
    ]);
  });

  it('a capturing man must go on while it can', () => {
    // a3 x a4 -> a5, then a5 x b6 -> c7 is available, so the move cannot stop at a5.
    // From c7 nothing Black is adjacent. Same with removal=end (nothing is re-crossed).
    // Text (docs/notation.md, by hand): the only move from a3 to c7: a3xc7 (was a3xa5xc7); its
    // path is accepted too, and a3xa5 (a hop that must go on) is no move.
    for (const removal of ['immediate', 'end']) {
      const p = positionFrom({ white: ['a3'], black: ['a4', 'b6', 'e9'], side: 'white', options: { removal } });
      expect(texts(p)).toEqual(['a3xc7']);
      expect(pieces(play(p, 'a3xa5xc7'))).toEqual({ c7: 'w', e9: 'b' });
      expect(play(p, 'a3xc7')).toEqual(play(p, 'a3xa5xc7'));
      expect(() => parseMove(p, 'a3xa5')).toThrow(/illegal move/);
    }
  });

  it('promotion only where the move ends; through the far rank is not enough', () => {
    // White c7, Black d8 c9 b8 c6. From c7: x c6 -> c5 (then nothing: stops, 1 piece);
    // x d8 -> e9, x c9 -> a9 (base row), x b8 -> c7 (start, empty), x c6 -> c5; or the mirror
    // x b8 -> a9, x c9 -> e9, x d8 -> c7, x c6 -> c5. Both long paths are one move
    // (c7, c5, {b8 c6 c9 d8}). It ends on c5: a man. Texts (docs/notation.md, re-derived by hand):
    // both moves go from c7 to c5, so both are written as paths: c7xc5, and of the long move's two
    // paths the one whose first landing comes first in board order, a9 before e9 (rank 9, file a):
    // c7xa9xe9xc7xc5 (unchanged).
    const p = positionFrom({ white: ['c7'], black: ['d8', 'c9', 'b8', 'c6'], side: 'white' });
    expect(texts(p)).toEqual(['c7xa9xe9xc7xc5', 'c7xc5']);
    // the short form c7xc5 is the single jump's own path, so it names the single jump
    expect(pieces(play(p, 'c7xc5'))).toEqual({ c5: 'w', d8: 'b', c9: 'b', b8: 'b' });
    const q = play(p, 'c7xe9xa9xc7xc5'); // the other path names the same move
    expect(q).toEqual(play(p, 'c7xa9xe9xc7xc5'));
    expect(pieces(q)).toEqual({ c5: 'w' });
    // ending on rank 9 by a capture or by a step promotes; Black promotes on rank 1
    const r = positionFrom({ white: ['c7'], black: ['c8', 'e1'], side: 'white' });
    expect(texts(r)).toEqual(['c7xc9']);
    expect(cell(play(r, 'c7xc9'), 'c9')).toBe('W');
    const s = positionFrom({ white: ['b8'], black: ['e1'], side: 'white' });
    expect(texts(s)).toEqual(['b8-a9', 'b8-c8']);
    expect(cell(play(s, 'b8-a9'), 'a9')).toBe('W');
    expect(cell(play(s, 'b8-c8'), 'c8')).toBe('w');
    expect(cell(play(positionFrom({ black: ['b2'], white: ['e9'], side: 'black' }), 'b2-a1'), 'a1')).toBe('B');
  });
});

describe('kings', () => {
  it('long moves along lines over empty points', () => {
    // King a1: base row c1 e1; the line a1-b2-c3-d4-e5 up to the Black man on e5 (which ends
    // the line, so it cannot be jumped).
    const p = positionFrom({ whiteKings: ['a1'], black: ['e5'], side: 'white' });
    expect(texts(p)).toEqual(['a1-b2', 'a1-c1', 'a1-c3', 'a1-d4', 'a1-e1']);
  });

  it('long capture, free landing; the chain goes on only from a landing that offers one', () => {
    // King a1 x c3 lands on d4 or e5. From d4 the line e3-d4-c5-b6-a7 offers x b6 -> a7, so
    // that chain must go on; from e5 nothing (its lines hold no other Black piece): it may stop.
    // From a7 nothing more. majority=true keeps only the 2-piece move.
    // Texts (by hand): a1-a7 and a1-e5 are one move each: a1xa7 (was a1xd4xa7), a1xe5.
    const spec = { whiteKings: ['a1'], black: ['c3', 'b6'], side: 'white' as const };
    expect(texts(positionFrom(spec))).toEqual(['a1xa7', 'a1xe5']);
    expect(texts(positionFrom({ ...spec, options: { majority: true } }))).toEqual(['a1xa7']);
    expect(play(positionFrom(spec), 'a1xa7')).toEqual(play(positionFrom(spec), 'a1xd4xa7'));
    expect(pieces(play(positionFrom(spec), 'a1xe5'))).toEqual({ e5: 'W', b6: 'b' });
  });

  it('passes over an emptied point with removal=immediate, is blocked with removal=end', () => {
    // King c5, Black men c2 c4 c7, all on column c (c1..c9); no other line holds a Black piece.
    // immediate: c5 x c4 -> c3 (c2 stops further landings) or x c7 -> c8 / c9.
    //   c3: x c2 -> c1, then up over the emptied c2 c4 (and c5) x c7 -> c8 / c9; or first
    //       x c7 -> c8 / c9, then down x c2 -> c1.
    //   c8 / c9: down over the emptied c7 x c4 -> c3, then x c2 -> c1.
    //   Moves: end c8 {c2 c4 c7} (path c5xc3xc1xc8), end c9 {same} (c5xc3xc1xc9), end c1 {same}
    //   (four paths: c5xc3xc8xc1 c5xc3xc9xc1 c5xc8xc3xc1 c5xc9xc3xc1).
    //   Texts (docs/notation.md, re-derived by hand): three moves with three different ends, so each
    //   is start x end: c5xc8 (was c5xc3xc1xc8), c5xc9 (was c5xc3xc1xc9), c5xc1 (was c5xc3xc8xc1).
    //   The end-c1 move's canonical path: first landing c3 (rank 3) before c8/c9, then c8 before c9:
    //   c5xc3xc8xc1.
    const imm = positionFrom({ whiteKings: ['c5'], black: ['c2', 'c4', 'c7'], side: 'white' });
    expect(texts(imm)).toEqual(['c5xc1', 'c5xc8', 'c5xc9']);
    for (const path of ['c5xc3xc8xc1', 'c5xc3xc9xc1', 'c5xc8xc3xc1', 'c5xc9xc3xc1']) {
      expect(formatMove(imm, parseMove(imm, path))).toBe('c5xc1');
      expect(pathText(parseMove(imm, path))).toBe('c5xc3xc8xc1');
    }
    expect(pieces(play(imm, 'c5xc9xc3xc1'))).toEqual({ c1: 'W' });
    // c5xc8 is a hop (c5 x c7 -> c8) that must go on, so no path: it is the short form of the
    // end-c8 move
    expect(pathText(parseMove(imm, 'c5xc8'))).toBe('c5xc3xc1xc8');
    // end: the taken men stay until the move ends and block. x c4 -> c3 x c2 -> c1, then c2
    // blocks the way up; from c3 the way up is blocked by c4. x c7 -> c8 / c9: c7 blocks the
    // way down. Moves: c5xc3xc1 {c2 c4}, c5xc8 {c7}, c5xc9 {c7}. Texts (by hand): different ends,
    // so c5xc1 (was c5xc3xc1), c5xc8, c5xc9.
    const end = positionFrom({
      whiteKings: ['c5'],
      black: ['c2', 'c4', 'c7'],
      side: 'white',
      options: { removal: 'end' },
    });
    expect(texts(end)).toEqual(['c5xc1', 'c5xc8', 'c5xc9']);
    expect(pieces(play(end, 'c5xc3xc1'))).toEqual({ c1: 'W', c7: 'b' });
    expect(pieces(play(end, 'c5xc1'))).toEqual({ c1: 'W', c7: 'b' });
    // majority=true + end: only the 2-piece move
    expect(texts({ ...end, rules: { ...end.rules, majority: true } })).toEqual(['c5xc1']);
  });
});

describe('majority', () => {
  it('keeps only the sequences taking the most pieces, kings and men alike', () => {
    // White a3 x a4 -> a5 (one Black king; from a5 nothing adjacent); White e3 x e4 -> e5 x e6
    // -> e7 (two men; e5 cannot stop, e6 is adjacent with e7 empty).
    // Texts (by hand): every move has ends of its own: e3xe7 (was e3xe5xe7), a3xa7 (was a3xa5xa7).
    const spec = { white: ['a3', 'e3'], blackKings: ['a4'], black: ['e4', 'e6'], side: 'white' as const };
    expect(texts(positionFrom(spec))).toEqual(['a3xa5', 'e3xe7']);
    expect(texts(positionFrom({ ...spec, options: { majority: true } }))).toEqual(['e3xe7']);
    // two kings (a4 a6: a3 x a4 -> a5 x a6 -> a7) count as much as two men: both stay
    const two = { white: ['a3', 'e3'], blackKings: ['a4', 'a6'], black: ['e4', 'e6'], side: 'white' as const };
    expect(texts(positionFrom({ ...two, options: { majority: true } }))).toEqual(['a3xa7', 'e3xe7']);
  });
});

describe('end of game', () => {
  it('a side with no pieces loses', () => {
    // c4 x c5 -> c6 takes Black's last piece; Black to move has none
    const p = positionFrom({ white: ['c4'], black: ['c5'], side: 'white' });
    expect(result(p)).toBe(null);
    const q = play(p, 'c4xc6');
    expect(result(q)).toEqual({ winner: 'white', reason: 'no-pieces' });
    expect(legalMoves(q)).toEqual([]);
  });

  it('a side with no legal move loses', () => {
    // Black man a3 (neighbours b3 a4 b4; only b3 is not backward): b3 is White and the jump
    // over it lands on the White c3. No move.
    const p = positionFrom({ white: ['b3', 'c3'], black: ['a3'], side: 'black' });
    expect(legalMoves(p)).toEqual([]);
    expect(result(p)).toEqual({ winner: 'white', reason: 'no-moves' });
    // White man e7 (neighbours d7, e6 and d6 behind): d7 Black, c7 Black behind it.
    const q = positionFrom({ white: ['e7'], black: ['d7', 'c7'], side: 'white' });
    expect(result(q)).toEqual({ winner: 'black', reason: 'no-moves' });
  });

  it('move-limit=N: drawn after N plies without a capture; a capture resets the counter', () => {
    const spec = { white: ['a3'], black: ['e7'], side: 'white' as const };
    let p = positionFrom({ ...spec, options: { 'move-limit': 2 } });
    p = play(p, 'a3-a4');
    expect([p.quiet, result(p)]).toEqual([1, null]);
    p = play(p, 'e7-e6');
    expect(p.quiet).toBe(2);
    expect(result(p)).toEqual({ winner: null, reason: 'move-limit' });
    expect(legalMoves(p)).toEqual([]);
    expect(perft(p, 1)).toBe(0);
    // move-limit=off (default): the same two plies leave the game going
    const off = play(play(positionFrom(spec), 'a3-a4'), 'e7-e6');
    expect([off.quiet, result(off)]).toEqual([2, null]);
    // a capture resets: quiet 1, limit 2, c4 x c5 -> c6 leaves quiet 0 and the game goes on
    const c = play(
      positionFrom({ white: ['c4'], black: ['c5', 'e9'], side: 'white', quiet: 1, options: { 'move-limit': 2 } }),
      'c4xc6',
    );
    expect([c.quiet, result(c)]).toEqual([0, null]);
    // reading chosen here: a loss by no move is judged before the move-limit draw
    const stuck = positionFrom({
      white: ['b3', 'c3'],
      black: ['a3'],
      side: 'black',
      quiet: 5,
      options: { 'move-limit': 2 },
    });
    expect(result(stuck)).toEqual({ winner: 'white', reason: 'no-moves' });
  });

  it('illegal move text is refused', () => {
    const p = startPosition();
    expect(() => parseMove(p, 'a3-a4')).toThrow(/illegal move/);
    expect(() => parseMove(play(p, 'b4-b5'), 'b6-a5')).toThrow(/illegal move/); // capture compulsory
  });
});

describe('notation (docs/notation.md): texts name moves one to one', () => {
  it("on seeded random games, every legal move's text and canonical path read back to it", () => {
    let seed = 4242;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let captures = 0;
    for (const options of [{}, { removal: 'end' }, { majority: 'true' }] as TabalOptions[]) {
      for (let game = 0; game < 6; game++) {
        let p = startPosition(options);
        for (let ply = 0; ply < 80; ply++) {
          const moves = legalMoves(p);
          if (moves.length === 0) break;
          const ts = moveTexts(p);
          expect(new Set(ts).size).toBe(ts.length);
          moves.forEach((m, k) => {
            expect(moveIdentity(parseMove(p, ts[k]))).toBe(moveIdentity(m));
            expect(moveIdentity(parseMove(p, pathText(m)))).toBe(moveIdentity(m));
            expect(formatMove(p, m)).toBe(ts[k]);
            if (m.kind === 'capture') captures++;
          });
          p = play(p, moves[rnd(moves.length)]);
        }
      }
    }
    expect(captures).toBeGreaterThan(50);
  });
});
