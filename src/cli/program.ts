/**
 * The `lattice` program (commander) without running it: every command group registered from its own
 * module (perft.ts, play.ts, solve.ts, serve.ts, jobs.ts, variants.ts), an option given twice refused
 * (args.ts refuseRepeats) and the option combinations that mean nothing refused before any action runs
 * (combinations.ts). main.ts runs it; the tests parse suggested command lines with it.
 */
import { Command } from 'commander';
import { listVariants } from '../engine.js';
import { refuseRepeats } from './args.js';
import { checkCombinations } from './combinations.js';
import { registerPerft } from './perft.js';
import { registerPlay } from './play.js';
import { registerSolve } from './solve.js';
import { registerServe } from './serve.js';
import { registerJobs } from './jobs.js';
import { registerVariants } from './variants.js';

/** A new `lattice` program: errors throw (exitOverride), commander's own messages one line on stderr. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('lattice')
    .description(
      'lattice-engine: perft, search and self-play for hunt and capture games (variants: ' +
        `${listVariants()
          .map((v) => v.id)
          .join(', ')})`,
    )
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ outputError: (s, write) => write(s.split('\n')[0] + '\n') });

  // in the order `lattice --help` lists them
  registerPerft(program);
  registerPlay(program);
  registerSolve(program);
  registerServe(program);
  registerJobs(program);
  registerVariants(program);
  refuseRepeats(program);
  program.hook('preAction', (_program, action) => checkCombinations(action));
  return program;
}
