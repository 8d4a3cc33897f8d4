// The exported surface of the core: thin. Everything crosses the boundary as i32/f64; bitboards, keys
// and move lists go through memory (IO and the move stack), never as BigInt arguments.
import { ld, st } from "./bits";
import { setupBoard as setupBoardTables, boardInputPtr as boardIn, nPoints } from "./board";
import * as pos from "./position";
import { generate, MOVES, MAX_MOVES, MAX_PLY } from "./movegen/hunt";
import { perft as perftFast, perftSlow as perftSlowImpl, perftClassic as perftClassicImpl, perftStopped as perftStoppedImpl } from "./perft";
import { evaluate as evaluateImpl, setWeight as setWeightImpl } from "./eval";
import { ttResize } from "./tt";
import { search as searchImpl } from "./search";

export { searchScore, searchDepth, searchNodes, pvLength, pvMove, setRepetitionMode } from "./search";
export { MAX_PLY, MAX_MOVES };

/**
 * IO words (u64) shared with the host: [0] hunters, [1] prey, [2] key (read-only for the host).
 * The host reads/writes them through a BigUint64Array view on ioPtr().
 */
const IO = new StaticArray<u64>(8);
/** Root move list: legalMoves() writes here (separate from the search's per-ply stacks). */
const ROOT_BASE: i32 = MAX_PLY * MAX_MOVES;

pos.initZobrist();
ttResize(16);

export function ioPtr(): usize { return changetype<usize>(IO); }
export function movesPtr(): usize { return changetype<usize>(MOVES) + (<usize>ROOT_BASE << 2); }
export function boardInputPtr(): usize { return boardIn(); }

/** See board.ts setupBoard: 0 ok, negative codes for bad tables. */
export function setupBoard(n: i32): i32 { return setupBoardTables(n); }
export function pointCount(): i32 { return nPoints; }
export function setCapturesToWin(n: i32): void { pos.setCapturesToWin(n); }
export function setHashSize(mb: i32): i32 { return ttResize(mb); }
export function setWeight(i: i32, v: i32): i32 { return setWeightImpl(i, v); }

/** Sets the position from IO[0] (hunters) and IO[1] (prey). Returns 0 or a negative error code. */
export function setPosition(side: i32, inHand: i32, captured: i32): i32 {
  return pos.setPosition(ld(IO, 0), ld(IO, 1), side, inHand, captured);
}
/** Writes hunters, prey and key to IO[0..2]. */
export function readPosition(): void { st(IO, 0, pos.hunters); st(IO, 1, pos.prey); st(IO, 2, pos.key); }
export function sideToMove(): i32 { return pos.side; }
export function inHand(): i32 { return pos.inHand; }
export function captured(): i32 { return pos.captured; }
export function historyLength(): i32 { return pos.histLen; }
export function repetitions(): i32 { return pos.repetitions(); }
/** 1 if the incremental key equals the key recomputed from scratch. */
export function keyConsistent(): i32 { return pos.key == pos.computeKey() ? 1 : 0; }

/** Writes the legal moves at movesPtr() and returns their number. */
export function legalMoves(): i32 { return generate(ROOT_BASE); }
/** Plays a move (must be one legalMoves() returned). */
export function makeMove(m: u32): void { pos.makeMove(m); }
/** Takes back the last move; returns it, or 0xFFFFFFFF when there is none. */
export function unmakeMove(): u32 { return pos.unmakeMove(); }

export function perft(depth: i32): f64 { return perftFast(depth); }
export function perftClassic(depth: i32): f64 { return perftClassicImpl(depth); }
/** 1 if the last perft was stopped by the host (its count is then incomplete). */
export function perftStopped(): i32 { return perftStoppedImpl() ? 1 : 0; }
export function perftSlow(depth: i32): f64 { return depth > MAX_PLY - 1 ? -1 : perftSlowImpl(depth, 0); }
export function evaluate(): i32 { return evaluateImpl(); }
export function search(maxDepth: i32, nodeLimit: f64, timeMs: f64): u32 { return searchImpl(maxDepth, nodeLimit, timeMs); }

