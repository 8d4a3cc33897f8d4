/**
 * The type checks on a game's options object that every kind of game shares (Game.create, createGame,
 * MakaGame.create). It imports only errors.ts, so a game family (maka/) can use it without importing
 * game-args.ts, which sits above the families (it checks Maka's option values with maka/options.ts).
 */
import { ArgumentError, describeValue, isOptionsObject } from './errors.js';

/**
 * The types of a game's options object (Game.create, createGame, MakaGame.create): an object (not an
 * array) whose `options` (if given) is an object, `position` a string and `hashMb` an integer
 * 1..`maxHashMb`. Throws ArgumentError naming the argument and the value.
 */
export function checkGameOptionTypes(opts: unknown, maxHashMb: number): void {
  if (!isOptionsObject(opts)) throw new ArgumentError(`game options must be an object, got ${describeValue(opts)}`);
  const o = opts as { options?: unknown; position?: unknown; hashMb?: unknown };
  if (o.options !== undefined && !isOptionsObject(o.options)) {
    throw new ArgumentError(`options must be an object of option values, got ${describeValue(o.options)}`);
  }
  if (o.position !== undefined && typeof o.position !== 'string')
    throw new ArgumentError(`position must be a string, got ${describeValue(o.position)}`);
  if (
    o.hashMb !== undefined &&
    !(Number.isInteger(o.hashMb) && (o.hashMb as number) >= 1 && (o.hashMb as number) <= maxHashMb)
  ) {
    throw new ArgumentError(`hash size must be an integer 1..${maxHashMb} MiB, got ${describeValue(o.hashMb)}`);
  }
}
