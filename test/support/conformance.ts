// The conformance suite of the engine's API (issue 35, class 2): one list of cases run against the in-process
// game (createGame) and against EngineWorker, so that no method or argument behaves differently in a worker. Each
// case drives an engine (the async surface both share, Engine) and returns what it saw as plain data (results
// without their timings, errors as class, code, message and fields); the runner gives every case the start
// position and a time limit, and compare() lists where two runs differ.
//
// It imports nothing at run time: the library (src/index.ts in Node, dist/src/index.js in a page) is passed in,
// so the same file runs from test/process/worker-conformance.test.ts and in Chromium
// (test/browser/conformance.spec.ts, served by Vite, which compiles it for the page).
import type * as Library from '../../src/index.js';

/** What the suite needs of the library: the game factory, EngineWorker and the error classes. */
export type Lib = Pick<
  typeof Library,
  | 'createGame'
  | 'EngineWorker'
  | 'LatticeError'
  | 'ArgumentError'
  | 'ParseError'
  | 'PositionError'
  | 'IllegalMoveError'
  | 'UnknownVariantError'
  | 'OptionError'
>;

/** Any method, called with the caller's arguments. */
type AnyFn = (...args: unknown[]) => unknown;

/** The methods both engines offer, every one async here (in-process throws become rejections). */
export const METHODS = [
  'setPosition',
  'position',
  'legalMoves',
  'moves',
  'play',
  'undo',
  'result',
  'boardText',
  'moverName',
  'history',
  'describe',
  'perft',
  'divide',
  'search',
] as const;
export type Method = (typeof METHODS)[number];

/** An engine under test: each method takes the caller's arguments unchanged (their number too). */
export type Engine = { [M in Method]: (...args: unknown[]) => Promise<unknown> } & {
  /** Ends a run that outlived its case's time (EngineWorker.stop), if the engine can. */
  abort?(): void;
  close(): Promise<void>;
};

/** Creates an engine of `variant` with createGame's options (`opts` may be anything, for the bad-option cases). */
export type Factory = (variant: string, opts?: unknown) => Promise<Engine>;

/** The in-process game (createGame), its methods made async. */
export function inProcess(lib: Lib): Factory {
  return async (variant, opts) => {
    const g = await (lib.createGame as (v: string, ...o: unknown[]) => Promise<Record<Method, AnyFn>>)(
      variant,
      ...(opts === undefined ? [] : [opts]),
    );
    const e = { close: async () => (g as unknown as { dispose(): void }).dispose() } as Engine;
    for (const m of METHODS) e[m] = async (...args: unknown[]) => g[m].apply(g, args);
    return e;
  };
}

/** EngineWorker: `start({ variant, ...opts })`. */
export function inWorker(lib: Lib): Factory {
  return async (variant, opts) => {
    const o = opts !== null && typeof opts === 'object' && !Array.isArray(opts) ? opts : {};
    if (opts !== undefined && o !== opts) throw new TypeError('inWorker: options that are not an object');
    const w = await lib.EngineWorker.start({ variant, ...o });
    const e = { abort: () => w.stop(), close: () => w.terminate() } as Engine;
    for (const m of METHODS) e[m] = (...args: unknown[]) => (w[m] as AnyFn).apply(w, args);
    return e;
  };
}

/** Plain data for a value: search results without their times (`ms`), Moves as their toJSON(). */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Int32Array) return { Int32Array: [...v] };
  if (v !== null && typeof v === 'object') {
    // a Move keeps some fields in getters; what a caller can send or store of it is its toJSON()
    const json = (v as { toJSON?: () => unknown }).toJSON;
    if (typeof json === 'function') return plain(json.call(v));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'ms') out[k] = plain(x);
    return out;
  }
  return v === undefined ? { undefined: true } : v;
}

/**
 * What a caller sees of a thrown value: for an Error its name, whether its constructor is the library's class of
 * that name (a revived error must be the same class), code, message and own fields; otherwise its type and text.
 */
function thrown(lib: Lib, e: unknown): unknown {
  if (e instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) if (k !== 'stack') fields[k] = plain(v);
    // a run stopped by its movetime says how long it ran, which no two runs share
    const message = e.message.replace(/ after \d+ ms\b/, ' after (some) ms');
    const cls = (lib as unknown as Record<string, unknown>)[e.name];
    return {
      threw: e.name,
      libraryClass: typeof cls === 'function' ? e instanceof (cls as new () => Error) : 'none',
      lattice: e instanceof lib.LatticeError,
      message,
      fields,
    };
  }
  return { threw: typeof e, value: String(e) };
}

