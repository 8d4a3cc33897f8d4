// The CLI's options (issue 35, class 6): the one table of option combinations that mean nothing
// (src/cli/combinations.ts) walked row by row through the real parser (src/cli/program.ts, every action a
// no-op): each listed combination refused with the one message form, each option alone accepted; and every
// command a message suggests copyable as is: the words inside its quotes parse as a `lattice` command, nothing
// of the command follows the closing quote (the misplaced quote of `"lattice solve x --dir D" --option k=v`),
// and a missing table's suggestion asks for the options of the tables that were looked for.
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { COMBINATIONS, combinationMessage, commandPath, optionOf } from '../../src/cli/combinations.js';
import { optionsWithTables } from '../../src/cli/args.js';
import { noWorkers } from '../../src/cli/jobs.js';
import { ArgumentError, noTablebaseError } from '../../src/contract/errors.js';
import { suggestCommand } from '../../src/contract/args.js';
import { HuntSolver } from '../../src/solve/generic.js';
import { createGame } from '../../src/engine.js';

const dirs: string[] = [];
/** A temporary directory whose name has a space and a quote: the suggestions must quote it. */
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "lattice opt's "));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The commands that run (no subcommands), each with its path after `lattice`. */
function leaves(c: Command): Command[] {
  return c.commands.length === 0 ? [c] : c.commands.flatMap(leaves);
}

/** The program with every action a no-op and no output: parsing only (and the checks before an action). */
function parser(): Command {
  const p = buildProgram();
  const quiet = (c: Command) => {
    c.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
    c.commands.forEach(quiet);
  };
  quiet(p);
  for (const c of leaves(p)) c.action(() => {});
  return p;
}
/** Parses `words` (what follows `lattice`); rejects with the parser's error. */
const parse = async (words: string[]) => {
  await parser().parseAsync(words, { from: 'user' });
};

/** A value each option taking one accepts. */
const SAMPLE: Record<string, string> = {
  '--position': '1/3/1G1/D1D/D G - -',
  '--redis': 'redis://127.0.0.1:1',
  '--labels': 'codes',
  '--option': 'stall-limit=3',
  '--dir': 'd',
  '--tb-dir': 'd',
  '--host': '127.0.0.1',
  '--variant': 'catch-the-giant',
  '--lock-ms': '30000',
};
const POSITIONAL: Record<string, string> = { variant: 'catch-the-giant', depth: '3', position: 'x', dir: 'd' };

/** The words of command `c` with its positionals and mandatory options (sample values). */
function base(c: Command): string[] {
  return [
    ...commandPath(c).split(' '),
    ...c.registeredArguments.map((a) => POSITIONAL[a.name()] ?? 'x'),
    ...c.options.filter((o) => o.mandatory).flatMap((o) => [o.long!, SAMPLE[o.long!] ?? '2']),
  ];
}
/** The words giving option `long` of `c`. */
function give(c: Command, long: string): string[] {
  const o = optionOf(c, long) ?? c.options.find((x) => x.long === long)!;
  return o.required || o.optional ? [long, SAMPLE[long] ?? '2'] : [long];
}

