// The `lattice` command as a process, sent a signal once its output says it is at work (or after a delay):
// cli-signals.test.ts and signals.slow.ts (issues 19 and 35).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  /** Milliseconds from the signal to the process's end (-1: no signal was sent). */
  ms: number;
}

/**
 * Runs the CLI with `args`; once its stdout or stderr (as `on` says) matches `when`, or `when` ms after the
 * start, sends `signal`. Resolves when the process ends; a process that has not ended 60 s after the signal
 * is killed (SIGKILL: then `signal` is 'SIGKILL' and the test fails on it).
 */
export function interrupted(
  args: string[],
  when: RegExp | number,
  on: 'out' | 'err',
  signal: NodeJS.Signals,
): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const got = { out: '', err: '' };
    let sent = false,
      sentAt = -1,
      killer: NodeJS.Timeout | undefined;
    const send = () => {
      if (sent) return;
      sent = true;
      sentAt = performance.now();
      child.kill(signal);
      killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    };
    const timer = typeof when === 'number' ? setTimeout(send, when) : undefined;
    const check = () => {
      if (typeof when !== 'number' && when.test(got[on])) send();
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      got.out += d;
      check();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      got.err += d;
      check();
    });
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearTimeout(killer);
      clearTimeout(timer);
      resolve({ code, signal: sig, ...got, ms: sentAt < 0 ? -1 : performance.now() - sentAt });
    });
  });
}

/** The lock and temp files left in directory `d`. */
export const leftovers = (d: string): string[] => readdirSync(d).filter((f) => /\.(lock|tmp)$/.test(f));

/** "Within a second" on a quiet machine; the bound allows for a loaded one (the figures: about 0.2 s). */
export const SOON = 2500;

/**
 * A fresh temporary directory per call for the tests of the enclosing describe (call it there), each removed after
 * its test.
 */
export function freshDirs(): () => string {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });
  return () => {
    dir = mkdtempSync(join(tmpdir(), 'lattice-signals-'));
    return dir;
  };
}
