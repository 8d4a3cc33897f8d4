// Self-tests of the independent Tibetan tiger games reference
// (test/reference/tibetan.ts). Every expected value below is derived BY HAND
// from RULES.md §0 and §2; the derivation is written next to it. Nothing here
// comes from the engine or from running the reference.
//
// Perft figures for the lead to compare with the engine are printed, not
// asserted:  TIBETAN_PERFT=1 npx vitest run test/reference-tibetan.test.ts
// (TIBETAN_PERFT_DEPTH=n for another maximum depth; default 4).

import { describe, expect, it } from "vitest";
import {
  boardOf,
  formatMove,
  goatsLeft,
  legalMoves,
  parseMove,
  perft,
  play,
  pointIndex,
  pointName,
  positionFrom,
  result,
  startPosition,
  type Position,
  type TibetanOptions,
  type Variant,
  tigerJumpsByPaths,
} from "./reference/tibetan.js";

const names = (v: Variant, ps: number[]) => ps.map((i) => pointName(boardOf(v), i)).sort();
const nbrs = (v: Variant, p: string) => names(v, boardOf(v).neighbours[pointIndex(boardOf(v), p)]);
const texts = (p: Position) => legalMoves(p).map((m) => formatMove(p.variant, m)).sort();
const goatMap = (p: Position) => {
  const out: Record<string, number> = {};
  p.goats.forEach((c, i) => { if (c > 0) out[pointName(boardOf(p.variant), i)] = c; });
  return out;
};

