/**
 * Imported first by main.ts, for its side effect: from the process's start, SIGINT and SIGTERM end it with
 * "interrupted" on stderr and exit 130 / 143, unless a command has a handler of its own by then (play's
 * Interrupt, the progress bars' exitOnSignals, serve, worker: interrupt.ts), which then answers alone. So a
 * signal that comes while the program loads, or while a command sets up, ends it as one that comes later does
 * (issue 35), instead of killing it with the signal.
 */
import { exitCodeOf } from './interrupt.js';

const early = (signal: NodeJS.Signals): void => {
  if (process.listenerCount(signal) > 1) return; // a command's own handler answers
  process.stderr.write('interrupted\n');
  process.exit(exitCodeOf(signal));
};
process.on('SIGINT', early);
process.on('SIGTERM', early);
