// Bagh Chal's movement phase solved twice (issue 20, "Bagh Chal stays fast"): by the generic solver
// (src/solve/generic.ts, its layers with both hands empty) and by the specialised one that stays the
// production path (src/solve/index.ts buildTablebase, assembly/tablebase/retro.ts). Two indexes, two
// value encodings, one game: for captures-to-win 1, 2 and 3 every layer (c goats captured) must hold the
// same statistics per side to move (distinct positions under the 8 symmetries, wins, losses, draws) and
// the same longest distance, and a sample of random placements per layer (not canonical: both solvers
// reduce them) the same value, win/loss in the same plies or a draw.
//
// Values: the generic solver's probe() gives { result, plies }; the specialised tablebase's Game.probe()
// gives { wdl, dtm } (dtm null for a draw), from its u16 dtm + 1 code (odd dtm: the side to move wins).
//
// About 20 s (most of it the generic solver's layer with 2 captured at captures-to-win 3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { HuntSolver } from '../../src/solve/generic.js';
import { buildTablebase } from '../../src/solve/index.js';
import { rng } from '../support/playout.js';

/** Random placements checked per layer (about half with each side to move). */
const SAMPLE = 3000;
const POINTS = 25,
  TIGERS = 4,
  GOATS = 20;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A random movement-phase position with `captured` goats captured: 4 tigers, 20 - captured goats, no hand. */
function randomPosition(next: () => number, captured: number): string {
  const cells: string[] = Array.from({ length: POINTS }, () => '');
  const order = Array.from({ length: POINTS }, (_, i) => i);
  for (let i = POINTS - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((p, i) => {
    if (i < TIGERS) cells[p] = 'T';
    else if (i < TIGERS + GOATS - captured) cells[p] = 'G';
  });
  const rows: string[] = [];
  for (let r = 0; r < 5; r++) {
    let row = '',
      empty = 0;
    for (const c of cells.slice(5 * r, 5 * r + 5)) {
      if (c === '') {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      row += c;
      empty = 0;
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return `${rows.join('/')} ${next() < 0.5 ? 'G' : 'T'} - ${captured ? `G${captured}` : '-'}`;
}

describe('Bagh Chal movement phase: the generic solver against the specialised tablebase', () => {
  for (const ctw of [1, 2, 3]) {
    it(`captures-to-win ${ctw}: the same statistics per layer and side, and the same value for ${SAMPLE} random positions a layer`, async () => {
      const options = { 'captures-to-win': ctw };
      const dir = mkdtempSync(join(tmpdir(), 'lattice-bc-generic-'));
      dirs.push(dir);
      const spec = await buildTablebase('bagh-chal', { dir, threads: 1, options });
      const solver = await HuntSolver.create('bagh-chal', options, { handsEmptyOnly: true });
      expect(solver.estimate.refusal).toBeNull();
      const gen = await solver.solve();
      expect(gen.map((l) => [l.captured[0], l.captured[1], l.hand[0], l.hand[1], l.excess]).sort()).toEqual(
        spec.layers.map((l) => [l.layer, 0, 0, 0, 0]).sort(),
      );
      for (const s of spec.layers) {
        const g = gen.find((l) => l.captured[0] === s.layer)!;
        const perSide = g.sides.map((x) => ({ distinct: x.positions, wins: x.wins, losses: x.losses, draws: x.draws }));
        expect({ layer: s.layer, stats: perSide, longest: g.maxPlies }).toEqual({
          layer: s.layer,
          stats: s.stats,
          longest: s.maxDtm,
        });
      }
      const game = await Game.create('bagh-chal', { options });
      await game.loadTablebase(dir);
      const next = rng(0x20 + ctw);
      const seen = new Set<string>();
      for (let c = 0; c < ctw; c++) {
        const wrong: string[] = [];
        for (let i = 0; i < SAMPLE; i++) {
          const text = randomPosition(next, c);
          game.setPosition(text);
          const p = game.probe();
          const v = solver.probe(text);
          seen.add(`${v?.result} ${text.split(' ')[1]}`);
          const expected =
            p === null ? null : p.wdl === 'draw' ? { result: 'draw', plies: 0 } : { result: p.wdl, plies: p.dtm };
          if (v === null || expected === null || v.result !== expected.result || v.plies !== expected.plies) {
            wrong.push(
              `${text}: generic ${JSON.stringify(v)}, specialised ${JSON.stringify(p && { wdl: p.wdl, dtm: p.dtm })}`,
            );
          }
        }
        expect(wrong.slice(0, 10), `captures-to-win ${ctw}, layer ${c}: ${wrong.length} of ${SAMPLE} differ`).toEqual(
          [],
        );
      }
      // not vacuous: the sample met every result with each side to move
      expect([...seen].sort()).toEqual(['draw G', 'draw T', 'loss G', 'loss T', 'win G', 'win T']);
      game.dispose();
    });
  }
});
