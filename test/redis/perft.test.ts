// Distributed perft on a real Redis (issue 21; docs/distributed.md): `lattice perft --redis`
// against `lattice worker` processes, each test on a database of its own of one redis-server this file
// starts (test/support/redis.ts). The expected counts are the perft tables' (test/perft/*.json, produced
// by the independent references), never the engine's own output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATTICE_ROWS } from '../perft/tables.js';
import { redisMissing, skipping } from '../support/requires.js';
import {
  freePort,
  runCli,
  spawnCli,
  startRedis,
  startWorker,
  startsPerJob,
  type TestRedis,
  type TestWorker,
} from '../support/redis.js';
import { createServer, type Socket } from 'node:net';

/** The table's count of a row at a depth (the row must hold it). */
function tableCount(variant: string, id: string, depth: number): number {
  const row = LATTICE_ROWS.find((r) => r.variant === variant && r.id === id);
  const n = row?.depths[String(depth)];
  if (n === undefined) throw new Error(`no perft table row ${variant} ${id} at depth ${depth}`);
  return n;
}

/** The trees of the issue, with their table counts. */
const TREES = [
  { variant: 'bagh-chal', depth: 7, nodes: tableCount('bagh-chal', 'start', 7) },
  { variant: 'tibetan-2', depth: 5, nodes: tableCount('tibetan-2', 'start', 5) },
  { variant: 'tibetan-4', depth: 4, nodes: tableCount('tibetan-4', 'start', 4) },
];

/** `split at K plies: J jobs, R of them finished by an earlier run` from a coordinator's stderr (with --progress). */
function splitLine(err: string): { split: number; jobs: number; reused: number } {
  const m = /split at (\d+) plies: (\d+) jobs, (\d+) of them finished by an earlier run/.exec(err);
  if (!m) throw new Error(`no split line in: ${err.slice(-2000)}`);
  return { split: Number(m[1]), jobs: Number(m[2]), reused: Number(m[3]) };
}

