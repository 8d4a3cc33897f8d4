// Self-tests of the independent hunt-game reference solver
// (test/reference/hunt-solver.ts, RULES.md §0 and §3, docs/notation.md).
// Every expected value is derived by hand from the rules text; the derivation
// is in the comment next to it. No engine output is pasted here.
//
// The values of the starts (for comparing with the engine) are printed by
// test/reference/hunt-solver.gen.ts, not by a test.
//
// Catch the Giant's board, for the derivations (RULES §3):
//
//   rank 5        b5            b5: a4 b4 c4
//   rank 4    a4  b4  c4        a4: a3 b4 b5 b3      c4: c3 b4 b5 b3     b4: a4 c4 b3 b5
//   rank 3    a3  b3  c3        a3: a2 a4 b3         c3: c2 c4 b3        b3: all 8 others of a2..c4
//   rank 2    a2  b2  c2        a2: b1 b2 a3 b3      c2: b1 b2 c3 b3     b2: b1 a2 c2 b3
//   rank 1        b1            b1: a2 b2 c2
//
// Dwarfs step up or sideways, never down. The only positions where the giant
// cannot move while the game is undecided are the giant on a point of degree 3
// (a3, c3, b5; b1 too, but there every dwarf is above it: escape) with a dwarf on
// each neighbour.

import { describe, expect, it } from 'vitest';
import {
  GAMES,
  catchTheGiant as giant,
  doubleTiger as double,
  setup,
  shepherdsAndWolves as wolves,
  surroundTheTiger as surround,
  type Game,
  type Options,
  type Position,
} from './hong-kong.js';
import {
  bestLine,
  positionText,
  reachableGraph,
  solveGraph,
  solveReference,
  type Graph,
  type Value,
} from './hunt-solver.js';

const win = (plies: number): Value => ({ result: 'win', plies });
const loss = (plies: number): Value => ({ result: 'loss', plies });
const draw: Value = { result: 'draw', plies: 0 };

/** The value of `p` solved from `p` itself. */
const solve = (g: Game, p: Position, o: Options = {}): Value => {
  const s = solveReference(g, p, o);
  return s.valueOf(p);
};

describe('positionText (docs/notation.md)', () => {
  it("writes the starts of docs/solving.md's table", () => {
    expect(positionText(giant, giant.startPosition())).toBe('1/3/1G1/D1D/D G - -');
    // with a stall limit the extra field is written, a count of 0 as "-"
    expect(positionText(giant, giant.startPosition({ 'stall-limit': 3 }), { 'stall-limit': 3 })).toBe(
      '1/3/1G1/D1D/D G - - -',
    );
    expect(positionText(surround, surround.startPosition())).toBe('DDDDD/D3D/D1T1D/D3D/DDDDD T - -');
    expect(positionText(double, double.startPosition())).toBe('2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -');
    expect(positionText(wolves, wolves.startPosition())).toBe('2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -');
  });

  it('writes stall counts, hands without zero counts, captures, stacks, and giant starts', () => {
    // stall=n when the count is above 0 (and only with a stall limit)
    const p = setup(giant, { hunter: ['b4'], prey: ['a2', 'c2', 'b1'], toMove: 'prey', stall: 2 });
    expect(positionText(giant, p, { 'stall-limit': 3 })).toBe('1/1G1/3/D1D/D D - - stall=2');
    expect(positionText(giant, p)).toBe('1/1G1/3/D1D/D D - -');
    // giant-start=b5: rank 5 is b5 alone
    expect(positionText(giant, giant.startPosition({ 'giant-start': 'b5' }))).toBe('G/3/3/D1D/D G - -');
    // the wolves place their wolf first (a1): hand W0 S15 is written "S15"
    const w = wolves.play(wolves.startPosition(), 'a1');
    expect(positionText(wolves, w)).toBe('2W2/1SSS1/1S1S1/1SSS1/W4 S S15 -');
    // a double-tiger jump over a stack of 4: c1-b2 is a diagonal (c1 has x + y even), a3 beyond b2 is
    // empty: c1xa3 leaves D(3) on b2, the tiger on a3, one dog captured.
    const d = double.play(double.startPosition(), 'c1xa3');
    expect(positionText(double, d)).toBe('2T2/1D(4)1D(4)1/T4/1D(3)1D(4)1/5 D - D1');
  });
});

