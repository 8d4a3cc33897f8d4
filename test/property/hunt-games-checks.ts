// The property tests of the Game API (fast-check) for every hunt game other than Bagh Chal (whose own are in
// test/property/bagh-chal.test.ts), with the default options and each non-default option value (issue 9,
// "Tests"): random playouts from the start, checking after every move the invariants every position
// must satisfy:
// - undo() restores position() and key(); the incremental key equals the recomputed one (keyConsistent);
// - every listed move text is playable, is listed once, and is the text the history records;
// - the position string round-trips: setPosition(position()) on a second Game (release build, no
//   history) gives the same string and the same key (keys depend on neither the build nor the path),
//   the same legal moves and the same result (but for what the history decides: repetition);
// - a multi-jump that loops back to its start may also be written in the reverse order: that text is
//   accepted and gives the same position (RULES.md §0 Multi-jump: a move is its start, end and captured set);
// - repetition: draw3 draws exactly at a third occurrence, none never, forbid lists exactly the moves
//   that make no position seen before;
// - result() is not null exactly when legalMoves() is empty (as Game defines it; under draw3 a third
//   occurrence is a draw although moves could still be generated);
// - perft(1..3) equals perftSlow(1..3) at random reachable positions (deeper only while a depth has at
//   most 5,000 leaves: a tibetan-4 midgame can have thousands of multi-jumps a ply), and search({ depth: 3 }) returns a
//   move from legalMoves() and leaves position(), key() and history() unchanged.
//
// The games under test load the bounds-checked debug build (debug: true): the u64 one, and for
// tibetan-4 (105 points) and a wide configuration of every other game the wide one (128-bit sets, issue
// 11); the mirror loads the release build its board needs, so keys and strings are checked across
// builds. Each configuration's games are created once and reset with setPosition for every run.
//
// Shared by hunt-games.test.ts (`npm test`: each game's defaults, repetition none and forbid, the wide
// build) and hunt-games.slow.ts (`npm run test:slow`: each non-default option value).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArgumentError, Game } from '../../src/index.js';
import { choicesArb, expectUndoneAlong, randomPlay } from '../support/playout.js';

type Options = Record<string, number | string>;
/** wide: run on the wide build (128-bit sets) although the board has at most 64 points. */
export interface Config {
  variant: string;
  options: Options;
  wide?: boolean;
  optionValue?: boolean;
}

/** Each variant's non-default option values (issue 9; `lattice variants` lists the same), besides repetition. */
const OPTION_VALUES: Record<string, Options[]> = {
  'tibetan-1': [
    { setup: 'ring' },
    { setup: 'square' },
    { tigers: 2 },
    { 'tiger-start': 'gate' },
    { first: 'tigers' },
    { 'tiger-win-goats-left': 6 },
    { 'tiger-win-goats-left': 7 },
  ],
  'tibetan-2': [
    { setup: 'stacks' },
    { 'tiger-start': 'gate' },
    { first: 'tigers' },
    { 'tiger-win-goats-left': 6 },
    { 'tiger-win-goats-left': 7 },
  ],
  // the 105-point board (issue 11): the wide build is the only one for it. Not setup=second-line: a tiger
  // inside its ring of 24 goats has up to ~10^5 multi-jumps, and a depth-3 search there runs for minutes on
  // the debug build (its perft rows in test/perft/tibetan-4.json check its moves)
  'tibetan-4': [
    { 'tiger-start': 'gate' },
    { first: 'tigers' },
    { 'tiger-win-goats-left': 6 },
    { 'tiger-win-goats-left': 7 },
  ],
  // a few of the giant's start points (bottom, side, top) and two stall limits
  'catch-the-giant': [
    { 'giant-start': 'b2' },
    { 'giant-start': 'a3' },
    { 'giant-start': 'b5' },
    { 'stall-limit': 1 },
    { 'stall-limit': 3 },
  ],
  'surround-the-tiger': [],
  'double-tiger': [],
  'shepherds-and-wolves': [],
  // the draughts family (issue 10): the same properties
  'permainan-tabal': [
    { first: 'black' },
    { majority: 'true' },
    { removal: 'end' },
    { 'move-limit': 2 },
    { 'move-limit': 5 },
  ],
};

