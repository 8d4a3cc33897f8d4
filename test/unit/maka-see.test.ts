// Maka Dai Dai Shogi static exchange evaluation (src/maka/search.ts see(), issue 34 item 3): hand-made
// exchanges on j9 (rules: /work/shared/rules/maka-dai-dai.md), each with the sign or the comparison the
// rules give: what is taken, the recaptures with the least valuable piece, x-rays, and the Lion's igui.
import { describe, expect, it } from 'vitest';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import { Searcher } from '../../src/maka/search.js';
import { formatMove } from '../../src/maka/sfen.js';
import { VALUE_OF_BYTE } from '../../src/maka/eval.js';
import { TYPE_ID } from '../../src/maka/pieces.js';
import { makePiece } from '../../src/maka/position.js';

const FILES = 'abcdefghijklmnopqrs';
const value = (code: string): number => VALUE_OF_BYTE[makePiece(TYPE_ID[code]!, false, 0)]!;

/** A position from placements { j9: 'p', j7: 'R' } (lower case White), Kings on a1 and s19, Black to move. */
function position(pieces: Record<string, string>): string {
  const all: Record<string, string> = { a1: 'K', s19: 'k', ...pieces };
  const ranks: string[] = [];
  for (let r = 19; r >= 1; r--) {
    let row = '',
      run = 0;
    for (let f = 0; f < 19; f++) {
      const p = all[FILES[f]! + r];
      if (!p) {
        run++;
        continue;
      }
      if (run) row += run;
      run = 0;
      row += p.length > 1 ? `(${p})` : p;
    }
    if (run) row += run;
    ranks.push(row);
  }
  return `${ranks.join('/')} b`;
}

/** see() of the move written `move` in the position of `pieces`. */
function see(pieces: Record<string, string>, move: string): number {
  const g = createUncheckedMakaGame({ position: position(pieces) });
  const { pos, gen } = g.internal;
  const before = pos.keyHex();
  const n = gen.generate(pos, 0);
  const [lo, hi] = gen.buffers(0);
  for (let i = 0; i < n; i++)
    if (formatMove(pos.board, lo[i]!, hi[i]!, false) === move) {
      const s = new Searcher(pos, gen, 10).see(lo[i]!, hi[i]!);
      expect(pos.keyHex(), 'the board is restored').toBe(before);
      g.dispose();
      return s;
    }
  throw new Error(`no move ${move}`);
}

describe('static exchange evaluation', () => {
  it('an undefended piece is won whole', () => {
    expect(see({ j9: 'g', j7: 'R' }, 'j7xj9')).toBe(value('G'));
  });
  it('a Rook taking a Gold a Rook defends loses the difference', () => {
    expect(see({ j9: 'g', j15: 'r', j7: 'R' }, 'j7xj9')).toBe(value('G') - value('R'));
  });
  it('a second Rook behind the first (an x-ray) makes the same capture win', () => {
    expect(see({ j9: 'g', j15: 'r', j7: 'R', j5: 'R' }, 'j7xj9')).toBe(value('G'));
  });
  it('the defender recaptures with its least valuable piece', () => {
    // a Pawn (j10, White's forward is down) and a Rook defend: the Pawn takes, and Black stops
    expect(see({ j9: 'g', j10: 'p', j15: 'r', j7: 'R', j5: 'R' }, 'j7xj9')).toBe(value('G') - value('R'));
  });
  it('a Lion two squares away recaptures and is lost to the x-ray Rook', () => {
    expect(see({ j9: 's', j11: 'ln', j7: 'R', j5: 'R' }, 'j7xj9')).toBe(value('S'));
  });
  it('a Lion next to the square takes by igui: the exchange ends with it (Lion move, rules)', () => {
    expect(see({ j9: 's', k10: 'ln', j7: 'R', j5: 'R' }, 'j7xj9')).toBe(value('S') - value('R'));
  });
});
