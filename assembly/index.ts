// The exported surface of the core: thin. Everything crosses the boundary as i32/f64; bitboards, keys
// and move lists go through memory (IO, STATE, the move lists and their path nodes), never as BigInt arguments.
import { ld, st, word, fromWords, wide, bit, none } from './bits';
import { moveKind, moveCapture, KIND_JUMP } from './move';
import { setupBoard as setupBoardTables, boardInputPtr as boardIn, nPoints, MAX_POINTS } from './board';
import * as pos from './position';
import { generateRoot, hasMoveIgnoringLimit, pathCaptures as pathCapturesImpl } from './movegen/index';
import { prepareSteps } from './movegen/steps';
import {
  MOVES,
  CAPS,
  MAX_MOVES,
  MAX_PLY,
  STACK_MOVES,
  listMax,
  growLists as growListsImpl,
  ROOT_BASE,
  ROOT_NODE,
  NODE_PARENT,
  NODE_POINT,
  nodeCount as nodesRecorded,
  PATH_IN,
  pathCapsOut,
  overflow,
  overflowKind,
  clearOverflow,
  setOverflow,
} from './movelist';
import {
  perft as perftFast,
  perftSlow as perftSlowImpl,
  perftClassic as perftClassicImpl,
  perftStopped as perftStoppedImpl,
} from './perft';
import {
  evaluate as evaluateImpl,
  setWeight as setWeightImpl,
  setEvalMask as setEvalMaskImpl,
  evalFeatures as evalFeaturesImpl,
  FEATURE_COUNTS,
  FEATURES,
} from './eval';
export { setTuple, clearTuples, patternWeightsPtr, patternCapacity, tupleInputPtr, evalPatternSum } from './eval';
import { ttResize } from './tt';
import { search as searchImpl, pvCaps as pvCapsImpl } from './search';
import { rulesInputPtr as rulesIn, setupRules as setupRulesImpl, defaultRules, fast, repetitionMode } from './rules';

export { searchScore, searchDepth, searchNodes, pvLength, pvMove } from './search';
export { MAX_PLY, MAX_MOVES, STACK_MOVES };
export { MATE } from './search';
export { KIND_PLACE, KIND_STEP, KIND_JUMP, KIND_MULTI, KIND_INTERVENE } from './move';
export {
  REASON_CAPTURES,
  REASON_NO_MOVES,
  REASON_ESCAPE,
  REASON_STALL,
  REASON_REPETITION,
  REASON_MOVE_LIMIT,
} from './position';

/**
 * IO words (u64) shared with the host. Every set is a pair of words in both builds (points 0..63, then
 * 64..127; the second is 0 on the u64 build): [0, 1] side 1's pieces (hunters), [2, 3] side 0's (prey),
 * [4] key (read-only for the host), [6, 7] a captured set (pvCaps), [8, 9] the kings (draughts family),
 * [10, 11] an evaluation region (setEvalMask). A BigUint64Array view on ioPtr().
 */
const IO = new StaticArray<u64>(12);
/** IO index of the first word of each set. */
export const IO_HUNTERS: i32 = 0,
  IO_PREY: i32 = 2,
  IO_KEY: i32 = 4,
  IO_CAPS: i32 = 6,
  IO_KINGS: i32 = 8,
  IO_REGION: i32 = 10;
// @ts-ignore: decorator
@inline function readSet(i: i32): Bits {
  return fromWords(ld(IO, i), ld(IO, i + 1));
}
// @ts-ignore: decorator
@inline function writeSet(i: i32, b: Bits): void {
  st(IO, i, word(b, 0));
  st(IO, i + 1, word(b, 1));
}
/**
 * STATE words (i32) shared with the host: [0] side to move, [1] side 0's hand, [2] side 1's hand,
 * [3] side 0's pieces captured, [4] side 1's, [5] the noSameTwice point (-1 none), [6] the stall
 * counter, [7] the move clock (plies without a capture, draughts move-limit), [8 + p] pieces on point p
 * (0 empty). An Int32Array view on statePtr().
 */
const STATE = new StaticArray<i32>(8 + MAX_POINTS);
const COUNTS = new StaticArray<i32>(MAX_POINTS);
/** Number of moves in the root list (legalMoves()). */
let rootCount: i32 = 0;

