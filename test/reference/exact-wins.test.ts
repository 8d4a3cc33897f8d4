// Forced wins are exact (DESIGN.md "Search", issue 8): a deterministic sample of the check in
// test/support/exact-wins.mjs, on the captures-to-win 3 game so its tablebase builds in seconds. Whenever the
// side to move wins or loses in n plies (the tablebase's distance to mate), a search to depth n + 2
// reports exactly n, on a fresh Game and on one reused across positions, under repetition=none and
// draw3; and no search reports a mate shorter than the tablebase's. Under forbid the tablebase is only
// an upper bound (a side whose every move would repeat has lost), so forbid is checked against the
// independent reference (test/reference/bagh-chal-repetition.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { buildTablebase } from '../../src/solve/index.js';
// @ts-expect-error: plain JavaScript module without types
import { agrees, sampleByDistance } from '../support/exact-wins-lib.mjs';
import { QUICK_FORBID, checkForbid, forbidSample } from './exact-wins-forbid.js';

type Sample = { pos: string; n: number | null; tb: { wdl: string; dtm: number | null } };

const CTW = 3;
const MAX_N = 9;

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

  it('samples every distance up to the horizon', () => {
    const ns = new Set(picked.map((p) => p.n));
    for (const n of [1, 3, 5, 7, 9, -2, -4, -6, -8, null]) expect(ns.has(n)).toBe(true);
  });

  for (const repetition of ['none', 'draw3'] as const) {
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

// Under repetition=forbid: against the independent reference (exact-wins-forbid.ts), on hand-built
// positions and the first QUICK_FORBID of a random sample; its other positions are the slow tier's
// (exact-wins.slow.ts).
describe('forced wins under repetition=forbid, against the independent reference', () => {
  it('finds the wins forbid makes shorter, and the losses it creates (hand-built positions)', async () => {
    const positions = [
      'GGG1G/TTGGG/GGGGG/GGGGT/GGT1G G - G1', // a tiger shuffle that forbid refuses: win in 3, not 7
      '1GGGG/GGGGT/GGGT1/GGGGT/GTGGG G - G1', // win in 3 under forbid, 5 under none
      'GTGGG/TGGG1/TGGGG/G1GGG/GTGGG T - G1', // no result under none, a loss in 4 under forbid
      'GGGGT/GGGGG/2GGG/1TGGT/GGGGT T - G2', // decisive only at 8-9 plies
      'GGGGG/GTGGG/GGT1G/TGGGG/GT1GG G - G1',
    ];
    const { wrong, decisive } = await checkForbid(positions, 9);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThanOrEqual(4);
  });

  it(`agrees with the reference on the first ${QUICK_FORBID} random movement-phase positions (horizon 7)`, async () => {
    const { wrong, decisive } = await checkForbid(await forbidSample(QUICK_FORBID), 7);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThan(0);
  });
});
