// Shared by bench/conversion.js and bench/keeps-value.js: loading the engine under test from a build
// directory, and the Bagh Chal movement-phase tablebase they measure against, built once and reused.
//
// The tablebase is built with this repository's build (dist/src/tablebase), into a sibling temp
// directory that is renamed into place when every layer is written: a directory that exists is either
// complete or was never ours, so an interrupted or concurrent run never leaves a half-built one behind.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildTablebase } from '../dist/src/solve/index.js';
import { layerFileName } from '../dist/src/solve/format.js';

/** This repository's root (the default engine). */
export const REPO = resolve(new URL('..', import.meta.url).pathname);

/** The default tablebase directory for captures-to-win `ctw`: shared by every checkout on this machine. */
export const defaultTbDir = (ctw) => join(tmpdir(), 'lattice-bench-tb', `bagh-chal-ctw${ctw}`);

/** The `Game` class of the build whose package root is `dir` (its dist/src/index.js). */
export async function loadEngine(dir) {
  const file = resolve(dir, 'dist/src/index.js');
  if (!existsSync(file)) throw new Error(`no build at ${dir}: ${file} is missing (npm run build there)`);
  return (await import(pathToFileURL(file).href)).Game;
}

/** Tiny argv reader: opt('--x', dflt) for a value, flag('--y') for a switch; unknown options are refused. */
export function args(known) {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    if (!(a in known)) {
      console.error(`unknown option ${a}; options: ${Object.keys(known).join(' ')}`);
      process.exit(2);
    }
    if (known[a] === 'value') i++;
  }
  const opt = (name, dflt) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const flag = (name) => argv.includes(name);
  return { opt, flag };
}

/**
 * Makes sure `dir` holds the Bagh Chal movement tablebase for captures-to-win `ctw`: if every layer
 * file is there it is reused (Game.loadTablebase verifies it); otherwise it is built into
 * `<dir>.partial-<pid>` and renamed into place. Returns { dir, built, ms, layers }.
 */
export async function ensureTablebase(dir, ctw, note = () => {}) {
  const names = Array.from({ length: ctw }, (_, c) => layerFileName('bagh-chal', ctw, c));
  const complete = () => existsSync(dir) && names.every((n) => existsSync(join(dir, n)));
  if (complete()) {
    note(`tablebase: reusing ${dir}`);
    return { dir, built: false, ms: 0, layers: [] };
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(
      `${dir} exists but does not hold the captures-to-win ${ctw} tablebase (${names.join(', ')}); give another --tb`,
    );
  }
  mkdirSync(dirname(dir), { recursive: true });
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  note(`tablebase: building captures-to-win ${ctw} into ${dir} (via ${tmp}) ...`);
  const layers = [];
  try {
    const r = await buildTablebase('bagh-chal', {
      dir: tmp,
      options: { 'captures-to-win': ctw },
      onLayer: (l) => {
        layers.push({ layer: l.layer, positions: l.distinct, maxDtm: l.maxDtm, seconds: l.ms / 1000 });
        note(`  layer ${l.layer}: ${l.distinct} positions, max dtm ${l.maxDtm}, ${(l.ms / 1000).toFixed(1)} s`);
      },
    });
    if (complete()) {
      note(`tablebase: another run finished ${dir} first; using it`);
    } else {
      if (existsSync(dir)) rmdirSync(dir); // empty (checked above): make room for the rename
      renameSync(tmp, dir);
    }
    note(`tablebase: built in ${(r.ms / 1000).toFixed(1)} s (${r.distinct} positions)`);
    return { dir, built: true, ms: r.ms, layers };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The winning side ('tigers' | 'goats') of a tablebase verdict `p` with `mover` ('T' | 'G') to move; null for a draw.
 */
export function winnerOf(p, mover) {
  if (p.wdl === 'draw') return null;
  return (p.wdl === 'win') === (mover === 'T') ? 'tigers' : 'goats';
}

/** 'T' or 'G': the side to move in a Bagh Chal position string. */
export const moverOf = (pos) => pos.split(' ')[1];