pos.initZobrist();
ttResize(16);
defaultRules();

export function ioPtr(): usize {
  return changetype<usize>(IO);
}
export function statePtr(): usize {
  return changetype<usize>(STATE);
}
export function movesPtr(): usize {
  return changetype<usize>(MOVES()) + ((<usize>ROOT_BASE) << 2);
}
/** Captured sets of the root list, parallel to movesPtr(): setWords() u64 words each. */
export function capsPtr(): usize {
  return changetype<usize>(CAPS()) + <usize>ROOT_BASE * sizeof<Bits>();
}
/** u64 words per set in this build's memory: 1 (Bits = u64) or 2 (the wide build, Bits = v128). */
export function setWords(): i32 {
  return sizeof<Bits>() >> 3;
}
/** Points this build's boards may have (64, or 128 on the wide build): the board and STATE inputs are this long. */
export function maxPoints(): i32 {
  return MAX_POINTS;
}
export function boardInputPtr(): usize {
  return boardIn();
}
/** Pointer to the rules block (32 i32 words; layout in rules.ts). */
export function rulesInputPtr(): usize {
  return rulesIn();
}

/** See board.ts setupBoard: 0 ok, negative codes for bad tables. */
export function setupBoard(n: i32): i32 {
  const rc = setupBoardTables(n);
  prepareSteps();
  return rc;
}
/** Installs the rules block (rules.ts): 0, or -(1 + index) of the first word refused. */
export function setupRules(): i32 {
  const rc = setupRulesImpl();
  prepareSteps();
  return rc;
}
/** 1 when the Bagh Chal fast paths apply (two-ply perft, tablebase, placement solver). */
export function fastProfile(): i32 {
  return fast ? 1 : 0;
}
export function pointCount(): i32 {
  return nPoints;
}
export function setHashSize(mb: i32): i32 {
  return ttResize(mb);
}
export function setWeight(i: i32, v: i32): i32 {
  return setWeightImpl(i, v);
}
/** Marks evaluation region i (assembly/eval.ts EVAL_MASKS) with the set at IO[10, 11]. */
export function setEvalMask(i: i32): i32 {
  return setEvalMaskImpl(i, ld(IO, IO_REGION), ld(IO, IO_REGION + 1));
}

/** Sets the position from IO (hunters, prey, kings) and STATE. Returns 0 or a negative error code. */
export function setPosition(): i32 {
  for (let p = 0; p < MAX_POINTS; p++) st(COUNTS, p, ld(STATE, 8 + p));
  // a set's second word is points 64..127: the u64 build has none
  if (!wide() && (ld(IO, IO_HUNTERS + 1) | ld(IO, IO_PREY + 1) | ld(IO, IO_KINGS + 1)) != 0) return -1;
  return pos.setPosition(
    readSet(IO_HUNTERS),
    readSet(IO_PREY),
    ld(STATE, 0),
    ld(STATE, 1),
    ld(STATE, 3),
    ld(STATE, 2),
    ld(STATE, 4),
    ld(STATE, 5),
    ld(STATE, 6),
    COUNTS,
    readSet(IO_KINGS),
    ld(STATE, 7),
  );
}
/** Writes hunters, prey, kings and key to IO and the rest of the state to STATE. */
export function readPosition(): void {
  writeSet(IO_HUNTERS, pos.hunters);
  writeSet(IO_PREY, pos.prey);
  st(IO, IO_KEY, pos.key);
  st(STATE, 0, pos.side);
  st(STATE, 1, pos.inHand);
  st(STATE, 2, pos.hand1);
  st(STATE, 3, pos.captured);
  st(STATE, 4, pos.captured1);
  st(STATE, 5, pos.lastPt);
  st(STATE, 6, pos.stall);
  st(STATE, 7, pos.clock);
  writeSet(IO_KINGS, pos.kings);
  for (let p = 0; p < MAX_POINTS; p++) {
    const occ = pos.isOccupied(p);
    st(STATE, 8 + p, fast ? (occ ? 1 : 0) : <i32>ld(pos.CNT, p));
  }
}
export function sideToMove(): i32 {
  return pos.side;
}
export function inHand(): i32 {
  return pos.inHand;
}
export function captured(): i32 {
  return pos.captured;
}
export function historyLength(): i32 {
  return pos.histLen;
}
export function repetitions(): i32 {
  return pos.repetitions();
}
/** 1 if the incremental key equals the key recomputed from scratch. */
export function keyConsistent(): i32 {
  return pos.key == pos.computeKey() ? 1 : 0;
}

