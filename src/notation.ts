/**
 * Position strings and move text for the hunt games (RULES.md §0 "Notation"), both directions.
 *
 * Position grammar (one space between fields):
 *
 *     position := board SP side SP hand SP captured
 *     board    := rank ("/" rank)*       one rank per rank of the board, top rank first
 *     rank     := (piece | empties)+     the rank's points left to right (a den's rows list only the
 *                                        points that exist: the 37-point board's rank 1 is a1 c1 e1)
 *     piece    := a piece letter         (Bagh Chal: T tiger, G goat)
 *     empties  := [1-9][0-9]*            that many consecutive empty points (two runs may not touch)
 *     side     := the letter of the side to move
 *     hand     := "-" | (letter count)+  pieces in hand, e.g. G20
 *     captured := "-" | (letter count)+  pieces captured so far, e.g. G3
 *
 * Bagh Chal start: `T3T/5/5/5/T3T G G20 -`. Zero counts (`G0`) are accepted and written as `-`.
 *
 * Moves: `c3` placement, `a1-b2` step, `a1xc3` jump (the captured piece is the point between).
 */
import { ParseError } from './errors.js';
import type { Board } from './lattice/index.js';
import type { HuntVariant } from './variants/index.js';

/** Point contents in a Setup. */
export const EMPTY = 0, PREY = 1, HUNTER = 2;

/** A parsed, validated hunt position (the plain data the core is set from). */
export interface Setup {
  /** Contents by point index: EMPTY, PREY or HUNTER. */
  cells: Uint8Array;
  /** Side to move: 0 prey (goats), 1 hunters (tigers); same numbering as the core. */
  side: 0 | 1;
  inHand: number;
  captured: number;
}

/** A move as the core packs it (assembly/move.ts): to 0..7, from 8..15, capture 16..23, kind 24..27. */
export interface MoveParts { kind: 'place' | 'step' | 'jump'; from: number; to: number; capture: number }

export function unpackMove(m: number): MoveParts {
  const kind = (m >>> 24) & 0xf;
  return {
    kind: kind === 0 ? 'place' : kind === 1 ? 'step' : 'jump',
    to: m & 0xff,
    from: (m >>> 8) & 0xff,
    capture: (m >>> 16) & 0xff,
  };
}

/** Move text of a packed core move on `board`: `c3`, `a1-b2` or `a1xc3`. */
export function formatMove(board: Board, m: number): string {
  const p = unpackMove(m);
  const name = (i: number) => board.points[i].name;
  if (p.kind === 'place') return name(p.to);
  return name(p.from) + (p.kind === 'jump' ? 'x' : '-') + name(p.to);
}

/**
 * Checks the syntax of move text and that its points exist; returns the canonical text (lower case).
 * Throws ParseError with the column of the first bad character. Legality is the caller's check.
 */
export function parseMoveText(board: Board, text: string): string {
  const s = text.trim().toLowerCase();
  const offset = text.length - text.trimStart().length;
  if (s.length === 0) throw new ParseError('move', text, 1, 'empty move');
  const re = /^([a-z])(\d{1,2})/;
  const parts: string[] = [];
  let i = 0;
  for (;;) {
    const m = re.exec(s.slice(i));
    if (!m) throw new ParseError('move', text, offset + i + 1, 'expected a point name such as c3');
    const name = m[0];
    if (board.index(name) < 0) throw new ParseError('move', text, offset + i + 1, `no point ${name} on this board`);
    parts.push(name);
    i += name.length;
    if (i === s.length) break;
    const sep = s[i];
    if (sep !== '-' && sep !== 'x') throw new ParseError('move', text, offset + i + 1, `expected "-", "x" or the end, got "${s[i]}"`);
    if (sep === '-' && parts.length > 1) throw new ParseError('move', text, offset + i + 1, 'a step has exactly two points');
    parts.push(sep);
    i++;
  }
  return parts.join('');
}

