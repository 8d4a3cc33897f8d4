// An in-process game runs synchronously: a callback (onIteration, onProgress) that returns a promise is refused
// with ArgumentError, thrown out of the run as a callback's own throw is, and its promise's rejection is handled
// (it was an unhandled rejection that ended Node; issue 35 class 2). The position is as before the call.
// EngineWorker awaits such callbacks instead (test/support/conformance.ts).
import { describe, expect, it } from 'vitest';
import { ArgumentError, createGame } from '../../src/index.js';

const rejecting = async () => {
  throw new Error('the callback failed');
};

describe.each(['bagh-chal', 'maka-dai-dai'])('%s: callbacks of an in-process run', (variant) => {
  it('an async onIteration or onProgress is refused, its rejection handled, the position kept', async () => {
    const g = await createGame(variant);
    try {
      const before = g.position();
      expect(() => g.search({ depth: 2, onIteration: rejecting })).toThrow(ArgumentError);
      expect(() => g.search({ depth: 2, onIteration: rejecting })).toThrow(/onIteration returned a promise/);
      expect(() => g.perft(2, { onProgress: rejecting })).toThrow(/onProgress returned a promise/);
      expect(() => g.divide(2, { onProgress: async () => {} })).toThrow(ArgumentError);
      expect(g.position()).toBe(before);
      // a tick for the promises' rejections to surface: vitest fails the file on an unhandled one
      await new Promise((r) => setTimeout(r, 10));
      const depths: number[] = [];
      g.search({ depth: 2, onIteration: (i) => void depths.push(i.depth) });
      expect(depths).toEqual([1, 2]);
    } finally {
      g.dispose();
    }
  });
});
