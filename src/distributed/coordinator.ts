/**
 * The coordinator's side of a distributed run (issue 21): hands a set of jobs with dependencies to the
 * workers through the BullMQ queue (jobs.ts QUEUE) and collects their results. Used by the distributed
 * perft (perft.ts: independent subtree jobs) and solve (solve.ts: layer jobs, each needing finished
 * layers).
 *
 * How. A job is added (BullMQ `addBulk`, with the job id of its data: jobs.ts jobIdOf) once every job it
 * needs has finished: which jobs are ready, and in what order they are added, is the runner's LayerSchedule
 * (src/solve/runner.ts), the same scheduling as the local threads'. BullMQ adds nothing for an id it holds already, so
 * a job finished by an earlier run, or still running for another coordinator, is not run again: right after adding, the
 * coordinator reads each job's state, and takes the result of those already completed. Results arrive as the
 * queue's `completed` events (QueueEvents) and, in case an event is missed (a reconnection, a trimmed
 * event stream), by a sweep of the states of the jobs still pending every SWEEP_MS. Each result is
 * checked (jobs.ts checkJobResult: its kind's shape, integer counts, its own id; then the caller's own
 * check) before it counts; a result that fails is removed and its job run once more, and a second
 * failure ends the run with a JobError. A job that failed on the workers after its attempts ends the
 * run with a JobError naming it and why (its failure stays in Redis; a rerun retries it).
 *
 * Dependencies are the coordinator's, not BullMQ flows': a BullMQ flow is a tree (a job has one
 * parent), while a layer may be needed by several layers, and a job shared with an earlier run (an
 * existing id) cannot join a new flow.
 *
 * Restarting: everything a run needs is in Redis under the jobs' ids, so a coordinator killed and
 * started again with the same command adds the same ids (no-ops), finds the finished ones and waits
 * for the rest.
 */
import { JobError, LatticeError, RedisError } from '../contract/errors.js';
import { QUEUE, checkJobResult, jobOptions, type JobData, type JobResult } from './jobs.js';
import { describeRedisFailure, loadOptional, redisOptions, type RedisTarget } from './redis.js';
import { LayerSchedule } from '../solve/runner.js';

/** How often the states of the pending jobs are read (a safety net under the completed events), ms. */
export const SWEEP_MS = 2000;
/** How long a command of the coordinator may go unanswered before the run ends with a RedisError, ms. */
export const ANSWER_MS = 15_000;
/** How long closing the coordinator's connections may take before they are dropped, ms. */
const CLOSE_MS = 2000;
/** Jobs added or read in one batch. */
const BATCH = 500;

/** A job to run: its id (jobIdOf(data)), its data, and the ids of the jobs it needs finished first. */
export interface Task {
  id: string;
  data: JobData;
  needs: readonly string[];
}

/** Where a run stands. */
export interface RunProgress {
  total: number;
  /** Jobs finished (results checked), reused ones included. */
  done: number;
  /** Of those, finished before this run started (found completed in Redis). */
  reused: number;
  /** Jobs in the queue now (added, not finished). */
  queued: number;
  /** Workers connected to the server (BullMQ's count), or -1 before the first count. */
  workers: number;
  /** Jobs of the queue running on a worker now (active, their locks renewed), or -1 before the first count. */
  running: number;
  /**
   * Jobs of the queue left active by a worker that is gone (killed, its machine lost): their locks have run out, and
   * the next stalled check of a worker puts them back in the queue (BullMQ; within --lock-ms of a worker's). -1
   * before the first count.
   */
  stalled: number;
}

/** Options of runJobs. */
export interface RunOptions {
  /** The server, probed already (redis.ts probeRedis). */
  target: RedisTarget;
  tasks: readonly Task[];
  /** Called with each checked result; may throw JobError to refuse it (the job is then run once more). */
  onResult?: (task: Task, result: JobResult, reused: boolean) => void;
  onProgress?: (p: RunProgress) => void;
  /** Give up (LatticeError 'stopped') at this time (performance.now() ms); the jobs stay queued. */
  deadline?: number;
  /** Called once when no worker is connected while jobs wait (say how to start one). */
  onNoWorkers?: () => void;
  /** Called with a sentence when a result is refused and its job run again. */
  onWarning?: (message: string) => void;
}

/**
 * Runs `tasks` on the workers (see the module comment) and resolves to every task's checked result, by
 * id. Rejects with JobError (a job failed after its attempts, or its result failed the checks twice),
 * RedisError (the connection to the server was lost), LatticeError 'stopped' (the deadline), or
 * LatticeError 'internal' for tasks that need an id not among them or form a cycle (the runner's
 * LayerSchedule refuses them before anything is added).
 */
