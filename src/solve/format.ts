/**
 * Tablebase files of Bagh Chal's fast solvers: a movement-phase layer per file (prey captured), and the placement
 * pass's checkpoint layers, in the one table format of table-file.ts (kinds 'movement' and 'placement'), written
 * atomically (temp file + fsync + rename) and verified on load; the directory helpers every solver shares (lock,
 * writable check, stale temp files). Files in the formats before (LATTICTB, LATTICPL) are read too.
 *
 * Movement body ('u16-dtm'): one u16 per slot, slot order as in assembly/tablebase/index.ts: 0 = draw, 0xFFFF =
 * unused slot, otherwise dtm + 1 where dtm is the distance to the end of the game in plies with best play; the
 * side to move wins iff dtm is odd.
 */
import {
  accessSync,
  closeSync,
  constants,
  openSync,
  readFileSync,
  readdirSync,
  writeSync,
  existsSync,
  unlinkSync,
  mkdirSync,
  statSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { ArgumentError, TablebaseError, describeValue } from '../contract/errors.js';
import {
  fileFailure,
  readFailure,
  readTable,
  removeQuietly,
  unusable,
  writeAtomic,
  writeTable,
  type TableMeta,
} from './table-file.js';

export { fileFailure, writeAtomic };

/** A corrupt, truncated or mismatched tablebase file (the class lives in errors.ts; re-exported here). */
export { TablebaseError };

/**
 * True if the file at `path` exists and may be read, false if it does not exist (ENOENT, or a path
 * component that is not a directory). Throws TablebaseError saying so when the file system refuses
 * (no permission on the file or on a directory above it), so a permission problem is never reported
 * as a missing file.
 */
export function fileReadable(path: string, kind: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw readFailure(kind, path, err);
  }
}

export type { LayerMeta, SideStats } from '../lattice/tables.js';
import type { LayerMeta, SideStats } from '../lattice/tables.js';

/** File name of a layer: `<variant>-ctw<captures-to-win>-c<layer>.lttb`. */
export function layerFileName(variant: string, capturesToWin: number, layer: number): string {
  return `${variant}-ctw${capturesToWin}-c${layer}.lttb`;
}

/** What a layer's file name says (layerFileName read back), or null for any other name. */
export function parseLayerFileName(name: string): { variant: string; capturesToWin: number; layer: number } | null {
  const m = /^(.+)-ctw(\d+)-c(\d+)\.lttb$/.exec(name);
  return m ? { variant: m[1]!, capturesToWin: Number(m[2]), layer: Number(m[3]) } : null;
}

/** The table metadata of a movement layer (`meta`, its body slots * 2 bytes of u16). */
function movementTable(m: LayerMeta): TableMeta {
  const side = (s: SideStats) => ({ distinct: s.distinct, wins: s.wins, losses: s.losses, draws: s.draws });
  return {
    kind: 'movement',
    variant: m.variant,
    options: { 'captures-to-win': m.capturesToWin },
    layer: { captured: m.layer },
    encoding: 'u16-dtm',
    bodyBytes: 2 * m.slots,
    index: { hunters: m.hunters, preyTotal: m.preyTotal, orbits: m.orbits, slots: m.slots },
    counts: { distinct: m.distinct, longest: m.maxDtm, toMove: { prey: side(m.stats[0]), hunters: side(m.stats[1]) } },
  };
}

/**
 * Writes a layer file atomically (writeTable: the header and body go to `tmp`, by default `<path>.tmp`, which is
 * fsynced and then renamed over `path`, so a killed run leaves either the old file, the new one, or a stray .tmp).
 * `body`: meta.slots u16 values. Throws TablebaseError if the body's length is not meta.slots * 2.
 */
export function writeLayerFile(path: string, meta: LayerMeta, body: Uint8Array, tmp = `${path}.tmp`): void {
  writeTable(path, movementTable(meta), body, tmp);
}

/**
 * Checks a directory tables are read from before any file in it is looked for: ArgumentError for a
 * non-string or empty `dir`, TablebaseError when something other than a directory stands there (a
 * missing directory is left to the missing file's message, which says how to build the tables).
 */
export function checkTableDir(dir: unknown): asserts dir is string {
  if (typeof dir !== 'string')
    throw new ArgumentError(`a tablebase directory must be a string, got ${describeValue(dir)}`);
  if (dir.trim() === '') throw new ArgumentError('a tablebase directory must not be an empty string');
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new TablebaseError(`${dir}: not a directory (a path above it is a file)`);
    throw readFailure('tablebase directory', dir, err);
  }
  if (!st.isDirectory()) throw new TablebaseError(`${dir}: not a directory`);
}

/**
 * Creates `dir` if needed and checks, before any work, that files can be written there. Throws
 * TablebaseError naming the directory and the problem (not a directory, no permission, ...).
 */
export function ensureWritableDir(dir: string): void {
  if (dir.trim() === '') throw new TablebaseError('the tablebase directory is an empty string');
  const probe = join(dir, `.lattice-write-test-${process.pid}`);
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    closeSync(openSync(probe, 'w'));
    unlinkSync(probe);
  } catch (err) {
    throw new TablebaseError(`cannot write tablebase files in ${dir}: ${(err as Error).message}`);
  }
}

