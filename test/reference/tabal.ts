// Independent, deliberately simple reference implementation of Permainan Tabal
// (`permainan-tabal`, RULES.md §0 and §4). It exists to disagree with the fast
// engine when the fast engine is wrong, so it shares no code with it and is
// written from the rules text only: the board is plain data (points + drawn
// lines), a position is plain data, every move list is generated in full by a
// plain depth-first search and every child is a fresh copy.
//
// Board (RULES §0, §4): an Alquerque 5x5 grid on files a-e, ranks 3-7, plus a
// den on the south edge (gate c3; c2 centre; b2 c2 d2 middle row; a1 c1 e1
// base row) and one on the north edge (gate c7; b8 c8 d8; a9 c9 e9): 37 points.
// The den's slanted sides and axis CONTINUE the board's lines through the gate
// (e5-d4-c3-b2-a1, a5-b4-c3-d2-e1, column c is c1..c9, likewise north); the
// base row's points are two grid units apart but neighbours on that line. The
// construction is copied from test/reference/tibetan.ts (itself written from
// RULES §0), cut down to this one board.
//
// Rules (RULES §4), as read here:
// - Men (w, b) step to an adjacent empty point forward, diagonally forward or
//   sideways along a drawn line (forward = higher rank for White, lower for
//   Black; sideways = same rank; the den's base row counts as sideways), never
//   to a lower (White) / higher (Black) rank. Men capture by short jump in every
//   direction along a line.
// - Kings (W, B) slide any distance along a line over empty points; they
//   capture by jumping exactly one enemy piece at any distance on a line (only
//   empty points between) and land on ANY empty point beyond it before the next
//   occupied point (free landing).
// - Captures are compulsory (if any capture exists, only captures are legal)
//   and a capturing piece must go on while a further capture is available from
//   where it stands; a sequence ends only where no capture is available. Any
//   sequence may be chosen; `majority=true` keeps only those capturing the most
//   pieces (kings and men alike).
// - The moving piece's start point counts as empty during its own move.
// - removal=immediate (default; RULES: "removed as they are jumped"): a jumped
//   piece leaves at once, so its point is empty for the rest of the move (a king
//   may slide over it or land on it). removal=end: jumped pieces stay on the
//   board until the move ends; they block (cannot be passed or landed on) and
//   cannot be jumped again.
// - A man whose move ENDS on the far rank (rank 9 for White, rank 1 for Black:
//   the base row of the opponent's den) becomes a king; passing through that
//   rank during a capture does not promote, and the piece keeps capturing as a
//   man.
// - A move is (start, end, SET of captured points): two sequences with the same
//   identity are one move (RULES §0), listed once. Its text (docs/notation.md)
//   is `a1-b2` for a step; a capture is `start x end` (`c3xe7`) when no other
//   legal move of the position starts and ends on the same two points (a single
//   jump is always `c3xc5`), otherwise ONE path, the start then every landing
//   (`c3xc5xe7`): of the move's paths, the one whose landings come first in
//   board order (point index order: a1 c1 e1 b2 c2 d2 a3 ...), compared landing
//   by landing. moveTexts writes every legal move's text at once (a text
//   depends on the whole move list). parseMove accepts any path of a legal move,
//   and the short form `fromxto` when exactly one legal capture has those ends.
// - End (RULES §0, §4): a side with no pieces or no legal move loses; with
//   `move-limit=N` the game is drawn once N consecutive plies have passed
//   without a capture (`quiet` counter in the position; a capture resets it to
//   0, any other ply adds 1). A loss by having no piece/no move is judged first
//   (takes precedence over a move-limit draw reached on the same ply).
//   `repetition=none|draw3|forbid` is accepted and stored; this reference keeps
//   no history, so it never applies it (perft ignores repetition, RULES §0).

// ---------------------------------------------------------------------------
// The board.

export interface Board {
  /** index -> coordinates on the 5 x 9 bounding grid (x = file 0..4, y = rank 0..8) */
  points: Array<{ x: number; y: number }>;
  /** every maximal drawn line, as point indices in order along the line */
  lines: number[][];
  /** index -> adjacent points (neighbours on some line), ascending */
  neighbours: number[][];
  /** index -> possible short jumps: over an adjacent point `over` to the point `to` beyond it on the same line */
  jumps: Array<Array<{ over: number; to: number }>>;
  /** index -> rays: for each line through the point and each direction along it, the points met in order */
  rays: number[][][];
}

