// Independent, deliberately simple reference implementation of the four Hong
// Kong hunt games of RULES.md §3 (with the conventions of §0):
//
//   catch-the-giant       11-point Hare-and-Hounds board; a giant against 3 dwarfs
//   surround-the-tiger    Alquerque 5x5; a tiger against 16 dogs, capture by intervention
//   double-tiger          Alquerque 5x5; 2 tigers against 16 dogs in 4 stacks
//   shepherds-and-wolves  Alquerque 5x5; wolves against sheep, placement for both sides
//
// It exists to disagree with the fast engine when the fast engine is wrong, so
// it shares no code with it and is written from the rules text only: plain
// arrays, full move lists, a fresh copy of the position per child.
//
// Sides. Each game has a hunting side ("hunter": giant, tiger(s), wolves) and a
// hunted side ("prey": dwarfs, dogs, sheep). Only the hunter ever captures.
//
// Position (plain data, the same shape for every game):
//   hunter[i], prey[i]   number of that side's pieces on point i (counts > 1
//                        only for double-tiger's dog stacks)
//   hand                 pieces in hand of each side
//   captured             pieces of each side captured so far
//   toMove               "hunter" | "prey"
//   stall                catch-the-giant: consecutive dwarf moves that gained
//                        no rank (tracked whatever the option; 0 elsewhere)
//
// Moves: { kind, from, to, captured }. A move's identity is (kind, from, to,
// captured set); in these four games no two legal moves share it, because
// there are no multi-jumps. Text (RULES §0): "b3" placement, "a2-b2" step
// (surround-the-tiger's automatic intervention capture is part of the step and
// is not written), "a1xc3" jump. x = file a.. from the left, y = rank 1.. from
// the bottom of the board's bounding grid. (docs/notation.md: a capture is
// written `start x end` unless another legal move has the same start and end,
// then as one of its paths; every capture here is a single short jump, whose
// only path is `start x end` too, so a move's text never depends on the other
// moves, and the short form is the jump's own text.)
//
// Option "captures-to-win" (surround-the-tiger, double-tiger,
// shepherds-and-wolves) is a test-only knob of this reference, not a rule: it
// lowers the capture threshold so that reduced material makes small games for
// the reference solver (test/reference/hunt-solver.ts).
//
// Repetition (option `repetition=none|draw3|forbid`, default draw3) is
// accepted in the options and deliberately not implemented: RULES §0 says
// perft ignores repetition, and this reference has no game history.

export type GameId = 'catch-the-giant' | 'surround-the-tiger' | 'double-tiger' | 'shepherds-and-wolves';
export const GAME_IDS: readonly GameId[] = [
  'catch-the-giant',
  'surround-the-tiger',
  'double-tiger',
  'shepherds-and-wolves',
];

export type Role = 'hunter' | 'prey';

export interface Position {
  hunter: number[];
  prey: number[];
  hand: { hunter: number; prey: number };
  captured: { hunter: number; prey: number };
  toMove: Role;
  stall: number;
}

export interface Move {
  kind: 'place' | 'step' | 'jump';
  /** -1 for a placement */
  from: number;
  to: number;
  /** points a piece was removed from, ascending (empty for most moves) */
  captured: number[];
}

export interface Options {
  /** catch-the-giant: the giant's start point, any point empty at the start (default "b3") */
  'giant-start'?: string;
  /** catch-the-giant: "off" (default) or N >= 1 consecutive non-rank-gaining dwarf moves */
  'stall-limit'?: 'off' | number;
  /** every game; accepted, not used (perft ignores repetition) */
  repetition?: 'none' | 'draw3' | 'forbid';
  /**
   * TEST-ONLY knob, not a rule of RULES.md §3 and not an engine option: the
   * capture threshold of surround-the-tiger, double-tiger and
   * shepherds-and-wolves (default the rules' 6, 6, 13), so that reduced
   * material makes small games for the reference solver
   * (test/reference/hunt-solver.ts). A positive integer; ignored by
   * catch-the-giant, which has no captures.
   */
  'captures-to-win'?: number;
}

export interface Result {
  winner: Role;
  reason: 'captures' | 'cannot-move' | 'escape' | 'stall-limit';
}

// ---------------------------------------------------------------------------
// Boards: points with (x, y) on a bounding grid, and the drawn lines' edges.

