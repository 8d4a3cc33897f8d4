/**
 * `lattice worker` and `lattice jobs`: the processes that run perft and solver jobs from a queue on a
 * Redis server (src/distributed/), and what that queue holds.
 */
import type { Command } from 'commander';
import { intArg } from './args.js';
import { exitCodeOf } from './interrupt.js';
import { note, out } from './output.js';

/** The note when no worker takes the jobs of a command run with --redis (perft, tablebase build, solve). */
export const noWorkers = (redis: string) =>
  `no worker is connected to ${redis}: the jobs wait in the queue until ` +
  `one is (start one with "lattice worker --redis ${redis}")`;

const redisOption = 'the Redis server of the queue, redis://[user:password@]host[:port][/db]';

/** Registers `lattice worker` and `lattice jobs`. */
export function registerJobs(program: Command): void {
  program
    .command('worker')
    .description(
      'take jobs (perft subtrees, solver layers) from the queue on a Redis server and run them with the ' +
        'engine, until Ctrl-C; any number of workers, on any machines that reach the server (README "More than one ' +
        'machine")',
    )
    .requiredOption('--redis <url>', redisOption)
    .option(
      '--concurrency <n>',
      'jobs run at a time, each on an engine of its own (a thread)',
      intArg('--concurrency', 1, 256),
      1,
    )
    .option('--threads <n>', 'threads a Bagh Chal movement-phase layer job may use', intArg('--threads', 1, 64), 1)
    .option(
      '--lock-ms <ms>',
      "how long a job's lock lasts unrenewed: a killed worker's job runs again elsewhere within about twice this " +
        'long (the lock runs out, then a stalled check); Ctrl-C puts the running jobs back at once',
      intArg('--lock-ms', 1000, 3_600_000),
      30_000,
    )
    .option('--json', 'print each event (ready, start, done, failed, released, error) as one JSON object a line')
    .action(async (o: { redis: string; concurrency: number; threads: number; lockMs: number; json?: boolean }) => {
      const { startWorker } = await import('../distributed/worker.js');
      const short = (id: string) => (id.length > 24 ? `${id.slice(0, 24)}...` : id);
      const w = await startWorker({
        redis: o.redis,
        concurrency: o.concurrency,
        threads: o.threads,
        lockMs: o.lockMs,
        onEvent: (e) => {
          if (o.json) {
            out(JSON.stringify(e));
            return;
          }
          if (e.event === 'ready') {
            out(
              `lattice worker ${e.worker}: ${e.concurrency} job${e.concurrency === 1 ? '' : 's'} at a time on ` +
                `${e.redis} (Redis ${e.version}), locks of ${e.lockMs / 1000} s; Ctrl-C stops`,
            );
          } else if (e.event === 'start') {
            out(`start ${short(e.job)} (${e.kind}${e.attempt > 1 ? `, attempt ${e.attempt}` : ''})`);
          } else if (e.event === 'done') {
            const what =
              'nodes' in e.result
                ? `${e.result.nodes} leaves`
                : `${e.result.file}${e.result.loaded ? ' (loaded)' : ''}`;
            out(`done  ${short(e.job)} in ${e.ms} ms: ${what}`);
          } else if (e.event === 'failed') out(`failed ${short(e.job)}: ${e.error}`);
          else if (e.event === 'released') out(`back  ${short(e.job)}: in the queue again for another worker`);
          else note(`redis: ${e.error}`);
        },
      });
      // a signal stops taking jobs at once and puts the jobs running back in the queue (worker.ts close(true)),
      // so that another worker takes them now; if the server cannot be reached, BullMQ's stalled check gives
      // them to another worker once their locks run out (--lock-ms). The process then ends, even if its
      // server is gone (a close that cannot reach it is given 3 s)
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          note('interrupted: the jobs running here go back to the queue');
          process.once(signal, () => process.exit(exitCodeOf(signal)));
          void Promise.race([w.close(true), new Promise((r) => setTimeout(r, 3000))]).finally(() => {
            resolve();
            process.exit(exitCodeOf(signal));
          });
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

  program
    .command('jobs')
    .description(
      'what the queue on a Redis server holds (jobs by state, workers connected); --clean removes every ' +
        'lattice job and result from it',
    )
    .requiredOption('--redis <url>', redisOption)
    .option(
      '--clean',
      "remove the queue's jobs and results (refused while connected workers run jobs; the jobs of workers that " +
        'are gone do not hold it up)',
    )
    .option('--json', 'print one JSON object on stdout')
    .action(async (o: { redis: string; clean?: boolean; json?: boolean }) => {
      const { queueStatus, cleanQueue } = await import('../distributed/admin.js');
      const before = o.clean
        ? await cleanQueue(o.redis, {
            onWait: (n, ms) =>
              note(
                `no worker is connected, but ${n} job${n === 1 ? '' : 's'} still hold${n === 1 ? 's' : ''} ` +
                  `a lock (a worker killed a moment ago?): waiting up to ${Math.ceil(ms / 1000)} s for ` +
                  `${n === 1 ? 'it' : 'them'} to run out`,
              ),
          })
        : await queueStatus(o.redis);
      if (o.json) {
        out(JSON.stringify({ ...before, ...(o.clean ? { cleaned: true } : {}) }));
        return;
      }
      const { running, stalled } = before.active;
      const counts = Object.entries(before.counts)
        .map(([k, n]) =>
          k === 'active' && stalled > 0
            ? `${n} active (${running} running, ${stalled} stalled: ${stalled === 1 ? 'its' : 'their'} worker is ` +
              'gone and the next worker puts them back in the queue)'
            : `${n} ${k}`,
        )
        .join(', ');
      out(
        `${before.redis} queue ${before.queue}: ${counts}; ` +
          `${before.workers} worker${before.workers === 1 ? '' : 's'} connected`,
      );
      if (o.clean) out('removed every job and result of the queue');
    });
}
