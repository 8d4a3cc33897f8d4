// The RuleSet (src/rules: schema, checkRules, extendRules, encodeRules) and the variant declarations
// (src/variants: rules, start positions and options of every variant). Expected words and strings are
// written by hand from the spec layout (issue 9 §1, §3) and RULES.md, not from the code's output.
import { describe, expect, it } from 'vitest';
import { DIR_NAMES } from '../../src/board/index.js';
import { LatticeError, OptionError, RulesError } from '../../src/contract/errors.js';
import {
  ALL_DIRECTIONS,
  RULES_WORDS,
  checkRules,
  encodeRules,
  extendRules,
  type RuleSet,
} from '../../src/rules/index.js';
import { allVariantIds } from '../../src/engine.js';
import {
  VARIANTS,
  allowedValues,
  defaultOptions,
  getVariant,
  resolveOptions,
  type OptionDecl,
  type Variant,
} from '../../src/variants/index.js';
import { totalsOf } from '../../src/lattice/position-text.js';

const BAGH_CHAL_RULES: RuleSet = {
  family: 'hunt',
  sides: [
    {
      places: true,
      steps: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
      capture: 'none',
      stacks: false,
      dispersal: false,
      noSameTwice: false,
      captureTarget: 5,
    },
    {
      places: false,
      steps: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
      capture: 'jump',
      stacks: false,
      dispersal: false,
      noSameTwice: false,
      captureTarget: null,
    },
  ],
  escape: null,
  stall: null,
};

/**
 * Every value an option may take, for the sweep (an unbounded int: min, min + 1 and 10; an int with more
 * than 20 values, such as stall-limit's 1..1000000: those and its max).
 */
function valuesOf(d: OptionDecl): Array<string | number> {
  if (d.type !== 'int') return [...d.values!];
  const ints =
    d.max === undefined
      ? [d.min!, d.min! + 1, 10]
      : d.max - d.min! + 1 > 20
        ? [d.min!, d.min! + 1, 10, d.max]
        : Array.from({ length: d.max - d.min! + 1 }, (_, i) => d.min! + i);
  return [...(d.values ?? []), ...ints];
}

/** Each variant with each single non-default option value (and the defaults). */
function everyOptionValue(): Array<[string, Record<string, string | number>]> {
  const out: Array<[string, Record<string, string | number>]> = [];
  for (const v of VARIANTS.values()) {
    out.push([v.id, {}]);
    for (const d of v.options) for (const x of valuesOf(d)) if (x !== d.default) out.push([v.id, { [d.name]: x }]);
  }
  return out;
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not throw');
}

