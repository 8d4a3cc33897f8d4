// Forced wins are exact (DESIGN.md "Search", issue 8): a deterministic sample of the check in
// test/support/exact-wins.mjs, on the captures-to-win 3 game so its tablebase builds in seconds. Whenever the
// side to move wins or loses in n plies (the tablebase's distance to mate), a search to depth n + 2
// reports exactly n, on a fresh Game and on one reused across positions, under repetition=draw3 here and
// none in the slow tier (exact-wins.slow.ts); and no search reports a mate shorter than the tablebase's. Under forbid
// the tablebase is only an upper bound (a side whose every move would repeat has lost), so forbid is checked against
// the independent reference (test/reference/bagh-chal-repetition.ts).
import { describe, expect, it } from 'vitest';
import { describeExactWins } from './exact-wins-tablebase.js';
import { QUICK_FORBID, checkForbid, forbidSample } from './exact-wins-forbid.js';

describeExactWins(['draw3'], true);

// Under repetition=forbid: against the independent reference (exact-wins-forbid.ts), on hand-built
// positions and the first QUICK_FORBID of a random sample; its other positions are the slow tier's
// (exact-wins.slow.ts).
describe('forced wins under repetition=forbid, against the independent reference', () => {
  it('finds the wins forbid makes shorter, and the losses it creates (hand-built positions)', async () => {
    const positions = [
      'GGG1G/TTGGG/GGGGG/GGGGT/GGT1G G - G1', // a tiger shuffle that forbid refuses: win in 3, not 7
      '1GGGG/GGGGT/GGGT1/GGGGT/GTGGG G - G1', // win in 3 under forbid, 5 under none
      'GTGGG/TGGG1/TGGGG/G1GGG/GTGGG T - G1', // no result under none, a loss in 4 under forbid
      'GGGGT/GGGGG/2GGG/1TGGT/GGGGT T - G2', // decisive only at 8-9 plies
      'GGGGG/GTGGG/GGT1G/TGGGG/GT1GG G - G1',
    ];
    const { wrong, decisive } = await checkForbid(positions, 9);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThanOrEqual(4);
  });

  it(`agrees with the reference on the first ${QUICK_FORBID} random movement-phase positions (horizon 7)`, async () => {
    const { wrong, decisive } = await checkForbid(await forbidSample(QUICK_FORBID), 7);
    expect(wrong).toEqual([]);
    expect(decisive).toBeGreaterThan(0);
  });
});
