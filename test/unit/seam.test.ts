// One layered-solver seam (src/solve/seam.ts): the solver a variant gets (by its rule profile, never a
// core), its layers with what each reads, and a solve, load and probe through it for the generic solver
// and for Bagh Chal's movement-phase tablebase, with values written by hand (the catch-the-giant start is
// lost in 28 plies, RULES.md §3 and test/unit/generic-solver.test.ts; a Bagh Chal position one goat move from
// being won, as test/process/cli.test.ts probes it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GenericSeam, WholeGameSeam, solverFor, tablebaseSolverFor } from '../../src/solve/seam.js';
import { OptionError, TablebaseError } from '../../src/contract/errors.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lattice-seam-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('solverFor: the solver of a variant, by its rule profile', () => {
  it("gives Bagh Chal's profile its own solver, every other game (and --generic) the generic one", () => {
    expect(solverFor('bagh-chal')).toBeInstanceOf(WholeGameSeam);
    expect(solverFor('bagh-chal', { 'captures-to-win': 3 }).id).toBe('whole-game');
    expect(solverFor('bagh-chal', {}, { generic: true })).toBeInstanceOf(GenericSeam);
    expect(solverFor('catch-the-giant').id).toBe('generic');
    expect(solverFor('surround-the-tiger').jobs).toBe('generic');
    expect(solverFor('bagh-chal').jobs).toBe('whole');
    expect(tablebaseSolverFor('bagh-chal').jobs).toBe('movement');
    expect(() => solverFor('bagh-chal', { 'captures-to-win': 0 })).toThrow(OptionError);
  });

  it('says what a probe outside the tables means', () => {
    expect(solverFor('bagh-chal').notInTables).toMatch(/movement-phase tablebase \(goats still in hand\)/);
    expect(solverFor('catch-the-giant').notInTables).toMatch(/not in the loaded tables/);
  });
});

describe('the generic solver behind the seam', () => {
  it('lists the layers with what each reads, solves, loads, probes and verifies catch-the-giant', async () => {
    const s = solverFor('catch-the-giant');
    expect(s.id).toBe('generic');
    const layers = await s.layers();
    expect(layers.map((l) => [l.name, l.needs])).toEqual([[layers[0]!.name, []]]);
    const dir = tempDir();
    const solved = await s.solve(dir);
    expect(solved.map((r) => r.positions)).toEqual([1400]);
    const fresh = new GenericSeam('catch-the-giant', {});
    expect((await fresh.load(dir)).length).toBe(1);
    expect(await fresh.probe('1/3/1G1/D1D/D G - -')).toEqual({ result: 'loss', plies: 28 });
    expect(await fresh.verify()).toEqual([0]);
  });

  it('lists successors first for a game with captures (surround-the-tiger)', async () => {
    const layers = await solverFor('surround-the-tiger').layers();
    const names = layers.map((l) => l.name);
    for (const [i, l] of layers.entries()) for (const n of l.needs) expect(names.indexOf(n)).toBeLessThan(i);
    expect(layers.some((l) => l.needs.length > 0)).toBe(true);
  });
});

describe("Bagh Chal's solvers behind the seam", () => {
  it('the movement-phase tablebase: its layers, a solve, a load and a probe', async () => {
    const s = tablebaseSolverFor('bagh-chal', { 'captures-to-win': 2 });
    expect((await s.layers()).map((l) => [l.layer, l.needs.length])).toEqual([
      [{ capturesToWin: 2, captured: 1 }, 0],
      [{ capturesToWin: 2, captured: 0 }, 1],
    ]);
    const one = tablebaseSolverFor('bagh-chal', { 'captures-to-win': 1 });
    const dir = tempDir();
    expect((await one.solve(dir, { threads: 1 })).distinct).toBe(66962);
    expect(await one.probe('TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -')).toBeNull(); // not loaded yet
    expect((await one.load(dir)).length).toBe(1);
    expect(await one.probe('TGGGT/GGGGG/GG1GG/GGGGG/TGGGT G - -')).toEqual({ result: 'win', plies: 1 });
    expect(await one.probe('T3T/5/5/5/T3T G G20 -')).toBeNull(); // goats in hand
  });

  it("the whole game: each captures-to-win's movement layers, then the placement pass reading layer 0", async () => {
    const layers = await solverFor('bagh-chal', { 'captures-to-win': 2 }).layers();
    expect(layers.map((l) => l.layer)).toEqual([
      { capturesToWin: 1, captured: 0 },
      { capturesToWin: 2, captured: 1 },
      { capturesToWin: 2, captured: 0 },
      { placement: true },
    ]);
    expect(layers[3]!.needs).toEqual([layers[0]!.name, layers[2]!.name]);
  });

  it('refuses a game outside the profile when first used, as buildTablebase does', async () => {
    await expect(tablebaseSolverFor('catch-the-giant').layers()).rejects.toThrow(TablebaseError);
  });
});