/**
 * The configurations: each variant's defaults, each non-default option value (optionValue), repetition none and forbid,
 * the wide build.
 */
export const CONFIGS: Config[] = Object.entries(OPTION_VALUES).flatMap(([variant, values]) => [
  { variant, options: {} },
  ...values.map((options) => ({ variant, options, optionValue: true })),
  { variant, options: { repetition: 'none' } },
  // forbid replays every move of a position against the history: too slow among tibetan-4's multi-jumps
  ...(variant === 'tibetan-4' ? [] : [{ variant, options: { repetition: 'forbid' } }]),
  // the wide build's debug core plays the 64-point games too (issue 11: both builds run these properties)
  ...(variant === 'tibetan-4'
    ? []
    : [
        { variant, options: {}, wide: true },
        ...values.slice(0, 1).map((options) => ({ variant, options, wide: true, optionValue: true })),
      ]),
]);

export const label = (c: Config) =>
  `${c.variant} ${
    Object.entries(c.options)
      .map(([k, v]) => `${k}=${v}`)
      .join(',') || 'default'
  }${c.wide ? ' (wide build)' : ''}`;

const sorted = (xs: string[]) => [...xs].sort();
/**
 * Every move of a list, or an even sample of 60 where it has more: a tibetan-4 tiger among the goats has
 * thousands of multi-jumps, and each play() lists the next position's moves (with every path) again.
 */
const sample = (ms: string[]) => {
  const step = Math.max(1, Math.ceil(ms.length / 60));
  return ms.filter((_, i) => i % step === 0);
};

/** A point name's grid coordinates: `c4` -> [2, 3]. */
const coords = (p: string): [number, number] => [p.charCodeAt(0) - 97, Number(p.slice(1)) - 1];
const pointName = (x: number, y: number) => String.fromCharCode(97 + x) + (y + 1);

/**
 * For a multi-jump that loops back to its start (`a5xa3xc3xc5xa5`), the same move written the other way
 * round (`a5xc5xc3xa3xa5`), when that path is legal on any board: it jumps the same pieces (the midpoints,
 * each a jump's middle point on the grid) in the reverse order, and no landing point is one of them (a
 * point emptied by an earlier capture could be landed on one way but not the other). Else null.
 */
function reversedLoop(move: string): string | null {
  const pts = move.split('x');
  if (pts.length < 4 || pts[0] !== pts[pts.length - 1]) return null;
  const mids = new Set<string>();
  for (let i = 0; i + 1 < pts.length; i++) {
    const [x0, y0] = coords(pts[i]!),
      [x1, y1] = coords(pts[i + 1]!);
    if ((x0 + x1) % 2 || (y0 + y1) % 2) return null;
    mids.add(pointName((x0 + x1) / 2, (y0 + y1) / 2));
  }
  if (pts.some((p) => mids.has(p))) return null;
  return [...pts].reverse().join('x');
}

/** True if path text `a`'s landings come before `b`'s in board order (point index), landing by landing. */
function boardOrderBefore(g: Game, a: string, b: string): boolean {
  const pa = a.split('x').map((n) => g.board.index(n)),
    pb = b.split('x').map((n) => g.board.index(n));
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i]! < pb[i]!;
  return pa.length < pb.length;
}

/**
 * The checks of one position against the mirror (a release-build Game with the same options set to the
 * same position string, so with no history): string and key round-trip, the same moves and result.
 */
function checkMirror(g: Game, mirror: Game, forbid: boolean): void {
  const pos = g.position();
  const key = g.key();
  mirror.setPosition(pos);
  expect(mirror.position(), `setPosition(${pos}).position()`).toBe(pos);
  expect(mirror.key(), `key of ${pos} depends on the build or the path`).toBe(key);
  expect(mirror.keyConsistent(), `keyConsistent after setPosition(${pos})`).toBe(true);
  const res = g.result();
  const ms = g.legalMoves();
  if (res?.reason === 'repetition') {
    // drawn by the history; the mirror has none
    expect(mirror.result(), `mirror result of ${pos}`).toBeNull();
  } else if (forbid) {
    // forbid removes moves that repeat the history: the mirror (no history) lists a superset
    const all = new Set(mirror.legalMoves());
    for (const m of ms) expect(all.has(m), `${m} listed in ${pos} after history but not without`).toBe(true);
    if (res !== null) {
      // over on the board (or every move forbidden): the mirror sees the same or has moves left
      const mres = mirror.result();
      if (mres !== null) expect(mres, `result of ${pos}`).toEqual(res);
    } else {
      expect(mirror.result(), `mirror result of ${pos}`).toBeNull();
    }
  } else {
    expect(sorted(mirror.legalMoves()), `legal moves of ${pos} (mirror)`).toEqual(sorted(ms));
    expect(mirror.result(), `result of ${pos} (mirror)`).toEqual(res);
  }
}

