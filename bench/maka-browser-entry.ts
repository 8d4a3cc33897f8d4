// The Maka Dai Dai searches of bench/maka-browser.js, bundled as the page bundles the engine (Vite, src/ in
// TypeScript): one run is a fresh game (an empty table, repetition off) searched to a fixed depth or perft'd, as
// bench/maka.js and bench/maka-speed.js time them. The same bundle runs in Node and in Chromium.
import { MakaGame } from '../src/maka/game.js';

/** The start position's text. */
export const start = (): string => MakaGame.create().position();

/** One search (kind 'search') or perft of `position` to `depth`: [nodes or leaves, milliseconds]. */
export function run(kind: 'search' | 'perft', position: string, depth: number): [number, number] {
  const g = MakaGame.create({ position, options: { repetition: 'none' } });
  try {
    const t0 = performance.now();
    const n = kind === 'perft' ? g.perft(depth) : g.search({ depth }).nodes;
    return [n, performance.now() - t0];
  } finally {
    g.dispose();
  }
}
