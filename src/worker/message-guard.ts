/**
 * The engine worker's gate: every message to the worker's port is checked against the shape of the
 * calls EngineWorker makes (zod) before comlink sees it. comlink trusts its messages: `argumentList: 5`
 * throws inside its listener and kills a Node worker, a SET or GET reaches any property of the API, and
 * a RELEASE detaches it for good. Here a malformed message gets an error reply (a LatticeError with code
 * 'protocol') when it carries an id to answer, and is dropped otherwise; the worker keeps serving.
 *
 * Accepted messages (comlink 4 wire format):
 *   { id: string, type: 'APPLY', path: [method of EngineApi], argumentList: WireValue[] }, the arguments
 *     as ENGINE_SIGNATURES says: exactly as many as the method takes (trailing optional ones may be left
 *     off), a proxy only where a callback goes, the stop flags of create() an Int32Array of STOP_SLOTS
 *     and a stop slot an integer 0..STOP_SLOTS-1
 *   { id: string, type: 'RELEASE', path?: [] }   answered here (the API stays exposed until terminate)
 *   WireValue = { type: 'RAW', value } | { type: 'HANDLER', name: 'proxy', value: MessagePort }
 */
import type { Endpoint } from 'comlink';
import type * as Zod from 'zod';
import { LatticeError } from '../contract/errors.js';
import { STOP_SLOTS, type EngineApi } from './protocol.js';
import { serializeError } from './error-transfer.js';

/** What one argument of a call may be on the wire. */
type ArgKind =
  /** any structured-clone value (the game checks it, as in-process) */
  | 'value'
  /** undefined, or a comlink proxy (a function on the client's thread: progress callbacks) */
  | 'callback'
  /** the shared stop flags: an Int32Array of STOP_SLOTS */
  | 'flags'
  /** undefined, or the index of a stop flag, an integer 0..STOP_SLOTS-1 */
  | 'slot';

/**
 * Every EngineApi method's parameters as the client sends them (client.ts): names (for messages),
 * kinds, and how many are required (the rest may be left off; more than all of them is refused).
 */
export const ENGINE_SIGNATURES = {
  create: { params: ['variant', 'options', 'stop flags'], kinds: ['value', 'value', 'flags'], required: 3 },
  setPosition: { params: ['position'], kinds: ['value'], required: 1 },
  position: { params: [], kinds: [], required: 0 },
  legalMoves: { params: [], kinds: [], required: 0 },
  moves: { params: [], kinds: [], required: 0 },
  play: { params: ['move'], kinds: ['value'], required: 1 },
  undo: { params: [], kinds: [], required: 0 },
  result: { params: [], kinds: [], required: 0 },
  boardText: { params: ['labels'], kinds: ['value'], required: 0 },
  moverName: { params: [], kinds: [], required: 0 },
  history: { params: [], kinds: [], required: 0 },
  describe: { params: ['position'], kinds: ['value'], required: 0 },
  perft: {
    params: ['depth', 'limits', 'onProgress', 'stop slot'],
    kinds: ['value', 'value', 'callback', 'slot'],
    required: 1,
  },
  divide: {
    params: ['depth', 'limits', 'onProgress', 'stop slot'],
    kinds: ['value', 'value', 'callback', 'slot'],
    required: 1,
  },
  search: { params: ['limits', 'onIteration', 'stop slot'], kinds: ['value', 'callback', 'slot'], required: 0 },
} as const satisfies Record<
  keyof EngineApi,
  { params: readonly string[]; kinds: readonly ArgKind[]; required: number }
>;

/** The methods a client may call: every EngineApi method, nothing else. */
export const ENGINE_METHODS = Object.keys(ENGINE_SIGNATURES) as Array<keyof typeof ENGINE_SIGNATURES>;
// compile-time check that ENGINE_SIGNATURES lists exactly the keys of EngineApi (satisfies: no extra key)
type Missing = Exclude<keyof EngineApi, keyof typeof ENGINE_SIGNATURES>;
const everyMethodListed: [Missing] extends [never] ? true : never = true;
void everyMethodListed;

/** `name(a, b, c?)`: a method's parameters, the optional ones marked. */
function signatureText(method: keyof typeof ENGINE_SIGNATURES): string {
  const s = ENGINE_SIGNATURES[method];
  return `${method}(${s.params.map((p, i) => (i < s.required ? p : `${p}?`)).join(', ')})`;
}

