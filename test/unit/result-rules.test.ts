// Issue 33 item 4, "the core decides every result": repetition is a word of the rules block (RuleSet.repetition,
// word 27), and the core's gameResultFor(moves) decides every end of a game (the static rules, repetition, "no
// legal move loses") from the legal move count the host has read, so Game.result() reads one code.
import { describe, expect, it } from 'vitest';
import { Game, REASONS } from '../../src/lattice/game.js';
import { loadVariantCore, loadSetupIntoCore, notationContext } from '../../src/lattice/core/setup.js';
import { parsePositionText } from '../../src/lattice/position-text.js';
import { getVariant, resolveOptions } from '../../src/variants/index.js';
import { checkRules, encodeRules, ruleWordField, type RuleSet } from '../../src/rules/index.js';
import { IllegalMoveError, RulesError } from '../../src/contract/errors.js';

// test/unit/rules-bagh-chal.test.ts's cycle: goats e1-e2, tigers a4-a3 and back return to P0
const P0 = 'TT3/TT3/5/5/4G G - G19';
const CYCLE = ['e1-e2', 'a4-a3', 'e2-e1', 'a3-a4'];
const LONG = { 'captures-to-win': 20 };

describe('repetition is rules word 27 (RULES.md §0 repetition=none|draw3|forbid)', () => {
  const bagh = getVariant('bagh-chal');
  it('the declaration puts the option into the RuleSet, encodeRules into word 27: draw3 0, none 1, forbid 2', () => {
    expect(ruleWordField(27)).toBe('repetition');
    for (const [repetition, word] of [
      ['draw3', 0],
      ['none', 1],
      ['forbid', 2],
    ] as const) {
      const rules = bagh.rules(resolveOptions(bagh, { repetition }));
      expect(rules.repetition).toBe(repetition);
      expect(encodeRules(rules)[27], repetition).toBe(word);
    }
    // a RuleSet without the field keeps RULES.md §0's default
    const { repetition: _, ...bare } = bagh.rules(resolveOptions(bagh));
    expect(encodeRules(checkRules(bare))[27]).toBe(0);
    expect(() => checkRules({ ...bare, repetition: 'sometimes' })).toThrow(RulesError);
    try {
      checkRules({ ...bare, repetition: 'sometimes' });
    } catch (e) {
      expect((e as RulesError).path).toBe('repetition');
    }
  });

  it('every variant, both families: the option reaches the RuleSet', () => {
    for (const id of ['bagh-chal', 'tibetan-1', 'catch-the-giant', 'double-tiger', 'permainan-tabal']) {
      const v = getVariant(id);
      for (const repetition of ['none', 'draw3', 'forbid'] as const)
        expect(v.rules(resolveOptions(v, { repetition })).repetition, `${id} ${repetition}`).toBe(repetition);
    }
  });

  it('the core refuses a word 27 outside 0..2, naming the field; a Game takes the rule from it alone', async () => {
    const { core } = await loadVariantCore(bagh, resolveOptions(bagh));
    const words = encodeRules(bagh.rules(resolveOptions(bagh)) as RuleSet);
    for (const bad of [3, -1]) {
      words[27] = bad;
      core.rulesInput().set(words);
      expect(core.exports.setupRules(), `word 27 = ${bad}`).toBe(-28);
    }
    for (const mode of ['none', 'draw3', 'forbid'] as const) {
      const g = await Game.create('bagh-chal', { options: { ...LONG, repetition: mode }, position: P0 });
      expect(g.rules.repetition).toBe(mode);
      for (const m of CYCLE.slice(0, 3)) g.play(m);
      if (mode === 'forbid') {
        // a3-a4 would recreate P0: not legal under forbid (the core leaves it out of the list)
        expect(g.legalMoves()).not.toContain('a3-a4');
        expect(() => g.play('a3-a4')).toThrow(IllegalMoveError);
        continue;
      }
      for (const m of [CYCLE[3]!, ...CYCLE]) g.play(m); // P0 a third time
      expect(g.position()).toBe(P0);
      expect(g.result(), mode).toEqual(
        mode === 'draw3' ? { winner: 'draw', winnerName: 'draw', reason: 'repetition' } : null,
      );
      expect(g.legalMoves().length, mode).toBe(mode === 'draw3' ? 0 : 3);
    }
  });
});

describe('the core decides every result: gameResultFor(moves) from the count the host read', () => {
  const cases: Array<[string, string, Record<string, string | number>, string | null]> = [
    ['bagh-chal', 'T3T/5/2G2/5/T3T T G19 -', {}, null],
    // goats to move with no legal move: they lose (no-moves), decided by the core from the count 0
    ['bagh-chal', 'GGGGT/GGGGG/GGGGG/TTGGG/1TGGG G - -', {}, 'no-moves'],
    // tigers trapped during placement
    ['bagh-chal', 'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T G3 -', {}, 'no-moves'],
    // the fifth capture reached
    ['bagh-chal', 'T3T/5/5/5/T3T G G15 G5', {}, 'captures'],
  ];
  it.each(cases)(
    '%s %s: the host reads one code, equal to gameResult() listing for itself',
    async (id, pos, o, why) => {
      const v = getVariant(id);
      const options = resolveOptions(v, o);
      const { board, rules, core } = await loadVariantCore(v, options);
      const ctx = notationContext(v, options, board, rules);
      loadSetupIntoCore(core, parsePositionText(ctx, pos));
      const e = core.exports;
      const n = e.legalMoves();
      const code = e.gameResultFor(n);
      expect(e.gameResult()).toBe(code);
      expect(e.gameResultFor(-1)).toBe(code);
      expect(code === 0 ? null : REASONS[code >> 4]).toBe(why);
      const g = await Game.create(id, { options: o, position: pos });
      expect(g.result()?.reason ?? null).toBe(why);
    },
  );
});
