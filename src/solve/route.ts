/**
 * Which solver covers a hunt game under its options: the route `lattice solve` takes, said here by the
 * solvers rather than decided by the CLI. Bagh Chal's rule profile (src/rules/profile.ts hasFastProfile,
 * read from the RuleSet: the core's `fastProfile()`, assembly/rules.ts `fast`, without setting up a core)
 * has its own movement-phase and placement solver (./index.ts, ./placement.ts); every other game goes to
 * the generic retrograde solver (./generic.ts), which says itself when it does not cover one. ./seam.ts
 * solverFor hands out the solver of the route behind one interface.
 */
import { VARIANTS, getVariant, resolveOptions } from '../variants/index.js';
import { hasFastProfile } from '../rules/profile.js';

/**
 * 'movement': Bagh Chal's movement-phase tablebases and placement solve (its rule profile);
 * 'generic': the generic retrograde solver.
 */
export type SolverRoute = 'movement' | 'generic';

/**
 * The solver that covers `variant` under `options`: 'movement' when the variant has Bagh Chal's rule
 * profile under them, else 'generic' (a variant of a family without tablebases too: the generic solver
 * then refuses it, saying why). Reads the profile from the variant's RuleSet (hasFastProfile): no core is
 * set up. Throws OptionError for an unknown option or a bad value; the variant's name is the caller's to
 * check first (src/engine.ts checkGameArgs names every family's variants).
 */
export function solverOf(variant: string, options: Record<string, string | number> = {}): SolverRoute {
  if (!VARIANTS.has(variant)) return 'generic';
  const v = getVariant(variant);
  return hasFastProfile(v.rules(resolveOptions(v, options))) ? 'movement' : 'generic';
}
