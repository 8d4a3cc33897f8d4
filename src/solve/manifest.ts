/**
 * Table manifests (issue 37 item 2): what a solved game's table files are, so that a copy or a fresh solve can
 * be checked against them. One manifest per solved game and option set, `<set>.manifest.json` in the table
 * directory beside its files, where `<set>` is the files' common name prefix:
 *
 *   - Bagh Chal's movement-phase tablebase: `bagh-chal-ctw5` for the files `bagh-chal-ctw5-c<captured>.lttb`
 *     (buildTablebase writes it, and so solveGame for each captures-to-win it builds);
 *   - the generic solver's layers: `<variant>-<options tag>` for `<variant>-<tag>-c..-h..-e....lgs`
 *     (HuntSolver.solve writes it, with the start position's value).
 *
 * The manifest is JSON (checked by zod on read: ManifestSchema): the variant, the options the tables depend on,
 * the game's value (the start position's, for the side to move; null for a tablebase without a start, Bagh
 * Chal's movement phase), and per file its name, size in bytes, SHA-256, its layer and counts (positions, wins,
 * draws, losses for the side to move and the longest distance in plies, as the file's own metadata holds them:
 * table-file.ts) and the run that wrote it: `runs` lists each run (the code's commit, whether its source tree
 * had changes, the package version, the command, the date), a file points at its run by index, or holds null
 * when it was loaded from an earlier run that left no manifest (or written by another process: a distributed
 * job). It is written atomically (temp file, fsync, rename) at the end of a build or solve.
 *
 * checkTables compares a directory with a manifest: every listed file's size and SHA-256, the listed files
 * missing, and the files of the set (its prefix and extension) that the manifest does not list.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ArgumentError, ManifestError, TablebaseError } from '../contract/errors.js';
import { shellWord } from '../contract/args.js';
import { canonicalJson, fileFailure, readFailure, readTableHead, writeAtomic, type TableMeta } from './table-file.js';

/** The name every manifest ends with. */
export const MANIFEST_SUFFIX = '.manifest.json';
/** The `format` field of a manifest of this version. */
export const MANIFEST_FORMAT = 'lattice-engine table manifest';
export const MANIFEST_VERSION = 1;

const Count = z.number().int().nonnegative();
/** A plain file name: no directory part, no leading dot (a manifest never points outside its directory). */
const FileName = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/, 'a plain file name (letters, digits, . _ -)');
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in 64 lowercase hex digits');

/** A run of a solver that wrote files or the manifest. */
const RunSchema = z.strictObject({
  /** The commit of the code (git HEAD of the package's checkout), or null outside a git checkout of it. */
  commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .nullable(),
  /** True when the checkout's src/ or assembly/ had changes not committed; null when unknown. */
  dirty: z.boolean().nullable(),
  /** The package's version. */
  version: z.string(),
  /** The command line (`lattice ...`) or the API call and its process. */
  command: z.string(),
  /** When the run wrote the manifest (ISO 8601, UTC). */
  date: z.string(),
});

const CountsSchema = z.strictObject({
  positions: Count,
  wins: Count,
  draws: Count,
  losses: Count,
  longest: Count,
  /** Movement-phase tables: the same per side to move (the file's metadata). */
  toMove: z
    .strictObject({
      prey: z.strictObject({ distinct: Count, wins: Count, losses: Count, draws: Count }),
      hunters: z.strictObject({ distinct: Count, wins: Count, losses: Count, draws: Count }),
    })
    .optional(),
});

const FileSchema = z.strictObject({
  name: FileName,
  bytes: Count,
  sha256: Sha256,
  /** The layer as the file's metadata names it (table-file.ts). */
  layer: z.record(z.string(), z.unknown()),
  counts: CountsSchema,
  /** Index into `runs` of the run that wrote the file, or null: loaded from a run that left no record. */
  run: Count.nullable(),
});

