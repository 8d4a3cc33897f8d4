// Maka Dai Dai Shogi unit positions (rules: /work/shared/rules/maka-dai-dai.md). Every expected set below
// was written by hand from the rules file. Squares: files a..s, ranks 1..19; `x..y` in an expectation is
// the straight segment of squares from x to y inclusive (written by hand as a shorthand).
// Unless a test says otherwise, Black's King stands on b1 and White's on r19 (off every line through j10).
import { describe, expect, it } from 'vitest';
import { type MakaGame, PIECES, PIECES_ROKUSHU } from '../../src/maka/index.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';

const FILES = 'abcdefghijklmnopqrs';

/** A position string from placements { j10: 'LN', k11: 'p', j12: '+(dv)' style codes ('LN' or 'ln' or '+LN') }. */
function pos(pieces: Record<string, string>, side: 'b' | 'w' = 'b', kings = true): string {
  const all: Record<string, string> = kings ? { b1: 'K', r19: 'k', ...pieces } : { ...pieces };
  const ranks: string[] = [];
  for (let r = 19; r >= 1; r--) {
    let row = '',
      run = 0;
    for (let f = 0; f < 19; f++) {
      const p = all[FILES[f]! + r];
      if (!p) {
        run++;
        continue;
      }
      if (run) {
        row += run;
        run = 0;
      }
      const prom = p.startsWith('+');
      const code = prom ? p.slice(1) : p;
      row += (prom ? '+' : '') + (code.length > 1 ? `(${code})` : code);
    }
    if (run) row += run;
    ranks.push(row);
  }
  return `${ranks.join('/')} ${side}`;
}

/** Expands a hand-written list: squares and `x..y` segments. */
function squares(spec: string): string[] {
  const out: string[] = [];
  for (const tok of spec.split(/\s+/).filter(Boolean)) {
    const m = /^([a-s])(\d+)\.\.([a-s])(\d+)$/.exec(tok);
    if (!m) {
      out.push(tok);
      continue;
    }
    let f = FILES.indexOf(m[1]!),
      r = Number(m[2]);
    const f2 = FILES.indexOf(m[3]!),
      r2 = Number(m[4]);
    const df = Math.sign(f2 - f),
      dr = Math.sign(r2 - r);
    if (df !== 0 && dr !== 0 && Math.abs(f2 - f) !== Math.abs(r2 - r)) throw new Error(`not a line: ${tok}`);
    for (;;) {
      out.push(FILES[f]! + r);
      if (f === f2 && r === r2) break;
      f += df;
      r += dr;
    }
  }
  return out;
}

/** Quiet moves from `from` to each square of the spec. */
const quiet = (from: string, spec: string): string[] => squares(spec).map((s) => `${from}-${s}`);

function movesFrom(g: MakaGame, from: string): string[] {
  return g
    .legalMoves()
    .filter((m) => new RegExp(`^${from}[-x]`).test(m))
    .sort();
}
const sorted = (a: string[]): string[] => [...new Set(a)].sort();

function expectMoves(position: string, from: string, expected: string[], options?: Record<string, string>): void {
  const g = createUncheckedMakaGame({ position, options });
  const got = movesFrom(g, from);
  expect(got).toEqual(sorted(expected));
  expect(new Set(got).size).toBe(got.length);
}

// Slides from j10 on an empty board, by direction (Black's view: forward = toward rank 19, left = toward file a).
const F = 'j11..j19',
  B = 'j9..j1',
  L = 'i10..a10',
  R = 'k10..s10';
const FL = 'i11..a19',
  FR = 'k11..s19',
  BL = 'i9..a1',
  BR = 'k9..s1';
const ALL8 = [F, B, L, R, FL, FR, BL, BR].join(' ');
const GOLD = 'i10 k10 j11 j9 i11 k11';
const AREA2 = 'h8..h12 i8..i12 j8 j9 j11 j12 k8..k12 l8..l12';