export async function runJobs(opts: RunOptions): Promise<Map<string, JobResult>> {
  const { Queue, QueueEvents } = await loadOptional('bullmq', () => import('bullmq'));
  const { Redis } = await loadOptional('ioredis', () => import('ioredis'));
  const t = opts.target;
  const byId = new Map(opts.tasks.map((task) => [task.id, task]));
  // the readiness and order of the jobs: the runner's (src/solve/runner.ts), as the local threads' are; every ready
  // job is added at once, in its order, and the workers take them from the queue
  const schedule = new LayerSchedule(
    [...byId.values()].map((task) => ({ name: task.id, needs: task.needs })),
    { noun: 'job', fault: (m) => new LatticeError('internal', m) },
  );
  const results = new Map<string, JobResult>();
  const added = new Set<string>();
  const handling = new Set<string>();
  const reruns = new Map<string, number>();
  const progress: RunProgress = {
    total: byId.size,
    done: 0,
    reused: 0,
    queued: 0,
    workers: -1,
    running: -1,
    stalled: -1,
  };
  if (byId.size === 0) return results;

  const queue = new Queue(QUEUE, { connection: redisOptions(t, 'coordinator') });
  // QueueEvents blocks on the event stream: BullMQ wants such connections to retry for ever
  const events = new QueueEvents(QUEUE, { connection: redisOptions(t, 'worker') });
  // reads the locks of the running jobs (activeJobs), which BullMQ's client interface does not
  const locks = new Redis({ ...redisOptions(t, 'coordinator'), connectionName: 'lattice-locks' });
  let failure: Error | null = null;
  let finish: (() => void) | null = null;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const fail = (e: unknown) => {
    if (failure) return;
    failure =
      e instanceof LatticeError
        ? e
        : new RedisError(
            `lost the connection to Redis: ${describeRedisFailure(t, e)}; the jobs stay ` +
              `queued, and a rerun of the same command resumes`,
          );
    finish!();
  };
  /**
   * `p`, or a RedisError once it has not settled for ANSWER_MS: a command whose connection ended can be
   * left pending for ever (BullMQ), and a coordinator must end with an error, never wait for nothing.
   */
  const answer = <T>(p: Promise<T>, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new RedisError(
              `lost the connection to Redis: no answer from ${t.shown} for ` +
                `${ANSWER_MS / 1000} s while ${what} (is the server still up?); the jobs stay ` +
                `queued, and a rerun of the same command resumes`,
            ),
          ),
        ANSWER_MS,
      );
    });
    return Promise.race([p, limit]).finally(() => clearTimeout(timer));
  };
  queue.on('error', () => {}); // the failing command reports it
  locks.on('error', () => {}); // the failing command reports it
  events.on('error', () => {}); // the sweep reads the states without the events
  const report = () => {
    progress.queued = added.size - results.size;
    opts.onProgress?.({ ...progress });
  };

  /** Reads the running and stalled jobs of the queue into the progress. */
  const countActive = async () => {
    const a = await answer(activeJobs(queue, locks), 'reading the locks of the running jobs');
    progress.running = a.running;
    progress.stalled = a.stalled;
  };

  const NONE_EARLIER: ReadonlySet<string> = new Set();
  /**
   * Adds the jobs of `ids` (their needs met), then reads what Redis holds for them. On first sight, only
   * a job Redis held before this add is an earlier run's (reused, or retried if it failed): a worker may
   * finish a job just added before its state is read, and that one ran now.
   */
  const enqueue = async (ids: string[], firstSight: boolean) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      if (failure) return; // the run has ended (its time limit, an error): add nothing more
      const chunk = ids.slice(i, i + BATCH);
      const before = firstSight
        ? await answer(Promise.all(chunk.map((id) => queue.getJobState(id))), 'reading job states')
        : [];
      const earlier = new Set(chunk.filter((_, k) => before[k] !== undefined && before[k] !== 'unknown'));
      await answer(
        queue.addBulk(
          chunk.map((id) => ({ name: byId.get(id)!.data.kind, data: byId.get(id)!.data, opts: jobOptions(id) })),
        ),
        'adding jobs',
      );
      for (const id of chunk) added.add(id);
      await sweep(chunk, earlier);
    }
    report();
  };

  /**
   * Reads the states of `ids` and takes the results of the completed ones; `earlier`: the jobs an earlier run left
   * (reused when completed, retried when failed).
   */
  const sweep = async (ids: string[], earlier: ReadonlySet<string>) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      if (failure) return;
      const chunk = ids.slice(i, i + BATCH).filter((id) => !results.has(id));
      const states = await answer(Promise.all(chunk.map((id) => queue.getJobState(id))), 'reading job states');
      for (const [k, id] of chunk.entries()) {
        const state = states[k];
        if (state === 'completed') {
          const job = await answer(queue.getJob(id), 'reading a result');
          if (job) await completed(id, job.returnvalue, earlier.has(id));
          else await enqueue([id], false); // removed between the two reads
        } else if (state === 'failed') {
          const job = await answer(queue.getJob(id), 'reading a failed job');
          if (earlier.has(id) && job)
            await answer(job.retry('failed'), 'retrying a failed job'); // a failure of an earlier run: try again
          else
            throw new JobError(
              id,
              `job ${id} (${describeTask(byId.get(id)!)}) failed on the workers after its ` +
                `attempts: ${job?.failedReason ?? 'no reason recorded'}`,
            );
        } else if (state === 'unknown') {
          await enqueue([id], false); // gone from Redis (cleaned up): add it again
        }
      }
    }
  };

  /** A finished job's return value: checked, counted, and its dependents added when their needs are met. */
  const completed = async (id: string, value: unknown, reused: boolean) => {
    const task = byId.get(id);
    if (!task || results.has(id) || handling.has(id)) return;
    handling.add(id);
    try {
      let result: JobResult;
      try {
        result = checkJobResult(id, task.data.kind, value);
        opts.onResult?.(task, result, reused);
      } catch (e) {
        if (!(e instanceof JobError)) throw e;
        const n = (reruns.get(id) ?? 0) + 1;
        reruns.set(id, n);
        if (n > 1) throw new JobError(id, `${e.message} (again, after running it a second time)`);
        opts.onWarning?.(`${e.message}: it is thrown away and the job run again`);
        const job = await answer(queue.getJob(id), 'reading a refused result');
        if (job) await answer(job.remove(), 'removing a refused result');
        added.delete(id);
        await enqueue([id], false);
        return;
      }
      results.set(id, result);
      progress.done++;
      if (reused) progress.reused++;
      report();
      schedule.finish(id);
      const ready = schedule.takeAll().map((l) => l.name);
      if (ready.length) await enqueue(ready, true);
      if (results.size === byId.size) finish!();
    } finally {
      handling.delete(id);
    }
  };

  events.on('completed', ({ jobId, returnvalue }) => {
    if (added.has(jobId)) completed(jobId, returnvalue, false).catch(fail);
  });
  events.on('failed', ({ jobId }) => {
    if (added.has(jobId) && !results.has(jobId)) sweep([jobId], NONE_EARLIER).catch(fail);
  });

  let timer: NodeJS.Timeout | undefined;
  let deadlineTimer: NodeJS.Timeout | undefined;
  let warned = false;
  try {
    await Promise.race([
      answer(Promise.all([queue.waitUntilReady(), events.waitUntilReady()]), 'connecting'),
      finished,
    ]);
    if (failure) throw failure;
    if (opts.deadline !== undefined) {
      const stop = () =>
        fail(
          new LatticeError(
            'stopped',
            `the distributed run stopped at its time limit with ${results.size} of ` +
              `${byId.size} jobs done (the rest stay queued: a rerun takes the finished ones)`,
          ),
        );
      deadlineTimer = setTimeout(
        () => {
          // a limit reached before the workers were first counted (still queueing): say first if none is connected,
          // which is why nothing was done
          if (warned || failure || results.size === byId.size) return stop();
          answer(workersOn(queue, t.db), 'counting workers').then((n) => {
            if (n === 0 && !warned) {
              warned = true;
              opts.onNoWorkers?.();
            }
            stop();
          }, stop);
        },
        Math.max(0, opts.deadline - performance.now()),
      );
    }
    const tick = async () => {
      const pending = [...added].filter((id) => !results.has(id));
      await sweep(pending, NONE_EARLIER);
      progress.workers = await answer(workersOn(queue, t.db), 'counting workers');
      await countActive();
      if (progress.workers === 0 && !warned && results.size < byId.size) {
        warned = true;
        opts.onNoWorkers?.();
      }
      report();
    };
    const loop = () => {
      timer = setTimeout(() => {
        tick().then(() => {
          if (!failure && results.size < byId.size) loop();
        }, fail);
      }, SWEEP_MS);
    };
    await enqueue(
      schedule.takeAll().map((l) => l.name),
      true,
    ).catch(fail);
    if (!failure && results.size < byId.size) {
      progress.workers = await answer(workersOn(queue, t.db), 'counting workers').catch(() => -1);
      await countActive().catch(() => {});
      if (progress.workers === 0) {
        warned = true;
        opts.onNoWorkers?.();
      }
      report();
      loop();
      await finished;
    }
    if (failure) throw failure;
    if (results.size < byId.size)
      throw new LatticeError(
        'internal',
        `the run ended with ${results.size} of ${byId.size} jobs (a dependency cycle?)`,
      );
    return results;
  } finally {
    clearTimeout(timer);
    clearTimeout(deadlineTimer);
    await closeWithin([queue, events, ioredisClosable(locks)]);
  }
}

