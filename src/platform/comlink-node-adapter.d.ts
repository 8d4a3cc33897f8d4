// Types of comlink's ES module build of its Node adapter: the package ships node-adapter.d.ts beside
// node-adapter.mjs, which NodeNext resolution does not pair with an .mjs file (it looks for .d.mts).
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  /** Wraps a Node MessagePort or Worker (on/off/postMessage) as a comlink Endpoint. */
  export default function nodeEndpoint(port: {
    postMessage(message: unknown, transfer?: unknown[]): void;
    on(type: string, listener: (data: unknown) => void): void;
    off(type: string, listener: (data: unknown) => void): void;
    start?: () => void;
  }): Endpoint;
}
