/**
 * Setting up the generic solver in a core: symmetries, stack points, layers and their order, the plan
 * (HuntSolver.create).
 */
import type { Board } from '../../board/index.js';
import { getVariant, resolveOptions, type HuntVariant, type OptionValues } from '../../variants/index.js';
import { loadVariantCore, notationContext } from '../../lattice/core/setup.js';
import { parsePositionText, type NotationContext } from '../../lattice/position-text.js';
import type { Core } from '../../lattice/core/wasm.js';
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from '../../contract/errors.js';
import { TablebaseError } from '../format.js';
import type { GenericLayer, SolveEstimate, SolverScope, StackClass } from './types.js';
import { allowedSymmetries, directSuccessors, lastUses } from './layers.js';
import { ALLOC_LIMIT, CORE_MEMORY_LIMIT, GS_ERRORS, QUEUE_BYTES_PER_SLOT, type SolvePlan, planSolve } from './plan.js';
import { HEADER } from './files.js';

/** What setUpSolver gives HuntSolver's constructor. */
export interface SolverSetup {
  v: HuntVariant;
  o: OptionValues;
  board: Board;
  ctx: NotationContext;
  core: Core;
  estimate: SolveEstimate;
  successors: Map<number, GenericLayer[]>;
  lastUse: Map<number, number>;
  classes: StackClass[];
  plan: SolvePlan;
}

/**
 * Sets up the generic solver of `variant` under `options` on `into` (or a core of its own): the
 * symmetries, the stack points, the layers in solve order, their successors and the memory plan
 * (HuntSolver.create, which documents the arguments and what it throws).
 */
