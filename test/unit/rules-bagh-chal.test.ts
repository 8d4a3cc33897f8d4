// Bagh Chal rules, one test (or a few) per rule line of RULES.md §1 and the §0 lines it uses. Every
// position is written by hand and every expected move set is derived by hand from the rules (comments
// show the derivation); move sets are compared sorted.
//
// Board reminder (RULES.md §0, Alquerque 5x5): rows and columns are lines; diagonals pass only through
// points with x + y even (0-based), i.e. a1 c1 e1 b2 d2 a3 c3 e3 b4 d4 a5 c5 e5. b1, d1, a2, c2, e2,
// b3, d3, a4, c4, e4, b5, d5 have orthogonal neighbours only.
import { describe, expect, it } from 'vitest';
import { Game, IllegalMoveError, ParseError } from '../../src/index.js';

const START = 'T3T/5/5/5/T3T G G20 -';

const cache = new Map<string, Promise<Game>>();
/** A game with `options` (release build, cached per option set) set to `position`. */
async function at(position: string, options: Record<string, number | string> = {}): Promise<Game> {
  const k = JSON.stringify(options);
  if (!cache.has(k)) cache.set(k, Game.create('bagh-chal', { options }));
  const g = await cache.get(k)!;
  g.setPosition(position);
  return g;
}

/** Options that allow sparse movement-phase positions (up to 19 goats captured). */
const LONG = { 'captures-to-win': 20 };

const sorted = (xs: string[]) => [...xs].sort();
function expectMoves(g: Game, expected: string[]): void {
  const got = g.legalMoves();
  expect(new Set(got).size).toBe(got.length);
  expect(sorted(got), `legal moves in ${g.position()}`).toEqual(sorted(expected));
}

function names(ranks: string): string[] {
  return ranks.split(/\s+/).filter(Boolean);
}

describe('§1 Board and start: Alquerque 5x5, tigers a1 e1 a5 e5, 20 goats in hand, goats move first', () => {
  it('the start position', async () => {
    const g = await Game.create('bagh-chal');
    expect(g.board.points.length).toBe(25);
    expect(g.position()).toBe(START);
    expect(g.result()).toBeNull();
    // goats first: every one of the 21 empty points is a placement, no tiger moves
    expectMoves(
      g,
      names(`
      b5 c5 d5
      a4 b4 c4 d4 e4
      a3 b3 c3 d3 e3
      a2 b2 c2 d2 e2
      b1 c1 d1`),
    );
    expect(() => g.play('a1-b2')).toThrow(IllegalMoveError);
    g.play('c3');
    expect(g.position()).toBe('T3T/5/2G2/5/T3T T G19 -');
    // tigers answer: a1 a2 b1 b2 | e1 e2 d1 d2 | a5 a4 b5 b4 | e5 e4 d5 d4 (c3 is not adjacent to any corner)
    expectMoves(
      g,
      names(`
      a1-a2 a1-b1 a1-b2
      e1-e2 e1-d1 e1-d2
      a5-a4 a5-b5 a5-b4
      e5-e4 e5-d5 e5-d4`),
    );
  });
});

