// Perft with bulk counting: leaves at exactly `depth` plies, a finished game contributing nothing
// below it (RULES.md §0: perft ignores repetition). The recursion keeps the position in wasm locals
// (copy-make in registers), which beat make/unmake and an explicit stack here. At depth 2 it does not
// even visit the children: it counts their moves incrementally from the parent's count:
//  - a goat placed on e (hunters h, prey p, empty E, before the move):
//      hunter moves' = base - |STEP[e] & h|             (steps into e)
//                           - |jumpLandings(e, p, h)|     (jumps landing on e: symmetric, so the
//                                                          hunters two points from e across a goat)
//                           + |jumpsThrough(e, h) & E|    (jumps over the new goat)
//  - a goat leaving f: the same three terms with opposite signs, on the board without the goat;
//  - a hunter move t -> u (no capture), for the goats' step count:
//      prey steps' = base + |STEP[t] & p| - |STEP[u] & p|.
// perftSlow (perftGeneric: generate/make/unmake, no shortcuts) cross-checks it in the tests. These
// shortcuts hold for the Bagh Chal profile only (rules.fast); every other game counts with perftGeneric:
// generate, make, unmake, and the move count at depth 1 (bulk counting).
import { bit, ld, or, and, andNot, xor, isEmpty, nonEmpty, first, popFirst, lowest, size } from './bits';
import { STEP, boardMask, jumpLandings, jumpsThrough, midOf } from './board';
import { hunters, prey, side, inHand, captured, PREY, makeMove, unmakeMove } from './position';
import { hunterMoveCount, preyStepCount } from './movegen/hunt';
import { generate } from './movegen/index';
import { MOVES, CAPS, MAX_PLY, plyBase, endPly } from './movelist';
import { fast, target0 as capturesToWin } from './rules';

// @ts-ignore: decorator
@inline function countMoves(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32): u64 {
  if (capt >= capturesToWin) return 0;
  const empty = andNot(boardMask, or(h, p));
  if (stm == PREY) return hand > 0 ? <u64>size(empty) : <u64>preyStepCount(p, empty);
  return <u64>hunterMoveCount(h, p, empty);
}

/** Change in the hunters' move count when a goat appears on e (p, empty: the board without it). */
// @ts-ignore: decorator
@inline function goatAddedDelta(e: i32, h: Bits, p: Bits, empty: Bits): i32 {
  return size(and(jumpsThrough(e, h), empty)) - size(and(ld(STEP, e), h)) - size(jumpLandings(e, p, h));
}

/** Leaves two plies below a prey node (depth == 2): hunter moves after each prey move, counted incrementally. */
function preyDepth2(h: Bits, p: Bits, hand: i32, empty: Bits): u64 {
  const base = hunterMoveCount(h, p, empty);
  let n: u64 = 0;
  if (hand > 0) {
    for (let e = empty; nonEmpty(e); e = popFirst(e)) {
      const to = first(e);
      n += <u64>(base + goatAddedDelta(to, h, p, xor(empty, bit(to))));
    }
    return n;
  }
  for (let f = p; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const moves = and(ld(STEP, from), empty);
    if (isEmpty(moves)) continue;
    const p1 = xor(p, bit(from)),
      e1 = or(empty, bit(from));
    const afterLeave = base - goatAddedDelta(from, h, p1, empty);
    for (let t = moves; nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      n += <u64>(afterLeave + goatAddedDelta(to, h, p1, xor(e1, bit(to))));
    }
  }
  return n;
}

/** Leaves two plies below a hunter node (depth == 2): prey moves after each hunter move. */
function hunterDepth2(h: Bits, p: Bits, hand: i32, capt: i32, empty: Bits): u64 {
  let n: u64 = 0;
  const captureEnds = capt + 1 >= capturesToWin;
  if (hand > 0) {
    // placements: one per empty point after the move (a step keeps the count; a jump frees one more)
    const k = <u64>size(empty);
    for (let f = h; nonEmpty(f); f = popFirst(f)) {
      const from = first(f);
      n += <u64>size(and(ld(STEP, from), empty)) * k;
      if (!captureEnds) n += <u64>size(jumpLandings(from, p, empty)) * (k + 1);
    }
    return n;
  }
  const base = <i32>preyStepCount(p, empty);
  for (let f = h; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const gain = base + size(and(ld(STEP, from), p));
    for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t))
      n += <u64>(gain - size(and(ld(STEP, first(t)), p)));
    if (captureEnds) continue;
    for (let t = jumpLandings(from, p, empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      const p2 = xor(p, bit(midOf(from, to)));
      n += <u64>preyStepCount(p2, andNot(boardMask, or(xor(h, or(bit(from), bit(to))), p2)));
    }
  }
  return n;
}

