/**
 * The one place that loads the WebAssembly core (Node and browser). It uses the compiler's generated
 * raw bindings (`asc --bindings raw`, build/lattice.js): @assemblyscript/loader is deprecated since
 * AssemblyScript 0.20 and measured ~5x slower per call here.
 */
import * as releaseBindings from '../../../build/lattice.js';
import * as debugBindings from '../../../build/lattice.debug.js';
import * as sharedBindings from '../../../build/lattice.shared.js';
import * as wideBindings from '../../../build/lattice.wide.js';
import * as wideDebugBindings from '../../../build/lattice.wide.debug.js';
import * as wideSharedBindings from '../../../build/lattice.wide.shared.js';

/** The core's exported surface (assembly/index.ts). All arguments and results are i32/f64 numbers. */
export interface CoreExports {
  memory: WebAssembly.Memory;
  ioPtr(): number;
  statePtr(): number;
  movesPtr(): number;
  capsPtr(): number;
  setWords(): number;
  maxPoints(): number;
  boardInputPtr(): number;
  rulesInputPtr(): number;
  setupBoard(n: number): number;
  setupRules(): number;
  fastProfile(): number;
  pointCount(): number;
  setHashSize(mb: number): number;
  setWeight(i: number, v: number): number;
  setEvalMask(i: number): number;
  setTuple(t: number, len: number, table: number): number;
  evalPatternSum(): number;
  patternCapacity(): number;
  clearTuples(stride: number): number;
  patternWeightsPtr(): number;
  tupleInputPtr(): number;
  setPosition(): number;
  readPosition(): void;
  sideToMove(): number;
  inHand(): number;
  captured(): number;
  historyLength(): number;
  repetitions(): number;
  keyConsistent(): number;
  legalMoves(): number;
  moveOverflow(): number;
  moveOverflowKind(): number;
  maxMoves(): number;
  stackMoves(): number;
  listCapacity(): number;
  growLists(): number;
  rootOverflow(): number;
  rootNodePtr(): number;
  nodeCount(): number;
  nodeParentPtr(): number;
  nodePointPtr(): number;
  pathInPtr(): number;
  pathCaptures(n: number): number;
  makeMove(m: number): void;
  rootMoveCount(): number;
  makeMoveAt(i: number): number;
  unmakeMove(): number;
  /** The result code given the legal move count of this position (assembly/index.ts gameResultFor; < 0: it lists). */
  gameResultFor(moves: number): number;
  gameResult(): number;
  perft(depth: number): number;
  perftSlow(depth: number): number;
  perftClassic(depth: number): number;
  perftStopped(): number;
  evaluate(): number;
  evalFeatures(): number;
  evalFeaturesPtr(): number;
  evalFeatureCount(): number;
  search(maxDepth: number, nodeLimit: number, timeMs: number): number;
  searchScore(): number;
  searchDepth(): number;
  searchNodes(): number;
  pvLength(): number;
  pvMove(i: number): number;
  pvCaps(i: number): void;
  MAX_PLY: { value: number } | number;
  symInputPtr(): number;
  tbSetup(hunters: number, syms: number, preyTotal: number): number;
  tbSolveLayer(c: number): number;
  tbLayerPtr(c: number): number;
  tbLayerSlots(c: number): number;
  tbStat(i: number): number;
  tbProbe(): number;
  tbCountDistinct(c: number): number;
  tbEnable(on: number): void;
  tbSolve(alpha: number, beta: number, nodeLimit: number): number;
  tbPrepareLayer(c: number, threads: number): number;
  tbBeginThread(): number;
  tbPass1(thread: number, threads: number): number;
  tbRunLevel(level: number): number;
  tbFinishLayer(): number;
  tbLayoutMark(): number;
  tbSolveAborted(): number;
  tbSolveNodes(): number;
  tbSolveMissing(): number;
  plPrepare(threads: number): number;
  plAllocSlab(bytes: number): number;
  plLayerBytes(g: number): number;
  plBlockSlots(g: number): number;
  plBegin(
    kind: number,
    dst: number,
    src: number,
    src2: number,
    g: number,
    c: number,
    kmax: number,
    k: number,
    init: number,
  ): number;
  plWork(thread: number): number;
  plHistogram(v: number): number;
  plError(): number;
  plSlotOf(hunters: number, prey: number, g: number): number;
  /** Placement layers probed through the hooks' plByte: game's captures-to-win (0: off), the layers', prey total. */
  plProbeSetup(game: number, tables: number, total: number): number;
  /** The current position's nibble in the placement layers, or -1. */
  plNibble(): number;
  /** The current position's value by the placement layers: 1 win, -1 loss, 0 draw, 2 goats win or draw, -2 none. */
  plProbeValue(): number;
  /** The next searches play any root move (clearRootMoves) or only those added by allowRootMove. */
  clearRootMoves(): void;
  allowRootMove(m: number): number;
  plValueAt(ptr: number, slot: number): number;
  // the generic solver (assembly/tablebase/generic.ts)
  gsSymInputPtr(): number;
  gsStackInputPtr(): number;
  gsSetup(
    syms: number,
    stackPoints: number,
    stackSide: number,
    total0: number,
    total1: number,
    hand0: number,
    hand1: number,
    capMax0: number,
    capMax1: number,
  ): number;
  gsLayers(): number;
  gsLayerPerSide(key: number): number;
  gsLayerKey(c0: number, c1: number, h0: number, h1: number, cls: number): number;
  gsClasses(): number;
  gsClassSum(c: number): number;
  gsClassSize(c: number): number;
  gsClassMember(c: number, i: number): number;
  gsVecClass(code: number): number;
  gsStackExcess(code: number, i: number): number;
  gsAttach(key: number, ptr: number): void;
  gsValues(key: number): number;
  gsAlloc(bytes: number): number;
  gsReserve(slots: number): number;
  gsSolveLayer(key: number): number;
  gsStat(i: number): number;
  gsProbe(): number;
  gsCurrentLayer(): number;
  gsError(): number;
  gsVerifyBegin(key: number): number;
  gsVerifyExit(): number;
  gsVerifyExitStep(from: number, to: number): number;
  gsVerifyLayer(key: number, from: number, to: number): number;
  gsBegin(key: number): number;
  gsStep(budget: number): number;
  gsCover(key: number): number;
  gsExitBegin(): number;
  gsMaxDistance(): number;
  gsQueueBytes(): number;
  gsEnable(on: number): void;
}

