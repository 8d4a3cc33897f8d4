// The engine in a worker thread: same answers as in-process, progress while it searches, and a stop
// that ends a long search early (the compiled worker from `npm run build` is used).
import { afterAll, describe, expect, it } from 'vitest';
import { EngineWorker, Game } from '../src/index.js';

describe('EngineWorker (Node worker_threads)', () => {
  const workers: EngineWorker[] = [];
  afterAll(async () => { await Promise.all(workers.map((w) => w.terminate())); });

  it('answers like an in-process game', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    const g = await Game.create('bagh-chal');
    expect(await w.legalMoves()).toEqual(g.legalMoves());
    expect(await w.perft(4)).toBe(68204);
    await w.play('c3');
    g.play('c3');
    expect(await w.position()).toBe(g.position());
    expect(await w.undo()).toBe('c3');
  });

  it('reports progress and stops a long search on request', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    const depths: number[] = [];
    const t0 = performance.now();
    const pending = w.search({ movetime: 120_000, onIteration: (i) => { depths.push(i.depth); } });
    setTimeout(() => w.stop(), 300);
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(await w.legalMoves()).toContain(r.bestmove);
    expect(depths.length).toBeGreaterThan(0);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    // the next search is not stopped by the old flag
    const r2 = await w.search({ depth: 3 });
    expect(r2.depth).toBe(3);
  });

  it('rejects bad input with the error message', async () => {
    await expect(EngineWorker.start({ variant: 'no-such-game' })).rejects.toThrow(/unknown variant "no-such-game"/);
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    await expect(w.play('a1-a2')).rejects.toThrow(/illegal move/);
    await expect(w.setPosition('T3T/5/5/5/T3T X G20 -')).rejects.toThrow(/column 15/);
  });
});

describe('EngineWorker with Maka Dai Dai Shogi', () => {
  it('answers, reports progress and stops on request', async () => {
    const w = await EngineWorker.start({ variant: 'maka-dai-dai' });
    try {
      expect(await w.legalMoves()).toHaveLength(80);
      expect(await w.perft(2)).toBe(6400);
      const depths: number[] = [];
      const t0 = performance.now();
      const pending = w.search({ movetime: 120_000, onIteration: (i) => { depths.push(i.depth); } });
      setTimeout(() => w.stop(), 1500);
      const r = await pending;
      expect(performance.now() - t0).toBeLessThan(30_000);
      expect(await w.legalMoves()).toContain(r.bestmove);
      expect(depths.length).toBeGreaterThan(0);
    } finally {
      await w.terminate();
    }
  });
});
