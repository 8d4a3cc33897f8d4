/**
 * One layered-solver seam (DESIGN.md "Tablebases and solving"; issue 33): a solver of a hunt game as its
 * layers in solving order (each with the layers it reads), solved one at a time into a directory or all
 * at once, loaded from that directory and probed by position. {@link solverFor} hands out the solver of a
 * variant under its options, the choice made by the variant's rule profile (./route.ts solverOf, read from
 * the declaration's RuleSet): the generic retrograde solver (./generic.ts HuntSolver) for every hunt game,
 * Bagh Chal's movement-phase and placement solver (./index.ts, ./placement.ts) as the fast path of its
 * rule profile. The CLI and the distributed solve ask it; they do not choose.
 *
 * The implementations are adapters over the solvers, which they load when first used (Node only: files
 * and threads), so that choosing a solver sets up nothing.
 */
import { getVariant, resolveOptions } from '../variants/index.js';
import { loadSetupIntoCore, loadVariantCore, notationContext } from '../lattice/core/setup.js';
import { parsePositionText, type NotationContext } from '../lattice/position-text.js';
import type { Core } from '../lattice/core/wasm.js';
import { solverOf } from './route.js';
import { ArgumentError, describeValue } from '../contract/errors.js';
import { checkCallOptions, checkDirArg, checkVariantArg } from '../contract/args.js';
import type { BuildOptions, LayerMeta, LayerReport } from './index.js';
import type { GameSolution, SolveOptions as WholeGameOptions } from './placement/types.js';
import type {
  GenericLayer,
  HuntSolver,
  LayerResult,
  SolveEstimate,
  SolvedLayerInfo,
  SolvedValue,
  SolveProgress,
  SolverScope,
} from './generic.js';

/**
 * Which solver: 'generic' the generic retrograde solver; 'movement' the movement-phase tablebase of Bagh
 * Chal's rule profile under one captures-to-win (`lattice tablebase build`); 'whole-game' that profile's
 * whole game, the movement-phase tablebases of captures-to-win 1..K and the placement pass over them.
 */
export type SolverId = 'generic' | 'movement' | 'whole-game';

/** One layer of a solve: the solver's own handle of it, its name, and the layers it reads. */
export interface SolverLayer<L> {
  /** The handle solveLayer() takes (GenericLayer; a movement layer's captures; the placement pass). */
  layer: L;
  /** Its name, unique within the solve, as messages and job descriptions give it. */
  name: string;
  /** The names of the layers it reads: each is solved before it, and layers() lists it earlier. */
  needs: string[];
}

/**
 * A layered solver of one variant under one option set. `L` the layer handle, `O` the options of a
 * whole solve, `R` what a whole solve resolves to, `LR` a layer's result, `M` what load() reports, `V` a
 * probed value. Methods reject with TablebaseError (a game outside the solver, a missing, corrupt or
 * foreign file), ArgumentError and OptionError (bad arguments, options), UnknownVariantError, as the
 * solver behind them does.
 */
export interface LayeredSolver<L, O, R, LR, M, V> {
  readonly id: SolverId;
  /** The variant id and its options as given (unresolved: the solver resolves them). */
  readonly variant: string;
  readonly options: Record<string, number | string>;
  /** The mode of src/distributed/solve.ts that runs this solve's layers as jobs on workers. */
  readonly jobs: 'movement' | 'whole' | 'generic';
  /** What a probe of a position outside its tables means, as a sentence (the CLI's message). */
  readonly notInTables: string;
  /** The layers in solving order, each with the layers it reads. */
  layers(): Promise<Array<SolverLayer<L>>>;
  /** The sizes and memory of the solve before it runs (the generic solver's; absent otherwise). */
  estimate?(): Promise<SolveEstimate>;
  /**
   * Solves the one layer `layer` into `dir` (a job of a distributed solve): the layers it reads must be
   * there already; loaded instead when its file is there and valid.
   */
  solveLayer(layer: L, dir: string): Promise<LR>;
  /** Solves every layer into `dir`, loading those whose files are there and valid (resumable). */
  solve(dir: string, opts?: O): Promise<R>;
  /** Loads the tables solved into `dir` for probe(). */
  load(dir: string): Promise<M>;
  /** The value of a position (RULES.md notation) for the side to move, or null outside the loaded tables. */
  probe(position: string): Promise<V | null>;
  /** Checks every stored value against its successors': the disagreements per layer (the generic solver's). */
  verify?(onLayer?: (layer: L, bad: number) => void): Promise<number[]>;
}

