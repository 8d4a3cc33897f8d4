// Step targets per side and point under the side's step-direction mask (rules.ts stepMask0/1), from the
// board's neighbour table: the table both families' generators and the evaluation read.
import { bit, ld, st, none, or } from '../bits';
import { NB, MAX_POINTS } from '../board';
import { stepMask0, stepMask1 } from '../rules';

/** Step targets per side and point under the side's direction mask: STEPM[s * MAX_POINTS + p]. */
const STEPM = new StaticArray<Bits>(2 * MAX_POINTS);

/** Rebuilds STEPM from the board tables and the step masks (after setupBoard and after setupRules). */
export function prepareSteps(): void {
  for (let s = 0; s < 2; s++) {
    const mask = s == 0 ? stepMask0 : stepMask1;
    for (let p = 0; p < MAX_POINTS; p++) {
      let t = none();
      for (let d = 0; d < 8; d++) {
        const q = <i32>ld(NB, p * 8 + d);
        if (q >= 0 && (mask >> d) & 1) t = or(t, bit(q));
      }
      st(STEPM, s * MAX_POINTS + p, t);
    }
  }
}

/** Step targets of side s from p (its direction mask applied). */
// @ts-ignore: decorator
@inline export function stepTargets(s: i32, p: i32): Bits {
  return ld(STEPM, s * MAX_POINTS + p);
}
