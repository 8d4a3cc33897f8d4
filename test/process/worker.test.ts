// The engine in a worker thread: same answers and same errors as in-process, progress while it searches,
// a stop that ends a long search early, a terminate() that settles every call, and a port that survives
// malformed messages (the compiled worker from `npm run build` is used).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ArgumentError,
  EngineWorker,
  Game,
  IllegalMoveError,
  LatticeError,
  OptionError,
  ParseError,
  TablebaseError,
  UnknownVariantError,
  createGame,
  type AnyGame,
  type EngineApi,
} from '../../src/index.js';
import { locateCompiled } from '../../src/platform/locate.js';
import { nodeEndpoint } from '../../src/platform/node-endpoint.js';
import { STOP_SLOTS } from '../../src/worker/protocol.js';

describe('EngineWorker (Node worker_threads)', () => {
  const workers: EngineWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.terminate()));
  });

  it('answers like an in-process game', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    const g = await Game.create('bagh-chal');
    expect(await w.legalMoves()).toEqual(g.legalMoves());
    expect(await w.perft(4)).toBe(68204);
    await w.play('c3');
    g.play('c3');
    expect(await w.position()).toBe(g.position());
    expect(await w.undo()).toBe('c3');
  });

  it('reports progress and stops a long search on request', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    const depths: number[] = [];
    const t0 = performance.now();
    const pending = w.search({
      movetime: 120_000,
      onIteration: (i) => {
        depths.push(i.depth);
      },
    });
    setTimeout(() => w.stop(), 300);
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(await w.legalMoves()).toContain(r.bestmove);
    expect(depths.length).toBeGreaterThan(0);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    // the next search is not stopped by the old flag
    const r2 = await w.search({ depth: 3 });
    expect(r2.depth).toBe(3);
  });

  it('search(); stop(); search() in quick succession (a GUI after each move): the first stops at once, the second runs (issue 18)', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      const first = w.search({ movetime: 60_000 });
      w.stop();
      const second = w.search({ depth: 4 });
      const r1 = await first;
      const stopped = performance.now() - t0;
      // a lost stop ran the whole 60 s; a kept one returns after depth 1 (the first iteration always completes)
      expect(stopped, `round ${round}: the first search returned after ${Math.round(stopped)} ms`).toBeLessThan(5_000);
      expect(r1.bestmove).toBeTruthy();
      const r2 = await second;
      expect(r2.depth).toBe(4);
    }
    // a stop() while a search waits behind another call reaches it too (and the perft running: issue 19)
    const busy = w.perft(5).catch((e: unknown) => e);
    const queued = w.search({ movetime: 60_000 });
    w.stop();
    const t0 = performance.now();
    expect(await busy).toSatisfy(
      (r: unknown) => r === 1_304_788 || (r instanceof LatticeError && r.code === 'stopped'),
    );
    expect((await queued).depth).toBeGreaterThanOrEqual(1);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('search() gives move and line as values, as in-process; play(move) plays the value (issue 33)', async () => {
    for (const [variant, depth] of [
      ['bagh-chal', 5],
      ['tibetan-1', 4],
      ['maka-dai-dai', 1],
    ] as const) {
      const w = await EngineWorker.start({ variant });
      workers.push(w);
      const g = await createGame(variant);
      for (let ply = 0; ply < (variant === 'maka-dai-dai' ? 1 : 4); ply++) {
        // a depth-limited search on a fresh table is deterministic: the worker's result is the in-process one
        const r = await w.search({ depth });
        const here = g.search({ depth });
        expect({ ...r, ms: 0 }, `${variant} ply ${ply}`).toEqual({ ...here, ms: 0 });
        expect(r.bestmove).toBe(r.move!.text);
        expect(r.line.map((v) => v.text)).toEqual(r.pv);
        expect(await w.moves()).toContainEqual(r.move);
        await w.play(r.move!);
        g.play(r.move!);
        expect(await w.position()).toBe(g.position());
      }
      g.dispose();
    }
  });

  it('rejects bad input with the error message', async () => {
    await expect(EngineWorker.start({ variant: 'no-such-game' })).rejects.toThrow(/unknown variant "no-such-game"/);
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    workers.push(w);
    await expect(w.play('a1-a2')).rejects.toThrow(/illegal move/);
    await expect(w.setPosition('T3T/5/5/5/T3T X G20 -')).rejects.toThrow(/column 15/);
  });
});