describe('§1 Goat turn: place while any in hand; afterwards step; goats never jump or capture', () => {
  it('a goat in hand can be placed on every empty point and nowhere else', async () => {
    // tigers a5 e5 a1 e1; goats b4 c3 d2; 17 in hand
    const g = await at('T3T/1G3/2G2/3G1/T3T G G17 -');
    expectMoves(
      g,
      names(`
      b5 c5 d5
      a4 c4 d4 e4
      a3 b3 d3 e3
      a2 b2 c2 e2
      b1 c1 d1`),
    );
    for (const occupied of ['a5', 'e5', 'b4', 'c3', 'd2', 'a1', 'e1']) {
      expect(() => g.play(occupied), occupied).toThrow(IllegalMoveError);
    }
  });

  it('with goats in hand no goat steps, even a goat that could', async () => {
    const g = await at('T3T/1G3/2G2/3G1/T3T G G17 -');
    expect(g.legalMoves().some((m) => m.includes('-') || m.includes('x'))).toBe(false);
    expect(() => g.play('c3-c4')).toThrow(IllegalMoveError);
    // even with a single goat left in hand
    const h = await at('T3T/5/2G2/5/T3T G G1 G18', LONG);
    expectMoves(
      h,
      names(`
      b5 c5 d5
      a4 b4 c4 d4 e4
      a3 b3 d3 e3
      a2 b2 c2 d2 e2
      b1 c1 d1`),
    );
  });

  it('after the last goat is placed, goats step', async () => {
    const g = await at('T3T/5/5/5/T3T G G1 G19', LONG);
    g.play('c3');
    expect(g.position()).toBe('T3T/5/2G2/5/T3T T - G19');
    g.play('a1-b1');
    expect(g.position()).toBe('T3T/5/2G2/5/1T2T G - G19');
    // c3 has all 8 neighbours, all empty
    expectMoves(g, ['c3-b2', 'c3-c2', 'c3-d2', 'c3-b3', 'c3-d3', 'c3-b4', 'c3-c4', 'c3-d4']);
    expect(() => g.play('e4')).toThrow(IllegalMoveError);
  });

  it('goats step only to adjacent empty points along lines; b1 has no diagonal', async () => {
    // tigers a5 b5 d5 e5, one goat on b1: its lines are rank 1 and file b only
    const g = await at('TT1TT/5/5/5/1G3 G - G19', LONG);
    expectMoves(g, ['b1-a1', 'b1-c1', 'b1-b2']);
    for (const m of ['b1-a2', 'b1-c2', 'b1-b3', 'b1-d1']) expect(() => g.play(m), m).toThrow(IllegalMoveError);
  });

  it('goat steps around occupied points; goats never jump', async () => {
    // tigers a5 e5 d4 a1; goats c4 c3 b2; no goats in hand
    const g = await at('T3T/2GT1/2G2/1G3/T4 G - G17', LONG);
    expectMoves(g, [
      // c3 (diagonals): b2 G, c2, d2, b3, d3, b4, c4 G, d4 T
      'c3-c2',
      'c3-d2',
      'c3-b3',
      'c3-d3',
      'c3-b4',
      // c4 (orthogonal only): c5, c3 G, b4, d4 T
      'c4-c5',
      'c4-b4',
      // b2 (diagonals): a1 T, b1, c1, a2, c2, a3, b3, c3 G
      'b2-b1',
      'b2-c1',
      'b2-a2',
      'b2-c2',
      'b2-a3',
      'b2-b3',
    ]);
    // c4 over the tiger d4 to the empty e4 would be a goat jump; c3 over d4 to e5 also lands on a tiger
    expect(() => g.play('c4xe4')).toThrow(IllegalMoveError);
    expect(() => g.play('c3-e5')).toThrow(IllegalMoveError);
  });
});

