import { ArgumentError, OptionError, RulesError, UnknownVariantError, describeValue } from '../contract/errors.js';
import { baghChal } from './bagh-chal.js';
import { catchTheGiant } from './catch-the-giant.js';
import { doubleTiger } from './double-tiger.js';
import { shepherdsAndWolves } from './shepherds-and-wolves.js';
import { surroundTheTiger } from './surround-the-tiger.js';
import { tibetan1 } from './tibetan-1.js';
import { tibetan2 } from './tibetan-2.js';
import { tibetan4 } from './tibetan-4.js';
import { permainanTabal } from './permainan-tabal.js';
import type { HuntVariant, OptionDecl, OptionValues, Variant } from './types.js';

export type {
  OptionDecl,
  OptionValues,
  Variant,
  HuntVariant,
  PieceDecl,
  EvalWeights,
  DraughtsEvalWeights,
  EvalPatterns,
} from './types.js';
export { EVAL_FEATURES, DRAUGHTS_EVAL_FEATURES } from './types.js';

/** The declarations, in the order `lattice variants` lists them. */
const DECLARATIONS: readonly HuntVariant[] = [
  baghChal,
  tibetan1,
  tibetan2,
  tibetan4,
  catchTheGiant,
  surroundTheTiger,
  doubleTiger,
  shepherdsAndWolves,
  permainanTabal,
];

/** Every declared lattice-core variant, by id. */
export const VARIANTS: ReadonlyMap<string, Variant> = new Map(DECLARATIONS.map((d) => [d.id, d]));

/** The default option values of a declaration. */
export function defaultOptions(d: Pick<HuntVariant, 'options'>): OptionValues {
  const out: OptionValues = Object.create(null);
  for (const o of d.options) out[o.name] = o.default;
  return out;
}

/**
 * The lattice-core variant declared as `id`. Throws UnknownVariantError naming the lattice ids
 * (src/engine.ts checkGameArgs names every family's; Game.create says when another family plays `id`),
 * ArgumentError for an `id` that is not a string.
 */
export function getVariant(id: string): Variant {
  if (typeof id !== 'string') throw new ArgumentError(`the variant must be a string, got ${describeValue(id)}`);
  const v = VARIANTS.get(id);
  if (!v) throw new UnknownVariantError(id, [...VARIANTS.keys()]);
  return v;
}

/**
 * The allowed values of an option, for messages: `an integer in 1..20`, `off or an integer in 1..1000000`, `one of
 * a|b`.
 */
export function allowedValues(decl: OptionDecl): string {
  if (decl.type === 'int') {
    const range = decl.max === undefined ? `an integer >= ${decl.min}` : `an integer in ${decl.min}..${decl.max}`;
    return decl.values?.length ? `${decl.values.join(' or ')} or ${range}` : range;
  }
  if (decl.type === 'point') return `a point empty at the start, one of ${decl.values!.join('|')}`;
  return `one of ${decl.values!.join('|')}`;
}

function parseValue(v: Variant, decl: OptionDecl, raw: number | string): number | string {
  const bad = () =>
    new OptionError(
      `option ${decl.name} of ${v.id} must be ${allowedValues(decl)}, got ` +
        `${typeof raw === 'string' ? JSON.stringify(raw) : String(raw)}`,
    );
  if (decl.type === 'int') {
    const s = String(raw).trim();
    if (decl.values?.includes(s)) return s;
    if (!/^-?\d+$/.test(s)) throw bad();
    const n = Number(s);
    if ((decl.min !== undefined && n < decl.min) || (decl.max !== undefined && n > decl.max)) throw bad();
    return n;
  }
  const s = String(raw);
  if (!decl.values!.includes(s)) throw bad();
  return s;
}

/**
 * Resolves user option values against the variant's declarations (OptionDecl types int, enum, point):
 * missing ones take their defaults; ints become numbers, the rest strings. Throws OptionError for an
 * unknown name (naming the options) or a bad value (naming the option and its allowed values, e.g.
 * `option stall-limit of catch-the-giant must be off or an integer in 1..1000000, got "0"`), and also
 * when the values, each in range, make rules the schema refuses (variant.rules: RulesError, reworded);
 * ArgumentError when `v` is not a declaration or `given` not an object.
 */
export function resolveOptions(v: Variant, given: Record<string, number | string> = {}): OptionValues {
  if (v === null || typeof v !== 'object' || !Array.isArray((v as { options?: unknown }).options))
    throw new ArgumentError(`resolveOptions takes a variant declaration (getVariant(id)), got ${describeValue(v)}`);
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new ArgumentError(`options must be an object of option values, got ${describeValue(given)}`);
  const out: OptionValues = Object.create(null);
  for (const d of v.options) out[d.name] = d.default;
  for (const [name, raw] of Object.entries(given)) {
    const decl = v.options.find((d) => d.name === name);
    if (!decl) {
      throw new OptionError(
        `unknown option ${JSON.stringify(name)} for ${v.id} (options: ${v.options.map((d) => d.name).join(', ')})`,
      );
    }
    out[name] = parseValue(v, decl, raw);
  }
  // the declared ranges stop where the rules schema (and so the core: RULE_LIMITS) stops; should a
  // combination of values still make rules the schema refuses, that is the user's options, named here
  try {
    v.rules(out);
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    const shown = Object.entries(given)
      .map(([k, x]) => `${k}=${String(x)}`)
      .join(' ');
    throw new OptionError(
      `options ${shown || '(the defaults)'} of ${v.id} make rules the core cannot play: ${err.message}`,
    );
  }
  return out;
}

/** The CLI's `key=value` parser, now in src/contract/args.ts (re-exported for existing importers). */
export { parseOptionArgs } from '../contract/args.js';