describe('EngineWorker with Maka Dai Dai Shogi', () => {
  it('answers, reports progress and stops on request', async () => {
    const w = await EngineWorker.start({ variant: 'maka-dai-dai' });
    try {
      expect(await w.legalMoves()).toHaveLength(80);
      expect(await w.perft(2)).toBe(6400);
      const depths: number[] = [];
      const t0 = performance.now();
      const pending = w.search({
        movetime: 120_000,
        onIteration: (i) => {
          depths.push(i.depth);
        },
      });
      setTimeout(() => w.stop(), 1500);
      const r = await pending;
      expect(performance.now() - t0).toBeLessThan(30_000);
      expect(await w.legalMoves()).toContain(r.bestmove);
      expect(depths.length).toBeGreaterThan(0);
    } finally {
      await w.terminate();
    }
  });
});

// What a caller gets back from an error: its class, code, message and ParseError's column.
function shape(err: unknown) {
  const e = err as LatticeError & { column?: number };
  return {
    class: e?.constructor?.name,
    code: e?.code,
    message: e?.message,
    column: e?.column,
    lattice: e instanceof LatticeError,
  };
}
async function thrownBy(f: () => unknown): Promise<ReturnType<typeof shape> | 'no error'> {
  try {
    await f();
    return 'no error';
  } catch (e) {
    return shape(e);
  }
}

describe('EngineWorker shows the board and the side to move as the game does (lattice play drives the worker alone)', () => {
  it('boardText(labels) and moverName() answer as in-process, and a bad label kind is the same error', async () => {
    for (const [variant, labels] of [
      ['bagh-chal', undefined],
      ['maka-dai-dai', 'kanji'],
      ['maka-dai-dai', 'codes'],
    ] as const) {
      const w = await EngineWorker.start({ variant });
      try {
        const g = await createGame(variant);
        expect(await w.boardText(labels)).toBe(g.boardText(labels));
        expect(await w.moverName()).toBe(g.moverName());
        const first = g.legalMoves()[0]!;
        g.play(first);
        await w.play(first);
        expect(await w.boardText(labels)).toBe(g.boardText(labels));
        expect(await w.moverName()).toBe(g.moverName());
        expect(await thrownBy(() => w.boardText('nonsense'))).toEqual(await thrownBy(() => g.boardText('nonsense')));
      } finally {
        await w.terminate();
      }
    }
  });
});