describe('§1 Tiger turn: step, or one short jump capturing one goat; jumps optional; no multi-jump', () => {
  it('tigers step along lines to adjacent empty points', async () => {
    // tigers a5 e5 c3 b1, one goat out of their way on e1 (tigers to move need a goat placed)
    const g = await at('T3T/5/2T2/5/1T2G T G19 -');
    expectMoves(g, [
      'b1-a1',
      'b1-c1',
      'b1-b2', // b1: no diagonals
      'c3-b2',
      'c3-c2',
      'c3-d2',
      'c3-b3',
      'c3-d3',
      'c3-b4',
      'c3-c4',
      'c3-d4',
      'a5-a4',
      'a5-b5',
      'a5-b4',
      'e5-e4',
      'e5-d5',
      'e5-d4',
    ]);
  });

  it('a tiger on c3 jumps an adjacent goat in each of the 8 directions', async () => {
    // tiger c3 ringed by goats b2 c2 d2 b3 d3 b4 c4 d4; the points beyond (a1 c1 e1 a3 e3 a5 c5 e5) empty;
    // other tigers b1 d1 b5 (orthogonal points, each blocked by a goat with a goat behind it)
    const g = await at('1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -');
    expectMoves(g, [
      'c3xa1',
      'c3xc1',
      'c3xe1',
      'c3xa3',
      'c3xe3',
      'c3xa5',
      'c3xc5',
      'c3xe5',
      'b1-a1',
      'b1-c1', // b1 over b2 would land on the goat b3
      'd1-c1',
      'd1-e1', // d1 over d2 lands on d3 (goat)
      'b5-a5',
      'b5-c5', // b5 over b4 lands on b3 (goat)
    ]);
  });

  it('a jump removes exactly the jumped goat and counts it; the hand is unchanged', async () => {
    const g = await at('1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -');
    g.play('c3xa1');
    expect(g.position()).toBe('1T3/1GGG1/1G1G1/2GG1/TT1T1 G G12 G1');
    g.undo();
    g.play('c3xe5');
    expect(g.position()).toBe('1T2T/1GG2/1G1G1/1GGG1/1T1T1 G G12 G1');
    g.undo();
    g.play('c3xc1');
    expect(g.position()).toBe('1T3/1GGG1/1G1G1/1G1G1/1TTT1 G G12 G1');
  });

  it('jumps are optional: steps stay legal when a jump is available', async () => {
    // tigers a1 e1 a5 e5; goat b1 with c1 empty behind it
    const g = await at('T3T/5/5/5/TG2T T G19 -');
    expectMoves(g, [
      'a1-a2',
      'a1-b2',
      'a1xc1',
      'e1-e2',
      'e1-d1',
      'e1-d2',
      'a5-a4',
      'a5-b5',
      'a5-b4',
      'e5-e4',
      'e5-d5',
      'e5-d4',
    ]);
    g.play('a1-a2');
    expect(g.position()).toBe('T3T/5/5/T4/1G2T G G19 -');
  });

  it('no jump over a tiger', async () => {
    // tigers a1 b2 (a1 -> c3 would jump the tiger b2), e5 e4 (e5 -> e3 would jump the tiger e4); a goat
    // out of their way on c5 (tigers to move need a goat placed)
    const g = await at('2G1T/4T/5/1T3/T4 T G19 -');
    expectMoves(g, [
      'a1-a2',
      'a1-b1',
      'b2-b1',
      'b2-c1',
      'b2-a2',
      'b2-c2',
      'b2-a3',
      'b2-b3',
      'b2-c3',
      'e5-d5',
      'e5-d4',
      'e4-e3',
      'e4-d4',
    ]);
    expect(() => g.play('a1xc3')).toThrow(IllegalMoveError);
    expect(() => g.play('e5xe3')).toThrow(IllegalMoveError);
  });

  it('no jump onto an occupied point (goat or tiger)', async () => {
    // tiger a1: over b1 onto the goat c1, over b2 onto the tiger c3 -> neither; c3 over b2 onto the tiger a1 -> no
    const g = await at('4T/5/2T2/1G3/TGG1T T G17 -');
    expectMoves(g, [
      'a1-a2',
      'c3-c2',
      'c3-d2',
      'c3-b3',
      'c3-d3',
      'c3-b4',
      'c3-c4',
      'c3-d4',
      'e1-e2',
      'e1-d1',
      'e1-d2',
      'e5-e4',
      'e5-d5',
      'e5-d4',
    ]);
    for (const m of ['a1xc1', 'a1xc3', 'c3xa1']) expect(() => g.play(m), m).toThrow(IllegalMoveError);
  });

  it('no jump along a non-line: b1 and d1 have no diagonals', async () => {
    // goat c2 is diagonal to b1 and d1, with b3 and d3 empty beyond it
    const g = await at('T3T/5/5/2G2/1T1T1 T G19 -');
    expectMoves(g, [
      'b1-a1',
      'b1-c1',
      'b1-b2',
      'd1-c1',
      'd1-e1',
      'd1-d2',
      'a5-a4',
      'a5-b5',
      'a5-b4',
      'e5-e4',
      'e5-d5',
      'e5-d4',
    ]);
    for (const m of ['b1xd3', 'd1xb3', 'b1-c2', 'd1-c2']) expect(() => g.play(m), m).toThrow(IllegalMoveError);
  });

  it('no multi-jump: one capture, then the turn passes', async () => {
    // tigers a5 c5 e5 a1; goats b1 d1: a1xc1 would continue over d1 to the empty e1
    const g = await at('T1T1T/5/5/5/TG1G1 T G18 -');
    expectMoves(g, [
      'a1-a2',
      'a1-b2',
      'a1xc1',
      'a5-a4',
      'a5-b5',
      'a5-b4',
      'c5-b5',
      'c5-d5',
      'c5-c4',
      'c5-b4',
      'c5-d4',
      'e5-e4',
      'e5-d5',
      'e5-d4',
    ]);
    expect(() => g.play('a1xc1xe1')).toThrow(IllegalMoveError);
    expect(g.position()).toBe('T1T1T/5/5/5/TG1G1 T G18 -');
    g.play('a1xc1');
    expect(g.position()).toBe('T1T1T/5/5/5/2TG1 G G18 G1');
    // goats to move (they place); c1xe1 is not available now
    expect(g.legalMoves().every((m) => /^[a-e][1-5]$/.test(m))).toBe(true);
    expect(() => g.play('c1xe1')).toThrow(IllegalMoveError);
  });
});

