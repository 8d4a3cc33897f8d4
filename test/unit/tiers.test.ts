// The test tiers (test/support/tiers.ts, README "Tests"): the layout of test/ shows what runs where.
// Every test file belongs to exactly one tier (a file no config includes would never run; one two configs
// include would run twice); each tier's npm script runs its config, whose include is the tier's; .ci/run
// runs `npm test` and the script of every tier CI runs (and not the manual ones); README starts with the
// two commands of a fresh machine and documents every script. And the temporary-directory guard every
// config uses (test/support/temp-guard.ts) reports what a run leaves behind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { GLOBAL_SETUP, TIERS, includeOf } from '../support/tiers.js';
import setupTempGuard, { RUN_DIR_PREFIX, removeStale } from '../support/temp-guard.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (f: string) => readFileSync(join(root, f), 'utf8');
/** Every file under test/, as a path from the repository root. */
const files = readdirSync(join(root, 'test'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => relative(root, join(e.parentPath, e.name)))
  .sort();
/** Files vitest would take for tests anywhere: the suffixes the tiers use, and vitest's default ones. */
const TESTLIKE = /\.(test|spec|slow|deep)\.[cm]?[jt]sx?$/;
const tiersOf = (f: string) =>
  TIERS.filter((t) => (t.dir === '**' || f.startsWith(`test/${t.dir}/`)) && f.endsWith(t.suffix));
const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;

describe('the test tiers', () => {
  it('every test file under test/ belongs to exactly one tier', () => {
    const testFiles = files.filter((f) => TESTLIKE.test(f));
    expect(testFiles.length).toBeGreaterThan(40);
    expect(
      testFiles
        .filter((f) => tiersOf(f).length !== 1)
        .map(
          (f) =>
            `${f}: ${
              tiersOf(f)
                .map((t) => t.name)
                .join(', ') || 'no tier'
            }`,
        ),
    ).toEqual([]);
    // and every tier has files
    expect(TIERS.filter((t) => !testFiles.some((f) => tiersOf(f).includes(t))).map((t) => t.name)).toEqual([]);
  });

  it("the folders of test/ are the tiers' and support/ (helpers; no test file in it); beside them only the configs of the tiers that span folders", () => {
    const dirs = readdirSync(join(root, 'test'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(dirs).toEqual([...new Set([...TIERS.map((t) => t.dir).filter((d) => d !== '**'), 'support'])].sort());
    expect(files.filter((f) => !f.slice('test/'.length).includes('/'))).toEqual(
      TIERS.filter((t) => t.dir === '**')
        .map((t) => t.config)
        .sort(),
    );
  });

  it("each tier's script runs its config, which includes the tier's files and checks the temporary directory", () => {
    for (const t of TIERS) {
      const script = scripts[t.script];
      expect(script, `package.json script ${t.script}`).toBeDefined();
      if (t.config === 'vitest.config.ts') expect(script, t.script).toBe('vitest run');
      else expect(script, t.script).toMatch(new RegExp(`vitest run --config ${t.config.replace(/\./g, '\\.')}$`));
      const config = read(t.config);
      expect(config, t.config).toContain(`include: includeOf('${t.script}')`);
      expect(config, t.config).toContain('globalSetup: GLOBAL_SETUP');
      expect(includeOf(t.script)).toContain(t.dir === '**' ? `test/**/*${t.suffix}` : `test/${t.dir}/**/*${t.suffix}`);
    }
    for (const f of GLOBAL_SETUP) expect(existsSync(join(root, f)), f).toBe(true);
    // every tier builds first unless the build is current (npm test through its pretest)
    for (const t of TIERS.filter((x) => x.script !== 'test'))
      expect(scripts[t.script], t.script).toMatch(/^node test\/support\/build-if-stale\.mjs && /);
    expect(scripts.pretest).toBe('node test/support/build-if-stale.mjs');
  });

  it('.ci/run runs npm test and the script of every CI tier, and no manual one (and the linters first)', () => {
    const all = read('.ci/run')
      .split('\n')
      .map((l) => l.trim());
    expect(all).toContain('npm run lint'); // the formatter, the linters and the import rules (not a test tier)
    const commands = all.filter((l) => /^npm (test|run )/.test(l) && l !== 'npm run lint');
    const ci = [
      ...new Set(TIERS.filter((t) => t.ci).map((t) => (t.script === 'test' ? 'npm test' : `npm run ${t.script}`))),
    ];
    expect(commands).toEqual(ci);
    for (const t of TIERS.filter((x) => !x.ci)) expect(commands).not.toContain(`npm run ${t.script}`);
  });

  it("README starts with the two commands of a fresh machine and documents every tier's script", () => {
    const readme = read('README.md');
    const first = /```sh\n([\s\S]*?)```/.exec(readme)![1]!.trim().split('\n');
    expect(first).toEqual(['npm ci && npm start', 'npm test']);
    const tests = readme.slice(readme.indexOf('\n## Tests'), readme.indexOf('\n## ', readme.indexOf('\n## Tests') + 1));
    expect(tests.length).toBeGreaterThan(100);
    for (const t of TIERS) {
      expect(tests, t.name).toContain(t.script === 'test' ? '`npm test`' : `\`npm run ${t.script}\``);
      expect(tests, t.name).toContain(`test/${t.dir}/`);
    }
  });
});

describe('the temporary-directory guard (test/support/temp-guard.ts)', () => {
  it('gives the run a directory of its own, and fails the run naming what is left in it, which it removes', () => {
    const outer = process.env.TMPDIR;
    const exitCode = process.exitCode;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const teardown = setupTempGuard();
      const dir = process.env.TMPDIR!;
      expect(dir.startsWith(join(outer ?? tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`))).toBe(true);
      expect(tmpdir()).toBe(dir);
      mkdirSync(join(dir, 'lattice-user-abc'));
      writeFileSync(join(dir, 'lattice-user-abc', 'x'), '');
      writeFileSync(join(dir, 'stray.json'), '');
      teardown();
      expect(process.env.TMPDIR).toBe(outer ?? tmpdir());
      expect(existsSync(dir)).toBe(false);
      expect(process.exitCode).toBe(1);
      expect(errors.mock.calls.flat().join('\n')).toMatch(
        /left 2 entries[\s\S]*lattice-user-abc\/ \(1 entries\)\n {2}stray\.json/,
      );

      process.exitCode = exitCode;
      const clean = setupTempGuard();
      const cleanDir = process.env.TMPDIR!;
      clean();
      expect(existsSync(cleanDir)).toBe(false);
      expect(process.exitCode).toBe(exitCode);
    } finally {
      errors.mockRestore();
      process.exitCode = exitCode;
      if (outer === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = outer;
    }
  });
});

describe('the temporary-directory guard after a killed run', () => {
  it('removes the run directories whose process is gone, and no other', () => {
    const outer = mkdtempSync(join(tmpdir(), 'lattice-stale-'));
    try {
      const gone = spawnSync(process.execPath, ['-e', '0']).pid!; // exited: its pid names no process
      for (const name of [`${RUN_DIR_PREFIX}${gone}-abc`, `${RUN_DIR_PREFIX}${process.pid}-def`, 'lattice-other'])
        mkdirSync(join(outer, name));
      writeFileSync(join(outer, `${RUN_DIR_PREFIX}${gone}-abc`, 'left'), '');
      expect(removeStale(outer)).toEqual([`${RUN_DIR_PREFIX}${gone}-abc`]);
      expect(readdirSync(outer).sort()).toEqual(['lattice-other', `${RUN_DIR_PREFIX}${process.pid}-def`].sort());
    } finally {
      rmSync(outer, { recursive: true, force: true });
    }
  });
});
