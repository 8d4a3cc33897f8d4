// Moves as values (src/lattice/moves.ts) and the capture notation of docs/notation.md "Moves", for
// every lattice variant (listVariants() but Maka Dai Dai Shogi), with the default options and each
// option's first non-default value, on the release build (tibetan-4: the wide build, the only one for its
// 105 points). At random reachable positions (seeded fast-check playouts, test/support/playout.ts):
// - moves() and legalMoves() list the same moves in the same order, as many as perft(1); texts are unique;
//   each value is well formed (path from start to end, one capture per hop, toJSON() the plain object);
//   legalMoveTexts() gives [canonical] or [canonical, full path];
// - the canonical text follows docs/notation.md's rule (checked here from the values: `fromxto` exactly where no
//   other move shares the ends) and equals the independent reference's text (test/reference/*);
// - each move's canonical text, full path, the value itself, toJSON(), its JSON round trip,
//   { from, to, captured } and { path } all play the same move: the history records the canonical text,
//   the position is the one the canonical text gives, undo() restores position and key;
// - every other path of a capture (found by a small depth-first search over the move's captured set with
//   the reference's board geometry, landings in board order, so the first path found is the one whose
//   landings come first in board order: it must be the move's canonical path) plays the same move;
// - moves with the same start and end but different captured sets get different texts, both play, and
//   the short form `fromxto` is refused as ambiguous (or plays the single jump, which is the path it is);
//   the run must meet such pairs (tibetan multi-jumps) so the property is not vacuous.
// - along() (click entry) completes each of those paths, and a part of one goes on.
// Then the big positions of the issue (61,178 and 11,016 legal moves) through every API and the CLI,
// dense tibetan-4 positions (test/support/dense-tibetan4.ts), and a position past the core's capacity (every API
// throws LatticeError 'overflow'). Expected counts are the (independently counted) or the
// reference's, never the engine's own output. The shared checks are moves-checks.ts; the 61,178-move
// position, the dense positions, the 343,909-move one and the position past the capacity run in the slow
// half, moves.slow.ts. LATTICE_DEEP=1
// runs 40 playouts a configuration (and the slow half 8 dense positions), minutes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Game, IllegalMoveError, LatticeError } from '../../src/index.js';
import type { MoveInput } from '../../src/lattice/game.js';
import { runGrowing } from '../../src/lattice/moves.js';
import { choicesArb } from '../support/playout.js';
import {
  BIGS,
  CONFIGS,
  checkBig,
  checkPosition,
  fullPath,
  label,
  newStats,
  refView,
  seedOf,
  tibetanView,
  type Config,
  type Stats,
} from './moves-checks.js';

// ---------------------------------------------------------------------------------------------------
// The property, per configuration.

/** Playout length bounds: tibetan-4 places 48 goats before its movement phase. */
const MAX_PLIES: Record<string, number> = { 'tibetan-4': 140, 'permainan-tabal': 90 };
const DEEP = process.env.LATTICE_DEEP === '1';
/** Playouts per configuration, and positions checked on the way of each (tibetan-4's lists are long: fewer). */
const runsOf = (c: Config) => (DEEP ? 40 : c.variant === 'tibetan-4' ? 4 : 6);
const extraOf = (c: Config) => (DEEP ? 4 : c.variant === 'tibetan-4' ? 1 : 2);
const totals = newStats();
const perConfig: string[] = [];

describe.each(CONFIGS)('moves as values: $variant $options', (config) => {
  it("moves(), legalMoves(), legalMoveTexts(), perft(1), the reference's texts, every text, path and value of a move, at random reachable positions", async () => {
    const g = await Game.create(config.variant, { options: config.options });
    const start = g.position();
    if (config.start) expect(start).toBe(config.start);
    const stats = newStats();
    fc.assert(
      fc.property(choicesArb(MAX_PLIES[config.variant] ?? 60), (choices) => {
        g.setPosition(start);
        // the position the playout ends on, and up to EXTRA positions on the way where a multi-jump is legal
        let extra = 0;
        for (const c of choices) {
          const ms = g.moves();
          if (ms.length === 0) break;
          if (extra < extraOf(config) && ms.some((m) => m.captured.length > 1)) {
            extra++;
            checkPosition(g, refView(config.variant, config.options, g.position()), stats);
          }
          g.play(ms[c % ms.length]!.text);
        }
        checkPosition(g, refView(config.variant, config.options, g.position()), stats);
      }),
      { numRuns: runsOf(config), seed: seedOf(label(config)) },
    );
    for (const k of Object.keys(stats) as Array<keyof Stats>) totals[k] += stats[k];
    perConfig.push(`${label(config)}: ${JSON.stringify(stats)}`);
    expect(stats.positions).toBeGreaterThanOrEqual(runsOf(config));
  });
});

