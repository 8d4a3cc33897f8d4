/**
 * The CLI's arguments: integer checks for options and positionals, the repeatable --option, the options
 * every game-setting command shares (and the game they describe, with the options of the tables in
 * --tb-dir), --labels, and the refusal of an option given twice (`error: --depth is given twice`). Bad input is an
 * InvalidArgumentError (commander prints it) or an ArgumentError (main.ts prints it): one line on stderr, exit 2.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { FAMILIES, checkLabels, createGame, type AnyGame } from '../engine.js';
import { ArgumentError } from '../contract/errors.js';
import { MAX_HASH_MB, parseOptionArgs, suggestCommand } from '../contract/args.js';
import { TABLE_FILE, canonicalJson, readTableHead } from '../solve/table-file.js';

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

/**
 * The option sets of `variant`'s tables in `dir`, from the metadata of their files (src/solve/table-file.ts:
 * Bagh Chal's movement-phase layers and the generic solver's layers; placement checkpoints are the whole-game
 * solve's own): one record per set, with the kind of tables that hold it. Unreadable and foreign files are
 * skipped; [] when `dir` cannot be read (loading the tables then says why).
 */
export function tableOptionSets(
  dir: string,
  variant: string,
): Array<{ kind: 'movement' | 'generic'; options: Record<string, string> }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const sets = new Map<string, { kind: 'movement' | 'generic'; options: Record<string, string> }>();
  for (const n of names) {
    if (!n.startsWith(`${variant}-`) || !TABLE_FILE.test(n)) continue;
    try {
      const { meta } = readTableHead(join(dir, n), 'table file');
      if (meta.variant !== variant || meta.kind === 'placement') continue;
      const options = Object.fromEntries(Object.entries(meta.options).map(([k, v]) => [k, String(v)]));
      sets.set(`${meta.kind} ${canonicalJson(options)}`, { kind: meta.kind, options });
    } catch {
      /* not a table file of ours: loading the tables names what is wrong with it */
    }
  }
  return [...sets.values()];
}

/**
 * The variant options of a command that uses the tables in `dir` (search, play, analyse and solve --position
 * with --tb-dir or --dir, tablebase probe): the `given` ones (--option), completed by the options in the
 * metadata of `variant`'s table files there (tableOptionSets) when exactly one set there agrees with them;
 * the given ones alone when none are there or several agree (the variant's defaults then choose, and loading
 * names a missing file). Throws ArgumentError when `dir` does not exist, or tables are there but every set
 * contradicts a given option (`flag`: the option naming `dir`, for the message).
 */
export function optionsWithTables(
  variant: string,
  dir: string,
  given: Record<string, string>,
  flag: string,
): Record<string, string> {
  if (!existsSync(dir)) {
    throw new ArgumentError(
      `${flag} ${dir}: no such directory (lattice solve and lattice tablebase build write the tables there)`,
    );
  }
  if (!statSync(dir).isDirectory()) throw new ArgumentError(`${flag} ${dir}: not a directory`);
  const sets = tableOptionSets(dir, variant);
  const agrees = (o: Record<string, string>) =>
    Object.keys(o).every((k) => given[k] === undefined || given[k] === o[k]);
  const fit = sets.filter((s) => agrees(s.options));
  if (fit.length === 1) return { ...fit[0]!.options, ...given };
  if (fit.length > 1 || sets.length === 0) return given;
  const words = (o: Record<string, string>) =>
    Object.keys(o).length === 0
      ? 'the default options'
      : Object.entries(o)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
  const clash = Object.keys(given)
    .filter((k) => sets.some((s) => s.options[k] !== undefined && s.options[k] !== given[k]))
    .map((k) => `--option ${k}=${given[k]}`);
  const build = sets[0]!.kind === 'movement' ? ['tablebase', 'build', variant] : ['solve', variant];
  const optionWords = Object.entries(given).flatMap(([k, v]) => ['--option', `${k}=${v}`]);
  throw new ArgumentError(
    `${clash.join(' ')} conflicts with the ${variant} tables in ${flag} ${dir}, which are for ` +
      `${sets.map((s) => words(s.options)).join('; ')}: leave it out to use them, or build the tables asked for ` +
      `with ${suggestCommand([...build, ...optionWords, '--dir', dir])}`,
  );
}

/** The game the common options describe (--labels checked for the variant). */
export function gameFor(variant: string, o: Common): Promise<AnyGame> {
  if (o.labels !== undefined) {
    checkLabels(variant, o.labels, '--labels');
  }
  const given = parseOptionArgs(o.option);
  return createGame(variant, {
    position: o.position,
    options: o.tbDir === undefined ? given : optionsWithTables(variant, o.tbDir, given, '--tb-dir'),
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
    cmd.option(
      '--tb-dir <dir>',
      'probe the tables in <dir> during the search (a solved game; Bagh Chal: the movement-phase tablebase, and ' +
        'the placement layers of `lattice solve bagh-chal --keep-placement`)',
    );
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
        if (seen) cmd.error(`error: ${opt.long} is given twice`, { exitCode: 2, code: 'lattice.repeatedOption' });
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
