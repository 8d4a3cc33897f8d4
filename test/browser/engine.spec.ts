// The engine in a real browser (headless Chromium through playwright-core): the API on the page's main
// thread, and EngineWorker as a module Web Worker with progress, a stop through SharedArrayBuffer
// (the page is served cross-origin isolated) of a search and of a perft, errors that keep their class, and a
// terminate() that settles. The repository's dist/ is served by Vite's dev server, which resolves the bare imports
// (comlink) for the page and the worker as any bundler would; the installed package in bundled apps is
// test/package/package.test.ts's. Skipped, saying why, when Chromium is not installed (.ci/run installs Debian's
// chromium; under CI its absence is an error).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumMissing, skipping } from '../support/requires.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe.skipIf(skipping('the engine in a browser', chromiumMissing()))(`in a browser (${CHROMIUM})`, () => {
  let server: ViteDevServer;
  let base = '';
  let cacheDir = '';
  beforeAll(async () => {
    // made here, not when the file is collected: a skipped suite runs no afterAll to remove it
    cacheDir = mkdtempSync(join(tmpdir(), 'lattice-vite-'));
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'error',
      cacheDir,
      clearScreen: false,
      optimizeDeps: { entries: ['test/browser/page.html'] },
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

  it('runs the API on the page and as a stoppable Web Worker', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
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
    try {
      const page = await browser.newPage();
      await page.goto(base + '/test/browser/page.html');
      await page.waitForFunction(() => /^(OK|ERR)/.test(document.title), null, { timeout: 60_000 });
      const title = await page.title();
      expect(title).toMatch(/^OK /);
      const r = JSON.parse(title.slice(3));
      expect(r.main).toEqual({ perft: 18592000, best: expect.any(String), maka: 6400 });
      expect(r.isolated).toBe(true);
      expect(r.worker.legal).toBe(true);
      expect(r.worker.iterations).toBeGreaterThan(0);
      expect(r.worker.ms).toBeLessThan(20_000);
      expect(r.worker.quickStopMs).toBeLessThan(5_000); // a lost stop ran the whole 60 s
      expect(r.worker.secondDepth).toBe(4);
      expect(r.worker.parseError).toBe(true);
      expect(r.worker.terminated).toBe(true);
      expect(typeof r.makaWorker).toBe('string');
      // the worker's perft and divide report progress and stop on request (issue 19)
      expect(r.perftWorker.perft4).toBe(68204);
      expect(r.perftWorker.reports).toBe(Array.from({ length: 21 }, (_, i) => i + 1).join(','));
      expect(r.perftWorker.divideReports).toBe(21);
      expect(r.perftWorker.stopped).toBe(true);
      expect(r.perftWorker.stopMs).toBeLessThan(20_000);
      expect(r.perftWorker.after).toBe(5052);
    } finally {
      await browser.close();
    }
  });
});
