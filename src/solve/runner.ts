/**
 * One runner of a layer graph (issue 33): which layers of a solve are ready (every layer they need finished) and in
 * what order they go, decided in one place for the local threads and for the Redis jobs.
 *
 * - {@link LayerSchedule}: the graph of a solve's layers (the seam's SolverLayer: names and needs, src/solve/seam.ts),
 *   checked when made (a need that is not a layer, a name twice, a cycle), and the layers as they become ready: the
 *   longest chain of weights still to run first, then the order given. Both schedulers consume it: runLayers below,
 *   and the distributed coordinator (src/distributed/coordinator.ts runJobs), which adds every ready layer as a job at
 *   once and lets the workers pull them from the queue.
 * - {@link runLayers}: the schedule run over a {@link LayerExecutor} with lanes: a ready layer goes to a free lane,
 *   the first failure stops the run and is thrown. The generic solver's threads (generic/run.ts solveSideBySide over
 *   generic-threads.ts) are its executor.
 *
 * Parallelism inside one layer (Bagh Chal's movement solver on a shared memory, threads.ts) is not a layer graph and
 * does not go through here.
 */
import { ArgumentError, TablebaseError } from '../contract/errors.js';

/** A layer of a graph as the runner sees it (the seam's SolverLayer fits): its name, those it needs, a weight. */
export interface GraphLayer {
  /** Its name, unique within the graph. */
  readonly name: string;
  /** The names of the layers it needs finished before it starts: each is in the graph. */
  readonly needs: readonly string[];
  /**
   * Its cost, for the longest chain first (the generic solver: the layer's slots); absent 0, so that without
   * weights the layers go in the order given.
   */
  readonly weight?: number;
}

/** How a schedule names its layers in messages, and the error it refuses a graph with. */
export interface ScheduleWords {
  /** The word for a layer in messages ('layer'; the coordinator's 'job'). */
  noun?: string;
  /** The error of a refused graph, given the sentence (default: TablebaseError "internal: ..."). */
  fault?: (message: string) => Error;
}

/**
 * The readiness and the order of a layer graph. A layer is ready once every layer it needs is finished; ready
 * layers are handed out by take() with the longest chain first (the layer's weight plus the longest chain of the
 * layers that need it, transitively), ties in the order the layers were given. Each layer is taken once and
 * finished once. Not a runner itself: runLayers and the coordinator drive it.
 */
export class LayerSchedule<T extends GraphLayer> {
  private readonly byName = new Map<string, { layer: T; index: number; chain: number }>();
  private readonly readers = new Map<string, T[]>();
  private readonly waiting = new Map<string, number>();
  private readonly ready: T[] = [];
  private readonly finishedNames = new Set<string>();
  private readonly takenNames = new Set<string>();

  /**
   * Checks the graph of `layers` (in any order; ties of the priority go in this order) and makes the layers with no
   * needs ready. Throws `words.fault` (default TablebaseError, "internal: ...") naming the layer for a name given
   * twice, a need that is not among the layers, or layers that need each other in a cycle.
   */
  constructor(
    private readonly layers: readonly T[],
    words: ScheduleWords = {},
  ) {
    const noun = words.noun ?? 'layer';
    const fault = words.fault ?? ((m: string) => new TablebaseError(`internal: ${m}`));
    for (const [index, layer] of layers.entries()) {
      if (this.byName.has(layer.name)) throw fault(`${noun} ${layer.name} is given twice`);
      this.byName.set(layer.name, { layer, index, chain: 0 });
    }
    for (const layer of layers) {
      for (const n of layer.needs) {
        if (!this.byName.has(n)) throw fault(`${noun} ${layer.name} needs ${n}, which is not in the run`);
        this.readers.set(n, [...(this.readers.get(n) ?? []), layer]);
      }
      this.waiting.set(layer.name, layer.needs.length);
    }
    // the chains, readers before the layers they read: the reverse of an order in which each layer follows its needs
    const order: T[] = layers.filter((l) => l.needs.length === 0);
    const left = new Map(this.waiting);
    for (let i = 0; i < order.length; i++) {
      for (const r of this.readers.get(order[i]!.name) ?? []) {
        const n = left.get(r.name)! - 1;
        left.set(r.name, n);
        if (n === 0) order.push(r);
      }
    }
    if (order.length < layers.length) {
      const stuck = layers.filter((l) => left.get(l.name)! > 0).map((l) => l.name);
      throw fault(
        `${stuck.length} ${noun}s need each other in a cycle or wait on one (${stuck.slice(0, 3).join('; ')}` +
          `${stuck.length > 3 ? '; ...' : ''})`,
      );
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const l = order[i]!;
      const longest = Math.max(0, ...(this.readers.get(l.name) ?? []).map((r) => this.byName.get(r.name)!.chain));
      this.byName.get(l.name)!.chain = (l.weight ?? 0) + longest;
    }
    this.ready.push(...layers.filter((l) => l.needs.length === 0));
  }