const missing = redisMissing();
describe.skipIf(skipping('the redis tier', missing))('distributed perft on Redis', () => {
  let redis: TestRedis;
  const workers: TestWorker[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await redis?.stop();
  });
  const start = async (db: number, n: number, ...args: string[]) => {
    const ws = await Promise.all(Array.from({ length: n }, () => startWorker(redis.url(db), ...args)));
    workers.push(...ws);
    return ws;
  };

  for (const [db, n] of [
    [1, 1],
    [2, 3],
  ] as const) {
    it(`equals the local perft with ${n} worker process${n > 1 ? 'es' : ''} (Bagh Chal d7, tibetan-2 d5, tibetan-4 d4), and runs no job twice`, async () => {
      const ws = await start(db, n);
      let jobs = 0;
      for (const t of TREES) {
        const r = await runCli(['perft', t.variant, String(t.depth), '--redis', redis.url(db), '--json', '--progress']);
        expect(r.code, r.err).toBe(0);
        const j = JSON.parse(r.out);
        expect(j).toMatchObject({ variant: t.variant, depth: t.depth, nodes: t.nodes });
        const s = splitLine(r.err);
        expect(s.reused).toBe(0);
        jobs += s.jobs;
      }
      // every job of the three trees started exactly once, on one of the workers
      const starts = startsPerJob(ws);
      expect(starts.size).toBe(jobs);
      expect([...starts.values()].filter((k) => k !== 1)).toEqual([]);
      if (n > 1) expect(ws.filter((w) => w.events.some((e) => e.event === 'done')).length).toBeGreaterThan(1);
      await Promise.all(ws.map((w) => w.stop()));
    });
  }

  it('prints what the local perft prints, --divide too, text and JSON, and a rerun reuses every result', async () => {
    const db = 3;
    await start(db, 1);
    const args = ['perft', 'bagh-chal', '5', '--divide'];
    const local = await runCli([...args, '--json']);
    const dist = await runCli([...args, '--json', '--redis', redis.url(db), '--split', '2', '--progress']);
    expect(dist.code, dist.err).toBe(0);
    const [a, b] = [JSON.parse(local.out), JSON.parse(dist.out)];
    expect(b.nodes).toBe(tableCount('bagh-chal', 'start', 5));
    expect({ ...b, ms: 0 }).toEqual({ ...a, ms: 0 });
    const text = await runCli([...args, '--redis', redis.url(db), '--split', '2', '--progress']);
    const localText = await runCli(args);
    const strip = (s: string) => s.replace(/\(\d+ ms, [\d.-]+ Mnps\)/, '');
    expect(strip(text.out)).toBe(strip(localText.out));
    expect(splitLine(text.err)).toEqual({ split: 2, jobs: splitLine(dist.err).jobs, reused: splitLine(dist.err).jobs });
  });

  it('a worker killed with SIGKILL mid-job loses nothing: its job runs again after the lock runs out', async () => {
    const db = 4;
    const [victim, ...others] = await start(db, 3, '--lock-ms', '2000');
    const expected = tableCount('tibetan-4', 'start-deep', 5);
    let killedDuring: string | null = null;
    let seen = 0;
    victim.onEvent((e) => {
      // kill it the moment it starts its third job: the job is running (tens of ms of work each)
      if (e.event === 'start' && ++seen === 3 && killedDuring === null) {
        killedDuring = e.job!;
        victim.proc.kill('SIGKILL');
      }
    });
    const r = await runCli([
      'perft',
      'tibetan-4',
      '5',
      '--split',
      '1',
      '--redis',
      redis.url(db),
      '--json',
      '--progress',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).nodes).toBe(expected);
    expect(killedDuring).not.toBeNull();
    await victim.stop();
    expect(victim.proc.signalCode).toBe('SIGKILL');
    // the job it held was started again by another worker, and finished there
    const again = others.flatMap((w) => w.events).filter((e) => e.job === killedDuring);
    const last = victim.events[victim.events.length - 1]!;
    if (last.event === 'start') {
      expect(again.some((e) => e.event === 'start')).toBe(true);
      expect(again.some((e) => e.event === 'done')).toBe(true);
    }
    await Promise.all(others.map((w) => w.stop()));
  });

  it('a coordinator killed mid-run and started again with the same command gives the exact total, reusing what was done, running no job twice', async () => {
    const db = 5;
    const [w] = await start(db, 1);
    const args = ['perft', 'tibetan-4', '5', '--split', '2', '--redis', redis.url(db), '--json', '--progress'];
    const first = spawnCli(args);
    await w!.waitFor(() => w!.events.filter((x) => x.event === 'done').length >= 200, 60_000);
    first.proc.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const again = await runCli(args);
    expect(again.code, again.err).toBe(0);
    expect(JSON.parse(again.out).nodes).toBe(tableCount('tibetan-4', 'start-deep', 5));
    const s = splitLine(again.err);
    expect(s.reused).toBeGreaterThan(0);
    const starts = startsPerJob([w!]);
    expect(starts.size).toBe(s.jobs);
    expect([...starts.values()].filter((k) => k !== 1)).toEqual([]);
    await w!.stop();
  });

  it("checks each result before summing it: a result with a fractional count or another job's id is thrown away and its job run again", async () => {
    const db = 6;
    const [w] = await start(db, 1);
    const args = ['perft', 'tibetan-2', '4', '--split', '2', '--redis', redis.url(db), '--json', '--progress'];
    const expected = tableCount('tibetan-2', 'start', 4);
    expect(JSON.parse((await runCli(args)).out).nodes).toBe(expected);
    const done = w!.events.filter((e) => e.event === 'done');
    const [a, b] = [done[0]!.job!, done[1]!.job!];
    const { Redis } = await import('ioredis');
    const c = new Redis(redis.url(db));
    try {
      await c.hset(`bull:lattice:${a}`, 'returnvalue', JSON.stringify({ id: a, nodes: 1.5, ms: 1, worker: 'x' }));
      await c.hset(`bull:lattice:${b}`, 'returnvalue', JSON.stringify({ id: a, nodes: 10, ms: 1, worker: 'x' }));
    } finally {
      c.disconnect();
    }
    const r = await runCli(args);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).nodes).toBe(expected);
    expect(r.err).toMatch(new RegExp(`job ${a} returned a malformed result \\(nodes: must be an integer`));
    expect(r.err).toMatch(new RegExp(`job ${b} returned the result of another job`));
    const starts = startsPerJob([w!]);
    expect([starts.get(a), starts.get(b)]).toEqual([2, 2]);
    await w!.stop();
  });

  it('a coordinator whose Redis goes away mid-run ends with an error in seconds (exit 2), never waits for nothing; its worker waits for the server', async () => {
    const own = await startRedis();
    try {
      const [w] = await Promise.all([startWorker(own.url(0))]);
      workers.push(w!);
      const run = spawnCli(['perft', 'bagh-chal', '8', '--split', '3', '--redis', own.url(0), '--json']);
      await w!.waitFor(() => w!.events.filter((e) => e.event === 'done').length >= 20, 60_000);
      const t0 = performance.now();
      await own.stop();
      const r = await run.done;
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^error: lost the connection to Redis: .*(went away|no answer from)/m);
      expect(performance.now() - t0).toBeLessThan(25_000);
      // the worker is still there, reconnecting, until it is stopped: SIGTERM ends it (143) even so
      expect(w!.proc.exitCode).toBeNull();
      const t1 = performance.now();
      await w!.stop();
      expect(w!.proc.exitCode).toBe(143);
      expect(performance.now() - t1).toBeLessThan(10_000);
    } finally {
      await own.stop();
    }
  });

  it('without a worker the jobs wait, saying so, until --movetime gives up (exit 2); a worker started later finishes them', async () => {
    const db = 7;
    const args = ['perft', 'bagh-chal', '6', '--split', '2', '--redis', redis.url(db), '--json'];
    const r = await runCli([...args, '--movetime', '1500']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no worker is connected to redis:\/\/127\.0\.0\.1:\d+\/7: the jobs wait/);
    expect(r.err).toMatch(/error: the distributed run stopped at its time limit with 0 of \d+ jobs done/);
    await start(db, 1);
    const ok = await runCli(args);
    expect(JSON.parse(ok.out).nodes).toBe(tableCount('bagh-chal', 'start', 6));
  });
});

