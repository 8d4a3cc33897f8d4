// Independent, deliberately simple reference SOLVER for the four Hong Kong hunt
// games (RULES.md §0 and §3), on top of the independent reference move
// generator test/reference/hong-kong.ts. It exists to check the engine's
// retrograde solver (issue 20), so it shares no code with the engine and is
// written from RULES.md and docs/notation.md only.
//
// Method: an explicit graph. Every position reachable from a start is
// enumerated forwards (breadth first over the reference's legal moves; each
// position is named by its position text, which is canonical, and found again
// by a byte code of its counts), then the graph is solved backwards (retrograde analysis with a FIFO queue; a child's
// value is final when it leaves the queue, and values leave it in order of plies).
//
// Values are for the side to move, in plies (half-moves):
//   - the game is already decided (RULES §3: a capture threshold reached, the
//     giant's escape "checked after every move", the stall limit reached):
//     'win' if the side to move is the winner, else 'loss'; 0 plies. (In
//     catch-the-giant a dwarf move can put every dwarf above the giant: the
//     giant is then to move and has already won: 'win', 0.)
//   - not decided and the side to move has no legal move: 'loss', 0 (RULES §0).
//   - otherwise 'win' in 1 + min plies over the moves to a 'loss'; else
//     'loss' in 1 + max plies over the moves when every move leads to a 'win';
//     else 'draw' (plies 0). A position that can only be left into a cycle of
//     undecided positions is a draw: the draw3 reading of repetition
//     (repetition is not part of the position, and search treats a repeat as a
//     draw, RULES §0).
//
// The capture games' test-only option "captures-to-win" (hong-kong.ts) lowers
// the capture threshold so that reduced material makes small games.

import type { Board, Game, Options, Position } from './hong-kong.js';

export type HuntResult = 'win' | 'loss' | 'draw';

/** The value of a position for the side to move: plies to the end with best play (0 for a draw). */
export interface Value {
  result: HuntResult;
  plies: number;
}

export interface Limits {
  /** refuse (throw) when more positions than this are reachable; default 5,000,000 */
  maxPositions?: number;
}

/** The reachable positions of a start as a graph, positions numbered in breadth-first order from 0 (the start). */
export interface Graph {
  /** position text of every position (`positionText`), by number */
  keys: string[];
  /** the children of position i are childList[childStart[i] .. childStart[i + 1] - 1], distinct, in move order */
  childStart: Int32Array;
  childList: Int32Array;
  /** the end of every position: null while the game goes on, else its value ('win' | 'loss', 0 plies) */
  terminal: Array<Value | null>;
}

export interface Solution {
  game: Game;
  options: Options;
  /** the start's position text */
  startKey: string;
  /** number of reachable positions (the start included) */
  positions: number;
  /** the value of every reachable position, by position text */
  values: Map<string, Value>;
  /** the value of a reachable position (a reference Position or its position text); throws if it is not reachable */
  valueOf(p: Position | string): Value;
  /** a reachable position with the longest win (most plies) and its plies, or null when no position is won */
  longestWin: { key: string; plies: number } | null;
}

const DEFAULT_MAX_POSITIONS = 5_000_000;

// ---------------------------------------------------------------------------
// Position text (docs/notation.md).

function stallLimitOn(game: Game, options: Options): boolean {
  const v = options['stall-limit'] ?? 'off';
  return game.id === 'catch-the-giant' && v !== 'off';
}

const ROWS = new WeakMap<Board, number[][]>();

/** The board's points rank by rank from the top rank, left to right within a rank (points that exist only). */
function rowsOf(b: Board): number[][] {
  let rows = ROWS.get(b);
  if (!rows) {
    rows = [];
    for (let y = b.ranks - 1; y >= 0; y--) {
      const row: number[] = [];
      for (let x = 0; x < b.files; x++) {
        const i = b.names.findIndex((_, j) => b.x[j] === x && b.y[j] === y);
        if (i >= 0) row.push(i);
      }
      rows.push(row);
    }
    ROWS.set(b, rows);
  }
  return rows;
}

function countsText(game: Game, counts: { hunter: number; prey: number }): string {
  const parts: string[] = [];
  if (counts.hunter > 0) parts.push(game.letters[0] + String(counts.hunter));
  if (counts.prey > 0) parts.push(game.letters[1] + String(counts.prey));
  return parts.length > 0 ? parts.join('') : '-';
}

