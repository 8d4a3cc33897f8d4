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
import { buildTablebase } from '../../src/tablebase/index.js';
// @ts-expect-error: plain JavaScript module without types
import { agrees, randomMovementPosition, sampleByDistance, seededRandom } from '../support/exact-wins-lib.mjs';
import { parsePosition as refParse } from './bagh-chal.js';
import { solveWithRepetition, type ShortResult } from './bagh-chal-repetition.js';

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
        for (const [how, g] of [['fresh', fresh], ['reused', reused]] as const) {
          const r = g.search({ depth });
          if (!agrees(s, r)) wrong.push(`${how} "${s.pos}" depth ${depth}: tablebase ${s.tb.wdl} ${s.tb.dtm}, search mateIn ${r.mateIn}`);
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
      if (r.mateIn !== s.n) wrong.push(`"${s.pos}": tablebase ${s.n}, depth 12 says ${r.mateIn} (completed depth ${r.depth})`);
    }
    expect(wrong).toEqual([]);
  });
});

// Under repetition=forbid the tablebase is no referee: a side whose every move would repeat has lost, so
// wins can be shorter than its distance. The independent reference (test/reference/
// bagh-chal-repetition.ts, written from RULES.md without reading the core) is, for positions with no
// prior history. EXACT_FORBID_COUNT=N runs a larger random sample (default 40).
describe('forced wins under repetition=forbid, against the independent reference', () => {
  const toMateIn = (r: ShortResult): number | null => (r.result === 'win' ? r.plies : r.result === 'loss' ? -r.plies : null);
  async function check(positions: string[], horizon: number): Promise<{ wrong: string[]; decisive: number }> {
    const reused = await Game.create('bagh-chal', { options: { repetition: 'forbid' } });
    const wrong: string[] = [];
    let decisive = 0;
    for (const pos of positions) {
      const ref = toMateIn(solveWithRepetition(refParse(pos), horizon, { repetition: 'forbid' }));
      if (ref !== null) decisive++;
      const depth = ref === null ? horizon + 2 : Math.abs(ref) + 2;
      const fresh = await Game.create('bagh-chal', { options: { repetition: 'forbid' }, position: pos });
      reused.setPosition(pos);
      for (const [how, g] of [['fresh', fresh], ['reused', reused]] as const) {
        const r = g.search({ depth });
        const ok = ref !== null ? r.mateIn === ref : r.mateIn === null || Math.abs(r.mateIn) > horizon;
        if (!ok) wrong.push(`${how} "${pos}" depth ${depth}: reference ${ref}, search mateIn ${r.mateIn}`);
      }
    }
    return { wrong, decisive };
  }

  it('finds the wins forbid makes shorter, and the losses it creates (hand-built positions)', async () => {
    const positions = [
      'GGG1G/TTGGG/GGGGG/GGGGT/GGT1G G - G1',   // a tiger shuffle that forbid refuses: win in 3, not 7
      '1GGGG/GGGGT/GGGT1/GGGGT/GTGGG G - G1',   // win in 3 under forbid, 5 under none
      'GTGGG/TGGG1/TGGGG/G1GGG/GTGGG T - G1',   // no result under none, a loss in 4 under forbid
      'GGGGT/GGGGG/2GGG/1TGGT/GGGGT T - G2',    // decisive only at 8-9 plies
      'GGGGG/GTGGG/GGT1G/TGGGG/GT1GG G - G1',
    ];
    const { wrong, decisive } = await check(positions, 9);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThanOrEqual(4);
  });

  const count = Number(process.env.EXACT_FORBID_COUNT ?? 40);
  it(`agrees with the reference on ${count} random movement-phase positions (horizon 7)`, async () => {
    const rand = seededRandom(8);
    const positions: string[] = [];
    const probe = await Game.create('bagh-chal', { options: { repetition: 'forbid' } });
    while (positions.length < count) {
      const pos = randomMovementPosition(rand) as string;
      probe.setPosition(pos);
      if (!probe.result()) positions.push(pos);
    }
    const { wrong, decisive } = await check(positions, 7);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThan(count / 10);
  }, 120_000 + count * 5_000);
});
