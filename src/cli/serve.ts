/** `lattice serve`: the page over HTTP (src/serve.ts), until Ctrl-C. */
import type { Command } from 'commander';
import { intArg } from './args.js';
import { note, out } from './output.js';

/** Registers `lattice serve`. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the page to play and analyse every game in a browser (cross-origin isolated; Ctrl-C stops it)')
    .option('--port <port>', 'TCP port (0: any free one)', intArg('--port', 0, 65535), 8080)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--tb-dir <dir>',
      'directory of table files (lattice tablebase build, lattice solve), checked at start: the page shows their ' +
        'verdict for the games they are of',
    )
    .option('--open', 'open the page in the default browser')
    .option(
      '--json',
      'print one JSON object on stdout once listening: { url, host, port, isolated, tablebase, tables } ' +
        '(tables: [{ variant, options, kind }], one a set of tables in --tb-dir)',
    )
    .action(async (o: { port: number; host: string; tbDir?: string; open?: boolean; json?: boolean }) => {
      const { startServer } = await import('../serve.js');
      const server = await startServer({ port: o.port, host: o.host, tbDir: o.tbDir });
      const { url, host, port, isolated, tablebase, tables } = server;
      out(o.json ? JSON.stringify({ url, host, port, isolated, tablebase, tables }) : `lattice serve: ${url}`);
      if (!o.json && tablebase) {
        const sets = tables.map((t) => {
          const kv = Object.entries(t.options).map(([k, v]) => `${k}=${v}`);
          return `${t.variant} (${kv.length ? kv.join(' ') : 'default options'})`;
        });
        note(`tables in ${o.tbDir}: ${sets.join(', ')} (other games show no verdict)`);
      }
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (o.open) {
        const { default: open } = await import('open');
        const failed = (err: unknown) =>
          note(
            'could not open a browser: ' +
              `${err instanceof Error ? err.message : String(err)}; open ${server.url} yourself`,
          );
        // a missing opener is an 'error' event on its process, not a rejection: the server stays up either way
        await open(server.url).then((child) => {
          child.on('error', failed);
        }, failed);
      }
    });
}
