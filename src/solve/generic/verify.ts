/**
 * The generic solver's check of its stored values (src/solve/generic.ts verify()): every value against
 * its successors', in the core (assembly/tablebase/generic.ts gsVerifyBegin, gsVerifyLayer), layers not
 * in memory read back from their files as the solve reads them.
 */
import { TablebaseError } from '../format.js';
import { GS_ERRORS, type PlanOp, STEP_BUDGET } from './plan.js';
import type { GenericLayer } from './types.js';
import { layerName } from './files.js';
import { planAlone } from './memory.js';
import type { SolverParts } from './parts.js';

/**
 * HuntSolver.verify (see there): checks every stored value of the solver `s` against its successors',
 * loading what is not in memory from its directory; resolves to the positions that disagree, per layer,
 * in solving order.
 */
export async function verifyLayers(
  s: SolverParts,
  onLayer?: (l: GenericLayer, bad: number) => void,
): Promise<number[]> {
  const e = s.core.exports;
  const out: number[] = [];
  const biggest = s.estimate.layers.reduce((a, x) => Math.max(a, x.slots), 0);
  const fail = (l: GenericLayer): never => {
    throw new TablebaseError(
      `${s.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[e.gsError()] ?? `code ${e.gsError()}`}`,
    );
  };
  for (const l of s.estimate.layers) {
    let ops: PlanOp[] = [];
    if ([l, ...s.successors(l)].some((m) => e.gsValues(m.key) === 0)) {
      if (s.dir === null)
        throw new TablebaseError(
          `${s.variant.id}: layer ${layerName(l)} cannot be verified: it or a layer one ` +
            `move from it is not in memory, and no directory holds them`,
        );
      // as the solve reads them; in groups, its own block is read from its file
      const plan = planAlone(s, l, s.dir, `${s.variant.id}: layer ${layerName(l)} cannot be verified`);
      if (plan !== null) {
        ops = plan;
        s.applyOp({ op: 'load', key: l.key }, l, s.dir);
      }
    }
    if (ops.some((op) => op.op === 'exit')) {
      // the flags between passes: the counters, reserved once for the largest layer (the estimate's work space)
      if (!e.gsReserve(biggest))
        throw new TablebaseError(`${s.variant.id}: layer ${layerName(l)} cannot be verified: ${GS_ERRORS[4]}`);
      if (e.gsVerifyBegin(l.key) !== 0) fail(l);
      for (const op of ops) {
        if (op.op === 'own') continue;
        if (op.op !== 'exit') {
          s.applyOp(op, l, s.dir ?? undefined);
          continue;
        }
        for (const k of op.keys) if (e.gsCover(k) !== 0) fail(l);
        if (e.gsVerifyExit() !== 0) fail(l);
        for (let from = 0; from < l.slots; from += STEP_BUDGET) {
          if (e.gsVerifyExitStep(from, from + STEP_BUDGET) !== 0) fail(l);
          await new Promise((res) => setImmediate(res));
        }
      }
    } else for (const op of ops) if (op.op !== 'own') s.applyOp(op, l, s.dir ?? undefined);
    let bad = 0;
    for (let from = 0; from < l.slots; from += STEP_BUDGET) {
      const b = e.gsVerifyLayer(l.key, from, from + STEP_BUDGET);
      if (b < 0) fail(l);
      bad += b;
      await new Promise((res) => setImmediate(res));
    }
    onLayer?.(l, bad);
    out.push(bad);
  }
  return out;
}
