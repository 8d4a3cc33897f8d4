// Hand-made positions, one `describe` per rule primitive of issue 9 ("Tests"), for the six hunt games
// of RULES.md §2 and §3. Every expected legal move set, position and result below is derived BY HAND
// from RULES.md (§0 vocabulary, §2 Tibetan games, §3 Hong Kong games); the derivation is in the comment
// next to it. Nothing here was produced by the engine or by running a reference.
//
// Each case is checked twice, independently:
//   - reference: test/reference/tibetan.ts and test/reference/hong-kong.ts (written from RULES.md without
//     the core) must give the hand-derived moves, positions and results;
//   - engine: the public API (`Game.create(variant, { position, options })`, `legalMoves()`, `play()`,
//     `position()`, `result()`) must give them too.
// Every case runs against both: a variant the engine does not know (say, renamed) fails its engine half
// with the engine's UnknownVariantError, and a last check names the variants the cases must cover.
//
// Position strings follow issue 9 spec §3: ranks top first, a rank lists only its existing points, a
// stack is `G(6)`, hand and captured list the hunter side first (`W1S15`), the extra field (`last=c4`,
// `stall=2`, or `-`) is present only in games with extra state (Tibetan: the last-moved goat; Catch the
// Giant with a stall limit). Side 0 = prey (goats, dwarfs, dogs, sheep), side 1 = hunters.
//
// Board reminders (RULES.md §0). Alquerque 5x5 (`surround-the-tiger`, `double-tiger`,
// `shepherds-and-wolves`): diagonals only through a1 c1 e1 b2 d2 a3 c3 e3 b4 d4 a5 c5 e5.
// `tibetan-1` (31 points): the 5x5 on ranks 3-7 (diagonal points a3 c3 e3 b4 d4 a5 c5 e5 b6 d6 a7 c7 e7)
// + the south den: gate c3, middle row b2 c2 d2, base row a1 c1 e1; lines e5-d4-c3-b2-a1,
// a5-b4-c3-d2-e1, c7..c3-c2-c1, b2-c2-d2, a1-c1-e1. `tibetan-2` (37 points): the same + the north den:
// gate c7, b8 c8 d8, a9 c9 e9; lines e5-d6-c7-b8-a9, a5-b6-c7-d8-e9, c3..c7-c8-c9, b8-c8-d8, a9-c9-e9.
// `catch-the-giant` (11 points): b1; a2 b2 c2; a3 b3 c3; a4 b4 c4; b5 — rows and columns of the block,
// the two diagonals a2-b3-c4 and c2-b3-a4, b1 joined to a2 b2 c2, b5 joined to a4 b4 c4.
import { describe, expect, it } from 'vitest';
import * as HK from './hong-kong.js';
import * as TB from './tibetan.js';
import { Game, getVariant } from '../../src/index.js';

// ---------------------------------------------------------------------------------------------------
// The one table of piece letters, [prey side, hunter side] (the lead fixes letters here, in one place).

type VariantId =
  | 'tibetan-1'
  | 'tibetan-2'
  | 'catch-the-giant'
  | 'surround-the-tiger'
  | 'double-tiger'
  | 'shepherds-and-wolves';
const LETTERS: Record<VariantId, readonly [string, string]> = {
  'tibetan-1': ['G', 'T'],
  'tibetan-2': ['G', 'T'],
  'catch-the-giant': ['D', 'G'],
  'surround-the-tiger': ['D', 'T'],
  'double-tiger': ['D', 'T'],
  'shepherds-and-wolves': ['S', 'W'],
};

type Options = Record<string, string | number>;
interface Expected {
  winner: 'prey' | 'hunters' | 'draw';
  reason: 'captures' | 'no-moves' | 'escape' | 'stall-limit' | 'repetition';
}
const HUNTERS_CAPTURES: Expected = { winner: 'hunters', reason: 'captures' };
const HUNTERS_NO_MOVES: Expected = { winner: 'hunters', reason: 'no-moves' };
const PREY_NO_MOVES: Expected = { winner: 'prey', reason: 'no-moves' };

/** One move of a line and what must hold after it (each field optional). */
interface Step {
  play: string;
  /** the position string after the move */
  position?: string;
  /** the sorted legal move texts after the move */
  moves?: string[];
  /** the result after the move (null: the game goes on) */
  result?: Expected | null;
  /** move texts that play() must refuse after the move */
  illegal?: string[];
}

interface Case {
  title: string;
  variant: VariantId;
  options?: Options;
  position: string;
  /** sorted legal move texts at `position` */
  moves?: string[];
  result?: Expected | null;
  illegal?: string[];
  /** lines of moves, each played from `position` */
  lines?: Step[][];
}

// ---------------------------------------------------------------------------------------------------
// Plain position data (parsed from / formatted to the spec §3 grammar by this file, independently of
// src/), and adapters that run the two references on it.

interface Plain {
  cells: Map<string, { side: 0 | 1; count: number }>;
  side: 0 | 1;
  hand: [number, number];
  captured: [number, number];
  last: string | null;
  stall: number;
}

/** Point names per rank, top rank first, left to right. */
type Layout = string[][];

function layoutOf(points: Array<{ name: string; x: number; y: number }>): Layout {
  const ys = [...new Set(points.map((p) => p.y))].sort((a, b) => b - a);
  return ys.map((y) =>
    points
      .filter((p) => p.y === y)
      .sort((a, b) => a.x - b.x)
      .map((p) => p.name),
  );
}

