// Driver that regenerates test/perft/permainan-tabal.json from the independent
// reference (test/reference/tabal.ts). Exports nothing; it is not a test. Every
// number it writes is the reference's perft; the engine is not consulted. Run it
// by compiling to a scratch directory outside the repo, e.g.:
//
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/ref test/reference/tabal.gen.ts
//   echo '{"type":"module"}' > /tmp/ref/package.json
//   node /tmp/ref/tabal.gen.js > test/perft/permainan-tabal.json
//
// Per-depth timings go to stderr. The deep start row (default options, depth 11,
// about a minute) is included; the whole run takes about 2 minutes.
//
// TABAL_GEN_SURVEY=1 prints instead a survey of the start under each option set
// (default, first=black, majority=true, removal=end, move-limit=1|2|3|5,
// repetition=none|forbid): depths until 1e6 leaves or a time budget a row
// (TABAL_GEN_SECONDS, default 120; TABAL_GEN_TARGET leaves), with timings, and
// the default start's divide(2), as one JSON object on stdout (it was the
// print-only block of the reference's self-tests). TABAL_GEN_SURVEY=deep: the
// default, majority=true and removal=end rows only, to 1e8 leaves or 300 s each.

import {
  BOARD,
  divide,
  perft,
  picture,
  positionFrom,
  startPosition,
  type Position,
  type TabalOptions,
} from './tabal.js';
import { envInt } from './gen-env.js';

/**
 * The engine's position text (docs/notation.md; src/lattice/position-text.ts) for a reference Position:
 * ranks top first (only the points that exist on that rank), `W`/`B` men, `+W`/`+B` kings, runs of
 * empties as digits; side `W`|`B`; hand `-`; captured `-` or `B<n>W<n>` (pieces OF that side
 * captured, from 16 each); with a move limit, an extra field `-` (counter 0) or `clock=<n>`.
 */
export function toEngineText(p: Position): string {
  const ranks: string[] = [];
  for (let y = 8; y >= 0; y--) {
    let s = '';
    let run = 0;
    for (let x = 0; x < 5; x++) {
      const i = BOARD.points.findIndex((q) => q.x === x && q.y === y);
      if (i < 0) continue;
      const c = p.cells[i];
      if (c === '.') {
        run++;
        continue;
      }
      if (run > 0) {
        s += String(run);
        run = 0;
      }
      s += c === 'w' ? 'W' : c === 'b' ? 'B' : c === 'W' ? '+W' : '+B';
    }
    if (run > 0) s += String(run);
    ranks.push(s);
  }
  const count = (side: 'w' | 'b') => p.cells.filter((c) => c.toLowerCase() === side).length;
  const lostB = 16 - count('b'),
    lostW = 16 - count('w');
  if (lostB < 0 || lostW < 0) throw new Error('more than 16 pieces of a side');
  const captured = (lostB ? `B${lostB}` : '') + (lostW ? `W${lostW}` : '') || '-';
  let text = `${ranks.join('/')} ${p.side === 'white' ? 'W' : 'B'} - ${captured}`;
  if (p.rules.moveLimit !== null) text += p.quiet === 0 ? ' -' : ` clock=${p.quiet}`;
  return text;
}

interface Spec {
  id: string;
  /** the arguments of positionFrom (start rows: null, the variant's start for `options`) */
  from: Parameters<typeof positionFrom>[0] | null;
  options: TabalOptions;
  /** deepest depth to compute */
  maxDepth: number;
  /** stop after the first depth with at least this many leaves (default 1e5) */
  stopAt?: number;
  note: string;
  deep?: boolean;
}

const W = 'white' as const,
  Bk = 'black' as const;

