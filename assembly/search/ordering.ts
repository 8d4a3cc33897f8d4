// Move ordering of the search (search.ts): the TT move, captures, killers and history by score, picked
// move by move or, for long lists, sorted once.
import { ld, st } from '../bits';
import { MAX_POINTS } from '../board';
import { side } from '../position';
import { MOVES, CAPS, SCORES, MAX_PLY } from '../movelist';
import { fast } from '../rules';
import { NO_MOVE, isCapture, moveFrom, moveTo, moveKind, KIND_PLACE, KIND_MULTI } from '../move';

export const KILLERS = new StaticArray<u32>(MAX_PLY * 2);
/** History heuristic: HIST[side * MAX_POINTS * MAX_POINTS + from * MAX_POINTS + to] (from = to for placements). */
export const HIST = new StaticArray<i32>(2 * MAX_POINTS * MAX_POINTS);

// @ts-ignore: decorator
@inline export function histIndex(m: u32): i32 {
  const to = moveTo(m);
  const from = moveKind(m) == KIND_PLACE ? to : moveFrom(m);
  return side * MAX_POINTS * MAX_POINTS + from * MAX_POINTS + to;
}

/**
 * A remembered multi-jump key (TT move, killer) names a move exactly only if one move of the list has
 * it: its 12-bit set hash (move.ts) may be shared by two multi-jumps with the same ends. A key two moves
 * share is dropped (NO_MOVE), so no collision can put one move in another's place; other keys are the
 * move's full identity and pass unchanged.
 */
function exactKey(m: u32, base: i32, n: i32): u32 {
  if (m == NO_MOVE || moveKind(m) != KIND_MULTI) return m;
  let seen = 0;
  for (let i = 0; i < n; i++) if (ld(MOVES(), base + i) == m && ++seen > 1) return NO_MOVE;
  return m;
}

export function scoreMoves(base: i32, n: i32, ttm0: u32, ply: i32): void {
  let ttm = ttm0,
    k1 = ld(KILLERS, ply * 2),
    k2 = ld(KILLERS, ply * 2 + 1);
  if (!fast) {
    ttm = exactKey(ttm, base, n);
    k1 = exactKey(k1, base, n);
    k2 = exactKey(k2, base, n);
  }
  for (let i = 0; i < n; i++) {
    const m = ld(MOVES(), base + i);
    let s: i32;
    if (m == ttm) s = 1 << 30;
    else if (isCapture(m)) s = 1 << 29;
    else if (m == k1) s = 1 << 28;
    else if (m == k2) s = (1 << 28) - 1;
    else s = ld(HIST, histIndex(m));
    st(SCORES(), base + i, s);
  }
}

/** Moves the best-scored remaining move to position i and returns it (selection sort, lazily). */
export function pick(base: i32, i: i32, n: i32): u32 {
  let best = i,
    bs = ld(SCORES(), base + i);
  for (let j = i + 1; j < n; j++) {
    const s = ld(SCORES(), base + j);
    if (s > bs) {
      bs = s;
      best = j;
    }
  }
  if (best != i) {
    const m = ld(MOVES(), base + best);
    st(MOVES(), base + best, ld(MOVES(), base + i));
    st(MOVES(), base + i, m);
    st(SCORES(), base + best, ld(SCORES(), base + i));
    st(SCORES(), base + i, bs);
    if (!fast) {
      const c = ld(CAPS(), base + best);
      st(CAPS(), base + best, ld(CAPS(), base + i));
      st(CAPS(), base + i, c);
    }
  }
  return ld(MOVES(), base + i);
}

/**
 * Lists longer than this are sorted once by score (heapsort, most first) instead of picked move by move:
 * picking is O(n^2) for a node whose moves are all searched, and the 105-point board's lists reach 10^5
 * moves (a depth-1 search of a 61,178-move position spent seconds picking). Shorter lists keep pick(),
 * so the move order, and every Bench signature, is as before.
 */
export const SORT_FROM: i32 = 1024;

/** Swaps entries a and b of the lists (move, captured set, score). */
function swapEntries(a: i32, b: i32): void {
  const m = ld(MOVES(), a);
  st(MOVES(), a, ld(MOVES(), b));
  st(MOVES(), b, m);
  const c = ld(CAPS(), a);
  st(CAPS(), a, ld(CAPS(), b));
  st(CAPS(), b, c);
  const s = ld(SCORES(), a);
  st(SCORES(), a, ld(SCORES(), b));
  st(SCORES(), b, s);
}

/** Restores the min-heap of scores at base[0..n) below entry i. */
function siftDown(base: i32, i: i32, n: i32): void {
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) return;
    if (c + 1 < n && ld(SCORES(), base + c + 1) < ld(SCORES(), base + c)) c++;
    if (ld(SCORES(), base + i) <= ld(SCORES(), base + c)) return;
    swapEntries(base + i, base + c);
    i = c;
  }
}

/** Sorts base[0..n) by score, highest first (heapsort on a min-heap: the smallest go to the end). */
export function sortByScore(base: i32, n: i32): void {
  for (let s = (n >> 1) - 1; s >= 0; s--) siftDown(base, s, n);
  for (let e = n - 1; e > 0; e--) {
    swapEntries(base, base + e);
    siftDown(base, 0, e);
  }
}
