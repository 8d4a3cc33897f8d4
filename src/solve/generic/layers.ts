/**
 * The generic solver's layer graph: the symmetries the rules allow, each layer's successors, when a layer is last read.
 */
import { DIR_NAMES, boardSymmetries, type Board } from '../../board/index.js';
import type { RuleSet } from '../../rules/index.js';
import { TablebaseError } from '../format.js';
import type { GenericLayer, StackClass } from './types.js';
import { layerName } from './files.js';

/**
 * The symmetries of the board that the rules allow: each side's step directions and, where a rule reads ranks, the
 * ranks.
 */
export function allowedSymmetries(board: Board, rules: RuleSet): number[][] {
  if (rules.family !== 'hunt') return [board.points.map((_, i) => i)];
  const rankMatters = rules.escape !== null || rules.stall !== null;
  const N = board.points.length;
  return boardSymmetries(board).filter((perm) => {
    if (rankMatters && board.points.some((p, i) => board.points[perm[i]!]!.y !== p.y)) return false;
    for (const side of rules.sides) {
      const dirs = side.steps.map((d) => DIR_NAMES.indexOf(d));
      const allowed = (p: number, q: number) => dirs.some((d) => board.neighbours[p * 8 + d] === q);
      for (let p = 0; p < N; p++)
        for (const d of dirs) {
          const q = board.neighbours[p * 8 + d]!;
          if (q >= 0 && !allowed(perm[p]!, perm[q]!)) return false;
        }
    }
    return true;
  });
}

/**
 * Each layer's DIRECT successors among `layers`: the layers one move can lead to (key -> layers).
 * `classes`: the stack vectors' symmetry classes (StackClass; one class of the empty vector without
 * stacks), each layer's `stacks` a member of one. The rule, from the RuleSet (RULES.md §0-§3) and the
 * hunt family's move generator (assembly/movegen/hunt.ts): a side with a piece in hand must place it
 * (RULES.md §0 Placement; the generator lists nothing else then), which takes one from that side's
 * hand, captures nothing and keeps every stack (a piece is placed onto an empty point); a side with an
 * empty hand steps or captures: a jump takes 1 piece of the other side ('jump') or up to all of them
 * ('multi-jump'), a step under 'intervention' takes 0 or an even number, up to 8 (two a line, at most
 * four lines through a point); the stacks lose at most one piece for the piece that leaves a stack plus
 * one a captured piece (a jump over a stack takes one piece of it), from any stacks: from each member v
 * of the layer's class, a vector w <= v (point by point) with at most that many fewer, in w's class (a
 * move that touches no stack keeps the class). Only layers that exist are kept: a capture past a
 * side's target ends the game, no layer. It may list a layer no position reaches (memory, never a
 * value); it misses none, and if it did, the core would stop on a successor whose layer is not in
 * memory (gsError 2), never use a wrong value.
 */
export function directSuccessors(
  layers: readonly GenericLayer[],
  rules: RuleSet,
  stackSide: number,
  classes: readonly StackClass[],
): Map<number, GenericLayer[]> {
  const below = classesBelow(classes);
  const classOf = classIndex(classes);
  const at = new Map(layers.map((l) => [[...l.captured, ...l.hand, classOf(l.stacks)].join(), l]));
  const out = new Map<number, GenericLayer[]>();
  for (const l of layers) {
    const found = new Set<GenericLayer>();
    const cls = classOf(l.stacks);
    const add = (c: number[], h: number[], k: number) => {
      const m = at.get([...c, ...h, k].join());
      if (m && m !== l) found.add(m);
    };
    for (const s of [0, 1] as const) {
      const side = rules.sides[s];
      // a side with a piece in hand must place it (RULES.md §0 Placement): its only moves
      if (l.hand[s] > 0) {
        if (side.places)
          add(
            l.captured,
            l.hand.map((h, i) => (i === s ? h - 1 : h)),
            cls,
          );
        continue;
      }
      const most = side.capture === 'none' ? 0 : side.capture === 'jump' ? 1 : side.capture === 'intervention' ? 8 : 64;
      for (let j = 0; j <= most; j++) {
        if (side.capture === 'intervention' && j % 2 === 1) continue;
        const c = l.captured.map((x, i) => (i === 1 - s ? x + j : x));
        const drop = stackSide < 0 ? 0 : j + (stackSide === s ? 1 : 0);
        for (const k of below(cls, drop)) add(c, l.hand, k);
      }
    }
    out.set(
      l.key,
      layers.filter((m) => found.has(m)),
    );
  }
  return out;
}

/**
 * A function giving the index of the class (among `classes`) that holds a vector; throws RangeError for a vector of
 * none.
 */
export function classIndex(classes: readonly StackClass[]): (v: readonly number[]) => number {
  const by = new Map<string, number>();
  for (const c of classes) for (const v of c.members) by.set(v.join(), c.index);
  return (v) => {
    const k = by.get(v.join());
    if (k === undefined) throw new RangeError(`no stack vector class holds ${v.join('.')}`);
    return k;
  };
}

/**
 * A function giving the classes (indexes, ascending) of the vectors w <= v (point by point) with
 * sum(v) - sum(w) <= `drop` for some member v of class `cls`: where taking at most `drop` pieces off
 * the stacks leads (`cls` itself included; drop Infinity: everywhere they can ever lead). Memoized.
 */
export function classesBelow(classes: readonly StackClass[]): (cls: number, drop: number) => number[] {
  const classOf = classIndex(classes);
  const memo = new Map<string, number[]>();
  return (cls, drop) => {
    const key = `${cls}/${drop}`;
    let r = memo.get(key);
    if (r !== undefined) return r;
    const found = new Set<number>();
    const walk = (v: readonly number[], w: number[], i: number, left: number) => {
      if (i === v.length) {
        found.add(classOf(w));
        return;
      }
      for (let x = v[i]!; x >= 0 && v[i]! - x <= left; x--) {
        w[i] = x;
        walk(v, w, i + 1, left - (v[i]! - x));
      }
    };
    for (const v of classes[cls]!.members) walk(v, new Array<number>(v.length).fill(0), 0, drop);
    r = [...found].sort((a, b) => a - b);
    memo.set(key, r);
    return r;
  };
}

/**
 * For each layer (key), the index in `order` of the last layer that needs it (its own index when none
 * does): solve() frees it after that layer. Throws TablebaseError when `order` solves a layer before
 * one of its successors (never for the estimate's order: progress only grows along a move).
 */
export function lastUses(order: readonly GenericLayer[], successors: Map<number, GenericLayer[]>): Map<number, number> {
  const index = new Map(order.map((l, i) => [l.key, i]));
  const last = new Map(order.map((l, i) => [l.key, i]));
  order.forEach((l, i) => {
    for (const m of successors.get(l.key) ?? []) {
      if (index.get(m.key)! >= i)
        throw new TablebaseError(`solver order: layer ${layerName(l)} comes before its successor ${layerName(m)}`);
      last.set(m.key, Math.max(last.get(m.key)!, i));
    }
  });
  return last;
}