export async function setUpSolver(
  variant: string | HuntVariant,
  options: Record<string, number | string>,
  scope: SolverScope,
  into: Core | undefined,
): Promise<SolverSetup> {
  if (
    typeof variant !== 'string' &&
    (variant === null || typeof variant !== 'object' || typeof variant.rules !== 'function')
  )
    throw new ArgumentError(
      `the solver's variant must be a variant id (a string) or a hunt declaration, got ${describeValue(variant)}`,
    );
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new ArgumentError(`the solver's options must be an object of option values, got ${describeValue(options)}`);
  if (!isOptionsObject(scope))
    throw new ArgumentError(`the solver scope must be an object, got ${describeValue(scope)}`);
  checkKeys(scope, ['handsEmptyOnly'], 'the solver scope');
  const handsEmptyOnly = scope.handsEmptyOnly ?? false;
  if (typeof handsEmptyOnly !== 'boolean')
    throw new ArgumentError(`handsEmptyOnly must be a boolean, got ${describeValue(handsEmptyOnly)}`);
  const v = typeof variant === 'string' ? getVariant(variant) : variant;
  const o = resolveOptions(v, options);
  const id = v.id;
  if (o.repetition === 'forbid')
    throw new TablebaseError(
      `${id}: repetition=forbid makes a position's value depend on the moves before ` +
        `it; the solver covers draw3 and none (a cycle is no forced win)`,
    );
  const board = v.board(o);
  const rules = v.rules(o);
  if (rules.family !== 'hunt')
    throw new TablebaseError(`${id}: the solver covers the hunt family (the draughts family is not solvable yet)`);
  if (board.points.length > 64)
    throw new TablebaseError(
      `${id}: the solver covers boards of at most 64 points; this one has ${board.points.length}`,
    );
  const core = into ?? (await loadVariantCore(v, o)).core;
  const ctx = notationContext(v, o, board, rules);
  const start = parsePositionText(ctx, v.start(o));
  const e = core.exports;
  // symmetries: those the rules allow that keep the start's stacks where they are (stacks never move)
  const syms = allowedSymmetries(board, rules).filter((perm) =>
    start.count.every((n, p) => start.count[perm[p]!] === n || (n < 2 && start.count[perm[p]!]! < 2)),
  );
  const si = new Int8Array(e.memory.buffer, e.gsSymInputPtr(), 8 * 64);
  si.fill(0);
  syms.forEach((perm, s) =>
    perm.forEach((q, p) => {
      si[s * 64 + p] = q;
    }),
  );
  // stack points: stacks never grow in the hunt family, so they stand where the start has them
  const stacks: Array<[number, number]> = [];
  let stackSide = -1;
  start.count.forEach((n, p) => {
    if (n < 2) return;
    const owner = start.owner[p]!;
    if (stackSide >= 0 && owner !== stackSide)
      throw new TablebaseError(`${id}: both sides start with stacks; the solver indexes one side's`);
    stackSide = owner;
    stacks.push([p, n - 1]);
  });
  if (stacks.length > 8)
    throw new TablebaseError(`${id}: ${stacks.length} stack points at the start; the solver indexes at most 8`);
  const sti = new Int32Array(e.memory.buffer, e.gsStackInputPtr(), 16);
  sti.fill(0);
  stacks.forEach(([p, x], i) => {
    sti[2 * i] = p;
    sti[2 * i + 1] = x;
  });
  // the captures a layer can hold: fewer than the side's capture target; all of it if there is none
  const capMax = (s: 0 | 1) => {
    const t = rules.sides[s].captureTarget;
    if (t !== null) return t - 1;
    return rules.sides[1 - s]!.capture === 'none' ? 0 : ctx.totals[s];
  };
  const rc = e.gsSetup(
    syms.length,
    stacks.length,
    Math.max(stackSide, 0),
    ctx.totals[0],
    ctx.totals[1],
    start.hand[0],
    start.hand[1],
    capMax(0),
    capMax(1),
  );
  if (rc !== 0)
    throw new TablebaseError(`${id}: ${GS_ERRORS[e.gsError()] ?? `solver setup refused (code ${e.gsError()})`}`);
  const keys = e.gsLayers();
  if (keys < 0) throw new TablebaseError(`${id}: ${GS_ERRORS[e.gsError()] ?? 'too many layers'}`);
  // the stack vectors' symmetry classes (one, of the empty vector, without stacks), by total
  const classes: StackClass[] = [];
  for (let c = 0; c < e.gsClasses(); c++) {
    const codes = Array.from({ length: e.gsClassSize(c) }, (_, i) => e.gsClassMember(c, i));
    classes.push({
      index: c,
      sum: e.gsClassSum(c),
      codes,
      members: codes.map((code) => stacks.map((_, i) => e.gsStackExcess(code, i))),
      split: false,
    });
  }
  for (const c of classes) c.split = classes.some((d) => d !== c && d.sum === c.sum);
  // captures by intervention take two pieces a line (RULES.md §3): a side so captured loses them in pairs
  const quantum = (s: 0 | 1) => (rules.sides[1 - s]!.capture === 'intervention' ? 2 : 1);
  const layers: GenericLayer[] = [];
  for (let c0 = 0; c0 <= capMax(0); c0++)
    for (let c1 = 0; c1 <= capMax(1); c1++)
      for (let h0 = 0; h0 <= (handsEmptyOnly ? 0 : start.hand[0]); h0++)
        for (let h1 = 0; h1 <= (handsEmptyOnly ? 0 : start.hand[1]); h1++)
          for (const k of classes) {
            const key = e.gsLayerKey(c0, c1, h0, h1, k.index);
            const per = e.gsLayerPerSide(key);
            if (key < 0 || per <= 0) continue;
            if ((c0 - start.captured[0]) % quantum(0) !== 0 || (c1 - start.captured[1]) % quantum(1) !== 0) continue;
            layers.push({
              key,
              captured: [c0, c1],
              hand: [h0, h1],
              excess: k.sum,
              stacks: [...k.members[0]!],
              split: k.split,
              slots: 2 * per,
            });
          }
  // progress never decreases: solve the most advanced layers first
  const progress = (l: GenericLayer) => l.captured[0] + l.captured[1] - l.hand[0] - l.hand[1] - l.excess;
  layers.sort((a, b) => progress(b) - progress(a) || a.key - b.key);
  const slots = layers.reduce((a, l) => a + l.slots, 0);
  const biggest = layers.reduce((a, l) => Math.max(a, l.slots), 0);
  const successors = directSuccessors(layers, rules, stackSide, classes);
  const lastUse = lastUses(layers, successors);
  const work = (2 + QUEUE_BYTES_PER_SLOT) * biggest;
  const { plan, fields } = planSolve(layers, successors, lastUse, work, CORE_MEMORY_LIMIT);
  const estimate: SolveEstimate = {
    variant: id,
    options: o,
    handsEmptyOnly,
    symmetries: syms.length,
    stackPoints: stacks.map(([p]) => board.points[p]!.name),
    layers,
    slots,
    diskBytes: 2 * slots + HEADER * layers.length,
    loadBytes: 2 * slots + work,
    ...fields,
  };
  if (biggest * 2 >= ALLOC_LIMIT || biggest >= 2 ** 31)
    estimate.refusal =
      `its largest layer has ${biggest} slots; one layer's values must stay under 1 ` +
      `GiB (${ALLOC_LIMIT / 2} slots)`;
  return { v, o, board, ctx, core, estimate, successors, lastUse, classes, plan };
}
