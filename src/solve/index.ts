/**
 * Bagh Chal movement-phase tablebases (issue 3): build (retrograde analysis in the WASM core, layer by
 * layer, resumable), load, probe. Positions: all prey placed, 0 .. captures-to-win - 1 captured, both
 * sides to move, every placement of the pieces (legal or not), reduced by the board's symmetries.
 * The index and the solver live in assembly/tablebase/; this module owns files and orchestration.
 */
import { basename, join } from 'node:path';
import { runCommand, writeManifest } from './manifest.js';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../variants/index.js';
import { loadVariantCore } from '../lattice/core/setup.js';
import type { Core } from '../lattice/core/wasm.js';
import type { Board } from '../board/index.js';
import { requireTablebaseProfile, setupTablebaseIndex, tablebaseCounts } from './setup.js';
import { SolverThreads } from './threads.js';
import { availableParallelism } from 'node:os';
import { ArgumentError, describeValue } from '../contract/errors.js';
import { checkCallOptions, checkVariantArg, suggestCommand } from '../contract/args.js';
import { newSharedMemory } from '../lattice/core/wasm.js';
import type { HuntSolver, SolvedLayerInfo } from './generic.js';
import type { LoadedTables, TablesLoader } from '../lattice/tables.js';
import { PlacementTables } from './placement/tables.js';
import {
  TablebaseError,
  checkTableDir,
  ensureWritableDir,
  fileReadable,
  jobTempName,
  layerFileName,
  lockDir,
  readLayerFile,
  removeStaleTemp,
  writeLayerFile,
  type LayerMeta,
  type SideStats,
} from './format.js';

export { TablebaseError } from './format.js';
export { setupTablebaseIndex, tablebaseCounts } from './setup.js';
export type { LayerMeta, SideStats } from './format.js';

/**
 * Progress of a build: pass 1 counts successors (done of total slots); pass 2 propagates level by level
 * (level = the distance to mate being resolved; done = positions resolved so far, of at most total
 * slots; with several threads only the level is reported, done stays 0).
 */
export interface BuildProgress {
  layer: number;
  pass: 1 | 2;
  done: number;
  total: number;
  level: number;
}

/** One layer's outcome. `loaded`: taken from an existing valid file instead of solved. */
export interface LayerReport extends LayerMeta {
  ms: number;
  loaded: boolean;
  file: string;
  memoryMB: number;
}

/** Options of buildTablebase. */
export interface BuildOptions {
  /** Directory for the layer files (created if missing). */
  dir: string;
  /** Variant options; the tablebase depends on captures-to-win. */
  options?: Record<string, number | string>;
  onProgress?: (p: BuildProgress) => void;
  /** Called when a layer is finished (solved and written, or loaded). */
  onLayer?: (r: LayerReport) => void;
  /** Solving threads (worker_threads on one shared memory), 1.. ; default: the machine's cores, at most 8. */
  threads?: number;
  /**
   * Only this layer (prey captured, 0 .. captures-to-win - 1): a job of a distributed solve
   * (src/distributed/). The layers above it must be in `dir` already (they are loaded and checked; a
   * missing one is a TablebaseError, never built here); the layer is solved and written, or loaded when
   * its file is there and valid. No lock file is taken (the job queue runs a layer's job once at a time,
   * on any machine) and the file is written through a temp file of this process's own (jobTempName).
   * Default: every layer, from the top down.
   */
  layer?: number;
}

function metaOf(core: Core, v: HuntVariant, o: OptionValues, layer: number, orbits: number, maxDtm: number): LayerMeta {
  const s = Array.from({ length: 8 }, (_, i) => core.exports.tbStat(i));
  const side = (k: number): SideStats => ({ distinct: s[k], wins: s[k + 1], losses: s[k + 2], draws: s[k + 3] });
  return {
    ...expectedMeta(core, v, o, tablebaseCounts(v, o).capturesToWin, layer, orbits),
    distinct: s[0] + s[4],
    maxDtm,
    stats: [side(0), side(4)],
  };
}