/** The options of GenericSeam.solve: HuntSolver.solve's, the directory aside. */
export interface GenericSolveOptions {
  keep?: 'all' | 'live';
  threads?: number;
  onProgress?: (p: SolveProgress) => void;
  onLayer?: (r: LayerResult) => void;
}

/** The generic retrograde solver (./generic.ts HuntSolver) behind the seam, set up on first use. */
export class GenericSeam
  implements
    LayeredSolver<GenericLayer, GenericSolveOptions, LayerResult[], LayerResult, SolvedLayerInfo[], SolvedValue>
{
  readonly id = 'generic' as const;
  readonly jobs = 'generic' as const;
  readonly notInTables =
    'the position is not in the loaded tables (a layer the solver leaves out, such as an odd number of dogs ' +
    'captured by intervention)';
  private solver: Promise<HuntSolver> | null = null;

  /** `scope`: the layers covered (HuntSolver.create's SolverScope). */
  constructor(
    readonly variant: string,
    readonly options: Record<string, number | string>,
    private readonly scope: SolverScope = {},
  ) {}

  /** The HuntSolver behind it (HuntSolver.create on the first call; its errors). */
  hunt(): Promise<HuntSolver> {
    if (this.solver === null) {
      this.solver = import('./generic.js').then(({ HuntSolver }) =>
        HuntSolver.create(this.variant, this.options, this.scope),
      );
    }
    return this.solver;
  }

  async layers(): Promise<Array<SolverLayer<GenericLayer>>> {
    const s = await this.hunt();
    const { layerName } = await import('./generic.js');
    return s.estimate.layers.map((l) => ({ layer: l, name: layerName(l), needs: s.successors(l).map(layerName) }));
  }

  async estimate(): Promise<SolveEstimate> {
    return (await this.hunt()).estimate;
  }

  async solveLayer(layer: GenericLayer, dir: string, onProgress?: (p: SolveProgress) => void): Promise<LayerResult> {
    checkDirArg(dir, 'solveLayer: dir');
    return (await this.hunt()).solveLayer(layer, { dir, onProgress });
  }

  async solve(dir: string, opts: GenericSolveOptions = {}): Promise<LayerResult[]> {
    checkDirArg(dir, 'solve: dir');
    checkCallOptions(opts, 'solve options', ['keep', 'threads', 'onProgress', 'onLayer']);
    return (await this.hunt()).solve({ ...opts, dir });
  }

  async load(dir: string, keep?: 'all' | 'live'): Promise<SolvedLayerInfo[]> {
    checkDirArg(dir, 'load: dir');
    return (await this.hunt()).load(dir, keep === undefined ? {} : { keep });
  }

  async probe(position: string): Promise<SolvedValue | null> {
    checkPositionArg(position);
    return (await this.hunt()).probe(position);
  }

  async verify(onLayer?: (layer: GenericLayer, bad: number) => void): Promise<number[]> {
    return (await this.hunt()).verify(onLayer);
  }
}

/** A movement-phase layer: the tablebase's captures-to-win and the prey captured in the layer. */
export interface MovementLayer {
  capturesToWin: number;
  captured: number;
}

/** The movement-phase tables loaded into a core of their own, for probe(). */
interface LoadedMovement {
  core: Core;
  ctx: NotationContext;
  capturesToWin: number;
}

/**
 * What Bagh Chal's two solvers share behind the seam: their tables are the movement-phase tablebase of
 * the options' captures-to-win, loaded into a core of the seam's own and probed there.
 */
abstract class MovementTables {
  readonly notInTables = 'the position is not in the movement-phase tablebase (goats still in hand)';
  private loaded: LoadedMovement | null = null;

  constructor(
    readonly variant: string,
    readonly options: Record<string, number | string>,
  ) {}

  /**
   * Loads the movement-phase tablebase of the options' captures-to-win from `dir` (./index.ts
   * loadTablebaseInto: its errors) into a core of its own; returns its layers' headers.
   */
  async load(dir: string): Promise<LayerMeta[]> {
    checkDirArg(dir, 'load: dir');
    const v = getVariant(this.variant);
    const o = resolveOptions(v, this.options);
    const { requireTablebaseProfile, tablebaseCounts } = await import('./setup.js');
    await requireTablebaseProfile(v, o);
    const { loadTablebaseInto } = await import('./index.js');
    const { board, rules, core } = await loadVariantCore(v, o);
    const metas = loadTablebaseInto(core, board, v, o, dir);
    const capturesToWin = tablebaseCounts(v, o).capturesToWin;
    this.loaded = { core, ctx: notationContext(v, o, board, rules), capturesToWin };
    return metas;
  }

