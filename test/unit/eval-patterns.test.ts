// Pattern tuples of the hunt evaluation (src/variants/types.ts EvalPatterns, assembly/eval.ts setTuple):
// the core's sum equals one recomputed here from the declaration alone (points by name, contents read
// from describe(), the entries decoded from base64), in Bagh Chal's movement phase for either side to
// move; none in the placement phase; and a declaration that does not fit its board or the core's limits
// is refused by name when a game is created.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { loadVariantCore } from '../../src/lattice/core/setup.js';
import { baghChal } from '../../src/variants/bagh-chal.js';
import { BAGH_CHAL_PATTERNS } from '../../src/variants/bagh-chal-patterns.js';
import type { EvalPatterns } from '../../src/variants/index.js';
import { randomMovementPosition, seededRandom } from '../support/exact-wins-lib.mjs';

/** The declaration's sum for the position `g` is in: hunters' view, as evalFeatures().patterns. */
function expectedSum(g: Game, p: EvalPatterns): number {
  const d = g.describe();
  const content = new Map(
    d.board.points.map((pt, i) => [pt.name, d.pieces[i] ? (d.pieces[i]!.side === 1 ? 2 : 1) : 0]),
  );
  const bytes = Buffer.from(p.weights, 'base64');
  const entry = (i: number) => bytes.readInt16LE(2 * i);
  const offsets: number[] = [];
  let size = 0;
  for (const len of p.tableLengths) {
    offsets.push(size);
    size += 3 ** len;
  }
  const huntersToMove = d.toMove === 1;
  let sum = 0;
  for (const t of p.tuples) {
    let v = 0;
    for (const name of t.points) v = v * 3 + content.get(name)!;
    sum += entry((p.bySide && huntersToMove ? size : 0) + offsets[t.table]! + v);
  }
  return sum;
}

describe('evaluation patterns', () => {
  it("Bagh Chal: the core sums the declared tuples' entries, for either side to move (movement phase)", async () => {
    const p = await baghChal.evalPatterns!();
    expect(p.tuples.length).toBeGreaterThan(0);
    const g = await Game.create('bagh-chal');
    try {
      const rand = seededRandom(5);
      const sides = new Set<number>();
      let nonZero = 0;
      for (let i = 0; i < 300; i++) {
        g.setPosition(randomMovementPosition(rand, 5));
        const f = g.evalFeatures();
        expect(f.phase).toBe('movement');
        expect(f.patterns, g.position()).toBe(expectedSum(g, p));
        sides.add(g.describe().toMove);
        if (f.patterns !== 0) nonZero++;
      }
      expect(sides.size).toBe(2);
      expect(nonZero).toBeGreaterThan(250);
    } finally {
      g.dispose();
    }
  });

  it('Bagh Chal: the same with few goats left (captures-to-win 20: fewer prey than empty points)', async () => {
    const p = await baghChal.evalPatterns!();
    const g = await Game.create('bagh-chal', { options: { 'captures-to-win': 20 } });
    try {
      const rand = seededRandom(6);
      for (let i = 0; i < 200; i++) {
        const goats = 1 + (rand() % 10);
        const cells = Array<string>(25).fill('.');
        const put = (ch: string, n: number) => {
          for (let k = 0; k < n; ) {
            const c = rand() % 25;
            if (cells[c] === '.') {
              cells[c] = ch;
              k++;
            }
          }
        };
        put('T', 4);
        put('G', goats);
        const ranks = [4, 3, 2, 1, 0].map((y) =>
          cells
            .slice(y * 5, y * 5 + 5)
            .join('')
            .replace(/\.+/g, (m) => String(m.length)),
        );
        g.setPosition(`${ranks.join('/')} ${rand() % 2 ? 'T' : 'G'} - G${20 - goats}`);
        expect(g.evalFeatures().patterns, g.position()).toBe(expectedSum(g, p));
      }
    } finally {
      g.dispose();
    }
  });

  it('Bagh Chal: the declaration loads its tables when asked (a module of their own)', async () => {
    expect(await baghChal.evalPatterns!()).toBe(BAGH_CHAL_PATTERNS);
  });

  it('Bagh Chal: no pattern term while goats are in hand (placement phase)', async () => {
    const g = await Game.create('bagh-chal');
    try {
      for (const m of ['c3', 'a1-b2', 'b1']) {
        g.play(m);
        expect(g.evalFeatures()).toMatchObject({ phase: 'placement', patterns: 0 });
      }
    } finally {
      g.dispose();
    }
  });

  const p = BAGH_CHAL_PATTERNS;
  const bad: Array<[string, EvalPatterns, RegExp]> = [
    ['weights of the wrong length', { ...p, weights: p.weights.slice(0, 400) }, /bytes of weights/],
    ['a point the board lacks', { ...p, tuples: [{ table: 3, points: ['a1', 'b1', 'c1', 'd1', 'f1'] }] }, /names f1/],
    [
      'a tuple of the wrong length',
      { ...p, tuples: [{ table: 3, points: ['a1', 'b1'] }] },
      /tuple 0 reads table 3 with 2 points/,
    ],
    ['a table that is not declared', { ...p, tuples: [{ table: 9, points: ['a1'] }] }, /tuple 0 reads table 9/],
    [
      'more tuples than the core holds',
      { ...p, tuples: Array.from({ length: 33 }, () => p.tuples[0]!) },
      /refused tuple 32/,
    ],
    [
      'more entries than the core holds',
      {
        tableLengths: [9, 9, 9, 9, 9, 9, 9],
        tuples: [],
        bySide: false,
        weights: Buffer.alloc(7 * 19683 * 2).toString('base64'),
      },
      /137781 entries; the core holds 131072/,
    ],
  ];
  for (const [what, patterns, message] of bad) {
    it(`a declaration with ${what} is refused, naming the variant`, async () => {
      await expect(
        loadVariantCore(
          { ...baghChal, evalPatterns: async () => patterns },
          { 'captures-to-win': 5, repetition: 'draw3' },
        ),
      ).rejects.toThrow(message);
      await expect(
        loadVariantCore(
          { ...baghChal, evalPatterns: async () => patterns },
          { 'captures-to-win': 5, repetition: 'draw3' },
        ),
      ).rejects.toThrow(/bagh-chal's evaluation patterns/);
    });
  }
});
