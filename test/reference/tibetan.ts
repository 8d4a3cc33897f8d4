// Independent, deliberately simple reference implementation of the Tibetan
// tiger games `tibetan-1`, `tibetan-2` and `tibetan-4` (RULES.md §0 and §2).
// It exists to disagree with the fast engine when the fast engine is wrong, so
// it shares no code with it and is written from the rules text only: a board
// is plain data (points + drawn lines), a position is plain data, every move
// list is generated in full and every child is a fresh copy.
//
// Board (RULES §0): an Alquerque n x n grid (every row and column is a line;
// diagonal lines only through points with x + y even, counted on the n x n
// grid itself) plus dens. A den at the midpoint M of an edge, outward unit
// vector o, along-edge unit vector a, adds M+o-a, M+o, M+o+a (middle row) and
// M+2o-2a, M+2o, M+2o+2a (base row). Its lines: the two slanted sides and the
// axis, which CONTINUE the board's lines through M (so a tiger may jump across
// the gate M from the den into the board and back), the middle row and the
// base row (neighbours two grid units apart). Adjacent = consecutive on a line;
// a jump goes over the next point to the one after it on the same line.
//
// Coordinates: x = file (a, b, c ... from the left), y = rank (1, 2, 3 ... from
// the bottom) on the bounding grid. Point indices are ordered by rank, then
// file (index 0 = the lowest rank's leftmost point).
//
// Moves (RULES §0, §2): the goats place while they have goats in hand, then
// step one goat (one goat leaves a stack; never onto an occupied point), never
// from the point a goat stepped to on the goats' previous turn. The tigers step
// or jump; jumps chain (optional at every landing), one goat taken per jump,
// each point captured from at most once per move. A jump move is identified by
// (start, end, SET of captured points): two paths with the same identity are
// one move.
//
// Move text (docs/notation.md): `c3` placement, `c4-c5` step; a jump move is
// written `start x end` (`c5xe3`) when no other legal move of the position
// starts and ends on the same two points (a single jump is always `c5xc3`),
// otherwise as ONE path, start then every landing (`c5xc3xe3`): of the move's
// paths, the one whose landings come first in board order (= point index
// order: rank by rank from rank 1, files left to right), compared landing by
// landing. So a move's text depends on the position's whole move list:
// {@link moveTexts} writes them all at once. Played text: any path of a move,
// or the short form `fromxto` when exactly one legal jump has those ends.

// ---------------------------------------------------------------------------
// Boards.

export interface Board {
  /** width and height of the bounding grid */
  width: number;
  height: number;
  /** index -> coordinates on the bounding grid (x = file 0.., y = rank 0..) */
  points: Array<{ x: number; y: number }>;
  /** every maximal drawn line, as point indices in order along the line */
  lines: number[][];
  /** index -> adjacent points (neighbours on some line) */
  neighbours: number[][];
  /** index -> possible short jumps: over an adjacent point `over` to the point `to` beyond it on the same line */
  jumps: Array<Array<{ over: number; to: number }>>;
  /** the main board's centre point */
  centre: number;
  /** den centres (M+o) and gates (M), in the order the dens were given */
  denCentres: number[];
  gates: number[];
}

export type Edge = 'south' | 'north' | 'west' | 'east';

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export function pointName(board: Board, i: number): string {
  const p = board.points[i];
  return FILES[p.x] + String(p.y + 1);
}

export function pointIndex(board: Board, name: string): number {
  const m = /^([a-z])([0-9]+)$/.exec(name);
  if (!m) return -1;
  const x = FILES.indexOf(m[1]);
  const y = Number(m[2]) - 1;
  return board.points.findIndex((p) => p.x === x && p.y === y);
}

type XY = readonly [number, number];
const key = (p: XY) => `${p[0]},${p[1]}`;
const add = (p: XY, d: XY, k = 1): XY => [p[0] + k * d[0], p[1] + k * d[1]];

/**
 * Alquerque n x n grid with its lower-left corner at (ox, oy) of a width x
 * height bounding grid, plus one den on each edge listed.
 */