export interface Ray {
  /** direction (dx, dy) of the edge */
  dx: number;
  dy: number;
  /** the adjacent point in that direction */
  next: number;
  /** the point after `next` on the same straight line, or -1 if the line ends at `next` */
  beyond: number;
}

export interface Board {
  files: number;
  ranks: number;
  names: string[];
  x: number[];
  y: number[];
  /** for every point, one ray per drawn edge leaving it */
  rays: Ray[][];
}

export function pointName(x: number, y: number): string {
  return 'abcdefghijklm'[x] + String(y + 1);
}

function makeBoard(
  files: number,
  ranks: number,
  coords: Array<[number, number]>,
  edges: Array<[number, number]>,
): Board {
  const names = coords.map(([x, y]) => pointName(x, y));
  const x = coords.map((c) => c[0]);
  const y = coords.map((c) => c[1]);
  const adj: number[][] = coords.map(() => []);
  for (const [a, b] of edges) {
    adj[a].push(b);
    adj[b].push(a);
  }
  // The line through an edge i->j continues to k if j has an edge to k in
  // exactly the same direction (straight drawn lines are chains of such edges).
  const rays: Ray[][] = coords.map((_, i) =>
    adj[i].map((j) => {
      const dx = x[j] - x[i];
      const dy = y[j] - y[i];
      const k = adj[j].find((kk) => x[kk] - x[j] === dx && y[kk] - y[j] === dy);
      return { dx, dy, next: j, beyond: k ?? -1 };
    }),
  );
  return { files, ranks, names, x, y, rays };
}

/** Alquerque 5x5 (RULES §0): rows and columns are lines; diagonals only through points with x + y even. */
function alquerque5(): Board {
  const coords: Array<[number, number]> = [];
  for (let yy = 0; yy < 5; yy++) for (let xx = 0; xx < 5; xx++) coords.push([xx, yy]);
  const at = (xx: number, yy: number) => yy * 5 + xx;
  const edges: Array<[number, number]> = [];
  for (let yy = 0; yy < 5; yy++) {
    for (let xx = 0; xx < 5; xx++) {
      if (xx + 1 < 5) edges.push([at(xx, yy), at(xx + 1, yy)]);
      if (yy + 1 < 5) edges.push([at(xx, yy), at(xx, yy + 1)]);
      if ((xx + yy) % 2 === 0) {
        if (xx + 1 < 5 && yy + 1 < 5) edges.push([at(xx, yy), at(xx + 1, yy + 1)]);
        if (xx - 1 >= 0 && yy + 1 < 5) edges.push([at(xx, yy), at(xx - 1, yy + 1)]);
      }
    }
  }
  return makeBoard(5, 5, coords, edges);
}

/**
 * The 11-point Hare-and-Hounds board drawn upright (RULES §3, catch-the-giant):
 * a 3x3 Alquerque block a2..c4 (rows, columns, and the two diagonals through
 * b3), plus b1 joined to a2, b2, c2 and b5 joined to a4, b4, c4.
 */
function hareAndHounds(): Board {
  const list = ['b1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3', 'a4', 'b4', 'c4', 'b5'];
  const coords = list.map((n): [number, number] => ['abc'.indexOf(n[0]), Number(n[1]) - 1]);
  const p = (n: string) => list.indexOf(n);
  const pairs = [
    // rows of the block
    ['a2', 'b2'],
    ['b2', 'c2'],
    ['a3', 'b3'],
    ['b3', 'c3'],
    ['a4', 'b4'],
    ['b4', 'c4'],
    // columns of the block
    ['a2', 'a3'],
    ['a3', 'a4'],
    ['b2', 'b3'],
    ['b3', 'b4'],
    ['c2', 'c3'],
    ['c3', 'c4'],
    // the two diagonals through b3
    ['a2', 'b3'],
    ['b3', 'c4'],
    ['c2', 'b3'],
    ['b3', 'a4'],
    // the two end points
    ['b1', 'a2'],
    ['b1', 'b2'],
    ['b1', 'c2'],
    ['b5', 'a4'],
    ['b5', 'b4'],
    ['b5', 'c4'],
  ];
  return makeBoard(
    3,
    5,
    coords,
    pairs.map(([a, b]): [number, number] => [p(a), p(b)]),
  );
}

export const BOARD_11: Board = hareAndHounds();
export const BOARD_25: Board = alquerque5();

