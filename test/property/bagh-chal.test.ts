// Property tests of the Game API (fast-check): random playouts from the start and from random reachable
// positions (and from random valid, not necessarily reachable, positions), checking the invariants every
// position must satisfy: make/undo restores position and key, the incremental key equals the key
// recomputed from scratch, every listed move is playable and listed once, position strings round-trip,
// keys depend only on the position (not on the path), perft's bulk recursion equals the make/unmake
// path, and search returns a legal move without disturbing the position or the history.
//
// The games under test load the bounds-checked debug build of the core (debug: true), so every table
// access is checked; they are created once and reset with setPosition. The "mirror" game that
// re-reads each position string is a release build, so keys are also checked to be build-independent.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArgumentError, Game } from '../../src/index.js';
import { choicesArb, expectUndoneAlong, randomPlay } from '../support/playout.js';

const START = 'T3T/5/5/5/T3T G G20 -';

type Config = 'default' | 'long-draw3' | 'long-forbid' | 'long-none';
const CONFIGS: Config[] = ['default', 'long-draw3', 'long-forbid', 'long-none'];
const OPTIONS: Record<Config, Record<string, number | string>> = {
  // the real game: 5 captures win, third occurrence draws
  default: {},
  // 20 captures to win keeps random games alive into the movement phase with sparse boards
  'long-draw3': { 'captures-to-win': 20 },
  'long-forbid': { 'captures-to-win': 20, repetition: 'forbid' },
  'long-none': { 'captures-to-win': 20, repetition: 'none' },
};

/** The games under test (debug build), one per configuration, reset with setPosition for each run. */
const games = {} as Record<Config, Game>;
/**
 * Another instance set to the same position with no history: a release build (keys must not depend
 * on the build). With no history the repetition option cannot change the moves, so one
 * captures-to-win=20 game mirrors every config (for 'default' the move sets are compared only while
 * fewer than 5 goats are captured, where the two capture targets agree).
 */
const mirrors = {} as Record<Config, Game>;

beforeAll(async () => {
  for (const c of CONFIGS) {
    games[c] = await Game.create('bagh-chal', { options: OPTIONS[c], debug: true });
  }
  const mirror = await Game.create('bagh-chal', { options: OPTIONS['long-none'] });
  for (const c of CONFIGS) mirrors[c] = mirror;
});

const sorted = (xs: string[]) => [...xs].sort();

/** The perft/legal-move/round-trip checks of one position (properties c, d, e). */
function checkPosition(g: Game, mirror: Game, opts: { perft: boolean }): void {
  const pos = g.position();
  const key = g.key();
  const ms = g.legalMoves();
  // (c) no duplicates
  expect(new Set(ms).size, `duplicate legal moves in ${pos}: ${ms.join(' ')}`).toBe(ms.length);
  // (d) the string re-parses to the same position and the same key, in another instance with no history
  mirror.setPosition(pos);
  expect(mirror.position()).toBe(pos);
  expect(mirror.key(), `key of ${pos} depends on the path that reached it`).toBe(key);
  expect(mirror.keyConsistent()).toBe(true);
  const res = g.result();
  if (res?.reason === 'repetition') {
    // drawn by the history; the mirror has none
    expect(mirror.result()).toBeNull();
  } else if (res?.reason === 'captures' && g.options['captures-to-win'] !== mirror.options['captures-to-win']) {
    expect(ms).toEqual([]);
  } else if (g.options.repetition === 'forbid') {
    // forbid removes moves that repeat the history: the mirror (no history) lists a superset
    const all = new Set(mirror.legalMoves());
    for (const m of ms) expect(all.has(m), `${m} in ${pos}`).toBe(true);
  } else {
    expect(sorted(mirror.legalMoves()), `legal moves of ${pos}`).toEqual(sorted(ms));
    expect(mirror.result()).toEqual(res);
  }
  // (e) perft's bulk counting equals the make/unmake path; perft(1) is the number of legal moves
  if (opts.perft) {
    const slow2 = g.perftSlow(2);
    expect(g.perft(2), `perft(2) of ${pos}`).toBe(slow2);
    expect(g.perftClassic(2), `perftClassic(2) of ${pos}`).toBe(slow2);
    if (res === null && g.options.repetition !== 'forbid') expect(g.perft(1), `perft(1) of ${pos}`).toBe(ms.length);
    if (res === null && g.options.repetition === 'forbid') expect(g.perft(1)).toBeGreaterThanOrEqual(ms.length);
    expect(g.position()).toBe(pos);
    expect(g.key()).toBe(key);
  }
}

const configArb = fc.constantFrom(...CONFIGS);

