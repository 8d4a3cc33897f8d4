/**
 * Looking at and cleaning up the queue of distributed runs (`lattice jobs --redis URL [--clean]`): what
 * Redis holds for lattice is the queue jobs.ts QUEUE (keys `bull:lattice:*`), nothing else.
 *
 * Stuck jobs. A job is active while a worker runs it, and its worker renews its lock (BullMQ's `<job>:lock`, lasting
 * the worker's --lock-ms) as long as it lives. A worker stopped with Ctrl-C puts its jobs back in the queue at once
 * (worker.ts); one killed outright leaves them active until their locks run out, and then they are stalled: no worker
 * runs them, and the next stalled check of a worker puts them back in the queue. Here, an active job whose lock has
 * run out counts as stalled, not running: it does not hold up a clean.
 */
import { JobError } from '../contract/errors.js';
import { activeJobs, closeWithin, ioredisClosable, workersOn, type ActiveJobs } from './coordinator.js';
import { QUEUE } from './jobs.js';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { loadOptional, parseRedisUrl, probeRedis, redisOptions, type RedisTarget } from './redis.js';

/** How long a clean waits for the locks of jobs whose workers are gone (no worker connected) to run out, ms. */
export const CLEAN_WAIT_MS = 65_000;
/** How often a waiting clean reads the locks again, ms. */
const CLEAN_POLL_MS = 500;

/** The queue's jobs by state, the workers connected and the active jobs by their locks. */
export interface QueueStatus {
  redis: string;
  queue: string;
  counts: Record<string, number>;
  workers: number;
  /** Of the active jobs: those a worker runs (live locks), those whose worker is gone (stalled). */
  active: ActiveJobs;
}

/**
 * Runs `work` on the queue of the server of `url` (probed first: RedisError for a bad URL or an
 * unreachable server), with an ioredis client of the same database for the locks, and closes both afterwards,
 * whatever `work` did.
 */
async function withQueue<T>(url: string, work: (q: Queue, locks: Redis, t: RedisTarget) => Promise<T>): Promise<T> {
  const t = parseRedisUrl(url);
  await probeRedis(t);
  const { Queue: QueueClass } = await loadOptional('bullmq', () => import('bullmq'));
  const { Redis: RedisClass } = await loadOptional('ioredis', () => import('ioredis'));
  const q = new QueueClass(QUEUE, { connection: redisOptions(t, 'coordinator') });
  const locks = new RedisClass({ ...redisOptions(t, 'coordinator'), connectionName: 'lattice-locks' });
  locks.on('error', () => {}); // the failing command reports it
  try {
    return await work(q, locks, t);
  } finally {
    await closeWithin([q, ioredisClosable(locks)]);
  }
}

async function statusOf(q: Queue, locks: Redis, t: RedisTarget): Promise<QueueStatus> {
  const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
  return {
    redis: t.shown,
    queue: QUEUE,
    counts,
    workers: await workersOn(q, t.db),
    active: await activeJobs(q, locks),
  };
}

/** The queue's state on the server of `url`. Throws RedisError (a bad URL, an unreachable server). */
export async function queueStatus(url: string): Promise<QueueStatus> {
  return withQueue(url, statusOf);
}

/** Options of cleanQueue. */
export interface CleanOptions {
  /** Called once, before waiting, with how many jobs the clean waits for and how long at most, ms. */
  onWait?: (jobs: number, ms: number) => void;
}

/**
 * Removes every job of the queue, finished results included, and the queue's other keys (BullMQ's obliterate).
 * Stalled jobs (active, their locks run out: their workers are gone) do not hold it up. Jobs whose locks are live:
 * with a worker connected, refused with JobError (stop the workers: Ctrl-C puts their jobs back, or wait); with no
 * worker connected (the workers were killed a moment ago), the clean waits for those locks to run out if that takes
 * at most CLEAN_WAIT_MS (`onWait` says so first), else it is refused with JobError saying when to try again. Throws
 * RedisError for a bad URL or an unreachable server. Resolves to the queue's state before the clean.
 */
export async function cleanQueue(url: string, opts: CleanOptions = {}): Promise<QueueStatus> {
  return withQueue(url, async (q, locks, t) => {
    const before = await statusOf(q, locks, t);
    let { active, workers } = before;
    const s = (n: number) => (n === 1 ? '' : 's');
    if (active.running > 0 && workers === 0 && active.longestLockMs <= CLEAN_WAIT_MS) {
      opts.onWait?.(active.running, active.longestLockMs);
      const until = performance.now() + active.longestLockMs + 2 * CLEAN_POLL_MS;
      while (active.running > 0 && workers === 0 && performance.now() < until) {
        await new Promise((r) => setTimeout(r, CLEAN_POLL_MS));
        [active, workers] = await Promise.all([activeJobs(q, locks), workersOn(q, t.db)]);
      }
    }
    if (active.running > 0) {
      const n = active.running;
      if (workers > 0)
        throw new JobError(
          '-',
          `${n} job${s(n)} ${n === 1 ? 'is' : 'are'} running on the ${workers} worker${s(workers)} connected to ` +
            `${t.shown}: stop the workers (Ctrl-C puts their jobs back in the queue) or wait for them, then clean`,
        );
      throw new JobError(
        '-',
        `${n} job${s(n)} on ${t.shown} still hold${n === 1 ? 's' : ''} a lock though no worker is connected ` +
          `(a worker killed, or one that lost its connection): the lock${s(n)} run${n === 1 ? 's' : ''} out within ` +
          `${Math.ceil(active.longestLockMs / 1000)} s, clean then`,
      );
    }
    await q.obliterate({ force: true });
    return before;
  });
}