describe('catch-the-giant values (hand-derived)', () => {
  it('a giant with no move loses; dwarfs with no move lose', () => {
    // R: giant b5 (neighbours a4 b4 c4), dwarfs a4 b4 c4, giant to move: no move. Not decided: the
    // dwarfs are on rank 4, below the giant's 5. 'loss' in 0.
    const r = setup(giant, { hunter: ['b5'], prey: ['a4', 'b4', 'c4'], toMove: 'hunter' });
    expect(solve(giant, r)).toEqual(loss(0));
    // The same with the dwarfs to move: a4's neighbours are a3 and b3 (lower), b4 (dwarf), b5 (giant);
    // b4's a4, c4 (dwarfs), b3 (lower), b5 (giant); c4 as a4. No dwarf move: 'loss' in 0.
    expect(solve(giant, { ...r, toMove: 'prey' })).toEqual(loss(0));
  });

  it('win in 1, loss in 2, win in 3 (the only line: a3-b3 b4-b5 b3-b4)', () => {
    // Q: giant b5, dwarfs a4 c4 b3, dwarfs to move. b3-b4 (up) makes R above: giant lost in 0.
    // Q is undecided and has moves, so not 0: 'win' in 1.
    const q = setup(giant, { hunter: ['b5'], prey: ['a4', 'c4', 'b3'], toMove: 'prey' });
    expect(solve(giant, q)).toEqual(win(1));
    // P: giant b4, dwarfs a4 c4 b3, giant to move. Undecided (b3 is below rank 4). The giant's only
    // free neighbour is b5: b4-b5 gives Q (giant rank 5, no escape): 'loss' in 1 + 1 = 2.
    const p = setup(giant, { hunter: ['b4'], prey: ['a4', 'c4', 'b3'], toMove: 'hunter' });
    expect(solve(giant, p)).toEqual(loss(2));
    // S: giant b4, dwarfs a4 c4 a3, dwarfs to move. Moves: a3-b3 (sideways), a4-b5, c4-b5 (up).
    // No dwarf move traps the giant on b4 (4 neighbours, 3 dwarfs), and no decided position is a dwarf
    // win, so no child is lost in 0 and none in 1 (a giant-to-move loss in 1 needs every child won in 0
    // by the dwarfs). a3-b3 gives P, lost in 2: 'win' in 3. The other two free b4's neighbour a4 or c4
    // and b3: the giant is not lost in 2 there (after a4-b5, b4-a4 leaves a4 with b4 and b3 free).
    const s = setup(giant, { hunter: ['b4'], prey: ['a4', 'c4', 'a3'], toMove: 'prey' });
    const sol = solveReference(giant, s);
    expect(sol.valueOf(s)).toEqual(win(3));
    expect(sol.valueOf(p)).toEqual(loss(2)); // P is reached from S: the same value in S's graph
    expect(bestLine(sol, s)).toEqual(['a3-b3', 'b4-b5', 'b3-b4']);
    // valueOf takes a position text too; and throws for a position S does not reach
    expect(sol.valueOf('1/DGD/D2/3/1 D - -')).toEqual(win(3));
    expect(() => sol.valueOf(giant.startPosition())).toThrow(/not reachable/);
  });

  it("escape: checked after every move, before 'cannot move'", () => {
    // E: giant b2, dwarfs a2 b3 c3, giant to move. Undecided (a2 is on the giant's rank 2). b2-b1 puts
    // the giant on rank 1 below every dwarf: decided for the giant with the dwarfs to move ('loss' 0
    // for them, although they have moves), so E is 'win' in 1.
    const e = setup(giant, { hunter: ['b2'], prey: ['a2', 'b3', 'c3'], toMove: 'hunter' });
    const sol = solveReference(giant, e);
    expect(sol.valueOf(e)).toEqual(win(1));
    expect(sol.valueOf(giant.play(e, 'b2-b1'))).toEqual(loss(0));
    // The same with the dwarfs to move: a2's only move is a2-a3 (b2 giant, b1 lower, b3 dwarf), which
    // lifts the last dwarf above the giant: the giant, to move, has already won: 'win' in 0.
    const e2 = { ...e, toMove: 'prey' as const };
    const sol2 = solveReference(giant, e2);
    expect(sol2.valueOf(giant.play(e2, 'a2-a3'))).toEqual(win(0));
    // Giant b1, dwarfs a2 b2 c2, giant to move: it cannot move, but every dwarf is above it, and the
    // escape is checked first: 'win' in 0.
    expect(solve(giant, setup(giant, { hunter: ['b1'], prey: ['a2', 'b2', 'c2'] }))).toEqual(win(0));
  });

  it('stall limit: the Nth non-rank-gaining dwarf move wins for the giant', () => {
    // W: giant a3 (neighbours a2 a4 b3), dwarfs a4 b3 b2, dwarfs to move. b2-a2 (sideways) fills the
    // giant's last free neighbour; no other dwarf move fills a2 (b3-a2 would go down).
    const w = setup(giant, { hunter: ['a3'], prey: ['a4', 'b3', 'b2'], toMove: 'prey' });
    // no stall limit: b2-a2 traps the giant (a2 on rank 2, below the giant: no escape): 'win' in 1.
    expect(solve(giant, w)).toEqual(win(1));
    // stall-limit=2, count 0: b2-a2 makes the count 1 < 2, the same trap: 'win' in 1.
    expect(solve(giant, w, { 'stall-limit': 2 })).toEqual(win(1));
    // stall-limit=2, count 1: b2-a2 makes it 2: the giant, to move, has won ('win' 0, written
    // stall=2), so b2-a2 no longer wins, and no other move traps the giant: not 'win' in 1.
    const o: Options = { 'stall-limit': 2 };
    const w1 = { ...w, stall: 1 };
    const sol = solveReference(giant, w1, o);
    const after = giant.play(w1, 'b2-a2', o);
    expect(positionText(giant, after, o)).toBe('1/D2/GD1/D2/1 G - - stall=2');
    expect(sol.valueOf(after)).toEqual(win(0));
    expect(sol.valueOf(w1)).not.toEqual(win(1));
    // stall-limit=1 from W (count 0): the same, the first sideways move is already the limit.
    expect(solve(giant, w, { 'stall-limit': 1 })).not.toEqual(win(1));
    // a giant to move at the limit has won ('win' 0) whatever the board
    expect(
      solve(giant, { ...setup(giant, { hunter: ['b3'], prey: ['b1', 'a2', 'c2'] }), stall: 3 }, { 'stall-limit': 3 }),
    ).toEqual(win(0));
    // without a stall limit the count is no part of the position: W with count 1 is W
    expect(positionText(giant, w1)).toBe(positionText(giant, w));
    expect(solve(giant, w1)).toEqual(win(1));
  });
});

