// Reduced-material games for the solver tests: a declaration of a real game with another start and
// capture target (the generic solver takes any hunt declaration: src/solve/generic.ts HuntSolver.create).
import { getVariant, type HuntVariant } from '../../src/variants/index.js';

/** The declaration of `base` with the start `start` (position text) and side 0's capture target `target`. */
export function reduced(base: string, id: string, start: string, target: number): HuntVariant {
  const v = getVariant(base);
  return {
    ...v,
    id,
    start: () => start,
    rules: (o) => {
      const r = v.rules(o);
      return { ...r, sides: [{ ...r.sides[0], captureTarget: target }, r.sides[1]] };
    },
  };
}

/** A reduced start: the real game `base`, its start text, the pieces as the reference's setup() takes them. */
export interface ReducedCase {
  base: 'surround-the-tiger' | 'double-tiger' | 'shepherds-and-wolves';
  id: string;
  start: string;
  target: number;
  hunter: string[];
  prey: string[];
  hand?: { hunter?: number; prey?: number };
  /** Runs in npm test (a few seconds) or only in the slow tier. */
  quick: boolean;
}

/** Reduced material of the three capture games (RULES.md §3 rules, capture target 2). */
export const REDUCED: readonly ReducedCase[] = [
  {
    base: 'surround-the-tiger',
    id: 'surround-3',
    start: '5/5/2T2/5/D1D1D T - -',
    target: 2,
    hunter: ['c3'],
    prey: ['a1', 'c1', 'e1'],
    quick: true,
  },
  {
    base: 'surround-the-tiger',
    id: 'surround-4',
    start: 'D3D/5/2T2/5/D3D T - -',
    target: 2,
    hunter: ['c3'],
    prey: ['a1', 'e1', 'a5', 'e5'],
    quick: false,
  },
  {
    base: 'double-tiger',
    id: 'double-2',
    start: '2T2/5/5/1D(2)3/2T2 T - -',
    target: 2,
    hunter: ['c1', 'c5'],
    prey: ['b2:2'],
    quick: true,
  },
  {
    base: 'double-tiger',
    id: 'double-3',
    start: '2T2/5/5/1D(2)1D1/2T2 T - -',
    target: 2,
    hunter: ['c1', 'c5'],
    prey: ['b2:2', 'd2'],
    quick: false,
  },
  // two stack points no symmetry swaps (the diagonal mirror fixes both): excess 1 is two layers, a dog
  // off b2 or off c3 (GenericLayer.split); one tiger keeps it to 0.6 million positions, still too many
  // for the reference in npm test (the engine's side of it is in test/unit/generic-solver.test.ts)
  {
    base: 'double-tiger',
    id: 'double-split',
    start: '5/5/2D(2)2/1D(2)3/2T2 T - -',
    target: 2,
    hunter: ['c1'],
    prey: ['b2:2', 'c3:2'],
    quick: false,
  },
  {
    base: 'shepherds-and-wolves',
    id: 'shepherds-1',
    start: '2W2/5/2S2/5/5 W W1S1 -',
    target: 2,
    hunter: ['c5'],
    prey: ['c3'],
    hand: { hunter: 1, prey: 1 },
    quick: true,
  },
  {
    base: 'shepherds-and-wolves',
    id: 'shepherds-2',
    start: '2W2/1S1S1/5/5/5 W W1S1 -',
    target: 2,
    hunter: ['c5'],
    prey: ['b4', 'd4'],
    hand: { hunter: 1, prey: 1 },
    quick: false,
  },
];