const SPECS: Spec[] = [
  // ---- start rows (ids start with "start": perft.test.ts also checks the engine's start text)
  {
    id: 'start',
    from: null,
    options: {},
    maxDepth: 10,
    stopAt: Infinity,
    note: 'start position (default options); reference figures to depth 10 (>= 10^6 leaves)',
  },
  {
    id: 'start-first-black',
    from: null,
    options: { first: 'black' },
    maxDepth: 9,
    stopAt: 1e6,
    note: 'start with first=black (Black moves first); to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-majority-true',
    from: null,
    options: { majority: 'true' },
    maxDepth: 9,
    stopAt: 1e6,
    note: 'start with majority=true; to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-removal-end',
    from: null,
    options: { removal: 'end' },
    maxDepth: 9,
    stopAt: 1e6,
    note: 'start with removal=end; to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-move-limit-2',
    from: null,
    options: { 'move-limit': 2 },
    maxDepth: 14,
    stopAt: 1e6,
    note: 'start with move-limit=2 (the tree thins at depth 3: two quiet plies end the game); to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-move-limit-3',
    from: null,
    options: { 'move-limit': 3 },
    maxDepth: 11,
    stopAt: 1e6,
    note: 'start with move-limit=3; to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-move-limit-5',
    from: null,
    options: { 'move-limit': 5 },
    maxDepth: 10,
    stopAt: 1e6,
    note: 'start with move-limit=5; to the first depth with >= 10^6 leaves',
  },
  {
    id: 'start-deep',
    from: null,
    options: {},
    maxDepth: 11,
    stopAt: Infinity,
    deep: true,
    note: 'start position (default options); reference figures to depth 11 (npm run test:deep)',
  },

  // ---- hand-made positions, one feature each
  {
    id: 'king-long-range-landings',
    from: { whiteKings: ['a3'], white: ['c1', 'e1', 'd3'], black: ['c5', 'c7', 'c9', 'e5', 'a6'], side: W },
    options: {},
    maxDepth: 8,
    note: 'White king a3 captures only at range, with several landings each: a6 up file a (landing a7), c5 up the diagonal (landing d6 or e7); the chain goes on from the landing chosen (d6xb8 / d6xa9xe9 over c7 and c9, e7xb7 / e7xa7 over c7, a7xe7 along rank 7, back down file e or the diagonal)',
  },
  {
    id: 'black-king-long-range-landings',
    from: { blackKings: ['e7'], black: ['c9', 'a9', 'b6'], white: ['c5', 'c3', 'a5', 'e3', 'b2'], side: Bk },
    options: {},
    maxDepth: 8,
    note: "the same for Black: king e7 takes c5 at range (d6 empty) landing b4 or a3; from b4 it takes c3 landing d2 or e1, from a3 it takes a5 (landing a6/a7) or c3 (landing d3); b6xd4 is the man's capture",
  },
  {
    id: 'man-chain-through-far-rank',
    from: { white: ['c7', 'a3', 'c3', 'e3', 'c1'], black: ['d8', 'c9', 'b8', 'a5', 'e6'], side: W },
    options: {},
    maxDepth: 8,
    note: 'White man c7 must take c7xe9 (over d8), e9xa9 (over c9, along the base row), a9xc7 (over b8): it passes through the far rank (e9, a9) but ends on c7, so it stays a man (no promotion); the reverse path c7xa9xe9xc7 is the same move',
  },
  {
    id: 'man-capture-ends-on-far-rank',
    from: { white: ['c7', 'a3', 'c3', 'e3', 'c1'], black: ['d8', 'c6', 'a5', 'e6'], side: W },
    options: {},
    maxDepth: 7,
    note: 'contrast to man-chain-through-far-rank: c7xe9 over d8 ends on the far rank and promotes (the new king then moves along the base row and the den lines); c7xc5 over c6 is the other capture',
  },
  {
    id: 'king-recrosses-emptied-point',
    from: { whiteKings: ['a5'], white: ['c1', 'e1', 'e3'], black: ['c5', 'd4', 'c6', 'a7', 'e7'], side: W },
    options: {},
    maxDepth: 7,
    note: 'removal=immediate: king a5 takes c5 landing d5/e5; from e5 takes d4 landing c3/b2/a1; from c3 it goes up column c over the emptied c5 and takes c6 (landing c7/c8/c9)',
  },
  {
    id: 'king-recrosses-emptied-point-removal-end',
    from: {
      whiteKings: ['a5'],
      white: ['c1', 'e1', 'e3'],
      black: ['c5', 'd4', 'c6', 'a7', 'e7'],
      side: W,
      options: { removal: 'end' },
    },
    options: { removal: 'end' },
    maxDepth: 7,
    note: 'the same position with removal=end: the captured c5 stays until the move ends and blocks column c, so the chain stops at c3 (or goes on elsewhere); different counts from depth 1',
  },
  {
    id: 'majority-free-choice',
    from: { white: ['a3', 'c3', 'e4', 'c1'], black: ['b4', 'd6', 'e5', 'a7', 'c8'], side: W },
    options: {},
    maxDepth: 8,
    note: 'default (free choice): the one-piece capture c3xa5 is legal beside the two-piece a3xc5xe7 and e4xe6xc6',
  },
  {
    id: 'majority-true',
    from: {
      white: ['a3', 'c3', 'e4', 'c1'],
      black: ['b4', 'd6', 'e5', 'a7', 'c8'],
      side: W,
      options: { majority: 'true' },
    },
    options: { majority: 'true' },
    maxDepth: 8,
    note: 'the same position with majority=true: only the sequences taking the most pieces (c3xa5 is not legal)',
  },
  {
    id: 'two-paths-same-move',
    from: { white: ['c3', 'a1', 'e1'], black: ['c4', 'd5', 'e4', 'd3', 'a7', 'e7', 'c8'], side: W },
    options: {},
    maxDepth: 8,
    note: 'man c3 jumps round the square c4 d5 e4 d3 back to c3 either way (c3xc5xe5xe3xc3, c3xe3xe5xc5xc3): one move (same start, end and captured set), counted once',
  },
  {
    id: 'move-limit-capture-resets-clock',
    from: {
      white: ['c3', 'a3', 'e3', 'c1'],
      black: ['c4', 'a7', 'c7', 'e7', 'b8'],
      side: W,
      quiet: 5,
      options: { 'move-limit': 6 },
    },
    options: { 'move-limit': 6 },
    maxDepth: 9,
    note: 'move-limit=6 with clock=5 and a compulsory capture c3xc5: the capture resets the counter, so the game goes on for six more quiet plies (and further captures reset it again)',
  },
  {
    id: 'move-limit-quiet-move-ends-game',
    from: {
      white: ['c3', 'a3', 'e3', 'c1'],
      black: ['c5', 'a7', 'e7', 'b8'],
      side: W,
      quiet: 5,
      options: { 'move-limit': 6 },
    },
    options: { 'move-limit': 6 },
    maxDepth: 3,
    stopAt: Infinity,
    note: "move-limit=6 with clock=5 and no capture: White's quiet move makes the counter 6 and the game is drawn, even after c3-c4 where Black would have the capture c5xc3: perft(2) = 0",
  },
  {
    id: 'no-move-side-to-move',
    from: { white: ['a7', 'b7', 'c7', 'd7', 'e7'], black: ['b8', 'c8', 'd8', 'a9', 'c9', 'e9'], side: W },
    options: {},
    maxDepth: 2,
    stopAt: Infinity,
    note: "White's men on rank 7 are blocked (no step forward or sideways, every jump lands on an occupied point): White has no legal move and loses; perft(1) = 0",
  },
  {
    id: 'no-move-in-the-tree',
    from: { white: ['a7', 'b7', 'c7', 'd7', 'e7', 'a3'], black: ['b8', 'c8', 'd8', 'a9', 'c9', 'e9', 'a5'], side: W },
    options: {},
    maxDepth: 12,
    note: "the blocked White men plus one free man a3 against Black's free man a5: lines where a3 gets blocked or taken leave White with no move (a leaf with no children)",
  },
  {
    id: 'no-pieces-side-to-move',
    from: { black: ['c5', 'a7'], side: W },
    options: {},
    maxDepth: 2,
    stopAt: Infinity,
    note: 'White has no piece left: it has lost, no legal move; perft(1) = 0',
  },
  {
    id: 'last-piece-captured-in-the-tree',
    from: { whiteKings: ['c3'], white: ['a3'], black: ['c6', 'e6'], side: W },
    options: {},
    maxDepth: 10,
    note: "White king c3 must take c6 (landing c7/c8/c9); lines where White takes Black's last piece end with Black having no pieces",
  },
];

