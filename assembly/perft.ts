// Perft with bulk counting: leaves at exactly `depth` plies, a finished game contributing nothing
// below it (RULES.md §0: perft ignores repetition). The recursion keeps the position in wasm locals
// (copy-make in registers), which beat make/unmake and an explicit stack here; at the last ply it
// counts moves without playing them.
import { Bits } from "./bits";
import { STEP, boardMask, jumpLandings, midOf } from "./board";
import { hunters, prey, side, inHand, captured, capturesToWin, PREY, makeMove, unmakeMove } from "./position";
import { hunterMoveCount, preyStepCount, generate, MOVES, MAX_MOVES } from "./movegen/hunt";
import { bit, ld } from "./bits";

function countMoves(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32): u64 {
  if (capt >= capturesToWin) return 0;
  const empty = boardMask & ~(h | p);
  if (stm == PREY) return hand > 0 ? popcnt(empty) : <u64>preyStepCount(p, empty);
  return <u64>hunterMoveCount(h, p, empty);
}

function perftRec(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32, depth: i32): u64 {
  if (depth == 1) return countMoves(h, p, stm, hand, capt);
  if (capt >= capturesToWin) return 0;
  const empty = boardMask & ~(h | p);
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

/** Perft of the current position (nodes as f64: exact up to 2^53). */
export function perft(depth: i32): f64 {
  if (depth <= 0) return 1;
  return <f64>perftRec(hunters, prey, side, inHand, captured, depth);
}

/** Slow perft through generate/make/unmake: cross-checks the fast recursion in tests. */
export function perftSlow(depth: i32, ply: i32): f64 {
  if (depth == 0) return 1;
  const base = ply * MAX_MOVES;
  const n = generate(base);
  if (depth == 1) return <f64>n;
  let total: f64 = 0;
  for (let i = 0; i < n; i++) {
    makeMove(ld(MOVES, base + i));
    total += perftSlow(depth - 1, ply + 1);
    unmakeMove();
  }
  return total;
}
