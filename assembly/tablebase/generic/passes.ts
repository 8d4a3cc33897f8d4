// The generic solver's passes (ALGORITHM in tablebase/generic.ts): a layer solved in steps (gsBegin, gsStep):
// the exit passes, pass 1, the levels and the statistics.
import { ld, st, word } from '../../bits';
import * as pos from '../../position';
import { generate } from '../../movegen/index';
import { MOVES, CAPS, scratchBase } from '../../movelist';
import { resultWinner } from '../../position';
import { ERR_MISSING, MAX_DIST, PENDING, PLAIN_STEPS, PLAIN_UNSTACKED, UNUSED, error } from './tables';
import { CAP_NONE, capture0, noSameTwiceSide, stallSide } from '../../rules';
import { COVER, LAYER_VALUES, layerKeys } from './layers';
import {
  cC0,
  cC1,
  cH0,
  cH1,
  cKey,
  cPer,
  cVals,
  coreSlotIn,
  dH,
  dLast,
  dP,
  dStall,
  dVec,
  decode,
  selectLayer,
  setCore,
  slotNear,
  nearCount,
  nearTrivial,
} from './slots';
import {
  CH,
  FILL,
  HEAD,
  TAIL,
  counterCap,
  counters,
  freeChunks,
  gsReserve,
  maxPushed,
  push,
  resolved,
  setAdd,
  setClear,
  setVal,
  val,
} from './queue';
import { exitPasses, exitSlot, fixedValue, vExits, vKey } from './exit';
import { propagate } from './unmove';

/** Progress of the layer being solved: pass 1 (slots done of total) or 2 (resolved so far, level). */
@external("env", "tbProgress") declare function hostProgress(pass: i32, done: f64, total: f64): void;

let statWins: f64 = 0,
  statLosses: f64 = 0,
  statDraws: f64 = 0,
  statUsed: f64 = 0;

// The layer being solved, in steps the host calls one after another (gsBegin, then gsStep until it
// returns 0), so that between steps it can report progress and answer signals: the phase (1 pass 1,
// 2 the levels, 3 the statistics), the next slot of pass 1, and where the levels stand.
/** Pass 1 counts side 0's moves without the generator (gsBegin). */
let direct0 = false;

export let phase = 0,
  pSlot = 0,
  pLevel = 0,
  pChunk: usize = 0,
  pK = 2,
  pDone: f64 = 0,
  pMaxD = 0;

/**
 * Starts solving layer `key` (values attached by gsAttach; every layer its moves lead to attached and
 * solved, or read by exit passes: gsCover, gsExitBegin). Returns 0, or -1 (gsError says why). Then
 * gsStep until it returns 0 (the final pass and the levels; after each exit pass begun, gsStep returns
 * 0 when that pass is done).
 */
export function gsBegin(key: i32): i32 {
  error = 0;
  phase = 0;
  if (!selectLayer(key) || cVals == 0) {
    error = ERR_MISSING;
    return -1;
  }
  // side 0's moves here are nothing but its steps along its directions, each to a position of this layer
  // (no captures, no pieces in hand, no last point or stall counter, and no rule but the directions:
  // PLAIN_UNSTACKED, and PLAIN_STEPS where the layer has stacks): pass 1 counts them without the generator
  direct0 = ld(PLAIN_UNSTACKED, 0) != 0 && capture0 == CAP_NONE && stallSide < 0 && noSameTwiceSide < 0 && cH0 == 0;
  const total = 2 * cPer;
  if (total > counterCap && !gsReserve(total)) return -1;
  for (let L = 0; L <= MAX_DIST + 1; L++) {
    st<usize>(HEAD, L, 0);
    st<usize>(TAIL, L, 0);
    st(FILL, L, 0);
  }
  maxPushed = -1;
  for (let k = 0; k < layerKeys; k++) st<u8>(COVER, k, 0);
  exitPasses = 0;
  vKey = -1;
  vExits = 0;
  phase = 1;
  pSlot = 0;
  pDone = 0;
  pMaxD = 0;
  statUsed = 0;
  return 0;
}

/**
 * Starts an exit pass over the current layer (after gsBegin, before the final pass's first gsStep; then
 * gsStep until it returns 0, and another exit pass or the final pass): for each used, undecided slot it
 * folds the values of its moves into the attached layers declared by gsCover into the slot's exit
 * summary (EXIT PASSES in generic.ts's header). Returns 0, or -1 (ERR_MISSING: no layer begun, or its final pass
 * has started).
 */
