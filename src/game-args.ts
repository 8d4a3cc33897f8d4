/**
 * The checks on the arguments that create a game, in one place: Game.create, createGame and
 * EngineWorker.start (before it spawns a thread) all run them, so a bad argument gets the same typed
 * error wherever it is given. Only light modules are imported here (no core, no game code), so the
 * worker client can check its options without loading the engine.
 */
import { ArgumentError, OptionError, UnknownVariantError, checkKeys, describeValue } from './errors.js';
import { checkGameOptionTypes } from './game-option-types.js';
import { VARIANTS, getVariant, resolveOptions } from './variants/index.js';
import { resolveMakaOptions } from './maka/options.js';

export { checkGameOptionTypes } from './game-option-types.js';

/** The id of Maka Dai Dai Shogi (played by MakaGame, not by a lattice core). */
export const MAKA_ID = 'maka-dai-dai';
/** Largest transposition table, MiB. */
export const MAX_HASH_MB = 512;

/**
 * The argument types shared by Game.create and createGame: `variantId` a string; `opts` an object whose
 * `options` (if given) is an object (not an array), `position` a string and `hashMb` an integer 1..MAX_HASH_MB.
 * Throws ArgumentError naming the argument and the value. Values are checked later (variant, options,
 * position grammar) by getVariant/resolveOptions/setPosition.
 */
export function checkGameArgTypes(variantId: unknown, opts: unknown): void {
  if (typeof variantId !== 'string') throw new ArgumentError(`the variant must be a string, got ${describeValue(variantId)}`);
  checkGameOptionTypes(opts, MAX_HASH_MB);
}

/** The keys createGame's options may have (others are refused: a typo would else be ignored). */
export const CREATE_GAME_KEYS = ['options', 'position', 'hashMb', 'tbDir'] as const;

/**
 * Everything about createGame's arguments that can be known without loading a core or parsing the
 * position: the types (checkGameArgTypes), unknown keys, the variant declared (any kind of game), the option names
 * and values, and the options that do not apply to Maka Dai Dai Shogi (tbDir). Throws
 * ArgumentError, UnknownVariantError (listing every variant) or OptionError. (`tbDir` itself is checked
 * when the tablebase loads: Game.loadTablebase.)
 */
export function checkGameArgs(variant: unknown, opts: unknown): void {
  checkGameArgTypes(variant, opts);
  checkKeys(opts as object, CREATE_GAME_KEYS, 'game options');
  const o = opts as { options?: Record<string, string | number>; hashMb?: unknown; tbDir?: unknown };
  if (variant === MAKA_ID) {
    if (o.tbDir !== undefined) throw new OptionError(`tablebases exist for hunt games with Bagh Chal's rules only, not for ${MAKA_ID}`);
    resolveMakaOptions(o.options);
    return;
  }
  if (!VARIANTS.has(variant as string)) throw new UnknownVariantError(variant as string, [...VARIANTS.keys(), MAKA_ID]);
  resolveOptions(getVariant(variant as string), o.options);
}
