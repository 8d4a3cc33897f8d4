import { PIECES } from './pieces.js';
import { SIZE, colourOf, isPromoted, typeOf } from './position.js';
import { FILES, parsePosition } from './sfen.js';

/** Labels of a text board: the pieces' kanji (the promoted form's when promoted) or their codes. */
export type BoardLabels = 'kanji' | 'codes';

/**
 * The board of a position string as text for people: rank 19 at the top, files a..s below. With
 * `kanji`, each piece is its two-character name (White's marked `v`, as in shogi diagrams); with
 * `codes`, its code (`+` when promoted, lower case for White). Throws ParseError for a bad position.
 */
export function makaBoardText(position: string, labels: BoardLabels = 'codes'): string {
  const { cells } = parsePosition(position);
  const lines: string[] = [];
  for (let r = 0; r < SIZE; r++) {
    const rank = SIZE - r;
    let row = String(rank).padStart(2) + ' ';
    for (let f = 0; f < SIZE; f++) {
      const p = cells[(rank - 1) * SIZE + f]!;
      if (p === 0) {
        row += labels === 'kanji' ? '  ・ ' : '   . ';
        continue;
      }
      const t = PIECES[typeOf(p)]!;
      const white = colourOf(p) === 1;
      if (labels === 'kanji') {
        const name = isPromoted(p) && t.promoted ? t.promoted.kanji : t.kanji;
        row += (white ? 'v' : ' ') + name.slice(0, 2).padEnd(2, '　');
      } else {
        const code = (isPromoted(p) ? '+' : '') + (white ? t.code.toLowerCase() : t.code);
        row += code.padStart(4) + ' ';
      }
    }
    lines.push(row.trimEnd());
  }
  const cell = labels === 'kanji' ? 5 : 5;
  lines.push(
    '   ' +
      [...FILES]
        .map((f) => f.padStart(cell - 1).padEnd(cell))
        .join('')
        .trimEnd(),
  );
  return lines.join('\n');
}
