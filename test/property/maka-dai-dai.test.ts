// Maka Dai Dai Shogi (src/maka) property tests: random positions and fast-check playouts (unmake, keys,
// move texts, colour symmetry, Emperor moves against a brute-force check). Rules:
// /work/shared/rules/maka-dai-dai.md.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MakaGame, PIECES, parseMove, parsePosition, formatPosition } from '../../src/maka/index.js';
import { createUncheckedMakaGame } from '../../src/maka/game.js';
import {
  IS_EMPEROR,
  SQUARES,
  makePiece,
  moveCap1,
  moveCap2,
  moveFrom,
  moveTo,
  movePiece,
} from '../../src/maka/position.js';
import { squareName } from '../../src/maka/sfen.js';
import { START } from '../support/maka-positions.js';

// ---------- random positions and playouts ----------

const NTYPES = PIECES.length;
/** A random position from a seed: about `density` of the squares filled, royals guaranteed. */
function randomPosition(seed: number, density: number, emperorBias: boolean): string {
  let s = seed >>> 0 || 1;
  const rnd = (n: number): number => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
  const cells = new Uint8Array(361);
  for (let i = 0; i < 361; i++) {
    if (rnd(1000) >= density * 1000) continue;
    const t = 1 + rnd(NTYPES - 1); // not a King
    const prom = PIECES[t]!.promoted !== null && rnd(3) === 0;
    cells[i] = makePiece(t, prom, rnd(2));
  }
  for (const c of [0, 1]) {
    const k = rnd(361);
    cells[k] = makePiece(0, emperorBias ? rnd(2) === 0 : rnd(5) === 0, c);
  }
  return formatPosition({ cells, side: rnd(2) });
}

interface RawMove {
  lo: number;
  hi: number;
  text: string;
}
function rawMoves(g: MakaGame): RawMove[] {
  const { pos, gen } = g.internal;
  const texts = g.legalMoves();
  if (texts.length === 0) return [];
  const n = gen.generate(pos, 0);
  const [lo, hi] = gen.buffers(0);
  expect(n).toBe(texts.length);
  const out: RawMove[] = [];
  for (let i = 0; i < n; i++) out.push({ lo: lo[i]!, hi: hi[i]!, text: texts[i]! });
  return out;
}

/** Checks the move list of the current position: tuples and texts unique, texts parse back to the move. */
function checkMoves(g: MakaGame, moves: RawMove[]): void {
  const { pos } = g.internal;
  const tuples = new Set<string>();
  const texts = new Set<string>();
  for (const m of moves) {
    const from = moveFrom(m.lo),
      to = moveTo(m.lo);
    const caps = [moveCap1(m.hi), moveCap2(m.hi)].filter(Boolean);
    if (to !== from && pos.board[to] !== 0) caps.push(to);
    const tuple = `${from},${to},${[...caps].sort().join('.')},${movePiece(m.lo)}`;
    expect(tuples.has(tuple), `duplicate move ${m.text}`).toBe(false);
    tuples.add(tuple);
    expect(texts.has(m.text), `duplicate text ${m.text}`).toBe(false);
    texts.add(m.text);
    const t = parseMove(m.text);
    expect(squareName(t.from)).toBe(squareName(from));
    expect(squareName(t.to)).toBe(squareName(to));
    const parsedCaps = [...t.captures, ...(t.destCaptured ? [t.to] : [])].sort();
    expect(parsedCaps).toEqual([...caps].sort());
  }
}

const optionsArb = fc.record({
  'lion-dog': fc.constantFrom('default', 'slider', 'leaper'),
  promotion: fc.constantFrom('default', 'always'),
  conversion: fc.constantFrom('true', 'false'),
  emperor: fc.constantFrom('default', 'jawiki', 'free'),
  pieces: fc.constantFrom('default', 'rokushu'),
});

/** The colour-swapped, 180-degree rotated position (Black <-> White). */
function mirrored(text: string): string {
  const s = parsePosition(text);
  const cells = new Uint8Array(361);
  for (let i = 0; i < 361; i++) {
    const p = s.cells[360 - i]!;
    cells[i] = p === 0 ? 0 : p ^ 1;
  }
  return formatPosition({ cells, side: s.side ^ 1 });
}

const walkArb = fc.record({
  options: optionsArb,
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  density: fc.constantFrom(0.1, 0.25, 0.4),
  emperor: fc.boolean(),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 24 }),
});

