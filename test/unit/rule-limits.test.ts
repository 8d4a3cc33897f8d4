// Issue 19 "Options and limits": the host refuses at the edge, with a typed error naming the field,
// every rules value the core would refuse. One source (RULE_LIMITS, src/rules/ruleset.ts) bounds the
// schema and the options that set rules fields; this file checks that the core (assembly/rules.ts
// setupRules, written to directly) accepts exactly what the schema accepts at every bound, and that every
// option of every variant is refused as an OptionError past its declared range, accepted (by the host
// and by the core) inside it, and listed by `lattice variants --json` with the range that holds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RULE_LIMITS,
  RULES_WORDS,
  checkRules,
  coreRulesRefusal,
  encodeRules,
  ruleWordField,
  sideRules,
  type RuleSet,
} from '../../src/rules/index.js';
import { VARIANTS, allowedValues, resolveOptions, type OptionDecl } from '../../src/variants/index.js';
import { Game } from '../../src/lattice/game.js';
import { loadCore, type Core } from '../../src/lattice/core/wasm.js';
import { OptionError, RulesError } from '../../src/contract/errors.js';
import { listVariants } from '../../src/engine.js';
import { TIBETAN_BASE_RULES } from '../../src/variants/tibetan.js';

const HUNT: RuleSet = checkRules({
  family: 'hunt',
  sides: [sideRules({ places: true }), sideRules({ capture: 'jump', captureTarget: 5 })],
  escape: null,
  stall: { side: 0, limit: 10 },
});
const DRAUGHTS: RuleSet = checkRules({
  family: 'draughts',
  sides: [sideRules({ capture: 'multi-jump' }), sideRules({ capture: 'multi-jump' })],
  escape: null,
  stall: null,
  draughts: {
    compulsory: true,
    majority: false,
    removal: 'immediate',
    promotion: [9, 1],
    flyingKings: true,
    moveLimit: 50,
  },
});

/** The core's verdict on a rules block: 0 accepted, else the refused word's index. */
function coreVerdict(core: Core, words: Int32Array): number {
  core.rulesInput().set(words);
  const rc = core.exports.setupRules();
  return rc === 0 ? -1 : -rc - 1;
}

/** A deep copy of `base` with the field at `path` (dotted, numeric parts index arrays) set to `value`. */
function withField(base: RuleSet, path: string, value: unknown): unknown {
  const r = structuredClone(base) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let o = r as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) o = o[p] as Record<string, unknown>;
  o[parts.at(-1)!] = value;
  return r;
}

/** Every numeric field of the rules: its base record, its word, its range and how a value is written. */
const NUMERIC_FIELDS = [
  { path: 'stall.limit', base: HUNT, word: 3, min: 1, max: RULE_LIMITS.stallLimit, encode: (n: number) => n },
  {
    path: 'sides.0.captureTarget',
    base: HUNT,
    word: 10,
    min: 1,
    max: RULE_LIMITS.captureTarget,
    encode: (n: number) => n,
  },
  {
    path: 'sides.1.captureTarget',
    base: HUNT,
    word: 18,
    min: 1,
    max: RULE_LIMITS.captureTarget,
    encode: (n: number) => n,
  },
  {
    path: 'draughts.promotion.0',
    base: DRAUGHTS,
    word: 23,
    min: 1,
    max: RULE_LIMITS.promotionRank,
    encode: (n: number) => n - 1,
  },
  {
    path: 'draughts.promotion.1',
    base: DRAUGHTS,
    word: 24,
    min: 1,
    max: RULE_LIMITS.promotionRank,
    encode: (n: number) => n - 1,
  },
  {
    path: 'draughts.moveLimit',
    base: DRAUGHTS,
    word: 26,
    min: 1,
    max: RULE_LIMITS.moveLimit,
    encode: (n: number) => n,
  },
] as const;