export function gsExitBegin(): i32 {
  if (cKey < 0 || cVals == 0 || !(phase == 1 && pSlot == 0)) {
    error = ERR_MISSING;
    return -1;
  }
  for (let k = 0; k < layerKeys; k++) if (ld(COVER, k) != 0 && ld(LAYER_VALUES, k) != 0) st<u8>(COVER, k, 2);
  exitPasses++;
  phase = 4;
  pSlot = 0;
  return 0;
}

/**
 * Does about `budget` units of the layer's work (a slot of pass 1, a position resolved): returns 1 while
 * there is more, 0 when the layer is solved (gsMaxDistance and gsStat then answer), -1 on an error.
 */
export function gsStep(budget: i32): i32 {
  const total = <i32>(2 * cPer);
  if (phase == 4) {
    // an exit pass: 0 when it is done (then another exit pass, or the final pass)
    const end = min(total, pSlot + max(budget, 1));
    for (let s = pSlot; s < end; s++) if (!exitSlot(s)) return -1;
    pSlot = end;
    hostProgress(1, <f64>pSlot, <f64>total);
    if (pSlot < total) return 1;
    phase = 1;
    pSlot = 0;
    return 0;
  }
  if (phase == 1) {
    const end = min(total, pSlot + max(budget, 1));
    for (let s = pSlot; s < end; s++) if (!pass1Slot(s)) return -1;
    pSlot = end;
    hostProgress(1, <f64>pSlot, <f64>total);
    if (pSlot < total) return 1;
    phase = 2;
    pLevel = 0;
    pChunk = ld(HEAD, 0);
    pK = 2;
    return 1;
  }
  if (phase == 2) {
    let work = 0;
    while (pLevel <= maxPushed) {
      while (pChunk != 0) {
        const fill = pChunk == ld(TAIL, pLevel) ? ld(FILL, pLevel) : CH;
        while (pK < fill) {
          const e = load<u32>(pChunk + ((<usize>pK) << 2));
          pK++;
          const s = <i32>(e & 0x7fffffff),
            win = e >> 31 != 0;
          if (resolved(val(s))) continue;
          setVal(s, <u16>(win ? 1 + 2 * pLevel : 2 + 2 * pLevel));
          pDone++;
          pMaxD = pLevel;
          propagate(s, win, pLevel);
          if (error != 0) return -1;
          if (++work >= budget) {
            hostProgress(2, pDone, <f64>pLevel);
            return 1;
          }
        }
        const next = load<usize>(pChunk);
        store<usize>(pChunk, freeChunks);
        freeChunks = pChunk;
        pChunk = next;
        pK = 2;
      }
      pLevel++;
      if (pLevel <= MAX_DIST) {
        pChunk = ld(HEAD, pLevel);
        pK = 2;
      }
      hostProgress(2, pDone, <f64>pLevel);
    }
    phase = 3;
    return 1;
  }
  if (phase == 3) {
    // the rest are draws; statistics
    statWins = 0;
    statLosses = 0;
    statDraws = 0;
    statUsed = 0;
    for (let s = 0; s < total; s++) {
      let v = val(s);
      if (v == UNUSED) continue;
      if (!resolved(v)) {
        v = 0;
        setVal(s, 0);
      }
      statUsed++;
      if (v == 0) statDraws++;
      else if (v & 1) statWins++;
      else statLosses++;
      const d = v == 0 ? 0 : (<i32>v - 1) >> 1;
      if (d > pMaxD) pMaxD = d;
    }
    phase = 0;
    return 0;
  }
  error = ERR_MISSING;
  return -1;
}

/** The largest distance (plies) in the layer gsStep has just finished. */
export function gsMaxDistance(): i32 {
  return pMaxD;
}