describe('EngineWorker errors are the in-process errors', () => {
  it.each([
    ['no argument', undefined, ArgumentError],
    ['null', null, ArgumentError],
    ['a string', 'bagh-chal', ArgumentError],
    ['no variant', {}, ArgumentError],
    ['a variant that is not a string', { variant: 7 }, ArgumentError],
    ['an unknown variant', { variant: 'chess' }, UnknownVariantError],
    ['an unknown option', { variant: 'bagh-chal', options: { 'captures-to-wn': 5 } }, OptionError],
    ['a bad option value', { variant: 'bagh-chal', options: { repetition: 'sometimes' } }, OptionError],
    ['options not an object', { variant: 'bagh-chal', options: 5 }, ArgumentError],
    ['options an array', { variant: 'bagh-chal', options: [] }, ArgumentError],
    ['a position that is not a string', { variant: 'bagh-chal', position: 5 }, ArgumentError],
    ['a bad hash size', { variant: 'bagh-chal', hashMb: 'big' }, ArgumentError],
    ['an unknown key', { variant: 'bagh-chal', hashMB: 4 }, ArgumentError],
    ['a tablebase for Maka', { variant: 'maka-dai-dai', tbDir: '/tmp' }, OptionError],
    ['a bad Maka option', { variant: 'maka-dai-dai', options: { 'lion-dog': 'cat' } }, OptionError],
    [
      'a position that does not parse (found in the worker)',
      { variant: 'bagh-chal', position: 'T3T/5/5/5/T3T X G20 -' },
      ParseError,
    ],
    [
      'a missing tablebase directory (found in the worker)',
      { variant: 'bagh-chal', tbDir: '/nonexistent-lattice-tb' },
      TablebaseError,
    ],
  ])('start() with %s rejects with the error createGame throws', async (_label, opts, cls) => {
    const inWorker = await thrownBy(() => EngineWorker.start(opts as never));
    expect(inWorker).toMatchObject({ class: cls.name, lattice: true });
    if (opts !== null && typeof opts === 'object') {
      const { variant, ...rest } = opts as { variant: string };
      expect(inWorker).toEqual(await thrownBy(() => createGame(variant, rest as never)));
    }
  });

  // each bad call is made on an in-process game and on a worker in the same state: same class, code, message
  const badCalls: Array<[string, (g: AnyGame | EngineWorker) => unknown]> = [
    ['play(3)', (g) => g.play(3 as never)],
    ['play of an illegal move', (g) => g.play('a1-a2')],
    ['play of text that is no move', (g) => g.play('z9')],
    ['setPosition(5)', (g) => g.setPosition(5 as never)],
    ['setPosition of a bad position', (g) => g.setPosition('T3T/5/5/5/T3T X G20 -')],
    ['undo with no move', (g) => g.undo()],
    ["perft('x')", (g) => g.perft('x' as never)],
    ['perft(-1)', (g) => g.perft(-1)],
    ['divide(0)', (g) => g.divide(0)],
    ['search(null)', (g) => g.search(null as never)],
    ['search({ onIteration: 5 })', (g) => g.search({ onIteration: 5 } as never)],
    ['search({ depth: 0 })', (g) => g.search({ depth: 0 })],
    ['search([])', (g) => g.search([] as never)],
    ["search({ movetime: 'soon' })", (g) => g.search({ movetime: 'soon' } as never)],
    ['search({ nodes: 1.5 })', (g) => g.search({ nodes: 1.5 })],
    ['perft(2, { movetime: 0 })', (g) => g.perft(2, { movetime: 0 })],
    ['perft(2, 5)', (g) => g.perft(2, 5 as never)],
    ['perft(2, { onProgress: 5 })', (g) => g.perft(2, { onProgress: 5 } as never)],
    ['divide(2, { nodes: 1 })', (g) => g.divide(2, { nodes: 1 } as never)],
    ['divide(2, [])', (g) => g.divide(2, [] as never)],
  ];
  it('a TablebaseError arrives as a TablebaseError (instanceof, code, message)', async () => {
    const err = await EngineWorker.start({ variant: 'bagh-chal', tbDir: '/nonexistent-lattice-tb' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TablebaseError);
    expect(err).toBeInstanceOf(LatticeError);
    expect(err).toMatchObject({
      name: 'TablebaseError',
      code: 'tablebase',
      message: expect.stringMatching(/nonexistent-lattice-tb/),
    });
  });

  it.each(['bagh-chal', 'maka-dai-dai'])('bad calls to %s reject as in-process', async (variant) => {
    const g = await createGame(variant);
    const w = await EngineWorker.start({ variant });
    try {
      for (const [label, call] of badCalls) {
        const local = await thrownBy(() => call(g));
        expect(local, label).not.toBe('no error');
        expect(await thrownBy(() => call(w)), label).toEqual(local);
      }
      // a ParseError keeps its fields
      const err = await w.setPosition(variant === 'bagh-chal' ? 'T3T/5/5/5/T3T X G20 -' : 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).column).toBeGreaterThan(0);
      expect((err as ParseError).input).toEqual(expect.any(String));
      // the worker still answers after all that
      expect(await w.legalMoves()).toEqual(g.legalMoves());
    } finally {
      await w.terminate();
    }
  });

  it("a perft stopped by its limits rejects with code 'stopped', as in-process", async () => {
    const g = await Game.create('bagh-chal');
    const local = await thrownBy(() => g.perft(14, { movetime: 20 }));
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    try {
      const remote = await thrownBy(() => w.perft(14, { movetime: 20 }));
      expect(remote).toMatchObject({ class: 'LatticeError', code: 'stopped', lattice: true });
      expect(remote).toMatchObject({
        class: (local as { class: string }).class,
        code: (local as { code: string }).code,
      });
    } finally {
      await w.terminate();
    }
  });

  it('an argument that cannot cross to the worker rejects with ArgumentError', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    try {
      await expect(w.search({ depth: Symbol('deep') } as never)).rejects.toBeInstanceOf(ArgumentError);
      expect(await w.search({ depth: 2 })).toMatchObject({ depth: 2 });
    } finally {
      await w.terminate();
    }
  });

  it('an exception thrown by onIteration stops the search and rejects it with that exception', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    try {
      const boom = new RangeError('boom');
      await expect(
        w.search({
          depth: 40,
          onIteration: (i) => {
            if (i.depth === 2) throw boom;
          },
        }),
      ).rejects.toBe(boom);
      expect(await w.search({ depth: 3 })).toMatchObject({ depth: 3 });
    } finally {
      await w.terminate();
    }
  });
});

