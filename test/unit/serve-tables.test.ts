// `lattice serve --tb-dir` (src/serve.ts): the directory is checked at start as `lattice tablebase probe`
// checks what it reads (missing, not a directory, no table files, a damaged or truncated file, a
// movement-phase set that lacks a layer: refused, saying why), and /api/probe answers per game: the verdict,
// that the directory holds no tables for this game (no error: the page shows no verdict), or a clear 400
// naming what is wrong with the request. Issue 35 class 7.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, unlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableDir, startServer, type RunningServer } from '../../src/serve.js';
import { buildTablebase } from '../../src/solve/index.js';
import { ArgumentError, TablebaseError } from '../../src/contract/errors.js';

const LAYER = 'bagh-chal-ctw1-c0.lttb';
/** A Bagh Chal movement position with no goat in hand (in the captures-to-win=1 tables). */
const MOVEMENT = 'TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -';

describe('lattice serve --tb-dir: the directory checked at start, and a probe answered per game', () => {
  let root: string;
  let good: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'lattice-serve-tables-'));
    good = join(root, 'good');
    await buildTablebase('bagh-chal', { dir: good, options: { 'captures-to-win': 1 }, threads: 1 });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A directory `name` under the test's root holding `files` (name -> bytes). */
  const dirWith = (name: string, files: Record<string, Uint8Array | string>): string => {
    const d = join(root, name);
    mkdirSync(d, { recursive: true });
    for (const [f, bytes] of Object.entries(files)) writeFileSync(join(d, f), bytes);
    return d;
  };
  const refusal = (dir: string): unknown => {
    try {
      TableDir.open(dir);
    } catch (e) {
      return e;
    }
    return null;
  };

  it('refuses a directory that is missing, a file, empty, or holds no table files, saying how to build some', () => {
    const missing = refusal(join(root, 'no-such'));
    expect(missing).toBeInstanceOf(ArgumentError);
    expect((missing as Error).message).toMatch(/no-such: no such directory \(build some with "lattice tablebase build/);
    const file = dirWith('has-file', { 'x.txt': 'x' });
    expect((refusal(join(file, 'x.txt')) as Error).message).toMatch(/x\.txt is not a directory$/);
    expect((refusal('') as Error).message).toBe('--tb-dir is empty: give the directory of the table files');
    const spaced = (refusal(join(root, 'no such')) as Error).message;
    expect(spaced).toContain(`--dir '${join(root, 'no such')}'`); // quoted for the shell
    for (const d of [dirWith('empty', {}), dirWith('other-files', { 'README.txt': 'hi', 'x.lttb.tmp': 'half' })]) {
      const e = refusal(d);
      expect(e).toBeInstanceOf(ArgumentError);
      expect((e as Error).message).toMatch(/holds no table files \(build some with "lattice tablebase build <variant>/);
    }
  });

  it('names a subdirectory holding table files when the directory given holds none', () => {
    const up = join(root, 'up');
    mkdirSync(join(up, 'tables'), { recursive: true });
    copyFileSync(join(good, LAYER), join(up, 'tables', LAYER));
    expect((refusal(up) as Error).message).toMatch(
      /holds no table files \(.*\); its subdirectory .*up\/tables has some: give that as --tb-dir$/,
    );
  });

  it('refuses a damaged or truncated table file, naming it, and a movement set that lacks a layer', async () => {
    const bytes = readFileSync(join(good, LAYER));
    const damaged = Buffer.from(bytes);
    damaged.write('XXXXXXXX', 0, 'latin1');
    let e = refusal(dirWith('damaged', { [LAYER]: damaged }));
    expect(e).toBeInstanceOf(TablebaseError);
    expect((e as Error).message).toMatch(/damaged\/bagh-chal-ctw1-c0\.lttb is unusable: bad magic/);
    e = refusal(dirWith('truncated', { [LAYER]: bytes.subarray(0, 1000) }));
    expect((e as Error).message).toMatch(/is unusable: 1000 bytes, expected \d+ \(truncated or padded\)/);
    const part = join(root, 'part');
    await buildTablebase('bagh-chal', { dir: part, options: { 'captures-to-win': 2 }, threads: 1 });
    unlinkSync(join(part, 'bagh-chal-ctw2-c1.lttb'));
    e = refusal(part);
    expect(e).toBeInstanceOf(ArgumentError);
    expect((e as Error).message).toBe(
      `--tb-dir ${part}: the bagh-chal tables for captures-to-win=2 lack the layer c1 ` +
        `(run "lattice tablebase build bagh-chal --option captures-to-win=2 --dir ${part}")`,
    );
    // the server refuses to start the same way
    await expect(startServer({ port: 0, tbDir: join(root, 'empty') })).rejects.toThrow(/holds no table files/);
  });

  describe('/api/probe', () => {
    let server: RunningServer;
    let dir: string;
    beforeAll(async () => {
      dir = join(root, 'served');
      mkdirSync(dir);
      copyFileSync(join(good, LAYER), join(dir, LAYER));
      server = await startServer({ port: 0, tbDir: dir });
    });
    afterAll(() => server.close());
    const ask = async (query: string) => {
      const res = await fetch(`${server.url}api/${query}`);
      return [res.status, await res.json()];
    };
    const q = (params: Record<string, string>) => `probe?${new URLSearchParams(params).toString()}`;

    it('reports the sets of tables at start and in /api/info', async () => {
      const set = { variant: 'bagh-chal', options: { 'captures-to-win': '1' }, kind: 'movement' };
      expect(server.tables).toEqual([set]);
      expect(await ask('info')).toEqual([200, { tablebase: true, tables: [set] }]);
    });

    it('answers a bad request with a 400 naming the parameter', async () => {
      const usage = 'ask api/probe?v=<variant>&pos=<position>[&o.<option>=<value>...]';
      expect(await ask('probe')).toEqual([
        400,
        { error: `the parameter v (the variant) is missing or empty: ${usage}` },
      ]);
      expect(await ask(q({ v: '', pos: MOVEMENT }))).toEqual([
        400,
        { error: `the parameter v (the variant) is missing or empty: ${usage}` },
      ]);
      expect(await ask(q({ v: 'bagh-chal' }))).toEqual([
        400,
        { error: `the parameter pos (the position) is missing or empty: ${usage}` },
      ]);
      expect(await ask(q({ v: 'bagh-chal', pos: MOVEMENT, colour: 'red' }))).toEqual([
        400,
        { error: `unknown parameter "colour": ${usage}` },
      ]);
      const [status, body] = await ask(q({ v: 'chess', pos: MOVEMENT }));
      expect([status, body.error]).toEqual([400, expect.stringMatching(/^unknown variant "chess" \(known: bagh-chal/)]);
      const bad = await ask(q({ v: 'bagh-chal', 'o.captures-to-win': '1', pos: 'T3T/5/5/5 G' }));
      expect([bad[0], bad[1].error]).toEqual([400, expect.stringMatching(/^bad position at column/)]);
    });

    it('answers a game without tables here with no verdict and why, not an error', async () => {
      expect(await ask(q({ v: 'maka-dai-dai', pos: 'x' }))).toEqual([
        200,
        { probe: null, tables: false, why: 'there are no tablebases of Maka Dai Dai Shogi' },
      ]);
      expect(await ask(q({ v: 'bagh-chal', pos: MOVEMENT }))).toEqual([
        200,
        {
          probe: null,
          tables: false,
          why: "the server's --tb-dir holds Bagh Chal tables for captures-to-win=1, not for captures-to-win=5",
        },
      ]);
      const [status, body] = await ask(q({ v: 'catch-the-giant', pos: '1/3/1G1/D1D/D G - -' }));
      expect([status, body]).toEqual([
        200,
        { probe: null, tables: false, why: "the server's --tb-dir holds no tables of Catch the Giant" },
      ]);
    });

    it("gives the verdict of a position in the game's tables, and says when a position is outside them", async () => {
      for (const ctw of ['1', '01']) {
        const [status, body] = await ask(q({ v: 'bagh-chal', 'o.captures-to-win': ctw, pos: MOVEMENT }));
        expect([status, body.tables, body.probe.wdl]).toEqual([200, true, 'win']);
      }
      expect(await ask(q({ v: 'bagh-chal', 'o.captures-to-win': '1', pos: 'T3T/5/5/5/T3T G G20 -' }))).toEqual([
        200,
        { probe: null, tables: true, why: 'the position is not in the movement-phase tablebase (goats still in hand)' },
      ]);
    });

    it('finds tables built while it runs, and reports a damaged file of a game as a server error', async () => {
      const ctg = '1/3/1G1/D1D/D G - -';
      const bytes = readFileSync(join(dir, LAYER));
      bytes.write('XXXXXXXX', 0, 'latin1');
      writeFileSync(join(dir, 'bagh-chal-ctw3-c0.lttb'), bytes);
      const [status, body] = await ask(q({ v: 'bagh-chal', 'o.captures-to-win': '1', pos: MOVEMENT }));
      expect([status, body.error]).toEqual([
        500,
        expect.stringMatching(/bagh-chal-ctw3-c0\.lttb is unusable: bad magic/),
      ]);
      // other games are not concerned
      expect((await ask(q({ v: 'catch-the-giant', pos: ctg })))[0]).toBe(200);
      unlinkSync(join(dir, 'bagh-chal-ctw3-c0.lttb'));
      expect((await ask(q({ v: 'bagh-chal', 'o.captures-to-win': '1', pos: MOVEMENT })))[0]).toBe(200);
    });
  });
});
