// The slow half of test/process/cli.test.ts (`npm run test:slow`): the `lattice` command on long work,
// interrupted: progress from the start, SIGINT/SIGTERM exit codes, no lock file left, and Ctrl-C on a
// terminal restoring the cursor and line wrap. (Interrupted play, analyse and search: cli-signals.test.ts.)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scriptMissing, skipping } from '../support/requires.js';

const cli = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

describe('lattice on long work: progress from the start, and Ctrl-C', () => {
  /** Spawns the CLI, waits until stderr matches `ready`, sends `signal`; resolves with the exit code and stderr. */
  async function interrupt(args: string[], ready: RegExp, signal: NodeJS.Signals) {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let sent = false;
    return new Promise<{ code: number | null; signal: string | null; err: string }>((resolve) => {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (s: string) => {
        err += s;
        if (!sent && ready.test(err)) { sent = true; child.kill(signal); }
      });
      child.on('close', (code, sig) => resolve({ code, signal: sig, err }));
    });
  }

  it('perft --progress shows 0/N root moves at once; SIGINT ends it with 130 and "interrupted"', async () => {
    // perft 10 takes minutes: the 0/21 line must come before any root move is counted
    const r = await interrupt(['perft', 'bagh-chal', '10', '--progress'], /0\/21 root moves/, 'SIGINT');
    expect(r.err).toMatch(/^perft 10 \|.*\| 0\/21 root moves \| 0s \|/);
    expect(r.code).toBe(130);
    expect(r.err).toMatch(/\ninterrupted\n$/);
    const d = await interrupt(['perft', 'bagh-chal', '10', '--divide', '--progress'], /0\/21 root moves/, 'SIGTERM');
    expect(d.code).toBe(143);
    expect(d.err).toMatch(/\ninterrupted\n$/);
  });

  it('a tablebase build stopped by SIGINT exits 130 and leaves no lock file', async () => {
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'lattice-cli-int-'));
    try {
      const r = await interrupt(['tablebase', 'build', 'bagh-chal', '--dir', dir, '--threads', '2', '--progress', '--option', 'captures-to-win=4'], /layer \d+ pass/, 'SIGINT');
      expect(r.code).toBe(130);
      expect(r.err).toMatch(/\ninterrupted\n$/);
      expect(readdirSync(dir).filter((f) => f.endsWith('.lock'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const ctrlC = 'on a terminal, Ctrl-C during perft shows the cursor again and turns line wrap back on';
  it.skipIf(skipping(`lattice on long work: ${ctrlC}`, scriptMissing()))(ctrlC, () => {
    const r = spawnSync('script', ['-qec', `"${process.execPath}" "${cli}" perft bagh-chal 10 & sleep 2; kill -INT $!; wait $!; echo "rc=$?"`, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    const t = r.stdout;
    expect(t).toContain('0/21 root moves');
    expect(t).toContain('\x1b[?25l');   // the bar hid the cursor ...
    expect(t.lastIndexOf('\x1b[?25h')).toBeGreaterThan(t.lastIndexOf('\x1b[?25l'));   // ... and showed it again
    expect(t.lastIndexOf('\x1b[?7h')).toBeGreaterThan(t.lastIndexOf('\x1b[?7l'));
    expect(t).toMatch(/\ninterrupted\r?\n/);
    expect(t).toMatch(/rc=130/);
  });
});
