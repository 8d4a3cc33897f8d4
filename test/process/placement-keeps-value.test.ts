// bench/placement-keeps-value.js refuses what it cannot measure with exit 2 and a message naming it (issue 36):
// no --tb, a directory without the placement layers, a bad option. The measurement itself needs the 17 GB
// whole-game solution and is not run here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../bench/placement-keeps-value.js', import.meta.url));
const empty = mkdtempSync(join(tmpdir(), 'placement-keeps-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** Runs the script with `args`: its exit code and stderr. */
function run(...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, err: r.stderr };
}

it('refuses a run without the whole-game solution, or with bad options, with exit 2', () => {
  expect(run()).toMatchObject({ code: 2, err: expect.stringContaining('--tb DIR is required') });
  expect(run('--tb', empty)).toMatchObject({ code: 2, err: expect.stringContaining('holds no placement layers') });
  expect(run('--tb', empty, '--n', '0')).toMatchObject({ code: 2, err: expect.stringContaining('--n must be') });
});
