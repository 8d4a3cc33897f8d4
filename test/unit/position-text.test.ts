// Position strings and move text for every hunt game (src/lattice/position-text.ts; issue 9 spec §3): round
// trips (fast-check) on six rule contexts, Bagh Chal agreement with today's src/notation.ts, one test per
// kind of malformed input (the 1-based column and a substring of the reason), reachability, move text.
//
// The contexts are written here from RULES.md §1-§3 (board, letters, the RuleSet fields notation needs),
// not from src/variants (being rewritten in parallel).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/contract/errors.js';
import { alquerque, hareAndHounds, type Board } from '../../src/board/index.js';
import {
  canonicalJumpText,
  formatPath,
  formatPositionText,
  maxCaptured,
  parseMoveText,
  parsePositionText,
  readPositionText,
  setupProblems,
  totalsOf,
  validateSetup,
  type NotationBase,
  type NotationContext,
  type Setup,
  type SideBits,
} from '../../src/lattice/position-text.js';

const side = (o: Partial<SideBits>): SideBits => ({
  places: false,
  stacks: false,
  noSameTwice: false,
  captureTarget: null,
  capture: 'none',
  ...o,
});
const GOATS = { letter: 'G', name: 'goat', plural: 'goats' };
const TIGERS = { letter: 'T', name: 'tiger', plural: 'tigers' };

/** A full context from a base and its start string (totals read from it; start Setup attached). */
function game(base: NotationBase, start: string): NotationContext & { startText: string } {
  const totals = totalsOf(base, start);
  const ctx: NotationContext = { ...base, totals };
  return { ...ctx, start: readPositionText(ctx, start).setup, startText: start };
}

// RULES.md §1: 20 goats in hand, 4 tigers on the corners; tigers win at 5 captured.
const BAGH = game(
  {
    board: alquerque(5),
    sides: [GOATS, TIGERS],
    rules: { sides: [side({ places: true, captureTarget: 5 }), side({ capture: 'jump' })], stall: null },
  },
  'T3T/5/5/5/T3T G G20 -',
);
// RULES.md §2 tibetan-2 setup=stacks: 6 goats on each of b4 d4 b6 d6, tigers on the den centres c2 c8;
// goats left 5 => target 24 - 5 = 19; multi-jumps; the last-moved goat rule.
const TIB2 = game(
  {
    board: alquerque(5, { dens: ['south', 'north'] }),
    sides: [GOATS, TIGERS],
    rules: {
      sides: [
        side({ places: true, stacks: true, noSameTwice: true, captureTarget: 19 }),
        side({ capture: 'multi-jump' }),
      ],
      stall: null,
    },
  },
  '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
);
// RULES.md §2 tibetan-1 setup=far-rows: 10 goats on ranks 6-7 + 5 in hand, one tiger on c2; target 15 - 5.
const TIB1 = game(
  {
    board: alquerque(5, { dens: ['south'] }),
    sides: [GOATS, TIGERS],
    rules: {
      sides: [side({ places: true, noSameTwice: true, captureTarget: 10 }), side({ capture: 'multi-jump' })],
      stall: null,
    },
  },
  'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - -',
);
// RULES.md §3 catch-the-giant with stall-limit=10: dwarfs b1 a2 c2, giant b3, the giant moves first.
const GIANT = game(
  {
    board: hareAndHounds(),
    sides: [
      { letter: 'D', name: 'dwarf', plural: 'dwarfs' },
      { letter: 'G', name: 'giant', plural: 'giants' },
    ],
    rules: { sides: [side({}), side({})], stall: { side: 0, limit: 10 } },
  },
  '1/3/1G1/D1D/D G - - -',
);
// RULES.md §3 shepherds-and-wolves: both sides place; wolves win at 13 captured.
const WOLVES = game(
  {
    board: alquerque(5),
    sides: [
      { letter: 'S', name: 'sheep', plural: 'sheep' },
      { letter: 'W', name: 'wolf', plural: 'wolves' },
    ],
    rules: { sides: [side({ places: true, captureTarget: 13 }), side({ places: true, capture: 'jump' })], stall: null },
  },
  '2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -',
);
// RULES.md §3 double-tiger: 4 dogs stacked on each of b2 d2 b4 d4; tigers win at 6 captured.
const DOGS = { letter: 'D', name: 'dog', plural: 'dogs' };
const DOUBLE = game(
  {
    board: alquerque(5),
    sides: [DOGS, TIGERS],
    rules: { sides: [side({ stacks: true, captureTarget: 6 }), side({ capture: 'jump' })], stall: null },
  },
  '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -',
);
// RULES.md §3 surround-the-tiger: 16 dogs on the edge, the tiger on c3; intervention; 6 captured wins.
const SURROUND = game(
  {
    board: alquerque(5),
    sides: [DOGS, TIGERS],
    rules: { sides: [side({ captureTarget: 6 }), side({ capture: 'intervention' })], stall: null },
  },
  'DDDDD/D3D/D1T1D/D3D/DDDDD T - -',
);

const ALL = { BAGH, TIB2, TIB1, GIANT, WOLVES, DOUBLE, SURROUND };

