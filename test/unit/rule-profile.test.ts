// Bagh Chal's rule profile read from the rules (src/rules/profile.ts hasFastProfile, what src/solve/route.ts
// chooses a solver by) against the core's own (assembly/rules.ts `fast`, read through fastProfile() of a
// core set up for the variant): for every variant under every option value that changes its rules, the
// two must agree. The values are each option's declared ones (enum and point values, an int's words,
// bounds, neighbours of the bounds and default), combined in full where the product is small and one
// option at a time from the defaults otherwise.
import { describe, expect, it } from 'vitest';
import { hasFastProfile } from '../../src/rules/profile.js';
import { checkRules, encodeRules, sideRules, type RuleSet, type SideRules } from '../../src/rules/index.js';
import { loadCore } from '../../src/lattice/core/wasm.js';
import { VARIANTS, resolveOptions, type OptionDecl, type OptionValues } from '../../src/variants/index.js';
import { loadVariantCore } from '../../src/lattice/core/setup.js';
import { OptionError } from '../../src/contract/errors.js';
import { solverOf } from '../../src/solve/route.js';

/** The values of one option worth trying: every listed value, and an int's bounds, their neighbours and default. */
function valuesOf(d: OptionDecl): Array<number | string> {
  const out = new Set<number | string>([d.default, ...(d.values ?? [])]);
  if (d.type === 'int') {
    for (const n of [d.min!, d.min! + 1, d.max! - 1, d.max!]) if (n >= d.min! && n <= d.max!) out.add(n);
  }
  return [...out];
}

/** Option sets of a variant: the full product when it has at most 400 sets, else one option at a time. */
function optionSets(decls: readonly OptionDecl[]): Array<Record<string, number | string>> {
  const per = decls.map((d) => valuesOf(d).map((x) => [d.name, x] as const));
  const product = per.reduce((a, p) => a * p.length, 1);
  if (product <= 400) {
    return per.reduce<Array<Record<string, number | string>>>(
      (sets, p) => sets.flatMap((s) => p.map(([k, x]) => ({ ...s, [k]: x }))),
      [{}],
    );
  }
  return [{}, ...per.flatMap((p) => p.map(([k, x]) => ({ [k]: x })))];
}

describe('the rule profile without a core', () => {
  for (const v of VARIANTS.values()) {
    it(`${v.id}: hasFastProfile is the core's fastProfile() under every option value`, async () => {
      const seen = new Map<string, OptionValues>();
      for (const given of optionSets(v.options)) {
        let o: OptionValues;
        try {
          o = resolveOptions(v, given);
        } catch (e) {
          if (e instanceof OptionError) continue; // a combination the declarations refuse
          throw e;
        }
        const key = encodeRules(v.rules(o)).join();
        if (!seen.has(key)) seen.set(key, o);
      }
      expect(seen.size).toBeGreaterThan(0);
      for (const o of seen.values()) {
        const { core } = await loadVariantCore(v, o);
        const fast = core.exports.fastProfile() === 1;
        expect({ options: o, fast: hasFastProfile(v.rules(o)) }).toEqual({ options: o, fast });
        expect(solverOf(v.id, o)).toBe(fast ? 'movement' : 'generic');
      }
    });
  }

  it('holds Bagh Chal to its profile and the other hunt games outside it', () => {
    const fast = [...VARIANTS.values()].filter((v) => hasFastProfile(v.rules(resolveOptions(v)))).map((v) => v.id);
    expect(fast).toContain('bagh-chal');
    expect(fast).not.toContain('catch-the-giant');
    expect(solverOf('not-a-lattice-variant')).toBe('generic');
  });
});

describe('the rule profile: each condition of assembly/rules.ts `fast` on its own', () => {
  const side = (s: Partial<SideRules>, h: Partial<SideRules>): RuleSet =>
    checkRules({
      family: 'hunt',
      sides: [sideRules({ places: true, captureTarget: 5, ...s }), sideRules({ capture: 'jump', ...h })],
      escape: null,
      stall: null,
    });
  const cases: Array<[string, RuleSet]> = [
    ["Bagh Chal's rules", side({}, {})],
    ['side 0 does not place', side({ places: false }, {})],
    ['side 1 places too', side({}, { places: true })],
    ['side 0 steps orthogonally', side({ steps: ['N', 'E', 'S', 'W'] }, {})],
    ['side 1 steps orthogonally', side({}, { steps: ['N', 'E', 'S', 'W'] })],
    ['side 1 multi-jumps', side({}, { capture: 'multi-jump' })],
    ['side 1 captures by intervention', side({}, { capture: 'intervention' })],
    ['side 1 stacks', side({}, { stacks: true })],
    ['side 0 stacks', side({ stacks: true }, {})],
    ['side 1 may not move the same piece twice', side({}, { noSameTwice: true })],
    ['side 0 may not move the same piece twice', side({ noSameTwice: true }, {})],
    ['no capture target', side({ captureTarget: null }, {})],
    ['a capture target for side 1 too', side({}, { captureTarget: 2 })],
    ['an escape', checkRules({ ...side({}, {}), escape: { side: 0 } })],
    ['a stall', checkRules({ ...side({}, {}), stall: { side: 1, limit: 10 } })],
  ];
  for (const [what, rules] of cases) {
    it(`${what}: the same as a bare core's`, async () => {
      const r = rules;
      const core = await loadCore({});
      const words = encodeRules(r);
      core.rulesInput().set(words);
      expect(core.exports.setupRules()).toBe(0);
      expect(hasFastProfile(r)).toBe(core.exports.fastProfile() === 1);
      expect(hasFastProfile(r)).toBe(what === "Bagh Chal's rules");
    });
  }
});
