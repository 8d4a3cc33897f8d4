// The position of a hunt game (RULES.md §0-1): hunters (tigers) and prey (goats) as bitboards, prey in
// hand, prey captured, side to move, the incremental Zobrist key, and the game history used for
// unmake and repetition.
import { Bits, bit, has, ld, st } from "./bits";
import { MAX_POINTS, boardMask } from "./board";
import { moveTo, moveFrom, moveCapture, moveKind, KIND_PLACE, KIND_JUMP } from "./move";

/** Side constants: the prey (goats) move first in Bagh Chal. */
export const PREY: i32 = 0;
export const HUNTER: i32 = 1;

/** Most plies a game or search line can hold (history stacks are this long). */
export const MAX_HISTORY: i32 = 8192;
const MAX_COUNT: i32 = 128;

// ---- rule flags (set by the host from the variant declaration) ----
/** Captures that win for the hunters (RULES §1 `captures-to-win`, default 5). */
export let capturesToWin: i32 = 5;
export function setCapturesToWin(n: i32): void { capturesToWin = n; }

// ---- state ----
export let hunters: Bits = 0;
export let prey: Bits = 0;
export let side: i32 = PREY;
export let inHand: i32 = 0;
export let captured: i32 = 0;
export let key: u64 = 0;

/** Keys of the positions before each move played (index = ply from the set position). */
const KEYS = new StaticArray<u64>(MAX_HISTORY);
const MOVES_PLAYED = new StaticArray<u32>(MAX_HISTORY);
/** Ply of the last irreversible move (placement or capture) at each ply: repetitions can't cross it. */
const IRREV = new StaticArray<i32>(MAX_HISTORY);
export let histLen: i32 = 0;
export let lastIrrev: i32 = 0;

// ---- Zobrist keys ----
const Z_HUNTER = new StaticArray<u64>(MAX_POINTS);
const Z_PREY = new StaticArray<u64>(MAX_POINTS);
const Z_HAND = new StaticArray<u64>(MAX_COUNT);
const Z_CAPT = new StaticArray<u64>(MAX_COUNT);
let Z_SIDE: u64 = 0;

let zs: u64 = 0x2545F4914F6CDD1D;
function splitmix(): u64 {
  zs += 0x9E3779B97F4A7C15;
  let z = zs;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
  return z ^ (z >> 31);
}
export function initZobrist(): void {
  zs = 0x2545F4914F6CDD1D;
  for (let i = 0; i < MAX_POINTS; i++) { st(Z_HUNTER, i, splitmix()); st(Z_PREY, i, splitmix()); }
  for (let i = 0; i < MAX_COUNT; i++) { st(Z_HAND, i, splitmix()); st(Z_CAPT, i, splitmix()); }
  Z_SIDE = splitmix();
}

/** The key of the current state computed from scratch (the incremental key must equal it). */
export function computeKey(): u64 {
  let k: u64 = 0;
  for (let b = hunters; b != 0; b &= b - 1) k ^= ld(Z_HUNTER, <i32>ctz(b));
  for (let b = prey; b != 0; b &= b - 1) k ^= ld(Z_PREY, <i32>ctz(b));
  k ^= ld(Z_HAND, inHand) ^ ld(Z_CAPT, captured);
  if (side == HUNTER) k ^= Z_SIDE;
  return k;
}

/**
 * Sets the position (already validated by the host). Returns 0, or -1 if pieces overlap or lie off
 * the board, -2 if a count is out of range.
 */
export function setPosition(h: Bits, p: Bits, stm: i32, hand: i32, capt: i32): i32 {
  if ((h & p) != 0 || ((h | p) & ~boardMask) != 0) return -1;
  if (hand < 0 || hand >= MAX_COUNT || capt < 0 || capt >= MAX_COUNT || (stm != PREY && stm != HUNTER)) return -2;
  hunters = h; prey = p; side = stm; inHand = hand; captured = capt;
  key = computeKey();
  histLen = 0; lastIrrev = 0;
  return 0;
}

/** Plays a move known to be legal (from the generator). */
export function makeMove(m: u32): void {
  st(KEYS, histLen, key);
  st(MOVES_PLAYED, histLen, m);
  st(IRREV, histLen, lastIrrev);
  histLen++;
  const to = moveTo(m), kind = moveKind(m);
  let k = key;
  if (side == PREY) {
    if (kind == KIND_PLACE) {
      prey |= bit(to); k ^= ld(Z_PREY, to) ^ ld(Z_HAND, inHand) ^ ld(Z_HAND, inHand - 1); inHand--;
      lastIrrev = histLen;
    } else {
      const from = moveFrom(m);
      prey ^= bit(from) | bit(to); k ^= ld(Z_PREY, from) ^ ld(Z_PREY, to);
    }
  } else {
    const from = moveFrom(m);
    hunters ^= bit(from) | bit(to); k ^= ld(Z_HUNTER, from) ^ ld(Z_HUNTER, to);
    if (kind == KIND_JUMP) {
      const c = moveCapture(m);
      prey ^= bit(c); k ^= ld(Z_PREY, c) ^ ld(Z_CAPT, captured) ^ ld(Z_CAPT, captured + 1); captured++;
      lastIrrev = histLen;
    }
  }
  side ^= 1; k ^= Z_SIDE;
  key = k;
}

/** Takes back the last move played. Returns the move, or 0xFFFFFFFF if there is none. */
export function unmakeMove(): u32 {
  if (histLen == 0) return 0xFFFFFFFF;
  histLen--;
  const m = ld(MOVES_PLAYED, histLen);
  lastIrrev = ld(IRREV, histLen);
  side ^= 1;
  const to = moveTo(m), kind = moveKind(m);
  if (side == PREY) {
    if (kind == KIND_PLACE) { prey ^= bit(to); inHand++; }
    else prey ^= bit(moveFrom(m)) | bit(to);
  } else {
    hunters ^= bit(moveFrom(m)) | bit(to);
    if (kind == KIND_JUMP) { prey |= bit(moveCapture(m)); captured--; }
  }
  key = ld(KEYS, histLen);
  return m;
}

/**
 * How many times the current position occurred before in the history since the last irreversible
 * move (same board, hand, captures and side to move).
 */
export function repetitions(): i32 {
  let n = 0;
  for (let i = histLen - 2; i >= lastIrrev; i -= 2) if (ld(KEYS, i) == key) n++;
  return n;
}

/**
 * History index of the latest earlier occurrence of the current position at or after history index
 * `from` (and after the last irreversible move), or -1 if there is none. The search uses the index to
 * know which position of its line a repetition refers to (see "path dependence" in search.ts).
 */
export function lastRepeat(from: i32): i32 {
  const lo = max(from, lastIrrev);
  for (let i = histLen - 2; i >= lo; i -= 2) if (ld(KEYS, i) == key) return i;
  return -1;
}

export function historyMove(i: i32): u32 { return ld(MOVES_PLAYED, i); }
export function isOccupied(p: i32): bool { return has(hunters | prey, p); }
