/**
 * The option combinations that mean nothing, for every command in one table (COMBINATIONS), checked in one
 * place before any command runs (checkCombinations: a preAction hook of the program, program.ts). Each is
 * refused with one message form, an ArgumentError (main.ts: one line on stderr, exit 2):
 *
 *   --nodes means nothing without --position (lattice solve: the node limit is the proof search's)
 *
 * An option counts as given when it is on the command line (commander's value source 'cli'), not when it
 * only has its default. The combinations that depend on the variant (--estimate for Bagh Chal's own
 * solver, --labels for a game without labels) are refused where the variant is known, by the command.
 */
import type { Command, Option } from 'commander';
import { ArgumentError } from '../contract/errors.js';

/** One combination that means nothing. */
export interface Combination {
  /** The command as typed after `lattice`: 'solve', 'tablebase build'. */
  command: string;
  /** The option that means nothing (its long name: '--nodes'). */
  option: string;
  /** 'without': it means nothing unless `other` is given; 'with': it means nothing when `other` is given. */
  when: 'with' | 'without';
  /** The other option (long name). */
  other: string;
  /** Why, in a few words: the end of the message. */
  why: string;
}

/** Every combination of options that means nothing, by command. */
export const COMBINATIONS: readonly Combination[] = [
  {
    command: 'perft',
    option: '--split',
    when: 'without',
    other: '--redis',
    why: 'the tree is split into jobs for the workers',
  },
  { command: 'play', option: '--quiet', when: 'with', other: '--json', why: '--json prints no boards' },
  { command: 'play', option: '--labels', when: 'with', other: '--json', why: '--json prints no boards' },
  { command: 'analyse', option: '--labels', when: 'with', other: '--json', why: '--json prints no boards' },
  {
    command: 'solve',
    option: '--nodes',
    when: 'without',
    other: '--position',
    why: "the node limit is the proof search's",
  },
  {
    command: 'solve',
    option: '--hash',
    when: 'without',
    other: '--position',
    why: "the transposition table is the proof search's",
  },
  {
    command: 'solve',
    option: '--estimate',
    when: 'with',
    other: '--position',
    why: "--estimate sizes the generic solver's layers; --position proves one position",
  },
  {
    command: 'solve',
    option: '--verify',
    when: 'with',
    other: '--position',
    why: "--verify checks the generic solver's tables; --position proves one position",
  },
  {
    command: 'solve',
    option: '--generic',
    when: 'with',
    other: '--position',
    why: 'the proof search runs over the tablebases already built, by no solver',
  },
  {
    command: 'solve',
    option: '--threads',
    when: 'with',
    other: '--position',
    why: 'the proof search runs on one thread',
  },
  {
    command: 'solve',
    option: '--redis',
    when: 'with',
    other: '--position',
    why: '--redis solves layers on the workers; --position proves one position here',
  },
  {
    command: 'solve',
    option: '--verify',
    when: 'with',
    other: '--estimate',
    why: '--estimate solves nothing to verify',
  },
  {
    command: 'solve',
    option: '--redis',
    when: 'with',
    other: '--estimate',
    why: "--estimate prints the layers' sizes here and solves nothing",
  },
  { command: 'solve', option: '--tb-dir', when: 'with', other: '--dir', why: '--tb-dir is another name of --dir' },
  {
    command: 'solve',
    option: '--keep-placement',
    when: 'with',
    other: '--position',
    why: '--keep-placement keeps the layers of the whole-game solve; --position proves one position',
  },
  {
    command: 'solve',
    option: '--stop-at',
    when: 'with',
    other: '--position',
    why: '--stop-at ends the whole-game solve early; --position proves one position',
  },
];

/** The command's name as typed after `lattice` ('tablebase build'). */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The option of `cmd` with this long name, or undefined. */
export const optionOf = (cmd: Command, long: string): Option | undefined =>
  cmd.options.find((o) => o.long === long && !o.negate);

/** The message every refused combination has. */
export function combinationMessage(c: Combination): string {
  return `${c.option} means nothing ${c.when} ${c.other} (lattice ${c.command}: ${c.why})`;
}

/**
 * Refuses the first combination of COMBINATIONS that the command line of `cmd` (parsed, before its
 * action runs) holds: ArgumentError with combinationMessage. Throws a plain Error when the table names an
 * option the command does not have (a mistake in the table, caught by its test).
 */
export function checkCombinations(cmd: Command): void {
  const path = commandPath(cmd);
  const given = (long: string): boolean => {
    const opt = optionOf(cmd, long);
    if (!opt) throw new Error(`COMBINATIONS: lattice ${path} has no option ${long}`);
    return cmd.getOptionValueSource(opt.attributeName()) === 'cli';
  };
  for (const c of COMBINATIONS) {
    if (c.command !== path || !given(c.option)) continue;
    if (given(c.other) === (c.when === 'with')) throw new ArgumentError(combinationMessage(c));
  }
}