/** The perft table rows (test/perft/permainan-tabal.json), as JSON on stdout. */
function table(): void {
  // TABAL_GEN_IDS=regex: only the rows whose id matches (to look at a few); their root moves go to stderr.
  const only = process.env.TABAL_GEN_IDS ? new RegExp(process.env.TABAL_GEN_IDS) : null;
  const rows: unknown[] = [];
  for (const s of SPECS) {
    if (only && !only.test(s.id)) continue;
    const p = s.from ? positionFrom(s.from) : startPosition(s.options);
    if (only) process.stderr.write(`${s.id}: ${toEngineText(p)}\n${picture(p)}\n${JSON.stringify(divide(p, 2))}\n`);
    const depths: Record<string, number> = {};
    const stopAt = s.stopAt ?? 1e5;
    for (let d = 1; d <= s.maxDepth; d++) {
      const t0 = Date.now();
      const n = perft(p, d);
      depths[String(d)] = n;
      process.stderr.write(`${s.id} depth ${d}: ${n} (${((Date.now() - t0) / 1000).toFixed(2)} s)\n`);
      if (n === 0 || n >= stopAt) break;
    }
    rows.push({
      id: s.id,
      variant: 'permainan-tabal',
      options: s.options,
      position: toEngineText(p),
      depths,
      source: 'test/reference/tabal.ts',
      note: s.note,
      ...(s.deep ? { deep: true } : {}),
    });
  }
  process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
}

