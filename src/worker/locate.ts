/**
 * Finds a compiled worker script next to this module (dist/src/...) or, when running from the
 * TypeScript sources (tests), in dist/ (built by `npm run build`). Node only.
 */
export async function locateCompiled(relativeToSrc: string, from: string): Promise<URL> {
  const { existsSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const here = new URL(relativeToSrc.replace(/\.ts$/, '.js'), from);
  if (existsSync(fileURLToPath(here))) return here;
  const srcRoot = new URL('./', new URL('../', import.meta.url));   // src/
  const rel = fileURLToPath(here).slice(fileURLToPath(srcRoot).length);
  const built = new URL(`../dist/src/${rel}`, srcRoot);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`the compiled worker dist/src/${rel} is missing: run "npm run build"`);
}