// ---- tablebase (movement phase) ----
import { setupIndex, symInputPtr as symIn } from "./tablebase/index";
import { solveLayer, layerBuffer, layerSlots, stat, setPreyTotal, countDistinct, prepareLayer, beginThread, pass1, runLevel, finishLayer } from "./tablebase/retro";
import { probeCurrent } from "./tablebase/probe";
import { setTablebaseActive } from "./search";
/** Pointer to the symmetry input (i8[8 * 64]: image of each point under each symmetry, identity first). */
export function symInputPtr(): usize { return symIn(); }
/** Sets up tablebase indexing: returns the number of hunter-set orbits, or -1. */
export function tbSetup(hunterCount: i32, syms: i32, preyTotal: i32): i32 {
  setPreyTotal(preyTotal);
  const orbits = setupIndex(hunterCount, syms);
  setupPlacement();
  return orbits;
}
/** Solves layer c (c prey captured); layer c + 1 must be present. Returns the largest dtm, or -1. */
export function tbSolveLayer(c: i32): i32 { return solveLayer(c); }
// The same layer solved by several instances sharing one memory (see retro.ts "Threads").
export function tbPrepareLayer(c: i32, threads: i32): i32 { return prepareLayer(c, threads); }
export function tbBeginThread(): i32 { return beginThread(); }
export function tbPass1(thread: i32, threads: i32): i32 { return pass1(thread, threads); }
export function tbRunLevel(level: i32): i32 { return runLevel(level); }
export function tbFinishLayer(): i32 { return finishLayer(); }
/**
 * A probe of this instance's memory layout: the address of a fresh 16-byte allocation. Instances that
 * share a memory must have run the same setup sequence, which this shows (equal marks), before any
 * of them allocates more.
 */
export function tbLayoutMark(): usize { return heap.alloc(16); }
/** Pointer to layer c's u16 values (allocated on first use) and its number of slots. */
export function tbLayerPtr(c: i32): usize { return layerBuffer(c); }
export function tbLayerSlots(c: i32): i32 { return layerSlots(c); }
/** Distinct positions of layer c (both sides to move), counted without solving. */
export function tbCountDistinct(c: i32): f64 { return countDistinct(c); }
/** Statistics of the last solved layer: per side (goats, tigers) distinct, wins, losses, draws. */
export function tbStat(i: i32): f64 { return stat(i); }
/** Lets the search probe the loaded tablebase (1) or not (0). */
export function tbEnable(on: i32): void { setTablebaseActive(on != 0); }
/** Tablebase value of the current position: dtm + 1, 0 draw, -1 outside the tablebase. */
export function tbProbe(): i32 { return probeCurrent(); }

// ---- whole-game solving (placement phase over the tablebase) ----
import { solveWindow, solveNodes, solveMissingLeaf, solveAborted } from "./tablebase/solve";
/** Game value for the side to move within (alpha, beta) over {-1, 0, 1}; needs every layer loaded. */
export function tbSolve(alpha: i32, beta: i32, nodeLimit: f64): i32 { return solveWindow(alpha, beta, nodeLimit); }
/** 1 if the last tbSolve stopped at its node limit. */
export function tbSolveAborted(): i32 { return solveAborted() ? 1 : 0; }
export function tbSolveNodes(): f64 { return solveNodes(); }
/** 1 if the last tbSolve reached a position outside the loaded tablebase (its value is then unproven). */
export function tbSolveMissing(): i32 { return solveMissingLeaf() ? 1 : 0; }

// ---- the placement phase, solved backwards layer by layer (see tablebase/placement.ts) ----
import { setupPlacement, prepare as plPrepareImpl, allocSlab, begin as plBeginImpl, work as plWorkImpl, histogram, stepError, slotOf as plSlotOfImpl, valueAt, layerBytes, blockSlots } from "./tablebase/placement";
/** Allocates per-thread scratch for `threads` solving threads (builder's instance, before work). 0 or -1. */
export function plPrepare(threads: i32): i32 { return plPrepareImpl(threads); }
/** A layer buffer of `bytes` bytes (< 1 GiB), or 0. Never freed: the host reuses it. */
export function plAllocSlab(bytes: f64): usize { return allocSlab(bytes); }
/** Bytes of a placement layer with g prey on the board (one nibble per slot, blocks byte-aligned). */
export function plLayerBytes(g: i32): f64 { return layerBytes(g); }
/** Slots in one hunter-orbit block of a layer with g prey on the board. */
export function plBlockSlots(g: i32): i32 { return blockSlots(g); }
/** Parameters of the next step: kind 0 prey to move, 1 hunters to move, 2 convert from the movement tablebase. */
export function plBegin(kind: i32, dst: usize, src: usize, src2: usize, g: i32, c: i32, kmax: i32, k: i32, init: i32): i32 { return plBeginImpl(kind, dst, src, src2, g, c, kmax, k, init); }
/** Runs this instance's share of the current step; returns blocks done or -1. */
export function plWork(thread: i32): i32 { return plWorkImpl(thread); }
/** Distinct positions of the last step with nibble value v. */
export function plHistogram(v: i32): f64 { return histogram(v); }
/** Nonzero if the last step found an inconsistency. */
export function plError(): i32 { return stepError(); }
/** Nibble slot of (hunters, prey) in a layer with g prey on the board, or -1. */
export function plSlotOf(h: u32, prey: u32, g: i32): f64 { return plSlotOfImpl(h, prey, g); }
/** The nibble at `slot` of the layer at `ptr`. */
export function plValueAt(ptr: usize, slot: f64): i32 { return valueAt(ptr, slot); }