export function pointIndex(board: Board, name: string): number {
  return board.names.indexOf(name);
}

export function neighbours(board: Board, i: number): number[] {
  return board.rays[i].map((r) => r.next);
}

// ---------------------------------------------------------------------------
// Game descriptions.

export interface Game {
  id: GameId;
  board: Board;
  /** letters for display: [hunter, prey] */
  letters: [string, string];
  startPosition(options?: Options): Position;
  legalMoves(pos: Position, options?: Options): Move[];
  play(pos: Position, move: Move | string, options?: Options): Position;
  /** the position after `move`, which must come from legalMoves(pos) (not checked: for enumerators) */
  child(pos: Position, move: Move): Position;
  /** null while the game goes on */
  result(pos: Position, options?: Options): Result | null;
  perft(pos: Position, depth: number, options?: Options): number;
  moveText(move: Move): string;
}

function emptyPosition(board: Board): Position {
  const n = board.names.length;
  return {
    hunter: new Array<number>(n).fill(0),
    prey: new Array<number>(n).fill(0),
    hand: { hunter: 0, prey: 0 },
    captured: { hunter: 0, prey: 0 },
    toMove: 'hunter',
    stall: 0,
  };
}

export function copyPosition(p: Position): Position {
  return {
    hunter: p.hunter.slice(),
    prey: p.prey.slice(),
    hand: { ...p.hand },
    captured: { ...p.captured },
    toMove: p.toMove,
    stall: p.stall,
  };
}

function isEmpty(p: Position, i: number): boolean {
  return p.hunter[i] === 0 && p.prey[i] === 0;
}

function other(r: Role): Role {
  return r === 'hunter' ? 'prey' : 'hunter';
}

function formatMove(board: Board, m: Move): string {
  if (m.kind === 'place') return board.names[m.to];
  return board.names[m.from] + (m.kind === 'jump' ? 'x' : '-') + board.names[m.to];
}

/** Every placement on an empty point. */
function placements(board: Board, p: Position): Move[] {
  const out: Move[] = [];
  for (let i = 0; i < board.names.length; i++)
    if (isEmpty(p, i)) out.push({ kind: 'place', from: -1, to: i, captured: [] });
  return out;
}

/** Every step of the side to move from the given points, filtered by `allowed(ray, from)`. */
function steps(board: Board, p: Position, from: number[], allowed: (r: Ray, from: number) => boolean): Move[] {
  const out: Move[] = [];
  for (const i of from) {
    for (const r of board.rays[i]) {
      if (isEmpty(p, r.next) && allowed(r, i)) out.push({ kind: 'step', from: i, to: r.next, captured: [] });
    }
  }
  return out;
}

/** Every short jump by a hunter on one of `from` over an adjacent prey point to an empty point beyond. */
function jumps(board: Board, p: Position, from: number[]): Move[] {
  const out: Move[] = [];
  for (const i of from) {
    for (const r of board.rays[i]) {
      if (p.prey[r.next] > 0 && r.beyond >= 0 && isEmpty(p, r.beyond)) {
        out.push({ kind: 'jump', from: i, to: r.beyond, captured: [r.next] });
      }
    }
  }
  return out;
}

function pointsOf(counts: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i] > 0) out.push(i);
  return out;
}

/**
 * Apply a move of the side to move to a copy: placement takes one piece from
 * hand; a step or jump moves one piece (one piece leaves a stack); every
 * captured point loses one piece.
 */
function applyMove(p: Position, m: Move): Position {
  const q = copyPosition(p);
  const mine = p.toMove === 'hunter' ? q.hunter : q.prey;
  const theirs = p.toMove === 'hunter' ? q.prey : q.hunter;
  if (m.kind === 'place') {
    q.hand[p.toMove] -= 1;
  } else {
    mine[m.from] -= 1;
  }
  mine[m.to] += 1;
  for (const c of m.captured) {
    theirs[c] -= 1;
    q.captured[other(p.toMove)] += 1;
  }
  q.toMove = other(p.toMove);
  return q;
}

function sameMove(a: Move, b: Move): boolean {
  return a.kind === b.kind && a.from === b.from && a.to === b.to && a.captured.join(',') === b.captured.join(',');
}

