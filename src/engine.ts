/**
 * The family contract and the registry (DESIGN.md "Moves and positions as values": one family
 * contract). A family is a kind of game with its own implementation: the lattice games (Game, on the
 * WebAssembly core) and Maka Dai Dai Shogi (MakaGame, in the host). The contract every family
 * implements (src/contract/types.ts, re-exported here: its ids and listing, its argument checks, how a game
 * is created, and the games' surface AnyGame: moves as values, describe() for a board UI, the shared
 * search and perft limits) sits in a module of types below every family, so that the games can
 * implement it without importing the registry that creates them (no import loop, types counted). The
 * CLI, the worker and the page use only this: no family or variant id appears in them.
 *
 * This module is light: the families' declarations import no game code, and `create` loads a family's
 * game module when first called, so the worker client can check arguments without loading the engine.
 */
import type { AnyGame, AnyGameOptions, Family, VariantListing } from './contract/types.js';
import { ArgumentError, UnknownVariantError, checkKeys } from './contract/errors.js';
import { checkGameArgTypes } from './contract/args.js';
import { latticeFamily } from './lattice/family.js';
import { makaFamily } from './maka/family.js';
import { setTablesLoader } from './lattice/tables.js';
import { tablesPort } from './solve/port.js';

export type { MoveValue, MoveInput, MoveKind } from './contract/moves.js';

export type {
  AnySearchResult,
  AnyResult,
  BoardDescription,
  PieceDescription,
  SideDescription,
  CounterDescription,
  PointMark,
  GameDescription,
  AnyGame,
  AnyGameOptions,
  VariantListing,
  Family,
  TablebaseProbe,
  SolveReport,
} from './contract/types.js';

// the composition of the lattice family: its games load solved tables through the solvers' port
// (src/lattice/tables.ts), so that neither imports the other's code
setTablesLoader(tablesPort);

/** The families, in listing order. */
export const FAMILIES: readonly Family[] = [latticeFamily, makaFamily];

/** Every variant id of every family, in listing order. */
export function allVariantIds(): string[] {
  return FAMILIES.flatMap((f) => [...f.ids()]);
}

/** The family that plays `variant`, or undefined. */
export function familyOf(variant: string): Family | undefined {
  return FAMILIES.find((f) => f.ids().includes(variant));
}

/** Every variant of every family (for `lattice variants`), in the families' order. */
export function listVariants(): VariantListing[] {
  return FAMILIES.flatMap((f) => f.list());
}

/** The keys createGame's options may have (others are refused: a typo would else be ignored). */
export const CREATE_GAME_KEYS = ['options', 'position', 'hashMb', 'tbDir'] as const;

/**
 * Everything about createGame's arguments that can be known without loading a core or parsing the
 * position: the types (checkGameArgTypes), unknown keys, the variant declared by some family, and the
 * family's own checks (option names and values; `tbDir` where the family has no tablebases). Throws
 * ArgumentError, UnknownVariantError (listing every variant) or OptionError. EngineWorker.start runs
 * it too, before it spawns a thread.
 */
export function checkGameArgs(variant: unknown, opts: unknown): void {
  checkGameArgTypes(variant, opts);
  checkKeys(opts as object, CREATE_GAME_KEYS, 'game options');
  const family = familyOf(variant as string);
  if (!family) throw new UnknownVariantError(variant as string, allVariantIds());
  family.checkArgs(variant as string, opts as AnyGameOptions);
}

/**
 * Creates a game of any variant, through its family. Throws ArgumentError (arguments of the wrong type),
 * UnknownVariantError, OptionError (including options that do not apply to the variant), ParseError,
 * TablebaseError.
 */
export async function createGame(variant: string, opts: AnyGameOptions = {}): Promise<AnyGame> {
  checkGameArgs(variant, opts);
  return familyOf(variant)!.create(variant, opts);
}

/**
 * Checks a board label kind for `variant` (the CLI's --labels): ArgumentError when its family has none
 * or not this one.
 */
export function checkLabels(variant: string, labels: string, what = 'labels'): void {
  const family = familyOf(variant);
  if (!family?.labels.includes(labels)) {
    const with_ = FAMILIES.filter((f) => f.labels.length > 0).flatMap((f) => [...f.ids()]);
    throw new ArgumentError(
      family && family.labels.length > 0
        ? `${what} must be one of ${family.labels.join('|')}, got ${JSON.stringify(labels)}`
        : `${what} applies to ${with_.join(', ')} only (the board of ${variant} shows piece letters)`,
    );
  }
}