  /** Layers in the graph. */
  get size(): number {
    return this.layers.length;
  }

  /** Layers finished. */
  get finished(): number {
    return this.finishedNames.size;
  }

  /** Every layer is finished. */
  get complete(): boolean {
    return this.finishedNames.size === this.layers.length;
  }

  /** The chain of layer `name`: its weight plus the longest chain of a layer that needs it (undefined: no such). */
  chainOf(name: string): number | undefined {
    return this.byName.get(name)?.chain;
  }

  /** The ready layer first in order (longest chain, then the order given), now taken; undefined when none is ready. */
  take(): T | undefined {
    if (this.ready.length === 0) return undefined;
    const at = (l: T) => this.byName.get(l.name)!;
    this.ready.sort((a, b) => at(b).chain - at(a).chain || at(a).index - at(b).index);
    const l = this.ready.shift()!;
    this.takenNames.add(l.name);
    return l;
  }

  /**
   * Every ready layer, in order, now taken (the coordinator's: it adds them all as jobs at once). One sort, not one a
   * take: a perft split into tens of thousands of jobs takes them all at once.
   */
  takeAll(): T[] {
    const at = (l: T) => this.byName.get(l.name)!;
    this.ready.sort((a, b) => at(b).chain - at(a).chain || at(a).index - at(b).index);
    const out = this.ready.splice(0);
    for (const l of out) this.takenNames.add(l.name);
    return out;
  }

  /**
   * Marks the taken layer `name` finished: the layers that need it and wait on nothing else become ready. Throws
   * ArgumentError for a name not in the graph, not taken, or finished already.
   */
  finish(name: string): void {
    if (!this.byName.has(name)) throw new ArgumentError(`finish: ${name} is not in the graph`);
    if (!this.takenNames.has(name) || this.finishedNames.has(name))
      throw new ArgumentError(`finish: ${name} is ${this.finishedNames.has(name) ? 'finished already' : 'not taken'}`);
    this.finishedNames.add(name);
    for (const r of this.readers.get(name) ?? []) {
      const n = this.waiting.get(r.name)! - 1;
      this.waiting.set(r.name, n);
      if (n === 0) this.ready.push(r);
    }
  }
}

/** Where layers run: `capacity` lanes, each running one layer at a time. */
export interface LayerExecutor<T, R> {
  /** Lanes: layers run at once (an integer >= 1). */
  readonly capacity: number;
  /** Runs `layer` on lane `lane` (0 .. capacity - 1, free until this settles); rejects when the layer fails. */
  run(layer: T, lane: number): Promise<R>;
}

/**
 * Runs the layers of `schedule` (or of a graph of layers, checked as LayerSchedule does) on `executor`: each ready
 * layer, in the schedule's order, to a free lane (the lowest-numbered first), until every layer is finished;
 * `onLayer` is called with each result as it comes. Resolves to the results by layer name. The first layer that
 * fails ends the run with its error (the layers still running are left to the executor to stop, their outcomes
 * ignored). Throws what LayerSchedule throws, ArgumentError for a capacity that is not an integer >= 1, and
 * TablebaseError "internal: ..." should layers be left waiting on layers never run.
 */
export async function runLayers<T extends GraphLayer, R>(
  schedule: LayerSchedule<T> | readonly T[],
  executor: LayerExecutor<T, R>,
  onLayer?: (layer: T, result: R) => void,
): Promise<Map<string, R>> {
  const graph = schedule instanceof LayerSchedule ? schedule : new LayerSchedule(schedule);
  const results = new Map<string, R>();
  if (graph.complete) return results;
  const lanes = executor.capacity;
  if (!Number.isInteger(lanes) || lanes < 1)
    throw new ArgumentError(`an executor's capacity must be an integer >= 1, got ${lanes}`);
  const running = new Map<string, Promise<{ layer: T; lane: number; r: R }>>();
  const free = Array.from({ length: lanes }, (_, i) => lanes - 1 - i);
  try {
    while (!graph.complete) {
      while (free.length > 0) {
        const layer = graph.take();
        if (layer === undefined) break;
        const lane = free.pop()!;
        running.set(
          layer.name,
          executor.run(layer, lane).then((r) => ({ layer, lane, r })),
        );
      }
      if (running.size === 0)
        throw new TablebaseError(`internal: ${graph.size - graph.finished} layers wait on layers never solved`);
      const { layer, lane, r } = await Promise.race(running.values());
      running.delete(layer.name);
      free.push(lane);
      results.set(layer.name, r);
      graph.finish(layer.name);
      onLayer?.(layer, r);
    }
  } catch (err) {
    // the others' outcomes are ignored (an executor stops them, or lets them finish, as it can)
    for (const p of running.values()) p.catch(() => {});
    throw err;
  }
  return results;
}
