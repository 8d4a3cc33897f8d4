// The parts of distributed runs (src/distributed/) that need no Redis: reading --redis URLs, job ids and
// the checks of job data and results, the split of a perft tree into positions with multiplicities, and
// the options a job names. The runs themselves are the redis tier's (test/redis/, npm run test:redis).
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine.js';
import { JobsEta, formatSeconds, workersText, type JobsState } from '../../src/cli/progress.js';
import { JobError, RedisError } from '../../src/contract/errors.js';
import { checkJobData, checkJobResult, jobIdOf, canonicalJson, type PerftJobData } from '../../src/distributed/jobs.js';
import { describeRedisFailure, loadOptional, parseRedisUrl } from '../../src/distributed/redis.js';
import { MANY_JOBS, checkSplit, normalizedOptions, splitTree, tinyJobsWarning } from '../../src/distributed/split.js';

describe('--redis URLs', () => {
  it('reads host, port, database, credentials and TLS, and shows the URL without the password', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6380/3')).toEqual({
      host: '127.0.0.1',
      port: 6380,
      db: 3,
      tls: false,
      shown: 'redis://127.0.0.1:6380/3',
    });
    expect(parseRedisUrl('redis://example.org')).toMatchObject({ host: 'example.org', port: 6379, db: 0 });
    expect(parseRedisUrl('rediss://u:p%40ss@[::1]:7000/')).toEqual({
      host: '::1',
      port: 7000,
      db: 0,
      tls: true,
      username: 'u',
      password: 'p@ss',
      shown: 'rediss://[::1]:7000/0',
    });
    expect(parseRedisUrl('redis://:secret@h:1').shown).not.toContain('secret');
  });

  it('refuses what is not a redis:// URL with a RedisError naming the fault', () => {
    const cases: Array<[string, RegExp]> = [
      ['localhost:6379', /scheme "localhost:" is not Redis's/],
      ['http://h:1', /scheme "http:"/],
      ['h:1', /scheme "h:"/],
      ['', /is not a URL/],
      ['redis://', /names no host/],
      ['redis://h:0', /port 0 is not a TCP port/],
      ['redis://h/abc', /the path "\/abc" must be a database number/],
      ['redis://h/99999', /database 99999 is out of range/],
      ['redis://h/0?x=1', /query parameters and fragments are not read/],
    ];
    for (const [url, msg] of cases) {
      let err: unknown;
      try {
        parseRedisUrl(url);
      } catch (e) {
        err = e;
      }
      expect(err, url).toBeInstanceOf(RedisError);
      expect((err as RedisError).code).toBe('redis');
      expect((err as Error).message, url).toMatch(msg);
    }
  });

  it('a server lost mid-command reads as gone, whichever words ioredis used', () => {
    const t = parseRedisUrl('redis://127.0.0.1:6380/0');
    for (const m of [
      'Connection is closed.',
      'Reached the max retries per request limit (which is 1).',
      'Command aborted due to connection close',
    ]) {
      expect(describeRedisFailure(t, new Error(m)), m).toMatch(/Redis at redis:\/\/127\.0\.0\.1:6380\/0 went away/);
    }
  });

  it('a server of another protocol is "not a Redis server", whether it answers or hangs up (EPIPE) on the first command', () => {
    const t = parseRedisUrl('redis://127.0.0.1:8080');
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(describeRedisFailure(t, epipe, true)).toMatch(
      /^127\.0\.0\.1:8080 is not a Redis server: it closed the conn/,
    );
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(describeRedisFailure(t, reset, true)).toMatch(/is not a Redis server/);
    // mid-run, the same codes are a server that went away, not another protocol
    expect(describeRedisFailure(t, reset)).not.toMatch(/not a Redis server/);
    const resp = new Error('Unknown RESP type 72 "H". Please report this.');
    expect(describeRedisFailure(t, resp, true)).toBe(
      `127.0.0.1:8080 is not a Redis server: it does not speak Redis's protocol (it answered: Unknown RESP type 72 ` +
        `"H"); check the --redis URL's port`,
    );
  });
});