/**
 * The engine's position text of a reference position, written from docs/notation.md
 * "Notation": `board side hand captured [extra]`.
 *   - board: ranks from the top, `/` between them; each rank lists the points
 *     that exist on it, left to right: a piece's letter (hunter first in
 *     `game.letters`: G/D, T/D, T/D, W/S), `letter(n)` for a stack of n >= 2,
 *     a run of empty points as its length;
 *   - side: the letter of the side to move;
 *   - hand, captured: `-`, or letter + count per side with a nonzero count,
 *     hunters first (captured counts the pieces OF that side captured: `D2`);
 *   - extra: only in catch-the-giant with a stall limit (`options["stall-limit"]`
 *     a number): `stall=n`, or `-` for a count of 0; absent otherwise (the start
 *     table: `1/3/1G1/D1D/D G - -`, with a stall limit `1/3/1G1/D1D/D G - - -`).
 * Catch-the-giant's stall count is ignored without a stall limit. Throws if a
 * point holds pieces of both sides or a stack of more than 63 (the grammar's limit).
 */
export function positionText(game: Game, p: Position, options: Options = {}): string {
  const b = game.board;
  const ranks: string[] = [];
  for (const row of rowsOf(b)) {
    let text = '';
    let empties = 0;
    for (const i of row) {
      const h = p.hunter[i];
      const q = p.prey[i];
      if (h > 0 && q > 0) throw new Error(`positionText: both sides on ${b.names[i]}`);
      const n = h + q;
      if (n === 0) {
        empties++;
        continue;
      }
      if (n > 63) throw new Error(`positionText: a stack of ${n} on ${b.names[i]} (at most 63)`);
      if (empties > 0) text += String(empties);
      empties = 0;
      text += game.letters[h > 0 ? 0 : 1] + (n > 1 ? `(${n})` : '');
    }
    if (empties > 0) text += String(empties);
    ranks.push(text);
  }
  const side = game.letters[p.toMove === 'hunter' ? 0 : 1];
  const fields = [ranks.join('/'), side, countsText(game, p.hand), countsText(game, p.captured)];
  if (stallLimitOn(game, options)) fields.push(p.stall > 0 ? `stall=${p.stall}` : '-');
  return fields.join(' ');
}

// ---------------------------------------------------------------------------
// The graph.

/** A growable Int32Array. */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Numbers positions by their code: a fixed number of bytes, one per count
 * (pieces of each side on every point, side to move, hands, captured, stall),
 * one-to-one with the position. An open-addressing hash table over the codes,
 * kept in one byte array: a Map of 10^6 string keys took most of the time.
 */
class CodeTable {
  /** the code being looked up: fill it, then call `find` */
  readonly scratch: Uint8Array;
  private codes: Uint8Array;
  private slots: Int32Array; // position number + 1, 0 = empty
  count = 0;
  constructor(readonly width: number) {
    this.scratch = new Uint8Array(width);
    this.codes = new Uint8Array(width * 1024);
    this.slots = new Int32Array(4096);
  }
  private hash(codes: Uint8Array, at: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < this.width; k++) h = Math.imul(h ^ codes[at + k], 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  }
  private same(id: number): boolean {
    const at = id * this.width;
    for (let k = 0; k < this.width; k++) if (this.codes[at + k] !== this.scratch[k]) return false;
    return true;
  }
  /** the number of the scratch code, or -1 if it has none yet */
  find(): number {
    const mask = this.slots.length - 1;
    for (let s = this.hash(this.scratch, 0) & mask; ; s = (s + 1) & mask) {
      const id = this.slots[s] - 1;
      if (id < 0) return -1;
      if (this.same(id)) return id;
    }
  }
  /** give the scratch code the next number (it must have none) and return it */
  add(): number {
    const id = this.count++;
    if (this.count * this.width > this.codes.length) {
      const bigger = new Uint8Array(this.codes.length * 2);
      bigger.set(this.codes);
      this.codes = bigger;
    }
    this.codes.set(this.scratch, id * this.width);
    if (this.count * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let j = 0; j < this.count; j++) this.place(j);
    } else {
      this.place(id);
    }
    return id;
  }
  /** the code of position `id` (a view: do not keep it past the next `add`) */
  codeOf(id: number): Uint8Array {
    return this.codes.subarray(id * this.width, (id + 1) * this.width);
  }
  private place(id: number): void {
    const mask = this.slots.length - 1;
    let s = this.hash(this.codes, id * this.width) & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = id + 1;
  }
}

