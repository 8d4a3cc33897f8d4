// Independent, deliberately simple reference implementation of Bagh Chal
// (RULES.md §0 and §1). It exists to disagree with the fast engine when the
// fast engine is wrong, so it shares no code with it and is written from the
// rules text only: plain arrays, full move lists, a fresh copy per child.
//
// Notation (the project's):
//   position: "<board> <side> <hand> <captured>"
//     board    ranks 5..1 (top first) separated by "/", each rank files a..e:
//              "T" tiger, "G" goat, digit 1-5 = that many empty points
//              (no two digits in a row; each rank covers exactly 5 points)
//     side     "G" goats to move, "T" tigers to move
//     hand     "G<n>" goats in hand, or "-" for none ("G0" accepted on input)
//     captured "G<n>" goats captured so far, or "-" ("G0" accepted on input)
//   moves: placement "c3", step "a1-b2", jump "a1xc3" (captures b2).

export const SIZE = 5;
export const POINTS = SIZE * SIZE;
export const TOTAL_GOATS = 20;
export const TIGERS = 4;
export const DEFAULT_CAPTURES_TO_WIN = 5;

export type Cell = '.' | 'T' | 'G';
export type Side = 'G' | 'T';

export interface RefPosition {
  /** index = y * 5 + x; x = file (a = 0), y = rank - 1 (rank 1 = 0) */
  board: Cell[];
  side: Side;
  /** goats still in hand */
  hand: number;
  /** goats captured so far */
  captured: number;
}

export interface RefOptions {
  /** goats the tigers must capture to win (RULES.md §1 option captures-to-win, default 5) */
  capturesToWin?: number;
}

function capturesToWinOf(opts?: RefOptions): number {
  const n = opts?.capturesToWin ?? DEFAULT_CAPTURES_TO_WIN;
  if (!Number.isInteger(n) || n < 1) throw new Error(`captures-to-win must be a positive integer, got ${n}`);
  return n;
}

// ---------------------------------------------------------------------------
// Board geometry: 5x5 Alquerque grid (RULES.md §0).
// Every row and column is a line; diagonal lines pass only through points
// with x + y even.

export function pointName(i: number): string {
  const x = i % SIZE;
  const y = Math.floor(i / SIZE);
  return 'abcde'[x] + String(y + 1);
}

export function pointIndex(name: string): number {
  if (name.length !== 2) return -1;
  const x = 'abcde'.indexOf(name[0]);
  const y = '12345'.indexOf(name[1]);
  if (x < 0 || y < 0) return -1;
  return y * SIZE + x;
}

function onBoard(x: number, y: number): boolean {
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE;
}

/** The 8 compass directions. */
export const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];

/** Is there a drawn line from (x, y) in direction (dx, dy)? */
function hasLine(x: number, y: number, dx: number, dy: number): boolean {
  const diagonal = dx !== 0 && dy !== 0;
  if (diagonal && (x + y) % 2 !== 0) return false;
  return onBoard(x + dx, y + dy);
}

/**
 * For every point, the list of [neighbour, pointBeyond] along each line
 * through it. pointBeyond is the next point on the same line after the
 * neighbour, or -1 if the line ends at the neighbour.
 */
export interface Ray {
  dir: readonly [number, number];
  next: number;
  beyond: number;
}

function buildRays(): Ray[][] {
  const rays: Ray[][] = [];
  for (let i = 0; i < POINTS; i++) {
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    const list: Ray[] = [];
    for (const d of DIRECTIONS) {
      const [dx, dy] = d;
      if (!hasLine(x, y, dx, dy)) continue;
      const nx = x + dx;
      const ny = y + dy;
      // The line continues through the neighbour in the same direction if
      // the neighbour has a line that way too (for diagonals: the neighbour
      // of an even-sum point is even-sum, so this is just "on board").
      const beyond = hasLine(nx, ny, dx, dy) ? (ny + dy) * SIZE + (nx + dx) : -1;
      list.push({ dir: d, next: ny * SIZE + nx, beyond });
    }
    rays.push(list);
  }
  return rays;
}

export const RAYS: ReadonlyArray<ReadonlyArray<Ray>> = buildRays();

/** Adjacency lists (indices), for tests. */
export function neighbours(i: number): number[] {
  return RAYS[i].map((r) => r.next);
}

