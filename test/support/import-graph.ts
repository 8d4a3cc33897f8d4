// The import graph of src/ (or assembly/) between its parts, for test/unit/imports.test.ts: every folder is
// one node (`tablebase/`), every top-level file is one node (`game.ts`). Imports are read with the
// TypeScript parser (multi-line imports, re-exports and `import()` calls included). Type-only imports
// (`import type`, `export type`, imports whose every binding is marked `type`) are edges too, marked
// `type`: the compiler erases them, but a loop of types is a loop of concepts all the same (issue 17:
// the contract sits below the games that implement it, not beside the registry that creates them).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One runtime import between two parts: `from` and `to` are part names, the files say where. */
export interface Edge { from: string; to: string; fromFile: string; toFile: string; dynamic: boolean; type?: boolean }

/** All .ts files under `dir` (recursive), as absolute paths. */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out.sort();
}

/** The part a file under `srcDir` belongs to: `worker/` for src/worker/client.ts, `game.ts` for src/lattice/game.ts. */
export function partOf(srcDir: string, file: string): string {
  const segs = relative(srcDir, file).split(sep);
  return segs.length > 1 ? `${segs[0]}/` : segs[0];
}

/** The runtime module specifiers of one source text, with whether each is a dynamic `import()`. */
export function runtimeImports(fileName: string, text: string, withTypes = false): Array<{ spec: string; dynamic: boolean; type?: boolean }> {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Array<{ spec: string; dynamic: boolean; type?: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const erased = c !== undefined && (c.isTypeOnly || (c.name === undefined && c.namedBindings !== undefined
        && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.length > 0
        && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!erased) out.push({ spec: node.moduleSpecifier.text, dynamic: false });
      else if (withTypes) out.push({ spec: node.moduleSpecifier.text, dynamic: false, type: true });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.exportClause;
      const erased = node.isTypeOnly || (c !== undefined && ts.isNamedExports(c) && c.elements.length > 0
        && c.elements.every((e) => e.isTypeOnly));
      if (!erased) out.push({ spec: node.moduleSpecifier.text, dynamic: false });
      else if (withTypes) out.push({ spec: node.moduleSpecifier.text, dynamic: false, type: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      out.push({ spec: node.arguments[0].text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * Every module specifier of one source text, whether it runs or not: imports and re-exports (type-only
 * ones included), `import()` calls and `import('...')` types.
 */
export function moduleSpecifiers(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The edges between different parts of `srcDir` (relative imports that land inside it). */
export function importEdges(srcDir: string, opts: { files?: boolean } = {}): Edge[] {
  const edges: Edge[] = [];
  const part = (f: string) => (opts.files ? relative(srcDir, f) : partOf(srcDir, f));
  for (const file of tsFiles(srcDir)) {
    for (const { spec, dynamic, type } of runtimeImports(file, readFileSync(file, 'utf8'), true)) {
      if (!spec.startsWith('.')) continue;
      // TypeScript's './x.js' and AssemblyScript's extensionless './x' both name x.ts
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts').replace(/^(?!.*\.ts$)(.*)$/, '$1.ts');
      if (relative(srcDir, target).startsWith('..')) continue;   // ../build/lattice.js and the like
      const from = part(file), to = part(target);
      if (from !== to) edges.push({ from, to, fromFile: relative(srcDir, file), toFile: relative(srcDir, target), dynamic, ...(type ? { type } : {}) });
    }
  }
  return edges;
}

/**
 * The cycles of the part graph: one per strongly connected component of two or more parts, each a
 * shortest closed path through the component's first part, as the edges that make it up.
 */
export function findCycles(edges: Edge[]): Edge[][] {
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const out = new Map<string, Edge[]>(nodes.map((n) => [n, []]));
  for (const e of edges) out.get(e.from)!.push(e);
  // Tarjan's strongly connected components.
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>();
  const stack: string[] = [], comps: string[][] = [];
  let next = 0;
  const strong = (v: string): void => {
    index.set(v, next); low.set(v, next); next++; stack.push(v); onStack.add(v);
    for (const { to } of out.get(v)!) {
      if (!index.has(to)) { strong(to); low.set(v, Math.min(low.get(v)!, low.get(to)!)); }
      else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); comp.push(w); } while (w !== v);
      comps.push(comp.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) strong(n);
  const cycles: Edge[][] = [];
  for (const comp of comps.filter((c) => c.length > 1)) {
    const inComp = new Set(comp), start = comp[0];
    // Breadth-first from start inside the component, back to start.
    const via = new Map<string, Edge>();
    const queue = [start];
    let closing: Edge | undefined;
    while (queue.length > 0 && !closing) {
      const v = queue.shift()!;
      for (const e of out.get(v)!) {
        if (!inComp.has(e.to)) continue;
        if (e.to === start) { closing = e; break; }
        if (!via.has(e.to)) { via.set(e.to, e); queue.push(e.to); }
      }
    }
    const path: Edge[] = [closing!];
    for (let v = closing!.from; v !== start; v = via.get(v)!.from) path.unshift(via.get(v)!);
    cycles.push(path);
  }
  return cycles;
}

/** A cycle as text: `a -> b (a/x.ts imports b/y.ts) -> ...`, dynamic imports marked. */
export function describeCycle(cycle: Edge[]): string {
  return cycle.map((e) => `${e.from} -> ${e.to}   (${e.fromFile} ${e.dynamic ? 'import()s' : e.type ? 'imports types of' : 'imports'} ${e.toFile})`).join('\n');
}
