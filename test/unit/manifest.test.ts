// Table manifests (issue 37 item 2, src/solve/manifest.ts): the solvers write `<set>.manifest.json` beside their
// table files; checkTables (and `lattice tablebase check DIR`) names every file that differs from it. Small tables:
// Bagh Chal's movement phase at captures-to-win 2 (2 files) and Catch the Giant (1 file, the generic solver). A
// byte flipped in each file in turn is found in exactly that file; a missing, an extra and a truncated file are
// named; a corrupt manifest is a ManifestError (exit 2); a fresh solve agrees with the repository's docs/solved.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTablebase } from '../../src/solve/index.js';
import { solverFor } from '../../src/solve/seam.js';
import { checkTables, readManifest, type Manifest } from '../../src/solve/manifest.js';
import { ArgumentError, ManifestError } from '../../src/contract/errors.js';
import { readTableHead } from '../../src/solve/table-file.js';
import { CLI } from '../support/redis.js';

const dirs: string[] = [];
const tempDir = (tag: string) => {
  const d = mkdtempSync(join(tmpdir(), `lattice-manifest-${tag}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** `lattice <args>`: exit code, stdout, stderr. */
function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A copy of `dir` with byte `at` of `file` flipped (all bits). */
function flipped(dir: string, file: string, at: number): string {
  const copy = tempDir('flip');
  cpSync(dir, copy, { recursive: true });
  const buf = readFileSync(join(copy, file));
  buf[at] = buf[at]! ^ 0xff;
  writeFileSync(join(copy, file), buf);
  return copy;
}

let bagh: string;
let giant: string;
beforeAll(async () => {
  bagh = tempDir('bagh');
  await buildTablebase('bagh-chal', { dir: bagh, threads: 1, options: { 'captures-to-win': 2 } });
  giant = tempDir('giant');
  await solverFor('catch-the-giant').solve(giant);
}, 60_000);

describe('the manifest the solvers write', () => {
  it("Bagh Chal's movement build: every layer file's name, size, SHA-256 and counts (from its header)", () => {
    expect(readdirSync(bagh).sort()).toEqual([
      'bagh-chal-ctw2-c0.lttb',
      'bagh-chal-ctw2-c1.lttb',
      'bagh-chal-ctw2.manifest.json',
    ]);
    const m = readManifest(join(bagh, 'bagh-chal-ctw2.manifest.json'));
    expect(m).toMatchObject({
      kind: 'movement',
      variant: 'bagh-chal',
      options: { 'captures-to-win': 2 },
      prefix: 'bagh-chal-ctw2',
      value: null,
    });
    expect(m.files.map((f) => f.name)).toEqual(['bagh-chal-ctw2-c0.lttb', 'bagh-chal-ctw2-c1.lttb']);
    for (const f of m.files) {
      const path = join(bagh, f.name);
      expect(f.bytes).toBe(statSync(path).size);
      expect(f.sha256).toBe(sha(path));
      const { meta } = readTableHead(path, 'table file');
      if (meta.kind !== 'movement') throw new Error('not a movement table');
      const { prey, hunters } = meta.counts.toMove;
      expect(f.counts).toMatchObject({
        positions: meta.counts.distinct,
        wins: prey.wins + hunters.wins,
        draws: prey.draws + hunters.draws,
        losses: prey.losses + hunters.losses,
        longest: meta.counts.longest,
      });
      expect(f.layer).toEqual(meta.layer);
      expect(f.run).toBe(m.writtenBy);
    }
    // layer 0: the 66,962 positions of the published table (docs/solving.md)
    expect(m.files[0]!.counts.positions).toBe(66_962);
    expect(m.totals.files).toBe(2);
    expect(m.runs[m.writtenBy]!.command).toMatch(/^buildTablebase\("bagh-chal", \{"captures-to-win":2\}\) \(API/);
    expect(m.runs[m.writtenBy]!.commit ?? '').toMatch(/^([0-9a-f]{40})?$/);
  });

  it("the generic solver's: the start's value, its one layer file", () => {
    const names = readdirSync(giant).filter((n) => n.endsWith('.manifest.json'));
    expect(names).toHaveLength(1);
    const m = readManifest(join(giant, names[0]!));
    expect(m).toMatchObject({
      kind: 'generic',
      variant: 'catch-the-giant',
      options: { 'giant-start': 'b3', 'stall-limit': 'off' },
      value: { position: '1/3/1G1/D1D/D G - -', result: 'loss', plies: 28 },
      totals: { files: 1, positions: 1400, longest: 28 },
    });
  });

  it('a second solve that loads every layer leaves the manifest; one without a manifest writes it, its file loaded', async () => {
    const path = join(giant, readdirSync(giant).find((n) => n.endsWith('.manifest.json'))!);
    const before = readFileSync(path, 'utf8');
    await solverFor('catch-the-giant').solve(giant);
    expect(readFileSync(path, 'utf8')).toBe(before);
    const copy = tempDir('again');
    cpSync(giant, copy, { recursive: true });
    const mpath = join(copy, readdirSync(copy).find((n) => n.endsWith('.manifest.json'))!);
    unlinkSync(mpath);
    await solverFor('catch-the-giant').solve(copy);
    const m = readManifest(mpath);
    expect(m.files[0]!.run).toBeNull(); // loaded: the run that wrote it left no record here
    expect(m.files[0]!.sha256).toBe(readManifest(path).files[0]!.sha256);
  });
});

describe('checkTables and lattice tablebase check', () => {
  it('all files agree: ok, exit 0', async () => {
    const r = await checkTables(bagh);
    expect(r.ok).toBe(true);
    expect(r.checks).toMatchObject([{ prefix: 'bagh-chal-ctw2', files: 2, agree: 2, differences: [] }]);
    const c = cli('tablebase', 'check', bagh);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('2 files listed, 2 agree');
    expect(c.stdout).toContain('all files agree');
  });

  it('one byte flipped in each file in turn (header, body, last byte): exactly that file, by its hash', async () => {
    for (const dir of [bagh, giant]) {
      const files = readdirSync(dir).filter((n) => /\.(lttb|lgs)$/.test(n));
      for (const f of files) {
        const size = statSync(join(dir, f)).size;
        for (const at of [30, Math.floor(size / 2), size - 1]) {
          const r = await checkTables(flipped(dir, f, at));
          expect(r.ok).toBe(false);
          expect(r.checks.flatMap((c) => c.differences).map((d) => [d.file, d.problem])).toEqual([[f, 'hash']]);
        }
      }
    }
  }, 30_000);

  it('the CLI names the flipped file and exits 1', () => {
    const copy = flipped(bagh, 'bagh-chal-ctw2-c1.lttb', 1000);
    const c = cli('tablebase', 'check', copy);
    expect(c.code).toBe(1);
    expect(c.stdout).toMatch(/bagh-chal-ctw2-c1\.lttb: SHA-256 [0-9a-f]{64}, the manifest says [0-9a-f]{64}/);
    expect(c.stdout).not.toMatch(/c0\.lttb:/);
  });

  it('a missing, an extra and a truncated file, each named; other files in the directory are left alone', async () => {
    const copy = tempDir('mix');
    cpSync(bagh, copy, { recursive: true });
    unlinkSync(join(copy, 'bagh-chal-ctw2-c0.lttb'));
    cpSync(join(bagh, 'bagh-chal-ctw2-c0.lttb'), join(copy, 'bagh-chal-ctw2-c9.lttb'));
    truncateSync(join(copy, 'bagh-chal-ctw2-c1.lttb'), 100);
    writeFileSync(join(copy, 'notes.txt'), 'not a table');
    cpSync(join(bagh, 'bagh-chal-ctw2-c0.lttb'), join(copy, 'bagh-chal-ctw3-c0.lttb')); // another set
    const r = await checkTables(copy);
    expect(r.checks[0]!.differences.map((d) => [d.file, d.problem])).toEqual([
      ['bagh-chal-ctw2-c0.lttb', 'missing'],
      ['bagh-chal-ctw2-c1.lttb', 'size'],
      ['bagh-chal-ctw2-c9.lttb', 'extra'],
    ]);
    const c = cli('tablebase', 'check', copy, '--json');
    expect(c.code).toBe(1);
    const j = JSON.parse(c.stdout);
    expect(j.ok).toBe(false);
    expect(j.checks[0].differences).toMatchObject([
      { file: 'bagh-chal-ctw2-c0.lttb', problem: 'missing' },
      { file: 'bagh-chal-ctw2-c1.lttb', problem: 'size', actual: { bytes: 100 } },
      { file: 'bagh-chal-ctw2-c9.lttb', problem: 'extra' },
    ]);
  });

  it('--manifest: a file, or a directory of manifests (those whose set has files in DIR)', async () => {
    const manifests = tempDir('manifests');
    for (const d of [bagh, giant])
      for (const n of readdirSync(d).filter((x) => x.endsWith('.manifest.json')))
        cpSync(join(d, n), join(manifests, n));
    const copy = tempDir('bare');
    for (const n of readdirSync(giant).filter((x) => x.endsWith('.lgs'))) cpSync(join(giant, n), join(copy, n));
    const r = await checkTables(copy, manifests);
    expect(r.ok).toBe(true);
    expect(r.checks.map((c) => c.variant)).toEqual(['catch-the-giant']);
    // no manifest in DIR and none given: refused, naming what to do
    const none = cli('tablebase', 'check', copy);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: .* holds no manifest \(\*\.manifest\.json\): give one/);
    // a directory of manifests none of which fits
    const empty = tempDir('empty');
    await expect(checkTables(empty, manifests)).rejects.toThrow(/no manifest in .* is for a table file in/);
  });

  it('a corrupt manifest: ManifestError naming it and the problem, exit 2', async () => {
    const good = JSON.parse(readFileSync(join(bagh, 'bagh-chal-ctw2.manifest.json'), 'utf8')) as Manifest;
    const cases: Array<[string, string | object, RegExp]> = [
      ['not JSON', '{"format": "lattice-engine table manifest",', /not JSON/],
      ['no format', { ...good, format: 'x' }, /format: /],
      ['a bad hash', { ...good, files: [{ ...good.files[0]!, sha256: 'abc' }, good.files[1]!] }, /sha256/],
      ['a path outside', { ...good, files: [{ ...good.files[0]!, name: '../etc/passwd' }, good.files[1]!] }, /name/],
      ['listed twice', { ...good, files: [good.files[0]!, good.files[0]!] }, /listed twice|totals/],
      [
        'another set',
        { ...good, files: [{ ...good.files[0]!, name: 'x.lttb' }, good.files[1]!] },
        /not a file of the set/,
      ],
      ['totals', { ...good, totals: { ...good.totals, bytes: 1 } }, /totals\.bytes is 1/],
      ['a run not there', { ...good, writtenBy: 5 }, /writtenBy 5/],
      ['an unknown key', { ...good, extra: 1 }, /Unrecognized key/],
    ];
    const dir = tempDir('corrupt');
    for (const [what, content, said] of cases) {
      const path = join(dir, `${what.replace(/ /g, '-')}.json`);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      let err: unknown;
      try {
        await checkTables(bagh, path);
      } catch (e) {
        err = e;
      }
      expect(err, what).toBeInstanceOf(ManifestError);
      expect((err as Error).message, what).toMatch(said);
      expect((err as Error).message, what).toContain(path);
    }
    const c = cli('tablebase', 'check', bagh, '--manifest', join(dir, 'not-JSON.json'));
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/^error: manifest .*not-JSON\.json is unusable: not JSON/);
    // a corrupt manifest in DIR itself
    const copy = tempDir('corrupt-in-dir');
    cpSync(bagh, copy, { recursive: true });
    writeFileSync(join(copy, 'bagh-chal-ctw2.manifest.json'), '[]');
    await expect(checkTables(copy)).rejects.toThrow(ManifestError);
  });

  it('bad arguments: ArgumentError', async () => {
    await expect(checkTables(join(bagh, 'nothing-here'))).rejects.toThrow(ArgumentError);
    await expect(checkTables(join(bagh, 'bagh-chal-ctw2-c0.lttb'))).rejects.toThrow(/not a directory/);
    await expect(checkTables(bagh, 5 as unknown as string)).rejects.toThrow(ArgumentError);
    await expect(checkTables(bagh, join(bagh, 'none.manifest.json'))).rejects.toThrow(ManifestError);
  });
});

describe("the repository's manifests (docs/solved)", () => {
  const solved = 'docs/solved';
  const names = readdirSync(solved).filter((n) => n.endsWith('.manifest.json'));

  it('each is a valid manifest of a solved game, written by committed code', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) {
      const m = readManifest(join(solved, n));
      expect(m.files.length, n).toBeGreaterThan(0);
      expect(`${n}.json`).toBe(`${m.prefix}.manifest.json.json`);
      for (const r of m.runs) expect([r.commit?.length, r.dirty], n).toEqual([40, false]);
      for (const f of m.files) expect(f.run, n).toBe(m.writtenBy);
    }
  });

  it('a fresh solve agrees with them: Catch the Giant, Bagh Chal movement at captures-to-win 2', async () => {
    const r = await checkTables(giant, solved);
    expect(r.checks.map((c) => [c.prefix, c.differences])).toEqual([[r.checks[0]!.prefix, []]]);
    const b = await checkTables(bagh, solved);
    expect(b.checks.map((c) => [c.prefix, c.differences])).toEqual([['bagh-chal-ctw2', []]]);
  });
});
