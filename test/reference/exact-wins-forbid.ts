// The check under repetition=forbid, shared by exact-wins.test.ts and its slow half exact-wins.slow.ts.
// Under repetition=forbid the tablebase is no referee: a side whose every move would repeat has lost, so
// wins can be shorter than its distance. The independent reference (test/reference/
// bagh-chal-repetition.ts, written from RULES.md without reading the core) is, for positions with no
// prior history.
import { Game } from '../../src/index.js';
// @ts-expect-error: plain JavaScript module without types
import { randomMovementPosition, seededRandom } from '../support/exact-wins-lib.mjs';
import { parsePosition as refParse } from './bagh-chal.js';
import { solveWithRepetition, type ShortResult } from './bagh-chal-repetition.js';

const toMateIn = (r: ShortResult): number | null =>
  r.result === 'win' ? r.plies : r.result === 'loss' ? -r.plies : null;

/**
 * Searches each position (fresh Game and one reused) to the reference's distance + 2 under forbid: every
 * disagreement with the reference at `horizon` plies, as a line, and how many positions were decisive.
 */
export async function checkForbid(
  positions: string[],
  horizon: number,
): Promise<{ wrong: string[]; decisive: number }> {
  const reused = await Game.create('bagh-chal', { options: { repetition: 'forbid' } });
  const wrong: string[] = [];
  let decisive = 0;
  try {
    for (const pos of positions) {
      const ref = toMateIn(solveWithRepetition(refParse(pos), horizon, { repetition: 'forbid' }));
      if (ref !== null) decisive++;
      const depth = ref === null ? horizon + 2 : Math.abs(ref) + 2;
      const fresh = await Game.create('bagh-chal', { options: { repetition: 'forbid' }, position: pos });
      reused.setPosition(pos);
      for (const [how, g] of [
        ['fresh', fresh],
        ['reused', reused],
      ] as const) {
        const r = g.search({ depth });
        const ok = ref !== null ? r.mateIn === ref : r.mateIn === null || Math.abs(r.mateIn) > horizon;
        if (!ok) wrong.push(`${how} "${pos}" depth ${depth}: reference ${ref}, search mateIn ${r.mateIn}`);
      }
      fresh.dispose();
    }
  } finally {
    reused.dispose();
  }
  return { wrong, decisive };
}

/** The first `count` unfinished random movement-phase positions of the seeded sequence (seed 8). */
export async function forbidSample(count: number): Promise<string[]> {
  const rand = seededRandom(8);
  const positions: string[] = [];
  const probe = await Game.create('bagh-chal', { options: { repetition: 'forbid' } });
  while (positions.length < count) {
    const pos = randomMovementPosition(rand) as string;
    probe.setPosition(pos);
    if (!probe.result()) positions.push(pos);
  }
  probe.dispose();
  return positions;
}

/** Positions of the random sample checked in `npm test` (the first ones); the slow tier checks the rest. */
export const QUICK_FORBID = 10;
/** Positions of the random sample in all (EXACT_FORBID_COUNT overrides it in the slow tier). */
export const ALL_FORBID = 40;
