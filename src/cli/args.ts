/**
 * The CLI's arguments: integer checks for options and positionals, the repeatable --option, the options
 * every game-setting command shares (and the game they describe), --labels, and the refusal of an
 * option given twice. Bad input is an InvalidArgumentError (commander prints it) or an ArgumentError
 * (main.ts prints it): one line on stderr, exit 2.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { FAMILIES, checkLabels, createGame, type AnyGame } from '../engine.js';
import { ArgumentError } from '../contract/errors.js';
import { MAX_HASH_MB, parseOptionArgs } from '../contract/args.js';

/** An integer in min..max, or a message saying what is wrong. */
function checkInt(name: string, v: string, min: number, max: number): number | string {
  if (!/^-?\d+$/.test(v.trim())) return `${name} must be an integer, got "${v}"`;
  const n = Number(v);
  return n < min || n > max ? `${name} must be in ${min}..${max}, got ${n}` : n;
}
/** Commander option parser for an integer in min..max. */
export function intArg(name: string, min: number, max: number) {
  return (v: string): number => {
    const r = checkInt(name, v, min, max);
    if (typeof r === 'string') throw new InvalidArgumentError(r);
    return r;
  };
}
/** The same check for a positional argument inside an action (throws ArgumentError). */
export function intPositional(name: string, v: string, min: number, max: number): number {
  const r = checkInt(name, v, min, max);
  if (typeof r === 'string') throw new ArgumentError(r);
  return r;
}
/** Commander option parser of a repeatable option: the values in order. */
export const collect = (v: string, prev: string[]) => prev.concat([v]);

/** The repeatable `--option <key=value>` (described by `what`), none by default. */
export const optionOption = (what = 'set a variant option, repeatable') =>
  new Option('--option <key=value>', what).argParser(collect).default([], 'none');

/** The options addCommon adds (and --labels, --progress where a command has them). */
export interface Common {
  position?: string;
  option: string[];
  json?: boolean;
  hash?: number;
  tbDir?: string;
  labels?: 'kanji' | 'codes';
  progress?: boolean;
}

/** The game the common options describe (--labels checked for the variant). */
export function gameFor(variant: string, o: Common): Promise<AnyGame> {
  if (o.labels !== undefined) {
    checkLabels(variant, o.labels, '--labels');
  }
  return createGame(variant, {
    position: o.position,
    options: parseOptionArgs(o.option),
    hashMb: o.hash,
    tbDir: o.tbDir,
  });
}

/** --labels: the piece label kinds of every family that has them. */
export const labelsOption = () =>
  new Option(
    '--labels <kind>',
    'piece labels on the boards of ' +
      `${FAMILIES.filter((f) => f.labels.length)
        .flatMap((f) => [...f.ids()])
        .join(', ')} (default: the first kind)`,
  ).choices([...new Set(FAMILIES.flatMap((f) => [...f.labels]))]);

/** Options every command that sets up a game takes; `hash` only where the search runs. */
export function addCommon(cmd: Command, hash = true): Command {
  cmd
    .option('--position <string>', 'start from this position string (see README: Notation)')
    .addOption(optionOption('set a variant option, repeatable (see `lattice variants`)'));
  if (hash) {
    cmd.option('--hash <MiB>', `transposition table size in MiB, 1..${MAX_HASH_MB}`, intArg('--hash', 1, MAX_HASH_MB));
    cmd.option('--tb-dir <dir>', 'probe the movement-phase tablebase built in <dir> during the search');
  }
  return cmd.option('--json', 'print one JSON object on stdout');
}

/**
 * Makes every option of every command refuse a second occurrence (`--depth 5 --depth 9`, `--json
 * --json`), as `--option key=...` refuses a repeated key; only the repeatable --option collects. A flag
 * and its negation (`--progress --no-progress`) are two options: the last one given wins.
 */
export function refuseRepeats(cmd: Command): void {
  for (const opt of cmd.options) {
    if (opt.variadic || opt.long === '--option') continue;
    const parse = opt.parseArg;
    let seen = false;
    if (opt.required || opt.optional) {
      opt.argParser((value: string, previous: unknown) => {
        if (seen) throw new InvalidArgumentError(`${opt.long} is given twice`);
        seen = true;
        return parse ? parse(value, previous) : value;
      });
    } else {
      // a flag: commander calls the parser with no value and then sets true (false for --no-...)
      opt.argParser(() => {
        if (seen) cmd.error(`error: ${opt.long} is given twice`, { exitCode: 2, code: 'lattice.repeatedOption' });
        seen = true;
        return undefined;
      });
    }
  }
  for (const sub of cmd.commands) refuseRepeats(sub);
}
