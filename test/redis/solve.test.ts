// Solving as jobs on a real Redis (issue 21; docs/distributed.md): the layers of Bagh Chal's
// movement-phase tablebases and of the generic solver computed by `lattice worker` processes, one job a
// layer, into a directory they share with the coordinator; the files must be byte for byte the local
// build's. One redis-server for the file (test/support/redis.ts), a database per test.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributedSolve } from '../../src/distributed/solve.js';
import { HuntSolver } from '../../src/solve/generic.js';
import { redisMissing, skipping } from '../support/requires.js';
import { runCli, startRedis, startWorker, startsPerJob, type TestRedis, type TestWorker } from '../support/redis.js';

/**
 * File name -> SHA-256 of every table file in `dir`. The manifest (`<set>.manifest.json`) is left out: it records
 * the run that wrote it (command, date), which differs between a local and a distributed run by design.
 */
function checksums(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => !f.endsWith('.manifest.json'))
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
      ]),
  );
}

const missing = redisMissing();
describe.skipIf(skipping('the redis tier', missing))('solving as jobs on Redis', () => {
  let redis: TestRedis;
  let root: string;
  const workers: TestWorker[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    root = mkdtempSync(join(tmpdir(), 'lattice-solve-'));
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await redis?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  const start = async (db: number, n: number, ...args: string[]) => {
    const ws = await Promise.all(Array.from({ length: n }, () => startWorker(redis.url(db), ...args)));
    workers.push(...ws);
    return ws;
  };

  it("Bagh Chal's movement-phase tablebases, captures-to-win 2 and 3, as layer jobs: files identical to the local build's; a whole-game solve's tablebases (1..3) reuse them", async () => {
    const db = 1;
    const ws = await start(db, 2);
    const shared = join(root, 'bagh-shared');
    for (const k of [2, 3]) {
      const local = join(root, `bagh-local-${k}`);
      const built = await runCli([
        'tablebase',
        'build',
        'bagh-chal',
        '--option',
        `captures-to-win=${k}`,
        '--dir',
        local,
        '--threads',
        '1',
        '--json',
      ]);
      expect(built.code, built.err).toBe(0);
      const r = await runCli([
        'tablebase',
        'build',
        'bagh-chal',
        '--option',
        `captures-to-win=${k}`,
        '--dir',
        shared,
        '--redis',
        redis.url(db),
        '--json',
        '--progress',
      ]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(new RegExp(`${k} layer jobs done on the workers`));
      // the command then loads what the workers wrote and reports the layers as the local build does
      const [a, b] = [JSON.parse(built.out), JSON.parse(r.out)];
      expect(b.layers.map((l: { loaded: boolean }) => l.loaded)).toEqual(Array(k).fill(true));
      expect(b.distinct).toBe(a.distinct);
      const mine = checksums(local);
      expect(Object.keys(mine)).toHaveLength(k);
      for (const [f, sum] of Object.entries(mine)) expect(checksums(shared)[f], f).toBe(sum);
    }
    // the tablebases a whole-game solve of captures-to-win 3 reads: 1, 2 and 3, chains side by side;
    // 2 and 3 are finished jobs already, so only captures-to-win 1's layer runs
    const before = startsPerJob(ws).size;
    const whole = await distributedSolve({
      redis: redis.url(db),
      variant: 'bagh-chal',
      options: { 'captures-to-win': 3 },
      dir: shared,
      mode: 'whole',
    });
    expect(whole).toMatchObject({ jobs: 6, reused: 5 });
    expect(startsPerJob(ws).size).toBe(before + 1);
    expect(
      readdirSync(shared)
        .filter((f) => f.endsWith('.lttb'))
        .sort(),
    ).toEqual([
      'bagh-chal-ctw1-c0.lttb',
      'bagh-chal-ctw2-c0.lttb',
      'bagh-chal-ctw2-c1.lttb',
      'bagh-chal-ctw3-c0.lttb',
      'bagh-chal-ctw3-c1.lttb',
      'bagh-chal-ctw3-c2.lttb',
    ]);
    const one = join(root, 'bagh-local-1');
    expect(
      (
        await runCli([
          'tablebase',
          'build',
          'bagh-chal',
          '--option',
          'captures-to-win=1',
          '--dir',
          one,
          '--threads',
          '1',
        ])
      ).code,
    ).toBe(0);
    expect(checksums(shared)['bagh-chal-ctw1-c0.lttb']).toBe(checksums(one)['bagh-chal-ctw1-c0.lttb']);
    // no job ran twice, and nothing but the layer files and their manifest is left in the directory (no temp
    // file, no lock)
    expect([...startsPerJob(ws).values()].filter((n) => n !== 1)).toEqual([]);
    expect(readdirSync(shared).filter((f) => !/\.(lttb|manifest\.json)$/.test(f))).toEqual([]);
    await Promise.all(ws.map((w) => w.stop()));
  });

  it('a worker killed with SIGKILL mid-layer loses nothing: the layer is solved again elsewhere, the same bytes, its temp file cleared', async () => {
    const db = 2;
    const [victim, other] = await start(db, 2, '--lock-ms', '2000');
    const dir = join(root, 'bagh-killed');
    let killed: string | null = null;
    // the top layer of captures-to-win 3 takes seconds: kill whichever worker starts it
    for (const w of [victim!, other!]) {
      w.onEvent((e) => {
        if (e.event === 'start' && killed === null) {
          killed = e.job!;
          w.proc.kill('SIGKILL');
        }
      });
    }
    const r = await runCli([
      'tablebase',
      'build',
      'bagh-chal',
      '--option',
      'captures-to-win=3',
      '--dir',
      dir,
      '--redis',
      redis.url(db),
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(killed).not.toBeNull();
    const survivor = victim!.proc.signalCode === 'SIGKILL' ? other! : victim!;
    expect(survivor.events.some((e) => e.event === 'done' && e.job === killed)).toBe(true);
    expect(checksums(dir)).toEqual(checksums(join(root, 'bagh-local-3')));
    await survivor.stop();
  });

  it("the generic solver's layers as jobs: Catch the Giant by lattice solve --redis prints the local solve's answer from files identical to its", async () => {
    const db = 3;
    await start(db, 1);
    const [local, dist] = [join(root, 'giant-local'), join(root, 'giant-dist')];
    const args = ['solve', 'catch-the-giant', '--option', 'stall-limit=3'];
    const a = await runCli([...args, '--dir', local, '--json']);
    const b = await runCli([...args, '--dir', dist, '--json', '--redis', redis.url(db)]);
    expect(b.code, b.err).toBe(0);
    const [x, y] = [JSON.parse(a.out), JSON.parse(b.out)];
    expect({ ...y, dir: '', ms: 0, peakRssMB: 0 }).toEqual({ ...x, dir: '', ms: 0, peakRssMB: 0 });
    expect(checksums(dist)).toEqual(checksums(local));
    // the distributed run's files answer to the local run's manifest (sizes and SHA-256 a file)
    const check = await runCli(['tablebase', 'check', dist, '--manifest', local]);
    expect(check.code, check.out + check.err).toBe(0);
  });

  it("the generic solver's layers as jobs: Bagh Chal's movement phase (both hands empty), captures-to-win 2, identical to the local solve", async () => {
    const db = 4;
    await start(db, 2);
    const [local, dist] = [join(root, 'generic-local'), join(root, 'generic-dist')];
    const solver = await HuntSolver.create('bagh-chal', { 'captures-to-win': 2 }, { handsEmptyOnly: true });
    await solver.solve({ dir: local });
    const r = await distributedSolve({
      redis: redis.url(db),
      variant: 'bagh-chal',
      options: { 'captures-to-win': 2 },
      dir: dist,
      mode: 'generic',
      handsEmptyOnly: true,
    });
    expect(r).toMatchObject({ jobs: 2, reused: 0 });
    expect(checksums(dist)).toEqual(checksums(local));
  });

  it('refuses --redis with --position or --estimate (nothing to hand out), before touching Redis', async () => {
    const r = await runCli([
      'solve',
      'bagh-chal',
      '--position',
      'T3T/5/5/5/T3T G G20 -',
      '--redis',
      'redis://127.0.0.1:1',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--redis solves layers on the workers; --position proves one position here/);
    const e = await runCli(['solve', 'catch-the-giant', '--estimate', '--redis', 'redis://127.0.0.1:1']);
    expect(e.code).toBe(2);
    expect(e.err).toMatch(/--estimate prints the layers' sizes here and solves nothing/);
  });
});
