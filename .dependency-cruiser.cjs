// Import rules of lattice-engine (issue 33 item 5), checked by `npm run lint` (depcruise src assembly).
// Every import counts: static imports, re-exports, `import type` / `export type` / `import { type X }`,
// `import('./x.js').T` in a type and dynamic `import()` (tsPreCompilationDeps: true below; without it
// the type-only ones are dropped). The layout is docs/architecture.md's: src/contract/ (types, errors,
// limits, result, argument checks) under everything, src/board/ (board geometry), the families src/lattice/
// and src/maka/, the solvers src/solve/, the CLI src/cli/, and the edges (web/, worker/, serve.ts).
// A rule's `comment` is what `depcruise` prints when it is broken.

/** Path patterns (regular expressions on paths relative to the repository root). */
const SRC = '^src/';
const CONTRACT = '^src/contract/';
const BOARD = '^src/board/';
const MAKA = '^src/maka/';
const WEB = '^src/web/';
const PLATFORM = '^src/platform/';
const CLI = '^src/(cli/|serve\\.ts$)';
const ENTRIES = '^src/(index|engine|serve)\\.ts$';
/** What the CLI and `lattice serve` may import: the registry, the contract, the worker, the solver API, distributed. */
const CLI_MAY_IMPORT = '^src/(cli/|serve\\.ts$|engine\\.ts$|contract/|worker/|solve/|distributed/|platform/)';
/** What the page may import from src/: the registry, the worker's client and the contract. */
const WEB_MAY_IMPORT = '^src/(web/|engine\\.ts$|worker/client\\.ts$|contract/)';
/** The folders below the registry (src/engine.ts): none of them imports an entry file. */
const BELOW_ENTRIES = '^src/(contract|board|lattice|maka|variants|rules|solve|platform)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle between files of src/ (type-only imports and import() count).',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'An import cycle between folders of src/ (src/a/x.ts -> src/b/y.ts -> src/a/z.ts).',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'no-circular-core',
      severity: 'error',
      comment: 'An import cycle between files of the core (assembly/).',
      from: { path: '^assembly/' },
      to: { circular: true },
    },
    {
      name: 'entries-on-top',
      severity: 'error',
      comment:
        'The contract, the board, the families, the solvers and platform/ sit below src/index.ts, ' +
        'src/engine.ts (the registry that creates their games) and src/serve.ts: they import none of them.',
      from: { path: BELOW_ENTRIES },
      to: { path: ENTRIES },
    },
    {
      name: 'platform-at-the-bottom',
      severity: 'error',
      comment: 'src/platform/ (the Node-only pieces the threads and the worker share) imports nothing else from src/.',
      from: { path: PLATFORM },
      to: { path: SRC, pathNot: PLATFORM },
    },
    {
      name: 'contract-at-the-bottom',
      severity: 'error',
      comment: 'src/contract/ (what every family shares) imports nothing from another folder of src/.',
      from: { path: CONTRACT },
      to: { path: SRC, pathNot: CONTRACT },
    },
    {
      name: 'board-imports-only-contract',
      severity: 'error',
      comment: 'src/board/ (board geometry) imports from src/ only src/contract/.',
      from: { path: BOARD },
      to: { path: SRC, pathNot: '^src/(board|contract)/' },
    },
    {
      name: 'maka-imports-only-contract',
      severity: 'error',
      comment: 'src/maka/ (the second family) imports from outside itself only src/contract/, not the lattice family.',
      from: { path: MAKA },
      to: { path: SRC, pathNot: '^src/(maka|contract)/' },
    },
    {
      name: 'web-through-engine',
      severity: 'error',
      comment:
        'The page (src/web/) knows the games only through src/engine.ts, src/worker/client.ts and src/contract/.',
      from: { path: WEB },
      to: { path: SRC, pathNot: WEB_MAY_IMPORT },
    },
    {
      name: 'cli-through-contract',
      severity: 'error',
      comment:
        'The CLI (src/cli/) and src/serve.ts reach the games only through the family contract: src/engine.ts, ' +
        'src/contract/, src/worker/, src/solve/api.ts, src/distributed/ (and src/platform/), ' +
        'never src/lattice/, src/maka/, src/variants/ or a solver internal.',
      from: { path: CLI },
      to: { path: SRC, pathNot: CLI_MAY_IMPORT },
    },
    {
      name: 'src-not-to-test-or-bench',
      severity: 'error',
      comment: 'The package (src/) imports nothing from test/ or bench/.',
      from: { path: SRC },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that does not resolve (a typo, or a moved file): the rules above cannot see past it. ' +
        'The core build (../build/lattice*.js) is exempt, so the check runs before `npm run build`.',
      from: { path: '^(src|assembly)/' },
      to: { couldNotResolve: true, pathNot: '(^|/)build/lattice[.a-z-]*\\.js$' },
    },
  ],
  // The checks above are not vacuous: these imports (one of them type-only) must be read.
  required: [
    {
      name: 'reads-type-only-imports',
      severity: 'error',
      comment:
        'src/web/engine-jobs.ts imports src/worker/client.ts (type-only): if this is not seen, types are not counted.',
      module: { path: '^src/web/engine-jobs\\.ts$' },
      to: { path: '^src/worker/client\\.ts$' },
    },
    {
      name: 'reads-core-imports',
      severity: 'error',
      comment: "The core's extensionless imports are read: assembly/search.ts imports assembly/movegen/index.ts.",
      module: { path: '^assembly/search\\.ts$' },
      to: { path: '^assembly/movegen/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
