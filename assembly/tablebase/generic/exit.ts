// The generic solver's moves out of the layer (tablebase/generic.ts): their values (fixedValue) and the
// exit passes that fold them into a summary (EXIT PASSES in generic.ts's header).
import { ld, st } from '../../bits';
import * as pos from '../../position';
import { generate } from '../../movegen/index';
import { MOVES, CAPS, scratchBase } from '../../movelist';
import { resultWinner } from '../../position';
import { ERR_MISSING, PENDING, UNUSED, error } from './tables';
import { COVER, LAYER_VALUES, layerKeys } from './layers';
import { cKey, cPer, coreLayerKey, coreSlotIn, dH, dLast, dP, dStall, dVec, decode, setCore } from './slots';
import { counters, setVal, val } from './queue';

// ---- exit passes (a layer whose successors are read in groups) ----
/** Exit passes begun for the current layer (0: the one-pass path). */
export let exitPasses = 0;
/** The layer gsVerifyBegin began (-1: none) and the exit passes begun for it. */
export let vKey = -1,
  vExits = 0;

/**
 * Declares that the exit pass about to begin (gsExitBegin) reads layer `key`: it must be attached (gsAttach,
 * solved) when that pass begins and stay so until it ends. In the final pass, a move into a layer read
 * by an exit pass is already in the slot's exit summary; a move into another layer that is not attached
 * then is ERR_MISSING. The list is reset by gsBegin. Returns 0, or -1 for a key out of range.
 */
export function gsCover(key: i32): i32 {
  if (key < 0 || key >= layerKeys || key == cKey) return -1;
  if (ld(COVER, key) == 0) st<u8>(COVER, key, 1);
  return 0;
}

/**
 * Value (u16 code) of the core position just reached by a move of `mover`, when it is decided or in another layer; -1
 * if in this layer, -2 (in the final pass of a layer solved with exit passes) when its layer was read by an exit pass
 * (gsCover): already in the summary.
 */
export function fixedValue(): i32 {
  if (pos.over != 0) return resultWinner(pos.over) == pos.side ? 1 : 2;
  const key = coreLayerKey();
  if (key == cKey) return -1;
  if (key < 0) {
    error = ERR_MISSING;
    return 0;
  }
  if (exitPasses > 0 && ld(COVER, key) == 2) return -2;
  const vals = ld(LAYER_VALUES, key);
  if (vals == 0) {
    error = ERR_MISSING;
    return 0;
  }
  const slot = coreSlotIn(key);
  if (slot < 0) {
    error = ERR_MISSING;
    return 0;
  }
  const v = load<u16>(vals + ((<usize>(<i32>slot)) << 1));
  if (v == UNUSED) {
    error = ERR_MISSING;
    return 0;
  }
  return <i32>v;
}

/**
 * For an exit pass (the solver's or the verification's), the stored value (u16 code) of the core's
 * position just reached by a move, when that move stays in play and leads into a layer declared by
 * gsCover and in memory: UNUSED for a slot not in use (an error for the caller); -1 for any other move
 * (a decided position, this layer, a layer no exit pass reads, or one an earlier pass read and freed since).
 */
export function exitValue(): i32 {
  if (pos.over != 0) return -1;
  const key = coreLayerKey();
  if (key < 0 || key == cKey || ld(COVER, key) == 0) return -1;
  const vals = ld(LAYER_VALUES, key);
  if (vals == 0) return -1;
  const slot = coreSlotIn(key);
  return slot < 0 ? <i32>UNUSED : <i32>load<u16>(vals + ((<usize>(<i32>slot)) << 1));
}

/** Exit pass for slot s (EXIT PASSES in generic.ts's header). False on an error. */
export function exitSlot(s: i32): bool {
  const per = <i32>cPer,
    base = scratchBase();
  const side = s >= per ? 1 : 0;
  const cp = counters + ((<usize>s) << 1);
  if (exitPasses == 1) {
    store<u16>(cp, 0);
    setVal(s, PENDING);
  } else {
    const v = val(s);
    if (v == UNUSED || (v & PENDING) == 0) return true;
  }
  if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
    setVal(s, UNUSED);
    return true;
  }
  if (pos.over != 0) {
    setVal(s, resultWinner(pos.over) == side ? 1 : 2);
    return true;
  }
  const c = <i32>load<u16>(cp);
  let bestWin = c & 0x7fff,
    block = c & 0x8000,
    maxLoss = <i32>(val(s) & 0x7fff);
  const n = generate(base);
  for (let i = 0; i < n; i++) {
    pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    const f = exitValue();
    if (f == <i32>UNUSED) error = ERR_MISSING;
    else if (f == 0) block = 0x8000;
    else if (f > 0) {
      const d = (f - 1) >> 1;
      if ((f & 1) == 0) {
        if (bestWin == 0 || d + 1 < bestWin) bestWin = d + 1;
      } // the opponent loses in d
      else maxLoss = max(maxLoss, d + 1); // the opponent wins in d
    }
    pos.unmakeMove();
  }
  if (error != 0) return false;
  store<u16>(cp, <u16>(bestWin | block));
  setVal(s, PENDING | (<u16>maxLoss));
  return true;
}
