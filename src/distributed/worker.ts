/**
 * `lattice worker --redis URL`: a process that takes jobs from the queue (jobs.ts QUEUE) and runs them
 * with the engine, `concurrency` at a time, each in an engine slot of its own (job-thread.ts: a
 * worker_threads thread with its own core), so that the main thread only talks to Redis: it renews the
 * locks of the jobs it runs (every lockMs / 2) and runs BullMQ's stalled-job check (every lockMs).
 *
 * Faults. A worker stopped by a signal (close(true): `lattice worker` on Ctrl-C or SIGTERM) puts its running jobs
 * back in the queue at once. A worker killed mid-job (SIGKILL, a lost machine) stops renewing its lock: once the lock
 * runs out (lockMs after its last renewal), the next stalled check of another worker (every lockMs) puts the job back
 * in the queue, and it runs again (up to
 * MAX_STALLED times; a job's own error gets JOB_ATTEMPTS tries). A job whose data or id is not a lattice
 * job's fails at once (BullMQ's UnrecoverableError), without retries. A lost Redis connection is
 * retried for ever, backing off to 5 s (a worker waits for its server to come back).
 */
import { Worker as Thread } from 'node:worker_threads';
import type { Job } from 'bullmq';
import { hostname } from 'node:os';
import { ArgumentError, LatticeError, describeValue, reviveError, type ErrorRecord } from '../contract/errors.js';
import { locateCompiled } from '../platform/locate.js';
import { QUEUE, checkJobData, type JobData, type JobResult } from './jobs.js';
import { loadOptional, parseRedisUrl, probeRedis, redisOptions } from './redis.js';

/** How many times a job may be found stalled (its worker gone) and requeued before it fails. */
export const MAX_STALLED = 5;
/** The default lock of a running job, in ms (BullMQ's default); `lattice worker --lock-ms`. */
export const DEFAULT_LOCK_MS = 30_000;

/** What a worker reports as it goes (`lattice worker` prints one line each). */
export type WorkerEvent =
  | {
      event: 'ready';
      worker: string;
      redis: string;
      version: string;
      concurrency: number;
      threads: number;
      lockMs: number;
    }
  | { event: 'start'; job: string; kind: string; attempt: number; at: number }
  | { event: 'done'; job: string; kind: string; ms: number; result: JobResult; at: number }
  | { event: 'failed'; job: string; kind: string; error: string }
  | { event: 'released'; job: string; kind: string }
  | { event: 'error'; error: string };

/** Options of startWorker. */
export interface WorkerOptions {
  /** The Redis URL (redis.ts parseRedisUrl). */
  redis: string;
  /** Jobs run at a time, each in an engine slot of its own: 1..256 (default 1). */
  concurrency?: number;
  /** Threads a layer job may use (Bagh Chal's movement-phase solver): 1..64 (default 1). */
  threads?: number;
  /**
   * How long a job's lock lasts without renewal, ms (1000..3,600,000; default DEFAULT_LOCK_MS): a killed worker's job
   * is requeued within about this long.
   */
  lockMs?: number;
  onEvent?: (e: WorkerEvent) => void;
}

/** A running worker: close() stops taking jobs, ends the engine slots and the connections. */
export interface RunningWorker {
  /** `host:pid`, also the name BullMQ stores on each job it runs. */
  readonly name: string;
  /**
   * Stops: with `force`, at once, putting the jobs running here back in the queue first (BullMQ's moveToWait, a
   * 'released' event each: another worker takes them at once; if the server cannot be reached, they are left to the
   * stalled check, after their locks run out); else after the running jobs finish.
   */
  close(force?: boolean): Promise<void>;
}

/**
 * One engine slot: a job thread (job-thread.ts), started on first use and replaced when it dies. It takes
 * up to SLOT_DEPTH jobs: one runs, the next waits in the thread's own queue, so that the thread goes from
 * one job to the next without waiting for this thread to hand it over.
 */
class Slot {
  private thread: Thread | null = null;
  private readonly pending = new Map<string, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>();
  constructor(private readonly script: URL) {}

