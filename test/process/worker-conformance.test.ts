// The conformance suite (test/support/conformance.ts) in Node: every case on the in-process game and on one
// EngineWorker per variant gives the same outcome (values, errors of the same class, code, message and fields);
// the same suite runs in Chromium from test/browser/conformance.spec.ts. The workers start together, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const engines = new Map<string, { here: Engine; there: Engine }>();
  beforeAll(async () => {
    await Promise.all(
      VARIANTS.map(async (v) => {
        const [here, there] = await Promise.all([inProcess(lib)(v.id, v.opts), inWorker(lib)(v.id, v.opts)]);
        engines.set(v.id, { here, there });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([...engines.values()].flatMap((e) => [e.here.close(), e.there.close()]));
  });

  for (const v of VARIANTS) {
    it(`${v.id}: every method and argument`, async () => {
      const { here, there } = engines.get(v.id)!;
      const list = cases(await withMove(here, v));
      const a = await runCases(lib, here, list);
      const b = await runCases(lib, there, list);
      expect(Object.keys(a).length).toBe(list.length);
      expect(compare(a, b)).toEqual([]);
    });
  }

  it('the worker alone: a stop flag in the limits refused, an async callback that rejects rejects the run', async () => {
    const { there } = engines.get(VARIANTS[0]!.id)!;
    const out = await runCases(lib, there, WORKER_ONLY);
    expect(checkWorkerOnly(out, (await there.perft(1)) as number)).toEqual([]);
  });

  it('creation with bad arguments', async () => {
    const a = await runCreateCases(lib, inProcess(lib));
    const b = await runCreateCases(lib, inWorker(lib));
    expect(compare(a, b)).toEqual([]);
  });
});