describe('EngineWorker.search refuses a stop flag of its own', () => {
  it('rejects { stop } with ArgumentError pointing to stop(), in the client and in the worker', async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    try {
      // the worker searches with its own shared flag: a caller's flag would never stop it
      const err = await w
        .search({ depth: 40, stop: new Int32Array(new SharedArrayBuffer(4)) } as never)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ArgumentError);
      expect((err as Error).message).toMatch(/EngineWorker\.stop\(\)/);
      // an undefined stop is no flag, as in-process (issue 35)
      expect(await w.search({ depth: 2, stop: undefined } as never)).toMatchObject({ depth: 2 });
      expect(await w.search({ depth: 2 })).toMatchObject({ depth: 2 });
    } finally {
      await w.terminate();
    }
    // a raw comlink caller of the worker port is refused the same way
    const url = await locateCompiled('./engine-worker.js', new URL('../../src/worker/client.ts', import.meta.url).href);
    const raw = new Worker(url);
    try {
      await new Promise<void>((res) => {
        const h = (d: { latticeEngineReady?: boolean }) => {
          if (d?.latticeEngineReady) {
            raw.off('message', h);
            res();
          }
        };
        raw.on('message', h);
      });
      const remote = Comlink.wrap<EngineApi>(await nodeEndpoint(raw));
      await remote.create('bagh-chal', {}, new Int32Array(new SharedArrayBuffer(4 * STOP_SLOTS)));
      const inWorker = await remote
        .search({ depth: 40, stop: new Int32Array(new SharedArrayBuffer(4)) } as never)
        .catch((e: unknown) => e);
      expect(inWorker).toBeInstanceOf(ArgumentError);
      expect((inWorker as Error).message).toMatch(/EngineWorker\.stop\(\)/);
    } finally {
      await raw.terminate();
    }
  });
});