/** One case: runs on an engine at the variant's start position and returns what it saw (plain data). */
export interface Case {
  name: string;
  /** Only these variants (ids); all when left out. */
  only?: readonly string[];
  /** Longest run, ms (default CASE_MS). */
  ms?: number;
  run(e: Engine, see: (p: Promise<unknown> | (() => Promise<unknown>)) => Promise<unknown>): Promise<unknown>;
}

/** The default time a case may take (a hang is a failure, not a stuck suite). */
export const CASE_MS = 15_000;

/** A case that calls one method with `args` and sees its outcome. */
const call = (name: string, method: Method, args: unknown[], opts: Partial<Case> = {}): Case => ({
  name,
  ...opts,
  run: (e, see) => see(() => e[method](...args)),
});

/** A callback that records what it is given (times left out), for the progress cases. */
function recorder(): { fn: (x: unknown) => void; seen: unknown[] } {
  const seen: unknown[] = [];
  return { fn: (x) => void seen.push(plain(x)), seen };
}

/** The cases of one variant family: `moveText` a legal first move, `badPosition` a position that cannot parse. */
export function cases(v: {
  moveText: string;
  badPosition: string;
  illegal: string;
  labels: readonly string[];
  /** A finished game: a position, then the moves that end it. */
  over: readonly string[];
}): Case[] {
  const undefinedArg = [undefined];
  return [
    // reads, with nothing, undefined and extra arguments
    ...(['position', 'legalMoves', 'moves', 'result', 'moverName', 'history', 'describe'] as const).flatMap((m) => [
      call(`${m}()`, m, []),
      call(`${m}(undefined)`, m, undefinedArg),
      call(`${m}(1, 'x')`, m, [1, 'x']),
    ]),
    call('boardText()', 'boardText', []),
    call('boardText(undefined)', 'boardText', undefinedArg),
    ...v.labels.map((l) => call(`boardText(${l})`, 'boardText', [l])),
    call('boardText("nonsense")', 'boardText', ['nonsense']),
    call('boardText(5)', 'boardText', [5]),
    call('boardText(null)', 'boardText', [null]),
    call('boardText("")', 'boardText', ['']),
    call('describe(null)', 'describe', [null]),
    call('describe(5)', 'describe', [5]),
    call('describe("")', 'describe', ['']),
    call('describe(bad)', 'describe', [v.badPosition]),
    call('describe(Symbol())', 'describe', [Symbol('p')]),
    {
      name: 'history() and describe(position()) after a move',
      run: async (e, see) => {
        await e.play(v.moveText);
        const p = await e.position();
        return [await see(() => e.history()), await see(() => e.describe(p)), await see(() => e.describe())];
      },
    },
    // a finished game, and the state after refused calls
    {
      name: 'a finished game: result, legalMoves, search, perft, divide, play, undo',
      run: async (e, see) => {
        const [p, ...moves] = v.over;
        await e.setPosition(p);
        for (const m of moves) await e.play(m);
        return [
          await see(() => e.result()),
          await see(() => e.legalMoves()),
          await see(() => e.search({ depth: 2 })),
          await see(() => e.search()),
          await see(() => e.perft(2)),
          await see(() => e.divide(1)),
          await see(() => e.play(v.moveText)),
          await see(() => e.history()),
          await see(() => e.undo()),
        ];
      },
    },
    {
      name: 'refused play, perft and search leave the game as it was',
      run: async (e, see) => [
        await see(() => e.play(v.moveText)),
        await see(() => e.play(v.illegal)),
        await see(() => e.perft(2, { foo: 1 })),
        await see(() => e.search({ depth: 2, onIteration: 5 })),
        await see(() => e.position()),
        await see(() => e.history()),
        await see(() => e.undo()),
      ],
    },
    {
      name: 'search({ depth: 3, onIteration: async, reading the engine })',
      run: async (e, see) => {
        const seen: unknown[] = [];
        const r = await see(() =>
          e.search({
            depth: 3,
            onIteration: async () => {
              seen.push([await e.position(), await e.history()]);
            },
          }),
        );
        return [r, seen];
      },
    },
    // setPosition
    call('setPosition()', 'setPosition', []),
    call('setPosition(undefined)', 'setPosition', undefinedArg),
    call('setPosition(null)', 'setPosition', [null]),
    call('setPosition(5)', 'setPosition', [5]),
    call('setPosition("")', 'setPosition', ['']),
    call('setPosition(" ")', 'setPosition', [' ']),
    call('setPosition({})', 'setPosition', [{}]),
    call('setPosition(bad)', 'setPosition', [v.badPosition]),
    call('setPosition(very long)', 'setPosition', ['x'.repeat(5000)]),
    {
      name: 'setPosition(position()) round trip',
      run: async (e, see) => {
        await e.play(v.moveText);
        const p = await e.position();
        return [await see(() => e.setPosition(p)), await see(() => e.position()), await see(() => e.undo())];
      },
    },
    {
      name: 'setPosition(bad) leaves the position',
      run: async (e, see) => {
        await e.play(v.moveText);
        return [await see(() => e.setPosition(v.badPosition)), await see(() => e.position())];
      },
    },
    // play and undo
    call('play()', 'play', []),
    call('play(undefined)', 'play', undefinedArg),
    call('play(null)', 'play', [null]),
    call('play(5)', 'play', [5]),
    call('play("")', 'play', ['']),
    call('play("zz99")', 'play', ['zz99']),
    call('play(illegal)', 'play', [v.illegal]),
    call('play({})', 'play', [{}]),
    call('play([])', 'play', [[]]),
    call('play({ from: "a1" })', 'play', [{ from: 'a1' }]),
    call('play({ to: 5 })', 'play', [{ to: 5 }]),
    call('play(text)', 'play', [v.moveText]),
    {
      name: 'play(moves()[0]) and play(a value with an unknown key)',
      run: async (e, see) => {
        const mv = ((await e.moves()) as Record<string, unknown>[])[0]!;
        return [
          await see(() => e.play({ ...mv, bogus: 1 })),
          await see(() => e.play(mv)),
          await see(() => e.position()),
        ];
      },
    },
    call('undo() at the start', 'undo', []),
    {
      name: 'play, undo, undo',
      run: async (e, see) => [
        await see(() => e.play(v.moveText)),
        await see(() => e.undo()),
        await see(() => e.undo()),
        await see(() => e.position()),
      ],
    },
    // perft and divide
    ...(['perft', 'divide'] as const).flatMap((m) => [
      call(`${m}()`, m, []),
      call(`${m}(undefined)`, m, undefinedArg),
      call(`${m}(0)`, m, [0]),
      call(`${m}(1)`, m, [1]),
      call(`${m}(2)`, m, [2]),
      call(`${m}(-1)`, m, [-1]),
      call(`${m}(1.5)`, m, [1.5]),
      call(`${m}("2")`, m, ['2']),
      call(`${m}(NaN)`, m, [Number.NaN]),
      call(`${m}(21)`, m, [21]),
      call(`${m}(null)`, m, [null]),
      call(`${m}(2, undefined)`, m, [2, undefined]),
      call(`${m}(2, {})`, m, [2, {}]),
      call(`${m}(2, null)`, m, [2, null]),
      call(`${m}(2, 5)`, m, [2, 5]),
      call(`${m}(2, "x")`, m, [2, 'x']),
      call(`${m}(2, [])`, m, [2, []]),
      call(`${m}(2, { foo: 1 })`, m, [2, { foo: 1 }]),
      call(`${m}(2, { movetime: -1 })`, m, [2, { movetime: -1 }]),
      call(`${m}(2, { movetime: 0 })`, m, [2, { movetime: 0 }]),
      call(`${m}(2, { movetime: "5" })`, m, [2, { movetime: '5' }]),
      call(`${m}(2, { onProgress: 5 })`, m, [2, { onProgress: 5 }]),
      call(`${m}(2, { onProgress: undefined })`, m, [2, { onProgress: undefined }]),
      call(`${m}(2, { stop: 5 })`, m, [2, { stop: 5 }]),
      call(`${m}(2, { stop: undefined })`, m, [2, { stop: undefined }]),
      {
        name: `${m}(2, { onProgress }) reports every root move before it resolves`,
        run: async (e, see) => {
          const r = recorder();
          return [await see(() => e[m](2, { onProgress: r.fn })), r.seen];
        },
      },
      {
        name: `${m}(2, { onProgress: async }) that resolves`,
        run: async (e, see) => {
          const r = recorder();
          return [await see(() => e[m](2, { onProgress: async (p: unknown) => r.fn(p) })), r.seen];
        },
      },
      {
        name: `${m}(2, { onProgress }) that throws`,
        run: async (e, see) => [
          await see(() =>
            e[m](2, {
              onProgress: () => {
                throw new RangeError('progress refused');
              },
            }),
          ),
          await see(() => e.perft(1)),
        ],
      },
      {
        name: `${m}(2, { onProgress }) that throws a string`,
        run: async (e, see) => [
          await see(() =>
            e[m](2, {
              onProgress: () => {
                throw 'plain string';
              },
            }),
          ),
        ],
      },
    ]),
    // search
    call('search()', 'search', []),
    call('search(undefined)', 'search', undefinedArg),
    call('search({})', 'search', [{}]),
    call('search({ depth: undefined })', 'search', [{ depth: undefined }]),
    call('search({ nodes: 0, movetime: 0 })', 'search', [{ nodes: 0, movetime: 0 }]),
    call('search(null)', 'search', [null]),
    call('search(5)', 'search', [5]),
    call('search("x")', 'search', ['x']),
    call('search([])', 'search', [[]]),
    call('search({ depth: 1 })', 'search', [{ depth: 1 }]),
    call('search({ depth: 3 })', 'search', [{ depth: 3 }]),
    call('search({ depth: 0 })', 'search', [{ depth: 0 }]),
    call('search({ depth: 1.5 })', 'search', [{ depth: 1.5 }]),
    call('search({ depth: "3" })', 'search', [{ depth: '3' }]),
    call('search({ depth: 127 })', 'search', [{ depth: 127 }]),
    call('search({ depth: null })', 'search', [{ depth: null }]),
    call('search({ depth: NaN })', 'search', [{ depth: Number.NaN }]),
    call('search({ nodes: 2000 })', 'search', [{ nodes: 2000 }]),
    call('search({ nodes: -1 })', 'search', [{ nodes: -1 }]),
    call('search({ nodes: 1 })', 'search', [{ nodes: 1 }]),
    call('search({ nodes: Infinity })', 'search', [{ nodes: Number.POSITIVE_INFINITY }]),
    call('search({ depth: Infinity })', 'search', [{ depth: Number.POSITIVE_INFINITY }]),
    call('search({ depth: -1 })', 'search', [{ depth: -1 }]),
    call('search({ depth: 1e9 })', 'search', [{ depth: 1e9 }]),
    call('search({ depth: "" })', 'search', [{ depth: '' }]),
    call('search({ depth: [2] })', 'search', [{ depth: [2] }]),
    call('search({ depth: 2, nodes: 0, movetime: 0 })', 'search', [{ depth: 2, nodes: 0, movetime: 0 }]),
    call('search({ nodes: 1.5 })', 'search', [{ nodes: 1.5 }]),
    call('search({ nodes: 2 ** 53 })', 'search', [{ nodes: 2 ** 53 }]),
    call('search({ movetime: -1 })', 'search', [{ movetime: -1 }]),
    call('search({ movetime: NaN })', 'search', [{ movetime: Number.NaN }]),
    call('search({ movetime: Infinity })', 'search', [{ movetime: Number.POSITIVE_INFINITY }]),
    call('search({ movetime: "10" })', 'search', [{ movetime: '10' }]),
    call('search({ foo: 1 })', 'search', [{ foo: 1 }]),
    call('search({ depth: 2, foo: 1 })', 'search', [{ depth: 2, foo: 1 }]),
    call('search({ onIteration: 5 })', 'search', [{ onIteration: 5 }]),
    call('search({ depth: 2, onIteration: undefined })', 'search', [{ depth: 2, onIteration: undefined }]),
    call('search({ stop: 5 })', 'search', [{ stop: 5 }]),
    call('search({ depth: 2, stop: undefined })', 'search', [{ depth: 2, stop: undefined }]),
    call('search({ stop: [0] })', 'search', [{ stop: [0] }]),
    call('search(a function)', 'search', [() => 3]),
    call('search(Symbol())', 'search', [Symbol('limits')]),
    call('search(new Date(0))', 'search', [new Date(0)]),
    call('search(new Map())', 'search', [new Map()]),
    call('search(Object.create(null))', 'search', [Object.create(null)]),
    call('search({ depth: 2n })', 'search', [{ depth: 2n }]),
    call('search({ depth: Symbol() })', 'search', [{ depth: Symbol('d') }]),
    call('search({ depth: 2, foo() {} })', 'search', [{ depth: 2, foo() {} }]),
    call('search({ get depth() })', 'search', [
      {
        get depth() {
          return 2;
        },
      },
    ]),
    call('search({ depth: 2, [Symbol()]: 1 })', 'search', [{ depth: 2, [Symbol('k')]: 1 }]),
    call('perft(a function)', 'perft', [() => 2]),
    call('perft(2n)', 'perft', [2n]),
    call('perft(2, a function)', 'perft', [2, () => 2]),
    call('perft(2, { movetime: 5n })', 'perft', [2, { movetime: 5n }]),
    call('perft(2, { foo() {} })', 'perft', [2, { foo() {} }]),
    call('perft(Symbol(), { foo() {} })', 'perft', [Symbol('d'), { foo() {} }]),
    call('divide(2, { foo() {} })', 'divide', [2, { foo() {} }]),
    call('play(a function)', 'play', [() => 'c3']),
    call('play(Symbol())', 'play', [Symbol('m')]),
    call('play({ from() {} })', 'play', [{ from() {} }]),
    call('setPosition(a function)', 'setPosition', [() => 'x']),
    call('setPosition(Symbol())', 'setPosition', [Symbol('p')]),
    call('boardText(a function)', 'boardText', [() => 'kanji']),
    call('boardText(Symbol())', 'boardText', [Symbol('l')]),
    call('search(new Proxy({ depth: 2 }))', 'search', [new Proxy({ depth: 2 }, {})]),
    call('search({ depth: new Number(2) })', 'search', [{ depth: new Number(2) }]),
    {
      name: 'search(limits holding themselves)',
      run: (e, see) => {
        const l: Record<string, unknown> = { depth: 2 };
        l.self = l;
        return see(() => e.search(l));
      },
    },
    call('search({ get depth() { throw } })', 'search', [
      {
        get depth() {
          throw new EvalError('no depth');
        },
      },
    ]),
    call('perft(2, { get movetime() { throw } })', 'perft', [
      2,
      {
        get movetime() {
          throw new EvalError('no movetime');
        },
      },
    ]),
    call('play({ toJSON() { throw } })', 'play', [
      {
        toJSON() {
          throw new EvalError('no JSON');
        },
      },
    ]),
    call('search({ depth: 1, movetime: 1 })', 'search', [{ depth: 1, movetime: 1 }]),
    call('search({ depth: 2, onIteration: a class })', 'search', [{ depth: 2, onIteration: class Callback {} }]),
    call('perft(12, { movetime: 1 })', 'perft', [12, { movetime: 1 }]),
    call('perft(new Number(2))', 'perft', [new Number(2)]),
    call('play(new String(text))', 'play', [new String(v.moveText)]),
    call('play(a class instance)', 'play', [
      new (class Mv {
        text = v.moveText;
      })(),
    ]),
    call('play(new Date(0))', 'play', [new Date(0)]),
    call('play(new Proxy({}))', 'play', [new Proxy({}, {})]),
    call('setPosition(new String(bad))', 'setPosition', [new String(v.badPosition)]),
    call('boardText(new String("codes"))', 'boardText', [new String('codes')]),
    {
      name: 'search({ depth: 2, onIteration: async }) that resolves',
      run: async (e, see) => {
        const r = recorder();
        return [await see(() => e.search({ depth: 2, onIteration: async (i: unknown) => r.fn(i) })), r.seen];
      },
    },
    {
      name: 'search({ depth: 3, onIteration }) reports every iteration before it resolves',
      run: async (e, see) => {
        const r = recorder();
        return [await see(() => e.search({ depth: 3, onIteration: r.fn })), r.seen];
      },
    },
    {
      name: 'search({ depth: 3, onIteration }) that throws at depth 2',
      run: async (e, see) => [
        await see(() =>
          e.search({
            depth: 3,
            onIteration: (i: { depth: number }) => {
              if (i.depth === 2) throw new TypeError('no depth 2 here');
            },
          }),
        ),
        await see(() => e.search({ depth: 1 })),
      ],
    },
    {
      name: 'search({ depth: 2, onIteration }) that throws a number',
      run: async (e, see) => [
        await see(() =>
          e.search({
            depth: 2,
            onIteration: () => {
              throw 42;
            },
          }),
        ),
      ],
    },
  ];
}

