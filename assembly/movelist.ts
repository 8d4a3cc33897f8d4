// Move-list storage shared by every family's generator (movegen/hunt.ts, movegen/draughts.ts), the
// search and perft: the lists, each ply's place on the stack, the captured set of each move, the root
// list's path nodes (one path per capture move, for the notation), capacities and overflow.
//
// Capacities (DESIGN.md "Moves and positions as values"): a list holds MAX_MOVES moves; the stack
// behind the root and scratch lists holds STACK_MOVES, so a few long lists fit beside many short ones;
// the root list's path nodes are as many as its moves (a hunt multi-jump's states are its moves; a
// draughts capture's intermediate states are fewer than its moves times its length, and Permainan
// Tabal's lists are tiny). No path is stored as text or as a fixed-width record, so no chain is too long
// for a path. Reaching a capacity sets `overflow`; the host reports it as LatticeError('overflow')
// naming the capacity (src/lattice/moves.ts).
import { ld, st, none } from './bits';

/**
 * Most moves one list may ever hold: 32767 on the u64 build, 2^18 on the wide one. Placement on a
 * 105-point board needs 105; multi-jumps need far more (distinct (start, end, captured set) triples: 283
 * in a tibetan-2 position four plies from the start; on tibetan-4, 3,980 three plies from the start with
 * a tiger inside the ring of goats, 61,178 after `j11 g12-g11 k8` from the second-line start, and the
 * reference met 98,957 within four plies of that start; random play from `setup=second-line
 * first=tigers` met 343,909, so the wide build's list holds 2^20).
 */
export const MAX_MOVES: i32 = isInteger<Bits>() ? 32767 : 1 << 20;
/** Most moves the stack may ever hold: 2^18 on the u64 build, 2^22 on the wide build (four largest lists). */
export const STACK_MOVES: i32 = isInteger<Bits>() ? 1 << 18 : 1 << 22;
/** Deepest ply the move stack serves (search and perft). */
export const MAX_PLY: i32 = 128;
/**
 * Memory on demand (the wide build): the lists start at 2^14 moves a list and 2^17 on the stack (4 MiB
 * with their captured sets and scores: a search from tibetan-4's start fits) and grow 4x at a time, to MAX_MOVES and
 * STACK_MOVES, when the host finds a run overflowed (growLists; the host then runs it again). The u64 build's lists are
 * at their largest from the start (32767 and 2^18: 6 MiB), as they always were.
 */
const START_LIST: i32 = isInteger<Bits>() ? MAX_MOVES : 1 << 14;
const START_STACK: i32 = isInteger<Bits>() ? STACK_MOVES : 1 << 17;
let listCap: i32 = START_LIST;
let stackCap: i32 = START_STACK;
/** Moves one list may hold now. */
// @ts-ignore: decorator
@inline export function listMax(): i32 {
  return isInteger<Bits>() ? MAX_MOVES : listCap;
}
// @ts-ignore: decorator
@inline function stackMax(): i32 {
  return isInteger<Bits>() ? STACK_MOVES : stackCap;
}
/**
 * The move lists, one array: [0, listMax) the root list for the host, [listMax, 2 * listMax) a scratch
 * list (counting moves for the horizon test), then the move stack: ply p's list starts where ply p - 1's
 * ended (plyBase/endPly). A list that would run past listMax or the end of the stack sets `overflow`.
 * (The Bagh Chal profile's own loops write at most 64 moves a ply and never check: 128 plies of them use
 * a sliver of the stack.)
 */
export const ROOT_BASE: i32 = 0;
// @ts-ignore: decorator
@inline export function scratchBase(): i32 {
  return listMax();
}
// @ts-ignore: decorator
@inline function stackBase(): i32 {
  return 2 * listMax();
}
/** Entries in all the lists now. */
// @ts-ignore: decorator
@inline export function listEntries(): i32 {
  return stackBase() + stackMax();
}
// The u64 build's lists never grow: constant arrays (a fixed address in every hot loop); the wide build's
// are globals that growLists replaces. Each build compiles only its own through the @inline accessors.
const MOVES_U = new StaticArray<u32>(isInteger<Bits>() ? 2 * START_LIST + START_STACK : 0);
const CAPS_U = new StaticArray<Bits>(isInteger<Bits>() ? 2 * START_LIST + START_STACK : 0);
const SCORES_U = new StaticArray<i32>(isInteger<Bits>() ? 2 * START_LIST + START_STACK : 0);
let MOVES_W = new StaticArray<u32>(isInteger<Bits>() ? 0 : 2 * START_LIST + START_STACK);
let CAPS_W = new StaticArray<Bits>(isInteger<Bits>() ? 0 : 2 * START_LIST + START_STACK);
let SCORES_W = new StaticArray<i32>(isInteger<Bits>() ? 0 : 2 * START_LIST + START_STACK);
/** The packed moves of every list. */
// @ts-ignore: decorator
@inline export function MOVES(): StaticArray<u32> {
  return isInteger<Bits>() ? MOVES_U : MOVES_W;
}
/** Captured set of each move in MOVES (none() for a move that captures nothing). */
// @ts-ignore: decorator
@inline export function CAPS(): StaticArray<Bits> {
  return isInteger<Bits>() ? CAPS_U : CAPS_W;
}
/** Move-ordering score of each move in MOVES (search.ts). */
// @ts-ignore: decorator
@inline export function SCORES(): StaticArray<i32> {
  return isInteger<Bits>() ? SCORES_U : SCORES_W;
}
/** Start of each ply's list on the stack (PLY_BASE[p + 1] = the end of ply p's list). */
const PLY_BASE = new StaticArray<i32>(MAX_PLY + 2);
/** Where ply `ply`'s list starts: after its parent's list (the stack's start at ply 0). */
// @ts-ignore: decorator
@inline export function plyBase(ply: i32): i32 {
  return ply == 0 ? stackBase() : ld(PLY_BASE, ply);
}
/** Records that ply `ply`'s list ends at `end` (before its children generate theirs). */
// @ts-ignore: decorator
@inline export function endPly(ply: i32, end: i32): void {
  st(PLY_BASE, ply + 1, end);
}
/** The end a list starting at `base` may not reach: listMax on, or the end of the stack. */
// @ts-ignore: decorator
@inline export function listEnd(base: i32): i32 {
  return min(base + listMax(), listEntries());
}

