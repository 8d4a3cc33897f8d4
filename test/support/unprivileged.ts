// Running the CLI where file permissions apply, for the tests of permission errors (a tablebase file or
// directory that may not be read). Root ignores permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so
// under root the command runs either as root without those two capabilities (setpriv, util-linux: it still
// reads the repository wherever it is cloned, as its owner) or as user 65534 (nobody), who cannot read a
// clone inside a 0700 directory (as `mktemp -d` makes). Each way is tried on a probe first: the CLI must
// run, and a file of mode 000 must not be readable. When none works the tests say why and are skipped.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A way to run `node <args>` with file permissions applied, or why there is none. */
export type Unprivileged =
  | {
      how: string;
      run: (args: string[], options?: SpawnSyncOptions) => { code: number | null; out: string; err: string };
    }
  | { how: null; reason: string };

const DROP = ['--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search'];

/**
 * Finds how to run `node <cli> ...` with file permissions applied: as is when not root; as root without
 * CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (setpriv); as user 65534. `probeArgs` are CLI arguments that
 * must succeed (exit 0) for a way to count.
 */
export function unprivileged(cli: string, probeArgs: string[]): Unprivileged {
  const spawnOf =
    (prefix: string[], ids: SpawnSyncOptions) =>
    (args: string[], options: SpawnSyncOptions = {}) => {
      const [file, ...rest] = prefix.length ? [...prefix, process.execPath, ...args] : [process.execPath, ...args];
      const r = spawnSync(file!, rest, { encoding: 'utf8', timeout: 60_000, ...ids, ...options });
      return {
        code: r.status,
        out: String(r.stdout ?? ''),
        err: String(r.stderr ?? '') || (r.error ? r.error.message : ''),
      };
    };
  const ways: Array<{ how: string; run: ReturnType<typeof spawnOf> }> =
    process.getuid?.() !== 0
      ? [{ how: 'as this user', run: spawnOf([], {}) }]
      : [
          {
            how: 'as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (setpriv)',
            run: spawnOf(['setpriv', ...DROP], {}),
          },
          { how: 'as user 65534 (nobody)', run: spawnOf([], { uid: 65534, gid: 65534 }) },
        ];
  const dir = mkdtempSync(join(tmpdir(), 'lattice-perm-'));
  const tried: string[] = [];
  try {
    chmodSync(dir, 0o755);
    const locked = join(dir, 'locked');
    writeFileSync(locked, 'x');
    chmodSync(locked, 0o000);
    const readsLocked =
      "try { require('node:fs').readFileSync(process.argv[1]); process.exit(3); } catch (e) { process.exit(e.code === 'EACCES' ? 0 : 4); }";
    for (const way of ways) {
      const cliRuns = way.run([cli, ...probeArgs]);
      if (cliRuns.code !== 0) {
        const lines = cliRuns.err.trim().split('\n');
        tried.push(
          `${way.how}: the CLI did not run (exit ${cliRuns.code}: ${lines.find((l) => /error/i.test(l))?.trim() ?? lines[0] ?? 'no message'})`,
        );
        continue;
      }
      const denied = way.run(['-e', readsLocked, locked]);
      if (denied.code !== 0) {
        tried.push(
          `${way.how}: a file of mode 000 was ${denied.code === 3 ? 'readable' : `not tested (exit ${denied.code})`}`,
        );
        continue;
      }
      return way;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { how: null, reason: `no way to run the CLI with file permissions applied: ${tried.join('; ')}` };
}
