/**
 * The files of the whole-game solve of Bagh Chal besides its layers (src/solve/placement.ts): the solution
 * file (`<variant>-ctw<K>-solution.json`, the answer of a finished solve) and the shape of the progress
 * record written with each checkpoint.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { HuntVariant } from '../../variants/index.js';
import { TablebaseError } from '../format.js';
import type { GameSolution } from './types.js';

/** The name of the solution file of `v` at captures-to-win `k` (in the solve's directory). */
export const solutionFile = (v: HuntVariant, k: number) => `${v.id}-ctw${k}-solution.json`;

const count = z.number().int().nonnegative();
const LayerSchema = z.object({
  placed: count,
  captured: count,
  side: z.enum(['goats', 'tigers']),
  positions: count,
  tigersWin: count,
  goatsWin: count,
  draws: count,
  forced: z.array(count),
  ms: count,
  loaded: z.boolean(),
});
/** The solution file's shape (a GameSolution), checked when a finished solve is read back. */
const SolutionSchema = z.object({
  variant: z.string(),
  capturesToWin: z.number().int().min(1).max(7),
  position: z.string(),
  value: z.enum(['win', 'draw', 'loss']),
  forcedCaptures: count,
  positions: count,
  placementMs: count,
  ms: count,
  runs: z.number().int().positive(),
  threads: z.number().int().positive(),
  peakRssMB: count,
  layers: z.array(LayerSchema),
  loaded: z.boolean(),
});
/** The progress record written with each checkpoint: the layers solved so far, their time, the runs. */
export const ProgressSchema = z.object({
  layers: z.array(LayerSchema),
  placementMs: count,
  runs: z.number().int().positive(),
});

/** Reads a finished solve's answer; TablebaseError naming the file if it is unreadable or not for this game. */
export function readSolution(path: string, variant: string, k: number, start: string): GameSolution {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new TablebaseError(
      `solution file ${path} is unreadable (${(err as Error).message.replace(/\s+/g, ' ')}): delete it to solve again`,
    );
  }
  const r = SolutionSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new TablebaseError(
      `solution file ${path} is unreadable (${i.path.join('.') || 'top level'}: ` +
        `${i.message}): delete it to solve again`,
    );
  }
  const d = r.data;
  if (d.variant !== variant || d.capturesToWin !== k)
    throw new TablebaseError(
      `solution file ${path} is for ${d.variant} with captures-to-win ` +
        `${d.capturesToWin}, not ${variant} with ${k}: delete it to solve again`,
    );
  // the answer must be self-consistent: the start, at most k forced captures, the tigers win iff they force k
  if (d.position !== start || d.forcedCaptures > k || (d.forcedCaptures === k) !== (d.value === 'loss')) {
    throw new TablebaseError(
      `solution file ${path} is inconsistent (position ${JSON.stringify(d.position)}, ` +
        `value ${d.value}, forced captures ${d.forcedCaptures} of ${k}): delete it to ` +
        `solve again`,
    );
  }
  return { ...d, loaded: true };
}
