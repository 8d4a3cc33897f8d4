/**
 * The checks every public method of a game (Game, MakaGame) makes first, in one place: DisposedError
 * after dispose(), before any argument is looked at; and, while a search or perft runs on the game (a
 * call from its onIteration or onProgress callback), LatticeError code 'busy' for every method but the
 * reads (position(), legalMoves(), result(), ...). The callbacks run between root moves or iterations,
 * with the position at the root, so those reads see the searched position and leave it as it was;
 * anything else would change the position or the tables under the running search.
 */
import { ArgumentError, DisposedError, busyError } from './errors.js';

export class CallGuard {
  private running: string | null = null;

  /** `what` names the game's class in the errors ('Game', 'MakaGame'). */
  constructor(private readonly what: string) {}

  /** Throws DisposedError if `disposed`, else LatticeError 'busy' for a non-read `method` during a run. */
  enter(disposed: boolean, method: string, read = false): void {
    if (disposed) throw new DisposedError(this.what);
    if (this.running !== null && !read) throw busyError(this.what, method, this.running);
  }

  /** Throws LatticeError 'busy' if a run is in progress (for dispose(), which is allowed after dispose). */
  checkIdle(method: string): void {
    if (this.running !== null) throw busyError(this.what, method, this.running);
  }

  /** Runs `work` as `run` (search, perft, ...): until it returns, enter() refuses all but the reads. */
  exclusive<T>(run: string, work: () => T): T {
    this.running = run;
    try {
      return work();
    } finally {
      this.running = null;
    }
  }
}

/**
 * The token the factories (Game.create, MakaGame.create, EngineWorker.start) pass to their classes'
 * private constructors, so that `new Game(...)` from JavaScript, which TypeScript's `private` does not
 * stop, is refused with a clear error instead of failing on the first missing argument.
 */
export const FACTORY: unique symbol = Symbol('lattice-engine factory');

/** Throws ArgumentError naming `factory` unless `token` is FACTORY (see there). */
export function checkFactory(token: unknown, cls: string, factory: string): void {
  if (token !== FACTORY) throw new ArgumentError(`${cls} has no public constructor: open one with ${factory}`);
}
