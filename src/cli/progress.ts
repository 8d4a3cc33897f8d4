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

/** Seconds as a bar shows a time: 7s, 2m05s, 1h02m. */
export function formatSeconds(s: number): string {
  const n = Math.max(0, Math.ceil(s));
  if (n < 60) return `${n}s`;
  if (n < 3600) return `${Math.floor(n / 60)}m${String(n % 60).padStart(2, '0')}s`;
  return `${Math.floor(n / 3600)}h${String(Math.floor((n % 3600) / 60)).padStart(2, '0')}m`;
}

/** Workers in words for a bar: "1 worker", "3 workers", "no worker", "? workers" (not counted yet: n < 0). */
export const workersText = (n: number): string =>
  n < 0 ? '? workers' : n === 0 ? 'no worker' : `${n} worker${n === 1 ? '' : 's'}`;

/** Where a run of jobs on workers stands, as the coordinator reports it (src/distributed/coordinator.ts). */
export interface JobsState {
  done: number;
  total: number;
  /** Workers connected, -1 not counted yet. */
  workers: number;
  /** Jobs running on a worker now, -1 not counted yet. */
  running: number;
  /** Jobs left active by a worker that is gone, waiting for a stalled check; -1 not counted yet. */
  stalled: number;
}

/**
 * The ETA of a run of jobs on workers, for a bar (issue 35). cli-progress's own estimate keeps the rate of its last
 * updates, so that it shows seconds for as long as the last jobs wait (for a killed worker's locks to run out) and
 * "NF" (infinity cut short) with no worker. This one takes the jobs finished in the last `windowMs` up to now, so
 * that it grows while nothing finishes, and says in words why there is none: no worker connected, or only the jobs
 * of a stopped worker left (they run again after a worker's stalled check).
 */
export class JobsEta {
  private readonly samples: Array<{ t: number; done: number }> = [];
  /** `windowMs`: the span of the rate, ms (default 20 s). */
  constructor(private readonly windowMs = 20_000) {}

  /** The ETA text for `p` at `now` (performance.now() ms): "12s", "3m05s", or "?" and why. */
  text(p: JobsState, now: number = performance.now()): string {
    this.samples.push({ t: now, done: p.done });
    // keep the samples of the window and the last one before it (the rate's base)
    while (this.samples.length > 2 && this.samples[1]!.t <= now - this.windowMs) this.samples.shift();
    if (p.done >= p.total) return '0s';
    const left = p.total - p.done;
    const stalled =
      p.stalled > 0
        ? `${p.stalled} job${p.stalled === 1 ? '' : 's'} of a stopped worker wait${p.stalled === 1 ? 's' : ''} ` +
          "for a worker's stalled check"
        : '';
    if (p.workers === 0) return `? (no worker connected${stalled ? `; ${stalled}` : ''})`;
    const base = this.samples[0]!;
    const rate = (p.done - base.done) / (now - base.t); // jobs a ms
    if (!(rate > 0) || now - base.t < 1000) return stalled && p.running <= 0 ? `? (${stalled})` : '?';
    return `${formatSeconds(left / rate / 1000)}${stalled ? ` (+ ${stalled})` : ''}`;
  }
}
