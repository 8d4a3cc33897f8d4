// The generic solver's un-moves (ALGORITHM in tablebase/generic.ts): the in-layer predecessors of a slot just
// resolved, each checked by the core's generator (or by direction alone for PLAIN_STEPS).
import { ld, st, word } from '../../bits';
import { STEP, RANK } from '../../board';
import { stepTargets } from '../../movegen/steps';
import * as pos from '../../position';
import { generate } from '../../movegen/index';
import { MOVES, CAPS, scratchBase } from '../../movelist';
import { moveKind, moveFrom, moveTo, KIND_STEP } from '../../move';
import { noSameTwiceSide, stallSide, stallLimit, dispersal0, dispersal1 } from '../../rules';
import { HAND_PLACES_ONLY, PENDING, PLAIN_STEPS, PLAIN_UNSTACKED, SMAX, SPT, SW, nStack, stackSide } from './tables';
import {
  cH0,
  cH1,
  cKey,
  cPer,
  dH,
  dLast,
  dP,
  dStall,
  dVec,
  decode,
  nearSlots,
  nearTrivial,
  setCore,
  slotNear,
  slotOf,
} from './slots';
import { counters, push, resolved, setAdd, setClear, setHas, val } from './queue';

const LASTS = new StaticArray<i32>(65);
/** Side 0's plain predecessors of one position (their slots): at most 64 pieces of 8 steps each. */
const PRED = new StaticArray<i32>(64 * 8);
/** (the values and counters read ahead, kept so that the reads stay) */
let touched: u32 = 0;

/** Resolves the in-layer predecessors of slot s, just resolved as a win (or a loss) in L. */
export function propagate(s: i32, win: bool, L: i32): void {
  const per = <i32>cPer;
  const side = s >= per ? 1 : 0;
  if (!decode(side, <f64>(s - side * per))) return;
  const xH = dH,
    xP = dP,
    xVec = dVec,
    xLast = dLast,
    xStall = dStall;
  const mover = side ^ 1;
  if (noSameTwiceSide == mover && xLast < 0) return; // its last move was not a step
  // a mover with a piece in hand had only placements (the generator lists nothing else then), and a
  // placement leaves the layer: no predecessor here (each would fail verify(); this skips generating
  // the placements of every candidate)
  if (ld(HAND_PLACES_ONLY, mover) != 0 && (mover == 0 ? cH0 : cH1) > 0) return;
  // a side under the dispersal rule (§3 Double Tiger) with a stack moves only from its stacks, and a step
  // off a stack leaves the layer: in a layer with stacks it has no step here (each would fail verify())
  if (xVec != 0 && mover == stackSide && (mover == 0 ? dispersal0 : dispersal1)) return;
  const occ = xH | xP;
  let stackedPts: u64 = 0;
  for (let i = 0; i < nStack; i++)
    if ((xVec / ld(SW, i)) % (ld(SMAX, i) + 1) != 0) stackedPts |= (<u64>1) << (<u64>ld(SPT, i));
  let movers = (mover == 1 ? xH : xP) & ~stackedPts;
  if (noSameTwiceSide == mover) movers &= (<u64>1) << (<u64>xLast);
  // (side 0's un-steps from an anchor whose stabiliser is the identity alone give distinct slots)
  const dedupe = mover != 0 || !nearTrivial();
  if (dedupe) setClear();
  const base = scratchBase();
  // (a side with pieces in hand places: its steps are for the generator to judge)
  // (without stacks the stack rules restrict nothing: PLAIN_UNSTACKED)
  const plain =
    (ld(PLAIN_STEPS, mover) != 0 || (xVec == 0 && ld(PLAIN_UNSTACKED, mover) != 0)) && (mover == 0 ? cH0 : cH1) == 0;
  if (mover == 0 && plain && stallSide != 0 && noSameTwiceSide != 0) {
    // side 0's plain un-steps (the last point and the stall counter stay): their slots first, then their
    // values and counters read together (the reads of random slots overlap instead of waiting in turn)
    const n = nearSlots(movers, occ, xLast, xStall, changetype<usize>(PRED));
    let touch: u32 = 0;
    for (let i = 0; i < n; i++) touch |= val(ld(PRED, i));
    if (win) for (let i = 0; i < n; i++) touch |= load<u16>(counters + ((<usize>ld(PRED, i)) << 1));
    touched = touch;
    for (let i = 0; i < n; i++) {
      const t = ld(PRED, i);
      if (resolved(val(t))) continue;
      if (dedupe) {
        if (setHas(t)) continue;
        setAdd(t);
      }
      reach(t, win, L);
    }
    return;
  }
  for (; movers != 0; movers &= movers - 1) {
    const q = <i32>ctz(movers);
    for (let from = word(ld(STEP, q), 0) & ~occ; from != 0; from &= from - 1) {
      const p = <i32>ctz(from);
      if (plain && !stepAllowed(mover, p, q)) continue;
      const moved = ((<u64>1) << (<u64>q)) | ((<u64>1) << (<u64>p));
      const yH = mover == 1 ? xH ^ moved : xH,
        yP = mover == 0 ? xP ^ moved : xP;
      // the stall counter before the step
      let s0 = xStall,
        s1 = xStall;
      if (stallSide == mover) {
        if (<i32>ld(RANK, q) > <i32>ld(RANK, p)) {
          if (xStall != 0) continue;
          s0 = 0;
          s1 = stallLimit - 1;
        } else {
          if (xStall == 0) continue;
          s0 = s1 = xStall - 1;
        }
      }
      // the last point before the step: none, or any other piece of the restricted side
      let nl = 0;
      if (noSameTwiceSide == mover) {
        st(LASTS, nl++, -1);
        for (let b = (mover == 1 ? yH : yP) & ~((<u64>1) << (<u64>p)); b != 0; b &= b - 1) st(LASTS, nl++, <i32>ctz(b));
      } else st(LASTS, nl++, xLast);
      for (let ys = s0; ys <= s1; ys++)
        for (let li = 0; li < nl; li++) {
          const yl = ld(LASTS, li);
          // (an un-move of side 0 keeps the hunters: its slot from the anchor, x, by slotNear)
          const t = mover * per + <i32>(mover == 0 ? slotNear(q, p, yl, ys) : slotOf(cKey, yH, yP, xVec, yl, ys));
          if (resolved(val(t))) continue;
          // counted once per distinct predecessor slot; one that fails here may still be reached by a
          // symmetric un-step whose step is legal (it then has a move to an image of this position)
          if (dedupe && setHas(t)) continue;
          if (!plain && !verify(yH, yP, xVec, yl, ys, mover, p, q, xH, xP, xLast, xStall, base)) continue;
          if (dedupe) setAdd(t);
          reach(t, win, L);
        }
    }
  }
}