describe('the capture games, reduced material (test-only captures-to-win)', () => {
  it('surround-the-tiger: an intervention capture reaching the threshold wins in 1', () => {
    // tiger c2, dogs b3 d3, tiger to move, captures-to-win=2. c2-c3: on row 3 c3 has a dog on each
    // side (b3, d3) and the points beyond them (a3, e3) are empty: both removed, 2 captured = the
    // threshold: decided, dogs to move: 'loss' 0 for them ("5/5/2T2/5/5 D - D2"), 'win' 1 for the tiger.
    const o: Options = { 'captures-to-win': 2 };
    const p = setup(surround, { hunter: ['c2'], prey: ['b3', 'd3'] });
    const sol = solveReference(surround, p, o);
    expect(sol.valueOf(p)).toEqual(win(1));
    expect(sol.valueOf('5/5/2T2/5/5 D - D2')).toEqual(loss(0));
    // with the rules' threshold (6) the same capture is no win yet, but it leaves the dogs, to move,
    // without a piece, so without a move: 'loss' 0 for them all the same, and 'win' 1 for the tiger.
    const six = solveReference(surround, p);
    expect(six.valueOf(p)).toEqual(win(1));
    expect(six.valueOf('5/5/2T2/5/5 D - D2')).toEqual(loss(0));
  });

  it('surround-the-tiger: a tiger with no step loses (0); the dogs close the trap (1)', () => {
    // tiger a1 (corner: neighbours b1, a2 and, on the diagonal, b2), dogs b1 a2 b2: no step, nobody jumps.
    const t = setup(surround, { hunter: ['a1'], prey: ['b1', 'a2', 'b2'] });
    expect(solve(surround, t, { 'captures-to-win': 2 })).toEqual(loss(0));
    // dogs b1 a2 c3 to move: c3-b2 (a diagonal: c3 has x + y even) gives the trap: 'win' 1.
    const d = setup(surround, { hunter: ['a1'], prey: ['b1', 'a2', 'c3'], toMove: 'prey' });
    expect(solve(surround, d, { 'captures-to-win': 2 })).toEqual(win(1));
  });

  it('a drawn cycle: a tiger and one dog (1200 positions, all draws)', () => {
    // One dog: the tiger never has a dog on each side of a point (no capture); every point has at
    // least 3 neighbours, so one piece never blocks the other. No position ends: all draws. Every
    // placement of the two on distinct points with either side to move is reachable (the board minus
    // a point is connected, and a triangle such as a1-b1-b2 lets a piece change the parity of its
    // walk): 25 x 24 x 2 = 1200 positions.
    const p = setup(surround, { hunter: ['c3'], prey: ['a1'] });
    const sol = solveReference(surround, p, { 'captures-to-win': 2 });
    expect(sol.positions).toBe(1200);
    expect([...sol.values.values()].every((v) => v.result === 'draw' && v.plies === 0)).toBe(true);
    expect(sol.longestWin).toBeNull();
  });

  it('double-tiger: a jump takes one dog of a stack; shepherds-and-wolves: a jump to the threshold', () => {
    // one tiger on c1 (reduced material), a stack of 2 on c2 (beyond it c3 is empty),
    // captures-to-win=1: c1xc3 takes one dog: 'win' 1; the dogs, to move, have lost (c2 keeps 1 dog).
    const o1: Options = { 'captures-to-win': 1 };
    const d = setup(double, { hunter: ['c1'], prey: ['c2:2'] });
    const sd = solveReference(double, d, o1);
    expect(sd.valueOf(d)).toEqual(win(1));
    expect(sd.valueOf('5/5/2T2/2D2/5 D - D1')).toEqual(loss(0));
    // wolf c3, sheep c4, one sheep already captured, captures-to-win=2, nothing in hand, wolves to
    // move: c3xc5 (c5 empty) makes 2: 'win' 1.
    const w = setup(wolves, { hunter: ['c3'], prey: ['c4'], captured: { prey: 1 } });
    expect(solve(wolves, w, { 'captures-to-win': 2 })).toEqual(win(1));
    // the knob is validated
    expect(() => solve(wolves, w, { 'captures-to-win': 0 })).toThrow(/captures-to-win/);
  });
});

