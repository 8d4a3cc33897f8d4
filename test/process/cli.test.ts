// The `lattice` command: JSON shapes, and bad input -> one line on stderr, exit code 2, no stack trace.
// Long work interrupted (perft and a tablebase build, Ctrl-C on a terminal), `lattice solve` (the generic
// solver on a whole game, Bagh Chal's solution file), progress on stderr when asked and a closed output pipe
// are the slow half, cli.slow.ts.
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptMissing, skipping } from '../support/requires.js';
import { unprivileged } from '../support/unprivileged.js';

const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const execFileP = promisify(execFile);
/** As run(), without blocking: for the cases that run concurrently (independent processes, no timing). */
async function runAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  try {
    const r = await execFileP(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof x.code === 'number' ? x.code : null, out: x.stdout ?? '', err: x.stderr ?? String(e) };
  }
}
describe('lattice CLI', () => {
  it('perft --json prints the published perft(6)', () => {
    const r = run('perft', 'bagh-chal', '6', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ variant: 'bagh-chal', position: 'T3T/5/5/5/T3T G G20 -', depth: 6, nodes: 18592000 });
    expect(typeof j.ms).toBe('number');
  });

  it('perft --divide --json includes the per-move counts', () => {
    const j = JSON.parse(run('perft', 'bagh-chal', '2', '--divide', '--json').out);
    expect(Object.keys(j.divide)).toHaveLength(21);
    expect(j.nodes).toBe(252);
  });

  it('search --json has bestmove, score, pv, depth, nodes, ms', () => {
    const r = run('search', 'bagh-chal', '--depth', '4', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['bestmove', 'score', 'pv', 'depth', 'nodes', 'ms']));
    expect(j.depth).toBe(4);
    expect(j.pv[0]).toBe(j.bestmove);
  });

  it('a flag and its negation are two options: --progress --no-progress is accepted, the last wins', () => {
    const r = run('search', 'bagh-chal', '--depth', '2', '--json', '--progress', '--no-progress');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });

  it('search and analyse --json name the mate distance mateIn, as the API does', () => {
    const j = JSON.parse(
      run('search', 'bagh-chal', '--depth', '3', '--json', '--position', 'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4').out,
    );
    expect(j.mateIn).toBe(1);
    expect(j).not.toHaveProperty('mate');
    const a = JSON.parse(
      run('analyse', 'bagh-chal', '--depth', '2', '--play-movetime', '2', '--max-plies', '2', '--json').out,
    );
    expect(a.analysis.mateIn).toBeNull();
    expect(a.analysis).not.toHaveProperty('mate');
  });

  it('play --json plays a game to its end', () => {
    const r = run(
      'play',
      'bagh-chal',
      '--movetime',
      '5',
      '--max-plies',
      '60',
      '--json',
      '--position',
      'TGGGT/1GGG1/GG1GG/1GGG1/TGGGT T - G4',
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.result).toEqual({ winner: 'hunters', winnerName: 'tigers', reason: 'captures' });
    expect(j.moves).toHaveLength(1);
  });

  it('analyse --json prints one JSON object with the analysis and the game', () => {
    const r = run('analyse', 'bagh-chal', '--movetime', '200', '--play-movetime', '2', '--max-plies', '20', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.analysis.bestmove).toBeTruthy();
    expect(j.game.plies).toBeLessThanOrEqual(20);
  });

  it('search takes several limits at once: the first reached stops it', () => {
    const byDepth = JSON.parse(
      run('search', 'bagh-chal', '--depth', '3', '--movetime', '600000', '--nodes', '100000000', '--json').out,
    );
    expect(byDepth.depth).toBe(3);
    const byNodes = run('search', 'bagh-chal', '--depth', '60', '--nodes', '3000', '--movetime', '600000', '--json');
    expect(byNodes.code).toBe(0);
    expect(JSON.parse(byNodes.out).depth).toBeLessThan(60);
    const analyse = JSON.parse(
      run(
        'analyse',
        'bagh-chal',
        '--depth',
        '2',
        '--movetime',
        '600000',
        '--play-movetime',
        '2',
        '--max-plies',
        '2',
        '--json',
      ).out,
    );
    expect(analyse.analysis.depth).toBe(2);
  });

  it('unknown variants: the message lists every variant', () => {
    const r = run('search', 'no-such-game');
    expect(r.err).toMatch(
      /^error: unknown variant "no-such-game" \(known: bagh-chal, tibetan-1, tibetan-2, tibetan-4, catch-the-giant, surround-the-tiger, double-tiger, shepherds-and-wolves, permainan-tabal, maka-dai-dai\)/,
    );
  });

  // `script` gives the command a terminal: stderr is a TTY there, stdout goes to a file
  const onTerminal = 'on a terminal, search and perft show progress on stderr by default; stdout stays pure JSON';
  it.skipIf(skipping(`lattice CLI: ${onTerminal}`, scriptMissing()))(onTerminal, async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'lattice-cli-tty-'));
    try {
      const inTerminal = (args: string, file: string) => {
        const r = spawnSync(
          'script',
          ['-qec', `"${process.execPath}" "${cli}" ${args} > "${join(dir, file)}"`, '/dev/null'],
          { encoding: 'utf8', timeout: 60_000 },
        );
        return { code: r.status, terminal: r.stdout.replace(/\r/g, ''), out: readFileSync(join(dir, file), 'utf8') };
      };
      const s = inTerminal('search bagh-chal --depth 3 --json', 's.json');
      expect(s.code).toBe(0);
      expect(JSON.parse(s.out).depth).toBe(3);
      expect(s.terminal).toMatch(/depth 1 .*\ndepth 2 .*\ndepth 3 /);
      const p = inTerminal('perft bagh-chal 4 --json', 'p.json');
      expect(JSON.parse(p.out).depth).toBe(4);
      expect(p.terminal).toMatch(/21\/21 root moves/);
      const off = inTerminal('search bagh-chal --depth 3 --json --no-progress', 'off.json');
      expect(off.terminal.trim()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('play --json gives the result shape of Game.result(), or null when cut off at --max-plies', () => {
    const j = JSON.parse(run('play', 'bagh-chal', '--movetime', '2', '--max-plies', '2', '--json').out);
    expect(j.result).toBeNull();
    expect(j.plies).toBe(2);
  });

  it('variants --json lists bagh-chal with its options', () => {
    const j = JSON.parse(run('variants', '--json').out);
    const v = j.variants.find((x: { id: string }) => x.id === 'bagh-chal');
    expect(v.options.map((o: { name: string }) => o.name)).toEqual(['captures-to-win', 'repetition']);
  });

  // independent processes: run a few at a time (vitest's maxConcurrency)
  it.concurrent.for([
    [['perft', 'no-such-game', '3'], /unknown variant/],
    [['perft', 'bagh-chal', 'x'], /depth must be an integer/],
    [['perft', 'bagh-chal', '-1'], /./],
    [['perft', 'bagh-chal', '99'], /depth must be in 0\.\.20/],
    [['perft', 'bagh-chal', '3', '--position', 'T3T/5/5/5/T3X G G20 -'], /column 13/],
    [['perft', 'bagh-chal', '3', '--position', ''], /column/],
    [['perft', 'bagh-chal', '3', '--option', 'captures-to-win=0'], /captures-to-win/],
    [['perft', 'bagh-chal', '3', '--option', 'colour=red'], /unknown option "colour"/],
    [['perft', 'bagh-chal', '3', '--option', 'novalue'], /key=value/],
    [['perft', 'bagh-chal', '3', '--bogus'], /unknown option '--bogus'/],
    [['search', 'bagh-chal', '--depth', '0'], /--depth must be in/],
    [['search', 'bagh-chal', '--depth', '3', '--depth', '4'], /--depth is given twice/],
    [['perft', 'bagh-chal', '3', '--movetime', '100', '--movetime', '200'], /--movetime is given twice/],
    [
      ['search', 'bagh-chal', '--position', 'T3T/5/5/5/T3T G G20 -', '--position', 'T3T/5/5/5/T3T G G20 -'],
      /--position is given twice/,
    ],
    [['tablebase', 'build', 'bagh-chal', '--dir', 'a', '--dir', 'b'], /--dir is given twice/],
    [['play', 'bagh-chal', '--labels', 'codes'], /--labels applies to maka-dai-dai only/],
    [['analyse', 'bagh-chal', '--labels', 'kanji'], /--labels applies to maka-dai-dai only/],
    [['search', 'maka-dai-dai', '--labels', 'kanji'], /unknown option '--labels'/],
    [['perft', 'bagh-chal', '3', '--labels', 'codes'], /unknown option '--labels'/],
    [['perft', 'maka-dai-dai', '2', '--labels', 'codes'], /unknown option '--labels'/],
    [
      ['perft', 'bagh-chal', '3', '--position', 'T3T/5/5/5/T3T T G20 -'],
      /tigers cannot be to move before any goat is placed/,
    ],
    [
      ['perft', 'bagh-chal', '3', '--position', 'TGGGT/1GGG1/GG1GG/1GGG1/T1GGT T - G5'],
      /tigers cannot be to move with 5 goats captured/,
    ],
    [['frobnicate'], /unknown command/],
    [['solve', 'surround-the-tiger', '--keep-placement'], /--keep-placement is for Bagh Chal's whole-game solve/],
    [['solve', 'bagh-chal', '--stop-at', '20'], /--stop-at must be in 1\.\.19, got 20/],
    [['solve', 'bagh-chal', '--stop-at', '18', '--position', 'T3T/5/5/5/T3T G G20 -'], /--stop-at means nothing with/],
    [['perft', 'bagh-chal', '20', '--movetime', '300'], /perft 20 stopped after/],
    [['perft', 'bagh-chal', '0', '--divide'], /--divide means nothing at depth 0/],
    [['search', 'bagh-chal', '--hash', '1024', '--depth', '3'], /--hash must be in 1\.\.512/],
    [['perft', 'bagh-chal', '3', '--option', '__proto__=1'], /unknown option "__proto__"/],
    [['perft', 'bagh-chal', '3', '--option', 'repetition=none', '--option', 'repetition=draw3'], /given twice/],
    [['perft', 'bagh-chal', '3', '--position', 'T3T/5/5/5/T3T G G20 -\n'], /column 22/],
    [
      ['perft', 'permainan-tabal', '1', '--position', '3/3/5/5/5/5/5/3/3 W - B16W16'],
      /column 1: both sides have no pieces/,
    ],
    [
      ['search', 'double-tiger', '--depth', '1', '--position', '2T2/1D(5)1D(3)1/5/1D(4)1D(4)1/2T2 T - -'],
      /column 7: the stack on b4 holds 5 dogs/,
    ],
    [
      [
        'play',
        'tibetan-2',
        '--option',
        'setup=stacks',
        '--position',
        '3/1T1/5/1G(6)1G(5)1/5/1G(6)1G(6)1/5/1T1/3 G G1 - -',
      ],
      /goats are never in hand/,
    ],
  ] as Array<[string[], RegExp]>)('bad input %j -> exit 2 and one clear line', async ([args, msg], { expect }) => {
    const r = await runAsync(...args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: /);
    expect(lines[0]).toMatch(msg);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});

describe('lattice with maka-dai-dai', () => {
  it('perft 3 --json is 536860 (agreed with the reference)', () => {
    const j = JSON.parse(run('perft', 'maka-dai-dai', '3', '--json').out);
    expect(j.nodes).toBe(536860);
  });
  it('search --json and play with kanji and code labels', () => {
    const s = run('search', 'maka-dai-dai', '--depth', '2', '--json');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out).depth).toBe(2);
    const k = run('play', 'maka-dai-dai', '--movetime', '20', '--max-plies', '1');
    expect(k.code).toBe(0);
    expect(k.out).toContain('玉將');
    const c = run('play', 'maka-dai-dai', '--movetime', '20', '--max-plies', '1', '--labels', 'codes');
    expect(c.out).toMatch(/\bDV\b/);
    const j = JSON.parse(run('play', 'maka-dai-dai', '--movetime', '10', '--max-plies', '2', '--json').out);
    expect(j.plies).toBe(2);
  });
  it('--hash sets the Maka Dai Dai search table too', () => {
    const r = run('search', 'maka-dai-dai', '--hash', '64', '--depth', '2', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).depth).toBe(2);
  });
  it.each([
    [['perft', 'maka-dai-dai', '2', '--option', 'emperor=sometimes'], /emperor/],
    [['play', 'maka-dai-dai', '--labels', 'codes', '--labels', 'kanji'], /--labels is given twice/],
    [['variants', '--json', '--json'], /^error: --json is given twice$/m],
    [['perft', 'bagh-chal', '2', '--divide', '--divide'], /^error: --divide is given twice$/m],
    [
      ['search', 'bagh-chal', '--depth', '1', '--no-progress', '--no-progress'],
      /^error: --no-progress is given twice$/m,
    ],
    [['search', 'maka-dai-dai', '--hash', '0'], /--hash must be in 1\.\.512/],
    [['perft', 'maka-dai-dai', '2', '--position', '19/19 b'], /column/],
    [
      ['perft', 'maka-dai-dai', '1', '--position', 'k18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/KK17 b'],
      /column 57: Black has 2 of the King kind/,
    ],
    [['play', 'maka-dai-dai', '--labels', 'emoji'], /--labels/],
  ])('bad input %j -> exit 2 and one line', (args, msg) => {
    const r = run(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(msg);
  });
});

describe('lattice tablebase', () => {
  let dir = '';
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    dir = mkdtempSync(join(tmpdir(), 'lattice-cli-tb-'));
  });
  afterAll(async () => {
    const { rmSync } = await import('node:fs');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const probeArgs = () => [
    'tablebase',
    'probe',
    'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -',
    '--variant',
    'bagh-chal',
    '--option',
    'captures-to-win=1',
    '--dir',
    dir,
  ];

  it('builds (captures-to-win=1), probes, and reports bad input with exit 2', () => {
    const b = run(
      'tablebase',
      'build',
      'bagh-chal',
      '--option',
      'captures-to-win=1',
      '--dir',
      dir,
      '--json',
      '--progress',
    );
    expect(b.code).toBe(0);
    expect(b.err).toMatch(/^layer 0 pass \d \|/);
    const j = JSON.parse(b.out);
    expect(j.distinct).toBe(66962);
    const p = run(
      'tablebase',
      'probe',
      'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -',
      '--option',
      'captures-to-win=1',
      '--dir',
      dir,
      '--json',
    );
    expect(p.code).toBe(0);
    expect(JSON.parse(p.out)).toEqual({ wdl: 'win', dtm: 1, bestmove: 'c2-c3', line: ['c2-c3'] });
    const solved = run(
      'solve',
      'bagh-chal',
      '--position',
      'TGGGT/GGGGG/GG1GG/GGGG1/TGGGT G G1 -',
      '--option',
      'captures-to-win=1',
      '--dir',
      dir,
      '--json',
      '--progress',
    );
    expect(solved.code).toBe(0);
    expect(JSON.parse(solved.out).value).toMatch(/^(win|draw|loss)$/);
    const placement = run('tablebase', 'probe', 'T3T/5/5/5/T3T G G20 -', '--option', 'captures-to-win=1', '--dir', dir);
    expect(placement.code).toBe(2);
    expect(placement.err).toMatch(/^error: the position is not in the movement-phase tablebase/);
    // without --option, the files' captures-to-win (1) is taken; another one contradicts the files: refused
    const inferred = run('tablebase', 'probe', 'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -', '--dir', dir, '--json');
    expect(inferred.code).toBe(0);
    expect(JSON.parse(inferred.out).wdl).toBe('win');
    const missing = run(
      'tablebase',
      'probe',
      'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -',
      '--option',
      'captures-to-win=5',
      '--dir',
      dir,
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(
      /--option captures-to-win=5 conflicts with the bagh-chal tables in --dir .*, which are for captures-to-win=1/,
    );
  });

  // a file or directory that may not be read is a permission problem, not a missing file; root ignores
  // permissions, so the CLI runs where they apply (test/support/unprivileged.ts), or the test says why not
  const perms = unprivileged(cli, ['perft', 'bagh-chal', '1']);
  const title = `a tablebase file or directory that may not be read: "no permission", exit 2 (${perms.how ?? 'skipped'})`;
  it.skipIf(skipping(`lattice tablebase: ${title}`, perms.how === null ? perms.reason : null))(title, async () => {
    if (perms.how === null) return;
    const { chmodSync } = await import('node:fs');
    const { join } = await import('node:path');
    const f = join(dir, 'bagh-chal-ctw1-c0.lttb');
    chmodSync(dir, 0o755);
    for (const [path, mode] of [
      [f, 0o000],
      [dir, 0o000],
    ] as const) {
      chmodSync(path, mode);
      try {
        const denied = perms.run([cli, ...probeArgs()]);
        expect(denied.code, denied.err).toBe(2);
        expect(denied.err.trim().split('\n')).toHaveLength(1);
        expect(denied.err).toMatch(/^error: no permission to read tablebase file .*bagh-chal-ctw1-c0\.lttb/);
        expect(denied.err).not.toMatch(/missing/);
      } finally {
        chmodSync(path, path === dir ? 0o755 : 0o644);
      }
    }
  });

  it('tablebase convert: files already in the current format are left alone; a missing directory exits 2', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const f = join(dir, 'bagh-chal-ctw1-c0.lttb');
    const before = readFileSync(f);
    const r = run('tablebase', 'convert', dir, '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { converted: unknown[]; alreadyNew: string[] };
    expect(report.converted).toEqual([]);
    expect(report.alreadyNew).toContain('bagh-chal-ctw1-c0.lttb');
    expect(readFileSync(f).equals(before)).toBe(true);
    const missing = run('tablebase', 'convert', join(dir, 'nowhere'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^error: cannot convert the table files in .*nowhere/);
  });

  it('a corrupt file is unusable: checksum mismatch, exit 2', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const f = join(dir, 'bagh-chal-ctw1-c0.lttb');
    const good = readFileSync(f);
    const bad = Buffer.from(good);
    bad[1000] ^= 0xff;
    writeFileSync(f, bad);
    const corrupt = run(
      'tablebase',
      'probe',
      'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -',
      '--option',
      'captures-to-win=1',
      '--dir',
      dir,
    );
    expect(corrupt.code).toBe(2);
    expect(corrupt.err.trim().split('\n')).toHaveLength(1);
    expect(corrupt.err).toMatch(/bagh-chal-ctw1-c0\.lttb is unusable: checksum mismatch/);
  });
});
