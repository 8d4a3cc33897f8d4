// Hunt-family move generation (RULES.md §0 placement/step/short jump/multi-jump, §1-§3), driven only by
// the board tables and the rules block (rules.ts):
// - a side with pieces in hand places on any empty point while it has any (§0 Placement);
// - otherwise it moves one piece: the from-set is its pieces, less the point it stepped to last turn
//   (noSameTwice, §2), and, while it has a stack, only its stacks (dispersal, §3 Double Tiger);
// - a step goes to an adjacent empty point in one of the side's step directions (dwarfs, sheep: §3);
//   one piece leaves a stack at a time and nothing steps onto an occupied point;
// - captures, by the side's capture kind: a short jump over an adjacent enemy point (a stack loses one
//   piece) to the empty point beyond on the same line; chained short jumps (multi-jump: each point
//   captured from at most once per move, a point emptied earlier in the move may be crossed or landed
//   on, every prefix is a move, and paths with the same (from, to, captured set) are one move); or a
//   step that captures by intervention (§3 Surround the Tiger).
// The Bagh Chal profile (rules.fast) keeps its own tight loops.
import { bit, has, ld, st, none, or, and, andNot, xor, nonEmpty, isEmpty, moreThanOne, first, popFirst, size } from "../bits";
import { STEP, NB, JL, MAX_POINTS, boardMask, jumpLandings, midOf, nPoints } from "../board";
import { hunters, prey, side, inHand, hand1, captured, over, stacked, lastPt, CNT, PREY, clockOut } from "../position";
import { placeMove, stepMove, jumpMove, multiMove, interveneMove, isCapture } from "../move";
import { fast, family, FAMILY_DRAUGHTS, stepMask0, stepMask1, captureOf, dispersalFor, noSameTwiceSide, CAP_NONE, CAP_JUMP, CAP_MULTI, CAP_INTERVENTION } from "../rules";
import { generateDraughts } from "./draughts";
import { statesReset, stateSlot, stateKnown, stateAdd, stateValue } from "./states";

/**
 * Most moves one list may hold: 32767 on the u64 build, 2^18 on the wide one. Placement on a 105-point
 * board needs 105; multi-jumps need far more (distinct (start, end, captured set) triples: 283 in a
 * tibetan-2 position four plies from the start; on tibetan-4, 3,980 three plies from the start with a
 * tiger inside the ring of goats, and the reference met 98,957 within four plies of the second-line
 * start). A position with more sets `overflow`, which the host reports as an error.
 */
export const MAX_MOVES: i32 = isInteger<Bits>() ? 32767 : 1 << 18;
/** Deepest ply the move stack serves (search and perft). */
export const MAX_PLY: i32 = 128;
/**
 * The move lists, one array: [0, MAX_MOVES) the root list for the host, [MAX_MOVES, 2 * MAX_MOVES) a
 * scratch list (counting moves for the horizon test), then the move stack: ply p's list starts where ply
 * p - 1's ended (plyBase/endPly), so a few long lists fit beside many short ones. A list that would run
 * past the end sets `overflow`. (The Bagh Chal profile's own loops write at most 64 moves a ply and
 * never check: 128 plies of them use a sliver of the stack.)
 */
