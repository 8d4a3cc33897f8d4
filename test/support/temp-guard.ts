// The global setup of every tier (vitest.config.ts, test/browser/ and test/package/vitest.config.ts,
// test/slow.config.ts, test/deep.config.ts): the run gets a temporary directory of its own, made the
// TMPDIR of every test file and of every process they start (os.tmpdir() reads it), and whatever a test
// leaves in it fails the run, by name, before the directory is removed. A test removes what it creates (afterAll / finally); this checks that it did
// (issue 19: /tmp/lattice-user-*, lattice-worker-*, lattice-pl-* piled up, dozens after a few runs).
// Runs of other checkouts on the same machine use directories of their own, so they cannot disturb the
// count. The directory's mode is 0711: another user (the CLI's permission test may run as one) can reach
// a path inside it but not list it.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The name of a run's directory under the system's temporary directory: `lattice-run-XXXXXX`. */
export const RUN_DIR_PREFIX = 'lattice-run-';

/**
 * What a test run left in `dir`: one line per entry, `name` (a directory with its entries counted), sorted.
 * Empty when nothing was left.
 */
export function leftovers(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).map((e) =>
    e.isDirectory() ? `${e.name}/ (${readdirSync(join(dir, e.name)).length} entries)` : e.name).sort();
}

/**
 * vitest globalSetup: makes the run's temporary directory and sets TMPDIR to it; returns the teardown,
 * which lists what is left there (exit code 1 and one stderr line per entry when anything is), then
 * removes the directory whatever it holds.
 */
export default function setup(): () => void {
  const outer = tmpdir();
  const dir = mkdtempSync(join(outer, RUN_DIR_PREFIX));
  chmodSync(dir, 0o711);
  process.env.TMPDIR = dir;
  return () => {
    const left = leftovers(dir);
    rmSync(dir, { recursive: true, force: true });
    process.env.TMPDIR = outer;
    if (left.length === 0) return;
    console.error(`\nthe tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in their temporary directory (${dir}, now removed); ` +
      'each test must remove what it creates:\n' + left.map((l) => `  ${l}`).join('\n'));
    process.exitCode = 1;
  };
}
