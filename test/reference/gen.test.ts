// The drivers that print the independent references' perft figures (test/reference/*.gen.ts: the
// print-only blocks that used to sit in the references' self-tests as skipped tests) still run and still
// print the figures of the checked tables: each is run here at small depths, its output read, and every
// printed row whose options are those of a start row of test/perft/*.json must show that row's counts.
// (The table generators bagh-chal.gen.ts, maka-dai-dai.gen.ts and tabal.gen.ts's table mode take minutes
// and are not run here.) hunt-solver.gen.ts prints solved values, not perft figures: it is run with Catch
// the Giant's smallest settings and its lines' form checked (no table holds its values).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATTICE_ROWS } from '../perft/tables.js';

/** Runs a driver (a module whose body is the run) with `env` set; returns what it wrote to stdout. */
async function runDriver(module: string, env: Record<string, string>): Promise<string> {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await import(/* @vite-ignore */ `${module}?run=${Date.now()}`);
  } finally {
    write.mockRestore();
    quiet.mockRestore();
  }
  return out;
}
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The counts at depths 1..n of the table's start row of `variant` with exactly `options`, or null. */
function tableCounts(variant: string, options: Record<string, string | number>, n: number): number[] | null {
  const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => String(b[k]) === String(v));
  const row = LATTICE_ROWS.find((r) => r.variant === variant && r.id.startsWith('start') && same(r.options, options));
  return row ? Array.from({ length: n }, (_, i) => row.depths[String(i + 1)]!) : null;
}

describe('the print-only drivers (test/reference/*.gen.ts)', () => {
  it("hong-kong.gen.ts prints a line per start (4 games, 7 giant starts, 3 stall limits), the tables' counts where they have the start", async () => {
    const out = await runDriver('./hong-kong.gen.ts', { HONG_KONG_GEN_DEPTH: '2' });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(4 + 7 + 3);
    let compared = 0;
    for (const line of lines) {
      const m = /^(\S+) \[(.*)\] perft\(1\.\.2\): (\d+) (\d+)$/.exec(line);
      expect(m, line).not.toBeNull();
      const options = m![2] === 'default' ? {} : Object.fromEntries(m![2]!.split(',').map((kv) => kv.split('=')));
      const want = tableCounts(m![1]!, options, 2);
      if (want) {
        expect([line, Number(m![3]), Number(m![4])]).toEqual([line, ...want]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it("hunt-solver.gen.ts prints a value per giant start and stall limit (8 x 2 with stall limit 1 and no reduced starts), with docs/solving.md's start texts", async () => {
    const out = await runDriver('./hunt-solver.gen.ts', {
      HUNT_SOLVER_GEN_STALL_MAX: '1',
      HUNT_SOLVER_GEN_REDUCED: '0',
    });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(8 * 2);
    for (const line of lines) {
      expect(line).toMatch(
        /^catch-the-giant \[giant-start=[a-c][1-5],stall-limit=(off|1)\] [^:]+: (win|loss|draw) \d+; \d+ positions; longest win (none|\d+: .+)$/,
      );
    }
    // docs/notation.md, the start table: without and with a stall limit
    expect(lines).toContainEqual(
      expect.stringMatching(/^catch-the-giant \[giant-start=b3,stall-limit=off\] 1\/3\/1G1\/D1D\/D G - -: /),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^catch-the-giant \[giant-start=b3,stall-limit=1\] 1\/3\/1G1\/D1D\/D G - - -: /),
    );
  });

  it("tibetan.gen.ts prints a line per start of the three boards, the tables' counts where they have the start", async () => {
    const out = await runDriver('./tibetan.gen.ts', { TIBETAN_GEN_DEPTH: '2', TIBETAN4_GEN_DEPTH: '1' });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(24 + 2 + 8 + 2 + 8);
    let compared = 0;
    for (const line of lines) {
      const m = /^(tibetan-[124]) (.*): ([\d ]+)$/.exec(line);
      expect(m, line).not.toBeNull();
      const figures = m![3]!.split(' ').map(Number);
      const options = Object.fromEntries(m![2]!.split(' ').map((kv) => kv.split('=')));
      const want = tableCounts(m![1]!, options, figures.length);
      if (want) {
        expect([line, ...figures]).toEqual([line, ...want]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(4);
  });

  it("tabal.gen.ts TABAL_GEN_SURVEY=1 prints the survey of every option set, the tables' counts where they have the start", async () => {
    const out = await runDriver('./tabal.gen.ts', { TABAL_GEN_SURVEY: '1', TABAL_GEN_TARGET: '50' });
    const { survey, divide2 } = JSON.parse(out) as {
      survey: Array<{ options: Record<string, string | number>; depths: Record<string, number>; stop: string }>;
      divide2: { total: number; divide: Record<string, number> };
    };
    expect(survey).toHaveLength(10);
    let compared = 0;
    for (const row of survey) {
      expect(row.stop, JSON.stringify(row.options)).toMatch(/^(reached >= 50 leaves|no leaves at depth \d)/); // move-limit=1 ends at depth 2
      const figures = Object.values(row.depths);
      const want = tableCounts('permainan-tabal', row.options, figures.length);
      if (want) {
        expect([row.options, ...figures]).toEqual([row.options, ...want]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(6);
    expect(Object.values(divide2.divide).reduce((a, b) => a + b, 0)).toBe(divide2.total);
    expect(divide2.total).toBe(tableCounts('permainan-tabal', {}, 2)![1]);
  });
});

describe('the drivers refuse a bad setting, naming it', () => {
  it.each([
    ['./hong-kong.gen.ts', { HONG_KONG_GEN_DEPTH: 'abc' }, /HONG_KONG_GEN_DEPTH must be a positive integer, got "abc"/],
    [
      './hunt-solver.gen.ts',
      { HUNT_SOLVER_GEN_STALL_MAX: '0' },
      /HUNT_SOLVER_GEN_STALL_MAX must be a positive integer, got "0"/,
    ],
    ['./hunt-solver.gen.ts', { HUNT_SOLVER_GEN_REDUCED: 'no' }, /HUNT_SOLVER_GEN_REDUCED must be 0 or 1, got "no"/],
    ['./tibetan.gen.ts', { TIBETAN_GEN_DEPTH: '0' }, /TIBETAN_GEN_DEPTH must be a positive integer, got "0"/],
    ['./tibetan.gen.ts', { TIBETAN4_GEN_DEPTH: '-1' }, /TIBETAN4_GEN_DEPTH must be a positive integer, got "-1"/],
    ['./tabal.gen.ts', { TABAL_GEN_SURVEY: 'yes' }, /TABAL_GEN_SURVEY must be 1 or deep, got "yes"/],
    [
      './tabal.gen.ts',
      { TABAL_GEN_SURVEY: '1', TABAL_GEN_TARGET: '1e6' },
      /TABAL_GEN_TARGET must be a positive integer, got "1e6"/,
    ],
  ] as Array<[string, Record<string, string>, RegExp]>)('%s with %o', async (module, env, message) => {
    await expect(runDriver(module, env)).rejects.toThrow(message);
  });
});
