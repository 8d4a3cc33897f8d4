import type { Endpoint } from 'comlink';

/**
 * comlink's adapter from a Node MessagePort/Worker to a comlink Endpoint. The adapter ships as CommonJS
 * (module.exports = fn); under NodeNext typing its default import looks like a namespace, so unwrap.
 */
export async function nodeEndpoint(port: unknown): Promise<Endpoint> {
  const mod = (await import('comlink/dist/umd/node-adapter.js')) as unknown as { default: unknown };
  const d = mod.default as ((p: unknown) => Endpoint) | { default: (p: unknown) => Endpoint };
  return (typeof d === 'function' ? d : d.default)(port);
}
