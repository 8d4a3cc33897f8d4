// Positions that cannot arise are refused, positions play reaches are not (issue 19: "Positions that
// cannot arise are accepted"). Through the API (createGame, so both families), for every game:
// - every position random playouts reach from the start, under many option sets, is accepted again
//   (a check that refuses a reachable position would fail here);
// - a table of impossible positions, each refused with a PositionError (a ParseError) naming the reason
//   code, the column and the why, and a few malformed ones refused by the grammar (a plain ParseError);
// - the error's fields, and its class across the worker boundary.
// The validation itself: src/lattice/position-text.ts validateSetup (lattice games), src/maka/validate.ts.
import { describe, expect, it } from 'vitest';
import { ParseError, PositionError, createGame, type AnyGame } from '../../src/index.js';
import { EngineWorker } from '../../src/worker/client.js';
import { parsePosition } from '../../src/maka/sfen.js';
import { validateMakaSetup } from '../../src/maka/validate.js';
import { resolveMakaOptions } from '../../src/maka/options.js';
import { rng } from '../support/playout.js';

type Options = Record<string, string | number>;

/** Plays up to `plies` random moves (captures preferred with probability `greed`), calling `at` at every position. */
function playout(g: AnyGame, seed: number, plies: number, greed: number, at: (position: string) => void): number {
  const r = rng(seed);
  let n = 0;
  at(g.position());
  for (let i = 0; i < plies && g.result() === null; i++) {
    const ms = g.legalMoves();
    if (ms.length === 0) break;
    const caps = ms.filter((m) => m.includes('x'));
    const pool = caps.length > 0 && r() < greed ? caps : ms;
    g.play(pool[Math.floor(r() * pool.length)]!);
    at(g.position());
    n++;
  }
  return n;
}

describe('every position play reaches is accepted', () => {
  const sets: [string, Options][] = [
    ['bagh-chal', {}],
    ['bagh-chal', { 'captures-to-win': 3 }],
    ['tibetan-1', {}],
    ['tibetan-1', { first: 'tigers', setup: 'ring' }],
    ['tibetan-1', { tigers: 2, setup: 'square', 'tiger-start': 'gate' }],
    ['tibetan-2', {}],
    ['tibetan-2', { setup: 'stacks' }],
    ['tibetan-2', { setup: 'stacks', first: 'tigers', 'tiger-win-goats-left': 7 }],
    ['tibetan-4', {}],
    ['tibetan-4', { setup: 'second-line', first: 'tigers' }],
    ['catch-the-giant', {}],
    ['catch-the-giant', { 'stall-limit': 3 }],
    ['catch-the-giant', { 'stall-limit': 6, 'giant-start': 'b4' }],
    ['surround-the-tiger', {}],
    ['double-tiger', {}],
    ['shepherds-and-wolves', {}],
    ['permainan-tabal', {}],
    ['permainan-tabal', { 'move-limit': 12, first: 'black' }],
    ['permainan-tabal', { majority: 'true', removal: 'end', 'move-limit': 30 }],
  ];
  it.each(sets)(
    '%s %o: random playouts, every position set again on a fresh game',
    async (variant, options) => {
      const g = await createGame(variant, { options });
      const check = await createGame(variant, { options });
      let positions = 0;
      for (let seed = 1; seed <= 5; seed++) {
        g.setPosition((await createGame(variant, { options })).position());
        positions += playout(g, seed * 7919 + variant.length, 140, seed % 2 === 0 ? 0.9 : 0.3, (p) => {
          expect(() => check.setPosition(p), `${variant} ${JSON.stringify(options)} seed ${seed}: ${p}`).not.toThrow();
        });
      }
      expect(positions).toBeGreaterThan(40);
      g.dispose();
      check.dispose();
    },
    120_000,
  );

  it.each([
    [{}],
    [{ conversion: 'false' }],
    [{ pieces: 'rokushu', promotion: 'always' }],
    [{ emperor: 'free', 'lion-dog': 'leaper' }],
  ] as [Options][])(
    'maka-dai-dai %o: random playouts (captures preferred), every position validates',
    async (options) => {
      const g = await createGame('maka-dai-dai', { options: { ...options, repetition: 'none' } });
      const o = resolveMakaOptions(options);
      const start = g.position();
      let promoted = 0;
      for (let seed = 1; seed <= 3; seed++) {
        g.setPosition(start);
        playout(g, seed * 104729, 220, 0.85, (p) => {
          const s = parsePosition(p);
          expect(validateMakaSetup(s, o), p).toBeNull();
          promoted = Math.max(promoted, (p.match(/\+/g) ?? []).length);
        });
      }
      // the playouts reach promotions (so the promoted-piece checks were exercised)
      expect(promoted).toBeGreaterThan(0);
      g.dispose();
    },
    120_000,
  );
});

