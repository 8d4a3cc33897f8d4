/**
 * Which solver covers a hunt game under its options: the route `lattice solve` takes, said here by the
 * solvers rather than decided by the CLI. Bagh Chal's rule profile (the core's `fastProfile()`, derived
 * from the RuleSet: assembly/rules.ts `fast`) has its own movement-phase and placement solver
 * (./index.ts, ./placement.ts); every other game goes to the generic retrograde solver (./generic.ts),
 * which says itself when it does not cover one.
 */
import { VARIANTS, getVariant, resolveOptions } from '../variants/index.js';
import { loadVariantCore } from '../lattice/core/setup.js';

/**
 * 'movement': Bagh Chal's movement-phase tablebases and placement solve (its rule profile);
 * 'generic': the generic retrograde solver.
 */
export type SolverRoute = 'movement' | 'generic';

/**
 * The solver that covers `variant` under `options`: 'movement' when the variant has Bagh Chal's rule
 * profile under them, else 'generic' (a variant of a family without tablebases too: the generic solver
 * then refuses it, saying why). Sets up a core of the variant to ask its rule profile. Throws
 * OptionError for an unknown option or a bad value; the variant's name is the caller's to check first
 * (src/engine.ts checkGameArgs names every family's variants).
 */
export async function solverOf(variant: string, options: Record<string, string | number> = {}): Promise<SolverRoute> {
  if (!VARIANTS.has(variant)) return 'generic';
  const v = getVariant(variant);
  const { core } = await loadVariantCore(v, resolveOptions(v, options));
  return core.exports.fastProfile() === 1 ? 'movement' : 'generic';
}