function parsePlain(layout: Layout, letters: readonly [string, string], text: string): Plain {
  const fields = text.split(' ');
  if (fields.length < 4 || fields.length > 5) throw new Error(`test position "${text}": 4 or 5 fields`);
  const [board, side, hand, captured, extra = '-'] = fields as [string, string, string, string, string?];
  const ranks = board.split('/');
  if (ranks.length !== layout.length) throw new Error(`test position "${text}": ${layout.length} ranks expected`);
  const cells = new Map<string, { side: 0 | 1; count: number }>();
  ranks.forEach((r, i) => {
    const names = layout[i]!;
    let k = 0;
    const re = /([A-Z])(?:\((\d+)\))?|(\d+)/gy;
    let m: RegExpExecArray | null;
    let used = 0;
    while ((m = re.exec(r)) !== null) {
      used = re.lastIndex;
      if (m[3] !== undefined) k += Number(m[3]);
      else {
        const s = letters.indexOf(m[1]!);
        if (s < 0) throw new Error(`test position "${text}": letter ${m[1]}`);
        cells.set(names[k]!, { side: s as 0 | 1, count: m[2] ? Number(m[2]) : 1 });
        k++;
      }
    }
    if (used !== r.length || k !== names.length)
      throw new Error(`test position "${text}": rank "${r}" has ${names.length} points`);
  });
  const counts = (f: string): [number, number] => {
    const out: [number, number] = [0, 0];
    if (f !== '-') for (const m of f.matchAll(/([A-Z])(\d+)/g)) out[letters.indexOf(m[1]!) as 0 | 1] = Number(m[2]);
    return out;
  };
  let last: string | null = null;
  let stall = 0;
  if (extra !== '-') {
    for (const item of extra.split(',')) {
      const [k, v] = item.split('=');
      if (k === 'last') last = v!;
      else if (k === 'stall') stall = Number(v);
      else throw new Error(`test position "${text}": extra item ${item}`);
    }
  }
  return { cells, side: letters.indexOf(side) as 0 | 1, hand: counts(hand), captured: counts(captured), last, stall };
}

function formatPlain(
  layout: Layout,
  letters: readonly [string, string],
  p: Plain,
  extraKind: 'none' | 'last' | 'stall',
): string {
  const ranks = layout.map((names) => {
    let out = '';
    let run = 0;
    for (const n of names) {
      const c = p.cells.get(n);
      if (!c || c.count === 0) {
        run++;
        continue;
      }
      if (run) out += String(run);
      run = 0;
      out += letters[c.side] + (c.count > 1 ? `(${c.count})` : '');
    }
    if (run) out += String(run);
    return out;
  });
  // hunter side first (spec §3 example W1S15), zero counts left out
  const counts = (v: [number, number]) =>
    ([1, 0] as const)
      .filter((s) => v[s] > 0)
      .map((s) => letters[s] + String(v[s]))
      .join('') || '-';
  const fields = [ranks.join('/'), letters[p.side], counts(p.hand), counts(p.captured)];
  // spec §3: `last` names a point holding exactly one piece of that side (a captured last-moved goat
  // leaves no restriction to write)
  const lastHolds = p.last !== null && p.cells.get(p.last)?.side === 0 && p.cells.get(p.last)?.count === 1;
  if (extraKind === 'last') fields.push(lastHolds ? `last=${p.last}` : '-');
  if (extraKind === 'stall') fields.push(p.stall > 0 ? `stall=${p.stall}` : '-');
  return fields.join(' ');
}

interface RefGame {
  moves(): string[];
  play(text: string): void;
  result(): Expected | null;
  position(): string;
}

function tibetanRef(variant: 'tibetan-1' | 'tibetan-2', options: Options, text: string): RefGame {
  const board = TB.boardOf(variant);
  const layout = layoutOf(board.points.map((pt, i) => ({ name: TB.pointName(board, i), x: pt.x, y: pt.y })));
  const letters = LETTERS[variant];
  const q = parsePlain(layout, letters, text);
  const goats: Record<string, number> = {};
  const tigers: string[] = [];
  for (const [n, c] of q.cells) {
    if (c.side === 0) goats[n] = c.count;
    else for (let k = 0; k < c.count; k++) tigers.push(n);
  }
  let p = TB.positionFrom(variant, {
    goats,
    tigers,
    hand: q.hand[0],
    captured: q.captured[0],
    side: q.side === 0 ? 'goats' : 'tigers',
    lastGoat: q.last,
    goatsLeftToWin: Number(options['tiger-win-goats-left'] ?? 5),
  });
  return {
    moves: () => TB.moveTexts(p).sort(),
    play: (t) => {
      p = TB.play(p, t);
    },
    result: () => {
      const r = TB.result(p);
      if (!r) return null;
      return {
        winner: r.winner === 'tigers' ? 'hunters' : 'prey',
        reason: r.reason === 'goats-left' ? 'captures' : 'no-moves',
      };
    },
    position: () => {
      const cells = new Map<string, { side: 0 | 1; count: number }>();
      p.goats.forEach((c, i) => {
        if (c > 0) cells.set(TB.pointName(board, i), { side: 0, count: c });
      });
      for (const t of p.tigers) cells.set(TB.pointName(board, t), { side: 1, count: 1 });
      return formatPlain(
        layout,
        letters,
        {
          cells,
          side: p.side === 'goats' ? 0 : 1,
          hand: [p.hand, 0],
          captured: [p.captured, 0],
          last: p.lastGoat === null ? null : TB.pointName(board, p.lastGoat),
          stall: 0,
        },
        'last',
      );
    },
  };
}

function hongKongRef(variant: HK.GameId, options: Options, text: string): RefGame {
  const game = HK.GAMES[variant];
  const b = game.board;
  const layout = layoutOf(b.names.map((name, i) => ({ name, x: b.x[i]!, y: b.y[i]! })));
  const letters = LETTERS[variant];
  const q = parsePlain(layout, letters, text);
  const list = (s: 0 | 1) => [...q.cells].filter(([, c]) => c.side === s).map(([n, c]) => `${n}:${c.count}`);
  const opts: HK.Options = {};
  if (options['stall-limit'] !== undefined)
    opts['stall-limit'] = options['stall-limit'] === 'off' ? 'off' : Number(options['stall-limit']);
  let p = HK.setup(game, {
    prey: list(0),
    hunter: list(1),
    toMove: q.side === 0 ? 'prey' : 'hunter',
    hand: { prey: q.hand[0], hunter: q.hand[1] },
    captured: { prey: q.captured[0], hunter: q.captured[1] },
    stall: q.stall,
  });
  const extraKind = opts['stall-limit'] !== undefined && opts['stall-limit'] !== 'off' ? 'stall' : 'none';
  return {
    moves: () => HK.moveTexts(game, p, opts),
    play: (t) => {
      p = game.play(p, t, opts);
    },
    result: () => {
      const r = game.result(p, opts);
      if (!r) return null;
      return {
        winner: r.winner === 'hunter' ? 'hunters' : 'prey',
        reason: r.reason === 'cannot-move' ? 'no-moves' : r.reason,
      };
    },
    position: () => {
      const cells = new Map<string, { side: 0 | 1; count: number }>();
      b.names.forEach((n, i) => {
        if (p.prey[i]! > 0) cells.set(n, { side: 0, count: p.prey[i]! });
        if (p.hunter[i]! > 0) cells.set(n, { side: 1, count: p.hunter[i]! });
      });
      return formatPlain(
        layout,
        letters,
        {
          cells,
          side: p.toMove === 'prey' ? 0 : 1,
          hand: [p.hand.prey, p.hand.hunter],
          captured: [p.captured.prey, p.captured.hunter],
          last: null,
          stall: p.stall,
        },
        extraKind,
      );
    },
  };
}