/** A call's outcome as data: `{ value }` or `{ error }`, or `{ timeout }` after `ms` (the engine is then aborted). */
async function outcome(lib: Lib, e: Engine, p: Promise<unknown> | (() => Promise<unknown>), ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ timeout: number }>((res) => {
    timer = setTimeout(() => res({ timeout: ms }), ms);
  });
  try {
    const run = typeof p === 'function' ? Promise.resolve().then(p) : p;
    const r = await Promise.race([run.then((value) => ({ value: plain(value) })), late]);
    if ('timeout' in r) e.abort?.();
    return r;
  } catch (err) {
    return { error: thrown(lib, err) };
  } finally {
    clearTimeout(timer);
  }
}

/** The outcomes of `list` on one engine: case name -> what it saw; each case starts at `start` (setPosition). */
export async function runCases(lib: Lib, e: Engine, list: readonly Case[]): Promise<Record<string, unknown>> {
  const start = (await e.position()) as string;
  const out: Record<string, unknown> = {};
  for (const c of list) {
    const ms = c.ms ?? CASE_MS;
    await outcome(lib, e, () => e.setPosition(start), ms);
    const see = (p: Promise<unknown> | (() => Promise<unknown>)) => outcome(lib, e, p, ms);
    const t0 = performance.now();
    try {
      out[c.name] = await c.run(e, see);
      if ((globalThis as { CONFORMANCE_TIMES?: boolean }).CONFORMANCE_TIMES)
        console.log(`${Math.round(performance.now() - t0)} ms ${c.name}`);
    } catch (err) {
      out[c.name] = { caseFailed: thrown(lib, err) };
    }
  }
  return out;
}

