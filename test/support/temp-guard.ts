// The global setup of every tier (vitest.config.ts, test/browser/ and test/package/vitest.config.ts,
// test/slow.config.ts, test/deep.config.ts): the run gets a temporary directory of its own, made the
// TMPDIR of every test file and of every process they start (os.tmpdir() reads it), and whatever a test
// leaves in it fails the run, by name, before the directory is removed. A test removes what it creates
// (afterAll / finally); this checks that it did (issue 19: /tmp/lattice-user-*, lattice-worker-*,
// lattice-pl-* piled up, dozens after a few runs). Runs of other checkouts on the same machine use
// directories of their own, so they cannot disturb the count. The directory's mode is 0711: another user
// (the CLI's permission test may run as one) can reach a path inside it but not list it. A run that was
// killed (no teardown) leaves its directory: the next run removes the directories of runs whose process
// is gone (the name carries the process id; a /tmp shared with another process namespace would need
// more than that).
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The name of a run's directory under the system's temporary directory: `lattice-run-<pid>-XXXXXX`. */
export const RUN_DIR_PREFIX = 'lattice-run-';

/** Whether process `pid` exists (signal 0 checks without sending; EPERM: it exists, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the run directories in `outer` left by runs that were killed (their process is gone); returns
 * their names. Directories it may not remove (another user's) are left.
 */
export function removeStale(outer: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(outer)) {
    const m = new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name);
    if (!m || alive(Number(m[1]))) continue;
    try {
      rmSync(join(outer, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      /* not ours */
    }
  }
  return removed;
}

/**
 * What a test run left in `dir`: one line per entry, `name` (a directory with its entries counted), sorted.
 * Empty when nothing was left.
 */
export function leftovers(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? `${e.name}/ (${readdirSync(join(dir, e.name)).length} entries)` : e.name))
    .sort();
}

/**
 * vitest globalSetup: removes the directories of killed runs, makes the run's temporary directory and
 * sets TMPDIR to it; returns the teardown,
 * which lists what is left there (exit code 1 and one stderr line per entry when anything is), then
 * removes the directory whatever it holds.
 */
export default function setup(): () => void {
  const outer = tmpdir();
  if (!existsSync(outer))
    throw new Error(`the temporary directory ${outer} does not exist (TMPDIR): the tests need one to write in`);
  removeStale(outer);
  const dir = mkdtempSync(join(outer, `${RUN_DIR_PREFIX}${process.pid}-`));
  chmodSync(dir, 0o711);
  process.env.TMPDIR = dir;
  return () => {
    const left = leftovers(dir);
    rmSync(dir, { recursive: true, force: true });
    process.env.TMPDIR = outer;
    if (left.length === 0) return;
    console.error(
      `\nthe tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in their temporary directory (${dir}, now removed); ` +
        'each test must remove what it creates:\n' +
        left.map((l) => `  ${l}`).join('\n'),
    );
    process.exitCode = 1;
  };
}
