// The slow half of cli-signals.test.ts's issue 35 part (`npm run test:slow`): every command that can run for more
// than a second ends within about a second of SIGINT or SIGTERM, exits 130 / 143, leaves no lock or temp file and
// keeps every finished file (a build stopped after its first layer resumes from it, the same bytes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SOON, freshDirs, interrupted, leftovers } from '../support/signals.js';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

describe('long commands stop within a second of SIGINT or SIGTERM, kept files (issue 35)', () => {
  const fresh = freshDirs();

  it.each([['2', 'SIGTERM', 143]] as const)(
    'tablebase build --threads %s, %s during pass 1 of the first layer: exit %i at once, no lock',
    async (threads, signal, code) => {
      const d = fresh();
      const r = await interrupted(
        [
          'tablebase',
          'build',
          'bagh-chal',
          '--threads',
          threads,
          '--option',
          'captures-to-win=4',
          '--dir',
          d,
          '--progress',
        ],
        /layer 3 pass 1/,
        'err',
        signal,
      );
      expect(r.signal, r.err).toBeNull();
      expect(r.code, r.err).toBe(code);
      expect(r.err).toMatch(/\ninterrupted\n$/);
      expect(r.ms).toBeLessThan(SOON);
      expect(leftovers(d)).toEqual([]);
    },
    120_000,
  );

  it('solve --verify --json (no bars), SIGINT 5 s in: exit 130 at once', async () => {
    const d = fresh();
    const r = await interrupted(
      ['solve', 'surround-the-tiger', '--verify', '--threads', '1', '--dir', d, '--json'],
      5000,
      'err',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    expect(r.err).toBe('interrupted\n');
    expect(r.ms).toBeLessThan(SOON);
    expect(leftovers(d)).toEqual([]);
  }, 120_000);

  it('solve bagh-chal --threads 1, SIGINT in the placement pass: exit 130, the movement tables kept', async () => {
    const d = fresh();
    const r = await interrupted(
      ['solve', 'bagh-chal', '--option', 'captures-to-win=2', '--threads', '1', '--dir', d, '--progress'],
      /placement: /,
      'err',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    expect(r.ms).toBeLessThan(SOON);
    expect(leftovers(d)).toEqual([]);
    expect(
      readdirSync(d)
        .filter((f) => f.endsWith('.lttb'))
        .sort(),
    ).toEqual(['bagh-chal-ctw1-c0.lttb', 'bagh-chal-ctw2-c0.lttb', 'bagh-chal-ctw2-c1.lttb']);
  }, 120_000);

  it.each([
    [['--progress'], 'SIGINT', 130],
    [['--json'], 'SIGTERM', 143],
    [['--divide', '--json'], 'SIGINT', 130],
  ] as const)(
    'perft bagh-chal 10 %j, %s: exit %i at once',
    async (extra, signal, code) => {
      const r = await interrupted(
        ['perft', 'bagh-chal', '10', ...extra],
        extra[0] === '--progress' ? /0\/21 root moves/ : 5000,
        'err',
        signal,
      );
      expect(r.signal, r.err).toBeNull();
      expect(r.code, r.err).toBe(code);
      expect(r.err).toMatch(/(^|\n)interrupted\n$/);
      expect(r.out).toBe('');
      expect(r.ms).toBeLessThan(SOON);
    },
    120_000,
  );

  it('build --threads 1, SIGTERM after its first layer: exit 143, that file kept, the next run loads it', async () => {
    const d = fresh();
    const args = ['tablebase', 'build', 'bagh-chal', '--threads', '1', '--option', 'captures-to-win=3', '--dir', d];
    const r = await interrupted([...args, '--progress'], /^layer 2 captured: /m, 'out', 'SIGTERM');
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(143);
    expect(r.ms).toBeLessThan(SOON);
    expect(leftovers(d)).toEqual([]);
    expect(readdirSync(d)).toContain('bagh-chal-ctw3-c2.lttb');
    const kept = readFileSync(join(d, 'bagh-chal-ctw3-c2.lttb'));
    const again = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 300_000 });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^layer 2 captured: .*loaded from file/m);
    expect(again.stdout).toMatch(/^layer 0 captured: .*solved in/m);
    expect(readFileSync(join(d, 'bagh-chal-ctw3-c2.lttb')).equals(kept)).toBe(true);
    expect(leftovers(d)).toEqual([]);
  }, 600_000);

  it('solve --position (a proof of minutes), SIGINT once it counts nodes: exit 130 at once', async () => {
    const d = fresh();
    const ctw = ['--option', 'captures-to-win=2', '--dir', d];
    const built = spawnSync(process.execPath, [cli, 'tablebase', 'build', 'bagh-chal', ...ctw], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const r = await interrupted(
      ['solve', 'bagh-chal', '--position', 'T3T/5/5/5/T3T G G20 -', ...ctw, '--progress'],
      /^\d+ nodes$/m,
      'err',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    expect(r.err).toMatch(/\ninterrupted\n$/);
    expect(r.out).toBe('');
    expect(r.ms).toBeLessThan(SOON);
  }, 300_000);
});