/** Host callbacks the core imports; replaceable per instance (see Core.hooks). */
export interface CoreHooks {
  /** Non-zero asks a running search to stop (polled every 1024 nodes). */
  shouldStop(): number;
  /** Called after each completed iteration of a search. */
  onIteration(depth: number, score: number, nodes: number, ms: number, pvLength: number): void;
  /** Tablebase solving progress: pass 1 (done, total slots) or pass 2 (resolved, current level). */
  tbProgress(pass: number, done: number, total: number): void;
  /** Whole-game solving progress: nodes searched so far. */
  solveProgress(nodes: number): void;
  /**
   * The byte at `offset` of the placement layer (side to move, prey placed, prey captured) the game has loaded, or
   * -1 when it has none such (src/solve/placement/tables.ts).
   */
  plByte(side: number, placed: number, captured: number, offset: number): number;
}

/**
 * IO indices of the sets the core and the host exchange (assembly/index.ts IO): each set is two u64
 * words, points 0..63 then 64..127, in both builds.
 */
export const IO_SET = { hunters: 0, prey: 2, caps: 6, kings: 8, region: 10 } as const;
/** IO index of the Zobrist key (one u64 word). */
export const IO_KEY = 4;

/** A loaded core instance with its own memory and state. */
export interface Core {
  exports: CoreExports;
  hooks: CoreHooks;
  /** True for the wide build (Bits = v128: boards of up to 128 points). */
  wide: boolean;
  /** Points a board may have on this build (64, or 128 on the wide build). */
  maxPoints: number;
  /** The set at IO index `at` (IO_SET) as a bigint (bit i = point i). */
  readSet(at: number): bigint;
  /** Writes a set (bit i = point i, below maxPoints) at IO index `at` (IO_SET). */
  writeSet(at: number, set: bigint): void;
  /**
   * Fresh views (memory may have grown: never cache views): the IO words, the STATE words, the root move
   * list and its captured sets, the board and rules inputs (src/lattice/moves.ts reads the root list itself). Layouts:
   * assembly/index.ts, assembly/rules.ts, assembly/board.ts.
   */
  io(): BigUint64Array;
  state(): Int32Array;
  moves(n: number): Uint32Array;
  /** The captured sets of the root list's first n moves (bit i = point i). */
  caps(n: number): bigint[];
  boardInput(): Int16Array;
  rulesInput(): Int32Array;
}