/** Black piece alone on j10 (kings b1, r19): its destinations. */
const MIDDLE: [string, string][] = [
  ['K', 'i9 i10 i11 j9 j11 k9 k10 k11'],
  ['DE', 'i9 i10 i11 j11 k9 k10 k11'],
  ['+DE', 'i9 i10 i11 j9 j11 k9 k10 k11'],
  ['G', GOLD],
  ['+G', `${F} ${B} ${L} ${R} ${FL} ${FR}`],
  ['S', 'i11 k11 i9 k9 j11'],
  ['+S', `${FL} ${FR} ${BL} ${BR} ${F}`],
  ['C', 'j11 j9 i11 k11'],
  ['+C', `${F} ${B} ${FL} ${FR}`],
  ['I', 'j11 i11 k11'],
  ['+I', `${F} ${FL} ${FR}`],
  ['T', 'i11 k11 j9'],
  ['+T', `${FL} ${FR} ${B}`],
  ['ST', 'i11 k11'],
  ['+ST', `${FL} ${FR}`],
  ['E', 'j11 j9'],
  ['+E', `${F} ${B}`],
  ['GB', 'j11 j9'],
  ['+GB', `${F} ${B}`],
  ['BT', 'i11 k11 i9 k9 i10 k10 j9'],
  ['+BT', `${FL} ${FR} ${BL} ${BR} ${L} ${R} ${B}`],
  ['FL', 'i11 k11 i9 k9 j11 j9'],
  ['+FL', `${FL} ${FR} ${BL} ${BR} ${F} ${B}`],
  ['CS', 'j11 j9 i9 k9'],
  ['+CS', `${F} ${B} ${BL} ${BR}`],
  ['CC', 'i10 k10 i11 k11 j9'],
  ['+CC', `${L} ${R} ${FL} ${FR} ${B}`],
  ['CT', 'i11 k11 i9 k9'],
  ['+CT', `${FL} ${FR} ${BL} ${BR}`],
  ['OM', 'i11 k11 i9 k9 j9'],
  ['+OM', `${FL} ${FR} ${BL} ${BR} ${B} j11`],
  ['RD', 'j11 j9 i10 k10 i9 k9'],
  ['+RD', `${F} ${FL} ${FR} j9 i9 k9`],
  ['OR', 'i11 h12 k11 l12 j9 j8'],
  ['+OR', `${F} ${BL} ${BR}`],
  ['AB', 'j11 j9 i10 k10'],
  ['+AB', `${FL} ${FR} ${BL} ${BR} ${L} ${R}`],
  ['BB', `i11 k11 i9 k9 ${B}`],
  ['+BB', `${FL} ${FR} ${BL} ${BR} ${L} ${R}`],
  ['EW', 'i10 k10 j11 i11 k11'],
  ['+EW', `${FL} ${FR} ${BL} ${BR} ${F} ${B} i10..e10 k10..o10`],
  ['KR', 'i11 k11 i9 k9 j12 j8 h10 l10'],
  ['+KR', `j11 j12 j9 j8 i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7 ${L} ${R}`],
  ['PH', 'j11 j9 i10 k10 h12 l12 h8 l8'],
  ['+PH', `i10 h10 k10 l10 i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7 ${F} ${B}`],
  ['LN', `${AREA2} j10`],
  ['+LN', `${AREA2} j13 j7 g10 m10 g13 m13 g7 m7 j10`],
  ['DS', 'i11 k11 k10 i9'],
  ['+DS', `${ALL8} h11 h9 l11 l9 i12 k12 i8 k8 j10`],
  ['DV', 'i11 k11 i10 k9'],
  ['+DV', `${ALL8} j10`],
  ['P', 'j11'],
  ['L', F],
  ['RC', `${F} ${B}`],
  ['N', 'i12 k12'],
  ['D', 'j11 j9 i10 k10 j12 j8'],
  ['FD', 'i11 h12 k11 l12 i9 h8 k9 l8'],
  ['VO', 'j11 j12 j9 j8 i10 h10 k10 l10'],
  ['W', 'i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7 i10 k10'],
  ['GG', 'j11 j12 j13 j9 j8 j7 i10 h10 g10 k10 l10 m10 i11 k11'],
  ['BD', 'i11 h12 g13 k11 l12 m13 i10 k10 j9'],
  ['SD', 'j11..j15 j9..j5 i10..e10 k10..o10 i11 h12 k11 l12 i9 h8 k9 l8'],
  ['LD', 'j11 j12 j13 j9 j8 j7 i10 h10 g10 k10 l10 m10 i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7 j10'],
  ['SF', `${L} ${R} i11 k11 i9 k9`],
  ['SM', `${L} ${R} j11 j9`],
  ['VM', `${F} ${B} i10 k10`],
  ['RT', `${F} ${FR} ${BL} j9`],
  ['LT', `${F} ${FL} ${BR} j9`],
  ['B', `${FL} ${FR} ${BL} ${BR}`],
  ['R', `${F} ${B} ${L} ${R}`],
  ['DH', `${FL} ${FR} ${BL} ${BR} j11 j9 i10 k10`],
  ['DK', `${F} ${B} ${L} ${R} i11 k11 i9 k9`],
  ['FK', ALL8],
];
const GOLD_COLUMN = [
  'P',
  'L',
  'RC',
  'N',
  'D',
  'FD',
  'VO',
  'W',
  'GG',
  'BD',
  'SD',
  'LD',
  'SF',
  'SM',
  'VM',
  'RT',
  'LT',
  'B',
  'R',
  'CP',
  'HM',
];

