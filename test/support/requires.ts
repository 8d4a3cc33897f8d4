// What some tests need from the machine beyond Node and npm, and why they are skipped without it. A test
// skipped for want of something says so on stderr when its file is collected (`skipped: <what>: <why>`),
// so a run that skips is never silent about it (issue 19).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';

/** Chromium for the browser tier and the package tier's bundled apps: CHROMIUM_PATH, or Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why Chromium cannot be used here (a sentence naming the path and how to get it), or null when it can.
 * Under CI its absence is an error, not a skip: throws Error.
 */
export function chromiumMissing(): string | null {
  let why: string | null = null;
  if (!existsSync(CHROMIUM)) why = `no Chromium at ${CHROMIUM}`;
  else {
    try {
      accessSync(CHROMIUM, constants.X_OK);
    } catch {
      why = `${CHROMIUM} is not executable`;
    }
    if (why === null && statSync(CHROMIUM).isDirectory()) why = `${CHROMIUM} is a directory, not Chromium`;
  }
  if (why === null) return null;
  if (process.env.CI) throw new Error(`the browser tests must run in CI, but ${why}`);
  return `${why} (install Debian's chromium, e.g. apt-get install chromium, or set CHROMIUM_PATH)`;
}

/**
 * Why the `script` command (util-linux: it gives a command a terminal) cannot be used here, or null when
 * it can.
 */
export function scriptMissing(): string | null {
  return spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0
    ? null
    : 'no `script` command (util-linux), which gives the CLI a terminal';
}

/**
 * For `describe.skipIf` / `it.skipIf`: true when `reason` is not null, after printing
 * `skipped: <what>: <reason>` on stderr.
 */
export function skipping(what: string, reason: string | null): boolean {
  if (reason !== null) console.warn(`skipped: ${what}: ${reason}`);
  return reason !== null;
}

/** Debian's redis-server for the redis tier (npm run test:redis): REDIS_SERVER, else the one on PATH. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/**
 * Why redis-server cannot be used here (a sentence naming the command and how to get it), or null when
 * it can. Under CI its absence is an error, not a skip: throws Error (.ci/run installs it).
 */
export function redisMissing(): string | null {
  const r = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  if (r.status === 0 && /Redis server/.test(r.stdout)) return null;
  const why = `no ${REDIS_SERVER} to run (${r.error ? r.error.message : `exit ${r.status}`})`;
  if (process.env.CI) throw new Error(`the redis tests must run in CI, but ${why}`);
  return `${why} (install Debian's redis-server, e.g. apt-get install redis-server, or set REDIS_SERVER)`;
}
