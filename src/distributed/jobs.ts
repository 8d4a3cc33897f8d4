/**
 * The jobs of a distributed run (issue 21): what a job carries, its id, what it returns, and the
 * checks both ends make. One BullMQ queue, QUEUE, holds every kind; a job's name is its kind.
 *
 * JOB IDS are derived from what the job computes, never from who asked: `<kind>-<40 hex digits of the
 * SHA-256 of the canonical JSON of its data>` (keys sorted, with a format tag JOB_FORMAT). BullMQ adds a
 * job only if no job with its id exists, so a subtree met by two runs (or twice in one) is computed once,
 * and a rerun finds the finished results under the same ids. The worker recomputes the id from the
 * data and refuses a job whose id does not match; the coordinator checks that a result names its own
 * job and that its counts are integers before it sums them.
 *
 * What Redis holds (keys under `bull:lattice:`): per job a hash (its data, options, result, times,
 * attempts) and its place in the state sets (wait, active, completed, failed, ...), plus the queue's
 * event stream (at most about 10,000 events). Completed jobs are kept KEEP_COMPLETED_DAYS days (at most
 * KEEP_COMPLETED_COUNT of them) for reruns, failed ones KEEP_FAILED_DAYS days; `lattice jobs --redis URL
 * --clean` removes everything.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { JobError } from '../contract/errors.js';

/** The queue every kind of job goes through (Redis keys `bull:lattice:*`). */
export const QUEUE = 'lattice';
/** Bumped when a job's meaning changes, so that old results are not reused. */
export const JOB_FORMAT = 1;
export const KEEP_COMPLETED_DAYS = 7;
export const KEEP_COMPLETED_COUNT = 100_000;
export const KEEP_FAILED_DAYS = 7;
/**
 * Tries a job gets when its processing throws (a worker killed mid-job is not a try: BullMQ's stall detection requeues
 * it).
 */
export const JOB_ATTEMPTS = 3;

const options = z.record(z.string(), z.string());
const variant = z.string().min(1).max(64);
/** perft(depth) of one position. */
const PerftData = z
  .object({
    kind: z.literal('perft'),
    variant,
    options,
    position: z.string().min(1).max(4096),
    depth: z.number().int().min(0).max(64),
  })
  .strict();
/** One layer of a movement-phase tablebase (Bagh Chal's profile: src/solve/index.ts), written to `dir`. */
const MovementLayerData = z
  .object({
    kind: z.literal('movement-layer'),
    variant,
    options,
    capturesToWin: z.number().int().min(1).max(16),
    layer: z.number().int().min(0).max(16),
    dir: z.string().min(1),
  })
  .strict();
/**
 * One layer of the generic solver (src/solve/generic.ts), written to `dir`: `layer` (captured and in
 * hand per side, stack excess) and, only where other layers share that total, the stack vector `stacks`
 * (HuntSolver.layerAt).
 */
const GenericLayerData = z
  .object({
    kind: z.literal('generic-layer'),
    variant,
    options,
    handsEmptyOnly: z.boolean(),
    layer: z.tuple([
      z.number().int().min(0),
      z.number().int().min(0),
      z.number().int().min(0),
      z.number().int().min(0),
      z.number().int().min(0),
    ]),
    stacks: z.array(z.number().int().min(0)).max(8).optional(),
    dir: z.string().min(1),
  })
  .strict();
export const JobDataSchema = z.discriminatedUnion('kind', [PerftData, MovementLayerData, GenericLayerData]);

export type PerftJobData = z.infer<typeof PerftData>;
export type MovementLayerJobData = z.infer<typeof MovementLayerData>;
export type GenericLayerJobData = z.infer<typeof GenericLayerData>;
export type JobData = z.infer<typeof JobDataSchema>;
export type JobKind = JobData['kind'];

/** JSON with every object's keys sorted (arrays keep their order): the same data gives the same text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The job id of `data`: `<kind>-<40 hex digits>` (see the module comment). */
export function jobIdOf(data: JobData): string {
  const h = createHash('sha256')
    .update(canonicalJson({ format: JOB_FORMAT, ...data }))
    .digest('hex');
  return `${data.kind}-${h.slice(0, 40)}`;
}

