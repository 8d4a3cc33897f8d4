// The page's own font for the pieces' kanji (issue 34 item 4): a machine without a CJK font (a fresh
// Debian server, many Linux desktops) draws every kanji as an empty box. `npm run build:web` (the Vite
// plugin below, in src/web/vite.config.ts) subsets Noto Serif JP SemiBold (SIL Open Font License 1.1,
// from the devDependency @expo-google-fonts/noto-serif-jp: nothing is downloaded at build time) to the
// characters of the Maka Dai Dai Shogi piece table (src/maka/pieces.ts: every kanji of every piece and
// promoted form, in both tables), writes it as one small WOFF2 with the font's licence beside it in
// dist/web/assets/, and declares it in the page's <head> (@font-face, preloaded); style.css draws the
// square boards' piece text in it first. The build fails when the source font lacks a character.
// The piece table is read here, at build time, not by the page: the page gets the kanji from the engine.
/// <reference path="./fontverter.d.ts" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { PIECES, PIECES_ROKUSHU } from '../src/maka/pieces.js';

const require = createRequire(import.meta.url);

/** The CSS family name of the page's piece font (style.css names it first for square boards' pieces). */
export const PIECE_FONT_FAMILY = 'Lattice Kanji';
/** Its CSS weight: the weight of the source font, the one style.css gives the pieces' text. */
export const PIECE_FONT_WEIGHT = 600;
/** The source font (all of Noto Serif JP SemiBold, 7.7 MB) and its licence, from the devDependency. */
export const SOURCE_FONT = require.resolve('@expo-google-fonts/noto-serif-jp/600SemiBold/NotoSerifJP_600SemiBold.ttf');
export const SOURCE_LICENCE = require.resolve('@expo-google-fonts/noto-serif-jp/LICENSE_FONT');
/** Where the licence goes in dist/web (the OFL asks that it travels with the font). */
export const LICENCE_FILE = 'assets/piece-font-OFL.txt';

/** Every character of every piece's kanji (plain and promoted, both piece tables), each once, sorted. */
export function pieceCharacters(): string[] {
  const chars = new Set<string>();
  for (const t of [...PIECES, ...PIECES_ROKUSHU])
    for (const form of [t, t.promoted]) if (form) for (const c of form.kanji) chars.add(c);
  return [...chars].sort();
}

/** The code points a font maps (any of TrueType, OpenType, WOFF, WOFF2) and its number of glyphs. */
export async function fontContents(font: Uint8Array): Promise<{ codePoints: Set<number>; glyphs: number }> {
  const bytes = Buffer.from(font.buffer, font.byteOffset, font.byteLength); // fontverter reads Buffers only
  const face = new Face(new Blob(await fontverter.convert(bytes, 'truetype')));
  const maxp = face.referenceTable('maxp');
  if (!maxp) throw new Error('the font has no maxp table');
  return { codePoints: new Set(face.collectUnicodes()), glyphs: (maxp[4]! << 8) | maxp[5]! };
}

/** The characters of `chars` that `font` lacks. */
export async function missingIn(font: Uint8Array, chars: readonly string[]): Promise<string[]> {
  const { codePoints } = await fontContents(font);
  return chars.filter((c) => !codePoints.has(c.codePointAt(0)!));
}

export interface PieceFont {
  /** The subset, WOFF2. */
  woff2: Buffer;
  /** Its path in dist/web, named by its content (assets/piece-font-<hash>.woff2). */
  fileName: string;
  /** The characters it carries (pieceCharacters()). */
  characters: string[];
  /** Its glyph count (the characters', .notdef's and those layout features reach). */
  glyphs: number;
}

/** Subsets the source font to pieceCharacters(); throws when the source or the subset lacks one of them. */
export async function makePieceFont(): Promise<PieceFont> {
  const characters = pieceCharacters();
  const source = readFileSync(SOURCE_FONT);
  const lacking = await missingIn(source, characters);
  if (lacking.length) throw new Error(`${SOURCE_FONT} has no glyph for the piece kanji ${lacking.join(' ')}`);
  const ttf = await subsetFont(source, characters.join(''), { targetFormat: 'truetype' });
  const lost = await missingIn(ttf, characters);
  if (lost.length) throw new Error(`the piece font's subset lost the kanji ${lost.join(' ')}`);
  const woff2 = await fontverter.convert(ttf, 'woff2');
  const hash = createHash('sha256').update(woff2).digest('hex').slice(0, 10);
  return { woff2, fileName: `assets/piece-font-${hash}.woff2`, characters, glyphs: (await fontContents(ttf)).glyphs };
}

/** The CSS unicode-range of `chars` (U+xxxx each). */
export function unicodeRange(chars: readonly string[]): string {
  return chars.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).join(', ');
}

/** The @font-face rule of the piece font at `url`. */
export function fontFace(font: Pick<PieceFont, 'characters'>, url: string): string {
  return (
    `/* the pieces' kanji: a subset of Noto Serif JP, SIL Open Font License 1.1 (./${LICENCE_FILE}) */\n` +
    `@font-face { font-family: "${PIECE_FONT_FAMILY}"; src: url("${url}") format("woff2"); ` +
    `font-weight: ${PIECE_FONT_WEIGHT}; font-style: normal; font-display: block; ` +
    `unicode-range: ${unicodeRange(font.characters)}; }`
  );
}

/**
 * The Vite plugin: emits the subset and its licence into the build, serves them in `vite` (dev), and puts
 * the @font-face rule and a preload of the font into index.html's <head>.
 */
export function pieceFontPlugin(): Plugin {
  let made: Promise<PieceFont> | undefined;
  const font = () => (made ??= makePieceFont());
  const licence = () => readFileSync(SOURCE_LICENCE);
  return {
    name: 'lattice-piece-font',
    async generateBundle() {
      const f = await font();
      this.emitFile({ type: 'asset', fileName: f.fileName, source: f.woff2 });
      this.emitFile({ type: 'asset', fileName: LICENCE_FILE, source: licence() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const sent = (type: string, body: Uint8Array) => {
          res.setHeader('content-type', type);
          res.end(body);
        };
        if (path === `/${LICENCE_FILE}`) return sent('text/plain; charset=utf-8', licence());
        font().then((f) => (path === `/${f.fileName}` ? sent('font/woff2', f.woff2) : next()), next);
      });
    },
    async transformIndexHtml() {
      const f = await font();
      const url = `./${f.fileName}`;
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: url, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        },
        { tag: 'style', children: fontFace(f, url), injectTo: 'head' },
      ];
    },
  };
}
