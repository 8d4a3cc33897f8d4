// The slow half of test/process/cli.test.ts (`npm run test:slow`): the `lattice` command on long work,
// interrupted: progress from the start, SIGINT/SIGTERM exit codes, no lock file left, and Ctrl-C on a
// terminal restoring the cursor and line wrap (interrupted play, analyse and search: cli-signals.test.ts);
// `lattice solve` on a whole hunt game with the generic solver (solved, verified, probed, estimated,
// refused) and on Bagh Chal's solution file (printed, or refused when corrupt), a dozen runs of the CLI each;
// progress on stderr only when asked, stdout the result; a closed output pipe is not an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptMissing, skipping } from '../support/requires.js';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

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
        if (!sent && ready.test(err)) {
          sent = true;
          child.kill(signal);
        }
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
    const dir = mkdtempSync(join(tmpdir(), 'lattice-cli-int-'));
    try {
      const r = await interrupt(
        [
          'tablebase',
          'build',
          'bagh-chal',
          '--dir',
          dir,
          '--threads',
          '2',
          '--progress',
          '--option',
          'captures-to-win=4',
        ],
        /layer \d+ pass/,
        'SIGINT',
      );
      expect(r.code).toBe(130);
      expect(r.err).toMatch(/\ninterrupted\n$/);
      expect(readdirSync(dir).filter((f) => f.endsWith('.lock'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const ctrlC = 'on a terminal, Ctrl-C during perft shows the cursor again and turns line wrap back on';
  it.skipIf(skipping(`lattice on long work: ${ctrlC}`, scriptMissing()))(ctrlC, () => {
    const r = spawnSync(
      'script',
      [
        '-qec',
        `"${process.execPath}" "${cli}" perft bagh-chal 10 & sleep 2; kill -INT $!; wait $!; echo "rc=$?"`,
        '/dev/null',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const t = r.stdout;
    expect(t).toContain('0/21 root moves');
    expect(t).toContain('\x1b[?25l'); // the bar hid the cursor ...
    expect(t.lastIndexOf('\x1b[?25h')).toBeGreaterThan(t.lastIndexOf('\x1b[?25l')); // ... and showed it again
    expect(t.lastIndexOf('\x1b[?7h')).toBeGreaterThan(t.lastIndexOf('\x1b[?7l'));
    expect(t).toMatch(/\ninterrupted\r?\n/);
    expect(t).toMatch(/rc=130/);
  });
});

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('lattice CLI', () => {
  it('a closed output pipe is not an error', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${cli}" perft bagh-chal 4 --divide | head -1`], {
      encoding: 'utf8',
    });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toBe('');
    // progress on stderr into the same closed pipe: still exit 0
    const both = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${cli}" perft bagh-chal 8 --progress 2>&1 | head -c 100 > /dev/null; echo "status \${PIPESTATUS[0]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(both.stdout.trim()).toBe('status 0');
  });

  it('progress goes to stderr only when asked (or on a terminal); stdout stays the result, pure JSON with --json', () => {
    const quiet = run('search', 'bagh-chal', '--depth', '3', '--json');
    expect(quiet.err).toBe('');
    const s = run('search', 'bagh-chal', '--depth', '3', '--json', '--progress');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out).depth).toBe(3);
    expect(
      s.err
        .trim()
        .split('\n')
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
    ).toEqual(['depth 1', 'depth 2', 'depth 3']);
    const text = run('search', 'bagh-chal', '--depth', '3', '--progress');
    expect(text.out).toMatch(/^bestmove \S+ score cp -?\d+ depth 3 nodes \d+ time \d+ ms pv /);
    expect(text.out.trim().split('\n')).toHaveLength(1);
    const p = run('perft', 'bagh-chal', '4', '--json', '--progress');
    const plain = run('perft', 'bagh-chal', '4', '--json');
    expect(plain.err).toBe('');
    expect(JSON.parse(p.out).nodes).toBe(JSON.parse(plain.out).nodes); // root move by root move, the same count
    expect(p.err).toMatch(/21\/21 root moves/);
    const d = run('perft', 'maka-dai-dai', '2', '--divide', '--json', '--progress');
    expect(JSON.parse(d.out).nodes).toBe(6400);
    expect(d.err).toMatch(/80\/80 root moves/);
    const play = run('play', 'bagh-chal', '--movetime', '5', '--max-plies', '3', '--json', '--progress');
    expect(JSON.parse(play.out).plies).toBe(3);
    expect(play.err.trim().split('\n')).toHaveLength(3);
    expect(play.err).toMatch(/^ply 1\. goat /);
    const a = run(
      'analyse',
      'bagh-chal',
      '--depth',
      '2',
      '--play-movetime',
      '2',
      '--max-plies',
      '2',
      '--json',
      '--progress',
    );
    expect(JSON.parse(a.out).analysis.depth).toBe(2);
    expect(a.err).toMatch(/^depth 1 .*\ndepth 2 .*\nply 1\. /);
    const off = run(
      'analyse',
      'bagh-chal',
      '--depth',
      '2',
      '--play-movetime',
      '2',
      '--max-plies',
      '2',
      '--no-progress',
    );
    expect(off.err).toBe('');
  });
});

