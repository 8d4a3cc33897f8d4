/**
 * The solvers' loader as the registry attaches it to the lattice games (src/lattice/tables.ts
 * TablesLoader; src/engine.ts): light, it imports the solvers (./index.ts: files, threads, Node only)
 * when a game first loads tables, so that the rest of the engine runs in browsers, where bundles map
 * ./index.js to ./browser.ts (package.json "browser"; src/web/vite.config.ts).
 */
import type { TablesLoader } from '../lattice/tables.js';

/** See TablesLoader; loads ./index.ts on the first call. */
export const tablesPort: TablesLoader = async (...args) => (await import('./index.js')).loadTablesInto(...args);