/**
 * Every position reachable from `start` by legal moves of the reference
 * (hong-kong.ts, RULES §0 and §3), breadth first, as a Graph. A position is
 * terminal (no children) when its game is decided or its side to move has no
 * legal move; its value is then given by the conventions in the file header.
 * Without a stall limit catch-the-giant's stall count is not part of the
 * position (it is dropped, and read back as 0). Throws if more than
 * `limits.maxPositions` (default 5,000,000) positions are reachable, or if the
 * options are invalid (as the reference's own validation says), or if a
 * count (pieces on a point, in hand, captured, stall) exceeds 255.
 */
export function reachableGraph(game: Game, start: Position, options: Options = {}, limits: Limits = {}): Graph {
  const maxPositions = limits.maxPositions ?? DEFAULT_MAX_POSITIONS;
  const keepStall = stallLimitOn(game, options);
  const keys: string[] = [];
  const n = game.board.names.length;
  const table = new CodeTable(2 * n + 6);
  // The code of p into table.scratch (a Uint8Array: a count over 255 would wrap, so it is refused).
  const code = (p: Position): void => {
    const c = table.scratch;
    let max = 0;
    for (let i = 0; i < n; i++) {
      c[i] = p.hunter[i];
      c[n + i] = p.prey[i];
      max = Math.max(max, p.hunter[i], p.prey[i]);
    }
    c[2 * n] = p.toMove === 'hunter' ? 0 : 1;
    c[2 * n + 1] = p.hand.hunter;
    c[2 * n + 2] = p.hand.prey;
    c[2 * n + 3] = p.captured.hunter;
    c[2 * n + 4] = p.captured.prey;
    c[2 * n + 5] = keepStall ? p.stall : 0;
    max = Math.max(max, p.hand.hunter, p.hand.prey, p.captured.hunter, p.captured.prey, c[2 * n + 5]);
    if (max > 255)
      throw new Error(`reachableGraph: a count of ${max} in ${positionText(game, p, options)} (at most 255)`);
  };
  // The position of a code (the inverse of `code`).
  const decode = (c: Uint8Array): Position => {
    const hunter = new Array<number>(n);
    const prey = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      hunter[i] = c[i];
      prey[i] = c[n + i];
    }
    return {
      hunter,
      prey,
      toMove: c[2 * n] === 0 ? 'hunter' : 'prey',
      hand: { hunter: c[2 * n + 1], prey: c[2 * n + 2] },
      captured: { hunter: c[2 * n + 3], prey: c[2 * n + 4] },
      stall: c[2 * n + 5],
    };
  };
  const terminal: Array<Value | null> = [];
  const childStart = new IntList();
  const childList = new IntList();
  const add = (p: Position): number => {
    code(p);
    let id = table.find();
    if (id < 0) {
      if (table.count >= maxPositions)
        throw new Error(`reachableGraph: more than ${maxPositions} positions reachable from ${keys[0]}`);
      id = table.add();
      keys.push(positionText(game, p, options));
    }
    return id;
  };
  add(start);
  for (let i = 0; i < keys.length; i++) {
    const p = decode(table.codeOf(i));
    childStart.push(childList.length);
    const moves = game.legalMoves(p, options);
    if (moves.length === 0) {
      const r = game.result(p, options);
      if (r === null) throw new Error(`reachableGraph: ${keys[i]} has no move and no result`);
      terminal.push({ result: r.winner === p.toMove ? 'win' : 'loss', plies: 0 });
      continue;
    }
    terminal.push(null);
    const seen = new Set<number>();
    for (const m of moves) {
      const c = add(game.child(p, m));
      if (!seen.has(c)) {
        seen.add(c);
        childList.push(c);
      }
    }
  }
  childStart.push(childList.length);
  return { keys, childStart: childStart.toArray(), childList: childList.toArray(), terminal };
}

/**
 * Retrograde analysis of a Graph: the value of every position, by number,
 * under the conventions of the file header. Terminal positions keep their
 * value; a position with a child lost in d plies is won in 1 + the least such
 * d; a position whose children are all won is lost in 1 + the most plies among
 * them; every other position is a draw (plies 0). The Values are frozen and
 * shared between positions of equal value.
 */