describe('RuleSet schema', () => {
  it("the direction names are the board's DIR_NAMES", () => {
    expect([...ALL_DIRECTIONS]).toEqual([...DIR_NAMES]);
  });

  it.each(everyOptionValue())(
    'accepts the rules of %s with %j; the start position reads, with the capture target within the prey total',
    (id, given) => {
      const v = getVariant(id);
      const o = resolveOptions(v, given);
      const r = v.rules(o);
      expect(checkRules(r)).toEqual(r);
      const [prey, hunters] = totalsOf({ board: v.board(o), sides: v.sides, rules: v.rules(o) }, v.start(o));
      expect(hunters).toBeGreaterThan(0);
      if (r.sides[0].captureTarget !== null) expect(r.sides[0].captureTarget).toBeLessThanOrEqual(prey);
      // the extra field is there exactly when the rules have extra state (noSameTwice or stall)
      const extra = r.sides.some((s) => s.noSameTwice) || r.stall !== null || (r.draughts?.moveLimit ?? null) !== null;
      expect(v.start(o).split(' ').length).toBe(extra ? 5 : 4);
    },
  );

  const bad: Array<[string, (r: RuleSet) => unknown, string, RegExp]> = [
    ['an unknown key', (r) => ({ ...r, moveLimit: 50 }), 'moveLimit', /unknown key "moveLimit"/],
    [
      'an unknown key in a side',
      (r) => ({ ...r, sides: [{ ...r.sides[0], flies: true }, r.sides[1]] }),
      'sides.0.flies',
      /unknown key "flies"/,
    ],
    [
      'a bad direction',
      (r) => ({ ...r, sides: [r.sides[0], { ...r.sides[1], steps: ['N', 'UP'] }] }),
      'sides.1.steps.1',
      /"N"\|"NE"/,
    ],
    [
      'a direction twice',
      (r) => ({ ...r, sides: [{ ...r.sides[0], steps: ['N', 'E', 'N'] }, r.sides[1]] }),
      'sides.0.steps.2',
      /direction N is listed twice/,
    ],
    [
      'a capture by side 0',
      (r) => ({ ...r, sides: [{ ...r.sides[0], capture: 'jump' }, r.sides[1]] }),
      'sides.0.capture',
      /only side 1/,
    ],
    [
      'noSameTwice on both sides',
      (r) => ({
        ...r,
        sides: [
          { ...r.sides[0], noSameTwice: true },
          { ...r.sides[1], noSameTwice: true },
        ],
      }),
      'sides.1.noSameTwice',
      /at most one side/,
    ],
    [
      'captureTarget 0',
      (r) => ({ ...r, sides: [{ ...r.sides[0], captureTarget: 0 }, r.sides[1]] }),
      'sides.0.captureTarget',
      />=1/,
    ],
    [
      'a fractional captureTarget',
      (r) => ({ ...r, sides: [{ ...r.sides[0], captureTarget: 2.5 }, r.sides[1]] }),
      'sides.0.captureTarget',
      /expected int/,
    ],
    ['stall limit 0', (r) => ({ ...r, stall: { side: 0, limit: 0 } }), 'stall.limit', />=1/],
    ['escape side 2', (r) => ({ ...r, escape: { side: 2 } }), 'escape.side', /./],
    ['another family', (r) => ({ ...r, family: 'chess' }), 'family', /hunt/],
    [
      'the draughts family without its fields',
      (r) => ({
        ...r,
        family: 'draughts',
        sides: [
          { ...r.sides[0], capture: 'multi-jump' },
          { ...r.sides[1], capture: 'multi-jump' },
        ],
      }),
      'draughts',
      /needs its draughts fields/,
    ],
    [
      'draughts fields in the hunt family',
      (r) => ({
        ...r,
        draughts: {
          compulsory: true,
          majority: false,
          removal: 'immediate',
          promotion: [9, 1],
          flyingKings: true,
          moveLimit: null,
        },
      }),
      'draughts',
      /only the draughts family/,
    ],
    ['one side only', (r) => ({ ...r, sides: [r.sides[0]] }), 'sides', /./],
  ];
  it.each(bad)('refuses %s, naming the path', (_, make, path, message) => {
    const e = thrown(() => checkRules(make(BAGH_CHAL_RULES)));
    expect(e).toBeInstanceOf(RulesError);
    expect(e).toBeInstanceOf(LatticeError);
    expect((e as RulesError).code).toBe('rules');
    expect((e as RulesError).path).toBe(path);
    expect(e.message).toContain(`${path}: `);
    expect(e.message).toMatch(message);
  });

  it('refuses a non-object', () => {
    expect(() => checkRules(null)).toThrow(RulesError);
    expect(() => checkRules('hunt')).toThrow(/bad rules/);
  });
});

describe('extendRules', () => {
  it("deep-merges a patch: one side's fields by index, arrays and null replace, the base unchanged", () => {
    const base = structuredClone(BAGH_CHAL_RULES);
    const r = extendRules(base, {
      sides: [{ steps: ['N', 'E', 'S', 'W'] }, { capture: 'multi-jump' }],
      stall: { side: 0, limit: 3 },
    });
    expect(r.sides[0]).toEqual({ ...BAGH_CHAL_RULES.sides[0], steps: ['N', 'E', 'S', 'W'] });
    expect(r.sides[1]).toEqual({ ...BAGH_CHAL_RULES.sides[1], capture: 'multi-jump' });
    expect(r.stall).toEqual({ side: 0, limit: 3 });
    expect(r.escape).toBeNull();
    expect(base).toEqual(BAGH_CHAL_RULES);
    expect(extendRules(r, { stall: null }).stall).toBeNull();
    expect(extendRules(r, {}).sides).toEqual(r.sides);
  });

  it('checks the merged record, naming the path', () => {
    const e = thrown(() => extendRules(BAGH_CHAL_RULES, { sides: [{ noSameTwice: true }, { noSameTwice: true }] }));
    expect((e as RulesError).path).toBe('sides.1.noSameTwice');
    expect(() => extendRules(BAGH_CHAL_RULES, { sides: [{ captureTarget: 0 }] })).toThrow(/sides\.0\.captureTarget/);
    expect(() => extendRules(BAGH_CHAL_RULES, { sides: [{}, { jumps: 2 } as never] })).toThrow(
      /sides\.1\.jumps: unknown key/,
    );
  });

  it("the Tibetan forms share one base: they differ from it only in the goats' capture target and stacks", () => {
    const t1 = getVariant('tibetan-1').rules(defaultOptions(getVariant('tibetan-1')));
    const t2 = getVariant('tibetan-2');
    const t2s = t2.rules(resolveOptions(t2, { setup: 'stacks' }));
    const { captureTarget: a, stacks: sa, ...rest1 } = t1.sides[0];
    const { captureTarget: b, stacks: sb, ...rest2 } = t2s.sides[0];
    expect(rest1).toEqual(rest2);
    expect(t1.sides[1]).toEqual(t2s.sides[1]);
    expect([a, sa, b, sb]).toEqual([10, false, 19, true]);
  });
});