/** The variants the suite runs: a lattice game and Maka Dai Dai, with what their cases need. */
export const VARIANTS = [
  {
    id: 'bagh-chal',
    opts: undefined as { position: string } | undefined,
    moveText: 'c3',
    badPosition: 'T3T/5/5/5/T3T X G20 -',
    illegal: 'a1-a2',
    labels: [] as readonly string[],
    over: ['TGGGT/1GGG1/GG1GG/1GGG1/T1GGT G - G5'] as readonly string[],
  },
  {
    id: 'maka-dai-dai',
    // kings and two pawns: search() to the default depth takes milliseconds (from the start, seconds)
    opts: { position: '18k/19/19/19/19/19/19/9p9/19/19/19/9P9/19/19/19/19/19/19/K18 b' },
    moveText: '',
    badPosition: 'not a position',
    illegal: '1a1b',
    labels: ['kanji', 'codes'] as readonly string[],
    // a rook takes White's only royal
    over: ['18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18R/K18 b', 's2xs19+'] as readonly string[],
  },
];

/** createGame's bad arguments (engine creation: `start({ variant, ...opts })` for the worker). */
export const CREATE_CASES: ReadonlyArray<{ name: string; variant: string; opts?: unknown }> = [
  { name: 'unknown variant', variant: 'no-such-game' },
  { name: 'empty variant', variant: '' },
  { name: 'hashMb 0', variant: 'bagh-chal', opts: { hashMb: 0 } },
  { name: 'hashMb "8"', variant: 'bagh-chal', opts: { hashMb: '8' } },
  { name: 'unknown option key', variant: 'bagh-chal', opts: { bogus: 1 } },
  { name: 'unknown variant option', variant: 'bagh-chal', opts: { options: { nope: 1 } } },
  { name: 'options not an object', variant: 'bagh-chal', opts: { options: 5 } },
  { name: 'position not a string', variant: 'bagh-chal', opts: { position: 5 } },
  { name: 'bad position', variant: 'bagh-chal', opts: { position: 'T3T/5/5/5/T3T X G20 -' } },
  { name: 'maka bad position', variant: 'maka-dai-dai', opts: { position: 'nonsense' } },
  { name: 'maka tbDir', variant: 'maka-dai-dai', opts: { tbDir: '/nonexistent' } },
];