/**
 * Writes the legal moves at movesPtr() (their captured sets at capsPtr(), each capture move's path node
 * at rootNodePtr()) and returns their number. Under repetition=forbid a move that repeats a position
 * since the last irreversible move is not legal (RULES.md §0) and is left out. moveOverflow() says
 * whether a capacity ran out (the list is then incomplete).
 */
export function legalMoves(): i32 {
  const before = overflow; // a search's or perft's flag survives a listing between its iterations
  let n = generateRoot(ROOT_BASE);
  rootOverflowed = overflow;
  if (before) setOverflow();
  // the Bagh Chal profile's loops write keys only: give the host each move's captured set
  if (fast)
    for (let i = 0; i < n; i++) {
      const m = ld(MOVES(), ROOT_BASE + i);
      st(CAPS(), ROOT_BASE + i, moveKind(m) == KIND_JUMP ? bit(moveCapture(m)) : none());
    }
  if (repetitionMode == 2 && n > 0) {
    // drop the repeating moves (their path nodes move with them)
    let k = 0;
    for (let i = 0; i < n; i++) {
      const m = ld(MOVES(), ROOT_BASE + i),
        c = ld(CAPS(), ROOT_BASE + i);
      pos.makeMove(m, c);
      const repeats = pos.repetitions() > 0;
      pos.unmakeMove();
      if (repeats) continue;
      st(MOVES(), ROOT_BASE + k, m);
      st(CAPS(), ROOT_BASE + k, c);
      st(ROOT_NODE, k, ld(ROOT_NODE, i));
      k++;
    }
    n = k;
  }
  rootCount = n;
  return n;
}
/** Path node of each root move (i32; capture moves only, see movelist.ts), parallel to movesPtr(). */
export function rootNodePtr(): usize {
  return changetype<usize>(ROOT_NODE);
}
/** Path nodes of the last legalMoves(): parents at nodeParentPtr(), landings at nodePointPtr() (i32 each). */
export function nodeCount(): i32 {
  return nodesRecorded;
}
export function nodeParentPtr(): usize {
  return changetype<usize>(NODE_PARENT);
}
export function nodePointPtr(): usize {
  return changetype<usize>(NODE_POINT);
}
/** 1 if a move generation since the last legalMoves/perft/search start ran out of room (moves were dropped). */
export function moveOverflow(): i32 {
  return overflow ? 1 : 0;
}
/** Which capacity ran out: 1 a move list (maxMoves() a list, stackMoves() the stack), 2 the root list's path nodes. */
export function moveOverflowKind(): i32 {
  return overflowKind;
}
/** Capacities at their largest: moves in one list, moves on the search/perft stack. */
export function maxMoves(): i32 {
  return MAX_MOVES;
}
export function stackMoves(): i32 {
  return STACK_MOVES;
}
/** Moves one list holds now (the wide build grows it on demand: growLists). */
export function listCapacity(): i32 {
  return listMax();
}
/**
 * After a run overflowed: grows the lists 4x and returns 1 (the host runs it again), or 0 when they
 * are at their largest (MAX_MOVES, STACK_MOVES: a real limit, the host reports it).
 */
export function growLists(): i32 {
  return growListsImpl() ? 1 : 0;
}
/** 1 if the last legalMoves() itself ran out of room (the root list is incomplete). */
export function rootOverflow(): i32 {
  return rootOverflowed ? 1 : 0;
}
let rootOverflowed = false;
/** Number of moves in the root list the last legalMoves() wrote. */
export function rootMoveCount(): i32 {
  return rootCount;
}
/**
 * Plays root move i of the last legalMoves(), which must have listed the current position. Returns 0,
 * or -1 if i is out of range.
 */
export function makeMoveAt(i: i32): i32 {
  if (i < 0 || i >= rootCount) return -1;
  pos.makeMove(ld(MOVES(), ROOT_BASE + i), ld(CAPS(), ROOT_BASE + i));
  return 0;
}
/**
 * Plays packed move `m` with the captured set at IO[6, 7]: a move the host read from a list of this
 * very position (legalMoves()), so its identity is known legal; nothing is checked.
 */