/** Build a Game from its board, start, raw move generator, the "after the move" wins, and an optional move hook. */
function makeGame(spec: {
  id: GameId;
  board: Board;
  letters: [string, string];
  start: (options: Options) => Position;
  /** moves of the side to move, ignoring whether the game is over */
  generate: (p: Position) => Move[];
  /** wins decided by the position itself (checked after every move): capture targets, escape, stall */
  decided: (p: Position, options: Options) => Result | null;
  /** adjust extra state after a move (catch-the-giant's stall counter) */
  after?: (before: Position, m: Move, next: Position) => void;
}): Game {
  const { board } = spec;
  const result = (p: Position, options: Options = {}): Result | null => {
    const r = spec.decided(p, options);
    if (r) return r;
    // RULES §0: a side to move with no legal move loses.
    if (spec.generate(p).length === 0) return { winner: other(p.toMove), reason: 'cannot-move' };
    return null;
  };
  const legalMoves = (p: Position, options: Options = {}): Move[] => (spec.decided(p, options) ? [] : spec.generate(p));
  const child = (p: Position, m: Move): Position => {
    const q = applyMove(p, m);
    spec.after?.(p, m, q);
    return q;
  };
  const moveText = (m: Move) => formatMove(board, m);
  const play = (p: Position, move: Move | string, options: Options = {}): Position => {
    const legal = legalMoves(p, options);
    const found = legal.find((m) => (typeof move === 'string' ? moveText(m) === move : sameMove(m, move)));
    if (!found) {
      const text = typeof move === 'string' ? move : moveText(move);
      throw new Error(`${spec.id}: illegal move "${text}"; legal: ${legal.map(moveText).join(' ') || '(none)'}`);
    }
    return child(p, found);
  };
  const perft = (p: Position, depth: number, options: Options = {}): number => {
    if (depth === 0) return 1;
    const moves = legalMoves(p, options);
    if (depth === 1) return moves.length;
    let total = 0;
    for (const m of moves) total += perft(child(p, m), depth - 1, options);
    return total;
  };
  return {
    id: spec.id,
    board,
    letters: spec.letters,
    startPosition: (options: Options = {}) => spec.start(options),
    legalMoves,
    play,
    child,
    result,
    perft,
    moveText,
  };
}

function put(board: Board, counts: number[], name: string, n = 1): void {
  const i = pointIndex(board, name);
  if (i < 0) throw new Error(`no point ${name}`);
  counts[i] += n;
}

// ---------------------------------------------------------------------------
// Catch the Giant (捉巨人棋).
// Dwarfs b1, a2, c2; giant b3 (option giant-start: any empty point). Giant
// first, steps any direction. Dwarfs step with rank not decreasing. Nobody
// captures. Dwarfs win when the giant cannot move; the giant wins when the
// dwarfs cannot move, or (after every move) when every dwarf is on a higher
// rank than the giant, or when stall-limit=N and N consecutive dwarf moves
// gained no rank.

function stallLimitOf(o: Options): number | null {
  const v = o['stall-limit'] ?? 'off';
  if (v === 'off') return null;
  if (!Number.isInteger(v) || v < 1)
    throw new Error(`stall-limit must be "off" or a positive integer, got ${String(v)}`);
  return v;
}

export const catchTheGiant: Game = makeGame({
  id: 'catch-the-giant',
  board: BOARD_11,
  letters: ['G', 'D'],
  start(o) {
    const p = emptyPosition(BOARD_11);
    for (const d of ['b1', 'a2', 'c2']) put(BOARD_11, p.prey, d);
    const g = o['giant-start'] ?? 'b3';
    const gi = pointIndex(BOARD_11, g);
    if (gi < 0 || p.prey[gi] > 0)
      throw new Error(`giant-start must be an empty point of the 11-point board, got "${g}"`);
    p.hunter[gi] = 1;
    stallLimitOf(o); // validate
    return p;
  },
  generate(p) {
    const b = BOARD_11;
    if (p.toMove === 'hunter') return steps(b, p, pointsOf(p.hunter), () => true);
    return steps(b, p, pointsOf(p.prey), (r) => r.dy >= 0);
  },
  decided(p, o) {
    const b = BOARD_11;
    const giantRank = b.y[pointsOf(p.hunter)[0]];
    if (pointsOf(p.prey).every((d) => b.y[d] > giantRank)) return { winner: 'hunter', reason: 'escape' };
    const limit = stallLimitOf(o);
    if (limit !== null && p.stall >= limit) return { winner: 'hunter', reason: 'stall-limit' };
    return null;
  },
  after(before, m, next) {
    if (before.toMove !== 'prey') return; // giant moves neither count nor reset
    next.stall = BOARD_11.y[m.to] > BOARD_11.y[m.from] ? 0 : before.stall + 1;
  },
});

