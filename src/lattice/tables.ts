/**
 * The lattice game's port to solved tables (DESIGN.md "Tablebases and solving"): what a Game asks of the
 * solvers, and the shapes of what they report. The Game imports no solver code: the solvers (src/solve/)
 * implement {@link TablesLoader} and the registry (src/engine.ts) attaches it with {@link setTablesLoader}
 * when the engine is loaded, so that game code and solver code meet only here (no import circle).
 */
import { TablebaseError } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import type { HuntVariant, OptionValues } from '../variants/index.js';
import type { Core } from './core/wasm.js';

/** Per-side statistics of a layer: [goats to move, tigers to move], from the side to move's view. */
export interface SideStats {
  distinct: number;
  wins: number;
  losses: number;
  draws: number;
}

/** What a layer file's header records. */
export interface LayerMeta {
  variant: string;
  capturesToWin: number;
  layer: number;
  hunters: number;
  preyTotal: number;
  orbits: number;
  slots: number;
  distinct: number;
  maxDtm: number;
  stats: [SideStats, SideStats];
}

/**
 * One layer: what never comes back (captured and in hand per side, the stack vector up to the
 * symmetries: no stack changes inside a layer).
 */
export interface GenericLayer {
  /** The core's layer key. */
  key: number;
  /** Pieces of side 0 (the prey side) and side 1 (the hunters) captured. */
  captured: [number, number];
  /** Pieces in hand, per side. */
  hand: [number, number];
  /** Pieces on the board beyond one a point (stacks): the sum of `stacks`. */
  excess: number;
  /**
   * The stack vector: the excess (pieces beyond one) on each stack point, in the order of
   * SolveEstimate.stackPoints; empty for a game without stacks. The layer holds the positions of every
   * vector of its symmetry class (the images of this one under the solver's symmetries); this is the
   * class's least member (the least code, the last point weighing most).
   */
  stacks: number[];
  /**
   * True when other classes of vectors have the same total `excess`: `stacks` then tells this layer from
   * theirs (in its file name, header, job and messages). False in a game whose every total has one class
   * (one stack point, or none), whose layers are named by their total alone.
   */
  split: boolean;
  /** Index slots, both sides to move (unused slots included). */
  slots: number;
}

/** Positions and their values for the side to move, counted over some of a layer's slots. */
export interface ValueCounts {
  positions: number;
  wins: number;
  losses: number;
  draws: number;
}

/** What a solved layer holds. */
export interface SolvedLayerInfo extends GenericLayer {
  /** Canonical positions (used slots) and their values for the side to move, both sides to move together. */
  positions: number;
  wins: number;
  losses: number;
  draws: number;
  /**
   * The same per side to move: [side 0 (the prey) to move, side 1 (the hunters) to move]; they sum to the
   * totals. Absent from load() with keep 'live' (only the files' headers are read then; the totals are
   * there).
   */
  sides?: [ValueCounts, ValueCounts];
  /** Longest distance to the end (plies). */
  maxPlies: number;
  file: string | null;
}

/**
 * Tables loaded into a game's core, which its search then probes: `kind` 'movement' for Bagh Chal's
 * movement-phase tablebase (the core's tbProbe), 'layers' for the generic solver's layers (gsProbe).
 */
export interface LoadedTables {
  kind: 'movement' | 'layers';
  /** The layers' headers: LayerMeta for the movement tablebase, SolvedLayerInfo for the generic layers. */
  layers: LayerMeta[] | SolvedLayerInfo[];
  /**
   * Brings the layers the core's current position needs into memory (tables loaded with keep 'live');
   * nothing to do otherwise. Throws TablebaseError for a corrupt layer file.
   */
  focus(): void;
  /**
   * Loads the tables in `dir` (of the same game and options) in place of these, as the loader would, on
   * the same core: every file is checked before anything in the core changes, so that a call that fails
   * (TablebaseError for a missing, corrupt or mismatched file; ArgumentError for a bad `keep`) leaves
   * these tables loaded as they were. Only a file that changes between its check and its loading (or a core
   * out of memory) can fail the swap itself: then no tables are left (`intact` false) and the error says
   * so.
   */
  reload(dir: string, keep?: 'all' | 'live'): LoadedTables;
  /** False once a reload failed after it had begun to replace these tables (see reload). */
  readonly intact: boolean;
  /**
   * Bagh Chal's placement layers found with the movement tablebase (a whole-game solve's, kept with
   * keepPlacement), which the core's search probes on demand from their files; [] when there are none. Absent for
   * the generic layers.
   */
  placement?: PlacementLayerInfo[];
  /** Releases what the tables hold outside the core (the placement layers' file handles and cache). */
  close?(): void;
}

/** One placement layer file (src/solve/placement/tables.ts PlacementLayerFile). */
export interface PlacementLayerInfo {
  /** Side to move: 0 the prey (goats), 1 the hunters (tigers). */
  side: 0 | 1;
  placed: number;
  captured: number;
  file: string;
  /** Body bytes (a nibble a position slot). */
  bytes: number;
  /** Distinct positions by nibble value (16 entries). */
  histogram: number[];
}

/**
 * Loads the tables in `dir` into `core` (set up for `variant` under `options` on `board`): the solver
 * that fits the rules' profile is chosen by the solvers, not by the game. `keep` ('all' | 'live') is the
 * generic layers' memory mode. Rejects with TablebaseError naming a missing, corrupt or mismatched file,
 * ArgumentError for a `keep` the tables do not take.
 */
export type TablesLoader = (
  core: Core,
  board: Board,
  variant: HuntVariant,
  options: OptionValues,
  dir: string,
  keep?: 'all' | 'live',
) => Promise<LoadedTables>;

let loader: TablesLoader | null = null;

/** Attaches the solvers' loader (src/engine.ts does it once, when the engine is loaded). */
export function setTablesLoader(l: TablesLoader): void {
  loader = l;
}

/** The attached loader. Throws TablebaseError when none is (the engine's entry, src/index.ts, was not loaded). */
export function tablesLoader(): TablesLoader {
  if (loader === null)
    throw new TablebaseError(
      'no tablebase loader is attached: load the engine through its entry ' +
        '(lattice-engine, src/index.ts or src/engine.ts)',
    );
  return loader;
}