describe('the property run is not vacuous', () => {
  it('it met captures with the same ends and different captured sets, ambiguous short forms and other paths of captures', (ctx) => {
    // only after the whole run above (a filtered run checks nothing here)
    if (perConfig.length < CONFIGS.length) ctx.skip();
    if (process.env.LATTICE_VERBOSE)
      console.log(`moves.test.ts property run: ${JSON.stringify(totals)}\n${perConfig.join('\n')}`);
    expect(totals.sameEnds).toBeGreaterThan(0);
    expect(totals.shortRefused).toBeGreaterThan(0);
    expect(totals.otherPaths).toBeGreaterThan(0);
    expect(totals.complete).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// Move values naming a move as docs/notation.md and src/lattice/moves.ts MoveInput describe (hand-derived positions).

describe('move values: { path } and { from, to, captured }', () => {
  it('{ path: [from, to] } of a single jump plays it (Bagh Chal: tiger a1, goat b1, c1 empty: a1xc1)', async () => {
    // rank 1 is a row line a1-b1-c1-d1-e1: the tiger on a1 jumps the goat on b1 onto the empty c1
    const g = await Game.create('bagh-chal', { position: 'T3T/5/5/5/TG2T T G19 -' });
    expect(g.legalMoves()).toContain('a1xc1');
    g.play({ path: ['a1', 'c1'], to: 'c1' });
    expect(g.history()).toEqual(['a1xc1']);
    g.undo();
    // (MoveInput's type asks for `to`; play() goes by the path)
    g.play({ path: ['a1', 'c1'] } as unknown as MoveInput);
    expect(g.history()).toEqual(['a1xc1']);
    g.undo();
    g.play({ from: 'a1', to: 'c1', path: ['a1', 'c1'] });
    expect(g.history()).toEqual(['a1xc1']);
    g.undo();
    // a step as a path is still a step
    g.play({ path: ['a1', 'a2'], to: 'a2' });
    expect(g.history()).toEqual(['a1-a2']);
  });

  it('{ from, to, captured } of a step that captures by intervention plays it (Surround the Tiger start: c3-b2 takes c1 and a3)', async () => {
    // RULES §3 (intervention): the tiger steps c3-b2. Lines through b2: the diagonal c1-b2-a3 has dogs on
    // both sides and the points beyond them (past c1, past a3) are off the board: both are taken; the row
    // a2-b2-c2 has c2 empty, the column b1-b2-b3 has b3 empty, the diagonal a1-b2-c3 has c3 (the tiger's
    // start) empty: nothing taken there. Captured points in board order: c1, a3.
    const g = await Game.create('surround-the-tiger');
    const m = g.moves().find((x) => x.text === 'c3-b2')!;
    expect(m.kind).toBe('intervention');
    expect(m.captured).toEqual(['c1', 'a3']);
    for (const captured of [
      ['c1', 'a3'],
      ['a3', 'c1'],
    ]) {
      g.play({ from: 'c3', to: 'b2', captured });
      expect(g.history()).toEqual(['c3-b2']);
      g.undo();
    }
    // a set it does not take names no legal move
    expect(() => g.play({ from: 'c3', to: 'b2', captured: ['c1'] })).toThrow(IllegalMoveError);
  });
});

// ---------------------------------------------------------------------------------------------------
// The big positions of the issue, through every API and the CLI (tibetan-4: the wide build): the
// 11,016-move one here, the 61,178-move one in moves.slow.ts.

checkBig(BIGS.find((b) => b.count === 11_016)!);

describe('tibetan-4, a tiger among many multi-jumps sharing their ends', () => {
  it('a tiger on f2 by the third-line ring (3,980 moves): every multi-jump shares its ends with another, as the reference says', async () => {
    // the position of test/unit/api.test.ts's legalMoveTexts() case: its multi-jumps are all written as paths
    const position = '3/1T1/9/9/3GGGGG3/3G3G3/1T2G3G2T1/3G3G3/3GGGGG3/9/4G4/TG1/3 T G46 - -';
    const g = await Game.create('tibetan-4', { position });
    const texts = g.legalMoves();
    expect([...texts].sort()).toEqual(tibetanView('tibetan-4', {}, position).texts().sort());
    const multi = g.moves().filter((m) => m.captured.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    expect(multi.every((m) => m.text === fullPath(m))).toBe(true);
  });
});

// Capacities (src/lattice/moves.ts runGrowing): a run that overflowed lists that can still grow is run again on
// grown ones; at the largest size a search keeps its completed iterations (partialOk), anything else
// throws 'overflow'. A stand-in core: every run overflows, and the lists grow `grows` times.
describe('runGrowing at the largest lists', () => {
  const fakeCore = (grows: number) => {
    let left = grows;
    const exports = {
      moveOverflow: () => 1,
      moveOverflowKind: () => 1,
      maxMoves: () => 262144,
      stackMoves: () => 2097152,
      growLists: () => (left-- > 0 ? 1 : 0),
    };
    return { exports, wide: true } as unknown as Parameters<typeof runGrowing>[0];
  };
  it('grows and runs again, then throws LatticeError overflow naming the capacity', () => {
    let runs = 0;
    expect(() => runGrowing(fakeCore(2), 'perft 9', () => ++runs)).toThrow(
      /perft 9: .*262144 moves in one list \(2097152 on the search and perft stack\)/,
    );
    expect(runs).toBe(3);
  });
  it('returns the last run when partialOk says its result stands (a search with a completed depth)', () => {
    let runs = 0;
    expect(
      runGrowing(
        fakeCore(1),
        'search',
        () => ++runs,
        () => true,
      ),
    ).toBe(2);
    expect(() =>
      runGrowing(
        fakeCore(0),
        'search',
        () => 7,
        () => false,
      ),
    ).toThrow(LatticeError);
  });
});
