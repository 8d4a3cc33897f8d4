// What the browser suites share: Debian's Chromium (or CHROMIUM_PATH) driven by playwright-core, and
// `lattice serve --port 0` started from the built package (dist/). A suite is skipped when Chromium is
// absent, saying why (test/support/requires.ts), except under CI, where its absence is an error.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, chromiumMissing, skipping } from '../support/requires.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
/** Why Chromium cannot be used here, or null (test/support/requires.ts; under CI its absence throws). */
export const noChromium = chromiumMissing();
export { CHROMIUM, skipping };

/** Starts `lattice serve --port 0` and reads its URL from the first line it prints. */
export function serve(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['dist/src/cli/main.js', 'serve', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
    });
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /lattice serve: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`lattice serve exited (${code}): ${err}`)));
  });
}

/** Launches headless Chromium. */
export async function launch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Sends console errors, page errors and failed requests of page `p` to `problems` (a suite checks it last). */
export function watch(p: Page, problems: string[]): void {
  p.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  p.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
}

/** Resolves when the page shows a game and is not busy. */
export const ready = (p: Page) => p.waitForSelector('#app[data-ready=true]', { timeout: 60_000 });
/** The ply shown. */
export const ply = async (p: Page) => Number(await p.getAttribute('#app', 'data-ply'));
/** The moves of the move list box. */
export const moves = async (p: Page) => (await p.inputValue('#moves-box')).split(' ').filter(Boolean);
/** Resolves when the engine is not thinking. */
export const idle = (p: Page) => p.waitForSelector('#app[data-thinking=false]', { timeout: 60_000 });
/** Clicks the board cell named `cell`. */
export const click = (p: Page, cell: string) => p.click(`[data-point="${cell}"]`);
