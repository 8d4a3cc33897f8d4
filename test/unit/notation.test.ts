// Position strings and move text (src/notation.ts grammar, RULES.md §0 "Notation"): accepted forms,
// canonical output, and the ParseError column (1-based, pointing at the first bad character) of each
// kind of malformed input; well-formed but illegal moves give IllegalMoveError.
//
// Column ruler for the start position:
//   T3T/5/5/5/T3T G G20 -
//   1234567890123456789012
//            1         2
import { beforeAll, describe, expect, it } from 'vitest';
import { Game, IllegalMoveError, LatticeError, ParseError } from '../../src/index.js';

const START = 'T3T/5/5/5/T3T G G20 -';

let g: Game;
beforeAll(async () => {
  g = await Game.create('bagh-chal');
});

/** Runs fn, expects a ParseError, and returns it. */
function parseError(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    expect(e).toBeInstanceOf(LatticeError);
    expect((e as ParseError).code).toBe('parse');
    return e as ParseError;
  }
  throw new Error('expected a ParseError, nothing was thrown');
}

/** setPosition(text) must fail with a ParseError at `column`, leaving the game's position unchanged. */
function expectPositionError(text: string, column: number): void {
  g.setPosition(START);
  const e = parseError(() => g.setPosition(text));
  expect(e.column, `column for "${text}": ${e.message}`).toBe(column);
  expect(e.input).toBe(text);
  expect(e.message).toContain(`column ${column}`);
  expect(g.position()).toBe(START);
}

describe('position strings: accepted forms', () => {
  it('the start parses and formats back', () => {
    g.setPosition(START);
    expect(g.position()).toBe(START);
  });

  it.each([
    'T3T/5/2G2/5/T3T T G19 -',
    'T3T/5/5/5/TG2T T G15 G4',
    'T3T/5/5/5/T3T G G15 G5',
    '1T3/1GGG1/1GTG1/1GGG1/1T1T1 T G12 -',
    'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T - G3',
    'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -',
    'TTTT1/GGGGG/GGGGG/GGGGG/GGGGG T - -',
    '5/5/TTTT1/5/5 G G20 -',
  ])('%s round-trips', (pos) => {
    g.setPosition(pos);
    expect(g.position()).toBe(pos);
  });

  it('G0 is accepted in the hand and the captured fields and written as -', () => {
    g.setPosition('T3T/5/5/5/T3T G G20 G0');
    expect(g.position()).toBe(START);
    g.setPosition('GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G G0 G0');
    expect(g.position()).toBe('GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -');
  });

  it('Game.create accepts { position } and rejects a bad one with a ParseError', async () => {
    const h = await Game.create('bagh-chal', { position: 'T3T/5/2G2/5/T3T T G19 G0' });
    expect(h.position()).toBe('T3T/5/2G2/5/T3T T G19 -');
    await expect(Game.create('bagh-chal', { position: 'T3T/5/5/5/T3T G G19 -' })).rejects.toBeInstanceOf(ParseError);
  });

  it('the position with captures equal to captures-to-win is accepted (the game is over)', () => {
    g.setPosition('T3T/5/5/5/T3T G G15 G5');
    expect(g.result()?.reason).toBe('captures');
  });
});

