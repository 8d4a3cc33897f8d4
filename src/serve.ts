/**
 * `lattice serve`: the page (built into dist/web by `npm run build`) over HTTP, cross-origin isolated
 * (COOP/COEP headers) so the engine worker's stop flag (a SharedArrayBuffer) works in the browser. With
 * a tablebase directory (checked at start: TableDir) it also answers `/api/probe` with the tablebase
 * verdict of a position, or says that the directory holds no tables for its game. Node only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { ArgumentError, LatticeError, TablebaseError } from './contract/errors.js';
import { checkGameArgs, createGame, familyOf, listVariants, type AnyGame } from './engine.js';
import { readTableHead, type TableMeta } from './solve/table-file.js';
import { solverFor } from './solve/seam.js';

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
 * chosen when 0 was asked for), whether it sends the isolation headers and answers /api/probe, the sets
 * of tables its --tb-dir held at start (none without one), and how to stop it.
 */
export interface RunningServer {
  url: string;
  host: string;
  port: number;
  isolated: boolean;
  tablebase: boolean;
  tables: TableSet[];
  close(): Promise<void>;
}

/**
 * One set of tables in a tablebase directory: the variant and the option values they were built for
 * (strings, as the table files' headers give them: the options the tables depend on), and the solver
 * that wrote them: `movement` (Bagh Chal's movement-phase layers, `lattice tablebase build`) or
 * `generic` (the layers of a game `lattice solve` solved).
 */