function reference(c: { variant: VariantId; options?: Options }, position: string): RefGame {
  return c.variant === 'tibetan-1' || c.variant === 'tibetan-2'
    ? tibetanRef(c.variant, c.options ?? {}, position)
    : hongKongRef(c.variant, c.options ?? {}, position);
}

const sorted = (xs: readonly string[]) => [...xs].sort();
const outcome = (r: { winner: string; reason: string } | null) =>
  r === null ? null : { winner: r.winner, reason: r.reason };

/** The variants of the cases registered (by check(), while the file is collected). */
const covered = new Set<string>();

/** Registers the reference and engine checks of one case. */
function check(c: Case): void {
  covered.add(c.variant);
  const where = (s: string) => `${c.variant} ${JSON.stringify(c.options ?? {})} ${s}`;
  it(`${c.title}: reference`, () => {
    const r = reference(c, c.position);
    expect(r.position(), where('reference reads the position back')).toBe(c.position);
    if (c.moves) expect(r.moves(), where(`moves at ${c.position}`)).toEqual(c.moves);
    if (c.result !== undefined) expect(r.result(), where(`result at ${c.position}`)).toEqual(c.result);
    for (const t of c.illegal ?? [])
      expect(() => reference(c, c.position).play(t), where(`${t} at ${c.position}`)).toThrow();
    for (const line of c.lines ?? []) {
      const g = reference(c, c.position);
      const done: string[] = [];
      for (const s of line) {
        g.play(s.play);
        done.push(s.play);
        const at = where(`after ${done.join(' ')} from ${c.position}`);
        if (s.position !== undefined) expect(g.position(), at).toBe(s.position);
        if (s.moves) expect(g.moves(), at).toEqual(s.moves);
        if (s.result !== undefined) expect(g.result(), at).toEqual(s.result);
        for (const t of s.illegal ?? []) {
          const again = reference(c, c.position);
          for (const d of done) again.play(d);
          expect(() => again.play(t), `${at}: ${t}`).toThrow();
        }
      }
    }
  });
  // always registered: a variant the engine does not know (renamed, dropped) fails here, never skips
  it(`${c.title}: engine`, async () => {
    const create = () => Game.create(c.variant, { position: c.position, options: c.options ?? {}, hashMb: 1 });
    const g = await create();
    try {
      expect(g.position(), where('engine reads the position back')).toBe(c.position);
      if (c.moves) expect(sorted(g.legalMoves()), where(`moves at ${c.position}`)).toEqual(c.moves);
      if (c.result !== undefined) expect(outcome(g.result()), where(`result at ${c.position}`)).toEqual(c.result);
      for (const t of c.illegal ?? []) {
        expect(() => g.play(t), where(`${t} at ${c.position}`)).toThrow();
        expect(g.position()).toBe(c.position);
      }
    } finally {
      g.dispose();
    }
    for (const line of c.lines ?? []) {
      const e = await create();
      try {
        const done: string[] = [];
        for (const s of line) {
          e.play(s.play);
          done.push(s.play);
          const at = where(`after ${done.join(' ')} from ${c.position}`);
          if (s.position !== undefined) expect(e.position(), at).toBe(s.position);
          if (s.moves) expect(sorted(e.legalMoves()), at).toEqual(s.moves);
          if (s.result !== undefined) {
            const r = e.result();
            expect(outcome(r), at).toEqual(s.result);
            if (r) expect(typeof r.winnerName, at).toBe('string');
          }
          for (const t of s.illegal ?? []) {
            const before = e.position();
            expect(() => e.play(t), `${at}: ${t}`).toThrow();
            expect(e.position(), `${at}: ${t} refused leaves the position`).toBe(before);
          }
        }
      } finally {
        e.dispose();
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The cases.

describe('multi-jump: two paths to the same move, and a loop back to the start point (tibetan-1)', () => {
  // Tiger a5; goats a4, b4, c4, b3 near it; ranks 6-7 full of goats (10), 1 captured: 14 + 1 = 15.
  // Ranks 6-7 are safe: every jump over a rank-6 goat lands on rank 7, which is full.
  // a5: step a5-b5 (a4 a6 b4 b6 occupied). Jumps (DFS, C = points captured from so far):
  //   a5 -a4-> a3 {a4}; a5 -b4-> c3 {b4}   (a6->a7 and b6->c7 land on goats)
  //   a3{a4}: -b3-> c3 {a4,b3}; -b4-> c5 {a4,b4}
  //   c3{a4,b3}: -c4-> c5 {a4,b3,c4}; -b4-> a5 {a4,b3,b4} (a5 is empty: the tiger left it)
  //   c5{a4,b3,c4}: -b4-> a3 {a4,b3,b4,c4}  (c6/b6/d6 land on rank-7 goats)
  //   c5{a4,b4}: -c4-> c3 {a4,b4,c4};  c3{a4,b4,c4}: -b3-> a3 {a4,b3,b4,c4}
  //   c3{b4}: -b3-> a3 {b3,b4}; -c4-> c5 {b4,c4};  a3{b3,b4}: -a4-> a5 {a4,b3,b4};  c5{b4,c4}: none
  // Identities (start, end, set): a5xa3xc3xc5xa3 = a5xa3xc5xc3xa3 (a5 -> a3, all four) and the loops
  // a5xa3xc3xa5 = a5xc3xa3xa5 (a5 -> a5, {a4,b3,b4}): 12 paths, 10 jump moves. Notation (docs/notation.md): a
  // capture whose start and end no other legal move shares is written start x end (the loop: a5xa5);
  // the others by the path whose landings come first in board order (rank by rank: c3 before c5, a3
  // before c3), compared landing by landing. + 1 step = 11 moves.
  const position = 'GGGGG/GGGGG/T4/GGG2/1G3/3/3 T - G1 -';
  const afterFour = 'GGGGG/GGGGG/5/5/T4/3/3 G - G5 -'; // tiger a3; a4 b3 b4 c4 gone
  const afterLoop = 'GGGGG/GGGGG/T4/2G2/5/3/3 G - G4 -'; // tiger back on a5; a4 b3 b4 gone, c4 stays
  check({
    title: 'both paths of a four-goat jump are one move; both loop paths are one move',
    variant: 'tibetan-1',
    position,
    moves: [
      'a5-b5',
      'a5xa3',
      'a5xa3xc3',
      'a5xa3xc3xc5',
      'a5xa3xc3xc5xa3',
      'a5xa3xc5',
      'a5xa3xc5xc3',
      'a5xa5',
      'a5xc3',
      'a5xc3xa3',
      'a5xc3xc5',
    ],
    // a path that re-jumps a point it already captured from (a4 twice) is no move
    illegal: ['a5xa3xa5', 'a5xa3xc3xa5xa3'],
    lines: [
      [{ play: 'a5xa3xc3xc5xa3', position: afterFour, result: null }],
      [{ play: 'a5xa3xc5xc3xa3', position: afterFour, result: null }],
      [{ play: 'a5xa3xc3xa5', position: afterLoop, result: null }],
      [{ play: 'a5xc3xa3xa5', position: afterLoop, result: null }],
    ],
  });
});

describe("a jump through a den's gate (tibetan-1)", () => {
  // Goats: ranks 6-7 (10) + the gate c3; 4 captured (15).
  // Tiger b2 (den middle row): lines a1-b2-c3-d4-e5 and b2-c2-d2: neighbours a1, c2, c3.
  // Steps b2-a1, b2-c2; jump b2 -c3-> d4 (into the board across the gate). From d4 no goat is adjacent
  // but c3 (already captured from): no continuation.
  check({
    title: 'from the den over the gate into the board',
    variant: 'tibetan-1',
    position: 'GGGGG/GGGGG/5/5/2G2/T2/3 T - G4 -',
    moves: ['b2-a1', 'b2-c2', 'b2xd4'],
    lines: [[{ play: 'b2xd4', position: 'GGGGG/GGGGG/5/3T1/5/3/3 G - G5 -', result: null }]],
  });
  // Tiger c4 (no diagonals): neighbours b4, d4, c5, c3. The c-file runs on through the gate into the den:
  // jump c4 -c3-> c2. From c2 (lines c1-c2-c3 and b2-c2-d2): nothing to jump (c3 taken from; b2, d2, c1
  // are line ends or empty).
  check({
    title: 'from the board over the gate into the den',
    variant: 'tibetan-1',
    position: 'GGGGG/GGGGG/5/2T2/2G2/3/3 T - G4 -',
    moves: ['c4-b4', 'c4-c5', 'c4-d4', 'c4xc2'],
    lines: [[{ play: 'c4xc2', position: 'GGGGG/GGGGG/5/5/5/1T1/3 G - G5 -', result: null }]],
  });
});

describe('stacks: a jump over a stack takes one goat; a chain may not re-jump a stack (tibetan-2 setup=stacks)', () => {
  // 24 goats: a9 c9 e9 (north den base row) + d4(6) e4 = 10 on the board, 14 captured; the goat on e9
  // stepped there on the goats' last turn (last=e9: a stack stands only where the setup starts one, and
  // after a goat step the tigers are to move with the point it stepped to named).
  // Tigers c5 and c1.
  // c5 (8 lines): steps to b4 b5 b6 c4 c6 d5 d6 (d4 occupied); jump c5 -d4(stack)-> e3 {d4};
  //   e3 (neighbours d3, e4, d4): -e4-> e5 {d4,e4}; e5 (neighbours d5 e6 e4 d4 d6): over d4 -> c3 would
  //   capture from d4 a second time: refused; nothing else. From e3, d4 back to c5 is refused likewise.
  // c1 (den base): neighbours a1, e1 (base row), c2: three steps; nothing to jump.
  // The north-den goats cannot be jumped (a9, c9, e9 end their lines).
  const position = 'GGG/3/5/5/2T2/3G(6)G/5/3/1T1 T - G14 last=e9';
  const afterOne = 'GGG/3/5/5/5/3G(5)G/4T/3/1T1 G - G15 last=e9';
  check({
    title: 'c5xe3 takes one goat of six; c5xe3xe5 may not go on over d4 again',
    variant: 'tibetan-2',
    options: { setup: 'stacks' },
    position,
    // c5xe3xe5 is the only capture from c5 to e5: written c5xe5 (its path is accepted too)
    moves: ['c1-a1', 'c1-c2', 'c1-e1', 'c5-b4', 'c5-b5', 'c5-b6', 'c5-c4', 'c5-c6', 'c5-d5', 'c5-d6', 'c5xe3', 'c5xe5'],
    illegal: ['c5xe3xe5xc3', 'c5xe3xc5'],
    lines: [
      // Goats to move after c5xe3 (last=e9 kept: e9 may not move):
      //   a9 -> b8; c9 -> c8; d4(5): c3 c4 c5 d3 d5 e5 (e3 tiger, e4 goat); e4 -> e5.
      // d4-c4 moves ONE goat off the stack (d4: 5 -> 4) and sets last=c4.
      [
        {
          play: 'c5xe3',
          position: afterOne,
          result: null,
          moves: ['a9-b8', 'c9-c8', 'd4-c3', 'd4-c4', 'd4-c5', 'd4-d3', 'd4-d5', 'd4-e5', 'e4-e5'],
        },
        { play: 'd4-c4', position: 'GGG/3/5/5/5/2GG(4)G/4T/3/1T1 T - G15 last=c4' },
      ],
      [{ play: 'c5xe3xe5', position: 'GGG/3/5/5/4T/3G(5)1/5/3/1T1 G - G16 last=e9', result: null }],
    ],
  });
});

describe('the last-moved goat rule and the last= field (tibetan-1)', () => {
  // Goats a7..e7 and c4 (6) + 9 captured; tiger c1; goats to move; the goat on c4 stepped there last turn.
  // c4 may not move. The rest: a7 -> a6, b6; b7 -> b6; c7 -> b6, c6, d6; d7 -> d6; e7 -> d6, e6.
  // After a7-a6 (last=a6) and the tiger's c1-c2 (last stays a6: it is the goats' previous turn), a6 may
  // not move and c4 may again: b7 -> a7, b6; c7 -> b6 c6 d6; d7 -> d6; e7 -> d6 e6; c4 -> b4 c3 c5 d4.
  check({
    title: 'the goat that just stepped may not move; the one before it may',
    variant: 'tibetan-1',
    position: 'GGGGG/5/5/2G2/5/3/1T1 G - G9 last=c4',
    moves: ['a7-a6', 'a7-b6', 'b7-b6', 'c7-b6', 'c7-c6', 'c7-d6', 'd7-d6', 'e7-d6', 'e7-e6'],
    illegal: ['c4-c5', 'c4-b4'],
    lines: [
      [
        { play: 'a7-a6', position: '1GGGG/G4/5/2G2/5/3/1T1 T - G9 last=a6', result: null },
        {
          play: 'c1-c2',
          position: '1GGGG/G4/5/2G2/5/1T1/3 G - G9 last=a6',
          moves: [
            'b7-a7',
            'b7-b6',
            'c4-b4',
            'c4-c3',
            'c4-c5',
            'c4-d4',
            'c7-b6',
            'c7-c6',
            'c7-d6',
            'd7-d6',
            'e7-d6',
            'e7-e6',
          ],
          illegal: ['a6-a5'],
        },
      ],
    ],
  });
  // Goats on ranks 6-7 (10) + 1 in hand + 4 captured; tiger c1; goats to move: they must place (20
  // empty points). The placement on c4 sets no last point (extra '-'), so after the tiger's c1-c2 the
  // goat on c4 may step: a6 -> a5; b6 -> a5 b5 c5; c6 -> c5; d6 -> c5 d5 e5; e6 -> e5; c4 -> b4 c3 c5 d4.
  check({
    title: 'a placement sets no restriction',
    variant: 'tibetan-1',
    position: 'GGGGG/GGGGG/5/5/5/3/1T1 G G1 G4 -',
    moves: [
      'a1',
      'a3',
      'a4',
      'a5',
      'b2',
      'b3',
      'b4',
      'b5',
      'c2',
      'c3',
      'c4',
      'c5',
      'd2',
      'd3',
      'd4',
      'd5',
      'e1',
      'e3',
      'e4',
      'e5',
    ],
    lines: [
      [
        { play: 'c4', position: 'GGGGG/GGGGG/5/2G2/5/3/1T1 T - G4 -', moves: ['c1-a1', 'c1-c2', 'c1-e1'] },
        {
          play: 'c1-c2',
          position: 'GGGGG/GGGGG/5/2G2/5/1T1/3 G - G4 -',
          moves: [
            'a6-a5',
            'b6-a5',
            'b6-b5',
            'b6-c5',
            'c4-b4',
            'c4-c3',
            'c4-c5',
            'c4-d4',
            'c6-c5',
            'd6-c5',
            'd6-d5',
            'd6-e5',
            'e6-e5',
          ],
        },
      ],
    ],
  });
});

describe('the last-moved goat captured (tibetan-1)', () => {
  // Goats ranks 6-7 (10) + c4, which stepped there last turn; 4 captured. Tiger c5 jumps it: c5 -c4-> c3
  // (b6 c6 d6 lie under the full rank 7; nothing to jump from c3). The point c4 is empty now: no goat
  // is barred (extra '-'); the goats: a6 -> a5; b6 -> a5 b5 c5; c6 -> c5; d6 -> c5 d5 e5; e6 -> e5.
  check({
    title: 'capturing the goat that just stepped clears the restriction',
    variant: 'tibetan-1',
    position: 'GGGGG/GGGGG/2T2/2G2/5/3/3 T - G4 last=c4',
    lines: [
      [
        {
          play: 'c5xc3',
          position: 'GGGGG/GGGGG/5/5/2T2/3/3 G - G5 -',
          moves: ['a6-a5', 'b6-a5', 'b6-b5', 'b6-c5', 'c6-c5', 'd6-c5', 'd6-d5', 'd6-e5', 'e6-e5'],
          result: null,
        },
      ],
    ],
  });
});

describe('goats-left thresholds (tibetan-1 tiger-win-goats-left=5|6|7)', () => {
  // Tiger c5, goat c4 with c3 empty: c5xc3 takes one goat (no continuation: nothing next to c3).
  // Goats on board before the jump: rank 7 (5) + c4 + 0, 1 or 2 of a4, e4 (not next to c5 or c3), so
  // N + 1 goats are left (hand 0) and N after the jump: the tigers win ('captures') exactly when the
  // option is >= N; one below, the game goes on. A step leaves N + 1: no result.
  const cases: Array<[number, string, string]> = [
    [5, 'GGGGG/5/2T2/2G2/5/3/3 T - G9 -', 'GGGGG/5/5/5/2T2/3/3 G - G10 -'],
    [6, 'GGGGG/5/2T2/G1G2/5/3/3 T - G8 -', 'GGGGG/5/5/G4/2T2/3/3 G - G9 -'],
    [7, 'GGGGG/5/2T2/G1G1G/5/3/3 T - G7 -', 'GGGGG/5/5/G3G/2T2/3/3 G - G8 -'],
  ];
  for (const [n, position, after] of cases) {
    check({
      title: `tiger-win-goats-left=${n}: the capture that leaves ${n} wins`,
      variant: 'tibetan-1',
      options: { 'tiger-win-goats-left': n },
      position,
      result: null,
      lines: [[{ play: 'c5xc3', position: after, result: HUNTERS_CAPTURES }], [{ play: 'c5-b5', result: null }]],
    });
    if (n > 5) {
      check({
        title: `tiger-win-goats-left=${n - 1}: leaving ${n} goats does not win`,
        variant: 'tibetan-1',
        options: { 'tiger-win-goats-left': n - 1 },
        position,
        lines: [[{ play: 'c5xc3', position: after, result: null }]],
      });
    }
  }
});

describe('intervention capture (surround-the-tiger)', () => {
  // 16 dogs, none captured; tiger c4 (no diagonals): steps c4-c3, c4-c5 (b4, d4 dogs).
  // c4-c3: lines through c3 — row b3 | d3 dogs, beyond a3 and e3 empty: both taken; diagonal b2 | d4,
  //   beyond a1 and e5 empty: both taken; diagonal b4 | d2, beyond b4 is a5, a DOG: nothing taken on that
  //   line (d2's outer point e1 is empty, but both must be); column: c4 (just left) is empty: nothing.
  //   4 dogs captured on two lines at once.
  // c4-c5: c5's only line with c5 inside is the row b5 | d5, beyond b5 is a5 (a dog): nothing taken.
  const position = 'DD1D1/DDTDD/1D1D1/DD1DD/1DDD1 T - -';
  check({
    title: 'two lines at once, and a line whose outer point holds a dog',
    variant: 'surround-the-tiger',
    position,
    moves: ['c4-c3', 'c4-c5'],
    lines: [
      [{ play: 'c4-c3', position: 'DD1D1/DD2D/2T2/D2DD/1DDD1 D - D4', result: null }],
      [{ play: 'c4-c5', position: 'DDTD1/DD1DD/1D1D1/DD1DD/1DDD1 D - -', result: null }],
    ],
  });
});

describe('dispersal: while a stack exists only stack dogs move (double-tiger)', () => {
  // Dogs: d4(2) + 12 singles, 2 captured (16). Tigers c5, c1. Dogs to move: only d4 may move:
  //   d4 -> c3, c4, d3, d5 (c5 tiger; e3, e4, e5 dogs). The singles (a2-b2, a3-b3, ...) may not.
  // After d4-d5 no stack is left; the tigers' c1-c2; now every dog may move:
  //   a1 -> b2; a2 -> b2; a3 -> a4 b2 b3 b4; a5 -> a4 b4; b1 -> b2 c1; b5 -> b4; d1 -> c1 d2;
  //   d4 -> c3 c4 d3; e1 -> d2; e2 -> d2; e3 -> d2 d3; (d5, e4, e5 boxed in).
  check({
    title: 'only the stack moves; once dispersed every dog moves',
    variant: 'double-tiger',
    position: 'DDT1D/3D(2)D/D3D/D3D/DDTDD D - D2',
    moves: ['d4-c3', 'd4-c4', 'd4-d3', 'd4-d5'],
    illegal: ['a2-b2', 'a3-b3', 'e3-d3'],
    lines: [
      [
        { play: 'd4-d5', position: 'DDTDD/3DD/D3D/D3D/DDTDD T - D2', result: null },
        {
          play: 'c1-c2',
          position: 'DDTDD/3DD/D3D/D1T1D/DD1DD D - D2',
          moves: [
            'a1-b2',
            'a2-b2',
            'a3-a4',
            'a3-b2',
            'a3-b3',
            'a3-b4',
            'a5-a4',
            'a5-b4',
            'b1-b2',
            'b1-c1',
            'b5-b4',
            'd1-c1',
            'd1-d2',
            'd4-c3',
            'd4-c4',
            'd4-d3',
            'e1-d2',
            'e2-d2',
            'e3-d2',
            'e3-d3',
          ],
        },
      ],
    ],
  });
});

describe("the giant's escape and the stall limit (catch-the-giant)", () => {
  // Dwarfs a3, c3, b4 (ranks 3, 3, 4); giant b3, to move: b3 -> a2 a4 b2 c2 c4. Going down to rank 2
  // puts every dwarf above it: escape. Going to a4 (rank 4) does not.
  check({
    title: 'escape: every dwarf above the giant',
    variant: 'catch-the-giant',
    position: '1/1D1/DGD/3/1 G - -',
    moves: ['b3-a2', 'b3-a4', 'b3-b2', 'b3-c2', 'b3-c4'],
    result: null,
    lines: [
      [{ play: 'b3-b2', position: '1/1D1/D1D/1G1/1 D - -', result: { winner: 'hunters', reason: 'escape' } }],
      [{ play: 'b3-a2', result: { winner: 'hunters', reason: 'escape' } }],
      [{ play: 'b3-a4', position: '1/GD1/D1D/3/1 D - -', result: null }],
    ],
  });
  // Dwarfs step N, NE, E, W, NW only (rank never decreases). Dwarfs a2, c2, b3; giant b5.
  //   a2 -> a3 (N), b2 (E); not b1 (down), b3 occupied.   c2 -> c3, b2; not b1.
  //   b3 -> a3 (W), c3 (E), a4 (NW), b4 (N), c4 (NE); not b2 (S).
  check({
    title: 'dwarfs move forward or sideways, never down',
    variant: 'catch-the-giant',
    position: 'G/3/1D1/D1D/1 D - -',
    moves: ['a2-a3', 'a2-b2', 'b3-a3', 'b3-a4', 'b3-b4', 'b3-c3', 'b3-c4', 'c2-b2', 'c2-c3'],
    illegal: ['a2-b1', 'c2-b1', 'b3-b2'],
    lines: [
      [
        { play: 'a2-b2', result: null },
        { play: 'b5-a4', result: null },
        { play: 'b2-a2', result: null },
      ],
    ],
  });
  // stall-limit=3 from stall=1: a2-b2 (sideways) -> 2; the giant's b5-a4 neither counts nor resets -> 2;
  // b2-a2 (sideways) -> 3: the giant wins. c2-c3 (gains a rank) resets to 0 instead, so after the
  // giant's a4-b5 the sideways b2-a2 only makes 1. (No escape anywhere: a dwarf stays on rank 2.)
  check({
    title: 'stall-limit=3: three rankless dwarf moves in a row, giant moves in between',
    variant: 'catch-the-giant',
    options: { 'stall-limit': 3 },
    position: 'G/3/1D1/D1D/1 D - - stall=1',
    result: null,
    lines: [
      [
        { play: 'a2-b2', position: 'G/3/1D1/1DD/1 G - - stall=2', result: null },
        { play: 'b5-a4', position: '1/G2/1D1/1DD/1 D - - stall=2', result: null },
        {
          play: 'b2-a2',
          position: '1/G2/1D1/D1D/1 G - - stall=3',
          result: { winner: 'hunters', reason: 'stall-limit' },
        },
      ],
      [
        { play: 'a2-b2', result: null },
        { play: 'b5-a4', result: null },
        { play: 'c2-c3', position: '1/G2/1DD/1D1/1 G - - -', result: null }, // stall 0: extra '-' (spec §3)
        { play: 'a4-b5', result: null },
        { play: 'b2-a2', position: 'G/3/1DD/D2/1 G - - stall=1', result: null },
      ],
    ],
  });
});

describe('placement for both sides: a wolf placement (shepherds-and-wolves)', () => {
  // The start: sheep b2 c2 d2 b3 d3 b4 c4 d4, wolf c5; in hand W1 S15; wolves first. The wolves must
  // place while they have one (the wolf on c5 may not step): the 16 empty points.
  // After c3 the sheep place (15 empty points). After the sheep's a1 the wolves, hand empty, move:
  //   c5: steps b5, d5; jumps over b4 -> a3, over d4 -> e3 (over c4 lands on the wolf c3: no).
  //   c3: jumps over b3 -> a3, d3 -> e3, c2 -> c1, d2 -> e1, b4 -> a5, d4 -> e5 (over b2 lands on the
  //   sheep a1, over c4 on the wolf c5: no); no step (all 8 neighbours are sheep).
  check({
    title: 'wolves place while one is in hand, then the sheep place, then the wolves move',
    variant: 'shepherds-and-wolves',
    position: '2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -',
    moves: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c3', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'],
    illegal: ['c5-b5', 'c5-d5'],
    lines: [
      [
        {
          play: 'c3',
          position: '2W2/1SSS1/1SWS1/1SSS1/5 S S15 -',
          moves: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'],
        },
        {
          play: 'a1',
          position: '2W2/1SSS1/1SWS1/1SSS1/S4 W S14 -',
          moves: ['c3xa3', 'c3xa5', 'c3xc1', 'c3xe1', 'c3xe3', 'c3xe5', 'c5-b5', 'c5-d5', 'c5xa3', 'c5xe3'],
        },
      ],
    ],
  });
});

describe('an orthogonal-only sheep (shepherds-and-wolves)', () => {
  // 11 sheep, 12 captured, none in hand (23); wolves a1, e1. Sheep step N, E, S, W only:
  //   c3 -> b3 c2 c4 d3 (not b2 b4 d2 d4); c1 -> b1 c2 d1; a3 -> a2 b3; e3 -> d3 e2; a4 -> b4;
  //   e4 -> d4; b5 -> b4; c5 -> c4; d5 -> d4; a5, e5 boxed in.
  check({
    title: 'the sheep on c3 has four moves, not eight',
    variant: 'shepherds-and-wolves',
    position: 'SSSSS/S3S/S1S1S/5/W1S1W S - S12',
    moves: [
      'a3-a2',
      'a3-b3',
      'a4-b4',
      'b5-b4',
      'c1-b1',
      'c1-c2',
      'c1-d1',
      'c3-b3',
      'c3-c2',
      'c3-c4',
      'c3-d3',
      'c5-c4',
      'd5-d4',
      'e3-d3',
      'e3-e2',
      'e4-d4',
    ],
    illegal: ['c3-b2', 'c3-b4', 'c3-d2', 'c3-d4'],
  });
});

describe('win conditions: tibetan-1', () => {
  // Tigers win on goats left: see the thresholds above. Goats win when the tiger cannot move: tiger c1
  // (den base) with goats a1, e1, c2; c4-c3 closes the last jump (c1 over c2 -> c3). Filler rank 7;
  // 9 goats + 6 captured.
  check({
    title: 'goats win: the tiger in the den cannot move',
    variant: 'tibetan-1',
    position: 'GGGGG/5/5/2G2/5/1G1/GTG G - G6 -',
    lines: [[{ play: 'c4-c3', position: 'GGGGG/5/5/5/2G2/1G1/GTG T - G6 last=c3', moves: [], result: PREY_NO_MOVES }]],
  });
  // Tigers win when the goats cannot move, the last-moved rule included: the den full of goats (6) is
  // boxed in once the tiger stands on the gate c3 (b2, c2, d2 need c3; a1, c1, e1 have only den
  // neighbours; every jump from c3 lands on a den goat). The goat on e7 stepped there last: it may not
  // move. 7 goats + 8 captured.
  check({
    title: "tigers win: the goats' only movable goat is the one that just moved",
    variant: 'tibetan-1',
    position: '4G/5/5/2T2/5/GGG/GGG T - G8 last=e7',
    moves: ['c4-b4', 'c4-c3', 'c4-c5', 'c4-d4'],
    lines: [
      [{ play: 'c4-c3', position: '4G/5/5/5/2T2/GGG/GGG G - G8 last=e7', moves: [], result: HUNTERS_NO_MOVES }],
      // control: with the tiger elsewhere the den goats b2, c2, d2 can step to c3 (e7 still may not move)
      [{ play: 'c4-b4', moves: ['b2-c3', 'c2-c3', 'd2-c3'], result: null }],
    ],
  });
});

describe('win conditions: tibetan-2', () => {
  // setup=ring (18 goats), goats-left 5: 6 goats + 12 captured. Tiger c2 jumps the gate goat c3 to c4:
  // 5 left, the tigers win. (c8's moves: b8 c7 c9 d8 steps; c2's: b2 c1 d2 steps and the jump.)
  check({
    title: 'tigers win at 5 goats left',
    variant: 'tibetan-2',
    position: '3/1T1/5/G3G/G4/G3G/2G2/1T1/3 T - G12 -',
    moves: ['c2-b2', 'c2-c1', 'c2-d2', 'c2xc4', 'c8-b8', 'c8-c7', 'c8-c9', 'c8-d8'],
    lines: [[{ play: 'c2xc4', position: '3/1T1/5/G3G/G4/G1T1G/5/3/3 G - G13 -', result: HUNTERS_CAPTURES }]],
  });
  // Both tigers boxed in their dens' base centres: c9 by a9 e9 c8 (+ c7 behind c8), c1 by a1 e1 c2
  // (+ c3 behind c2, brought by c4-c3). 8 goats + 10 captured.
  check({
    title: 'goats win when neither tiger can move',
    variant: 'tibetan-2',
    position: 'GTG/1G1/2G2/5/5/2G2/5/1G1/GTG G - G10 -',
    lines: [
      [{ play: 'c4-c3', position: 'GTG/1G1/2G2/5/5/5/2G2/1G1/GTG T - G10 last=c3', moves: [], result: PREY_NO_MOVES }],
    ],
  });
});

describe('win conditions: catch-the-giant', () => {
  // Giant a3, dwarfs a2, b3, b4; b4-a4 (W) boxes it in: a3's neighbours a2, a4, b3 are dwarfs (no
  // escape: a2 is below the giant). Dwarfs win.
  check({
    title: 'dwarfs win when the giant cannot move',
    variant: 'catch-the-giant',
    position: '1/1D1/GD1/D2/1 D - -',
    lines: [[{ play: 'b4-a4', position: '1/D2/GD1/D2/1 G - -', moves: [], result: PREY_NO_MOVES }]],
  });
  // Dwarfs b5, b4, c4 and the giant a4, dwarfs to move: b5 has only downward neighbours; b4's a4 (giant),
  // c4, b5 are taken (b3 is down); c4's b4 and b5 taken (c3, b3 down). No escape (b4, c4 share the
  // giant's rank). The giant wins. (Given directly: the giant reaching a4 from rank 3 would have escaped.)
  check({
    title: 'the giant wins when the dwarfs cannot move',
    variant: 'catch-the-giant',
    position: 'D/GDD/3/3/1 D - -',
    moves: [],
    result: HUNTERS_NO_MOVES,
  });
  // Escape and stall-limit: see 'the giant's escape and the stall limit'.
});

describe('win conditions: surround-the-tiger', () => {
  // 12 dogs + 4 captured; tiger b2 steps to b3: row a3 | c3 dogs, a3's outer point is off the board and
  // c3's (d3) empty: both taken, 6 captured: the tiger wins. b2's other steps: a1 a2 b1 c1 c2.
  check({
    title: 'the tiger wins at 6 dogs captured (an outer point off the board counts as empty)',
    variant: 'surround-the-tiger',
    position: 'DDDDD/D3D/D1D1D/1T2D/4D T - D4',
    moves: ['b2-a1', 'b2-a2', 'b2-b1', 'b2-b3', 'b2-c1', 'b2-c2'],
    lines: [[{ play: 'b2-b3', position: 'DDDDD/D3D/1T2D/4D/4D D - D6', result: HUNTERS_CAPTURES }]],
  });
  // Tiger a1 with dogs a2, b1; c3-b2 fills its last neighbour: it cannot move, the dogs win.
  check({
    title: 'the dogs win when the tiger cannot move',
    variant: 'surround-the-tiger',
    position: 'DDDDD/DDDDD/D1D1D/D4/TD2D D - -',
    lines: [[{ play: 'c3-b2', position: 'DDDDD/DDDDD/D3D/DD3/TD2D T - -', moves: [], result: PREY_NO_MOVES }]],
  });
});

describe('win conditions: double-tiger (and a jump over a stack of dogs)', () => {
  // 11 dogs + 5 captured. Tiger c1: steps b1 d1; jumps over c2 -> c3, over the stack b2 -> a3, over the
  // stack d2 -> e3. Tiger c5: steps b4 b5 c4 d4 d5. No multi-jump: c1xa3 stops on a3 even though a3 -a4->
  // a5 would be open. c1xa3 takes one dog of b2 (4 -> 3): 6 captured, the tigers win.
  check({
    title: 'the tigers win at 6 captured; a jump takes one dog from a stack',
    variant: 'double-tiger',
    position: '2T2/D4/5/1D(4)DD(4)D/2T2 T - D5',
    moves: ['c1-b1', 'c1-d1', 'c1xa3', 'c1xc3', 'c1xe3', 'c5-b4', 'c5-b5', 'c5-c4', 'c5-d4', 'c5-d5'],
    illegal: ['c1xa3xa5'],
    lines: [
      [{ play: 'c1xa3', position: '2T2/D4/T4/1D(3)DD(4)D/5 D - D6', result: HUNTERS_CAPTURES }],
      [{ play: 'c1-b1', result: null }],
    ],
  });
  // Tigers c1, c2 in line with c3 empty: c1 may not jump the tiger c2. c1: steps b1 b2 d1 d2; c2 (no
  // diagonals): steps b2 c3 d2. 11 dogs (ranks 4-5, a3) + 5 captured, none next to a tiger.
  check({
    title: 'a tiger cannot jump a tiger',
    variant: 'double-tiger',
    position: 'DDDDD/DDDDD/D4/2T2/2T2 T - D5',
    moves: ['c1-b1', 'c1-b2', 'c1-d1', 'c1-d2', 'c2-b2', 'c2-c3', 'c2-d2'],
    illegal: ['c1xc3'],
  });
  // Tigers a1, b1 (a tiger cannot be jumped or stepped on); dogs a2 b2 c1 + a3 c3 b3 behind them; e1-d1
  // fills the last hole (b1 over c1 -> d1): neither tiger can move, the dogs win. No stack: any dog moves.
  check({
    title: 'the dogs win when neither tiger can move',
    variant: 'double-tiger',
    position: 'DDDD1/5/DDD2/DD3/TTD1D D - D5',
    lines: [[{ play: 'e1-d1', position: 'DDDD1/5/DDD2/DD3/TTDD1 T - D5', moves: [], result: PREY_NO_MOVES }]],
  });
});

describe('win conditions: shepherds-and-wolves', () => {
  // 11 sheep + 12 captured; wolves a1, e1. a1: steps a2 b1, jump over b2 -> c3; e1: steps d1 d2 e2.
  // a1xc3 makes 13 captured: the wolves win.
  check({
    title: 'the wolves win at 13 sheep captured',
    variant: 'shepherds-and-wolves',
    position: 'SSSSS/S3S/S3S/1S3/W1S1W W - S12',
    moves: ['a1-a2', 'a1-b1', 'a1xc3', 'e1-d1', 'e1-d2', 'e1-e2'],
    lines: [[{ play: 'a1xc3', position: 'SSSSS/S3S/S1W1S/5/2S1W S - S13', result: HUNTERS_CAPTURES }]],
  });
  // Wolves a1, b1; sheep a2 b2 c1 and a3 c3 b3 behind them; d2-d1 (S) fills the last hole: no wolf can
  // move, the sheep win.
  check({
    title: 'the sheep win when no wolf can move',
    variant: 'shepherds-and-wolves',
    position: 'SSSS1/5/SSS2/SS1S1/WWS2 S - S12',
    lines: [[{ play: 'd2-d1', position: 'SSSS1/5/SSS2/SS3/WWSS1 W - S12', moves: [], result: PREY_NO_MOVES }]],
  });
});

describe('the cases', () => {
  it('cover the six hunt games of RULES.md §2 and §3, each a variant the engine knows', () => {
    const six: VariantId[] = [
      'tibetan-1',
      'tibetan-2',
      'catch-the-giant',
      'surround-the-tiger',
      'double-tiger',
      'shepherds-and-wolves',
    ];
    expect([...covered].sort()).toEqual([...six].sort());
    for (const v of covered) expect(() => getVariant(v), v).not.toThrow();
  });
});
