/**
 * Progress on stderr: by default when stderr is a terminal (--progress forces it, --no-progress
 * silences it); stdout carries only the results. The bars are cli-progress bars.
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { exitOnSignals } from './interrupt.js';

/** Adds --progress / --no-progress: progress on stderr, by default when stderr is a terminal. */
export function addProgress(cmd: Command): Command {
  return cmd
    .option('--progress', 'report progress on stderr even when it is not a terminal')
    .option('--no-progress', 'no progress on stderr, even on a terminal');
}
/** Whether to report progress on stderr: as asked, else when stderr is a terminal. */
export const showProgress = (o: { progress?: boolean }): boolean => o.progress ?? process.stderr.isTTY === true;

/**
 * The bars on screen now. Once a bar has been shown, SIGINT and SIGTERM stop them all (cli-progress then
 * shows the cursor again, turns line wrap back on and ends the line), print "interrupted" on stderr and
 * exit 130 / 143 (interrupt.ts exitOnSignals); a tablebase lock is released by its 'exit' handler
 * (src/solve/format.ts lockDir). The handlers run when the main thread is free: perft --progress counts
 * in a worker thread, the tablebase build and solve return to the event loop between core steps.
 */
const barsOnScreen = new Set<cliProgress.SingleBar>();
function stopBars(): void {
  for (const b of barsOnScreen) b.stop();
  barsOnScreen.clear();
}
/**
 * For a command that can run long (perft, tablebase build, solve): from now on SIGINT and SIGTERM stop the
 * bars on screen, print "interrupted" and exit 130 / 143 (exitOnSignals), with or without bars; 'exit'
 * handlers release the locks, and every file finished is kept (the files are written atomically, and the
 * solvers' long work runs on worker threads or in steps, so the main thread answers within a second).
 */
export function stopOnSignals(): void {
  exitOnSignals(stopBars);
}

/**
 * A cli-progress bar that registers itself in barsOnScreen while started. The first start installs the
 * signal handlers for the rest of the run (between two bars too): removed while a signal waits for a
 * busy main thread, a handler would drop that signal.
 */
export class Bar extends cliProgress.SingleBar {
  override start(total: number, startValue: number, payload?: object): void {
    exitOnSignals(stopBars);
    barsOnScreen.add(this);
    super.start(total, startValue, payload);
  }
  override stop(): void {
    super.stop();
    barsOnScreen.delete(this);
  }
}
/**
 * A cli-progress bar on stderr, or null. On a terminal it redraws 10 times a second (elapsed time moves
 * while the main thread is free); elsewhere it prints one line per render and one every 2 s.
 */
export function progressBar(show: boolean, format: string, etaBuffer = 50): Bar | null {
  return show
    ? new Bar(
        {
          format,
          stream: process.stderr,
          hideCursor: true,
          etaBuffer,
          fps: 10,
          noTTYOutput: true,
          notTTYSchedule: 2000,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
}
