// The slow half of test/perft/perft.test.ts (`npm run test:slow`): the bounds-checked debug builds (the u64
// one and the wide one) on the depths of the perft tables from QUICK_DEBUG_LEAVES to DEBUG_LEAVES leaves
// (npm test checks them below; the release build checks every depth there).
import { describe } from 'vitest';
import { DEBUG_LEAVES, LATTICE_ROWS, QUICK_DEBUG_LEAVES, checkDebugBuilds } from './tables.js';

for (const row of LATTICE_ROWS)
  if (!row.deep && Object.values(row.depths).some((n) => n > QUICK_DEBUG_LEAVES && n <= DEBUG_LEAVES))
    describe(`perft ${row.variant} ${row.id}`, () => checkDebugBuilds(row, QUICK_DEBUG_LEAVES, DEBUG_LEAVES));
