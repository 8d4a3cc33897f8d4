// Self-tests of the independent Hong Kong hunt-game reference
// (test/reference/hong-kong.ts, RULES.md §0 and §3). Every expected value
// here is derived by hand from the rules text; the derivation is in the
// comment next to it. No engine output is pasted here.
//
// The reference's perft(1..5) from each start (for comparing with the engine)
// is printed by test/reference/hong-kong.gen.ts, not by a test.

import { describe, expect, it } from 'vitest';
import {
  BOARD_11,
  BOARD_25,
  catchTheGiant as giant,
  doubleTiger as double,
  moveTexts,
  neighbours,
  pointIndex,
  setup,
  shepherdsAndWolves as wolves,
  surroundTheTiger as surround,
  type Board,
  type Game,
  type Options,
  type Position,
} from './hong-kong.js';

const nb = (b: Board, name: string) =>
  neighbours(b, pointIndex(b, name))
    .map((i) => b.names[i])
    .sort();
const at = (g: Game, name: string) => pointIndex(g.board, name);
const on = (g: Game, p: Position, side: 'hunter' | 'prey') =>
  p[side].flatMap((n, i) => (n > 0 ? [n > 1 ? `${g.board.names[i]}:${n}` : g.board.names[i]] : [])).sort();

describe('boards (hand-checked)', () => {
  it('11-point board: points, 22 edges, neighbour lists, the straight b-file', () => {
    // b1; a2 b2 c2; a3 b3 c3; a4 b4 c4; b5 = 1 + 9 + 1 = 11 points.
    expect(BOARD_11.names.slice().sort()).toEqual(['a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'b5', 'c2', 'c3', 'c4']);
    // Edges: block rows 3x2 = 6, block columns 3x2 = 6, two diagonals through b3 2x2 = 4,
    // b1 to a2/b2/c2 = 3, b5 to a4/b4/c4 = 3: 22 edges, degree sum 44.
    let sum = 0;
    for (let i = 0; i < 11; i++) {
      sum += neighbours(BOARD_11, i).length;
      for (const j of neighbours(BOARD_11, i)) expect(neighbours(BOARD_11, j)).toContain(i);
    }
    expect(sum).toBe(44);
    // Degrees: b1, b5, a3, c3 = 3; a2, b2, c2, a4, b4, c4 = 4; b3 = 8 (3*4 + 6*4 + 8 = 44).
    expect(nb(BOARD_11, 'b1')).toEqual(['a2', 'b2', 'c2']);
    expect(nb(BOARD_11, 'b5')).toEqual(['a4', 'b4', 'c4']);
    expect(nb(BOARD_11, 'a3')).toEqual(['a2', 'a4', 'b3']);
    expect(nb(BOARD_11, 'c3')).toEqual(['b3', 'c2', 'c4']);
    expect(nb(BOARD_11, 'a2')).toEqual(['a3', 'b1', 'b2', 'b3']);
    expect(nb(BOARD_11, 'b2')).toEqual(['a2', 'b1', 'b3', 'c2']); // b2 is not on a diagonal
    expect(nb(BOARD_11, 'c4')).toEqual(['b3', 'b4', 'b5', 'c3']);
    expect(nb(BOARD_11, 'b3')).toEqual(['a2', 'a3', 'a4', 'b2', 'b4', 'c2', 'c3', 'c4']);
    // b1-b2-b3-b4-b5 is one straight line; b1-a2 ends at a2 (a2-b3 turns).
    const ray = (from: string, to: string) =>
      BOARD_11.rays[pointIndex(BOARD_11, from)].find((r) => BOARD_11.names[r.next] === to)!;
    expect(BOARD_11.names[ray('b1', 'b2').beyond]).toBe('b3');
    expect(ray('b1', 'a2').beyond).toBe(-1);
    expect(BOARD_11.names[ray('a2', 'b3').beyond]).toBe('c4');
  });

  it('5x5 Alquerque: 25 points, 56 edges, diagonals only through x+y even points', () => {
    // 40 orthogonal edges (5 rows x 4 + 5 columns x 4) + 16 diagonal
    // (3 diagonals each way of lengths 3, 5, 3 -> 2 + 4 + 2 = 8 edges each way).
    expect(BOARD_25.names.length).toBe(25);
    let sum = 0;
    for (let i = 0; i < 25; i++) sum += neighbours(BOARD_25, i).length;
    expect(sum).toBe(2 * 56);
    expect(nb(BOARD_25, 'b1')).toEqual(['a1', 'b2', 'c1']); // odd point: no diagonal
    expect(nb(BOARD_25, 'a3')).toEqual(['a2', 'a4', 'b2', 'b3', 'b4']);
    expect(nb(BOARD_25, 'c3').length).toBe(8);
  });
});

describe('start positions and move text', () => {
  it('catch-the-giant: giant b3, dwarfs b1 a2 c2, giant to move; 6 giant steps; perft(2) = 37', () => {
    const p = giant.startPosition();
    expect(on(giant, p, 'hunter')).toEqual(['b3']);
    expect(on(giant, p, 'prey')).toEqual(['a2', 'b1', 'c2']);
    expect(p.toMove).toBe('hunter');
    expect(p.stall).toBe(0);
    // b3 has 8 neighbours, a2 and c2 hold dwarfs.
    expect(moveTexts(giant, p)).toEqual(['b3-a3', 'b3-a4', 'b3-b2', 'b3-b4', 'b3-c3', 'b3-c4']);
    // Dwarf replies (rank may not decrease; b3 is empty once the giant left):
    //   giant b2: b1 -> a2/b2/c2 all occupied = 0; a2 -> a3, b3 = 2; c2 -> c3, b3 = 2;   4
    //   giant a3: b1 -> b2 = 1; a2 -> b2, b3 = 2; c2 -> b2, c3, b3 = 3;                 6
    //   giant c3: mirror of a3;                                                           6
    //   giant a4, b4 or c4 (no dwarf neighbour): b1 -> b2 = 1; a2 -> b2, a3, b3 = 3;
    //     c2 -> b2, c3, b3 = 3;                                                           7 each
    // 4 + 6 + 6 + 7 + 7 + 7 = 37.
    expect(giant.perft(p, 2)).toBe(37);
  });

  it('catch-the-giant: giant-start moves the giant; an occupied point is refused', () => {
    const p = giant.startPosition({ 'giant-start': 'b5' });
    expect(on(giant, p, 'hunter')).toEqual(['b5']);
    expect(moveTexts(giant, p, { 'giant-start': 'b5' })).toEqual(['b5-a4', 'b5-b4', 'b5-c4']);
    expect(() => giant.startPosition({ 'giant-start': 'b1' })).toThrow(/empty point/);
    expect(() => giant.startPosition({ 'giant-start': 'e5' })).toThrow(/empty point/);
    expect(() => giant.startPosition({ 'stall-limit': 0 })).toThrow(/stall-limit/);
  });

  it('surround-the-tiger: 16 dogs on the edge, tiger c3, 8 tiger steps, perft(2) = 168', () => {
    const p = surround.startPosition();
    expect(on(surround, p, 'hunter')).toEqual(['c3']);
    expect(on(surround, p, 'prey').length).toBe(16);
    expect(on(surround, p, 'prey')).not.toContain('b2');
    expect(moveTexts(surround, p)).toEqual(['c3-b2', 'c3-b3', 'c3-b4', 'c3-c2', 'c3-c4', 'c3-d2', 'c3-d3', 'c3-d4']);
    // c3-b2: the line a3-b2-c1 has dogs on both sides and both lines end there
    // (off the board beyond a3 and c1): a3 and c1 go. Row 2 (c2 empty), file b
    // (b3 empty), diagonal a1-e5 (c3 just left) do not capture. Same for d2, b4, d4.
    const caps = Object.fromEntries(
      surround.legalMoves(p).map((m) => [
        surround.moveText(m),
        m.captured
          .map((i) => BOARD_25.names[i])
          .sort()
          .join(' '),
      ]),
    );
    expect(caps).toEqual({
      'c3-b2': 'a3 c1',
      'c3-d2': 'c1 e3',
      'c3-b4': 'a3 c5',
      'c3-d4': 'c5 e3',
      'c3-b3': '',
      'c3-c2': '',
      'c3-c4': '',
      'c3-d3': '',
    });
    // Dog replies. Edge-to-inner edges: each of b2 d2 b4 d4 has 5 edge
    // neighbours, each of c2 b3 d3 c4 has 1, c3 has none.
    //   after an orthogonal step (say c3-c2, nothing captured): dogs can reach every
    //   empty inner point: 4 x 5 + 3 x 1 = 23.
    //   after c3-b2 (a3, c1 gone): into a3 from a2, a4 = 2; into c1 from b1, d1 = 2;
    //   d2 from d1 e1 e2 e3 (c1 gone) = 4; b4 from a4 a5 b5 c5 (a3 gone) = 4; d4 = 5;
    //   d3 from e3 = 1; c4 from c5 = 1; b3 (a3 gone), c2 (c1 gone), c3: 0. Total 19.
    // 4 x 23 + 4 x 19 = 168.
    expect(surround.perft(p, 2)).toBe(168);
  });

  it('double-tiger: stacks of 4 on b2 d2 b4 d4, tigers c1 c5; 3 steps + 2 jumps per tiger', () => {
    const p = double.startPosition();
    expect(on(double, p, 'prey')).toEqual(['b2:4', 'b4:4', 'd2:4', 'd4:4']);
    expect(on(double, p, 'hunter')).toEqual(['c1', 'c5']);
    // c1 (even point) has neighbours b1, d1, c2 (empty) and b2, d2 (stacks; a3, e3 beyond are empty).
    expect(moveTexts(double, p)).toEqual(
      ['c1-b1', 'c1-c2', 'c1-d1', 'c1xa3', 'c1xe3', 'c5-b5', 'c5-c4', 'c5-d5', 'c5xa3', 'c5xe3'].sort(),
    );
    // Dog replies: every point is a stack, so any stack may move, to its empty
    // neighbours (each stack point is even: 8 neighbours; c1 and c5 start with tigers).
    //   c1-b1: b2 7 (b1 tiger, c1 now empty), d2 8, b4 7, d4 7 (c5 tiger) = 29; c1-d1 the same;
    //   c1-c2: 7 + 7 + 7 + 7 = 28 (c2 blocks b2 and d2; c1 empty);
    //   c1xa3: b2 (3 dogs) 7, d2 8, b4 6 (a3 and c5 tigers), d4 7 = 28; c1xe3 the same.
    // 29 + 29 + 28 + 28 + 28 = 142 for c1's moves, and by symmetry 142 for c5's: 284.
    expect(double.perft(p, 2)).toBe(284);
  });

  it('shepherds-and-wolves: wolf c5 + 1 in hand, 8 sheep round c3 + 15 in hand; 16 placements, perft(2) = 240', () => {
    const p = wolves.startPosition();
    expect(on(wolves, p, 'hunter')).toEqual(['c5']);
    expect(on(wolves, p, 'prey')).toEqual(['b2', 'b3', 'b4', 'c2', 'c4', 'd2', 'd3', 'd4']);
    expect(p.hand).toEqual({ hunter: 1, prey: 15 });
    expect(p.toMove).toBe('hunter');
    // The wolf in hand must be placed first: 25 - 9 occupied = 16 empty points
    // (no step c5-b5, no jump c5xc3: placement is compulsory while in hand).
    const ms = moveTexts(wolves, p);
    expect(ms.length).toBe(16);
    expect(ms.every((m) => m.length === 2)).toBe(true);
    expect(ms).toContain('c3');
    // The sheep then place on one of the 15 points left: 16 x 15.
    expect(wolves.perft(p, 2)).toBe(240);
  });

  it('move text: placement b3, step a2-b2, jump a1xc3', () => {
    expect(wolves.moveText({ kind: 'place', from: -1, to: at(wolves, 'b3'), captured: [] })).toBe('b3');
    expect(wolves.moveText({ kind: 'step', from: at(wolves, 'a2'), to: at(wolves, 'b2'), captured: [] })).toBe('a2-b2');
    expect(
      wolves.moveText({ kind: 'jump', from: at(wolves, 'a1'), to: at(wolves, 'c3'), captured: [at(wolves, 'b2')] }),
    ).toBe('a1xc3');
  });
});

describe('catch-the-giant rules', () => {
  it('dwarfs step forward or sideways, never down', () => {
    // dwarf b3 (8 neighbours): a2, b2, c2 are lower; c4 holds a dwarf; a3 c3 a4 b4 remain.
    const p = setup(giant, { hunter: ['a2'], prey: ['b3', 'b1', 'c4'], toMove: 'prey' });
    expect(moveTexts(giant, p).filter((m) => m.startsWith('b3'))).toEqual(['b3-a3', 'b3-a4', 'b3-b4', 'b3-c3']);
    // b1 -> b2, c2 (a2 is the giant); c4 -> b4, b5 (b3 is a dwarf, c3 lower).
    expect(moveTexts(giant, p).length).toBe(4 + 2 + 2);
  });

  it('the giant escapes when every dwarf is on a higher rank (after a giant move or a dwarf move)', () => {
    // giant a3 (rank 3), dwarfs b3 (3), a4 (4), c4 (4): b3 is not higher, game on.
    const p = setup(giant, { hunter: ['a3'], prey: ['b3', 'a4', 'c4'] });
    expect(giant.result(p)).toBeNull();
    expect(moveTexts(giant, p)).toEqual(['a3-a2']); // a4 and b3 hold dwarfs
    const q = giant.play(p, 'a3-a2'); // giant rank 2 < 3, 4, 4
    expect(giant.result(q)).toEqual({ winner: 'hunter', reason: 'escape' });
    expect(giant.legalMoves(q)).toEqual([]);
    // after a dwarf move: giant a2, dwarfs b2, a3, c3; b2-b3 lifts the last dwarf
    // to rank 3; b2-c2 (sideways, still rank 2) does not.
    const r = setup(giant, { hunter: ['a2'], prey: ['b2', 'a3', 'c3'], toMove: 'prey' });
    expect(giant.result(giant.play(r, 'b2-b3'))).toEqual({ winner: 'hunter', reason: 'escape' });
    expect(giant.result(giant.play(r, 'b2-c2'))).toBeNull();
  });

  it("stall-limit counts dwarf moves that gain no rank; gaining resets; giant moves don't touch it", () => {
    const o: Options = { 'stall-limit': 2 };
    // giant b4; dwarfs a2, c2, b1; one stalling dwarf move already made.
    const p = setup(giant, { hunter: ['b4'], prey: ['a2', 'c2', 'b1'], toMove: 'prey', stall: 1 });
    expect(giant.result(p, o)).toBeNull();
    const side = giant.play(p, 'a2-b2', o); // rank 2 -> 2: second stalling move
    expect(side.stall).toBe(2);
    expect(giant.result(side, o)).toEqual({ winner: 'hunter', reason: 'stall-limit' });
    expect(giant.legalMoves(side, o)).toEqual([]);
    expect(giant.result(side)).toBeNull(); // stall-limit=off (default): the game goes on
    expect(giant.play(p, 'a2-a3', o).stall).toBe(0); // rank 2 -> 3 resets
    expect(giant.result(giant.play(p, 'a2-a3', o), o)).toBeNull();
    // a giant move neither counts nor resets
    const g = setup(giant, { hunter: ['b4'], prey: ['a2', 'c2', 'b1'], toMove: 'hunter', stall: 1 });
    expect(giant.play(g, 'b4-b5', o).stall).toBe(1);
    // p has 7 dwarf moves: b1-b2; a2-b2 a2-a3 a2-b3; c2-b2 c2-c3 c2-b3. The
    // giant on b4 (neighbours a4 b3 b5 c4) then has 4 steps, 3 if a dwarf went
    // to b3. With stall-limit=2 the two sideways moves end the game:
    //   b1-b2 4 + a2-a3 4 + a2-b3 3 + c2-c3 4 + c2-b3 3 = 18; without the limit
    //   a2-b2 and c2-b2 add 4 each: 26.
    expect(giant.perft(p, 1, o)).toBe(7);
    expect(giant.perft(p, 2, o)).toBe(18);
    expect(giant.perft(p, 2)).toBe(26);
  });

  it('the Nth stalling move wins for the giant even if it also traps the giant', () => {
    // giant a3 (neighbours a2, a4, b3); dwarfs a4, b3, b2. b2-a2 is sideways and
    // fills the giant's last free neighbour.
    const p = setup(giant, { hunter: ['a3'], prey: ['a4', 'b3', 'b2'], toMove: 'prey' });
    expect(giant.result(giant.play(p, 'b2-a2'))).toEqual({ winner: 'prey', reason: 'cannot-move' });
    const o: Options = { 'stall-limit': 1 };
    expect(giant.result(giant.play(p, 'b2-a2', o), o)).toEqual({ winner: 'hunter', reason: 'stall-limit' });
  });

  it('the giant wins when the dwarfs cannot move', () => {
    // dwarfs b5, a4, c4 with the giant on b4: b5 has nowhere up or sideways;
    // a4's only non-lower neighbours are b5 (dwarf) and b4 (giant); same for c4.
    const p = setup(giant, { hunter: ['b4'], prey: ['b5', 'a4', 'c4'], toMove: 'prey' });
    expect(giant.result(p)).toEqual({ winner: 'hunter', reason: 'cannot-move' });
  });
});

describe('surround-the-tiger intervention', () => {
  const caps = (p: Position, move: string) => {
    const m = surround.legalMoves(p).find((mm) => surround.moveText(mm) === move)!;
    return m.captured.map((i) => BOARD_25.names[i]).sort();
  };

  it('captures on two lines at once, and on three for the win', () => {
    // tiger c2 -> c3; dogs b2 & d4 (diagonal a1-e5: a1, e5 empty) and b4 & d2
    // (diagonal a5-e1: a5, e1 empty); row 3 and file c have no dogs next to c3.
    const p = setup(surround, { hunter: ['c2'], prey: ['b2', 'd4', 'b4', 'd2', 'a2'] });
    expect(caps(p, 'c2-c3')).toEqual(['b2', 'b4', 'd2', 'd4']);
    const q = surround.play(p, 'c2-c3');
    expect(q.captured.prey).toBe(4);
    expect(on(surround, q, 'prey')).toEqual(['a2']);
    expect(surround.result(q)).toBeNull();
    // add b3 & d3 (row 3: a3, e3 empty): 6 dogs in one step, the tiger wins.
    const r = setup(surround, { hunter: ['c2'], prey: ['b2', 'd4', 'b4', 'd2', 'b3', 'd3', 'a2'] });
    const s = surround.play(r, 'c2-c3');
    expect(s.captured.prey).toBe(6);
    expect(surround.result(s)).toEqual({ winner: 'hunter', reason: 'captures' });
  });

  it('a dog beyond one side blocks that line only', () => {
    // row 3: b3 & d3 but a3 holds a dog -> no; diagonal a1-e5: b2 & d4 but e5
    // holds a dog -> no; diagonal a5-e1: b4 & d2 with a5, e1 empty -> captured.
    const p = setup(surround, { hunter: ['c2'], prey: ['b3', 'd3', 'a3', 'b2', 'd4', 'e5', 'b4', 'd2'] });
    expect(caps(p, 'c2-c3')).toEqual(['b4', 'd2']);
  });

  it('the board edge counts as empty beyond a dog', () => {
    // tiger b2 -> a2: file a has a1 (nothing below it) and a3 (a4 beyond).
    const open = setup(surround, { hunter: ['b2'], prey: ['a1', 'a3'] });
    expect(caps(open, 'b2-a2')).toEqual(['a1', 'a3']);
    const blocked = setup(surround, { hunter: ['b2'], prey: ['a1', 'a3', 'a4'] });
    expect(caps(blocked, 'b2-a2')).toEqual([]);
    // a point at the end of a line has a dog on one side only: no capture along it.
    const end = setup(surround, { hunter: ['b1'], prey: ['a2', 'b2'] });
    expect(caps(end, 'b1-a1')).toEqual([]);
  });

  it('nobody jumps; the tiger with no step loses', () => {
    const p = setup(surround, { hunter: ['c3'], prey: ['b3'] }); // a3 empty, yet no c3xa3
    expect(moveTexts(surround, p).some((m) => m.includes('x'))).toBe(false);
    expect(moveTexts(surround, p).length).toBe(7);
    const trapped = setup(surround, { hunter: ['a1'], prey: ['a2', 'b1', 'b2'] });
    expect(surround.result(trapped)).toEqual({ winner: 'prey', reason: 'cannot-move' });
  });
});

describe('double-tiger rules', () => {
  it('while a stack exists the dog moved comes from a stack; dogs never step onto occupied points', () => {
    // b2 holds 2, a1 holds 1: only b2 may move, to its 7 empty neighbours
    // (b2 is even: a1 b1 c1 a2 c2 a3 b3 c3; a1 is a dog).
    const p = setup(double, { hunter: ['e5', 'a5'], prey: ['b2:2', 'a1'], toMove: 'prey' });
    expect(moveTexts(double, p)).toEqual(['b2-a2', 'b2-a3', 'b2-b1', 'b2-b3', 'b2-c1', 'b2-c2', 'b2-c3']);
    const q = double.play(p, 'b2-c2'); // one dog leaves the stack
    expect(on(double, q, 'prey')).toEqual(['a1', 'b2', 'c2']);
    // no stack left: any dog may move, a1 included
    const r = setup(double, { hunter: ['e5', 'a5'], prey: ['a1', 'b2', 'c2'], toMove: 'prey' });
    expect(moveTexts(double, r).filter((m) => m.startsWith('a1'))).toEqual(['a1-a2', 'a1-b1']);
  });

  it('a jump over a stack removes one dog; one jump per move; no jump over a tiger', () => {
    const p = double.startPosition();
    const q = double.play(p, 'c1xa3');
    expect(on(double, q, 'prey')).toEqual(['b2:3', 'b4:4', 'd2:4', 'd4:4']);
    expect(q.captured.prey).toBe(1);
    // tiger a1 jumps b2 -> c3; d4 then e5 would continue, but there is no multi-jump.
    const r = setup(double, { hunter: ['a1', 'e1'], prey: ['b2', 'd4'] });
    expect(moveTexts(double, r).filter((m) => m.includes('x'))).toEqual(['a1xc3']);
    // tiger c1 next to tiger b2 with a3 empty: no c1xa3.
    const t = setup(double, { hunter: ['c1', 'b2'], prey: ['e5'] });
    expect(moveTexts(double, t).some((m) => m.includes('x'))).toBe(false);
  });

  it('tigers win at 6 captured; dogs win when neither tiger can move', () => {
    const p = setup(double, { hunter: ['c1', 'c5'], prey: ['b2:3', 'e5'], captured: { prey: 5 } });
    expect(double.result(double.play(p, 'c1xa3'))).toEqual({ winner: 'hunter', reason: 'captures' });
    // a1: a2 b1 b2 dogs, a3 c1 c3 beyond them occupied; e1: d1 e2 d2 dogs, c1 e3 c3 beyond occupied.
    const blocked = setup(double, {
      hunter: ['a1', 'e1'],
      prey: ['a2', 'b1', 'b2', 'a3', 'c1', 'c3', 'd1', 'd2', 'e2', 'e3'],
    });
    expect(double.result(blocked)).toEqual({ winner: 'prey', reason: 'cannot-move' });
  });
});

describe('shepherds-and-wolves rules', () => {
  it('sheep place while they have sheep in hand, even when wolves are moving', () => {
    const p = wolves.play(wolves.startPosition(), 'a1'); // wolves' hand now empty
    expect(p.hand).toEqual({ hunter: 0, prey: 15 });
    expect(moveTexts(wolves, p).length).toBe(15);
    const q = wolves.play(p, 'e1');
    // Wolves (hand empty) now move. c5 is an even point: neighbours b5, d5
    // (empty) and c4, b4, d4 (sheep, with c3, a3, e3 empty beyond): 2 steps + 3 jumps.
    // a1: a2, b1 empty, b2 sheep with c3 empty beyond: 2 steps + 1 jump.
    expect(moveTexts(wolves, q)).toEqual(['a1-a2', 'a1-b1', 'a1xc3', 'c5-b5', 'c5-d5', 'c5xa3', 'c5xc3', 'c5xe3']);
    expect(moveTexts(wolves, wolves.play(q, 'c5xc3'))).toContain('a2'); // sheep still place
  });

  it('sheep step orthogonally only; wolves step any line and jump sheep, never wolves', () => {
    const p = setup(wolves, { hunter: ['a5', 'e1'], prey: ['c3'], toMove: 'prey' });
    expect(moveTexts(wolves, p)).toEqual(['c3-b3', 'c3-c2', 'c3-c4', 'c3-d3']);
    const w = setup(wolves, { hunter: ['c3', 'd4'], prey: ['b2'] });
    // c3: 8 neighbours, b2 sheep and d4 wolf -> 6 steps; jump over b2 to a1; none over d4.
    // d4 (even): c3 wolf, c4 c5 d5 e5 e4 e3 d3 -> 7 steps; no sheep next to it.
    expect(moveTexts(wolves, w).filter((m) => m.includes('x'))).toEqual(['c3xa1']);
    expect(moveTexts(wolves, w).length).toBe(6 + 1 + 7);
  });

  it('wolves win at 13 captured; sheep win when no wolf can move', () => {
    const p = setup(wolves, { hunter: ['c3', 'a5'], prey: ['b2'], captured: { prey: 12 } });
    expect(wolves.result(wolves.play(p, 'c3xa1'))).toEqual({ winner: 'hunter', reason: 'captures' });
    // full board: 2 wolves + 23 sheep, nothing in hand, wolves to move.
    const all = BOARD_25.names.filter((n) => n !== 'a1' && n !== 'e5');
    const full = setup(wolves, { hunter: ['a1', 'e5'], prey: all });
    expect(wolves.result(full)).toEqual({ winner: 'prey', reason: 'cannot-move' });
  });
});
