// The generic solver reading a layer's successors in groups (exit passes: assembly/tablebase/generic.ts
// EXIT PASSES) and dropping finished layers from memory, read back from their files (src/solve/
// generic.ts planSolve, groupedPlan): forced on small games through the private test hook replan (a
// lower memory limit, the grouped plan, at most one successor a group), the files are byte for byte
// those of today's path (SHA-256), verify() finds no disagreement, the distributed job (solveLayer)
// does the same, and a successor left out of an exit pass's cover list stops the solve (gsError 2).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HuntSolver } from '../../src/solve/generic.js';
import { readTable, writeTable } from '../../src/solve/table-file.js';
import { TablebaseError } from '../../src/contract/errors.js';
import { REDUCED, reduced } from '../support/reduced-games.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-groups-'));
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
  if (id === 'catch-the-giant') return id;
  const r = REDUCED.find((c) => c.id === id)!;
  return reduced(r.base, r.id, r.start, r.target);
};

/**
 * Makes up to `most` wins of a layer file one ply longer (every `step`-th slot, from the first), the
 * checksum rewritten so that only a verification can find them; returns how many.
 */
function lengthenWins(file: string, slots: number, step: number, most: number): number {
  const { meta, body: bytes } = readTable(file, 'layer file');
  const body = new Uint16Array(bytes.buffer, bytes.byteOffset, slots);
  let changed = 0;
  for (let i = 0; i < body.length && changed < most; i += step)
    if (body[i] !== 0xffff && (body[i]! & 1) === 1 && body[i]! > 1) {
      body[i]! += 2;
      changed++;
    }
  writeTable(file, meta, bytes);
  return changed;
}

interface Hooks {
  replan(limit: number, force?: { grouped?: boolean; groupCap?: number }): void;
  coverHook: ((keys: number[]) => number[]) | null;
}
const hooks = (s: HuntSolver) => s as unknown as Hooks;

/**
 * Forces the grouped plan on `s`: one successor a group, under the least memory limit (from one layer
 * and its largest successor beside the largest layer's work space, up by 5 % steps) that the plan fits.
 * Returns the limit.
 */
function forceGroups(s: HuntSolver): number {
  const L = s.estimate.layers;
  const work = 6 * Math.max(...L.map((l) => l.slots));
  const least = Math.max(...L.map((l) => work + 2 * l.slots + Math.max(0, ...s.successors(l).map((m) => 2 * m.slots))));
  for (let f = 1; f < 2; f += 0.05) {
    const limit = Math.ceil(least * f);
    hooks(s).replan(limit, { grouped: true, groupCap: 1 });
    if (s.estimate.refusal === null) return limit;
  }
  throw new Error('no limit fits');
}

