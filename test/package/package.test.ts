// The package as its users get it (issue 8): `npm pack` of the built repository (`npm test` builds it
// first), installed from the tarball into a fresh project in a temporary directory; there the API, the
// subpath entries and their types, the worker and `npx lattice` run under Node, and one tiny web app is
// bundled from the installed package by Vite (`vite build` with no config file, and Vite's dev server
// with its dependency pre-bundling) and by webpack 5 (no config: entry src/index.js), then run in
// headless Chromium: a perft on the page and an EngineWorker search that is stopped. The bundlers come
// from this repository's devDependencies; the tarball's runtime dependencies from npm's cache or
// registry. The browser part is skipped, saying why, when Chromium is not installed (.ci/run installs
// Debian's chromium).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumMissing, skipping } from '../support/requires.js';
import baghChal from '../perft/bagh-chal.json' with { type: 'json' };

const repo = fileURLToPath(new URL('../..', import.meta.url));
const execFileP = promisify(execFile);
/** The start position's perft counts from test/perft/bagh-chal.json (the independent reference's). */
const START = baghChal.find((r) => r.id === 'start')!.depths as Record<string, number>;
const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/** This process's environment without what `npm test` adds for its own package (npm_package_*, ...). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^npm_/i.test(k) && !/^npm_config_(cache|registry|userconfig|globalconfig)$/i.test(k)) delete env[k];
  }
  delete env.INIT_CWD;
  delete env.NODE_ENV; // vitest sets "test"; a user's `vite build` runs without it
  return env;
}

async function run(
  cmd: string,
  args: string[],
  cwd: string,
  timeout = 120_000,
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await execFileP(cmd, args, { cwd, env: cleanEnv(), timeout, maxBuffer: 16 << 20 });
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: Array<{ path: string; size: number }>;
}

describe('the npm package, installed from its tarball', () => {
  let tmp = '';
  let app = '';
  let pack: PackInfo;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'lattice-pack-'));
    // --ignore-scripts: `npm test` has just built dist/ (pretest); `prepare` would rebuild it under the
    // other test files that use it. The build at pack time itself is `prepare` (npm pack runs it).
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], repo);
    pack = (JSON.parse(stdout) as PackInfo[])[0];
    app = join(tmp, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'lattice-consumer', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(tmp, pack.filename)], app);
    console.log(
      `lattice-engine tarball: ${pack.filename}, ${pack.size} bytes packed, ${pack.unpackedSize} unpacked, ${pack.entryCount} files`,
    );
  }, 180_000);
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('carries dist/ (JavaScript and types), the built core and the docs README links to, and nothing else', () => {
    const paths = pack.files.map((f) => f.path);
    for (const p of paths)
      expect(p).toMatch(
        /^(package\.json|README\.md|CHANGELOG\.md|docs\/[\w-]+\.(md|png)|LICENSE|dist\/src\/.+\.(js|d\.ts)|dist\/build\/lattice(\.wide)?(\.debug|\.shared)?\.(js|d\.ts|wasm)|dist\/web\/(index\.html|assets\/[\w.-]+\.(js|css|wasm|woff2|txt)))$/,
      );
    for (const p of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/cli/main.js',
      'dist/src/worker/client.d.ts',
      'dist/src/worker/engine-worker.js',
      'dist/src/solve/api.d.ts',
      'dist/build/lattice.wasm',
      'dist/build/lattice.js',
      'dist/build/lattice.shared.wasm',
      'dist/build/lattice.wide.wasm',
      'dist/build/lattice.wide.js',
      'dist/web/index.html',
      'dist/web/assets/piece-font-OFL.txt',
      'README.md',
      'docs/api.md',
      'docs/cli.md',
    ])
      expect(paths).toContain(p);
    // the page's font for the pieces' kanji (scripts/piece-font.ts), beside its licence
    expect(paths.filter((p) => /^dist\/web\/assets\/piece-font-[0-9a-f]+\.woff2$/.test(p))).toHaveLength(1);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/lattice-engine/package.json'), 'utf8'));
    expect(Object.keys(manifest.exports)).toEqual(['.', './worker', './tablebase', './package.json']);
  });

  it('runs the API, the subpath entries and the worker in a fresh Node project', async () => {
    writeFileSync(
      join(app, 'node-check.mjs'),
      `
      import { Game, EngineWorker } from 'lattice-engine';
      import { EngineWorker as FromWorkerEntry } from 'lattice-engine/worker';
      import { buildTablebase, countPositions, solveGame, TablebaseError } from 'lattice-engine/tablebase';
      import { createRequire } from 'node:module';
      const g = await Game.create('bagh-chal');
      const perft = g.perft(4);
      const search = g.search({ depth: 5 });
      const legal = g.legalMoves().includes(search.bestmove);
      const w = await EngineWorker.start({ variant: 'bagh-chal' });
      const depths = [];
      let stopAt = 0;
      const pending = w.search({ movetime: 60000, onIteration: (i) => { depths.push(i.depth); if (i.depth >= 4 && !stopAt) { stopAt = performance.now(); w.stop(); } } });
      const r = await pending;
      const stopMs = performance.now() - stopAt;
      const workerLegal = (await w.legalMoves()).includes(r.bestmove);
      await w.terminate();
      let internal = 'importable';
      try { await import('lattice-engine/dist/src/lattice/core/wasm.js'); } catch (e) { internal = e.code; }
      const version = createRequire(import.meta.url)('lattice-engine/package.json').version;
      console.log(JSON.stringify({ perft, legal, workerLegal, depths, stopMs, sameClass: FromWorkerEntry === EngineWorker,
        tablebase: [typeof buildTablebase, typeof countPositions, typeof solveGame, typeof TablebaseError], internal, version }));
    `,
    );
    const { stdout } = await run(process.execPath, ['node-check.mjs'], app, 60_000); // the process exits: nothing left running
    const r = JSON.parse(stdout);
    expect(r.perft).toBe(START['4']);
    expect(r.legal).toBe(true);
    expect(r.workerLegal).toBe(true);
    expect(r.depths.at(-1)).toBeGreaterThanOrEqual(4);
    expect(r.sameClass).toBe(true);
    expect(r.tablebase).toEqual(['function', 'function', 'function', 'function']);
    expect(r.internal).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(r.version).toMatch(/^\d+\.\d+\.\d+/);
    console.log(`worker stop latency in Node: ${r.stopMs.toFixed(1)} ms`);
  });

  it('type-checks a consumer of every entry (the exports map gives types)', async () => {
    writeFileSync(
      join(app, 'types-check.ts'),
      `
      import { Game, type SearchResult } from 'lattice-engine';
      import { EngineWorker } from 'lattice-engine/worker';
      import { buildTablebase, solveGame, type SolveOptions } from 'lattice-engine/tablebase';
      const g: Game = await Game.create('bagh-chal');
      const r: SearchResult = g.search({ depth: 2 });
      const w: EngineWorker = await EngineWorker.start({ variant: 'bagh-chal' });
      const o: SolveOptions = { dir: 'tb' };
      export const used = [r, w, o, buildTablebase, solveGame];
    `,
    );
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        '--types',
        'node',
        '--typeRoots',
        join(repo, 'node_modules/@types'),
        'types-check.ts',
      ],
      app,
    );
  });

  it('runs `npx lattice`', async () => {
    const { stdout } = await run('npx', ['--no', 'lattice', 'perft', 'bagh-chal', '3', '--json'], app);
    expect(JSON.parse(stdout)).toMatchObject({ variant: 'bagh-chal', depth: 3, nodes: START['3'] });
  });

  it('leaves out the Redis packages: bullmq and ioredis are optional peers, and `--redis` without them says what to install', async () => {
    expect(existsSync(join(app, 'node_modules/bullmq'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/ioredis'))).toBe(false);
    const args = ['--no', 'lattice', 'perft', 'bagh-chal', '3', '--redis', 'redis://127.0.0.1:9'];
    const r = await execFileP('npx', args, { cwd: app, env: cleanEnv(), timeout: 120_000 }).then(
      () => null,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(r, 'lattice perft --redis without bullmq and ioredis must fail').not.toBeNull();
    expect(r?.code).toBe(2);
    expect(r?.stderr).toMatch(
      /need the packages bullmq and ioredis, which are not installed .*npm install bullmq@\S+ ioredis@\S+/,
    );
  });

  it("solves a hunt game with `npx lattice solve --threads 2` (the generic solver's worker threads, from the installed package)", async () => {
    const dir = join(app, 'tables');
    const { stdout } = await run(
      'npx',
      ['--no', 'lattice', 'solve', 'catch-the-giant', '--threads', '2', '--dir', dir, '--json'],
      app,
    );
    // the published value (docs/solving.md: the default start is the dwarfs' in 28 plies)
    expect(JSON.parse(stdout)).toMatchObject({
      variant: 'catch-the-giant',
      value: { result: 'loss', plies: 28 },
      positions: 1400,
      layers: 1,
    });
  });

  it('serves the page with `npx lattice serve`, cross-origin isolated', async () => {
    const child = spawn(
      process.execPath,
      [join(app, 'node_modules/lattice-engine/dist/src/cli/main.js'), 'serve', '--port', '0'],
      { cwd: app, env: cleanEnv() },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const m = /(http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`lattice serve exited (${code})`)));
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(await res.text()).toMatch(/<div id="app">/);
    } finally {
      child.kill();
    }
  });

  describe.skipIf(skipping('the npm package in web apps bundled from it', chromiumMissing()))(
    `in web apps bundled from the installed package, in Chromium (${CHROMIUM})`,
    () => {
      let browser: import('playwright-core').BrowserContext;
      let profile = '';
      const servers: http.Server[] = [];

      beforeAll(async () => {
        mkdirSync(join(app, 'src'), { recursive: true });
        // the app: the page's own thread runs a perft and a search, then a worker search is stopped
        writeFileSync(
          join(app, 'src/index.js'),
          `
        import { Game, EngineWorker } from 'lattice-engine';
        async function main() {
          const g = await Game.create('bagh-chal');
          const perft = g.perft(4);
          const best = g.search({ depth: 4 }).bestmove;
          const w = await EngineWorker.start({ variant: 'bagh-chal' });
          const depths = [];
          let stopAt = 0;
          const t0 = performance.now();
          const r = await w.search({ movetime: 60000, onIteration: (i) => { depths.push(i.depth); if (i.depth >= 4 && !stopAt) { stopAt = performance.now(); w.stop(); } } });
          const end = performance.now();
          const legal = (await w.legalMoves()).includes(r.bestmove);
          await w.terminate();
          return { perft, best, worker: { legal, depths, ms: end - t0, stopMs: end - stopAt }, isolated: self.crossOriginIsolated };
        }
        main().then((r) => { document.title = 'OK ' + JSON.stringify(r); }, (e) => { document.title = 'ERR ' + (e && e.stack || e); });
      `,
        );
        writeFileSync(
          join(app, 'index.html'),
          '<!doctype html><html><head><title>loading</title><script type="module" src="/src/index.js"></script></head><body></body></html>',
        );
        const { chromium } = await import('playwright-core');
        profile = mkdtempSync(join(tmpdir(), 'lattice-chromium-'));
        browser = await chromium.launchPersistentContext(profile, {
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
      }, 60_000);
      afterAll(async () => {
        await browser?.close();
        await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
        if (profile) rmSync(profile, { recursive: true, force: true });
      });

      /** Serves `dir` cross-origin isolated (for the SharedArrayBuffer stop flag); resolves to its URL. */
      async function serve(dir: string): Promise<string> {
        const types: Record<string, string> = {
          '.js': 'text/javascript',
          '.html': 'text/html',
          '.wasm': 'application/wasm',
        };
        const server = http.createServer((req, res) => {
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          const file = normalize(join(dir, path === '/' ? 'index.html' : path));
          if (!file.startsWith(dir) || !existsSync(file)) {
            res.writeHead(404);
            res.end();
            return;
          }
          res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', ...ISOLATION });
          res.end(readFileSync(file));
        });
        servers.push(server);
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      }

      /** Opens the app at `url` and checks what it reports. */
      async function check(url: string, bundler: string): Promise<void> {
        const page = await browser.newPage();
        const failures: string[] = [];
        page.on('pageerror', (e) => failures.push(e.message));
        page.on('response', (r) => {
          if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failures.push(`HTTP ${r.status()} ${r.url()}`);
        });
        try {
          await page.goto(url);
          await page.waitForFunction(() => /^(OK|ERR)/.test(document.title), null, { timeout: 60_000 });
          const title = await page.title();
          expect(title, failures.join('\n')).toMatch(/^OK /);
          const r = JSON.parse(title.slice(3));
          expect(r.perft).toBe(START['4']);
          expect(typeof r.best).toBe('string');
          expect(r.isolated).toBe(true);
          expect(r.worker.legal).toBe(true);
          expect(r.worker.depths.at(-1)).toBeGreaterThanOrEqual(4);
          expect(r.worker.ms).toBeLessThan(30_000); // stopped, not run to its 60 s movetime
          expect(failures).toEqual([]);
          console.log(`${bundler}: worker stop latency in Chromium ${r.worker.stopMs.toFixed(1)} ms`);
        } finally {
          await page.close();
        }
      }

      it('Vite: `vite build` with no config file', async () => {
        const vite = join(repo, 'node_modules/vite/bin/vite.js');
        const { stdout, stderr } = await run(process.execPath, [vite, 'build'], app);
        // Vite's [PLUGIN_TIMINGS] notice (its plugins took most of a slow build: a loaded machine) is about
        // time, not the package: the rest of the output must say nothing
        const said = `${stdout}\n${stderr}`.replace(/\[PLUGIN_TIMINGS\][\s\S]*?bundlertimings[^\n]*/g, '');
        expect(said).not.toMatch(/\[plugin|externalized|\bwarn(ing)?\b|\berror\b/i);
        await check(await serve(join(app, 'dist')), 'vite build');
      });

      it("Vite's dev server (the package pre-bundled as an optimized dependency)", async () => {
        const { createServer } = await import('vite');
        const server = await createServer({
          root: app,
          configFile: false,
          logLevel: 'error',
          clearScreen: false,
          server: { host: '127.0.0.1', port: 0, hmr: false, headers: ISOLATION },
        });
        try {
          await server.listen();
          await check(server.resolvedUrls!.local[0], 'vite dev');
          expect(existsSync(join(app, 'node_modules/.vite/deps/lattice-engine.js'))).toBe(true); // it was pre-bundled
        } finally {
          await server.close();
        }
      });

      it('webpack 5 with no configuration', async () => {
        const { default: webpack } = await import('webpack');
        const out = join(app, 'dist-webpack');
        // the defaults (entry ./src/index.js), but the output next to the app rather than in this cwd
        const stats = await new Promise<import('webpack').Stats>((resolve, reject) =>
          webpack({ mode: 'production', context: app, output: { path: out } }, (err, s) =>
            err || !s ? reject(err) : resolve(s),
          ),
        );
        // no errors and no warnings but webpack's size advice (the worker bundle carries the engine, the
        // WebAssembly core and zod, past its 244 KiB recommendation)
        const info = stats.toJson({ all: false, errors: true, warnings: true });
        expect(info.errors ?? []).toEqual([]);
        const sizeAdvice = /asset size limit|entrypoint size limit|performance recommendations/i;
        expect((info.warnings ?? []).map((w) => w.message).filter((m) => !sizeAdvice.test(m))).toEqual([]);
        writeFileSync(
          join(out, 'index.html'),
          '<!doctype html><html><head><title>loading</title><script src="main.js"></script></head><body></body></html>',
        );
        await check(await serve(out), 'webpack');
      });
    },
  );
});