/** Runs fn, expects a ParseError, returns it. */
function parseError(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('expected a ParseError, nothing was thrown');
}

/** parsePositionText(ctx, text) must fail at `column` with `reason` in its message. */
function expectError(ctx: NotationContext, text: string, column: number, reason: string | RegExp): void {
  const e = parseError(() => parsePositionText(ctx, text));
  expect(e.column, e.message).toBe(column);
  expect(e.message).toMatch(
    typeof reason === 'string' ? new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : reason,
  );
  expect(e.input).toBe(text);
}

describe('totalsOf and the start strings', () => {
  it("reads each side's totals (board incl. stacks + hand + captured)", () => {
    expect(BAGH.totals).toEqual([20, 4]);
    expect(TIB2.totals).toEqual([24, 2]);
    expect(TIB1.totals).toEqual([15, 1]);
    expect(GIANT.totals).toEqual([3, 1]);
    expect(WOLVES.totals).toEqual([23, 2]);
    expect(DOUBLE.totals).toEqual([16, 2]);
    expect(SURROUND.totals).toEqual([16, 1]);
  });

  it.each(Object.entries(ALL))('%s: the start formats back to itself', (_, ctx) => {
    expect(formatPositionText(ctx, ctx.start!)).toBe(ctx.startText);
  });

  it('stacks: the count in parentheses, a stack before an empty run, a stack at a rank end', () => {
    const s = TIB2.start!;
    const b4 = TIB2.board.index('b4');
    expect([s.owner[b4], s.count[b4]]).toEqual([0, 6]);
    expect(s.count.reduce((a, b) => a + b, 0)).toBe(26);
    // a stack needs its closing parenthesis
    expectError(TIB2, '3/1T1/5/1G(6G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -', 13, 'expected ")" after the stack count 6');
    const t = readPositionText(TIB2, '3/1T1/5/G(12)4/5/G(11)3G/5/1T1/3 G - - -').setup;
    expect(t.count[TIB2.board.index('a6')]).toBe(12);
    expect(formatPositionText(TIB2, t)).toBe('3/1T1/5/G(12)4/5/G(11)3G/5/1T1/3 G - - -');
    expect(formatPositionText(TIB2, readPositionText(TIB2, '3/1T1/5/G(6)4/5/4G(6)/5/1T1/3 G G12 - -').setup)).toBe(
      '3/1T1/5/G(6)4/5/4G(6)/5/1T1/3 G G12 - -',
    );
  });

  it('the extra field is optional in a game with extra state and written as -', () => {
    const s = parsePositionText(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 -');
    expect(formatPositionText(TIB1, s)).toBe('GGGGG/GGGGG/5/5/5/1T1/3 G G5 - -');
    const g = parsePositionText(GIANT, '1/3/1G1/D1D/D D - - stall=3');
    expect(g.stall).toBe(3);
    expect(formatPositionText(GIANT, g)).toBe('1/3/1G1/D1D/D D - - stall=3');
    expect(formatPositionText(GIANT, parsePositionText(GIANT, '1/3/1G1/D1D/D D - - stall=0'))).toBe(
      '1/3/1G1/D1D/D D - - -',
    );
    const t = parsePositionText(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=a1');
    expect(t.last).toBe(TIB1.board.index('a1'));
    expect(formatPositionText(TIB1, t)).toBe('GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=a1');
  });

  it('both sides in hand, hunter side first (W1S15); any order read', () => {
    const s = parsePositionText(WOLVES, '2W2/1SSS1/1S1S1/1SSS1/5 W S15W1 -');
    expect(s.hand).toEqual([15, 1]);
    expect(formatPositionText(WOLVES, s)).toBe('2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -');
  });
});

// -------------------------------------------------------------------------------------------------
// round trips

/** Random well-formed setups for a context's board and rules (totals are then read from the setup). */
function setupArb(base: NotationBase): fc.Arbitrary<Setup> {
  const { board, rules } = base;
  const n = board.points.length;
  const cell = fc
    .oneof(
      { weight: 3, arbitrary: fc.constant([-1, 0] as const) },
      { weight: 2, arbitrary: fc.constantFrom(0, 1).map((o) => [o, 1] as const) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom(0, 1),
          fc.oneof(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 10, max: 63 })),
        ),
      },
    )
    .map(([o, k]) => (o >= 0 && k > 1 && !rules.sides[o].stacks ? [o, 1] : [o, k]) as const);
  const perSide = (ok: (s: 0 | 1) => boolean, max: (s: 0 | 1) => number) =>
    fc.tuple(
      ok(0) ? fc.integer({ min: 0, max: max(0) }) : fc.constant(0),
      ok(1) ? fc.integer({ min: 0, max: max(1) }) : fc.constant(0),
    );
  const target = (s: 0 | 1) => rules.sides[s].captureTarget;
  return fc
    .record({
      cells: fc.array(cell, { minLength: n, maxLength: n }),
      side: fc.constantFrom(0 as const, 1 as const),
      hand: perSide(
        (s) => rules.sides[s].places,
        () => 30,
      ),
      // within maxCaptured: t - 1 + the most one move takes (at least t - 1 + 1), whatever the totals
      captured: perSide(
        (s) => rules.sides[1 - s].capture !== 'none',
        (s) => target(s) ?? 12,
      ),
      lastPick: fc.nat(),
      stall: rules.stall ? fc.integer({ min: 0, max: rules.stall.limit }) : fc.constant(0),
    })
    .map(({ cells, side, hand, captured, lastPick, stall }) => {
      const owner = Int8Array.from(cells.map((c) => c[0]));
      const count = Uint8Array.from(cells.map((c) => (c[0] < 0 ? 0 : c[1])));
      const nst = rules.sides[0].noSameTwice ? 0 : rules.sides[1].noSameTwice ? 1 : -1;
      const singles = [...owner.keys()].filter((p) => owner[p] === nst && count[p] === 1);
      const last =
        nst < 0 || lastPick % (singles.length + 1) === 0 ? -1 : singles[(lastPick % (singles.length + 1)) - 1];
      return {
        owner,
        count,
        side,
        hand: [hand[0], hand[1]],
        captured: [captured[0], captured[1]],
        last,
        stall,
      } as Setup;
    });
}