  /**
   * The movement-phase value of `position` for the side to move (a game the hunters' captures decided:
   * 0 plies), or null before load() and for a position with prey in hand. Throws ParseError /
   * PositionError for a bad position.
   */
  async probe(position: string): Promise<SolvedValue | null> {
    checkPositionArg(position);
    if (this.loaded === null) return null;
    const { core, ctx, capturesToWin } = this.loaded;
    loadSetupIntoCore(core, parsePositionText(ctx, position));
    const e = core.exports;
    if (e.captured() >= capturesToWin && e.inHand() === 0)
      return { result: e.sideToMove() === 1 ? 'win' : 'loss', plies: 0 };
    const v = e.tbProbe();
    if (v < 0) return null;
    if (v === 0) return { result: 'draw', plies: 0 };
    return { result: ((v - 1) & 1) === 1 ? 'win' : 'loss', plies: v - 1 };
  }
}

/** The options of MovementSeam.solve: buildTablebase's, the directory, the options and the layer aside. */
export type MovementSolveOptions = Omit<BuildOptions, 'dir' | 'options' | 'layer'>;

/** The movement-phase tablebase of Bagh Chal's rule profile under one captures-to-win (./index.ts). */
export class MovementSeam
  extends MovementTables
  implements
    LayeredSolver<
      MovementLayer,
      MovementSolveOptions,
      { layers: LayerReport[]; distinct: number; ms: number },
      { layers: LayerReport[]; distinct: number; ms: number },
      LayerMeta[],
      SolvedValue
    >
{
  readonly id = 'movement' as const;
  readonly jobs = 'movement' as const;

  /** Layers K - 1 captured down to 0, each reading the one above it (./index.ts movementLayers: its errors). */
  async layers(): Promise<Array<SolverLayer<MovementLayer>>> {
    return movementChain(this.variant, this.options);
  }

  /** buildTablebase of the one layer (BuildOptions.layer): the layers above it must be in `dir`. */
  async solveLayer(
    layer: MovementLayer,
    dir: string,
    opts: MovementSolveOptions = {},
  ): Promise<{ layers: LayerReport[]; distinct: number; ms: number }> {
    checkMovementLayer(layer);
    checkDirArg(dir, 'solveLayer: dir');
    checkCallOptions(opts, 'solveLayer options', ['threads', 'onProgress', 'onLayer']);
    const { buildTablebase } = await import('./index.js');
    return buildTablebase(this.variant, { ...opts, dir, options: this.options, layer: layer.captured });
  }

  /** buildTablebase: every layer, from the top down. */
  async solve(
    dir: string,
    opts: MovementSolveOptions = {},
  ): Promise<{ layers: LayerReport[]; distinct: number; ms: number }> {
    checkDirArg(dir, 'solve: dir');
    checkCallOptions(opts, 'solve options', ['threads', 'onProgress', 'onLayer']);
    const { buildTablebase } = await import('./index.js');
    return buildTablebase(this.variant, { ...opts, dir, options: this.options });
  }
}

/** The placement pass of a whole-game solve (it reads the movement-phase layer 0 of each captures-to-win). */
export interface PlacementPass {
  placement: true;
}

/** The options of WholeGameSeam.solve: solveGame's, the directory and the options aside. */
export type WholeGameSolveOptions = Omit<WholeGameOptions, 'dir' | 'options'>;

/**
 * The whole game of Bagh Chal's rule profile (./placement.ts solveGame): the movement-phase tablebases of
 * captures-to-win 1..K, then the placement pass over them. load() and probe() answer for the movement
 * phase of the options' captures-to-win.
 */