describe('EngineWorker.terminate()', () => {
  it("settles pending calls and refuses later ones with LatticeError 'terminated'; twice is harmless", async () => {
    const w = await EngineWorker.start({ variant: 'bagh-chal' });
    let searchRuns = () => {};
    const running = new Promise<void>((res) => {
      searchRuns = res;
    });
    const searching = w.search({ movetime: 120_000, onIteration: () => searchRuns() });
    const queued = w.perft(5); // waits in the worker's queue behind the search
    await running;
    const first = w.terminate();
    const second = w.terminate();
    for (const pending of [searching, queued]) {
      const err = await pending.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LatticeError);
      expect(err).toMatchObject({ code: 'terminated' });
    }
    await Promise.all([first, second]);
    for (const later of [
      () => w.legalMoves(),
      () => w.search({ depth: 2 }),
      () => w.play('c3'),
      () => w.terminate().then(() => w.position()),
    ]) {
      const err = await later().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LatticeError);
      expect(err).toMatchObject({ code: 'terminated', message: expect.stringMatching(/terminated/) });
      expect(String((err as Error).message)).not.toMatch(/Proxy has been released/);
    }
    w.stop(); // harmless too
  });

  it('a failed start() and a terminated worker leave nothing that keeps Node running', async () => {
    // a child process makes the bad calls and a terminate with a call pending, then must exit on its own
    const index = pathToFileURL(fileURLToPath(new URL('../../dist/src/index.js', import.meta.url))).href;
    const script = `
      const { EngineWorker } = await import(${JSON.stringify(index)});
      const out = [];
      const note = (e) => out.push(e.name + ':' + e.code);
      for (const opts of [undefined, null, 42, {}, { variant: 'chess' }, { variant: 'bagh-chal', options: { x: 1 } },
                          { variant: 'bagh-chal', position: 'not a position' }, { variant: 'maka-dai-dai', position: 'x' }]) {
        await EngineWorker.start(opts).then(() => out.push('started'), note);
      }
      const w = await EngineWorker.start({ variant: 'bagh-chal' });
      let runs;
      const running = new Promise((res) => { runs = res; });
      const pending = w.search({ movetime: 600000, onIteration: () => runs() }).catch(note);
      await running;
      await w.terminate();
      await pending;
      console.log(JSON.stringify(out));`;
    const dir = mkdtempSync(join(tmpdir(), 'lattice-worker-'));
    const file = join(dir, 'exit.mjs');
    writeFileSync(file, script);
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(r.error, 'the child process did not exit by itself').toBeUndefined();
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      'ArgumentError:argument',
      'ArgumentError:argument',
      'ArgumentError:argument',
      'ArgumentError:argument',
      'UnknownVariantError:unknown-variant',
      'OptionError:option',
      'ParseError:parse',
      'ParseError:parse',
      'LatticeError:terminated',
    ]);
  });
});

describe('the engine worker port refuses malformed messages', () => {
  it('answers each with an error (when it has an id) and keeps serving real calls', async () => {
    const url = await locateCompiled('./engine-worker.js', new URL('../../src/worker/client.ts', import.meta.url).href);
    const w = new Worker(url);
    const died: unknown[] = [];
    w.on('error', (e) => died.push(e));
    w.on('exit', (code) => died.push(`exit ${code}`));
    try {
      await new Promise<void>((res) => {
        const h = (d: { latticeEngineReady?: boolean }) => {
          if (d?.latticeEngineReady) {
            w.off('message', h);
            res();
          }
        };
        w.on('message', h);
      });
      const ask = (msg: { id: string }) =>
        new Promise<Record<string, unknown>>((res) => {
          const h = (d: { id?: string }) => {
            if (d?.id === msg.id) {
              w.off('message', h);
              res(d as Record<string, unknown>);
            }
          };
          w.on('message', h);
          w.postMessage(msg);
        });
      // no id: nothing to answer, and nothing breaks
      for (const m of [
        42,
        null,
        'hello',
        [],
        { type: 'APPLY', path: 5 },
        { type: 'APPLY', path: ['perft'], argumentList: 5 },
      ])
        w.postMessage(m);
      const { port1, port2 } = new MessageChannel();
      const malformed = [
        { id: 'm1', type: 'APPLY', path: 5 },
        { id: 'm2', type: 'NOPE' },
        { id: 'm3', type: 'APPLY', path: ['create'], argumentList: 5 },
        { id: 'm4', type: 'APPLY', path: ['constructor'], argumentList: [] },
        { id: 'm5', type: 'APPLY', path: ['perft'], argumentList: [{ type: 'HANDLER', name: 'nope', value: 1 }] },
        { id: 'm6', type: 'APPLY', path: ['perft'], argumentList: [{ type: 'HANDLER', name: 'proxy', value: 5 }] },
        { id: 'm7', type: 'SET', path: ['perft'], value: { type: 'RAW', value: 1 } },
        { id: 'm8', type: 'GET', path: ['perft'] },
        { id: 'm9', type: 'APPLY', path: ['perft', 'call'], argumentList: [] },
        { id: 'm10', type: 'ENDPOINT' },
      ];
      for (const m of malformed) {
        const reply = await ask(m);
        expect(reply, m.id).toMatchObject({
          id: m.id,
          type: 'HANDLER',
          name: 'throw',
          value: { latticeError: { name: 'LatticeError', props: { code: 'protocol' } } },
        });
        expect((reply.value as { latticeError: { message: string } }).latticeError.message, m.id).toMatch(
          /^malformed message to the engine worker: /,
        );
      }
      // a RELEASE is answered but does not detach the API
      expect(await ask({ id: 'r1', type: 'RELEASE' } as never)).toMatchObject({ id: 'r1', type: 'RAW' });
      port1.close();
      port2.close();
      // real calls still work, through comlink as EngineWorker makes them
      const remote = Comlink.wrap<EngineApi>(await nodeEndpoint(w));
      const g = await Game.create('bagh-chal');
      await remote.create('bagh-chal', {}, new Int32Array(new SharedArrayBuffer(4 * STOP_SLOTS)));
      expect(await remote.legalMoves()).toEqual(g.legalMoves());
      expect(await remote.perft(3)).toBe(g.perft(3));
      await expect(remote.play('a1-a2')).rejects.toBeInstanceOf(IllegalMoveError);
      expect(died).toEqual([]);
    } finally {
      await w.terminate();
    }
  });
});