const FILES = 'abcde';
type XY = readonly [number, number];
const key = (p: XY) => `${p[0]},${p[1]}`;
const add = (p: XY, d: XY, k = 1): XY => [p[0] + k * d[0], p[1] + k * d[1]];

/** The 37-point board: Alquerque 5x5 on ranks 3-7, dens on the south and north edges. */
function buildBoard(): Board {
  const n = 5,
    ox = 0,
    oy = 2;
  const coords: XY[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) coords.push([ox + i, oy + j]);
  const inGrid = (i: number, j: number) => i >= 0 && i < n && j >= 0 && j < n;
  const lines: XY[][] = [];
  const walk = (i: number, j: number, di: number, dj: number) => {
    const line: XY[] = [];
    while (inGrid(i, j)) {
      line.push([ox + i, oy + j]);
      i += di;
      j += dj;
    }
    if (line.length >= 2) lines.push(line);
  };
  for (let k = 0; k < n; k++) {
    walk(0, k, 1, 0); // row
    walk(k, 0, 0, 1); // column
  }
  // Diagonals through points with x + y even (local coordinates).
  for (let k = 0; k < n; k += 2) {
    walk(k, 0, 1, 1);
    if (k > 0) walk(0, k, 1, 1);
    walk(k, 0, -1, 1);
    if (k > 0) walk(n - 1, k, -1, 1);
  }
  const half = (n - 1) / 2;
  for (const edge of ['south', 'north'] as const) {
    const [M, o, a]: [XY, XY, XY] =
      edge === 'south'
        ? [
            [ox + half, oy],
            [0, -1],
            [1, 0],
          ]
        : [
            [ox + half, oy + n - 1],
            [0, 1],
            [1, 0],
          ];
    const mid = [add(add(M, o), a, -1), add(M, o), add(add(M, o), a)];
    const base = [add(add(M, o, 2), a, -2), add(M, o, 2), add(add(M, o, 2), a, 2)];
    coords.push(...mid, ...base);
    for (let s = 0; s < 3; s++) {
      const extension = [mid[s], base[s]];
      const d: XY = [mid[s][0] - M[0], mid[s][1] - M[1]];
      const inward = key(add(M, d, -1));
      const idx = lines.findIndex((l) => {
        const first = key(l[0]),
          second = key(l[1]);
        const last = key(l[l.length - 1]),
          before = key(l[l.length - 2]);
        return (first === key(M) && second === inward) || (last === key(M) && before === inward);
      });
      if (idx < 0) throw new Error(`no board line through ${key(M)} for a den line to continue`);
      const l = lines[idx];
      const ordered = key(l[l.length - 1]) === key(M) ? l : l.slice().reverse();
      lines[idx] = [...ordered, ...extension];
    }
    lines.push(mid, base);
  }
  coords.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const indexOf = new Map<string, number>();
  coords.forEach((p, i) => indexOf.set(key(p), i));
  const ix = (p: XY) => {
    const i = indexOf.get(key(p));
    if (i === undefined) throw new Error(`line through a missing point ${key(p)}`);
    return i;
  };
  const lineIdx = lines.map((l) => l.map(ix));
  const neighbours: number[][] = coords.map(() => []);
  const jumps: Array<Array<{ over: number; to: number }>> = coords.map(() => []);
  const rays: number[][][] = coords.map(() => []);
  for (const l of lineIdx) {
    for (let k = 0; k + 1 < l.length; k++) {
      neighbours[l[k]].push(l[k + 1]);
      neighbours[l[k + 1]].push(l[k]);
    }
    for (let k = 0; k + 2 < l.length; k++) {
      jumps[l[k]].push({ over: l[k + 1], to: l[k + 2] });
      jumps[l[k + 2]].push({ over: l[k + 1], to: l[k] });
    }
    for (let k = 0; k < l.length; k++) {
      if (k + 1 < l.length) rays[l[k]].push(l.slice(k + 1));
      if (k > 0) rays[l[k]].push(l.slice(0, k).reverse());
    }
  }
  for (const ns of neighbours) ns.sort((p, q) => p - q);
  for (const js of jumps) js.sort((p, q) => p.to - q.to);
  return { points: coords.map(([x, y]) => ({ x, y })), lines: lineIdx, neighbours, jumps, rays };
}

