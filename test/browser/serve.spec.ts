// The page of `lattice serve` in a real browser: headless Chromium (Debian's, as .ci/run installs it)
// driven by playwright-core against `node dist/src/cli/main.js serve` on localhost. For every variant: a game
// starts, a legal move is clicked on the board, the engine answers, an illegal click changes nothing,
// undo restores the position; then a multi-jump clicked landing by landing (in tibetan-4 along a path
// other than its canonical one, and among 61,178 legal moves, each click timed), a Maka Dai Dai promotion
// choice, the analysis (>= 2 iterations, stopped on request), perft, a pasted position (and a malformed
// one shown as an error beside the box), the URL reopening the game, a game played to its end, and the
// same page as a plain static site (no isolation headers: it says so), and the tablebase verdict with --tb-dir.
// Screenshots of every board go to test/browser/artifacts/ (ignored by git). Skipped when Chromium is absent, except
// under CI.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Game, VARIANTS, createGame, listVariants } from '../../dist/src/index.js';
import { startServer } from '../../dist/src/serve.js';
import { CHROMIUM, artifacts, launch, noChromium, skipping, root, serve, watch as watchInto } from './harness.js';

/** The click paths of the moves the last legalHere() listed (lattice family: a move's canonical path, by its text). */
const clickPaths = new Map<string, string[]>();
/**
 * The cells a move is clicked on: a lattice move's path as the engine gives it (its text may be the short
 * form `a1xc3` of a multi-jump: listed by the last legalHere()), else read from the text: `a1xc3xe5` ->
 * a1 c3 e5; Maka `j10xj11+` -> j10 j11.
 */
const clicksOf = (move: string): string[] => clickPaths.get(move) ?? move.replace(/(\+|=[TB])$/, '').split(/[-x]/);

