// The native speed yardstick: shared/yardstick/baghchal_perft.c (single-threaded C bitboard perft,
// BMI2 pext for jumps when the CPU has it), compiled here with `gcc -O3 -march=native` and run as a
// separate process. Its own printed time for the requested depth is the figure (process start-up and
// the shallower depths it prints first are not counted).
//
// Where the C source is: $LATTICE_YARDSTICK (the directory, or the .c file itself), else
// <repo>/../shared/yardstick (the repo is cloned with a copy of shared/ beside it).
// The compiled binary is cached in os.tmpdir() under a hash of the source, compiler and flags.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_NAME = 'baghchal_perft.c';
const CC = process.env.CC || 'gcc';
const FLAGS = ['-O3', '-march=native'];

/** Path of the yardstick's C source (it need not exist). */
export function yardstickSource() {
  const env = process.env.LATTICE_YARDSTICK;
  if (env) {
    const p = resolve(env);
    return p.endsWith('.c') || (existsSync(p) && statSync(p).isFile()) ? p : join(p, SOURCE_NAME);
  }
  return resolve(REPO, '..', 'shared', 'yardstick', SOURCE_NAME);
}

/**
 * Compiles the yardstick (or reuses the cached binary). Returns `{ ok: true, bin, cached, source, cc }`
 * or `{ ok: false, reason }` when the source or the compiler is missing or the compile fails.
 */
export function buildYardstick() {
  const source = yardstickSource();
  if (!existsSync(source)) {
    return { ok: false, reason: `yardstick source not found at ${source} (set LATTICE_YARDSTICK to its directory)` };
  }
  const version = spawnSync(CC, ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    return {
      ok: false,
      reason: `C compiler "${CC}" not available (${version.error?.code ?? `exit ${version.status}`}): no native yardstick`,
    };
  }
  const cc = version.stdout.split('\n')[0].trim();
  const hash = createHash('sha256')
    .update(readFileSync(source))
    .update('\0' + cc + '\0' + FLAGS.join(' '))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), 'lattice-yardstick');
  const bin = join(dir, `baghchal_perft-${hash}`);
  if (existsSync(bin)) return { ok: true, bin, cached: true, source, cc };
  mkdirSync(dir, { recursive: true });
  const tmp = `${bin}.${process.pid}.tmp`;
  const r = spawnSync(CC, [...FLAGS, '-o', tmp, source], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    return { ok: false, reason: `compiling ${source} with ${CC} ${FLAGS.join(' ')} failed:\n${r.stderr || r.error}` };
  }
  renameSync(tmp, bin); // atomic: a concurrent bench never runs a half-written binary
  return { ok: true, bin, cached: false, source, cc };
}

/**
 * The engine's position string (`T3T/5/5/5/T3T G G20 -`) in the yardstick's format
 * (`T...T/...../...../...../T...T G 20 0`): one character per point, hand and captured as numbers.
 * Bagh Chal only (5 ranks of 5 points, both programs number them row by row from the top).
 */
export function toYardstickPosition(position) {
  const [board, side, hand, captured] = position.split(' ');
  const rows = board.split('/').map((r) => r.replace(/\d+/g, (n) => '.'.repeat(Number(n))));
  if (rows.length !== 5 || rows.some((r) => r.length !== 5))
    throw new Error(`not a 5x5 Bagh Chal position: ${position}`);
  const count = (f) => (f === '-' ? 0 : Number(f.replace(/^G/, '')));
  return `${rows.join('/')} ${side} ${count(hand)} ${count(captured)}`;
}

/**
 * Runs the yardstick's perft on `position` (engine notation) to `depth` (>= 1).
 * Returns `{ nodes, seconds }` for that depth, from the program's own output
 * (`perft(d) = N  T.TTTs  M Mnps`; its clock has millisecond resolution).
 */
export function runYardstick(bin, position, depth) {
  const fen = toYardstickPosition(position);
  const r = spawnSync(bin, ['--fen', fen, String(depth)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.error || r.status !== 0)
    throw new Error(`yardstick failed on "${fen}" depth ${depth}: ${r.stderr || r.error || `exit ${r.status}`}`);
  const m = new RegExp(`^perft\\(${depth}\\) = (\\d+)\\s+([\\d.]+)s`, 'm').exec(r.stdout);
  if (!m) throw new Error(`cannot read the yardstick's output for depth ${depth}:\n${r.stdout}`);
  return { nodes: Number(m[1]), seconds: Number(m[2]) };
}
