// Surround the Tiger solved whole by the generic solver (about 2 minutes, and 1 more verifying), every value checked
// against its successors, and random probes of the tables checked by the engine's forward search without them
// (test/reference/solved-vs-search.ts). The figures docs/solving.md publishes are asserted.
import { describe, expect, it } from 'vitest';
import { HuntSolver } from '../../src/solve/generic.js';
import { checkBySearch } from './solved-vs-search.js';

describe('surround-the-tiger solved', () => {
  it('is a win for the dogs in 14 plies; 33,778,784 positions; verified; random probes agree with the search', async () => {
    const s = await HuntSolver.create('surround-the-tiger');
    const layers = await s.solve();
    expect(layers.reduce((a, l) => a + l.positions, 0)).toBe(33_778_784);
    expect(s.probe(s.startText())).toEqual({ result: 'loss', plies: 14 });
    expect(await s.verify()).toEqual([0, 0, 0]);
    const n = await checkBySearch(s, { games: 20, plies: 30, maxPlies: 9, drawDepth: 8, seed: 7 });
    expect(n.wins + n.losses).toBeGreaterThan(50);
  });
});
