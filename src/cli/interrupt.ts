/**
 * SIGINT and SIGTERM in the CLI. Two ways: a command whose searches run in an engine worker (search,
 * play, analyse) stops them and prints what it finished (Interrupt); a command showing progress bars
 * stops the bars and exits at once (exitOnSignals, progress.ts). Either way the exit code is 130
 * (SIGINT) or 143 (SIGTERM).
 */
import type { EngineWorker } from '../worker/client.js';

/** The exit code after a signal: 143 for SIGTERM, 130 for SIGINT. */
export const exitCodeOf = (signal: NodeJS.Signals) => (signal === 'SIGTERM' ? 143 : 130);

/**
 * The signal that interrupted a command whose searches run in an engine worker (play, analyse), or
 * null. The first SIGINT or SIGTERM stops the searches (EngineWorker.stop()) and lets the command print
 * what it finished; a second one ends the process at once. The exit code is 130 (SIGINT) or 143
 * (SIGTERM), as for the progress bars.
 */
export class Interrupt {
  signal: NodeJS.Signals | null = null;
  private readonly handler = (signal: NodeJS.Signals) => {
    if (this.signal !== null) process.exit(exitCodeOf(signal));
    this.signal = signal;
    process.stderr.write('interrupted\n');
    this.engine?.stop();
  };
  /** The worker whose searches a signal stops. */
  engine: EngineWorker | null = null;
  constructor() {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }
  /** Removes the handlers and sets the exit code when a signal came. */
  end(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
    if (this.signal !== null) process.exitCode = exitCodeOf(this.signal);
  }
}

let exiting = false;
/**
 * From the first call on, for the rest of the run: SIGINT and SIGTERM call `cleanup` (the progress
 * bars stop), print "interrupted" on stderr and exit 130 / 143. Later calls do nothing: removed while a
 * signal waits for a busy main thread, a handler would drop that signal.
 */
export function exitOnSignals(cleanup: () => void): void {
  if (exiting) return;
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    process.stderr.write('interrupted\n');
    process.exit(exitCodeOf(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  exiting = true;
}