/** The raw bindings' entry (build/lattice*.js, generated by asc). */
type Bindings = { instantiate(m: WebAssembly.Module, imports: object): Promise<unknown> };

/**
 * The three builds (asconfig.json targets). Every path is a static literal relative to this file, so
 * bundlers (Vite, webpack 5) see the imports and the `new URL(..., import.meta.url)` assets and
 * emit them: build/ sits beside src/ in the repository (tests run the TypeScript sources) and the build
 * copies it to dist/build/ beside dist/src/ (the installed package), so one relative path serves both.
 */
const BUILDS = {
  release: {
    bindings: releaseBindings as Bindings,
    url: () => new URL('../../../build/lattice.wasm', import.meta.url),
  },
  debug: {
    bindings: debugBindings as Bindings,
    url: () => new URL('../../../build/lattice.debug.wasm', import.meta.url),
  },
  shared: {
    bindings: sharedBindings as Bindings,
    url: () => new URL('../../../build/lattice.shared.wasm', import.meta.url),
  },
  // the same source with Bits = v128 (asconfig targets wide*): boards of more than 64 points
  wide: { bindings: wideBindings as Bindings, url: () => new URL('../../../build/lattice.wide.wasm', import.meta.url) },
  wideDebug: {
    bindings: wideDebugBindings as Bindings,
    url: () => new URL('../../../build/lattice.wide.debug.wasm', import.meta.url),
  },
  wideShared: {
    bindings: wideSharedBindings as Bindings,
    url: () => new URL('../../../build/lattice.wide.shared.wasm', import.meta.url),
  },
};
type BuildName = keyof typeof BUILDS;

const moduleCache = new Map<BuildName, Promise<WebAssembly.Module>>();

/**
 * Compiles one build. A file: URL (Node, Deno, Bun) is read from disk through the runtime's fs module,
 * reached with process.getBuiltinModule so that bundlers never see a `node:` import; anything else
 * (http(s) in a browser, a bundler's data: URL) is fetched and compiled as it streams in.
 */