/** An ioredis client as closeWithin takes it: close() is QUIT, disconnect() drops the connection. */
export function ioredisClosable(c: { quit(): Promise<unknown>; disconnect(): void }) {
  return {
    close: async () => {
      await c.quit();
    },
    disconnect: async () => c.disconnect(),
  };
}

/** The jobs of the queue that are active, by whether their worker still renews their locks. */
export interface ActiveJobs {
  /** Active with a live lock: a worker runs them. */
  running: number;
  /** Active with no lock: their worker is gone (the lock ran out); a worker's next stalled check requeues them. */
  stalled: number;
  /** The longest time left of a live lock, ms (0 when none): when those jobs stall if their workers are gone. */
  longestLockMs: number;
}

/**
 * The active jobs of `queue` and their locks (BullMQ's `<job key>:lock`, set by the worker that runs the job and
 * renewed every lockDuration / 2 while it lives), read with `client` (an ioredis client of the queue's database).
 * Throws what the connection throws.
 */
export async function activeJobs(
  queue: { getRanges(types: ['active'], start?: number, end?: number): Promise<string[]>; toKey(k: string): string },
  client: { pipeline(): { pttl(key: string): unknown; exec(): Promise<Array<[Error | null, unknown]> | null> } },
): Promise<ActiveJobs> {
  const ids = [...new Set(await queue.getRanges(['active'], 0, -1))];
  const r: ActiveJobs = { running: 0, stalled: 0, longestLockMs: 0 };
  if (ids.length === 0) return r;
  const p = client.pipeline();
  for (const id of ids) p.pttl(queue.toKey(`${id}:lock`));
  for (const [err, ttl] of (await p.exec()) ?? []) {
    if (err) throw err;
    // PTTL: -2 no such key (the lock ran out), -1 a key without expiry (not BullMQ's lock: counted as live)
    if (ttl === -2) r.stalled++;
    else {
      r.running++;
      r.longestLockMs = Math.max(r.longestLockMs, 0, Number(ttl));
    }
  }
  return r;
}