function totalsOfSetup(s: Setup): [number, number] {
  const t: [number, number] = [s.hand[0] + s.captured[0], s.hand[1] + s.captured[1]];
  s.owner.forEach((o, p) => {
    if (o >= 0) t[o] += s.count[p];
  });
  return t;
}

const plain = (s: Setup) => ({ ...s, owner: [...s.owner], count: [...s.count] });

describe('round trips (fast-check)', () => {
  it.each(Object.entries(ALL))('%s: format -> parse -> equal, and format is a fixed point', (_, g) => {
    fc.assert(
      fc.property(setupArb(g), (s) => {
        const ctx: NotationContext = {
          board: g.board,
          sides: g.sides,
          rules: g.rules,
          totals: totalsOfSetup(s),
          start: g.start,
        };
        expect(maxCaptured(ctx, 0)).toBeGreaterThanOrEqual(s.captured[0]);
        const text = formatPositionText(ctx, s);
        const back = readPositionText(ctx, text).setup;
        expect(plain(back)).toEqual(plain(s));
        expect(formatPositionText(ctx, back)).toBe(text);
        // validated, the position parses exactly when no problem is known, else fails with the first
        const reasons = setupProblems(ctx, s);
        expect(validateSetup(ctx, s)).toEqual(reasons[0] ?? null);
        if (reasons.length === 0) expect(plain(parsePositionText(ctx, text))).toEqual(plain(s));
        else expect(parseError(() => parsePositionText(ctx, text)).message).toContain(reasons[0].message);
      }),
      { numRuns: 300 },
    );
  });
});

// -------------------------------------------------------------------------------------------------
// Bagh Chal: the strings of the pre-RuleSet notation (its test/unit/notation.test.ts inputs) still read the
// same way (test/unit/notation.test.ts checks every column through the Game API)

describe('Bagh Chal strings of the pre-RuleSet notation', () => {
  const accepted = [
    'T3T/5/5/5/T3T G G20 -',
    'T3T/5/2G2/5/T3T T G19 -',
    'T3T/5/5/5/TG2T T G15 G4',
    'T3T/5/5/5/T3T G G15 G5',
    '1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -',
    'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T - G3',
    'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -',
    'TTTT1/GGGGG/GGGGG/GGGGG/GGGGG T - -',
    '5/5/TTTT1/5/5 G G20 -',
    'T3T/5/5/5/T3T G G20 G0',
  ];
  it.each(accepted)('%s: reads, and its canonical form reads back to the same Setup', (text) => {
    const s = parsePositionText(BAGH, text);
    expect(plain(parsePositionText(BAGH, formatPositionText(BAGH, s)))).toEqual(plain(s));
  });

  const refused = [
    'T3T/5/5/T3T G G20 -',
    'T3T/5/5/5/T3T/ G G20 -',
    'T3TG/5/5/5/T3T G G20 -',
    'T3T/6/5/5/T3T G G20 -',
    'T3T/5/5/5/T4T G G20 -',
    'T2T/5/5/5/T3T G G20 -',
    'T3T//5/5/T3T G G20 -',
    'T3T/5/2X2/5/T3T G G20 -',
    't3T/5/5/5/T3T G G20 -',
    'T3T/5/05/5/T3T G G20 -',
    'T3T/5/23/5/T3T G G20 -',
    'T12T/5/5/5/T3T G G20 -',
    'GGGTG/GTTGG/T1GGG/GGGG1/GGG11 G - G1',
    'T3T/5/5/5/TGGG21 G G16 -',
    'T3T/5/5/5/T3T G G20',
    'T3T/5/5/5/T3T',
    '',
    'T3T/5/5/5/T3T G G20 - x',
    'T3T/5/5/5/T3T G G20 - -',
    'T3T/5/5/5/T3T  G G20 -',
    ' T3T/5/5/5/T3T G G20 -',
    'T3T/5/5/5/T3T G G20 - ',
    'T3T/5/5/5/T3T G G20 -\n',
    'T3T/5/5/5/T3T G\tG20 -',
    'T3T/5/5/5/T3T GT G20 -',
    'T3T/5/5/5/T3T - G20 -',
    'T3T/5/5/5/T3T G 20 -',
    'T3T/5/5/5/T3T G G -',
    'T3T/5/5/5/T3T G T20 -',
    'T3T/5/5/5/T3T G g20 -',
    'T3T/5/5/5/T3T G G2x -',
    'T3T/5/5/5/T3T G G10G10 -',
    'T3T/5/5/5/T3T G G020 -',
    'T3T/5/5/5/T3T G G20 T1',
    'T3T/5/5/5/T3T G G19 G1G0',
    'T3T/5/5/5/T4 G G20 -',
    '5/5/5/5/5 G G20 -',
    'T3T/5/5/5/T3T G G19 -',
    'T3T/5/2G2/5/T3T G G20 -',
    'T3T/5/5/5/T3T G - -',
    'T3T/5/5/5/T3T G G14 G6',
    'T3T/5/5/5/T3T T G15 G5',
    'T3T/5/5/5/T3T T G19 G1',
    'T3T/5/5/5/T3T T G20 -',
  ];
  it.each(refused)('%j: refused with a ParseError', (text) => {
    expect(() => parsePositionText(BAGH, text)).toThrow(ParseError);
  });
});

