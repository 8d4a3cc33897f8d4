// The test tiers: which files each one runs, by which npm script, and whether CI (.ci/run) runs it. The
// vitest configs take their `include` from here, and test/unit/tiers.test.ts checks that every test file
// under test/ belongs to exactly one tier, that package.json's scripts run these configs and .ci/run
// these scripts, and that README documents each script. README "Tests" says what each tier runs, how
// long it takes and what it needs.
import { availableParallelism } from 'node:os';

/**
 * One tier: the files `test/<dir>/**\/*<suffix>`, run by `npm run <script>` with `config`. A folder is a
 * kind of test (unit, reference, perft, property, process, browser, package); the slow and deep tiers
 * take files of any folder by their suffix (`*.slow.ts`, `*.deep.ts`: the slow half of a split file sits
 * beside its quick half).
 */
export interface Tier {
  name: string;
  /** the folder under test/, or `**` for any folder */
  dir: string;
  /** how its test files' names end */
  suffix: string;
  /** the npm script that runs it (`test` is `npm test`) */
  script: string;
  /** the vitest config of that script, from the repository root */
  config: string;
  /** whether .ci/run runs its script */
  ci: boolean;
}

export const TIERS: readonly Tier[] = [
  // npm test: needs only Node and the build
  { name: 'unit', dir: 'unit', suffix: '.test.ts', script: 'test', config: 'vitest.config.ts', ci: true },
  { name: 'reference', dir: 'reference', suffix: '.test.ts', script: 'test', config: 'vitest.config.ts', ci: true },
  { name: 'perft', dir: 'perft', suffix: '.test.ts', script: 'test', config: 'vitest.config.ts', ci: true },
  { name: 'property', dir: 'property', suffix: '.test.ts', script: 'test', config: 'vitest.config.ts', ci: true },
  { name: 'process', dir: 'process', suffix: '.test.ts', script: 'test', config: 'vitest.config.ts', ci: true },
  // each slower tier has a script of its own
  {
    name: 'browser',
    dir: 'browser',
    suffix: '.spec.ts',
    script: 'test:browser',
    config: 'test/browser/vitest.config.ts',
    ci: true,
  },
  {
    name: 'package',
    dir: 'package',
    suffix: '.test.ts',
    script: 'test:package',
    config: 'test/package/vitest.config.ts',
    ci: true,
  },
  {
    name: 'redis',
    dir: 'redis',
    suffix: '.test.ts',
    script: 'test:redis',
    config: 'test/redis/vitest.config.ts',
    ci: true,
  },
  { name: 'slow', dir: '**', suffix: '.slow.ts', script: 'test:slow', config: 'test/slow.config.ts', ci: true },
  { name: 'deep', dir: '**', suffix: '.deep.ts', script: 'test:deep', config: 'test/deep.config.ts', ci: false },
];

/** The include globs of the tiers `script` runs. */
export function includeOf(script: string): string[] {
  return TIERS.filter((t) => t.script === script).map((t) =>
    t.dir === '**' ? `test/**/*${t.suffix}` : `test/${t.dir}/**/*${t.suffix}`,
  );
}

/**
 * Test files run at a time by `npm test` and the slow tier: vitest's default is one fewer than the cores,
 * a single one on a 2-core machine, which leaves a core idle while a file runs; two keep both busy
 * (README "Tests" has the timings).
 */
export const WORKERS = Math.max(2, availableParallelism() - 1);

/** The global setup every tier's config uses: the run's own temporary directory, checked empty at the end. */
export const GLOBAL_SETUP = ['test/support/temp-guard.ts'];