describe('the ETA of a bar over jobs (src/cli/progress.ts JobsEta)', () => {
  const state = (done: number, more: Partial<JobsState> = {}): JobsState => ({
    done,
    total: 100,
    workers: 2,
    running: 2,
    stalled: 0,
    ...more,
  });
  it("estimates from the jobs finished lately, and grows while none finishes (a killed worker's jobs)", () => {
    const eta = new JobsEta(20_000);
    expect(eta.text(state(0), 0)).toBe('?');
    expect(eta.text(state(50), 10_000)).toBe('10s'); // 5 jobs a second, 50 left
    expect(eta.text(state(98), 20_000)).toBe('1s');
    // the last two wait: the estimate grows with the time waited, instead of staying at a second
    const later = [30_000, 40_000, 55_000].map((t) => eta.text(state(98, { running: 0, stalled: 2 }), t));
    expect(later[0]).toMatch(/^\d+s \(\+ 2 jobs of a stopped worker wait for a worker's stalled check\)$/);
    expect(later[2]).toMatch(/^\? \(2 jobs of a stopped worker/); // nothing finished within the window
    expect(eta.text(state(100), 60_000)).toBe('0s');
  });
  it('says why there is none with no worker, never "NF", and counts workers in words', () => {
    const eta = new JobsEta();
    expect(eta.text(state(3, { workers: 0 }), 0)).toBe('? (no worker connected)');
    expect(eta.text(state(3, { workers: 0, stalled: 1 }), 5000)).toBe(
      "? (no worker connected; 1 job of a stopped worker waits for a worker's stalled check)",
    );
    expect([workersText(-1), workersText(0), workersText(1), workersText(4)]).toEqual([
      '? workers',
      'no worker',
      '1 worker',
      '4 workers',
    ]);
    expect([formatSeconds(7), formatSeconds(125), formatSeconds(3725)]).toEqual(['7s', '2m05s', '1h02m']);
  });
});

describe('jobs', () => {
  const data: PerftJobData = {
    kind: 'perft',
    variant: 'bagh-chal',
    options: { 'captures-to-win': '5', repetition: 'draw3' },
    position: 'T3T/5/5/5/T3T G G20 -',
    depth: 4,
  };

  it('a job id is a hash of its data: the same data, in any key order, the same id; other data another', () => {
    const id = jobIdOf(data);
    expect(id).toMatch(/^perft-[0-9a-f]{40}$/);
    expect(
      jobIdOf({
        depth: 4,
        position: data.position,
        options: { repetition: 'draw3', 'captures-to-win': '5' },
        variant: 'bagh-chal',
        kind: 'perft',
      }),
    ).toBe(id);
    expect(jobIdOf({ ...data, depth: 5 })).not.toBe(id);
    expect(jobIdOf({ ...data, options: { ...data.options, 'captures-to-win': '4' } })).not.toBe(id);
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: 'x' })).toBe('{"a":"x","b":[2,{"c":0,"d":1}]}');
  });

  it("a worker refuses data of the wrong shape, or an id that is not its data's", () => {
    expect(checkJobData(jobIdOf(data), data)).toEqual(data);
    expect(() => checkJobData('perft-0000', data)).toThrow(/its id does not match its data/);
    expect(() => checkJobData(jobIdOf(data), { ...data, depth: -1 })).toThrow(JobError);
    expect(() => checkJobData('x', { kind: 'shell', command: 'rm' })).toThrow(/not a lattice job/);
  });

  it('a generic layer job carries the stack vector only where its total is split: the other jobs keep their ids', () => {
    const layer = {
      kind: 'generic-layer' as const,
      variant: 'double-tiger',
      options: {},
      handsEmptyOnly: false,
      layer: [0, 0, 0, 0, 4] as [number, number, number, number, number],
      dir: '/t',
    };
    const split = { ...layer, stacks: [3, 1, 0, 0] };
    expect(checkJobData(jobIdOf(split), split)).toEqual(split);
    expect(checkJobData(jobIdOf(layer), layer)).toEqual(layer);
    expect(jobIdOf(split)).not.toBe(jobIdOf(layer));
    // the id of data without the key is the hash of the same text as before the key existed
    expect(canonicalJson(layer)).not.toMatch(/stacks/);
    const bad = { ...split, stacks: [-1] };
    expect(() => checkJobData(jobIdOf(bad), bad)).toThrow(JobError);
  });

  it('the coordinator takes a result only with integer counts and its own job id', () => {
    const id = jobIdOf(data);
    const good = { id, nodes: 1234, ms: 5, worker: 'h:1' };
    expect(checkJobResult(id, 'perft', good)).toEqual(good);
    expect(checkJobResult(id, 'perft', JSON.stringify(good))).toEqual(good);
    expect(() => checkJobResult(id, 'perft', { ...good, nodes: 1.5 })).toThrow(/nodes: must be an integer >= 0/);
    expect(() => checkJobResult(id, 'perft', { ...good, nodes: 2 ** 53 })).toThrow(/nodes: must be an integer/);
    expect(() => checkJobResult(id, 'perft', { ...good, nodes: '12' })).toThrow(/malformed result/);
    expect(() => checkJobResult(id, 'perft', { ...good, id: 'perft-other' })).toThrow(
      /returned the result of another job \(perft-other\)/,
    );
    expect(() => checkJobResult(id, 'perft', 'not json')).toThrow(/which is not JSON/);
    expect(() => checkJobResult(id, 'perft', null)).toThrow(JobError);
  });

  it('names every option of the variant, defaults filled in, integers without leading zeros', () => {
    expect(normalizedOptions('bagh-chal', {})).toEqual(normalizedOptions('bagh-chal', { 'captures-to-win': '05' }));
    expect(normalizedOptions('bagh-chal', { 'captures-to-win': 4 })['captures-to-win']).toBe('4');
    expect(() => normalizedOptions('bagh-chal', { nope: '1' })).toThrow(/has no option "nope"/);
  });
});