/** Runs CREATE_CASES with `factory`, all at once: name -> the engine's position, or the error. */
export async function runCreateCases(lib: Lib, factory: Factory): Promise<Record<string, unknown>> {
  // together: the ones that reach a worker start a thread each
  const seen = await Promise.all(
    CREATE_CASES.map(async (c) => {
      try {
        const e = await factory(c.variant, c.opts);
        const value = await e.position();
        await e.close();
        return { value };
      } catch (err) {
        return { error: thrown(lib, err) };
      }
    }),
  );
  return Object.fromEntries(CREATE_CASES.map((c, i) => [c.name, seen[i]]));
}

/** The first legal move of a fresh engine's variant, when the case list needs one (`moveText: ''`). */
export async function withMove(e: Engine, v: (typeof VARIANTS)[number]) {
  return v.moveText ? v : { ...v, moveText: ((await e.legalMoves()) as string[])[0]! };
}

/** Where two runs differ: one line per case, `name: A ≠ B` (JSON), none when they agree. */
export function compare(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y) out.push(`${k}: ${x} ≠ ${y}`);
  }
  return out;
}

/**
 * Cases of the worker alone, each with what it must see (checkWorkerOnly): where the worker differs from
 * in-process by design (a stop flag of the caller's is refused: stop() stops a worker's run), and an async
 * callback whose promise rejects (in-process the search has returned by then; in the worker it is the run's
 * rejection, never an unhandled one, and the worker serves on).
 */
