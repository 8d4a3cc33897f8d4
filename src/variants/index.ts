import { OptionError, UnknownVariantError } from '../errors.js';
import { baghChal } from './bagh-chal.js';
import type { OptionDecl, OptionValues, Variant } from './types.js';

export type { OptionDecl, OptionValues, Variant, HuntVariant, PieceDecl, EvalWeights } from './types.js';
export { EVAL_FEATURES } from './types.js';

/** Every declared variant, by id. */
export const VARIANTS: ReadonlyMap<string, Variant> = new Map([[baghChal.id, baghChal]]);

/** Variants played outside the lattice core, in the TypeScript host (src/maka: MakaGame). */
export const HOST_VARIANT_IDS: readonly string[] = Object.freeze(['maka-dai-dai']);

/** Every variant id the engine plays: the lattice games, then the host-played ones. */
export function allVariantIds(): string[] { return [...VARIANTS.keys(), ...HOST_VARIANT_IDS]; }

/**
 * The lattice-core variant declared as `id`. Throws UnknownVariantError naming every known id (or, for
 * a host-played variant such as maka-dai-dai, saying how to create it).
 */
export function getVariant(id: string): Variant {
  const v = VARIANTS.get(id);
  if (!v) {
    throw HOST_VARIANT_IDS.includes(id)
      ? new UnknownVariantError(id, allVariantIds(), 'is not a lattice game: create it with MakaGame.create() or createGame()')
      : new UnknownVariantError(id, allVariantIds());
  }
  return v;
}

function parseValue(v: Variant, decl: OptionDecl, raw: number | string): number | string {
  if (decl.type === 'int') {
    const s = String(raw).trim();
    if (!/^-?\d+$/.test(s)) throw new OptionError(`option ${decl.name} of ${v.id} must be an integer, got "${raw}"`);
    const n = Number(s);
    if ((decl.min !== undefined && n < decl.min) || (decl.max !== undefined && n > decl.max)) {
      throw new OptionError(`option ${decl.name} of ${v.id} must be in ${decl.min}..${decl.max}, got ${n}`);
    }
    return n;
  }
  const s = String(raw);
  if (!decl.values!.includes(s)) {
    throw new OptionError(`option ${decl.name} of ${v.id} must be one of ${decl.values!.join('|')}, got "${s}"`);
  }
  return s;
}

/**
 * Resolves user option values against the variant's declarations: unknown names and bad values throw
 * OptionError naming the option; missing ones take their defaults.
 */
export function resolveOptions(v: Variant, given: Record<string, number | string> = {}): OptionValues {
  const out: OptionValues = Object.create(null);
  for (const d of v.options) out[d.name] = d.default;
  for (const [name, raw] of Object.entries(given)) {
    const decl = v.options.find((d) => d.name === name);
    if (!decl) {
      throw new OptionError(`unknown option ${JSON.stringify(name)} for ${v.id} (options: ${v.options.map((d) => d.name).join(', ')})`);
    }
    out[name] = parseValue(v, decl, raw);
  }
  return out;
}

/** Parses `key=value` strings (the CLI's repeated --option). Throws OptionError on a malformed item. */
export function parseOptionArgs(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const item of items) {
    const i = item.indexOf('=');
    if (i <= 0) throw new OptionError(`option ${JSON.stringify(item)} must look like key=value`);
    const key = item.slice(0, i);
    if (Object.hasOwn(out, key)) throw new OptionError(`option "${key}" is given twice`);
    out[key] = item.slice(i + 1);
  }
  return out;
}
