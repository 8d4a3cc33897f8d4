/**
 * The core's move lists as text (RULES.md §0 "Notation"): the root list with each move's canonical text
 * and every text that denotes it, and the replay of a line of packed moves (a principal variation, a
 * tablebase line) as text. The rules stay in the core: a multi-jump's paths come from its path table,
 * never from a host-side generator.
 *
 * Move text: `c3` placement, `a1-b2` step (a step that captures by intervention too: its captures
 * follow from the position), `a1xc3` jump, `a1xc3xe5` multi-jump (start, then each landing). Among the
 * paths of one multi-jump (same start, end and captured set) the canonical text is the one that sorts
 * first (JavaScript string order); every path's text is accepted.
 */
import type { Board } from './lattice/index.js';
import { PATH_WORDS, type Core } from './wasm.js';

/** Move kinds of the packed move (assembly/move.ts bits 24..27). */
export const KIND_PLACE = 0, KIND_STEP = 1, KIND_JUMP = 2, KIND_MULTI = 3, KIND_INTERVENE = 4;

/** One legal move of the root list. */
export interface ListedMove {
  /** Index in the core's root list (for makeMoveAt; valid until the position changes). */
  index: number;
  /** The packed move (u32) and its captured set (bit per point; 0n when it captures nothing). */
  packed: number;
  caps: bigint;
  /** Canonical text. */
  text: string;
  /** Every text that denotes this move (the canonical one first). */
  texts: string[];
}

/** The kind of a packed move. */
export function moveKind(m: number): number { return (m >>> 24) & 0xf; }

/** Points of a captured set, ascending. */
export function capsPoints(caps: bigint): number[] {
  const out: number[] = [];
  for (let i = 0; caps >> BigInt(i); i++) if ((caps >> BigInt(i)) & 1n) out.push(i);
  return out;
}

/** Text of a packed move that is not a multi-jump: `c3`, `a1-b2`, `a1xc3`. */
export function simpleMoveText(board: Board, m: number): string {
  const to = board.points[m & 0xff].name;
  const kind = moveKind(m);
  if (kind === KIND_PLACE) return to;
  const from = board.points[(m >>> 8) & 0xff].name;
  return from + (kind === KIND_JUMP || kind === KIND_MULTI ? 'x' : '-') + to;
}

/**
 * The legal moves of the core's current position (core.exports.legalMoves(): repetition=forbid is
 * applied by the core) with their texts. Throws Error when the core's move list overflowed (a bug
 * report: the limits are far above any position of these games).
 */
export function rootMoves(core: Core, board: Board): ListedMove[] {
  const e = core.exports;
  const n = e.legalMoves();
  if (e.moveOverflow()) throw new Error('internal: the core\'s move list or path table overflowed');
  const packed = core.moves(n).slice();
  const caps = core.caps(n).slice();
  const np = e.pathCount();
  const paths = core.paths(np).slice();
  const pathTexts: string[][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < np; j++) {
    const o = j * PATH_WORDS;
    const idx = paths[o], len = paths[o + 1];
    const pts: string[] = [];
    for (let k = 0; k < len; k++) pts.push(board.points[paths[o + 2 + k]].name);
    pathTexts[idx].push(pts.join('x'));
  }
  const out: ListedMove[] = [];
  for (let i = 0; i < n; i++) {
    let texts: string[];
    if (moveKind(packed[i]) === KIND_MULTI) {
      texts = [...new Set(pathTexts[i])].sort();
      if (texts.length === 0) throw new Error('internal: a multi-jump without a path');
    } else texts = [simpleMoveText(board, packed[i])];
    out.push({ index: i, packed: packed[i], caps: caps[i], text: texts[0], texts });
  }
  return out;
}

/**
 * Finds a packed move (with its captured set) in the root list: the same key, and for a multi-jump the
 * same set. Returns the listed move, or undefined.
 */
export function findPacked(list: ListedMove[], m: number, caps: bigint): ListedMove | undefined {
  return list.find((x) => x.packed === m && (moveKind(m) !== KIND_MULTI || x.caps === caps));
}

/**
 * Texts of a line of packed moves played from the current position (each with its captured set), by
 * replaying it in the core; the position is unchanged afterwards. Stops at the first move that is not
 * legal (cannot happen for the core's own lines).
 */
export function lineTexts(core: Core, board: Board, line: Array<{ m: number; caps: bigint }>): string[] {
  const e = core.exports;
  const out: string[] = [];
  for (const { m, caps } of line) {
    const found = findPacked(rootMoves(core, board), m, caps);
    if (!found) break;
    out.push(found.text);
    e.makeMoveAt(found.index);
  }
  for (let i = 0; i < out.length; i++) e.unmakeMove();
  return out;
}
