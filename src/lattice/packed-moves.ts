/**
 * Packed moves of the core (assembly/move.ts) as the host reads them: their kinds, the point-name tables and
 * scratch buffers their texts are written with (src/lattice/move-list.ts), and the capacity of the core's move
 * lists (runGrowing, the LatticeError 'overflow' naming it). The notation is described at the top of
 * src/lattice/moves.ts, which re-exports the public part of this file.
 */
import { LatticeError } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import type { MoveKind } from '../contract/moves.js';
import type { Core } from './core/wasm.js';

/**
 * Move kinds of the packed move (assembly/move.ts bits 24..27; the core exports the same values, checked in
 * test/unit/boundary.test.ts).
 */
export const KIND_PLACE = 0,
  KIND_STEP = 1,
  KIND_JUMP = 2,
  KIND_MULTI = 3,
  KIND_INTERVENE = 4;

/** The MoveKind of each packed kind (a multi-jump is a 'jump', a step capturing by intervention an 'intervention'). */
export const KIND_NAMES: Record<number, MoveKind> = {
  [KIND_PLACE]: 'place',
  [KIND_STEP]: 'step',
  [KIND_JUMP]: 'jump',
  [KIND_MULTI]: 'jump',
  [KIND_INTERVENE]: 'intervention',
};

/** Scratch for one path's points, end first (a path has at most one landing per point of the board). */
export const PATH_BUF = new Int32Array(256);
/** Scratch for one path's text as char codes (at most 256 points of at most 3 characters and an x each). */
export const CHAR_BUF = new Uint16Array(1024);
/** Writes a point name's char codes at out[c..]; returns the end. */
export function putName(out: Uint16Array, c: number, name: string): number {
  for (let k = 0; k < name.length; k++) out[c++] = name.charCodeAt(k);
  return c;
}
/** Decodes the bytes of MoveList.texts() (point names are ASCII) in one call. */
export const LATIN1 = new TextDecoder('latin1');
const PACKED_NAMES = new WeakMap<Board, Uint32Array>();
/**
 * The board's point names as bytes in one word each (bytes 0..2, length in byte 3; names have 2-3 characters), cached
 * per board.
 */
export function namesPacked(board: Board, names: readonly string[]): Uint32Array {
  let c = PACKED_NAMES.get(board);
  if (!c) {
    c = new Uint32Array(names.length);
    names.forEach((n, i) => {
      let w = n.length << 24;
      for (let k = 0; k < Math.min(3, n.length); k++) w |= n.charCodeAt(k) << (8 * k);
      c![i] = w >>> 0;
    });
    PACKED_NAMES.set(board, c);
  }
  return c;
}
const NAMES = new WeakMap<Board, readonly string[]>();
/** The board's point names by index (cached per board). */
export function pointNames(board: Board): readonly string[] {
  let n = NAMES.get(board);
  if (!n) {
    n = board.points.map((p) => p.name);
    NAMES.set(board, n);
  }
  return n;
}

/** The kind of a packed move. */
export function moveKind(m: number): number {
  return (m >>> 24) & 0xf;
}
/** True for a packed capture by jumping (a single or multi-jump); a step capturing by intervention is not one. */
export const isCapture = (m: number) => {
  const k = moveKind(m);
  return k === KIND_JUMP || k === KIND_MULTI;
};

/** The LatticeError 'overflow' naming the capacity that ran out (kind 2: path nodes, else a list). */
export function overflowError(core: Core, what: string, kind: number): LatticeError {
  const e = core.exports;
  const limit =
    kind === 2
      ? `the root list's ${e.maxMoves()} path nodes`
      : `${e.maxMoves()} moves in one list (${e.stackMoves()} on the search and perft stack)`;
  return new LatticeError(
    'overflow',
    `${what}: a position had more legal moves than the core holds: ${limit}, this ` +
      `build's largest capacity (${core.wide ? 'wide' : 'u64'} build; the most seen in ` +
      `these games is 343,909, README "Memory and capacities"); the result would be ` +
      `wrong`,
  );
}

/**
 * Runs a core run (perft, search) and, when it overflowed lists that can still grow (the wide build
 * allocates them on demand), grows them and runs it again; at the largest size it returns the result
 * if `partialOk()` says the run's result stands without the part that did not fit (a search's completed
 * iterations), else throws LatticeError 'overflow' naming the capacity. A search run again reports its
 * iterations again.
 */
export function runGrowing<T>(core: Core, what: string, run: () => T, partialOk: () => boolean = () => false): T {
  const e = core.exports;
  for (;;) {
    const r = run();
    if (!e.moveOverflow()) return r;
    if (!e.growLists()) {
      if (partialOk()) return r;
      throw overflowError(core, what, e.moveOverflowKind());
    }
  }
}