export const ManifestSchema = z.strictObject({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  kind: z.enum(['movement', 'generic']),
  variant: z.string().min(1),
  /** The options the tables depend on, as their files' metadata holds them. */
  options: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The files of the set are `<prefix>-...<extension>`. */
  prefix: FileName,
  extension: z.enum(['.lttb', '.lgs']),
  /** The start position's value for the side to move; null where the tables have no start (a movement phase). */
  value: z.strictObject({ position: z.string(), result: z.enum(['win', 'draw', 'loss']), plies: Count }).nullable(),
  totals: z.strictObject({
    files: Count,
    bytes: Count,
    positions: Count,
    wins: Count,
    draws: Count,
    losses: Count,
    longest: Count,
  }),
  /** The run that wrote this manifest: an index into `runs`. */
  writtenBy: Count,
  runs: z.array(RunSchema).min(1),
  /** In name order. */
  files: z.array(FileSchema),
});

/** A table manifest (see the module's comment). */
export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestRun = z.infer<typeof RunSchema>;
export type ManifestFile = z.infer<typeof FileSchema>;

/**
 * Checks `value` (a manifest's parsed JSON) against ManifestSchema and the rules zod cannot say: every file
 * name of the set (its prefix and extension), none listed twice, each file's and the writer's run index within
 * `runs`, the totals the sum of the files. Returns the manifest; throws ManifestError naming `where` and the
 * first problem.
 */
export function parseManifest(value: unknown, where: string): Manifest {
  const r = ManifestSchema.safeParse(value);
  const bad = (what: string) => new ManifestError(`manifest ${where} is unusable: ${what}`);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw bad(`${i.path.join('.') || '(top level)'}: ${i.message}`);
  }
  const m = r.data;
  const seen = new Set<string>();
  for (const f of m.files) {
    if (!inSet(m, f.name)) throw bad(`file ${f.name} is not a file of the set ${m.prefix}-*${m.extension}`);
    if (seen.has(f.name)) throw bad(`file ${f.name} is listed twice`);
    seen.add(f.name);
    if (f.run !== null && f.run >= m.runs.length) throw bad(`file ${f.name}: run ${f.run} is not in runs`);
  }
  if (m.writtenBy >= m.runs.length) throw bad(`writtenBy ${m.writtenBy} is not in runs`);
  const sum = totalsOf(m.files);
  for (const k of Object.keys(sum) as Array<keyof typeof sum>)
    if (sum[k] !== m.totals[k]) throw bad(`totals.${k} is ${m.totals[k]}, its files give ${sum[k]}`);
  return m;
}

/**
 * Reads and checks the manifest at `path` (parseManifest). Throws ManifestError for a file that cannot be
 * read, is not JSON or is not a manifest, naming the path and the problem.
 */
export function readManifest(path: string): Manifest {
  if (typeof path !== 'string' || path === '')
    throw new ArgumentError(`readManifest: the path must be a non-empty string, got ${String(path)}`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ManifestError(readFailure('manifest', path, err).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ManifestError(`manifest ${path} is unusable: not JSON (${(err as Error).message})`);
  }
  return parseManifest(json, path);
}

/** True when `name` is a file of the manifest's set. */
function inSet(m: Pick<Manifest, 'prefix' | 'extension'>, name: string): boolean {
  return name.startsWith(`${m.prefix}-`) && name.endsWith(m.extension) && !name.includes('/');
}

/** The totals of `files`. */
function totalsOf(files: readonly ManifestFile[]): Manifest['totals'] {
  const t = { files: files.length, bytes: 0, positions: 0, wins: 0, draws: 0, losses: 0, longest: 0 };
  for (const f of files) {
    t.bytes += f.bytes;
    t.positions += f.counts.positions;
    t.wins += f.counts.wins;
    t.draws += f.counts.draws;
    t.losses += f.counts.losses;
    t.longest = Math.max(t.longest, f.counts.longest);
  }
  return t;
}

/** A file's counts from its table metadata (movement: both sides to move added up). */
function countsOf(meta: TableMeta): ManifestFile['counts'] {
  if (meta.kind === 'movement') {
    const { prey, hunters } = meta.counts.toMove;
    return {
      positions: meta.counts.distinct,
      wins: prey.wins + hunters.wins,
      draws: prey.draws + hunters.draws,
      losses: prey.losses + hunters.losses,
      longest: meta.counts.longest,
      toMove: meta.counts.toMove,
    };
  }
  if (meta.kind === 'generic') {
    const c = meta.counts;
    return { positions: c.positions, wins: c.wins, draws: c.draws, losses: c.losses, longest: c.longest };
  }
  throw new TablebaseError(`internal: a manifest lists movement and generic tables, not ${meta.kind}`);
}

/**
 * The SHA-256 of the file at `path` (lowercase hex), read in 1 MiB chunks (the event loop runs between them, so
 * a signal is answered). Rejects with TablebaseError naming the file when it cannot be read.
 */
export async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  } catch (err) {
    throw readFailure('table file', path, err);
  }
  return h.digest('hex');
}