export function buildHuntBoard(n: number, ox: number, oy: number, width: number, height: number, dens: Edge[]): Board {
  if (n % 2 === 0) throw new Error('an Alquerque grid with dens needs an odd size (edge midpoint)');
  const coords: XY[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) coords.push([ox + i, oy + j]);
  const inGrid = (i: number, j: number) => i >= 0 && i < n && j >= 0 && j < n;

  // Lines of the grid, in local coordinates (i, j), then shifted.
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
  // Diagonals: start on the bottom or left edge at an even point.
  for (let k = 0; k < n; k += 2) {
    walk(k, 0, 1, 1); // up-right from the bottom edge
    if (k > 0) walk(0, k, 1, 1); // up-right from the left edge
    walk(k, 0, -1, 1); // up-left from the bottom edge
    if (k > 0) walk(n - 1, k, -1, 1); // up-left from the right edge
  }
  // (n odd, so n - 1 is even and (n-1, k) is an even point when k is.)

  const half = (n - 1) / 2;
  const denCentres: XY[] = [];
  const gates: XY[] = [];
  for (const edge of dens) {
    // M, outward o, along-edge a
    const [M, o, a]: [XY, XY, XY] =
      edge === 'south'
        ? [
            [ox + half, oy],
            [0, -1],
            [1, 0],
          ]
        : edge === 'north'
          ? [
              [ox + half, oy + n - 1],
              [0, 1],
              [1, 0],
            ]
          : edge === 'west'
            ? [
                [ox, oy + half],
                [-1, 0],
                [0, 1],
              ]
            : [
                [ox + n - 1, oy + half],
                [1, 0],
                [0, 1],
              ];
    const mid = [add(add(M, o), a, -1), add(M, o), add(add(M, o), a)];
    const base = [add(add(M, o, 2), a, -2), add(M, o, 2), add(add(M, o, 2), a, 2)];
    coords.push(...mid, ...base);
    gates.push(M);
    denCentres.push(mid[1]);
    // The two slanted sides and the axis continue the board's line through M.
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

  // Index points by rank, then file.
  coords.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const indexOf = new Map<string, number>();
  coords.forEach((p, i) => {
    if (indexOf.has(key(p))) throw new Error(`duplicate point ${key(p)}`);
    indexOf.set(key(p), i);
  });
  const ix = (p: XY) => {
    const i = indexOf.get(key(p));
    if (i === undefined) throw new Error(`line through a missing point ${key(p)}`);
    return i;
  };
  const lineIdx = lines.map((l) => l.map(ix));
  const neighbours: number[][] = coords.map(() => []);
  const jumps: Array<Array<{ over: number; to: number }>> = coords.map(() => []);
  for (const l of lineIdx) {
    for (let k = 0; k + 1 < l.length; k++) {
      neighbours[l[k]].push(l[k + 1]);
      neighbours[l[k + 1]].push(l[k]);
    }
    for (let k = 0; k + 2 < l.length; k++) {
      jumps[l[k]].push({ over: l[k + 1], to: l[k + 2] });
      jumps[l[k + 2]].push({ over: l[k + 1], to: l[k] });
    }
  }
  for (const ns of neighbours) ns.sort((p, q) => p - q);
  for (const js of jumps) js.sort((p, q) => p.to - q.to);
  return {
    width,
    height,
    points: coords.map(([x, y]) => ({ x, y })),
    lines: lineIdx,
    neighbours,
    jumps,
    centre: ix([ox + half, oy + half]),
    denCentres: denCentres.map(ix),
    gates: gates.map(ix),
  };
}

/** 5x5 on ranks 3-7 + a den on the south edge: 31 points, a1..e7. */
export function buildTibetan1Board(): Board {
  return buildHuntBoard(5, 0, 2, 5, 7, ['south']);
}

/** 5x5 on ranks 3-7 + dens on south and north: 37 points, a1..e9. */
export function buildTibetan2Board(): Board {
  return buildHuntBoard(5, 0, 2, 5, 9, ['south', 'north']);
}

/** 9x9 on files c-k, ranks 3-11 + dens on all four edges: 105 points, a1..m13. */
export function buildTibetan4Board(): Board {
  return buildHuntBoard(9, 2, 2, 13, 13, ['south', 'north', 'west', 'east']);
}

export type Variant = 'tibetan-1' | 'tibetan-2' | 'tibetan-4';

const BOARDS: Record<Variant, Board> = {
  'tibetan-1': buildTibetan1Board(),
  'tibetan-2': buildTibetan2Board(),
  'tibetan-4': buildTibetan4Board(),
};

export function boardOf(variant: Variant): Board {
  const b = BOARDS[variant];
  if (!b) throw new Error(`unknown variant ${String(variant)}`);
  return b;
}

// ---------------------------------------------------------------------------
// Positions and options.

export type Side = 'goats' | 'tigers';

export interface Position {
  variant: Variant;
  /** the rule `tiger-win-goats-left` (carried here so legalMoves/result need nothing else) */
  goatsLeftToWin: number;
  /** goats on each point (a stack is a count > 1) */
  goats: number[];
  /** points holding a tiger, ascending */
  tigers: number[];
  /** goats in hand */
  hand: number;
  /** goats captured so far */
  captured: number;
  side: Side;
  /** the point a goat stepped to on the goats' last turn (null after a placement or at the start) */
  lastGoat: number | null;
}

/** Options, keyed as in RULES.md (`--option key=value`). */
export interface TibetanOptions {
  setup?: string;
  tigers?: number;
  'tiger-start'?: string;
  first?: string;
  'tiger-win-goats-left'?: number;
}

function check<T>(name: string, value: T, allowed: readonly T[]): T {
  if (!allowed.includes(value)) throw new Error(`option ${name}=${String(value)}: allowed ${allowed.join('|')}`);
  return value;
}

export function startPosition(variant: Variant, options: TibetanOptions = {}): Position {
  const board = boardOf(variant);
  const at = (name: string) => {
    const i = pointIndex(board, name);
    if (i < 0) throw new Error(`no point ${name} on ${variant}`);
    return i;
  };
  const known = ['setup', 'tigers', 'tiger-start', 'first', 'tiger-win-goats-left'];
  for (const k of Object.keys(options)) {
    if (!known.includes(k) || (k === 'tigers' && variant !== 'tibetan-1'))
      throw new Error(`unknown option ${k} for ${variant}`);
  }
  const setups: Record<Variant, string[]> = {
    'tibetan-1': ['far-rows', 'ring', 'square'],
    'tibetan-2': ['ring', 'stacks'],
    'tibetan-4': ['third-line', 'second-line'],
  };
  const setup = check('setup', options.setup ?? setups[variant][0], setups[variant]);
  const tigerCount =
    variant === 'tibetan-1' ? check('tigers', options.tigers ?? 1, [1, 2]) : variant === 'tibetan-2' ? 2 : 4;
  const tigerStart = check('tiger-start', options['tiger-start'] ?? 'centre', ['centre', 'gate']);
  const first = check('first', options.first ?? 'goats', ['goats', 'tigers']) as Side;
  const goatsLeftToWin = check('tiger-win-goats-left', options['tiger-win-goats-left'] ?? 5, [5, 6, 7]);

  const goats = new Array<number>(board.points.length).fill(0);
  let hand: number;
  const ring8 = ['b4', 'c4', 'd4', 'b5', 'd5', 'b6', 'c6', 'd6']; // around c5 (tibetan-1/2)
  const square4 = ['b4', 'd4', 'b6', 'd6'];
  /** the square ring at distance k from tibetan-4's centre g7 */
  const ringAround = (k: number) => {
    const names: string[] = [];
    for (let x = 6 - k; x <= 6 + k; x++)
      for (let y = 6 - k; y <= 6 + k; y++) {
        if (Math.max(Math.abs(x - 6), Math.abs(y - 6)) === k) names.push(FILES[x] + String(y + 1));
      }
    return names;
  };
  if (variant === 'tibetan-1') {
    if (setup === 'far-rows') {
      for (const f of 'abcde') for (const r of ['6', '7']) goats[at(f + r)] = 1;
      hand = 5;
    } else if (setup === 'ring') {
      for (const n of ring8) goats[at(n)] = 1;
      hand = 8;
    } else {
      for (const n of square4) goats[at(n)] = 1;
      hand = 12;
    }
  } else if (variant === 'tibetan-2') {
    if (setup === 'ring') {
      for (const n of ring8) goats[at(n)] = 1;
      hand = 10;
    } else {
      for (const n of square4) goats[at(n)] = 6;
      hand = 0;
    }
  } else {
    // third-line: the ring e5..i9 (distance 2 from g7); second-line: d4..j10 (distance 3 from g7)
    if (setup === 'third-line') {
      for (const n of ringAround(2)) goats[at(n)] = 1;
      hand = 48;
    } else {
      for (const n of ringAround(3)) goats[at(n)] = 1;
      hand = 50;
    }
  }
  let tigers: number[];
  if (variant === 'tibetan-1' && tigerCount === 2) tigers = [board.denCentres[0], board.gates[0]];
  else tigers = (tigerStart === 'centre' ? board.denCentres : board.gates).slice(0, tigerCount);
  tigers.sort((p, q) => p - q);
  return { variant, goatsLeftToWin, goats, tigers, hand, captured: 0, side: first, lastGoat: null };
}

/** A position from point names, for hand-made test positions. */
export function positionFrom(
  variant: Variant,
  spec: {
    goats: Record<string, number>;
    tigers: string[];
    hand?: number;
    captured?: number;
    side: Side;
    lastGoat?: string | null;
    goatsLeftToWin?: number;
  },
): Position {
  const board = boardOf(variant);
  const at = (name: string) => {
    const i = pointIndex(board, name);
    if (i < 0) throw new Error(`no point ${name} on ${variant}`);
    return i;
  };
  const goats = new Array<number>(board.points.length).fill(0);
  for (const [n, c] of Object.entries(spec.goats)) goats[at(n)] = c;
  const tigers = spec.tigers.map(at).sort((p, q) => p - q);
  for (const t of tigers) if (goats[t] > 0) throw new Error('a tiger and goats on one point');
  return {
    variant,
    goatsLeftToWin: spec.goatsLeftToWin ?? 5,
    goats,
    tigers,
    hand: spec.hand ?? 0,
    captured: spec.captured ?? 0,
    side: spec.side,
    lastGoat: spec.lastGoat ? at(spec.lastGoat) : null,
  };
}

export function copyPosition(p: Position): Position {
  return { ...p, goats: p.goats.slice(), tigers: p.tigers.slice() };
}

/** Goats on the board plus goats in hand. */
export function goatsLeft(p: Position): number {
  return p.goats.reduce((s, c) => s + c, 0) + p.hand;
}

// ---------------------------------------------------------------------------
// Moves.

export type Move =
  | { kind: 'place'; to: number }
  | { kind: 'step'; from: number; to: number }
  /** captured: ascending point indices; path: the landings, canonical path (first in board order) */
  | { kind: 'jump'; from: number; to: number; captured: number[]; path: number[] };

/** The identity of a move: two moves with equal identity are the same move. */
export function moveIdentity(m: Move): string {
  if (m.kind === 'place') return `place ${m.to}`;
  if (m.kind === 'step') return `step ${m.from} ${m.to}`;
  return `jump ${m.from} ${m.to} {${m.captured.join(',')}}`;
}

/** The text of a move written without looking at the position: a jump as its (canonical) path. */
export function pathText(variant: Variant, m: Move): string {
  const b = boardOf(variant);
  if (m.kind === 'place') return pointName(b, m.to);
  if (m.kind === 'step') return `${pointName(b, m.from)}-${pointName(b, m.to)}`;
  return [m.from, ...m.path].map((i) => pointName(b, i)).join('x');
}

/** `start x end` of a jump (the short form). */
function shortText(variant: Variant, m: Move & { kind: 'jump' }): string {
  const b = boardOf(variant);
  return `${pointName(b, m.from)}x${pointName(b, m.to)}`;
}

/** The start and end points of a move ("" for a placement: it has no start). */
const endsOf = (m: Move) => (m.kind === 'place' ? '' : `${m.from} ${m.to}`);

/** -1, 0, 1: two landing sequences compared landing by landing in board order (point index order). */
export function compareLandings(a: number[], b: number[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return a.length - b.length;
}

/**
 * The canonical text of every legal move of p, in legalMoves(p) order: a jump is `start x end`
 * unless another legal move (of any kind) has the same start and end, then its canonical path.
 */
export function moveTexts(p: Position): string[] {
  const legal = legalMoves(p);
  const ends = new Map<string, number>();
  for (const m of legal) if (m.kind !== 'place') ends.set(endsOf(m), (ends.get(endsOf(m)) ?? 0) + 1);
  return legal.map((m) =>
    m.kind === 'jump' && ends.get(endsOf(m)) === 1 ? shortText(p.variant, m) : pathText(p.variant, m),
  );
}

/** The canonical text of move m in position p (the same rule as {@link moveTexts}; m need not be legal). */
export function formatMove(p: Position, m: Move): string {
  if (typeof p !== 'object')
    throw new Error("formatMove(position, move): a jump's text depends on the position's other moves");
  if (m.kind !== 'jump') return pathText(p.variant, m);
  const shared = legalMoves(p).some(
    (x) => x.kind !== 'place' && endsOf(x) === endsOf(m) && moveIdentity(x) !== moveIdentity(m),
  );
  return shared ? pathText(p.variant, m) : shortText(p.variant, m);
}

function isEmpty(p: Position, i: number): boolean {
  return p.goats[i] === 0 && !p.tigers.includes(i);
}

/**
 * All jump moves of the tiger on `from`, by walking every jump path (the rules text read literally):
 * distinct by identity, canonical paths. Exponential in the number of paths, so legalMoves uses
 * {@link tigerJumps}; this one is kept as its specification (the self-tests compare the two).
 */
export function tigerJumpsByPaths(p: Position, board: Board, from: number): Move[] {
  const found = new Map<string, Move>();
  const otherTigers = p.tigers.filter((t) => t !== from);
  const record = (to: number, captured: number[], path: number[]) => {
    const m: Move = { kind: 'jump', from, to, captured: captured.slice().sort((a, b) => a - b), path };
    const id = moveIdentity(m);
    const old = found.get(id);
    if (!old || (old.kind === 'jump' && compareLandings(path, old.path) < 0)) found.set(id, m);
  };
  const explore = (at: number, captured: number[], path: number[]) => {
    for (const { over, to } of board.jumps[at]) {
      if (p.goats[over] === 0 || captured.includes(over)) continue; // a goat there, not yet taken from this move
      const goatsOnLanding = p.goats[to] - (captured.includes(to) ? 1 : 0);
      if (goatsOnLanding > 0 || otherTigers.includes(to)) continue; // landing must be empty now
      const c2 = [...captured, over];
      const p2 = [...path, to];
      record(to, c2, p2);
      explore(to, c2, p2);
    }
  };
  explore(from, [], []);
  return [...found.values()];
}

/**
 * All jump moves of the tiger on `from` (distinct by identity, canonical paths), hop by hop over
 * STATES instead of paths. A state is (where the tiger stands, the set of points captured from so
 * far); the jumps available next depend on the state only (the position is fixed, the tiger's start
 * point counts as empty, a landing is empty iff it was empty or it held one goat now captured), so
 * every path reaching a state has the same continuations. A jump move IS a state reached after at
 * least one hop: its identity (from, to, captured set) names the state. Each hop adds one captured
 * point, so all paths to a state have the same number of hops, |captured|: level k holds the states
 * after k hops. Canonical path: two paths to one state have equally many landings and the same last
 * landing (the state's point), so they compare (landing by landing, board order) as their parts
 * before the last hop do, which are paths to the predecessor states; the board-order-first path to a
 * state is therefore the first path to one of its predecessor states plus the last hop, which is what
 * keeping the first path per state, level by level, gives.
 * The self-tests check this against {@link tigerJumpsByPaths}, which walks every path.
 */
function tigerJumps(p: Position, board: Board, from: number): Move[] {
  const otherTigers = p.tigers.filter((t) => t !== from);
  const moves: Move[] = [];
  /** a state, with the board-order-first path reaching it (its landings) */
  type State = { at: number; captured: number[]; path: number[] };
  let level: State[] = [{ at: from, captured: [], path: [] }];
  while (level.length > 0) {
    const next = new Map<string, State>();
    for (const s of level) {
      for (const { over, to } of board.jumps[s.at]) {
        if (p.goats[over] === 0 || s.captured.includes(over)) continue; // a goat there, not yet taken from this move
        const goatsOnLanding = p.goats[to] - (s.captured.includes(to) ? 1 : 0);
        if (goatsOnLanding > 0 || otherTigers.includes(to)) continue; // landing must be empty now
        const captured = [...s.captured, over].sort((a, b) => a - b);
        const key = `${to} {${captured.join(',')}}`;
        const path = [...s.path, to];
        const old = next.get(key);
        if (!old || compareLandings(path, old.path) < 0) next.set(key, { at: to, captured, path });
      }
    }
    level = [...next.values()];
    for (const s of level) moves.push({ kind: 'jump', from, to: s.at, captured: s.captured, path: s.path });
  }
  return moves;
}

/** All legal moves of the side to move (none once the game is over). */
export function legalMoves(p: Position): Move[] {
  if (goatsLeft(p) <= p.goatsLeftToWin) return [];
  const board = boardOf(p.variant);
  const moves: Move[] = [];
  if (p.side === 'goats') {
    if (p.hand > 0) {
      for (let i = 0; i < board.points.length; i++) if (isEmpty(p, i)) moves.push({ kind: 'place', to: i });
    } else {
      for (let i = 0; i < board.points.length; i++) {
        if (p.goats[i] === 0 || i === p.lastGoat) continue;
        for (const n of board.neighbours[i]) if (isEmpty(p, n)) moves.push({ kind: 'step', from: i, to: n });
      }
    }
  } else {
    for (const t of p.tigers) {
      for (const n of board.neighbours[t]) if (isEmpty(p, n)) moves.push({ kind: 'step', from: t, to: n });
      for (const m of tigerJumps(p, board, t)) moves.push(m); // not push(...): a list of 10^5 moves overflows the call stack
    }
  }
  return moves;
}

/**
 * Resolve a move text to the legal move: any jump path of a legal move, or the short form
 * `fromxto` when exactly one legal jump goes from `from` to `to` (ambiguous or none: illegal).
 */
export function parseMove(p: Position, text: string): Move {
  const board = boardOf(p.variant);
  const legal = legalMoves(p);
  let id: string | null = null;
  if (/^[a-z][0-9]+$/.test(text)) id = `place ${pointIndex(board, text)}`;
  else if (/^[a-z][0-9]+-[a-z][0-9]+$/.test(text)) {
    const [a, b] = text.split('-').map((n) => pointIndex(board, n));
    id = `step ${a} ${b}`;
  } else if (/^[a-z][0-9]+(x[a-z][0-9]+)+$/.test(text)) {
    // Follow the path hop by hop, checking each hop is a legal jump at that moment.
    const pts = text.split('x').map((n) => pointIndex(board, n));
    const from = pts[0];
    const captured: number[] = [];
    let ok = !pts.includes(-1) && p.side === 'tigers' && p.tigers.includes(from);
    for (let k = 0; ok && k + 1 < pts.length; k++) {
      const hop = board.jumps[pts[k]].find((j) => j.to === pts[k + 1]);
      const landing = pts[k + 1];
      ok =
        !!hop &&
        p.goats[hop.over] > 0 &&
        !captured.includes(hop.over) &&
        p.goats[landing] - (captured.includes(landing) ? 1 : 0) === 0 &&
        !p.tigers.some((t) => t !== from && t === landing);
      if (hop) captured.push(hop.over);
    }
    if (ok) id = `jump ${from} ${pts[pts.length - 1]} {${captured.sort((a, b) => a - b).join(',')}}`;
  }
  let m = legal.find((x) => moveIdentity(x) === id);
  if (!m && /^[a-z][0-9]+x[a-z][0-9]+$/.test(text)) {
    // not a path of a legal move: the short form start x end
    const [a, b] = text.split('x').map((n) => pointIndex(board, n));
    const same = legal.filter((x) => x.kind === 'jump' && x.from === a && x.to === b);
    if (same.length > 1) {
      throw new Error(`illegal move "${text}": ambiguous, one of ${same.map((x) => pathText(p.variant, x)).join(' ')}`);
    }
    m = same[0];
  }
  if (!m) throw new Error(`illegal move "${text}"; legal: ${moveTexts(p).join(' ') || '(none)'}`);
  return m;
}

/** The position after a legal move (given as a Move or as text); throws if it is not legal. */
export function play(p: Position, move: Move | string): Position {
  const m = typeof move === 'string' ? parseMove(p, move) : move;
  if (!legalMoves(p).some((x) => moveIdentity(x) === moveIdentity(m))) {
    throw new Error(`illegal move ${pathText(p.variant, m)}`);
  }
  return applyMove(p, m);
}

/** The position after a move known to be legal here (as produced by legalMoves). */
function applyMove(p: Position, m: Move): Position {
  const q = copyPosition(p);
  if (m.kind === 'place') {
    q.goats[m.to] += 1;
    q.hand -= 1;
    q.lastGoat = null;
  } else if (p.side === 'goats') {
    q.goats[m.from] -= 1;
    q.goats[m.to] += 1;
    q.lastGoat = m.to;
  } else {
    q.tigers = q.tigers.map((t) => (t === m.from ? m.to : t)).sort((a, b) => a - b);
    if (m.kind === 'jump') {
      for (const c of m.captured) q.goats[c] -= 1;
      q.captured += m.captured.length;
    }
  }
  q.side = p.side === 'goats' ? 'tigers' : 'goats';
  return q;
}

export interface Result {
  winner: Side;
  reason: 'goats-left' | 'goats-cannot-move' | 'tigers-cannot-move';
}

/** The game's result, or null while it goes on (RULES §2; thresholds checked after the whole move). */
export function result(p: Position): Result | null {
  if (goatsLeft(p) <= p.goatsLeftToWin) return { winner: 'tigers', reason: 'goats-left' };
  if (legalMoves(p).length > 0) return null;
  return p.side === 'goats'
    ? { winner: 'tigers', reason: 'goats-cannot-move' }
    : { winner: 'goats', reason: 'tigers-cannot-move' };
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
