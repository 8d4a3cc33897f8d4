// The generic solver's verification (tablebase/generic.ts): every stored value checked against its
// successors', in passes like the solver's.
import { ld, st } from '../../bits';
import * as pos from '../../position';
import { generate } from '../../movegen/index';
import { MOVES, CAPS, scratchBase } from '../../movelist';
import { resultWinner } from '../../position';
import { ERR_MISSING, UNUSED, error } from './tables';
import { COVER, LAYER_VALUES, layerKeys } from './layers';
import { cKey, cPer, cVals, coreSlotIn, dH, dLast, dP, dStall, dVec, decode, selectLayer, setCore } from './slots';
import { counterCap, counters, gsReserve, val } from './queue';
import { exitPasses, exitValue, fixedValue, vExits, vKey } from './exit';
import { phase } from './passes';

// ---- verification (gsVerifyBegin, gsVerifyExit, gsVerifyLayer) ----
// A stored value v holds when its moves' values agree with it by the definition (independent of the
// order the solver found them in): a win in d has a successor lost in d - 1 and none lost sooner; a loss
// in d has only successors won, the longest in d - 1; a draw has no successor lost and one drawn; a
// decided position or one without moves holds its result in 0. Each move's value is checked against v
// alone (a violation: BAD; the successor that makes the distance: WITNESS), so the moves may be read
// in any number of passes: exit passes (gsVerifyExit) for groups of successor layers too large to sit
// beside the layer together, then the final pass (gsVerifyLayer) with the rest. Between passes the two
// bits live in the layer's counters (u16 per slot, as the solver's exit summary).
const V_BAD: u16 = 1,
  V_WITNESS: u16 = 2;

// @ts-ignore: decorator
@inline function verifyMove(v: i32, f: i32, flags: u16): u16 {
  if (v == 0) {
    // a draw: no successor lost, one drawn
    if (f == 0) return flags | V_WITNESS;
    return (f & 1) == 0 ? flags | V_BAD : flags;
  }
  const d = (v - 1) >> 1;
  if ((v & 1) == 1) {
    // a win in d: a successor lost in d - 1, none sooner
    if (f == 0 || (f & 1) == 1) return flags;
    const e = ((f - 1) >> 1) + 1;
    return e < d ? flags | V_BAD : e == d ? flags | V_WITNESS : flags;
  }
  if (f == 0 || (f & 1) == 0) return flags | V_BAD; // a loss in d: every successor won, the longest in d - 1
  const e = ((f - 1) >> 1) + 1;
  return e > d ? flags | V_BAD : e == d ? flags | V_WITNESS : flags;
}

/**
 * Starts verifying layer `key` in passes (its values attached): clears the slots' flags (counters,
 * reserved here if needed) and the cover list (gsCover). Then, for each group of successor layers read
 * by an exit pass: gsCover each, gsVerifyExit, gsVerifyExitStep over every slot; then gsVerifyLayer
 * with the same key over every slot. Returns 0, or -1 (gsError says why: 2 the layer is not attached,
 * 4 no memory for the flags).
 */
export function gsVerifyBegin(key: i32): i32 {
  error = 0;
  exitPasses = 0;
  phase = 0;
  cKey = -1;
  vKey = -1;
  vExits = 0;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  const total = 2 * cPer;
  if (total > counterCap && !gsReserve(total)) return -1;
  memory.fill(counters, 0, (<usize>total) << 1);
  for (let k = 0; k < layerKeys; k++) st<u8>(COVER, k, 0);
  vKey = key;
  return 0;
}

/**
 * Starts an exit pass of the verification begun by gsVerifyBegin: the layers declared by gsCover since
 * (attached now, and kept so until gsVerifyExitStep has visited every slot) are read by this pass, and
 * skipped by the final pass. Returns 0, or -1 (no verification begun: gsError 2).
 */
export function gsVerifyExit(): i32 {
  if (vKey < 0 || vKey != cKey) {
    error = ERR_MISSING;
    return -1;
  }
  for (let k = 0; k < layerKeys; k++) if (ld(COVER, k) == 1 && ld(LAYER_VALUES, k) != 0) st<u8>(COVER, k, 2);
  vExits++;
  return 0;
}

/**
 * The current exit pass over slots [from, to) of the layer being verified: each move into a layer this
 * pass reads is checked against the slot's value (its flags updated). Returns 0, or -1 (gsError 2: no
 * exit pass begun, or a successor's slot unused).
 */
export function gsVerifyExitStep(from: f64, to: f64): i32 {
  if (vKey < 0 || vKey != cKey || vExits == 0) {
    error = ERR_MISSING;
    return -1;
  }
  const total = <i32>(2 * cPer),
    per = <i32>cPer;
  const base = scratchBase();
  for (let s = <i32>max(from, 0); s < <i32>min(to, <f64>total); s++) {
    const v = <i32>val(s);
    if (v == <i32>UNUSED) continue;
    const cp = counters + ((<usize>s) << 1);
    let flags = load<u16>(cp);
    if ((flags & V_BAD) != 0) continue;
    const side = s >= per ? 1 : 0;
    // the final pass says so
    if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) continue;
    if (pos.over != 0) continue;
    const n = generate(base);
    for (let i = 0; i < n; i++) {
      pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
      const f = exitValue();
      if (f == <i32>UNUSED) error = ERR_MISSING;
      else if (f >= 0) flags = verifyMove(v, f, flags);
      pos.unmakeMove();
    }
    if (error != 0) return -1;
    store<u16>(cp, flags);
  }
  return 0;
}

/**
 * Checks the stored values of slots [from, to) of layer `key` against their successors' (the rule
 * above). Every layer its moves lead to must be attached, except, when gsVerifyBegin(key) began this
 * verification, those read by its exit passes (their checks are in the flags). Returns the number of
 * slots that disagree, or -1 (gsError says why: 2 a successor not in memory).
 */
export function gsVerifyLayer(key: i32, from: f64, to: f64): f64 {
  error = 0;
  phase = 0;
  const passes = key == vKey ? vExits : 0;
  if (key != vKey) {
    vKey = -1;
    vExits = 0;
  }
  cKey = -1;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  exitPasses = passes; // fixedValue: -2 for a layer an exit pass read
  const total = <i32>(2 * cPer),
    per = <i32>cPer;
  const base = scratchBase();
  let bad: f64 = 0;
  for (let s = <i32>max(from, 0); s < <i32>min(to, <f64>total); s++) {
    const v = <i32>val(s);
    if (v == <i32>UNUSED) continue;
    const side = s >= per ? 1 : 0;
    if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
      bad++;
      continue;
    }
    if (pos.over != 0) {
      if (v != (resultWinner(pos.over) == side ? 1 : 2)) bad++;
      continue;
    }
    const n = generate(base);
    if (n == 0) {
      if (v != 2) bad++;
      continue;
    }
    let flags: u16 = passes > 0 ? load<u16>(counters + ((<usize>s) << 1)) : 0;
    for (let i = 0; i < n; i++) {
      pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
      let f = fixedValue();
      if (f == -1) {
        const t = <i32>coreSlotIn(cKey);
        f = t < 0 ? <i32>UNUSED : <i32>val(t);
        if (f == <i32>UNUSED) error = ERR_MISSING;
      }
      pos.unmakeMove();
      if (error != 0) {
        exitPasses = 0;
        return -1;
      }
      if (f >= 0) flags = verifyMove(v, f, flags);
    }
    if ((flags & V_BAD) != 0 || (flags & V_WITNESS) == 0) bad++;
  }
  exitPasses = 0;
  return bad;
}