export function makeMove(m: u32): void {
  pos.makeMove(m, readSet(IO_CAPS));
}
/** Where the host writes a capture path for pathCaptures (i32 point indices: start, landings). */
export function pathInPtr(): usize {
  return changetype<usize>(PATH_IN);
}
/**
 * The captured set of the capture path PATH_IN[0..n) of the side to move (the notation's text -> move):
 * 0 with the set at IO[6, 7], or -(1 + i) for the first hop i that is no capture under the rules.
 */
export function pathCaptures(n: i32): i32 {
  if (n < 2 || n > 2 * MAX_POINTS + 2) return -1;
  for (let i = 0; i < n; i++) {
    const p = ld(PATH_IN, i);
    if (p < 0 || p >= nPoints) return -(1 + max(i - 1, 0));
  }
  const rc = pathCapturesImpl(n);
  if (rc == 0) writeSet(IO_CAPS, pathCapsOut);
  return rc;
}
/** Takes back the last move; returns it, or 0xFFFFFFFF when there is none. */
export function unmakeMove(): u32 {
  return pos.unmakeMove();
}
/** The i-th PV move's captured set to IO[6, 7] (pvMove gives the move). */
export function pvCaps(i: i32): void {
  writeSet(IO_CAPS, pvCapsImpl(i));
}

/**
 * The result by the static rules and repetition only: capture targets, escape, the stall limit and the move
 * limit (RULES.md §0: thresholds after the whole move), then a third occurrence under draw3. 0 while none applies.
 */
function staticResult(): i32 {
  if (pos.over != 0) return pos.over;
  if (pos.clockOut())
    return hasMoveIgnoringLimit()
      ? pos.resultCode(2, pos.REASON_MOVE_LIMIT)
      : pos.resultCode(pos.side ^ 1, pos.REASON_NO_MOVES);
  if (repetitionMode == 1 && pos.repetitions() >= 2) return pos.resultCode(2, pos.REASON_REPETITION);
  return 0;
}
/**
 * The result of the game in the current position, given `moves`: the number of legal moves legalMoves()
 * returned in this very position (the host's copy of the list; it lists once per position, and this call
 * lists nothing). 0 while the game goes on, else (winner + 1) | (reason << 4) (winner 0 the prey side, 1 the
 * hunter side, 2 a draw; reason 1 captures, 2 no legal move, 3 escape, 4 stall limit, 5 repetition, 6 move
 * limit: position.ts REASON_*). Every rule of the end of a game is decided here (RULES.md §0 End of game,
 * §3, §4): the static results first (thresholds after the whole move), then a third occurrence under
 * repetition=draw3, then "a side with no legal move loses" (under forbid, moves that would repeat are not
 * legal, so not counted). `moves` < 0: not known, the core lists the moves itself (overwriting the root list).
 */
export function gameResultFor(moves: i32): i32 {
  const code = staticResult();
  if (code != 0) return code;
  const n = moves >= 0 ? moves : legalMoves();
  return n == 0 ? pos.resultCode(pos.side ^ 1, pos.REASON_NO_MOVES) : 0;
}
/** gameResultFor(-1): the result, listing the moves (overwrites the root list). */
export function gameResult(): i32 {
  return gameResultFor(-1);
}

export function perft(depth: i32): f64 {
  clearOverflow();
  return perftFast(depth);
}
export function perftClassic(depth: i32): f64 {
  clearOverflow();
  return perftClassicImpl(depth);
}
/** 1 if the last perft was stopped by the host (its count is then incomplete). */
export function perftStopped(): i32 {
  return perftStoppedImpl() ? 1 : 0;
}
export function perftSlow(depth: i32): f64 {
  clearOverflow();
  return depth > MAX_PLY - 1 ? -1 : perftSlowImpl(depth);
}
export function evaluate(): i32 {
  return evaluateImpl();
}
/**
 * The current position's raw evaluation features (assembly/eval.ts evalFeatures: the counts evaluate()
 * weighs, the hunters' view in the hunt family, side 0's in draughts) written as evalFeatureCount() i32
 * words at evalFeaturesPtr(); returns the phase whose weights apply (0 placement, 1 movement).
 */
