import { boardSymmetries, type Board } from '../lattice/index.js';
import type { HuntVariant } from '../variants/index.js';
import type { Core } from '../wasm.js';
import { TablebaseError } from './format.js';

/**
 * Prepares a core for tablebase work: the board's symmetries and the index tables. Returns the number
 * of hunter-set orbits. Throws TablebaseError when the variant has no tablebase support.
 */
export function setupTablebaseIndex(core: Core, board: Board, v: HuntVariant): number {
  if (board.points.length > 32) throw new TablebaseError(`${v.id}: tablebases need a board of at most 32 points`);
  const syms = boardSymmetries(board);
  const e = core.exports;
  const si = new Int8Array(e.memory.buffer, e.symInputPtr(), 8 * 64);
  si.fill(0);
  syms.forEach((perm, s) => perm.forEach((q, p) => { si[s * 64 + p] = q; }));
  const orbits = e.tbSetup(v.hunters, syms.length, v.preyTotal);
  if (orbits <= 0) throw new TablebaseError(`${v.id}: the core could not set up the tablebase index`);
  return orbits;
}