describe('lattice solve with the generic solver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lattice-cli-gs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('solves a hunt game with the generic solver, probes it, estimates, and refuses what does not fit', () => {
    const gdir = join(dir, 'generic');
    const s = run('solve', 'catch-the-giant', '--option', 'stall-limit=2', '--dir', gdir, '--json', '--verify');
    expect(s.code).toBe(0);
    const j = JSON.parse(s.out);
    expect(j).toMatchObject({ variant: 'catch-the-giant', layers: 1, disagreements: 0 });
    expect(j.value.result).toMatch(/^(win|loss|draw)$/);
    expect(j.line.length).toBe(j.value.result === 'draw' ? 0 : j.value.plies);
    // the variant is read from the files' names; the options are the files'
    const p = run('tablebase', 'probe', j.start, '--option', 'stall-limit=2', '--dir', gdir, '--json');
    expect(p.code).toBe(0);
    expect(JSON.parse(p.out)).toMatchObject({ wdl: j.value.result, dtm: j.value.plies });
    // without --option, the files' options (the one set there)
    const inferred = run('tablebase', 'probe', j.start, '--dir', gdir, '--json');
    expect(inferred.code).toBe(0);
    expect(JSON.parse(inferred.out)).toMatchObject({ wdl: j.value.result, dtm: j.value.plies });
    // other options: they contradict the files, and the error names the set that is there
    const other = run('tablebase', 'probe', '1/3/1G1/D1D/D G - -', '--option', 'stall-limit=off', '--dir', gdir);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      /--option stall-limit=off conflicts with the catch-the-giant tables in --dir .*, which are for giant-start=b3 stall-limit=2/,
    );
    // a position the forward proof would search: the tables give the value at once
    const proof = run(
      'solve',
      'catch-the-giant',
      '--position',
      j.start,
      '--option',
      'stall-limit=2',
      '--dir',
      gdir,
      '--json',
    );
    expect(proof.code).toBe(0);
    expect(JSON.parse(proof.out).value).toBe(j.value.result);
    // Maka Dai Dai is not a hunt game; Bagh Chal's profile keeps its own solver unless --generic
    expect(run('solve', 'maka-dai-dai').err).toMatch(/not a hunt game/);
    expect(run('solve', 'bagh-chal', '--estimate').err).toMatch(/add --generic/);
    const est = run('solve', 'double-tiger', '--estimate', '--json');
    expect(est.code).toBe(0);
    // Double Tiger fits with its successors read in groups and finished layers read back from files
    expect(JSON.parse(est.out)).toMatchObject({ refusal: null });
    expect(JSON.parse(est.out).rereads).toBeGreaterThan(0);
    expect(run('solve', 'double-tiger', '--estimate').out).toMatch(/successors read in [2-9] groups/);
    const refused = run('solve', 'tibetan-1', '--dir', gdir);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^error: tibetan-1 does not fit this solver/);
    const tabal = run('solve', 'permainan-tabal', '--dir', gdir);
    expect(tabal.code).toBe(2);
    expect(tabal.err).toMatch(/hunt family/);
  });
});

describe('lattice solve (whole game)', () => {
  it('prints the answer of a finished solve, and reports bad input with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lattice-cli-solve-'));
    try {
      // a finished solve leaves its answer in <variant>-ctw<K>-solution.json; a new run prints it
      const sol = {
        variant: 'bagh-chal',
        capturesToWin: 5,
        position: 'T3T/5/5/5/T3T G G20 -',
        value: 'draw',
        forcedCaptures: 2,
        positions: 100,
        placementMs: 1000,
        ms: 2000,
        runs: 1,
        threads: 2,
        peakRssMB: 900,
        layers: [],
        loaded: false,
      };
      writeFileSync(join(dir, 'bagh-chal-ctw5-solution.json'), JSON.stringify(sol));
      const text = run('solve', 'bagh-chal', '--dir', dir);
      expect(text.code).toBe(0);
      expect(text.out).toMatch(
        /^T3T\/5\/5\/5\/T3T G G20 -: a draw with best play \(from the solution file of an earlier run\)/,
      );
      expect(text.out).toMatch(/the most goats the tigers can force to capture: 2 \(of 5 needed to win\)/);
      const json = run('solve', 'bagh-chal', '--dir', dir, '--json');
      expect(JSON.parse(json.out)).toEqual({ ...sol, loaded: true });
      writeFileSync(join(dir, 'bagh-chal-ctw5-solution.json'), '{"variant": "bagh');
      const corrupt = run('solve', 'bagh-chal', '--dir', dir);
      expect(corrupt.code).toBe(2);
      expect(corrupt.err).toMatch(/^error: solution file .*bagh-chal-ctw5-solution\.json is unreadable/);
      writeFileSync(join(dir, 'bagh-chal-ctw5-solution.json'), JSON.stringify({ ...sol, value: 'maybe' }));
      const wrong = run('solve', 'bagh-chal', '--dir', dir);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toMatch(/^error: solution file .*unreadable \(value: /);
      writeFileSync(join(dir, 'bagh-chal-ctw5-solution.json'), JSON.stringify({ ...sol, forcedCaptures: 5 }));
      const inconsistent = run('solve', 'bagh-chal', '--dir', dir);
      expect(inconsistent.code).toBe(2);
      expect(inconsistent.err).toMatch(/^error: solution file .* is inconsistent/);
      writeFileSync(join(dir, 'bagh-chal-ctw5-solution.json'), 'not json {{{\n');
      expect(run('solve', 'bagh-chal', '--dir', dir).err.trim().split('\n')).toHaveLength(1);
      const notDir = run(
        'solve',
        'bagh-chal',
        '--option',
        'captures-to-win=1',
        '--dir',
        join(dir, 'bagh-chal-ctw5-solution.json', 'sub'),
      );
      expect(notDir.code).toBe(2);
      expect(notDir.err).toMatch(/^error: cannot write tablebase files in .*sub: /);
      for (const args of [
        ['--option', 'captures-to-win=9'],
        ['--threads', '0'],
        ['--option', 'nonsense=1'],
        ['--option', 'repetition=forbid'],
      ]) {
        const r = run('solve', 'bagh-chal', '--dir', dir, ...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
