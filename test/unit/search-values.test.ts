// Issue 33 item 4, "moves as values end to end": search() gives its best move (`move`) and its line (`line`) as
// the move values moves() lists, playable by play(); `bestmove` and `pv` stay, their texts. Both families.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/lattice/game.js';
import { MakaGame } from '../../src/maka/game.js';
import { createGame, type AnyGame, type AnySearchResult, type MoveValue } from '../../src/engine.js';

/** The value as moves() gives it, as a plain object (a lattice Move's toJSON()). */
const plain = (m: MoveValue): MoveValue =>
  typeof (m as { toJSON?: unknown }).toJSON === 'function' ? (m as { toJSON(): MoveValue }).toJSON() : { ...m };

/** Checks a search result of `g` (unchanged position): values, texts and the line played move by move. */
function checkResult(g: AnyGame, r: AnySearchResult): void {
  const before = g.position();
  expect(r.move).not.toBeNull();
  expect(r.bestmove).toBe(r.move!.text);
  expect(r.line.map((v) => v.text)).toEqual(r.pv);
  expect(r.line[0]).toEqual(r.move);
  // the best move is one of moves(), field for field
  expect(g.moves().map(plain)).toContainEqual(r.move);
  // plain data: JSON and structured clone keep every field
  expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  expect(structuredClone(r)).toEqual(r);
  // each move of the line is the value moves() lists in its position, and plays there
  let played = 0;
  for (const v of r.line) {
    expect(g.moves().map(plain), `${v.text} in ${g.position()}`).toContainEqual(v);
    g.play(v);
    played++;
    expect(g.history().at(-1)).toBe(v.text);
  }
  for (let i = 0; i < played; i++) g.undo();
  expect(g.position()).toBe(before);
  // play(move) plays the best move, as play(bestmove) does
  g.play(r.move!);
  const after = g.position();
  g.undo();
  g.play(r.bestmove!);
  expect(g.position()).toBe(after);
  g.undo();
}

describe('search() gives the best move and the line as move values', () => {
  const cases: Array<[string, string | undefined, number, number]> = [
    ['bagh-chal', undefined, 5, 6],
    // captures: a single jump with a goat to take
    ['bagh-chal', 'T3T/4G/5/5/TG2T T G14 G4', 4, 6],
    // multi-jumps (tibetan-1 tigers), an intervention (Surround the Tiger), stacks, draughts (Permainan Tabal)
    ['tibetan-1', undefined, 4, 6],
    ['surround-the-tiger', undefined, 5, 6],
    ['double-tiger', undefined, 4, 6],
    ['permainan-tabal', undefined, 4, 6],
    // Maka Dai Dai's host search and its 80-move lists are slow: one search, no further plies
    ['maka-dai-dai', undefined, 1, 0],
  ];
  it.each(cases)(
    '%s %s (depth %i): move is one of moves(), line = pv, both play',
    async (id, position, depth, plies) => {
      const g = await createGame(id, position === undefined ? {} : { position });
      try {
        checkResult(g, g.search({ depth }));
        // and from a few positions further on
        for (let ply = 0; ply < plies && g.result() === null; ply++) {
          const r = g.search({ depth });
          checkResult(g, r);
          g.play(r.move!);
        }
      } finally {
        g.dispose();
      }
    },
  );

  it('the line values are the moves of each position, captures found by identity (every kind met)', async () => {
    const kinds = new Set<string>();
    for (const id of ['tibetan-1', 'surround-the-tiger', 'bagh-chal']) {
      const g = await Game.create(id);
      for (let ply = 0; ply < 40 && g.result() === null; ply++) {
        const r = g.search({ depth: 3 });
        checkResult(g, r);
        for (const v of r.line) kinds.add(v.kind);
        g.play(r.move!);
      }
      g.dispose();
    }
    expect([...kinds].sort()).toEqual(['intervention', 'jump', 'place', 'step']);
  });

  it('a finished game: move null, line empty (bestmove null, pv empty as before)', async () => {
    const g = await Game.create('bagh-chal', { position: 'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -' });
    const r = g.search({ depth: 3 });
    expect([r.bestmove, r.move, r.pv, r.line]).toEqual([null, null, [], []]);
    // Maka Dai Dai: a game whose royals are gone is over (MakaGame.search's finished report)
    const m = MakaGame.create();
    expect(m.result()).toBeNull();
  });
});