describe('position strings: ParseError and its column', () => {
  it.each([
    // [input, column, what]
    ['T3T/5/5/T3T G G20 -', 1, 'four ranks'],
    ['T3T/5/5/5/5/T3T G G20 -', 1, 'six ranks'],
    ['T3T/5/5/5/T3T/ G G20 -', 1, 'a trailing "/" (six ranks, the last empty)'],
  ])('wrong rank count: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3TG/5/5/5/T3T G G20 -', 4, 'a piece after 5 points'],
    ['T3T/6/5/5/T3T G G20 -', 5, 'a run of 6'],
    ['T3T/5/5/5/T3T1 G G20 -', 14, 'a run past the end of the last rank'],
    ['T3T/5/5/5/T4T G G20 -', 13, 'T after 1 + 4 points'],
  ])('a rank too long: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T2T/5/5/5/T3T G G20 -', 4, 'first rank 4 points: column of the "/"'],
    ['T3T/5/4/5/T3T G G20 -', 8, 'middle rank 4 points'],
    ['T3T/5/5/5/T2T G G20 -', 14, 'last rank 4 points: column of the space after the board'],
    ['T3T//5/5/T3T G G20 -', 5, 'an empty rank'],
  ])('a rank too short: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/2X2/5/T3T G G20 -', 8],
    ['T3T/5/2g2/5/T3T G G20 -', 8],
    ['T3T/5/2t2/5/T3T G G20 -', 8],
    ['T3T/5/2.2/5/T3T G G20 -', 8],
    ['t3T/5/5/5/T3T G G20 -', 1],
  ])('a bad letter: %s -> column %i', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T03T G G20 -', 12],
    ['T3T/5/05/5/T3T G G20 -', 7],
    ['0/5/5/5/T3T G G20 -', 1],
  ])('a 0 run: %s -> column %i', (text, col) => expectPositionError(text, col));

  it.each([
    // digits together are one run (empties := [1-9][0-9]*): "23" is a run of 23, too long; its first
    // digit fits, so the fault is two touching runs, named at the second digit
    ['T3T/5/23/5/T3T G G20 -', 8],
    ['T3T/5/11111/5/T3T G G20 -', 8],
    ['T12T/5/5/5/T3T G G20 -', 3],
  ])('touching digit runs: %s -> column %i', (text, col) => {
    expectPositionError(text, col);
    expect(parseError(() => g.setPosition(text)).message).toMatch(/two runs of empty points may not touch/);
  });

  it('touching "11" at the end of a rank is named as touching runs, not as a rank too long', () => {
    const text = 'GGGTG/GTTGG/T1GGG/GGGG1/GGG11 G - G1';
    expectPositionError(text, 29);
    const e = parseError(() => g.setPosition(text));
    expect(e.message).toMatch(
      /two runs of empty points may not touch \("11" reads as one run of 11; rank 1 has only 5 points\)/,
    );
    expect(e.message).not.toMatch(/^[^(]*rank 1 has only/);
  });

  it('a run too long from its first digit keeps the rank message', () => {
    expect(parseError(() => g.setPosition('T3T/5/5/5/TGGG21 G G16 -')).message).toMatch(/rank 1 has only 5 points/);
    expect(parseError(() => g.setPosition('T3T/5/5/5/T3T6 G G20 -')).message).toMatch(/rank 1 has only 5 points/);
  });

  it.each([
    ['T3T/5/5/5/T3T G G20', 20],
    ['T3T/5/5/5/T3T G', 16],
    ['T3T/5/5/5/T3T', 14],
    ['', 1],
  ])('missing fields: "%s" -> column %i (the end of the input)', (text, col) => expectPositionError(text, col));

  it('an extra field -> column of the extra field', () => {
    expectPositionError('T3T/5/5/5/T3T G G20 - x', 23);
    expectPositionError('T3T/5/5/5/T3T G G20 - -', 23);
  });

  it.each([
    ['T3T/5/5/5/T3T  G G20 -', 15, 'the second space'],
    ['T3T/5/5/5/T3T G G20  -', 21, 'the second space'],
    [' T3T/5/5/5/T3T G G20 -', 1, 'a leading space'],
  ])('double or stray spaces: "%s" -> column %i (%s)', (text, col) => expectPositionError(text, col));

  // A single trailing space is reported at the space itself.
  it('a trailing space -> column of the trailing space', () => {
    expectPositionError('T3T/5/5/5/T3T G G20 - ', 22);
  });

  // Whitespace other than single spaces between fields is reported at its own column.
  it.each([
    ['T3T/5/5/5/T3T G G20 -\n', 22, 'a trailing newline (got 1)'],
    ['T3T/5/5/5/T3T G G20 -\t', 22, 'a trailing tab (got 1)'],
    ['\tT3T/5/5/5/T3T G G20 -', 1, 'a leading tab (got 2)'],
    ['T3T/5/5/5/T3T G\tG20 -', 16, 'a tab as separator (got 22)'],
    ['T3T/5/5/5/T3T G G20\u00a0-', 20, 'a no-break space as separator (got 22)'],
  ])('whitespace: %j -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T3T X G20 -', 15],
    ['T3T/5/5/5/T3T g G20 -', 15],
    ['T3T/5/5/5/T3T t G20 -', 15],
    ['T3T/5/5/5/T3T GT G20 -', 15],
    ['T3T/5/5/5/T3T - G20 -', 15],
  ])('a bad side letter: %s -> column %i', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T3T G 20 -', 17, 'a count without a letter'],
    ['T3T/5/5/5/T3T G G -', 17, 'a letter without a count'],
    ['T3T/5/5/5/T3T G T20 -', 17, 'tigers are not held in hand'],
    ['T3T/5/5/5/T3T G g20 -', 17, 'lower-case letter'],
    ['T3T/5/5/5/T3T G G2x -', 19, 'junk after the count'],
    ['T3T/5/5/5/T3T G G10G10 -', 20, 'counted twice'],
    ['T3T/5/5/5/T3T G G020 -', 17, 'a leading zero'],
    ['T3T/5/5/5/T3T G G00 -', 17, 'a double zero'],
    ['T3T/5/5/5/T3T G G-20 -', 17, 'negative count'],
  ])('a bad hand field: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T3T G G20 X', 21],
    ['T3T/5/5/5/T3T G G20 G', 21],
    ['T3T/5/5/5/T3T G G20 T1', 21],
    ['T3T/5/5/5/T3T G G20 1', 21],
    ['T3T/5/5/5/T3T G G19 G1G0', 23],
  ])('a bad captured field: %s -> column %i', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T4 G G20 -', 1, '3 tigers'],
    ['T3T/5/2T2/5/T3T G G20 -', 1, '5 tigers'],
    ['5/5/5/5/5 G G20 -', 1, 'no tigers'],
  ])('wrong number of tigers: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it.each([
    ['T3T/5/5/5/T3T G G19 -', 17, '19 in all'],
    ['T3T/5/2G2/5/T3T G G20 -', 19, '21 in all (a longer board field: the hand starts at 19)'],
    ['T3T/5/5/5/T3T G G20 G1', 17, '21 in all, counting the captured'],
    ['T3T/5/5/5/T3T G - -', 17, 'none at all'],
  ])('goat totals not 20: %s -> column %i (%s)', (text, col) => expectPositionError(text, col));

  it('captured > captures-to-win -> column of the captured field', async () => {
    expectPositionError('T3T/5/5/5/T3T G G14 G6', 21);
    const h = await Game.create('bagh-chal', { options: { 'captures-to-win': 3 } });
    const e = parseError(() => h.setPosition('T3T/5/5/5/T3T G G16 G4'));
    expect(e.column).toBe(21);
    h.setPosition('T3T/5/5/5/T3T G G17 G3');
    expect(h.result()?.reason).toBe('captures');
  });
});

