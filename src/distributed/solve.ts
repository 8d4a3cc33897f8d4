/**
 * Solving as jobs (issue 21): the layers of a backward solve handed to `lattice worker` processes, one
 * job a layer, each added once the layers it needs are finished (coordinator.ts, by the runner's
 * LayerSchedule: src/solve/runner.ts), every file written to
 * one directory that the coordinator and every worker reach under the same path (a shared file system).
 *
 * - `movement`: a movement-phase tablebase of Bagh Chal's profile (src/solve/index.ts), layer
 *   K - 1 captured down to 0, each needing the one above (`lattice tablebase build ... --redis`).
 * - `whole`: the movement-phase tablebases a whole-game solve reads, captures-to-win 1..K: K independent
 *   chains of layers, run side by side (`lattice solve bagh-chal --redis`; the placement pass then runs
 *   on the coordinator's machine, src/solve/placement.ts, which finds them built).
 * - `generic`: the generic solver's layers (src/solve/generic.ts), each needing the layers one move
 *   leads to (HuntSolver.successors: each of those waits for its own), so independent layers run side
 *   by side, and a job loads only those layers.
 *
 * The layers and what each reads are the solver's own, asked through the layered-solver seam
 * (src/solve/seam.ts LayeredSolver.layers: the mode names the seam's solver, its `jobs`).
 *
 * The files are byte for byte the local build's (the same code solves each layer; a layer's values
 * depend only on the layers it needs). A job finds its layer's file already there and valid and loads
 * it instead (a rerun, or a layer a local build made). The coordinator checks each job's file in the
 * directory (size and CRC-32 of the whole file) against what the job reported before it counts.
 */
import { resolve } from 'node:path';
import { ArgumentError, JobError, TablebaseError } from '../contract/errors.js';
import { runJobs, type RunProgress, type Task } from './coordinator.js';
import { fileFacts, jobIdOf, type JobData, type LayerResult } from './jobs.js';
import { parseRedisUrl, probeRedis } from './redis.js';
import { normalizedOptions } from './split.js';

/** Options of distributedSolve. */
export interface DistributedSolveOptions {
  /** The Redis URL (redis.ts parseRedisUrl). */
  redis: string;
  variant: string;
  /** Variant options, as `--option` gives them. */
  options?: Record<string, string | number>;
  /** The directory of the files, the same path on every machine. */
  dir: string;
  /** What to solve (see the module comment). */
  mode: 'movement' | 'whole' | 'generic';
  /** generic: only the layers with both hands empty (HuntSolver's SolverScope); default false. */
  handsEmptyOnly?: boolean;
  onProgress?: (p: RunProgress) => void;
  /** Called once with each job's checked result (in the order they finish). */
  onLayer?: (description: string, r: LayerResult, reused: boolean) => void;
  onNoWorkers?: () => void;
  /** Called with a sentence when a job's result is refused and the job run again. */
  onWarning?: (message: string) => void;
}

/** What a distributed solve did: its jobs, those reused from Redis, the wall-clock time. */
export interface DistributedSolveResult {
  jobs: number;
  reused: number;
  ms: number;
}

/**
 * Runs the layer jobs of `opts.mode` (see the module comment) on the workers and resolves once every
 * layer's file is in `opts.dir`. Probes the server first (RedisError), checks the game as the local
 * build or solve would (UnknownVariantError, OptionError, TablebaseError: a game outside the solver, a
 * solve the generic solver refuses for its size), creates the directory (TablebaseError when it cannot
 * be written), then runJobs (JobError, RedisError). Throws ArgumentError for an unknown mode.
 */
export async function distributedSolve(opts: DistributedSolveOptions): Promise<DistributedSolveResult> {
  const t0 = performance.now();
  const target = parseRedisUrl(opts.redis);
  await probeRedis(target);
  const dir = resolve(opts.dir);
  const given = opts.options ?? {};
  const tasks: Task[] = [];
  const words = new Map<string, string>();
  const add = (data: JobData, needs: string[], description: string): string => {
    const id = jobIdOf(data);
    tasks.push({ id, data, needs });
    words.set(id, description);
    return id;
  };
  const { ensureWritableDir } = await import('../solve/format.js');
  const seam = await import('../solve/seam.js');
  const handsEmptyOnly = opts.handsEmptyOnly ?? false;
  const solver =
    opts.mode === 'generic'
      ? new seam.GenericSeam(opts.variant, given, { handsEmptyOnly })
      : opts.mode === 'whole'
        ? new seam.WholeGameSeam(opts.variant, given)
        : opts.mode === 'movement'
          ? new seam.MovementSeam(opts.variant, given)
          : null;
  if (solver === null)
    throw new ArgumentError(`mode must be movement, whole or generic, got ${JSON.stringify(opts.mode)}`);
  if (solver instanceof seam.GenericSeam) {
    const est = await solver.estimate();
    if (est.refusal !== null) {
      throw new TablebaseError(
        `${opts.variant} does not fit this solver: ${est.refusal} (lattice solve ` +
          `${opts.variant} --estimate shows the layers)`,
      );
    }
  }
  // the layers in solving order, each after those it reads (the seam's layers()); checked as the local solve checks
  const layers = await solver.layers();
  ensureWritableDir(dir);
  const options = normalizedOptions(opts.variant, given);
  const ids = new Map<string, string>();
  for (const { layer: l, name, needs } of layers) {
    if ('placement' in l) continue; // the whole game's placement pass runs on the coordinator's machine
    const data: JobData =
      'key' in l
        ? {
            kind: 'generic-layer',
            variant: opts.variant,
            options,
            handsEmptyOnly,
            layer: [l.captured[0], l.captured[1], l.hand[0], l.hand[1], l.excess],
            // the stack vector only where the total is split (the other jobs' data, so their ids, as before)
            ...(l.split ? { stacks: l.stacks } : {}),
            dir,
          }
        : {
            kind: 'movement-layer',
            variant: opts.variant,
            options: normalizedOptions(opts.variant, { ...given, 'captures-to-win': l.capturesToWin }),
            capturesToWin: l.capturesToWin,
            layer: l.captured,
            dir,
          };
    ids.set(
      name,
      add(
        data,
        needs.map((n) => ids.get(n)!),
        'key' in l ? `layer ${name}` : name,
      ),
    );
  }
  let reused = 0;
  await runJobs({
    target,
    tasks,
    onResult: (task, r, old) => {
      const lr = r as LayerResult;
      const path = resolve(dir, lr.file);
      let facts: { bytes: number; crc: number };
      try {
        facts = fileFacts(path);
      } catch (e) {
        throw new JobError(
          task.id,
          `job ${task.id} wrote ${lr.file}, but ${path} cannot be read here ` +
            `(${(e as Error).message}): --dir must be the same directory on every machine`,
        );
      }
      if (facts.bytes !== lr.bytes || facts.crc !== lr.crc) {
        throw new JobError(
          task.id,
          `job ${task.id} reported ${lr.file} with ${lr.bytes} bytes and CRC-32 ` +
            `${lr.crc.toString(16)}, but ${path} has ${facts.bytes} bytes and CRC-32 ` +
            `${facts.crc.toString(16)}`,
        );
      }
      if (old) reused++;
      opts.onLayer?.(words.get(task.id)!, lr, old);
    },
    onProgress: opts.onProgress,
    onNoWorkers: opts.onNoWorkers,
    onWarning: opts.onWarning,
  });
  return { jobs: tasks.length, reused, ms: Math.round(performance.now() - t0) };
}
