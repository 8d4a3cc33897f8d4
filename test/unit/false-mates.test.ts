// No false mates, anywhere (issue 18 item 2): every family's evaluation is clamped below the mate range
// (assembly/eval.ts EVAL_LIMIT, src/maka/search.ts EVAL_LIMIT), so a lopsided position, however large the
// lead, is never reported as a forced win; and a mate score the search does report has a real end: its
// principal variation, played out, finishes the game with the claimed winner after exactly that many
// plies.
import { describe, expect, it } from 'vitest';
import { Game, MakaGame, MATE, listVariants } from '../../src/index.js';
import { mateIn } from '../../src/contract/limits.js';
import { rng } from '../support/playout.js';

describe('the one mate-distance helper (src/contract/limits.ts mateIn)', () => {
  it('reads only the mate range as mates', () => {
    expect(mateIn(MATE - 3, MATE)).toBe(3);
    expect(mateIn(-(MATE - 4), MATE)).toBe(-4);
    expect(mateIn(-MATE, MATE)).toBe(0);
    expect(mateIn(MATE - 1001, MATE)).toBeNull();
    expect(mateIn(29_999, MATE)).toBeNull(); // the largest evaluation (EVAL_LIMIT)
  });
});

describe('Maka Dai Dai: a large material lead is not a mate', () => {
  // the case: White's ranks 15-18 emptied; search --depth 2 reported score 32000, "loss in 2000"
  const lopsided = (emptyRows: number[], side?: string) => {
    const [board, toMove] = MakaGame.create().position().split(' ');
    const rows = board!.split('/');
    for (const r of emptyRows) rows[r] = '19';
    return `${rows.join('/')} ${side ?? toMove}`;
  };
  it.each([
    ['White without its ranks 15-18, Black to move', lopsided([1, 2, 3, 4])],
    ['White without its ranks 15-18, White to move', lopsided([1, 2, 3, 4], 'w')],
    ['Black without its ranks 2-5, White to move', lopsided([14, 15, 16, 17], 'w')],
  ])('%s: scores within the evaluation range, no mateIn, at depth 1-3 and with a node budget', (_label, position) => {
    const g = MakaGame.create({ position });
    for (const limits of [{ depth: 1 }, { depth: 2 }, { depth: 3 }, { nodes: 5_000 }]) {
      const r = g.search(limits);
      expect(r.mateIn, `${JSON.stringify(limits)}: score ${r.score}`).toBeNull();
      expect(Math.abs(r.score)).toBeLessThan(30_000 - 1000);
      expect(r.bestmove).toBeTruthy();
    }
    expect(Math.abs(g.evaluate())).toBeLessThan(29_000);
    g.dispose();
  });
});

describe('the lattice games: every reported mate has a real end on its line', () => {
  let verified = 0;
  const variants = listVariants()
    .map((v) => v.id)
    .filter((id) => id !== 'maka-dai-dai' && id !== 'tibetan-4');
  it.each(variants)('%s: seeded playouts, then one side loses material each ply; search depth 4', async (id) => {
    const next = rng(0x5eed + id.length * 7919);
    let mates = 0,
      checked = 0;
    for (let game = 0; game < 4; game++) {
      const g = await Game.create(id, { hashMb: 1 });
      // a playout in which one side always captures when it can: lopsided positions come quickly
      const greedy = game % 2;
      for (let ply = 0; ply < 80 && g.result() === null; ply++) {
        const ms = g.moves();
        const side = g.describe().toMove;
        const captures = ms.filter((m) => m.captured.length > 0);
        const pool = side === greedy && captures.length > 0 ? captures : ms;
        g.play(pool[Math.floor(next() * pool.length)]!);
        if (ply % 8 !== 7 || g.result() !== null) continue;
        checked++;
        const r = g.search({ depth: 4 });
        expect(
          Math.abs(r.score) < MATE - 1000 || r.mateIn !== null,
          `${id} ${g.position()}: score ${r.score} without mateIn`,
        ).toBe(true);
        if (r.mateIn === null || r.mateIn === 0) continue;
        mates++;
        // the line, played out, ends the game after exactly |mateIn| plies, won by the claimed side
        const n = Math.abs(r.mateIn);
        const before = g.position();
        const mover = g.describe().toMove;
        if (r.pv.length < n) continue; // a line cut short by the table: nothing to play out
        for (let i = 0; i < n; i++) {
          expect(
            g.result(),
            `${id} ${before}: the game ended before ply ${i + 1} of the mate line ${r.pv.join(' ')}`,
          ).toBeNull();
          g.play(r.pv[i]!);
        }
        const res = g.result();
        expect(
          res,
          `${id} ${before}: mate in ${r.mateIn} but no result after ${r.pv.slice(0, n).join(' ')}`,
        ).not.toBeNull();
        const sides = g.variant.sides;
        const winnerIndex =
          res!.winner === 'draw'
            ? -1
            : sides.findIndex((s, i) => (s.id ?? (i === 1 ? 'hunters' : 'prey')) === res!.winner);
        expect(
          winnerIndex,
          `${id} ${before}: mate in ${r.mateIn} for side ${mover}, result ${JSON.stringify(res)}`,
        ).toBe(r.mateIn > 0 ? mover : 1 - mover);
        for (let i = 0; i < n; i++) g.undo();
        verified++;
      }
      g.dispose();
    }
    expect(checked).toBeGreaterThan(0);
    expect(mates).toBeGreaterThanOrEqual(0);
  });
  it('played out some mate lines (the checks above are not vacuous)', () => {
    expect(verified).toBeGreaterThan(5);
  });
});
