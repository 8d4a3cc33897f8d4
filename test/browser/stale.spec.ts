// The page never shows a stale or vanishing state (issue 35 class 7), in headless Chromium against
// `lattice serve`: going back or making the engine's side human while it thinks ends its thinking at once
// and drops its move; a URL's message stays (once) while its game is shown; a position or move list that
// fails to load leaves the page exactly as it was; with --tb-dir holding one game's tables, the other games
// show why there is no verdict, with no error and no failed request; a long error wraps in its panel and
// the "to move" badge stays on one line on a phone; the move box's hint and the perft output say only what
// holds of the position shown; a second new game asked for while the first loads wins. Run alone with
// `npx vitest run --config test/browser/vitest.config.ts test/browser/stale.spec.ts` (after a build).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildTablebase } from '../../dist/src/solve/index.js';
import { startServer } from '../../dist/src/serve.js';
import { CHROMIUM, artifacts, idle, launch, moves, ply, ready, serve, watch } from './harness.js';
import { chromiumMissing, skipping } from '../support/requires.js';

describe.skipIf(skipping('the page never shows a stale state', chromiumMissing()))(
  `the page never shows a stale or vanishing state (${CHROMIUM})`,
  () => {
    let server: { url: string; child: ChildProcess };
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      mkdirSync(artifacts, { recursive: true });
      server = await serve();
      browser = await launch();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      watch(page, problems);
    });
    afterAll(async () => {
      await browser?.close();
      server?.child.kill();
    });

    async function open(p: Page, query: string, base = server.url): Promise<void> {
      await p.goto(base + query);
      await ready(p);
    }
    const status = (p: Page) => p.textContent('#engine-status');
    const thinking = (p: Page) => p.getAttribute('#app', 'data-thinking');
    const errors = (p: Page) => p.$$eval('.error', (els) => els.map((e) => `${e.id}: ${e.textContent}`));
    /**
     * What a failed load must leave as it was: the board drawn, the moves listed and the ply, the players, the URL
     * (the boxes keep the text typed in them, to be corrected).
     */
    const snapshot = async (p: Page) => ({
      board: await p.$eval('.board-wrap', (e) => e.innerHTML),
      moves: await p.$$eval('#movelist a', (els) => els.map((e) => `${e.textContent}${e.className ? '*' : ''}`)),
      ply: await ply(p),
      players: [await p.inputValue('#player0'), await p.inputValue('#player1')],
      url: p.url(),
    });
    /** Sets the engine's move time (ms). */
    async function movetime(p: Page, ms: number): Promise<void> {
      await p.fill('#limit-value', String(ms));
      await p.dispatchEvent('#limit-value', 'change');
    }

    it('going back, or making the engine a person, while the engine thinks: no "thinking…" left, its move dropped', async () => {
      await open(page, '?v=bagh-chal');
      await movetime(page, 2000);
      await page.fill('#move-box', 'c3');
      await page.press('#move-box', 'Enter');
      expect([await thinking(page), await status(page)]).toEqual(['true', 'engine thinking…']);
      await page.click('h1'); // the keys act outside the form fields
      await page.keyboard.press('ArrowLeft');
      expect([await thinking(page), await status(page), await ply(page)]).toEqual(['false', '', 0]);
      await page.waitForTimeout(2500); // the search's time has passed: its move was not played
      expect([await moves(page), await ply(page), await status(page)]).toEqual([['c3'], 0, '']);
      // the tigers made human while the engine thinks for them
      await page.click('#last');
      expect(await status(page)).toBe('engine thinking…');
      await page.selectOption('#player1', 'human');
      expect([await thinking(page), await status(page)]).toEqual(['false', '']);
      await page.waitForTimeout(2500);
      expect([await moves(page), await ply(page), await status(page)]).toEqual([['c3'], 1, '']);
      // given back to the engine, it plays, and says so while its move is the one shown
      await movetime(page, 100);
      await page.selectOption('#player1', 'engine');
      await page.waitForFunction(() => document.getElementById('app')!.dataset.ply === '2', null, { timeout: 30_000 });
      const reply = (await moves(page))[1]!;
      expect(await status(page)).toMatch(new RegExp(`^engine played ${reply} \\(depth \\d+, `));
      await page.click('#undo');
      expect(await status(page)).toBe('');
      await page.click('#redo');
      expect(await status(page)).toMatch(/^engine played/);
    });

    it("keeps a URL's message while its game is shown, once, whoever plays; a new game clears it", async () => {
      const said = /^error-url: the URL's moves stop at move 2 \(zz\): bad move at column 1/;
      await open(page, '?v=bagh-chal&m=c3+zz+a1');
      await movetime(page, 100);
      await page.waitForFunction(() => document.getElementById('app')!.dataset.ply === '2', null, { timeout: 30_000 });
      await idle(page);
      await page.waitForTimeout(300);
      let shown = await errors(page);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(said);
      await open(page, '?v=bagh-chal&m=c3+zz+a1&play=human,human');
      shown = await errors(page);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(said);
      await page.fill('#move-box', 'a1-b2');
      await page.press('#move-box', 'Enter');
      expect(await moves(page)).toEqual(['c3', 'a1-b2']);
      expect(await errors(page)).toEqual(shown); // a move does not change the game loaded
      await page.click('#start');
      await page.waitForFunction(() => document.getElementById('app')!.dataset.ply === '0');
      await ready(page);
      expect(await errors(page)).toEqual([]);
    });

    it('a position or move list that fails to load leaves the page exactly as it was', async () => {
      await open(page, '?v=bagh-chal&m=c3+a1-b2+d3&ply=2&play=human,engine');
      await idle(page);
      const before = await snapshot(page);
      expect(before.ply).toBe(2);
      for (const bad of ['T3T/5/2X2/5/T3T T G19 -', 'T3T/5/5/5/T3T G G20 - x', '', 'x'.repeat(3000)]) {
        await page.fill('#position-box', bad);
        await page.click('#load-position');
        await page.waitForSelector('#error-position');
        expect(await snapshot(page)).toEqual(before);
      }
      // lists that fail part-way (after moves that play): nothing of them is kept
      for (const [list, said] of [
        ['c3 a1-b2 d3 zz', /^move 4 \(zz\): /],
        ['1. c3 a1-b2 2. d3 e5-e4 3. c3', /^move 5 \(c3\): /],
        ['c3 a1-b2 c3', /^move 3 \(c3\): illegal move/],
      ] as const) {
        await page.fill('#moves-box', list);
        await page.click('#load-moves');
        expect(await page.textContent('#error-moves')).toMatch(said);
        expect(await snapshot(page)).toEqual(before);
      }
      // a good list then loads, from the game's start
      await page.fill('#moves-box', '1. c3 a1-b2 2. d3');
      await page.click('#load-moves');
      expect([await moves(page), await ply(page)]).toEqual([['c3', 'a1-b2', 'd3'], 3]);
      expect(await page.$('#error-moves')).toBeNull();
    });

    it('with --tb-dir holding one game’s tables, every other game shows why it has no verdict: no error, no failed request', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lattice-web-one-tb-'));
      await buildTablebase('bagh-chal', { dir, options: { 'captures-to-win': 1 }, threads: 1 });
      const tb = await startServer({ port: 0, tbDir: dir });
      const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      watch(p, problems);
      try {
        const note = (q: Page) => q.textContent('#verdict-note');
        for (const [query, why] of [
          ['?v=maka-dai-dai&play=human,human', /^there are no tablebases of Maka Dai Dai Shogi$/],
          [
            '?v=bagh-chal&play=human,human',
            /^the server's --tb-dir holds Bagh Chal tables for captures-to-win=1, not for captures-to-win=5$/,
          ],
          ['?v=catch-the-giant&play=human,human', /^the server's --tb-dir holds no tables of Catch the Giant$/],
          ['?v=bagh-chal&o.captures-to-win=1&play=human,human', /not in the movement-phase tablebase/],
        ] as const) {
          await open(p, query, tb.url);
          await p.waitForSelector('#verdict-note', { timeout: 30_000 });
          expect(await note(p)).toMatch(why);
          expect(await errors(p)).toEqual([]);
        }
        await p.screenshot({ path: `${artifacts}tablebase-none.png` });
      } finally {
        await p.close();
        await tb.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('on a phone: a long error wraps inside its panel, and the "to move" badge stays on one line', async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true });
      const p = await ctx.newPage();
      watch(p, problems);
      await open(p, '?v=bagh-chal&play=human,human');
      const badge = await p.$eval('#turn', (e) => {
        const r = e.getBoundingClientRect();
        return { height: r.height, line: parseFloat(getComputedStyle(e).lineHeight) || r.height };
      });
      expect(badge.height).toBeLessThan(badge.line * 1.5);
      await p.fill('#position-box', 'x'.repeat(400));
      await p.tap('#load-position');
      await p.waitForSelector('#error-position');
      const fit = await p.$eval('#error-position', (e) => {
        const panel = e.closest('.panel')!.getBoundingClientRect();
        return {
          right: e.getBoundingClientRect().right,
          panel: panel.right,
          scroll: e.scrollWidth,
          width: e.clientWidth,
        };
      });
      expect(fit.right).toBeLessThanOrEqual(fit.panel);
      expect(fit.scroll).toBeLessThanOrEqual(fit.width);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.screenshot({ path: `${artifacts}phone-error.png`, fullPage: true });
      await ctx.close();
    });

    it("the move box's hint and the perft output say only what holds of the position shown", async () => {
      const pos = 'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -';
      await open(page, `?v=bagh-chal&play=human,human&pos=${encodeURIComponent(pos)}`);
      // no output yet: no empty box drawn
      expect(await page.$eval('#perft-out', (e) => getComputedStyle(e).display)).toBe('none');
      await page.fill('#perft-depth', '1');
      await page.dispatchEvent('#perft-depth', 'change');
      await page.click('#perft');
      await page.waitForFunction(() => /perft\(1\) =/.test(document.getElementById('perft-out')!.textContent!));
      await page.fill('#perft-depth', '');
      await page.dispatchEvent('#perft-depth', 'change');
      await page.click('#perft');
      expect(await page.textContent('#error-perft')).toBe('give the perft depth: a whole number of plies, such as 3');
      expect(await page.textContent('#perft-out')).toMatch(/^perft\(1\) =/);
      // the goats trap the tigers: the game is over, the perft shown was of the position before
      await page.fill('#move-box', 'c2-c3');
      await page.press('#move-box', 'Enter');
      await page.waitForSelector('#result b');
      expect(await page.getAttribute('#move-box', 'placeholder')).toBe('the game is over');
      expect(await page.textContent('#perft-out')).toBe('');
      await page.click('#undo');
      expect(await page.textContent('#perft-out')).toMatch(/^perft\(1\) =/);
      expect(await page.getAttribute('#move-box', 'placeholder')).toMatch(/^move, e\.g\. \S+$/);
      // a long perft stopped, and another started at once: the first one's end does not end the second
      await open(page, '?v=bagh-chal&play=human,human&m=c3');
      await page.fill('#perft-depth', '9');
      await page.dispatchEvent('#perft-depth', 'change');
      await page.click('#perft');
      await page.click('#perft-stop');
      expect(await page.textContent('#perft-out')).toBe('stopped');
      await page.click('#perft');
      await page.waitForTimeout(500);
      expect(await page.textContent('#perft-out')).toBe('perft 9…');
      // gone back a move: the perft running is of another position
      await page.click('#undo');
      expect(await page.textContent('#perft-out')).toBe('a perft of another position is running (stop ends it)');
      await page.click('#perft-stop');
      expect(await page.$('#perft-stop')).toBeNull();
    });

    it('the new-game form edited while a game loads keeps the edit when the game is shown', async () => {
      await open(page, '?v=bagh-chal&play=human,human');
      // in one tick of the page (as under load, where this raced): Start a game, then edit the form before it loads
      await page.evaluate(() => {
        const select = document.querySelector('#variant') as HTMLSelectElement;
        select.value = 'maka-dai-dai';
        select.dispatchEvent(new Event('change'));
        (document.querySelector('#start') as HTMLButtonElement).click();
        const again = document.querySelector('#variant') as HTMLSelectElement;
        again.value = 'catch-the-giant';
        again.dispatchEvent(new Event('change'));
      });
      await page.waitForFunction(() => /Maka Dai Dai/.test(document.querySelector('header')!.textContent!));
      await ready(page);
      // the form still reads Catch the Giant, and Start starts what it reads (the page's state kept the edit)
      expect(await page.$eval('#variant', (e) => (e as HTMLSelectElement).value)).toBe('catch-the-giant');
      await page.click('#start');
      await page.waitForFunction(() => /Catch the Giant/.test(document.querySelector('header')!.textContent!), null, {
        timeout: 10_000,
      });
      await ready(page);
    });

    it('a second new game asked for while the first loads is the one shown', async () => {
      await open(page, '?v=bagh-chal&play=human,human');
      await page.selectOption('#variant', 'maka-dai-dai');
      await page.click('#start');
      await page.selectOption('#variant', 'catch-the-giant');
      await page.click('#start');
      await page.waitForFunction(() => /Catch the Giant/.test(document.querySelector('header')!.textContent!));
      await ready(page);
      await page.waitForTimeout(1500);
      expect(await page.textContent('header .subtitle')).toBe('Catch the Giant');
      expect(page.url()).toContain('v=catch-the-giant');
    });

    it('had no console errors, page errors or failed requests', () => {
      expect(problems).toEqual([]);
    });
  },
);