describe('every piece alone on j10 (Black)', () => {
  for (const [piece, spec] of MIDDLE) {
    it(piece, () => expectMoves(pos({ j10: piece }), 'j10', quiet('j10', spec)));
  }
  for (const piece of GOLD_COLUMN) {
    it(`+${piece} moves as a Gold`, () => expectMoves(pos({ j10: `+${piece}` }), 'j10', quiet('j10', GOLD)));
  }
  it('Capricorn reaches every square of its colour (hook on diagonals)', () => {
    const even: string[] = [];
    for (let f = 0; f < 19; f++)
      for (let r = 1; r <= 19; r++) if ((f + r) % 2 === 0 && !(f === 9 && r === 10)) even.push(FILES[f]! + r);
    // j10 = file index 9, rank 10: file index + rank odd... j10 has (9 + 10) odd, so its colour is "odd"
    const odd: string[] = [];
    for (let f = 0; f < 19; f++)
      for (let r = 1; r <= 19; r++) if ((f + r) % 2 === 1 && !(f === 9 && r === 10)) odd.push(FILES[f]! + r);
    // r19 (the White King) has 17 + 19 = 36, even: not on the Capricorn's colour; b1 has 1 + 1 = 2, even
    expectMoves(pos({ j10: 'CP' }), 'j10', quiet('j10', odd.join(' ')));
    expect(even.length + odd.length).toBe(360);
  });
  it('Hook Mover reaches every square but its own and its King (capturing the White King, promotion optional)', () => {
    const all: string[] = [];
    for (let f = 0; f < 19; f++)
      for (let r = 1; r <= 19; r++) {
        const s = FILES[f]! + r;
        if (s !== 'j10' && s !== 'b1' && s !== 'r19') all.push(s);
      }
    expectMoves(pos({ j10: 'HM' }), 'j10', [...quiet('j10', all.join(' ')), 'j10xr19', 'j10xr19+']);
  });
});

describe('White pieces move the other way', () => {
  const cases: [string, string][] = [
    ['s', 'i9 k9 i11 k11 j9'],
    ['(lt)', `j9..j1 k9..s1 i11..a19 j11`],
    ['n', 'i8 k8'],
    ['(ds)', 'i9 k9 i10 k11'],
    ['(dv)', 'i9 k9 k10 i11'],
    ['(or)', 'i9 h8 k9 l8 j11 j12'],
  ];
  for (const [piece, spec] of cases) {
    it(piece, () => {
      const code = piece.replace(/[()]/g, '');
      expectMoves(pos({ j10: code }, 'w'), 'j10', quiet('j10', spec));
    });
  }
});

describe('pieces near an edge', () => {
  it('Lion in the corner a19', () =>
    expectMoves(pos({ a19: 'LN' }), 'a19', quiet('a19', 'a17 a18 b17 b18 b19 c17 c18 c19 a19')));
  it('Knight on b17 jumps to a19 and c19 only', () => expectMoves(pos({ b17: 'N' }), 'b17', quiet('b17', 'a19 c19')));
  it('Knight on a18 has no move', () => expectMoves(pos({ a18: 'N' }), 'a18', []));
  it('Kirin on a1 (King elsewhere)', () =>
    expectMoves(pos({ a1: 'KR', j2: 'K', r19: 'k' }, 'b', false), 'a1', quiet('a1', 'b2 a3 c1')));
  it('Phoenix on s1', () => expectMoves(pos({ s1: 'PH' }), 's1', quiet('s1', 'r1 s2 q3')));
  it('Lion Dog on b2 next to its King on b1', () =>
    expectMoves(pos({ b2: 'LD' }), 'b2', quiet('b2', 'b3 b4 b5 a2 c2 d2 e2 a3 c3 d4 e5 a1 c1 b2')));
  it('Rook on a10', () => expectMoves(pos({ a10: 'R' }), 'a10', quiet('a10', 'a11..a19 a9..a1 b10..s10')));
  it('White Pawn on j1 has no move', () => expectMoves(pos({ j1: 'p' }, 'w'), 'j1', []));
  it('Teaching King on s19 corner (White King moved)', () =>
    expectMoves(pos({ s19: '+DV', b1: 'K', a19: 'k' }, 'b', false), 's19', [
      ...quiet('s19', 's18..s1 r19..b19 r18..a1 s19'),
      's19xa19',
    ]));
  it('Furious Fiend on a1 (King on j1)', () =>
    expectMoves(
      pos({ a1: '+LN', j1: 'K', r19: 'k' }, 'b', false),
      'a1',
      quiet('a1', 'a2 a3 a4 b1 b2 b3 c1 c2 c3 d1 d4 a1'),
    ));
});