  /** Jobs handed to the thread and not answered yet. */
  get load(): number {
    return this.pending.size;
  }

  /** Starts the thread now (not at the first job) and resolves once its engine is compiled; rejects if that fails. */
  async warm(): Promise<void> {
    this.thread ??= this.start();
    await this.ready;
  }

  private ready: Promise<void> = Promise.resolve();

  private start(): Thread {
    const t = new Thread(this.script);
    this.ready = new Promise<void>((resolve, reject) => {
      const onReady = (m: { type: string; error?: ErrorRecord }) => {
        if (m.type !== 'ready') return;
        t.off('message', onReady);
        if (m.error) reject(reviveError(m.error));
        else resolve();
      };
      t.on('message', onReady);
      t.once('exit', (code) =>
        reject(new LatticeError('thread-exit', `the engine slot ended as it started (exit code ${code})`)),
      );
    });
    this.ready.catch(() => {}); // run() reports a dead thread by itself
    const failAll = (err: Error) => {
      if (this.thread === t) this.thread = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    t.on(
      'message',
      (
        m:
          | { type: 'done'; id: string; result: JobResult }
          | { type: 'error'; id: string; error: ErrorRecord }
          | { type: 'ready' },
      ) => {
        if (m.type === 'ready') return;
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.type === 'done') p.resolve(m.result);
        else p.reject(reviveError(m.error));
      },
    );
    t.on('error', (err) => {
      failAll(err);
      void t.terminate();
    });
    t.on('exit', (code) =>
      failAll(new LatticeError('thread-exit', `the engine slot ended (exit code ${code}) during its jobs`)),
    );
    return t;
  }

  run(id: string, data: JobData, threads: number): Promise<JobResult> {
    this.thread ??= this.start();
    const t = this.thread;
    return new Promise<JobResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      t.postMessage({ type: 'run', id, data, threads });
    });
  }

  async end(): Promise<void> {
    const t = this.thread;
    this.thread = null;
    if (t) await t.terminate();
  }
}

/** Jobs a slot holds at once: one running, one queued in its thread. */
const SLOT_DEPTH = 2;

function checkCount(name: string, v: unknown, min: number, max: number, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new ArgumentError(`${name} must be an integer in ${min}..${max}, got ${describeValue(v)}`);
  return v;
}

/**
 * Starts a worker: checks the server (probeRedis: RedisError within seconds for a bad URL or an
 * unreachable server), then takes jobs until close(). Throws ArgumentError for options out of range.
 */