/**
 * Predecessor t (unresolved, counted once) of a position resolved in L: a win in L + 1 if that position is lost (win
 * false), else one successor fewer, and a loss once none is left.
 */
// @ts-ignore: decorator
@inline function reach(t: i32, win: bool, L: i32): void {
  if (!win) push(L + 1, (<u32>t) | 0x80000000);
  else {
    const cp = counters + ((<usize>t) << 1);
    const c = <i32>load<u16>(cp) - 1;
    store<u16>(cp, <u16>max(c, 0));
    if (c == 0) {
      const v = val(t);
      const m = (v & PENDING) != 0 ? <i32>(v & 0x7fff) : 0;
      push(max(L + 1, m), <u32>t);
    }
  }
}

/** True if `side` may step from p to q: q is p's neighbour in one of its step directions. */
// @ts-ignore: decorator
@inline function stepAllowed(side: i32, p: i32, q: i32): bool {
  return ((word(stepTargets(side, p), 0) >> (<u64>q)) & 1) != 0;
}

/** True if in (yH, yP, vec, yl, ys) with `mover` to move the step p-q is legal and leads to (xH, xP, xl, xs). */
function verify(
  yH: u64,
  yP: u64,
  vec: i32,
  yl: i32,
  ys: i32,
  mover: i32,
  p: i32,
  q: i32,
  xH: u64,
  xP: u64,
  xl: i32,
  xs: i32,
  base: i32,
): bool {
  if (!setCore(yH, yP, vec, yl, ys, mover) || pos.over != 0) return false;
  const n = generate(base);
  for (let i = 0; i < n; i++) {
    const m = ld(MOVES(), base + i);
    if (moveKind(m) != KIND_STEP || moveFrom(m) != p || moveTo(m) != q) continue;
    pos.makeMove(m, ld(CAPS(), base + i));
    const ok =
      word(pos.hunters, 0) == xH && word(pos.prey, 0) == xP && pos.lastPt == xl && pos.stall == xs && pos.over == 0;
    pos.unmakeMove();
    return ok;
  }
  return false;
}
