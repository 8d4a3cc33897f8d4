/** `lattice variants`: every variant of every family, with its options, defaults and rule sources. */
import type { Command } from 'commander';
import { listVariants } from '../engine.js';
import { out } from './output.js';

/** Registers `lattice variants`. */
export function registerVariants(program: Command): void {
  program
    .command('variants')
    .description('list the variants with their options, defaults and rule sources')
    .option('--json', 'print one JSON object on stdout')
    .action((o: { json?: boolean }) => {
      const list = listVariants();
      if (o.json) {
        out(JSON.stringify({ variants: list }));
        return;
      }
      for (const v of list) {
        out(`${v.id}  ${v.name}  (${v.source})\n  start: ${v.start}`);
        for (const d of v.options) {
          const range = d.type === 'int' ? `<${d.min}..${d.max ?? ''}>` : '';
          out(
            `  --option ${d.name}=${[...(d.values ?? []), range].filter(Boolean).join('|')}  default ${d.default}: ` +
              `${d.description} [${d.source}]`,
          );
        }
      }
    });
}
