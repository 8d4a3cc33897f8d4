// Tests of the independent Maka Dai Dai Shogi reference
// (test/reference/maka-dai-dai.ts) against facts derived by hand from
// shared/rules/maka-dai-dai.md and against its own perft table
// (test/perft/maka-dai-dai.json) at cheap depths.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatPosition,
  legalMoves,
  parsePosition,
  perft,
  divide,
  play,
  positionFromPieces,
  startPosition,
  sqIndex,
  type RefOptions,
} from './maka-dai-dai.js';

interface Row {
  id: string;
  variant: string;
  options: Record<string, string>;
  position: string;
  depths: Record<string, number>;
  source: string;
  note: string;
}

const TABLE: Row[] = JSON.parse(readFileSync(new URL('../perft/maka-dai-dai.json', import.meta.url), 'utf8')) as Row[];

/** moves (texts) of the piece on `from` */
function movesFrom(
  pieces: Record<string, string>,
  from: string,
  side: 'b' | 'w' = 'b',
  opts: RefOptions = {},
): string[] {
  const prefix = new RegExp(`^${from}[-x]`);
  return legalMoves(positionFromPieces(pieces, side), opts).filter((m) => prefix.test(m));
}

/** both colours' kings out of the way in the corners */
const KINGS = { a1: 'K', s19: 'k' };

describe('maka-dai-dai reference: notation and setup', () => {
  it('start position has 96 pieces a side, point-symmetric, and round-trips', () => {
    const p = startPosition();
    expect(p.board.filter((x) => x && x.color === 0).length).toBe(96);
    expect(p.board.filter((x) => x && x.color === 1).length).toBe(96);
    for (let s = 0; s < 361; s++) {
      const a = p.board[s];
      const b = p.board[360 - s];
      expect(a === null).toBe(b === null);
      if (a && b) {
        expect(a.code).toBe(b.code);
        expect(a.color).not.toBe(b.color);
      }
    }
    expect(p.board[sqIndex('j1')]?.code).toBe('K');
    expect(p.board[sqIndex('i1')]?.code).toBe('DV');
    expect(p.board[sqIndex('k1')]?.code).toBe('DS');
    expect(p.board[sqIndex('j19')]).toEqual({ code: 'K', promoted: false, color: 1 });
    expect(p.board[sqIndex('k19')]?.code).toBe('DV');
    expect(p.board[sqIndex('b5')]?.code).toBe('LT');
    const text = formatPosition(p);
    expect(text.endsWith(' b')).toBe(true);
    expect(text.split(' ')[0].split('/')[18]).toBe('LE(ST)TICSG(DV)K(DS)GSCIT(ST)EL');
    expect(text.split(' ')[0].split('/')[12]).toBe('5(GB)7(GB)5');
    expect(formatPosition(parsePosition(text))).toBe(text);
  });

  it('parses promoted and multi-letter pieces, rejects malformed text', () => {
    const p = positionFromPieces({ a1: 'K', b1: '+(DE)', c1: '+P', s19: 'k', r19: '+(ln)', q19: '+k' }, 'w');
    const text = formatPosition(p);
    expect(text).toBe(`16+k+(ln)k/${'19/'.repeat(17)}K+(DE)+P16 w`);
    expect(formatPosition(parsePosition(text))).toBe(text);
    expect(() => parsePosition(text.replace('16+k', '17+k'))).toThrow();
    expect(() => parsePosition(text.replace(' w', ' x'))).toThrow();
    expect(() => parsePosition(text.replace('+(ln)', '(l)'))).toThrow();
    expect(() => parsePosition(text.replace('+(ln)', '+(fk)'))).toThrow(); // no promoted form
    expect(() => parsePosition(text.replace('+(ln)', '(zz)'))).toThrow();
    expect(() => parsePosition(text.replace('/19/', '/9/10/'))).toThrow();
  });
});

