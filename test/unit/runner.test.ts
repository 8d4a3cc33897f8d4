// The one runner of a layer graph (src/solve/runner.ts): LayerSchedule decides which layers are ready and in what
// order (the longest chain of weights first, ties in the order given), runLayers runs them over an executor's lanes.
// The executor here is a fake: each run is a promise the test settles by hand, so the order and the overlap are
// the test's to read.
import { describe, expect, it } from 'vitest';
import { LayerSchedule, runLayers, type GraphLayer, type LayerExecutor } from '../../src/solve/runner.js';
import { ArgumentError, LatticeError, TablebaseError } from '../../src/contract/errors.js';

type L = GraphLayer & { weight?: number };
const layer = (name: string, needs: string[] = [], weight?: number): L => ({ name, needs, weight });

/** A fake executor: runs wait until the test settles them; it records the starts and what was finished then. */
class Fake implements LayerExecutor<L, string> {
  readonly starts: Array<{ name: string; lane: number; finished: string[] }> = [];
  readonly finished: string[] = [];
  private readonly pending = new Map<string, { resolve: (r: string) => void; reject: (e: Error) => void }>();
  running = 0;
  most = 0;
  constructor(readonly capacity: number) {}

  run(l: L, lane: number): Promise<string> {
    this.starts.push({ name: l.name, lane, finished: [...this.finished] });
    this.running++;
    this.most = Math.max(this.most, this.running);
    return new Promise((resolve, reject) => this.pending.set(l.name, { resolve, reject }));
  }

  get waiting(): string[] {
    return [...this.pending.keys()];
  }

  /** Finishes the run of `name` (or fails it with `err`), then lets the runner go on. */
  async settle(name: string, err?: Error): Promise<void> {
    const p = this.pending.get(name);
    if (!p) throw new Error(`${name} is not running`);
    this.pending.delete(name);
    this.running--;
    if (err) p.reject(err);
    else {
      this.finished.push(name);
      p.resolve(`result of ${name}`);
    }
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  }