describe('encodeRules', () => {
  const hunterAny = [0, 255, 1, 0, 0, 0, 0, 0];
  it('Bagh Chal: 32 words, by the spec layout', () => {
    const w = encodeRules(getVariant('bagh-chal').rules(resolveOptions(getVariant('bagh-chal'))));
    expect(w).toBeInstanceOf(Int32Array);
    expect(w.length).toBe(RULES_WORDS);
    expect(Array.from(w)).toEqual([
      0,
      -1,
      -1,
      0, // hunt, no escape, no stall, limit 0
      1,
      255,
      0,
      0,
      0,
      0,
      5,
      0, // goats: place, all 8 directions, no capture, ..., capture target 5
      ...hunterAny, // tigers: no placement, all 8, capture 1 = jump, no target
      ...new Array(12).fill(0),
    ]);
    expect(
      encodeRules(getVariant('bagh-chal').rules(resolveOptions(getVariant('bagh-chal'), { 'captures-to-win': 7 })))[10],
    ).toBe(7);
  });

  it('Shepherds and Wolves: both sides place; sheep step N E S W = bits 0, 2, 4, 6 = 85; target 13', () => {
    const v = getVariant('shepherds-and-wolves');
    expect(Array.from(encodeRules(v.rules(resolveOptions(v))))).toEqual([
      0,
      -1,
      -1,
      0,
      1,
      85,
      0,
      0,
      0,
      0,
      13,
      0,
      1,
      255,
      1,
      0,
      0,
      0,
      0,
      0,
      ...new Array(12).fill(0),
    ]);
  });

  it('Catch the Giant with stall-limit=4: escape side 1, stall side 0 limit 4; dwarfs N NE E W NW = 1+2+4+64+128 = 199', () => {
    const v = getVariant('catch-the-giant');
    expect(Array.from(encodeRules(v.rules(resolveOptions(v, { 'stall-limit': '4' }))).slice(0, 20))).toEqual([
      0, 1, 0, 4, 0, 199, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0,
    ]);
    expect(Array.from(encodeRules(v.rules(resolveOptions(v))).slice(0, 4))).toEqual([0, 1, -1, 0]);
  });

  it('Double Tiger: dog stacks with dispersal; Surround the Tiger: capture 3 = intervention', () => {
    expect(Array.from(encodeRules(getVariant('double-tiger').rules({})).slice(4, 20))).toEqual([
      0,
      255,
      0,
      1,
      1,
      0,
      6,
      0,
      ...hunterAny,
    ]);
    expect(Array.from(encodeRules(getVariant('surround-the-tiger').rules({})).slice(4, 20))).toEqual([
      0, 255, 0, 0, 0, 0, 6, 0, 0, 255, 3, 0, 0, 0, 0, 0,
    ]);
  });

  it('Tibetan: goats noSameTwice, tigers capture 2 = multi-jump', () => {
    const v = getVariant('tibetan-1');
    expect(Array.from(encodeRules(v.rules(resolveOptions(v, { 'tiger-win-goats-left': 7 }))).slice(4, 20))).toEqual([
      1, 255, 0, 0, 0, 1, 8, 0, 0, 255, 2, 0, 0, 0, 0, 0,
    ]);
  });

  it('refuses a bad record before encoding it', () => {
    expect(() => encodeRules({ ...BAGH_CHAL_RULES, escape: { side: 3 } } as never)).toThrow(RulesError);
  });
});

