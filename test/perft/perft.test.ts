// Perft tables as data (test/perft/*.json): every number there was produced by the independent
// reference (test/reference/, written from RULES.md without reading the core) and is checked here
// against the core: the bulk-counting perft at every depth, the generic make/unmake perft and the
// bounds-checked debug builds (the u64 one and the wide one) where they are cheap.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import baghChal from './bagh-chal.json' with { type: 'json' };
import tibetan1 from './tibetan-1.json' with { type: 'json' };
import tibetan2 from './tibetan-2.json' with { type: 'json' };
import tibetan4 from './tibetan-4.json' with { type: 'json' };
import catchTheGiant from './catch-the-giant.json' with { type: 'json' };
import surroundTheTiger from './surround-the-tiger.json' with { type: 'json' };
import doubleTiger from './double-tiger.json' with { type: 'json' };
import shepherdsAndWolves from './shepherds-and-wolves.json' with { type: 'json' };
import permainanTabal from './permainan-tabal.json' with { type: 'json' };

/** A perft table row; `deep` rows run only under `npm run test:deep` (LATTICE_DEEP=1). */
interface PerftRow { id: string; variant: string; options: Record<string, number | string>; position: string; depths: Record<string, number>; source: string; deep?: boolean }

const deep = process.env.LATTICE_DEEP === '1';
const tables: PerftRow[] = ([baghChal, tibetan1, tibetan2, tibetan4, catchTheGiant, surroundTheTiger, doubleTiger, shepherdsAndWolves, permainanTabal] as PerftRow[][])
  .flat().filter((r) => deep || !r.deep);

describe.each(tables)('perft $variant $id', (row) => {
  it('fast perft (bulk counting) matches the table at every depth', async () => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options });
    for (const [d, n] of Object.entries(row.depths)) expect([d, g.perft(Number(d))]).toEqual([d, n]);
  });
  it.skipIf(!row.id.startsWith('start'))('a start row\'s position is the variant\'s start for its options', async () => {
    const g = await Game.create(row.variant, { options: row.options });
    expect(g.position()).toBe(row.position);
  });
  // Bagh Chal's perft has its own recursion (the two-ply counts); every other game's perft already is
  // the generic make/unmake one, so the cross-check would count the same tree twice
  it.skipIf(row.variant !== 'bagh-chal')('generic make/unmake perft matches where cheap (Bagh Chal\'s fast perft)', async () => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options });
    for (const [d, n] of Object.entries(row.depths)) if (n <= 2_000_000) expect([d, g.perftSlow(Number(d))]).toEqual([d, n]);
  });
  it('debug build (bounds-checked) matches where cheap', async () => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options, debug: true });
    for (const [d, n] of Object.entries(row.depths)) if (n <= 300_000) expect([d, g.perft(Number(d))]).toEqual([d, n]);
  });
  // the wide build (128-bit sets) plays every game as the u64 build does: the 64-point games' tables on it
  // (tibetan-4's rows run on it already, the only build for its 105 points)
  it.skipIf(row.variant === 'tibetan-4')('wide debug build (bounds-checked) matches where cheap', async () => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options, debug: true, wide: true });
    for (const [d, n] of Object.entries(row.depths)) if (n <= 300_000) expect([d, g.perft(Number(d))]).toEqual([d, n]);
  });
  it('divide sums to perft', async () => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options });
    const depth = Math.min(3, Math.max(...Object.keys(row.depths).map(Number)));
    const total = Object.values(g.divide(depth)).reduce((a, b) => a + b, 0);
    expect(total).toBe(row.depths[String(depth)]);
  });
});