export const WORKER_ONLY: readonly Case[] = [
  call('search({ depth: 1, stop: Int32Array })', 'search', [{ depth: 1, stop: new Int32Array(1) }]),
  call('perft(1, { stop: Int32Array })', 'perft', [1, { stop: new Int32Array(1) }]),
  call('divide(1, { stop: Int32Array })', 'divide', [1, { stop: new Int32Array(1) }]),
  {
    name: 'search({ depth: 3, onIteration: async, rejecting })',
    run: async (e, see) => [
      await see(() =>
        e.search({
          depth: 3,
          onIteration: async () => {
            throw new RangeError('async refused');
          },
        }),
      ),
      await see(() => e.search({ depth: 1 }).then((r) => (r as { depth: number }).depth)),
    ],
  },
  {
    name: 'perft(2, { onProgress: async, rejecting })',
    run: async (e, see) => [
      await see(() =>
        e.perft(2, {
          onProgress: () => Promise.reject(new RangeError('async refused')),
        }),
      ),
      await see(() => e.perft(1)),
    ],
  },
  {
    name: 'divide(2, { onProgress: async, rejecting late })',
    run: async (e, see) => [
      await see(() =>
        e.divide(2, {
          onProgress: () => new Promise((_, reject) => setTimeout(() => reject(new RangeError('late')), 50)),
        }),
      ),
      await see(() => e.perft(1)),
    ],
  },
];

