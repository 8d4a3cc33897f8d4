// Transposition table in linear memory, allocated once per size change (the stub runtime never frees,
// so a shrink reuses the region and only a grow allocates).
//
// Bucket = 2 entries of 16 bytes (32 bytes): slot 0 is depth-preferred, slot 1 always-replace.
// Entry:  u64 key (the full Zobrist key, so a hit is verified exactly), then u64 data:
//   bits  0..31  move (u32, NO_MOVE = 0xFFFFFFFF)
//   bits 32..47  score (i16; mate scores stored relative to this node, see toTT/fromTT in search.ts)
//   bits 48..55  depth (u8, plies)
//   bits 56..57  bound (0 none: the entry only carries a move, 1 upper, 2 lower, 3 exact)
//   bits 58..59  unused (0)
//   bits 60..63  generation (4 bits, bumped per search; older entries are replaced first)
// Scores are only stored where they hold whatever the path to the node (search.ts, "path
// dependence"); otherwise the entry has bound 0 and serves move ordering only.
// Index = key & (buckets - 1); buckets is a power of two. Single-threaded: no torn entries. (A shared
// table would need the key ^= data trick for racy lock-free writes.)
//
// A second, smaller table of the same layout serves the mate proof (search.ts "Exact forced wins"),
// whose scores are on another scale (a mate, or 0 for "no forced end within the depth"): an eighth of
// the main table's size (at least 1 MiB), so the proof never evicts the search's entries.

export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

let base: usize = 0;
let capacity: usize = 0; // bytes reserved
let buckets: u64 = 0;
let generation: u64 = 0;
/** The mate proof's table (same layout). */
let proofBase: usize = 0;
let proofCapacity: usize = 0;
let proofBuckets: u64 = 0;
/**
 * Whether an entry may be non-zero: false until a search or proof search claims the table (ttClaim), so
 * the start's table, fresh zeroed memory from the stub runtime (which never frees), is not written over
 * at instantiation: a game that only counts perft never touches its pages.
 */
let dirty = false;

/** Largest table: the stub runtime allocates at most 1 GiB at once, and the tablebase needs room too. */
export const TT_MAX_MB: i32 = 512;

/**
 * Sets the size in MiB (rounded down to a power of two, 1..TT_MAX_MB). Clears the table. Returns the MiB
 * used. The mate proof's table takes an eighth of that again (at least 1 MiB).
 */
export function ttResize(mb: i32): i32 {
  let m: i32 = 1;
  while (m * 2 <= mb && m < TT_MAX_MB) m *= 2;
  const bytes = (<usize>m) << 20;
  if (bytes > capacity) {
    base = heap.alloc(bytes);
    capacity = bytes;
  }
  buckets = <u64>(bytes >> 5);
  const proofBytes = max(bytes >> 3, (<usize>1) << 20);
  if (proofBytes > proofCapacity) {
    proofBase = heap.alloc(proofBytes);
    proofCapacity = proofBytes;
  }
  proofBuckets = <u64>(proofBytes >> 5);
  ttClear();
  return m;
}

export function ttClear(): void {
  if (dirty) {
    memory.fill(base, 0, <usize>(buckets << 5));
    memory.fill(proofBase, 0, <usize>(proofBuckets << 5));
    dirty = false;
  }
  generation = 0;
}
export function ttNewSearch(): void {
  generation = (generation + 1) & 15;
}

/** Who filled the table last: the search (cp / mate scores) or the proof search (WDL scores). */
export const TT_USER_SEARCH: i32 = 1;
export const TT_USER_SOLVE: i32 = 2;
let user: i32 = 0;
/**
 * Claims the table for one kind of search: the search and the proof search (tablebase/solve.ts) store
 * scores on different scales, so switching between them clears the table. Marks the table written.
 */
export function ttClaim(u: i32): void {
  if (u != user) {
    ttClear();
    user = u;
  }
  dirty = true;
}

/** Data word of the entry for `key` in the table at `at` with `n` buckets, or 0 if none. */
// @ts-ignore: decorator
@inline function probeIn(at: usize, n: u64, key: u64): u64 {
  const b = at + ((<usize>(key & (n - 1))) << 5);
  if (load<u64>(b) == key && load<u64>(b, 8) != 0) return load<u64>(b, 8);
  if (load<u64>(b, 16) == key && load<u64>(b, 24) != 0) return load<u64>(b, 24);
  return 0;
}

/** Data word of the search's entry for `key`, or 0 if none. */
export function ttProbe(key: u64): u64 {
  return probeIn(base, buckets, key);
}
/** Data word of the mate proof's entry for `key`, or 0 if none. */
export function proofProbe(key: u64): u64 {
  return probeIn(proofBase, proofBuckets, key);
}

/** Stores an entry in the search's table (score on the search's scale, see search.ts toTT). */
export function ttStore(key: u64, move: u32, score: i32, depth: i32, bound: i32): void {
  storeIn(base, buckets, key, move, score, depth, bound);
}
/** Stores an entry in the mate proof's table. */
export function proofStore(key: u64, move: u32, score: i32, depth: i32, bound: i32): void {
  storeIn(proofBase, proofBuckets, key, move, score, depth, bound);
}

// @ts-ignore: decorator
@inline function storeIn(at: usize, n: u64, key: u64, move: u32, score: i32, depth: i32, bound: i32): void {
  const b = at + ((<usize>(key & (n - 1))) << 5);
  const data =
    (<u64>move) | ((<u64>(<u16>score)) << 32) | ((<u64>(<u8>depth)) << 48) | ((<u64>bound) << 56) | (generation << 60);
  const old = load<u64>(b, 8);
  const oldDepth = <i32>((old >> 48) & 0xff);
  const oldGen = (old >> 60) & 15;
  if (old == 0 || load<u64>(b) == key || depth >= oldDepth || oldGen != generation) {
    store<u64>(b, key);
    store<u64>(b, data, 8);
  } else {
    store<u64>(b, key, 16);
    store<u64>(b, data, 24);
  }
}

// @ts-ignore: decorator
@inline export function ttMove(d: u64): u32 {
  return <u32>(d & 0xffffffff);
}
// @ts-ignore: decorator
@inline export function ttScore(d: u64): i32 {
  return <i32>(<i16>((d >> 32) & 0xffff));
}
// @ts-ignore: decorator
@inline export function ttDepth(d: u64): i32 {
  return <i32>((d >> 48) & 0xff);
}
// @ts-ignore: decorator
@inline export function ttBound(d: u64): i32 {
  return <i32>((d >> 56) & 3);
}