describe('§1 Tigers win the moment 5 goats are captured (option captures-to-win)', () => {
  it('the 5th capture ends the game: result tigers, reason captures', async () => {
    const g = await at('T3T/5/5/5/TG2T T G15 G4');
    expect(g.result()).toBeNull();
    g.play('a1xc1');
    expect(g.position()).toBe('T3T/5/5/5/2T1T G G15 G5');
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'captures' });
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play('c3')).toThrow(IllegalMoveError);
    expect(g.perft(1)).toBe(0);
    g.undo();
    expect(g.result()).toBeNull();
  });

  it('the 4th capture does not end the game', async () => {
    const g = await at('T3T/5/5/5/TG2T T G16 G3');
    g.play('a1xc1');
    expect(g.position()).toBe('T3T/5/5/5/2T1T G G16 G4');
    expect(g.result()).toBeNull();
    expect(g.legalMoves().length).toBe(21);
  });

  it('a position with 5 captured is already over', async () => {
    const g = await at('T3T/5/5/5/T3T G G15 G5');
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'captures' });
    expect(g.legalMoves()).toEqual([]);
  });

  it('captures-to-win=3 ends the game at the 3rd capture', async () => {
    const g = await at('T3T/5/5/5/TG2T T G17 G2', { 'captures-to-win': 3 });
    expect(g.result()).toBeNull();
    g.play('a1xc1');
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'captures' });
    expect(g.legalMoves()).toEqual([]);
    // the same capture with the default target: the game goes on
    const d = await at('T3T/5/5/5/TG2T T G17 G2');
    d.play('a1xc1');
    expect(d.result()).toBeNull();
  });

  it('captures-to-win=3: more than 3 captured cannot be written', async () => {
    await expect(
      Game.create('bagh-chal', { options: { 'captures-to-win': 3 }, position: 'T3T/5/5/5/T3T G G16 G4' }),
    ).rejects.toThrow(ParseError);
  });

  it('captured goats are counted one by one and restored by undo', async () => {
    // tigers a1 e1 a5 e5; goats b1 d1 b5 d5 (b1 and d1 each jumpable from a corner)
    const g = await at('TG1GT/5/5/5/TG1GT T G16 -');
    g.play('a1xc1');
    expect(g.position()).toBe('TG1GT/5/5/5/2TGT G G16 G1');
    g.play('c3');
    g.play('a5xc5');
    expect(g.position()).toBe('2TGT/5/2G2/5/2TGT G G15 G2');
    g.undo();
    g.undo();
    g.undo();
    expect(g.position()).toBe('TG1GT/5/5/5/TG1GT T G16 -');
  });
});