export const ROOT_BASE: i32 = 0;
export const SCRATCH_BASE: i32 = MAX_MOVES;
const STACK_BASE: i32 = 2 * MAX_MOVES;
/** Entries in all the lists: the stack holds 2^18 moves on the u64 build, 2^21 on the wide build. */
export const LIST_ENTRIES: i32 = STACK_BASE + (isInteger<Bits>() ? 1 << 18 : 1 << 21);
export const MOVES = new StaticArray<u32>(LIST_ENTRIES);
/** Captured set of each move in MOVES (multi-jumps, intervention and, in the generic path, jumps). */
export const CAPS = new StaticArray<Bits>(LIST_ENTRIES);
/** Start of each ply's list on the stack (PLY_BASE[p + 1] = the end of ply p's list). */
const PLY_BASE = new StaticArray<i32>(MAX_PLY + 2);
/** Where ply `ply`'s list starts: after its parent's list (the stack's start at ply 0). */
// @ts-ignore: decorator
@inline export function plyBase(ply: i32): i32 { return ply == 0 ? STACK_BASE : ld(PLY_BASE, ply); }
/** Records that ply `ply`'s list ends at `end` (before its children generate theirs). */
// @ts-ignore: decorator
@inline export function endPly(ply: i32, end: i32): void { st(PLY_BASE, ply + 1, end); }
/** The end a list starting at `base` may not reach: MAX_MOVES on, or the end of the stack. */
// @ts-ignore: decorator
@inline export function listEnd(base: i32): i32 { return min(base + MAX_MOVES, LIST_ENTRIES); }
/** Set when a position had more moves than MAX_MOVES (the extra ones were dropped): the host reports it. */
export let overflow = false;
/** Sets `overflow` (for the other families' generators). */
export function setOverflow(): void { overflow = true; }
/** Clears `overflow` (before a perft or search). */
export function clearOverflow(): void { overflow = false; }

/** Step targets per side and point under the side's direction mask: STEPM[s * MAX_POINTS + p]. */
const STEPM = new StaticArray<Bits>(2 * MAX_POINTS);

/** Rebuilds STEPM from the board tables and the step masks (after setupBoard and after setupRules). */
export function prepareSteps(): void {
  for (let s = 0; s < 2; s++) {
    const mask = s == 0 ? stepMask0 : stepMask1;
    for (let p = 0; p < MAX_POINTS; p++) {
      let t = none();
      for (let d = 0; d < 8; d++) { const q = <i32>ld(NB, p * 8 + d); if (q >= 0 && ((mask >> d) & 1)) t = or(t, bit(q)); }
      st(STEPM, s * MAX_POINTS + p, t);
    }
  }
}

// ---- root path table (notation): every path of every multi-jump of the root list ----
/**
 * Path entries: [moveIndex, nPoints, p0 (start), p1, ... (landings)], PATH_WORDS i32 each: paths of up to
 * PATH_WORDS - 2 points (30 on the u64 build, 46 on the wide one, whose 74 goats allow longer chains).
 */
export const PATH_WORDS: i32 = isInteger<Bits>() ? 32 : 48;
export const MAX_PATHS: i32 = isInteger<Bits>() ? 16384 : 65536;
export const PATHS = new StaticArray<i32>(PATH_WORDS * MAX_PATHS);
export let pathCount: i32 = 0;
/** True while generating the root list for the host: multi-jump paths are recorded. */
export let recording = false;
/**
 * Re-searches of a known state the root may still make to record its other paths. Positions whose
 * capture paths number in the millions (the paths of one move can grow exponentially with its length)
 * then record a subset: every move keeps at least the path that found it, and the root path table's
 * other paths are a bonus for input, never needed for correctness.
 */
const ROOT_PATH_BUDGET: i32 = 20000;
let rootBudget: i32 = 0;
/** True while the root may re-search a known state for its other paths (spends one of the budget). */
export function rootRevisit(): bool { return --rootBudget >= 0; }
/** The current jump path during the depth-first search (landings; index 0 the start). */
export const CUR_PATH = new StaticArray<i32>(PATH_WORDS);

/**
 * Records the current path (CUR_PATH[0..len)) as a path of root move `moveIndex`. `first`: the path that
 * found the move (every move needs one: a full table then sets `overflow`); another path of a known move
 * is dropped when the table is full (the table's other paths are a bonus for input, see above).
 */
export function recordPath(moveIndex: i32, len: i32, first: bool): void {
  if (len + 2 > PATH_WORDS) { overflow = true; return; }
  if (pathCount >= MAX_PATHS) { if (first) overflow = true; return; }
  const o = pathCount * PATH_WORDS;
  st(PATHS, o, moveIndex); st(PATHS, o + 1, len);
  for (let i = 0; i < len; i++) st(PATHS, o + 2 + i, ld(CUR_PATH, i));
  pathCount++;
}

