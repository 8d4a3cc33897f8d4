import type { Endpoint } from 'comlink';
import adapter from 'comlink/dist/esm/node-adapter.mjs';

/**
 * comlink's adapter from a Node MessagePort/Worker to a comlink Endpoint. Its ES module build is
 * imported statically: bundlers and Vite's dev server serve ES modules as they are (the CommonJS build
 * breaks an unbundled module worker) and a static import needs no code splitting in a bundled worker.
 */
export function nodeEndpoint(port: unknown): Endpoint {
  return adapter(port as Parameters<typeof adapter>[0]);
}