describe('EngineWorker perft and divide: progress on this thread and stop(), as search (issue 19)', () => {
  it.each([
    ['bagh-chal', 4, 14],
    ['maka-dai-dai', 2, 6],
  ] as const)(
    '%s: onProgress gets every root move before the promise resolves; stop() ends a long run',
    async (variant, depth, deep) => {
      const g = await createGame(variant);
      const w = await EngineWorker.start({ variant });
      try {
        const seen: Array<{ done: number; total: number; move: string; nodes: number }> = [];
        const n = await w.perft(depth, {
          onProgress: (p) => {
            seen.push(p);
          },
        });
        expect(n).toBe(g.perft(depth));
        expect(seen.map((p) => p.done)).toEqual(g.legalMoves().map((_, i) => i + 1));
        expect(seen.reduce((a, p) => a + p.nodes, 0)).toBe(n);
        const shown: string[] = [];
        const d = await w.divide(depth, {
          onProgress: (p) => {
            shown.push(p.move);
          },
        });
        expect(d).toEqual(g.divide(depth));
        expect(shown.sort()).toEqual(Object.keys(d).sort());

        // stop() ends a running perft, and (a run queued behind a search) one before it starts
        const t0 = performance.now();
        const running = w.perft(deep, { onProgress: () => {} }).catch((e: unknown) => e);
        setTimeout(() => w.stop(), 200);
        expect(await running).toMatchObject({
          code: 'stopped',
          message: expect.stringMatching(/^perft \d+ stopped after \d+ ms/),
        });
        const search = w.search({ movetime: 60_000 });
        const queued = w.divide(deep).catch((e: unknown) => e);
        w.stop();
        expect(await search).toMatchObject({ bestmove: expect.any(String) });
        expect(await queued).toBeInstanceOf(LatticeError);
        expect(await queued).toMatchObject({ code: 'stopped' });
        expect(performance.now() - t0).toBeLessThan(60_000);
        // a run asked for after stop() runs, and the position is the same
        expect(await w.perft(2)).toBe(g.perft(2));
        expect(await w.position()).toBe(g.position());

        // an exception thrown by onProgress stops the run and rejects it with that exception
        const boom = new RangeError('boom');
        await expect(
          w.perft(depth + 2, {
            onProgress: () => {
              throw boom;
            },
          }),
        ).rejects.toBe(boom);
        expect(await w.divide(1)).toEqual(g.divide(1));
        // the caller's own flag is refused, pointing to stop()
        for (const call of [
          () => w.perft(2, { stop: new Int32Array(new SharedArrayBuffer(4)) } as never),
          () => w.divide(2, { stop: new Int32Array(1) } as never),
        ]) {
          const e = await call().catch((x: unknown) => x);
          expect(e).toBeInstanceOf(ArgumentError);
          expect((e as Error).message).toMatch(/takes no stop flag in its limits: call EngineWorker\.stop\(\)/);
        }
      } finally {
        await w.terminate();
      }
    },
    120_000,
  );
});

