// Stuck states of the distributed layer (issue 35, class 5): a worker stopped mid-job with Ctrl-C or killed
// outright, `lattice jobs --clean` after that, a split that makes perft(0) or tiny jobs, the progress bar while no
// worker is connected, and a server at the URL that is not Redis. One redis-server of this file's own
// (test/support/redis.ts), a database per test; everything through the `lattice` command, as a user would.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisMissing, skipping } from '../support/requires.js';
import {
  freePort,
  runCli,
  spawnCli,
  startRedis,
  startWorker,
  type TestRedis,
  type TestWorker,
} from '../support/redis.js';

/** `lattice jobs --redis url --json`, parsed. */
async function status(url: string) {
  const r = await runCli(['jobs', '--redis', url, '--json'], 30_000);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as {
    counts: Record<string, number>;
    workers: number;
    active: { running: number; stalled: number; longestLockMs: number };
  };
}

/**
 * A coordinator with jobs of a few hundred ms each (Bagh Chal perft 9 split at 2 plies: perft 7 a job), left running.
 */
const longRun = (url: string) => spawnCli(['perft', 'bagh-chal', '9', '--split', '2', '--redis', url, '--json']);

const missing = redisMissing();
describe.skipIf(skipping('the redis tier', missing))('the distributed layer recovers from stuck states', () => {
  let redis: TestRedis;
  const workers: TestWorker[] = [];
  const runs: Array<ReturnType<typeof spawnCli>> = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const r of runs) r.proc.kill('SIGKILL');
    await Promise.all(runs.map((r) => r.done));
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await redis?.stop();
  });
  const worker = async (url: string, ...args: string[]) => {
    const w = await startWorker(url, ...args);
    workers.push(w);
    return w;
  };

  it('a worker stopped with Ctrl-C mid-job puts its jobs back in the queue at once: nothing stays active, and --clean works', async () => {
    const url = redis.url(1);
    const w = await worker(url);
    const run = longRun(url);
    runs.push(run);
    const started = await w.waitFor((e) => e.event === 'start', 60_000);
    await w.stop('SIGINT');
    expect(w.proc.exitCode).toBe(130);
    // the job that was running came back to the queue (an event says so), not left for its lock to run out
    expect(w.events.some((e) => e.event === 'released' && e.job === started.job)).toBe(true);
    expect(w.stderr()).toMatch(/interrupted: the jobs running here go back to the queue/);
    const s = await status(url);
    expect(s.counts.active).toBe(0);
    expect(s.workers).toBe(0);
    expect(s.counts.waiting).toBeGreaterThan(0);
    const clean = await runCli(['jobs', '--redis', url, '--clean'], 30_000);
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toMatch(/removed every job and result of the queue/);
    run.proc.kill('SIGKILL');
  });

  it('a worker killed mid-job: its jobs count as running until their locks run out, then as stalled; --clean waits for the locks when no worker is left, and refuses while a worker runs jobs', async () => {
    const url = redis.url(2);
    const w = await worker(url, '--lock-ms', '3000');
    const run = longRun(url);
    runs.push(run);
    await w.waitFor((e) => e.event === 'start', 60_000);
    // a second worker connected and busy: the clean is refused, naming the workers
    const busy = await worker(url);
    await busy.waitFor((e) => e.event === 'start', 60_000);
    const refused = await runCli(['jobs', '--redis', url, '--clean'], 30_000);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /^error: \d+ jobs? (is|are) running on the \d+ workers? connected to redis:.*: stop the workers/m,
    );
    await busy.stop('SIGINT');
    w.proc.kill('SIGKILL');
    await w.stop();
    run.proc.kill('SIGKILL');
    const s = await status(url);
    expect(s.workers).toBe(0);
    expect(s.counts.active).toBeGreaterThan(0);
    // the killed worker's jobs: still locked (for at most 3 s), or stalled already
    expect(s.active.running + s.active.stalled).toBe(s.counts.active);
    const t0 = performance.now();
    const clean = await runCli(['jobs', '--redis', url, '--clean'], 30_000);
    expect(clean.code, clean.err).toBe(0);
    if (s.active.running > 0 && performance.now() - t0 < 2500)
      expect(clean.err).toMatch(/no worker is connected, but \d+ jobs? still holds? a lock .*waiting up to \d+ s/);
    expect(clean.out).toMatch(/removed every job and result of the queue/);
    expect(performance.now() - t0).toBeLessThan(15_000);
    const after = await status(url);
    expect(after.counts.active + after.counts.waiting).toBe(0);
  });

  it('a job stalled by a killed worker is reported as such, and the next worker runs it', async () => {
    const url = redis.url(3);
    const w = await worker(url, '--lock-ms', '1000');
    const run = longRun(url);
    runs.push(run);
    const started = await w.waitFor((e) => e.event === 'start', 60_000);
    w.proc.kill('SIGKILL');
    await w.stop();
    run.proc.kill('SIGKILL');
    await run.done;
    await new Promise((r) => setTimeout(r, 1500)); // the lock (1 s) runs out
    const s = await status(url);
    expect(s.active.stalled).toBeGreaterThan(0);
    expect(s.active.running).toBe(0);
    const text = await runCli(['jobs', '--redis', url], 30_000);
    expect(text.out).toMatch(/\d+ active \(0 running, \d+ stalled: (its|their) worker is gone/);
    const next = await worker(url, '--lock-ms', '1000');
    await next.waitFor((e) => e.event === 'start' && e.job === started.job, 30_000);
    await next.stop('SIGINT');
  });

  it('perft --split at or past the depth is refused before connecting; a split into many tiny jobs is warned about', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    for (const [split, why] of [
      ['5', /got 5: a split at the depth makes every job a perft\(0\)/],
      ['6', /got 6: a split past the depth/],
    ] as const) {
      const r = await runCli(['perft', 'bagh-chal', '5', '--redis', nowhere, '--split', split], 30_000);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^error: --split must be an integer in 0\.\.4 \(the depth - 1\)/);
      expect(r.err).toMatch(why);
      expect(r.err).not.toMatch(/connection refused/);
    }
    const url = redis.url(4);
    const r = await runCli(['perft', 'bagh-chal', '5', '--split', '4', '--redis', url, '--movetime', '500'], 60_000);
    expect(r.err).toMatch(/warning: --split 4 makes \d+ jobs of about \d+ leaves each/);
    expect(r.code).toBe(2); // no worker: the time limit
  });

  it('the bar says "no worker" and why there is no ETA while no worker is connected, then "1 worker"', async () => {
    const url = redis.url(5);
    const args = ['perft', 'bagh-chal', '6', '--split', '2', '--redis', url, '--json', '--progress'];
    const none = await runCli([...args, '--movetime', '3000'], 60_000);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/ETA \? \(no worker connected\) \| no worker/);
    expect(none.err).not.toMatch(/NF|0 workers/);
    await worker(url);
    // another tree (the first one's jobs are done by the time the worker is ready), long enough for a count of workers
    const ok = await runCli(
      ['perft', 'bagh-chal', '7', '--split', '2', '--redis', url, '--json', '--progress'],
      90_000,
    );
    expect(ok.code, ok.err).toBe(0);
    expect(ok.err).toMatch(/\| 1 worker\b/);
    expect(ok.err).not.toMatch(/1 workers/);
  });

  it('a server at the URL that is not Redis (HTTP) is "not a Redis server", never "write EPIPE"', async () => {
    const http: Server = createServer((_, res) => res.end('hello'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    const port = (http.address() as { port: number }).port;
    try {
      for (const args of [
        ['perft', 'bagh-chal', '5', '--redis', `redis://127.0.0.1:${port}`],
        ['jobs', '--redis', `redis://127.0.0.1:${port}`],
        ['worker', '--redis', `redis://127.0.0.1:${port}`],
      ]) {
        const r = await runCli(args, 30_000);
        expect(r.code, r.err).toBe(2);
        expect(r.err).toMatch(/^error: cannot use Redis: 127\.0\.0\.1:\d+ is not a Redis server/);
        expect(r.err).not.toMatch(/write EPIPE|Please report this/);
      }
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
