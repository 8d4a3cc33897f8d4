// The slow half of test/reference/tablebase.test.ts (`npm run test:slow`): the movement-phase index counted
// against Burnside's lemma, and two solving threads writing the same files as one.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTablebase, countPositions } from '../../src/solve/index.js';
import { checkTables } from '../../src/solve/manifest.js';
import { burnside } from '../support/burnside.js';

describe('tablebase index', () => {
  it('counts 88,260,972 distinct movement-phase positions (both sides to move), layer by layer as Burnside', async () => {
    const counts = await countPositions('bagh-chal');
    expect(counts).toEqual([0, 1, 2, 3, 4].map((c) => 2 * burnside(20 - c)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(88_260_972);
  });
});

describe('tablebase files', () => {
  it('two solving threads write the same files as one', async () => {
    const one = mkdtempSync(join(tmpdir(), 'lattice-tb1-'));
    const two = mkdtempSync(join(tmpdir(), 'lattice-tb2-'));
    try {
      await buildTablebase('bagh-chal', { dir: one, options: { 'captures-to-win': 3 }, threads: 1 });
      await buildTablebase('bagh-chal', { dir: two, options: { 'captures-to-win': 3 }, threads: 2 });
      // the table files byte for byte; the manifest records the run that wrote it (its command, date), so the two
      // runs' manifests differ by design: the files of two are checked against one's manifest instead
      const tables = (dir: string) => readdirSync(dir).filter((f) => !f.endsWith('.manifest.json'));
      for (const f of tables(one)) expect(readFileSync(join(two, f)).equals(readFileSync(join(one, f))), f).toBe(true);
      expect(tables(two).sort()).toEqual(tables(one).sort());
      expect(tables(one)).toHaveLength(3);
      expect((await checkTables(two, one)).ok).toBe(true);
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(two, { recursive: true, force: true });
    }
  });
});
