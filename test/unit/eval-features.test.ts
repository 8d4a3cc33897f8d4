// Game.evalFeatures() (issue 18 item 4: the raw counts the tuner fits, bench/tune.js): the counts and
// the declared weights give back evaluate() in every position, for every lattice variant; and a start
// position's counts by hand from the rules.
import { describe, expect, it } from 'vitest';
import { Game, VARIANTS } from '../../src/index.js';
import { DRAUGHTS_EVAL_FEATURES, EVAL_FEATURES } from '../../src/variants/index.js';
import { rng } from '../support/playout.js';

/** assembly/eval.ts EVAL_LIMIT: every evaluation is clamped to ±this. */
const EVAL_LIMIT = 29999;

describe('evalFeatures', () => {
  for (const id of VARIANTS.keys()) {
    it(`${id}: evaluate() = ±(counts . declared weights of the phase), clamped, along random games`, async () => {
      const g = await Game.create(id);
      try {
        const names: readonly string[] = g.rules.family === 'draughts' ? DRAUGHTS_EVAL_FEATURES : EVAL_FEATURES;
        const random = rng(18);
        let checked = 0;
        for (let game = 0; game < 3; game++) {
          g.setPosition(g.variant.start(g.options));
          for (let ply = 0; ply < 150 && g.result() === null; ply++) {
            const f = g.evalFeatures();
            expect(Object.keys(f.counts)).toEqual([...names]);
            expect(Math.abs(f.counts.tempo!)).toBe(1);
            const w = g.variant.evalWeights[f.phase] as unknown as Record<string, number | undefined>;
            const sum = names.reduce((s, n) => s + f.counts[n]! * (w[n] ?? 0), 0) + f.patterns;
            if (f.phase === 'placement' || !g.variant.evalPatterns) expect(f.patterns).toBe(0);
            const signed = (f.counts.tempo === 1 ? sum : -sum) + 0; // + 0: no -0
            expect(g.evaluate(), `${g.position()} ${JSON.stringify(f)}`).toBe(
              Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, signed)),
            );
            checked++;
            const ms = g.legalMoves();
            g.play(ms[Math.floor(random() * ms.length)]!);
          }
        }
        expect(checked).toBeGreaterThan(10);
      } finally {
        g.dispose();
      }
    });
  }

  it('Bagh Chal start (RULES.md §1): 4 corner tigers with 3 steps each, 21 empty points they reach, goats to move in placement', async () => {
    const g = await Game.create('bagh-chal');
    try {
      expect(g.evalFeatures()).toEqual({
        phase: 'placement',
        counts: {
          captured: 0,
          mobility: 12,
          trapped: 0,
          enPrise: 0,
          tempo: -1,
          preyMobility: 0,
          space: 21,
          cornered: 0,
          threat: 0,
          twoMoves: 0,
          huntersAdjacent: 0,
        },
        patterns: 0,
      });
      // a goat on b2 takes one step from the a1 tiger (a1-b2) and gives it a jump to c3 over it
      g.play('b2');
      expect(g.evalFeatures().counts).toMatchObject({ mobility: 12, enPrise: 1, tempo: 1, space: 20, threat: 1 });
    } finally {
      g.dispose();
    }
  });

  it('Bagh Chal movement (RULES.md §1): tigers with two moves each, three adjacent pairs, no threat', async () => {
    const g = await Game.create('bagh-chal');
    try {
      // tigers c3, c2, b1, c1 (tigers to move); empty b2, d2, a1. c3 (diagonals) steps to b2 and d2 and
      // jumps nothing (every point behind a goat is taken); c2 and b1 (no diagonals) step to b2/d2 and
      // a1/b2; c1 (diagonals) to b2 and d2. Pairs on a line: c3-c2, c2-c1, b1-c1 (c2 and b1 share none).
      g.setPosition('GGGGG/GGGGG/GGTGG/G1T1G/1TTGG T - G2');
      const { phase, counts } = g.evalFeatures();
      expect({ phase, counts }).toEqual({
        phase: 'movement',
        counts: {
          captured: 2,
          mobility: 8,
          trapped: 0,
          enPrise: 0,
          tempo: 1,
          preyMobility: 0,
          space: 3,
          cornered: 0,
          threat: 0,
          twoMoves: 4,
          huntersAdjacent: 3,
        },
      });
    } finally {
      g.dispose();
    }
  });
});
