// Driver that regenerates test/perft/bagh-chal.json from the reference
// implementation (test/reference/bagh-chal.ts). Exports nothing; it is not a
// test. Run it by compiling to a scratch directory outside the repo, e.g.:
//
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/ref test/reference/bagh-chal.gen.ts
//   echo '{"type":"module"}' > /tmp/ref/package.json
//   node /tmp/ref/bagh-chal.gen.js > test/perft/bagh-chal.json
//
// Per-depth timings go to stderr. The whole run takes a couple of minutes.

import { divide, formatPosition, parsePosition, perft, type RefOptions } from './bagh-chal.js';

interface Spec {
  id: string;
  position: string;
  /** options in the project's key=value vocabulary (RULES.md §1) */
  options: Record<string, number>;
  maxDepth: number;
  note: string;
}

const SPECS: Spec[] = [
  {
    id: 'start',
    position: 'T3T/5/5/5/T3T G G20 -',
    options: {},
    maxDepth: 7,
    note: 'start position; placement phase, goats to move (published perft(6) = 18,592,000)',
  },
  {
    id: 'placement-captured-2-goats-to-move',
    position: '1TG1G/GT1TG/G2T1/2G1G/1G3 G G10 G2',
    options: {},
    maxDepth: 7,
    note: 'placement phase, 2 goats already captured, goats to move (10 in hand); tiger captures appear from depth 2',
  },
  {
    id: 'placement-captured-3-tigers-to-move',
    position: '1TGGT/2T1G/2G1G/GTG1G/5 T G9 G3',
    options: {},
    maxDepth: 8,
    note: 'placement phase, 3 captured, tigers to move with two captures available (b2xd2, b2xd4) and steps',
  },
  {
    id: 'placement-captured-4-tigers-to-move',
    position: 'T4/G4/T2TG/T3G/GG1GG T G9 G4',
    options: {},
    maxDepth: 7,
    note: 'placement phase, 4 captured, tigers to move (no capture at ply 1); any later capture ends the game during placement',
  },
  {
    id: 'movement-captured-0',
    position: 'GTGTG/GGGGG/GG1GG/GGTGG/GTGGG G - -',
    options: {},
    maxDepth: 11,
    note: 'movement phase (no goats in hand), 0 captured, single empty point c3, goats to move',
  },
  {
    id: 'movement-captured-0-symmetric',
    position: 'GGGGG/GTGTG/GG1GG/GTGTG/GGGGG G - -',
    options: {},
    maxDepth: 12,
    note: "movement phase, 0 captured, tigers on b2 d2 b4 d4 around the empty centre; goats' only moves are orthogonal steps into c3",
  },
  {
    id: 'movement-captured-1',
    position: 'TGGGG/G1GGG/GGGTT/TGGGG/G1GGG G - G1',
    options: {},
    maxDepth: 10,
    note: 'movement phase, 1 captured, goats to move',
  },
  {
    id: 'movement-captured-2',
    position: 'GGG1T/GTGGG/G1GGG/G1TGG/GGGTG G - G2',
    options: {},
    maxDepth: 9,
    note: 'movement phase, 2 captured, goats to move',
  },
  {
    id: 'movement-captured-3-goats-to-move',
    position: 'G1GGT/GGGT1/GGGGG/GGG2/TTGGG G - G3',
    options: {},
    maxDepth: 9,
    note: 'movement phase, 3 captured, goats to move',
  },
  {
    id: 'movement-captured-3-tigers-to-move',
    position: 'TG2G/GGGGG/G1TGG/GGG1G/GGGTT T - G3',
    options: {},
    maxDepth: 8,
    note: 'movement phase, 3 captured, tigers to move with a vertical (c3xc5) and a horizontal (a5xc5) capture',
  },
  {
    id: 'movement-captured-4',
    position: 'GG1TG/GGG2/GGGT1/GGG1G/TTGGG G - G4',
    options: {},
    maxDepth: 9,
    note: 'movement phase, 4 captured, goats to move; every later capture ends the game',
  },
  {
    id: 'tiger-jumps-8-directions',
    position: '3T1/TGGG1/1GTG1/1GGG1/1T3 T G10 G2',
    options: {},
    maxDepth: 7,
    note: 'tiger on c3 surrounded by 8 goats with all 8 landing points empty: 8 jumps (4 orthogonal, 4 diagonal), no steps; other tigers b1 a4 d5 have 2 steps each (14 moves)',
  },
  {
    id: 'goats-stalemated-captured-1',
    position: 'GGGGT/GGGGG/GGGGG/TTGGG/2TGG G - G1',
    options: {},
    maxDepth: 6,
    note: 'goats to move with no legal move (empty a1 b1 surrounded only by tigers a2 b2 c1): game over, 0 at every depth',
  },
  {
    id: 'goats-stalemated-captured-0',
    position: 'GGGGG/GGGGG/GGGGT/TTGGG/1TGGG G - -',
    options: {},
    maxDepth: 6,
    note: 'goats to move with no legal move (only empty point a1, neighbours a2 b1 b2 all tigers), nothing captured: 0 at every depth',
  },
  {
    id: 'goats-one-tiger-move-from-stalemate',
    position: 'GGGGT/GGGGG/GGGGG/T1GGG/1TTGG T - G1',
    options: {},
    maxDepth: 11,
    note: 'tigers to move (5 steps); b1-b2 leaves the goats without a move (that branch is dead below ply 1), the other 4 steps do not (depth 2 = 0+4+3+1+5)',
  },
  {
    id: 'goats-can-walk-into-stalemate',
    position: 'GGGGT/GGGGG/GG1GG/TGGGG/1TTGG G - G1',
    options: {},
    maxDepth: 10,
    note: 'goats to move; after b2-c3 the tiger reply b1-b2 stalemates the goats',
  },
  {
    id: 'fifth-capture-ends-game',
    position: 'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4',
    options: {},
    maxDepth: 9,
    note: '4 captured, tigers to move: 4 steps + 4 jumps into c3; each jump is the 5th capture and ends the game, so it counts at depth 1 only (depth 2 = 4 steps x 16 goat replies)',
  },
  {
    id: 'game-already-won',
    position: 'TGGGT/1GGG1/GGTGG/2GG1/1GGGT G - G5',
    options: {},
    maxDepth: 6,
    note: '5 goats captured (after a1xc3 from fifth-capture-ends-game): game over although goats have steps, 0 at every depth',
  },
  {
    id: 'placement-to-movement-captured-3',
    position: 'GTGGG/G1TGG/GG3/GGTTG/GG1GG G G1 G3',
    options: {},
    maxDepth: 8,
    note: 'goats to move with 1 goat in hand: this placement is the last, the next goat turn (ply 3) is a step',
  },
  {
    id: 'placement-to-movement-captured-2',
    position: '1GGGG/GG1GG/GG1GG/GT1TT/TGGGG G G1 G2',
    options: {},
    maxDepth: 9,
    note: 'goats to move with 1 goat in hand (4 empty points), then the movement phase',
  },
  {
    id: 'tigers-trapped',
    position: 'TGGGT/GG1GG/G1G1G/GGGGG/TGGGT T - G2',
    options: {},
    maxDepth: 6,
    note: 'tigers to move with no step and no jump (every neighbour a goat, every landing point a goat): goats win, 0 at every depth',
  },
  {
    id: 'tigers-one-goat-move-from-trapped',
    position: 'TG1GT/GGGGG/G1G1G/GGGGG/TGGGT G - G2',
    options: {},
    maxDepth: 9,
    note: 'goats to move; c4-c5 traps all four tigers (that branch is dead below ply 1); every other goat move leaves the tigers a step or a jump',
  },
  {
    id: 'captures-to-win-4',
    position: '1TGGT/2T1G/2G1G/GTG1G/5 T G9 G3',
    options: { 'captures-to-win': 4 },
    maxDepth: 8,
    note: 'option captures-to-win=4 on the placement-captured-3-tigers-to-move position: the captures at ply 1 already end the game',
  },
];

