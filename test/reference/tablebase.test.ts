// Movement-phase tablebases: WDL and distance to mate
// against an independent short-horizon solver (test/reference/), DTM consistency along best lines,
// files (atomic, verified, resumable), and the search probing the tablebase. The index counts and two
// solving threads against one are the slow half (tablebase.slow.ts).
import { mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/index.js';
import { buildTablebase, TablebaseError } from '../../src/solve/index.js';
import { parsePosition as refParse } from './bagh-chal.js';
import { solveShort } from './bagh-chal-solver.js';
import { decodeTable, encodeTableHeader } from '../../src/solve/table-file.js';

describe('tablebase (captures-to-win = 3)', () => {
  const opts = { 'captures-to-win': 3 };
  let dir: string;
  let game: Game;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lattice-tb-'));
    await buildTablebase('bagh-chal', { dir, options: opts });
    game = await Game.create('bagh-chal', { options: opts });
    await game.loadTablebase(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // random movement-phase positions: 4 tigers, 20 - c goats, c captured, either side to move
  function randomPosition(seed: number): string {
    let s = seed;
    // 32-bit LCG steps (Math.imul: the float product loses its low bits past 2^53, which made almost
    // every position goats-to-move); the high bits, the low ones have short periods
    const rnd = (n: number) => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return (s >>> 8) % n;
    };
    const c = rnd(3);
    const cells = Array<string>(25).fill('.');
    const put = (ch: string, n: number) => {
      for (let k = 0; k < n; ) {
        const i = rnd(25);
        if (cells[i] === '.') {
          cells[i] = ch;
          k++;
        }
      }
    };
    put('T', 4);
    put('G', 20 - c);
    const ranks = [4, 3, 2, 1, 0].map((y) =>
      cells
        .slice(y * 5, y * 5 + 5)
        .join('')
        .replace(/\.+/g, (m) => String(m.length)),
    );
    return `${ranks.join('/')} ${rnd(2) ? 'T' : 'G'} - ${c ? `G${c}` : '-'}`;
  }

  it('agrees with an independent full-width solver on WDL and distance to mate (horizon 5 plies)', () => {
    let decisive = 0;
    for (let i = 0; i < 250; i++) {
      const pos = randomPosition(1000 + i);
      game.setPosition(pos);
      const tb = game.probe()!;
      const ref = solveShort(refParse(pos, { capturesToWin: 3 }), 5, { capturesToWin: 3 });
      if (tb.dtm !== null && tb.dtm <= 5) {
        decisive++;
        expect([pos, ref]).toEqual([pos, { result: tb.wdl, plies: tb.dtm }]);
      } else {
        expect([pos, ref]).toEqual([pos, { result: 'unknown' }]);
      }
    }
    expect(decisive).toBeGreaterThan(20);
  });

  it('the best line lowers the distance to mate by one each move and ends the game', () => {
    for (let i = 0; i < 60; i++) {
      game.setPosition(randomPosition(5000 + i));
      const tb = game.probe()!;
      if (tb.dtm === null) continue;
      const start = game.position();
      expect(tb.line).toHaveLength(tb.dtm);
      let dtm = tb.dtm;
      for (const m of tb.line) {
        game.play(m);
        dtm--;
        const here = game.probe()!;
        expect(here.dtm).toBe(dtm);
      }
      expect(game.result()).not.toBeNull();
      game.setPosition(start);
    }
  });

  it('the search agrees with the tablebase when it proves a result (without probing it)', async () => {
    const plain = await Game.create('bagh-chal', { options: opts });
    let proven = 0;
    for (let i = 0; i < 120; i++) {
      const pos = randomPosition(9000 + i);
      plain.setPosition(pos);
      game.setPosition(pos);
      const tb = game.probe()!;
      const r = plain.search({ depth: 8 });
      if (r.mateIn === null) continue;
      proven++;
      // a proven forced result within n plies: the tablebase result is the same, no longer than n
      expect([pos, tb.wdl]).toEqual([pos, r.mateIn > 0 ? 'win' : 'loss']);
      expect(tb.dtm!).toBeLessThanOrEqual(Math.abs(r.mateIn));
    }
    expect(proven).toBeGreaterThan(10);
  });

  it('the search probing the tablebase plays the tablebase move and reports its distance', () => {
    for (let i = 0; i < 40; i++) {
      game.setPosition(randomPosition(12000 + i));
      const tb = game.probe()!;
      if (tb.dtm === null || tb.dtm < 2) continue;
      const r = game.search({ depth: 4 });
      expect(r.mateIn).toBe(tb.wdl === 'win' ? tb.dtm : -tb.dtm);
      // the principal variation runs to the end of the game, each move keeping the tablebase's distance
      expect(r.pv).toHaveLength(tb.dtm);
      const before = game.position();
      r.pv.forEach((m, k) => {
        expect(game.probe()!.dtm).toBe(tb.dtm! - k);
        game.play(m);
      });
      expect(game.result()).not.toBeNull();
      game.setPosition(before);
    }
  });

  it('solve(): a placement position with one goat in hand has the value its best placement reaches in the tablebase', () => {
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      // 19 goats placed: take a random movement position and lift one goat back into the hand
      const pos = randomPosition(20000 + i);
      const [board, , , capt] = pos.split(' ');
      const cells = board.split('/').map((r) => r.replace(/\d/g, (d) => '.'.repeat(Number(d))));
      const flat = cells.join('');
      const g = flat.indexOf('G');
      if (g < 0) continue;
      const lifted = flat.slice(0, g) + '.' + flat.slice(g + 1);
      const ranks = [0, 1, 2, 3, 4].map((r) => lifted.slice(r * 5, r * 5 + 5).replace(/\.+/g, (m) => String(m.length)));
      game.setPosition(`${ranks.join('/')} G G1 ${capt}`);
      const v = game.solve().value;
      // children: every placement ends the placement phase; their tablebase verdicts are the goats' options
      const kids = game.legalMoves().map((m) => {
        game.play(m);
        const p = game.probe()!;
        game.undo();
        return p.wdl;
      });
      const expected = kids.includes('loss') ? 'win' : kids.includes('draw') ? 'draw' : 'loss';
      expect([game.position(), v]).toEqual([game.position(), expected]);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('solve() reports unknown at its node limit and needs a tablebase', async () => {
    game.setPosition('T3T/5/5/5/T3T G G20 -');
    expect(game.solve({ nodeLimit: 1000 }).value).toBe('unknown');
    const plain = await Game.create('bagh-chal');
    expect(() => plain.solve()).toThrow(/needs a tablebase/);
  });

  it('a game already decided by captures is a loss for the goats to move (tigers to move there cannot arise)', () => {
    expect(() => game.setPosition('TGGGT/1GGG1/GGTGG/GGGG1/1GGGT T - G3')).toThrow(
      /tigers cannot be to move with 3 goats captured/,
    );
    game.setPosition('TGGGT/1GGG1/GGTGG/GGGG1/1GGGT G - G3');
    expect(game.probe()).toEqual({ wdl: 'loss', dtm: 0, bestmove: null, line: [] });
  });

  it('refuses captures-to-win beyond 5 up front, before writing anything (its layers do not fit a core)', async () => {
    for (const ctw of [6, 7, 20]) {
      await expect(
        buildTablebase('bagh-chal', { dir: join(dir, 'never'), options: { 'captures-to-win': ctw } }),
      ).rejects.toThrow(new RegExp(`captures-to-win 1\\.\\.5, got ${ctw}`));
    }
    expect(readdirSync(dir).includes('never')).toBe(false);
  });

  it('refuses repetition=forbid for loading, probing and searching with a tablebase (its moves depend on the history)', async () => {
    const g = await Game.create('bagh-chal', { options: { ...opts, repetition: 'forbid' } });
    await expect(g.loadTablebase(dir)).rejects.toThrow(/repetition=forbid/);
    expect(g.probe()).toBeNull();
    const { spawnSync } = await import('node:child_process');
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8' });
    for (const args of [
      [
        'tablebase',
        'probe',
        'GGGGG/GGGGG/GGTGG/T1TGG/G1G1T T - G2',
        '--dir',
        dir,
        '--option',
        'captures-to-win=3',
        '--option',
        'repetition=forbid',
      ],
      [
        'search',
        'bagh-chal',
        '--position',
        'GGGGG/GGGGG/GGTGG/T1TGG/G1G1T T - G2',
        '--tb-dir',
        dir,
        '--option',
        'captures-to-win=3',
        '--option',
        'repetition=forbid',
        '--depth',
        '3',
      ],
    ]) {
      const r = cli(args);
      expect([args[0], r.status, r.stderr.trim()]).toEqual([
        args[0],
        2,
        expect.stringMatching(/^error: .*repetition=forbid/),
      ]);
    }
  });

  it('a placement-phase position is not in the tablebase', () => {
    game.setPosition('T3T/5/5/5/T3T G G20 -');
    expect(game.probe()).toBeNull();
  });
});

describe('tablebase files', () => {
  const opts = { 'captures-to-win': 2 };
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lattice-tbf-'));
    await buildTablebase('bagh-chal', { dir, options: opts });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (c: number) => join(dir, `bagh-chal-ctw2-c${c}.lttb`);

  it('writes one file per layer, the manifest and no temp files', () => {
    expect(readdirSync(dir).sort()).toEqual([
      'bagh-chal-ctw2-c0.lttb',
      'bagh-chal-ctw2-c1.lttb',
      'bagh-chal-ctw2.manifest.json',
    ]);
    // the one table format: a header whose length is a multiple of 8, then 2 bytes a slot
    const header = readFileSync(file(1)).readUInt32LE(12);
    expect(header % 8).toBe(0);
    expect(statSync(file(1)).size).toBe(header + 2 * 699720);
  });

  it('resumes: finished layers are loaded, a missing one is solved again to the same bytes', async () => {
    const before = readFileSync(file(0));
    unlinkSync(file(0));
    writeFileSync(file(0) + '.tmp', 'partial write of a killed run');
    const layers: Array<{ layer: number; loaded: boolean }> = [];
    await buildTablebase('bagh-chal', {
      dir,
      options: opts,
      onLayer: (l) => layers.push({ layer: l.layer, loaded: l.loaded }),
    });
    expect(layers).toEqual([
      { layer: 1, loaded: true },
      { layer: 0, loaded: false },
    ]);
    expect(readFileSync(file(0)).equals(before)).toBe(true);
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it.each([
    [
      'a flipped body byte',
      (b: Buffer) => {
        b[500] ^= 1;
      },
      /checksum mismatch/,
    ],
    [
      'a changed statistic in the header',
      (b: Buffer) => {
        const at = b.indexOf('"longest":');
        b[at + 10]! ^= 1; // a digit of the largest dtm
      },
      /checksum mismatch/,
    ],
    ['a truncated body', (b: Buffer) => b.subarray(0, b.length - 10), /truncated/],
    [
      'bad magic',
      (b: Buffer) => {
        b.write('NOTATB!!', 0, 'ascii');
      },
      /bad magic/,
    ],
    [
      'a future version',
      (b: Buffer) => {
        b.writeUInt32LE(99, 8);
      },
      /format version 99/,
    ],
    [
      'another layer',
      (b: Buffer) => {
        // the header written again (checksum and all) for layer 1
        const t = decodeTable(b, (what) => new TablebaseError(what));
        if (t.meta.kind !== 'movement') throw new Error('not a movement layer');
        return Buffer.concat([encodeTableHeader({ ...t.meta, layer: { captured: 1 } }, t.body), t.body]);
      },
      /layer is 1, expected 0/,
    ],
    ['a header only', (b: Buffer) => b.subarray(0, 40), /shorter than the \d+-byte header/],
  ])('a corrupt file (%s) is detected and named', async (_what, damage, msg) => {
    const good = readFileSync(file(0));
    const bad = Buffer.from(good);
    const out = damage(bad) ?? bad;
    writeFileSync(file(0), out);
    try {
      const g = await Game.create('bagh-chal', { options: opts });
      await expect(g.loadTablebase(dir)).rejects.toThrow(TablebaseError);
      await expect(g.loadTablebase(dir)).rejects.toThrow(msg);
      await expect(g.loadTablebase(dir)).rejects.toThrow(file(0));
      await expect(buildTablebase('bagh-chal', { dir, options: opts })).rejects.toThrow(msg);
    } finally {
      writeFileSync(file(0), good);
    }
  });

  it('files of another captures-to-win are not mistaken for these', async () => {
    const g = await Game.create('bagh-chal', { options: { 'captures-to-win': 3 } });
    await expect(g.loadTablebase(dir)).rejects.toThrow(/missing/);
  });
});