export function evalFeatures(): i32 {
  return evalFeaturesImpl();
}
/** Pointer to the feature counts evalFeatures() writes (i32 each). */
export function evalFeaturesPtr(): usize {
  return changetype<usize>(FEATURE_COUNTS);
}
/** Feature slots per phase (assembly/eval.ts FEATURES): the length of evalFeaturesPtr()'s array. */
export function evalFeatureCount(): i32 {
  return FEATURES;
}
export function search(maxDepth: i32, nodeLimit: f64, timeMs: f64): u32 {
  clearOverflow();
  return searchImpl(maxDepth, nodeLimit, timeMs);
}

// ---- tablebase (movement phase) ----
import { setupIndex, symInputPtr as symIn } from './tablebase/index';
import {
  solveLayer,
  layerBuffer,
  layerSlots,
  stat,
  setPreyTotal,
  countDistinct,
  prepareLayer,
  beginThread,
  pass1,
  runLevel,
  finishLayer,
} from './tablebase/retro';
import { probeCurrent } from './tablebase/probe';
import { setTablebaseActive, setGenericTablebaseActive } from './search';
/** Pointer to the symmetry input (i8[8 * 64]: image of each point under each symmetry, identity first). */
export function symInputPtr(): usize {
  return symIn();
}
/** Sets up tablebase indexing: returns the number of hunter-set orbits, or -1. */
export function tbSetup(hunterCount: i32, syms: i32, preyTotal: i32): i32 {
  if (!fast) return -1; // tablebases cover the Bagh Chal profile only
  setPreyTotal(preyTotal);
  const orbits = setupIndex(hunterCount, syms);
  setupPlacement();
  return orbits;
}
/** Solves layer c (c prey captured); layer c + 1 must be present. Returns the largest dtm, or -1. */
export function tbSolveLayer(c: i32): i32 {
  return solveLayer(c);
}
// The same layer solved by several instances sharing one memory (see retro.ts "Threads").
export function tbPrepareLayer(c: i32, threads: i32): i32 {
  return prepareLayer(c, threads);
}
export function tbBeginThread(): i32 {
  return beginThread();
}
export function tbPass1(thread: i32, threads: i32): i32 {
  return pass1(thread, threads);
}
export function tbRunLevel(level: i32): i32 {
  return runLevel(level);
}
export function tbFinishLayer(): i32 {
  return finishLayer();
}
/**
 * A probe of this instance's memory layout: the address of a fresh 16-byte allocation. Instances that
 * share a memory must have run the same setup sequence, which this shows (equal marks), before any
 * of them allocates more.
 */
export function tbLayoutMark(): usize {
  return heap.alloc(16);
}
/** Pointer to layer c's u16 values (allocated on first use) and its number of slots. */
export function tbLayerPtr(c: i32): usize {
  return layerBuffer(c);
}
export function tbLayerSlots(c: i32): i32 {
  return layerSlots(c);
}
/** Distinct positions of layer c (both sides to move), counted without solving. */
export function tbCountDistinct(c: i32): f64 {
  return countDistinct(c);
}
/** Statistics of the last solved layer: per side (goats, tigers) distinct, wins, losses, draws. */
export function tbStat(i: i32): f64 {
  return stat(i);
}
/** Lets the search probe the loaded tablebase (1) or not (0). */
export function tbEnable(on: i32): void {
  setTablebaseActive(on != 0);
}
/** Tablebase value of the current position: dtm + 1, 0 draw, -1 outside the tablebase. */
export function tbProbe(): i32 {
  return probeCurrent();
}

// ---- whole-game solving (placement phase over the tablebase) ----
import { solveWindow, solveNodes, solveMissingLeaf, solveAborted } from './tablebase/solve';
/** Game value for the side to move within (alpha, beta) over {-1, 0, 1}; needs every layer loaded. */
export function tbSolve(alpha: i32, beta: i32, nodeLimit: f64): i32 {
  return solveWindow(alpha, beta, nodeLimit);
}
/** 1 if the last tbSolve stopped at its node limit. */
export function tbSolveAborted(): i32 {
  return solveAborted() ? 1 : 0;
}
export function tbSolveNodes(): f64 {
  return solveNodes();
}
/** 1 if the last tbSolve reached a position outside the loaded tablebase (its value is then unproven). */
export function tbSolveMissing(): i32 {
  return solveMissingLeaf() ? 1 : 0;
}

