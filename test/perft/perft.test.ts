// Perft tables as data (test/perft/*.json, test/perft/tables.ts): every number there was produced by the
// independent reference (test/reference/, written from RULES.md without reading the core) and is checked
// here against the core: the bulk-counting perft at every depth, the generic make/unmake perft and the
// bounds-checked debug builds (the u64 one and the wide one) where they are cheap (to 40,000 leaves here, to
// 300,000 in the slow tier: perft.slow.ts). The rows marked
// `deep` run in the deep tier (perft.deep.ts, `npm run test:deep`), not here.
import { describe, expect, it } from 'vitest';
import { listVariants } from '../../src/index.js';
import { LATTICE_ROWS, MAKA_ROWS, checkLatticeRow } from './tables.js';

describe('the perft tables', () => {
  it('every variant has a table with a start row, and every row names a known variant', () => {
    const ids = listVariants()
      .map((v) => v.id)
      .sort();
    const rows = [...LATTICE_ROWS, ...MAKA_ROWS];
    expect([...new Set(rows.filter((r) => r.id.startsWith('start')).map((r) => r.variant))].sort()).toEqual(ids);
    expect(rows.filter((r) => !ids.includes(r.variant)).map((r) => `${r.variant} ${r.id}`)).toEqual([]);
  });
});

for (const row of LATTICE_ROWS) if (!row.deep) checkLatticeRow(row);
