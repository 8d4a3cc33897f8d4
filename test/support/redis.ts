// What the redis tier (test/redis/, `npm run test:redis`) shares: a redis-server of its own on a free
// loopback port, with its files in a temporary directory, stopped and removed at the end (no server is
// left running, nothing is left in TMPDIR), and `lattice worker` / `lattice` processes with their output
// read as they go. The tests talk to the engine only through the `lattice` command, as a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDIS_SERVER } from './requires.js';

export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

/** A free TCP port on 127.0.0.1 (the OS's choice; closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** A running redis-server of a test file: its URL per database, and stop(). */
export interface TestRedis {
  port: number;
  /** `redis://127.0.0.1:<port>/<db>`: each test takes a database of its own, so their jobs never meet. */
  url(db: number): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server --port <free> --bind 127.0.0.1 --dir <tmp> --save '' --appendonly no` (nothing
 * written to disk) and resolves once it accepts connections (its log says so). Rejects, with its log,
 * if it exits or is not ready within 10 s.
 */
export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'lattice-redis-'));
  const port = await freePort();
  const proc = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--databases',
      '64',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${log}`)), 10_000);
      const read = (b: Buffer) => {
        log += b.toString();
        if (/Ready to accept connections/.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', read);
      proc.stderr!.on('data', read);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (code ${code}):\n${log}`));
      });
    });
  } catch (e) {
    proc.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    port,
    url: (db) => `redis://127.0.0.1:${port}/${db}`,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One event of `lattice worker --json` (src/distributed/worker.ts WorkerEvent). */
export type WorkerEvent = {
  event: string;
  job?: string;
  kind?: string;
  attempt?: number;
  worker?: string;
  result?: { nodes?: number };
} & Record<string, unknown>;

/** A `lattice worker --json` process: its events so far, and ways to wait for one or to stop it. */
export interface TestWorker {
  proc: ChildProcess;
  events: WorkerEvent[];
  stderr(): string;
  /**
   * Resolves with the first event (past or future) that `pred` accepts; rejects after `ms` or when the process ends
   * first.
   */
  waitFor(pred: (e: WorkerEvent) => boolean, ms?: number): Promise<WorkerEvent>;
  /** Calls `f` on every event from now on, as it is read. */
  onEvent(f: (e: WorkerEvent) => void): void;
  /** SIGTERM (or `signal`), and resolves when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `lattice worker --redis url --json ...args` and resolves once it reports `ready`. */
export async function startWorker(url: string, ...args: string[]): Promise<TestWorker> {
  const proc = spawn(process.execPath, [CLI, 'worker', '--redis', url, '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: WorkerEvent[] = [];
  const listeners: Array<(e: WorkerEvent) => void> = [];
  let err = '',
    buf = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.stderr!.on('data', (b: Buffer) => {
    err += b.toString();
  });
  proc.stdout!.on('data', (b: Buffer) => {
    buf += b.toString();
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!line.trim()) continue;
      const e = JSON.parse(line) as WorkerEvent;
      events.push(e);
      for (const f of [...listeners]) f(e);
    }
  });
  const w: TestWorker = {
    proc,
    events,
    stderr: () => err,
    waitFor(pred, ms = 30_000) {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such worker event within ${ms} ms; events: ${events.length}, stderr: ${err}`)),
          ms,
        );
        listeners.push((e) => {
          if (pred(e)) {
            clearTimeout(timer);
            resolve(e);
          }
        });
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`the worker ended (code ${proc.exitCode}, signal ${proc.signalCode}): ${err}`));
        });
      });
    },
    onEvent(f) {
      listeners.push(f);
    },
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
  await w.waitFor((e) => e.event === 'ready');
  return w;
}

/** The outcome of a `lattice` command run to its end. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

/** Starts `lattice ...args`: the process, and its outcome once it ends (killed after `timeoutMs`). */
export function spawnCli(args: string[], timeoutMs = 120_000): { proc: ChildProcess; done: Promise<CliRun> } {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '',
    err = '';
  proc.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  proc.stderr!.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const done = new Promise<CliRun>((resolve) =>
    proc.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, ms: Math.round(performance.now() - t0) });
    }),
  );
  return { proc, done };
}

/** Runs `lattice ...args` to its end (killed after `timeoutMs`). */
export function runCli(args: string[], timeoutMs = 120_000): Promise<CliRun> {
  return spawnCli(args, timeoutMs).done;
}

/** How many times each job id was started, from the workers' events. */
export function startsPerJob(workers: readonly TestWorker[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const w of workers)
    for (const e of w.events) if (e.event === 'start' && e.job) n.set(e.job, (n.get(e.job) ?? 0) + 1);
  return n;
}
