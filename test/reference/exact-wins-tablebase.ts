// The tablebase half of the exact-wins check (exact-wins.test.ts, exact-wins.slow.ts): on Bagh Chal at
// captures-to-win 3, a deterministic sample of positions at every distance up to MAX_N plies; a search to
// depth n + 2 reports exactly n under the given repetition rules, on a fresh Game and on a reused one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { buildTablebase } from '../../src/solve/index.js';
// @ts-expect-error: plain JavaScript module without types
import { agrees, sampleByDistance } from '../support/exact-wins-lib.mjs';

type Sample = { pos: string; n: number | null; tb: { wdl: string; dtm: number | null } };

const CTW = 3;
const MAX_N = 9;

/**
 * The tablebase checks under `repetitions` (each a test on the whole sample); with `extra`, also that the
 * sample covers every distance and that a reported mate is not longer at depth 12.
 */
export function describeExactWins(repetitions: ReadonlyArray<'none' | 'draw3'>, extra: boolean): void {
  describe(`forced wins against the tablebase (captures-to-win ${CTW})`, () => {
    let dir: string;
    let picked: Sample[] = [];
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'lattice-exact-'));
      await buildTablebase('bagh-chal', { dir, options: { 'captures-to-win': CTW } });
      const oracle = await Game.create('bagh-chal', { options: { 'captures-to-win': CTW } });
      await oracle.loadTablebase(dir);
      picked = sampleByDistance(oracle, { count: 120, maxN: MAX_N, seed: 2026, capturesToWin: CTW }).picked;
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    if (extra)
      it('samples every distance up to the horizon', () => {
        const ns = new Set(picked.map((p) => p.n));
        for (const n of [1, 3, 5, 7, 9, -2, -4, -6, -8, null]) expect(ns.has(n)).toBe(true);
      });

    for (const repetition of repetitions) {
      it(`a search to depth n + 2 reports exactly n (repetition=${repetition}, fresh and reused Game)`, async () => {
        const options = { 'captures-to-win': CTW, repetition };
        const reused = await Game.create('bagh-chal', { options });
        const wrong: string[] = [];
        for (const s of picked) {
          const depth = s.n === null ? MAX_N + 2 : Math.abs(s.n) + 2;
          const fresh = await Game.create('bagh-chal', { options, position: s.pos });
          reused.setPosition(s.pos);
          for (const [how, g] of [
            ['fresh', fresh],
            ['reused', reused],
          ] as const) {
            const r = g.search({ depth });
            if (!agrees(s, r))
              wrong.push(
                `${how} "${s.pos}" depth ${depth}: tablebase ${s.tb.wdl} ${s.tb.dtm}, search mateIn ${r.mateIn}`,
              );
          }
        }
        expect(wrong).toEqual([]);
      });
    }

    if (extra)
      it('a reported mate is not longer once the search has completed depth n + 2, however deep it goes', async () => {
        const g = await Game.create('bagh-chal', { options: { 'captures-to-win': CTW } });
        const wrong: string[] = [];
        for (const s of picked.filter((p) => p.n !== null && Math.abs(p.n) <= 5)) {
          g.setPosition(s.pos);
          const r = g.search({ depth: 12 });
          if (r.mateIn !== s.n)
            wrong.push(`"${s.pos}": tablebase ${s.n}, depth 12 says ${r.mateIn} (completed depth ${r.depth})`);
        }
        expect(wrong).toEqual([]);
      });
  });
}