describe('among friends and enemies', () => {
  it('Rook: stops before a friend, captures an unpromoted enemy (promotion optional) and a promoted one (forced)', () => {
    const p = pos({ j10: 'R', j13: 'P', m10: 'p', j7: '+p' });
    expectMoves(p, 'j10', [...quiet('j10', 'j11 j12 k10 l10 j9 j8 i10..a10'), 'j10xm10', 'j10xm10+', 'j10xj7+']);
  });
  it('Dragon Horse cannot promote: one capture move', () => {
    expectMoves(pos({ j10: 'DH', k11: 'p', i9: 'P' }), 'j10', [
      ...quiet('j10', 'j11 j9 i10 k10 i11..a19 k9..s1'),
      'j10xk11',
    ]);
  });
  it('a Gold from promotion captures without promoting; an original Gold may promote', () => {
    expectMoves(pos({ j10: '+P', j11: 'p' }), 'j10', [...quiet('j10', 'i10 k10 j9 i11 k11'), 'j10xj11']);
    expectMoves(pos({ j10: 'G', j11: 'p' }), 'j10', [...quiet('j10', 'i10 k10 j9 i11 k11'), 'j10xj11', 'j10xj11+']);
  });
  it('Knight jumps over friends and enemies', () => {
    expectMoves(pos({ j10: 'N', j11: 'P', i11: 'p', i12: 'p', k12: 'P' }), 'j10', ['j10xi12', 'j10xi12+']);
  });
  it('Blind Bear promoted jumps two diagonally forward over a blocker', () => {
    expectMoves(pos({ j10: '+BB', i11: 'P', k11: 'p' }), 'j10', [
      ...quiet('j10', `h12 l12 ${BL} ${BR} ${L} ${R}`),
      'j10xk11',
    ]);
  });
  it('Kirin jumps two orthogonally over pieces', () => {
    expectMoves(pos({ j10: 'KR', j11: 'p', j12: 'p', i10: 'P', h10: 'P' }), 'j10', [
      ...quiet('j10', 'i11 k11 i9 k9 j8 l10'),
      'j10xj12',
      'j10xj12+',
    ]);
  });
});

describe('Lion', () => {
  it('jumps, captures, igui, capture-then-step, double capture, pass', () => {
    const p = pos({ j10: 'LN', k11: 'p', l12: 'p', i10: 'P' });
    const both = (m: string) => [m, `${m}+`];
    expectMoves(p, 'j10', [
      ...quiet('j10', 'h8..h12 i8 i9 i11 i12 j8 j9 j11 j12 k8 k9 k10 k12 l8 l9 l10 l11'),
      ...both('j10xk11'),
      ...both('j10xl12'),
      ...both('j10xk11-j10'),
      ...['j11', 'j12', 'k10', 'k12', 'l10', 'l11'].flatMap((e) => both(`j10xk11-${e}`)),
      ...both('j10xk11xl12'),
      'j10-j10',
    ]);
  });
  it('a promoted second victim forces promotion', () => {
    const p = pos({ j10: 'LN', k11: 'p', l12: '+p', i10: 'P' });
    const g = createUncheckedMakaGame({ position: p });
    const m = movesFrom(g, 'j10');
    expect(m).toContain('j10xk11xl12+');
    expect(m).not.toContain('j10xk11xl12');
    expect(m).toContain('j10xl12+');
    expect(m).not.toContain('j10xl12');
    expect(m).toContain('j10xk11');
  });
  it('no pass when every adjacent square is occupied', () => {
    const ring = Object.fromEntries(['i9', 'i10', 'i11', 'j9', 'j11', 'k9', 'k10', 'k11'].map((s) => [s, 'P']));
    expectMoves(pos({ j10: 'LN', ...ring }), 'j10', quiet('j10', 'h8..h12 l8..l12 i8 j8 k8 i12 j12 k12'));
  });
  it('a Lion may capture a Lion anywhere (no lion-trading rule)', () => {
    const g = createUncheckedMakaGame({ position: pos({ j10: 'LN', j12: 'ln', k10: 'p', k11: 'P' }) });
    expect(movesFrom(g, 'j10')).toEqual(expect.arrayContaining(['j10xj12', 'j10xj12+', 'j10xk10-j11', 'j10xk10-j10']));
  });
});

describe('Lion Dog', () => {
  const both = (m: string) => [m, `${m}+`];
  const others = 'j9 j8 j7 i10 h10 g10 k10 l10 m10 i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7';
  it('two enemies ahead: every path of the rules list', () => {
    expectMoves(pos({ j10: 'LD', j11: 'p', j12: 'p' }), 'j10', [
      ...quiet('j10', `j13 ${others} j10`),
      ...both('j10xj11'),
      ...both('j10xj12'),
      ...both('j10xj11-j10'), // 0-1-0 igui
      ...both('j10xj11xj12'), // 0-1-2 (capture both)
      ...both('j10xj11-j13'), // 0-1-3
      ...both('j10xj12-j13'), // 0-2-3
      ...both('j10xj11xj12-j13'), // 0-1-2-3
      ...both('j10xj12xj11'), // 0-2-1 = 0-1-2-1
    ]);
  });
  it('empty s1, enemy s2, friend s3: jump, 0-2-1 back to the empty s1', () => {
    expectMoves(pos({ j10: 'LD', j12: 'p', j13: 'P' }), 'j10', [
      ...quiet('j10', `j11 ${others} j10`),
      ...both('j10xj12'),
      ...both('j10xj12-j11'),
    ]);
  });
  it('friend s1, enemy s2, empty s3: jumps over the friend, 0-2-3', () => {
    expectMoves(pos({ j10: 'LD', j11: 'P', j12: 'p' }), 'j10', [
      ...quiet('j10', `j13 ${others} j10`),
      ...both('j10xj12'),
      ...both('j10xj12-j13'),
    ]);
  });
  it('option lion-dog=slider: a 3-range in 8 directions, blocked', () => {
    expectMoves(
      pos({ j10: 'LD', j11: 'P', k11: 'p' }),
      'j10',
      [...quiet('j10', others.replace('k11 l12 m13 ', '')), ...both('j10xk11')],
      { 'lion-dog': 'slider' },
    );
  });
  it('option lion-dog=leaper: jumps 1..3 along the 8 lines, no igui or pass', () => {
    expectMoves(pos({ j10: 'LD', j11: 'P', j12: 'p' }), 'j10', [...quiet('j10', `j13 ${others}`), ...both('j10xj12')], {
      'lion-dog': 'leaper',
    });
  });
  it('Furious Fiend: Lion move plus the Lion Dog paths, each move once', () => {
    expectMoves(pos({ j10: '+LN', k11: 'p' }), 'j10', [
      ...quiet('j10', 'h8..h12 i8..i12 j8 j9 j11 j12 k8 k9 k10 k12 l8..l12 j13 j7 g10 m10 g13 m13 g7 m7 j10'),
      'j10xk11',
      'j10xk11-j10',
      ...['j11', 'j12', 'k10', 'k12', 'l10', 'l11', 'l12'].map((e) => `j10xk11-${e}`),
      'j10xk11-m13',
    ]);
  });
});

