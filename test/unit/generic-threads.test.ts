// The generic solver on several threads (HuntSolver.solve({ threads }), src/solve/generic-threads.ts):
// layers solved side by side, each handed to a free thread once the layers it needs are in the directory.
// The files are those of one thread, byte for byte (SHA-256), and so are the results; the scheduling is
// checked on reduced games (their declarations cannot cross to a worker thread: the test's lanes are
// solvers in this thread, interleaving as the threads would), the worker threads themselves on Bagh
// Chal's movement phase (captures-to-win 2, two layers: a registered variant).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HuntSolver,
  maxGenericThreads,
  type GenericLayer,
  type LayerResult,
  type SolveProgress,
} from '../../src/solve/generic.js';
import { ArgumentError, TablebaseError } from '../../src/contract/errors.js';
import { REDUCED, reduced } from '../support/reduced-games.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-gt-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
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
const strip = ({ ms, ...rest }: LayerResult) => rest;

type Lanes = {
  solveLayer(lane: number, l: GenericLayer, dir: string, onProgress?: (p: SolveProgress) => void): Promise<LayerResult>;
  close(): Promise<void>;
};

describe('the generic solver on several threads', () => {
  for (const id of ['double-split', 'surround-3', 'shepherds-1']) {
    it(`${id}: layers side by side once their successors are solved, the files and results of one thread`, async () => {
      const one = tempDir(),
        many = tempDir();
      const a = await HuntSolver.create(decl(id));
      const ra = await a.solve({ dir: one });
      const b = await HuntSolver.create(decl(id));
      // two lanes, each a solver of its own in this thread; every layer's successors must be finished when it starts
      const lanes = [await HuntSolver.create(decl(id)), await HuntSolver.create(decl(id))];
      const finished = new Set<number>();
      let together = 0,
        now = 0,
        closed = false;
      const hook: Lanes = {
        async solveLayer(lane, l, dir, onProgress) {
          for (const m of b.successors(l))
            expect(finished.has(m.key), `${id}: a successor of layer ${l.key} not finished`).toBe(true);
          now++;
          together = Math.max(together, now);
          try {
            return await lanes[lane]!.solveLayer(lanes[lane]!.estimate.layers.find((x) => x.key === l.key)!, {
              dir,
              onProgress,
            });
          } finally {
            now--;
            finished.add(l.key);
          }
        },
        async close() {
          closed = true;
        },
      };
      (b as unknown as { laneHook: Lanes }).laneHook = hook;
      const order: number[] = [];
      const rb = await b.solve({ dir: many, threads: 2, onLayer: (r) => order.push(r.key) });
      expect(closed).toBe(true);
      expect(hashes(many)).toEqual(hashes(one));
      expect(rb.map(strip).map(({ file, ...r }) => r)).toEqual(ra.map(strip).map(({ file, ...r }) => r));
      expect(new Set(order)).toEqual(new Set(b.estimate.layers.map((l) => l.key)));
      // independent layers ran side by side where the game has any
      const independent = b.estimate.layers.some((l, i) =>
        b.estimate.layers.some((m, j) => j > i && !b.successors(m).includes(l) && !b.successors(l).includes(m)),
      );
      if (independent) expect(together).toBe(2);
      // loaded afterwards: verify() and probe() answer
      expect(await b.verify()).toEqual(b.estimate.layers.map(() => 0));
      expect(b.probe(b.startText())).toEqual(a.probe(a.startText()));
    }, 60_000);
  }

  it('a lane that fails stops the solve with its error, and the layers finished stay in the directory', async () => {
    const dir = tempDir();
    const b = await HuntSolver.create(decl('double-split'));
    expect(b.estimate.layers.length).toBeGreaterThan(2);
    const lane = await HuntSolver.create(decl('double-split'));
    let calls = 0;
    const inFlight: Array<Promise<unknown>> = [];
    (b as unknown as { laneHook: Lanes }).laneHook = {
      async solveLayer(_lane, l, d) {
        if (++calls === 2) throw new TablebaseError('lane down');
        const p = lane.solveLayer(lane.estimate.layers.find((x) => x.key === l.key)!, { dir: d });
        inFlight.push(p);
        return p;
      },
      // (worker threads are terminated; a lane in this thread is let finish, so that the rerun below has the directory
      // to itself)
      async close() {
        await Promise.allSettled(inFlight);
      },
    };
    await expect(b.solve({ dir, threads: 2 })).rejects.toThrow(/lane down/);
    expect(Object.keys(hashes(dir)).length).toBeGreaterThanOrEqual(1);
    // a rerun on one thread finishes from there
    const c = await HuntSolver.create(decl('double-split'));
    const rc = await c.solve({ dir });
    expect(rc.some((r) => r.loaded)).toBe(true);
  });

  it("worker threads: Bagh Chal's movement phase (captures-to-win 2) on 2 threads, the files of one", async () => {
    const one = tempDir(),
      many = tempDir();
    const a = await HuntSolver.create('bagh-chal', { 'captures-to-win': 2 }, { handsEmptyOnly: true });
    const ra = await a.solve({ dir: one });
    const b = await HuntSolver.create('bagh-chal', { 'captures-to-win': 2 }, { handsEmptyOnly: true });
    const seen = new Set<number>();
    const rb = await b.solve({ dir: many, threads: 2, onProgress: (p) => seen.add(p.layer) });
    expect(hashes(many)).toEqual(hashes(one));
    expect(rb.map(strip).map(({ file, ...r }) => r)).toEqual(ra.map(strip).map(({ file, ...r }) => r));
    expect(seen.size).toBeGreaterThan(0);
    expect(await b.verify()).toEqual(b.estimate.layers.map(() => 0));
  }, 60_000);

  it('refuses bad threads, threads without a directory, and more threads than the memory holds (naming the figures)', async () => {
    const s = await HuntSolver.create(decl('surround-3'));
    for (const t of [0, 1.5, -1, 65, Number.NaN, '2'])
      await expect(s.solve({ dir: tempDir(), threads: t as number })).rejects.toThrow(ArgumentError);
    await expect(s.solve({ threads: 2 })).rejects.toThrow(/need a directory/);
    const big = await HuntSolver.create('double-tiger');
    const most = maxGenericThreads(big.estimate);
    expect(most).toBeGreaterThanOrEqual(1);
    if (most < 64)
      await expect(big.solve({ dir: tempDir(), threads: most + 1 })).rejects.toThrow(/threads need .* a thread.*holds/);
  });
});
