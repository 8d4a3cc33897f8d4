// The generic solver holding only live layers (src/solve/generic.ts directSuccessors, solve({ keep:
// 'live' }), solveLayer; issue 20): the layer pool's reuse (src/solve/layer-pool.ts), each layer's
// direct successors, files byte for byte those of a solve that keeps every layer, the estimate's peak
// equal to what the pool really takes, and the figures for the real games.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HuntSolver, type GenericLayer } from '../../src/solve/generic.js';
import { LayerPool } from '../../src/solve/layer-pool.js';
import { TablebaseError } from '../../src/contract/errors.js';
import { REDUCED, reduced } from '../support/reduced-games.js';
import { GAMES, setup, type Options } from '../reference/hong-kong.js';
import { solveReference } from '../reference/hunt-solver.js';
import { Game } from '../../src/index.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-live-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const at = (l: GenericLayer) =>
  [...l.captured, ...l.hand, l.excess].join('/') + (l.split ? ` ${l.stacks.join('.')}` : '');
const hashes = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.lgs'))
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
      ]),
  );
const decl = (id: string) => {
  const r = REDUCED.find((c) => c.id === id)!;
  return reduced(r.base, r.id, r.start, r.target);
};

describe('the layer pool', () => {
  it('reuses a released block by best fit, splits it, merges free neighbours, and takes a new region only when nothing fits', () => {
    const grown: number[] = [];
    let top = 1000;
    const pool = new LayerPool((bytes) => {
      grown.push(bytes);
      const a = top;
      top += bytes + 64;
      return a;
    });
    const a = pool.alloc(400),
      b = pool.alloc(100),
      c = pool.alloc(400);
    expect(grown).toEqual([400, 100, 400]);
    pool.release(a);
    pool.release(c);
    // best fit: both free blocks are 400; the lower address is taken, from its start
    const d = pool.alloc(300);
    expect(d).toBe(a);
    const e = pool.alloc(100);
    expect(e).toBe(a + 300);
    expect(pool.regionBytes).toBe(900);
    // nothing of 500 is free: a new region
    pool.release(b);
    const f = pool.alloc(500);
    expect(grown).toEqual([400, 100, 400, 500]);
    // released neighbours in one region merge back into one block
    pool.release(d);
    pool.release(e);
    expect(pool.alloc(400)).toBe(a);
    expect(pool.liveBytes).toBe(900);
    expect(pool.peakLiveBytes).toBe(900);
    expect(() => pool.release(f + 2)).toThrow(RangeError);
    // a core out of memory: 0, nothing changed
    const full = new LayerPool(() => 0);
    expect(full.alloc(8)).toBe(0);
    expect(full.regionBytes).toBe(0);
  });
});

