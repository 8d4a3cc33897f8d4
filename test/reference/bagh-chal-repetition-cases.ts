// Helpers and hand-built positions of the repetition-aware reference's self-tests
// (bagh-chal-repetition.test.ts, and its slow half bagh-chal-repetition.slow.ts).
import { formatPosition, legalMoves, parsePosition, play } from './bagh-chal.js';
import type { ShortResult } from './bagh-chal-solver.js';
import {
  solveWithHistory,
  solveWithRepetition,
  type Repetition,
  type RepetitionOptions,
  type RepetitionStats,
} from './bagh-chal-repetition.js';

export const newStats = (): RepetitionStats => ({ nodes: 0, draws: 0, forbidden: 0, memoHits: 0 });

export function solve(
  pos: string,
  maxPlies: number,
  repetition: Repetition,
  more: Partial<RepetitionOptions> = {},
): ShortResult {
  return solveWithRepetition(parsePosition(pos), maxPlies, { ...more, repetition });
}

export function solveAfter(
  pos: string,
  prior: string[],
  maxPlies: number,
  repetition: Repetition,
  memo = true,
): ShortResult {
  return solveWithHistory(parsePosition(pos), prior, maxPlies, { repetition, memo });
}

/** The positions of the line [pos, after moves[0], after moves[1], ...] (each move checked legal). */
export function line(pos: string, moves: string[]): string[] {
  const out = [pos];
  let p = parsePosition(pos);
  for (const m of moves) {
    p = play(p, m);
    out.push(formatPosition(p));
  }
  return out;
}

/** The positions the side to move at pos can reach in one move (repetition ignored). */
export function successors(pos: string): string[] {
  const p = parsePosition(pos);
  return legalMoves(p).map((m) => formatPosition(play(p, m)));
}

// Random movement-phase positions as in test/reference/tablebase.test.ts (4 tigers, 20 - c goats on the board,
// c captured, no hand, either side to move), but with the LCG step done in 32-bit integer arithmetic:
// the float form `(s * 1103515245 + 12345) & 0x7fffffff` loses the low bits once the product passes
// 2^53, so there the side to move comes out "G" in about 996 of 1000 seeds.
export function randomPosition(seed: number, maxCaptured = 3): string {
  let s = seed >>> 0;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % n;
  };
  const c = rnd(maxCaptured);
  const cells = Array<string>(25).fill('.');
  const put = (ch: string, n: number) => {
    for (let k = 0; k < n; ) {
      const i = rnd(25);
      if (cells[i] === '.') {
        cells[i] = ch;
        k++;
      }
    }
  };
  put('T', 4);
  put('G', 20 - c);
  const ranks = [4, 3, 2, 1, 0].map((y) =>
    cells
      .slice(y * 5, y * 5 + 5)
      .join('')
      .replace(/\.+/g, (m) => String(m.length)),
  );
  return `${ranks.join('/')} ${rnd(2) ? 'T' : 'G'} - ${c ? `G${c}` : '-'}`;
}

/** The relation proved in the solver's header: forbid keeps a decisive none-result, never later. */
export function forbidRespectsNone(none: ShortResult, forbid: ShortResult): boolean {
  if (none.result === 'unknown') return true;
  return forbid.result === none.result && forbid.plies <= none.plies;
}

// ---------------------------------------------------------------------------------------------------
// Hand-built positions.
//
// SHUFFLE (goats to move, 1 captured; holes d5 and d1):
//     5  G G G . G        Tigers a4, b4, e2 are frozen: every neighbour is a goat or a tiger and every
//     4  T T G G G        jump lands on a goat or off the board. Tiger c1 can only step to d1, and from
//     3  G G G G G        d1 only back to c1 (d1's neighbours are c1, e1, d2; e1 and d2 can't be jumped).
//     2  G G G G T        The goats shuffle e5-d5, d5-e5 at no risk.
//     1  G G T . G        Under forbid: e5-d5 c1-d1 d5-e5 leaves the tigers one move, d1-c1, and it
//        a b c d e        recreates the start, so it is illegal: the tigers have no legal move and lose
//                         after 3 plies. Under none the tigers just step back and the goats need 7 plies.
export const SHUFFLE = 'GGG1G/TTGGG/GGGGG/GGGGT/GGT1G G - G1';
// SHORTER (goats to move, 1 captured; holes a5 and e3): under none the goats win in 5 (d4-e3 ...);
// under forbid a4-a5, any tiger step into e3, a5-a4 leaves the tigers only the step back out of e3,
// which recreates the start: a 3-ply win.
//     5  . G G G G
//     4  G G G G T
//     3  G G G T .
//     2  G G G G T
//     1  G T G G G
export const SHORTER = '1GGGG/GGGGT/GGGT1/GGGGT/GTGGG G - G1';
// TIGERS_TO_MOVE (1 captured): forbid also turns a tigers-to-move 'unknown' into a 4-ply loss.
// (At horizon 5, in every random position sampled, forbid only ever helped the goats.)
export const TIGERS_TO_MOVE = 'GTGGG/TGGG1/TGGGG/G1GGG/GTGGG T - G1';
// Decisive only at 8 and 9 plies (found by sampling): their draw3 searches meet third occurrences.
export const DEEP_LOSS = 'GGGGT/GGGGG/2GGG/1TGGT/GGGGT T - G2';
export const DEEP_WIN = 'GGGGG/GTGGG/GGT1G/TGGGG/GT1GG G - G1';
