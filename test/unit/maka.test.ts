// Maka Dai Dai Shogi (src/maka): start position, notation, results, repetition and search. Rules:
// /work/shared/rules/maka-dai-dai.md. Its property tests are test/property/maka-dai-dai.test.ts, its perft
// test/perft/maka-dai-dai.test.ts; its self-play from the start, maka.slow.ts.
import { describe, expect, it } from 'vitest';
import { MakaGame, PIECES, parseMove, parsePosition, formatPosition, startPosition } from '../../src/maka/index.js';
import { ArgumentError, IllegalMoveError, OptionError, ParseError } from '../../src/contract/errors.js';
import { DESIGNED, START } from '../support/maka-positions.js';

describe('start position', () => {
  it('is the rules diagram, 96 pieces a side', () => {
    expect(startPosition()).toBe(START);
    const g = MakaGame.create();
    expect(g.position()).toBe(START);
    const s = parsePosition(START);
    const count = [0, 0];
    for (const p of s.cells) if (p) count[p & 1]!++;
    expect(count).toEqual([96, 96]);
    // per-type counts: both sides equal, and the diagram's numbers for a few
    const byCode = new Map<string, number>();
    for (const p of s.cells)
      if (p && (p & 1) === 0) {
        const c = PIECES[(p >> 2) - 1]!.code;
        byCode.set(c, (byCode.get(c) ?? 0) + 1);
      }
    expect(byCode.get('P')).toBe(19);
    expect(byCode.get('K')).toBe(1);
    expect(byCode.get('LN')).toBe(1);
    expect(byCode.get('DK')).toBe(2);
    expect(byCode.get('GB')).toBe(2);
    expect(byCode.size).toBe(50);
  });
  it('is point-symmetric', () => {
    const s = parsePosition(START);
    for (let i = 0; i < 361; i++) {
      const p = s.cells[i]!,
        q = s.cells[360 - i]!;
      expect(p === 0 ? q : p ^ 1).toBe(q);
    }
  });
  it('has no royal missing, Black to move, 80 moves', () => {
    const g = MakaGame.create();
    expect(g.result()).toBeNull();
    expect(g.sideToMove()).toBe('black');
    expect(g.legalMoves().length).toBe(80);
  });
  it('describe(): each piece on its own square (a1 bottom left), for a board UI', () => {
    const g = MakaGame.create();
    const pos = '18k/19/19/19/19/19/19/19/9p9/9G9/19/19/19/19/19/19/19/19/K18 b';
    const d = g.describe(pos);
    const at = (name: string) => d.pieces[d.board.points.findIndex((p) => p.name === name)];
    expect(d.pieces.filter((p) => p !== null)).toHaveLength(4);
    expect([at('a1'), at('s19'), at('j10'), at('j11')].map((p) => p && [p.side, p.label])).toEqual([
      [0, 'K'],
      [1, 'K'],
      [0, 'G'],
      [1, 'P'],
    ]);
    expect(d.board.points[0]).toEqual({ name: 'a1', x: 0, y: 0 });
    // the start: every square as the position string has it
    const s = parsePosition(START),
      start = g.describe();
    for (let i = 0; i < 361; i++) expect(start.pieces[i] === null, start.board.points[i]!.name).toBe(s.cells[i] === 0);
    expect(start.sides.map((x) => x.onBoard)).toEqual([96, 96]);
  });
});

