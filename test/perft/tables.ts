// The perft tables (test/perft/*.json) and the checks of a row, shared by the perft tier of `npm test`
// (perft.test.ts, maka-dai-dai.test.ts), the slow tier (maka-dai-dai.slow.ts, `npm run test:slow`) and the
// deep tier (perft.deep.ts, `npm run test:deep`). Every
// number in the tables was produced by the independent reference (test/reference/, written from RULES.md
// without reading the core). Each check is registered only for the rows it applies to (no skipped
// placeholders: a skip in a run is a real one).
import { afterAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import baghChal from './bagh-chal.json' with { type: 'json' };
import tibetan1 from './tibetan-1.json' with { type: 'json' };
import tibetan2 from './tibetan-2.json' with { type: 'json' };
import tibetan4 from './tibetan-4.json' with { type: 'json' };
import catchTheGiant from './catch-the-giant.json' with { type: 'json' };
import surroundTheTiger from './surround-the-tiger.json' with { type: 'json' };
import doubleTiger from './double-tiger.json' with { type: 'json' };
import shepherdsAndWolves from './shepherds-and-wolves.json' with { type: 'json' };
import permainanTabal from './permainan-tabal.json' with { type: 'json' };
import makaDaiDai from './maka-dai-dai.json' with { type: 'json' };
import { DESIGNED } from '../support/maka-positions.js';

/** A perft table row; `deep` rows run only in the deep tier (`npm run test:deep`). */
export interface PerftRow {
  id: string;
  variant: string;
  options: Record<string, number | string>;
  position: string;
  depths: Record<string, number>;
  source: string;
  deep?: boolean;
}

/** The lattice games' rows (every table but Maka Dai Dai's), deep ones included. */
export const LATTICE_ROWS: readonly PerftRow[] = (
  [
    baghChal,
    tibetan1,
    tibetan2,
    tibetan4,
    catchTheGiant,
    surroundTheTiger,
    doubleTiger,
    shepherdsAndWolves,
    permainanTabal,
  ] as PerftRow[][]
).flat();

/** Maka Dai Dai's rows (test/perft/maka-dai-dai.json; options are strings). */
export const MAKA_ROWS: readonly PerftRow[] = (
  makaDaiDai as unknown as Array<Omit<PerftRow, 'variant' | 'source'> & Partial<PerftRow>>
).map((r) => ({ variant: 'maka-dai-dai', source: 'test/reference/maka-dai-dai.ts', ...r }));

/** Maka Dai Dai's designed positions (test/support/maka-positions.ts) as rows: perft(1..n) of each. */
export const MAKA_DESIGNED_ROWS: readonly PerftRow[] = DESIGNED.map((d) => ({
  id: `designed: ${d.id}`,
  variant: 'maka-dai-dai',
  options: d.options ?? {},
  position: d.position,
  depths: Object.fromEntries(d.perft.map((n, i) => [String(i + 1), n])),
  source: 'src/maka and test/reference/maka-dai-dai.ts',
}));

/**
 * Maka Dai Dai's perft runs its host search at a few million leaves a second: depths counting up to
 * MAKA_QUICK_LEAVES leaves run in `npm test`, up to MAKA_DEEP_LEAVES (a few seconds each) in the slow tier,
 * more in the deep tier.
 */
export const MAKA_QUICK_LEAVES = 2_000_000;
export const MAKA_DEEP_LEAVES = 20_000_000;

/** The rows' depths whose counts are over `min` and at most `max` leaves, rows left with none dropped. */
export function depthsBetween(rows: readonly PerftRow[], min: number, max: number): PerftRow[] {
  return rows
    .map((r) => ({ ...r, depths: Object.fromEntries(Object.entries(r.depths).filter(([, n]) => n > min && n <= max)) }))
    .filter((r) => Object.keys(r.depths).length > 0);
}

/**
 * Registers the checks of a lattice game's row: the bulk-counting perft at every depth; for a start row,
 * that its position is the variant's start; Bagh Chal's generic make/unmake perft where cheap; the
 * bounds-checked debug builds (u64 and, but for tibetan-4 whose only build it is, wide) where cheap;
 * divide sums to perft.
 */
export function checkLatticeRow(row: PerftRow): void {
  describe(`perft ${row.variant} ${row.id}`, () => {
    // one release-build game for the checks that only count (perft does not change the position)
    let game: Game | undefined;
    const release = async () =>
      (game ??= await Game.create(row.variant, { position: row.position, options: row.options }));
    /** Runs `check` on a fresh game of another build, disposed after. */
    const other = async (build: { debug?: boolean; wide?: boolean; position?: boolean }, check: (g: Game) => void) => {
      const g = await Game.create(row.variant, {
        ...(build.position === false ? {} : { position: row.position }),
        options: row.options,
        debug: build.debug,
        wide: build.wide,
      });
      try {
        check(g);
      } finally {
        g.dispose();
      }
    };
    afterAll(() => {
      game?.dispose();
    });

    it('fast perft (bulk counting) matches the table at every depth', async () => {
      const g = await release();
      for (const [d, n] of Object.entries(row.depths)) expect([d, g.perft(Number(d))]).toEqual([d, n]);
    });
    if (row.id.startsWith('start')) {
      it("a start row's position is the variant's start for its options", async () => {
        await other({ position: false }, (g) => expect(g.position()).toBe(row.position));
      });
    }
    // Bagh Chal's perft has its own recursion (the two-ply counts); every other game's perft already is
    // the generic make/unmake one, so the cross-check would count the same tree twice
    if (row.variant === 'bagh-chal') {
      it("generic make/unmake perft matches where cheap (Bagh Chal's fast perft)", async () => {
        const g = await release();
        for (const [d, n] of Object.entries(row.depths))
          if (n <= 2_000_000) expect([d, g.perftSlow(Number(d))]).toEqual([d, n]);
      });
    }
    checkDebugBuilds(row, 0, QUICK_DEBUG_LEAVES, other);
    it('divide sums to perft', async () => {
      const g = await release();
      const depth = Math.min(3, Math.max(...Object.keys(row.depths).map(Number)));
      const total = Object.values(g.divide(depth)).reduce((a, b) => a + b, 0);
      expect(total).toBe(row.depths[String(depth)]);
    });
  });
}

/**
 * The bounds-checked builds' checks of npm test count at most this many leaves a depth; the slow tier
 * (perft.slow.ts) counts the depths from there to DEBUG_LEAVES.
 */
export const QUICK_DEBUG_LEAVES = 40_000;
/** The most leaves a depth the bounds-checked builds count (where cheap). */
export const DEBUG_LEAVES = 300_000;

type OtherBuild = (build: { debug?: boolean; wide?: boolean }, check: (g: Game) => void) => Promise<void>;

/**
 * Registers the bounds-checked builds' checks of `row` (the u64 debug build, and the wide debug build
 * for every game but tibetan-4, whose rows run on the wide build already) on the depths whose counts n
 * have `min < n <= max`; none when no depth is in that range. `other` runs a check on a fresh game of a
 * build (by default one of the row's position and options, disposed after).
 */
export function checkDebugBuilds(row: PerftRow, min: number, max: number, other: OtherBuild = otherBuild(row)): void {
  const depths = Object.entries(row.depths).filter(([, n]) => n > min && n <= max);
  if (depths.length === 0) return;
  const suffix = min === 0 ? '' : ` (${min + 1} to ${max} leaves)`;
  it(`debug build (bounds-checked) matches where cheap${suffix}`, async () => {
    await other({ debug: true }, (g) => {
      for (const [d, n] of depths) expect([d, g.perft(Number(d))]).toEqual([d, n]);
    });
  });
  // the wide build (128-bit sets) plays every game as the u64 build does: the 64-point games' tables on it
  // (tibetan-4's rows run on it already, the only build for its 105 points)
  if (row.variant !== 'tibetan-4') {
    it(`wide debug build (bounds-checked) matches where cheap${suffix}`, async () => {
      await other({ debug: true, wide: true }, (g) => {
        for (const [d, n] of depths) expect([d, g.perft(Number(d))]).toEqual([d, n]);
      });
    });
  }
}

/** Runs a check on a fresh game of `row`'s position and options in another build, disposed after. */
function otherBuild(row: PerftRow): OtherBuild {
  return async (build, check) => {
    const g = await Game.create(row.variant, { position: row.position, options: row.options, ...build });
    try {
      check(g);
    } finally {
      g.dispose();
    }
  };
}

/** Registers the check of a Maka Dai Dai row (of the table or designed): perft at each of its depths. */
export function checkMakaRow(row: PerftRow): void {
  const what = row.id.startsWith('designed: ') ? row.id : `test/perft/maka-dai-dai.json ${row.id}`;
  it(`${what}: perft at depths ${Object.keys(row.depths).join(', ')}`, () => {
    const g = createUncheckedMakaGame({ position: row.position, options: row.options as Record<string, string> });
    for (const [d, n] of Object.entries(row.depths)) expect(g.perft(Number(d)), `depth ${d}`).toBe(n);
  });
}
