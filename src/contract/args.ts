/**
 * The generic checks on the arguments that create a game (their types), shared by every family's
 * create and by src/engine.ts checkGameArgs (which Game.create's callers, createGame and
 * EngineWorker.start run), so a bad argument gets the same typed error wherever it is given. Light: no
 * family is known here.
 */
import { ArgumentError, OptionError, checkKeys, describeValue } from './errors.js';
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
export function shellWord(w: string): string {
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

/** Throws ArgumentError unless `variant` is a string (a variant id); `what` names the function in the message. */
export function checkVariantArg(variant: unknown, what: string): asserts variant is string {
  if (typeof variant !== 'string')
    throw new ArgumentError(`${what}: the variant must be a string (a variant id), got ${describeValue(variant)}`);
}

/**
 * Throws ArgumentError unless `opts` is a plain object (or undefined, when not `required`) whose keys are all
 * in `known`, whose `dir` (if known) is a non-empty string, whose `options` (if given) is an object, and
 * whose keys starting with `on` (callbacks) hold functions or undefined. `what` names the options in messages
 * ("buildTablebase options").
 */
export function checkCallOptions(opts: unknown, what: string, known: readonly string[], required = false): void {
  if (opts === undefined && !required) return;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts))
    throw new ArgumentError(`${what} must be an object, got ${describeValue(opts)}`);
  checkKeys(opts, known, what);
  const o = opts as Record<string, unknown>;
  if (known.includes('dir') && (required || o.dir !== undefined)) checkDirArg(o.dir, `${what}: dir`);
  if (o.options !== undefined && (o.options === null || typeof o.options !== 'object' || Array.isArray(o.options)))
    throw new ArgumentError(`${what}: options must be an object of option values, got ${describeValue(o.options)}`);
  for (const k of Object.keys(o))
    if (/^on[A-Z]/.test(k) && o[k] !== undefined && typeof o[k] !== 'function')
      throw new ArgumentError(`${what}: ${k} must be a function, got ${describeValue(o[k])}`);
}

/** Throws ArgumentError unless `dir` is a non-empty string; `what` names it ("--dir", "solve options: dir"). */
export function checkDirArg(dir: unknown, what: string): asserts dir is string {
  if (typeof dir !== 'string' || dir.trim() === '')
    throw new ArgumentError(`${what} must be a non-empty string (a directory), got ${describeValue(dir)}`);
}
