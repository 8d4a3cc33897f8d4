// Bagh Chal's whole-game solution in play (issue 36): the placement layers a solve keeps on disk (solveGame's
// keepPlacement), probed one position at a time (openPlacementTables) and by the search (Game.loadTablebase of
// the same directory), checked against the independent memoised minimax (test/reference/bagh-chal-placement.ts)
// over the movement-phase tablebases. Only the layers near the end of placement are solved (stopAt: 18 to 19
// placed, captures-to-win 2: a few seconds).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { openPlacementTables, solveGame, type PlacementTablesReader } from '../../src/solve/placement.js';
import { TablebaseError } from '../../src/solve/index.js';
import { randomPlacementPositions } from '../support/placement-positions.js';
import { placementValue, type Wdl } from './bagh-chal-placement.js';

const K = 2;
const STOP = 18;

/** Random placement positions with STOP to 19 goats placed (test/support/placement-positions.ts). */
const randomPositions = (n: number, seed: number): string[] => randomPlacementPositions(n, seed, STOP, K);

const negate = (v: Wdl): Wdl => (v === 'win' ? 'loss' : v === 'loss' ? 'win' : 'draw');

describe(`placement layers kept on disk (captures-to-win ${K}, ${STOP} to 19 placed)`, () => {
  let dir: string;
  const leafGames = new Map<number, Game>();
  let tables: PlacementTablesReader;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lattice-plt-'));
    await solveGame('bagh-chal', {
      dir,
      options: { 'captures-to-win': K },
      threads: 2,
      stopAt: STOP,
      keepPlacement: true,
    });
    for (let k = 1; k <= K; k++) {
      const g = await Game.create('bagh-chal', { options: { 'captures-to-win': k } });
      await g.loadTablebase(dir);
      leafGames.set(k, g);
    }
    tables = await openPlacementTables('bagh-chal', dir, { 'captures-to-win': K });
  }, 300_000);
  afterAll(() => {
    tables?.close();
    for (const g of leafGames.values()) g.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The reference value under captures-to-win k; the movement-phase tablebase of k at the leaves. */
  const reference = (position: string, k: number): Wdl =>
    placementValue(position, k, (p) => {
      const g = leafGames.get(k)!;
      g.setPosition(p);
      const v = g.probe();
      if (!v) throw new Error(`no tablebase value for ${p}`);
      return v.wdl;
    });

  it('keeps every layer solved, both sides to move, as a table file', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.lttp'))
      .sort();
    const want: string[] = [];
    for (const p of [18, 19]) {
      for (let c = 0; c <= Math.min(p, K - 1); c++) want.push(`bagh-chal-ctw${K}-placed${p}-c${c}-prey.lttp`);
      for (let c = 0; c <= Math.min(p - 1, K - 1); c++) want.push(`bagh-chal-ctw${K}-placed${p}-c${c}.lttp`);
    }
    expect(files).toEqual(want.sort());
    expect(tables.k).toBe(K);
    expect(tables.layers).toHaveLength(want.length);
  });

  it('probes agree with the reference for every k, both sides to move', () => {
    for (const pos of randomPositions(80, 4242)) {
      const v = tables.probe(pos);
      const captured = Number(/G(\d+)$/.exec(pos)?.[1] ?? 0);
      const tigersToMove = pos.split(' ')[1] === 'T';
      let want = 0;
      for (let k = 1; k <= K; k++) if (k <= captured || reference(pos, k) === (tigersToMove ? 'win' : 'loss')) want = k;
      expect(v.forcedCaptures, pos).toBe(want);
      expect(v.wdl, pos).toBe(reference(pos, K));
      expect(v.exact).toBe(true);
    }
    expect(tables.stats().reads).toBeGreaterThan(0);
  });

  it('a solve without keepPlacement refuses a directory whose layers were kept (it would delete them)', async () => {
    await expect(
      solveGame('bagh-chal', { dir, options: { 'captures-to-win': K }, threads: 1, stopAt: 17 }),
    ).rejects.toThrow(/holds the placement layers of a solve that kept them \(bagh-chal-ctw2-placed\d+-c\d-prey\.lttp/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.lttp'))).toHaveLength(tables.layers.length);
  });

  it('a missing layer is named (TablebaseError)', () => {
    const err = (() => {
      try {
        tables.probe('T3T/5/2G2/5/T3T G G19 -');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(TablebaseError);
    expect(String((err as Error).message)).toMatch(/bagh-chal-ctw2-placed1-c0-prey\.lttp is missing/);
    expect(() => tables.probe('TGGGT/GGGGG/GGGGG/GGGG1/TGGGT G - -')).toThrow(/no goat in hand/);
  });

  it('the engine with the layers never loses value (captures-to-win 2, and 1 from the layers of 2)', async () => {
    for (const k of [K, 1]) {
      const g = await Game.create('bagh-chal', { options: { 'captures-to-win': k } });
      try {
        await g.loadTablebase(dir);
        const reader = await openPlacementTables('bagh-chal', dir, { 'captures-to-win': k });
        let n = 0,
          inexact = 0;
        for (const pos of randomPositions(70, 99 + k)) {
          if (Number(/G(\d+)$/.exec(pos)?.[1] ?? 0) >= k) continue; // decided already
          g.setPosition(pos);
          if (g.result() !== null || g.legalMoves().length === 0) continue;
          const before = reference(pos, k);
          if (reader.probe(pos).exact) expect(g.solve(), pos).toEqual({ value: before, nodes: 0, ms: 0 });
          if (!reader.probe(pos).exact) {
            inexact++;
            continue;
          }
          // a search too shallow to see the way: only the layers keep the value
          const r = g.search({ depth: 1 });
          g.play(r.bestmove!);
          const res = g.result();
          const after = res === null ? negate(reference(g.position(), k)) : before === 'win' ? 'win' : 'x';
          expect(after, `${pos}: ${r.bestmove} under captures-to-win ${k}`).toBe(before);
          n++;
        }
        reader.close();
        expect(n).toBeGreaterThan(20);
        expect(inexact).toBeLessThan(n);
      } finally {
        g.dispose();
      }
    }
  });

  it('plays without restriction where a layer is missing, and names an unusable layer file on load', async () => {
    const g = await Game.create('bagh-chal', { options: { 'captures-to-win': K } });
    const bad = mkdtempSync(join(tmpdir(), 'lattice-plt-bad-'));
    try {
      await g.loadTablebase(dir);
      g.setPosition('T3T/5/2G2/5/T3T T G19 -'); // 1 placed: no layer
      expect(g.search({ depth: 2 }).bestmove).not.toBeNull();
      // the movement layers and one placement layer whose header says another layer
      mkdirSync(join(bad, 'x'));
      for (const f of readdirSync(dir)) if (f.endsWith('.lttb')) copyFileSync(join(dir, f), join(bad, f));
      const from = join(dir, `bagh-chal-ctw${K}-placed19-c0.lttp`);
      const to = join(bad, `bagh-chal-ctw${K}-placed19-c1.lttp`);
      writeFileSync(to, readFileSync(from));
      const err = await g.loadTablebase(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TablebaseError);
      expect(String((err as Error).message)).toMatch(/placed19-c1\.lttp.*captured is 0, expected 1/);
      // a truncated one
      writeFileSync(to, readFileSync(join(dir, `bagh-chal-ctw${K}-placed19-c1.lttp`)).subarray(0, 500));
      await expect(g.loadTablebase(bad)).rejects.toThrow(/placed19-c1\.lttp.*truncated/);
      // the tables loaded before stay loaded
      expect(g.search({ depth: 1 }).bestmove).not.toBeNull();
    } finally {
      g.dispose();
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