function toOpts(o: Record<string, number>): RefOptions {
  const opts: RefOptions = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'captures-to-win') opts.capturesToWin = v;
    else throw new Error(`unknown option ${k}`);
  }
  return opts;
}

const rows: unknown[] = [];
for (const spec of SPECS) {
  const opts = toOpts(spec.options);
  const p = parsePosition(spec.position, opts);
  if (formatPosition(p) !== spec.position) throw new Error(`${spec.id}: position does not round-trip`);
  const depths: Record<string, number> = {};
  const times: string[] = [];
  for (let d = 1; d <= spec.maxDepth; d++) {
    const t0 = Date.now();
    depths[String(d)] = perft(p, d, opts);
    times.push(`${d}:${((Date.now() - t0) / 1000).toFixed(2)}s`);
  }
  // self-consistency: divide sums to perft at a cheap depth
  const dd = Math.min(3, spec.maxDepth);
  const sum = Object.values(divide(p, dd, opts)).reduce((a, b) => a + b, 0);
  if (sum !== depths[String(dd)])
    throw new Error(`${spec.id}: divide(${dd}) sums to ${sum}, perft ${depths[String(dd)]}`);
  process.stderr.write(`${spec.id} ${JSON.stringify(depths)}\n  ${times.join(' ')}\n`);
  rows.push({
    id: spec.id,
    variant: 'bagh-chal',
    options: spec.options,
    position: spec.position,
    depths,
    source: 'test/reference/bagh-chal.ts',
    note: spec.note,
  });
}
process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