describe('direct successors', () => {
  it('shepherds: a placement while a side has a piece in hand, else a wolf jump; every successor solved before and among needs()', async () => {
    const s = await HuntSolver.create(decl('shepherds-1'));
    const layers = s.estimate.layers;
    for (const [i, l] of layers.entries()) {
      const want = layers.filter((m) => {
        const d = [
          m.captured[0] - l.captured[0],
          m.captured[1] - l.captured[1],
          l.hand[0] - m.hand[0],
          l.hand[1] - m.hand[1],
          l.excess - m.excess,
        ];
        // a side with a piece in hand only places (RULES.md §0); the wolves jump with an empty hand
        const wolfMoves = l.hand[1] > 0 ? ['0,0,0,1,0'] : ['1,0,0,0,0'];
        const sheepMoves = l.hand[0] > 0 ? ['0,0,1,0,0'] : [];
        return [...wolfMoves, ...sheepMoves].includes(d.join());
      });
      expect(s.successors(l).map(at)).toEqual(want.map(at));
      for (const m of s.successors(l)) {
        expect(layers.indexOf(m)).toBeLessThan(i);
        expect(s.needs(l)).toContain(m);
      }
    }
    // the start's layer (nothing captured, a piece of each side in hand) reads 2 layers, not all 5 later ones
    const start = s.layerAt([0, 0, 1, 1, 0]);
    expect(s.successors(start).map(at)).toEqual(['0/0/0/1/0', '0/0/1/0/0']);
    expect(s.needs(start).length).toBeGreaterThan(2);
  });

  it("surround: captures by intervention in pairs; double tiger: a dog off a stack, a jump over one, each to the stack vector's class", async () => {
    const s = await HuntSolver.create('surround-the-tiger');
    expect(s.successors(s.layerAt([0, 0, 0, 0, 0])).map(at)).toEqual(['4/0/0/0/0', '2/0/0/0/0']);
    const d = await HuntSolver.create('double-tiger');
    expect(d.estimate.stackPoints).toEqual(['b2', 'd2', 'b4', 'd4']);
    // 3 and 2 dogs beyond one on b2 and d2 (and their images): a dog off either stack (3.1 or 2.2 left:
    // different classes), a tiger's jump over either stack (the same, one more captured), or over a
    // single dog (the class kept)
    expect(
      d
        .successors(d.layerAt([1, 0, 0, 0, 5], [3, 2, 0, 0]))
        .map(at)
        .sort(),
    ).toEqual([
      '1/0/0/0/4 2.2.0.0',
      '1/0/0/0/4 3.1.0.0',
      '2/0/0/0/4 2.2.0.0',
      '2/0/0/0/4 3.1.0.0',
      '2/0/0/0/5 3.2.0.0',
    ]);
    // any member of the class names it (here the image under the d-file to b-file mirror)
    expect(d.layerAt([1, 0, 0, 0, 5], [2, 3, 0, 0])).toBe(d.layerAt([1, 0, 0, 0, 5], [3, 2, 0, 0]));
    expect(() => d.layerAt([1, 0, 0, 0, 5])).toThrow(
      /7 solver layers are captured 1\/0, in hand 0\/0, excess 5; give the stack vector \(3\.2\.0\.0, /,
    );
    expect(() => d.layerAt([1, 0, 0, 0, 5], [4, 1, 0, 0])).toThrow(
      /4\.1\.0\.0 is not a stack vector of its stack points \(b2 d2 b4 d4\)/,
    );
    expect(() => d.layerAt([1, 0, 0, 0, 5], [3, 1, 0, 0])).toThrow(
      /has no solver layer captured 1\/0, in hand 0\/0, excess 5 \(stacks 3\.1\.0\.0\)/,
    );
  });
});

describe('solving with the live layers only', () => {
  for (const id of ['shepherds-1', 'double-2', 'surround-3', 'double-split']) {
    it(`${id}: the same files as keeping every layer (SHA-256), the pool's peak as estimated, verify and probe loading from the files`, async () => {
      const all = tempDir(),
        live = tempDir();
      const a = await HuntSolver.create(decl(id));
      const ra = await a.solve({ dir: all, keep: 'all' });
      const b = await HuntSolver.create(decl(id));
      const rb = await b.solve({ dir: live, keep: 'live' });
      expect(hashes(live)).toEqual(hashes(all));
      expect(Object.keys(hashes(live)).length).toBe(a.estimate.layers.length);
      const strip = ({ ms, file, ...rest }: { ms: number; file: string | null }) => rest;
      expect(rb.map(strip)).toEqual(ra.map(strip));
      // the pool took what the estimate says, and freed layers as it went
      const pool = (b as unknown as { pool: LayerPool }).pool;
      expect(pool.regionBytes).toBe(b.estimate.valueBytes);
      expect(b.estimate.valueBytes).toBeLessThanOrEqual(2 * b.estimate.slots);
      // probe() and verify() load what they need from the directory
      expect(b.probe(b.startText())).toEqual(a.probe(a.startText()));
      expect(await b.verify()).toEqual(b.estimate.layers.map(() => 0));
    });
  }

  it('solveLayer holds the layer and its direct successors only', async () => {
    const dir = tempDir();
    const a = await HuntSolver.create(decl('shepherds-1'));
    await a.solve({ dir });
    const b = await HuntSolver.create(decl('shepherds-1'));
    const e = b.core.exports;
    for (const l of b.estimate.layers) {
      await b.solveLayer(l, { dir });
      const held = b.estimate.layers.filter((m) => e.gsValues(m.key) !== 0);
      expect(held.map(at).sort()).toEqual([l, ...b.successors(l)].map(at).sort());
    }
  });
});

describe("loading with the live layers only (load keep 'live', focus)", () => {
  for (const id of ['shepherds-1', 'double-2', 'surround-3']) {
    it(`${id}: every reachable position probes as with every layer loaded; the layers held are its own and those one move from it, the least recently wanted freed first when room runs out`, async () => {
      const c = REDUCED.find((r) => r.id === id)!;
      const dir = tempDir();
      const a = await HuntSolver.create(decl(id));
      const ra = await a.solve({ dir, keep: 'all' });
      const b = await HuntSolver.create(decl(id));
      const e = b.core.exports;
      const current = e.gsCurrentLayer();
      const infos = b.load(dir, { keep: 'live' });
      // the headers only: the totals of each layer, not the counts per side to move
      expect(infos.map(({ sides, file, ...rest }) => rest)).toEqual(
        ra.map(({ sides, ms, loaded, file, ...rest }) => rest),
      );
      expect(infos.every((i) => i.sides === undefined)).toBe(true);
      const held = () => b.estimate.layers.filter((m) => e.gsValues(m.key) !== 0);
      const window = (l: GenericLayer | undefined) => (l === undefined ? [] : [l, ...b.successors(l)]);
      // after load(): the layer of the core's position and those one move from it, nothing else
      expect(held().map(at).sort()).toEqual(
        window(b.estimate.layers.find((m) => m.key === current))
          .map(at)
          .sort(),
      );
      // room for the largest window only: later positions free the layers wanted least recently
      const room = Math.max(...b.estimate.layers.map((l) => window(l).reduce((s, m) => s + 2 * m.slots, 0)));
      (b as unknown as { focusRoom: number }).focusRoom = room;
      const ref = solveReference(
        GAMES[c.base],
        setup(GAMES[c.base], { hunter: c.hunter, prey: c.prey, hand: c.hand, toMove: 'hunter' }),
        { 'captures-to-win': c.target } as Options,
      );
      const pool = (b as unknown as { pool: LayerPool }).pool;
      const wrong: string[] = [];
      let freed = 0,
        before = held().length;
      // up to 600 of them, spread over the reachable set (every k-th in the reference's order)
      const texts = [...ref.values.keys()];
      const stride = Math.max(1, Math.floor(texts.length / 600));
      for (let i = 0; i < texts.length; i += stride) {
        const text = texts[i]!;
        const want = a.probe(text);
        const got = b.probe(text);
        if (JSON.stringify(got) !== JSON.stringify(want))
          wrong.push(`${text}: live ${JSON.stringify(got)}, all ${JSON.stringify(want)}`);
        // probe() loads the position's own layer; focus() also those one move from it
        const own = b.estimate.layers.find((m) => m.key === e.gsCurrentLayer());
        if (own !== undefined) expect(held()).toContain(own);
        b.focus();
        const now = held();
        for (const m of window(own)) expect(now).toContain(m);
        expect(pool.liveBytes).toBeLessThanOrEqual(room);
        if (now.length < before) freed++;
        before = now.length;
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(texts.length).toBeGreaterThan(600);
      if (b.estimate.layers.reduce((s, l) => s + 2 * l.slots, 0) > room) expect(freed).toBeGreaterThan(0);
    }, 60_000);
  }

  it("a Game loaded with keep 'live' probes, searches and shows the same lines as one loaded whole (catch-the-giant)", async () => {
    const dir = tempDir();
    await (await HuntSolver.create('catch-the-giant')).solve({ dir });
    const whole = await Game.create('catch-the-giant');
    await whole.loadTablebase(dir, { keep: 'all' });
    const live = await Game.create('catch-the-giant');
    const infos = await live.loadTablebase(dir, { keep: 'live' });
    expect((infos[0] as { sides?: unknown }).sides).toBeUndefined();
    expect(live.probe()).toEqual(whole.probe());
    const r = live.search({ depth: 3 }),
      w = whole.search({ depth: 3 });
    expect([r.score, r.mateIn, r.pv]).toEqual([w.score, w.mateIn, w.pv]);
    await expect(live.loadTablebase(dir, { keep: 'some' as never })).rejects.toThrow(/keep must be 'all' or 'live'/);
    await expect(live.loadTablebase(dir, { hold: 'all' } as never)).rejects.toThrow(/unknown key "hold"/);
    await expect(live.loadTablebase(dir, null as never)).rejects.toThrow(/must be an object/);
  });
});

describe('the estimate of the real games', () => {
  it("shepherds-and-wolves fits with the live layers (but not every layer at once: load() keep 'all' refuses with figures)", async () => {
    const s = await HuntSolver.create('shepherds-and-wolves');
    const est = s.estimate;
    expect(est.refusal).toBeNull();
    expect(est.layers.length).toBe(396);
    expect(est.memoryBytes).toBeLessThan(3.5 * 2 ** 30);
    expect(est.memoryBytes).toBeGreaterThan(est.valueBytes);
    expect(est.loadBytes).toBeGreaterThan(20 * 2 ** 30);
    expect(() => s.load(tempDir(), { keep: 'all' })).toThrow(TablebaseError);
    expect(() => s.load(tempDir(), { keep: 'all' })).toThrow(/396 layers need \d+ MiB.*keep 'live'/);
    // by default the live layers: an empty directory is missing its files
    expect(() => s.load(tempDir())).toThrow(/missing/);
    await expect(s.solve({ keep: 'all' })).rejects.toThrow(/keeping every layer/);
  });

  it('double-tiger: a layer a class of stack vectors (the largest under 1 GiB of values), fitting only with successors read in groups', async () => {
    const s = await HuntSolver.create('double-tiger');
    const est = s.estimate;
    // 55 classes of vectors (b2 d2 b4 d4, each 0..3) under the 8 symmetries; 65 layers by total before
    expect(s.core.exports.gsClasses()).toBe(55);
    expect(est.layers.length).toBe(300);
    // the classes split the totals' slots exactly
    expect(est.slots).toBe(11_798_926_874);
    expect(Math.max(...est.layers.map((l) => l.slots))).toBe(276_529_344);
    // every successor beside its layer would not fit (10,136 MiB); read in groups, with finished layers
    // dropped and read back from their files, it does (test/unit/generic-groups.test.ts)
    expect(est.refusal).toBeNull();
    expect(est.rereads).toBeGreaterThan(0);
    expect(est.memoryBytes).toBeLessThanOrEqual(3.5 * 2 ** 30);
    expect(est.memoryBytes).toBeLessThan(est.loadBytes);
    // a total of one class keeps its name; a split one adds the vector
    expect(s.fileOf('d', s.layerAt([0, 0, 0, 0, 12]))).toMatch(/-c0\.0-h0\.0-e12\.lgs$/);
    expect(s.fileOf('d', s.layerAt([0, 0, 0, 0, 4], [3, 1, 0, 0]))).toMatch(/-c0\.0-h0\.0-e4v3\.1\.0\.0\.lgs$/);
  });
});