/** The capture threshold: option "captures-to-win" (test-only) or the rules' `rulesDefault`. */
function capturesToWinOf(o: Options, rulesDefault: number): number {
  const v = o['captures-to-win'] ?? rulesDefault;
  if (!Number.isInteger(v) || v < 1) throw new Error(`captures-to-win must be a positive integer, got ${String(v)}`);
  return v;
}

// ---------------------------------------------------------------------------
// Surround the Tiger (圍虎棋).
// 16 dogs on the edge points, tiger on c3, tiger first. Both step; nobody
// jumps. When the tiger steps to a point, on every line through it where both
// neighbours are dogs and the point beyond each dog on that line is empty or
// off the board, both dogs are removed (automatically, as part of the step).
// Tiger wins at >= 6 dogs captured; dogs win when the tiger cannot move.

/** The dogs captured by intervention if the tiger (which stood on `from`) lands on `to`. */
export function interventionCaptures(p: Position, from: number, to: number): number[] {
  const b = BOARD_25;
  // The position as it is after the tiger left `from` (no effect in practice:
  // `from` is adjacent to `to`, never a dog's neighbour-beyond; kept explicit).
  const emptyAfter = (i: number) => i === from || isEmpty(p, i);
  const out: number[] = [];
  for (const r of b.rays[to]) {
    // consider each line once, from its "positive" ray
    if (!(r.dx > 0 || (r.dx === 0 && r.dy > 0))) continue;
    const back = b.rays[to].find((s) => s.dx === -r.dx && s.dy === -r.dy);
    if (!back) continue; // `to` is the end of this line: no dog on one side
    const dogs = [r, back];
    if (!dogs.every((s) => p.prey[s.next] > 0)) continue;
    if (!dogs.every((s) => s.beyond < 0 || emptyAfter(s.beyond))) continue;
    out.push(r.next, back.next);
  }
  return out.sort((a, c) => a - c);
}

export const surroundTheTiger: Game = makeGame({
  id: 'surround-the-tiger',
  board: BOARD_25,
  letters: ['T', 'D'],
  start() {
    const p = emptyPosition(BOARD_25);
    for (let i = 0; i < 25; i++) {
      const { x, y } = { x: BOARD_25.x[i], y: BOARD_25.y[i] };
      if (x === 0 || x === 4 || y === 0 || y === 4) p.prey[i] = 1;
    }
    put(BOARD_25, p.hunter, 'c3');
    return p;
  },
  generate(p) {
    const b = BOARD_25;
    if (p.toMove === 'prey') return steps(b, p, pointsOf(p.prey), () => true);
    return steps(b, p, pointsOf(p.hunter), () => true).map((m) => ({
      ...m,
      captured: interventionCaptures(p, m.from, m.to),
    }));
  },
  decided(p, o) {
    return p.captured.prey >= capturesToWinOf(o, 6) ? { winner: 'hunter', reason: 'captures' } : null;
  },
});

// ---------------------------------------------------------------------------
// Double Tiger (雙虎棋).
// 16 dogs stacked 4 each on b2, d2, b4, d4; tigers c1, c5; tigers first.
// Dogs step (one dog leaves its point); while any point holds more than one
// dog the dog moved must come from such a stack; never onto an occupied
// point. Tigers step, or one optional short jump over a dog point (a stack
// loses one dog); never over a tiger; no multi-jump. Tigers win at >= 6
// captured; dogs win when neither tiger can move.

export const doubleTiger: Game = makeGame({
  id: 'double-tiger',
  board: BOARD_25,
  letters: ['T', 'D'],
  start() {
    const p = emptyPosition(BOARD_25);
    for (const s of ['b2', 'd2', 'b4', 'd4']) put(BOARD_25, p.prey, s, 4);
    for (const t of ['c1', 'c5']) put(BOARD_25, p.hunter, t);
    return p;
  },
  generate(p) {
    const b = BOARD_25;
    if (p.toMove === 'hunter') {
      const tigers = pointsOf(p.hunter);
      return [...steps(b, p, tigers, () => true), ...jumps(b, p, tigers)];
    }
    const stacks = pointsOf(p.prey).filter((i) => p.prey[i] > 1);
    const sources = stacks.length > 0 ? stacks : pointsOf(p.prey);
    return steps(b, p, sources, () => true);
  },
  decided(p, o) {
    return p.captured.prey >= capturesToWinOf(o, 6) ? { winner: 'hunter', reason: 'captures' } : null;
  },
});