/** Non-zero when the host asks a running perft to stop (polled: see perftRec and perftGeneric). */
@external("env", "shouldStop") declare function hostShouldStop(): i32;
let stopped = false;
export function perftStopped(): bool {
  return stopped;
}

/** False: count leaves one ply deep only (classic bulk counting, as the C yardstick does); for the bench. */
let incremental = true;

function perftRec(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32, depth: i32): u64 {
  if (depth == 1) return countMoves(h, p, stm, hand, capt);
  if (capt >= capturesToWin) return 0;
  const empty = andNot(boardMask, or(h, p));
  if (depth == 2 && incremental)
    return stm == PREY ? preyDepth2(h, p, hand, empty) : hunterDepth2(h, p, hand, capt, empty);
  if (depth >= 5) {
    if (stopped || hostShouldStop() != 0) {
      stopped = true;
      return 0;
    }
  }
  const d = depth - 1;
  let n: u64 = 0;
  if (stm == PREY) {
    if (hand > 0) {
      for (let e = empty; nonEmpty(e); e = popFirst(e)) n += perftRec(h, or(p, lowest(e)), 1, hand - 1, capt, d);
    } else {
      for (let e = empty; nonEmpty(e); e = popFirst(e)) {
        const to = lowest(e);
        for (let f = and(ld(STEP, first(e)), p); nonEmpty(f); f = popFirst(f))
          n += perftRec(h, xor(xor(p, to), lowest(f)), 1, 0, capt, d);
      }
    }
    return n;
  }
  for (let f = h; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    const fb = lowest(f);
    for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t))
      n += perftRec(xor(xor(h, fb), lowest(t)), p, 0, hand, capt, d);
    for (let t = jumpLandings(from, p, empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      n += perftRec(xor(xor(h, fb), bit(to)), xor(p, bit(midOf(from, to))), 0, hand, capt + 1, d);
    }
  }
  return n;
}

/** Interior nodes of perftGeneric since the last poll of the stop flag. */
let polls: u32 = 0;

/**
 * Bulk-counting perft through generate/make/unmake (every profile). Polls the stop flag at every 64th
 * node 2+ plies above the leaves: by node count, not by height, because one node 4 plies up may take a
 * minute on the 105-point board (thousands of multi-jumps) and a millisecond on the 11-point one.
 */
function perftGeneric(depth: i32, ply: i32): u64 {
  if (stopped) return 0;
  const base = plyBase(ply);
  const n = generate(base);
  if (depth == 1) return <u64>n;
  endPly(ply, base + n);
  if ((++polls & 63) == 0 && hostShouldStop() != 0) {
    stopped = true;
    return 0;
  }
  let total: u64 = 0;
  for (let i = 0; i < n; i++) {
    makeMove(ld(MOVES(), base + i), ld(CAPS(), base + i));
    total += perftGeneric(depth - 1, ply + 1);
    unmakeMove();
  }
  return total;
}

/** Perft of the current position (nodes as f64: exact up to 2^53). */
export function perft(depth: i32): f64 {
  stopped = false; // before the depth-0 answer too: a run reports only its own stop
  if (depth <= 0) return 1;
  if (!fast) return depth > MAX_PLY - 1 ? -1 : <f64>perftGeneric(depth, 0);
  incremental = true;
  return <f64>perftRec(hunters, prey, side, inHand, captured, depth);
}

/** Perft with classic bulk counting only (every depth-1 node visited): measures raw move generation. */
export function perftClassic(depth: i32): f64 {
  stopped = false; // before the depth-0 answer too: a run reports only its own stop
  if (depth <= 0) return 1;
  if (!fast) return depth > MAX_PLY - 1 ? -1 : <f64>perftGeneric(depth, 0);
  incremental = false;
  return <f64>perftRec(hunters, prey, side, inHand, captured, depth);
}

/**
 * Perft through generate/make/unmake for every profile (perftGeneric): for Bagh Chal it cross-checks the
 * fast recursion in the tests; for every other game it is the same count perft() makes.
 */
export function perftSlow(depth: i32): f64 {
  stopped = false; // before the depth-0 answer too: a run reports only its own stop
  if (depth <= 0) return 1;
  return <f64>perftGeneric(depth, 0);
}
