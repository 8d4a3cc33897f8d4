// The conformance suite (test/support/conformance.ts) in Node: every case on the in-process game and on one
// EngineWorker per variant gives the same outcome (values, errors of the same class, code, message and fields);
// the same suite runs in Chromium from test/browser/conformance.spec.ts.
import { afterAll, describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';
import {
  VARIANTS,
  WORKER_ONLY,
  cases,
  checkWorkerOnly,
  compare,
  inProcess,
  inWorker,
  runCases,
  runCreateCases,
  withMove,
  type Engine,
} from '../support/conformance.js';

describe('EngineWorker behaves as the in-process game (issue 35)', () => {
  const open: Engine[] = [];
  afterAll(async () => {
    await Promise.all(open.map((e) => e.close()));
  });

  for (const v of VARIANTS) {
    it(`${v.id}: every method and argument`, async () => {
      const here = await inProcess(lib)(v.id, v.opts);
      const there = await inWorker(lib)(v.id, v.opts);
      open.push(here, there);
      const list = cases(await withMove(here, v));
      const a = await runCases(lib, here, list);
      const b = await runCases(lib, there, list);
      expect(Object.keys(a).length).toBe(list.length);
      expect(compare(a, b)).toEqual([]);
    });
  }

  it('the worker alone: a stop flag in the limits refused, an async callback that rejects rejects the run', async () => {
    const v = VARIANTS[0]!;
    const there = await inWorker(lib)(v.id, v.opts);
    open.push(there);
    const out = await runCases(lib, there, WORKER_ONLY);
    expect(checkWorkerOnly(out, (await there.perft(1)) as number)).toEqual([]);
  });

  it('creation with bad arguments', async () => {
    const a = await runCreateCases(lib, inProcess(lib));
    const b = await runCreateCases(lib, inWorker(lib));
    expect(compare(a, b)).toEqual([]);
  });
});
