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
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../variants/index.js';
import { loadVariantCore, notationContext } from '../lattice/core/setup.js';
import { newSharedMemory } from '../lattice/core/wasm.js';
import { ArgumentError, describeValue } from '../contract/errors.js';
import { checkCallOptions, checkVariantArg, suggestCommand } from '../contract/args.js';
import { requireTablebaseProfile, setupTablebaseIndex, tablebaseCounts } from './setup.js';
import { SolverThreads } from './threads.js';
import {
  buildTablebase,
  checkCapturesForTablebases,
  checkRepetitionForTablebases,
  movementFilesPresent,
} from './index.js';
import {
  checkTableDir,
  ensureWritableDir,
  fileReadable,
  lockDir,
  parsePlacementFileName,
  writeAtomic,
  TablebaseError,
} from './format.js';
import { PlacementTables, type PlacementLayerFile } from './placement/tables.js';
import { parsePositionText } from '../lattice/position-text.js';
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
const SOLVE_KEYS = [
  'dir',
  'options',
  'threads',
  'onProgress',
  'onLayer',
  'onMovementLayer',
  'stopAt',
  'keepLayers',
  'keepPlacement',
];

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
  if (opts.keepPlacement !== undefined && typeof opts.keepPlacement !== 'boolean')
    throw new ArgumentError(`keepPlacement must be a boolean, got ${describeValue(opts.keepPlacement)}`);
  if (!Number.isInteger(stopAt) || stopAt < 0 || stopAt >= preyTotal)
    throw new ArgumentError(`stopAt must be an integer 0..${preyTotal - 1}, got ${describeValue(stopAt)}`);
  const solPath = join(opts.dir, solutionFile(v, K));
  if (stopAt === 0 && fileReadable(solPath, 'solution file')) return readSolution(solPath, v.id, K, v.start(o));
  checkRepetitionForTablebases(o);
  ensureWritableDir(opts.dir);
  if (!opts.keepPlacement) refuseKeptLayers(opts.dir, v.id, K);
  const unlock = lockDir(opts.dir, `${v.id}-ctw${K}-solve`);
  try {
    return await solveIn(v, o, K, threads, stopAt, keep, solPath, opts, t0);
  } finally {
    unlock();
  }
}

/** Bagh Chal's placement layers in a directory, probed one position at a time (openPlacementTables). */
export interface PlacementTablesReader {
  /** The layers' captures-to-win (their nibbles answer every game of captures-to-win 1..k). */
  k: number;
  /** The layer files found, from the most goats placed down. */
  layers: PlacementLayerFile[];
  /**
   * The value of a placement-phase position (goats in hand) under the reader's options: forcedCaptures (V, the
   * most captures the tigers can force, up to the layers' k), goatsWin (the goats win under the layers' k),
   * tigersWin and wdl for the side to move under the game's captures-to-win; `exact` false where the layers' k is
   * larger than the game's and their goats' bit is set (the goats win or it is a draw: wdl says draw; see
   * docs/solving.md "Playing from the solution"). One positioned read of the
   * layer's file (cached by the page). Throws ParseError for a bad position, ArgumentError for one with no goat
   * in hand, TablebaseError naming the layer's file when it is missing or unreadable.
   */
  probe(position: string): PlacementValue;
  /** Positioned reads done so far (page-cache misses) and cache hits. */
  stats(): { reads: number; hits: number; cacheBytes: number };
  /** Closes the files. */
  close(): void;
}

/**
 * Opens the placement layers a whole-game solve kept in `dir` (solveGame with keepPlacement) for `variantId`
 * under `options` (their captures-to-win: the smallest layers' k >= it is read). Reads only the layers' headers
 * (checked against their names and the index); probe() reads the byte a position needs. Throws TablebaseError
 * when `dir` holds no such layers (or an unusable one, named), ArgumentError / OptionError for bad arguments.
 */
export async function openPlacementTables(
  variantId: string,
  dir: string,
  options: Record<string, number | string> = {},
): Promise<PlacementTablesReader> {
  checkVariantArg(variantId, 'openPlacementTables');
  checkTableDir(dir);
  const v = getVariant(variantId);
  const o = resolveOptions(v, options);
  await requireTablebaseProfile(v, o);
  const { capturesToWin: K, preyTotal, hunters } = tablebaseCounts(v, o);
  const { board, core } = await loadVariantCore(v, o);
  const orbits = setupTablebaseIndex(core, board, v, o);
  const e = core.exports;
  const tables = PlacementTables.open(dir, K, {
    variant: v.id,
    hunters,
    preyTotal,
    orbits,
    bytesOf: (g) => e.plLayerBytes(g),
  });
  if (tables === null)
    throw new TablebaseError(
      `${dir} holds no placement layers of ${v.id} for captures-to-win ${K} or more: solve with ` +
        suggestCommand([
          'solve',
          v.id,
          '--keep-placement',
          ...(K !== 5 ? ['--option', `captures-to-win=${K}`] : []),
          '--dir',
          dir,
        ]),
    );
  const ctx = notationContext(v, o, board, v.rules(o));
  return {
    k: tables.k,
    layers: tables.layers,
    probe: (position: string) => {
      const s = parsePositionText(ctx, position);
      if (s.hand[0] === 0)
        throw new ArgumentError(
          `${JSON.stringify(position)} has no goat in hand: the placement layers cover the placement phase ` +
            '(probe the movement phase with Game.probe)',
        );
      const p = preyTotal - s.hand[0],
        c = s.captured[0];
      let h = 0,
        g = 0;
      s.owner.forEach((x, i) => {
        if (x === 1) h |= 1 << i;
        else if (x === 0) g |= 1 << i;
      });
      const slot = e.plSlotOf(h >>> 0, g >>> 0, p - c);
      if (slot < 0) throw new ArgumentError(`${JSON.stringify(position)} is outside the placement index`);
      const x = tables.nibble(s.side as 0 | 1, p, c, slot);
      const V = x & 7,
        goatsBit = (x & 8) !== 0,
        tigersWin = V >= K,
        goatsWin = !tigersWin && goatsBit && tables.k === K;
      const wdl =
        s.side === 1
          ? tigersWin
            ? 'win'
            : goatsWin
              ? 'loss'
              : 'draw'
          : goatsWin
            ? 'win'
            : tigersWin
              ? 'loss'
              : 'draw';
      return { forcedCaptures: V, goatsWin, tigersWin, wdl, exact: tigersWin || !goatsBit || tables.k === K };
    },
    stats: () => ({ reads: tables.reads, hits: tables.hits, cacheBytes: tables.cacheBytes }),
    close: () => tables.close(),
  };
}

/**
 * A solve without keepPlacement deletes each checkpoint layer once the next is written: in a directory that holds
 * the layers a keepPlacement solve kept (its goats-to-move layers, `-prey.lttp`), it would delete those of the hunters
 * to move. Throws TablebaseError saying so instead.
 */
function refuseKeptLayers(dir: string, variant: string, k: number): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return; // ensureWritableDir made it: nothing there
  }
  const kept = names.find((n) => {
    const f = parsePlacementFileName(n);
    return f !== null && f.variant === variant && f.k === k && f.side === 0;
  });
  if (kept !== undefined)
    throw new TablebaseError(
      `${dir} holds the placement layers of a solve that kept them (${kept}, ...): give keepPlacement ` +
        '(lattice solve --keep-placement) to go on keeping them, or delete them first (a solve without it deletes ' +
        'each layer once the next is solved)',
    );
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
    const solver = new PlacementSolver(core, board, v, o, K, orbits, pool, opts, stopAt, keep, opts.keepPlacement);
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
