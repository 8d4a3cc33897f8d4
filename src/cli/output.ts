/**
 * Where the CLI writes: results on stdout (`out`), progress, notes and warnings on stderr (`note`). A
 * reader that closes a pipe early (`lattice ... | head`) is not an error.
 */

/** One line of results on stdout. */
export const out = (s: string) => process.stdout.write(s + '\n');
/** One line of progress or a note on stderr. */
export const note = (s: string) => process.stderr.write(s + '\n');

/**
 * Installs the pipe handlers: stdout closed early (`lattice ... | head`) ends the process with exit 0;
 * stderr closed early (progress piped into `head`) is ignored, as nobody reads it any more.
 */
export function handleClosedPipes(): void {
  // `lattice ... | head` closes the pipe early: that is not an error
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  // the same for stderr (progress piped into `head`): nobody reads it any more, so carry on silently
  process.stderr.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
