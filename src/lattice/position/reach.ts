/**
 * The position checks' building blocks (src/lattice/position/validation.ts): the points a side's pieces can
 * reach from the start, and whether a side has escaped.
 */
import { DIR_NAMES, type Board } from '../../board/index.js';
import type { NotationContext, Setup } from './context.js';

/**
 * The points a piece of side `c` can stand on, from the start and the side's moves (a breadth-first
 * closure, blocking ignored, so it holds every point play can bring such a piece to); null: every point
 * (no start in the context, a side that places anywhere, or steps not given). Men (or the pieces of a
 * hunt side): from the side's start points by its step directions and, if it jumps, by short jumps
 * along any line. Kings (`kings`): from the promotion-rank points the men reach, along any line.
 */
export function reachOf(ctx: NotationContext, c: 0 | 1, kings: boolean): Uint8Array | null {
  const { board, rules, start } = ctx;
  const sr = rules.sides[c];
  if (!start || sr.places || sr.steps === undefined) return null;
  const n = board.points.length;
  const mask = sr.steps.reduce((m, d) => m | (1 << DIR_NAMES.indexOf(d)), 0);
  const jumps = sr.capture === 'jump' || sr.capture === 'multi-jump';
  const closure = (from: (p: number) => boolean, stepMask: number): Uint8Array => {
    const seen = new Uint8Array(n);
    const queue: number[] = [];
    const add = (q: number) => {
      if (q >= 0 && !seen[q]) {
        seen[q] = 1;
        queue.push(q);
      }
    };
    for (let p = 0; p < n; p++) if (from(p)) add(p);
    while (queue.length) {
      const p = queue.pop()!;
      for (let d = 0; d < 8; d++) {
        if ((stepMask >> d) & 1) add(board.neighbours[p * 8 + d]);
        if (jumps) add(board.jumps[p * 8 + d]);
      }
    }
    return seen;
  };
  const men = closure((p) => start.owner[p] === c, mask);
  if (!kings) return men;
  const promo = rules.draughts?.promotion[c] ?? null;
  return closure((p) => men[p] === 1 && promo !== null && board.points[p].y + 1 === promo, 0xff);
}

/** True when every piece of side `1 - e` stands on a higher rank than every piece of side `e` (the escape rule). */
export function escaped(board: Board, s: Setup, e: 0 | 1): boolean {
  let top = -Infinity,
    bottom = Infinity;
  for (let p = 0; p < s.owner.length; p++) {
    if (s.owner[p] === e) top = Math.max(top, board.points[p].y);
    else if (s.owner[p] === 1 - e) bottom = Math.min(bottom, board.points[p].y);
  }
  return top > -Infinity && bottom < Infinity && bottom > top;
}