// ---- the placement phase, solved backwards layer by layer (see tablebase/placement.ts) ----
import {
  setupPlacement,
  prepare as plPrepareImpl,
  allocSlab,
  begin as plBeginImpl,
  work as plWorkImpl,
  histogram,
  stepError,
  slotOf as plSlotOfImpl,
  valueAt,
  layerBytes,
  blockSlots,
} from './tablebase/placement';
/** Allocates per-thread scratch for `threads` solving threads (builder's instance, before work). 0 or -1. */
export function plPrepare(threads: i32): i32 {
  return plPrepareImpl(threads);
}
/** A layer buffer of `bytes` bytes (< 1 GiB), or 0. Never freed: the host reuses it. */
export function plAllocSlab(bytes: f64): usize {
  return allocSlab(bytes);
}
/** Bytes of a placement layer with g prey on the board (one nibble per slot, blocks byte-aligned). */
export function plLayerBytes(g: i32): f64 {
  return layerBytes(g);
}
/** Slots in one hunter-orbit block of a layer with g prey on the board. */
export function plBlockSlots(g: i32): i32 {
  return blockSlots(g);
}
/** Parameters of the next step: kind 0 prey to move, 1 hunters to move, 2 convert from the movement tablebase. */
export function plBegin(
  kind: i32,
  dst: usize,
  src: usize,
  src2: usize,
  g: i32,
  c: i32,
  kmax: i32,
  k: i32,
  init: i32,
): i32 {
  return plBeginImpl(kind, dst, src, src2, g, c, kmax, k, init);
}
/** Runs this instance's share of the current step; returns blocks done or -1. */
export function plWork(thread: i32): i32 {
  return plWorkImpl(thread);
}
/** Distinct positions of the last step with nibble value v. */
export function plHistogram(v: i32): f64 {
  return histogram(v);
}
/** Nonzero if the last step found an inconsistency. */
export function plError(): i32 {
  return stepError();
}
/** Nibble slot of (hunters, prey) in a layer with g prey on the board, or -1. */
export function plSlotOf(h: u32, prey: u32, g: i32): f64 {
  return plSlotOfImpl(h, prey, g);
}
/** The nibble at `slot` of the layer at `ptr`. */
export function plValueAt(ptr: usize, slot: f64): i32 {
  return valueAt(ptr, slot);
}

// ---- the placement layers kept on disk, probed through the host (see tablebase/placement-probe.ts) ----
export {
  setPlacementProbe as plProbeSetup,
  placementNibble as plNibble,
  placementValue as plProbeValue,
} from './tablebase/placement-probe';
/** Root moves of the next searches: clearRootMoves (every move), then allowRootMove for each one allowed. */
export { clearRootMoves, allowRootMove } from './search';

// ---- the generic solver: any hunt game of at most 64 points (see tablebase/generic.ts) ----
import { GSYM_IN, GSTACK_IN } from './tablebase/generic';
export {
  gsSetup,
  gsLayers,
  gsLayerPerSide,
  gsLayerKey,
  gsClasses,
  gsClassSum,
  gsClassSize,
  gsClassMember,
  gsVecClass,
  gsStackExcess,
  gsAttach,
  gsValues,
  gsAlloc,
  gsReserve,
  gsSolveLayer,
  gsStat,
  gsProbe,
  gsCurrentLayer,
  gsError,
  gsVerifyBegin,
  gsVerifyExit,
  gsVerifyExitStep,
  gsVerifyLayer,
  gsBegin,
  gsStep,
  gsCover,
  gsExitBegin,
  gsMaxDistance,
  gsQueueBytes,
} from './tablebase/generic';
/**
 * Pointer to the generic solver's symmetry input (i8[8 * 64]: image of each point under each symmetry, identity first).
 */
export function gsSymInputPtr(): usize {
  return changetype<usize>(GSYM_IN);
}
/** Pointer to the generic solver's stack-point input (i32 pairs: point, greatest excess; 8 pairs). */
export function gsStackInputPtr(): usize {
  return changetype<usize>(GSTACK_IN);
}
/** Lets the search probe the generic solver's loaded layers (1) or not (0). */
export function gsEnable(on: i32): void {
  setGenericTablebaseActive(on != 0);
}