describe('variant declarations', () => {
  it('registers every hunt game of issue 9, Permainan Tabal (issue 10) and tibetan-4 (issue 11); maka-dai-dai stays host-played', () => {
    expect([...VARIANTS.keys()]).toEqual([
      'bagh-chal',
      'tibetan-1',
      'tibetan-2',
      'tibetan-4',
      'catch-the-giant',
      'surround-the-tiger',
      'double-tiger',
      'shepherds-and-wolves',
      'permainan-tabal',
    ]);
    expect(allVariantIds()).toEqual([...VARIANTS.keys(), 'maka-dai-dai']); // src/engine.ts: every family's ids
  });

  it('sides: distinct upper-case letters', () => {
    for (const v of VARIANTS.values()) {
      expect(v.sides[0].letter, v.id).not.toBe(v.sides[1].letter);
      for (const s of v.sides) expect(s.letter, v.id).toMatch(/^[A-Z]$/);
    }
  });

  // written by hand from RULES.md (boards: §0, §2, §3; ranks top first)
  const starts: Array<[string, Record<string, string | number>, string, [number, number]]> = [
    ['bagh-chal', {}, 'T3T/5/5/5/T3T G G20 -', [20, 4]],
    ['tibetan-1', {}, 'GGGGG/GGGGG/5/5/5/1T1/3 G G5 - -', [15, 1]],
    ['tibetan-1', { setup: 'ring', 'tiger-start': 'gate' }, '5/1GGG1/1G1G1/1GGG1/2T2/3/3 G G8 - -', [16, 1]],
    ['tibetan-1', { setup: 'square', tigers: 2, first: 'tigers' }, '5/1G1G1/5/1G1G1/2T2/1T1/3 T G12 - -', [16, 2]],
    ['tibetan-2', {}, '3/1T1/5/1GGG1/1G1G1/1GGG1/5/1T1/3 G G10 - -', [18, 2]],
    [
      'tibetan-2',
      { setup: 'stacks', 'tiger-start': 'gate' },
      '3/3/2T2/1G(6)1G(6)1/5/1G(6)1G(6)1/2T2/3/3 G - - -',
      [24, 2],
    ],
    ['catch-the-giant', {}, '1/3/1G1/D1D/D G - -', [3, 1]],
    ['catch-the-giant', { 'giant-start': 'b5', 'stall-limit': 3 }, 'G/3/3/D1D/D G - - -', [3, 1]],
    ['surround-the-tiger', {}, 'DDDDD/D3D/D1T1D/D3D/DDDDD T - -', [16, 1]],
    ['double-tiger', {}, '2T2/1D(4)1D(4)1/5/1D(4)1D(4)1/2T2 T - -', [16, 2]],
    ['shepherds-and-wolves', {}, '2W2/1SSS1/1S1S1/1SSS1/5 W W1S15 -', [23, 2]],
  ];
  it.each(starts)('%s %j starts at %s', (id, given, text, totals) => {
    const v = getVariant(id);
    const o = resolveOptions(v, given);
    expect(v.start(o)).toBe(text);
    expect(totalsOf({ board: v.board(o), sides: v.sides, rules: v.rules(o) }, text)).toEqual(totals);
  });

  it('goats-left N is a capture target of total - N', () => {
    const t1 = getVariant('tibetan-1');
    const target = (given: Record<string, string | number>) =>
      t1.rules(resolveOptions(t1, given)).sides[0].captureTarget;
    expect([5, 6, 7].map((n) => target({ 'tiger-win-goats-left': n }))).toEqual([10, 9, 8]);
    expect(target({ setup: 'ring' })).toBe(11);
    const t2 = getVariant('tibetan-2');
    expect(t2.rules(resolveOptions(t2, { setup: 'stacks', 'tiger-win-goats-left': 6 })).sides[0].captureTarget).toBe(
      18,
    );
  });
});