/**
 * The repetition rule against the history (RULES.md §0 End of game; docs/notation.md "Rules"): `seen` lists the
 * positions since the start, the current one last. A position string includes the hands, the captures
 * and the extra state, and hands only shrink and captures only grow, so a string met before was met
 * since the last placement or capture. draw3: the game is drawn by repetition exactly when the current
 * position occurs the third time; none: never. forbid: a move the board allows (the mirror, with no
 * history, lists it) is listed exactly when the position it makes was not seen.
 */
function checkRepetition(g: Game, mirror: Game, rep: string, seen: string[]): void {
  const pos = g.position();
  const res = g.result();
  const n = seen.filter((p) => p === pos).length;
  if (rep === 'draw3') {
    if (n >= 3) expect(res?.reason, `${pos} occurred ${n} times: ${g.history().join(' ')}`).toBe('repetition');
    else expect(res?.reason, `${pos} occurred ${n} times: ${g.history().join(' ')}`).not.toBe('repetition');
  } else {
    expect(res?.reason, `repetition=${rep} result at ${pos}`).not.toBe('repetition');
  }
  if (rep === 'forbid' && mirror.result() === null) {
    const ms = new Set(g.legalMoves());
    const before = new Set(seen);
    mirror.setPosition(pos);
    for (const m of sample(mirror.legalMoves())) {
      mirror.play(m);
      const repeats = before.has(mirror.position());
      mirror.undo();
      expect(
        ms.has(m),
        `forbid: ${m} from ${pos} ${repeats ? 'repeats' : 'does not repeat'} a position (history ${g.history().join(' ')})`,
      ).toBe(!repeats);
    }
  }
}

