/**
 * The engine worker's gate: every message to the worker's port is checked against the shape of the
 * calls EngineWorker makes (zod) before comlink sees it. comlink trusts its messages: `argumentList: 5`
 * throws inside its listener and kills a Node worker, a SET or GET reaches any property of the API, and
 * a RELEASE detaches it for good. Here a malformed message gets an error reply (a LatticeError with code
 * 'protocol') when it carries an id to answer, and is dropped otherwise; the worker keeps serving.
 *
 * Accepted messages (comlink 4 wire format):
 *   { id: string, type: 'APPLY', path: [method of EngineApi], argumentList: WireValue[] (at most 4) }
 *   { id: string, type: 'RELEASE', path?: [] }   answered here (the API stays exposed until terminate)
 *   WireValue = { type: 'RAW', value } | { type: 'HANDLER', name: 'proxy', value: MessagePort }
 */
import type { Endpoint } from 'comlink';
import type * as Zod from 'zod';
import { LatticeError } from '../errors.js';
import type { EngineApi } from './protocol.js';
import { serializeError } from './error-transfer.js';

/** The methods a client may call: every EngineApi method, nothing else. */
export const ENGINE_METHODS = ['create', 'setPosition', 'position', 'legalMoves', 'moves', 'play', 'undo', 'result', 'perft', 'divide', 'search'] as const;
// compile-time check that ENGINE_METHODS lists exactly the keys of EngineApi
type Missing = Exclude<keyof EngineApi, (typeof ENGINE_METHODS)[number]>;
const everyMethodListed: [Missing] extends [never] ? true : never = true;
void everyMethodListed;

/** The zod schema of an accepted message (zod passed in by the worker entry, which imports it). */
export function requestSchema(z: typeof Zod.z) {
  const isPort = (v: unknown) => typeof MessagePort !== 'undefined' && v instanceof MessagePort;
  const wireValue = z.discriminatedUnion('type', [
    z.object({ type: z.literal('RAW'), value: z.unknown() }),
    z.object({ type: z.literal('HANDLER'), name: z.literal('proxy'), value: z.custom<MessagePort>(isPort, 'expected a MessagePort') }),
  ]);
  return z.discriminatedUnion('type', [
    z.object({ id: z.string().min(1), type: z.literal('APPLY'), path: z.tuple([z.enum(ENGINE_METHODS)]), argumentList: z.array(wireValue).max(4) }),
    z.object({ id: z.string().min(1), type: z.literal('RELEASE'), path: z.array(z.string()).max(0).optional() }),
  ]);
}

/** The reason a message is refused, one line: "path: problem; ...". */
function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.slice(0, 4).map((i) => `${i.path.map(String).join('.') || 'message'}: ${i.message}`).join('; ');
}

/**
 * Wraps the worker's endpoint `ep` so comlink only receives messages `schema` accepts. A refused
 * message with a string `id` gets an error reply: a rejected call on the client side with a LatticeError
 * (code 'protocol') naming what is wrong. RELEASE messages are answered here and not passed on.
 */
export function guardEndpoint(ep: Endpoint, schema: ReturnType<typeof requestSchema>): Endpoint {
  const wrapped = new WeakMap<object, (ev: MessageEvent) => void>();
  const reply = (id: unknown, wire: object) => { if (typeof id === 'string' && id) ep.postMessage({ ...wire, id }); };
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => ep.postMessage(message, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object) {
      if (type !== 'message') { ep.addEventListener(type, listener, options); return; }
      const deliver = (ev: MessageEvent) => { if (typeof listener === 'function') listener(ev); else listener.handleEvent(ev); };
      const gate = (ev: MessageEvent) => {
        const data: unknown = ev?.data;
        const id = data !== null && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
        const r = schema.safeParse(data);
        if (!r.success) {
          const err = new LatticeError('protocol', `malformed message to the engine worker: ${describeIssues(r.error.issues)}`);
          reply(id, { type: 'HANDLER', name: 'throw', value: serializeError(err) });
        } else if (r.data.type === 'RELEASE') {
          reply(id, { type: 'RAW', value: undefined });
        } else {
          deliver(ev);
        }
      };
      wrapped.set(listener, gate);
      ep.addEventListener('message', gate as EventListener, options);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object) {
      const gate = type === 'message' ? wrapped.get(listener) : undefined;
      ep.removeEventListener(type, (gate as EventListener | undefined) ?? listener, options);
    },
    ...(ep.start ? { start: () => ep.start!() } : {}),
  };
}