/** Set when a list or the path nodes ran out of room (moves were dropped): the host reports it. */
export let overflow = false;
/** Which capacity ran out first: OVERFLOW_LIST (MAX_MOVES or the stack) or OVERFLOW_NODES. */
export let overflowKind: i32 = 0;
export const OVERFLOW_LIST: i32 = 1;
export const OVERFLOW_NODES: i32 = 2;
/** Sets `overflow` (a list ran out of room). */
export function setOverflow(): void {
  if (!overflow) overflowKind = OVERFLOW_LIST;
  overflow = true;
}
/** Clears `overflow` (before a perft, search or root listing). */
export function clearOverflow(): void {
  overflow = false;
  overflowKind = 0;
}

// ---- the root list's paths (notation) ----
//
// While the root list is generated for the host (`recording`), each capture search state (landing point,
// captured set) gets a path node: NODE_POINT its landing, NODE_PARENT the node it was first reached from
// (-1: the first jump from the start). ROOT_NODE[i] is root move i's node, so its path is the start
// followed by the landings of the chain of parents: O(length) to read, O(1) to record. The generators
// try landings in ascending point order while recording, and a state's first path is then the smallest
// of its paths compared landing by landing (a depth-first search that skips known states reaches each
// state first along its smallest path: the notation's documented choice, RULES.md §0 and README).

/** Path nodes one root list may have: as many as its moves (listMax()). */
export let NODE_PARENT = new StaticArray<i32>(START_LIST);
export let NODE_POINT = new StaticArray<i32>(START_LIST);
/** Each root move's path node (capture moves only; -1 otherwise). */
export let ROOT_NODE = new StaticArray<i32>(START_LIST);
export let nodeCount: i32 = 0;
/** True while generating the root list for the host: capture paths get nodes. */
export let recording = false;
/** Starts recording the root list's paths. */
export function startRecording(): void {
  recording = true;
  nodeCount = 0;
}
/** Stops recording. */
export function stopRecording(): void {
  recording = false;
}
/** A new path node: landing `point`, reached from node `parent` (-1: from the start). -1 when full. */
export function addNode(parent: i32, point: i32): i32 {
  if (nodeCount >= listMax()) {
    if (!overflow) overflowKind = OVERFLOW_NODES;
    overflow = true;
    return -1;
  }
  st(NODE_PARENT, nodeCount, parent);
  st(NODE_POINT, nodeCount, point);
  return nodeCount++;
}
/** Root move `index` (an index into MOVES from ROOT_BASE) has path node `node`. */
// @ts-ignore: decorator
@inline export function setRootNode(index: i32, node: i32): void {
  st(ROOT_NODE, index - ROOT_BASE, node);
}

// ---- a capture path from the host (notation: a text's path to its captured set) ----
/** Points of a path the host writes: start, then each landing (at most one landing per enemy piece). */
export const PATH_IN = new StaticArray<i32>(2 * 128 + 2);
/** The captured set of the last path checked (movegen pathCaptures). */
export let pathCapsOut: Bits = none();
export function setPathCaps(c: Bits): void {
  pathCapsOut = c;
}

/**
 * Grows the lists 4x (wide build, up to MAX_MOVES a list and STACK_MOVES on the stack): true if they
 * grew, false at the largest size (the u64 build's lists are there from the start). Their contents are
 * dropped: the host calls it between runs, after one overflowed, and runs again.
 */
export function growLists(): bool {
  if (isInteger<Bits>() || listCap >= MAX_MOVES) return false;
  listCap = min(listCap * 4, MAX_MOVES);
  stackCap = min(stackCap * 4, STACK_MOVES);
  const n = 2 * listCap + stackCap;
  MOVES_W = new StaticArray<u32>(n);
  CAPS_W = new StaticArray<Bits>(n);
  SCORES_W = new StaticArray<i32>(n);
  NODE_PARENT = new StaticArray<i32>(listCap);
  NODE_POINT = new StaticArray<i32>(listCap);
  ROOT_NODE = new StaticArray<i32>(listCap);
  return true;
}