describe('the table of option combinations that mean nothing', () => {
  const program = buildProgram();
  const byPath = new Map(leaves(program).map((c) => [commandPath(c), c]));

  it('names commands and options that exist, each row once', () => {
    const seen = new Set<string>();
    for (const r of COMBINATIONS) {
      const c = byPath.get(r.command);
      expect(c, r.command).toBeDefined();
      expect(optionOf(c!, r.option), `${r.command} ${r.option}`).toBeDefined();
      expect(optionOf(c!, r.other), `${r.command} ${r.other}`).toBeDefined();
      expect(r.option).not.toBe(r.other);
      const key = `${r.command} ${r.option} ${r.other}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(COMBINATIONS.length).toBeGreaterThanOrEqual(14);
  });

  it('refuses every listed combination with the one message form, before the command runs', async () => {
    for (const r of COMBINATIONS) {
      const c = byPath.get(r.command)!;
      const words = [...base(c), ...give(c, r.option), ...(r.when === 'with' ? give(c, r.other) : [])];
      const e = await parse(words).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e, words.join(' ')).toBeInstanceOf(ArgumentError);
      expect((e as Error).message).toBe(combinationMessage(r));
      expect((e as Error).message).toMatch(
        /^--[a-z-]+ means nothing (with|without) --[a-z-]+ \(lattice [a-z ]+: .+\)$/,
      );
    }
  });

  it('accepts a "without" option once the option it needs is there', async () => {
    for (const r of COMBINATIONS.filter((x) => x.when === 'without')) {
      const c = byPath.get(r.command)!;
      await expect(parse([...base(c), ...give(c, r.option), ...give(c, r.other)])).resolves.toBeUndefined();
    }
  });

  it('accepts every option of every command alone (a default is not "given")', async () => {
    const needs = new Set(COMBINATIONS.filter((r) => r.when === 'without').map((r) => `${r.command} ${r.option}`));
    let n = 0;
    for (const [path, c] of byPath) {
      if (path === 'help') continue;
      await expect(parse(base(c)), path).resolves.toBeUndefined();
      for (const o of c.options) {
        if (o.long === '--help' || o.mandatory || needs.has(`${path} ${o.long}`)) continue;
        await expect(parse([...base(c), ...give(c, o.long!)]), `${path} ${o.long}`).resolves.toBeUndefined();
        n++;
      }
    }
    expect(n).toBeGreaterThan(50);
  });
});

/** The shell's words of a suggested command line (plain words and single quotes, as suggestCommand writes). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const j = line.indexOf("'", i + 1);
      if (j < 0) throw new Error(`an unclosed quote in ${line}`);
      cur = (cur ?? '') + line.slice(i + 1, j);
      i = j;
    } else if (ch === '\\') {
      cur = (cur ?? '') + line[++i];
    } else if (ch === ' ') {
      if (cur !== null) words.push(cur);
      cur = null;
    } else if ('"$`;&|<>()*?'.includes(ch)) {
      throw new Error(`${ch} unquoted in ${line}`);
    } else cur = (cur ?? '') + ch;
  }
  if (cur !== null) words.push(cur);
  return words;
}

/**
 * Checks every command `message` suggests ("lattice ..." in double quotes): it parses, and no option of it
 * follows the closing quote. Returns each one's words after `lattice`.
 */
async function checkSuggestions(message: string): Promise<string[][]> {
  const found: string[][] = [];
  for (const m of message.matchAll(/"(lattice [^"]*)"/g)) {
    const after = message.slice(m.index + m[0].length);
    expect(after, `an option after the quote in: ${message}`).not.toMatch(/^\s*--/);
    const words = shellWords(m[1]!).slice(1);
    await expect(parse(words), m[1]).resolves.toBeUndefined();
    found.push(words);
  }
  return found;
}
/** The `--option` values of suggested words. */
const optionsOf = (words: string[]) =>
  Object.fromEntries(words.flatMap((w, i) => (words[i - 1] === '--option' ? [w.split('=')] : [])));
const messageOf = async (p: Promise<unknown>) =>
  p.then(
    () => '',
    (e: unknown) => (e as Error).message,
  );

describe('the commands messages suggest', () => {
  it('a missing layer of a solved game: the suggestion has the options inside its quotes, the directory quoted', async () => {
    const dir = tempDir();
    const s = await HuntSolver.create('catch-the-giant', { 'giant-start': 'a3' });
    const msg = await messageOf(Promise.resolve().then(() => s.load(dir)));
    expect(msg).toMatch(/: missing \(solve with "lattice solve catch-the-giant /);
    const [words] = await checkSuggestions(msg);
    expect(words).toBeDefined();
    expect(optionsOf(words!)).toEqual({ 'giant-start': 'a3', 'stall-limit': 'off' });
    expect(words![words!.indexOf('--dir') + 1]).toBe(dir);
    // the misplaced quote of issue 35 is caught
    await expect(
      checkSuggestions('x (solve with "lattice solve catch-the-giant --dir D" --option a=b)'),
    ).rejects.toThrow(/an option after the quote/);
  });

  it('a misnamed layer file is named beside the missing one', async () => {
    const dir = tempDir();
    const s = await HuntSolver.create('catch-the-giant', { 'stall-limit': 3 });
    await s.solve({ dir, threads: 1 });
    const [file] = readdirSync(dir).filter((n) => n.endsWith('.lgs'));
    renameSync(join(dir, file!), join(dir, `${file}.bak`));
    const t = await HuntSolver.create('catch-the-giant', { 'stall-limit': 3 });
    const msg = await messageOf(Promise.resolve().then(() => t.load(dir)));
    expect(msg).toContain(`${file}: missing`);
    expect(msg).toContain(`named like a layer of catch-the-giant but by none of these tables' names: ${file}.bak`);
    await checkSuggestions(msg);
    renameSync(join(dir, `${file}.bak`), join(dir, file!));
    // the tables' options from their metadata; a contradicting --option refused with a suggestion that parses
    expect(optionsWithTables('catch-the-giant', dir, {}, '--tb-dir')).toEqual({
      'giant-start': 'b3',
      'stall-limit': '3',
    });
    expect(optionsWithTables('catch-the-giant', dir, { repetition: 'none' }, '--tb-dir')).toMatchObject({
      'stall-limit': '3',
      repetition: 'none',
    });
    const clash = await messageOf(
      Promise.resolve().then(() => optionsWithTables('catch-the-giant', dir, { 'stall-limit': '2' }, '--tb-dir')),
    );
    expect(clash).toMatch(
      /^--option stall-limit=2 conflicts with the catch-the-giant tables in --tb-dir .*stall-limit=3/,
    );
    const [words] = await checkSuggestions(clash);
    expect(optionsOf(words!)).toEqual({ 'stall-limit': '2' });
    expect(() => optionsWithTables('catch-the-giant', join(dir, 'none'), {}, '--tb-dir')).toThrow(
      /^--tb-dir .*none: no such directory/,
    );
    // a game searched with --tb-dir plays by those options
    const g = await createGame('catch-the-giant', {
      options: optionsWithTables('catch-the-giant', dir, {}, '--tb-dir'),
      tbDir: dir,
    });
    expect(g.probe!()?.wdl).toBe('win');
  });

  it("a missing movement-phase layer, a directory without tables, the workers' and the other games' advice", async () => {
    const dir = tempDir();
    const moving = await messageOf(createGame('bagh-chal', { options: { 'captures-to-win': '3' }, tbDir: dir }));
    expect(moving).toMatch(/is missing: run "lattice tablebase build bagh-chal --option captures-to-win=3 --dir /);
    const [words] = await checkSuggestions(moving);
    expect(optionsOf(words!)).toEqual({ 'captures-to-win': '3' });
    const empty = await messageOf(
      buildProgram().parseAsync(['tablebase', 'probe', 'x', '--dir', dir], { from: 'user' }),
    );
    expect(empty).toMatch(/holds no tablebase layer files/);
    expect(await checkSuggestions(empty)).toHaveLength(2);
    const none = await messageOf(
      buildProgram().parseAsync(['tablebase', 'probe', 'x', '--dir', join(dir, 'no such')], { from: 'user' }),
    );
    expect(none).toMatch(/no such directory/);
    expect(await checkSuggestions(none)).toHaveLength(2);
    const big = await messageOf(
      buildProgram().parseAsync(['solve', 'tibetan-1', '--option', 'repetition=none', '--dir', dir], { from: 'user' }),
    );
    expect(big).toMatch(/does not fit this solver/);
    const [estimate] = await checkSuggestions(big);
    expect(estimate).toEqual(['solve', 'tibetan-1', '--estimate', '--option', 'repetition=none']);
    expect(await checkSuggestions(noWorkers('redis://127.0.0.1:6379'))).toHaveLength(1);
    expect(await checkSuggestions(noTablebaseError('catch-the-giant').message)).toHaveLength(1);
    expect(suggestCommand(['solve', 'x', '--dir', "a b'c"])).toBe(`"lattice solve x --dir 'a b'\\''c'"`);
    expect(shellWords(suggestCommand(['solve', 'x', '--dir', "a b'c"]).slice(1, -1))).toEqual([
      'lattice',
      'solve',
      'x',
      '--dir',
      "a b'c",
    ]);
  });
});
