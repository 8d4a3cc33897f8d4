/**
 * The page's engine: one EngineWorker per game (search, analysis, perft run there, so the page stays
 * responsive), and the queue of its jobs: each job waits for the one before and starts with the
 * worker's game at the page's position. Nothing here reads the page's state: it is given the moves.
 */
import { EngineWorker } from '../worker/client.js';
import type { PageGame } from './families.js';

/**
 * One game's worker and its queue of jobs. `report` is told of a worker that failed to start
 * (`starting` true) or to take a new start position (false); `current` answers the game the page
 * shows (a worker that starts after its game was replaced is ended at once).
 */
export class EngineQueue {
  private worker: EngineWorker | null = null;
  private starting: Promise<EngineWorker> | null = null;
  /** Moves the worker's game has played from the start (kept in step with the page before each job). */
  private line: string[] = [];
  /** The job running in the worker (search, analysis, perft), to wait for before the next. */
  private job: Promise<unknown> = Promise.resolve();
  /** Why the last worker did not start or take its position (the error `report` was told), or null. */
  private startError: unknown = null;

  constructor(
    private readonly report: (e: unknown, starting: boolean) => void,
    private readonly current: () => PageGame | null,
  ) {}

  /** True once a worker has started (and was not ended since). */
  get started(): boolean {
    return this.worker !== null;
  }

  /**
   * Ends the worker (if any, whatever it is doing) and starts a new one for `pg` at its start. The
   * promise is the new worker; it rejects (and `report` is told) when the worker does not start.
   */
  start(pg: PageGame): Promise<EngineWorker> {
    const old = this.worker;
    this.worker = null;
    this.line = [];
    void old?.terminate();
    const p = EngineWorker.start({ variant: pg.variant.id, options: pg.options, position: pg.start }).then((w) => {
      if (this.current() === pg) this.worker = w;
      else void w.terminate();
      return w;
    });
    this.starting = p;
    this.startError = null;
    p.catch((e: unknown) => {
      if (this.starting !== p) return; // a later start replaced it
      this.startError = e;
      this.report(e, true);
    });
    return p;
  }

  /**
   * True if `e` is why the worker did not start or take its position (`report` was told of it: a job
   * that waited for the worker rejects with the same error, not to be told twice).
   */
  failed(e: unknown): boolean {
    return e !== null && e === this.startError;
  }

  /**
   * Sets the running worker's game to `pg`'s start (a game of the same variant and options), after the
   * job it is doing, which is stopped. Does nothing before a worker has started (see `started`).
   */
  reuse(pg: PageGame): void {
    const w = this.worker;
    if (!w) return;
    this.stop();
    const p = this.job
      .catch(() => {})
      .then(async () => {
        await w.setPosition(pg.start);
        this.line = [];
        return w;
      });
    this.starting = p;
    this.job = p;
    p.catch((e: unknown) => {
      if (this.starting !== p) return;
      this.startError = e;
      this.report(e, false);
    });
  }

  /** Brings the worker's game to `moves` from the start (undoing and replaying only what differs). */
  private async sync(w: EngineWorker, moves: string[]): Promise<void> {
    let common = 0;
    while (common < this.line.length && common < moves.length && this.line[common] === moves[common]) common++;
    while (this.line.length > common) {
      await w.undo();
      this.line.pop();
    }
    for (const m of moves.slice(common)) {
      await w.play(m);
      this.line.push(m);
    }
  }

  /**
   * Runs `work` after the worker's current job, with the worker's game at `moves` (the page's moves
   * from the start to the position shown). Rejects as `work` does, or when the worker did not start or
   * a move is refused. Call start() first.
   */
  run<T>(moves: string[], work: (w: EngineWorker) => Promise<T>): Promise<T> {
    const run = this.job
      .catch(() => {})
      .then(async () => {
        const w = await this.starting!;
        await this.sync(w, moves);
        return work(w);
      });
    this.job = run;
    return run;
  }

  /** Stops whatever the worker is doing (a search returns at once on an isolated page). */
  stop(): void {
    this.worker?.stop();
  }
}