/** The one board of Permainan Tabal (37 points, a1..e9; index order: rank, then file). */
export const BOARD: Board = buildBoard();

export function pointName(i: number): string {
  const p = BOARD.points[i];
  return FILES[p.x] + String(p.y + 1);
}

/** Index of a point name like `c3`, or -1 when the board has no such point. */
export function pointIndex(name: string): number {
  const m = /^([a-e])([1-9])$/.exec(name);
  if (!m) return -1;
  const x = FILES.indexOf(m[1]);
  const y = Number(m[2]) - 1;
  return BOARD.points.findIndex((p) => p.x === x && p.y === y);
}

function at(name: string): number {
  const i = pointIndex(name);
  if (i < 0) throw new Error(`no point ${name} on the permainan-tabal board`);
  return i;
}

// ---------------------------------------------------------------------------
// Positions and options.

export type Side = 'white' | 'black';
/** "." empty, "w"/"b" a man, "W"/"B" a king */
export type Cell = '.' | 'w' | 'W' | 'b' | 'B';

/** The options as resolved values (carried in every position). */
export interface TabalRules {
  first: Side;
  majority: boolean;
  removal: 'immediate' | 'end';
  /** N of `move-limit=N`, or null for `move-limit=off` */
  moveLimit: number | null;
  repetition: 'none' | 'draw3' | 'forbid';
}

export interface Position {
  /** point index -> contents */
  cells: Cell[];
  side: Side;
  /** consecutive plies played without a capture (the move-limit counter) */
  quiet: number;
  rules: TabalRules;
}

/** Options keyed as on the command line (`--option key=value`); values may be strings. */
export interface TabalOptions {
  first?: string;
  majority?: string | boolean;
  removal?: string;
  'move-limit'?: string | number;
  repetition?: string;
}

/** Resolve options (defaults: first=white majority=false removal=immediate move-limit=off repetition=draw3). */
export function resolveOptions(options: TabalOptions = {}): TabalRules {
  const known = ['first', 'majority', 'removal', 'move-limit', 'repetition'];
  for (const k of Object.keys(options))
    if (!known.includes(k)) throw new Error(`unknown option ${k} for permainan-tabal`);
  const pick = <T extends string>(name: string, v: unknown, allowed: readonly T[], dflt: T): T => {
    if (v === undefined) return dflt;
    const s = String(v);
    if (!(allowed as readonly string[]).includes(s))
      throw new Error(`option ${name}=${s}: allowed ${allowed.join('|')}`);
    return s as T;
  };
  const first = pick('first', options.first, ['white', 'black'], 'white');
  const majority = pick('majority', options.majority, ['false', 'true'], 'false') === 'true';
  const removal = pick('removal', options.removal, ['immediate', 'end'], 'immediate');
  const repetition = pick('repetition', options.repetition, ['none', 'draw3', 'forbid'], 'draw3');
  let moveLimit: number | null = null;
  const ml = options['move-limit'];
  if (ml !== undefined && String(ml) !== 'off') {
    const s = String(ml);
    if (!/^[1-9][0-9]*$/.test(s)) throw new Error(`option move-limit=${s}: allowed off|N (N a positive integer)`);
    moveLimit = Number(s);
  }
  return { first, majority, removal, moveLimit, repetition };
}

/** The start: White men on the south den and ranks 3-4, Black men on the north den and ranks 6-7, rank 5 empty. */
export function startPosition(options: TabalOptions = {}): Position {
  const rules = resolveOptions(options);
  const cells: Cell[] = BOARD.points.map((p) => (p.y <= 3 ? 'w' : p.y >= 5 ? 'b' : '.'));
  return { cells, side: rules.first, quiet: 0, rules };
}

