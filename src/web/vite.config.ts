// Builds the page of `lattice serve` (src/web) into dist/web: `npm run build:web`. The engine's
// WebAssembly and its worker are bundled from src/ as any app bundles them (src/lattice/core/wasm.ts,
// src/worker/client.ts use the patterns bundlers understand).
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { pieceFontPlugin } from '../../scripts/piece-font.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const isolation = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

const tablebaseNode = fileURLToPath(new URL('../solve/index.ts', import.meta.url));
const tablebaseBrowser = fileURLToPath(new URL('../solve/browser.ts', import.meta.url));

// what package.json's "browser" field does for the built package: the page carries no Node modules
const tablebaseForBrowsers = (): Plugin => ({
  name: 'lattice-tablebase-browser',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!/(^|\/)index(\.[jt]s)?$/.test(source)) return null;
    const r = await this.resolve(source, importer, { ...options, skipSelf: true });
    return r && r.id === tablebaseNode ? tablebaseBrowser : null;
  },
});

export default defineConfig({
  root: here,
  // pieceFontPlugin: the page's own font for the pieces' kanji (scripts/piece-font.ts)
  plugins: [tablebaseForBrowsers(), pieceFontPlugin()],
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es', plugins: () => [tablebaseForBrowsers()] },
  server: { headers: isolation },
  preview: { headers: isolation },
});
