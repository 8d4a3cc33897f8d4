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
import type { Core } from './wasm.js';
import { canonicalJumpText, formatPath } from './position-text.js';

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

/** Text of a packed move that is not a multi-jump: `c3`, `a1-b2` (a step, intervention too), `a1xc3`. */
function moveText(board: Board, m: number): string {
  const to = m & 0xff, from = (m >>> 8) & 0xff, kind = moveKind(m);
  if (kind === KIND_PLACE) return formatPath(board, 'place', [to]);
  return formatPath(board, kind === KIND_JUMP ? 'jump' : 'step', [from, to]);
}

/**
 * The `n` moves of the core's root list with their texts (a multi-jump's from the path table). Throws
 * Error when the core's move list overflowed (a bug report: the limits are far above any position of
 * these games).
 */
function readMoves(core: Core, board: Board, n: number): ListedMove[] {
  const e = core.exports;
  if (e.moveOverflow()) throw new Error('internal: the core\'s move list or path table overflowed');
  const packed = core.moves(n).slice();
  const caps = core.caps(n);
  const np = e.pathCount();
  const paths = core.paths(np).slice();
  const movePaths: number[][][] = Array.from({ length: n }, () => []);
  for (let j = 0; j < np; j++) {
    const o = j * core.pathWords;
    movePaths[paths[o]].push(Array.from(paths.subarray(o + 2, o + 2 + paths[o + 1])));
  }
  const out: ListedMove[] = [];
  for (let i = 0; i < n; i++) {
    let text: string, texts: string[];
    if (moveKind(packed[i]) === KIND_MULTI) {
      if (movePaths[i].length === 0) throw new Error('internal: a multi-jump without a path');
      text = canonicalJumpText(board, movePaths[i]);
      texts = [...new Set([text, ...movePaths[i].map((p) => formatPath(board, 'jump', p))])];
    } else texts = [text = moveText(board, packed[i])];
    out.push({ index: i, packed: packed[i], caps: caps[i], text, texts });
  }
  return out;
}

/**
 * The legal moves of the core's current position (core.exports.legalMoves(): repetition=forbid is
 * applied by the core) with their texts. Throws as readMoves.
 */
export function rootMoves(core: Core, board: Board): ListedMove[] {
  return readMoves(core, board, core.exports.legalMoves());
}

/**
 * The moves the core listed last, read without generating them again: valid right after
 * `gameResult()` returned 0 (it lists the moves to decide "no legal move") or `legalMoves()`, with the
 * position unchanged since. Throws as readMoves.
 */
export function listedMoves(core: Core, board: Board): ListedMove[] {
  return readMoves(core, board, core.exports.rootMoveCount());
}

/**
 * Finds a packed move (with its captured set) in the root list: the same key, and for a multi-jump the
 * same set. Returns the listed move, or undefined.
 */
export function findPacked(list: ListedMove[], m: number, caps: bigint): ListedMove | undefined {
  return list.find((x) => x.packed === m && (moveKind(m) !== KIND_MULTI || x.caps === caps));
}

/**
 * Plays a line of packed moves (each with its captured set) from the current position through the root
 * list, as far as its moves are legal (the core's own lines always are); returns the texts of the moves
 * played. The caller takes them back (one unmakeMove each).
 */
export function playLine(core: Core, board: Board, line: Array<{ m: number; caps: bigint }>): string[] {
  const out: string[] = [];
  for (const { m, caps } of line) {
    const found = findPacked(rootMoves(core, board), m, caps);
    if (!found) break;
    out.push(found.text);
    core.exports.makeMoveAt(found.index);
  }
  return out;
}

/** Texts of a line of packed moves played from the current position (playLine); the position is unchanged afterwards. */
export function lineTexts(core: Core, board: Board, line: Array<{ m: number; caps: bigint }>): string[] {
  const out = playLine(core, board, line);
  for (let i = 0; i < out.length; i++) core.exports.unmakeMove();
  return out;
}