describe('successors read in groups, finished layers read back from their files', () => {
  for (const id of ['shepherds-1', 'double-2', 'surround-3', 'double-split', 'catch-the-giant']) {
    it(`${id}: the same files as today's path (SHA-256), verify() 0, and the distributed job's files too`, async () => {
      const plain = tempDir(),
        grouped = tempDir(),
        jobs = tempDir();
      const a = await HuntSolver.create(decl(id));
      const ra = await a.solve({ dir: plain });
      const b = await HuntSolver.create(decl(id));
      const limit = forceGroups(b);
      const est = b.estimate;
      // a layer with several successors reads them one at a time
      const several = est.layers.filter((l) => b.successors(l).length > 1);
      expect(est.successorGroups).toEqual(est.layers.map((l) => b.successors(l).length));
      if (several.length) expect(Math.max(...est.successorGroups)).toBeGreaterThan(1);
      expect(est.memoryBytes).toBeLessThanOrEqual(limit);
      expect(est.needBytes).toBeLessThanOrEqual(est.memoryBytes);
      // without a directory the layers dropped could not be read back
      if (est.layers.length > 1) await expect(b.solve()).rejects.toThrow(/give a directory/);
      await expect(b.solve({ dir: tempDir(), keep: 'all' })).rejects.toThrow(/keeping every layer/);
      let sweeps = 0;
      const rb = await b.solve({
        dir: grouped,
        onProgress: (p) => {
          if (p.pass === 1) sweeps = Math.max(sweeps, p.total / est.layers[p.layer]!.slots);
        },
      });
      expect(sweeps).toBe(Math.max(1, ...est.successorGroups));
      expect(hashes(grouped)).toEqual(hashes(plain));
      expect(Object.keys(hashes(grouped)).length).toBe(est.layers.length);
      const strip = ({ ms, file, ...rest }: { ms: number; file: string | null }) => rest;
      expect(rb.map(strip)).toEqual(ra.map(strip));
      // the pool took what the plan says
      expect((b as unknown as { pool: { regionBytes: number } }).pool.regionBytes).toBe(est.valueBytes);
      expect(await b.verify()).toEqual(est.layers.map(() => 0));
      // the distributed job: one layer at a time, its successors in groups
      const c = await HuntSolver.create(decl(id));
      hooks(c).replan(limit, { grouped: true, groupCap: 1 });
      let passes = 0;
      for (const l of c.estimate.layers) {
        const r = await c.solveLayer(l, {
          dir: jobs,
          onProgress: (p) => {
            if (p.pass === 1) passes = Math.max(passes, p.total / l.slots);
          },
        });
        expect(r.loaded).toBe(false);
      }
      // one pass over the slots a successor where there are several (exit passes, then the final pass)
      expect(passes).toBe(Math.max(1, ...c.estimate.layers.map((l) => c.successors(l).length)));
      expect(hashes(jobs)).toEqual(hashes(plain));
    }, 60_000);
  }

  it("a successor left out of an exit pass's cover list: the layer fails (a successor not in memory), no file written", async () => {
    const dir = tempDir();
    const s = await HuntSolver.create(decl('shepherds-1'));
    forceGroups(s);
    // the exit pass is told of none of its group, which is then out of memory at the final pass
    let left = 0;
    const detach = (k: number) =>
      (s as unknown as { detach(l: unknown): void }).detach(s.estimate.layers.find((l) => l.key === k));
    hooks(s).coverHook = (keys) => {
      left += keys.length;
      keys.forEach(detach);
      return [];
    };
    const first = s.estimate.successorGroups.findIndex((g) => g > 1);
    expect(first).toBeGreaterThan(0);
    const err = await s.solve({ dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TablebaseError);
    expect((err as Error).message).toMatch(
      /shepherds-1: solving layer .* failed: a successor lies in a layer that is not in memory/,
    );
    expect(left).toBe(1);
    // the layers before it were written; the failing one was not
    expect(Object.keys(hashes(dir)).length).toBe(first);
  });

  it('the core: a move into a layer neither read by an exit pass (gsCover) nor attached is gsError 2; covered, the same values as one pass', async () => {
    const dir = tempDir();
    await (await HuntSolver.create(decl('shepherds-1'))).solve({ dir });
    const s = await HuntSolver.create(decl('shepherds-1'));
    s.load(dir, { keep: 'all' });
    const e = s.core.exports;
    const l = s.estimate.layers.find((x) => s.successors(x).length === 2)!;
    const [a, b] = s.successors(l);
    const want = new Uint16Array(e.memory.buffer, e.gsValues(l.key) >>> 0, l.slots).slice();
    const run = (cover: boolean) => {
      const pa = e.gsValues(a!.key);
      expect(e.gsBegin(l.key)).toBe(0);
      if (cover) expect(e.gsCover(a!.key)).toBe(0);
      expect(e.gsExitBegin()).toBe(0);
      let rc: number;
      while ((rc = e.gsStep(1 << 16)) === 1);
      expect(rc).toBe(0);
      e.gsAttach(a!.key, 0); // out of memory for the final pass
      while ((rc = e.gsStep(1 << 16)) === 1);
      e.gsAttach(a!.key, pa);
      return rc;
    };
    expect(e.gsCover(-1)).toBe(-1);
    expect(run(false)).toBe(-1);
    expect(e.gsError()).toBe(2);
    expect(run(true)).toBe(0);
    expect(new Uint16Array(e.memory.buffer, e.gsValues(l.key) >>> 0, l.slots)).toEqual(want);
    expect(b).toBeDefined();
  });

  it("verify() reads a layer's successors in groups where they do not fit together (exit passes), and finds what one pass finds", async () => {
    const dir = tempDir();
    const a = await HuntSolver.create(decl('shepherds-1'));
    await a.solve({ dir });
    // a layer that reads two successors or more: some of its wins made one ply longer in its file (checksum kept)
    const l = a.estimate.layers.find((x) => a.successors(x).length > 1)!;
    const changed = lengthenWins(a.fileOf(dir, l), l.slots, 7, 40);
    expect(changed).toBeGreaterThan(0);
    const plain = await HuntSolver.create(decl('shepherds-1'));
    plain.load(dir, { keep: 'live' });
    const want = await plain.verify();
    expect(want[a.estimate.layers.indexOf(l)]).toBeGreaterThanOrEqual(changed);
    expect(want.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(changed);
    const b = await HuntSolver.create(decl('shepherds-1'));
    forceGroups(b);
    b.load(dir, { keep: 'live' });
    // (the core's exports are read-only: the grouped path is seen in the steps of the plan it replays)
    const hb = b as unknown as { applyOp(op: { op: string; key?: number }, ...rest: unknown[]): void };
    const applyOp = hb.applyOp.bind(b);
    const own = new Set<number>();
    hb.applyOp = (op, ...rest) => {
      if (op.op === 'load' && rest[0] && (rest[0] as { key: number }).key === op.key) own.add(op.key!);
      applyOp(op, ...rest);
    };
    expect(await b.verify()).toEqual(want);
    expect(own.size).toBe(b.estimate.layers.filter((x) => b.successors(x).length > 1).length);
  });

  it("the core's grouped verification: a successor an earlier exit pass read and then freed is skipped by the later passes and the final one, and the disagreements are those of one pass", async () => {
    // the first reduced game with a layer of 3 successors or more (double-tiger's: stacks and captures)
    let id = '',
      a: HuntSolver | null = null;
    for (const c of ['double-2', 'double-split', 'double-3']) {
      const s = await HuntSolver.create(decl(c));
      if (s.estimate.layers.some((x) => s.successors(x).length >= 3)) {
        id = c;
        a = s;
        break;
      }
    }
    expect(id).not.toBe('');
    const dir = tempDir();
    await a!.solve({ dir });
    // that layer: some of its wins made one ply longer in its file (checksum kept)
    const l = a!.estimate.layers.find((x) => a!.successors(x).length >= 3)!;
    const changed = lengthenWins(a!.fileOf(dir, l), l.slots, 5, 20);
    expect(changed).toBeGreaterThan(0);
    const s = await HuntSolver.create(decl(id));
    s.load(dir, { keep: 'all' });
    const e = s.core.exports;
    const want = e.gsVerifyLayer(l.key, 0, l.slots);
    expect(want).toBeGreaterThanOrEqual(changed);
    const [first, second, ...rest] = s.successors(l);
    const at = e.gsValues(first!.key);
    expect(e.gsVerifyBegin(l.key)).toBe(0);
    const pass = (key: number) => {
      expect(e.gsCover(key)).toBe(0);
      expect(e.gsVerifyExit()).toBe(0);
      expect(e.gsVerifyExitStep(0, l.slots)).toBe(0);
    };
    pass(first!.key);
    e.gsAttach(first!.key, 0); // freed after its pass, as a plan drops a folded layer to make room
    pass(second!.key); // moves into the freed layer: skipped, not a missing successor
    expect(e.gsVerifyLayer(l.key, 0, l.slots)).toBe(want); // the rest attached, read by the final pass
    expect(rest.length).toBeGreaterThan(0);
    e.gsAttach(first!.key, at);
  });

  it("double-tiger fits with its successors read in groups (the worst layer's 5 successors in more than one group)", async () => {
    const s = await HuntSolver.create('double-tiger');
    const est = s.estimate;
    expect(est.refusal).toBeNull();
    expect(est.memoryBytes).toBeLessThanOrEqual(3.5 * 2 ** 30);
    expect(est.rereads).toBeGreaterThan(0);
    const worst = s.layerAt([0, 0, 0, 0, 4], [3, 1, 0, 0]);
    expect(s.successors(worst).length).toBe(5);
    expect(est.successorGroups[est.layers.indexOf(worst)]).toBeGreaterThan(1);
    await expect(s.solve()).rejects.toThrow(/give a directory/);
  });
});