/** What layer c's file must record for this variant, option set and index (readLayerFile checks it). */
function expectedMeta(core: Core, v: HuntVariant, o: OptionValues, ctw: number, c: number, orbits: number) {
  const { hunters, preyTotal } = tablebaseCounts(v, o);
  return {
    variant: v.id,
    capturesToWin: ctw,
    layer: c,
    hunters,
    preyTotal,
    orbits,
    slots: core.exports.tbLayerSlots(c),
  };
}

/** Copies a verified layer body into the core's layer buffer. */
function loadLayer(core: Core, layer: number, body: Uint8Array): void {
  const e = core.exports;
  const ptr = e.tbLayerPtr(layer) >>> 0;
  if (!ptr) throw new TablebaseError(`internal: no room for layer ${layer}`);
  new Uint8Array(e.memory.buffer, ptr, body.byteLength).set(body);
}

/**
 * Distinct positions per layer (index = prey captured, 0 .. captures-to-win - 1, both sides to move),
 * counted from the index without solving: every placement of the pieces, legal or not, up to symmetry.
 * Throws ArgumentError for a `variantId` that is not a string or `options` not an object,
 * UnknownVariantError / OptionError for an unknown variant or a bad option.
 */
export async function countPositions(
  variantId: string,
  options: Record<string, number | string> = {},
): Promise<number[]> {
  checkVariantArg(variantId, 'countPositions');
  const v = getVariant(variantId);
  const o = resolveOptions(v, options);
  const { board, core } = await loadVariantCore(v, o);
  setupTablebaseIndex(core, board, v, o);
  return Array.from({ length: tablebaseCounts(v, o).capturesToWin }, (_, c) => core.exports.tbCountDistinct(c));
}

/** The keys of BuildOptions. */
const BUILD_KEYS = ['dir', 'options', 'onProgress', 'onLayer', 'threads', 'layer'] as const;

/**
 * Builds the movement-phase tablebase of `variantId` into `opts.dir`: layers from captures-to-win - 1
 * captured down to 0, each solved by retrograde analysis in the core and written atomically. Layers
 * whose files exist and verify are loaded instead (a killed build resumes from the last finished layer);
 * a corrupt or mismatched file is reported (TablebaseError naming it), not silently rebuilt. With
 * `opts.layer`, only that layer (a job of a distributed build: BuildOptions.layer); the result then
 * lists the layers above it (loaded) and it last. A whole build ends by writing its manifest,
 * `<variant>-ctw<K>.manifest.json` (manifest.ts: every layer file's size, SHA-256 and counts, the run's commit and
 * command); a one-layer job writes none. Throws ArgumentError for a non-string variant, options that
 * are not an object, an unknown key, a dir that is not a non-empty string, a callback that is not a
 * function, bad threads or layer.
 */
export async function buildTablebase(
  variantId: string,
  opts: BuildOptions,
): Promise<{ layers: LayerReport[]; distinct: number; ms: number }> {
  checkVariantArg(variantId, 'buildTablebase');
  checkCallOptions(opts, 'buildTablebase options', BUILD_KEYS, true);
  const v = getVariant(variantId);
  const o = resolveOptions(v, opts.options);
  const threads = opts.threads ?? Math.min(8, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 64)
    throw new ArgumentError(`threads must be an integer 1..64, got ${describeValue(threads)}`);
  await requireTablebaseProfile(v, o);
  checkRepetitionForTablebases(o);
  checkCapturesForTablebases(tablebaseCounts(v, o).capturesToWin);
  const only = opts.layer;
  if (only !== undefined && (!Number.isInteger(only) || only < 0 || only >= tablebaseCounts(v, o).capturesToWin)) {
    throw new ArgumentError(
      `layer must be an integer 0..${tablebaseCounts(v, o).capturesToWin - 1} (prey ` +
        `captured), got ${describeValue(only)}`,
    );
  }
  ensureWritableDir(opts.dir);
  const unlock =
    only === undefined ? lockDir(opts.dir, `${v.id}-ctw${tablebaseCounts(v, o).capturesToWin}-build`) : () => {};
  try {
    // the layers are solved on worker threads (one or more), this thread staying free to answer signals
    const memory = newSharedMemory();
    const { board, core } = await loadVariantCore(v, o, false, memory);
    const orbits = setupTablebaseIndex(core, board, v, o);
    // the worker threads must copy the setup before this instance allocates anything more
    const pool = await SolverThreads.start(core, memory, v.id, { ...(opts.options ?? {}) }, threads);
    let built: Awaited<ReturnType<typeof buildLayers>>;
    try {
      built = await buildLayers(v, o, core, orbits, pool, opts);
    } finally {
      await pool?.close();
    }
    if (only === undefined) await movementManifest(v.id, opts, built.layers);
    return built;
  } finally {
    unlock();
  }
}

