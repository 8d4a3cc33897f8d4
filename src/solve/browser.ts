/**
 * The tablebase module as browser bundles see it: package.json's "browser" field maps
 * dist/src/solve/index.js to this file, so that web bundles built by Vite, webpack or esbuild carry
 * no Node modules (node:fs, node:worker_threads, ...: webpack 5 refuses them in a web build, Vite warns).
 * Tablebases are files on disk, so Game.loadTablebase is Node only; in a browser it rejects with this.
 */
import { TablebaseError } from '../contract/errors.js';

/** Stands in for index.ts's loadTablebaseInto: always throws TablebaseError (LatticeError code 'tablebase'). */
export function loadTablebaseInto(..._args: unknown[]): never {
  throw new TablebaseError('tablebases are files on disk: Game.loadTablebase works in Node, not in a browser');
}

/** Stands in for index.ts's loadGenericInto: always throws TablebaseError. */
export function loadGenericInto(..._args: unknown[]): never {
  throw new TablebaseError('solved-game tables are files on disk: Game.loadTablebase works in Node, not in a browser');
}

/**
 * Stands in for index.ts's loadTablesInto (the port a Game loads its tables through): always rejects with
 * TablebaseError.
 */
export async function loadTablesInto(..._args: unknown[]): Promise<never> {
  throw new TablebaseError('tablebases are files on disk: Game.loadTablebase works in Node, not in a browser');
}
