/**
 * `lattice serve`: the page (built into dist/web by `npm run build`) over HTTP, cross-origin isolated
 * (COOP/COEP headers) so the engine worker's stop flag (a SharedArrayBuffer) works in the browser. With
 * a tablebase directory it also answers `/api/probe` with the tablebase verdict of a position. Node only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { ArgumentError, LatticeError } from './contract/errors.js';
import { createGame, familyOf, type AnyGame } from './engine.js';

/** Options of startServer. */
export interface ServeOptions {
  /** TCP port, 0..65535 (0: any free port); default 8080. */
  port?: number;
  /** Interface to listen on; default '127.0.0.1' (this machine only). */
  host?: string;
  /** Directory of movement-phase tablebase files (`lattice tablebase build`): enables /api/probe. */
  tbDir?: string;
  /** Directory of the built page; default dist/web of this package. */
  root?: string;
  /** Send the cross-origin isolation headers (default true; false serves a plain static site). */
  isolation?: boolean;
}

/**
 * A running server: its URL (`http://127.0.0.1:8080/`), the address and port it listens on (the port
 * chosen when 0 was asked for), whether it sends the isolation headers and answers /api/probe, and how
 * to stop it.
 */
export interface RunningServer {
  url: string;
  host: string;
  port: number;
  isolated: boolean;
  tablebase: boolean;
  close(): Promise<void>;
}

/** The headers that make the page cross-origin isolated (SharedArrayBuffer, hence EngineWorker.stop()). */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/**
 * The built page's directory: dist/web beside dist/src (the installed package, or the repository
 * after `npm run build`). Throws ArgumentError saying to build when it is missing.
 */
export function pageRoot(): string {
  // dist/src/serve.js -> dist/web; src/serve.ts (tests run the sources) -> dist/web, not src/web (the sources of the
  // page)
  for (const rel of ['../web/', '../dist/web/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(dir + 'index.html') && existsSync(dir + 'assets')) return dir;
  }
  throw new ArgumentError('the page is not built: run `npm run build` (it writes dist/web)');
}

/**
 * Starts the server. Resolves once it listens; rejects with ArgumentError for a bad port, a missing
 * page or tablebase directory, or an address in use (saying which).
 */
export async function startServer(opts: ServeOptions = {}): Promise<RunningServer> {
  const port = opts.port ?? 8080;
  const host = opts.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ArgumentError(`port must be an integer 0..65535, got ${String(port)}`);
  const root = opts.root ?? pageRoot();
  if (!existsSync(root)) throw new ArgumentError(`no page directory ${root}`);
  if (opts.tbDir !== undefined && !(existsSync(opts.tbDir) && statSync(opts.tbDir).isDirectory())) {
    throw new ArgumentError(`--tb-dir ${opts.tbDir} is not a directory`);
  }
  const isolation = opts.isolation ?? true;
  const statics = sirv(root, {
    dev: false,
    etag: true,
    single: false,
    setHeaders: (res) => {
      if (isolation) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
    },
  });
  const probe = opts.tbDir === undefined ? null : new Prober(opts.tbDir);
  // with a tablebase, the page is told so by a meta tag (a static copy of the page has none)
  const page =
    probe &&
    readFileSync(join(root, 'index.html'), 'utf8').replace(
      '<head>',
      '<head>\n<meta name="lattice-tablebase" content="api/probe">',
    );
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      void api(url, res, probe, isolation);
      return;
    }
    if (page && (url.pathname === '/' || url.pathname === '/index.html')) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      if (isolation) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
      res.end(page);
      return;
    }
    statics(req, res, () => notFound(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new ArgumentError(`${host}:${port} is in use: choose another --port`)
          : err.code === 'EADDRNOTAVAIL'
            ? new ArgumentError(`cannot listen on ${host}: no such address here`)
            : err,
      );
    });
    server.listen(port, host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}/`,
    host: addr.address,
    port: addr.port,
    isolated: isolation,
    tablebase: probe !== null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('not found');
}

function json(res: ServerResponse, status: number, body: unknown, isolation: boolean): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (isolation) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
  res.end(JSON.stringify(body));
}

/**
 * `/api/info` → `{ tablebase: boolean }`; `/api/probe?v=<variant>&o.<option>=<value>&pos=<position>` →
 * `{ probe: { wdl, dtm, bestmove, line } | null }` (null: not a movement-phase position) or
 * `{ error }` with status 400 (a bad request: bad position, a variant without tablebases, no --tb-dir).
 */
async function api(url: URL, res: ServerResponse, probe: Prober | null, isolation: boolean): Promise<void> {
  if (url.pathname === '/api/info') {
    json(res, 200, { tablebase: probe !== null }, isolation);
    return;
  }
  if (url.pathname !== '/api/probe') {
    json(res, 404, { error: `no API ${url.pathname}` }, isolation);
    return;
  }
  if (!probe) {
    json(res, 400, { error: 'the server was started without --tb-dir' }, isolation);
    return;
  }
  try {
    const variant = url.searchParams.get('v') ?? '';
    const position = url.searchParams.get('pos') ?? '';
    const options: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (k.startsWith('o.')) options[k.slice(2)] = v;
    json(res, 200, { probe: await probe.probe(variant, options, position) }, isolation);
  } catch (err) {
    json(res, 400, { error: err instanceof LatticeError ? err.message : `internal error: ${String(err)}` }, isolation);
  }
}

/**
 * Loaded tablebases, one game per variant and options (loading takes a while: kept for later probes),
 * of a family with tablebases (its games implement probe()).
 */
class Prober {
  private readonly games = new Map<string, Promise<AnyGame>>();
  constructor(private readonly dir: string) {}

  async probe(variant: string, options: Record<string, string>, position: string) {
    if (familyOf(variant)?.tablebases !== true) throw new ArgumentError(`${variant} has no tablebases`);
    const key = JSON.stringify([variant, options]);
    let g = this.games.get(key);
    if (!g) {
      g = createGame(variant, { options, tbDir: this.dir });
      this.games.set(key, g);
      g.catch(() => this.games.delete(key));
    }
    const game = await g;
    game.setPosition(position);
    return game.probe!();
  }
}