/** Old root move index -> new one (-1: dropped), for renumberPaths. */
export const RENUMBER = new StaticArray<i32>(MAX_MOVES);
/**
 * Drops and renumbers the root path table's entries after a generator kept a subset of its moves:
 * RENUMBER maps each old move index to the new one, -1 for a dropped move.
 */
export function renumberPaths(): void {
  let q = 0;
  for (let j = 0; j < pathCount; j++) {
    const to = ld(RENUMBER, ld(PATHS, j * PATH_WORDS));
    if (to < 0) continue;
    for (let w = 0; w < PATH_WORDS; w++) st(PATHS, q * PATH_WORDS + w, ld(PATHS, j * PATH_WORDS + w));
    st(PATHS, q * PATH_WORDS, to);
    q++;
  }
  pathCount = q;
}

/** True when the game is over by a static rule (captures, escape, stall) or the move limit. */
// @ts-ignore: decorator
@inline export function decided(): bool { return over != 0 || clockOut(); }

/** True if the side to move would have a legal move were the game not over (the move-limit's loss test). */
export function hasMoveIgnoringLimit(): bool { return generateGeneric(SCRATCH_BASE) > 0; }

/** The from-set of side s: its pieces less the noSameTwice point, only stacks under dispersal. */
// @ts-ignore: decorator
@inline function fromSet(s: i32, mine: Bits): Bits {
  let f = mine;
  if (s == noSameTwiceSide && lastPt >= 0) f = andNot(f, bit(lastPt));
  if (dispersalFor(s) && nonEmpty(and(stacked, mine))) f = and(f, stacked);
  return f;
}

/**
 * The dogs captured by intervention when the piece on `from` steps to `to` (RULES.md §3 Surround the
 * Tiger): on every line through `to` with an enemy on both sides whose next points beyond (on that
 * line) are empty after the step or off the board, both enemies.
 */
function interventionCaps(from: i32, to: i32, enemy: Bits, occ: Bits): Bits {
  const after = xor(occ, bit(from));
  let caps = none();
  for (let d = 0; d < 4; d++) {
    const a = <i32>ld(NB, to * 8 + d), b = <i32>ld(NB, to * 8 + d + 4);
    if (a < 0 || b < 0 || !has(enemy, a) || !has(enemy, b)) continue;
    const ba = <i32>ld(NB, a * 8 + d), bb = <i32>ld(NB, b * 8 + d + 4);
    if ((ba >= 0 && has(after, ba)) || (bb >= 0 && has(after, bb))) continue;
    caps = or(caps, or(bit(a), bit(b)));
  }
  return caps;
}

// multi-jump search state (one piece at a time)
let mjFrom: i32 = 0;
let mjEnemy: Bits = none();
let mjOcc: Bits = none();
let mjN: i32 = 0;       // next free index
let mjEnd: i32 = 0;     // list bound

/**
 * Adds the move (mjFrom, to, caps) unless the list has it (same identity); records the path at the root.
 * Returns false when the move was there already: the search state (landing point, captured set) was
 * reached before, so its continuations are already listed.
 */
function emitJump(to: i32, caps: Bits, depth: i32): bool {
  // this piece's states so far (movegen/states.ts), each the index of its move in MOVES
  const h = stateSlot(to, caps);
  if (stateKnown(h)) { if (recording) recordPath(stateValue(h) - mjListBase, depth + 1, false); return false; }
  if (mjN >= mjEnd || !stateAdd(h, to, caps, mjN)) { overflow = true; return false; }
  const single = !moreThanOne(caps);
  st(MOVES, mjN, single ? jumpMove(mjFrom, to, first(caps)) : multiMove(mjFrom, to, caps));
  st(CAPS, mjN, caps);
  if (recording) recordPath(mjN - mjListBase, depth + 1, true);
  mjN++;
  return true;
}
/** Start of the list being generated (the path table's move indices count from it). */
let mjListBase: i32 = 0;

