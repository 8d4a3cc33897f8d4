// Maka Dai Dai Shogi's fast queries and incremental state (issue 34 item 3) against the slow ones they
// replace: MoveGen.attacked (from a square outwards) answers as computeAttacks' maps do, leastAttacker finds the same
// capturer with the position (hook movers tested from their squares) as without (every hook route scanned),
// generateCaptures gives exactly generate()'s captures in generate()'s order, and the position's occupancy
// bits, material and piece counts, kept through make/unmake, equal a fresh position's, on the designed positions
// (Lions, hook movers, Emperors, promoted pieces; every option value) and on positions of seeded random play.
import { describe, expect, it } from 'vitest';
import { MakaGame } from '../../src/index.js';
import { Position, SQUARES } from '../../src/maka/position.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import { F_HOOK_DIAG, F_HOOK_ORTH } from '../../src/maka/movegen.js';
import { VALUE_OF_BYTE } from '../../src/maka/eval.js';
import { DESIGNED, START } from '../support/maka-positions.js';

/** mulberry32: a seeded stream of 32-bit integers. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Checks both queries on the game's current position; returns the number of captures. */
function check(g: MakaGame, where: string): number {
  const { pos, gen } = g.internal;
  const b = pos.board;
  // the incremental state (occupancy, material, piece counts) as a fresh position computes it
  const fresh = new Position();
  fresh.set(pos.cells(), pos.side);
  expect(
    [pos.material, [...pos.nonRoyal], [...pos.occ], [...pos.royalOcc], [...pos.counts], [...pos.squareSum]],
    where,
  ).toEqual([
    fresh.material,
    [...fresh.nonRoyal],
    [...fresh.occ],
    [...fresh.royalOcc],
    [...fresh.counts],
    [...fresh.squareSum],
  ]);
  gen.computeAttacks(b);
  for (let c = 0; c < 2; c++)
    for (let i = 0; i < SQUARES.length; i++) {
      const x = SQUARES[i]!;
      if (gen.attacked(b, x, c, pos) !== (gen.attack[c]![x] !== 0))
        expect.fail(`${where}: attacked(square ${i}, colour ${c}) disagrees with computeAttacks`);
    }
  // leastAttacker() (static exchange evaluation's next capturer) with the position (hook movers tested from their
  // squares) as without (every line and turn through the square scanned): the same square, also while an exchange
  // has taken pieces off the board and the counts still have them
  const sameLeast = (tag: string) => {
    for (let c = 0; c < 2; c++)
      for (let i = 0; i < SQUARES.length; i++) {
        const x = SQUARES[i]!;
        const fast = gen.leastAttacker(b, x, c, VALUE_OF_BYTE, pos),
          scan = gen.leastAttacker(b, x, c, VALUE_OF_BYTE);
        if (fast !== scan) expect.fail(`${where}${tag}: leastAttacker(square ${i}, colour ${c}) ${fast} != ${scan}`);
      }
  };
  sameLeast('');
  const hooks = SQUARES.filter((x) => b[x] !== 0 && gen.tables.flags[b[x]! - 4]! & (F_HOOK_ORTH | F_HOOK_DIAG));
  if (hooks.length > 0) {
    const h = hooks[hooks.length - 1]!,
      q = b[h]!;
    b[h] = 0;
    sameLeast(` without the hook mover on ${h}`);
    b[h] = q;
  }
  const n = gen.generate(pos, 0);
  const [lo, hi] = gen.buffers(0);
  const caps: string[] = [];
  for (let i = 0; i < n; i++) {
    const from = lo[i]! & 1023,
      to = (lo[i]! >>> 10) & 1023;
    if ((hi[i]! & 1023) !== 0 || (to !== from && b[to] !== 0)) caps.push(`${lo[i]},${hi[i]}`);
  }
  const m = gen.generateCaptures(pos, 1);
  const [clo, chi] = gen.buffers(1);
  const got: string[] = [];
  for (let i = 0; i < m; i++) got.push(`${clo[i]},${chi[i]}`);
  expect(got, where).toEqual(caps);
  return m;
}

/** Plays `plies` seeded random moves from the game's position, checking every position on the way. */
function walk(g: MakaGame, seed: number, plies: number, where: string): number {
  const next = rng(seed);
  let captures = 0;
  for (let k = 0; k < plies && g.result() === null; k++) {
    captures += check(g, `${where} ply ${k}`);
    const moves = g.legalMoves();
    if (moves.length === 0) break;
    // captures first half the time, so that the walks reach open, exchanged positions
    const caps = moves.filter((m) => m.includes('x'));
    const pool = caps.length > 0 && next() % 2 === 0 ? caps : moves;
    g.play(pool[next() % pool.length]!);
  }
  return captures;
}

describe('attacked() and generateCaptures() agree with computeAttacks and generate()', () => {
  const cases = [...DESIGNED, { ...DESIGNED[0]!, id: 'lions lion-dog=leaper', options: { 'lion-dog': 'leaper' } }];
  it.each(cases.map((d) => [d.id, d] as const))('%s', (_id, d) => {
    const g = createUncheckedMakaGame({ position: d.position, options: d.options });
    walk(g, 7, 12, d.id);
    g.dispose();
  });

  it('two hook movers of a kind on a side: the one the scan meets first', () => {
    // (hooked()'s scan order decides between two that reach a square at the same turn: both Hook Movers and both
    // Capricorns the same distance either side of a square of a line)
    const rows = Array.from({ length: 19 }, () => '19');
    rows[0] = '18k';
    rows[18] = 'K18';
    rows[7] = rows[11] = '5(HM)13';
    rows[5] = '10(CP)8';
    rows[9] = '14(CP)4';
    rows[3] = rows[15] = '3(hm)11(cp)3';
    const g = createUncheckedMakaGame({ position: `${rows.join('/')} b` });
    walk(g, 5, 6, 'two hook movers');
    g.dispose();
  });

  it('random play from the start reaches captures and agrees all the way', () => {
    let captures = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const g = MakaGame.create({ position: START });
      captures += walk(g, seed, 60, `start seed ${seed}`);
      g.dispose();
    }
    expect(captures).toBeGreaterThan(100);
  });
});

describe('the incremental state survives make and unmake', () => {
  it('a null move and a line of moves taken back restore it', () => {
    const g = MakaGame.create({ position: START });
    const { pos, gen } = g.internal;
    const state = () => [
      pos.material,
      [...pos.nonRoyal],
      [...pos.occ],
      [...pos.royalOcc],
      [...pos.counts],
      [...pos.squareSum],
      pos.keyHex(),
    ];
    const before = state();
    const next = rng(11);
    for (let k = 0; k < 40; k++) {
      if (k % 7 === 3) pos.makeNull();
      else {
        const n = gen.generate(pos, 0);
        const [lo, hi] = gen.buffers(0);
        const i = next() % n;
        pos.make(lo[i]!, hi[i]!);
      }
    }
    while (pos.ply > 0) pos.unmake();
    expect(state()).toEqual(before);
    g.dispose();
  });
});
