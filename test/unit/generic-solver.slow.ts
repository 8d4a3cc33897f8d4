// The slow half of test/unit/generic-solver.test.ts (`npm run test:slow`): random probes of Catch the Giant
// under its default options checked by the engine's forward search without the tables (npm test checks
// them under stall-limit 3).
import { describe, expect, it } from 'vitest';
import { HuntSolver } from '../../src/solve/generic.js';
import { checkBySearch } from '../reference/solved-vs-search.js';

describe("generic solver: random probes checked by the engine's forward search (without the tables)", () => {
  it('catch-the-giant {}: the search finds each tabled win or loss at its distance, and no mate in a draw', async () => {
    const s = await HuntSolver.create('catch-the-giant', {});
    await s.solve();
    const n = await checkBySearch(s, { games: 6, plies: 40, maxPlies: 12, drawDepth: 8, seed: 20261202 });
    expect(n.wins + n.losses).toBeGreaterThan(15);
  }, 300_000);
});