function jumpDfs(cur: i32, caps: Bits, depth: i32): void {
  for (let d = 0; d < 8; d++) {
    const mid = <i32>ld(NB, cur * 8 + d), land = <i32>ld(JL, cur * 8 + d);
    if (mid < 0 || land < 0) continue;
    if (!has(mjEnemy, mid) || has(caps, mid)) continue;
    // the landing must be empty: never occupied, the mover's own start, or a single piece taken this move
    if (has(mjOcc, land) && land != mjFrom && !(has(caps, land) && ld(CNT, land) == 1)) continue;
    const c2 = or(caps, bit(mid));
    if (depth + 2 < PATH_WORDS) st(CUR_PATH, depth + 1, land);
    // a state (landing, captured set) met before has its continuations listed: go on only at the root,
    // where every path of every move is recorded for the notation
    if (!emitJump(land, c2, depth + 1) && (!recording || --rootBudget < 0)) continue;
    // a chain longer than a path holds is not followed: say so rather than miss its moves
    if (depth + 2 < PATH_WORDS) jumpDfs(land, c2, depth + 1); else overflow = true;
  }
}

/**
 * Writes every legal move of the current position at MOVES[base..] (captured sets at CAPS[base..])
 * and returns their number (0 when the game is over or the side to move is blocked). Captures first.
 */
export function generate(base: i32): i32 {
  if (decided()) return 0;
  if (!fast) return generateGeneric(base);
  const empty = andNot(boardMask, or(hunters, prey));
  let n = base;
  if (side == PREY) {
    if (inHand > 0) {
      for (let e = empty; nonEmpty(e); e = popFirst(e)) st(MOVES, n++, placeMove(first(e)));
    } else {
      for (let f = prey; nonEmpty(f); f = popFirst(f)) {
        const from = first(f);
        for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t)) st(MOVES, n++, stepMove(from, first(t)));
      }
    }
    return n - base;
  }
  n = base + generateCaptures(base);
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    for (let t = and(ld(STEP, from), empty); nonEmpty(t); t = popFirst(t)) st(MOVES, n++, stepMove(from, first(t)));
  }
  return n - base;
}