describe('§1/§0 A side with no legal move on its turn loses (goats too)', () => {
  it('goats with no move lose', async () => {
    // the only empty point a1 has the neighbours a2 b1 b2, all tigers; 20 goats on the board
    const g = await at('GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -');
    expect(g.legalMoves()).toEqual([]);
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'no-moves' });
    expect(g.search({ depth: 2 }).bestmove).toBeNull();
  });

  it('goats with no move lose (sparse)', async () => {
    // goat a1 boxed in by tigers a2 b1 b2
    const g = await at('4T/5/5/TT3/GT3 G - G19', LONG);
    expect(g.legalMoves()).toEqual([]);
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'no-moves' });
  });

  it('tigers with no move lose', async () => {
    // each corner tiger: its 3 neighbours are goats and its 3 jump landings are goats
    const g = await at('TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T - G3');
    expect(g.legalMoves()).toEqual([]);
    expect(g.result()).toEqual({ winner: 'prey', winnerName: 'goats', reason: 'no-moves' });
    expect(() => g.play('a1-b2')).toThrow(IllegalMoveError);
    // the same board with goats to move: not over (goats step into b3 c2 c4 d3)
    const h = await at('TGGGT/GG1GG/G1G1G/GG1GG/TGGGT G - G3');
    expect(h.result()).toBeNull();
    expectMoves(h, [
      // into b3 (no diagonals): a3, c3, b2, b4
      'a3-b3',
      'c3-b3',
      'b2-b3',
      'b4-b3',
      // into d3: c3, e3, d2, d4
      'c3-d3',
      'e3-d3',
      'd2-d3',
      'd4-d3',
      // into c2: b2, d2, c1, c3
      'b2-c2',
      'd2-c2',
      'c1-c2',
      'c3-c2',
      // into c4: b4, d4, c5, c3
      'b4-c4',
      'd4-c4',
      'c5-c4',
      'c3-c4',
    ]);
  });

  it('tigers with no move lose during the placement phase as well', async () => {
    const g = await at('TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T G3 -');
    expect(g.legalMoves()).toEqual([]);
    expect(g.result()).toEqual({ winner: 'prey', winnerName: 'goats', reason: 'no-moves' });
  });
});