/**
 * Writes the manifest of a whole movement-phase build (manifest.ts): `<variant>-ctw<K>.manifest.json` in
 * `opts.dir`, listing its K layer files (no value: the movement phase has no start position).
 */
async function movementManifest(variant: string, opts: BuildOptions, layers: LayerReport[]): Promise<void> {
  const K = layers[0]!.capturesToWin;
  await writeManifest(opts.dir, {
    kind: 'movement',
    variant,
    options: { 'captures-to-win': K },
    prefix: `${variant}-ctw${K}`,
    extension: '.lttb',
    files: layers.map((l) => basename(l.file)),
    written: new Set(layers.filter((l) => !l.loaded).map((l) => basename(l.file))),
    value: null,
    command: runCommand(`buildTablebase(${JSON.stringify(variant)}, ${JSON.stringify(opts.options ?? {})})`),
  });
}

/**
 * The layers of `variantId`'s movement-phase tablebase under `options`, checked as buildTablebase checks
 * them (the profile, repetition, captures-to-win): its captures-to-win K, and its layers in building
 * order, K - 1 captured down to 0, each needing the one above it (a capture leads one layer up). What a
 * distributed build (src/distributed/) hands out, one job a layer (BuildOptions.layer). Throws
 * TablebaseError, ArgumentError, OptionError as buildTablebase.
 */
export async function movementLayers(
  variantId: string,
  options: Record<string, number | string> = {},
): Promise<{ capturesToWin: number; layers: number[] }> {
  const v = getVariant(variantId);
  const o = resolveOptions(v, options);
  await requireTablebaseProfile(v, o);
  checkRepetitionForTablebases(o);
  const K = tablebaseCounts(v, o).capturesToWin;
  checkCapturesForTablebases(K);
  return { capturesToWin: K, layers: Array.from({ length: K }, (_, i) => K - 1 - i) };
}

/** Largest captures-to-win a movement-phase tablebase can be built for (see checkCapturesForTablebases). */
export const MAX_TABLEBASE_CAPTURES = 5;

/**
 * The movement-phase layers grow with the captures allowed (layer c holds 20 - c goats): beyond
 * captures-to-win 5 the retrograde solver's per-layer tables need single allocations past the core's
 * 1 GiB limit (the stub runtime), so building them is refused up front instead of failing mid-build.
 * Throws ArgumentError.
 */
export function checkCapturesForTablebases(ctw: number): void {
  if (ctw > MAX_TABLEBASE_CAPTURES) {
    throw new ArgumentError(
      `tablebases are built for captures-to-win 1..${MAX_TABLEBASE_CAPTURES}, got ` +
        `${ctw}: the layers beyond it need more memory in one piece than a core allows`,
    );
  }
}

/**
 * Tablebases score a repeated position as a draw (cycles are draws), which is the game under
 * repetition=draw3 and =none; under =forbid the moves themselves depend on the history (a side whose
 * every move repeats has lost), so that game has no such tablebase: building, solving, loading and
 * probing (and so searching with a tablebase) refuse it. Throws ArgumentError for it.
 */
