// The page's game logic without a browser (src/web/families.ts, session.ts): every variant's drawing
// data comes from its own board and pieces, clicks enter exactly the legal moves, and the URL form of a
// game round-trips. The page itself runs in test/browser/serve.spec.ts (npm run test:browser).
import { describe, expect, it } from 'vitest';
import { createPageGame, variantList } from '../../src/web/families.js';
import { MoveLine, clickInput, queryToSpec, specToQuery } from '../../src/web/session.js';
import { VARIANTS } from '../../src/variants/index.js';
import { createGame, familyOf } from '../../src/engine.js';
import { ArgumentError } from '../../src/contract/errors.js';
import type { Game } from '../../src/lattice/game.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/serve.js';
import { REASONS } from '../../src/lattice/game.js';
import type { ResultReason } from '../../src/contract/result.js';
import {
  REASON_WORDS,
  clickNote,
  counterText,
  labelsShown,
  scoreConvention,
  scoreText,
  verdictText,
  KANJI_MIN_PX,
  CODE_MIN_PX,
} from '../../src/web/words.js';
import { readFileSync } from 'node:fs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the page of lattice serve: game data and input', () => {
  it('draws every variant from its own geometry, and every legal move is a click path', async () => {
    for (const v of variantList()) {
      const pg = await createPageGame(v.id, {});
      const g = pg.geometry;
      expect(new Set(g.cells.map((c) => c.name)).size).toBe(g.cells.length);
      for (const c of g.cells) expect(c.x >= 0 && c.x < g.width && c.y >= 0 && c.y < g.height).toBe(true);
      for (const l of g.lines) for (const i of l) expect(g.cells[i]).toBeDefined();
      const hunt = VARIANTS.get(v.id);
      if (hunt) {
        const board = hunt.board({ ...Object.fromEntries(hunt.options.map((o) => [o.name, o.default])) });
        expect([g.kind, g.width, g.height, g.cells.length, g.lines.length]).toEqual([
          'points',
          board.width,
          board.height,
          board.points.length,
          board.lines.length,
        ]);
      }
      const view = pg.view(pg.engine.position());
      expect(view.pieces).toHaveLength(g.cells.length);
      expect(view.pieces.some((p) => p !== null) || view.sides.some((s) => s.hand > 0)).toBe(true);
      // each legal move, clicked cell by cell (its last cell again when it could go on), plays that move
      const paths = pg.movePaths();
      expect([...new Set(paths.map((m) => m.text))].sort()).toEqual(pg.engine.legalMoves().sort());
      for (const m of paths)
        expect(
          m.path.every((c) => g.cells[c] !== undefined),
          m.text,
        ).toBe(true);
      expect(pg.along !== undefined).toBe(hunt !== undefined); // the lattice family enters moves along any path
      for (const m of paths.slice(0, 40)) {
        const input = clickInput(pg);
        let out = input.click(m.path[0]!);
        for (const c of m.path.slice(1)) {
          expect(input.targets(), m.text).toContain(c); // each next cell is highlighted before it is clicked
          out = input.click(c);
        }
        if (out.kind === 'partial') out = input.click(m.path[m.path.length - 1]!);
        if (out.kind === 'choose') expect(out.moves.map((x) => x.text)).toContain(m.text);
        else expect(out).toEqual({ kind: 'play', move: m.text, path: m.path });
      }
      pg.engine.dispose();
    }
  });

  it('a multi-jump is entered by clicking any of its paths (a loop of jumps either way round), on the 105-point board too', async () => {
    // a tibetan-4 tiger inside the ring of goats: 3,980 multi-jumps, most of them with two paths
    const pos = '3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/4G4/TG1/3 T G46 - -';
    const pg = await createPageGame('tibetan-4', {}, pos);
    const game = pg.engine as Game;
    const texts = game.legalMoveTexts();
    expect(texts).toHaveLength(3980);
    const cellsOf = (t: string) => t.split(/[-x]/).map((n) => pg.geometry.cells.find((c) => c.name === n)!.index);
    // one click path a move: its full path (the canonical text may be the short form a1xc3)
    expect(pg.movePaths().map((m) => [m.text, m.path, m.suffix])).toEqual(
      texts.map((ts) => [ts[0], cellsOf(ts[ts.length - 1]!), '']),
    );
    // a path whose captured set has a point of bit 31 of a 32-bit word (i5): a longer capture goes on past it
    expect(game.along('f2 h2 f4 d6 f6 f4 h6 h4 j6'.split(' '))?.more).toBe(true);
    /** The path with its first loop (a landing met again) taken the other way round, or null without one. */
    const otherWay = (path: number[]): number[] | null => {
      for (let i = 0; i < path.length; i++) {
        const j = path.indexOf(path[i]!, i + 2);
        if (j > i + 2) return [...path.slice(0, i + 1), ...path.slice(i + 1, j).reverse(), ...path.slice(j)];
      }
      return null;
    };
    const t0 = performance.now();
    const input = clickInput(pg);
    let clicked = 0,
      loops = 0;
    for (const [i, ts] of texts.entries()) {
      if (i % 6 !== 0) continue; // a sample
      const full = cellsOf(ts[ts.length - 1]!);
      const other = otherWay(full);
      for (const cells of [...ts.map(cellsOf), ...(other ? [other] : [])]) {
        let out = input.click(cells[0]!);
        for (const c of cells.slice(1)) out = input.click(c);
        if (out.kind === 'partial') out = input.click(cells[cells.length - 1]!); // it could go on: stop here
        expect(out, cells.join()).toEqual({ kind: 'play', move: ts[0], path: cells });
        clicked++;
      }
      if (other) loops++;
    }
    expect(loops).toBeGreaterThan(100);
    expect(clicked).toBeGreaterThan(500);
    expect((performance.now() - t0) / clicked).toBeLessThan(10); // ms a move entered
    // the page draws the analysis arrow and the last move from the moves' own paths
    const jump = 'f2xh4xh6xj8xh8xh10xj8';
    expect(pg.pathOf(jump)).toEqual(cellsOf(jump)); // a legal move here: its moves() path
    const back = otherWay(cellsOf(jump))!;
    pg.play(jump, back); // clicked the other way round: the page keeps the cells clicked
    expect(pg.pathOf(jump)).toEqual(back);
    pg.engine.undo();
    pg.play(jump); // played by its text
    expect(pg.pathOf(jump)).toEqual(cellsOf(jump));
    pg.engine.dispose();
  });

  it("finds a move's cells among the moves, parsing no text: a short form's whole path, the last move's as played", async () => {
    const pos = 'GGGGG/GGGGG/1G1G1/4G/5/G2/1GT T - - last=d6';
    const pg = await createPageGame('tibetan-1', {}, pos);
    const at = (...names: string[]) => names.map((n) => pg.geometry.cells.find((c) => c.name === n)!.index);
    expect(pg.pathOf('e1xc3')).toEqual(at('e1', 'a1', 'c3')); // the short form of e1xa1xc3
    expect(pg.pathOf('e1-d2')).toEqual(at('e1', 'd2'));
    expect(pg.pathOf('a1-b2')).toEqual([]); // no legal move here
    expect(pg.pathOf('e1xa1xc3')).toEqual([]); // a legal move, but not by its canonical text
    const line = new MoveLine(pg);
    line.play('e1xa1xc3'); // typed as its path: the engine plays e1xc3
    expect(pg.pathOf('e1xa1xc3')).toEqual(at('e1', 'a1', 'c3'));
    line.goTo(0);
    line.goTo(1); // replayed: the path kept when it was played
    expect(pg.pathOf('e1xa1xc3')).toEqual(at('e1', 'a1', 'c3'));
    pg.engine.dispose();
  });

  it("plays the engine's move as its search's value (issue 33): the line keeps its text and path", async () => {
    for (const id of ['tibetan-1', 'maka-dai-dai']) {
      const pg = await createPageGame(id, {});
      const line = new MoveLine(pg);
      const cellsOf = (names: readonly string[]) =>
        names.map((n) => pg.geometry.cells.find((c) => c.name === n)!.index);
      for (let ply = 0; ply < 3; ply++) {
        const r = pg.engine.search({ depth: 1 });
        const before = pg.engine.position();
        line.play(r.move!);
        expect(line.moves.at(-1)).toBe(r.move!.text);
        expect(pg.engine.history().at(-1)).toBe(r.move!.text);
        expect(pg.pathOf(r.move!.text)).toEqual(cellsOf(r.move!.path));
        // the same as the text would have done
        pg.engine.undo();
        expect(pg.engine.position()).toBe(before);
        pg.engine.play(r.move!.text);
      }
      line.goTo(0);
      line.goTo(3);
      expect(line.played()).toHaveLength(3);
      pg.engine.dispose();
    }
  });

  it('reads what differs between games from the games, not from their ids: labels, perft limits', async () => {
    for (const v of variantList()) {
      const pg = await createPageGame(v.id, {});
      const game = await createGame(v.id);
      expect(pg.labels).toEqual(game.describe().labels);
      expect(pg.labels).toEqual(familyOf(v.id)!.labels);
      let takes = true;
      try {
        game.perft(1, { movetime: 60_000 });
      } catch (e) {
        expect(e).toBeInstanceOf(ArgumentError);
        takes = false;
      }
      expect(pg.perftTakesLimits, v.id).toBe(takes);
      expect(pg.view(pg.engine.position())).toEqual(
        (({ pieces, toMove, sides, counters, marks }) => ({ pieces, toMove, sides, counters, marks }))(game.describe()),
      );
      game.dispose();
      pg.engine.dispose();
    }
  });

  it('ignores a click that starts no move, and drops a selection for one that continues none', async () => {
    const pg = await createPageGame('bagh-chal', {});
    const line = new MoveLine(pg);
    line.play('c3');
    const input = clickInput(pg);
    expect(input.click(pg.geometry.cells.find((c) => c.name === 'c3')!.index)).toEqual({ kind: 'none' }); // a goat: tigers to move
    const a1 = pg.geometry.cells.find((c) => c.name === 'a1')!.index;
    expect(input.click(a1)).toEqual({ kind: 'partial' });
    expect(input.targets().length).toBeGreaterThan(0);
    expect(input.click(pg.geometry.cells.find((c) => c.name === 'e3')!.index)).toEqual({ kind: 'partial' });
    expect(input.prefix).toEqual([]);
    // undo/redo and a branch
    line.play('a1-b2');
    line.goTo(1);
    expect(pg.engine.position()).toBe('T3T/5/2G2/5/T3T T G19 -');
    line.play('a1-a2');
    expect(line.moves).toEqual(['c3', 'a1-a2']);
    pg.engine.dispose();
  });

  it('writes a game as a URL query and reads it back; a malformed one is refused with a message', () => {
    const spec = {
      variant: 'tibetan-2',
      options: { setup: 'stacks' },
      position: '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -',
      moves: ['b4-a3', 'b8-a7'],
      ply: 1,
      players: ['engine', 'human'] as ['engine', 'human'],
    };
    expect(queryToSpec(specToQuery(spec))).toEqual(spec);
    expect(queryToSpec('?m=c3')).toBeNull();
    expect(() => queryToSpec('?v=bagh-chal&ply=x')).toThrow(/ply must be a number/);
    expect(() => queryToSpec('?v=bagh-chal&play=robot,human')).toThrow(/play must be two of human\|engine/);
    expect(() => queryToSpec('?v=bagh-chal&colour=red')).toThrow(/unknown URL parameter "colour"/);
  });

  it('serves the built page cross-origin isolated (or plain), and refuses bad serve arguments saying why', async () => {
    const server = await startServer({ port: 0 });
    const plain = await startServer({ port: 0, isolation: false });
    try {
      const res = await fetch(server.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(await res.text()).toMatch(/assets\/index-[\s\S]*<div id="app">/); // the built page, not its sources
      expect((await fetch(server.url + 'nothing-here')).status).toBe(404);
      const probe = await fetch(server.url + 'api/probe?v=bagh-chal&pos=x');
      expect([probe.status, await probe.json()]).toEqual([400, { error: 'the server was started without --tb-dir' }]);
      expect((await fetch(plain.url)).headers.get('cross-origin-opener-policy')).toBeNull();
      await expect(startServer({ port: Number(new URL(server.url).port) })).rejects.toThrow(
        /is in use: choose another --port/,
      );
    } finally {
      await server.close();
      await plain.close();
    }
    for (const [args, err] of [
      [['--port', '99999'], /--port must be in 0\.\.65535/],
      [['--tb-dir', '/no/such/dir'], /--tb-dir \/no\/such\/dir: no such directory \(build some with/],
    ] as const) {
      const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'serve', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
      expect([r.status, r.stderr]).toEqual([2, expect.stringMatching(err)]);
    }
  });
});

describe("the page shows every rule's state: from describe(), in words", () => {
  const sides = [
    { name: 'goat', plural: 'goats', letter: 'G', onBoard: 0, hand: 0, captured: 0 },
    { name: 'tiger', plural: 'tigers', letter: 'T', onBoard: 0, hand: 0, captured: 0 },
  ] as const;

  it('describe() gives the counters the RuleSet keeps, with their limits, for every variant that has one', async () => {
    const giant = await createGame('catch-the-giant', {
      options: { 'stall-limit': 7 },
      position: '1/3/1G1/D1D/D G - - stall=3',
    });
    expect(giant.describe().counters).toEqual([
      {
        name: 'stall',
        label: 'dwarf moves in a row that gained no rank',
        value: 3,
        limit: 7,
        atLimit: 'the giants win',
      },
    ]);
    expect(giant.describe('1/3/1G1/D1D/D G - - stall=6').counters[0]!.value).toBe(6);
    giant.play('b3-a3'); // the giant's move neither counts nor resets
    expect(giant.describe().counters[0]!.value).toBe(3);
    giant.dispose();
    const tabal = await createGame('permainan-tabal', { options: { 'move-limit': 40 } });
    expect(tabal.describe().counters).toEqual([
      { name: 'clock', label: 'plies in a row without a capture', value: 0, limit: 40, atLimit: 'a draw' },
    ]);
    tabal.play(tabal.moves().find((m) => m.captured.length === 0)!.text);
    expect(tabal.describe().counters[0]!.value).toBe(1);
    tabal.dispose();
    // exactly the variants whose rules keep a counter have one: none by default, none in Maka Dai Dai
    for (const v of variantList()) {
      const g = await createGame(v.id);
      const hunt = VARIANTS.get(v.id);
      const rules = hunt?.rules(Object.fromEntries(hunt.options.map((o) => [o.name, o.default])));
      const expected = (rules?.stall ? 1 : 0) + (rules?.draughts?.moveLimit ? 1 : 0);
      expect(g.describe().counters, v.id).toHaveLength(expected);
      expect(g.describe().marks, v.id).toEqual([]); // nothing marked at the start
      g.dispose();
    }
  });

  it("describe() marks the piece the no-same-twice rule holds (last=), saying why, on its side's turn and before it", async () => {
    const g = await createGame('tibetan-1');
    const at = (name: string) => g.describe().board.points.findIndex((p) => p.name === name);
    const now = g.describe('GGGGG/GGGGG/G1G2/1G2G/3T1/3/1G1 G - - last=a5').marks;
    expect(now).toEqual([
      {
        point: at('a5'),
        kind: 'may-not-move',
        reason: expect.stringMatching(
          /^the goat on a5 may not move now: .*two consecutive goat turns \(RULES\.md §2\)$/,
        ),
      },
    ]);
    const next = g.describe('GGGGG/GGGGG/1G1G1/4G/5/G2/1GT T - - last=d6').marks;
    expect(next).toEqual([
      {
        point: at('d6'),
        kind: 'may-not-move-next',
        reason: expect.stringMatching(/^the goat on d6 may not move on the goats' next turn/),
      },
    ]);
    // a move of the held goat, typed or as a value, is refused saying why
    g.setPosition('GGGGG/GGGGG/G1G2/1G2G/3T1/3/1G1 G - - last=a5');
    for (const m of ['a5-a4', { from: 'a5', to: 'b5' }]) {
      expect(() => g.play(m)).toThrow(
        expect.objectContaining({
          name: 'IllegalMoveError',
          message: expect.stringMatching(/: the goat on a5 may not move now: it stepped there/),
        }),
      );
    }
    expect(() => g.play('a4')).toThrow(/legal moves: /); // another illegal move lists the legal ones as before
    // the current position too: a goat step sets it, and the mark follows the game
    g.play('c5-b5');
    expect(g.describe().marks).toEqual([{ point: at('b5'), kind: 'may-not-move-next', reason: expect.any(String) }]);
    expect(g.legalMoves().length).toBeGreaterThan(0);
    g.dispose();
  });

  it("every result reason has its words (the map is typed by the reason union) and docs/api.md's result list has it", () => {
    const all: ResultReason[] = [...new Set([...Object.values(REASONS), 'royals' as const])];
    expect(Object.keys(REASON_WORDS).sort()).toEqual([...all].sort());
    expect(REASON_WORDS['move-limit']).toMatch(/move limit/);
    const readme = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### The result of a game'), readme.indexOf('### As an AI worker'));
    for (const r of all) {
      expect(section, r).toContain(`'${r}'`); // the type line
      expect(section, r).toMatch(new RegExp(`\`${r}\` \\(`)); // and its explanation
    }
  });

  it("scores have one sign convention: the first side's view, whoever is to move; a forced win names its winner", () => {
    expect(scoreConvention(sides)).toMatch(
      /^Scores are for goats: \+ favours goats, - favours tigers, whoever is to move/,
    );
    expect(scoreText({ score: 50, mateIn: null }, 0, sides)).toBe('+0.50');
    expect(scoreText({ score: 50, mateIn: null }, 1, sides)).toBe('-0.50'); // good for the tigers to move
    expect(scoreText({ score: -125, mateIn: null }, 1, sides)).toBe('+1.25');
    expect(scoreText({ score: 0, mateIn: null }, 1, sides)).toBe('0.00');
    expect(scoreText({ score: 30997, mateIn: 3 }, 1, sides)).toBe('tigers win in 3 plies');
    expect(scoreText({ score: -30998, mateIn: -2 }, 0, sides)).toBe('tigers win in 2 plies');
    expect(scoreText({ score: 30999, mateIn: 1 }, 0, sides)).toBe('goats win in 1 ply');
    expect(scoreText({ score: -31000, mateIn: 0 }, 1, sides)).toBe('goats have won');
    expect(verdictText({ wdl: 'win', dtm: 15 }, 1, sides)).toBe('tigers win in 15 plies');
    expect(verdictText({ wdl: 'loss', dtm: 4 }, 1, sides)).toBe('goats win in 4 plies');
    expect(verdictText({ wdl: 'loss', dtm: 0 }, 0, sides)).toBe('tigers have won');
    expect(verdictText({ wdl: 'draw', dtm: null }, 0, sides)).toBe('draw');
  });

  it("says why a click entered nothing, from the position's description; counters read with their limits", async () => {
    const pg = await createPageGame('tibetan-1', {}, 'GGGGG/GGGGG/G1G2/1G2G/3T1/3/1G1 G - - last=a5');
    const view = pg.view(pg.engine.position());
    const at = (n: string) => pg.geometry.cells.find((c) => c.name === n)!.index;
    expect(clickNote(view, at('a5'), 'a5')).toMatch(/the goat on a5 may not move now/);
    expect(clickNote(view, at('d3'), 'd3')).toBe('Goats to move: the tiger on d3 is not theirs');
    expect(clickNote(view, at('a7'), 'a7')).toBe('the goat on a7 has no legal move here');
    expect(clickNote(view, at('a4'), 'a4')).toBe('no legal move starts on a4');
    pg.engine.dispose();
    expect(
      counterText({
        name: 'stall',
        label: 'dwarf moves in a row that gained no rank',
        value: 3,
        limit: 7,
        atLimit: 'the giants win',
      }),
    ).toBe('dwarf moves in a row that gained no rank: 3 of 7 (at 7 the giants win)');
  });

  it('shows codes instead of kanji below a readable size, and suggests the zoom when codes are small', () => {
    expect(labelsShown('kanji', 'codes', KANJI_MIN_PX, 9)).toEqual({ labels: 'kanji', note: '' });
    const small = labelsShown('kanji', 'codes', KANJI_MIN_PX - 0.1, 9);
    expect(small.labels).toBe('codes');
    expect(small.note).toMatch(/codes are shown until they reach 10 px \(zoom in/);
    expect(labelsShown('kanji', 'codes', null, null)).toEqual({ labels: 'kanji', note: '' }); // not measured yet
    expect(labelsShown('codes', 'kanji', 4, CODE_MIN_PX - 1).note).toMatch(/zoom in/);
    expect(labelsShown('', undefined, 4, 4)).toEqual({ labels: '', note: '' }); // letters only: nothing to switch
  });
});