describe.each([false, true])('the core accepts exactly what the rules schema accepts (wide build: %s)', (wide) => {
  it("at each numeric field's bounds: min and max pass both; max + 1 and min - 1 fail both, naming the field", async () => {
    const core = await loadCore({ wide });
    for (const f of NUMERIC_FIELDS) {
      expect(ruleWordField(f.word), f.path).toBe(f.path);
      for (const n of [f.min, f.max]) {
        const r = checkRules(withField(f.base, f.path, n));
        expect(coreVerdict(core, encodeRules(r)), `${f.path} = ${n}`).toBe(-1);
      }
      for (const n of [f.max + 1, f.min - 1, f.min + 0.5]) {
        let err: unknown;
        try {
          checkRules(withField(f.base, f.path, n));
        } catch (e) {
          err = e;
        }
        expect(err, `${f.path} = ${n}`).toBeInstanceOf(RulesError);
        expect((err as RulesError).path, `${f.path} = ${n}`).toBe(f.path);
      }
      // the same values written past the schema: the core refuses max + 1 at this very word
      const words = encodeRules(f.base);
      words[f.word] = f.encode(f.max + 1);
      expect(coreVerdict(core, words), `${f.path} = ${f.max + 1} in the core`).toBe(f.word);
      // and below the word's "none" (0 or -1) too
      words[f.word] = f.encode(f.min) - 2;
      expect(coreVerdict(core, words), `${f.path} below its range in the core`).toBe(f.word);
    }
  });

  it('dispersal without stacks: refused by the schema (sides.N.dispersal) and by the core at that word', async () => {
    const core = await loadCore({ wide });
    for (const s of [0, 1] as const) {
      expect(() => checkRules(withField(HUNT, `sides.${s}.dispersal`, true))).toThrow(RulesError);
      try {
        checkRules(withField(HUNT, `sides.${s}.dispersal`, true));
      } catch (e) {
        expect((e as RulesError).path).toBe(`sides.${s}.dispersal`);
      }
      const words = encodeRules(HUNT);
      words[4 + 8 * s + 4] = 1;
      const word = coreVerdict(core, words);
      expect(ruleWordField(word)).toBe(`sides.${s}.dispersal`);
      // with stacks it is a rule the core plays
      const ok = checkRules(
        withField(withField(HUNT, `sides.${s}.stacks`, true) as RuleSet, `sides.${s}.dispersal`, true),
      );
      expect(coreVerdict(core, encodeRules(ok))).toBe(-1);
    }
  });

  it('any rules the schema passes, the core accepts (fast-check over every field near its bounds)', async () => {
    const core = await loadCore({ wide });
    const near = (min: number, max: number) =>
      fc.oneof(
        fc.integer({ min: min - 2, max: min + 2 }),
        fc.integer({ min: max - 2, max: max + 2 }),
        fc.integer({ min, max }),
      );
    const dirs = fc.subarray(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
    const side = (capture: fc.Arbitrary<string>) =>
      fc.record({
        places: fc.boolean(),
        steps: dirs,
        capture,
        stacks: fc.boolean(),
        dispersal: fc.boolean(),
        noSameTwice: fc.boolean(),
        captureTarget: fc.option(near(1, RULE_LIMITS.captureTarget), { nil: null }),
      });
    const kinds = fc.constantFrom('none', 'jump', 'multi-jump', 'intervention');
    const hunt = fc.record({
      family: fc.constant('hunt'),
      sides: fc.tuple(side(kinds), side(kinds)),
      escape: fc.option(fc.record({ side: fc.constantFrom(0, 1) }), { nil: null }),
      stall: fc.option(fc.record({ side: fc.constantFrom(0, 1), limit: near(1, RULE_LIMITS.stallLimit) }), {
        nil: null,
      }),
    });
    const rank = fc.option(near(1, RULE_LIMITS.promotionRank), { nil: null });
    const draughts = fc.record({
      family: fc.constant('draughts'),
      sides: fc.tuple(side(fc.constant('multi-jump')), side(fc.constant('multi-jump'))),
      escape: fc.constant(null),
      stall: fc.constant(null),
      draughts: fc.record({
        compulsory: fc.boolean(),
        majority: fc.boolean(),
        removal: fc.constantFrom('immediate', 'end'),
        promotion: fc.tuple(rank, rank),
        flyingKings: fc.boolean(),
        moveLimit: fc.option(near(1, RULE_LIMITS.moveLimit), { nil: null }),
      }),
    });
    let passed = 0;
    fc.assert(
      fc.property(fc.oneof(hunt, draughts), (x) => {
        let r: RuleSet;
        try {
          r = checkRules(x);
        } catch (e) {
          expect(e).toBeInstanceOf(RulesError);
          return;
        }
        passed++;
        expect(coreVerdict(core, encodeRules(r)), JSON.stringify(x)).toBe(-1);
      }),
      { numRuns: 3000, seed: 19 },
    );
    expect(passed).toBeGreaterThan(20);
  });
});

describe('a rules block the core refuses is a RulesError naming the field, never "internal"', () => {
  it("coreRulesRefusal names the word's field and value", () => {
    const words = encodeRules(DRAUGHTS);
    words[26] = 9_999_999;
    const e = coreRulesRefusal(-27, words, 'a test');
    expect(e).toBeInstanceOf(RulesError);
    expect(e).toMatchObject({ code: 'rules', path: 'draughts.moveLimit' });
    expect(e.message).toMatch(/draughts\.moveLimit.*9999999/);
    expect(e.message).not.toMatch(/internal/);
    expect(Array.from({ length: RULES_WORDS }, (_, i) => ruleWordField(i))).toEqual([
      'family',
      'escape.side',
      'stall.side',
      'stall.limit',
      ...[0, 1].flatMap((s) =>
        ['places', 'steps', 'capture', 'stacks', 'dispersal', 'noSameTwice', 'captureTarget']
          .map((f) => `sides.${s}.${f}`)
          .concat(`(reserved word ${4 + 8 * s + 7})`),
      ),
      'draughts.compulsory',
      'draughts.majority',
      'draughts.removal',
      'draughts.promotion.0',
      'draughts.promotion.1',
      'draughts.flyingKings',
      'draughts.moveLimit',
      'repetition',
      ...[28, 29, 30, 31].map((i) => `(reserved word ${i})`),
    ]);
  });

  it('extendRules refuses a patch the core would refuse, naming the field', async () => {
    const { extendRules } = await import('../../src/rules/index.js');
    for (const [patch, path] of [
      [{ sides: [{ captureTarget: 128 }] }, 'sides.0.captureTarget'],
      [{ sides: [{ captureTarget: 0 }] }, 'sides.0.captureTarget'],
      [{ sides: [{}, { dispersal: true }] }, 'sides.1.dispersal'],
      [{ stall: { side: 0, limit: RULE_LIMITS.stallLimit + 1 } }, 'stall.limit'],
      [{ stall: { side: 0, limit: 2.5 } }, 'stall.limit'],
    ] as const) {
      let err: unknown;
      try {
        extendRules(TIBETAN_BASE_RULES, patch as never);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(patch)).toBeInstanceOf(RulesError);
      expect((err as RulesError).path, JSON.stringify(patch)).toBe(path);
    }
  });
});

const cores = new Map<boolean, Promise<Core>>();
/** One core per build (narrow, wide) for the rules blocks of the option probes. */
const shared = (wide: boolean): Promise<Core> => {
  if (!cores.has(wide)) cores.set(wide, loadCore({ wide }));
  return cores.get(wide)!;
};

/** The values to try for an option: inside (accepted) and outside (refused) its declared range. */
function probes(d: OptionDecl): { ok: Array<string | number>; bad: Array<string | number> } {
  if (d.type === 'int') {
    const min = d.min!,
      max = d.max!;
    return {
      ok: [min, max, String(max), ...(d.values ?? [])],
      bad: [
        max + 1,
        min - 1,
        String(max + 1),
        String(min - 1),
        min + 0.5,
        `${min}.5`,
        '1e3',
        '',
        'x',
        Number.NaN,
        Infinity,
        '0x1',
        String(2 ** 31),
        String(2 ** 53),
      ],
    };
  }
  return { ok: [...d.values!], bad: ['', 'nope', `${d.values![0]}x`, 1.5] };
}

describe('every option of every variant: range checked at the edge, accepted by the core inside it', () => {
  it('every int option declares min and max, and `lattice variants --json` lists exactly the declared range', () => {
    const listed = new Map(listVariants().map((v) => [v.id, v]));
    for (const v of VARIANTS.values()) {
      for (const d of v.options) {
        const l = listed.get(v.id)!.options.find((o) => o.name === d.name)!;
        expect({ min: l.min, max: l.max, values: l.values }, `${v.id} ${d.name}`).toEqual({
          min: d.min,
          max: d.max,
          values: d.values,
        });
        if (d.type === 'int') {
          expect(Number.isSafeInteger(d.min), `${v.id} ${d.name} min`).toBe(true);
          expect(Number.isSafeInteger(d.max), `${v.id} ${d.name} max`).toBe(true);
          expect(d.max! >= d.min!).toBe(true);
        }
      }
    }
  });

  it.each([...VARIANTS.keys()])(
    '%s: min, max, max + 1, min - 1, non-integers; the core accepts what the host accepts',
    async (id) => {
      const v = VARIANTS.get(id)!;
      for (const d of v.options) {
        const { ok, bad } = probes(d);
        for (const value of bad) {
          let err: unknown;
          try {
            resolveOptions(v, { [d.name]: value });
          } catch (e) {
            err = e;
          }
          expect(err, `${id} ${d.name}=${String(value)}`).toBeInstanceOf(OptionError);
          expect((err as Error).message, `${id} ${d.name}=${String(value)}`).toContain(d.name);
          if (d.type === 'int') expect((err as Error).message).toContain(allowedValues(d));
        }
        for (const value of ok) {
          const o = resolveOptions(v, { [d.name]: value });
          // the core takes the rules these options make (written to one core per build, as loadVariantCore does)
          expect(
            coreVerdict(await shared(v.board(o).points.length > 64), encodeRules(v.rules(o))),
            `${id} ${d.name}=${String(value)}`,
          ).toBe(-1);
        }
        // and a whole game loads at the int option's largest value (the core set up from the declaration)
        if (d.type === 'int') {
          const g = await Game.create(id, { options: { [d.name]: d.max! } });
          expect(g.legalMoves().length, `${id} ${d.name}=${d.max}`).toBeGreaterThan(0);
          g.dispose();
        }
      }
    },
    120_000,
  );
});