export function checkRepetitionForTablebases(o: OptionValues): void {
  if (o.repetition === 'forbid')
    throw new ArgumentError(
      'tablebases score repetition as a draw (repetition=draw3 or none); under ' +
        'repetition=forbid the legal moves depend on the history, so no tablebase ' +
        'answers for it (build, solve, load, probe and --tb-dir refuse it)',
    );
}

async function buildLayers(
  v: HuntVariant,
  o: OptionValues,
  core: Core,
  orbits: number,
  pool: SolverThreads | null,
  opts: BuildOptions,
): Promise<{ layers: LayerReport[]; distinct: number; ms: number }> {
  const ctw = tablebaseCounts(v, o).capturesToWin;
  const layers: LayerReport[] = [];
  const t0 = performance.now();
  const only = opts.layer;
  for (let c = ctw - 1; c >= (only ?? 0); c--) {
    const file = join(opts.dir, layerFileName(v.id, ctw, c));
    removeStaleTemp(file);
    const t1 = performance.now();
    let meta: LayerMeta;
    let loaded = false;
    const present = fileReadable(file, 'tablebase file');
    if (!present && only !== undefined && c > only) {
      throw new TablebaseError(
        `tablebase file ${file} is missing: layer ${only} needs the layers above it (${c} captured) solved first`,
      );
    }
    if (present) {
      const r = readLayerFile(file, expectedMeta(core, v, o, ctw, c, orbits));
      loadLayer(core, c, r.body);
      meta = r.meta;
      loaded = true;
    } else {
      // pass 2 reports (resolved so far, level); its total is the layer's slot count, an upper bound
      const slots = core.exports.tbLayerSlots(c);
      let resolved = 0;
      core.hooks.tbProgress = (pass, done, x) => {
        if (pass === 2) resolved = Math.max(resolved, done);
        opts.onProgress?.({
          layer: c,
          pass: pass as 1 | 2,
          done: pass === 1 ? done : resolved,
          total: pass === 1 ? x : slots,
          level: pass === 2 ? x : 0,
        });
      };
      let maxDtm: number;
      try {
        if (pool)
          maxDtm = await pool.solveLayer(c, (L) =>
            opts.onProgress?.({ layer: c, pass: 2, done: 0, total: slots, level: L }),
          );
        else maxDtm = core.exports.tbSolveLayer(c);
      } finally {
        core.hooks.tbProgress = () => {};
      }
      if (maxDtm < 0) throw new TablebaseError(`internal: the core could not solve layer ${c}`);
      meta = metaOf(core, v, o, c, orbits, maxDtm);
      const ptr = core.exports.tbLayerPtr(c);
      writeLayerFile(
        file,
        meta,
        new Uint8Array(core.exports.memory.buffer, ptr, meta.slots * 2),
        only === undefined ? undefined : jobTempName(file),
      );
    }
    const report: LayerReport = {
      ...meta,
      ms: Math.round(performance.now() - t1),
      loaded,
      file,
      memoryMB: Math.round(core.exports.memory.buffer.byteLength / 2 ** 20),
    };
    layers.push(report);
    opts.onLayer?.(report);
  }
  return { layers, distinct: layers.reduce((a, l) => a + l.distinct, 0), ms: Math.round(performance.now() - t0) };
}

/**
 * Loads every layer of a built tablebase into a core already set up for the variant. Throws
 * TablebaseError naming a missing, corrupt or mismatched file, and ArgumentError under
 * repetition=forbid (checkRepetitionForTablebases).
 */
export function loadTablebaseInto(core: Core, board: Board, v: HuntVariant, o: OptionValues, dir: string): LayerMeta[] {
  return loadMovementInto(core, board, v, o, dir).metas;
}