describe('maka-dai-dai reference: hand-derived move counts', () => {
  it('start: 80 moves a side (17 pawns, 2 Go-betweens, 61 others), 6400 at depth 2', () => {
    const p = startPosition();
    const ms = legalMoves(p);
    expect(ms.length).toBe(80);
    expect(ms.filter((m) => /^[a-s]6-[a-s]7$/.test(m)).length).toBe(17);
    expect(ms).toContain('j4-j7'); // Lion Dog jumps s3 over Free King and Pawn
    expect(ms).toContain('g5-d2'); // Dragon Horse
    expect(ms).not.toContain('j3-j3'); // Lion hemmed in: no pass
    const w = { board: p.board, side: 1 as const };
    expect(legalMoves(w).length).toBe(80);
    expect(perft(p, 2)).toBe(6400);
    expect(legalMoves(p, { pieces: 'rokushu' }).length).toBe(82);
  });

  it('Lion alone in the middle: 24 jumps + pass', () => {
    const ms = movesFrom({ ...KINGS, j10: 'LN' }, 'j10');
    expect(ms.length).toBe(25);
    expect(ms).toContain('j10-j10');
    expect(ms).toContain('j10-l12');
    expect(legalMoves(positionFromPieces({ ...KINGS, j10: 'LN' }, 'b')).length).toBe(28);
  });

  it('Lion next to one enemy: jumps 23+2, igui and 7 second steps (x2 promotion), pass', () => {
    const ms = movesFrom({ ...KINGS, j10: 'LN', k11: 'p' }, 'j10');
    expect(ms.length).toBe(42);
    for (const m of ['j10xk11', 'j10xk11+', 'j10xk11-j10', 'j10xk11-j10+', 'j10xk11-l12', 'j10-j10', 'j10-l12']) {
      expect(ms).toContain(m);
    }
  });

  it('Lion double capture, forced promotion when a captured piece is promoted', () => {
    const ms = movesFrom({ ...KINGS, j10: 'LN', k11: 'p', l12: '+p' }, 'j10');
    expect(ms).toContain('j10xk11xl12+');
    expect(ms).not.toContain('j10xk11xl12');
    expect(ms).toContain('j10xl12+');
    expect(ms).not.toContain('j10xl12');
    expect(ms).toContain('j10xk11-k12');
  });

  it('Lion with no empty neighbour cannot pass; a Lion in the corner', () => {
    const ms = movesFrom({ s1: 'K', s19: 'k', a1: 'LN', a2: 'P', b1: 'P', b2: 'P' }, 'a1');
    expect(ms).not.toContain('a1-a1');
    expect(ms.sort()).toEqual(['a1-a3', 'a1-b3', 'a1-c1', 'a1-c2', 'a1-c3'].sort());
  });

  it('Lion Dog alone: 3 squares on each of 8 lines + pass; leaper/slider options 24', () => {
    const pieces = { ...KINGS, j10: 'LD' };
    expect(movesFrom(pieces, 'j10').length).toBe(25);
    expect(movesFrom(pieces, 'j10')).toContain('j10-j10');
    expect(movesFrom(pieces, 'j10', 'b', { 'lion-dog': 'leaper' }).length).toBe(24);
    expect(movesFrom(pieces, 'j10', 'b', { 'lion-dog': 'slider' }).length).toBe(24);
  });

  it('Lion Dog with an enemy on s1: 10 on that line + 21 + pass', () => {
    const ms = movesFrom({ ...KINGS, j10: 'LD', j11: 'p' }, 'j10');
    expect(ms.length).toBe(32);
    for (const m of ['j10xj11-j10', 'j10xj11-j12', 'j10xj11-j13', 'j10-j12', 'j10-j13', 'j10-j10'])
      expect(ms).toContain(m);
  });

  it('Lion Dog with enemies on s1, s2, s3: exactly the nine path shapes (x2 promotion)', () => {
    const ms = movesFrom({ ...KINGS, j10: 'LD', j11: 'p', j12: 'p', j13: 'p' }, 'j10').filter((m) => /j1[123]/.test(m));
    const base = [
      'j10xj11',
      'j10xj12',
      'j10xj13',
      'j10xj11-j10',
      'j10xj11xj12',
      'j10xj11xj13',
      'j10xj12xj13',
      'j10xj11xj12xj13',
      'j10xj12xj11',
    ];
    expect(ms.sort()).toEqual([...base, ...base.map((m) => m + '+')].sort());
  });

  it('Lion Dog: friends are jumped but never stopped on; the leaper ignores them, the slider is blocked', () => {
    const pieces = { ...KINGS, j10: 'LD', j11: 'P', j12: 'P', j13: 'p' };
    const up = (o: RefOptions) =>
      movesFrom(pieces, 'j10', 'b', o)
        .filter((m) => /j1[123]/.test(m))
        .sort();
    expect(up({})).toEqual(['j10xj13', 'j10xj13+']);
    expect(up({ 'lion-dog': 'leaper' })).toEqual(['j10xj13', 'j10xj13+']);
    expect(up({ 'lion-dog': 'slider' })).toEqual([]);
    // enemy s2 with friend s1: 0-2, 0-2-3 but not 0-2-1
    const p2 = { ...KINGS, j10: 'LD', j11: 'P', j12: 'p' };
    expect(
      movesFrom(p2, 'j10')
        .filter((m) => /j1[123]/.test(m))
        .sort(),
    ).toEqual(['j10xj12', 'j10xj12+', 'j10xj12-j13', 'j10xj12-j13+', 'j10-j13'].sort());
  });

  it("Lion Dog: the DFS over stops equals the rules' list of path shapes, for every filling of one line", () => {
    // the shapes as the rules list them (indices along the line, 0 = origin)
    const SHAPES = [
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 1, 0],
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [0, 1, 2, 3],
      [0, 2, 1],
      [0, 1, 2, 1],
    ];
    const fills = ['', 'P', 'p', '+p']; // empty, friend, enemy, promoted enemy
    for (const origin of [10, 16, 17, 18]) {
      for (let code = 0; code < 64; code++) {
        const pieces: Record<string, string> = { ...KINGS, [`j${origin}`]: 'LD' };
        const line = [`j${origin}`];
        for (let k = 1; k <= 3; k++) {
          const f = fills[(code >> (2 * (k - 1))) & 3];
          const name = origin + k <= 19 ? `j${origin + k}` : '';
          line.push(name);
          if (name && f) pieces[name] = f;
        }
        const expected = new Set<string>();
        for (const shape of SHAPES) {
          if (shape.some((i) => line[i] === '')) continue;
          const caps: number[] = [];
          let ok = true;
          shape.slice(1).forEach((i, n) => {
            const last = n === shape.length - 2;
            const tok = i === 0 ? '' : caps.includes(i) ? '' : (pieces[line[i]] ?? '');
            const enemy = tok === 'p' || tok === '+p';
            if (tok === 'P') ok = false;
            else if (i === 0 && !(last && shape.length === 3)) ok = false;
            else if (!last && !enemy && !(shape.length === 3 && i === 1 && shape[2] === 0)) ok = false;
            if (enemy) caps.push(i);
          });
          if (!ok) continue;
          const dest = shape[shape.length - 1];
          let text = line[0];
          for (const c of caps) if (c !== dest) text += 'x' + line[c];
          text += (caps.includes(dest) ? 'x' : '-') + line[dest];
          if (caps.length === 0) expected.add(text);
          else {
            expected.add(text + '+');
            if (!caps.some((c) => pieces[line[c]] === '+p')) expected.add(text);
          }
        }
        const onLine = new RegExp(
          `[-x]j(${line
            .slice(1)
            .filter((x) => x)
            .map((x) => x.slice(1))
            .join('|')})`,
        );
        const got = movesFrom(pieces, line[0]).filter(
          (m) =>
            onLine.test(m) ||
            m === `${line[0]}xj${origin + 1}-${line[0]}` ||
            m === `${line[0]}xj${origin + 1}-${line[0]}+`,
        );
        const pass = `${line[0]}-${line[0]}`;
        expected.delete(pass); // the pass is also available over the other lines' empty s1
        expect(got.sort(), `${origin} ${code}`).toEqual([...expected].sort());
        expect(movesFrom(pieces, line[0])).toContain(pass);
      }
    }
  });

  it("Hook Mover alone reaches every square but its own King's (enemy King twice)", () => {
    const ms = movesFrom({ ...KINGS, j10: '(HM)' }, 'j10');
    expect(ms.length).toBe(360);
    expect(ms).toContain('j10xs19+');
    expect(ms).toContain('j10-a2');
    expect(ms).not.toContain('j10-a1');
    expect(legalMoves(positionFromPieces({ ...KINGS, j10: '(HM)' }, 'b')).length).toBe(363);
  });

  it('Hook Mover: an enemy on its file ends leg 1 there (j13..j19 unreachable)', () => {
    const ms = movesFrom({ ...KINGS, j10: '(HM)', j12: 'p' }, 'j10');
    expect(ms.length).toBe(354);
    expect(ms).not.toContain('j10-j13');
    expect(ms).toContain('j10-k13'); // leg 1 to k10, turn, up to k13
    expect(ms).toContain('j10xj12+');
  });

  it("Capricorn alone reaches every square of its colour but its own King's", () => {
    const ms = movesFrom({ ...KINGS, j10: '(CP)' }, 'j10');
    expect(ms.length).toBe(180);
    expect(ms).toContain('j10-j12'); // to k11, turn, on to j12
    expect(ms).toContain('j10-a19');
    expect(ms).toContain('j10xs19');
    expect(ms).not.toContain('j10-j11');
  });

  it("Emperor against a lone King: any square not attacked (the King's three neighbours)", () => {
    const ms = movesFrom({ j10: '+K', s19: 'k' }, 'j10');
    expect(ms.length).toBe(357);
    expect(ms).toContain('j10xs19');
    expect(ms).not.toContain('j10-r18');
    expect(ms).not.toContain('j10-j10');
  });

  it('Emperor: a protected King cannot be taken; options jawiki and free', () => {
    const pieces = { j10: '+K', s19: 'k', s18: 'g' };
    const seed = movesFrom(pieces, 'j10');
    expect(seed.length).toBe(354);
    expect(seed).not.toContain('j10xs19');
    expect(seed).not.toContain('j10xs18');
    expect(seed).not.toContain('j10-s17');
    const jawiki = movesFrom(pieces, 'j10', 'b', { emperor: 'jawiki' });
    expect(jawiki.length).toBe(358);
    expect(jawiki).toContain('j10-s17');
    expect(jawiki).not.toContain('j10xs18');
    const free = movesFrom(pieces, 'j10', 'b', { emperor: 'free' });
    expect(free.length).toBe(359);
    expect(free).toContain('j10xs18');
    expect(free).not.toContain('j10xs19');
  });

  it('Emperor against an Emperor: only protected squares, or taking the enemy Emperor', () => {
    expect(legalMoves(positionFromPieces({ j10: '+K', s19: '+k' }, 'b'))).toEqual(['j10xs19']);
    // a Gold on j8 protects j9, j7, i8, k8 and (diagonally forward) i9, k9
    const ms = legalMoves(positionFromPieces({ j10: '+K', a19: '+k', j8: 'G' }, 'b')).filter((m) =>
      m.startsWith('j10'),
    );
    expect(ms.sort()).toEqual(['j10-i8', 'j10-i9', 'j10-j7', 'j10-j9', 'j10-k8', 'j10-k9', 'j10xa19'].sort());
    // jawiki has no both-Emperors clause
    expect(movesFrom({ j10: '+K', s19: '+k' }, 'j10', 'b', { emperor: 'jawiki' }).length).toBe(360);
  });

  it('King, Drunk Elephant, Emperor and Prince: three-way choice on a Deva or Dark Spirit', () => {
    const k = (piece: string, victim: string, o: RefOptions = {}) =>
      movesFrom({ a1: 'K', s19: 'k', j10: piece, j11: victim }, 'j10', 'b', o)
        .filter((m) => m.includes('j11'))
        .sort();
    expect(k('K', '(dv)')).toEqual(['j10xj11', 'j10xj11+', 'j10xj11=T']);
    expect(k('K', '(ds)')).toEqual(['j10xj11', 'j10xj11+', 'j10xj11=B']);
    expect(k('K', '+(dv)')).toEqual(['j10xj11', 'j10xj11+', 'j10xj11=T']); // overrides forced promotion
    expect(k('K', '+(dv)', { promotion: 'always' })).toEqual(['j10xj11', 'j10xj11+', 'j10xj11=T']);
    expect(k('K', '(dv)', { conversion: 'false' })).toEqual(['j10xj11', 'j10xj11+']);
    expect(k('K', '+(dv)', { conversion: 'false' })).toEqual(['j10xj11+']);
    expect(k('K', 'p')).toEqual(['j10xj11', 'j10xj11+']);
    expect(k('K', '+p')).toEqual(['j10xj11+']);
    expect(k('K', 'p', { promotion: 'always' })).toEqual(['j10xj11+']);
    expect(k('(DE)', '(dv)')).toEqual(['j10xj11', 'j10xj11+', 'j10xj11=T']);
    expect(k('+(DE)', '(ds)')).toEqual(['j10xj11', 'j10xj11=B']);
    expect(k('+K', '(dv)')).toEqual(['j10xj11', 'j10xj11=T']);
  });

  it('other pieces convert (forced), whatever they were; both kinds at once give both results', () => {
    const one = (piece: string, victim: string) =>
      movesFrom({ a1: 'K', s19: 'k', j10: piece, j11: victim }, 'j10')
        .filter((m) => /^j10xj11(\+|=T|=B)?$/.test(m)) // the plain capture (a Teaching King also has igui etc.)
        .sort();
    expect(one('G', '(dv)')).toEqual(['j10xj11+']);
    expect(one('(FK)', '(ds)')).toEqual(['j10xj11+']);
    expect(one('(FK)', '+p')).toEqual(['j10xj11']); // no promoted form
    expect(one('+(DV)', '(dv)')).toEqual(['j10xj11']); // already a Teaching King
    expect(one('+(DV)', '(ds)')).toEqual(['j10xj11+']);
    const lion = movesFrom({ a1: 'K', s19: 'k', j10: 'LN', j11: '(dv)', j12: '(ds)' }, 'j10');
    expect(lion).toContain('j10xj11xj12=T');
    expect(lion).toContain('j10xj11xj12=B');
    expect(lion).not.toContain('j10xj11xj12+');
    const after = play(
      positionFromPieces({ a1: 'K', s19: 'k', j10: 'LN', j11: '(dv)', j12: '(ds)' }, 'b'),
      'j10xj11xj12=B',
    );
    expect(formatPosition(after).split(' ')[0].split('/')[7]).toBe('9+(DS)9');
  });

  it('a side without a royal has no moves; capturing the last royal ends the game', () => {
    expect(legalMoves(positionFromPieces({ a1: 'G', s19: 'k' }, 'b'))).toEqual([]);
    expect(legalMoves(positionFromPieces({ a1: 'K', s19: 'g' }, 'b'))).toEqual([]);
    const p = positionFromPieces({ a1: 'K', j10: 'R', j19: 'k' }, 'b');
    const child = play(p, 'j10xj19');
    expect(legalMoves(child)).toEqual([]);
    // a King converting to a Teaching King loses its royalty
    const q = play(positionFromPieces({ j10: 'K', j11: '(dv)', s19: 'k' }, 'b'), 'j10xj11=T');
    expect(legalMoves(q)).toEqual([]);
    // ... but a Prince keeps the side alive
    const r = play(positionFromPieces({ j10: 'K', j11: '(dv)', s19: 'k', a1: '+(DE)' }, 'b'), 'j10xj11=T');
    expect(legalMoves(r).length).toBeGreaterThan(0);
  });

  it('colour symmetry: rotating the board 180 degrees and swapping colours and side keeps perft', () => {
    for (const id of ['lions', 'lion-dogs', 'hooks', 'promotions', 'rokushu-pieces']) {
      const row = TABLE.find((r) => r.id === id)!;
      const p = parsePosition(row.position);
      const q = {
        board: p.board.map((_, s) => {
          const x = p.board[360 - s];
          return x && { ...x, color: (1 - x.color) as 0 | 1 };
        }),
        side: (1 - p.side) as 0 | 1,
      };
      expect(perft(q, 2, row.options as RefOptions)).toBe(row.depths['2']);
    }
  });

  it('divide sums to perft', () => {
    const p = parsePosition(TABLE.find((r) => r.id === 'lions')!.position);
    const d = divide(p, 2);
    expect([...d.values()].reduce((a, b) => a + b, 0)).toBe(perft(p, 2));
  });
});

describe('maka-dai-dai reference: perft table (cheap depths)', () => {
  it('has the rows the brief asks for', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(6);
    for (const row of TABLE) {
      expect(row.variant).toBe('maka-dai-dai');
      expect(row.source).toBe('test/reference/maka-dai-dai.ts');
      expect(formatPosition(parsePosition(row.position))).toBe(row.position);
    }
    expect(TABLE[0].position).toBe(formatPosition(startPosition()));
  });
  for (const row of TABLE) {
    const cheap = Object.entries(row.depths).filter(([d]) => Number(d) <= 2);
    it(`${row.id} (${JSON.stringify(row.options)}) to depth ${cheap.length}`, () => {
      const p = parsePosition(row.position);
      for (const [d, n] of cheap) expect(perft(p, Number(d), row.options as RefOptions)).toBe(n);
    });
  }
});
