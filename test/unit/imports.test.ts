// The import rules of src/ and assembly/ (issue 9, issue 33; docs/architecture.md) are declared in
// .dependency-cruiser.cjs and checked by `npm run lint` (dependency-cruiser), which .ci/run runs: no cycle
// between files or folders of src/ (type-only imports and import() count), none between files of the core,
// platform/ and contract/ at the bottom, maka/ and board/ importing only contract/, the page and the CLI
// reaching the games only through the family contract. What it cannot express is a text search: the page
// (src/web/) holds no variant id anywhere, in code, markup, styles or configs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listVariants } from '../../src/engine.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

describe('the page (src/web/) knows the games only through src/engine.ts', () => {
  const web = join(SRC, 'web');
  const files = readdirSync(web, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();

  it('names no variant: no file of it holds a variant id of listVariants()', () => {
    const ids = listVariants().map((v) => v.id);
    expect(ids.length).toBeGreaterThan(5);
    expect(files.length).toBeGreaterThan(10); // sources, index.html, style.css, configs
    const named = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return ids.filter((id) => text.includes(id)).map((id) => `${relative(SRC, f)} holds "${id}"`);
    });
    expect(named).toEqual([]);
  });
});