describe('hook moves', () => {
  it('Hook Mover: leg 1 to the first piece, one right-angle turn on an empty square, no turn at a capture', () => {
    const p = pos({ j10: 'HM', j12: 'P', h10: 'P', l10: 'P', j9: 'p', k14: 'p' });
    expectMoves(p, 'j10', [
      ...quiet('j10', 'j11 i11..a11 k11..s11 i10 i11..i19 i9..i1 k10 k11..k13 k9..k1'),
      'j10xj9',
      'j10xj9+',
      'j10xk14',
      'j10xk14+',
    ]);
  });
  it('Capricorn: the same on diagonals', () => {
    const p = pos({ j10: 'CP', k11: 'P', i9: 'P', k9: 'P', h12: 'p', m15: 'p' });
    expectMoves(p, 'j10', [...quiet('j10', 'i11 j12 k13 l14 h10..a3'), 'j10xh12', 'j10xh12+', 'j10xm15', 'j10xm15+']);
  });
});

describe('promotion by capture and conversion', () => {
  const after = (position: string, move: string, options?: Record<string, string>) => {
    const g = createUncheckedMakaGame({ position, options });
    g.play(move);
    return g;
  };
  it('optional on an unpromoted victim, forced on a promoted one, always under promotion=always', () => {
    expectMoves(pos({ j10: 'P', j11: 'p' }), 'j10', ['j10xj11', 'j10xj11+']);
    expectMoves(pos({ j10: 'P', j11: '+p' }), 'j10', ['j10xj11+']);
    expectMoves(pos({ j10: 'P', j11: 'p' }), 'j10', ['j10xj11+'], { promotion: 'always' });
    expect(after(pos({ j10: 'P', j11: 'p' }), 'j10xj11+').position()).toBe(pos({ j11: '+P' }, 'w'));
  });
  it('a Pawn capturing a Deva becomes a Teaching King; a Dark Spirit, a Buddhist Spirit', () => {
    expectMoves(pos({ j10: 'P', j11: 'dv' }), 'j10', ['j10xj11+']);
    expect(after(pos({ j10: 'P', j11: 'dv' }), 'j10xj11+').position()).toBe(pos({ j11: '+DV' }, 'w'));
    expect(after(pos({ j10: 'P', j11: '+ds' }), 'j10xj11+').position()).toBe(pos({ j11: '+DS' }, 'w'));
  });
  it('pieces without a promotion and promoted pieces convert too', () => {
    expect(after(pos({ j10: 'DH', j11: 'dv' }), 'j10xj11+').position()).toBe(pos({ j11: '+DV' }, 'w'));
    expect(after(pos({ j10: '+P', j11: 'ds' }), 'j10xj11+').position()).toBe(pos({ j11: '+DS' }, 'w'));
    expectMoves(pos({ j10: '+DV', j11: 'dv' }), 'j10', [
      ...quiet('j10', `${ALL8.replace('j11..j19', '')} j12 j13 j10`),
      'j10xj11',
      'j10xj11-j10',
      'j10xj11-j12',
      'j10xj11-j13',
    ]);
  });
  it('King capturing a Deva: keep, Emperor (+) or Teaching King (=T); the last leaves Black without a royal', () => {
    expectMoves(pos({ j10: 'K', j11: 'dv', b1: '' }), 'j10', [
      ...quiet('j10', 'i9 i10 i11 j9 k9 k10 k11'),
      'j10xj11',
      'j10xj11+',
      'j10xj11=T',
    ]);
  });
  it('Drunk Elephant capturing a Buddhist Spirit may keep its identity despite the forced promotion', () => {
    expectMoves(pos({ j10: 'DE', j11: '+ds' }), 'j10', [
      ...quiet('j10', 'i9 i10 i11 k9 k10 k11'),
      'j10xj11',
      'j10xj11+',
      'j10xj11=B',
    ]);
    expect(after(pos({ j10: 'DE', j11: '+ds' }), 'j10xj11+').position()).toBe(pos({ j11: '+DE' }, 'w'));
    expect(after(pos({ j10: 'DE', j11: '+ds' }), 'j10xj11=B').position()).toBe(pos({ j11: '+DS' }, 'w'));
  });
  it('Prince capturing a Deva: keep or Teaching King', () => {
    expectMoves(pos({ j10: '+DE', j11: 'dv' }), 'j10', [
      ...quiet('j10', 'i9 i10 i11 j9 k9 k10 k11'),
      'j10xj11',
      'j10xj11=T',
    ]);
  });
  it('the royal choice stands under promotion=always; a King capturing another promoted piece must promote', () => {
    expectMoves(
      pos({ j10: 'DE', j11: 'dv' }),
      'j10',
      [...quiet('j10', 'i9 i10 i11 k9 k10 k11'), 'j10xj11', 'j10xj11+', 'j10xj11=T'],
      { promotion: 'always' },
    );
    expectMoves(pos({ j10: 'K', j11: '+p', b1: '', a2: 'K' }), 'j10', [
      ...quiet('j10', 'i9 i10 i11 j9 k9 k10 k11'),
      'j10xj11+',
    ]);
  });
  it('a Lion capturing a Deva and a Dark Spirit offers both results', () => {
    const g = createUncheckedMakaGame({ position: pos({ j10: 'LN', k11: 'dv', l12: 'ds' }) });
    const m = movesFrom(g, 'j10');
    expect(m.filter((x) => x.startsWith('j10xk11xl12'))).toEqual(['j10xk11xl12=B', 'j10xk11xl12=T']);
    expect(m.filter((x) => /^j10xk11$|^j10xk11\+$|^j10xk11=/.test(x))).toEqual(['j10xk11+']);
    expect(m.filter((x) => /^j10xl12/.test(x))).toEqual(['j10xl12+']);
    g.play('j10xk11xl12=B');
    expect(g.position()).toBe(pos({ l12: '+DS' }, 'w'));
  });
  it('conversion=false: a Deva is an ordinary victim', () => {
    expectMoves(pos({ j10: 'P', j11: 'dv' }), 'j10', ['j10xj11', 'j10xj11+'], { conversion: 'false' });
    expectMoves(
      pos({ j10: 'K', j11: 'dv', b1: '' }),
      'j10',
      [...quiet('j10', 'i9 i10 i11 j9 k9 k10 k11'), 'j10xj11', 'j10xj11+'],
      { conversion: 'false' },
    );
  });
  it('a King converting leaves its side without a royal: the game is over', () => {
    const g = createUncheckedMakaGame({ position: pos({ j10: 'K', j11: 'dv', b1: '' }) });
    g.play('j10xj11=T');
    expect(g.result()).toEqual({ winner: 'white', winnerName: 'White', reason: 'royals' });
    expect(g.legalMoves()).toEqual([]);
    expect(g.perft(1)).toBe(0);
  });
});

