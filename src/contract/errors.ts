/**
 * Typed errors of the public API. Every error the engine throws on bad input is a LatticeError with a
 * stable `code`; the CLI prints `error: <message>` on stderr and exits 2 for these.
 */
export class LatticeError extends Error {
  /** Stable machine-readable code, e.g. 'parse', 'illegal-move', 'unknown-variant', 'option', 'rules', 'argument'. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'LatticeError';
    this.code = code;
  }
}

/** A value for an error message: strings quoted, numbers as they are, arrays as such, anything else with its type. */
export function describeValue(v: unknown): string {
  if (Array.isArray(v)) return `an array (length ${v.length})`;
  return typeof v === 'string'
    ? JSON.stringify(v)
    : typeof v === 'number'
      ? String(v)
      : `${String(v)} (${v === null ? 'null' : typeof v})`;
}

/** A move value for messages: JSON where it can be (BigInts and cycles too), at most ~80 characters. */
export function showValue(v: unknown): string {
  let t: string;
  try {
    t = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v);
  } catch {
    t = Object.prototype.toString.call(v);
  }
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/** The input around `column` for a one-line message: JSON-quoted, at most ~60 characters of it. */
function excerpt(input: string, column: number): string {
  if (input.length <= 60) return JSON.stringify(input);
  const from = Math.max(0, Math.min(column - 30, input.length - 60));
  return (from > 0 ? '…' : '') + JSON.stringify(input.slice(from, from + 60)) + (from + 60 < input.length ? '…' : '');
}

/** A position string or move text that does not parse; `column` is 1-based in `input`. */
export class ParseError extends LatticeError {
  readonly input: string;
  readonly column: number;
  constructor(what: string, input: string, column: number, reason: string) {
    super('parse', `bad ${what} at column ${column}: ${reason} (in ${excerpt(input, column)})`);
    this.name = 'ParseError';
    this.input = input;
    this.column = column;
  }
}

/**
 * Why a well-formed position cannot be a position of its game (the reason codes of {@link PositionError}):
 * - `malformed`: a hand-built Setup out of shape (array lengths, counts, side, point indices);
 * - `count`: pieces of a side (or of a kind) that do not add up to, or exceed, what the game has;
 * - `stack`: a stack of a side that does not stack, or where or taller than the game starts one;
 * - `king`: a king (draughts) of a side that has no promotion rank, or in a game without kings;
 * - `promotion-rank`: a man (draughts) on the rank where it would have become a king;
 * - `unreachable-point`: a piece on a point no piece of its kind can reach from where the game starts them;
 * - `hand`: pieces in hand of a side that does not place, beyond the start's hand, or not matching the
 *   turns played;
 * - `captured`: captured pieces of a side that cannot be captured, or more than the moves made can take;
 * - `no-pieces`: both sides without pieces (lattice games), or both without a royal piece (Maka Dai Dai);
 * - `side-to-move`: a side to move that cannot be (the game ended with the other side to move, or the
 *   turns played say otherwise);
 * - `last`, `stall`, `clock`: the extra state (last-moved point, stall count, move clock) that cannot be;
 * - `promoted`: more promoted pieces (Maka Dai Dai) than the captures made can have promoted.
 */
export type PositionFault =
  | 'malformed'
  | 'count'
  | 'stack'
  | 'king'
  | 'promotion-rank'
  | 'unreachable-point'
  | 'hand'
  | 'captured'
  | 'no-pieces'
  | 'side-to-move'
  | 'last'
  | 'stall'
  | 'clock'
  | 'promoted';

/** The part of a position string a {@link PositionError} is about. */
export type PositionField = 'board' | 'side' | 'hand' | 'captured' | 'extra';

/**
 * A well-formed position string that cannot arise under its game's rules (a ParseError, code 'parse',
 * so every catch of a ParseError still holds): `reason` the fault's code ({@link PositionFault}),
 * `field` the part of the string it is about, `point` the point or square it names (e.g. 'a9'), if any;
 * `column` (1-based) points at the piece, count or field at fault. The message says why.
 */
export class PositionError extends ParseError {
  readonly reason: PositionFault;
  readonly field: PositionField;
  readonly point?: string;
  constructor(
    input: string,
    column: number,
    reason: PositionFault,
    field: PositionField,
    message: string,
    point?: string,
  ) {
    super('position', input, column, message);
    this.name = 'PositionError';
    this.reason = reason;
    this.field = field;
    if (point !== undefined) this.point = point;
  }
}

/** A well-formed move that is not legal in the current position. */
export class IllegalMoveError extends LatticeError {
  constructor(move: string, position: string, why: string) {
    // a move of thousands of characters (a pasted path) is shown by its start, as ParseError does
    const shown = move.length > 80 ? `${move.slice(0, 77)}...` : move;
    super('illegal-move', `illegal move "${shown}" in ${position}: ${why}`);
    this.name = 'IllegalMoveError';
  }
}

/** A variant name that is not declared (or, with `why`, one this entry point does not play). */
export class UnknownVariantError extends LatticeError {
  constructor(name: string, known: string[], why?: string) {
    super(
      'unknown-variant',
      why ? `variant "${name}" ${why}` : `unknown variant "${name}" (known: ${known.join(', ')})`,
    );
    this.name = 'UnknownVariantError';
  }
}

/** An unknown option, or a value outside the option's type or range. */
export class OptionError extends LatticeError {
  constructor(message: string) {
    super('option', message);
    this.name = 'OptionError';
  }
}

/**
 * A rules record (RuleSet, src/rules/) that fails its schema: an unknown key, a wrong type, or a
 * constraint of the hunt family broken. `path` is the dotted path of the first bad field
 * (e.g. `sides.0.capture`); the message names every bad field with its path.
 */
export class RulesError extends LatticeError {
  readonly path: string;
  constructor(path: string, message: string) {
    super('rules', message);
    this.name = 'RulesError';
    this.path = path;
  }
}

/** A bad argument to an API call (depth out of range, no move to undo, bad limits...). */
export class ArgumentError extends LatticeError {
  constructor(message: string) {
    super('argument', message);
    this.name = 'ArgumentError';
  }
}

/**
 * A tablebase that cannot be used: a missing, corrupt, truncated or mismatched file, a directory that
 * cannot be read or written, a lock held by another run. The message names the file and the problem.
 * (Defined here, with no Node imports, so that the main entry and the worker client can export and
 * revive it; src/solve/format.ts re-exports it.)
 */
export class TablebaseError extends LatticeError {
  constructor(message: string) {
    super('tablebase', message);
    this.name = 'TablebaseError';
  }
}

/**
 * A table manifest (src/solve/manifest.ts, `<set>.manifest.json`) that cannot be used: not readable, not
 * JSON, or not a manifest of this format (a field missing or of the wrong type, a file name that is not a
 * plain name of its set, a file listed twice). The message names the manifest's path and the first problem.
 * Code 'manifest'.
 */
export class ManifestError extends LatticeError {
  constructor(message: string) {
    super('manifest', message);
    this.name = 'ManifestError';
  }
}

/**
 * A Redis server that cannot be used for distributed runs (src/distributed/, `--redis URL`): a URL that
 * is not a `redis:`/`rediss:` URL (naming what is wrong in it), a server that does not answer within the
 * connection timeout, refuses the password, or is too old for BullMQ, or a connection lost mid-run. The
 * message names the server (host:port, never the password) and what happened. Code 'redis'.
 */
export class RedisError extends LatticeError {
  constructor(message: string) {
    super('redis', message);
    this.name = 'RedisError';
  }
}

/**
 * A job of a distributed run (src/distributed/) that failed on a worker after its attempts, or whose
 * result failed the coordinator's checks (not an integer count, not its own job id, a layer file that
 * does not match what the job reported). `jobId` names the job (its Redis key is `bull:lattice:<jobId>`).
 * Code 'job'.
 */
export class JobError extends LatticeError {
  readonly jobId: string;
  constructor(jobId: string, message: string) {
    super('job', message);
    this.name = 'JobError';
    this.jobId = jobId;
  }
}

/**
 * The refusal of a game outside the tablebase profile (the core derives it from the RuleSet:
 * assembly/rules.ts `fast`): Game.loadTablebase, buildTablebase, solveGame and countPositions all say it.
 */
export function noTablebaseError(id: string): TablebaseError {
  return new TablebaseError(
    `${id} has no movement-phase tablebase: those cover games with Bagh Chal's rule ` +
      `profile (single jumps, no stacks, only the prey place); the other hunt games ` +
      `are solved whole by "lattice solve ${id}" (--dir: where to write the tables)`,
  );
}

/** A method called on a Game or MakaGame after its dispose(). */
export class DisposedError extends LatticeError {
  constructor(what: string) {
    super('disposed', `this ${what} was disposed: its core instance is freed, create a new one`);
    this.name = 'DisposedError';
  }
}

/**
 * The error of a call on a game while a search or perft runs on it (made from that run's onIteration or
 * onProgress callback): a LatticeError with code 'busy'. `what` is the class ('Game'), `method` the
 * call refused, `running` the run in progress ('search', 'perft', ...).
 */
export function busyError(what: string, method: string, running: string): LatticeError {
  return new LatticeError(
    'busy',
    `the game is searching: ${what}.${method}() cannot be called while its ` +
      `${running}() runs (from its callback); call it after ${running}() has returned`,
  );
}

/**
 * A thrown Error as a small structured-clone-safe record, for crossing a thread boundary (the engine
 * worker sends these; reviveError rebuilds the error). `props` holds the error's own primitive fields
 * (`code`, ParseError's `input` and `column`, ...).
 */
export interface ErrorRecord {
  name: string;
  message: string;
  stack?: string;
  props: Record<string, string | number | boolean>;
}

/** The error classes reviveError rebuilds by name; other names with a `code` become a LatticeError. */
const LATTICE_CLASSES: Record<string, { prototype: LatticeError }> = {
  LatticeError,
  ParseError,
  PositionError,
  IllegalMoveError,
  UnknownVariantError,
  OptionError,
  RulesError,
  ArgumentError,
  DisposedError,
  TablebaseError,
  ManifestError,
  RedisError,
  JobError,
};
const BUILTIN_CLASSES: Record<string, ErrorConstructor> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

/** The record of `e` (see ErrorRecord). */
export function errorRecord(e: Error): ErrorRecord {
  const props: ErrorRecord['props'] = {};
  for (const [k, v] of Object.entries(e)) {
    if (
      k !== 'name' &&
      k !== 'message' &&
      k !== 'stack' &&
      (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    )
      props[k] = v;
  }
  return {
    name: String(e.name),
    message: String(e.message),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
    props,
  };
}

/**
 * Rebuilds an error from its record: an instance of the same class for this module's classes (so
 * `instanceof ParseError` or TablebaseError and `err.code` work as in-process), a LatticeError keeping
 * the name for other errors with a string `code`, the built-in class for built-in errors, else an
 * Error with the record's name. The message, the fields and the original (worker) stack are kept.
 */
export function reviveError(r: ErrorRecord): Error {
  const cls = Object.hasOwn(LATTICE_CLASSES, r.name) ? LATTICE_CLASSES[r.name] : undefined;
  let e: Error;
  if (cls || typeof r.props.code === 'string') {
    e = new LatticeError(String(r.props.code ?? 'internal'), r.message);
    if (cls) Object.setPrototypeOf(e, cls.prototype);
  } else {
    e = new (Object.hasOwn(BUILTIN_CLASSES, r.name) ? BUILTIN_CLASSES[r.name] : Error)(r.message);
  }
  if (e.name !== r.name) e.name = r.name;
  for (const [k, v] of Object.entries(r.props)) (e as unknown as Record<string, unknown>)[k] = v;
  if (r.stack !== undefined) e.stack = r.stack;
  return e;
}

/**
 * True for a value that may stand where an options or limits object is expected: an object, not null
 * and not an array (an array is an object to `typeof`, and its keys would pass checkKeys unnoticed).
 */
export function isOptionsObject(v: unknown): v is object {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Refuses keys of an option object that are not in `known` (a typo such as `{ deepth: 2 }` would else be
 * ignored silently). Throws ArgumentError naming the key, where (`what`, e.g. "search limits") and the
 * keys allowed. Keys whose value is undefined are refused too: they are typos all the same.
 */
export function checkKeys(obj: object, known: readonly string[], what: string): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) {
      throw new ArgumentError(`unknown key ${JSON.stringify(key)} in ${what} (known: ${known.join(', ')})`);
    }
  }
}