/** loadTablebaseInto, with the index's orbits (what a reload of the same core needs). */
function loadMovementInto(
  core: Core,
  board: Board,
  v: HuntVariant,
  o: OptionValues,
  dir: string,
): { metas: LayerMeta[]; orbits: number } {
  checkRepetitionForTablebases(o);
  checkTableDir(dir);
  const orbits = setupTablebaseIndex(core, board, v, o);
  const metas = loadMovementLayers(core, v, o, tablebaseCounts(v, o).capturesToWin, dir, orbits);
  core.exports.tbEnable(1);
  return { metas, orbits };
}

/**
 * The solvers' side of a Game's port (src/lattice/tables.ts TablesLoader, attached by src/engine.ts):
 * loads `dir` into a Game's core with the solver of its rules' profile, Bagh Chal's movement tablebase
 * where the core's profile is Bagh Chal's (`fastProfile()`), the generic solver's layers for every
 * other hunt game. Rejects as loadTablebaseInto and loadGenericInto do; ArgumentError for `keep` with
 * the movement tablebase (it is loaded whole), for a non-string or empty `dir`; TablebaseError when `dir`
 * is not a directory. The tables it returns reload another directory in their place, checked first
 * (LoadedTables.reload).
 */
export const loadTablesInto: TablesLoader = async (core, board, v, o, dir, keep): Promise<LoadedTables> => {
  checkTableDir(dir);
  if (!core.exports.fastProfile()) {
    const { solver, layers } = await loadGenericInto(core, v, o, dir, keep);
    const generic = (infos: SolvedLayerInfo[]): LoadedTables => ({
      kind: 'layers',
      layers: infos,
      focus: () => {
        solver.focus();
      },
      reload: (d, k) => {
        checkTableDir(d);
        return generic(solver.load(d, k === undefined ? {} : { keep: k }));
      },
      get intact() {
        return solver.intact;
      },
    });
    return generic(layers);
  }
  if (keep !== undefined)
    throw new ArgumentError("keep is for the generic solver's tables: Bagh Chal's movement tablebase is loaded whole");
  const { metas, orbits } = loadMovementInto(core, board, v, o, dir);
  const movement = (layers: LayerMeta[], placement: PlacementTables | null): LoadedTables => {
    attachPlacement(core, v, o, placement);
    return {
      kind: 'movement',
      layers,
      placement: placement?.layers ?? [],
      focus: () => {},
      reload: (d, k) => {
        if (k !== undefined)
          throw new ArgumentError(
            "keep is for the generic solver's tables: Bagh Chal's movement tablebase is loaded whole",
          );
        checkTableDir(d);
        // every file is read and checked before the first is copied into the core (loadMovementLayers), the
        // placement layers' headers before both
        const next = openPlacement(core, v, o, d, orbits);
        let metas2: LayerMeta[];
        try {
          metas2 = loadMovementLayers(core, v, o, tablebaseCounts(v, o).capturesToWin, d, orbits, true);
        } catch (err) {
          next?.close();
          throw err;
        }
        placement?.close();
        return movement(metas2, next);
      },
      close: () => {
        placement?.close();
        attachPlacement(core, v, o, null);
      },
      // the copy into the core, after every file is checked, does not fail
      intact: true,
    };
  };
  return movement(metas, openPlacement(core, v, o, dir, orbits));
};

/**
 * The placement layers of a whole-game solve in `dir` (solveGame's keepPlacement), for a core set up for `v`
 * under `o` with `orbits` hunter-set orbits: PlacementTables.open for the game's captures-to-win, or null when
 * `dir` has none. Throws TablebaseError naming an unusable layer file.
 */
function openPlacement(core: Core, v: HuntVariant, o: OptionValues, dir: string, orbits: number) {
  const { hunters, preyTotal, capturesToWin } = tablebaseCounts(v, o);
  return PlacementTables.open(dir, capturesToWin, {
    variant: v.id,
    hunters,
    preyTotal,
    orbits,
    bytesOf: (g) => core.exports.plLayerBytes(g),
  });
}