/** All squares but the listed ones, as destinations from `from`. */
function allBut(from: string, except: string[]): string[] {
  const out: string[] = [];
  for (let f = 0; f < 19; f++)
    for (let r = 1; r <= 19; r++) {
      const s = FILES[f]! + r;
      if (s !== from && !except.includes(s)) out.push(s);
    }
  return out;
}

describe('Emperor', () => {
  const kingArea = ['q18', 'q19', 'r18', 's18', 's19'];
  it('default, no enemy Emperor: any unattacked square; an unprotected King may be taken', () => {
    const p = pos({ j10: '+K', r19: 'k' }, 'b', false);
    const dests = allBut('j10', [...kingArea, 'r19']);
    expectMoves(p, 'j10', [...quiet('j10', dests.join(' ')), 'j10xr19']);
  });
  it("default: attacks are judged after the move (the Emperor no longer blocks the Rook's file)", () => {
    const p = pos({ j10: '+K', j1: 'r', r19: 'k' }, 'b', false);
    const file = squares('j2..j9 j11..j19');
    const rank1 = squares('a1..i1 k1..s1');
    const dests = allBut('j10', [...kingArea, ...file, ...rank1, 'j1', 'r19']);
    expectMoves(p, 'j10', [...quiet('j10', dests.join(' ')), 'j10xj1', 'j10xr19']);
  });
  it('default: a protected piece cannot be taken', () => {
    const p = pos({ j10: '+K', a1: 'r', a5: 'p', r19: 'k' }, 'b', false);
    const dests = allBut('j10', [...kingArea, 'r19', 'a1', 'a2', 'a3', 'a4', 'a5', ...squares('b1..s1')]);
    expectMoves(p, 'j10', [...quiet('j10', dests.join(' ')), 'j10xa1', 'j10xr19']);
  });
  it('default, both sides with an Emperor: only squares its own pieces protect; the enemy Emperor needs no protection', () => {
    const p = pos({ j10: '+K', a1: 'R', r19: '+k' }, 'b', false);
    expectMoves(p, 'j10', [...quiet('j10', 'a2..a19 b1..s1'), 'j10xr19']);
  });
  it('emperor=jawiki: any empty square; an enemy only if unprotected; no both-Emperors clause', () => {
    const p = pos({ j10: '+K', j1: 'r', j5: 'p', q19: 'g', r19: 'k' }, 'b', false);
    const dests = allBut('j10', ['j1', 'j5', 'q19', 'r19']);
    expectMoves(p, 'j10', [...quiet('j10', dests.join(' ')), 'j10xj1'], { emperor: 'jawiki' });
    const both = pos({ j10: '+K', a1: 'R', r19: '+k' }, 'b', false);
    expectMoves(both, 'j10', [...quiet('j10', allBut('j10', ['a1', 'r19']).join(' ')), 'j10xr19'], {
      emperor: 'jawiki',
    });
  });
  it('emperor=free: any empty square, any non-royal enemy, a royal only if unprotected', () => {
    const p = pos({ j10: '+K', j1: 'r', j5: 'p', q19: 'g', r19: 'k' }, 'b', false);
    const dests = allBut('j10', ['j1', 'j5', 'q19', 'r19']);
    expectMoves(p, 'j10', [...quiet('j10', dests.join(' ')), 'j10xj1', 'j10xj5', 'j10xq19'], { emperor: 'free' });
    const lone = pos({ j10: '+K', r19: 'k' }, 'b', false);
    expectMoves(lone, 'j10', [...quiet('j10', allBut('j10', ['r19']).join(' ')), 'j10xr19'], { emperor: 'free' });
  });
  it('an Emperor capturing an unprotected Deva may convert (=T) or stay', () => {
    const g = createUncheckedMakaGame({ position: pos({ j10: '+K', a10: 'dv', r19: 'k' }, 'b', false) });
    const m = movesFrom(g, 'j10').filter((x) => x.includes('xa10'));
    expect(m).toEqual(['j10xa10', 'j10xa10=T']);
  });
  it("Lion and Lion Dog areas count as attacks (a Lion's second capture, a Lion Dog's far stop)", () => {
    const p = pos({ j10: '+K', a1: 'ln', s1: 'ld', r19: 'k' }, 'b', false);
    const lion = squares('a2 a3 b1 b2 b3 c1 c2 c3');
    const dog = squares('r1 q1 p1 s2 s3 s4 r2 q3 p4');
    expectMoves(p, 'j10', [
      ...quiet('j10', allBut('j10', [...kingArea, 'r19', 'a1', 's1', ...lion, ...dog]).join(' ')),
      'j10xa1',
      'j10xs1',
      'j10xr19',
    ]);
  });
});

