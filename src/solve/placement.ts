/**
 * The whole game of Bagh Chal solved backwards (issue 3): the placement phase (goats still in hand) is
 * a DAG of layers (goats placed p, goats captured c, side to move) over the movement-phase tablebase,
 * solved from p = 19 down to the start by the WASM core (assembly/tablebase/placement.ts, which
 * documents the index and the values), on every core, keeping only the layers in use.
 *
 * Each position gets one nibble that answers every "tigers win at k captures" game, k = 1..K (K =
 * captures-to-win, 5 by default) at once: V, the largest k the tigers can force (the forced-capture
 * figure), and whether the goats win the game itself (trap the tigers). So one pass gives both the
 * value of the start position and the most goats the tigers can force to capture.
 *
 * Resumable: after each placement count p, the hunters-to-move layers of p (all the next step needs)
 * are written atomically as checkpoint files and those of p + 1 deleted; a killed solve restarts from
 * the lowest complete set. The answer is written to `<variant>-ctw<K>-solution.json`.
 *
 * Here the interface (solveGame) and the driving of a solve; in placement/ its types (types.ts), the
 * solution file and the progress record's shape (files.ts), and the backward solve on one core
 * (solver.ts: the layer buffers, the steps, the checkpoints).
 */
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../variants/index.js';
import { loadVariantCore } from '../lattice/core/setup.js';
import { newSharedMemory } from '../lattice/core/wasm.js';
import { ArgumentError, describeValue } from '../contract/errors.js';
import { checkCallOptions, checkVariantArg } from '../contract/args.js';
import { requireTablebaseProfile, setupTablebaseIndex, tablebaseCounts } from './setup.js';
import { SolverThreads } from './threads.js';
import {
  buildTablebase,
  checkCapturesForTablebases,
  checkRepetitionForTablebases,
  movementFilesPresent,
} from './index.js';
import { ensureWritableDir, fileReadable, lockDir, writeAtomic } from './format.js';
import type { GameSolution, PlacementValue, SolveOptions } from './placement/types.js';
import { readSolution, solutionFile } from './placement/files.js';
import { PlacementSolver } from './placement/solver.js';

export type {
  GameSolution,
  PlacementLayerReport,
  PlacementValue,
  SolveOptions,
  SolveProgress,
} from './placement/types.js';

/** The keys of SolveOptions. */
const SOLVE_KEYS = ['dir', 'options', 'threads', 'onProgress', 'onLayer', 'onMovementLayer', 'stopAt', 'keepLayers'];

/**
 * Solves the placement phase of `variantId` (Bagh Chal) backwards from its movement-phase tablebases
 * (built into opts.dir first when missing, one per captures-to-win 1..K) and returns the start
 * position's value and forced-capture figure. Throws ArgumentError for bad options, TablebaseError
 * for an unusable file (named). `probe(position)` answers for the layers still in memory at the end: those
 * of `stopAt` goats placed, or every layer solved with `keepLayers` (null for any other position).
 */
export async function solveGame(
  variantId: string,
  opts: SolveOptions,
): Promise<GameSolution & { probe?: (position: string) => PlacementValue | null }> {
  checkVariantArg(variantId, 'solveGame');
  checkCallOptions(opts, 'solveGame options', SOLVE_KEYS, true);
  const t0 = performance.now();
  const v = getVariant(variantId);
  const o = resolveOptions(v, opts.options);
  await requireTablebaseProfile(v, o);
  const { capturesToWin: K, preyTotal } = tablebaseCounts(v, o);
  checkCapturesForTablebases(K); // it builds the movement-phase tablebases for 1..K first
  const threads = opts.threads ?? Math.min(8, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 64)
    throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
  const stopAt = opts.stopAt ?? 0;
  const keep = opts.keepLayers ?? false;
  if (!Number.isInteger(stopAt) || stopAt < 0 || stopAt >= preyTotal)
    throw new ArgumentError(`stopAt must be an integer 0..${preyTotal - 1}, got ${describeValue(stopAt)}`);
  const solPath = join(opts.dir, solutionFile(v, K));
  if (stopAt === 0 && fileReadable(solPath, 'solution file')) return readSolution(solPath, v.id, K, v.start(o));
  checkRepetitionForTablebases(o);
  ensureWritableDir(opts.dir);
  const unlock = lockDir(opts.dir, `${v.id}-ctw${K}-solve`);
  try {
    return await solveIn(v, o, K, threads, stopAt, keep, solPath, opts, t0);
  } finally {
    unlock();
  }
}

