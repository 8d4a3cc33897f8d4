/**
 * Distributed perft (`lattice perft ... --redis URL`, issue 21): the tree split at `split` plies into
 * subtree jobs (split.ts: identical positions merged, each counted with its multiplicity), the jobs run
 * by `lattice worker` processes (worker.ts) through the queue (coordinator.ts), and the counts summed:
 * the same result as the local perft, divide included.
 */
import { createGame } from '../engine.js';
import { ArgumentError } from '../contract/errors.js';
import { runJobs, type RunProgress, type Task } from './coordinator.js';
import { jobIdOf, type PerftJobData, type PerftResult } from './jobs.js';
import { parseRedisUrl, probeRedis } from './redis.js';
import { checkSplit, normalizedOptions, splitTree, tinyJobsWarning } from './split.js';

/** Options of distributedPerft. */
export interface DistributedPerftOptions {
  /** The Redis URL (redis.ts parseRedisUrl). */
  redis: string;
  variant: string;
  /** Variant options, as `--option` gives them. */
  options?: Record<string, string | number>;
  /** The root position (default: the variant's start). */
  position?: string;
  /** Perft depth, 0.. (the game's own limit applies). */
  depth: number;
  /** Plies to split at, 0..depth - 1 (split.ts checkSplit); default: chosen (split.ts splitTree). */
  split?: number;
  /** Also count per root move (needs a split of at least 1). */
  divide?: boolean;
  /** Give up after this many ms (LatticeError 'stopped'); the jobs stay queued for a rerun. */
  movetime?: number;
  onProgress?: (p: PerftProgress) => void;
  /** Called once when jobs wait and no worker is connected. */
  onNoWorkers?: () => void;
  /** Called with a sentence when a job's result is refused and the job run again, or a given split's jobs are tiny. */
  onWarning?: (message: string) => void;
}

/** Progress of a distributed perft: the run's (jobs) and the leaves counted so far. */
export interface PerftProgress extends RunProgress {
  /** Leaves of the finished jobs, with their multiplicities. */
  leaves: number;
  split: number;
}

/** The result of distributedPerft: what the local perft gives, and how it was split. */
export interface DistributedPerftResult {
  /** The root position's text. */
  position: string;
  nodes: number;
  divide?: Record<string, number>;
  split: number;
  /** Distinct positions at the split: the jobs. */
  jobs: number;
  /** Jobs whose results were already in Redis (earlier runs). */
  reused: number;
  /**
   * Milliseconds from the split to the last result (the count, as the local perft's `ms` is: the
   * connection, the engine's loading and the game's setup before it, and closing the connections
   * after it, are left out).
   */
  ms: number;
}

/**
 * perft(depth) (and divide) of a position by the workers. Probes the server first (RedisError within
 * seconds for a bad URL or an unreachable one), then creates the game (UnknownVariantError,
 * OptionError, ParseError as createGame), splits the tree and runs the jobs (runJobs: JobError,
 * RedisError, LatticeError 'stopped'). Throws ArgumentError for a bad depth or split, or `divide`
 * with a split of 0 or a depth of 0.
 */
export async function distributedPerft(opts: DistributedPerftOptions): Promise<DistributedPerftResult> {
  const target = parseRedisUrl(opts.redis);
  // the arguments first: a split that cannot work is refused before anything is asked of the server
  if (opts.divide && opts.depth < 1) throw new ArgumentError('--divide needs depth >= 1');
  if (opts.divide && opts.split === 0)
    throw new ArgumentError("--divide needs --split >= 1 (the root moves are the split's first ply)");
  if (Number.isInteger(opts.depth) && opts.depth >= 0) checkSplit(opts.depth, opts.split);
  await probeRedis(target);
  const given = opts.options ?? {};
  const game = await createGame(opts.variant, {
    options: given,
    ...(opts.position !== undefined ? { position: opts.position } : {}),
  });
  try {
    game.perft(0); // the depth check of the game's own perft comes first
    if (!Number.isInteger(opts.depth) || opts.depth < 0)
      throw new ArgumentError(`depth must be an integer >= 0, got ${opts.depth}`);
    const options = normalizedOptions(opts.variant, given);
    const root = game.position();
    const t0 = performance.now();
    const split = splitTree(game, opts.depth, opts.split);
    const tiny = opts.split === undefined ? null : tinyJobsWarning(split, opts.depth);
    if (tiny !== null) opts.onWarning?.(tiny);
    const byId = new Map<string, { count: number; roots: Map<string, number> }>();
    const tasks: Task[] = [];
    for (const p of split.positions) {
      const data: PerftJobData = {
        kind: 'perft',
        variant: opts.variant,
        options,
        position: p.position,
        depth: opts.depth - split.split,
      };
      const id = jobIdOf(data);
      byId.set(id, { count: p.count, roots: p.roots });
      tasks.push({ id, data, needs: [] });
    }
    let leaves = 0,
      reused = 0,
      last = t0;
    const results = await runJobs({
      target,
      tasks,
      deadline: opts.movetime !== undefined ? t0 + opts.movetime : undefined,
      onResult: (task, r, old) => {
        leaves += byId.get(task.id)!.count * (r as PerftResult).nodes;
        if (old) reused++;
        last = performance.now();
      },
      onProgress: (p) => opts.onProgress?.({ ...p, leaves, split: split.split }),
      onNoWorkers: opts.onNoWorkers,
      onWarning: opts.onWarning,
    });
    let nodes = 0;
    const divide: Record<string, number> | undefined = opts.divide
      ? Object.fromEntries(split.rootMoves.map((m) => [m, 0]))
      : undefined;
    for (const [id, r] of results) {
      const n = (r as PerftResult).nodes;
      const at = byId.get(id)!;
      nodes += at.count * n;
      if (divide) for (const [m, k] of at.roots) divide[m] = divide[m]! + k * n;
    }
    if (!Number.isSafeInteger(nodes))
      throw new ArgumentError(`perft ${opts.depth}: the count exceeds 2^53 and cannot be reported exactly`);
    return {
      position: root,
      nodes,
      ...(divide ? { divide } : {}),
      split: split.split,
      jobs: tasks.length,
      reused,
      ms: Math.round(last - t0),
    };
  } finally {
    game.dispose();
  }
}