/** What WORKER_ONLY's outcomes (runCases on a worker) must be: the problems found, none when all is well. */
export function checkWorkerOnly(out: Record<string, unknown>, perft1: number): string[] {
  const problems: string[] = [];
  const want = (name: string, expected: unknown) => {
    const got = JSON.stringify(out[name]);
    if (got !== JSON.stringify(expected)) problems.push(`${name}: ${got}, expected ${JSON.stringify(expected)}`);
  };
  const refused = (method: string, run: string) => ({
    error: {
      threw: 'ArgumentError',
      libraryClass: true,
      lattice: true,
      message: `EngineWorker.${method}() takes no stop flag in its limits: call EngineWorker.stop() to stop a running ${run}`,
      fields: { code: 'argument', name: 'ArgumentError' },
    },
  });
  const rejected = (message: string) => ({
    error: { threw: 'RangeError', libraryClass: 'none', lattice: false, message, fields: {} },
  });
  want('search({ depth: 1, stop: Int32Array })', refused('search', 'search'));
  want('perft(1, { stop: Int32Array })', refused('perft', 'perft'));
  want('divide(1, { stop: Int32Array })', refused('divide', 'divide'));
  want('search({ depth: 3, onIteration: async, rejecting })', [rejected('async refused'), { value: 1 }]);
  want('perft(2, { onProgress: async, rejecting })', [rejected('async refused'), { value: perft1 }]);
  want('divide(2, { onProgress: async, rejecting late })', [rejected('late'), { value: perft1 }]);
  return problems;
}
