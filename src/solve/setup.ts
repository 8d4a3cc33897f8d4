import { boardSymmetries, type Board } from '../board/index.js';
import type { HuntVariant, OptionValues } from '../variants/index.js';
import { totalsOf } from '../lattice/position-text.js';
import type { Core } from '../lattice/core/wasm.js';
import { hasFastProfile } from '../rules/profile.js';
import { TablebaseError } from './format.js';
import { noTablebaseError } from '../contract/errors.js';

/**
 * Refuses, before anything else is checked or touched, a variant whose rules under `o` are outside the
 * tablebase profile (read from the RuleSet, as the core derives it: src/rules/profile.ts hasFastProfile,
 * assembly/rules.ts `fast`; no core is set up), so that building, solving or counting a Tibetan or Hong
 * Kong game says it has no tablebase rather than failing on its capture target or board size. Throws
 * TablebaseError (code 'tablebase').
 */
export async function requireTablebaseProfile(v: HuntVariant, o: OptionValues): Promise<void> {
  if (!hasFastProfile(v.rules(o))) throw noTablebaseError(v.id);
}

/**
 * Prepares a core for tablebase work: the board's symmetries and the index tables. Returns the number
 * of hunter-set orbits. Throws TablebaseError when the variant has no tablebase support.
 */
export function setupTablebaseIndex(core: Core, board: Board, v: HuntVariant, o: OptionValues): number {
  if (!core.exports.fastProfile()) throw noTablebaseError(v.id);
  const { hunters, preyTotal } = tablebaseCounts(v, o);
  if (board.points.length > 32) throw new TablebaseError(`${v.id}: tablebases need a board of at most 32 points`);
  const syms = boardSymmetries(board);
  const e = core.exports;
  const si = new Int8Array(e.memory.buffer, e.symInputPtr(), 8 * 64);
  si.fill(0);
  syms.forEach((perm, s) =>
    perm.forEach((q, p) => {
      si[s * 64 + p] = q;
    }),
  );
  const orbits = e.tbSetup(hunters, syms.length, preyTotal);
  if (orbits <= 0) throw new TablebaseError(`${v.id}: the core could not set up the tablebase index`);
  return orbits;
}

/**
 * The counts the tablebases are built on, for `v` under options `o`: the hunters on the board, the prey
 * in the game (board + hand + captured; both from the start position) and the captures that win (the
 * rules' side-0 capture target). Throws TablebaseError for a game whose prey cannot be captured.
 */
export function tablebaseCounts(
  v: HuntVariant,
  o: OptionValues,
): { hunters: number; preyTotal: number; capturesToWin: number } {
  const rules = v.rules(o);
  const [preyTotal, hunters] = totalsOf({ board: v.board(o), sides: v.sides, rules }, v.start(o));
  const k = rules.sides[0].captureTarget;
  if (k === null) throw new TablebaseError(`${v.id} has no tablebase: its ${v.sides[0].plural} cannot be captured`);
  return { hunters, preyTotal, capturesToWin: k };
}