// [variant, options, position, reason (PositionFault, or 'parse' for a grammar error), column, message]
type Bad = [string, Options, string, string, number, RegExp];

const LATTICE_BAD: Bad[] = [
  // the examples
  ['permainan-tabal', {}, '3/3/5/5/5/5/5/3/3 W - B16W16', 'no-pieces', 1, /both sides have no pieces/],
  [
    'permainan-tabal',
    {},
    'WBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WW1 W - B1',
    'promotion-rank',
    1,
    /a White man cannot stand on a9: a man that ends its move on rank 9 becomes a king/,
  ],
  [
    'double-tiger',
    {},
    '2T2/1D(5)1D(3)1/5/1D(4)1D(4)1/2T2 T - -',
    'stack',
    7,
    /the stack on b4 holds 5 dogs, more than the 4 it starts with/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(6)1G(5)1/5/1G(6)1G(6)1/5/1T1/3 G G1 - -',
    'hand',
    45,
    /goats are never in hand in this game/,
  ],
  // Bagh Chal
  ['bagh-chal', {}, 'T3T/5/5/5/T3T G G21 -', 'hand', 17, /21 goats in hand, more than the 20 the game starts with/],
  [
    'bagh-chal',
    {},
    'T3T/5/2G2/5/T3T G G20 -',
    'count',
    19,
    /goats on the board \(1\) \+ in hand \(20\) \+ captured \(0\) must be 20/,
  ],
  ['bagh-chal', {}, 'T3T/5/5/5/T3T T G20 -', 'side-to-move', 15, /before any goat is placed/],
  ['bagh-chal', {}, 'T3T/5/2G2/5/T3T T G14 G5', 'side-to-move', 17, /capture target \(5\) ended the game/],
  ['bagh-chal', {}, 'TTTT1/5/5/5/5 T G17 G3', 'side-to-move', 15, /3 goats captured of 3 placed/],
  ['bagh-chal', {}, 'T3T/5/5/5/T3T G G20 T1', 'captured', 21, /goats never capture/],
  ['bagh-chal', {}, 'T3T/5/2G(2)2/5/T3T G G18 -', 'stack', 9, /goats do not stack/],
  ['bagh-chal', { 'captures-to-win': 3 }, 'T3T/5/5/5/T3T G G16 G4', 'captured', 21, /at most 3 goats can be captured/],
  ['bagh-chal', {}, '+T3T/5/5/5/T3T G G20 -', 'parse', 1, /only the draughts family has kings/],
  ['bagh-chal', {}, 'T3T/5/5/5/T3T G G20 - last=a1', 'parse', 23, /expected 4 fields/],
  // Tibetan
  [
    'tibetan-1',
    {},
    'GGGGG/GGGGG/5/5/5/1T1/3 T G5 -',
    'side-to-move',
    25,
    /tigers cannot be to move before any goat is placed/,
  ],
  ['tibetan-1', {}, 'GGGGG/GGGGG/5/5/5/1T1/3 G G6 -', 'hand', 27, /6 goats in hand, more than the 5/],
  [
    'tibetan-1',
    {},
    'GGGGG/GGGG1/5/5/5/1T1/G1G T G4 - last=a1',
    'last',
    34,
    /still have 4 in hand, so their previous turn was a placement/,
  ],
  ['tibetan-1', {}, 'GGGGG/GGGGG/5/2G2/5/1T1/3 T G4 G1 -', 'count', 29, /must be 15/],
  ['tibetan-1', {}, 'GGGGG/GGGG1/5/2G2/5/1T1/3 T G4 G1 -', 'side-to-move', 27, /1 goat captured of 1 placed/],
  [
    'tibetan-1',
    { first: 'tigers' },
    'GGGGG/GGGG1/5/5/5/1T1/3 T G5 G1 -',
    'captured',
    30,
    /1 goat cannot have been captured in the 0 moves of the tigers/,
  ],
  ['tibetan-1', { tigers: 2 }, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 -', 'count', 1, /expected 2 tigers on the board, found 1/],
  [
    'tibetan-1',
    { setup: 'square' },
    '5/1G1G1/5/1G1G1/5/1T1/3 G G13 -',
    'hand',
    27,
    /13 goats in hand, more than the 12/,
  ],
  [
    'tibetan-1',
    { 'tiger-win-goats-left': 7 },
    '5/5/5/2G2/5/1T1/3 T - G14 -',
    'side-to-move',
    19,
    /capture target \(8\)/,
  ],
  [
    'tibetan-2',
    {},
    '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
    'stack',
    11,
    /goats do not stack in this game \(a stack of 6 on b6\)/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 T - - -',
    'last',
    49,
    /the goats have stepped since the start/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(7)1G(5)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
    'stack',
    11,
    /holds 7 goats, more than the 6/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(6)1G(6)1/5/1G(6)G(6)2/5/1T1/3 G - - -',
    'stack',
    29,
    /no stack of goats can stand on c4/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(6)1G(5)1/2G2/1G(6)1G(6)1/5/1T1/3 T - - -',
    'last',
    51,
    /must name the point the last goat stepped to/,
  ],
  [
    'tibetan-2',
    { setup: 'stacks', first: 'tigers' },
    '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/T2/3 T - - -',
    'last',
    48,
    /the goats have stepped/,
  ],
  ['tibetan-2', {}, '3/1T1/5/1GGG1/1G1G1/1GGG1/5/1T1/3 G G11 - -', 'hand', 37, /11 goats in hand, more than the 10/],
  [
    'tibetan-2',
    { setup: 'stacks' },
    '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - last=c2',
    'last',
    54,
    /it holds a tiger/,
  ],
  [
    'tibetan-4',
    {},
    '3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/9/1T1/3 T G48 - -',
    'side-to-move',
    59,
    /before any goat is placed/,
  ],
  [
    'tibetan-4',
    { setup: 'second-line' },
    '3/1T1/9/1GGGGGGG1/2G5G2/2G5G2/1T1G5G1T1/2G5G2/2G5G2/1GGGGGGG1/9/1T1/3 G G51 - -',
    'hand',
    73,
    /51 goats in hand, more than the 50/,
  ],
  // Catch the Giant
  ['catch-the-giant', { 'stall-limit': 5 }, '1/3/1G1/D1D/D D - - stall=6', 'stall', 27, /stall must be 0\.\.5/],
  [
    'catch-the-giant',
    { 'stall-limit': 5 },
    'D/DD1/1G1/3/1 G - - stall=2',
    'stall',
    27,
    /every dwarf above every giant and the giants to move/,
  ],
  [
    'catch-the-giant',
    { 'stall-limit': 5 },
    '1/3/1G1/D1D/D D - - stall=5',
    'stall',
    27,
    /dwarfs cannot be to move with the stall count at its limit/,
  ],
  ['catch-the-giant', {}, '1/3/1G1/D1D/D G - - stall=1', 'parse', 21, /expected 4 fields/],
  ['catch-the-giant', {}, '1/3/1G1/D1D/D G D1 -', 'hand', 17, /dwarfs are not placed/],
  ['catch-the-giant', {}, '1/3/1G1/D1D/D G - D1', 'captured', 19, /giants never capture/],
  ['catch-the-giant', {}, '1/3/GG1/D1D/D G - -', 'count', 1, /expected 1 giant on the board, found 2/],
  ['catch-the-giant', {}, '1/3/1G1/D(2)1D/1 G - -', 'stack', 10, /dwarfs do not stack/],
  // Surround the Tiger, Double Tiger
  ['surround-the-tiger', {}, 'DDDDD/D3D/D1T1D/D3D/DDDD1 T - D2', 'count', 29, /must be 16/],
  ['surround-the-tiger', {}, '1D3/5/2T2/5/2D2 T - D14', 'captured', 21, /at most 13 dogs can be captured/],
  ['surround-the-tiger', {}, '1DDD1/5/2T2/5/5 T - D13', 'side-to-move', 17, /capture target \(6\) ended the game/],
  ['surround-the-tiger', {}, 'DDDDD/D3D/D1T1D/D3D/DDDDD T T1 -', 'hand', 29, /tigers are not placed/],
  ['surround-the-tiger', {}, 'DDDDD/D3D/D1T(2)1D/D3D/DDDDD T - -', 'stack', 14, /tigers do not stack/],
  ['double-tiger', {}, '2T2/1D(4)1D(4)1/2D(3)2/1D1D(4)1/2T2 T - -', 'stack', 19, /no stack of dogs can stand on c3/],
  ['double-tiger', {}, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - D1', 'count', 37, /must be 16/],
  [
    'double-tiger',
    {},
    '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/1T3 T - -',
    'side-to-move',
    35,
    /every start stack of dogs whole means no move has been made/,
  ],
  ['double-tiger', {}, 'T(2)4/1D(4)1D(4)1/5/1D(4)1D(4)1/5 T - -', 'stack', 2, /tigers do not stack/],
  ['double-tiger', {}, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T D1 -', 'hand', 37, /dogs are not placed/],
  ['double-tiger', {}, '2T2/5/5/5/2T2 D - D16', 'captured', 19, /at most 6 dogs can be captured/],
  // Shepherds and Wolves: both sides place
  ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/5 S W1S15 -', 'hand', 27, /the wolves must have 0 in hand/],
  ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/W4 W S15 -', 'hand', 28, /the wolves must have 1 in hand/],
  ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/5 W W1S16 -', 'hand', 29, /16 sheep in hand, more than the 15/],
  ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/W3S W S14 W1', 'captured', 33, /sheep never capture/],
  [
    'shepherds-and-wolves',
    {},
    '2W2/1SSS1/1S1S1/1SS2/W3S W S14 S1',
    'captured',
    32,
    /1 sheep cannot have been captured in the 0 moves of the wolves/,
  ],
  ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/5 W W2S15 -', 'hand', 27, /2 wolves in hand, more than the 1/],
  // Permainan Tabal
  [
    'permainan-tabal',
    {},
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/BWW B - W1',
    'promotion-rank',
    39,
    /a Black man cannot stand on a1/,
  ],
  [
    'permainan-tabal',
    {},
    '3/3/5/5/5/5/1W3/3/3 W - B16W15',
    'side-to-move',
    21,
    /White cannot be to move: Black have no pieces left/,
  ],
  [
    'permainan-tabal',
    { 'move-limit': 50 },
    '3/3/5/5/5/5/1W3/3/3 B - B16W15 clock=3',
    'clock',
    38,
    /the clock must be 0/,
  ],
  [
    'permainan-tabal',
    { 'move-limit': 50 },
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW B - - -',
    'side-to-move',
    43,
    /no capture has been made, so the clock counts every ply/,
  ],
  [
    'permainan-tabal',
    { 'move-limit': 50 },
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - - clock=1',
    'side-to-move',
    43,
    /White cannot be to move with the clock at 1/,
  ],
  [
    'permainan-tabal',
    { 'move-limit': 50 },
    'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - - clock=51',
    'clock',
    55,
    /clock must be 0\.\.50/,
  ],
  ['permainan-tabal', {}, 'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W W1 -', 'hand', 45, /White are not placed/],
  ['permainan-tabal', {}, 'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/W(2)WW W - -', 'stack', 40, /White do not stack/],
  ['permainan-tabal', {}, 'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WW+ W - -', 'parse', 42, /expected B, W after "\+"/],
];

/** A Maka Dai Dai position from rank strings 19..1 (missing ranks empty) and the side to move. */
const maka = (ranks: Record<number, string>, side: 'b' | 'w' = 'b'): string =>
  Array.from({ length: 19 }, (_, k) => ranks[19 - k] ?? '19').join('/') + ' ' + side;
const START = (await createGame('maka-dai-dai')).position();
const startRanks = START.split(' ')[0]!.split('/');
const withRank = (r: number, text: string, side: 'b' | 'w' = 'b') =>
  startRanks.map((x, k) => (19 - k === r ? text : x)).join('/') + ' ' + side;

const MAKA_BAD: Bad[] = [
  // the examples: 323 Kings, two Kings of one side, 38 Pawns of one side
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', ...Object.fromEntries(Array.from({ length: 17 }, (_, i) => [i + 2, 'K'.repeat(19)])) }),
    'count',
    6,
    /Black has 2 of the King kind \(King and Emperor, its promoted form, the last on b18\)/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'KK17' }),
    'count',
    57,
    /Black has 2 of the King kind \(King and Emperor, its promoted form, the last on b1\)/,
  ],
  [
    'maka-dai-dai',
    {},
    withRank(7, 'P'.repeat(19)),
    'count',
    321,
    /Black has 20 of the Pawn kind \(Pawn and Gold, its promoted form, the last on a6\)/,
  ],
  // kinds past their start count
  ['maka-dai-dai', {}, maka({ 19: 'k18', 1: 'K(DH)(DH)(DH)15' }), 'count', 65, /Black has 3 Dragon Horses/],
  ['maka-dai-dai', {}, maka({ 19: 'k18', 10: '(LN)(LN)17', 1: 'K18' }), 'count', 33, /Black has 2 of the Lion kind/],
  [
    'maka-dai-dai',
    { conversion: 'false' },
    maka({ 19: 'k18', 10: '(DV)+(DV)17', 1: 'K18' }),
    'count',
    33,
    /Black has 2 of the Deva kind .* without conversion nothing else becomes one/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 10: '+(DV)+(DV)+(dv)16', 1: 'K18' }),
    'count',
    39,
    /too many of the Deva kind/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 10: '(DS)(DS)17', 1: 'K18' }),
    'count',
    33,
    /Black has 2 unpromoted Dark Spirits/,
  ],
  // pieces where their kind never goes
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 3: '2P16', 1: 'K18' }),
    'unreachable-point',
    51,
    /a Black Pawn \(P\) cannot stand on c3/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 12: '4L14', 1: 'K18' }),
    'unreachable-point',
    24,
    /a Black Lance \(L\) cannot stand on e12/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'BK17' }),
    'unreachable-point',
    56,
    /a Black Bishop \(B\) cannot stand on a1/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 2: '(CP)18', 1: 'K18' }),
    'unreachable-point',
    53,
    /a Black Capricorn \(CP\) cannot stand on a2/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'K(KR)17' }),
    'unreachable-point',
    57,
    /a Black Kirin \(KR\) cannot stand on b1/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'pk17', 1: 'K18' }),
    'unreachable-point',
    1,
    /a White Pawn \(p\) cannot stand on a19/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 5: '2N16', 1: 'K18' }),
    'unreachable-point',
    45,
    /a Black Knight \(N\) cannot stand on c5/,
  ],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'K1E16' }),
    'unreachable-point',
    58,
    /a Black Earth \(E\) cannot stand on c1/,
  ],
  [
    'maka-dai-dai',
    { pieces: 'rokushu' },
    maka({ 19: 'k18', 3: '3(SF)15', 1: 'K18' }),
    'unreachable-point',
    51,
    /a Black Side Flier \(SF\) cannot stand on d3/,
  ],
  // promotions without captures; royals
  [
    'maka-dai-dai',
    {},
    withRank(6, '+P' + 'P'.repeat(18)),
    'promoted',
    313,
    /Black has at least 1 promoted piece \(counting to the one on a6\) but White has lost only 0/,
  ],
  [
    'maka-dai-dai',
    {},
    withRank(1, 'LESTTICSG(DV)+K(DS)GSCITSTEL'.replace(/ST/g, '(ST)')),
    'promoted',
    569,
    /counting to the one on j1\) but White has lost only 0/,
  ],
  ['maka-dai-dai', {}, maka({ 19: 'g18', 1: 'G18' }), 'no-pieces', 1, /neither side has a royal piece/],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'G18' }, 'w'),
    'side-to-move',
    60,
    /White cannot be to move: Black has no royal piece/,
  ],
  [
    'maka-dai-dai',
    { conversion: 'false' },
    maka({ 19: 'k18', 1: 'G18' }, 'w'),
    'side-to-move',
    60,
    /took the last one/,
  ],
  // the grammar
  ['maka-dai-dai', {}, maka({ 19: 'k18', 1: '+(FK)K17' }), 'parse', 56, /has no promoted form/],
  [
    'maka-dai-dai',
    {},
    maka({ 19: 'k18', 1: 'K18' }).replace(/ b$/, ' x'),
    'parse',
    60,
    /the side to move is "b" or "w"/,
  ],
];