/**
 * Creates `dir` and the directories above it that are missing, one at a time (mkdirSync's recursive
 * mode loops for ever where a file system refuses a directory without an error that ends it, as /proc
 * does). Throws the file system's error for the first directory it cannot make.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

/**
 * Takes the lock `<dir>/<name>.lock` (created exclusively, holding this process's id) so that two runs
 * never work on the same files at once; returns the function that releases it. A lock left by a process
 * that no longer exists is taken over; one still held when the process exits (process.exit(), as the
 * CLI does on SIGINT/SIGTERM) is released then. Throws TablebaseError if a live process holds it, or if
 * something that cannot be read as a lock file (a directory) stands at its path.
 */
export function lockDir(dir: string, name: string): () => void {
  const path = join(dir, `${name}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
        closeSync(fd);
      } catch (err) {
        // a full disk or an I/O error after the file was made: no empty lock file is left behind
        try {
          closeSync(fd);
        } catch {
          /* closed already */
        }
        removeQuietly(path);
        throw fileFailure('write', path, err, 'the lock file');
      }
      // released by the caller's finally, or by process.exit() (the CLI's exit on SIGINT/SIGTERM)
      const release = () => {
        process.off('exit', release);
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if (err instanceof TablebaseError) throw err;
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw fileFailure('create', path, err, 'the lock file');
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      // a directory (EISDIR) or an unreadable file where the lock file goes: no run of ours made it
      throw new TablebaseError(
        `${path} is in the way of the lock file and cannot be read as one ` +
          `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): remove it, ` +
          `or give another --dir`,
      );
    }
    const pid = Number.parseInt(text, 10);
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (e) {
        alive = (e as NodeJS.ErrnoException).code === 'EPERM';
      }
    }
    if (alive)
      throw new TablebaseError(
        `another run (process ${pid}) is working in ${dir} (lock file ${path}); wait ` +
          `for it to finish, or delete the lock file if that process is not a lattice run`,
      );
    try {
      unlinkSync(path); // stale: its process is gone
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        throw fileFailure('remove', path, err, 'the stale lock file (its process is gone)');
    }
  }
  throw new TablebaseError(`cannot take the lock file ${path}`);
}

/**
 * Removes a stray temp file left by a killed build: `<path>.tmp`, and the temp files of distributed jobs
 * (jobTempName) left by processes of this host that are gone; another host's are left to it. Throws
 * TablebaseError naming `<path>.tmp` and the cause when it is there and cannot be removed (no permission, a
 * directory in its place).
 */
export function removeStaleTemp(path: string): void {
  try {
    unlinkSync(`${path}.tmp`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ENOTDIR')
      throw fileFailure('remove', `${path}.tmp`, err, 'the stale temp file');
  }
  const dir = dirname(path),
    base = basename(path);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const me = hostname();
  for (const n of names) {
    if (!n.startsWith(`${base}.`) || !n.endsWith('.tmp')) continue;
    const m = /^(.+)-(\d+)$/.exec(n.slice(base.length + 1, -'.tmp'.length));
    if (!m || m[1] !== me || processAlive(Number(m[2]))) continue;
    try {
      unlinkSync(join(dir, n));
    } catch {
      /* gone already */
    }
  }
}

/** The temp file of `path` for a job of a distributed run: `<path>.<host>-<pid>.tmp` (see writeAtomic). */
export function jobTempName(path: string): string {
  return `${path}.${hostname()}-${process.pid}.tmp`;
}

/** Whether process `pid` exists on this host (signal 0 checks without sending; EPERM: it exists, another user's). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Reads and verifies a layer file (this format or LATTICTB) against what the caller expects (variant,
 * captures-to-win, layer, hunters, prey total, orbits, slots). Throws TablebaseError naming the file and the first
 * problem: bad magic, unknown version, truncated, bad checksum, another kind of table, mismatched field.
 * Returns the header fields and the body (u16 little-endian per slot).
 */
export function readLayerFile(
  path: string,
  expect: Omit<LayerMeta, 'distinct' | 'maxDtm' | 'stats'>,
): { meta: LayerMeta; body: Uint8Array } {
  const bad = unusable('tablebase file', path);
  const t = readTable(path, 'tablebase file', bad, ' (delete it and build the tablebase again)');
  if (t.meta.kind !== 'movement') throw bad(`it holds a ${t.meta.kind} table, not a movement-phase layer`);
  const m = t.meta;
  const side = (s: SideStats) => ({ distinct: s.distinct, wins: s.wins, losses: s.losses, draws: s.draws });
  const meta: LayerMeta = {
    variant: m.variant,
    capturesToWin: m.options['captures-to-win'] as number,
    layer: m.layer.captured,
    hunters: m.index.hunters,
    preyTotal: m.index.preyTotal,
    orbits: m.index.orbits,
    slots: m.index.slots,
    distinct: m.counts.distinct,
    maxDtm: m.counts.longest,
    stats: [side(m.counts.toMove.prey), side(m.counts.toMove.hunters)],
  };
  const keys = Object.keys(m.options);
  if (keys.length !== 1 || keys[0] !== 'captures-to-win')
    throw bad(`options are ${JSON.stringify(m.options)}, expected {"captures-to-win":${expect.capturesToWin}}`);
  for (const k of ['variant', 'capturesToWin', 'layer', 'hunters', 'preyTotal', 'orbits', 'slots'] as const) {
    if (meta[k] !== expect[k]) throw bad(`${k} is ${JSON.stringify(meta[k])}, expected ${JSON.stringify(expect[k])}`);
  }
  if (m.bodyBytes !== 2 * m.index.slots) throw bad(`body is ${m.bodyBytes} bytes for ${m.index.slots} slots`);
  return { meta, body: t.body };
}

// ---- placement-phase checkpoint files (src/solve/placement.ts) ----
//
// One file per finished layer of hunters-to-move positions with prey still in hand, kept while the
// backward pass needs it (a killed solve resumes from the lowest complete set of layers):
// `<variant>-ctw<K>-placed<p>-c<c>.lttp`, a table file of kind 'placement' (body: one nibble per slot,
// assembly/tablebase/placement.ts "Values"; counts: the distinct positions by nibble value).

/** What a placement checkpoint file records. */
export interface PlacementMeta {
  variant: string;
  k: number;
  placed: number;
  captured: number;
  side: 0 | 1;
  hunters: number;
  preyTotal: number;
  orbits: number;
  bytes: number;
  /** Distinct positions by nibble value (16 entries). */
  histogram: number[];
}

/**
 * File name of a placement layer: `<variant>-ctw<K>-placed<p>-c<c>.lttp` for hunters to move (the checkpoints),
 * `...-c<c>-prey.lttp` for prey to move (kept only by a solve with keepPlacement).
 */
export function placementFileName(
  variant: string,
  k: number,
  placed: number,
  captured: number,
  side: 0 | 1 = 1,
): string {
  return `${variant}-ctw${k}-placed${placed}-c${captured}${side === 0 ? '-prey' : ''}.lttp`;
}

/** What a placement layer's file name says (placementFileName read back), or null for any other name. */
export function parsePlacementFileName(
  name: string,
): { variant: string; k: number; placed: number; captured: number; side: 0 | 1 } | null {
  const m = /^(.+)-ctw(\d+)-placed(\d+)-c(\d+)(-prey)?\.lttp$/.exec(name);
  return m
    ? { variant: m[1]!, k: Number(m[2]), placed: Number(m[3]), captured: Number(m[4]), side: m[5] ? 0 : 1 }
    : null;
}

/** The table metadata of a placement checkpoint layer. */
function placementTable(m: PlacementMeta): TableMeta {
  return {
    kind: 'placement',
    variant: m.variant,
    options: { 'captures-to-win': m.k },
    layer: { placed: m.placed, captured: m.captured, side: m.side === 0 ? 'prey' : 'hunters' },
    encoding: 'nibble',
    bodyBytes: m.bytes,
    index: { hunters: m.hunters, preyTotal: m.preyTotal, orbits: m.orbits },
    counts: { histogram: [...m.histogram] },
  };
}

/**
 * Writes a placement layer atomically (writeTable). Throws TablebaseError if the body is not m.bytes long.
 */
export function writePlacementFile(path: string, m: PlacementMeta, body: Uint8Array): void {
  writeTable(path, placementTable(m), body);
}

/**
 * Reads and verifies a placement checkpoint file (this format or LATTICPL) into `into` (exactly expect.bytes
 * long). Throws TablebaseError naming the file and the first problem. Returns the header's fields.
 */
export function readPlacementFile(
  path: string,
  expect: Omit<PlacementMeta, 'histogram'>,
  into: Uint8Array,
): PlacementMeta {
  const bad = unusable('placement file', path);
  const t = readTable(path, 'placement file', bad);
  if (t.meta.kind !== 'placement') throw bad(`it holds a ${t.meta.kind} table, not a placement layer`);
  const m = t.meta;
  const meta: PlacementMeta = {
    variant: m.variant,
    k: m.options['captures-to-win'] as number,
    placed: m.layer.placed,
    captured: m.layer.captured,
    side: m.layer.side === 'prey' ? 0 : 1,
    hunters: m.index.hunters,
    preyTotal: m.index.preyTotal,
    orbits: m.index.orbits,
    bytes: m.bodyBytes,
    histogram: m.counts.histogram,
  };
  const keys = Object.keys(m.options);
  if (keys.length !== 1 || keys[0] !== 'captures-to-win')
    throw bad(`options are ${JSON.stringify(m.options)}, expected {"captures-to-win":${expect.k}}`);
  for (const f of ['variant', 'k', 'placed', 'captured', 'side', 'hunters', 'preyTotal', 'orbits', 'bytes'] as const) {
    if (meta[f] !== expect[f]) throw bad(`${f} is ${JSON.stringify(meta[f])}, expected ${JSON.stringify(expect[f])}`);
  }
  into.set(t.body);
  return meta;
}