describe('the split of a perft tree', () => {
  it('merges the positions at the split, and multiplicity x perft of the rest gives perft and divide', async () => {
    const g = await createGame('bagh-chal');
    try {
      const s = splitTree(g, 5, 2);
      expect(s.split).toBe(2);
      expect(s.leaves).toBe(g.perft(2));
      expect(s.positions.reduce((a, p) => a + p.count, 0)).toBe(g.perft(2));
      const total = s.positions.reduce((a, p) => {
        g.setPosition(p.position);
        const n = a + p.count * g.perft(3);
        return n;
      }, 0);
      g.setPosition(s.positions[0]!.position);
      g.setPosition('T3T/5/5/5/T3T G G20 -');
      expect(total).toBe(g.perft(5));
      // divide: a position's count under each root move
      const divide = g.divide(5);
      const fromSplit: Record<string, number> = {};
      for (const p of s.positions) {
        g.setPosition(p.position);
        const n = g.perft(3);
        for (const [m, k] of p.roots) fromSplit[m] = (fromSplit[m] ?? 0) + k * n;
      }
      expect(fromSplit).toEqual(divide);
      expect(s.rootMoves.sort()).toEqual(Object.keys(divide).sort());
    } finally {
      g.dispose();
    }
  });

  it('identical positions reached by different move orders are one job with their multiplicity', async () => {
    const g = await createGame('bagh-chal', { position: 'T3T/5/5/5/T3T G G20 -' });
    try {
      // goats place, tigers move, goats place: b1 then c1 and c1 then b1 reach the same positions
      const s = splitTree(g, 4, 3);
      expect(s.positions.length).toBeLessThan(s.leaves);
      expect(s.positions.some((p) => p.count > 1)).toBe(true);
      expect(new Set(s.positions.map((p) => p.position)).size).toBe(s.positions.length);
    } finally {
      g.dispose();
    }
  });

  it('chooses a split when none is given, and refuses one at or past the depth (every job a perft(0))', async () => {
    const g = await createGame('bagh-chal');
    try {
      expect(splitTree(g, 7).split).toBe(2); // 21, then 252 >= 200 distinct positions
      expect(splitTree(g, 2).split).toBe(1); // at most depth - 1
      expect(splitTree(g, 1).split).toBe(1); // depth 1: its root moves (a divide needs them)
      expect(splitTree(g, 0)).toMatchObject({ split: 0, leaves: 1 });
      expect(() => splitTree(g, 3, 4)).toThrow(
        /--split must be an integer in 0\.\.2 \(the depth - 1\), got 4: a split past/,
      );
      expect(() => splitTree(g, 5, 5)).toThrow(
        /in 0\.\.4 \(the depth - 1\), got 5: a split at the depth makes every job a perft\(0\)/,
      );
      expect(() => splitTree(g, 5, -1)).toThrow(/in 0\.\.4 .*got -1; leave it out/);
      expect(() => splitTree(g, 5, 1.5)).toThrow(/got 1\.5/);
      expect(splitTree(g, 1, 1).split).toBe(1); // depth 1: its root moves, for a divide
      expect(splitTree(g, 0, 0).split).toBe(0);
      expect(() => checkSplit(0, 1)).toThrow(/in 0\.\.0 \(the depth\)/);
      expect(g.position()).toBe('T3T/5/5/5/T3T G G20 -');
    } finally {
      g.dispose();
    }
  });

  it('warns of a given split whose many jobs would each count a few leaves, not of one whose jobs are large', async () => {
    const g = await createGame('bagh-chal');
    try {
      // issue 35: bagh-chal 5 split at 4 plies: thousands of perft(1) jobs of about 20 leaves
      const s4 = splitTree(g, 5, 4);
      expect(s4.positions.length).toBeGreaterThanOrEqual(MANY_JOBS);
      expect(tinyJobsWarning(s4, 5)).toMatch(/^--split 4 makes \d+ jobs of about \d+ leaves each \(perft 1 of each/);
      expect(tinyJobsWarning(splitTree(g, 5, 2), 5)).toBeNull(); // 252 jobs: few, whatever their size
      expect(tinyJobsWarning(s4, 9)).toBeNull(); // perft 5 of each position: large enough
    } finally {
      g.dispose();
    }
  });
});

describe('layers as jobs (src/distributed/solve.ts hands them out; the redis tier runs them)', () => {
  it('a generic layer needs every layer with more captures, fewer pieces in hand, less stack excess: the layers its moves can reach', async () => {
    const { HuntSolver } = await import('../../src/solve/generic.js');
    const s = await HuntSolver.create('surround-the-tiger');
    const at = (c: number) => s.layerAt([c, 0, 0, 0, 0]);
    expect(s.needs(at(4))).toEqual([]);
    expect(s.needs(at(2))).toEqual([at(4)]);
    expect(
      s
        .needs(at(0))
        .map((l) => l.captured[0])
        .sort(),
    ).toEqual([2, 4]);
    // in solving order, a layer's needs come before it
    s.estimate.layers.forEach((l, i) => {
      for (const m of s.needs(l)) expect(s.estimate.layers.indexOf(m)).toBeLessThan(i);
    });
    expect(() => s.layerAt([1, 0, 0, 0, 0])).toThrow(/has no solver layer captured 1\/0/);
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'lattice-needs-'));
    try {
      await expect(s.solveLayer(at(0), { dir })).rejects.toThrow(
        /missing; layer captured 0\/0, in hand 0\/0, excess 0 needs layer captured 4\/0/,
      );
      const { buildTablebase } = await import('../../src/solve/index.js');
      await expect(
        buildTablebase('bagh-chal', { dir, options: { 'captures-to-win': 2 }, layer: 0, threads: 1 }),
      ).rejects.toThrow(
        /bagh-chal-ctw2-c1\.lttb is missing: layer 0 needs the layers above it \(1 captured\) solved first/,
      );
      await expect(buildTablebase('bagh-chal', { dir, options: { 'captures-to-win': 2 }, layer: 2 })).rejects.toThrow(
        /layer must be an integer 0\.\.1/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Redis packages are optional (loadOptional)', () => {
  const missing = (name: string) =>
    Object.assign(new Error(`Cannot find package '${name}' imported from /app/x.js`), { code: 'ERR_MODULE_NOT_FOUND' });

  it('a missing bullmq or ioredis is a RedisError naming both packages and the install command', async () => {
    for (const name of ['bullmq', 'ioredis'] as const) {
      const e = await loadOptional(name, () => Promise.reject(missing(name))).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(RedisError);
      expect((e as RedisError).message).toMatch(
        new RegExp(
          `need the packages bullmq and ioredis, which are not installed \\(${name} is missing\\): install them with "npm install bullmq@6\\.\\d+\\.\\d+ ioredis@6\\.\\d+\\.\\d+"`,
        ),
      );
    }
  });

  it('any other failure, and a missing module that is not the one asked for, pass through as they are', async () => {
    const other = new Error('boom');
    await expect(loadOptional('bullmq', () => Promise.reject(other))).rejects.toBe(other);
    const dep = missing('msgpackr');
    await expect(loadOptional('bullmq', () => Promise.reject(dep))).rejects.toBe(dep);
  });

  it('an installed package loads as it is', async () => {
    const m = await loadOptional('bullmq', () => import('bullmq'));
    expect(typeof m.Queue).toBe('function');
  });
});
