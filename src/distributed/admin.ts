/**
 * Looking at and cleaning up the queue of distributed runs (`lattice jobs --redis URL [--clean]`): what
 * Redis holds for lattice is the queue jobs.ts QUEUE (keys `bull:lattice:*`), nothing else.
 */
import { JobError } from '../contract/errors.js';
import { closeWithin, workersOn } from './coordinator.js';
import { QUEUE } from './jobs.js';
import type { Queue } from 'bullmq';
import { loadOptional, parseRedisUrl, probeRedis, redisOptions, type RedisTarget } from './redis.js';

/** The queue's jobs by state and the workers connected. */
export interface QueueStatus {
  redis: string;
  queue: string;
  counts: Record<string, number>;
  workers: number;
}

/**
 * Runs `work` on the queue of the server of `url` (probed first: RedisError for a bad URL or an
 * unreachable server) and closes the queue's connection afterwards, whatever `work` did.
 */
async function withQueue<T>(url: string, work: (q: Queue, t: RedisTarget) => Promise<T>): Promise<T> {
  const t = parseRedisUrl(url);
  await probeRedis(t);
  const { Queue: QueueClass } = await loadOptional('bullmq', () => import('bullmq'));
  const q = new QueueClass(QUEUE, { connection: redisOptions(t, 'coordinator') });
  try {
    return await work(q, t);
  } finally {
    await closeWithin([q]);
  }
}

/** The queue's state on the server of `url`. Throws RedisError (a bad URL, an unreachable server). */
export async function queueStatus(url: string): Promise<QueueStatus> {
  return withQueue(url, async (q, t) => {
    const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
    return { redis: t.shown, queue: QUEUE, counts, workers: await workersOn(q, t.db) };
  });
}

/**
 * Removes every job of the queue, finished results included, and the queue's other keys (BullMQ's
 * obliterate). Refused with JobError while a job is running (stop the workers, or wait). Throws
 * RedisError for a bad URL or an unreachable server.
 */
export async function cleanQueue(url: string): Promise<void> {
  return withQueue(url, async (q, t) => {
    const active = await q.getActiveCount();
    if (active > 0)
      throw new JobError(
        '-',
        `${active} job${active === 1 ? ' is' : 's are'} running on ${t.shown}: stop the ` +
          `workers (or wait for them) before cleaning`,
      );
    await q.obliterate({ force: true });
  });
}
