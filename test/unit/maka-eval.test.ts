// Maka Dai Dai Shogi's evaluation features (src/maka/features.ts, issue 34 item 2): the raw counts on
// hand-made positions, counted by hand, and the evaluation as the weights . the counts where no mop-up
// applies.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/index.js';
import { EVAL_FEATURES, EVAL_WEIGHTS, VALUE_OF_BYTE, MOPUP_FROM } from '../../src/maka/eval.js';
import { evalFeatures, evaluateBlack, FORMS } from '../../src/maka/features.js';
import { PIECES } from '../../src/maka/pieces.js';

const EMPTY_ROWS = (n: number) => Array.from({ length: n }, () => '19');
/** Form index of a piece code (type * 2 + promoted). */
const form = (code: string, promoted = false) => PIECES.findIndex((p) => p.code === code) * 2 + (promoted ? 1 : 0);

function features(position: string) {
  const g = MakaGame.create({ position });
  const f = evalFeatures(g.internal.pos);
  g.dispose();
  return f;
}

describe('evalFeatures', () => {
  it('counts material, royal safety, closeness, the Lion reach and mobility by hand', () => {
    // Black: King a1, Golds b1 and b2; White: King s19, Lion c3; Black to move
    const f = features(['18k', ...EMPTY_ROWS(15), '2(ln)16', '1G17', 'KG17 b'].join('/'));
    const forms = Array.from(f.forms);
    expect(forms[form('G')]).toBe(2);
    expect(forms[form('LN')]).toBe(-1);
    expect(forms[form('K')]).toBe(0);
    expect(forms.filter((x) => x !== 0)).toHaveLength(2);
    expect(f.counts).toEqual({
      advance: 1 - 9, // the Gold on b2 one rank up; the Lion on c3 nine (the most) from White's side
      guard: 2, // b1 and b2 next to the King
      danger: 1, // the Lion 2 squares from the King; nothing near White's
      near: 1 - 16, // the b2 Gold 17 squares from s19; the Lion 2 from a1
      strongNear: -16,
      strongFree: -21, // 25 squares within 2 of c3, less the Lion, King and two Golds
      reach: 5 - 10, // a2 b3 a3 c1 c2 for Black; 3 by the King and 7 by the Lion for White
      spare: 0,
      tempo: 1,
    });
  });

  it('counts a promoted form, a spare royal and tempo for White to move', () => {
    // Black: King a1, Prince (promoted Drunk Elephant) j10, Tokin (promoted Pawn) e5; White: King s19
    const f = features(
      ['18k', ...EMPTY_ROWS(8), '9+(DE)9', ...EMPTY_ROWS(4), '4+P14', ...EMPTY_ROWS(3), 'K18 w'].join('/'),
    );
    expect(f.forms[form('P', true)]).toBe(1);
    expect(f.forms[form('DE', true)]).toBe(1);
    expect(f.counts.spare).toBe(1);
    expect(f.counts.tempo).toBe(-1);
    expect(f.counts.advance).toBe(4);
    expect(f.counts.guard).toBe(0);
  });
});

describe('evaluateBlack', () => {
  it('is the weights . the counts where the lead is below the mop-up', () => {
    const g = MakaGame.create();
    // a few quiet plies from the start (the first legal moves in turn), then the counts' dot product
    for (let i = 0; i < 12; i++) g.play(g.legalMoves()[i % 5]!);
    const pos = g.internal.pos;
    const f = evalFeatures(pos);
    let dot = 0;
    for (let i = 0; i < FORMS; i++) dot += f.forms[i]! * VALUE_OF_BYTE[(((i >> 1) + 1) << 2) | ((i & 1) << 1)]!;
    for (const n of EVAL_FEATURES) dot += f.counts[n] * EVAL_WEIGHTS[n];
    expect(Math.abs(dot)).toBeLessThan(MOPUP_FROM);
    expect(evaluateBlack(pos)).toBeCloseTo(dot, 6);
    expect(g.evaluate()).toBe(Math.round(pos.side === 0 ? dot : -dot));
    g.dispose();
  });
});