export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const concurrency = checkCount('concurrency', opts.concurrency, 1, 256, 1);
  const threads = checkCount('threads', opts.threads, 1, 64, 1);
  const lockMs = checkCount('lockMs', opts.lockMs, 1000, 3_600_000, DEFAULT_LOCK_MS);
  const target = parseRedisUrl(opts.redis);
  const version = await probeRedis(target);
  const emit = (e: WorkerEvent) => opts.onEvent?.(e);
  const name = `${hostname()}:${process.pid}`;
  const script = await locateCompiled('./job-thread.js', import.meta.url);
  const slots = Array.from({ length: concurrency }, () => new Slot(script));
  try {
    await Promise.all(slots.map((s) => s.warm()));
  } catch (e) {
    await Promise.all(slots.map((s) => s.end()));
    throw e;
  }
  const { Worker, Queue, UnrecoverableError } = await loadOptional('bullmq', () => import('bullmq'));
  let lastError = '';
  /** The jobs running here with their lock tokens: what a forced close puts back in the queue. */
  const running = new Map<string, { job: Job; token: string | undefined }>();
  /** The jobs put back by a forced close: their results, if they come, are not reported. */
  const released = new Set<string>();
  const worker = new Worker(
    QUEUE,
    async (job, token) => {
      let data: JobData;
      try {
        data = checkJobData(job.id, job.data);
      } catch (e) {
        throw new UnrecoverableError((e as Error).message);
      }
      // the least busy slot (BullMQ hands over at most SLOT_DEPTH jobs a slot, so one has room)
      const slot = slots.reduce((a, b) => (b.load < a.load ? b : a));
      emit({ event: 'start', job: job.id!, kind: data.kind, attempt: job.attemptsStarted, at: Date.now() });
      const t0 = performance.now();
      running.set(job.id!, { job, token });
      let result: JobResult;
      try {
        result = await slot.run(job.id!, data, threads);
      } catch (e) {
        if (released.has(job.id!)) return new Promise<never>(() => {});
        throw e;
      } finally {
        running.delete(job.id!);
      }
      // put back in the queue by a forced close: another worker runs it; this one's lock is gone, so nothing
      // may be reported (the close ends this process's engine slots and connections without waiting for this)
      if (released.has(job.id!)) return new Promise<never>(() => {});
      emit({
        event: 'done',
        job: job.id!,
        kind: data.kind,
        ms: Math.round(performance.now() - t0),
        result,
        at: Date.now(),
      });
      return result;
    },
    {
      // SLOT_DEPTH jobs a slot: the next job is at hand when one ends (the queue's round trip and the
      // hand-over to the thread overlap the engine's work instead of following it)
      connection: redisOptions(target, 'worker'),
      concurrency: concurrency * SLOT_DEPTH,
      name,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      maxStalledCount: MAX_STALLED,
    },
  );
  worker.on('failed', (job, err) => {
    if (job) emit({ event: 'failed', job: job.id!, kind: job.name, error: err.message });
  });
  worker.on('error', (err) => {
    // one line per distinct trouble (a lost server repeats its error on every reconnection)
    if (err.message !== lastError) emit({ event: 'error', error: err.message });
    lastError = err.message;
  });
  worker.on('ready', () => {
    lastError = '';
  });
  await worker.waitUntilReady();
  emit({ event: 'ready', worker: name, redis: target.shown, version, concurrency, threads, lockMs });
  return {
    name,
    async close(force = false) {
      // the jobs running here go back to the queue now (BullMQ's moveToWait: their locks are removed), so
      // another worker takes them at once instead of after the lock and a stalled check
      const release = () =>
        Promise.allSettled(
          [...running.values()]
            .filter(({ job }) => !released.has(job.id!))
            .map(async ({ job, token }) => {
              released.add(job.id!);
              await job.moveToWait(token);
              emit({ event: 'released', job: job.id!, kind: job.name });
            }),
        );
      const releaseHeld = async () => {
        const { Redis } = await loadOptional('ioredis', () => import('ioredis'));
        const q = new Queue(QUEUE, { connection: redisOptions(target, 'coordinator') });
        const client = new Redis({ ...redisOptions(target, 'coordinator'), connectionName: 'lattice-locks' });
        client.on('error', () => {});
        try {
          for (const id of await q.getRanges(['active'])) {
            const lock = await client.get(q.toKey(`${id}:lock`));
            if (lock === null || !lock.startsWith(`${worker.id}:`) || released.has(id)) continue;
            const job = await q.getJob(id);
            if (!job) continue;
            released.add(id);
            await job.moveToWait(lock);
            emit({ event: 'released', job: id, kind: job.name });
          }
        } finally {
          client.disconnect();
          await q.close();
        }
      };
      if (force) {
        // first stop taking jobs (a job being fetched reaches the processor meanwhile), then put back what runs;
        // again after the close, for a job handed over while it closed
        await Promise.race([worker.pause(true), new Promise((r) => setTimeout(r, 1000))]).catch(() => {});
        await release();
        // and a job BullMQ moved to active for this worker that never reached the processor (its lock holds this
        // worker's token): found by its lock, put back the same way (within 2 s; else its lock runs out)
        await Promise.race([releaseHeld(), new Promise((r) => setTimeout(r, 2000))]).catch(() => {});
      }
      await worker.close(force);
      if (force) await release();
      await Promise.all(slots.map((s) => s.end()));
    },
  };
}
