/** Move text as points (RULES.md §0 "Notation"): read, written, and the canonical text of a jump with several paths. */
import { ArgumentError, ParseError } from '../contract/errors.js';
import type { Board } from '../board/index.js';

/** A move's points as text gives them: `place` one point, `step` two, `jump` the start then 1+ landings. */
export interface MoveText {
  points: number[];
  kind: 'place' | 'step' | 'jump';
}

// ---------------------------------------------------------------------------------------------------
// move text

/**
 * Reads move text (RULES.md §0): `c3` placement, `a1-b2` step, `a1xc3` jump, `a1xc3xe5` multi-jump
 * (any number of x-separated landings). Case-insensitive; surrounding spaces are ignored (columns count
 * them). Checks syntax and that the points exist; legality is the caller's check.
 * @returns the point indices in order and the kind.
 * @throws ParseError with the 1-based column of the first bad character and what was expected there.
 */
export function parseMoveText(board: Board, text: string): MoveText {
  const s = text.trim().toLowerCase();
  const offset = text.length - text.trimStart().length;
  if (s.length === 0) throw new ParseError('move', text, 1, 'empty move');
  const re = /^([a-z])(\d{1,2})/;
  const points: number[] = [];
  let sepSeen: '-' | 'x' | null = null;
  let i = 0;
  for (;;) {
    const m = re.exec(s.slice(i));
    if (!m) throw new ParseError('move', text, offset + i + 1, 'expected a point name such as c3');
    const p = board.index(m[0]);
    if (p < 0) throw new ParseError('move', text, offset + i + 1, `no point ${m[0]} on this board`);
    points.push(p);
    i += m[0].length;
    if (i === s.length) break;
    const sep = s[i];
    if (sepSeen === '-')
      throw new ParseError('move', text, offset + i + 1, 'a step has exactly two points: expected the end');
    if (sep !== '-' && sep !== 'x') {
      throw new ParseError(
        'move',
        text,
        offset + i + 1,
        sepSeen === 'x'
          ? `expected "x" (the next landing) or the end, got "${text[offset + i]}"`
          : `expected "-", "x" or the end, got "${text[offset + i]}"`,
      );
    }
    if (sepSeen === 'x' && sep === '-')
      throw new ParseError('move', text, offset + i + 1, 'a jump continues with "x" before each landing, got "-"');
    sepSeen = sep;
    i++;
  }
  return { points, kind: sepSeen === null ? 'place' : sepSeen === '-' ? 'step' : 'jump' };
}

/**
 * Move text of a move given by its points: `place` [to] -> `c3`, `step` [from, to] -> `a1-b2`, `jump`
 * [from, landing1, landing2, ...] -> `a1xc3xe5`.
 * @throws ArgumentError for a wrong number of points or a point index not on the board.
 */
export function formatPath(board: Board, kind: MoveText['kind'], points: readonly number[]): string {
  const need = kind === 'place' ? points.length === 1 : kind === 'step' ? points.length === 2 : points.length >= 2;
  if (!need)
    throw new ArgumentError(
      `formatPath: a ${kind} has ` +
        `${kind === 'place' ? '1 point' : kind === 'step' ? '2 points' : 'at least 2 points'}, got ${points.length}`,
    );
  const name = (p: number) => {
    const pt = board.points[p];
    if (!Number.isInteger(p) || !pt) throw new ArgumentError(`formatPath: no point ${p} on board ${board.id}`);
    return pt.name;
  };
  return points.map(name).join(kind === 'step' ? '-' : 'x');
}

/**
 * The canonical text of a jump that several paths give (spec §3): of the paths' texts, the one that
 * sorts first in JS string order. `paths` holds the same move's paths, each [start, landing, ...].
 * @throws ArgumentError for no paths or a bad path (see formatPath).
 */
export function canonicalJumpText(board: Board, paths: ReadonlyArray<readonly number[]>): string {
  if (paths.length === 0) throw new ArgumentError('canonicalJumpText: no paths');
  let best: string | null = null;
  for (const p of paths) {
    const t = formatPath(board, 'jump', p);
    if (best === null || t < best) best = t;
  }
  return best!;
}