/** Registers the property tests of one configuration. */
export function checkConfig(config: Config): void {
  describe(`${label(config)} (random playouts, debug core)`, () => {
    let g: Game;
    let mirror: Game;
    let start: string;
    const forbid = config.options.repetition === 'forbid';
    // tibetan-4's playouts use a fixed seed: a random one can reach a tiger inside the ring of goats
    // (thousands of multi-jumps, each play listing them again), which made a CI run take many minutes
    const runSeed = config.variant === 'tibetan-4' ? { seed: 20261201 } : {};
    const rep = String(config.options.repetition ?? 'draw3');

    beforeAll(async () => {
      g = await Game.create(config.variant, { options: config.options, debug: true, hashMb: 1, wide: config.wide });
      mirror = await Game.create(config.variant, { options: config.options, hashMb: 1 });
      start = g.position();
    });
    afterAll(() => {
      g?.dispose();
      mirror?.dispose();
    });

    it('undo restores position and key; keys consistent; every listed move plays once; strings and keys round-trip; result iff no moves', () => {
      fc.assert(
        fc.property(choicesArb(60), (choices) => {
          g.setPosition(start);
          expect(g.position()).toBe(start);
          expect(() => g.undo()).toThrow(ArgumentError);
          const trail: Array<{ pos: string; key: string; move: string }> = [];
          expect(g.keyConsistent()).toBe(true);
          checkMirror(g, mirror, forbid);
          const seen = [start];
          for (const c of choices) {
            const pos = g.position();
            const key = g.key();
            const ms = g.legalMoves();
            const res = g.result();
            expect(new Set(ms).size, `duplicate legal moves in ${pos}: ${ms.join(' ')}`).toBe(ms.length);
            // result() !== null exactly when legalMoves() is empty
            if (ms.length === 0) {
              expect(res, `no legal moves but no result in ${pos}`).not.toBeNull();
              break;
            }
            expect(res, `result ${JSON.stringify(res)} with moves ${ms.join(' ')} in ${pos}`).toBeNull();
            for (const m of sample(ms)) {
              g.play(m);
              expect(g.history().at(-1), `text recorded for ${m} from ${pos}`).toBe(m);
              expect(g.keyConsistent(), `key inconsistent after ${m} from ${pos}`).toBe(true);
              expect(g.key(), `${m} did not change the key of ${pos}`).not.toBe(key);
              const after = g.position();
              expect(g.undo()).toBe(m);
              expect(g.position(), `undo of ${m} from ${pos}`).toBe(pos);
              expect(g.key(), `undo of ${m} from ${pos} restored a different key`).toBe(key);
              // a looping multi-jump written the other way round is the same move
              const alt = reversedLoop(m);
              if (alt !== null && alt !== m) {
                expect(ms, `${alt} (= ${m}) listed separately in ${pos}`).not.toContain(alt);
                // docs/notation.md: of a move's paths, the one whose landings come first in board order
                expect(
                  boardOrderBefore(g, m, alt),
                  `${m} is not the canonical text (${alt} comes first in board order) in ${pos}`,
                ).toBe(true);
                expect(() => g.play(alt), `${alt} (= ${m}) refused in ${pos}`).not.toThrow();
                expect(g.position(), `${alt} vs ${m} from ${pos}`).toBe(after);
                expect(g.history().at(-1)).toBe(m);
                g.undo();
              }
            }
            const m = ms[c % ms.length]!;
            g.play(m);
            expect(g.keyConsistent(), `key inconsistent after ${m} from ${pos}`).toBe(true);
            trail.push({ pos, key, move: m });
            checkMirror(g, mirror, forbid);
            seen.push(g.position());
            checkRepetition(g, mirror, rep, seen);
          }
          expect(g.history()).toEqual(trail.map((t) => t.move));
          // undo everything: each earlier position and key comes back, ending at the start
          expectUndoneAlong(g, trail);
          expect(g.position()).toBe(start);
          expect(() => g.undo()).toThrow(ArgumentError);
        }),
        { numRuns: 3, ...runSeed },
      );
    });

    it('perft(1..3) === perftSlow(1..3) and search({ depth: 3 }) plays a legal move without side effects, at random reachable positions', () => {
      fc.assert(
        fc.property(choicesArb(60), (choices) => {
          g.setPosition(start);
          const played = randomPlay(g, choices);
          const pos = g.position();
          const key = g.key();
          const ms = g.legalMoves();
          const res = g.result();
          expect(res === null, `result ${JSON.stringify(res)} with moves [${ms.join(' ')}] in ${pos}`).toBe(
            ms.length > 0,
          );
          // deeper only while cheap: a tibetan-4 midgame can have thousands of multi-jumps a ply
          let last = 1;
          for (let d = 1; d <= 3 && last <= 5_000; d++) {
            const slow = g.perftSlow(d);
            expect(g.perft(d), `perft(${d}) of ${pos}`).toBe(slow);
            last = slow;
          }
          // perft ignores repetition: it counts the moves the board allows
          if (res === null && !forbid) expect(g.perft(1), `perft(1) of ${pos}`).toBe(ms.length);
          expect(g.position()).toBe(pos);
          expect(g.key()).toBe(key);
          // tibetan-4's quiescence meets capture lists of up to ~10^5 multi-jumps (second-line): a node budget
          const r = g.search(config.variant === 'tibetan-4' ? { depth: 3, nodes: 5_000 } : { depth: 3 });
          if (ms.length > 0) {
            expect(ms, `search from ${pos} returned ${r.bestmove}`).toContain(r.bestmove);
            if (r.pv.length > 0) expect(r.pv[0]).toBe(r.bestmove);
          } else {
            expect(r.bestmove, `search from the finished ${pos}`).toBeNull();
          }
          expect(g.position(), `search changed the position ${pos}`).toBe(pos);
          expect(g.key()).toBe(key);
          expect(g.keyConsistent()).toBe(true);
          expect(g.history(), `search changed the history at ${pos}`).toEqual(played);
          // setPosition(position()) on the game itself: the same string and key (the history is cleared)
          g.setPosition(pos);
          expect(g.position()).toBe(pos);
          expect(g.key(), `key of ${pos} after setPosition`).toBe(key);
          expect(g.keyConsistent()).toBe(true);
        }),
        { numRuns: 3, ...runSeed },
      );
    });
  });
}