// ---------------------------------------------------------------------------
// Shepherds and Wolves (牧童圈狼棋).
// 8 sheep around c3 and a wolf on c5; in hand 15 sheep and 1 wolf; wolves
// first. Each side places while it has pieces in hand, then moves. Wolves
// step along any line or make one optional short jump over a sheep (never
// over a wolf, no multi-jump); sheep step orthogonally only. Wolves win at
// >= 13 captured; sheep win when no wolf can move.

export const shepherdsAndWolves: Game = makeGame({
  id: 'shepherds-and-wolves',
  board: BOARD_25,
  letters: ['W', 'S'],
  start() {
    const p = emptyPosition(BOARD_25);
    for (const s of ['b2', 'c2', 'd2', 'b3', 'd3', 'b4', 'c4', 'd4']) put(BOARD_25, p.prey, s);
    put(BOARD_25, p.hunter, 'c5');
    p.hand = { hunter: 1, prey: 15 };
    return p;
  },
  generate(p) {
    const b = BOARD_25;
    if (p.hand[p.toMove] > 0) return placements(b, p);
    if (p.toMove === 'hunter') {
      const wolves = pointsOf(p.hunter);
      return [...steps(b, p, wolves, () => true), ...jumps(b, p, wolves)];
    }
    return steps(b, p, pointsOf(p.prey), (r) => r.dx === 0 || r.dy === 0);
  },
  decided(p, o) {
    return p.captured.prey >= capturesToWinOf(o, 13) ? { winner: 'hunter', reason: 'captures' } : null;
  },
});

export const GAMES: Record<GameId, Game> = {
  'catch-the-giant': catchTheGiant,
  'surround-the-tiger': surroundTheTiger,
  'double-tiger': doubleTiger,
  'shepherds-and-wolves': shepherdsAndWolves,
};

// ---------------------------------------------------------------------------
// Test helpers.

/**
 * Build a position by listing points: `hunter: ["c3"]`, `prey: ["b2:4", "a1"]`
 * ("name:n" puts n pieces on the point).
 */
export function setup(
  game: Game,
  spec: {
    hunter: string[];
    prey: string[];
    toMove?: Role;
    hand?: { hunter?: number; prey?: number };
    captured?: { hunter?: number; prey?: number };
    stall?: number;
  },
): Position {
  const p = emptyPosition(game.board);
  for (const [list, counts] of [
    [spec.hunter, p.hunter],
    [spec.prey, p.prey],
  ] as const) {
    for (const item of list) {
      const [name, n] = item.split(':');
      put(game.board, counts, name, n === undefined ? 1 : Number(n));
    }
  }
  p.toMove = spec.toMove ?? 'hunter';
  p.hand = { hunter: spec.hand?.hunter ?? 0, prey: spec.hand?.prey ?? 0 };
  p.captured = { hunter: spec.captured?.hunter ?? 0, prey: spec.captured?.prey ?? 0 };
  p.stall = spec.stall ?? 0;
  return p;
}

/** Legal move texts, sorted (for tests). */
export function moveTexts(game: Game, p: Position, options?: Options): string[] {
  return game.legalMoves(p, options).map(game.moveText).sort();
}

/** Board picture, top rank first; "." empty, " " no point, letters with a count for stacks (for debugging). */
export function picture(game: Game, p: Position): string {
  const b = game.board;
  const rows: string[] = [];
  for (let y = b.ranks - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < b.files; x++) {
      const i = b.names.indexOf(pointName(x, y));
      if (i < 0) row += '  ';
      else if (p.hunter[i] > 0) row += game.letters[0] + (p.hunter[i] > 1 ? p.hunter[i] : ' ');
      else if (p.prey[i] > 0) row += game.letters[1] + (p.prey[i] > 1 ? p.prey[i] : ' ');
      else row += '. ';
    }
    rows.push(row.trimEnd());
  }
  return rows.join('\n');
}