describe('properties (fast-check playouts)', () => {
  it('unmake restores position and key; incremental key = recomputed; texts parse back; no duplicate moves', () => {
    fc.assert(
      fc.property(walkArb, ({ options, seed, density, emperor, picks }) => {
        const start = randomPosition(seed, density, emperor);
        const g = createUncheckedMakaGame({ position: start, options: { ...options, repetition: 'none' } });
        const key0 = g.key();
        expect(g.keyConsistent()).toBe(true);
        let played = 0;
        for (const pick of picks) {
          const moves = rawMoves(g);
          if (moves.length === 0) break;
          checkMoves(g, moves);
          const m = moves[pick % moves.length]!;
          g.play(m.text);
          played++;
          expect(g.keyConsistent()).toBe(true);
          const again = createUncheckedMakaGame({ position: g.position(), options });
          expect(again.position()).toBe(g.position());
          expect(again.key()).toBe(g.key());
        }
        for (let i = 0; i < played; i++) g.undo();
        expect(g.position()).toBe(start);
        expect(g.key()).toBe(key0);
      }),
      { numRuns: 40 },
    );
  });

  it("the colour-swapped rotated position has the same perft (White moves mirror Black's)", () => {
    fc.assert(
      fc.property(optionsArb, fc.integer({ min: 1, max: 0x7fffffff }), fc.boolean(), (options, seed, emperor) => {
        const p = randomPosition(seed, 0.12, emperor);
        const a = createUncheckedMakaGame({ position: p, options }),
          b = createUncheckedMakaGame({ position: mirrored(p), options });
        expect(b.perft(1)).toBe(a.perft(1));
        expect(b.perft(2)).toBe(a.perft(2));
      }),
      { numRuns: 30 },
    );
  });

  it('playouts from the start keep the key consistent and undo to the start', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 10, maxLength: 80 }), (picks) => {
        const g = MakaGame.create({ options: { repetition: 'none' } });
        const key0 = g.key();
        let played = 0;
        for (const pick of picks) {
          const moves = g.legalMoves();
          if (moves.length === 0) break;
          g.play(moves[pick % moves.length]!);
          played++;
        }
        expect(g.keyConsistent()).toBe(true);
        for (let i = 0; i < played; i++) g.undo();
        expect(g.position()).toBe(START);
        expect(g.key()).toBe(key0);
      }),
      { numRuns: 20 },
    );
  });

  it('Emperor moves agree with a brute-force check of attacks and protection (every emperor option)', () => {
    for (const mode of ['default', 'jawiki', 'free'] as const) {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.constantFrom(0.1, 0.3), (seed, density) => {
          const g = createUncheckedMakaGame({
            position: randomPosition(seed, density, true),
            options: { emperor: mode },
          });
          if (g.result()) return;
          const { pos, gen } = g.internal;
          const us = pos.side;
          const emperorSquares = [...SQUARES].filter((s) => pos.board[s] === makePiece(0, true, us));
          for (const e of emperorSquares) {
            const got = new Set(
              rawMoves(g)
                .filter((m) => moveFrom(m.lo) === e)
                .map((m) => squareName(moveTo(m.lo))),
            );
            const want = new Set<string>();
            for (const x of SQUARES) {
              if (x === e) continue;
              const q = pos.board[x]!;
              if (q !== 0 && (q & 1) === us) continue;
              const canCapture = (side: number, victim: number): boolean => {
                // position after the move: Emperor gone from e, `victim` on x; does `side` capture on x
                // with a piece other than an Emperor?
                const saved = pos.board.slice();
                const savedSide = pos.side,
                  r0 = pos.royals[0]!,
                  r1 = pos.royals[1]!;
                pos.board[e] = 0;
                pos.board[x] = victim;
                pos.side = side;
                pos.royals[0] = 1;
                pos.royals[1] = 1;
                const n = gen.generate(pos, 5);
                const [lo, hi] = gen.buffers(5);
                let hit = false;
                for (let i = 0; i < n && !hit; i++) {
                  if (IS_EMPEROR[pos.board[moveFrom(lo[i]!)]!]) continue;
                  const to = moveTo(lo[i]!);
                  if ((to === x && to !== moveFrom(lo[i]!)) || moveCap1(hi[i]!) === x || moveCap2(hi[i]!) === x)
                    hit = true;
                }
                pos.board.set(saved);
                pos.side = savedSide;
                pos.royals[0] = r0;
                pos.royals[1] = r1;
                return hit;
              };
              const attacked = canCapture(us ^ 1, makePiece(0, true, us));
              const protectedSq = canCapture(us, makePiece(26, false, us ^ 1));
              const royal = q !== 0 && (q >> 2) - 1 === 0;
              const royalQ = q !== 0 && (royal || q === makePiece(1, true, us ^ 1));
              let ok: boolean;
              if (mode === 'default') {
                const enemyEmperorsAfter = pos.emperors[us ^ 1]! - (q === makePiece(0, true, us ^ 1) ? 1 : 0);
                ok = !attacked && (enemyEmperorsAfter === 0 || protectedSq);
              } else if (mode === 'jawiki') ok = q === 0 || !attacked;
              else ok = q === 0 || !royalQ || !attacked;
              if (ok) want.add(squareName(x));
            }
            expect([...got].sort()).toEqual([...want].sort());
          }
        }),
        { numRuns: 25 },
      );
    }
  });
});