/**
 * The variant options of the movement-phase tablebases the whole-game solve of captures-to-win K reads
 * (one per captures-to-win 1..K, in that order): `options` with captures-to-win set to each. A
 * distributed solve (src/distributed/) builds these before the placement pass.
 */
export function movementOptionSets(
  options: Record<string, number | string>,
  K: number,
): Array<Record<string, number | string>> {
  return Array.from({ length: K }, (_, i) => ({ ...options, 'captures-to-win': i + 1 }));
}

/**
 * The captures-to-win K of `variantId`'s whole-game solve under `options`, checked as solveGame checks
 * it (the tablebase profile, K in 1..5, repetition): the movement-phase tablebases it needs are
 * movementOptionSets(options, K). Throws TablebaseError, ArgumentError, OptionError as solveGame.
 */
export async function wholeGameCaptures(variantId: string, options: Record<string, number | string>): Promise<number> {
  const v = getVariant(variantId);
  const o = resolveOptions(v, options);
  await requireTablebaseProfile(v, o);
  const K = tablebaseCounts(v, o).capturesToWin;
  checkCapturesForTablebases(K);
  checkRepetitionForTablebases(o);
  return K;
}

async function solveIn(
  v: HuntVariant,
  o: OptionValues,
  K: number,
  threads: number,
  stopAt: number,
  keep: boolean,
  solPath: string,
  opts: SolveOptions,
  t0: number,
): Promise<GameSolution & { probe?: (position: string) => PlacementValue | null }> {
  // the movement-phase tablebases for every captures-to-win 1..K
  for (const [i, options] of movementOptionSets(opts.options ?? {}, K).entries()) {
    const k = i + 1;
    if (movementFilesPresent(v.id, k, opts.dir)) continue;
    await buildTablebase(v.id, {
      dir: opts.dir,
      threads,
      options,
      onProgress: (p) =>
        opts.onProgress?.({
          stage: 'movement',
          placed: tablebaseCounts(v, o).preyTotal,
          captured: p.layer,
          side: 'goats',
          done: 0,
          total: 0,
          step: 0,
          steps: 0,
          movement: { capturesToWin: k, layer: p.layer, pass: p.pass, done: p.done, total: p.total },
        }),
      onLayer: (r) => opts.onMovementLayer?.(k, r),
    });
  }
  // the placement steps run on worker threads (one or more), this thread staying free to answer signals
  const memory = newSharedMemory();
  const { board, core } = await loadVariantCore(v, o, false, memory);
  const orbits = setupTablebaseIndex(core, board, v, o);
  const pool = await SolverThreads.start(core, memory, v.id, { ...(opts.options ?? {}) }, threads);
  try {
    const solver = new PlacementSolver(core, board, v, o, K, orbits, pool, opts, stopAt, keep);
    const r = await solver.run();
    const sol: GameSolution = { ...r, ms: Math.round(performance.now() - t0), threads, loaded: false };
    if (stopAt === 0) {
      writeAtomic(solPath, new Uint8Array(0), Buffer.from(JSON.stringify(sol, null, 2) + '\n'));
      solver.removeCheckpoints(-1);
    }
    return { ...sol, probe: (p: string) => solver.probe(p) };
  } finally {
    await pool?.close();
  }
}