export function solveGraph(g: Graph): Value[] {
  const n = g.keys.length;
  // predecessors, as a reverse adjacency list
  const predCount = new Int32Array(n + 1);
  for (let k = 0; k < g.childList.length; k++) predCount[g.childList[k] + 1]++;
  for (let i = 0; i < n; i++) predCount[i + 1] += predCount[i];
  const predStart = predCount.slice();
  const predList = new Int32Array(g.childList.length);
  const fill = predStart.slice(0, n);
  for (let i = 0; i < n; i++) {
    for (let k = g.childStart[i]; k < g.childStart[i + 1]; k++) predList[fill[g.childList[k]]++] = i;
  }
  const WIN = 1;
  const LOSS = 2;
  const result = new Int8Array(n); // 0: not yet known
  const plies = new Int32Array(n);
  const unresolved = new Int32Array(n); // children not yet known to be wins
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    unresolved[i] = g.childStart[i + 1] - g.childStart[i];
    const t = g.terminal[i];
    if (t) {
      result[i] = t.result === 'win' ? WIN : LOSS;
      queue[tail++] = i;
    }
  }
  // FIFO: values enter the queue in order of plies (0s first, then d + 1 for a
  // d being processed), so the first loss found for a parent is its shortest
  // win and the last win found for it is its longest loss.
  while (head < tail) {
    const c = queue[head++];
    for (let k = predStart[c]; k < predStart[c + 1]; k++) {
      const p = predList[k];
      if (result[p] !== 0) continue;
      if (result[c] === LOSS) {
        result[p] = WIN;
        plies[p] = plies[c] + 1;
        queue[tail++] = p;
      } else if (--unresolved[p] === 0) {
        result[p] = LOSS;
        plies[p] = plies[c] + 1;
        queue[tail++] = p;
      }
    }
  }
  // one shared, frozen Value per (result, plies)
  const shared = new Map<number, Value>();
  const valueFor = (r: number, d: number): Value => {
    const k = r * 1e9 + d;
    let v = shared.get(k);
    if (!v) {
      v = Object.freeze({ result: r === WIN ? 'win' : r === LOSS ? 'loss' : 'draw', plies: r === 0 ? 0 : d });
      shared.set(k, v);
    }
    return v;
  };
  const out: Value[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = valueFor(result[i], plies[i]);
  return out;
}

/**
 * Solve `game` (a reference Game of hong-kong.ts, e.g. GAMES["catch-the-giant"])
 * from `start` under `options` (the reference's Options, RULES §3, plus the
 * test-only "captures-to-win"): enumerate every reachable position, solve the
 * graph backwards, and return every position's value for its side to move by
 * position text (conventions in the file header, RULES §0 and §3). Throws as
 * `reachableGraph` does. Time and memory grow with the number of reachable
 * positions: about 1.5 s and 80 MB per 10^5 on this 2-core machine under load
 * (1.2 * 10^6 positions: 17-20 s, under 1 GB).
 */
export function solveReference(game: Game, start: Position, options: Options = {}, limits: Limits = {}): Solution {
  const g = reachableGraph(game, start, options, limits);
  const v = solveGraph(g);
  const values = new Map<string, Value>();
  let longestWin: { key: string; plies: number } | null = null;
  g.keys.forEach((k, i) => {
    values.set(k, v[i]);
    if (v[i].result === 'win' && (longestWin === null || v[i].plies > longestWin.plies))
      longestWin = { key: k, plies: v[i].plies };
  });
  return {
    game,
    options,
    startKey: g.keys[0],
    positions: g.keys.length,
    values,
    valueOf(p: Position | string): Value {
      const key = typeof p === 'string' ? p : positionText(game, p, options);
      const found = values.get(key);
      if (!found) throw new Error(`solveReference: ${key} is not reachable from ${g.keys[0]}`);
      return found;
    },
    longestWin,
  };
}

/**
 * A best line from `p` (a position reachable in `s`), as move texts
 * (RULES §0 notation): while the side to move wins, a move to a loss with the
 * fewest plies; while it loses, a move to a win with the most plies; stops at
 * the end of the game, at a draw, or after `maxPlies` plies (default 200).
 * Among equal moves it takes the first in the reference's move order. Throws
 * if `p` is not reachable in `s`.
 */
export function bestLine(s: Solution, p: Position, maxPlies = 200): string[] {
  const line: string[] = [];
  let q = p;
  for (let ply = 0; ply < maxPlies; ply++) {
    const v = s.valueOf(q);
    if (v.result === 'draw' || v.plies === 0) break;
    const want: HuntResult = v.result === 'win' ? 'loss' : 'win';
    const move = s.game.legalMoves(q, s.options).find((m) => {
      const c = s.valueOf(s.game.child(q, m));
      return c.result === want && c.plies === v.plies - 1;
    });
    if (!move)
      throw new Error(`bestLine: no move keeps ${JSON.stringify(v)} from ${positionText(s.game, q, s.options)}`);
    line.push(s.game.moveText(move));
    q = s.game.child(q, move);
  }
  return line;
}