describe('move text', () => {
  it('placement c3, upper case accepted, written in lower case', () => {
    g.setPosition(START);
    g.play('c3');
    expect(g.history()).toEqual(['c3']);
    g.setPosition(START);
    g.play('C3');
    expect(g.history()).toEqual(['c3']);
    expect(g.position()).toBe('T3T/5/2G2/5/T3T T G19 -');
  });

  it('step a1-b2 (and A1-B2)', () => {
    g.setPosition('T3T/5/2G2/5/T3T T G19 -');
    g.play('a1-b2');
    expect(g.position()).toBe('T3T/5/2G2/1T3/4T G G19 -');
    expect(g.undo()).toBe('a1-b2');
    g.play('A1-B2');
    expect(g.history()).toEqual(['a1-b2']);
  });

  it('jump a1xc3 (and A1XC3, A1xC3): the captured goat is the point between', () => {
    for (const text of ['a1xc3', 'A1XC3', 'A1xC3', 'a1Xc3']) {
      g.setPosition('T3T/5/5/1G3/T3T T G19 -');
      g.play(text);
      expect(g.position(), text).toBe('T3T/5/2T2/5/4T G G19 G1');
      expect(g.history()).toEqual(['a1xc3']);
    }
  });

  it('surrounding spaces are ignored', () => {
    g.setPosition(START);
    g.play('  c3 ');
    expect(g.history()).toEqual(['c3']);
  });

  it('legal moves are listed in canonical lower-case text', () => {
    g.setPosition('T3T/5/5/1G3/T3T T G19 -');
    for (const m of g.legalMoves()) expect(m).toMatch(/^[a-e][1-5](-|x)[a-e][1-5]$/);
    g.setPosition(START);
    for (const m of g.legalMoves()) expect(m).toMatch(/^[a-e][1-5]$/);
  });

  it.each([
    ['z9', 1, 'no such point'],
    ['a6', 1, 'no rank 6'],
    ['f1', 1, 'no file f'],
    ['a0', 1, 'no rank 0'],
    ['a10', 1, 'no rank 10'],
    ['', 1, 'empty'],
    ['   ', 1, 'blank'],
    ['a1-', 4, 'nothing after "-"'],
    ['a1x', 4, 'nothing after "x"'],
    ['a1--b2', 4, 'double "-"'],
    ['a1-b2-c3', 6, 'a step has two points'],
    ['a1-b6', 4, 'no point b6'],
    ['a1xz9', 4, 'no point z9'],
    ['c3c4', 3, 'no separator'],
    ['a1_b2', 3, 'bad separator'],
    ['a1 b2', 3, 'space inside'],
    ['3c', 1, 'digit first'],
    ['c', 1, 'no rank'],
    ['-a1', 1, 'leading separator'],
    [' a6', 2, 'the column counts the leading space'],
  ])('bad move text "%s" -> ParseError at column %i (%s)', (text, col) => {
    g.setPosition('T3T/5/5/1G3/T3T T G19 -');
    const e = parseError(() => g.play(text));
    expect(e.column, e.message).toBe(col);
    expect(e.input).toBe(text);
    expect(g.position()).toBe('T3T/5/5/1G3/T3T T G19 -');
    expect(g.history()).toEqual([]);
  });

  it('well-formed but illegal moves -> IllegalMoveError (code illegal-move), position unchanged', () => {
    const cases: Array<[string, string]> = [
      [START, 'a1-b2'], // tigers cannot move on the goats' turn
      [START, 'a1'], // occupied point
      [START, 'c3-c4'], // no goat there, and goats in hand must place
      [START, 'a1xc3'], // nothing to jump
      ['T3T/5/2G2/5/T3T T G19 -', 'c4'], // tigers do not place
      ['T3T/5/2G2/5/T3T T G19 -', 'a1-c3'], // not adjacent (and occupied)
      ['T3T/5/2G2/5/T3T T G19 -', 'a1-a3'], // not adjacent
      ['T3T/5/2G2/5/T3T T G19 -', 'b2-b3'], // no piece on b2
      ['T3T/5/5/1G3/T3T T G19 -', 'a1xc3xe5'], // no multi-jump (and nothing on d4)
      ['T3T/5/5/1G3/T3T T G19 -', 'a1-c3'], // a jump written as a step
      ['T3T/5/5/1G3/T3T T G19 -', 'a1xb2'], // a jump onto the goat
      ['T3T/5/5/5/T3T G G15 G5', 'c3'], // the game is over
    ];
    for (const [pos, move] of cases) {
      g.setPosition(pos);
      let err: unknown;
      try {
        g.play(move);
      } catch (e) {
        err = e;
      }
      expect(err, `${move} in ${pos}`).toBeInstanceOf(IllegalMoveError);
      expect((err as IllegalMoveError).code).toBe('illegal-move');
      expect(g.position()).toBe(pos);
    }
  });
});
