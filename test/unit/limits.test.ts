// Issue 19 "Options and limits": every numeric limit of search, perft, divide and solve is checked the
// same way in every family (src/contract/limits.ts): counts are integers in their documented range, durations
// finite numbers, and a bad one is an ArgumentError naming it. A search's depth 1 always completes
// (docs/api.md), whatever its node budget, deadline or stop flag; Maka's perft and divide take the lattice
// games' movetime and stop and leave the position as it was when stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgumentError, Game, LatticeError, createGame, type AnyGame } from '../../src/index.js';
import { MAX_PERFT_DEPTH, MAX_SEARCH_DEPTH } from '../../src/contract/limits.js';
import { buildTablebase } from '../../src/solve/index.js';

const VARIANTS = ['bagh-chal', 'permainan-tabal', 'catch-the-giant', 'maka-dai-dai'];

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe.each(VARIANTS)('%s: the limits of search, perft and divide', (variant) => {
  let g: AnyGame;
  const game = async () => (g ??= await createGame(variant));

  it('refuses a node budget that is not an integer 0..2^53-1, naming it', async () => {
    const gm = await game();
    for (const nodes of [1.5, 0.5, -1, 2 ** 53, 1e300, Number.NaN, Infinity, '5', true, null]) {
      const e = thrown(() => gm.search({ nodes } as never));
      expect(e, `nodes ${String(nodes)}`).toBeInstanceOf(ArgumentError);
      expect((e as Error).message).toMatch(/^nodes must be an integer 0\.\.9007199254740991/);
    }
    expect(gm.search({ depth: 1, nodes: 0 }).depth).toBe(1);
  });

  it('refuses depths and movetimes out of range', async () => {
    const gm = await game();
    for (const depth of [0, -1, MAX_SEARCH_DEPTH + 1, 1.5, '3', Number.NaN])
      expect(
        thrown(() => gm.search({ depth } as never)),
        `depth ${String(depth)}`,
      ).toBeInstanceOf(ArgumentError);
    for (const movetime of [-1, Number.NaN, Infinity, '5'])
      expect(
        thrown(() => gm.search({ movetime } as never)),
        `movetime ${String(movetime)}`,
      ).toBeInstanceOf(ArgumentError);
    for (const depth of [-1, MAX_PERFT_DEPTH + 1, 1.5, '2', Number.NaN]) {
      expect(
        thrown(() => gm.perft(depth as never)),
        `perft ${String(depth)}`,
      ).toBeInstanceOf(ArgumentError);
      expect(
        thrown(() => gm.divide(depth as never)),
        `divide ${String(depth)}`,
      ).toBeInstanceOf(ArgumentError);
    }
    for (const limits of [
      { movetime: 0 },
      { movetime: -5 },
      { movetime: Number.NaN },
      { movetime: Infinity },
      { movetime: '9' },
      { stop: [1] },
      { stop: new Int32Array(0) },
      { onProgress: 5 },
      { nodes: 5 },
      [],
    ]) {
      expect(
        thrown(() => gm.perft(2, limits as never)),
        `perft limits ${JSON.stringify(limits)}`,
      ).toBeInstanceOf(ArgumentError);
      expect(
        thrown(() => gm.divide(2, limits as never)),
        `divide limits ${JSON.stringify(limits)}`,
      ).toBeInstanceOf(ArgumentError);
    }
  });

  it('depth 1 always completes: nodes 1, a tiny movetime, a stop flag already set', async () => {
    const gm = await game();
    const legal = gm.legalMoves();
    for (const limits of [
      { nodes: 1 },
      { nodes: 2 },
      { movetime: 0.001 },
      { stop: Int32Array.of(1) },
      { depth: 1, nodes: 1 },
    ]) {
      const r = gm.search(limits);
      expect(r.depth, JSON.stringify(limits)).toBeGreaterThanOrEqual(1);
      expect(legal, JSON.stringify(limits)).toContain(r.bestmove);
      expect(r.pv[0], JSON.stringify(limits)).toBe(r.bestmove);
    }
  });

  it('perft and divide stop on movetime and on the stop flag (LatticeError stopped), the position unchanged', async () => {
    const gm = await game();
    const before = gm.position(),
      exact = gm.perft(2);
    const deep = variant === 'maka-dai-dai' ? 6 : 14;
    for (const run of [
      () => gm.perft(deep, { movetime: 30 }),
      () => gm.divide(deep, { movetime: 30 }),
      () => gm.perft(deep, { stop: Int32Array.of(1) }),
      () => gm.divide(deep, { stop: Int32Array.of(1) }),
      () => gm.perft(deep, { movetime: 30, onProgress: () => {} }),
    ]) {
      const e = thrown(run);
      expect(e).toBeInstanceOf(LatticeError);
      expect(e).toMatchObject({
        code: 'stopped',
        message: expect.stringMatching(/(perft|divide) \d+ stopped after \d+ ms/),
      });
      expect(gm.position()).toBe(before);
    }
    // after a stopped run, counts of depth 0 and divide(1) (runs of 0 plies below the root) are not "stopped"
    expect(gm.perft(0)).toBe(1);
    expect(Object.keys(gm.divide(1))).toHaveLength(gm.legalMoves().length);
    expect(gm.perft(2)).toBe(exact);
    // a flag that is clear and a generous movetime change nothing
    expect(gm.perft(2, { stop: Int32Array.of(0), movetime: 600_000 })).toBe(exact);
  });
});

describe('the limits of solve and the tablebase builder', () => {
  it('solve: nodeLimit an integer 0..2^53-1 and onProgress a function, checked before anything else', async () => {
    const g = await Game.create('bagh-chal');
    for (const opts of [
      { nodeLimit: 1.5 },
      { nodeLimit: -1 },
      { nodeLimit: 2 ** 53 },
      { nodeLimit: '5' },
      { nodeLimit: Number.NaN },
      { onProgress: 5 },
      { depth: 3 },
      7,
    ]) {
      const e = thrown(() => g.solve(opts as never));
      expect(e, JSON.stringify(opts)).toBeInstanceOf(ArgumentError);
      expect((e as Error).message, JSON.stringify(opts)).not.toMatch(/needs a tablebase/);
    }
    // good options, but no tablebase loaded: that is said
    expect(() => g.solve({ nodeLimit: 10 })).toThrow(/needs a tablebase/);
  });

  it('buildTablebase: threads an integer 1..64, shown as given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lattice-limits-'));
    try {
      for (const threads of [0, 65, 1.5, '2']) {
        const e = await buildTablebase('bagh-chal', { dir, threads: threads as never }).catch((x: unknown) => x);
        expect(e, String(threads)).toBeInstanceOf(ArgumentError);
        expect((e as Error).message).toBe(
          `threads must be an integer 1..64, got ${typeof threads === 'string' ? `"${threads}"` : threads}`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