describe.skipIf(skipping('lattice serve in a browser', noChromium))(`lattice serve in a browser (${CHROMIUM})`, () => {
  let server: { url: string; child: ChildProcess };
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await serve();
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch(page);
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill();
  });

  /** Console errors, page errors and failed requests of a page end up in `problems` (checked last). */
  const watch = (p: Page): void => watchInto(p, problems);

  const ready = (p: Page) => p.waitForSelector('#app[data-ready=true]', { timeout: 60_000 });
  const ply = async (p: Page) => Number(await p.getAttribute('#app', 'data-ply'));
  const position = (p: Page) => p.inputValue('#position-box');
  const moves = async (p: Page) => (await p.inputValue('#moves-box')).split(' ').filter(Boolean);
  const waitPly = (p: Page, n: number) =>
    p.waitForFunction(
      (k) => Number(document.getElementById('app')!.dataset.ply) >= k || !!document.querySelector('#result b'),
      n,
      { timeout: 60_000 },
    );
  const idle = (p: Page) => p.waitForSelector('#app[data-thinking=false]', { timeout: 60_000 });
  const click = (p: Page, cell: string) => p.click(`[data-point="${cell}"]`);

  /** Opens a game by its URL query, with a short engine move time. */
  async function open(p: Page, query: string, movetime = 150): Promise<void> {
    await p.goto(server.url + query);
    await ready(p);
    await p.fill('#limit-value', String(movetime));
    await p.dispatchEvent('#limit-value', 'change');
  }

  /**
   * The legal moves of the page's position as canonical text, from the engine in Node (the page's game
   * replayed); a lattice game's moves' click paths go to `clickPaths` (see clicksOf).
   */
  async function legalHere(
    p: Page,
    variant: string,
    options: Record<string, string> = {},
    start?: string,
  ): Promise<string[]> {
    const played = (await moves(p)).slice(0, await ply(p));
    clickPaths.clear();
    if (VARIANTS.has(variant)) {
      const g = await Game.create(variant, { options, ...(start ? { position: start } : {}) });
      for (const m of played) g.play(m);
      const legal = g.moves();
      for (const m of legal) clickPaths.set(m.text, m.path);
      g.dispose();
      return legal.map((m) => m.text);
    }
    const g = await createGame(variant, { options, ...(start ? { position: start } : {}) });
    for (const m of played) g.play(m);
    const legal = g.legalMoves();
    g.dispose();
    return legal;
  }

  /** The engine's canonical text of the move a path of clicks makes in `position` (Node). */
  async function canonical(
    variant: string,
    options: Record<string, string>,
    position: string,
    path: string[],
  ): Promise<string> {
    const g = await Game.create(variant, { options, position });
    g.play(path.join('x'));
    const [text] = g.history();
    g.dispose();
    return text!;
  }

  /** Starts recording the page's long tasks (over 50 ms, their durations in ms) in `window.longTasks`. */
  const watchLongTasks = (p: Page) =>
    p.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.longTasks.push(Math.round(e.duration));
      }).observe({ type: 'longtask' });
    });
  /** The longest task recorded since watchLongTasks (0 if none took over 50 ms). */
  const longestTask = async (p: Page) =>
    Math.max(0, ...(await p.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)));

  /** Pastes `pos` into the position box and loads it. */
  async function loadPosition(p: Page, pos: string): Promise<void> {
    await p.fill('#position-box', pos);
    await p.click('#load-position');
    await p.waitForFunction((q) => (document.getElementById('position-box') as HTMLTextAreaElement).value === q, pos);
    await ready(p);
  }

  /** Clicks a move's cells; a move that may go on (a multi-jump that may stop) ends with its last cell again. */
  async function clickMove(p: Page, move: string): Promise<void> {
    const before = await ply(p);
    const cells = clicksOf(move);
    for (const c of cells) await click(p, c);
    if ((await ply(p)) === before && !(await p.$('#choice'))) await click(p, cells[cells.length - 1]!);
  }

  for (const v of listVariants()) {
    it(`${v.id}: play by clicks, the engine answers, an illegal click changes nothing, undo restores`, async () => {
      await open(page, `?v=${v.id}`);
      await idle(page);
      // the engine (second side) may move first
      const start = await ply(page);
      const before = await position(page);
      const legal = await legalHere(page, v.id);
      expect(legal.length).toBeGreaterThan(0);
      // an illegal click: a cell that starts no legal move
      const cells = await page.$$eval('[data-point]', (els) => els.map((e) => (e as HTMLElement).dataset.point!));
      expect(cells.length).toBeGreaterThan(5);
      const starts = new Set(legal.map((m) => clicksOf(m)[0]));
      const dead = cells.find((c) => !starts.has(c))!;
      await click(page, dead);
      expect(await position(page)).toBe(before);
      expect(await ply(page)).toBe(start);
      expect(await page.$$('.board .mark.selected')).toHaveLength(0);
      // a legal move whose clicks no other move shares (no choice to make)
      const move =
        legal.find((m) => !legal.some((o) => o !== m && clicksOf(o).join() === clicksOf(m).join())) ?? legal[0]!;
      if (clicksOf(move).length > 1) {
        // the selected piece's destinations are highlighted; Escape drops the selection
        await click(page, clicksOf(move)[0]!);
        expect((await page.$$('.board .target')).length).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        expect(await page.$$('.board .target')).toHaveLength(0);
      }
      await clickMove(page, move);
      expect((await moves(page))[start]).toBe(move);
      // the engine answers (unless the move ended the game)
      await waitPly(page, start + 2);
      await idle(page);
      const after = await ply(page);
      expect(after === start + 2 || (await page.$('#result b')) !== null).toBe(true);
      await page.screenshot({ path: `${artifacts}${v.id}.png` });
      // undo back to before the move
      for (let i = after; i > start; i--) await page.click('#undo');
      expect(await position(page)).toBe(before);
      expect(await ply(page)).toBe(start);
      // redo returns to the end
      await page.click('#last');
      expect(await ply(page)).toBe(after);
    });
  }

  it('a multi-jump is entered by clicking each landing (tibetan-1)', async () => {
    const pos = 'GGGGG/GGGGG/1G1G1/4G/5/G2/1GT T - - last=d6';
    await open(page, `?v=tibetan-1&pos=${encodeURIComponent(pos)}&play=human,human`); // no engine reply
    const legal = await legalHere(page, 'tibetan-1', {}, pos);
    const [jump, stop] = [
      await canonical('tibetan-1', {}, pos, ['e1', 'a1', 'c3']),
      await canonical('tibetan-1', {}, pos, ['e1', 'a1']),
    ];
    expect(legal).toEqual(expect.arrayContaining([jump, stop]));
    const captured = async () => (await page.textContent('#side0'))!;
    await click(page, 'e1');
    await click(page, 'a1'); // a whole move (e1xa1), and the start of e1xa1xc3: the move goes on
    expect(await ply(page)).toBe(0);
    const targets = await page.$$eval('.board .target', (els) => els.length);
    expect(targets).toBe(2); // c3, or a1 again to stop there
    await click(page, 'c3');
    expect(await moves(page)).toEqual([jump]);
    expect(await captured()).toContain('captured: 2');
    await page.screenshot({ path: `${artifacts}multi-jump.png` });
    // and a jump that stops after its first landing: a1 clicked twice
    await page.click('#undo');
    await click(page, 'e1');
    await click(page, 'a1');
    await click(page, 'a1');
    expect(await moves(page)).toEqual([stop]);
  });

  it('tibetan-4: thousands of multi-jumps load without freezing the page, and one is entered by any of its paths', async () => {
    // a tiger inside the ring of goats: 3,980 multi-jumps, most of them a loop that may be jumped either way round
    const pos = '3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/4G4/TG1/3 T G46 - -';
    await open(page, `?v=tibetan-4&play=human,human`);
    await watchLongTasks(page);
    await loadPosition(page, pos);
    const legal = await legalHere(page, 'tibetan-4', {}, pos);
    expect(legal).toHaveLength(3980);
    // the move jumping the loop j8 h10 h8 j8, whatever text the engine gives it
    const move = await canonical('tibetan-4', {}, pos, ['f2', 'h4', 'h6', 'j8', 'h10', 'h8', 'j8']);
    expect(legal).toContain(move);
    await click(page, 'f2');
    expect(await page.$$('.board .target')).toHaveLength(3); // h4, h2 and e1
    for (const c of ['h4', 'h6', 'j8', 'h8', 'h10']) await click(page, c);
    await page.screenshot({ path: `${artifacts}tibetan-4-multi-jump.png` });
    // j8 again: the loop taken the other way round (j8 h8 h10 j8)
    await click(page, 'j8');
    if ((await ply(page)) === 0) await click(page, 'j8'); // the jump could go on: stop there
    expect(await moves(page)).toEqual([move]);
    expect(await page.textContent('#side0')).toContain('captured: 6');
    // no task of the page took seconds (listing the moves, drawing, entering the jump)
    expect(await longestTask(page)).toBeLessThan(1500);
  });

  it('tibetan-4: a multi-jump is entered by clicks among 61,178 legal moves, no task taking a second', async () => {
    const options = { setup: 'second-line' };
    const pos = '3/3/4T2G1/1GGGGGGG1/2G5G2/2G5GG1/1T1G5G1T1/2G5G2/2G5G2/1GGGGGGG1/9/1T1/3 T G48 - -';
    await open(page, '?v=tibetan-4&o.setup=second-line&play=human,human');
    await watchLongTasks(page);
    await loadPosition(page, pos);
    const g = await Game.create('tibetan-4', { options, position: pos });
    const all = g.moves();
    expect(all).toHaveLength(61178);
    // a jump of several landings, one of them a point it lands on twice (a loop)
    const m = all.find((x) => x.path.length >= 8 && new Set(x.path).size < x.path.length)!.toJSON();
    g.dispose();
    // each click as the page handles it (the handler and the drawing it starts run at once), in ms
    const timedClick = (cell: string) =>
      page.evaluate((name) => {
        const hit = document.querySelector(`[data-point="${name}"]`)!;
        const t = performance.now();
        hit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return performance.now() - t;
      }, cell);
    const times: number[] = [];
    for (const [k, c] of m.path.entries()) {
      times.push(await timedClick(c));
      if (k < m.path.length - 1) expect(await ply(page)).toBe(0); // a move is being entered
    }
    if ((await ply(page)) === 0) times.push(await timedClick(m.path[m.path.length - 1]!)); // the jump could go on: stop there
    expect(await moves(page)).toEqual([m.text]);
    expect(await page.textContent('#side0')).toContain(`captured: ${m.captured.length}`);
    expect(Math.max(...times), `ms per click: ${times.map((t) => t.toFixed(1)).join(' ')}`).toBeLessThan(100); // ~25 ms at most here
    expect(await longestTask(page)).toBeLessThan(1000);
  });

  it('a Maka Dai Dai promotion is offered as a choice', async () => {
    const pos = '18k/19/19/19/19/19/19/19/9p9/9G9/19/19/19/19/19/19/19/19/K18 b';
    await open(page, `?v=maka-dai-dai&pos=${encodeURIComponent(pos)}&play=human,human`);
    await click(page, 'j10');
    await click(page, 'j11');
    await page.waitForSelector('#choice');
    expect(await ply(page)).toBe(0);
    const offered = await page.$$eval('.choice-move', (els) => els.map((e) => (e as HTMLElement).dataset.move));
    expect(offered.sort()).toEqual(['j10xj11', 'j10xj11+']);
    await page.click('.choice-move[data-move="j10xj11+"]');
    expect(await moves(page)).toEqual(['j10xj11+']);
    expect(await page.$$('.board .piece.promoted')).toHaveLength(1);
    // flip: a1 goes from the bottom left to the top right; White's pieces turn upright, Black's upside down
    const a1 = async () => (await page.$('[data-point="a1"]'))!.boundingBox();
    const [before, s19] = [(await a1())!, (await (await page.$('[data-point="s19"]'))!.boundingBox())!];
    await page.click('#flip');
    const after = (await a1())!;
    expect([Math.round(after.x), Math.round(after.y)]).toEqual([Math.round(s19.x), Math.round(s19.y)]);
    expect(after.y).toBeLessThan(before.y);
    expect(await page.getAttribute('.piece[data-piece="K"]', 'transform')).toMatch(/rotate\(180/);
    await page.click('#flip');
    expect(await page.textContent('.piece[data-piece="K"] text')).toBe('玉'); // kanji by default
    await page.click('#labels'); // codes: the screenshot needs no CJK font
    expect(await page.textContent('.piece[data-piece="K"] text')).toBe('K');
    await page.screenshot({ path: `${artifacts}maka-promotion.png` });
  });

  it('the analysis shows its iterations live and stops when asked; perft counts', async () => {
    await open(page, '?v=bagh-chal');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await page.$('#not-isolated')).toBeNull();
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelectorAll('#iterations tr').length >= 2, null, {
      timeout: 30_000,
    });
    expect(await page.$('.board .arrow')).not.toBeNull();
    const t0 = Date.now();
    await page.click('#analyse'); // Stop
    await page.waitForFunction(() => document.getElementById('analyse')!.textContent === 'Analyse', null, {
      timeout: 10_000,
    });
    expect(Date.now() - t0).toBeLessThan(5000);
    const rows = await page.$$eval('#iterations tr', (els) => els.length);
    await page.waitForTimeout(500);
    expect(await page.$$eval('#iterations tr', (els) => els.length)).toBe(rows); // nothing more comes
    const firstRow = await page.$$eval('#iterations tr:last-child td', (els) => els.map((e) => e.textContent));
    expect(firstRow[0]).toBe('1'); // depth 1 ... with score, nodes, nodes/s, PV
    expect(firstRow[4]!.length).toBeGreaterThan(0);
    await page.screenshot({ path: `${artifacts}analysis.png` });
    // perft and divide, against the engine in Node
    const g = await createGame('bagh-chal');
    await page.fill('#perft-depth', '3');
    await page.dispatchEvent('#perft-depth', 'change');
    await page.click('#perft');
    await page.waitForFunction(() => /perft\(3\) =/.test(document.getElementById('perft-out')!.textContent!), null, {
      timeout: 30_000,
    });
    expect(await page.textContent('#perft-out')).toContain(`perft(3) = ${g.perft(3)} `);
    await page.click('#divide');
    await page.waitForFunction(() => /moves,/.test(document.getElementById('perft-out')!.textContent!), null, {
      timeout: 30_000,
    });
    expect(await page.textContent('#perft-out')).toContain(`c3: ${g.divide(3).c3}`);
  });

  it('a long perft stops when asked (the worker is replaced), and the engine plays on', async () => {
    await open(page, '?v=maka-dai-dai&play=human,human');
    await page.fill('#perft-depth', '6');
    await page.dispatchEvent('#perft-depth', 'change');
    await page.click('#perft');
    await page.waitForSelector('#perft-stop');
    await page.waitForTimeout(300);
    await page.click('#perft-stop');
    expect(await page.textContent('#perft-out')).toBe('stopped');
    await page.fill('#perft-depth', '1');
    await page.dispatchEvent('#perft-depth', 'change');
    await page.click('#perft');
    await page.waitForFunction(() => /perft\(1\) =/.test(document.getElementById('perft-out')!.textContent!), null, {
      timeout: 30_000,
    });
    const g = await createGame('maka-dai-dai');
    expect(await page.textContent('#perft-out')).toContain(`perft(1) = ${g.legalMoves().length} `);
    await page.selectOption('#player0', 'engine'); // Black to move: the new worker plays
    await waitPly(page, 1);
  });

  it('a pasted position loads, a malformed one shows an error beside the box, move lists import', async () => {
    await open(page, '?v=bagh-chal&play=human,human');
    const good = 'T3T/5/2G2/5/T3T T G19 -';
    await page.fill('#position-box', good);
    await page.click('#load-position');
    await page.waitForFunction(
      (p) => (document.getElementById('position-box') as HTMLTextAreaElement).value === p,
      good,
    );
    await ready(page);
    expect(await page.textContent('#to-move')).toContain('tigers');
    expect(await page.$$('.board .piece')).toHaveLength(5);
    expect(page.url()).toContain('pos=');
    const bad = 'T3T/5/2X2/5/T3T T G19 -';
    await page.fill('#position-box', bad);
    await page.click('#load-position');
    const error = await page.waitForSelector('#position-form #error-position');
    expect(await error.textContent()).toMatch(/column 8/);
    expect(await page.$$('.board .piece')).toHaveLength(5); // the game is unchanged
    // a move list: a bad one names its move and changes nothing; a good one plays
    await page.fill('#moves-box', 'a1-b2 zz9');
    await page.click('#load-moves');
    expect(await page.textContent('#moves-form #error-moves')).toMatch(/move 2 \(zz9\)/);
    expect(await ply(page)).toBe(0);
    await page.fill('#moves-box', 'a1-b2 b3');
    await page.click('#load-moves');
    expect(await moves(page)).toEqual(['a1-b2', 'b3']);
    // the move box: an illegal move is refused beside it
    await page.fill('#move-box', 'a1-a2');
    await page.press('#move-box', 'Enter');
    expect(await page.textContent('#move-form #error-move')).toMatch(/a1-a2/);
    expect(await ply(page)).toBe(2);
    // the new-game form: a bad option value is refused beside the form, the game goes on
    await page.selectOption('#variant', 'catch-the-giant');
    await page.fill('input[name=stall-limit]', '0');
    await page.dispatchEvent('input[name=stall-limit]', 'change');
    await page.click('#start');
    expect(await page.textContent('#new-game #error-game')).toMatch(/stall-limit/);
    expect(await ply(page)).toBe(2);
    await page.fill('input[name=stall-limit]', '7');
    await page.dispatchEvent('input[name=stall-limit]', 'change');
    await page.click('#start');
    await page.waitForFunction(() => /Catch the Giant/.test(document.querySelector('header')!.textContent!));
    await ready(page);
    expect(page.url()).toContain('o.stall-limit=7');
  });

  it('the URL reopens the game; a bad URL says why', async () => {
    await open(page, '?v=tibetan-2&o.setup=stacks&play=human,human');
    const legal = await legalHere(page, 'tibetan-2', { setup: 'stacks' });
    await clickMove(page, legal[0]!);
    const legal2 = await legalHere(page, 'tibetan-2', { setup: 'stacks' });
    await clickMove(page, legal2[0]!);
    await page.click('#undo');
    const url = page.url();
    expect(url).toContain('o.setup=stacks');
    expect(url).toContain('play=human%2Chuman');
    const [pos, list, at] = [await position(page), await moves(page), await ply(page)];
    const other = await browser.newPage();
    watch(other);
    await other.goto(url);
    await ready(other);
    expect([await position(other), await moves(other), await ply(other)]).toEqual([pos, list, at]);
    expect(await other.inputValue('select[name=setup]')).toBe('stacks');
    await other.close();
    // bad parameters: shown, and the page still opens a game
    await page.goto(server.url + '?v=no-such-game');
    await ready(page);
    expect(await page.textContent('#error-url')).toMatch(/no-such-game/);
    await page.goto(server.url + '?v=bagh-chal&m=c3+zz');
    await ready(page);
    expect(await page.textContent('#error-url')).toMatch(/zz/);
    expect(await moves(page)).toEqual(['c3']);
    await page.goto(server.url + '?v=bagh-chal&o.captures-to-win=99');
    await ready(page);
    expect(await page.textContent('#error-url')).toMatch(/captures-to-win/);
  });

  it("engine v engine plays a game to its end, with the rules' result and reason", async () => {
    // Catch the Giant with a stall limit ends fast
    await open(page, '?v=catch-the-giant&o.stall-limit=4', 60);
    await page.fill('#pause', '0');
    await page.dispatchEvent('#pause', 'change');
    await page.selectOption('#player0', 'engine');
    await page.waitForSelector('#result b', { timeout: 120_000 });
    const text = (await page.textContent('#result'))!;
    expect(text).toMatch(/Game over: (giants win|dwarfs win|draw)/);
    expect(text).toMatch(/\((prey|hunters|draw), (captures|no-moves|escape|stall-limit|repetition)\)/);
    expect(await page.textContent('#reason')).not.toMatch(/^(captures|no-moves|escape|stall-limit|repetition)$/); // words, not the code
    await page.screenshot({ path: `${artifacts}game-over.png` });
  });

  it('plays by touch (taps) on a small screen, the board scaled to it', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true });
    const p = await ctx.newPage();
    watch(p);
    await p.goto(server.url + '?v=surround-the-tiger&play=human,human');
    await ready(p);
    const box = (await p.$('.board-wrap svg'))!;
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(390);
    const legal = await legalHere(p, 'surround-the-tiger');
    for (const c of clicksOf(legal[0]!)) await p.tap(`[data-point="${c}"]`);
    expect(await moves(p)).toEqual([legal[0]]);
    await p.screenshot({ path: `${artifacts}touch.png` });
    await ctx.close();
  });

  it('as a static site without the isolation headers, the page says the search stops at its own limits', async () => {
    const plain = await startServer({ port: 0, isolation: false });
    try {
      const p = await browser.newPage();
      watch(p);
      await p.goto(plain.url + '?v=bagh-chal');
      await ready(p);
      expect(await p.evaluate(() => crossOriginIsolated)).toBe(false);
      expect(await p.textContent('#not-isolated')).toMatch(/its own limits/);
      await p.click('[data-point=c3]');
      await waitPly(p, 2); // the engine still plays
      await p.close();
    } finally {
      await plain.close();
    }
  });

  it('with --tb-dir, the page shows the tablebase verdict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lattice-web-tb-'));
    let tb: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      // the directory is checked at start: its tables are built first
      const built = spawnSync(
        process.execPath,
        [
          'dist/src/cli/main.js',
          'tablebase',
          'build',
          'bagh-chal',
          '--option',
          'captures-to-win=1',
          '--dir',
          dir,
          '--json',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(built.status).toBe(0);
      tb = await startServer({ port: 0, tbDir: dir });
      const p = await browser.newPage();
      watch(p);
      const pos = 'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -';
      await p.goto(`${tb.url}?v=bagh-chal&o.captures-to-win=1&pos=${encodeURIComponent(pos)}&play=human,human`);
      await ready(p);
      await p.waitForFunction(
        () => /^(goats|tigers|draw)/.test(document.getElementById('verdict')?.textContent ?? ''),
        null,
        { timeout: 30_000 },
      );
      expect(await p.textContent('#verdict')).toMatch(/^((goats|tigers) (win in \d+ pl(y|ies)|have won)|draw)/); // the winner named (words.ts verdictText)
      await p.screenshot({ path: `${artifacts}tablebase.png` });
      // a placement position is not in it
      await p.goto(`${tb.url}?v=bagh-chal&o.captures-to-win=1&play=human,human`);
      await ready(p);
      await p.waitForFunction(
        () => /not in the movement-phase tablebase/.test(document.getElementById('verdict-note')?.textContent ?? ''),
        null,
        { timeout: 30_000 },
      );
      await p.close();
    } finally {
      await tb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --tb-dir, the page shows the verdict of a game lattice solve solved (catch-the-giant)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lattice-web-gs-'));
    let tb: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const solved = spawnSync(
        process.execPath,
        ['dist/src/cli/main.js', 'solve', 'catch-the-giant', '--dir', dir, '--json'],
        { cwd: root, encoding: 'utf8' },
      );
      expect(solved.status).toBe(0);
      const { value } = JSON.parse(solved.stdout) as { value: { result: string; plies: number } };
      tb = await startServer({ port: 0, tbDir: dir });
      const p = await browser.newPage();
      watch(p);
      await p.goto(`${tb.url}?v=catch-the-giant&play=human,human`);
      await ready(p);
      await p.waitForFunction(
        () => /^(dwarfs|giants|draw)/.test(document.getElementById('verdict')?.textContent ?? ''),
        null,
        { timeout: 30_000 },
      );
      // the giant, to move at the start, loses: the dwarfs win, in the solver's distance
      expect(value.result).toBe('loss');
      expect(await p.textContent('#verdict')).toMatch(new RegExp(`^dwarfs win in ${value.plies} plies`));
      await p.screenshot({ path: `${artifacts}tablebase-solved.png` });
      await p.close();
    } finally {
      await tb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('had no console errors, page errors or failed requests', () => {
    expect(problems).toEqual([]);
  });
});