/** The survey of the start under each option set (TABAL_GEN_SURVEY), as JSON on stdout. */
function survey(deep: boolean): void {
  const budget = envInt('TABAL_GEN_SECONDS', deep ? 300 : 120);
  const target = envInt('TABAL_GEN_TARGET', deep ? 100_000_000 : 1_000_000);
  const optionRows: TabalOptions[] = deep
    ? [{}, { majority: 'true' }, { removal: 'end' }]
    : [
        {},
        { first: 'black' },
        { majority: 'true' },
        { removal: 'end' },
        { 'move-limit': 1 },
        { 'move-limit': 2 },
        { 'move-limit': 3 },
        { 'move-limit': 5 },
        { repetition: 'none' },
        { repetition: 'forbid' },
      ];
  const out: unknown[] = [];
  for (const options of optionRows) {
    const tag =
      Object.keys(options).length === 0
        ? 'default'
        : Object.entries(options)
            .map(([k, v]) => `${k}=${v}`)
            .join(',');
    const p = startPosition(options);
    const depths: Record<string, number> = {};
    const secondsPerDepth: Record<string, number> = {};
    const t0 = Date.now();
    let stop = '';
    let lastSeconds = 0;
    for (let d = 1; d <= 60; d++) {
      // the next depth takes ~ (leaves ratio) x the last one; stop before overrunning the budget
      const elapsed = (Date.now() - t0) / 1000;
      const prev = depths[String(d - 1)],
        prev2 = depths[String(d - 2)];
      const guess = d > 2 && prev2 > 0 ? lastSeconds * (prev / prev2) : 0;
      if (d > 1 && elapsed + guess > budget) {
        stop = `next depth estimated over the ${budget} s budget`;
        break;
      }
      const t = Date.now();
      const n = perft(p, d);
      lastSeconds = (Date.now() - t) / 1000;
      depths[String(d)] = n;
      secondsPerDepth[String(d)] = lastSeconds;
      if (n >= target) {
        stop = `reached >= ${target} leaves at depth ${d}`;
        break;
      }
      if (n === 0) {
        stop = `no leaves at depth ${d} (the tree ends)`;
        break;
      }
    }
    const seconds = Math.round((Date.now() - t0) / 10) / 100;
    process.stderr.write(`permainan-tabal ${tag}: ${Object.values(depths).join(' ')} (${seconds} s; ${stop})\n`);
    out.push({
      id: `permainan-tabal:${tag}`,
      variant: 'permainan-tabal',
      options,
      depths,
      source: 'test/reference/tabal.ts',
      seconds,
      secondsPerDepth,
      stop,
      start: { picture: picture(p), sideToMove: p.side, quiet: p.quiet, rules: p.rules },
    });
  }
  const divide2 = deep
    ? undefined
    : {
        id: 'permainan-tabal:default',
        variant: 'permainan-tabal',
        options: {},
        source: 'test/reference/tabal.ts',
        depth: 2,
        total: perft(startPosition(), 2),
        divide: divide(startPosition(), 2),
      };
  process.stdout.write(JSON.stringify({ survey: out, ...(divide2 ? { divide2 } : {}) }, null, 2) + '\n');
}

if (process.env.TABAL_GEN_SURVEY && !['1', 'deep'].includes(process.env.TABAL_GEN_SURVEY))
  throw new Error(`TABAL_GEN_SURVEY must be 1 or deep, got "${process.env.TABAL_GEN_SURVEY}"`);
if (process.env.TABAL_GEN_SURVEY) survey(process.env.TABAL_GEN_SURVEY === 'deep');
else table();