export class WholeGameSeam
  extends MovementTables
  implements
    LayeredSolver<MovementLayer | PlacementPass, WholeGameSolveOptions, GameSolution, unknown, LayerMeta[], SolvedValue>
{
  readonly id = 'whole-game' as const;
  readonly jobs = 'whole' as const;

  /**
   * The movement-phase layers of each captures-to-win 1..K (movementOptionSets), then the placement pass
   * reading layer 0 of each. Rejects as solveGame's checks do (wholeGameCaptures).
   */
  async layers(): Promise<Array<SolverLayer<MovementLayer | PlacementPass>>> {
    const { movementOptionSets, wholeGameCaptures } = await import('./placement.js');
    const K = await wholeGameCaptures(this.variant, this.options);
    const out: Array<SolverLayer<MovementLayer | PlacementPass>> = [];
    for (const set of movementOptionSets(this.options, K)) out.push(...(await movementChain(this.variant, set)));
    const bottoms = out.filter((l) => (l.layer as MovementLayer).captured === 0).map((l) => l.name);
    out.push({ layer: { placement: true }, name: 'placement', needs: bottoms });
    return out;
  }

  /** A movement-phase layer (buildTablebase of it), or the placement pass (solveGame, its layers built). */
  async solveLayer(layer: MovementLayer | PlacementPass, dir: string): Promise<unknown> {
    checkDirArg(dir, 'solveLayer: dir');
    if (layer !== null && typeof layer === 'object' && (layer as PlacementPass).placement === true)
      return this.solve(dir);
    checkMovementLayer(layer as MovementLayer);
    layer = layer as MovementLayer;
    const { buildTablebase } = await import('./index.js');
    const options = { ...this.options, 'captures-to-win': layer.capturesToWin };
    return buildTablebase(this.variant, { dir, options, layer: layer.captured });
  }

  /** solveGame: the movement-phase tablebases missing from `dir` first, then the placement pass. */
  async solve(dir: string, opts: WholeGameSolveOptions = {}): Promise<GameSolution> {
    checkDirArg(dir, 'solve: dir');
    checkCallOptions(opts, 'solve options', [
      'threads',
      'onProgress',
      'onLayer',
      'onMovementLayer',
      'stopAt',
      'keepLayers',
      'keepPlacement',
    ]);
    const { solveGame } = await import('./placement.js');
    return solveGame(this.variant, { ...opts, dir, options: this.options });
  }
}

/** The movement-phase layers of `variant` under `options` (one captures-to-win), K - 1 captured down to 0. */
async function movementChain(
  variant: string,
  options: Record<string, number | string>,
): Promise<Array<SolverLayer<MovementLayer>>> {
  const { movementLayers } = await import('./index.js');
  const { capturesToWin, layers } = await movementLayers(variant, options);
  const name = (c: number) => `movement tablebase captures-to-win ${capturesToWin}, layer ${c} captured`;
  return layers.map((c) => ({
    layer: { capturesToWin, captured: c },
    name: name(c),
    needs: c + 1 < capturesToWin ? [name(c + 1)] : [],
  }));
}

/** The solvers of a whole game {@link solverFor} hands out. */
export type GameSolver = GenericSeam | WholeGameSeam;

/**
 * The solver of `variant`'s whole game under `options`: Bagh Chal's rule profile's own (WholeGameSeam)
 * where the variant has it under them (./route.ts solverOf: read from the RuleSet, no core set up), else
 * the generic solver (GenericSeam: a variant it does not cover is refused when it is first used, saying
 * why); the generic one whatever the profile with `generic`. Sets up nothing: each solver loads its code
 * and core on first use. Throws OptionError for an unknown option or a bad value of a lattice variant
 * (not with `generic`: then the solver's first use does).
 */
export function solverFor(
  variant: string,
  options: Record<string, number | string> = {},
  opts: { generic?: boolean; scope?: SolverScope } = {},
): GameSolver {
  checkSolverArgs(variant, options, 'solverFor');
  checkCallOptions(opts, 'solverFor options', ['generic', 'scope']);
  if (!opts.generic && solverOf(variant, options) === 'movement') return new WholeGameSeam(variant, options);
  return new GenericSeam(variant, options, opts.scope);
}

/**
 * The movement-phase tablebase of `variant` under `options` (one captures-to-win: `lattice tablebase
 * build`), behind the seam. Sets up nothing; its first use refuses a variant outside Bagh Chal's rule
 * profile (TablebaseError: noTablebaseError), as buildTablebase does.
 */
export function tablebaseSolverFor(variant: string, options: Record<string, number | string> = {}): MovementSeam {
  checkSolverArgs(variant, options, 'tablebaseSolverFor');
  return new MovementSeam(variant, options);
}

/** Throws ArgumentError unless `variant` is a string and `options` an object (solverFor, tablebaseSolverFor). */
function checkSolverArgs(variant: unknown, options: unknown, what: string): void {
  checkVariantArg(variant, what);
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new ArgumentError(`${what}: options must be an object of option values, got ${describeValue(options)}`);
}

/** Throws ArgumentError unless `position` is a string (a position in RULES.md notation). */
function checkPositionArg(position: unknown): void {
  if (typeof position !== 'string')
    throw new ArgumentError(`a position must be a string, got ${describeValue(position)}`);
}

/** Throws ArgumentError unless `layer` is a MovementLayer (what layers() hands out). */
function checkMovementLayer(layer: unknown): asserts layer is MovementLayer {
  const l = layer as MovementLayer | null;
  if (
    l === null ||
    typeof l !== 'object' ||
    !Number.isInteger(l.capturesToWin) ||
    !Number.isInteger(l.captured) ||
    l.captured < 0
  )
    throw new ArgumentError(
      `solveLayer takes a layer of layers() ({ capturesToWin, captured }), got ${describeValue(layer)}`,
    );
}