let runInfo: Omit<ManifestRun, 'command' | 'date'> | null = null;

/** The commit, tree state and version of this code (git, when the package is a checkout of lattice-engine). */
function codeInfo(): Omit<ManifestRun, 'command' | 'date'> {
  if (runInfo) return runInfo;
  const here = dirname(fileURLToPath(import.meta.url));
  let version = 'unknown';
  let root: string | null = null;
  for (let d = here; ; d = dirname(d)) {
    try {
      const pkg = JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'lattice-engine') {
        version = pkg.version ?? version;
        root = d;
        break;
      }
    } catch {
      /* no package.json here */
    }
    if (dirname(d) === d) break;
  }
  let commit: string | null = null;
  let dirty: boolean | null = null;
  if (root !== null) {
    const git = (args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    try {
      // only the package's own checkout (not a project that installed it in node_modules)
      if (git(['rev-parse', '--show-toplevel']).trim() === root || existsGitDir(root)) {
        commit = git(['rev-parse', 'HEAD']).trim();
        dirty = git(['status', '--porcelain', '--untracked-files=no', '--', 'src', 'assembly']).trim() !== '';
      }
    } catch {
      /* no git, or not a checkout */
    }
  }
  runInfo = { commit: /^[0-9a-f]{40}$/.test(commit ?? '') ? commit : null, dirty, version };
  return runInfo;
}

