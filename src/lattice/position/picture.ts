/**
 * Setups written out: the canonical position string and the board as text for people (src/lattice/position-text.ts).
 */
import { ArgumentError } from '../../contract/errors.js';
import { MAX_STACK, type NotationBase, type Setup, checkContext, hasExtraState } from './context.js';

// ---------------------------------------------------------------------------------------------------
// formatting

/**
 * Writes a Setup as its canonical position string (the form the header describes; parsePositionText
 * reads it back to an equal Setup). Bagh Chal positions come out exactly as src/notation.ts writes them.
 * @throws ArgumentError when `s` does not fit the board (array lengths, owner/count disagreeing, a stack
 *   over 63 or on a side without stacks, a count or point out of range).
 */
export function formatPositionText(ctx: NotationBase, s: Setup): string {
  checkContext(ctx);
  const { board, rules } = ctx;
  const names = ctx.sides;
  const n = board.points.length;
  if (s.owner.length !== n || s.count.length !== n)
    throw new ArgumentError(
      `formatPositionText: owner and count must have ${n} entries (one per point), ` +
        `got ${s.owner.length} and ${s.count.length}`,
    );
  const ranks = board.ranks.map((pts) => {
    // tokens: a number = an empty run, a string = a cell
    const tokens: Array<number | string> = [];
    for (const p of pts) {
      const o = s.owner[p],
        k = s.count[p];
      if (o === -1 && k === 0) {
        if (typeof tokens[tokens.length - 1] === 'number') (tokens[tokens.length - 1] as number)++;
        else tokens.push(1);
        continue;
      }
      if ((o !== 0 && o !== 1) || !Number.isInteger(k) || k < 1 || k > MAX_STACK || (k > 1 && !rules.sides[o].stacks)) {
        throw new ArgumentError(`formatPositionText: point ${board.points[p].name} has owner ${o} and count ${k}`);
      }
      tokens.push((s.king?.[p] ? '+' : '') + names[o].letter + (k > 1 ? `(${k})` : ''));
    }
    return tokens.map(String).join('');
  });
  const counts = (v: readonly number[]) => {
    let out = '';
    for (const sd of [1, 0] as const) {
      if (!Number.isInteger(v[sd]) || v[sd] < 0)
        throw new ArgumentError(`formatPositionText: a count must be an integer >= 0, got ${v[sd]}`);
      if (v[sd] > 0) out += names[sd].letter + v[sd];
    }
    return out || '-';
  };
  if (s.side !== 0 && s.side !== 1)
    throw new ArgumentError(`formatPositionText: side must be 0 or 1, got ${String(s.side)}`);
  let text = `${ranks.join('/')} ${names[s.side].letter} ${counts(s.hand)} ${counts(s.captured)}`;
  if (hasExtraState(rules)) {
    const items: string[] = [];
    if (s.last >= 0) {
      if (s.last >= n)
        throw new ArgumentError(`formatPositionText: last must be a point index below ${n} or -1, got ${s.last}`);
      items.push('last=' + board.points[s.last].name);
    }
    if (s.stall > 0) items.push('stall=' + s.stall);
    if ((s.clock ?? 0) > 0) items.push('clock=' + s.clock);
    text += ' ' + (items.join(',') || '-');
  }
  return text;
}

/**
 * The board as text for people: one line per rank (top first) with the rank number, each point drawn
 * at its file (`.` empty, else the piece letter; a stack as its letter and count, `+` past 9), files
 * lettered below. Extra state is not drawn (position() has it).
 */
export function formatBoardPicture(ctx: NotationBase, s: Setup): string {
  const { board, sides } = ctx;
  const lines: string[] = [];
  const w = String(board.height).length;
  board.ranks.forEach((pts) => {
    if (pts.length === 0) return;
    const row = Array<string>(board.width * 2).fill(' ');
    for (const p of pts) {
      const x = board.points[p].x * 2;
      if (s.owner[p] < 0) {
        row[x] = '.';
        continue;
      }
      row[x] = sides[s.owner[p]].letter;
      if (s.count[p] > 1) row[x + 1] = s.count[p] > 9 ? '+' : String(s.count[p]);
    }
    lines.push(String(board.points[pts[0]].y + 1).padStart(w) + '  ' + row.join('').trimEnd());
  });
  const files = Array.from({ length: board.width }, (_, x) => String.fromCharCode(97 + x)).join(' ');
  lines.push(' '.repeat(w) + '  ' + files);
  return lines.join('\n');
}
