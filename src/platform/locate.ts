/**
 * Finds a compiled worker script next to the module at `from` (dist/src/...) or, when running from the
 * TypeScript sources (tests), in dist/ (built by `npm run build`). Node only (the Node modules come
 * through process.getBuiltinModule, Node >= 20.16, so that bundlers of browser apps never see them).
 * `relativeToSrc` is the script's path relative to `from` (`./engine-worker.js`; `.ts` is read as `.js`).
 * Rejects with an Error naming dist/src/<path> when neither file exists.
 */
export async function locateCompiled(relativeToSrc: string, from: string): Promise<URL> {
  const { existsSync } = process.getBuiltinModule('node:fs');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  const here = new URL(relativeToSrc.replace(/\.ts$/, '.js'), from);
  if (existsSync(fileURLToPath(here))) return here;
  const srcRoot = new URL('./', new URL('../', import.meta.url)); // src/
  const rel = fileURLToPath(here).slice(fileURLToPath(srcRoot).length);
  const built = new URL(`../dist/src/${rel}`, srcRoot);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`the compiled worker dist/src/${rel} is missing: run "npm run build"`);
}