/**
 * Closes BullMQ objects, or after CLOSE_MS disconnects them outright: a close on a connection that is
 * gone can stay pending for ever, and nothing else would keep the process alive to report its error.
 */
export async function closeWithin(
  objects: ReadonlyArray<{ close(): Promise<void>; disconnect(): Promise<void> }>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    Promise.allSettled(objects.map((o) => o.close())).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!closed)
    await Promise.race([
      Promise.allSettled(objects.map((o) => o.disconnect())),
      new Promise((resolve) => setTimeout(resolve, CLOSE_MS)),
    ]);
}

/** A job in words, for messages: its kind and what it computes. */
export function describeTask(task: Task): string {
  const d = task.data;
  if (d.kind === 'perft') return `perft ${d.depth} of ${d.variant} ${JSON.stringify(d.position)}`;
  if (d.kind === 'movement-layer')
    return `${d.variant} movement-phase layer ${d.layer} of captures-to-win ${d.capturesToWin}`;
  return (
    `${d.variant} solver layer captured ${d.layer[0]}/${d.layer[1]}, in hand ` +
    `${d.layer[2]}/${d.layer[3]}, excess ` +
    `${d.layer[4]}${d.stacks === undefined ? '' : ` (stacks ${d.stacks.join('.')})`}`
  );
}

/**
 * Workers connected to the queue's database `db` (BullMQ's getWorkers lists the worker connections of
 * every database of the server, by their client names).
 */
export async function workersOn(
  queue: { getWorkers(): Promise<Array<Record<string, string>>> },
  db: number,
): Promise<number> {
  return (await queue.getWorkers()).filter((w) => w.db === undefined || w.db === String(db)).length;
}
