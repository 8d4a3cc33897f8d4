/**
 * Start positions of the declarations, written from data (points and counts) rather than by hand, in the
 * position grammar of spec issue 9 §3:
 * `board SP side SP hand SP captured [SP extra]`, ranks top first, a rank listing only its points,
 * `L` one piece, `L*n` a stack of n (2..63), digits a run of empty points, hand/captured `-` or
 * `(letter count)+`.
 */
import type { Board } from '../lattice/index.js';

/** Pieces on the board: point name -> letter (one piece) or [letter, count] (a stack of count >= 2). */
export type Pieces = Readonly<Record<string, string | readonly [string, number]>>;

/** What {@link startPosition} writes. */
export interface StartSpec {
  pieces: Pieces;
  /** Letter of the side to move. */
  side: string;
  /** Pieces in hand as [letter, count] in the order written; zero counts are left out, none = `-`. */
  hand?: ReadonlyArray<readonly [string, number]>;
  /** The extra field, written as given (`-`, `stall=0`); undefined = no extra field (the game has no extra state). */
  extra?: string;
}

function counts(items: ReadonlyArray<readonly [string, number]> | undefined): string {
  const s = (items ?? []).filter(([, n]) => n > 0).map(([l, n]) => `${l}${n}`).join('');
  return s === '' ? '-' : s;
}

/**
 * The position string of `spec` on `board` (nothing captured).
 * @throws RangeError (a declaration bug) for an unknown point name, a count outside 1..63, or a rank
 *   of the bounding grid without points.
 */
export function startPosition(board: Board, spec: StartSpec): string {
  for (const name of Object.keys(spec.pieces)) {
    if (board.index(name) < 0) throw new RangeError(`startPosition: ${board.id} has no point ${name}`);
  }
  const ranks = board.ranks.map((rank) => {
    if (rank.length === 0) throw new RangeError(`startPosition: ${board.id} has a rank without points`);
    let out = '';
    let run = 0;
    for (const p of rank) {
      const cell = spec.pieces[board.points[p]!.name];
      if (cell === undefined) { run++; continue; }
      if (run > 0) { out += String(run); run = 0; }
      const [letter, n] = typeof cell === 'string' ? [cell, 1] : cell;
      if (!Number.isInteger(n) || n < 1 || n > 63) throw new RangeError(`startPosition: bad count ${n} of ${letter}`);
      out += n === 1 ? letter : `${letter}*${n}`;
    }
    return run > 0 ? out + String(run) : out;
  });
  const fields = [ranks.join('/'), spec.side, counts(spec.hand), '-'];
  if (spec.extra !== undefined) fields.push(spec.extra);
  return fields.join(' ');
}

/** The parses of one rank's text as [points, pieces of letters[0], pieces of letters[1]] (every digit split of a stack count). */
function rankParses(t: string, letters: readonly [string, string]): Array<[number, number, number]> {
  if (t === '') return [[0, 0, 0]];
  const out: Array<[number, number, number]> = [];
  const side = letters.indexOf(t[0]!);
  if (side >= 0) {
    const add = (used: number, n: number) => {
      for (const [p, a, b] of rankParses(t.slice(used), letters)) out.push([p + 1, a + (side === 0 ? n : 0), b + (side === 1 ? n : 0)]);
    };
    if (t[1] === '*') {
      for (let len = 1; len <= 2 && /^\d$/.test(t[1 + len] ?? ''); len++) {
        const n = Number(t.slice(2, 2 + len));
        if (n >= 2 && n <= 63) add(2 + len, n);
      }
    } else add(1, 1);
  } else {
    const m = /^[1-9]\d*/.exec(t);
    if (!m) return [];
    for (let len = 1; len <= m[0].length; len++) {
      const run = Number(m[0].slice(0, len));
      if (/^\d/.test(t.slice(len))) continue; // two runs may not touch
      for (const [p, a, b] of rankParses(t.slice(len), letters)) out.push([p + run, a, b]);
    }
  }
  return out;
}

/**
 * The totals of each side (board + hand + captured) in a position string: `[side 0, side 1]`, as the
 * spec reads them from the start position. The board is read rank by rank against `board.ranks`
 * (a rank must hold exactly its points); a stack followed by a run of empty points (`G*61`, spec §3's
 * grammar is ambiguous there) is read the one way that fills the rank.
 * @throws RangeError naming the field when the text does not read as exactly one position of `board`.
 */
export function startTotals(board: Board, letters: readonly [string, string], text: string): [number, number] {
  const fields = text.split(' ');
  if (fields.length < 4 || fields.length > 5) throw new RangeError(`startTotals: ${JSON.stringify(text)} has ${fields.length} fields, expected 4 or 5`);
  const ranks = fields[0]!.split('/');
  if (ranks.length !== board.ranks.length) throw new RangeError(`startTotals: ${ranks.length} ranks, ${board.id} has ${board.ranks.length}`);
  const totals: [number, number] = [0, 0];
  ranks.forEach((r, i) => {
    const fits = rankParses(r, letters).filter(([p]) => p === board.ranks[i]!.length);
    const distinct = new Set(fits.map(([, a, b]) => `${a},${b}`));
    if (distinct.size !== 1) throw new RangeError(`startTotals: rank ${JSON.stringify(r)} reads ${distinct.size} ways as ${board.ranks[i]!.length} points`);
    totals[0] += fits[0]![1];
    totals[1] += fits[0]![2];
  });
  for (const f of [fields[2]!, fields[3]!]) {
    if (f === '-') continue;
    const items = f.match(/[A-Z]\d+/g) ?? [];
    if (items.join('') !== f) throw new RangeError(`startTotals: bad count field ${JSON.stringify(f)}`);
    for (const it of items) {
      const s = letters.indexOf(it[0]!);
      if (s < 0) throw new RangeError(`startTotals: unknown letter in ${JSON.stringify(f)}`);
      totals[s] += Number(it.slice(1));
    }
  }
  return totals;
}