/** How many arguments a method takes, for messages: "3 arguments", "1 to 4 arguments", "no arguments". */
function arityText(method: keyof typeof ENGINE_SIGNATURES): string {
  const s = ENGINE_SIGNATURES[method];
  const n = s.params.length;
  if (n === 0) return 'no arguments';
  const count = s.required === n ? String(n) : `${s.required} to ${n}`;
  return `${count} argument${count === '1' ? '' : 's'}`;
}

/** The zod schema of an accepted message (zod passed in by the worker entry, which imports it). */
export function requestSchema(z: typeof Zod.z) {
  const isPort = (v: unknown) => typeof MessagePort !== 'undefined' && v instanceof MessagePort;
  const raw = z.object({ type: z.literal('RAW'), value: z.unknown() });
  const proxy = z.object({
    type: z.literal('HANDLER'),
    name: z.literal('proxy'),
    value: z.custom<MessagePort>(isPort, 'expected a MessagePort'),
  });
  const wireValue = z.discriminatedUnion('type', [raw, proxy]);
  /** The schema of one argument of `kind`. */
  const argument: Record<ArgKind, Zod.ZodType> = {
    value: z.object({
      type: z.literal('RAW', { error: 'expected a value (a proxy goes only where a callback does)' }),
      value: z.unknown(),
    }),
    callback: z.union([z.object({ type: z.literal('RAW'), value: z.undefined() }), proxy], {
      error: 'expected a function (a comlink proxy) or nothing',
    }),
    flags: z.object({
      type: z.literal('RAW'),
      value: z.custom<Int32Array>(
        (v) => v instanceof Int32Array && v.length === STOP_SLOTS,
        `expected the stop flags: an Int32Array of ${STOP_SLOTS}`,
      ),
    }),
    slot: z.object({
      type: z.literal('RAW'),
      value: z.custom<number | undefined>(
        (v) => v === undefined || (Number.isInteger(v) && (v as number) >= 0 && (v as number) < STOP_SLOTS),
        `expected a stop slot, an integer 0..${STOP_SLOTS - 1}`,
      ),
    }),
  };
  const apply = z
    .object({
      id: z.string().min(1),
      type: z.literal('APPLY'),
      path: z.tuple([z.enum(ENGINE_METHODS)]),
      argumentList: z.array(wireValue),
    })
    .superRefine((m, ctx) => {
      const method = m.path[0],
        sig = ENGINE_SIGNATURES[method];
      const n = m.argumentList.length;
      if (n < sig.required || n > sig.params.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['argumentList'],
          message: `${method} takes ${arityText(method)}, ${signatureText(method)}; got ${n}`,
        });
        return;
      }
      m.argumentList.forEach((arg, i) => {
        const r = argument[sig.kinds[i]!].safeParse(arg);
        if (!r.success)
          ctx.addIssue({
            code: 'custom',
            path: ['argumentList', i],
            message: `${sig.params[i]} of ${signatureText(method)}: ${r.error.issues[0]?.message ?? 'not accepted'}`,
          });
      });
    });
  return z.discriminatedUnion('type', [
    apply,
    z.object({ id: z.string().min(1), type: z.literal('RELEASE'), path: z.array(z.string()).max(0).optional() }),
  ]);
}

/** The reason a message is refused, one line: "path: problem; ...". */
function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 4)
    .map((i) => `${i.path.map(String).join('.') || 'message'}: ${i.message}`)
    .join('; ');
}

/**
 * Wraps the worker's endpoint `ep` so comlink only receives messages `schema` accepts. A refused
 * message with a string `id` gets an error reply: a rejected call on the client side with a LatticeError
 * (code 'protocol') naming what is wrong. RELEASE messages are answered here and not passed on.
 */
export function guardEndpoint(ep: Endpoint, schema: ReturnType<typeof requestSchema>): Endpoint {
  const wrapped = new WeakMap<object, (ev: MessageEvent) => void>();
  const reply = (id: unknown, wire: object) => {
    if (typeof id === 'string' && id) ep.postMessage({ ...wire, id });
  };
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => ep.postMessage(message, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object) {
      if (type !== 'message') {
        ep.addEventListener(type, listener, options);
        return;
      }
      const deliver = (ev: MessageEvent) => {
        if (typeof listener === 'function') listener(ev);
        else listener.handleEvent(ev);
      };
      const gate = (ev: MessageEvent) => {
        const data: unknown = ev?.data;
        const id = data !== null && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
        const r = schema.safeParse(data);
        if (!r.success) {
          const err = new LatticeError(
            'protocol',
            `malformed message to the engine worker: ${describeIssues(r.error.issues)}`,
          );
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
