/**
 * Looking at and cleaning up the queue of distributed runs (`lattice jobs --redis URL [--clean]`): what
 * Redis holds for lattice is the queue jobs.ts QUEUE (keys `bull:lattice:*`), nothing else.
 */
import { JobError } from '../errors.js';
import { closeWithin, workersOn } from './coordinator.js';
import { QUEUE } from './jobs.js';
import { parseRedisUrl, probeRedis, redisOptions } from './redis.js';

/** The queue's jobs by state and the workers connected. */
export interface QueueStatus { redis: string; queue: string; counts: Record<string, number>; workers: number }

/** The queue's state on the server of `url`. Throws RedisError (a bad URL, an unreachable server). */
export async function queueStatus(url: string): Promise<QueueStatus> {
  const t = parseRedisUrl(url);
  await probeRedis(t);
  const { Queue } = await import('bullmq');
  const q = new Queue(QUEUE, { connection: redisOptions(t, 'coordinator') });
  try {
    const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
    return { redis: t.shown, queue: QUEUE, counts, workers: await workersOn(q, t.db) };
  } finally {
    await closeWithin([q]);
  }
}

/**
 * Removes every job of the queue, finished results included, and the queue's other keys (BullMQ's
 * obliterate). Refused with JobError while a job is running (stop the workers, or wait). Throws
 * RedisError for a bad URL or an unreachable server.
 */
export async function cleanQueue(url: string): Promise<void> {
  const t = parseRedisUrl(url);
  await probeRedis(t);
  const { Queue } = await import('bullmq');
  const q = new Queue(QUEUE, { connection: redisOptions(t, 'coordinator') });
  try {
    const active = await q.getActiveCount();
    if (active > 0) throw new JobError('-', `${active} job${active === 1 ? ' is' : 's are'} running on ${t.shown}: stop the workers (or wait for them) before cleaning`);
    await q.obliterate({ force: true });
  } finally {
    await closeWithin([q]);
  }
}