/**
 * Reads a job's data as a worker receives it and checks that `id` is the id the data gives. Throws
 * JobError naming the job: data of the wrong shape, or an id that is not its data's (a job made by
 * something else, or altered in Redis).
 */
export function checkJobData(id: string | undefined, data: unknown): JobData {
  const r = JobDataSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new JobError(
      String(id),
      `job ${id}: its data is not a lattice job (${i.path.join('.') || 'top level'}: ${i.message})`,
    );
  }
  const want = jobIdOf(r.data);
  if (id !== want)
    throw new JobError(
      String(id),
      `job ${id}: its id does not match its data (expected ${want}); it was not made ` +
        `by lattice, or was changed in Redis`,
    );
  return r.data;
}

/** What a perft job returns: its own id, the count, and who counted it how fast. */
export interface PerftResult {
  id: string;
  nodes: number;
  ms: number;
  worker: string;
}
/**
 * What a layer job returns: its own id, the file it wrote (name in the job's dir), its size and its header's CRC-32,
 * and the layer's positions.
 */
export interface LayerResult {
  id: string;
  file: string;
  bytes: number;
  crc: number;
  positions: number;
  ms: number;
  loaded: boolean;
  worker: string;
}
export type JobResult = PerftResult | LayerResult;

const count = z
  .number()
  .refine((n) => Number.isSafeInteger(n) && n >= 0, { message: 'must be an integer >= 0 (at most 2^53 - 1)' });
const PerftResultSchema = z.object({ id: z.string(), nodes: count, ms: z.number().nonnegative(), worker: z.string() });
const LayerResultSchema = z.object({
  id: z.string(),
  file: z.string().min(1),
  bytes: count,
  crc: count,
  positions: count,
  ms: z.number().nonnegative(),
  loaded: z.boolean(),
  worker: z.string(),
});

/**
 * The coordinator's check of a finished job's return value (as BullMQ stores it: an object, or its JSON
 * text) before it is used: the shape of its kind, counts that are integers >= 0 within 2^53, and its own
 * job id. Throws JobError naming the job and the fault.
 */
export function checkJobResult(id: string, kind: JobKind, value: unknown): JobResult {
  let v = value;
  if (typeof value === 'string') {
    try {
      v = JSON.parse(value);
    } catch {
      throw new JobError(id, `job ${id} returned ${JSON.stringify(value.slice(0, 80))}, which is not JSON`);
    }
  }
  const r = (kind === 'perft' ? PerftResultSchema : LayerResultSchema).safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new JobError(id, `job ${id} returned a malformed result (${i.path.join('.') || 'top level'}: ${i.message})`);
  }
  if (r.data.id !== id) throw new JobError(id, `job ${id} returned the result of another job (${r.data.id})`);
  return r.data;
}

/** BullMQ's options of every job added (the id aside): tries, back-off, what Redis keeps afterwards. */
export function jobOptions(jobId: string) {
  return {
    jobId,
    attempts: JOB_ATTEMPTS,
    backoff: { type: 'fixed' as const, delay: 1000 },
    removeOnComplete: { age: KEEP_COMPLETED_DAYS * 86_400, count: KEEP_COMPLETED_COUNT },
    removeOnFail: { age: KEEP_FAILED_DAYS * 86_400 },
  };
}

/**
 * Size and CRC-32 (zlib's) of the whole file at `path`, read in 64 MiB pieces: what a layer job reports
 * of the file it wrote and the coordinator checks in the shared directory. Throws the file system's error.
 */
export function fileFacts(path: string): { bytes: number; crc: number } {
  const bytes = statSync(path).size;
  const buf = Buffer.alloc(Math.max(1, Math.min(bytes, 1 << 26)));
  const fd = openSync(path, 'r');
  let crc = 0;
  try {
    for (let off = 0; off < bytes; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, bytes - off), off);
      if (n <= 0) break;
      crc = crc32(buf.subarray(0, n), crc);
      off += n;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, crc: crc >>> 0 };
}
