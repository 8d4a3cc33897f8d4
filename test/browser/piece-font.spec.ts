// The page's own font for the pieces' kanji (issue 34 item 4; scripts/piece-font.ts), in headless Chromium
// against `lattice serve`: the Maka Dai Dai board's kanji are drawn with the page's font ("Lattice Kanji", a
// subset of Noto Serif JP), whether or not the machine has a CJK font. Chromium itself says which font drew
// each piece's text (DevTools' CSS.getPlatformFontsForNode: the page's web font, not a system one); the
// FontFace is loaded; on a canvas each kanji drawn in it is a glyph one em wide, each unlike the others and
// unlike the empty box (.notdef) that a character no font has gives. On a machine without a CJK font
// (`fc-list :lang=ja` prints nothing, as on CI's), the same kanji drawn with the system fonts alone are all
// that same box: what the page showed before. Codes stay one click away. A screenshot of the board goes to
// test/browser/artifacts/maka-kanji.png.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, artifacts, launch, noChromium, ready, serve, skipping, watch } from './harness.js';

const FAMILY = 'Lattice Kanji';

/** Whether fontconfig knows a Japanese font here (null: no fc-list to ask). */
function systemHasJapaneseFont(): boolean | null {
  const r = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() !== '' : null;
}

describe.skipIf(skipping('the page font of the piece kanji', noChromium))(
  `the pieces' kanji font (${CHROMIUM})`,
  () => {
    let server: { url: string; child: ChildProcess };
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      mkdirSync(artifacts, { recursive: true });
      server = await serve();
      browser = await launch();
      page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
      watch(page, problems);
      await page.goto(`${server.url}?v=maka-dai-dai&play=human,human`);
      await ready(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    });
    afterAll(async () => {
      await browser?.close();
      server?.child.kill();
    });

    it('the board shows kanji, and Chromium draws every one of them with the page font', async () => {
      const texts = await page.$$eval('.board .piece.sq text', (els) => els.map((e) => e.textContent ?? ''));
      const kanji = texts.filter((t) => t !== '');
      expect(kanji.length).toBeGreaterThan(190); // 96 pieces a side, most with two kanji
      expect(kanji.every((t) => /^\p{Script=Han}$/u.test(t))).toBe(true);

      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
        nodeId: root.nodeId,
        selector: '.board .piece.sq text',
      });
      const used = new Map<string, { custom: boolean; glyphs: number }>();
      for (const nodeId of nodeIds) {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        for (const f of fonts) {
          const u = used.get(f.familyName) ?? { custom: f.isCustomFont, glyphs: 0 };
          u.glyphs += f.glyphCount;
          used.set(f.familyName, u);
        }
      }
      await cdp.detach();
      console.log('fonts that drew the pieces:', JSON.stringify(Object.fromEntries(used)));
      // one font drew them all: the page's (the subset keeps Noto Serif JP's own name), a web font
      expect([...used.keys()]).toEqual([expect.stringMatching(/Noto Serif JP/)]);
      expect([...used.values()][0]!.custom).toBe(true);
      expect([...used.values()][0]!.glyphs).toBe(kanji.length);

      await (await page.$('.board-wrap svg'))!.screenshot({ path: `${artifacts}maka-kanji.png` });
    });

    it('the FontFace is loaded, and its kanji are glyphs: one em wide, each its own, none the empty box', async () => {
      const kanji = [
        ...new Set(await page.$$eval('.board .piece.sq text', (els) => els.map((e) => e.textContent ?? ''))),
      ]
        .filter((t) => t !== '')
        .slice(0, 12);
      const r = await page.evaluate(
        ([family, chars]) => {
          const face = [...document.fonts].find((f) => f.family.replace(/"/g, '') === family);
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 120;
          const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
          /** The pixels of `text` drawn in `font`, as a string (equal strings: the same picture). */
          const draw = (font: string, text: string) => {
            ctx.clearRect(0, 0, 120, 120);
            ctx.font = font;
            ctx.textBaseline = 'middle';
            ctx.fillText(text, 10, 60);
            const a = ctx.getImageData(0, 0, 120, 120).data;
            let s = '';
            for (let i = 3; i < a.length; i += 4) s += a[i]! > 127 ? '1' : '0';
            return s;
          };
          const width = (font: string, text: string) => {
            ctx.font = font;
            return ctx.measureText(text).width;
          };
          const ours = `600 100px "${family}", serif`;
          const systems = '600 100px serif'; // the machine's fonts only
          const box = '\uE000'; // a private-use character: no font here has it, each draws .notdef
          return {
            status: face?.status ?? 'none',
            check: document.fonts.check(`600 100px "${family}"`, chars.join('')),
            family: getComputedStyle(document.querySelector('.board .piece.sq text')!).fontFamily,
            widths: chars.map((c) => width(ours, c)),
            ours: chars.map((c) => draw(ours, c)),
            box: draw(ours, box),
            systems: chars.map((c) => draw(systems, c)),
            systemBox: draw(systems, box),
            systemWidths: chars.map((c) => width(systems, c)),
          };
        },
        [FAMILY, kanji] as const,
      );
      expect(kanji.length).toBe(12);
      expect(r.status).toBe('loaded');
      expect(r.check).toBe(true);
      expect(r.family).toMatch(new RegExp(`^"?${FAMILY}"?,`));
      for (const w of r.widths) expect(w).toBeCloseTo(100, 0); // a full-width glyph: one em
      expect(new Set(r.ours).size).toBe(kanji.length); // no two alike
      expect(r.ours).not.toContain(r.box);
      const inked = (s: string) => s.split('1').length - 1;
      for (const s of r.ours) expect(inked(s)).toBeGreaterThan(300);

      const japanese = systemHasJapaneseFont();
      const systemBoxes = r.systems.filter((s) => s === r.systemBox).length;
      console.log(
        `fc-list :lang=ja: ${japanese === null ? 'not here' : japanese ? 'a Japanese font' : 'none'}; ` +
          `the system fonts alone drew ${systemBoxes} of ${kanji.length} kanji as the empty box ` +
          `(widths ${r.systemWidths.map((w) => w.toFixed(1)).join(' ')}); the page font none`,
      );
      // without a Japanese font on the machine, the system fonts draw nothing but boxes: what the page font replaces
      if (japanese === false) expect(systemBoxes).toBe(kanji.length);
    });

    it('codes stay one click away', async () => {
      await page.click('#labels');
      expect(await page.textContent('.piece[data-piece="K"] text')).toBe('K');
      await page.click('#labels');
      expect(await page.textContent('.piece[data-piece="K"] text')).toBe('玉');
    });

    it('the font and its licence are served, and nothing failed', async () => {
      const href = await page.getAttribute('link[rel=preload][as=font]', 'href');
      expect(href).toMatch(/^\.\/assets\/piece-font-[0-9a-f]+\.woff2$/);
      const font = await page.request.get(new URL(href!, server.url).href);
      expect(font.status()).toBe(200);
      expect(font.headers()['content-type']).toBe('font/woff2');
      expect((await font.body()).length).toBeLessThan(40_000);
      const licence = await page.request.get(new URL('assets/piece-font-OFL.txt', server.url).href);
      expect(await licence.text()).toContain('SIL OPEN FONT LICENSE Version 1.1');
      expect(problems).toEqual([]);
    });
  },
);
