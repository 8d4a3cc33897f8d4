/**
 * The one place that loads the WebAssembly core (Node and browser). It uses the compiler's generated
 * raw bindings (`asc --bindings raw`, build/lattice.js): @assemblyscript/loader is deprecated since
 * AssemblyScript 0.20 and measured ~5x slower per call here.
 */

/** The core's exported surface (assembly/index.ts). All arguments and results are i32/f64 numbers. */
export interface CoreExports {
  memory: WebAssembly.Memory;
  ioPtr(): number;
  movesPtr(): number;
  boardInputPtr(): number;
  setupBoard(n: number): number;
  pointCount(): number;
  setCapturesToWin(n: number): void;
  setRepetitionMode(mode: number): void;
  setHashSize(mb: number): number;
  setWeight(i: number, v: number): number;
  setPosition(side: number, inHand: number, captured: number): number;
  readPosition(): void;
  sideToMove(): number;
  inHand(): number;
  captured(): number;
  historyLength(): number;
  repetitions(): number;
  keyConsistent(): number;
  legalMoves(): number;
  makeMove(m: number): void;
  unmakeMove(): number;
  perft(depth: number): number;
  perftSlow(depth: number): number;
  perftClassic(depth: number): number;
  perftStopped(): number;
  evaluate(): number;
  search(maxDepth: number, nodeLimit: number, timeMs: number): number;
  searchScore(): number;
  searchDepth(): number;
  searchNodes(): number;
  pvLength(): number;
  pvMove(i: number): number;
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
  plBegin(kind: number, dst: number, src: number, src2: number, g: number, c: number, kmax: number, k: number, init: number): number;
  plWork(thread: number): number;
  plHistogram(v: number): number;
  plError(): number;
  plSlotOf(hunters: number, prey: number, g: number): number;
  plValueAt(ptr: number, slot: number): number;
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
}

/** A loaded core instance with its own memory and state. */
export interface Core {
  exports: CoreExports;
  hooks: CoreHooks;
  /** Fresh views on the IO words and the root move list (memory may have grown: never cache views). */
  io(): BigUint64Array;
  moves(n: number): Uint32Array;
  boardInput(): Int16Array;
}

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const moduleCache = new Map<string, Promise<WebAssembly.Module>>();

/** Candidate locations of build/ relative to this file: src/ (tests) and dist/src/ (installed). */
const BUILD_DIRS = ['../build/', '../../build/'];

async function findBuildFile(name: string): Promise<URL> {
  if (!isNode) return new URL((import.meta.url.includes('/dist/src/') ? BUILD_DIRS[1] : BUILD_DIRS[0]) + name, import.meta.url);
  const { existsSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  for (const dir of BUILD_DIRS) {
    const url = new URL(dir + name, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error(`the WebAssembly core build/${name} is missing: run "npm run build"`);
}

async function compile(file: string): Promise<WebAssembly.Module> {
  const url = await findBuildFile(file);
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  return WebAssembly.compileStreaming(fetch(url));
}

/** A shared memory for core instances on several threads (64 pages to start, up to 4 GiB). */
export function newSharedMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: 64, maximum: 65536, shared: true });
}

/**
 * Instantiates the core. `debug: true` loads the debug build (bounds-checked table access, assertions).
 * Each call returns an independent instance (its own position, history and transposition table), except
 * with `sharedMemory`: then the shared-memory build is instantiated on that memory (tablebase threads,
 * see src/tablebase/threads.ts: instances on one memory must run identical setup sequences).
 */
export async function loadCore(options: { debug?: boolean; sharedMemory?: WebAssembly.Memory } = {}): Promise<Core> {
  const base = options.sharedMemory ? 'lattice.shared' : options.debug ? 'lattice.debug' : 'lattice';
  let mod = moduleCache.get(base);
  if (!mod) { mod = compile(base + '.wasm'); moduleCache.set(base, mod); }
  const bindingsUrl = await findBuildFile(base + '.js');
  const bindings = (await import(bindingsUrl.href)) as { instantiate(m: WebAssembly.Module, imports: object): Promise<CoreExports> };
  const hooks: CoreHooks = { shouldStop: () => 0, onIteration: () => {}, tbProgress: () => {}, solveProgress: () => {} };
  const exports = await bindings.instantiate(await mod, {
    env: {
      ...(options.sharedMemory ? { memory: options.sharedMemory } : {}),
      now: () => performance.now(),
      shouldStop: () => hooks.shouldStop(),
      onIteration: (d: number, s: number, n: number, ms: number, len: number) => hooks.onIteration(d, s, n, ms, len),
      tbProgress: (pass: number, done: number, total: number) => hooks.tbProgress(pass, done, total),
      solveProgress: (n: number) => hooks.solveProgress(n),
    },
  });
  return {
    exports,
    hooks,
    io: () => new BigUint64Array(exports.memory.buffer, exports.ioPtr(), 8),
    moves: (n: number) => new Uint32Array(exports.memory.buffer, exports.movesPtr(), n),
    boardInput: () => new Int16Array(exports.memory.buffer, exports.boardInputPtr(), 64 * 16),
  };
}