describe('§0 Repetition (option repetition=none|draw3|forbid, default draw3)', () => {
  // P0: tigers a5 b5 a4 b4, goat e1, goats to move, nothing in hand. The cycle e1-e2 a4-a3 e2-e1 a3-a4
  // returns to P0 without an irreversible move.
  const P0 = 'TT3/TT3/5/5/4G G - G19';
  const CYCLE = ['e1-e2', 'a4-a3', 'e2-e1', 'a3-a4'];
  // P3 (after 3 plies): tigers a5 b5 b4 a3, goat e1, tigers to move
  const P3_MOVES = [
    'a3-a4',
    'a3-a2',
    'a3-b3',
    'a3-b2', // a3 (diagonals): a4, a2, b4 T, b3, b2
    'b4-c5',
    'b4-a4',
    'b4-c4',
    'b4-b3',
    'b4-c3', // b4 (diagonals): a5 T, b5 T, c5, a4, c4, a3 T, b3, c3
    'a5-a4', // a5: a4, b5 T, b4 T
    'b5-c5', // b5: a5 T, c5, b4 T
  ];

  it('draw3 (default): the third occurrence of a position is a draw', async () => {
    const g = await at(P0, LONG);
    for (const m of CYCLE) g.play(m);
    expect(g.position()).toBe(P0);
    expect(g.result()).toBeNull(); // second occurrence
    for (const m of CYCLE.slice(0, 3)) g.play(m);
    expect(g.result()).toBeNull(); // P3 twice
    expectMoves(g, P3_MOVES);
    g.play(CYCLE[3]!);
    expect(g.position()).toBe(P0);
    expect(g.result()).toEqual({ winner: 'draw', winnerName: 'draw', reason: 'repetition' });
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play('e1-e2')).toThrow(IllegalMoveError);
    // perft ignores repetition (§0): e1 has e2 d1 d2
    expect(g.perft(1)).toBe(3);
    g.undo();
    expect(g.result()).toBeNull();
  });

  it('draw3 is the default even with other options given', async () => {
    const g = await Game.create('bagh-chal', { options: LONG, position: P0 });
    expect(g.options.repetition).toBe('draw3');
  });

  it('draw3: a third occurrence reached by a different cycle counts too', async () => {
    const g = await at(P0, LONG);
    for (const m of CYCLE) g.play(m);
    for (const m of ['e1-d1', 'b4-c4', 'd1-e1', 'c4-b4']) g.play(m);
    expect(g.position()).toBe(P0);
    expect(g.result()).toEqual({ winner: 'draw', winnerName: 'draw', reason: 'repetition' });
  });

  it('draw3: the same board with the other side to move is a different position', async () => {
    // The goat shuttles e1 <-> e2 (period 2 goat moves) while the tiger b4 walks the triangle
    // b4 -> c4 -> c3 -> b4 (period 3 tiger moves). The boards repeat with the other side to move (e.g.
    // after 7 plies: P0's board, tigers to move), but (board, side) first recurs after 12 plies, so the
    // third occurrence of P0 is at ply 24 and no position occurs three times before it.
    const g = await at(P0, LONG);
    const triangle = ['b4-c4', 'c4-c3', 'c3-b4'];
    let goatAtE1 = true;
    for (let ply = 1; ply <= 24; ply++) {
      expect(g.result(), `before ply ${ply}`).toBeNull();
      if (ply % 2 === 1) {
        g.play(goatAtE1 ? 'e1-e2' : 'e2-e1');
        goatAtE1 = !goatAtE1;
      } else g.play(triangle[(ply / 2 - 1) % 3]!);
      if (ply === 7) expect(g.position()).toBe('TT3/TT3/5/5/4G T - G19');
      if (ply === 12) expect(g.position()).toBe(P0);
    }
    expect(g.position()).toBe(P0);
    expect(g.result()).toEqual({ winner: 'draw', winnerName: 'draw', reason: 'repetition' });
  });

  it('none: a repeated position is never a draw', async () => {
    const g = await at(P0, { ...LONG, repetition: 'none' });
    for (let i = 0; i < 3; i++) for (const m of CYCLE) g.play(m);
    expect(g.position()).toBe(P0);
    expect(g.result()).toBeNull();
    expectMoves(g, ['e1-e2', 'e1-d1', 'e1-d2']);
  });

  it('forbid: a move that recreates an earlier position is not legal', async () => {
    const g = await at(P0, { ...LONG, repetition: 'forbid' });
    for (const m of CYCLE.slice(0, 3)) g.play(m);
    expect(g.position()).toBe('TT3/1T3/T4/5/4G T - G19');
    // a3-a4 would recreate P0
    expectMoves(
      g,
      P3_MOVES.filter((m) => m !== 'a3-a4'),
    );
    expect(() => g.play('a3-a4')).toThrow(IllegalMoveError);
    const r = g.search({ depth: 3 });
    expect(r.bestmove).not.toBe('a3-a4');
    expect(g.legalMoves()).toContain(r.bestmove);
    // the same position without the history allows it
    g.setPosition(g.position());
    expectMoves(g, P3_MOVES);
  });

  it('forbid: a side whose every move recreates an earlier position has no legal move and loses', async () => {
    // goat b1 boxed by tigers c1 b2 (and a2 guarding a1): it can only shuttle b1 <-> a1.
    // e5-e4, b1-a1, e4-e5 leave goats to move with a1-b1 as their only move, which recreates the start.
    const start = '4T/5/5/TT3/1GT2 T - G19';
    const g = await at(start, { ...LONG, repetition: 'forbid' });
    g.play('e5-e4');
    expectMoves(g, ['b1-a1']);
    g.play('b1-a1');
    g.play('e4-e5');
    expect(g.position()).toBe('4T/5/5/TT3/G1T2 G - G19');
    expect(g.legalMoves()).toEqual([]);
    expect(g.result()).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'no-moves' });
    expect(g.search({ depth: 2 }).bestmove).toBeNull();
    // one ply earlier the search finds a win at once: e4-e5 (the goat's only move is then forbidden)
    // or c1-b1 (boxes the goat in completely)
    g.undo();
    const r = g.search({ depth: 3 });
    expect(['e4-e5', 'c1-b1']).toContain(r.bestmove);
    expect(r.mateIn).toBe(1);
    // with draw3 the same line is not a loss: a1-b1 is the second occurrence only
    const d = await at(start, LONG);
    for (const m of ['e5-e4', 'b1-a1', 'e4-e5']) d.play(m);
    expectMoves(d, ['a1-b1']);
    expect(d.result()).toBeNull();
  });
});
