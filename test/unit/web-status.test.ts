// What the page derives from its state instead of keeping (src/web/words.ts, session.ts; issue 35 class 7):
// the engine's status line is about the position shown or says nothing (never a stale "thinking…"), the move
// box's hint never ends in "e.g." with nothing after it, a perft's output shows only at its own position,
// counts take the number of their noun, and a typed move list drops its move numbers.
import { describe, expect, it } from 'vitest';
import {
  countOf,
  engineStatusText,
  moveBoxHint,
  perftText,
  scoreText,
  sideWords,
  verdictText,
  type EngineReport,
} from '../../src/web/words.js';
import { listedMoves, queryToSpec } from '../../src/web/session.js';

describe('the page says only what holds of the position shown', () => {
  const played: EngineReport = { at: 'c3 a1-b2', move: 'a1-b2', depth: 9, score: '-4.10' };

  it("the engine's status: thinking only while it thinks here; its move only at the position after it", () => {
    expect(engineStatusText(true, played, 'c3')).toBe('engine thinking…');
    expect(engineStatusText(false, played, 'c3 a1-b2')).toBe('engine played a1-b2 (depth 9, -4.10)');
    // gone back a move (or the line changed): nothing, not a stale message
    expect(engineStatusText(false, played, 'c3')).toBe('');
    expect(engineStatusText(false, played, 'c3 a1-a2')).toBe('');
    expect(engineStatusText(false, null, '')).toBe('');
    const none: EngineReport = { at: 'c3', move: null, depth: 1, score: '0.00' };
    expect(engineStatusText(false, none, 'c3')).toBe('the engine found no move');
    expect(engineStatusText(false, none, '')).toBe('');
  });

  it("the move box's hint: an example when one is known, never an empty one", () => {
    expect(moveBoxHint(false, 'c3')).toBe('move, e.g. c3');
    expect(moveBoxHint(false, null)).toBe('move');
    expect(moveBoxHint(true, null)).toBe('the game is over');
    expect(moveBoxHint(true, 'c3')).toBe('the game is over');
  });

  it("a perft's output shows at its own position only", () => {
    expect(perftText('perft(3) = 8200 (5 ms)', 'c3', false, 'c3')).toBe('perft(3) = 8200 (5 ms)');
    expect(perftText('perft(3) = 8200 (5 ms)', 'c3', false, '')).toBe('');
    expect(perftText('perft 7…', 'c3', true, 'c3 a1-b2')).toBe('a perft of another position is running (stop ends it)');
    expect(perftText('', null, false, '')).toBe('');
  });

  it('counts take the number of their noun', () => {
    expect([countOf(0, 'move'), countOf(1, 'move'), countOf(2, 'move')]).toEqual(['0 moves', '1 move', '2 moves']);
    expect([countOf(1, 'leaf', 'leaves'), countOf(61178, 'leaf', 'leaves')]).toEqual(['1 leaf', '61,178 leaves']);
  });

  it('a typed move list: spaces or commas between moves, move numbers left out', () => {
    expect(listedMoves('1. c3 a1-b2 2. d3, a5-a4')).toEqual(['c3', 'a1-b2', 'd3', 'a5-a4']);
    expect(listedMoves('1.c3 1...a1-b2 12... e5-d4')).toEqual(['c3', 'a1-b2', 'e5-d4']);
    expect(listedMoves('  \n ')).toEqual([]);
    // a number inside a move is not a move number
    expect(listedMoves('j10-j11 a1xc3')).toEqual(['j10-j11', 'a1xc3']);
  });

  it('a URL parameter given twice is refused, not read once and dropped', () => {
    expect(() => queryToSpec('?v=bagh-chal&v=tibetan-1')).toThrow('URL parameter v is given twice (once is enough)');
    expect(() => queryToSpec('?v=bagh-chal&m=c3&m=d3')).toThrow(/URL parameter m is given twice/);
    expect(() => queryToSpec('?v=bagh-chal&o.repetition=none&o.repetition=forbid')).toThrow(
      /URL parameter o\.repetition is given twice/,
    );
  });

  it('a side named by a colour is one player (Black wins), a side named by its pieces many (tigers win)', () => {
    const tigers = { name: 'tiger', plural: 'tigers', letter: 'T', onBoard: 4, hand: 0, captured: 0 };
    const goats = { name: 'goat', plural: 'goats', letter: 'G', onBoard: 0, hand: 20, captured: 0 };
    const black = { name: 'Black', plural: 'Black', letter: 'b', onBoard: 96, hand: 0, captured: 0 };
    const white = { name: 'White', plural: 'White', letter: 'w', onBoard: 96, hand: 0, captured: 0 };
    expect(sideWords(tigers)).toEqual({ the: 'the tigers', wins: 'tigers win', hasWon: 'tigers have won' });
    expect(sideWords(black)).toEqual({ the: 'Black', wins: 'Black wins', hasWon: 'Black has won' });
    expect(scoreText({ score: 0, mateIn: 3 }, 0, [black, white])).toBe('Black wins in 3 plies');
    expect(scoreText({ score: 0, mateIn: -1 }, 0, [goats, tigers])).toBe('tigers win in 1 ply');
    expect(verdictText({ wdl: 'loss', dtm: 0 }, 1, [black, white])).toBe('Black has won');
  });
});