describe('position notation', () => {
  it('round-trips the start and designed positions', () => {
    for (const p of [START, ...DESIGNED.map((d) => d.position)]) expect(formatPosition(parsePosition(p))).toBe(p);
  });
  const bad: [string, number][] = [
    ['', 1],
    [START.replace(/ b$/, ' x'), START.length],
    [START.replace(/ b$/, ''), START.length - 1],
    ['X18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['(P)18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['+(DH)18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['(De)18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['DE18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 3], // D, E, then 18 squares: 20
    ['20/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['09/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 1],
    ['18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 3],
    ['19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 54],
    ['19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 57],
    ['P19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b', 2],
  ];
  for (const [text, column] of bad) {
    it(`rejects ${JSON.stringify(text.slice(0, 24))}... at column ${column}`, () => {
      let err: unknown;
      try {
        parsePosition(text);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).column).toBe(column);
    });
  }
});

describe('move notation', () => {
  it('parses the grammar', () => {
    expect(parseMove('j10-j11')).toMatchObject({ captures: [], destCaptured: false, suffix: '' });
    expect(parseMove('j10xk11-j10')).toMatchObject({ captures: [expect.any(Number)], destCaptured: false });
    expect(parseMove('j10xk11xl12+')).toMatchObject({
      captures: [expect.any(Number)],
      destCaptured: true,
      suffix: '+',
    });
    expect(parseMove('a1xs19=T').suffix).toBe('=T');
    expect(parseMove('s19-s19=B').suffix).toBe('=B');
  });
  const bad: [string, number][] = [
    ['', 1],
    ['t1-a1', 1],
    ['a0-a1', 2],
    ['a20-a1', 2],
    ['a01-a1', 2],
    ['a1', 3],
    ['a1-', 4],
    ['a1-b2#', 6],
    ['a1-b2=X', 6],
    ['a1-b2++', 6],
    ['a1+', 3],
    ['A1-a2', 1],
    ['a1xb2-', 7],
  ];
  for (const [text, column] of bad) {
    it(`rejects ${JSON.stringify(text)} at column ${column}`, () => {
      let err: unknown;
      try {
        parseMove(text);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).column).toBe(column);
    });
  }
  it('play: parse errors, illegal moves, undo', () => {
    const g = MakaGame.create();
    expect(() => g.play('j6-j8')).toThrow(IllegalMoveError);
    expect(() => g.play('j6-')).toThrow(ParseError);
    g.play('j6-j7');
    expect(g.sideToMove()).toBe('white');
    expect(g.undo()).toBe('j6-j7');
    expect(g.position()).toBe(START);
    expect(() => g.undo()).toThrow(ArgumentError);
  });
  it('options are validated', () => {
    expect(() => MakaGame.create({ options: { emperor: 'nope' } })).toThrow(OptionError);
    expect(() => MakaGame.create({ options: { nope: 'x' } })).toThrow(OptionError);
    expect(MakaGame.create({ options: { conversion: false, 'lion-dog': 'leaper' } }).options).toMatchObject({
      conversion: false,
      lionDog: 'leaper',
    });
  });
});

// ---------- game API: results, repetition, search ----------

describe('results and repetition', () => {
  const TWO_KINGS = '18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K18 b';
  it('repetition=draw4: the fourth occurrence is a draw; repetition=none plays on', () => {
    for (const repetition of ['draw4', 'none']) {
      const g = MakaGame.create({ position: TWO_KINGS, options: { repetition } });
      for (let i = 0; i < 3; i++) for (const m of ['a1-a2', 's19-s18', 'a2-a1', 's18-s19']) g.play(m);
      expect(g.result()).toEqual(
        repetition === 'draw4' ? { winner: 'draw', winnerName: 'draw', reason: 'repetition' } : null,
      );
      expect(g.perft(1)).toBe(3); // perft ignores repetition: a1-a2, a1-b1, a1-b2
    }
  });
  it('games longer than the initial undo stack (1024 plies) undo correctly; history lists the moves', () => {
    const g = MakaGame.create({ position: TWO_KINGS, options: { repetition: 'none' } });
    for (let i = 0; i < 300; i++) for (const m of ['a1-a2', 's19-s18', 'a2-a1', 's18-s19']) g.play(m);
    expect(g.history().length).toBe(1200);
    expect(g.history().slice(0, 2)).toEqual(['a1-a2', 's19-s18']);
    for (let i = 0; i < 1200; i++) g.undo();
    expect(g.position()).toBe(TWO_KINGS);
    expect(g.keyConsistent()).toBe(true);
  });
  it('capturing the last royal ends the game', () => {
    const g = MakaGame.create({ position: '18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18R/K18 b' });
    g.play('s2xs19+');
    expect(g.result()).toEqual({ winner: 'black', winnerName: 'Black', reason: 'royals' });
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play('s19-s18')).toThrow(IllegalMoveError);
  });
  it('a Prince keeps its side alive after the King is lost', () => {
    const g = MakaGame.create({ position: '18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/+(DE)18/K17r w' });
    g.play('s1xa1');
    expect(g.result()).toBeNull();
    expect(g.legalMoves()).toContain('a2xa1');
    g.play('a2xa1');
    expect(g.position()).toBe('18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/+(DE)18 w');
  });
});

describe('search', () => {
  it('takes a hanging Rook with the Lion (and promotes)', () => {
    const g = MakaGame.create({ position: '14k4/19/19/19/19/19/19/19/19/11r7/19/9(LN)9/19/19/19/19/19/19/4K14 b' });
    const before = g.position();
    const r = g.search({ depth: 3 });
    expect(r.bestmove).toBe('j8xl10+');
    expect(r.score).toBeGreaterThan(1000);
    expect(g.position()).toBe(before);
    expect(g.keyConsistent()).toBe(true);
  });
  it('finds the capture of the last royal as a win in 1', () => {
    const g = MakaGame.create({ position: '9k9/19/19/19/19/19/19/19/19/19/19/19/19/19/9R9/19/19/19/K18 b' });
    const r = g.search({ depth: 3 });
    expect(r.bestmove).toMatch(/^j5xj19\+?$/);
    expect(r.mateIn).toBe(1);
  });
  it('runs from the start within node and time limits', () => {
    const g = MakaGame.create();
    const r = g.search({ nodes: 20000 });
    expect(r.bestmove).not.toBeNull();
    expect(g.legalMoves()).toContain(r.bestmove);
    expect(r.nodes).toBeLessThanOrEqual(20000);
    const t = g.search({ movetime: 200 });
    expect(t.ms).toBeLessThan(1500);
    expect(g.position()).toBe(START);
  });
  it('scores a repetition inside its line as a draw under draw4: the side behind takes it, and not under none', () => {
    // Black: King a1 and a Rook on j10; White: the King alone. After a1-a2 s19-s18 a2-a1, White's
    // s18-s19 brings back the position before a1-a2: a draw to the side a Rook down, whatever else it does
    const pos = '18k/19/19/19/19/19/19/19/19/9R9/19/19/19/19/19/19/19/19/K18 b';
    for (const repetition of ['draw4', 'none']) {
      const g = MakaGame.create({ position: pos, options: { repetition } });
      for (const m of ['a1-a2', 's19-s18', 'a2-a1']) g.play(m);
      const r = g.search({ depth: 2 });
      if (repetition === 'draw4') expect([r.bestmove, r.score]).toEqual(['s18-s19', 0]);
      else expect(r.score).toBeLessThan(-500);
    }
  });
  it('validates limits', () => {
    const g = MakaGame.create();
    expect(() => g.search({ depth: 0 })).toThrow(ArgumentError);
    expect(() => g.search({ nodes: -1 })).toThrow(ArgumentError);
  });
});