describe('every piece on j10 in a ring of friends or enemies', () => {
  const RING = ['i9', 'i10', 'i11', 'j9', 'j11', 'k9', 'k10', 'k11'];
  // leaps past an adjacent blocker, by hand from the rules (distance-2 jumps; Lion areas; Lion Dog stops)
  const LEAPS: Record<string, string> = {
    N: 'i12 k12',
    D: 'j12 j8',
    KR: 'j12 j8 h10 l10',
    PH: 'h12 l12 h8 l8',
    '+BB': 'h12 l12',
    LN: 'h8..h12 l8..l12 i8 j8 k8 i12 j12 k12',
    '+DS': 'h8..h12 l8..l12 i8 j8 k8 i12 j12 k12',
    '+LN': 'h8..h12 l8..l12 i8 j8 k8 i12 j12 k12 j13 j7 g10 m10 g13 m13 g7 m7',
    LD: 'j12 j13 j8 j7 h10 g10 l10 m10 h12 g13 l12 m13 h8 g7 l8 m7',
    '+DV': 'j12 j13 j8 j7 h10 g10 l10 m10 h12 g13 l12 m13 h8 g7 l8 m7',
  };
  const NO_PROMOTION = new Set(['DH', 'DK', 'FK']);
  const ring = (code: string) => Object.fromEntries(RING.map((s) => [s, code]));
  for (const [piece, spec] of MIDDLE) {
    it(`${piece} among friends`, () => {
      expectMoves(pos({ j10: piece, ...ring('P') }), 'j10', quiet('j10', LEAPS[piece] ?? ''));
    });
    if (['LN', '+LN', 'LD', '+DV', '+DS'].includes(piece)) continue; // Lion / Lion Dog paths: own tests
    it(`${piece} among enemies`, () => {
      const adjacent = squares(spec).filter((s) => RING.includes(s));
      const promotes = !piece.startsWith('+') && !NO_PROMOTION.has(piece);
      const caps = adjacent.flatMap((s) => (promotes ? [`j10x${s}`, `j10x${s}+`] : [`j10x${s}`]));
      expectMoves(pos({ j10: piece, ...ring('p') }), 'j10', [...caps, ...quiet('j10', LEAPS[piece] ?? '')]);
    });
  }
  it('hook movers: blocked by a ring of friends; capture only the adjacent enemies on their lines', () => {
    expectMoves(pos({ j10: 'HM', ...ring('P') }), 'j10', []);
    expectMoves(pos({ j10: 'CP', ...ring('P') }), 'j10', []);
    expectMoves(
      pos({ j10: 'HM', ...ring('p') }),
      'j10',
      ['j9', 'j11', 'i10', 'k10'].flatMap((s) => [`j10x${s}`, `j10x${s}+`]),
    );
    expectMoves(
      pos({ j10: 'CP', ...ring('p') }),
      'j10',
      ['i9', 'i11', 'k9', 'k11'].flatMap((s) => [`j10x${s}`, `j10x${s}+`]),
    );
  });
  it('Emperor=free with an enemy Emperor: no both-Emperors clause; the unprotected Emperor may be taken', () => {
    const both = pos({ j10: '+K', a1: 'R', r19: '+k' }, 'b', false);
    expectMoves(both, 'j10', [...quiet('j10', allBut('j10', ['a1', 'r19']).join(' ')), 'j10xr19'], { emperor: 'free' });
  });
});