/** Lets the core's search probe `placement` (through its plByte hook), or no placement layers (null). */
function attachPlacement(core: Core, v: HuntVariant, o: OptionValues, placement: PlacementTables | null): void {
  const { preyTotal, capturesToWin } = tablebaseCounts(v, o);
  if (placement === null) {
    core.exports.plProbeSetup(0, 0, 0);
    core.hooks.plByte = () => -1;
    return;
  }
  core.hooks.plByte = (side, placed, captured, offset) => placement.byte(side, placed, captured, offset);
  if (core.exports.plProbeSetup(capturesToWin, placement.k, preyTotal) !== 0)
    throw new TablebaseError(`internal: the core refused the placement layers of ${placement.dir}`);
}

/**
 * Loads the generic solver's layer files (lattice solve, src/solve/generic.ts) of a hunt game other
 * than Bagh Chal's profile into a Game's core (set up for `v` under `o`) and lets its search probe them.
 * `keep`: HuntSolver.load's ('all' every layer, 'live' the current position's layer and those one move
 * from it, loaded as the game moves on: call the returned solver's focus() after a change of position;
 * default 'all' when they fit the core). Throws TablebaseError naming a missing, corrupt or foreign
 * file, or a game the solver does not cover; ArgumentError for a bad `keep`.
 */
export async function loadGenericInto(
  core: Core,
  v: HuntVariant,
  o: OptionValues,
  dir: string,
  keep?: 'all' | 'live',
): Promise<{ solver: HuntSolver; layers: SolvedLayerInfo[] }> {
  checkRepetitionForTablebases(o);
  const { HuntSolver } = await import('./generic.js');
  const solver = await HuntSolver.create(v, o as Record<string, number | string>, {}, core);
  const layers = solver.load(dir, keep === undefined ? {} : { keep });
  core.exports.gsEnable(1);
  return { solver, layers };
}

/**
 * Loads the layers of the movement-phase tablebase for captures-to-win `ctw` into a core whose index is
 * set up (setupTablebaseIndex returned `orbits`), replacing what its layer buffers held. Throws
 * TablebaseError naming a missing, corrupt or mismatched file. With `checkFirst` every file is read and
 * checked before the first is copied into the core (the files' bodies held in the host meanwhile), so that
 * such a file leaves the layers the core held as they were (a Game's reload); else each layer is copied as
 * it is read, one body at a time in the host.
 */
export function loadMovementLayers(
  core: Core,
  v: HuntVariant,
  o: OptionValues,
  ctw: number,
  dir: string,
  orbits: number,
  checkFirst = false,
): LayerMeta[] {
  const read: Array<{ c: number; meta: LayerMeta; body: Uint8Array | null }> = [];
  for (let c = ctw - 1; c >= 0; c--) {
    const file = join(dir, layerFileName(v.id, ctw, c));
    if (!fileReadable(file, 'tablebase file'))
      throw new TablebaseError(
        `tablebase file ${file} is missing: run ` +
          suggestCommand([
            'tablebase',
            'build',
            v.id,
            ...(ctw !== 5 ? ['--option', `captures-to-win=${ctw}`] : []),
            '--dir',
            dir,
          ]),
      );
    const r = readLayerFile(file, expectedMeta(core, v, o, ctw, c, orbits));
    if (!checkFirst) loadLayer(core, c, r.body);
    read.push({ c, meta: r.meta, body: checkFirst ? r.body : null });
  }
  for (const { c, body } of read) if (body !== null) loadLayer(core, c, body);
  return read.map((r) => r.meta);
}

/**
 * True if every layer file of the movement-phase tablebase for captures-to-win `ctw` exists in `dir` (not
 * verified). Throws TablebaseError when a file or the directory may not be read.
 */
export function movementFilesPresent(variantId: string, ctw: number, dir: string): boolean {
  for (let c = 0; c < ctw; c++)
    if (!fileReadable(join(dir, layerFileName(variantId, ctw, c)), 'tablebase file')) return false;
  return true;
}
