// Issue 19 "Nothing finished is lost" and "Options and limits": the `lattice` command as a process,
// sent signals. `play` and `analyse` interrupted by SIGINT or SIGTERM print the game so far (text and
// --json: result null, unfinished 'interrupted'; the analysis of its completed iterations), `search` its
// last completed iteration, and exit 130 / 143; `serve --json` prints one JSON object once listening.
// Issue 35 "Signals and stops reach every long loop": every command that can run for more than a second
// (tablebase build, solve: generic, placement, estimate, verify; perft) ends within about a second of SIGINT
// or SIGTERM, on one solving thread too, exits 130 / 143, and leaves no lock or temp file (the finished files
// kept and resumed from: signals.slow.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';
import { type Ended, SOON, freshDirs, interrupted, leftovers } from '../support/signals.js';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

/** The position after `moves` from `start` in `variant`, as the API plays them. */
async function replay(variant: string, start: string, moves: string[]): Promise<string> {
  const g = await createGame(variant, { position: start });
  for (const m of moves) g.play(m);
  return g.position();
}

describe('lattice play and analyse, interrupted, print what they finished', () => {
  it.each([
    ['bagh-chal', 'SIGINT', 130],
    ['maka-dai-dai', 'SIGTERM', 143],
  ] as const)(
    'play %s --json, %s after two plies: the game so far, result null, unfinished "interrupted", exit %i',
    async (variant, signal, code) => {
      const r = await interrupted(
        ['play', variant, '--movetime', '20', '--json', '--progress'],
        /^ply 2\./m,
        'err',
        signal,
      );
      expect(r.signal, r.err).toBeNull();
      expect(r.code, r.err).toBe(code);
      expect(r.err).toMatch(/^interrupted$/m);
      const lines = r.out.trim().split('\n');
      expect(lines).toHaveLength(1);
      const j = JSON.parse(lines[0]!);
      expect(j).toMatchObject({ variant, result: null, unfinished: 'interrupted' });
      expect(j.moves.length).toBeGreaterThanOrEqual(2);
      expect(j.plies).toBe(j.moves.length);
      expect(j.final).toBe(await replay(variant, j.start, j.moves));
    },
    120_000,
  );

  it('play (text) interrupted during a long search: the moves printed, the result line, exit 130', async () => {
    // each search may take 10 minutes: the signal stops the running one (its move is not played)
    const r = await interrupted(
      ['play', 'bagh-chal', '--movetime', '600000', '--quiet'],
      /^ {3}a b c d e/m,
      'out',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    expect(r.out).toMatch(/result: unfinished \(interrupted\) after 0 plies; final T3T\/5\/5\/5\/T3T G G20 -\n$/);
  }, 120_000);

  it('analyse --json interrupted during the analysis keeps its completed iterations', async () => {
    const r = await interrupted(
      ['analyse', 'bagh-chal', '--movetime', '600000', '--json', '--progress'],
      /^depth 3 /m,
      'err',
      'SIGTERM',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(143);
    const j = JSON.parse(r.out);
    expect(j.analysis.depth).toBeGreaterThanOrEqual(3);
    expect(j.analysis.pv[0]).toBe(j.analysis.bestmove);
    expect(j.game).toMatchObject({ moves: [], result: null, unfinished: 'interrupted', plies: 0 });
  }, 120_000);

  it('search --json interrupted prints its last completed iteration, exit 130', async () => {
    const r = await interrupted(
      ['search', 'bagh-chal', '--movetime', '600000', '--json', '--progress'],
      /^depth 4 /m,
      'err',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    const j = JSON.parse(r.out);
    expect(j.depth).toBeGreaterThanOrEqual(4);
    expect(j.pv[0]).toBe(j.bestmove);
  }, 120_000);

  it('a game that ends or is cut off says so: unfinished null, or "max-plies"', async () => {
    const cut = await interrupted(
      ['play', 'bagh-chal', '--movetime', '5', '--max-plies', '2', '--json'],
      /$^/,
      'out',
      'SIGINT',
    );
    expect(cut.code, cut.err).toBe(0);
    expect(JSON.parse(cut.out)).toMatchObject({ result: null, unfinished: 'max-plies', plies: 2 });
    const won = await interrupted(
      ['play', 'bagh-chal', '--movetime', '5', '--json', '--position', 'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4'],
      /$^/,
      'out',
      'SIGINT',
    );
    expect(won.code, won.err).toBe(0);
    expect(JSON.parse(won.out)).toMatchObject({ result: { winner: 'hunters' }, unfinished: null });
  }, 120_000);
});

describe('lattice serve --json', () => {
  it('prints one JSON object once listening (url, host, port, isolated, tablebase), serves the page, and stops on SIGTERM', async () => {
    let served: { status: number; coop: string | null } | null = null;
    const r = await new Promise<Ended>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--json'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const got = { out: '', err: '' };
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        got.out += d;
        if (!got.out.includes('\n') || served) return;
        const { url } = JSON.parse(got.out.split('\n')[0]!) as { url: string };
        served = { status: 0, coop: null };
        void fetch(url)
          .then(
            (res) => {
              served = { status: res.status, coop: res.headers.get('cross-origin-opener-policy') };
            },
            () => {},
          )
          .finally(() => child.kill('SIGTERM'));
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        got.err += d;
      });
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(killer);
        resolve({ code, signal, ...got, ms: -1 });
      });
    });
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const j = JSON.parse(lines[0]!);
    expect(j).toEqual({
      url: `http://127.0.0.1:${j.port}/`,
      host: '127.0.0.1',
      port: expect.any(Number),
      isolated: true,
      tablebase: false,
      tables: [],
    });
    expect(j.port).toBeGreaterThan(0);
    expect(served).toEqual({ status: 200, coop: 'same-origin' });
  }, 120_000);
});

describe('long commands stop within a second of SIGINT or SIGTERM (issue 35; more: signals.slow.ts)', () => {
  const fresh = freshDirs();

  it('tablebase build --threads 1, SIGINT during pass 1 of the first layer: exit 130 at once, no lock', async () => {
    const d = fresh();
    const r = await interrupted(
      ['tablebase', 'build', 'bagh-chal', '--threads', '1', '--option', 'captures-to-win=4', '--dir', d, '--progress'],
      /layer 3 pass 1/,
      'err',
      'SIGINT',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(130);
    expect(r.err).toMatch(/\ninterrupted\n$/);
    expect(r.ms).toBeLessThan(SOON);
    expect(leftovers(d)).toEqual([]);
  }, 120_000);

  it('solve (the generic solver) --threads 1, SIGTERM while a layer is solved: exit 143 at once, no lock', async () => {
    const d = fresh();
    const r = await interrupted(
      ['solve', 'surround-the-tiger', '--threads', '1', '--dir', d, '--progress'],
      /pass 1/,
      'err',
      'SIGTERM',
    );
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(143);
    expect(r.ms).toBeLessThan(SOON);
    expect(leftovers(d)).toEqual([]);
  }, 120_000);

  it('perft bagh-chal 10 --json (no bar), SIGTERM 4 s in: exit 143 at once, nothing on stdout', async () => {
    const r = await interrupted(['perft', 'bagh-chal', '10', '--json'], 4000, 'err', 'SIGTERM');
    expect(r.signal, r.err).toBeNull();
    expect(r.code, r.err).toBe(143);
    expect(r.err).toBe('interrupted\n');
    expect(r.out).toBe('');
    expect(r.ms).toBeLessThan(SOON);
  }, 120_000);
});