async function compile(name: BuildName): Promise<WebAssembly.Module> {
  const url = BUILDS[name].url();
  if (url.protocol === 'file:') {
    const fs = typeof process !== 'undefined' ? process.getBuiltinModule?.('node:fs/promises') : undefined;
    if (!fs) throw new Error(`cannot read the WebAssembly core ${url.href}: no file system in this runtime`);
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await fs.readFile(url);
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT')
        throw new Error(`the WebAssembly core ${url.pathname} is missing: run "npm run build"`);
      throw err;
    }
    return WebAssembly.compile(bytes);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load the WebAssembly core ${url.href}: HTTP ${response.status}`);
  // compileStreaming needs the application/wasm content type; a server that sends another gets the slow path
  if (response.headers.get('content-type')?.startsWith('application/wasm'))
    return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The compiled module of a build, compiled once per thread (a failed load is retried by the next call). */
function compiled(name: BuildName): Promise<WebAssembly.Module> {
  let mod = moduleCache.get(name);
  if (!mod) {
    mod = compile(name);
    moduleCache.set(name, mod);
    mod.catch(() => moduleCache.delete(name));
  }
  return mod;
}

/**
 * Compiles the release builds (u64 and wide) ahead of their first use, so that the first game this
 * thread creates only instantiates one (a `lattice worker` engine slot does this when it starts).
 * Rejects as loading a core would (a missing build).
 */
export async function precompileCores(): Promise<void> {
  await Promise.all([compiled('release'), compiled('wide')]);
}

/** A shared memory for core instances on several threads (64 pages to start, up to 4 GiB). */
export function newSharedMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: 64, maximum: 65536, shared: true });
}

/**
 * Instantiates the core. `debug: true` loads the debug build (bounds-checked table access, assertions);
 * `wide: true` the wide build of the same source (128-bit sets: boards of 65..128 points; the host picks
 * it by the board's point count, see src/lattice/core/setup.ts). Each call returns an independent instance (its
 * own position, history and transposition table), except with `sharedMemory`: then the shared-memory
 * build is instantiated on that memory (tablebase threads, see src/solve/threads.ts: instances on
 * one memory must run identical setup sequences).
 */
export async function loadCore(
  options: { debug?: boolean; wide?: boolean; sharedMemory?: WebAssembly.Memory } = {},
): Promise<Core> {
  const narrow: BuildName = options.sharedMemory ? 'shared' : options.debug ? 'debug' : 'release';
  const name: BuildName = !options.wide
    ? narrow
    : narrow === 'shared'
      ? 'wideShared'
      : narrow === 'debug'
        ? 'wideDebug'
        : 'wide';
  const mod = compiled(name);
  const bindings = BUILDS[name].bindings;
  const hooks: CoreHooks = {
    shouldStop: () => 0,
    onIteration: () => {},
    tbProgress: () => {},
    solveProgress: () => {},
    plByte: () => -1,
  };
  const exports = (await bindings.instantiate(await mod, {
    env: {
      ...(options.sharedMemory ? { memory: options.sharedMemory } : {}),
      now: () => performance.now(),
      shouldStop: () => hooks.shouldStop(),
      onIteration: (d: number, s: number, n: number, ms: number, len: number) => hooks.onIteration(d, s, n, ms, len),
      tbProgress: (pass: number, done: number, total: number) => hooks.tbProgress(pass, done, total),
      solveProgress: (n: number) => hooks.solveProgress(n),
      plByte: (side: number, placed: number, captured: number, offset: number) =>
        hooks.plByte(side, placed, captured, offset),
    },
  })) as CoreExports;
  const maxPoints = exports.maxPoints(),
    words = exports.setWords();
  const io = () => new BigUint64Array(exports.memory.buffer, exports.ioPtr(), 12);
  return {
    exports,
    hooks,
    wide: words === 2,
    maxPoints,
    readSet: (at: number) => {
      const v = io();
      return v[at]! | (v[at + 1]! << 64n);
    },
    writeSet: (at: number, set: bigint) => {
      const v = io();
      v[at] = BigInt.asUintN(64, set);
      v[at + 1] = BigInt.asUintN(64, set >> 64n);
    },
    io,
    state: () => new Int32Array(exports.memory.buffer, exports.statePtr(), 8 + maxPoints),
    moves: (n: number) => new Uint32Array(exports.memory.buffer, exports.movesPtr(), n),
    caps: (n: number) => {
      const w = new BigUint64Array(exports.memory.buffer, exports.capsPtr(), n * words);
      return Array.from({ length: n }, (_, i) => (words === 2 ? w[2 * i]! | (w[2 * i + 1]! << 64n) : w[i]!));
    },
    boardInput: () => new Int16Array(exports.memory.buffer, exports.boardInputPtr(), maxPoints * 17),
    rulesInput: () => new Int32Array(exports.memory.buffer, exports.rulesInputPtr(), 32),
  };
}
