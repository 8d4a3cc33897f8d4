// The layering of src/ (issue 9, /work/shared/DESIGN.md "Layout"): no cycle between its top-level
// parts, each folder one node and each top-level file one node, counting every import (static imports,
// re-exports, dynamic `import()` and, since issue 17, `import type`). A cycle is printed as the imports
// that close it. platform/ (the Node-only pieces the tablebase threads and the worker share) must import
// nothing else from src/. The core (assembly/) has no cycle between its files either (issue 17: the
// move lists are their own file that both generators import). The page (src/web/) knows the games only
// through src/engine.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCycle, findCycles, importEdges, moduleSpecifiers, runtimeImports, type Edge } from '../support/import-graph.js';
import { listVariants } from '../../src/engine.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const CORE = fileURLToPath(new URL('../../assembly/', import.meta.url));

/** The cycles of an import graph, each printed as the imports that close it ('' when there is none). */
const cyclesText = (edges: Edge[]) => findCycles(edges).map((c, i) => `cycle ${i + 1}:\n${describeCycle(c)}`).join('\n\n');
const hasEdge = (edges: Edge[], from: string, to: string) => edges.some((e) => e.from === from && e.to === to);

/**
 * The checks of a graph with one node per file (`dir` names it in messages): no cycle between its files,
 * and every edge of `mustSee` read (so that the first check is not vacuous).
 */
function noCycleBetweenFiles(dir: string, edges: Edge[], mustSee: ReadonlyArray<readonly [string, string]>): void {
  it('has no cycle between its files', () => {
    const text = cyclesText(edges);
    expect(text, `import cycles between the files of ${dir}:\n${text}`).toBe('');
  });

  it('reads the imports it must see (so the check above is not vacuous)', () => {
    for (const [from, to] of mustSee) expect(hasEdge(edges, from, to), `${from} imports ${to}`).toBe(true);
  });
}

describe('the import graph of src/', () => {
  const edges = importEdges(SRC);

  it('has no cycle between top-level folders and files', () => {
    const text = cyclesText(edges);
    expect(text, `import cycles between the parts of src/:\n${text}`).toBe('');
  });

  it('keeps platform/ at the bottom: it imports nothing else from src/', () => {
    const up = edges.filter((e) => e.from === 'platform/').map((e) => `${e.fromFile} imports ${e.toFile}`);
    expect(up).toEqual([]);
  });

  it('reads the imports it must see (so the check above is not vacuous)', () => {
    const has = (from: string, to: string) => hasEdge(edges, from, to);
    expect(has('solve/', 'lattice/')).toBe(true);   // a plain import
    expect(has('index.ts', 'worker/')).toBe(true);           // a re-export
    expect(has('solve/', 'platform/')).toBe(true);
    expect(has('worker/', 'platform/')).toBe(true);
    expect(edges.some((e) => e.from === 'cli/' && e.to === 'solve/' && e.dynamic)).toBe(true);   // import()
  });
});

describe('the import graph of the page (src/web/)', () => {
  // one node per file: the page is split by concern (state, view, input, engine jobs), and the parts
  // that call back up (drawing, the engine's turn) are set by main.ts instead of imported
  const edges = importEdges(join(SRC, 'web'));
  noCycleBetweenFiles('src/web/', edges, [
    ['main.ts', 'view.ts'], ['view.ts', 'input.ts'], ['input.ts', 'state.ts'], ['state.ts', 'engine-queue.ts'],
  ]);
});

describe('the import graph of the core (assembly/)', () => {
  noCycleBetweenFiles('assembly/', importEdges(CORE, { files: true }), [
    ['movegen/hunt.ts', 'movelist.ts'], ['movegen/draughts.ts', 'movelist.ts'],
    ['movegen/index.ts', 'movegen/draughts.ts'], ['search.ts', 'movegen/index.ts'],
  ]);
});

describe('the page (src/web/) knows the games only through src/engine.ts', () => {
  const web = join(SRC, 'web');
  const files = readdirSync(web, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name)).sort();
  /** Each relative import of a .ts file of src/web/ (type-only ones too), as the file of src/ it names. */
  const imports = files.filter((f) => f.endsWith('.ts')).flatMap((f) => moduleSpecifiers(f, readFileSync(f, 'utf8'))
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({ file: relative(SRC, f), target: relative(SRC, resolve(dirname(f), spec)).replace(/\.js$/, '.ts') })));

  it('imports nothing of a family: src/maka/, src/variants/, src/lattice/game.ts, src/lattice/position-text.ts', () => {
    const family = (t: string) => t.startsWith('maka/') || t.startsWith('variants/') || t === 'game.ts' || t === 'position-text.ts';
    expect(imports.filter((i) => family(i.target)).map((i) => `${i.file} imports ${i.target}`)).toEqual([]);
    // the check reads the imports it must see (type-only ones included)
    expect(imports).toEqual(expect.arrayContaining([
      { file: 'web/families.ts', target: 'engine.ts' },
      { file: 'web/engine-jobs.ts', target: 'worker/client.ts' },
    ]));
  });

  it('names no variant: no file of it holds a variant id of listVariants()', () => {
    const ids = listVariants().map((v) => v.id);
    expect(ids.length).toBeGreaterThan(5);
    expect(files.length).toBeGreaterThan(10);   // sources, index.html, style.css, configs
    const named = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return ids.filter((id) => text.includes(id)).map((id) => `${relative(SRC, f)} holds "${id}"`);
    });
    expect(named).toEqual([]);
  });
});

describe('the import reader', () => {
  it('lists every specifier, erased or not, for the page\'s check', () => {
    const src = [
      "import type { A } from './a.js';",
      "export type { D } from './d.js';",
      "import { e } from './e.js';",
      "let x: import('./t.js').T;",
      "async function k() { return import('./lazy.js'); }",
    ].join('\n');
    expect(moduleSpecifiers('x.ts', src)).toEqual(['./a.js', './d.js', './e.js', './t.js', './lazy.js']);
  });

  it('keeps what runs, and what the compiler erases only when asked (the graphs count both)', () => {
    const src = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "export type { D } from './d.js';",
      "import { type E, f } from './e.js';",
      "import {\n  g,\n  h,\n} from './g.js';",
      "export { i } from './i.js';",
      "import './side-effect.js';",
      "async function k() { return import('./lazy.js'); }",
    ].join('\n');
    expect(runtimeImports('x.ts', src, true).filter((i) => i.type).map((i) => i.spec)).toEqual(['./a.js', './b.js', './d.js']);
    expect(runtimeImports('x.ts', src)).toEqual([
      { spec: './e.js', dynamic: false },
      { spec: './g.js', dynamic: false },
      { spec: './i.js', dynamic: false },
      { spec: './side-effect.js', dynamic: false },
      { spec: './lazy.js', dynamic: true },
    ]);
  });

  it('finds and prints a cycle through three parts, and none in a chain', () => {
    const e = (from: string, to: string): Edge => ({ from, to, fromFile: `${from}x.ts`, toFile: `${to}y.ts`, dynamic: false });
    const cycles = findCycles([e('a/', 'b/'), e('b/', 'c.ts'), e('c.ts', 'a/'), e('c.ts', 'd/')]);
    expect(cycles.map((c) => c.map((x) => x.from))).toEqual([['a/', 'b/', 'c.ts']]);
    expect(describeCycle(cycles[0])).toContain('c.ts -> a/');
    expect(findCycles([e('a/', 'b/'), e('b/', 'c.ts'), e('a/', 'c.ts')])).toEqual([]);
  });
});
