#!/usr/bin/env node
/**
 * The `lattice` command (commander). Every command takes --json (one JSON object on stdout) and prints
 * readable text otherwise. Bad input prints one line `error: ...` on stderr and exits 2. Long commands
 * (perft, search, play, analyse, tablebase build, solve) report progress on stderr when it is a
 * terminal (--progress forces it, --no-progress silences it); stdout carries only the results.
 *
 * This entry runs the program (program.ts) and maps errors to exit codes; each command group registers
 * itself from its own module: perft.ts, play.ts (search, play, analyse), solve.ts (tablebase, solve),
 * serve.ts, jobs.ts (worker, jobs), variants.ts. The option combinations that mean nothing are refused
 * before a command runs, from one table (combinations.ts). The games are reached only through the family
 * contract (src/engine.ts, src/contract/) and the solvers' API (src/solve/).
 */
import './early-signals.js'; // first: signals end the run from the start (exit 130 / 143)
import { CommanderError } from 'commander';
import { LatticeError } from '../contract/errors.js';
import { handleClosedPipes } from './output.js';
import { buildProgram } from './program.js';

handleClosedPipes();

const program = buildProgram();

/** `error: <message>` on stderr, the message on one line. */
const errorLine = (message: string) => process.stderr.write(`error: ${message.replace(/\s*\n\s*/g, ' ')}\n`);

// exitCode, not process.exit(): let stdout and stderr drain before the process ends
try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exitCode = err.exitCode === 0 ? 0 : 2;
  else if (err instanceof LatticeError) {
    errorLine(err.message);
    process.exitCode = 2;
  } else if (err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string') {
    // the file system refused (a missing directory, no permission, a full disk): the user's to fix
    errorLine(err.message);
    process.exitCode = 2;
  } else {
    process.stderr.write(`internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