/** All maximal lines of the board as lists of point indices (for tests). */
export function lines(): number[][] {
  const result: number[][] = [];
  for (let i = 0; i < POINTS; i++) {
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    // Only the four "forward" directions; start a line where it has no predecessor.
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ] as const) {
      if (!hasLine(x, y, dx, dy)) continue;
      if (hasLine(x, y, -dx, -dy)) continue;
      const line: number[] = [i];
      let cx = x;
      let cy = y;
      while (hasLine(cx, cy, dx, dy)) {
        cx += dx;
        cy += dy;
        line.push(cy * SIZE + cx);
      }
      result.push(line);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------
// Parsing and formatting.

function fail(s: string, column: number, what: string): never {
  // column is 1-based, pointing at the offending character of the input
  throw new Error(`bad bagh-chal position at column ${column}: ${what} in "${s}"`);
}

function parseCount(s: string, field: string, start: number, fieldName: string): number {
  if (field === '-') return 0;
  if (field.length < 2 || field[0] !== 'G') {
    fail(s, start, `${fieldName} must be "-" or "G<count>", got "${field}"`);
  }
  const digits = field.slice(1);
  for (let k = 0; k < digits.length; k++) {
    if (digits[k] < '0' || digits[k] > '9')
      fail(s, start + 1 + k, `${fieldName} count must be a number, got "${field}"`);
  }
  if (digits.length > 1 && digits[0] === '0') fail(s, start + 1, `${fieldName} count has a leading zero: "${field}"`);
  return Number(digits);
}

export function parsePosition(s: string, opts?: RefOptions): RefPosition {
  const toWin = capturesToWinOf(opts);
  const fields = s.split(' ');
  // column (1-based) where each field starts
  const starts: number[] = [];
  let col = 1;
  for (const f of fields) {
    starts.push(col);
    col += f.length + 1;
  }
  if (fields.length !== 4) {
    const at = fields.length > 4 ? starts[4] - 1 : s.length + 1;
    fail(
      s,
      at,
      `expected 4 fields "<board> <side> <hand> <captured>" separated by single spaces, got ${fields.length}`,
    );
  }
  for (let k = 0; k < 4; k++) {
    if (fields[k].length === 0) fail(s, starts[k], 'empty field (fields are separated by single spaces)');
  }
  const [boardText, sideText, handText, capText] = fields;

  const board: Cell[] = new Array<Cell>(POINTS).fill('.');
  const ranks = boardText.split('/');
  if (ranks.length !== SIZE) {
    fail(s, 1, `board must have ${SIZE} ranks separated by "/", got ${ranks.length}`);
  }
  let rankStart = 1;
  for (let r = 0; r < SIZE; r++) {
    const rankText = ranks[r];
    const y = SIZE - 1 - r; // first rank listed is rank 5
    let x = 0;
    let prevDigit = false;
    for (let k = 0; k < rankText.length; k++) {
      const c = rankText[k];
      const at = rankStart + k;
      if (c >= '1' && c <= '5') {
        if (prevDigit) fail(s, at, `two digits in a row in rank ${y + 1}`);
        const n = Number(c);
        if (x + n > SIZE) fail(s, at, `rank ${y + 1} covers more than ${SIZE} points`);
        x += n;
        prevDigit = true;
      } else if (c === 'T' || c === 'G') {
        if (x >= SIZE) fail(s, at, `rank ${y + 1} covers more than ${SIZE} points`);
        board[y * SIZE + x] = c;
        x += 1;
        prevDigit = false;
      } else {
        fail(s, at, `unexpected character "${c}" in rank ${y + 1} (expected T, G or 1-5)`);
      }
    }
    if (x !== SIZE) fail(s, rankStart + rankText.length, `rank ${y + 1} covers ${x} points, expected ${SIZE}`);
    rankStart += rankText.length + 1;
  }

  let side: Side;
  if (sideText === 'G' || sideText === 'T') side = sideText;
  else fail(s, starts[1], `side to move must be "G" or "T", got "${sideText}"`);

  const hand = parseCount(s, handText, starts[2], 'hand');
  const captured = parseCount(s, capText, starts[3], 'captured');

  const tigers = board.filter((c) => c === 'T').length;
  const goats = board.filter((c) => c === 'G').length;
  if (tigers !== TIGERS) fail(s, 1, `expected ${TIGERS} tigers on the board, found ${tigers}`);
  if (captured > toWin) fail(s, starts[3], `captured ${captured} exceeds captures-to-win ${toWin}`);
  if (goats + hand + captured !== TOTAL_GOATS) {
    fail(s, starts[2], `goats on board (${goats}) + in hand (${hand}) + captured (${captured}) must be ${TOTAL_GOATS}`);
  }
  return { board, side, hand, captured };
}

export function formatPosition(p: RefPosition): string {
  const ranks: string[] = [];
  for (let y = SIZE - 1; y >= 0; y--) {
    let text = '';
    let empty = 0;
    for (let x = 0; x < SIZE; x++) {
      const c = p.board[y * SIZE + x];
      if (c === '.') {
        empty++;
      } else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += c;
      }
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  const hand = p.hand > 0 ? `G${p.hand}` : '-';
  const cap = p.captured > 0 ? `G${p.captured}` : '-';
  return `${ranks.join('/')} ${p.side} ${hand} ${cap}`;
}

export const START = 'T3T/5/5/5/T3T G G20 -';

export function startPosition(): RefPosition {
  return parsePosition(START);
}

// ---------------------------------------------------------------------------
// Rules.

export function copyPosition(p: RefPosition): RefPosition {
  return { board: p.board.slice(), side: p.side, hand: p.hand, captured: p.captured };
}

/** Tigers have captured enough goats: the game is over (tigers won). */
export function tigersHaveWon(p: RefPosition, opts?: RefOptions): boolean {
  return p.captured >= capturesToWinOf(opts);
}

/** All legal moves of the side to move, in a fixed order (by from-point, then direction). */
export function legalMoves(p: RefPosition, opts?: RefOptions): string[] {
  if (tigersHaveWon(p, opts)) return [];
  const moves: string[] = [];
  if (p.side === 'G') {
    if (p.hand > 0) {
      // Placement phase: must place while any goat is in hand.
      for (let i = 0; i < POINTS; i++) {
        if (p.board[i] === '.') moves.push(pointName(i));
      }
    } else {
      // Movement phase: step one goat to an adjacent empty point.
      for (let i = 0; i < POINTS; i++) {
        if (p.board[i] !== 'G') continue;
        for (const ray of RAYS[i]) {
          if (p.board[ray.next] === '.') moves.push(`${pointName(i)}-${pointName(ray.next)}`);
        }
      }
    }
  } else {
    for (let i = 0; i < POINTS; i++) {
      if (p.board[i] !== 'T') continue;
      for (const ray of RAYS[i]) {
        const n = p.board[ray.next];
        if (n === '.') {
          moves.push(`${pointName(i)}-${pointName(ray.next)}`);
        } else if (n === 'G' && ray.beyond >= 0 && p.board[ray.beyond] === '.') {
          moves.push(`${pointName(i)}x${pointName(ray.beyond)}`);
        }
      }
    }
  }
  return moves;
}

/** Apply a move given in notation; throws if it is not legal here. */
export function play(p: RefPosition, move: string, opts?: RefOptions): RefPosition {
  const legal = legalMoves(p, opts);
  if (!legal.includes(move)) {
    throw new Error(`illegal move "${move}" in ${formatPosition(p)}; legal: ${legal.join(' ') || '(none)'}`);
  }
  return applyMove(p, move);
}

/** Apply a move known to be legal (as produced by legalMoves) to a copy of p. */
function applyMove(p: RefPosition, move: string): RefPosition {
  const q = copyPosition(p);
  if (move.length === 2) {
    // placement
    q.board[pointIndex(move)] = 'G';
    q.hand -= 1;
  } else {
    const from = pointIndex(move.slice(0, 2));
    const to = pointIndex(move.slice(3, 5));
    const piece = q.board[from];
    q.board[from] = '.';
    q.board[to] = piece;
    if (move[2] === 'x') {
      // the captured goat is the point between from and to
      const fx = from % SIZE,
        fy = Math.floor(from / SIZE);
      const tx = to % SIZE,
        ty = Math.floor(to / SIZE);
      const mid = ((fy + ty) / 2) * SIZE + (fx + tx) / 2;
      q.board[mid] = '.';
      q.captured += 1;
    }
  }
  q.side = p.side === 'G' ? 'T' : 'G';
  return q;
}

/**
 * Number of leaf nodes exactly `depth` plies below p. A finished game
 * (captures-to-win reached, or side to move without a legal move) has no
 * children.
 */
export function perft(p: RefPosition, depth: number, opts?: RefOptions): number {
  if (depth === 0) return 1;
  const moves = legalMoves(p, opts);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += perft(applyMove(p, m), depth - 1, opts);
  return total;
}

export function divide(p: RefPosition, depth: number, opts?: RefOptions): Record<string, number> {
  const out: Record<string, number> = {};
  if (depth < 1) return out;
  for (const m of legalMoves(p, opts)) out[m] = perft(applyMove(p, m), depth - 1, opts);
  return out;
}