describe('random playouts (debug core)', () => {
  it('undo restores every earlier position and key; keys stay consistent; every legal move plays (a, b, c)', () => {
    fc.assert(
      fc.property(configArb, choicesArb(60), choicesArb(90), (config, prefix, choices) => {
        const g = games[config];
        g.setPosition(START);
        // a random reachable position becomes the new root (prefix may be empty: the start itself)
        randomPlay(g, prefix);
        const root = g.position();
        const rootKey = g.key();
        g.setPosition(root);
        expect(g.key(), `key of ${root} changed by setPosition`).toBe(rootKey);
        expect(() => g.undo()).toThrow(ArgumentError);

        const trail: Array<{ pos: string; key: string; move: string }> = [];
        expect(g.keyConsistent()).toBe(true);
        for (const c of choices) {
          const pos = g.position();
          const key = g.key();
          const ms = g.legalMoves();
          expect(new Set(ms).size, `duplicate legal moves in ${pos}`).toBe(ms.length);
          if (ms.length === 0) {
            expect(g.result(), `no legal moves but no result in ${pos}`).not.toBeNull();
            break;
          }
          expect(g.result()).toBeNull();
          // (c) every listed move is accepted by play(); (b) the key stays consistent; undo returns it
          for (const m of ms) {
            g.play(m);
            expect(g.keyConsistent(), `key inconsistent after ${m} from ${pos}`).toBe(true);
            expect(g.key(), `${m} did not change the key of ${pos}`).not.toBe(key);
            expect(g.undo()).toBe(m);
            expect(g.position(), `undo of ${m} from ${pos}`).toBe(pos);
            expect(g.key(), `undo of ${m} from ${pos} restored a different key`).toBe(key);
          }
          const m = ms[c % ms.length]!;
          g.play(m);
          expect(g.keyConsistent(), `key inconsistent after ${m} from ${pos}`).toBe(true);
          trail.push({ pos, key, move: m });
        }
        expect(g.history()).toEqual(trail.map((t) => t.move));
        // (a) undo everything: each earlier position and key comes back, ending at the root
        expectUndoneAlong(g, trail);
        expect(g.position()).toBe(root);
        expect(g.key()).toBe(rootKey);
        expect(() => g.undo()).toThrow(ArgumentError);
      }),
      { numRuns: 150 },
    );
  });

  it('position strings round-trip and keys depend only on the position; perft(2) === perftSlow(2) (d, e)', () => {
    fc.assert(
      fc.property(configArb, choicesArb(130), (config, choices) => {
        const g = games[config];
        g.setPosition(START);
        let ply = 0;
        checkPosition(g, mirrors[config], { perft: true });
        for (const c of choices) {
          const ms = g.legalMoves();
          if (ms.length === 0) break;
          g.play(ms[c % ms.length]!);
          ply++;
          checkPosition(g, mirrors[config], { perft: ply % 4 === 0 });
        }
        checkPosition(g, mirrors[config], { perft: true });
        // setPosition(position()) on the game itself: identical string and key, history cleared
        const pos = g.position();
        const key = g.key();
        g.setPosition(pos);
        expect(g.position()).toBe(pos);
        expect(g.key()).toBe(key);
        expect(g.keyConsistent()).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a fresh Game created with { position } has the same legal moves and key as the game that reached it (d)', async () => {
    await fc.assert(
      fc.asyncProperty(configArb, choicesArb(130), async (config, choices) => {
        const g = games[config];
        g.setPosition(START);
        randomPlay(g, choices);
        const pos = g.position();
        const fresh = await Game.create('bagh-chal', { position: pos, options: OPTIONS[config], debug: true });
        expect(fresh.position()).toBe(pos);
        expect(fresh.key(), `key of ${pos}: reached ${g.key()}, fresh ${fresh.key()}`).toBe(g.key());
        expect(fresh.keyConsistent()).toBe(true);
        const res = g.result();
        if (res?.reason === 'repetition') {
          // the reached game is drawn by its history; the fresh one has none
          expect(fresh.result()).toBeNull();
        } else if (config === 'long-forbid') {
          // forbid filters moves that repeat the history: the fresh game may allow more
          const freshSet = new Set(fresh.legalMoves());
          for (const m of g.legalMoves()) expect(freshSet.has(m)).toBe(true);
        } else {
          expect(sorted(fresh.legalMoves())).toEqual(sorted(g.legalMoves()));
          expect(fresh.result()).toEqual(res);
        }
        expect(fresh.perft(2)).toBe(g.perft(2));
      }),
      { numRuns: 40 },
    );
  });

  it('transpositions: two move orders reaching the same position give the same key', async () => {
    const a = games.default;
    const b = mirrors.default;
    a.setPosition(START);
    b.setPosition(START);
    for (const m of ['c3', 'a1-b2', 'd4', 'b2-a1', 'b4']) a.play(m);
    for (const m of ['b4', 'a1-b2', 'c3', 'b2-a1', 'd4']) b.play(m);
    expect(a.position()).toBe('T3T/1G1G1/2G2/5/T3T T G17 -');
    expect(b.position()).toBe(a.position());
    expect(b.key()).toBe(a.key());
    const fresh = await Game.create('bagh-chal', { position: a.position(), debug: false });
    expect(fresh.key()).toBe(a.key());
  });

  it('search({ depth: 3 }) returns a legal move and leaves position, key and history unchanged (f)', () => {
    fc.assert(
      fc.property(configArb, choicesArb(130), (config, choices) => {
        const g = games[config];
        g.setPosition(START);
        const played = randomPlay(g, choices);
        const pos = g.position();
        const key = g.key();
        const ms = g.legalMoves();
        const r = g.search({ depth: 3 });
        if (ms.length > 0) {
          expect(r.bestmove, `search from ${pos} (${config})`).not.toBeNull();
          expect(ms, `search from ${pos} (${config}) returned ${r.bestmove}`).toContain(r.bestmove);
          expect(r.depth).toBeGreaterThanOrEqual(1);
          expect(r.depth).toBeLessThanOrEqual(3);
          // the PV starts with the best move and is a playable line
          if (r.pv.length > 0) expect(r.pv[0]).toBe(r.bestmove);
        } else if (g.result()?.reason !== 'repetition') {
          // the game is over on the board: no move to return
          expect(r.bestmove).toBeNull();
        }
        expect(g.position()).toBe(pos);
        expect(g.key()).toBe(key);
        expect(g.keyConsistent()).toBe(true);
        expect(g.history()).toEqual(played);
        // the PV is legal from here, move by move
        if (ms.length > 0) {
          let n = 0;
          for (const m of r.pv) {
            if (g.result()) break;
            expect(g.legalMoves(), `PV ${r.pv.join(' ')} from ${pos}`).toContain(m);
            g.play(m);
            n++;
          }
          for (let i = 0; i < n; i++) g.undo();
          expect(g.position()).toBe(pos);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('random valid positions (not necessarily reachable)', () => {
  /**
   * A random valid position string: 4 tigers, goats on board + in hand + captured (<= 4) = 20; tigers to move only
   * where they can be.
   */
  const positionArb = fc
    .record({
      perm: fc.shuffledSubarray([...Array(25).keys()], { minLength: 25, maxLength: 25 }),
      captured: fc.integer({ min: 0, max: 4 }),
      onBoard: fc.integer({ min: 0, max: 20 }),
      side: fc.constantFrom('G', 'T'),
    })
    .map(({ perm, captured, onBoard, side }) => {
      const goats = Math.min(onBoard, 20 - captured);
      const hand = 20 - captured - goats;
      const cells = Array<string>(25).fill('.');
      perm.slice(0, 4).forEach((p) => (cells[p] = 'T'));
      perm.slice(4, 4 + goats).forEach((p) => (cells[p] = 'G'));
      const ranks: string[] = [];
      for (let y = 4; y >= 0; y--) {
        let s = '',
          run = 0;
        for (let x = 0; x < 5; x++) {
          const c = cells[y * 5 + x]!;
          if (c === '.') {
            run++;
            continue;
          }
          if (run) {
            s += run;
            run = 0;
          }
          s += c;
        }
        ranks.push(run ? s + run : s);
      }
      // the tigers are never to move with goats in hand and as many captured as placed (that cannot
      // arise, RULES.md §1, and is refused): the goats are to move there
      const mover = side === 'T' && hand > 0 && captured >= 20 - hand ? 'G' : side;
      return `${ranks.join('/')} ${mover} ${hand ? 'G' + hand : '-'} ${captured ? 'G' + captured : '-'}`;
    });

  it('parse/format round-trip, consistent key, perft(2) === perftSlow(2), legal moves playable and unique', () => {
    fc.assert(
      fc.property(positionArb, (pos) => {
        const g = games.default;
        g.setPosition(pos);
        expect(g.position()).toBe(pos);
        expect(g.keyConsistent()).toBe(true);
        const key = g.key();
        const ms = g.legalMoves();
        expect(new Set(ms).size).toBe(ms.length);
        for (const m of ms) {
          // every move's text names existing points and is a placement/step/jump of the right side
          expect(m).toMatch(/^[a-e][1-5]((-|x)[a-e][1-5])?$/);
          g.play(m);
          expect(g.keyConsistent()).toBe(true);
          expect(g.undo()).toBe(m);
        }
        expect(g.position()).toBe(pos);
        expect(g.key()).toBe(key);
        const slow2 = g.perftSlow(2),
          slow3 = g.perftSlow(3);
        expect(g.perft(2), `perft(2) of ${pos}`).toBe(slow2);
        expect(g.perft(3), `perft(3) of ${pos}`).toBe(slow3);
        expect(g.perftClassic(2), `perftClassic(2) of ${pos}`).toBe(slow2);
        expect(g.perftClassic(3), `perftClassic(3) of ${pos}`).toBe(slow3);
        if (g.result() === null) expect(g.perft(1)).toBe(ms.length);
        else expect(ms).toEqual([]);
        const r = g.search({ depth: 3 });
        if (ms.length > 0) expect(ms).toContain(r.bestmove);
        else expect(r.bestmove).toBeNull();
        expect(g.position()).toBe(pos);
        expect(g.key()).toBe(key);
      }),
      { numRuns: 200 },
    );
  });
});