describe('the solver against its definition', () => {
  /** Every position's value recomputed from its children by the definition (file header of hunt-solver.ts). */
  function checkLocally(g: Graph, v: Value[]): void {
    const wrong: string[] = [];
    const same = (a: Value, b: Value) => a.result === b.result && a.plies === b.plies;
    for (let i = 0; i < g.keys.length; i++) {
      const t = g.terminal[i];
      if (t) {
        if (!same(v[i], t)) wrong.push(`${g.keys[i]}: ${JSON.stringify(v[i])}, terminal ${JSON.stringify(t)}`);
        continue;
      }
      const kids: Value[] = [];
      for (let k = g.childStart[i]; k < g.childStart[i + 1]; k++) kids.push(v[g.childList[k]]);
      const lost = kids.filter((c) => c.result === 'loss').map((c) => c.plies);
      let want: Value;
      if (lost.length > 0) want = win(1 + Math.min(...lost));
      else if (kids.every((c) => c.result === 'win')) want = loss(1 + Math.max(...kids.map((c) => c.plies)));
      else want = draw;
      if (!same(v[i], want))
        wrong.push(`${g.keys[i]}: ${JSON.stringify(v[i])}, by its children ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
  }
  // Local consistency determines the values: by induction on d, a position won or lost in d has the
  // children that make it so, whose values are right, so it cannot be labelled anything else.

  /** The position texts reachable from `start`, by a plain breadth-first search over play() and a Set. */
  function plainReachable(g: Game, start: Position, o: Options): Set<string> {
    const seen = new Set([positionText(g, start, o)]);
    let frontier = [start];
    while (frontier.length > 0) {
      const next: Position[] = [];
      for (const p of frontier) {
        for (const m of g.legalMoves(p, o)) {
          const c = g.play(p, m, o);
          const k = positionText(g, c, o);
          if (!seen.has(k)) {
            seen.add(k);
            next.push(c);
          }
        }
      }
      frontier = next;
    }
    return seen;
  }

  const cases: Array<[string, Game, Position, Options]> = [
    ...['b3', 'b2', 'a4', 'b5'].flatMap((s) =>
      (['off', 1, 3] as const).map((l): [string, Game, Position, Options] => [
        `catch-the-giant giant-start=${s} stall-limit=${l}`,
        giant,
        giant.startPosition({ 'giant-start': s }),
        { 'giant-start': s, 'stall-limit': l },
      ]),
    ),
    [
      'surround-the-tiger tiger + 2 dogs',
      surround,
      setup(surround, { hunter: ['c3'], prey: ['b2', 'd4'] }),
      { 'captures-to-win': 2 },
    ],
    [
      'double-tiger a tiger + a stack of 2',
      double,
      setup(double, { hunter: ['c1'], prey: ['b2:2'] }),
      { 'captures-to-win': 2 },
    ],
    [
      'shepherds-and-wolves 0 + 1 wolves, 1 + 1 sheep',
      wolves,
      setup(wolves, { hunter: [], prey: ['c3'], hand: { hunter: 1, prey: 1 } }),
      { 'captures-to-win': 2 },
    ],
  ];
  it.each(cases)(
    '%s: every value satisfies the definition; the positions are those a plain search finds',
    (_, g, start, o) => {
      const graph = reachableGraph(g, start, o);
      checkLocally(graph, solveGraph(graph));
      expect(new Set(graph.keys).size).toBe(graph.keys.length);
      expect(new Set(graph.keys)).toEqual(plainReachable(g, start, o));
    },
  );

  it('refuses more positions than the limit', () => {
    expect(() => solveReference(giant, giant.startPosition(), {}, { maxPositions: 100 })).toThrow(
      /more than 100 positions/,
    );
  });

  it('every game of hong-kong.ts has a start text (smoke)', () => {
    for (const g of Object.values(GAMES)) expect(positionText(g, g.startPosition())).toMatch(/^\S+ [A-Z] \S+ \S+$/);
  });
});