/** generate() for every profile (see the top of the file); the draughts family has its own generator. */
function generateGeneric(base: i32): i32 {
  if (family == FAMILY_DRAUGHTS) return generateDraughts(base);
  const s = side;
  const mine = s == PREY ? prey : hunters, enemy = s == PREY ? hunters : prey;
  const occ = or(hunters, prey), empty = andNot(boardMask, occ);
  const end = listEnd(base);
  let n = base;
  if ((s == PREY ? inHand : hand1) > 0) {
    for (let e = empty; nonEmpty(e); e = popFirst(e)) { st(MOVES, n, placeMove(first(e))); st(CAPS, n, none()); n++; }
    return n - base;
  }
  const from = fromSet(s, mine);
  const cap = captureOf(s);
  if (cap == CAP_JUMP) {
    for (let f = from; nonEmpty(f); f = popFirst(f)) {
      const fr = first(f);
      for (let t = jumpLandings(fr, enemy, empty); nonEmpty(t); t = popFirst(t)) {
        const to = first(t), mid = midOf(fr, to);
        if (n >= end) { overflow = true; return n - base; }
        st(MOVES, n, jumpMove(fr, to, mid)); st(CAPS, n, bit(mid)); n++;
      }
    }
  } else if (cap == CAP_MULTI) {
    mjEnemy = enemy; mjOcc = occ; mjEnd = end;
    for (let f = from; nonEmpty(f); f = popFirst(f)) {
      mjFrom = first(f); mjN = n; mjListBase = base;
      statesReset();
      st(CUR_PATH, 0, mjFrom);
      jumpDfs(mjFrom, none(), 0);
      n = mjN;
    }
  }
  const steps = s == PREY ? 0 : MAX_POINTS;
  for (let f = from; nonEmpty(f); f = popFirst(f)) {
    const fr = first(f);
    for (let t = and(ld(STEPM, steps + fr), empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      if (n >= end) { overflow = true; return n - base; }
      if (cap == CAP_INTERVENTION) {
        const c = interventionCaps(fr, to, enemy, occ);
        st(MOVES, n, nonEmpty(c) ? interveneMove(fr, to) : stepMove(fr, to)); st(CAPS, n, c);
      } else {
        st(MOVES, n, stepMove(fr, to)); st(CAPS, n, none());
      }
      n++;
    }
  }
  return n - base;
}

/** The root list for the host: generate() with every multi-jump path recorded in PATHS. */
export function generateRoot(base: i32): i32 {
  pathCount = 0; overflow = false;
  recording = true; rootBudget = ROOT_PATH_BUDGET;
  const n = generate(base);
  recording = false;
  return n;
}

/**
 * True if the side to move has at least one legal move (the same moves as generate()): the search's
 * horizon test for "a side with no legal move loses" (RULES.md §0).
 */
export function hasMove(): bool {
  if (decided()) return false;
  if (family == FAMILY_DRAUGHTS) return generateDraughts(SCRATCH_BASE) > 0;
  if (!fast) {
    // any placement, step or first jump (a multi-jump starts with a short jump; intervention is a step)
    const s = side;
    const mine = s == PREY ? prey : hunters, enemy = s == PREY ? hunters : prey;
    const empty = andNot(boardMask, or(hunters, prey));
    if ((s == PREY ? inHand : hand1) > 0) return nonEmpty(empty);
    const jumps = captureOf(s);
    const steps = s == PREY ? 0 : MAX_POINTS;
    for (let f = fromSet(s, mine); nonEmpty(f); f = popFirst(f)) {
      const fr = first(f);
      if (nonEmpty(and(ld(STEPM, steps + fr), empty))) return true;
      if ((jumps == CAP_JUMP || jumps == CAP_MULTI) && nonEmpty(jumpLandings(fr, enemy, empty))) return true;
    }
    return false;
  }
  const empty = andNot(boardMask, or(hunters, prey));
  if (side == PREY) {
    if (inHand > 0) return nonEmpty(empty);
    for (let e = empty; nonEmpty(e); e = popFirst(e)) if (nonEmpty(and(ld(STEP, first(e)), prey))) return true;
    return false;
  }
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    if (nonEmpty(and(ld(STEP, from), empty)) || nonEmpty(jumpLandings(from, prey, empty))) return true;
  }
  return false;
}

/** Writes the capturing moves only (quiescence) at MOVES[base..]; returns their number. */
export function generateCaptures(base: i32): i32 {
  if (decided()) return 0;
  if (!fast) {
    if (captureOf(side) == CAP_NONE) return 0;
    const n = generateGeneric(base);
    let k = base;
    for (let i = base; i < base + n; i++) {
      const m = ld(MOVES, i);
      if (isCapture(m)) { st(MOVES, k, m); st(CAPS, k, ld(CAPS, i)); k++; }
    }
    return k - base;
  }
  if (side == PREY) return 0;
  const empty = andNot(boardMask, or(hunters, prey));
  let n = base;
  for (let f = hunters; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    for (let t = jumpLandings(from, prey, empty); nonEmpty(t); t = popFirst(t)) {
      const to = first(t);
      st(MOVES, n++, jumpMove(from, to, midOf(from, to)));
    }
  }
  return n - base;
}

/** Number of hunter moves (steps + jumps) in a given configuration; used by perft and evaluation. */
// @ts-ignore: decorator
@inline export function hunterMoveCount(h: Bits, p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let f = h; nonEmpty(f); f = popFirst(f)) {
    const from = first(f);
    n += size(and(ld(STEP, from), empty)) + size(jumpLandings(from, p, empty));
  }
  return n;
}

/** Number of prey steps (movement phase): each empty point counts its prey neighbours. */
// @ts-ignore: decorator
@inline export function preyStepCount(p: Bits, empty: Bits): i32 {
  let n = 0;
  for (let e = empty; nonEmpty(e); e = popFirst(e)) n += size(and(ld(STEP, first(e)), p));
  return n;
}

/** Step targets of side s from p (its direction mask applied). */
// @ts-ignore: decorator
@inline export function stepTargets(s: i32, p: i32): Bits { return ld(STEPM, s * MAX_POINTS + p); }