/** True when `root` holds a .git (a directory, or the file of a worktree). */
function existsGitDir(root: string): boolean {
  try {
    statSync(join(root, '.git'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The command of this run for a manifest: `lattice <words>` when the process is the lattice CLI, else the API
 * call `api` and the process's command line.
 */
export function runCommand(api: string): string {
  const script = process.argv[1] ?? '';
  const words = process.argv.slice(2).map(shellWord);
  if (/[\\/]cli[\\/]main\.[jt]s$/.test(script) || basename(script) === 'lattice')
    return ['lattice', ...words].join(' ');
  return `${api} (API; process: node ${[shellWord(basename(script)), ...words].join(' ')})`;
}

/** What writeManifest is told about the set it describes. */
export interface ManifestSet {
  kind: 'movement' | 'generic';
  variant: string;
  /** The options the tables depend on (as in their files' metadata). */
  options: Record<string, string | number>;
  prefix: string;
  extension: '.lttb' | '.lgs';
  /** The set's file names (every one must be in the directory). */
  files: readonly string[];
  /** The files this run solved and wrote (the others were loaded). */
  written: ReadonlySet<string>;
  value: Manifest['value'];
  /** The run's command (runCommand). */
  command: string;
}

/** The manifest's path of a set in `dir`. */
export const manifestPath = (dir: string, prefix: string): string => join(dir, `${prefix}${MANIFEST_SUFFIX}`);

/**
 * Writes the manifest of `set` into `dir` (`<prefix>.manifest.json`, atomically: temp file, fsync, rename) and
 * returns it. Each file's size, SHA-256, layer and counts are read from the directory (its header: readTableHead);
 * a file this run did not write keeps its hash and run from the manifest there before when that manifest is
 * newer than the file and gives its size (no need to hash it again), else it is hashed and its run is null. Throws
 * TablebaseError naming a file that cannot be read or is not a table file, or the manifest that cannot be written.
 */
export async function writeManifest(dir: string, set: ManifestSet): Promise<Manifest> {
  const path = manifestPath(dir, set.prefix);
  let before: Manifest | null = null;
  let beforeMs = 0;
  try {
    beforeMs = statSync(path).mtimeMs;
    before = readManifest(path);
  } catch {
    before = null; // none, or unusable: written anew
  }
  const run: ManifestRun = { ...codeInfo(), command: set.command, date: new Date().toISOString() };
  const runs: ManifestRun[] = [];
  const runIndex = (r: ManifestRun): number => {
    const key = canonicalJson(r);
    const i = runs.findIndex((x) => canonicalJson(x) === key);
    if (i >= 0) return i;
    runs.push(r);
    return runs.length - 1;
  };
  const files: ManifestFile[] = [];
  for (const name of [...set.files].sort()) {
    const file = join(dir, name);
    const { meta } = readTableHead(file, 'table file');
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(file);
    } catch (err) {
      throw fileFailure('read', file, err, 'table file');
    }
    const old = set.written.has(name) ? undefined : before?.files.find((f) => f.name === name);
    const reuse = old !== undefined && old.bytes === st.size && st.mtimeMs <= beforeMs;
    const sha256 = reuse ? old.sha256 : await sha256File(file);
    const by = set.written.has(name)
      ? runIndex(run)
      : reuse && old.run !== null && before !== null
        ? runIndex(before.runs[old.run]!)
        : null;
    files.push({ name, bytes: st.size, sha256, layer: meta.layer, counts: countsOf(meta), run: by });
  }
  const m: Manifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    kind: set.kind,
    variant: set.variant,
    options: set.options,
    prefix: set.prefix,
    extension: set.extension,
    value: set.value,
    totals: totalsOf(files),
    writtenBy: runIndex(run),
    runs,
    files,
  };
  writeAtomic(path, Buffer.from(`${JSON.stringify(m, null, 2)}\n`, 'utf8'), new Uint8Array(0));
  return m;
}

/** One file that differs from its manifest. */
export interface TableDifference {
  file: string;
  /**
   * 'missing': listed, not in the directory; 'extra': a file of the set the manifest does not list; 'size': another
   * size (not hashed then); 'hash': the same size, another SHA-256; 'unreadable': there, but it cannot be read.
   */
  problem: 'missing' | 'extra' | 'size' | 'hash' | 'unreadable';
  /** What the manifest says (none for an extra file). */
  expected?: { bytes: number; sha256: string };
  /** What the directory holds (none for a missing file; the hash only when hashed). */
  actual?: { bytes: number; sha256?: string };
  /** The reason a file is unreadable. */
  detail?: string;
}

/** The result of one manifest's check. */
export interface ManifestCheck {
  /** Where the manifest came from (a path), or null for a manifest object passed in. */
  manifest: string | null;
  variant: string;
  options: Record<string, string | number>;
  prefix: string;
  /** Files the manifest lists, and how many of them agree (size and SHA-256). */
  files: number;
  agree: number;
  bytes: number;
  differences: TableDifference[];
}

/** What checkTables found: every manifest checked; `ok` when no file differs in any. */
export interface TablesCheck {
  dir: string;
  ok: boolean;
  checks: ManifestCheck[];
}

/** The manifests in `dir` (`*.manifest.json`), read and checked, in name order; [] when there are none. */
function manifestsIn(dir: string): Array<{ path: string; manifest: Manifest }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    throw fileFailure('read the directory', dir, err);
  }
  return names
    .filter((n) => n.endsWith(MANIFEST_SUFFIX))
    .sort()
    .map((n) => ({ path: join(dir, n), manifest: readManifest(join(dir, n)) }));
}