export interface TableSet {
  variant: string;
  options: Record<string, string>;
  kind: 'movement' | 'generic';
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
 * page, an address in use (saying which), or a tablebase directory that cannot be read or holds no table
 * files or an incomplete set of them; with TablebaseError for a table file in it whose header is unusable
 * (TableDir.open: the checks `lattice tablebase probe` makes of the files it reads).
 */
export async function startServer(opts: ServeOptions = {}): Promise<RunningServer> {
  const port = opts.port ?? 8080;
  const host = opts.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ArgumentError(`port must be an integer 0..65535, got ${String(port)}`);
  const root = opts.root ?? pageRoot();
  if (!existsSync(root)) throw new ArgumentError(`no page directory ${root}`);
  const tables = opts.tbDir === undefined ? null : TableDir.open(opts.tbDir);
  const isolation = opts.isolation ?? true;
  const statics = sirv(root, {
    dev: false,
    etag: true,
    single: false,
    setHeaders: (res) => {
      if (isolation) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
    },
  });
  const probe = tables && new Prober(tables);
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
    tables: tables ? tables.sets() : [],
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
 * `/api/info` → `{ tablebase, tables }` (tables: the TableSets of --tb-dir now, none without one);
 * `/api/probe?v=<variant>&o.<option>=<value>&pos=<position>` → `{ probe: { wdl, dtm, bestmove, line } | null,
 * tables, why? }` (Prober.probe: `tables` false with `why` when --tb-dir holds none for the game; `probe`
 * null with `why` for a position outside its tables), or `{ error }` with status 400 for a bad request
 * (a parameter missing or unknown, an unknown variant, a bad option or position, no --tb-dir) and 500
 * when the directory's tables cannot be read.
 */
async function api(url: URL, res: ServerResponse, probe: Prober | null, isolation: boolean): Promise<void> {
  if (url.pathname === '/api/info') {
    try {
      json(res, 200, { tablebase: probe !== null, tables: probe ? probe.tables.sets() : [] }, isolation);
    } catch (err) {
      json(res, 500, { error: errorText(err) }, isolation);
    }
    return;
  }
  if (url.pathname !== '/api/probe') {
    json(res, 404, { error: `no API ${url.pathname} (there are /api/info and /api/probe)` }, isolation);
    return;
  }
  if (!probe) {
    json(res, 400, { error: 'the server was started without --tb-dir' }, isolation);
    return;
  }
  const q = url.searchParams;
  const unknown = [...q.keys()].find((k) => k !== 'v' && k !== 'pos' && !k.startsWith('o.'));
  const variant = q.get('v') ?? '';
  const position = q.get('pos') ?? '';
  const missing = unknown !== undefined ? null : variant === '' ? 'v' : position === '' ? 'pos' : null;
  if (unknown !== undefined || missing !== null) {
    const usage = 'api/probe?v=<variant>&pos=<position>[&o.<option>=<value>...]';
    const what =
      unknown !== undefined
        ? `unknown parameter "${unknown}"`
        : `the parameter ${missing} (${missing === 'v' ? 'the variant' : 'the position'}) is missing or empty`;
    json(res, 400, { error: `${what}: ask ${usage}` }, isolation);
    return;
  }
  const options: Record<string, string> = {};
  for (const [k, v] of q) if (k.startsWith('o.')) options[k.slice(2)] = v;
  try {
    json(res, 200, await probe.probe(variant, options, position), isolation);
  } catch (err) {
    // the request's fault (variant, options, position) or the directory's (its tables cannot be read)
    const server = err instanceof TablebaseError || !(err instanceof LatticeError);
    json(res, server ? 500 : 400, { error: errorText(err) }, isolation);
  }
}

/** An error's message for an API answer (an error not of ours is called internal). */
function errorText(err: unknown): string {
  return err instanceof LatticeError ? err.message : `internal error: ${String(err)}`;
}

/** `k=v k2=v2`, or `the default options` for none: an option set in words. */
function optionWords(o: Record<string, string>): string {
  const kv = Object.entries(o);
  return kv.length === 0 ? 'the default options' : kv.map(([k, v]) => `${k}=${v}`).join(' ');
}

/** Two option values the same: equal texts, or equal whole numbers (`5`, `05`). */
function sameValue(a: string, b: string): boolean {
  return a === b || (/^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b));
}

/** The header of a table file read, kept while the file's size and time stay the same. */
interface FileHead {
  stamp: string;
  /** The variant the file's name begins with (the longest such id), or null. */
  variant: string | null;
  meta: TableMeta | null;
  problem: string | null;
}

/**
 * A tablebase directory (`lattice serve --tb-dir`): the sets of tables its files hold, read from their
 * headers only (table-file.ts readTableHead). open() checks it once at start; sets() and problems() read
 * the directory again when it has changed since (its modification time), so tables built while the
 * server runs are found. Files of other kinds (placement checkpoints, temporary files) are left out.
 */
export class TableDir {
  private stamp = '';
  private readonly heads = new Map<string, FileHead>();
  private found: TableSet[] = [];
  private broken: Array<{ variant: string | null; problem: string }> = [];

  private constructor(readonly dir: string) {}