/** A position from point names (for hand-made tests). Kings are listed separately. */
export function positionFrom(spec: {
  white?: string[];
  whiteKings?: string[];
  black?: string[];
  blackKings?: string[];
  side: Side;
  quiet?: number;
  options?: TabalOptions;
}): Position {
  const cells: Cell[] = BOARD.points.map(() => '.');
  const put = (names: string[] | undefined, c: Cell) => {
    for (const n of names ?? []) {
      const i = at(n);
      if (cells[i] !== '.') throw new Error(`two pieces on ${n}`);
      cells[i] = c;
    }
  };
  put(spec.white, 'w');
  put(spec.whiteKings, 'W');
  put(spec.black, 'b');
  put(spec.blackKings, 'B');
  return { cells, side: spec.side, quiet: spec.quiet ?? 0, rules: resolveOptions(spec.options) };
}

export function copyPosition(p: Position): Position {
  return { ...p, cells: p.cells.slice() };
}

const sideOf = (c: Cell): Side | null => (c === 'w' || c === 'W' ? 'white' : c === 'b' || c === 'B' ? 'black' : null);
const isKing = (c: Cell) => c === 'W' || c === 'B';
const other = (s: Side): Side => (s === 'white' ? 'black' : 'white');
/** rank index (0-based) of the far rank for a side's men */
const farRank = (s: Side) => (s === 'white' ? 8 : 0);

/** Number of pieces (men and kings) of a side. */
export function pieceCount(p: Position, s: Side): number {
  return p.cells.filter((c) => sideOf(c) === s).length;
}

// ---------------------------------------------------------------------------
// Moves.

export type Move =
  | { kind: 'step'; from: number; to: number; promotes: boolean }
  /** captured: ascending point indices; path: the landings (canonical: first in board order) */
  | { kind: 'capture'; from: number; to: number; captured: number[]; path: number[]; promotes: boolean };

/** The identity of a move (RULES §0: start, end, set of captured points). */
export function moveIdentity(m: Move): string {
  if (m.kind === 'step') return `step ${m.from} ${m.to}`;
  return `capture ${m.from} ${m.to} {${m.captured.join(',')}}`;
}

/** A move's text without looking at the position: a capture as its (canonical) path. */
export function pathText(m: Move): string {
  if (m.kind === 'step') return `${pointName(m.from)}-${pointName(m.to)}`;
  return [m.from, ...m.path].map(pointName).join('x');
}

const shortText = (m: Move) => `${pointName(m.from)}x${pointName(m.to)}`;
const endsOf = (m: Move) => `${m.from} ${m.to}`;

