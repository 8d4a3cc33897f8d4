// An in-process game runs synchronously: it does not wait for a promise a callback (onIteration, onProgress)
// returns, and a rejection of that promise is reported as a process warning naming the callback, never an
// unhandled rejection that ends Node (issue 35 class 2). The run's result and the position are as with a
// synchronous callback. EngineWorker awaits such callbacks instead (test/support/conformance.ts WORKER_ONLY).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame } from '../../src/index.js';

const rejecting = async () => {
  throw new RangeError('the callback failed');
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(['bagh-chal', 'maka-dai-dai'])('%s: async callbacks of an in-process run', (variant) => {
  it('a rejecting onIteration or onProgress is a warning naming it; results and position as without it', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const g = await createGame(variant);
    try {
      const before = g.position();
      const plain = g.search({ depth: 2 });
      const withAsync = g.search({ depth: 2, onIteration: rejecting });
      expect([withAsync.bestmove, withAsync.depth]).toEqual([plain.bestmove, plain.depth]);
      const n = g.perft(2);
      expect(g.perft(2, { onProgress: rejecting })).toBe(n);
      expect(Object.values(g.divide(2, { onProgress: rejecting })).reduce((a, b) => a + b, 0)).toBe(n);
      expect(g.position()).toBe(before);
      // a tick for the rejections to be handled: vitest fails the file on an unhandled one
      await new Promise((r) => setTimeout(r, 20));
      const texts = warn.mock.calls.map((c) => String(c[0]));
      expect(texts.filter((t) => t.startsWith("onIteration's promise rejected")).length).toBeGreaterThan(0);
      expect(texts.filter((t) => t.startsWith("onProgress's promise rejected")).length).toBeGreaterThan(0);
      expect(texts.every((t) => t.includes('RangeError: the callback failed'))).toBe(true);
      // an async callback that resolves is called as a synchronous one is
      const depths: number[] = [];
      g.search({ depth: 2, onIteration: async (i) => void depths.push(i.depth) });
      expect(depths).toEqual([1, 2]);
    } finally {
      g.dispose();
    }
  });
});