/** Pass 1 for slot s: its value if decided or blocked, its counter, and its queued outcomes. False on an error. */
function pass1Slot(s: i32): bool {
  const per = <i32>cPer,
    base = scratchBase();
  const side = s >= per ? 1 : 0;
  let nSucc = 0,
    bestWin = 0x7fffffff,
    maxLoss = 0,
    block = false;
  if (exitPasses > 0) {
    // the exit summary the exit passes left (EXIT PASSES in generic.ts's header)
    const c = <i32>load<u16>(counters + ((<usize>s) << 1)),
      v = val(s);
    if ((c & 0x7fff) != 0) bestWin = c & 0x7fff;
    block = (c & 0x8000) != 0;
    if (v != UNUSED && (v & PENDING) != 0) maxLoss = <i32>(v & 0x7fff);
  }
  store<u16>(counters + ((<usize>s) << 1), 0);
  if (!decode(side, <f64>(s - side * per)) || !setCore(dH, dP, dVec, dLast, dStall, side)) {
    setVal(s, UNUSED);
    return true;
  }
  statUsed++; // positions in use, counted as pass 1 goes (pass 2's progress total; phase 3 counts them again)
  if (pos.over != 0) {
    setVal(s, resultWinner(pos.over) == side ? 1 : 2);
    return true;
  }
  if (side == 0 && direct0 && (dVec == 0 || (ld(PLAIN_STEPS, 0) != 0 && nearTrivial()))) {
    // side 0's moves are its steps, each within the layer (direct0): counted without the generator
    nSucc = nearCount(dH | dP);
    setVal(s, 0);
    if (nSucc == 0) {
      push(0, <u32>s);
      return true;
    }
    return pass1End(s, nSucc, bestWin, maxLoss, block);
  }
  const n = generate(base);
  setVal(s, 0);
  if (n == 0) {
    push(0, <u32>s);
    return true;
  }
  setClear();
  const h0 = dH,
    p0 = dP,
    other = (side ^ 1) * per;
  for (let i = 0; i < n; i++) {
    pos.makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    // a piece of side 0 moved within the layer (the hunters, the counts and so the stacks as they were,
    // one piece from one point to another): its slot from the anchor's (slotNear)
    const np = word(pos.prey, 0),
      moved = np ^ p0;
    if (
      pos.over == 0 &&
      word(pos.hunters, 0) == h0 &&
      popcnt(moved) == 2 &&
      pos.captured == cC0 &&
      pos.captured1 == cC1 &&
      pos.inHand == cH0 &&
      pos.hand1 == cH1
    ) {
      const t = other + <i32>slotNear(<i32>ctz(moved & p0), <i32>ctz(moved & np), pos.lastPt, pos.stall);
      if (setAdd(t)) nSucc++;
      pos.unmakeMove();
      continue;
    }
    const f = fixedValue();
    if (f == -1) {
      if (setAdd(<i32>coreSlotIn(cKey))) nSucc++;
    } else if (f == -2) {
      // read by an exit pass: in the summary
    } else if (f == 0) block = true;
    else {
      const d = (f - 1) >> 1;
      if ((f & 1) == 0)
        bestWin = min(bestWin, d + 1); // the opponent loses in d
      else maxLoss = max(maxLoss, d + 1); // the opponent wins in d
    }
    pos.unmakeMove();
  }
  if (error != 0) return false;
  return pass1End(s, nSucc, bestWin, maxLoss, block);
}

/** The end of pass 1 for slot s: its counter, queued outcomes and pending longest loss. */
// @ts-ignore: decorator
@inline function pass1End(s: i32, nSucc: i32, bestWin: i32, maxLoss: i32, block: bool): bool {
  const cnt = nSucc + (block ? 1 : 0) + (bestWin != 0x7fffffff ? 1 : 0);
  store<u16>(counters + ((<usize>s) << 1), <u16>min(cnt, 0xffff));
  if (bestWin != 0x7fffffff) push(bestWin, (<u32>s) | 0x80000000);
  if (cnt == 0) push(maxLoss, <u32>s);
  else if (maxLoss > 0) setVal(s, PENDING | (<u16>maxLoss));
  return true;
}

/** Solves layer `key` in one call (gsBegin and gsStep to the end): the largest distance, or -1. */
export function gsSolveLayer(key: i32): i32 {
  if (gsBegin(key) < 0) return -1;
  let rc = 1;
  while (rc == 1) rc = gsStep(1 << 20);
  return rc < 0 ? -1 : pMaxD;
}

/** Statistics of the last solved layer: 0 used slots, 1 wins, 2 losses, 3 draws (for the side to move). */
export function gsStat(i: i32): f64 {
  return i == 0 ? statUsed : i == 1 ? statWins : i == 2 ? statLosses : i == 3 ? statDraws : -1;
}