/** -1, 0, 1: two landing sequences compared landing by landing in board order (point index order). */
export function compareLandings(a: number[], b: number[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return a.length - b.length;
}

/**
 * The canonical text of every legal move of p, in legalMoves(p) order: a capture is `start x end`
 * unless another legal move has the same start and end, then its canonical path.
 */
export function moveTexts(p: Position): string[] {
  const legal = legalMoves(p);
  const ends = new Map<string, number>();
  for (const m of legal) ends.set(endsOf(m), (ends.get(endsOf(m)) ?? 0) + 1);
  return legal.map((m) => (m.kind === 'capture' && ends.get(endsOf(m)) === 1 ? shortText(m) : pathText(m)));
}

/** The canonical text of move m in position p (the rule of {@link moveTexts}; m need not be legal). */
export function formatMove(p: Position, m: Move): string {
  if (typeof p !== 'object' || !('cells' in p))
    throw new Error("formatMove(position, move): a capture's text depends on the position's other moves");
  if (m.kind !== 'capture') return pathText(m);
  const shared = legalMoves(p).some((x) => endsOf(x) === endsOf(m) && moveIdentity(x) !== moveIdentity(m));
  return shared ? pathText(m) : shortText(m);
}

/**
 * Every complete capture sequence of the piece on `from`, grouped by identity.
 * Returns identity -> { move (canonical path), texts (every path's text) }.
 */
function capturesOf(p: Position, from: number, collectTexts: boolean): Map<string, { move: Move; texts: string[] }> {
  const me = p.cells[from];
  const mySide = sideOf(me)!;
  const king = isKing(me);
  const immediate = p.rules.removal === 'immediate';
  const cells = p.cells.slice();
  cells[from] = '.'; // the mover has left its start point
  const captured: number[] = [];
  const found = new Map<string, { move: Move; texts: string[] }>();
  const enemyAt = (i: number) => sideOf(cells[i]) === other(mySide) && !captured.includes(i);
  const emptyAt = (i: number) => cells[i] === '.';

  const hops = (pt: number): Array<{ over: number; to: number }> => {
    const out: Array<{ over: number; to: number }> = [];
    if (!king) {
      for (const j of BOARD.jumps[pt]) if (enemyAt(j.over) && emptyAt(j.to)) out.push(j);
    } else {
      for (const ray of BOARD.rays[pt]) {
        let k = 0;
        while (k < ray.length && emptyAt(ray[k])) k++;
        if (k === ray.length || !enemyAt(ray[k])) continue;
        const over = ray[k];
        for (let j = k + 1; j < ray.length && emptyAt(ray[j]); j++) out.push({ over, to: ray[j] });
      }
    }
    return out;
  };

  const record = (to: number, path: number[]) => {
    const caps = captured.slice().sort((a, b) => a - b);
    const m: Move = {
      kind: 'capture',
      from,
      to,
      captured: caps,
      path,
      promotes: !king && BOARD.points[to].y === farRank(mySide),
    };
    const id = moveIdentity(m);
    const text = pathText(m);
    const old = found.get(id);
    if (!old) found.set(id, { move: m, texts: collectTexts ? [text] : [] });
    else {
      if (old.move.kind === 'capture' && compareLandings(path, old.move.path) < 0) old.move = m;
      if (collectTexts) old.texts.push(text);
    }
  };

  const explore = (pt: number, path: number[]) => {
    const hs = hops(pt);
    if (hs.length === 0) {
      if (path.length > 0) record(pt, path); // the sequence may end only where no capture is left
      return;
    }
    for (const h of hs) {
      captured.push(h.over);
      const saved = cells[h.over];
      if (immediate) cells[h.over] = '.';
      explore(h.to, [...path, h.to]);
      cells[h.over] = saved;
      captured.pop();
    }
  };
  explore(from, []);
  return found;
}

/** Steps of the piece on `from`: a man's forward/diagonal-forward/sideways steps, a king's slides. */
function stepsOf(p: Position, from: number): Move[] {
  const me = p.cells[from];
  const mySide = sideOf(me)!;
  const out: Move[] = [];
  if (isKing(me)) {
    for (const ray of BOARD.rays[from]) {
      for (const to of ray) {
        if (p.cells[to] !== '.') break;
        out.push({ kind: 'step', from, to, promotes: false });
      }
    }
  } else {
    const y0 = BOARD.points[from].y;
    for (const to of BOARD.neighbours[from]) {
      if (p.cells[to] !== '.') continue;
      const dy = BOARD.points[to].y - y0;
      if (mySide === 'white' ? dy < 0 : dy > 0) continue; // never backward
      out.push({ kind: 'step', from, to, promotes: BOARD.points[to].y === farRank(mySide) });
    }
  }
  return out;
}

/** Moves of the side to move under the capture rules, ignoring the move limit. */
function movesIgnoringLimit(p: Position, collectTexts = false): { moves: Move[]; texts: Map<string, string> } {
  const texts = new Map<string, string>(); // path text -> identity
  let captures: Move[] = [];
  for (let i = 0; i < p.cells.length; i++) {
    if (sideOf(p.cells[i]) !== p.side) continue;
    for (const [id, { move, texts: ts }] of capturesOf(p, i, collectTexts)) {
      captures.push(move);
      for (const t of ts) texts.set(t, id);
    }
  }
  if (captures.length > 0) {
    if (p.rules.majority) {
      const most = Math.max(...captures.map((m) => (m.kind === 'capture' ? m.captured.length : 0)));
      captures = captures.filter((m) => m.kind === 'capture' && m.captured.length === most);
    }
    return { moves: captures, texts };
  }
  const steps: Move[] = [];
  for (let i = 0; i < p.cells.length; i++) if (sideOf(p.cells[i]) === p.side) steps.push(...stepsOf(p, i));
  for (const m of steps) texts.set(pathText(m), moveIdentity(m));
  return { moves: steps, texts };
}

/** All legal moves of the side to move (none once the game is over). */
export function legalMoves(p: Position): Move[] {
  if (pieceCount(p, other(p.side)) === 0) return [];
  if (p.rules.moveLimit !== null && p.quiet >= p.rules.moveLimit) return [];
  return movesIgnoringLimit(p).moves;
}

/**
 * Resolve a move text to the legal move: any capture path of a legal move, or the short form
 * `fromxto` when exactly one legal capture goes from `from` to `to`; throws if none (or ambiguous).
 */
export function parseMove(p: Position, text: string): Move {
  const legal = legalMoves(p);
  const { texts } = movesIgnoringLimit(p, true);
  const id = texts.get(text);
  let m = id === undefined ? undefined : legal.find((x) => moveIdentity(x) === id);
  if (!m && /^[a-e][1-9]x[a-e][1-9]$/.test(text)) {
    // not a path of a legal move: the short form start x end
    const [a, b] = text.split('x').map(pointIndex);
    const same = legal.filter((x) => x.kind === 'capture' && x.from === a && x.to === b);
    if (same.length > 1) throw new Error(`illegal move "${text}": ambiguous, one of ${same.map(pathText).join(' ')}`);
    m = same[0];
  }
  if (!m) throw new Error(`illegal move "${text}"; legal: ${moveTexts(p).join(' ') || '(none)'}`);
  return m;
}

/** The position after a legal move (a Move or its text); throws if it is not legal. */
export function play(p: Position, move: Move | string): Position {
  const m = typeof move === 'string' ? parseMove(p, move) : move;
  if (!legalMoves(p).some((x) => moveIdentity(x) === moveIdentity(m))) throw new Error(`illegal move ${pathText(m)}`);
  return applyMove(p, m);
}

/** The position after a move known to be legal here (as produced by legalMoves). */
function applyMove(p: Position, m: Move): Position {
  const q = copyPosition(p);
  const piece = p.cells[m.from];
  q.cells[m.from] = '.';
  if (m.kind === 'capture') for (const c of m.captured) q.cells[c] = '.';
  q.cells[m.to] = m.promotes ? (piece === 'w' ? 'W' : 'B') : piece;
  q.quiet = m.kind === 'capture' ? 0 : p.quiet + 1;
  q.side = other(p.side);
  return q;
}

export interface Result {
  /** null for a draw */
  winner: Side | null;
  reason: 'no-pieces' | 'no-moves' | 'move-limit';
}

/**
 * The game's result, or null while it goes on. A loss (no pieces / no move) takes precedence over the move-limit draw.
 */
export function result(p: Position): Result | null {
  if (pieceCount(p, p.side) === 0) return { winner: other(p.side), reason: 'no-pieces' };
  if (pieceCount(p, other(p.side)) === 0) return { winner: p.side, reason: 'no-pieces' };
  if (movesIgnoringLimit(p).moves.length === 0) return { winner: other(p.side), reason: 'no-moves' };
  if (p.rules.moveLimit !== null && p.quiet >= p.rules.moveLimit) return { winner: null, reason: 'move-limit' };
  return null;
}

/** Leaves exactly `depth` plies below p, counting distinct moves; a finished game has no children. */
export function perft(p: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(p);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += perft(applyMove(p, m), depth - 1);
  return total;
}

/** Root move text -> perft(child, depth - 1). */
export function divide(p: Position, depth: number): Record<string, number> {
  const out: Record<string, number> = {};
  if (depth < 1) return out;
  const moves = legalMoves(p);
  const texts = moveTexts(p);
  moves.forEach((m, k) => {
    out[texts[k]] = perft(applyMove(p, m), depth - 1);
  });
  return out;
}

/** The board as text, rank 9 first (den points spaced as on the grid); for printing. */
export function picture(p: Position): string {
  const rows: string[] = [];
  for (let y = 8; y >= 0; y--) {
    let row = `${y + 1} `;
    for (let x = 0; x < 5; x++) {
      const i = BOARD.points.findIndex((q) => q.x === x && q.y === y);
      row += (i < 0 ? ' ' : p.cells[i]) + (x < 4 ? ' ' : '');
    }
    rows.push(row.trimEnd());
  }
  return rows.join('\n');
}