describe('impossible positions are refused with the reason, the column and why', () => {
  it.each([...LATTICE_BAD, ...MAKA_BAD])(
    '%s %o %s: %s at column %i',
    async (variant, options, position, reason, column, re) => {
      const err = await createGame(variant, { options, position }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ParseError);
      const e = err as ParseError;
      expect(e.code).toBe('parse');
      expect(e.message).toMatch(re);
      expect(e.column, e.message).toBe(column);
      if (reason === 'parse') {
        expect(e).not.toBeInstanceOf(PositionError);
      } else {
        expect(e).toBeInstanceOf(PositionError);
        expect(e.name).toBe('PositionError');
        expect((e as PositionError).reason).toBe(reason);
      }
    },
  );

  it('the same positions are refused by setPosition and describe(position), and the game is left as it was', async () => {
    for (const [variant, options, position, reason] of [...LATTICE_BAD, ...MAKA_BAD]
      .filter((b) => b[3] !== 'parse')
      .slice(0, 40)) {
      const g = await createGame(variant, { options });
      const before = g.position();
      expect(() => g.setPosition(position), position).toThrow(PositionError);
      expect(() => g.describe(position), position).toThrow(PositionError);
      expect(g.position()).toBe(before);
      expect(() => g.setPosition(position)).toThrow(expect.objectContaining({ reason }));
      g.dispose();
    }
  });

  it('fields: field, point', async () => {
    const e = await createGame('permainan-tabal', {
      position: 'WBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WW1 W - B1',
    }).catch((x: PositionError) => x);
    expect(e).toMatchObject({ reason: 'promotion-rank', field: 'board', point: 'a9', column: 1 });
    const h = await createGame('tibetan-2', {
      options: { setup: 'stacks' },
      position: '3/1T1/5/1G(6)1G(5)1/5/1G(6)1G(6)1/5/1T1/3 G G1 - -',
    }).catch((x: PositionError) => x);
    expect(h).toMatchObject({ reason: 'hand', field: 'hand', column: 45 });
    expect(h).toBeInstanceOf(PositionError);
    expect((h as PositionError).point).toBeUndefined();
    const m = await createGame('maka-dai-dai', { position: maka({ 19: 'k18', 1: 'KK17' }) }).catch(
      (x: PositionError) => x,
    );
    expect(m).toMatchObject({ reason: 'count', field: 'board', point: 'b1' });
  });

  it('close to the refused ones, reachable positions are accepted', async () => {
    const ok: [string, Options, string][] = [
      ['permainan-tabal', {}, '3/3/5/5/5/5/1W3/3/3 B - B16W15'], // Black lost its last piece: Black to move, lost
      ['permainan-tabal', { 'move-limit': 50 }, 'BBB/BBB/BBBBB/BBBBB/5/WWWWW/WWWWW/WWW/WWW W - - -'],
      ['tibetan-1', {}, 'GGGGG/GGGGG/5/2G2/5/1T1/3 T G4 - -'],
      ['tibetan-2', { setup: 'stacks', first: 'tigers' }, '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 T - - -'], // the start
      ['tibetan-2', { setup: 'stacks' }, '3/1T1/5/1G(6)1G(5)1/2G2/1G(6)1G(6)1/5/1T1/3 T - - last=c5'],
      ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/W4 S S15 -'],
      ['catch-the-giant', { 'stall-limit': 5 }, 'D/DD1/1G1/3/1 D - - stall=2'], // the giant stepped below: it has escaped
      ['double-tiger', {}, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 D - -'],
      ['maka-dai-dai', {}, maka({ 19: 'k18', 1: 'G18' })], // Black lost its royal: Black to move, lost
      ['maka-dai-dai', {}, maka({ 19: 'k18', 10: '+(DV)18', 1: 'G18' }, 'w')], // Black's King became a Teaching King
      ['maka-dai-dai', { pieces: 'default' }, maka({ 19: 'k18', 3: '3(SF)15', 1: 'K18' })],
    ];
    for (const [variant, options, position] of ok) {
      const g = await createGame(variant, { options, position });
      expect(g.position()).toBe(position);
      g.dispose();
    }
  });
});

describe('across the worker', () => {
  it('start and setPosition reject with a PositionError that keeps its fields', async () => {
    const err = await EngineWorker.start({
      variant: 'permainan-tabal',
      position: '3/3/5/5/5/5/5/3/3 W - B16W16',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PositionError);
    expect(err).toMatchObject({ name: 'PositionError', code: 'parse', reason: 'no-pieces', field: 'board', column: 1 });
    const w = await EngineWorker.start({ variant: 'maka-dai-dai' });
    try {
      const e2 = await w.setPosition(maka({ 19: 'k18', 1: 'KK17' })).catch((e: unknown) => e);
      expect(e2).toBeInstanceOf(PositionError);
      expect(e2).toBeInstanceOf(ParseError);
      expect(e2).toMatchObject({ reason: 'count', point: 'b1', column: 57 });
    } finally {
      await w.terminate();
    }
  }, 60_000);
});
