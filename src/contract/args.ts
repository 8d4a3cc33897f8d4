/**
 * The generic checks on the arguments that create a game (their types), shared by every family's
 * create and by src/engine.ts checkGameArgs (which Game.create's callers, createGame and
 * EngineWorker.start run), so a bad argument gets the same typed error wherever it is given. Light: no
 * family is known here.
 */
import { ArgumentError, OptionError, describeValue } from './errors.js';
import { checkGameOptionTypes } from './option-types.js';

export { checkGameOptionTypes } from './option-types.js';

/** Largest transposition table, MiB. */
export const MAX_HASH_MB = 512;

/**
 * The argument types shared by Game.create and createGame: `variantId` a string; `opts` an object whose
 * `options` (if given) is an object (not an array), `position` a string and `hashMb` an integer 1..MAX_HASH_MB.
 * Throws ArgumentError naming the argument and the value. Values are checked later (variant, options,
 * position grammar) by getVariant/resolveOptions/setPosition.
 */
export function checkGameArgTypes(variantId: unknown, opts: unknown): void {
  if (typeof variantId !== 'string')
    throw new ArgumentError(`the variant must be a string, got ${describeValue(variantId)}`);
  checkGameOptionTypes(opts, MAX_HASH_MB);
}

/** Parses `key=value` strings (the CLI's repeated --option). Throws OptionError on a malformed item. */
export function parseOptionArgs(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const item of items) {
    const i = item.indexOf('=');
    if (i <= 0) throw new OptionError(`option ${JSON.stringify(item)} must look like key=value`);
    const key = item.slice(0, i);
    if (Object.hasOwn(out, key)) throw new OptionError(`option "${key}" is given twice`);
    out[key] = item.slice(i + 1);
  }
  return out;
}

/** A word as a POSIX shell reads it back unchanged: as is when plain, else in single quotes. */
function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}

/**
 * A `lattice` command a message suggests, copyable as is: `"lattice solve x --dir 'my dir' --option k=v"`
 * (the words after `lattice`, each quoted for a POSIX shell where it needs it, the whole in double quotes,
 * nothing of the command outside them).
 */
export function suggestCommand(words: ReadonlyArray<string | number>): string {
  return `"${['lattice', ...words.map(String)].map(shellWord).join(' ')}"`;
}
