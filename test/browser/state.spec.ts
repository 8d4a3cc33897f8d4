// The page shows every rule's state (issue 19), in headless Chromium against `lattice serve`: the piece
// the no-same-twice rule holds is marked and a click on it says why; the stall count and the move
// clock are shown with their limits, and a game ended by the move limit says so in words; a move's path
// is a line through its cells (a multi-jump's landings on the 105-point board) while entered and once
// played; errors go when a later action succeeds; the side to move stands out; every score follows one
// convention; Maka Dai Dai on a phone shows codes until zoomed to readable kanji. Run alone with
// `npx vitest run --config test/browser/vitest.config.ts test/browser/state.spec.ts` (after a build).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Game, createGame } from '../../dist/src/index.js';
import { CHROMIUM, artifacts, click, idle, launch, moves, ply, ready, serve, watch } from './harness.js';
import { chromiumMissing, skipping } from '../support/requires.js';

describe.skipIf(skipping("the page shows every rule's state", chromiumMissing()))(
  `the page shows every rule's state (${CHROMIUM})`,
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

    async function open(p: Page, query: string): Promise<void> {
      await p.goto(server.url + query);
      await ready(p);
    }
    const note = (p: Page) => p.$eval('#board-note', (e) => e.textContent).catch(() => null);
    const attr = (p: Page, sel: string, name: string) => p.getAttribute(sel, name);

    it('marks the goat the no-same-twice rule holds (last=), and a click on it says why it cannot move', async () => {
      const pos = 'GGGGG/GGGGG/G1G2/1G2G/3T1/3/1G1 G - - last=a5';
      await open(page, `?v=tibetan-1&play=human,human&pos=${encodeURIComponent(pos)}`);
      expect(
        await page.$$eval('.board .rule-mark', (els) =>
          els.map((e) => `${e.getAttribute('data-mark')} ${e.getAttribute('class')}`),
        ),
      ).toEqual(['a5 rule-mark may-not-move']);
      expect(await page.textContent('[data-point=a5] title')).toMatch(/^a5: the goat on a5 may not move now/);
      // typed, its move is refused saying why
      await page.fill('#move-box', 'a5-a4');
      await page.press('#move-box', 'Enter');
      expect(await page.textContent('#error-move')).toMatch(
        /illegal move "a5-a4" in .*: the goat on a5 may not move now/,
      );
      await click(page, 'a5');
      expect(await note(page)).toMatch(
        /^the goat on a5 may not move now: it stepped there on the goats' previous turn, and a goat may not be moved on two consecutive goat turns \(RULES\.md §2\)$/,
      );
      expect(await page.$$('.board .mark.selected')).toHaveLength(0);
      expect(await ply(page)).toBe(0);
      // other clicks that enter nothing say why too; one that selects a piece clears the note
      await click(page, 'd3');
      expect(await note(page)).toBe('Goats to move: the tiger on d3 is not theirs');
      await click(page, 'a7');
      expect(await note(page)).toBe('the goat on a7 has no legal move here');
      await click(page, 'c5');
      expect(await note(page)).toBeNull();
      // the goat steps: its point is marked for the goats' next turn, while the tigers move
      await click(page, 'b5');
      expect(await moves(page)).toEqual(['c5-b5']);
      expect(
        await page.$$eval('.board .rule-mark', (els) =>
          els.map((e) => `${e.getAttribute('data-mark')} ${e.getAttribute('class')}`),
        ),
      ).toEqual(['b5 rule-mark may-not-move-next']);
      const g = await Game.create('tibetan-1', { position: pos });
      g.play('c5-b5');
      const tiger = g.moves()[0]!;
      g.play(tiger.text);
      for (const c of tiger.path) await click(page, c);
      if ((await ply(page)) === 1) await click(page, tiger.path[tiger.path.length - 1]!);
      expect(await moves(page)).toEqual(['c5-b5', tiger.text]);
      const marked = g.describe().marks.map((m) => g.describe().board.points[m.point]!.name);
      expect(
        await page.$$eval('.board .rule-mark.may-not-move', (els) => els.map((e) => e.getAttribute('data-mark'))),
      ).toEqual(marked);
      g.dispose();
      await page.screenshot({ path: `${artifacts}rule-mark.png` });
    });

    it('shows the stall count and the move clock with their limits; a game the move limit ends says so in words', async () => {
      await open(page, '?v=catch-the-giant&o.stall-limit=7&play=human,human');
      const stall = '#counters [data-counter=stall]';
      expect([await attr(page, stall, 'data-value'), await attr(page, stall, 'data-limit')]).toEqual(['0', '7']);
      expect(await page.textContent(stall)).toBe(
        'dwarf moves in a row that gained no rank: 0 of 7 (at 7 the giants win)',
      );
      // the giant steps aside, a dwarf steps sideways (no rank gained): the count goes to 1, as the engine keeps it
      const g = await createGame('catch-the-giant', { options: { 'stall-limit': 7 } });
      for (const m of ['b3-a3', 'c2-b2']) {
        g.play(m);
        await page.fill('#move-box', m);
        await page.press('#move-box', 'Enter');
      }
      expect(g.describe().counters[0]!.value).toBe(1);
      expect(await attr(page, stall, 'data-value')).toBe('1');
      g.dispose();
      // Permainan Tabal with move-limit=2: two plies without a capture draw
      await open(page, '?v=permainan-tabal&o.move-limit=2&play=human,human');
      const clock = '#counters [data-counter=clock]';
      expect(await page.textContent(clock)).toBe('plies in a row without a capture: 0 of 2 (at 2 a draw)');
      const t = await Game.create('permainan-tabal', { options: { 'move-limit': 2 } });
      // a White move after which Black need not capture (captures are compulsory), and Black's quiet reply
      const quiet = (g: Game) =>
        g
          .moves()
          .filter((m) => m.captured.length === 0)
          .map((m) => m.text);
      const first = quiet(t).find((m) => {
        t.play(m);
        const ok = quiet(t).length > 0;
        t.undo();
        return ok;
      })!;
      t.play(first);
      const second = quiet(t)[0]!;
      t.play(second);
      for (const m of [first, second]) {
        await page.fill('#move-box', m);
        await page.press('#move-box', 'Enter');
        if (m === first) expect(await attr(page, clock, 'data-value')).toBe('1');
      }
      expect(t.result()).toEqual({ winner: 'draw', winnerName: 'draw', reason: 'move-limit' });
      t.dispose();
      expect(await attr(page, clock, 'data-value')).toBe('2');
      expect(await attr(page, clock, 'class')).toContain('at-limit');
      expect(await page.textContent('#result')).toBe(
        'Game over: draw — the move limit was reached (plies in a row without a capture) (draw, move-limit)',
      );
      expect(await page.$('#turn')).toBeNull(); // nobody is to move
      await page.screenshot({ path: `${artifacts}move-limit.png` });
    });

    it("draws a multi-jump's path on the 105-point board as a line through its landings, while entered and once played", async () => {
      const pos = '3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/4G4/TG1/3 T G46 - -';
      await open(page, `?v=tibetan-4&play=human,human&pos=${encodeURIComponent(pos)}`);
      const path = (cls: string) =>
        page
          .$eval(`.board polyline.path.${cls}`, (e) => ({
            cells: e.getAttribute('data-cells'),
            points: e.getAttribute('points')!.trim().split(/\s+/).length,
          }))
          .catch(() => null);
      const clicked = ['f2', 'h4', 'h6', 'j8', 'h10', 'h8', 'j8'];
      for (const [k, c] of clicked.slice(0, 4).entries()) {
        await click(page, c);
        expect(await path('entering')).toEqual(
          k === 0 ? null : { cells: clicked.slice(0, k + 1).join(' '), points: k + 1 },
        );
      }
      for (const c of clicked.slice(4)) await click(page, c);
      if ((await ply(page)) === 0) await click(page, 'j8'); // the jump could go on: stop there
      expect(await ply(page)).toBe(1);
      expect(await path('entering')).toBeNull();
      expect(await path('last')).toEqual({ cells: clicked.join(' '), points: 7 });
      await page.screenshot({ path: `${artifacts}tibetan-4-path.png` });
      // the same for any board: a step is a line from its origin to its destination; a placement has none
      await open(page, '?v=bagh-chal&play=human,human');
      await click(page, 'c3');
      expect(await path('last')).toBeNull();
      await click(page, 'a1');
      await click(page, 'b2');
      expect(await path('last')).toEqual({ cells: 'a1 b2', points: 2 });
    });

    it('clears an error when a later action succeeds, marks the side to move, and gives every score one sign convention', async () => {
      await open(page, '?v=bagh-chal&play=human,human');
      const error = (key: string) => page.$(`#error-${key}`);
      // the side to move stands out: its bar is marked, coloured and labelled; the other's is not
      const bar = (i: number) =>
        page.$eval(`#side${i}`, (e) => ({
          moving: e.classList.contains('to-move'),
          badge: !!e.querySelector('#turn'),
          bg: getComputedStyle(e).backgroundColor,
        }));
      const [goats, tigers] = [await bar(0), await bar(1)];
      expect([goats.moving, goats.badge, tigers.moving, tigers.badge]).toEqual([true, true, false, false]);
      expect(goats.bg).not.toBe(tigers.bg);
      expect(await page.textContent('#to-move')).toMatch(/goats\s+to move/);
      // a bad move, then a good click: the error goes
      await page.fill('#move-box', 'a1-a2');
      await page.press('#move-box', 'Enter');
      expect(await error('move')).not.toBeNull();
      await click(page, 'c3');
      expect(await error('move')).toBeNull();
      expect([(await bar(0)).moving, (await bar(1)).moving]).toEqual([false, true]);
      // a bad position, then undo
      await page.fill('#position-box', 'T3T/5/2X2/5/T3T T G19 -');
      await page.click('#load-position');
      await page.waitForSelector('#error-position'); // the position is checked by creating its game
      await page.click('#undo');
      expect(await error('position')).toBeNull();
      // a bad move list, then a move entered by clicks
      await page.fill('#moves-box', 'c3 zz9');
      await page.click('#load-moves');
      expect(await error('moves')).not.toBeNull();
      await click(page, 'c3');
      expect(await error('moves')).toBeNull();
      // a refused new game, then a move typed
      await page.fill('input[name=captures-to-win]', '99');
      await page.dispatchEvent('input[name=captures-to-win]', 'change');
      await page.click('#start');
      expect(await error('game')).not.toBeNull();
      await page.fill('#move-box', 'a1-b2');
      await page.press('#move-box', 'Enter');
      expect(await error('game')).toBeNull();
      expect(await moves(page)).toEqual(['c3', 'a1-b2']);
      // scores: from the goats' side whoever is to move, said on the page; the engine's status line too
      expect(await page.textContent('#score-convention')).toMatch(
        /^Scores are for goats: \+ favours goats, - favours tigers, whoever is to move/,
      );
      await open(page, '?v=bagh-chal&play=human,engine');
      await page.selectOption('#limit', 'depth');
      await page.fill('#limit-value', '3');
      await page.dispatchEvent('#limit-value', 'change');
      await click(page, 'c3');
      await page.waitForFunction(
        () => /engine played/.test(document.getElementById('engine-status')!.textContent!),
        null,
        { timeout: 60_000 },
      );
      await idle(page);
      const g = await Game.create('bagh-chal');
      g.play('c3');
      const r = g.search({ depth: 3 }); // for the tigers, to move
      g.dispose();
      expect(r.mateIn).toBeNull();
      const goatsView = -r.score; // the page shows it from the goats' side
      const score = `${goatsView > 0 ? '+' : goatsView < 0 ? '-' : ''}${(Math.abs(goatsView) / 100).toFixed(2)}`;
      expect(await page.textContent('#engine-status')).toBe(`engine played ${r.bestmove} (depth 3, ${score})`);
    });

    it('Maka Dai Dai on a phone: codes below a readable kanji size, the zoom brings the kanji back and the board scrolls', async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true });
      const p = await ctx.newPage();
      watch(p, problems);
      await open(p, '?v=maka-dai-dai&play=human,human');
      const labels = () => p.getAttribute('.board-wrap', 'data-labels');
      await p.waitForFunction(
        () => document.querySelector('.board-wrap')?.getAttribute('data-labels') === 'codes',
        null,
        { timeout: 10_000 },
      );
      expect(await p.textContent('.piece[data-piece="K"] text')).toBe('K');
      expect(await p.textContent('#labels-note')).toMatch(/codes are shown until they reach 10 px \(zoom in with \+/);
      await p.screenshot({ path: `${artifacts}maka-phone.png` });
      // zoom in until the kanji are readable: the board is larger than the screen and scrolls
      for (let i = 0; i < 4 && (await labels()) !== 'kanji'; i++) {
        await p.tap('#zoom-in');
        await p.waitForTimeout(100);
      }
      expect(await labels()).toBe('kanji');
      expect(await p.$('#labels-note')).toBeNull();
      const kanjiPx = await p.$eval('.piece[data-piece="K"] text', (e) => {
        const svg = e.closest('svg')!;
        return (
          (Number(e.getAttribute('font-size')) * svg.querySelector('.bg')!.getBoundingClientRect().width) /
          svg.viewBox.baseVal.width
        );
      });
      expect(kanjiPx).toBeGreaterThanOrEqual(10);
      const [scrollW, clientW] = await p.$eval('.board-wrap', (e) => [e.scrollWidth, e.clientWidth]);
      expect(scrollW).toBeGreaterThan(clientW * 1.5);
      // a move by taps on the zoomed board (playwright scrolls each cell into view)
      const g = await createGame('maka-dai-dai');
      const all = g.moves();
      const m = all.find((x) => x.path.length === 2 && !all.some((o) => o !== x && o.path.join() === x.path.join()))!;
      g.dispose();
      for (const c of m.path) await p.tap(`[data-point="${c}"]`);
      expect(await moves(p)).toEqual([m.text]);
      await p.screenshot({ path: `${artifacts}maka-phone-zoomed.png` });
      // back to fitting the screen: codes again
      for (let i = 0; i < 4; i++) if (await p.isEnabled('#zoom-out')) await p.tap('#zoom-out');
      await p.waitForFunction(
        () => document.querySelector('.board-wrap')?.getAttribute('data-labels') === 'codes',
        null,
        { timeout: 10_000 },
      );
      await ctx.close();
      // a desktop window made narrow switches too (the board's size is watched), and back when widened
      await open(page, '?v=maka-dai-dai&play=human,human');
      await page.waitForFunction(
        () => document.querySelector('.board-wrap')?.getAttribute('data-labels') === 'kanji',
        null,
        { timeout: 10_000 },
      );
      await page.setViewportSize({ width: 420, height: 900 });
      await page.waitForFunction(
        () => document.querySelector('.board-wrap')?.getAttribute('data-labels') === 'codes',
        null,
        { timeout: 10_000 },
      );
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.waitForFunction(
        () => document.querySelector('.board-wrap')?.getAttribute('data-labels') === 'kanji',
        null,
        { timeout: 10_000 },
      );
    });

    it('had no console errors, page errors or failed requests', () => {
      expect(problems).toEqual([]);
    });
  },
);