describe("the engine worker port checks each method's arguments (issue 19)", () => {
  it('refuses a create with the wrong arity or stop flags, and later searches work', async () => {
    const url = await locateCompiled('./engine-worker.js', new URL('../../src/worker/client.ts', import.meta.url).href);
    const w = new Worker(url);
    try {
      await new Promise<void>((res) => {
        const h = (d: { latticeEngineReady?: boolean }) => {
          if (d?.latticeEngineReady) {
            w.off('message', h);
            res();
          }
        };
        w.on('message', h);
      });
      const ask = (msg: { id: string }) =>
        new Promise<Record<string, unknown>>((res) => {
          const h = (d: { id?: string }) => {
            if (d?.id === msg.id) {
              w.off('message', h);
              res(d as Record<string, unknown>);
            }
          };
          w.on('message', h);
          w.postMessage(msg);
        });
      const raw = (value: unknown) => ({ type: 'RAW', value });
      const flags = new Int32Array(new SharedArrayBuffer(4 * STOP_SLOTS));
      const refusals: Array<[string, unknown[], RegExp]> = [
        [
          'create',
          [raw('bagh-chal'), raw({}), raw(flags), raw(1)],
          /create takes 3 arguments, create\(variant, options, stop flags\); got 4/,
        ],
        ['create', [raw('bagh-chal'), raw({})], /create takes 3 arguments.*got 2/],
        [
          'create',
          [raw('bagh-chal'), raw({}), raw('x')],
          /stop flags of create\(variant, options, stop flags\): expected the stop flags: an Int32Array of 256/,
        ],
        ['create', [raw('bagh-chal'), raw({}), raw(new Int32Array(4))], /expected the stop flags/],
        ['position', [raw(1)], /position takes no arguments, position\(\); got 1/],
        ['setPosition', [], /setPosition takes 1 argument, setPosition\(position\); got 0/],
        [
          'perft',
          [raw(2), raw({}), raw(undefined), raw(0), raw(0)],
          /perft takes 1 to 4 arguments, perft\(depth, limits\?, onProgress\?, stop slot\?\); got 5/,
        ],
        ['perft', [raw(2), raw({}), raw(5)], /onProgress of perft.*expected a function/],
        [
          'search',
          [raw({}), raw(undefined), raw(STOP_SLOTS)],
          /stop slot of search.*expected a stop slot, an integer 0\.\.255/,
        ],
        ['search', [raw({}), raw(undefined), raw(1.5)], /stop slot/],
        ['divide', [], /divide takes 1 to 4 arguments/],
      ];
      let i = 0;
      for (const [method, argumentList, message] of refusals) {
        const reply = await ask({ id: `a${i++}`, type: 'APPLY', path: [method], argumentList } as never);
        const err = (reply.value as { latticeError?: { message: string; props: { code: string } } }).latticeError;
        expect(err?.props.code, `${method} ${JSON.stringify(argumentList.length)}`).toBe('protocol');
        expect(err?.message, method).toMatch(message);
      }
      // nothing was created by the refused calls; a proper create then searches
      const remote = Comlink.wrap<EngineApi>(await nodeEndpoint(w));
      await expect(remote.legalMoves()).rejects.toThrow(/no game in this worker/);
      await remote.create('bagh-chal', {}, flags);
      expect(await remote.search({ depth: 2 }, undefined, 3)).toMatchObject({ depth: 2 });
      expect(await remote.perft(3, {}, undefined, 4)).toBe((await Game.create('bagh-chal')).perft(3));
    } finally {
      await w.terminate();
    }
  });
});