  /** Settles the runs in the order they started until the run resolves. */
  async drain(): Promise<void> {
    while (this.waiting.length > 0) await this.settle(this.waiting[0]!);
  }
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

describe('LayerSchedule: readiness and order', () => {
  it('hands out the longest chain of weights first, ties in the order given, and a reader only once its needs finish', () => {
    // a (1) <- b (1) <- c (1): chain 3 from a; d (5) alone: chain 5; e (1) alone, given before d: chain 1
    const s = new LayerSchedule([layer('e', [], 1), layer('a', [], 1), layer('b', ['a'], 1), layer('c', ['b'], 1)]);
    expect(s.chainOf('a')).toBe(3);
    expect(s.chainOf('c')).toBe(1);
    expect(s.takeAll().map((l) => l.name)).toEqual(['a', 'e']);
    expect(s.take()).toBeUndefined();
    s.finish('a');
    expect(s.takeAll().map((l) => l.name)).toEqual(['b']);
    const w = new LayerSchedule([layer('e', [], 1), layer('a', [], 1), layer('b', ['a'], 1), layer('d', [], 5)]);
    expect(w.takeAll().map((l) => l.name)).toEqual(['d', 'a', 'e']);
  });

  it('without weights, the order given (the coordinator: its jobs in their order)', () => {
    const s = new LayerSchedule([layer('x'), layer('y', ['x']), layer('z'), layer('w', ['x'])]);
    expect(s.takeAll().map((l) => l.name)).toEqual(['x', 'z']);
    s.finish('z');
    expect(s.takeAll()).toEqual([]);
    s.finish('x');
    expect(s.takeAll().map((l) => l.name)).toEqual(['y', 'w']);
  });

  it('refuses a need that is not a layer, a name twice and a cycle (an internal TablebaseError naming it)', () => {
    expect(() => new LayerSchedule([layer('a'), layer('b', ['nowhere'])])).toThrow(TablebaseError);
    expect(() => new LayerSchedule([layer('a'), layer('b', ['nowhere'])])).toThrow(
      /internal: layer b needs nowhere, which is not in the run/,
    );
    expect(() => new LayerSchedule([layer('a'), layer('a')])).toThrow(/layer a is given twice/);
    expect(() => new LayerSchedule([layer('a'), layer('b', ['c']), layer('c', ['b'])])).toThrow(
      /2 layers need each other in a cycle .*b; c/,
    );
    // the coordinator's words
    const words = { noun: 'job', fault: (m: string) => new LatticeError('internal', m) };
    expect(() => new LayerSchedule([layer('j', ['k'])], words)).toThrow(/^job j needs k, which is not in the run$/);
  });

  it('refuses to finish a layer not taken, finished already or unknown', () => {
    const s = new LayerSchedule([layer('a'), layer('b', ['a'])]);
    expect(() => s.finish('b')).toThrow(ArgumentError);
    expect(() => s.finish('q')).toThrow(/not in the graph/);
    s.take();
    s.finish('a');
    expect(() => s.finish('a')).toThrow(/finished already/);
  });
});

describe('runLayers: the schedule over an executor', () => {
  // the graph: a <- b <- c (weights 1), d (weight 2), e <- f (weight 1 each, f needs d and e)
  const graph = () => [
    layer('a', [], 1),
    layer('b', ['a'], 1),
    layer('c', ['b'], 1),
    layer('d', [], 2),
    layer('e', [], 1),
    layer('f', ['d', 'e'], 1),
  ];

  it('starts a layer only once its needs are finished, the longest chain first, on free lanes within capacity', async () => {
    const x = new Fake(2);
    const done: string[] = [];
    const run = runLayers(graph(), x, (l, r) => done.push(`${l.name}: ${r}`));
    await tick();
    // chains: a 3, d 3, e 2 (a before d: given first); two lanes
    expect(x.starts.map((s) => [s.name, s.lane])).toEqual([
      ['a', 0],
      ['d', 1],
    ]);
    await x.settle('d');
    // lane 1 free: e (chain 2); f waits on e
    expect(x.starts.at(-1)).toMatchObject({ name: 'e', lane: 1 });
    await x.drain();
    const results = await run;
    expect(x.most).toBe(2);
    for (const s of x.starts) {
      const needs = graph().find((l) => l.name === s.name)!.needs;
      for (const n of needs) expect(s.finished, `${s.name} started before ${n} finished`).toContain(n);
    }
    expect([...results.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(results.get('c')).toBe('result of c');
    expect(done).toHaveLength(6);
  });

  it('one lane: one layer at a time, in the order of the chains', async () => {
    const x = new Fake(1);
    const run = runLayers(graph(), x);
    await tick();
    await x.drain();
    await run;
    expect(x.most).toBe(1);
    expect(x.starts.map((s) => s.name)).toEqual(['a', 'd', 'b', 'e', 'c', 'f']);
    expect(new Set(x.starts.map((s) => s.lane))).toEqual(new Set([0]));
  });

  it('a failure stops the run and is thrown: nothing more starts', async () => {
    const x = new Fake(2);
    const run = runLayers(graph(), x);
    const caught = run.catch((e: Error) => e);
    await tick();
    await x.settle('a', new TablebaseError('lane down'));
    const err = await caught;
    expect(err).toBeInstanceOf(TablebaseError);
    expect((err as Error).message).toBe('lane down');
    const started = x.starts.length;
    await x.settle('d');
    expect(x.starts.length).toBe(started);
  });

  it('refuses a graph with a missing need before anything runs, and a capacity below one', async () => {
    const x = new Fake(2);
    await expect(runLayers([layer('a'), layer('b', ['gone'])], x)).rejects.toThrow(
      /internal: layer b needs gone, which is not in the run/,
    );
    expect(x.starts).toEqual([]);
    await expect(runLayers([layer('a')], new Fake(0))).rejects.toThrow(ArgumentError);
    expect(await runLayers([], new Fake(0))).toEqual(new Map());
  });
});
