// The conformance suite (test/support/conformance.ts) in headless Chromium: the in-process game on the page and
// EngineWorker as a module Web Worker give the same outcome for every case, for Bagh Chal and Maka Dai Dai; the
// worker's own cases (a stop flag refused, an async callback's rejection) hold too. The page
// (test/browser/conformance.html) is served with the repository's dist/ by Vite's dev server, cross-origin
// isolated, as test/browser/engine.spec.ts does. Skipped, saying why, when Chromium is not installed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_MS } from '../support/conformance.js';
import { CHROMIUM, chromiumMissing, skipping } from '../support/requires.js';
import { launch } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe.skipIf(skipping('the conformance suite in a browser', chromiumMissing()))(`in a browser (${CHROMIUM})`, () => {
  let server: ViteDevServer;
  let base = '';
  let cacheDir = '';
  beforeAll(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'lattice-vite-'));
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'error',
      cacheDir,
      clearScreen: false,
      optimizeDeps: { entries: ['test/browser/conformance.html'] },
      server: {
        host: '127.0.0.1',
        port: 0,
        strictPort: false,
        hmr: false,
        headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
      },
    });
    await server.listen();
    base = server.resolvedUrls!.local[0].replace(/\/$/, '');
  });
  afterAll(async () => {
    await server?.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  it('EngineWorker (a module Web Worker) behaves as the in-process game (issue 35)', async () => {
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(base + '/test/browser/conformance.html');
      await page.waitForFunction(() => /^(OK|ERR)/.test(document.title), null, { timeout: 10 * CASE_MS });
      const title = await page.title();
      expect(title).toMatch(/^OK /);
      const r = JSON.parse(title.slice(3));
      expect(r.isolated).toBe(true);
      expect(r.diffs).toEqual({ 'bagh-chal': [], 'maka-dai-dai': [] });
      expect(r.counts['bagh-chal']).toBeGreaterThan(100);
      expect(r.workerOnly).toEqual([]);
      expect(r.create).toEqual([]);
      expect(r.unhandled).toEqual([]);
      // an async callback's rejection is the run's, never an unhandled one on the page
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
