import type { Board } from './lattice/index.js';
import { EVAL_FEATURES, type HuntVariant, type OptionValues } from './variants/index.js';
import { loadCore, type Core } from './wasm.js';

/**
 * Loads a core instance and configures it for a hunt variant: the board tables, the capture target,
 * the repetition rule and the evaluation weights (all from the declaration; the core holds no game).
 */
export async function loadVariantCore(variant: HuntVariant, options: OptionValues, debug = false, sharedMemory?: WebAssembly.Memory): Promise<{ board: Board; core: Core }> {
  const board = variant.board(options);
  const core = await loadCore({ debug, sharedMemory });
  const e = core.exports;
  const input = core.boardInput();
  input.fill(-1);
  input.set(board.neighbours, 0);
  input.set(board.jumps, 64 * 8);
  const rc = e.setupBoard(board.points.length);
  if (rc !== 0) throw new Error(`internal: the core rejected board ${board.id} (code ${rc})`);
  e.setCapturesToWin(variant.capturesToWin(options));
  [variant.evalWeights.placement, variant.evalWeights.movement].forEach((w, phase) =>
    EVAL_FEATURES.forEach((f, i) => e.setWeight(phase * EVAL_FEATURES.length + i, w[f])));
  e.setRepetitionMode(['none', 'draw3', 'forbid'].indexOf(String(options.repetition)));
  return { board, core };
}

