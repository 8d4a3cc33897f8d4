/**
 * The tablebase module as browser bundles see it: package.json's "browser" field maps
 * dist/src/solve/index.js to this file, so that web bundles built by Vite, webpack or esbuild carry
 * no Node modules (node:fs, node:worker_threads, ...: webpack 5 refuses them in a web build, Vite warns).
 * Tablebases are files on disk, so Game.loadTablebase is Node only; in a browser it rejects with this.
 */
import { TablebaseError } from '../contract/errors.js';
import type { Core } from '../lattice/core/wasm.js';

/**
 * Stands in for index.ts's loadTablesInto (the port a Game loads its tables through): always rejects with
 * TablebaseError, naming the movement tablebase (Bagh Chal's rule profile) or the solved game's tables.
 */
export async function loadTablesInto(core: Core): Promise<never> {
  throw new TablebaseError(
    `${core.exports.fastProfile() ? 'tablebases' : 'solved-game tables'} are files on disk: ` +
      'Game.loadTablebase works in Node, not in a browser',
  );
}