  /**
   * The directory at `dir`, checked: ArgumentError when it does not exist, is not a directory, may not
   * be read, holds no table files (saying how to build some), or holds a movement-phase set that lacks
   * layers; TablebaseError naming the first table file whose header is unusable (damaged, truncated, of
   * an unknown format).
   */
  static open(dir: string): TableDir {
    if (dir.trim() === '') throw new ArgumentError('--tb-dir is empty: give the directory of the table files');
    const t = new TableDir(dir);
    const arg = /^[\w./~-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, `'\\''`)}'`;
    const build =
      `build some with "lattice tablebase build <variant> --dir ${arg}" or ` + `"lattice solve <variant> --dir ${arg}"`;
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(dir);
    } catch {
      throw new ArgumentError(`--tb-dir ${dir}: no such directory (${build})`);
    }
    if (!st.isDirectory()) throw new ArgumentError(`--tb-dir ${dir} is not a directory`);
    const problems = t.problems();
    if (problems.length > 0) {
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more unusable)` : '';
      throw new TablebaseError(`--tb-dir ${dir}: ${problems[0]}${more}`);
    }
    if (t.sets().length === 0) {
      // table files one level down: the directory meant was likely that one
      const below = readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(dir, e.name))
        .filter((d) => {
          try {
            return readdirSync(d).some((n) => n.endsWith('.lttb') || n.endsWith('.lgs'));
          } catch {
            return false;
          }
        });
      const hint = below.length > 0 ? `; its subdirectory ${below[0]} has some: give that as --tb-dir` : '';
      throw new ArgumentError(`--tb-dir ${dir} holds no table files (${build})${hint}`);
    }
    const incomplete = t.incomplete();
    if (incomplete) throw new ArgumentError(`--tb-dir ${dir}: ${incomplete}`);
    return t;
  }

  /** The sets of tables the directory holds now (a movement set whose layers are not all there included). */
  sets(): TableSet[] {
    this.scan();
    return this.found;
  }

  /**
   * What is wrong with the table files that cannot be used (those whose names begin with `variant`'s id
   * when given), one sentence each, in file order; none when all are sound.
   */
  problems(variant?: string): string[] {
    this.scan();
    return this.broken.filter((b) => variant === undefined || b.variant === variant).map((b) => b.problem);
  }

  /**
   * The first movement-phase set that lacks some of its layers, in words (layers 0..captures-to-win-1
   * must all be there), or null.
   */
  incomplete(variant?: string, options?: Record<string, string>): string | null {
    for (const s of this.sets()) {
      if (s.kind !== 'movement' || (variant !== undefined && s.variant !== variant)) continue;
      if (options && !Object.entries(s.options).every(([k, v]) => sameValue(v, options[k] ?? ''))) continue;
      const ctw = Number(s.options['captures-to-win']);
      const have = new Set(
        [...this.heads.values()]
          .map((h) => h.meta)
          .filter((m) => m?.kind === 'movement' && m.variant === s.variant && m.options['captures-to-win'] === ctw)
          .map((m) => (m as Extract<TableMeta, { kind: 'movement' }>).layer.captured),
      );
      const lack = Array.from({ length: ctw }, (_, c) => c).filter((c) => !have.has(c));
      if (lack.length > 0) {
        const n = lack.length;
        return (
          `the ${s.variant} tables for ${optionWords(s.options)} lack ${n === 1 ? 'the layer' : `${n} layers:`} ` +
          `${lack.map((c) => `c${c}`).join(', ')} (run "lattice tablebase build ${s.variant} ` +
          `--option captures-to-win=${ctw} --dir ${this.dir}")`
        );
      }
    }
    return null;
  }

  /** Reads the directory again when it changed: the header of each table file new or changed since. */
  private scan(): void {
    let names: string[];
    let stamp: string;
    try {
      const st = statSync(this.dir);
      stamp = `${st.mtimeMs}`;
      if (stamp === this.stamp) return;
      names = readdirSync(this.dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'EACCES' || code === 'EPERM' ? 'no permission to read it' : (err as Error).message;
      throw new ArgumentError(`--tb-dir ${this.dir} cannot be read: ${why}`);
    }
    const seen = new Set<string>();
    const ids = listVariants().map((v) => v.id);
    for (const name of names.sort()) {
      if (!name.endsWith('.lttb') && !name.endsWith('.lgs')) continue; // tables; not checkpoints, not temp files
      seen.add(name);
      const path = join(this.dir, name);
      let fileStamp: string;
      try {
        const st = statSync(path);
        if (!st.isFile()) continue;
        fileStamp = `${st.size}:${st.mtimeMs}`;
      } catch {
        continue; // gone since the listing
      }
      if (this.heads.get(name)?.stamp === fileStamp) continue;
      const variant = ids.filter((id) => name.startsWith(`${id}-`)).sort((a, b) => b.length - a.length)[0] ?? null;
      try {
        const { meta } = readTableHead(path, 'table file');
        this.heads.set(name, { stamp: fileStamp, variant, meta, problem: null });
      } catch (err) {
        this.heads.set(name, { stamp: fileStamp, variant, meta: null, problem: errorText(err) });
      }
    }
    for (const name of [...this.heads.keys()]) if (!seen.has(name)) this.heads.delete(name);
    const sets = new Map<string, TableSet>();
    const broken: Array<{ variant: string | null; problem: string }> = [];
    for (const h of this.heads.values()) {
      if (h.problem !== null) broken.push({ variant: h.variant, problem: h.problem });
      const m = h.meta;
      if (!m || (m.kind !== 'movement' && m.kind !== 'generic')) continue;
      const options = Object.fromEntries(Object.entries(m.options).map(([k, v]) => [k, String(v)]));
      const set: TableSet = { variant: m.variant, options, kind: m.kind };
      sets.set(JSON.stringify([set.variant, set.kind, Object.entries(options).sort()]), set);
    }
    this.found = [...sets.values()].sort((a, b) => (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0));
    this.broken = broken.sort((a, b) => (a.problem < b.problem ? -1 : 1));
    this.stamp = stamp;
  }
}

