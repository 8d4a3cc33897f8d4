// The page's game logic without a browser (src/web/families.ts, session.ts): every variant's drawing
// data comes from its own board and pieces, clicks enter exactly the legal moves, and the URL form of a
// game round-trips. The page itself runs in test/browser/serve.spec.ts (npm run test:browser).
import { describe, expect, it } from 'vitest';
import { createPageGame, variantList } from '../src/web/families.js';
import { MoveLine, clickInput, queryToSpec, specToQuery } from '../src/web/session.js';
import { VARIANTS } from '../src/variants/index.js';
import { createGame, familyOf } from '../src/engine.js';
import { ArgumentError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src/serve.js';

const root = fileURLToPath(new URL('..', import.meta.url));

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
        expect([g.kind, g.width, g.height, g.cells.length, g.lines.length]).toEqual(['points', board.width, board.height, board.points.length, board.lines.length]);
      }
      const view = pg.view(pg.engine.position());
      expect(view.pieces).toHaveLength(g.cells.length);
      expect(view.pieces.some((p) => p !== null) || view.sides.some((s) => s.hand > 0)).toBe(true);
      // each legal move, clicked cell by cell (its last cell again when it could go on), plays that move
      const paths = pg.movePaths();
      expect([...new Set(paths.map((m) => m.text))].sort()).toEqual(pg.engine.legalMoves().sort());
      for (const m of paths) expect(m.path.every((c) => g.cells[c] !== undefined), m.text).toBe(true);
      expect(pg.along !== undefined).toBe(hunt !== undefined);   // the lattice family enters moves along any path
      for (const m of paths.slice(0, 40)) {
        const input = clickInput(pg);
        let out = input.click(m.path[0]!);
        for (const c of m.path.slice(1)) {
          expect(input.targets(), m.text).toContain(c);   // each next cell is highlighted before it is clicked
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
    expect(pg.movePaths().map((m) => [m.text, m.path, m.suffix])).toEqual(texts.map((ts) => [ts[0], cellsOf(ts[ts.length - 1]!), '']));
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
    let clicked = 0, loops = 0;
    for (const [i, ts] of texts.entries()) {
      if (i % 6 !== 0) continue;   // a sample
      const full = cellsOf(ts[ts.length - 1]!);
      const other = otherWay(full);
      for (const cells of [...ts.map(cellsOf), ...(other ? [other] : [])]) {
        let out = input.click(cells[0]!);
        for (const c of cells.slice(1)) out = input.click(c);
        if (out.kind === 'partial') out = input.click(cells[cells.length - 1]!);   // it could go on: stop here
        expect(out, cells.join()).toEqual({ kind: 'play', move: ts[0], path: cells });
        clicked++;
      }
      if (other) loops++;
    }
    expect(loops).toBeGreaterThan(100);
    expect(clicked).toBeGreaterThan(500);
    expect((performance.now() - t0) / clicked).toBeLessThan(10);   // ms a move entered
    // the page draws the analysis arrow and the last move from the moves' own paths
    const jump = 'f2xh4xh6xj8xh8xh10xj8';
    expect(pg.pathOf(jump)).toEqual(cellsOf(jump));   // a legal move here: its moves() path
    const back = otherWay(cellsOf(jump))!;
    pg.play(jump, back);   // clicked the other way round: the page keeps the cells clicked
    expect(pg.pathOf(jump)).toEqual(back);
    pg.engine.undo();
    pg.play(jump);   // played by its text
    expect(pg.pathOf(jump)).toEqual(cellsOf(jump));
    pg.engine.dispose();
  });

  it('finds a move\'s cells among the moves, parsing no text: a short form\'s whole path, the last move\'s as played', async () => {
    const pos = 'GGGGG/GGGGG/1G1G1/4G/5/G2/1GT T - - last=d6';
    const pg = await createPageGame('tibetan-1', {}, pos);
    const at = (...names: string[]) => names.map((n) => pg.geometry.cells.find((c) => c.name === n)!.index);
    expect(pg.pathOf('e1xc3')).toEqual(at('e1', 'a1', 'c3'));   // the short form of e1xa1xc3
    expect(pg.pathOf('e1-d2')).toEqual(at('e1', 'd2'));
    expect(pg.pathOf('a1-b2')).toEqual([]);   // no legal move here
    expect(pg.pathOf('e1xa1xc3')).toEqual([]);   // a legal move, but not by its canonical text
    const line = new MoveLine(pg);
    line.play('e1xa1xc3');   // typed as its path: the engine plays e1xc3
    expect(pg.pathOf('e1xa1xc3')).toEqual(at('e1', 'a1', 'c3'));
    line.goTo(0);
    line.goTo(1);   // replayed: the path kept when it was played
    expect(pg.pathOf('e1xa1xc3')).toEqual(at('e1', 'a1', 'c3'));
    pg.engine.dispose();
  });

  it('reads what differs between games from the games, not from their ids: labels, perft limits', async () => {
    for (const v of variantList()) {
      const pg = await createPageGame(v.id, {});
      const game = await createGame(v.id);
      expect(pg.labels).toEqual(game.describe().labels);
      expect(pg.labels).toEqual(familyOf(v.id)!.labels);
      let takes = true;
      try { game.perft(1, { movetime: 60_000 }); } catch (e) { expect(e).toBeInstanceOf(ArgumentError); takes = false; }
      expect(pg.perftTakesLimits, v.id).toBe(takes);
      expect(pg.view(pg.engine.position())).toEqual((({ pieces, toMove, sides }) => ({ pieces, toMove, sides }))(game.describe()));
      game.dispose();
      pg.engine.dispose();
    }
  });

  it('ignores a click that starts no move, and drops a selection for one that continues none', async () => {
    const pg = await createPageGame('bagh-chal', {});
    const line = new MoveLine(pg);
    line.play('c3');
    const input = clickInput(pg);
    expect(input.click(pg.geometry.cells.find((c) => c.name === 'c3')!.index)).toEqual({ kind: 'none' });   // a goat: tigers to move
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
    const spec = { variant: 'tibetan-2', options: { setup: 'stacks' }, position: '3/1T1/5/1G(6)1G(6)1/5/1G(6)1G(6)1/5/1T1/3 G - - -', moves: ['b4-a3', 'b8-a7'], ply: 1, players: ['engine', 'human'] as ['engine', 'human'] };
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
      expect(await res.text()).toMatch(/assets\/index-[^]*<div id="app">/);   // the built page, not its sources
      expect((await fetch(server.url + 'nothing-here')).status).toBe(404);
      const probe = await fetch(server.url + 'api/probe?v=bagh-chal&pos=x');
      expect([probe.status, await probe.json()]).toEqual([400, { error: 'the server was started without --tb-dir' }]);
      expect((await fetch(plain.url)).headers.get('cross-origin-opener-policy')).toBeNull();
      await expect(startServer({ port: Number(new URL(server.url).port) })).rejects.toThrow(/is in use: choose another --port/);
    } finally {
      await server.close();
      await plain.close();
    }
    for (const [args, err] of [[['--port', '99999'], /--port must be in 0\.\.65535/], [['--tb-dir', '/no/such/dir'], /--tb-dir \/no\/such\/dir is not a directory/]] as const) {
      const r = spawnSync(process.execPath, ['dist/src/cli.js', 'serve', ...args], { cwd: root, encoding: 'utf8' });
      expect([r.status, r.stderr]).toEqual([2, expect.stringMatching(err)]);
    }
  });
});
