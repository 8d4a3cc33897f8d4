// The engine in a real browser (headless Chromium through playwright-core): the API on the page's main
// thread, and EngineWorker as a module Web Worker with progress, a stop through SharedArrayBuffer (the
// page is served cross-origin isolated), errors that keep their class, and a terminate() that settles.
// Skipped, saying why, when Chromium is not installed (.ci/run installs Debian's chromium).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

describe.skipIf(!existsSync(CHROMIUM))(`in a browser (${CHROMIUM})`, () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = join(root, path === '/' ? 'test/browser/page.html' : path);
      if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
      try {
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp',
        });
        res.end(body);
      } catch { res.writeHead(404); res.end(); }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('runs the API on the page and as a stoppable Web Worker', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(base + '/');
      await page.waitForFunction(() => /^(OK|ERR)/.test(document.title), null, { timeout: 60_000 });
      const title = await page.title();
      expect(title).toMatch(/^OK /);
      const r = JSON.parse(title.slice(3));
      expect(r.main).toEqual({ perft: 18592000, best: expect.any(String), maka: 6400 });
      expect(r.isolated).toBe(true);
      expect(r.worker.legal).toBe(true);
      expect(r.worker.iterations).toBeGreaterThan(0);
      expect(r.worker.ms).toBeLessThan(20_000);
      expect(r.worker.parseError).toBe(true);
      expect(r.worker.terminated).toBe(true);
      expect(typeof r.makaWorker).toBe('string');
    } finally {
      await browser.close();
    }
  });
});