// -------------------------------------------------------------------------------------------------
// one test per malformed input

describe('ParseError: column and reason', () => {
  it('a bad letter', () => {
    expectError(BAGH, 'T3T/5/2X2/5/T3T G G20 -', 8, 'expected T, G or a digit, got "X"');
    expectError(GIANT, '1/3/1T1/D1D/D G - - -', 6, 'expected G, D or a digit, got "T"');
  });

  it('a stack on a side without stacks', () => {
    expectError(BAGH, 'T3T/5/2G(2)2/5/T3T G G18 -', 9, 'goats do not stack in this game (a stack of 2 on c3)');
    expectError(TIB2, '3/1T(2)1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -', 5, 'tigers do not stack');
  });

  it('a stack count of 1 or 64, or none', () => {
    expectError(TIB2, '3/1T1/5/1G(1)G(6)1/5/1G(6)1G(6)1/5/1T1/3 G G5 - -', 12, 'a stack holds 2..63 goats, got 1');
    expectError(TIB2, '3/1T1/5/G(64)4/5/5/5/1T1/3 G - - -', 11, 'a stack holds 2..63 goats, got 64');
    expectError(TIB2, '3/1T1/5/1G(01)G(6)1/5/1G(6)1G(6)1/5/1T1/3 G G6 - -', 12, 'got 01');
    expectError(TIB2, '3/1T1/5/1G(/5/5/5/1T1/3 G - - -', 12, 'expected a stack count 2..63 after "("');
  });

  it('a hand for a side that does not place', () => {
    expectError(BAGH, 'T3T/5/5/5/T3T G T1G20 -', 17, 'tigers are not placed in this game');
    expectError(DOUBLE, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T D1 -', 37, 'dogs are not placed in this game');
  });

  it('captured pieces of a side the other side cannot capture', () => {
    expectError(BAGH, 'T3T/5/5/5/T3T G G20 T1', 21, 'goats never capture in this game');
  });

  it('totals that do not add up', () => {
    expectError(
      TIB2,
      '3/1T1/5/1G(5)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      45,
      'goats on the board (23) + in hand (0) + captured (0) must be 24',
    );
    expectError(
      WOLVES,
      '2W2/1SSS1/1S1S1/1SSS1/5 W W1S14 -',
      27,
      'sheep on the board (8) + in hand (14) + captured (0) must be 23',
    );
    expectError(BAGH, 'T3T/5/5/5/T4 G G20 -', 1, 'expected 4 tigers on the board, found 3');
    expectError(
      WOLVES,
      '2W2/1SSS1/1S1S1/1SSS1/5 W S15 -',
      27,
      'wolves on the board (1) + in hand (0) + captured (0) must be 2',
    );
  });

  it('captured over what the capture target allows', () => {
    expectError(BAGH, 'T3T/5/5/5/T3T G G14 G6', 21, 'at most 5 goats can be captured');
    expectError(DOUBLE, '2T2/1D(4)1D(3)1/5/1D(2)3/2T2 D - D7', 34, 'at most 6 dogs can be captured');
    // an intervention takes up to 8 at once (4 lines through c3): 6 is the target, so 5 + 8 = 13 at most
    expectError(SURROUND, '1D3/5/2T2/5/2D2 D - D14', 21, 'at most 13 dogs can be captured');
    expect(parsePositionText(SURROUND, '1DDD1/5/2T2/5/5 D - D13').captured).toEqual([13, 0]);
  });

  it('a bad extra item', () => {
    expectError(
      TIB1,
      'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - foo=1',
      32,
      'expected "last=<point>", "stall=<count>", "clock=<count>" or "-", got "foo=1"',
    );
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=a1,', 41, 'expected an item');
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=a1,last=a1', 41, '"last=" is given twice');
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=A1', 38, 'expected a point name such as c4');
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/G2 T - G4 last=a9', 38, 'no point a9 on this board');
    expectError(BAGH, 'T3T/5/5/5/T3T G G20 - -', 23, 'expected 4 fields');
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - - -', 34, 'expected 4 or 5 fields');
    expectError(GIANT, '1/3/1G1/D1D/D D - - last=b1', 21, 'this game has no no-same-twice rule');
  });

  it('last= on an empty point, a stack or a piece of the other side', () => {
    expectError(
      TIB1,
      'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - last=c5',
      37,
      'last=c5 must name a point holding exactly one goat (the one that stepped there): it is empty',
    );
    expectError(TIB2, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 T - - last=b4', 54, 'it holds a stack of 6');
    expectError(TIB2, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 T - - last=c2', 54, 'it holds a tiger');
  });

  it('stall= without a stall rule', () => {
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - stall=1', 32, 'this game has no stall rule');
  });

  it('stall= over the limit, or not a count', () => {
    expectError(GIANT, '1/3/1G1/D1D/D D - - stall=11', 27, 'stall must be 0..10 (the stall limit), got 11');
    expectError(GIANT, '1/3/1G1/D1D/D D - - stall=03', 27, 'expected a count (digits without leading zeros)');
    expectError(GIANT, '1/3/1G1/D1D/D D - - stall=1,stall=2', 29, '"stall=" is given twice');
  });

  it('touching empty runs', () => {
    expectError(BAGH, 'T3T/5/23/5/T3T G G20 -', 8, 'two runs of empty points may not touch');
    expectError(
      TIB1,
      'GGGGG/GGGGG/5/5/5/1T1/12 G G5 -',
      24,
      'two runs of empty points may not touch ("12" reads as one run of 12; rank 1 has only 3 points)',
    );
  });

  it('a wrong rank length or rank count', () => {
    expectError(BAGH, 'T3T/5/4/5/T3T G G20 -', 8, 'rank 3 needs 5 points, found 4');
    expectError(TIB2, '5/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -', 1, 'rank 9 has only 3 points');
    expectError(TIB2, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/GGG1 G - - -', 44, 'rank 1 has only 3 points');
    expectError(GIANT, '1/3/1G1/D1D G - - -', 1, 'expected 5 ranks separated by "/", found 4');
  });

  it('a bad side to move', () => {
    expectError(GIANT, '1/3/1G1/D1D/D T - - -', 15, 'side to move must be D or G, got "T"');
  });
});

// -------------------------------------------------------------------------------------------------
// reachability

describe('checkReachable (from the RuleSet fields only)', () => {
  it('the capturer is not to move once the capture target is reached', () => {
    expectError(BAGH, 'T3T/5/5/5/T3T T G15 G5', 15, 'the capture that reached the capture target (5) ended the game');
    expectError(TIB1, '5/1GGG1/5/5/5/1T1/3 T - G12', 21, 'the capture that reached the capture target (10)');
    expect(parsePositionText(TIB1, '5/1GGG1/5/5/5/1T1/3 G - G12').captured).toEqual([12, 0]);
    expect(readPositionText(BAGH, 'T3T/5/5/5/T3T T G15 G5').setup.side).toBe(1);
  });

  it('turns played, counted from a side that still places', () => {
    // Bagh Chal: all goats start in hand, goats first, only goats place
    expectError(BAGH, 'T3T/5/5/5/T3T T G20 -', 15, 'before any goat is placed');
    expectError(BAGH, 'T3T/5/5/5/T3T T G19 G1', 15, 'each capture takes a move of theirs');
    expect(parsePositionText(BAGH, 'T3T/5/2G2/5/T3T T G18 G1').captured).toEqual([1, 0]);
    // tibetan-1: goats on the board at the start too; 5 still in hand = no goat turn yet, goats first
    expectError(TIB1, 'GGGGG/GGGGG/5/5/5/1T1/3 T G5 -', 25, 'the tigers cannot be to move before any goat is placed');
    expect(parsePositionText(TIB1, 'GGGGG/GGGGG/5/2G2/5/1T1/3 T G4 -').side).toBe(1);
    // shepherds and wolves: both sides place; the wolves move first, placing their wolf in hand
    expectError(WOLVES, '2W2/1SSS1/1S1S1/1SSS1/5 S W1S15 -', 27, 'the wolves must have 0 in hand');
    expect(parsePositionText(WOLVES, '2W2/1SSS1/1S1S1/1SSS1/W4 S S15 -').side).toBe(0);
    expectError(
      WOLVES,
      '2W2/1SSS1/1S1S1/1SSS1/W4 W S15 -',
      28,
      'the wolves must have 1 in hand: with 0 sheep placements made and the wolves to move they have had 0 turns',
    );
    expect(parsePositionText(WOLVES, '2W2/1SSS1/1S1S1/1SSS1/W3S W S14 -').side).toBe(1);
    // the sheep still place, so they have captured no wolf; the wolves' first turn was their placement
    expectError(
      WOLVES,
      '2W2/1SSS1/1S1S1/1S1S1/W3S W S14 S1',
      33,
      'cannot have been captured in the 0 moves of the wolves',
    );
    // without a start Setup in the context it is skipped
    const noStart: NotationContext = { board: BAGH.board, sides: BAGH.sides, rules: BAGH.rules, totals: BAGH.totals };
    expect(parsePositionText(noStart, 'T3T/5/5/5/T3T T G19 G1').side).toBe(1);
  });

  it('no last-moved point while the no-same-twice side still places', () => {
    expectError(TIB1, 'GGGGG/GGGG1/5/5/5/1T1/G1G T G4 - last=a1', 34, 'their previous turn was a placement');
    expect(readPositionText(TIB1, 'GGGGG/GGGG1/5/5/5/1T1/G1G T G4 - last=a1').setup.last).toBe(0);
  });

  it('the stall side is not to move with the count at the limit', () => {
    expectError(
      GIANT,
      '1/3/1G1/D1D/D D - - stall=10',
      27,
      'the move that reached it ended the game, with the giants to move',
    );
    expect(parsePositionText(GIANT, '1/3/1G1/D1D/D G - - stall=10').stall).toBe(10);
  });

  it('reports a Setup built by hand: stall over limit, last on a stack, stall without a rule', () => {
    const s = parsePositionText(GIANT, GIANT.startText);
    expect(setupProblems(GIANT, { ...s, stall: 11 }).map((r) => r.message)).toEqual([
      'stall must be 0..10 (the stall limit), got 11',
    ]);
    const t = parsePositionText(TIB2, TIB2.startText);
    expect(setupProblems(TIB2, { ...t, last: TIB2.board.index('b4') })[0]).toMatchObject({
      code: 'last',
      field: 'extra',
      message: expect.stringMatching(/last=b4 must name a point holding exactly one goat/),
    });
    expect(validateSetup(BAGH, { ...BAGH.start!, stall: 2 })).toMatchObject({
      code: 'stall',
      message: expect.stringMatching(/no stall rule/),
    });
    expect(setupProblems(BAGH, BAGH.start!)).toEqual([]);
    expect(validateSetup(BAGH, BAGH.start!)).toBeNull();
  });
});

// -------------------------------------------------------------------------------------------------
// move text

describe('move text', () => {
  const B5: Board = alquerque(5);
  const ix = (n: string) => B5.index(n);

  it('kinds and points', () => {
    expect(parseMoveText(B5, 'c3')).toEqual({ kind: 'place', points: [ix('c3')] });
    expect(parseMoveText(B5, ' A1-B2 ')).toEqual({ kind: 'step', points: [ix('a1'), ix('b2')] });
    expect(parseMoveText(B5, 'a1xc3')).toEqual({ kind: 'jump', points: [ix('a1'), ix('c3')] });
    expect(parseMoveText(B5, 'a1Xc3xe5xc3')).toEqual({
      kind: 'jump',
      points: [ix('a1'), ix('c3'), ix('e5'), ix('c3')],
    });
  });

  it('formatPath and canonicalJumpText', () => {
    expect(formatPath(B5, 'place', [ix('c3')])).toBe('c3');
    expect(formatPath(B5, 'step', [ix('a1'), ix('b2')])).toBe('a1-b2');
    expect(formatPath(B5, 'jump', [ix('a1'), ix('c3'), ix('e5')])).toBe('a1xc3xe5');
    expect(
      canonicalJumpText(B5, [
        [ix('a1'), ix('e1'), ix('c3')],
        [ix('a1'), ix('c3'), ix('e1')],
      ]),
    ).toBe('a1xc3xe1');
    expect(() => formatPath(B5, 'step', [0])).toThrow(/a step has 2 points/);
    expect(() => formatPath(B5, 'place', [99])).toThrow(/no point 99/);
  });

  it('round trip on every board (fast-check)', () => {
    for (const b of [B5, TIB2.board, GIANT.board]) {
      const pt = fc.integer({ min: 0, max: b.points.length - 1 });
      const move = fc.oneof(
        pt.map((p) => ({ kind: 'place' as const, points: [p] })),
        fc.tuple(pt, pt).map(([p, q]) => ({ kind: 'step' as const, points: [p, q] })),
        fc.array(pt, { minLength: 2, maxLength: 6 }).map((points) => ({ kind: 'jump' as const, points })),
      );
      fc.assert(
        fc.property(move, (m) => {
          expect(parseMoveText(b, formatPath(b, m.kind, m.points))).toEqual(m);
        }),
      );
    }
  });

  it.each([
    ['', 1, 'empty move'],
    ['z9', 1, 'no point z9'],
    ['a1-', 4, 'expected a point name'],
    ['a1--b2', 4, 'expected a point name'],
    ['a1-b2-c3', 6, 'a step has exactly two points'],
    ['a1-b2xc3', 6, 'a step has exactly two points'],
    ['c3c4', 3, 'expected "-", "x" or the end'],
    [' a6', 2, 'no point a6'],
    ['a1xc3-e5', 6, 'a jump continues with "x" before each landing'],
    ['a1xc3_e5', 6, 'expected "x" (the next landing) or the end, got "_"'],
    ['a1xc3x', 7, 'expected a point name'],
    ['a1xc3xz9', 7, 'no point z9'],
  ])('bad move text %j -> column %i', (text, col, reason) => {
    const e = parseError(() => parseMoveText(B5, text));
    expect(e.column, e.message).toBe(col);
    expect(e.message).toContain(reason);
  });
});

// -------------------------------------------------------------------------------------------------
// validateSetup: the checks no variant of today triggers, on contexts written here (RULES.md §3, §4)

describe('validateSetup: points a side cannot reach, kings, escape with a stall, dispersal, hand-built Setups', () => {
  // Catch the Giant's dwarfs (steps N NE E W NW, never down) started on rank 2 only: b1 is out of their reach
  const DWARFS2 = game(
    {
      board: hareAndHounds(),
      sides: [
        { letter: 'D', name: 'dwarf', plural: 'dwarfs' },
        { letter: 'G', name: 'giant', plural: 'giants' },
      ],
      rules: {
        sides: [side({ steps: ['N', 'NE', 'E', 'W', 'NW'] }), side({})],
        stall: { side: 0, limit: 4 },
        escape: { side: 1 },
      },
    },
    '1/3/1G1/DDD/1 G - - -',
  );

  it('a piece of a side that does not place, on a point its steps and jumps never lead to', () => {
    expectError(
      DWARFS2,
      '1/3/1G1/D1D/D G - - -',
      13,
      'a dwarf cannot stand on b1: no piece of the dwarfs can reach it',
    );
    expect(validateSetup(DWARFS2, readPositionText(DWARFS2, '1/3/1G1/D1D/D G - - -').setup)).toMatchObject({
      code: 'unreachable-point',
      field: 'board',
      point: DWARFS2.board.index('b1'),
    });
    expect(parsePositionText(DWARFS2, 'D/3/1G1/D1D/1 G - - -').owner[DWARFS2.board.index('b5')]).toBe(0);
    // the giant steps everywhere
    expect(parsePositionText(DWARFS2, '1/3/3/DDD/G G - - -').side).toBe(1);
  });

  it('the escape condition met with a stall count above 0 and the escaping side to move', () => {
    expectError(
      DWARFS2,
      'D/DD1/1G1/3/1 G - - stall=1',
      27,
      'stall=1 cannot be with every dwarf above every giant and the giants to move',
    );
    expect(parsePositionText(DWARFS2, 'D/DD1/1G1/3/1 G - - -').stall).toBe(0); // the last dwarf move gained rank
    expect(parsePositionText(DWARFS2, 'D/DD1/1G1/3/1 D - - stall=1').side).toBe(0); // the giant moved last
    expect(parsePositionText(DWARFS2, 'D/1D1/G1D/3/1 G - - stall=1').side).toBe(1); // the giant on a3, a dwarf on c3: not escaped
  });

  // Permainan Tabal (RULES.md §4): men forward and sideways, kings from rank 9 (White) and 1 (Black), a move limit
  const TABAL = game(
    {
      board: alquerque(5, { dens: ['south', 'north'] }),
      sides: [
        { letter: 'W', name: 'White', plural: 'White' },
        { letter: 'B', name: 'Black', plural: 'Black' },
      ],
      rules: {
        sides: [
          side({ steps: ['N', 'NE', 'E', 'W', 'NW'], capture: 'multi-jump' }),
          side({ steps: ['S', 'SE', 'E', 'W', 'SW'], capture: 'multi-jump' }),
        ],
        stall: null,
        draughts: { promotion: [9, 1], moveLimit: 20 },
      },
    },
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - - -',
  );
  const TABAL_WHITE_ONLY = game(
    { ...TABAL, rules: { ...TABAL.rules, draughts: { promotion: [9, null], moveLimit: null } } },
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - -',
  );

  it('men on their promotion rank, kings of a side without one, kings and men elsewhere', () => {
    expectError(TABAL, 'BBW/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WW1 W - B1 -', 3, 'a White man cannot stand on e9');
    expect(
      parsePositionText(TABAL, 'BB+W/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WW1 B - B1 -').king![TABAL.board.index('e9')],
    ).toBe(1);
    expectError(
      TABAL_WHITE_ONLY,
      'BBB/BBB/BBBBB/BBBB1/5/WWWWW/WWWWW/WWW/+BWW W - W1',
      39,
      'Black have no kings in this game (a king on a1)',
    );
    // a Black man on rank 1 can stand there in the game without Black kings (nothing crowns it)
    expect(parsePositionText(TABAL_WHITE_ONLY, 'BBB/BBB/BBBBB/BBBB1/5/WWWWW/WWWWW/WWW/BWW W - W1').owner[0]).toBe(1);
  });

  it('a side without pieces is the side to move, with the clock at 0; both sides without pieces cannot be', () => {
    expectError(TABAL, '3/3/5/5/5/5/5/3/3 W - B16W16 -', 1, 'both sides have no pieces');
    expectError(TABAL, '3/3/5/5/5/5/1+W3/3/3 W - B16W15 -', 22, 'White cannot be to move: Black have no pieces left');
    expectError(TABAL, '3/3/5/5/5/5/1+W3/3/3 B - B16W15 clock=2', 39, 'the clock must be 0');
    expect(parsePositionText(TABAL, '3/3/5/5/5/5/1+W3/3/3 B - B16W15 -').side).toBe(1);
  });

  it('the clock counts every ply while nothing has been captured', () => {
    expectError(
      TABAL,
      'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW B - - -',
      43,
      'Black cannot be to move with the clock at 0',
    );
    expect(parsePositionText(TABAL, 'BBB/BBB/BBBBB/BBBB1/4B/WWWWW/WWWWW/WWW/WWW W - - clock=2').clock).toBe(2);
    expectError(
      TABAL,
      'BBB/BBB/BBBBB/BBBB1/4B/WWWWW/WWWWW/WWW/WWW W - - clock=21',
      56,
      'clock must be 0..20 (the move limit), got 21',
    );
    // after a capture the clock may be anything up to the limit
    expect(parsePositionText(TABAL, 'BBB/BBB/BBBBB/BBBB1/5/WWWWW/WWWWW/WWW/WWW B - B1 clock=4').clock).toBe(4);
    expectError(TABAL_WHITE_ONLY, 'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - - clock=1', 49, 'expected 4 fields');
  });

  // Double Tiger (RULES.md §3): dogs stacked 4 on b2 d2 b4 d4, the dispersal rule; tigers first
  const DISPERSE = game(
    {
      board: alquerque(5),
      sides: [DOGS, TIGERS],
      rules: {
        sides: [side({ stacks: true, dispersal: true, captureTarget: 6 }), side({ capture: 'jump' })],
        stall: null,
      },
    },
    '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -',
  );

  it('dispersal: a side whose every move left a stack has had at most as many turns as its stacks lost', () => {
    expectError(
      DISPERSE,
      '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/1T3 T - -',
      35,
      'every start stack of dogs whole means no move has been made',
    );
    expect(parsePositionText(DISPERSE, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -').side).toBe(1); // the start
    expect(parsePositionText(DISPERSE, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/1T3 D - -').side).toBe(0); // one tiger move made
    expect(parsePositionText(DISPERSE, '2T2/1D(4)1D(4)1/5/1D(4)1D(3)1/2T2 T - D1').captured).toEqual([1, 0]);
    // the dogs first: with one dog off a stack and the tigers to move, the tigers have had no turn to capture it
    const dogsFirst = game({ ...DISPERSE }, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 D - -');
    expectError(dogsFirst, '2T2/1D(4)1D(4)1/5/1D(4)1D(3)1/2T2 T - D1', 39, '1 dog cannot have been captured');
    expect(parsePositionText(dogsFirst, '2T2/1D(4)1D(4)1/5/1D(4)1D(3)1/2T2 D - D1').side).toBe(0);
    expectError(
      dogsFirst,
      '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -',
      35,
      'the tigers cannot be to move: a stack of dogs still stands',
    );
    // without the dispersal rule nothing is inferred
    expect(parsePositionText(DOUBLE, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/1T3 T - -').side).toBe(1);
  });

  it('a hand-built Setup out of shape is malformed, not a crash', () => {
    const s = BAGH.start!;
    expect(validateSetup(BAGH, { ...s, owner: new Int8Array(3) })).toMatchObject({ code: 'malformed', field: 'board' });
    expect(validateSetup(BAGH, { ...s, count: Uint8Array.from(s.count, (k, p) => (p === 0 ? 0 : k)) })).toMatchObject({
      code: 'malformed',
      message: expect.stringMatching(/point a1 has owner 1 and count 0/),
    });
    expect(validateSetup(BAGH, { ...s, side: 2 as 0 })).toMatchObject({ code: 'malformed', field: 'side' });
    expect(validateSetup(BAGH, { ...s, hand: [-1, 0] })).toMatchObject({ code: 'malformed', field: 'hand' });
    expect(validateSetup(BAGH, { ...s, captured: [0.5, 0] })).toMatchObject({ code: 'malformed', field: 'captured' });
    expect(validateSetup(BAGH, { ...s, last: 25 })).toMatchObject({ code: 'malformed', field: 'extra' });
    expect(validateSetup(BAGH, { ...s, stall: Number.NaN })).toMatchObject({ code: 'malformed', field: 'extra' });
    expect(validateSetup(BAGH, { ...s, king: new Uint8Array(25).fill(2) })).toMatchObject({ code: 'malformed' });
    expect(
      validateSetup(BAGH, { ...s, king: Uint8Array.from({ length: 25 }, (_, p) => (p === 0 ? 1 : 0)) }),
    ).toMatchObject({ code: 'king', point: 0 });
  });

  it('a Setup read by the grammar alone may be anything the grammar allows; every problem is listed, the first is the one thrown', () => {
    const { setup, columns } = readPositionText(TIB2, '3/1T1/5/G(12)4/5/G(11)3G/5/1T1/3 T G3 G1 stall=2');
    const all = setupProblems(TIB2, setup);
    expect(all.map((p) => p.code)).toEqual(['stack', 'stack', 'hand', 'count', 'last', 'stall']);
    expect(all.map((p) => p.point)).toEqual([
      TIB2.board.index('a6'),
      TIB2.board.index('a4'),
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(columns.stack[TIB2.board.index('a6')]).toBe(10);
    expect(parseError(() => parsePositionText(TIB2, '3/1T1/5/G(12)4/5/G(11)3G/5/1T1/3 T G3 G1 stall=2'))).toMatchObject(
      { column: 10, reason: 'stack', point: 'a6' },
    );
  });
});