describe('piece table data', () => {
  it('50 types with unique codes; DH, DK, FK never promote; King and Prince royal', () => {
    expect(PIECES.length).toBe(50);
    expect(new Set(PIECES.map((p) => p.code)).size).toBe(50);
    expect(
      PIECES.filter((p) => p.promoted === null)
        .map((p) => p.code)
        .sort(),
    ).toEqual(['DH', 'DK', 'FK']);
    expect(PIECES.filter((p) => p.royal).map((p) => p.code)).toEqual(['K']);
    expect(PIECES.filter((p) => p.promoted?.royal).map((p) => p.code)).toEqual(['K', 'DE']);
    expect(PIECES.filter((p) => p.promoted?.name === 'Gold').length).toBe(21);
  });
  it('the rokushu table changes exactly the footnoted entries', () => {
    const changed = PIECES.filter((p, i) => JSON.stringify(p) !== JSON.stringify(PIECES_ROKUSHU[i]))
      .map((p) => p.code)
      .sort();
    expect(changed).toEqual(
      ['AB', 'BB', 'CC', 'CS', 'DS', 'DV', 'EW', 'GG', 'LT', 'OM', 'RD', 'RT', 'SD', 'SF', 'W'].sort(),
    );
  });
});

describe('pieces=rokushu: the changed entries alone on j10', () => {
  const ROKUSHU: [string, string][] = [
    ['W', 'i11 h12 g13 k11 l12 m13 i9 h8 g7 k9 l8 m7 j11 j9 i10 k10'],
    ['GG', 'j11 j12 j13 j9 j8 j7 i10 h10 g10 k10 l10 m10 i11 k11 i9 k9'],
    ['SD', 'i11 h12 k11 l12 i9 h8 k9 l8'],
    ['SF', `${L} ${R} i11 k11`],
    ['RT', `${FL} ${BR} k10`],
    ['LT', `${FR} ${BL} i10`],
    ['CS', 'j11 i9 k9'],
    ['+CS', `${F} ${BL} ${BR}`],
    ['CC', 'i11 k11 i9 k9 j9'],
    ['+CC', `${FL} ${FR} ${BL} ${BR} ${B}`],
    ['OM', 'i11 k11 i9 k9 j11'],
    ['+OM', `${FL} ${FR} ${BL} ${BR}`],
    ['RD', 'i11 k11 i9 k9 j11'],
    ['+RD', `${L} ${R} ${F} j9 i9 k9`],
    ['+AB', `${F} ${FL} ${FR}`],
    ['BB', 'i9 i10 i11 j9 j11 k9 k10 k11'],
    ['+BB', `${FL} ${FR} ${BL} ${BR} ${L} ${R}`],
    ['+EW', `${L} ${R} ${FL} ${FR} ${B}`],
    ['DS', 'j11 j9 i10 k10 k11 k9'],
    ['DV', 'j11 j9 i10 k10 i11 i9'],
    // unchanged entries stay as in the default table
    ['AB', 'j11 j9 i10 k10'],
    ['+W', GOLD],
  ];
  for (const [piece, spec] of ROKUSHU) {
    it(piece, () => expectMoves(pos({ j10: piece }), 'j10', quiet('j10', spec), { pieces: 'rokushu' }));
  }
  it('+BB has no jump: a friend on i11 blocks h12', () => {
    expectMoves(pos({ j10: '+BB', i11: 'P' }), 'j10', quiet('j10', `${FR} ${BL} ${BR} ${L} ${R}`), {
      pieces: 'rokushu',
    });
  });
});