describe("boards (RULES §0 grid + den)", () => {
  it("tibetan-1: 31 points, 18 lines", () => {
    // 25 grid points + 6 den points. Lines: 5 rows, 5 columns, 3 diagonals each way (16),
    // + den middle row + den base row (18); the den's two slanted sides and axis extend
    // existing lines: the short diagonals c3-d4-e5 and c3-b4-a5 become a1-b2-c3-d4-e5 and
    // e1-d2-c3-b4-a5 (5 points, were 3), and column c becomes c1..c7 (7 points). So lengths:
    // four 3s (short diagonals a5-b6-c7, e5-d6-c7; 2 den rows), thirteen 5s (5 rows,
    // 4 columns, 2 long diagonals, 2 extended ones), one 7.
    const b = boardOf("tibetan-1");
    expect(b.points.length).toBe(31);
    expect(b.lines.map((l) => l.length).sort((x, y) => x - y)).toEqual([3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 7]);
    expect(pointName(b, b.centre)).toBe("c5");
    expect(names("tibetan-1", b.denCentres)).toEqual(["c2"]);
    expect(names("tibetan-1", b.gates)).toEqual(["c3"]);
  });

  it("tibetan-1 adjacency", () => {
    // gate c3 = grid edge midpoint (local x+y = 2 even: has diagonals): b3 d3 c4 b4 d4, + den b2 c2 d2
    expect(nbrs("tibetan-1", "c3")).toEqual(["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]);
    // den centre c2: axis c3/c1, middle row b2/d2 (no diagonals inside the den)
    expect(nbrs("tibetan-1", "c2")).toEqual(["b2", "c1", "c3", "d2"]);
    // b2: slanted side c3/a1, middle row c2
    expect(nbrs("tibetan-1", "b2")).toEqual(["a1", "c2", "c3"]);
    expect(nbrs("tibetan-1", "d2")).toEqual(["c2", "c3", "e1"]);
    // base row a1 c1 e1 (two units apart, neighbours on that line)
    expect(nbrs("tibetan-1", "a1")).toEqual(["b2", "c1"]);
    expect(nbrs("tibetan-1", "c1")).toEqual(["a1", "c2", "e1"]);
    expect(nbrs("tibetan-1", "e1")).toEqual(["c1", "d2"]);
    // centre: 8; grid corner a3: b3 a4 b4; b3 (odd, no diagonal): a3 c3 b4
    expect(nbrs("tibetan-1", "c5").length).toBe(8);
    expect(nbrs("tibetan-1", "a3")).toEqual(["a4", "b3", "b4"]);
    expect(nbrs("tibetan-1", "b3")).toEqual(["a3", "b4", "c3"]);
  });

  it("tibetan-2: 37 points, 20 lines, north den mirrors the south one", () => {
    // 25 + 2 x 6; 16 grid lines + 2 x 2 den rows; column c is c1..c9.
    const b = boardOf("tibetan-2");
    expect(b.points.length).toBe(37);
    expect(b.lines.length).toBe(20);
    expect(Math.max(...b.lines.map((l) => l.length))).toBe(9);
    expect(names("tibetan-2", b.denCentres)).toEqual(["c2", "c8"]);
    expect(names("tibetan-2", b.gates)).toEqual(["c3", "c7"]);
    expect(nbrs("tibetan-2", "c7")).toEqual(["b6", "b7", "b8", "c6", "c8", "d6", "d7", "d8"]);
    expect(nbrs("tibetan-2", "c8")).toEqual(["b8", "c7", "c9", "d8"]);
    expect(nbrs("tibetan-2", "a9")).toEqual(["b8", "c9"]);
    expect(nbrs("tibetan-2", "c9")).toEqual(["a9", "c8", "e9"]);
    // the north slanted sides continue a5-b6-c7 and e5-d6-c7
    const line = (ps: string[]) => b.lines.some((l) => {
      const t = l.map((i) => pointName(b, i)).join(" ");
      return t === ps.join(" ") || t === ps.slice().reverse().join(" ");
    });
    expect(line(["a5", "b6", "c7", "d8", "e9"])).toBe(true);
    expect(line(["e5", "d6", "c7", "b8", "a9"])).toBe(true);
    expect(line(["a1", "b2", "c3", "d4", "e5"])).toBe(true);
  });

  it("tibetan-4: 105 points on a 13x13 grid", () => {
    // 81 + 4 x 6. Lines: 9 rows + 9 columns + 7 diagonals each way (32) + 4 x 2 den rows = 40.
    const b = boardOf("tibetan-4");
    expect(b.points.length).toBe(105);
    expect(b.lines.length).toBe(40);
    expect(pointName(b, b.centre)).toBe("g7");
    expect(names("tibetan-4", b.denCentres)).toEqual(["b7", "g12", "g2", "l7"]);
    expect(names("tibetan-4", b.gates)).toEqual(["c7", "g11", "g3", "k7"]);
    // west gate c7 (local (0,4), even): c6 c8 d7 d6 d8 + den b6 b7 b8
    expect(nbrs("tibetan-4", "c7")).toEqual(["b6", "b7", "b8", "c6", "c8", "d6", "d7", "d8"]);
    expect(nbrs("tibetan-4", "b7")).toEqual(["a7", "b6", "b8", "c7"]);
    expect(nbrs("tibetan-4", "a5")).toEqual(["a7", "b6"]);
    expect(nbrs("tibetan-4", "a7")).toEqual(["a5", "a9", "b7"]);
    expect(nbrs("tibetan-4", "g2")).toEqual(["f2", "g1", "g3", "h2"]);
    expect(nbrs("tibetan-4", "c3")).toEqual(["c4", "d3", "d4"]);
  });
});

describe("start positions per option", () => {
  it("tibetan-1 setups", () => {
    const far = startPosition("tibetan-1");
    expect(names("tibetan-1", far.tigers)).toEqual(["c2"]);
    expect(Object.keys(goatMap(far)).length).toBe(10); // ranks 6-7
    expect(goatMap(far).a6).toBe(1);
    expect(goatMap(far).e7).toBe(1);
    expect([far.hand, far.captured, far.side, far.lastGoat, goatsLeft(far)]).toEqual([5, 0, "goats", null, 15]);
    const ring = startPosition("tibetan-1", { setup: "ring" });
    expect(Object.keys(goatMap(ring)).sort()).toEqual(["b4", "b5", "b6", "c4", "c6", "d4", "d5", "d6"]);
    expect([ring.hand, goatsLeft(ring)]).toEqual([8, 16]);
    const sq = startPosition("tibetan-1", { setup: "square" });
    expect(Object.keys(goatMap(sq)).sort()).toEqual(["b4", "b6", "d4", "d6"]);
    expect([sq.hand, goatsLeft(sq)]).toEqual([12, 16]);
  });

  it("tibetan-1 tigers, tiger-start, first, threshold", () => {
    expect(names("tibetan-1", startPosition("tibetan-1", { "tiger-start": "gate" }).tigers)).toEqual(["c3"]);
    // tigers=2: den centre AND gate, whatever tiger-start says
    expect(names("tibetan-1", startPosition("tibetan-1", { tigers: 2 }).tigers)).toEqual(["c2", "c3"]);
    expect(names("tibetan-1", startPosition("tibetan-1", { tigers: 2, "tiger-start": "gate" }).tigers)).toEqual(["c2", "c3"]);
    expect(startPosition("tibetan-1", { first: "tigers" }).side).toBe("tigers");
    expect(startPosition("tibetan-1", { "tiger-win-goats-left": 7 }).goatsLeftToWin).toBe(7);
    expect(() => startPosition("tibetan-1", { setup: "stacks" })).toThrow(/far-rows\|ring\|square/);
    expect(() => startPosition("tibetan-2", { tigers: 1 })).toThrow(/unknown option/);
    expect(() => startPosition("tibetan-1", { "tiger-win-goats-left": 4 })).toThrow(/5\|6\|7/);
  });

  it("tibetan-2 and tibetan-4", () => {
    const ring = startPosition("tibetan-2");
    expect(names("tibetan-2", ring.tigers)).toEqual(["c2", "c8"]);
    expect([ring.hand, goatsLeft(ring)]).toEqual([10, 18]);
    const st = startPosition("tibetan-2", { setup: "stacks", "tiger-start": "gate" });
    expect(names("tibetan-2", st.tigers)).toEqual(["c3", "c7"]);
    expect(goatMap(st)).toEqual({ b4: 6, d4: 6, b6: 6, d6: 6 });
    expect([st.hand, goatsLeft(st)]).toEqual([0, 24]);
    const t4 = startPosition("tibetan-4");
    expect(names("tibetan-4", t4.tigers)).toEqual(["b7", "g12", "g2", "l7"]);
    // ring e5..i9: 5x5 square perimeter = 16
    expect(Object.keys(goatMap(t4)).length).toBe(16);
    expect([t4.hand, goatsLeft(t4)]).toEqual([48, 64]);
    const t4b = startPosition("tibetan-4", { setup: "second-line", "tiger-start": "gate" });
    expect(Object.keys(goatMap(t4b)).length).toBe(24); // 7x7 perimeter d4..j10
    expect(goatMap(t4b).d4 && goatMap(t4b).j10 && goatMap(t4b).g10).toBe(1);
    expect([t4b.hand, goatsLeft(t4b)]).toEqual([50, 74]);
    expect(names("tibetan-4", t4b.tigers)).toEqual(["c7", "g11", "g3", "k7"]);
  });
});

describe("legal move counts at the start (derived by hand)", () => {
  const count = (v: Variant, o: TibetanOptions) => legalMoves(startPosition(v, o)).length;

  it("goats first: placements on every empty point", () => {
    expect(count("tibetan-1", {})).toBe(31 - 10 - 1); // 20
    expect(count("tibetan-1", { tigers: 2 })).toBe(31 - 10 - 2); // 19
    expect(count("tibetan-1", { setup: "ring" })).toBe(31 - 8 - 1); // 22
    expect(count("tibetan-1", { setup: "square" })).toBe(31 - 4 - 1); // 26
    expect(count("tibetan-1", { setup: "square", tigers: 2 })).toBe(31 - 4 - 2); // 25
    expect(count("tibetan-2", {})).toBe(37 - 8 - 2); // 27
    expect(count("tibetan-4", {})).toBe(105 - 16 - 4); // 85
    expect(count("tibetan-4", { setup: "second-line" })).toBe(105 - 24 - 4); // 77
  });

  it("goats first with stacks, nothing in hand: steps", () => {
    // b4 d4 b6 d6 are even points with 8 neighbours each, all empty when the tigers are on
    // c2/c8: 4 x 8 = 32. With tigers on the gates c3/c7, each stack loses the step onto its
    // gate: 4 x 7 = 28.
    expect(count("tibetan-2", { setup: "stacks" })).toBe(32);
    expect(count("tibetan-2", { setup: "stacks", "tiger-start": "gate" })).toBe(28);
  });

  it("tigers first", () => {
    // den centre c2: steps to c3 c1 b2 d2, no goat next to it
    expect(count("tibetan-1", { first: "tigers" })).toBe(4);
    expect(count("tibetan-1", { first: "tigers", setup: "ring" })).toBe(4);
    expect(count("tibetan-1", { first: "tigers", setup: "square" })).toBe(4);
    // gate c3 with goats only on ranks 6-7: its 8 neighbours
    expect(count("tibetan-1", { first: "tigers", "tiger-start": "gate" })).toBe(8);
    // tigers on c2 and c3: c2 -> c1 b2 d2 (3), c3 -> its 8 minus c2 (7); no jumping a tiger
    expect(count("tibetan-1", { first: "tigers", tigers: 2 })).toBe(10);
    expect(count("tibetan-2", { first: "tigers" })).toBe(8); // 4 + 4
    // tibetan-2 stacks, tigers on c3/c7. c3: steps b3 d3 c4 b2 c2 d2 (6); jump over b4 to a5
    // (from a5: b6 -> c7 holds a tiger, b4 already taken from) and over d4 to e5 likewise (2).
    // c7 mirrors it: 2 x 8 = 16.
    expect(count("tibetan-2", { first: "tigers", setup: "stacks", "tiger-start": "gate" })).toBe(16);
    expect(count("tibetan-2", { first: "tigers", setup: "stacks" })).toBe(8);
    // tibetan-4: each den centre has 4 empty neighbours; each gate 8 (third-line goats are
    // two ranks away)
    expect(count("tibetan-4", { first: "tigers" })).toBe(16);
    expect(count("tibetan-4", { first: "tigers", "tiger-start": "gate" })).toBe(32);
  });

  it("two plies, by hand", () => {
    // tibetan-1 default: 20 placements, then the tiger on c2 (c3 c1 b2 d2). A goat on c3 takes
    // that step but opens c2 x c3 -> c4 (4); a goat on c1, b2 or d2 takes a step and cannot be
    // jumped (c1, b2, d2 end their lines through c2) (3 each); 16 other placements leave 4.
    expect(perft(startPosition("tibetan-1"), 2)).toBe(16 * 4 + 4 + 3 * 3); // 77
    // tiger-start=gate: c3's 8 neighbours; a goat placed on one of them can be jumped to the
    // empty point beyond (a3 e3 c5 a5 e5 a1 c1 e1), so the count stays 8: 20 x 8.
    expect(perft(startPosition("tibetan-1", { "tiger-start": "gate" }), 2)).toBe(160);
    // tibetan-2 stacks, tigers first: 8 tiger steps; after c2-c3 or c8-c7 the goats have
    // 32 - 2 steps (b4 d4, resp. b6 d6, lose their gate), else 32: 2 x (30 + 3 x 32) = 252.
    expect(perft(startPosition("tibetan-2", { setup: "stacks", first: "tigers" }), 2)).toBe(252);
    // tibetan-1 square, tigers first, tiger c2: 4 steps, then 12 in hand onto 26 empty points
    expect(perft(startPosition("tibetan-1", { setup: "square", first: "tigers" }), 2)).toBe(4 * 26);
  });

  it("tibetan-1 square, tiger on the gate, tigers first: a loop with two paths is one move", () => {
    // c3: steps b3 d3 c4 b2 c2 d2 (6; b4 d4 hold goats). Jumps: c3 x b4 -> a5, then from a5
    // only over b6 -> c7, then over d6 -> e5, then over d4 -> c3 (the start, empty now);
    // and the mirror c3 x d4 -> e5 x d6 -> c7 x b6 -> a5 x b4 -> c3. Prefixes: 4 + 4 jump
    // moves, but the two full loops share start c3, end c3 and captured {b4 b6 d4 d6}: 7.
    const p = startPosition("tibetan-1", { setup: "square", "tiger-start": "gate", first: "tigers" });
    expect(texts(p)).toEqual([
      "c3-b2", "c3-b3", "c3-c2", "c3-c4", "c3-d2", "c3-d3",
      "c3xa5", "c3xa5xc7", "c3xa5xc7xe5", "c3xa5xc7xe5xc3",
      "c3xe5", "c3xe5xc7", "c3xe5xc7xa5",
    ].sort());
    // either path is accepted and gives the same position: 4 taken, 12 left (in hand)
    const a = play(p, "c3xa5xc7xe5xc3");
    const b = play(p, "c3xe5xc7xa5xc3");
    expect(a).toEqual(b);
    expect([a.captured, goatsLeft(a), names("tibetan-1", a.tigers)]).toEqual([4, 12, ["c3"]]);
    // tigers=2 (c2 and c3): c2 -> c1 b2 d2 (3); c3 loses the step to c2 (5) and keeps the 7 jumps
    expect(legalMoves(startPosition("tibetan-1", { setup: "square", tigers: 2, first: "tigers" })).length).toBe(15);
  });
});

describe("hand-made positions", () => {
  it("multi-jump with two paths to the same move, counted once", () => {
    // Tiger a3 (grid corner); goats b3 c4 b5 a4 around the empty b4; 10 in hand.
    // a3: step b4. Path A: x b3 -> c3, x c4 -> c5, x b5 -> a5, x a4 -> a3.
    // Path B: x a4 -> a5, x b5 -> c5, x c4 -> c3, x b3 -> a3. No other jump anywhere on either
    // path (c3's den neighbours and everything else are empty). 9 paths/prefixes, the two
    // full loops are one move (a3, a3, {a4 b3 b5 c4}): 1 + 7 = 8 moves.
    const p = positionFrom("tibetan-1", { goats: { b3: 1, c4: 1, b5: 1, a4: 1 }, tigers: ["a3"], hand: 10, side: "tigers" });
    expect(texts(p)).toEqual([
      "a3-b4", "a3xa5", "a3xa5xc5", "a3xa5xc5xc3", "a3xa5xc5xc3xa3", "a3xc3", "a3xc3xc5", "a3xc3xc5xa5",
    ]);
    expect(perft(p, 1)).toBe(8);
    expect(formatMove("tibetan-1", parseMove(p, "a3xc3xc5xa5xa3"))).toBe("a3xa5xc5xc3xa3"); // canonical path
    expect(() => parseMove(p, "a3xc3xa3")).toThrow(); // not a jump path
  });

  it("jumps across the gate and along the den's base row", () => {
    // tiger b2, goat c3: steps a1 c2; jump along a1-b2-c3-d4-e5 over the gate to d4 (3)
    const p = positionFrom("tibetan-1", { goats: { c3: 1 }, tigers: ["b2"], hand: 10, side: "tigers" });
    expect(texts(p)).toEqual(["b2-a1", "b2-c2", "b2xd4"]);
    // tiger a1 hemmed by goats b2 and c1: jumps b2 -> c3 and c1 -> e1 (base row), no step
    const q = positionFrom("tibetan-1", { goats: { b2: 1, c1: 1 }, tigers: ["a1"], hand: 10, side: "tigers" });
    expect(texts(q)).toEqual(["a1xc3", "a1xe1"]);
  });

  it("a stack loses at most one goat per move and may not be re-jumped", () => {
    // tiger c3, 3 goats on c4: steps b3 d3 b4 d4 b2 c2 d2 (7), jump x c4 -> c5 (1). From c5 the
    // only goats are on c4, already taken from this move: no c5 x c4 -> c3 back. 8 moves.
    const p = positionFrom("tibetan-1", { goats: { c4: 3 }, tigers: ["c3"], hand: 10, side: "tigers" });
    expect(legalMoves(p).length).toBe(8);
    expect(texts(p).filter((t) => t.includes("x"))).toEqual(["c3xc5"]);
    const q = play(p, "c3xc5");
    expect([goatMap(q), q.captured, goatsLeft(q)]).toEqual([{ c4: 2 }, 1, 12]);
    // a goat leaves a stack one at a time; never onto an occupied point
    const g = positionFrom("tibetan-1", { goats: { a1: 7 }, tigers: ["c1"], side: "goats" }); // 7 left > 5
    expect(texts(g)).toEqual(["a1-b2"]);
    expect(goatMap(play(g, "a1-b2"))).toEqual({ a1: 6, b2: 1 });
  });

  it("the last-moved goat may not move next turn", () => {
    // tibetan-2 stacks: b4-c5, tiger c2-c1. Now c5 (the goat that just moved) is frozen.
    // Each stack b4 d4 b6 d6 keeps 7 of its 8 steps (c5 is occupied): 28, instead of 28 + c5's 4.
    let p = startPosition("tibetan-2", { setup: "stacks" });
    p = play(p, "b4-c5");
    expect(pointName(boardOf("tibetan-2"), p.lastGoat!)).toBe("c5");
    p = play(p, "c2-c1");
    expect(legalMoves(p).length).toBe(28);
    expect(texts(p).some((t) => t.startsWith("c5-"))).toBe(false);
    expect(texts(p)).toContain("b4-a4"); // the stack the goat came from may move
    // a placement sets no frozen point
    expect(play(startPosition("tibetan-1"), "c4").lastGoat).toBe(null);
  });

  it("if the rule leaves the goats no move, they lose", () => {
    // tibetan-1, tigers b2 and c2; 5 goats on a1 (neighbours b2 tiger, c1 goat), 1 goat on c1
    // (neighbours a1 goat, c2 tiger, e1 empty). Only c1-e1 exists; if c1 moved last, none.
    // 6 goats left > 5: not a goats-left win.
    const spec = { goats: { a1: 5, c1: 1 }, tigers: ["b2", "c2"], side: "goats" as const };
    const free = positionFrom("tibetan-1", { ...spec, lastGoat: null });
    expect(texts(free)).toEqual(["c1-e1"]);
    expect(result(free)).toBe(null);
    const frozen = positionFrom("tibetan-1", { ...spec, lastGoat: "c1" });
    expect(legalMoves(frozen)).toEqual([]);
    expect(result(frozen)).toEqual({ winner: "tigers", reason: "goats-cannot-move" });
  });

  it("goats win when the tigers cannot move", () => {
    // tiger a1: b2 and c1 occupied, the jumps land on c3 and e1, both occupied
    const p = positionFrom("tibetan-1", { goats: { b2: 1, c1: 1, c3: 1, e1: 1 }, tigers: ["a1"], hand: 10, side: "tigers" });
    expect(result(p)).toEqual({ winner: "goats", reason: "tigers-cannot-move" });
  });

  it("goats-left threshold per option, checked after the whole move", () => {
    for (const t of [5, 6, 7]) {
      // one goat on c4 + t in hand = t + 1 left: the game goes on; c3xc5 leaves t: tigers win
      const p = positionFrom("tibetan-1", { goats: { c4: 1 }, tigers: ["c3"], hand: t, side: "tigers", goatsLeftToWin: t });
      expect(result(p)).toBe(null);
      const q = play(p, "c3xc5");
      expect(goatsLeft(q)).toBe(t);
      expect(result(q)).toEqual({ winner: "tigers", reason: "goats-left" });
      expect(legalMoves(q)).toEqual([]); // a finished game has no moves
      // one more goat in hand: the same capture does not end the game
      const r = play({ ...p, hand: t + 1 }, "c3xc5");
      expect(result(r)).toBe(null);
      // at the threshold already: over, no moves
      expect(result({ ...p, hand: t - 1 })).toEqual({ winner: "tigers", reason: "goats-left" });
    }
    // a double jump from 7 left down to 5 (threshold 5) is one move; its prefix leaves 6
    const d = positionFrom("tibetan-1", { goats: { c4: 1, c6: 1 }, tigers: ["c3"], hand: 5, side: "tigers" });
    expect(result(play(d, "c3xc5"))).toBe(null);
    expect(result(play(d, "c3xc5xc7"))).toEqual({ winner: "tigers", reason: "goats-left" });
  });

  it("move text", () => {
    const p = positionFrom("tibetan-1", { goats: { c4: 1, d3: 1 }, tigers: ["c5"], hand: 6, side: "tigers" });
    // c5 x c4 -> c3, then x d3 -> e3
    expect(texts(p)).toContain("c5xc3xe3");
    expect(formatMove("tibetan-1", { kind: "place", to: pointIndex(boardOf("tibetan-1"), "c3") })).toBe("c3");
    expect(texts(startPosition("tibetan-2", { setup: "stacks" }))).toContain("b4-c5");
    expect(texts(startPosition("tibetan-4", { first: "tigers" }))).toContain("l7-m7");
  });
});

describe("jump generation by states equals jump generation by paths", () => {
  // legalMoves finds a tiger's jumps state by state (tigerJumps); tigerJumpsByPaths walks every path
  // as the rules text reads. Same moves, same canonical texts, on positions from seeded random games.
  it("on random positions of every form", () => {
    let seed = 20261201;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
    const starts: Array<[Variant, TibetanOptions]> = [["tibetan-1", { setup: "square", tigers: 2 }], ["tibetan-2", { setup: "stacks", "tiger-start": "gate" }],
      ["tibetan-4", {}], ["tibetan-4", { setup: "second-line", first: "tigers" }]];
    let compared = 0;
    for (let game = 0; game < 16; game++) {
      const [v, o] = starts[game % starts.length];
      let p = startPosition(v, o);
      for (let ply = 0; ply < 60; ply++) {
        const moves = legalMoves(p);
        if (p.side === "tigers") {
          const board = boardOf(v);
          const byStates = moves.filter((m) => m.kind === "jump").map((m) => formatMove(v, m)).sort();
          const byPaths = p.tigers.flatMap((t) => tigerJumpsByPaths(p, board, t)).map((m) => formatMove(v, m)).sort();
          expect(byStates).toEqual(byPaths);
          compared++;
        }
        if (moves.length === 0) break;
        const jumps = moves.filter((m) => m.kind === "jump");
        p = play(p, jumps.length > 0 && rnd(2) ? jumps[rnd(jumps.length)] : moves[rnd(moves.length)]);
      }
    }
    expect(compared).toBeGreaterThan(200);
  }, 120_000);
});

// ---------------------------------------------------------------------------
// Perft figures for the lead (printed, never asserted).

describe.skipIf(!process.env.TIBETAN_PERFT)("perft table (print only)", () => {
  const maxDepth = Number(process.env.TIBETAN_PERFT_DEPTH ?? 4);
  // tibetan-4's multi-jumps explode (second-line, gate: perft(2) ~ 2e5): 2 plies unless asked
  const maxDepth4 = Number(process.env.TIBETAN4_PERFT_DEPTH ?? 2);
  const rows: Array<[Variant, TibetanOptions]> = [];
  for (const setup of ["far-rows", "ring", "square"]) for (const tigers of [1, 2]) for (const ts of ["centre", "gate"])
    for (const first of ["goats", "tigers"]) rows.push(["tibetan-1", { setup, tigers, "tiger-start": ts, first }]);
  for (const g of [6, 7]) rows.push(["tibetan-1", { "tiger-win-goats-left": g }]);
  for (const setup of ["ring", "stacks"]) for (const ts of ["centre", "gate"]) for (const first of ["goats", "tigers"])
    rows.push(["tibetan-2", { setup, "tiger-start": ts, first }]);
  for (const g of [6, 7]) rows.push(["tibetan-2", { "tiger-win-goats-left": g }]);
  for (const setup of ["third-line", "second-line"]) for (const ts of ["centre", "gate"]) for (const first of ["goats", "tigers"])
    rows.push(["tibetan-4", { setup, "tiger-start": ts, first }]);
  it("prints", () => {
    for (const [v, o] of rows) {
      const p = startPosition(v, o);
      const figures: number[] = [];
      for (let d = 1; d <= (v === "tibetan-4" ? maxDepth4 : maxDepth); d++) figures.push(perft(p, d));
      process.stdout.write(`${v} ${Object.entries(o).map(([k, x]) => `${k}=${x}`).join(" ")}: ${figures.join(" ")}\n`);
    }
  }, 3_600_000);
});