describe('a bad --redis URL or a server that cannot be used is a clear error within seconds, never a hang', () => {
  it('refuses URLs that are not redis:// ones, naming what is wrong', async () => {
    const cases: Array<[string, RegExp]> = [
      ['localhost:6379', /the scheme "localhost:" is not Redis's; expected redis:\/\/host\[:port\]\[\/db\]/],
      ['http://127.0.0.1:6379', /the scheme "http:" is not Redis's/],
      ['not a url', /is not a URL: expected redis:\/\/host/],
      ['redis://127.0.0.1:6379/x', /the path "\/x" must be a database number/],
    ];
    for (const [url, message] of cases) {
      for (const args of [
        ['perft', 'bagh-chal', '5', '--redis', url],
        ['worker', '--redis', url],
        ['jobs', '--redis', url],
        ['solve', 'catch-the-giant', '--redis', url],
        ['tablebase', 'build', 'bagh-chal', '--redis', url],
      ]) {
        const r = await runCli(args, 20_000);
        expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
        expect(r.err).toMatch(message);
        expect(r.err.trim().split('\n')).toHaveLength(1);
      }
    }
  });

  it('--split without --redis is refused', async () => {
    const r = await runCli(['perft', 'bagh-chal', '5', '--split', '2'], 20_000);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: --split means nothing without --redis (lattice perft: the tree is split into jobs for the workers)\n',
    );
  });

  it('a port where nothing listens: connection refused, at once', async () => {
    const port = await freePort();
    const r = await runCli(['perft', 'bagh-chal', '5', '--redis', `redis://127.0.0.1:${port}`], 20_000);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`error: cannot use Redis: nothing listens at 127\\.0\\.0\\.1:${port} \\(connection refused\\)`),
    );
    expect(r.ms).toBeLessThan(10_000);
    const w = await runCli(['worker', '--redis', `redis://127.0.0.1:${port}`], 20_000);
    expect(w.code).toBe(2);
    expect(w.err).toMatch(/connection refused/);
  });

  it('a server that accepts connections and never answers: the connection timeout, in seconds', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => {
      sockets.push(s);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const port = (silent.address() as { port: number }).port;
    try {
      const r = await runCli(['perft', 'bagh-chal', '5', '--redis', `redis://127.0.0.1:${port}`], 30_000);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /error: cannot use Redis: no answer from Redis at redis:\/\/127\.0\.0\.1:\d+\/0 within \d+ s/,
      );
      expect(r.ms).toBeLessThan(15_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
