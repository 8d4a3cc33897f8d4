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
import { Bits, bit, ld } from "./bits";
import { STEP, boardMask, jumpLandings, jumpsThrough, midOf } from "./board";
import { hunters, prey, side, inHand, captured, PREY, makeMove, unmakeMove } from "./position";
import { hunterMoveCount, preyStepCount, generate, MOVES, CAPS, MAX_MOVES, MAX_PLY } from "./movegen/hunt";
import { fast, target0 as capturesToWin } from "./rules";

// @ts-ignore: decorator
@inline function countMoves(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32): u64 {
  if (capt >= capturesToWin) return 0;
  const empty = boardMask & ~(h | p);
  if (stm == PREY) return hand > 0 ? popcnt(empty) : <u64>preyStepCount(p, empty);
  return <u64>hunterMoveCount(h, p, empty);
}

/** Change in the hunters' move count when a goat appears on e (p, empty: the board without it). */
// @ts-ignore: decorator
@inline function goatAddedDelta(e: i32, h: Bits, p: Bits, empty: Bits): i32 {
  return <i32>popcnt(jumpsThrough(e, h) & empty) - <i32>popcnt(ld(STEP, e) & h) - <i32>popcnt(jumpLandings(e, p, h));
}

/** Leaves two plies below a prey node (depth == 2): hunter moves after each prey move, counted incrementally. */
function preyDepth2(h: Bits, p: Bits, hand: i32, empty: Bits): u64 {
  const base = hunterMoveCount(h, p, empty);
  let n: u64 = 0;
  if (hand > 0) {
    for (let e = empty; e != 0; e &= e - 1) {
      const to = <i32>ctz(e);
      n += <u64>(base + goatAddedDelta(to, h, p, empty ^ bit(to)));
    }
    return n;
  }
  for (let f = p; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    const moves = ld(STEP, from) & empty;
    if (moves == 0) continue;
    const p1 = p ^ bit(from), e1 = empty | bit(from);
    const afterLeave = base - goatAddedDelta(from, h, p1, empty);
    for (let t = moves; t != 0; t &= t - 1) {
      const to = <i32>ctz(t);
      n += <u64>(afterLeave + goatAddedDelta(to, h, p1, e1 ^ bit(to)));
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
    const k = <u64>popcnt(empty);
    for (let f = h; f != 0; f &= f - 1) {
      const from = <i32>ctz(f);
      n += <u64>popcnt(ld(STEP, from) & empty) * k;
      if (!captureEnds) n += <u64>popcnt(jumpLandings(from, p, empty)) * (k + 1);
    }
    return n;
  }
  const base = <i32>preyStepCount(p, empty);
  for (let f = h; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    const gain = base + <i32>popcnt(ld(STEP, from) & p);
    for (let t = ld(STEP, from) & empty; t != 0; t &= t - 1) n += <u64>(gain - <i32>popcnt(ld(STEP, <i32>ctz(t)) & p));
    if (captureEnds) continue;
    for (let t = jumpLandings(from, p, empty); t != 0; t &= t - 1) {
      const to = <i32>ctz(t);
      const p2 = p ^ bit(midOf(from, to));
      n += <u64>preyStepCount(p2, boardMask & ~((h ^ bit(from) ^ bit(to)) | p2));
    }
  }
  return n;
}

/** Non-zero when the host asks a running perft to stop (polled at nodes 4+ plies above the leaves). */
@external("env", "shouldStop") declare function hostShouldStop(): i32;
let stopped = false;
export function perftStopped(): bool { return stopped; }

/** False: count leaves one ply deep only (classic bulk counting, as the C yardstick does); for the bench. */
let incremental = true;

function perftRec(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32, depth: i32): u64 {
  if (depth == 1) return countMoves(h, p, stm, hand, capt);
  if (capt >= capturesToWin) return 0;
  const empty = boardMask & ~(h | p);
  if (depth == 2 && incremental) return stm == PREY ? preyDepth2(h, p, hand, empty) : hunterDepth2(h, p, hand, capt, empty);
  if (depth >= 5) { if (stopped || hostShouldStop() != 0) { stopped = true; return 0; } }
  const d = depth - 1;
  let n: u64 = 0;
  if (stm == PREY) {
    if (hand > 0) {
      for (let e = empty; e != 0; e &= e - 1) n += perftRec(h, p | (e & (~e + 1)), 1, hand - 1, capt, d);
    } else {
      for (let e = empty; e != 0; e &= e - 1) {
        const to = e & (~e + 1);
        for (let f = ld(STEP, <i32>ctz(e)) & p; f != 0; f &= f - 1) n += perftRec(h, p ^ to ^ (f & (~f + 1)), 1, 0, capt, d);
      }
    }
    return n;
  }
  for (let f = h; f != 0; f &= f - 1) {
    const from = <i32>ctz(f);
    const fb = f & (~f + 1);
    for (let t = ld(STEP, from) & empty; t != 0; t &= t - 1) n += perftRec(h ^ fb ^ (t & (~t + 1)), p, 0, hand, capt, d);
    for (let t = jumpLandings(from, p, empty); t != 0; t &= t - 1) {
      const to = <i32>ctz(t);
      n += perftRec(h ^ fb ^ bit(to), p ^ bit(midOf(from, to)), 0, hand, capt + 1, d);
    }
  }
  return n;
}

/** Bulk-counting perft through generate/make/unmake (every profile); polls the stop flag 4+ plies up. */
function perftGeneric(depth: i32, ply: i32): u64 {
  const base = ply * MAX_MOVES;
  const n = generate(base);
  if (depth == 1) return <u64>n;
  if (depth >= 5) { if (stopped || hostShouldStop() != 0) { stopped = true; return 0; } }
  let total: u64 = 0;
  for (let i = 0; i < n; i++) {
    makeMove(ld(MOVES, base + i), ld(CAPS, base + i));
    total += perftGeneric(depth - 1, ply + 1);
    unmakeMove();
  }
  return total;
}

/** Perft of the current position (nodes as f64: exact up to 2^53). */
export function perft(depth: i32): f64 {
  if (depth <= 0) return 1;
  stopped = false;
  if (!fast) return depth > MAX_PLY - 1 ? -1 : <f64>perftGeneric(depth, 0);
  incremental = true;
  return <f64>perftRec(hunters, prey, side, inHand, captured, depth);
}

/** Perft with classic bulk counting only (every depth-1 node visited): measures raw move generation. */
export function perftClassic(depth: i32): f64 {
  if (depth <= 0) return 1;
  stopped = false;
  if (!fast) return depth > MAX_PLY - 1 ? -1 : <f64>perftGeneric(depth, 0);
  incremental = false;
  return <f64>perftRec(hunters, prey, side, inHand, captured, depth);
}

/**
 * Perft through generate/make/unmake for every profile (perftGeneric): for Bagh Chal it cross-checks the
 * fast recursion in the tests; for every other game it is the same count perft() makes.
 */
export function perftSlow(depth: i32): f64 {
  if (depth <= 0) return 1;
  stopped = false;
  return <f64>perftGeneric(depth, 0);
}