function parseCounts(text: string, field: string, start: number, letters: string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (field === '-') return out;
  const re = /([A-Za-z])(0|[1-9]\d{0,5})(?!\d)/y;
  let i = 0;
  while (i < field.length) {
    re.lastIndex = i;
    const m = re.exec(field);
    if (!m) throw new ParseError('position', text, start + i, `expected a piece letter and a count without leading zeros (such as ${letters[0]}20) or "-"`);
    if (!letters.includes(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is not a piece that can be counted here (expected ${letters.join(' or ')})`);
    if (out.has(m[1])) throw new ParseError('position', text, start + i, `"${m[1]}" is counted twice`);
    out.set(m[1], Number(m[2]));
    i = re.lastIndex;
  }
  return out;
}

/**
 * Parses and validates a hunt position string for `variant` (grammar above). Checks: every rank covers
 * exactly its points, piece letters, the side letter, the number of hunters, prey on board + in hand +
 * captured = the variant's total, captured <= captures-to-win, and that the position can arise
 * (checkReachable below; skipped when `reachable` is false, as for the variant's own start). Throws
 * ParseError (with a 1-based column).
 */
export function parsePosition(variant: HuntVariant, board: Board, text: string, capturesToWin: number, reachable = true): Setup {
  const H = variant.hunter.letter, P = variant.prey.letter;
  // Fields: single spaces between them, no other whitespace anywhere (columns are 1-based).
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ') {
      if (i === 0 || i === text.length - 1 || text[i - 1] === ' ') {
        throw new ParseError('position', text, i + 1, 'fields are separated by single spaces, with none at the ends');
      }
    } else if (/\s/.test(ch)) {
      throw new ParseError('position', text, i + 1, `unexpected whitespace character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    }
  }
  if (text.length === 0) throw new ParseError('position', text, 1, 'empty position string');
  const fields = text.split(' ');
  const starts: number[] = [];
  let c = 1;
  for (const f of fields) { starts.push(c); c += f.length + 1; }
  if (fields.length !== 4) {
    throw new ParseError('position', text, fields.length > 4 ? starts[4] : text.length + 1,
      `expected 4 fields (board, side to move, hand, captured), found ${fields.length}`);
  }
  const [boardField, sideField, handField, captField] = fields;
  const cells = new Uint8Array(board.points.length);
  const ranks = boardField.split('/');
  if (ranks.length !== board.ranks.length) {
    throw new ParseError('position', text, 1, `expected ${board.ranks.length} ranks separated by "/", found ${ranks.length}`);
  }
  let col = 1;
  let hunters = 0, preyOnBoard = 0;
  for (let r = 0; r < ranks.length; r++) {
    const pts = board.ranks[r];
    const rankNo = board.points[pts[0]].y + 1;
    let k = 0, i = 0;
    const s = ranks[r];
    let lastWasDigit = false;
    while (i < s.length) {
      const ch = s[i];
      if (ch >= '0' && ch <= '9') {
        if (lastWasDigit || ch === '0') throw new ParseError('position', text, col + i, lastWasDigit ? 'two runs of empty points may not touch' : 'an empty run starts with 1-9');
        let j = i;
        while (j < s.length && s[j] >= '0' && s[j] <= '9') j++;
        const n = Number(s.slice(i, j));
        if (k + n > pts.length) {
          // digits together are one run; when that run is too long but its first digit fits, the writer
          // meant two runs side by side ("11" for 1 + 1): name the touching runs, at the second digit
          if (j - i >= 2 && k + Number(s[i]) <= pts.length) {
            throw new ParseError('position', text, col + i + 1, `two runs of empty points may not touch ("${s.slice(i, j)}" reads as one run of ${n}; rank ${rankNo} has only ${pts.length} points)`);
          }
          throw new ParseError('position', text, col + i, `rank ${rankNo} has only ${pts.length} points`);
        }
        k += n; i = j; lastWasDigit = true;
        continue;
      }
      if (ch !== H && ch !== P) throw new ParseError('position', text, col + i, `expected ${H}, ${P} or a digit, got "${ch}"`);
      if (k >= pts.length) throw new ParseError('position', text, col + i, `rank ${rankNo} has only ${pts.length} points`);
      cells[pts[k]] = ch === H ? HUNTER : PREY;
      if (ch === H) hunters++; else preyOnBoard++;
      k++; i++; lastWasDigit = false;
    }
    if (k !== pts.length) throw new ParseError('position', text, col + s.length, `rank ${rankNo} needs ${pts.length} points, found ${k}`);
    col += s.length + 1;
  }
  if (sideField !== H && sideField !== P) throw new ParseError('position', text, starts[1], `side to move must be ${P} or ${H}, got "${sideField}"`);
  const hand = parseCounts(text, handField, starts[2], [P]);
  const capt = parseCounts(text, captField, starts[3], [P]);
  const inHand = hand.get(P) ?? 0, captured = capt.get(P) ?? 0;
  if (hunters !== variant.hunters) throw new ParseError('position', text, 1, `expected ${variant.hunters} ${variant.hunter.plural} on the board, found ${hunters}`);
  if (preyOnBoard + inHand + captured !== variant.preyTotal) {
    throw new ParseError('position', text, starts[2],
      `${variant.prey.plural} on the board (${preyOnBoard}) + in hand (${inHand}) + captured (${captured}) must be ${variant.preyTotal}`);
  }
  if (captured > capturesToWin) throw new ParseError('position', text, starts[3], `at most ${capturesToWin} ${variant.prey.plural} can be captured`);
  const setup: Setup = { cells, side: sideField === H ? 1 : 0, inHand, captured };
  if (reachable) {
    const why = checkReachable(variant, board, setup, capturesToWin);
    if (why) throw new ParseError('position', text, why.field === 'board' ? 1 : starts[1], why.reason);
  }
  return setup;
}

/**
 * Why a well-formed position cannot arise in a game of `variant` from its start, or null when no reason
 * is known. A game that starts with every prey in hand and the prey to move (Bagh Chal, RULES.md §1:
 * goats place first; one hunter move follows each placement; only a hunter move captures) gives:
 * - the hunters are never to move once captures-to-win prey are captured: that capture ended the game;
 * - with prey still in hand, the hunters have moved exactly once per placement (placed - 1 times when
 *   they are to move), so they are never to move with as many prey captured as placed (at the start
 *   too: the prey move first).
 * Beyond these, a position can still be out of reach (hunters on points they cannot have reached in
 * the moves made, for one); such positions are accepted: the rule tests and the tablebases use
 * positions that are valid but not necessarily reachable.
 */
export function checkReachable(variant: HuntVariant, board: Board, s: Setup, capturesToWin: number): { field: 'board' | 'side'; reason: string } | null {
  const H = variant.hunter.plural, P = variant.prey.plural;
  const prey = (n: number) => `${n} ${n === 1 ? variant.prey.name : P}`;
  if (s.side === 1 && s.captured >= capturesToWin) {
    return { field: 'side', reason: `the ${H} cannot be to move with ${prey(s.captured)} captured: the capture that reached captures-to-win (${capturesToWin}) ended the game, with the ${P} to move` };
  }
  const defaults = Object.fromEntries(variant.options.map((d) => [d.name, d.default]));
  const start = parsePosition(variant, board, variant.start(defaults), capturesToWin, false);
  if (start.side !== 0 || start.inHand !== variant.preyTotal || s.inHand === 0) return null;
  const placed = variant.preyTotal - s.inHand;
  if (s.side === 1 && s.captured >= placed) {
    return { field: 'side', reason: `the ${H} cannot be to move with ${prey(s.captured)} captured of ${placed} placed: the ${P} move first, the ${H} have moved once per placement but the last, and each capture takes a move of theirs` };
  }
  return null;
}

/** Writes a Setup as a position string (the canonical form parsePosition reads back). */
export function formatPosition(variant: HuntVariant, board: Board, s: Setup): string {
  const H = variant.hunter.letter, P = variant.prey.letter;
  const ranks = board.ranks.map((pts) => {
    let out = '', run = 0;
    for (const p of pts) {
      const c = s.cells[p];
      if (c === EMPTY) { run++; continue; }
      if (run) { out += run; run = 0; }
      out += c === HUNTER ? H : P;
    }
    return run ? out + run : out;
  });
  const count = (n: number) => (n > 0 ? P + n : '-');
  return `${ranks.join('/')} ${s.side === 1 ? H : P} ${count(s.inHand)} ${count(s.captured)}`;
}

/**
 * The board as text for people: one line per rank (top first) with the rank number, each point drawn
 * at its file (`.` empty, else the piece letter), files lettered below.
 */
export function formatBoardText(variant: HuntVariant, board: Board, positionText: string): string {
  const ranks = positionText.split(' ')[0].split('/');
  const lines: string[] = [];
  const w = String(board.height).length;
  board.ranks.forEach((pts, r) => {
    const row = Array<string>(board.width * 2).fill(' ');
    let k = 0;
    for (const ch of ranks[r].replace(/\d+/g, (d) => '.'.repeat(Number(d)))) row[board.points[pts[k++]].x * 2] = ch;
    lines.push(String(board.points[pts[0]].y + 1).padStart(w) + '  ' + row.join('').trimEnd());
  });
  const files = Array.from({ length: board.width }, (_, x) => String.fromCharCode(97 + x)).join(' ');
  lines.push(' '.repeat(w) + '  ' + files);
  return lines.join('\n');
}
