/**
 * Errors across the worker boundary with their class. comlink's own "throw" transfer handler sends an
 * Error's name, message and stack and rebuilds a plain Error, so `instanceof ParseError` and `err.code`
 * would be lost. This replaces it, on both sides (each thread has its own comlink module), by one that
 * sends an Error as an ErrorRecord (errors.ts) and rebuilds it with reviveError; anything else (a thrown
 * non-Error, a record from some other comlink peer) goes through comlink's handler unchanged.
 *
 * Wire shape of a thrown Error: `{ type: 'HANDLER', name: 'throw', value: { latticeError: ErrorRecord } }`.
 */
import type { TransferHandler } from 'comlink';
import { errorRecord, reviveError, type ErrorRecord } from '../contract/errors.js';

type Handlers = Map<string, TransferHandler<unknown, unknown>>;
const INSTALLED = Symbol.for('lattice-engine.errorTransfer');

/** The value part of a thrown error on the wire: `{ latticeError: ErrorRecord }`. */
export function serializeError(e: Error): { latticeError: ErrorRecord } {
  return { latticeError: errorRecord(e) };
}

/**
 * Installs the error handler in `handlers` (comlink's `transferHandlers` of this thread); installing it
 * twice is harmless. The worker throws and the client rebuilds, but both sides install it.
 */
export function installErrorTransfer(handlers: Handlers): void {
  const base = handlers.get('throw');
  if (!base || (base as { [INSTALLED]?: boolean })[INSTALLED]) return;
  const handler: TransferHandler<unknown, unknown> & { [INSTALLED]: boolean } = {
    [INSTALLED]: true,
    canHandle: base.canHandle,
    serialize(thrown) {
      const value = (thrown as { value: unknown }).value;
      return value instanceof Error ? [serializeError(value), []] : base.serialize(thrown);
    },
    deserialize(s) {
      const rec = (s as { latticeError?: ErrorRecord } | null)?.latticeError;
      if (rec && typeof rec === 'object' && typeof rec.name === 'string' && typeof rec.message === 'string') {
        throw reviveError({
          name: rec.name,
          message: rec.message,
          stack: rec.stack,
          props: rec.props && typeof rec.props === 'object' ? rec.props : {},
        });
      }
      return base.deserialize(s);
    },
  };
  handlers.set('throw', handler);
}