describe('options', () => {
  it.each([...VARIANTS.keys()])('%s: the defaults resolve, and equal defaultOptions', (id) => {
    const v = getVariant(id);
    expect(resolveOptions(v)).toEqual(defaultOptions(v));
    expect(resolveOptions(v).repetition).toBe('draw3');
  });

  it('values as RULES.md and issue 9 give them', () => {
    const o = (id: string) =>
      Object.fromEntries(getVariant(id).options.map((d) => [d.name, [d.type, d.default, d.values, d.min, d.max]]));
    expect(o('tibetan-1')).toEqual({
      setup: ['enum', 'far-rows', ['far-rows', 'ring', 'square'], undefined, undefined],
      tigers: ['int', 1, undefined, 1, 2],
      'tiger-start': ['enum', 'centre', ['centre', 'gate'], undefined, undefined],
      first: ['enum', 'goats', ['goats', 'tigers'], undefined, undefined],
      'tiger-win-goats-left': ['int', 5, undefined, 5, 7],
      repetition: ['enum', 'draw3', ['none', 'draw3', 'forbid'], undefined, undefined],
    });
    expect(Object.keys(o('tibetan-2'))).toEqual([
      'setup',
      'tiger-start',
      'first',
      'tiger-win-goats-left',
      'repetition',
    ]);
    expect(o('tibetan-2').setup).toEqual(['enum', 'ring', ['ring', 'stacks'], undefined, undefined]);
    expect(o('catch-the-giant')).toMatchObject({
      'giant-start': ['point', 'b3', ['b2', 'a3', 'b3', 'c3', 'a4', 'b4', 'c4', 'b5'], undefined, undefined],
      'stall-limit': ['int', 'off', ['off'], 1, 1_000_000],
    });
    for (const id of ['surround-the-tiger', 'double-tiger', 'shepherds-and-wolves'])
      expect(Object.keys(o(id))).toEqual(['repetition']);
    for (const v of VARIANTS.values())
      for (const d of v.options) expect(d.source, `${v.id} ${d.name}`).toMatch(/RULES\.md §\d/);
  });

  it('resolves words, ints and points', () => {
    const c = getVariant('catch-the-giant');
    expect(resolveOptions(c, { 'stall-limit': '12', 'giant-start': 'a4' })).toMatchObject({
      'stall-limit': 12,
      'giant-start': 'a4',
    });
    expect(resolveOptions(c, { 'stall-limit': 'off' })['stall-limit']).toBe('off');
    expect(resolveOptions(getVariant('tibetan-1'), { tigers: '2' }).tigers).toBe(2);
  });

  const badValues: Array<[string, string, string | number, string]> = [
    ['bagh-chal', 'captures-to-win', 21, 'an integer in 1..20'],
    ['bagh-chal', 'captures-to-win', 'five', 'an integer in 1..20'],
    ['bagh-chal', 'repetition', 'draw2', 'one of none|draw3|forbid'],
    ['tibetan-1', 'setup', 'stacks', 'one of far-rows|ring|square'],
    ['tibetan-1', 'tigers', 3, 'an integer in 1..2'],
    ['tibetan-1', 'tiger-start', 'den', 'one of centre|gate'],
    ['tibetan-1', 'first', 'dogs', 'one of goats|tigers'],
    ['tibetan-1', 'tiger-win-goats-left', 4, 'an integer in 5..7'],
    ['tibetan-2', 'setup', 'far-rows', 'one of ring|stacks'],
    ['catch-the-giant', 'giant-start', 'b1', 'a point empty at the start, one of b2|a3|b3|c3|a4|b4|c4|b5'],
    ['catch-the-giant', 'giant-start', 'z9', 'one of b2|a3|b3|c3|a4|b4|c4|b5'],
    ['catch-the-giant', 'stall-limit', 0, 'off or an integer in 1..1000000'],
    ['catch-the-giant', 'stall-limit', 'on', 'off or an integer in 1..1000000'],
    ['double-tiger', 'repetition', 'x', 'one of none|draw3|forbid'],
  ];
  it.each(badValues)('%s: %s=%j names the allowed values', (id, name, value, allowed) => {
    const e = thrown(() => resolveOptions(getVariant(id), { [name]: value }));
    expect(e).toBeInstanceOf(OptionError);
    expect(e.message).toContain(`option ${name} of ${id} must be `);
    expect(e.message).toContain(allowed);
  });

  it('an option of another variant is unknown here, naming the options', () => {
    expect(() => resolveOptions(getVariant('tibetan-2'), { tigers: 1 })).toThrow(
      /unknown option "tigers" for tibetan-2 \(options: setup, tiger-start, first, tiger-win-goats-left, repetition\)/,
    );
    expect(() => resolveOptions(getVariant('surround-the-tiger'), { 'captures-to-win': 6 })).toThrow(OptionError);
  });

  it('allowedValues reads every declared option', () => {
    for (const v of VARIANTS.values() as Iterable<Variant>)
      for (const d of v.options) expect(allowedValues(d)).not.toMatch(/undefined/);
  });
});