/** True when `path` is a directory (false when it is something else or is not there). */
function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Compares the table files in `dir` with a manifest: every file the manifest lists must be there with its size
 * and SHA-256 (a file of another size is not hashed), and every file of the set in `dir` (its prefix and
 * extension; other files are left alone) must be listed.
 *
 * `manifest`: a Manifest object, the path of a manifest file, or a directory of manifests (such as the
 * repository's docs/solved), of which those whose set has a file in `dir` are checked; left out, every manifest
 * in `dir` itself. `onFile` is called before each file is hashed (its name and size, for progress).
 *
 * Resolves to the report (`ok` false when any file differs: the CLI exits 1). Throws ManifestError for a
 * manifest that cannot be read or is not one; ArgumentError for a `dir` that is not a directory, no manifest
 * in `dir` (left out) or none in the directory given that fits `dir`'s files; TablebaseError when `dir`
 * cannot be read.
 */
export async function checkTables(
  dir: string,
  manifest?: Manifest | string,
  opts: { onFile?: (name: string, bytes: number) => void } = {},
): Promise<TablesCheck> {
  if (typeof dir !== 'string') throw new ArgumentError(`checkTables: dir must be a string, got ${String(dir)}`);
  if (dir === '') throw new ArgumentError('the directory of the tables to check is an empty string');
  if (!isDir(dir))
    throw new ArgumentError(
      `${dir}: ${existsSync(dir) ? 'not a directory' : 'no such directory'} (the tables to check)`,
    );
  if (opts === null || typeof opts !== 'object')
    throw new ArgumentError(`checkTables: options must be an object, got ${String(opts)}`);
  if (opts.onFile !== undefined && typeof opts.onFile !== 'function')
    throw new ArgumentError('checkTables: onFile must be a function');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (err) {
    throw fileFailure('read the directory', dir, err);
  }
  let list: Array<{ path: string | null; manifest: Manifest }>;
  if (manifest === undefined) {
    list = manifestsIn(dir);
    if (list.length === 0)
      throw new ArgumentError(
        `${dir} holds no manifest (*${MANIFEST_SUFFIX}): give one (a file, or a directory of them such as ` +
          "the repository's docs/solved), or solve the tables there again to write it",
      );
  } else if (typeof manifest === 'string') {
    if (manifest === '') throw new ArgumentError('checkTables: the manifest path is an empty string');
    if (isDir(manifest)) {
      const all = manifestsIn(manifest);
      list = all.filter((x) => names.some((n) => inSet(x.manifest, n)));
      if (list.length === 0)
        throw new ArgumentError(
          `no manifest in ${manifest} (${all.length} there) is for a table file in ${dir}` +
            (all.length
              ? ` (their sets: ${all.map((x) => `${x.manifest.prefix}-*${x.manifest.extension}`).join(', ')})`
              : ''),
        );
    } else list = [{ path: manifest, manifest: readManifest(manifest) }];
  } else if (manifest !== null && typeof manifest === 'object') {
    list = [{ path: null, manifest: parseManifest(manifest, '(object)') }];
  } else {
    throw new ArgumentError(
      `checkTables: the manifest must be a Manifest, a path or left out, got ${String(manifest)}`,
    );
  }
  const checks: ManifestCheck[] = [];
  for (const { path, manifest: m } of list) checks.push(await checkOne(dir, names, path, m, opts.onFile));
  return { dir, ok: checks.every((c) => c.differences.length === 0), checks };
}

/** One manifest's check (checkTables). */
async function checkOne(
  dir: string,
  names: readonly string[],
  path: string | null,
  m: Manifest,
  onFile?: (name: string, bytes: number) => void,
): Promise<ManifestCheck> {
  const differences: TableDifference[] = [];
  const listed = new Set(m.files.map((f) => f.name));
  let agree = 0;
  for (const f of m.files) {
    const file = join(dir, f.name);
    const expected = { bytes: f.bytes, sha256: f.sha256 };
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
      size = st.size;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') differences.push({ file: f.name, problem: 'missing', expected });
      else
        differences.push({
          file: f.name,
          problem: 'unreadable',
          expected,
          detail: fileFailure('read', file, err).message,
        });
      continue;
    }
    if (size !== f.bytes) {
      differences.push({ file: f.name, problem: 'size', expected, actual: { bytes: size } });
      continue;
    }
    onFile?.(f.name, size);
    let sha256: string;
    try {
      sha256 = await sha256File(file);
    } catch (err) {
      differences.push({ file: f.name, problem: 'unreadable', expected, detail: (err as Error).message });
      continue;
    }
    if (sha256 !== f.sha256)
      differences.push({ file: f.name, problem: 'hash', expected, actual: { bytes: size, sha256 } });
    else agree++;
  }
  for (const n of names) {
    if (!inSet(m, n) || listed.has(n)) continue;
    let bytes = 0;
    try {
      bytes = statSync(join(dir, n)).size;
    } catch {
      /* gone meanwhile */
    }
    differences.push({ file: n, problem: 'extra', actual: { bytes } });
  }
  differences.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    manifest: path,
    variant: m.variant,
    options: m.options,
    prefix: m.prefix,
    files: m.files.length,
    agree,
    bytes: m.totals.bytes,
    differences,
  };
}