/** A probe's answer (see api): the verdict, or why there is none. */
export interface ProbeAnswer {
  probe: { wdl: 'win' | 'draw' | 'loss'; dtm: number | null; bestmove: string | null; line: string[] } | null;
  /** False when the directory holds no tables for the game (its variant and options): `why` says so. */
  tables: boolean;
  why?: string;
}

/**
 * Loaded tablebases, one game per variant and options (loading takes a while: kept for later probes),
 * of a family with tablebases (its games implement probe()), for the games the directory has tables of.
 */
class Prober {
  private readonly games = new Map<string, Promise<AnyGame>>();
  constructor(readonly tables: TableDir) {}

  /**
   * The verdict of `position` in `variant` under `options` (strings, as a URL gives them). Throws
   * UnknownVariantError, OptionError or ParseError for a bad request, TablebaseError (or ArgumentError)
   * when the directory's tables for the game cannot be read; a game without tables there is an answer.
   */
  async probe(variant: string, options: Record<string, string>, position: string): Promise<ProbeAnswer> {
    checkGameArgs(variant, { options });
    const listing = listVariants().find((v) => v.id === variant)!;
    const none = (why: string): ProbeAnswer => ({ probe: null, tables: false, why });
    if (familyOf(variant)!.tablebases !== true) return none(`there are no tablebases of ${listing.name}`);
    const dir = `the server's --tb-dir`;
    const damaged = this.tables.problems(variant);
    if (damaged.length > 0) throw new TablebaseError(damaged[0]!);
    const resolved = Object.fromEntries(listing.options.map((o) => [o.name, options[o.name] ?? String(o.default)]));
    const mine = this.tables.sets().filter((s) => s.variant === variant);
    if (mine.length === 0) return none(`${dir} holds no tables of ${listing.name}`);
    const fits = mine.filter((s) => Object.entries(s.options).every(([k, v]) => sameValue(v, resolved[k] ?? '')));
    if (fits.length === 0) {
      const keys = [...new Set(mine.flatMap((s) => Object.keys(s.options)))];
      const here = Object.fromEntries(keys.map((k) => [k, resolved[k] ?? '']));
      return none(
        `${dir} holds ${listing.name} tables for ${mine.map((s) => optionWords(s.options)).join('; ')}, ` +
          `not for ${optionWords(here)}`,
      );
    }
    const incomplete = this.tables.incomplete(variant, resolved);
    if (incomplete) return none(incomplete);
    const key = JSON.stringify([variant, Object.entries(resolved).sort()]);
    let g = this.games.get(key);
    if (!g) {
      g = createGame(variant, { options, tbDir: this.tables.dir });
      this.games.set(key, g);
      g.catch(() => this.games.delete(key));
    }
    let game: AnyGame;
    try {
      game = await g;
    } catch (err) {
      // the tables assume rules the game's options change (repetition=forbid): none for this game
      if (err instanceof ArgumentError) return none(err.message);
      throw err;
    }
    game.setPosition(position); // ParseError: a bad request
    const p = game.probe!(); // a family with tablebases implements probe()
    return p ? { probe: p, tables: true } : { probe: null, tables: true, why: solverFor(variant, options).notInTables };
  }
}
