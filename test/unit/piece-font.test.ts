// The page's font for the pieces' kanji (scripts/piece-font.ts, issue 34 item 4): the subset of Noto Serif
// JP carries a glyph for every character of every piece's kanji (both Maka piece tables, plain and
// promoted, and whatever kanji any variant's board description gives the page), it is WOFF2, small, and
// made the same byte for byte each time; the built page (dist/web, made by pretest) carries that very file,
// declares it in its <head> and ships the font's licence beside it. Chromium drawing it:
// test/browser/piece-font.spec.ts.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fontverter from 'fontverter';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LICENCE_FILE,
  PIECE_FONT_FAMILY,
  type PieceFont,
  fontContents,
  fontFace,
  makePieceFont,
  pieceCharacters,
} from '../../scripts/piece-font.js';
import { createGame, listVariants } from '../../src/engine.js';
import { PIECES, PIECES_ROKUSHU } from '../../src/maka/pieces.js';

const web = fileURLToPath(new URL('../../dist/web/', import.meta.url));

describe('the piece font', () => {
  let font: PieceFont;
  beforeAll(async () => {
    font = await makePieceFont();
  }, 60_000);

  it('has a glyph for every character of every piece kanji, and is small WOFF2', async () => {
    const wanted = new Set<string>();
    for (const t of [...PIECES, ...PIECES_ROKUSHU])
      for (const form of [t, t.promoted]) for (const c of form?.kanji ?? '') wanted.add(c);
    expect(pieceCharacters()).toEqual([...wanted].sort());
    expect(pieceCharacters().length).toBe(90);
    expect(fontverter.detectFormat(font.woff2)).toBe('woff2');
    const { codePoints, glyphs } = await fontContents(font.woff2);
    expect([...wanted].filter((c) => !codePoints.has(c.codePointAt(0)!))).toEqual([]);
    expect(codePoints.size).toBe(wanted.size); // nothing else
    expect(glyphs).toBe(font.glyphs);
    expect(glyphs).toBeLessThan(wanted.size + 10); // .notdef and the few glyphs layout features reach
    expect(font.woff2.length).toBeLessThan(30_000);
    console.log(`piece font: ${font.characters.length} characters, ${glyphs} glyphs, ${font.woff2.length} bytes`);
  });

  it('covers the kanji of every variant the page can show', async () => {
    const have = new Set(pieceCharacters());
    for (const v of listVariants()) {
      const g = await createGame(v.id);
      for (const p of g.describe().pieces)
        for (const c of p?.kanji ?? '') expect(have.has(c), `${v.id}: ${c} of ${p!.label}`).toBe(true);
    }
  });

  it('is made the same each time (its name is its content hash)', async () => {
    const again = await makePieceFont();
    expect(again.woff2.equals(font.woff2)).toBe(true);
    expect(again.fileName).toBe(font.fileName);
    expect(font.fileName).toMatch(/^assets\/piece-font-[0-9a-f]{10}\.woff2$/);
  }, 60_000);

  it('its @font-face names the family, the weight, font-display and exactly its characters', () => {
    const rule = fontFace(font, './x.woff2');
    expect(rule).toContain(`font-family: "${PIECE_FONT_FAMILY}"`);
    expect(rule).toContain('font-weight: 600');
    expect(rule).toContain('font-display: block');
    const range = /unicode-range: ([^;]+);/.exec(rule)![1]!.split(', ');
    expect(range.map((u) => String.fromCodePoint(Number.parseInt(u.slice(2), 16)))).toEqual(font.characters);
  });

  it('the built page carries it, declares it, preloads it and ships its licence', () => {
    const html = readFileSync(`${web}index.html`, 'utf8');
    expect(html).toContain(`<link rel="preload" href="./${font.fileName}" as="font" type="font/woff2" crossorigin`);
    expect(html).toContain(fontFace(font, `./${font.fileName}`));
    expect(existsSync(`${web}${font.fileName}`)).toBe(true);
    expect(readFileSync(`${web}${font.fileName}`).equals(font.woff2)).toBe(true);
    expect(readFileSync(`${web}${LICENCE_FILE}`, 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
    expect(readFileSync(fileURLToPath(new URL('../../src/web/style.css', import.meta.url)), 'utf8')).toMatch(
      new RegExp(`\\.piece\\.sq text \\{[^}]*font-family: "${PIECE_FONT_FAMILY}",`),
    );
  });
});
