// Self-checks of the placement-phase reference solver (test/reference/bagh-chal-placement.ts) on
// hand-checkable positions, with stub leaf probes (no tablebase needed).
import { describe, expect, it } from 'vitest';
import { parsePosition } from './bagh-chal.js';
import { forcedCaptures, placementValue, type Wdl } from './bagh-chal-placement.js';

/** A probe that always answers `v` and records what it was asked. */
function stub(v: Wdl): { probe: (position: string) => Wdl; calls: string[] } {
  const calls: string[] = [];
  return {
    probe: (position) => {
      calls.push(position);
      return v;
    },
    calls,
  };
}

/** Every leaf handed to a probe must be a valid position with all goats placed. */
function expectValidLeaves(calls: string[], side: 'G' | 'T', captured: string): void {
  for (const leaf of calls) {
    const fields = leaf.split(' ');
    expect(fields).toHaveLength(4);
    expect(fields[1]).toBe(side);
    expect(fields[2]).toBe('-');
    expect(fields[3]).toBe(captured);
    const p = parsePosition(leaf);
    expect(p.hand).toBe(0);
  }
}

// All four corner tigers walled in: every neighbour and every jump landing is a goat. Empty: c2 b3 d3 c4.
const WALLED_T = 'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT T G3 -';
const WALLED_G = 'TGGGT/GG1GG/G1G1G/GG1GG/TGGGT G G3 -';
// As above but c3 empty too (every tiger can jump into it): placing on c3 walls them in again.
const TRAP_C3 = 'TGGGT/GG1GG/G3G/GG1GG/TGGGT G G1 G3';
// Empty c2 c3 c4 only: c3 is the only jump landing; placing on c3 walls the tigers in.
const COLUMN = 'TGGGT/GG1GG/GG1GG/GG1GG/TGGGT G G2 -';
// Empty c1 c3 c5: all three are jump landings and the corner tigers have no step.
const LANDINGS_G = 'TG1GT/GGGGG/GG1GG/GGGGG/TG1GT G G2 -';
const LANDINGS_T = 'TG1GT/GGGGG/GG1GG/GGGGG/TG1GT T G1 G1';
// Empty b1 a2 b2 d5 e4 d4 (the neighbours of a1 and e5): no single placement can stop the tigers moving.
const OPEN = 'TGG1T/GGG2/GGGGG/2GGG/T1GGT G G1 G4';

describe('placementValue', () => {
  it('tigers to move with no legal move lose; the probe is never asked', () => {
    for (let k = 1; k <= 5; k++) {
      const s = stub('win');
      expect(placementValue(WALLED_T, k, s.probe)).toBe('loss');
      expect(s.calls).toEqual([]);
    }
  });

  it('goats to move beside walled-in tigers win (any placement keeps them walled in)', () => {
    const s = stub('win');
    expect(placementValue(WALLED_G, 5, s.probe)).toBe('win');
    expect(s.calls).toEqual([]);
  });

  it('captures >= capturesToWin is a tiger win, whoever is to move', () => {
    const s = stub('draw');
    expect(placementValue(TRAP_C3, 3, s.probe)).toBe('loss'); // goats to move, 3 captured
    expect(placementValue(TRAP_C3, 1, s.probe)).toBe('loss');
    expect(placementValue(LANDINGS_T, 1, s.probe)).toBe('win'); // tigers to move, 1 captured
    expect(s.calls).toEqual([]);
  });

  it('the goats find the one trapping placement', () => {
    // TRAP_C3: c3 walls the tigers in (they lose); elsewhere the leaf is asked (tigers to move, 'win').
    const s = stub('win');
    expect(placementValue(TRAP_C3, 5, s.probe)).toBe('win');
    expect(placementValue(TRAP_C3, 4, stub('win').probe)).toBe('win');
    // COLUMN, captures-to-win 1: c2 or c4 lets a tiger jump into c3 at once; c3 walls them in.
    const c = stub('win');
    expect(placementValue(COLUMN, 1, c.probe)).toBe('win');
    expect(placementValue(COLUMN, 5, stub('win').probe)).toBe('win');
    expect(c.calls).toEqual([]);
  });

  it('capturesToWin = 1 with a capture available is a tiger win', () => {
    // Tigers to move, 1 captured, captures-to-win 2: every tiger move is a capture.
    const t = stub('loss');
    expect(placementValue(LANDINGS_T, 2, t.probe)).toBe('win');
    expect(t.calls).toEqual([]);
    // Goats to move with 2 in hand, captures-to-win 1: wherever they place, two landings stay open.
    const g = stub('loss');
    expect(placementValue(LANDINGS_G, 1, g.probe)).toBe('loss');
    expect(g.calls).toEqual([]);
  });

  it('one placement from the leaves: the value is the negated leaf value (side to move flips)', () => {
    for (const [leaf, expected] of [
      ['win', 'loss'],
      ['draw', 'draw'],
      ['loss', 'win'],
    ] as const) {
      const s = stub(leaf);
      expect(placementValue(OPEN, 5, s.probe)).toBe(expected);
      // a lost leaf (a goat win) ends the search at the first placement; otherwise all 6 are asked
      if (leaf !== 'loss') expect(new Set(s.calls).size).toBe(6);
      expectValidLeaves(s.calls, 'T', 'G4');
    }
    // every placement is a distinct leaf string with exactly one of the six points filled
    const s = stub('draw');
    placementValue(OPEN, 5, s.probe);
    expect([...s.calls].sort()).toEqual(
      [
        'TGG1T/GGG2/GGGGG/2GGG/TGGGT T - G4', // b1
        'TGG1T/GGG2/GGGGG/G1GGG/T1GGT T - G4', // a2
        'TGG1T/GGG2/GGGGG/1GGGG/T1GGT T - G4', // b2
        'TGGGT/GGG2/GGGGG/2GGG/T1GGT T - G4', // d5
        'TGG1T/GGG1G/GGGGG/2GGG/T1GGT T - G4', // e4
        'TGG1T/GGGG1/GGGGG/2GGG/T1GGT T - G4', // d4
      ].sort(),
    );
    // captures-to-win 4 is already reached
    expect(placementValue(OPEN, 4, stub('loss').probe)).toBe('loss');
  });

  it('leaves reached through a capture carry the new capture count, side and an empty hand', () => {
    const s = stub('draw');
    const v = placementValue(LANDINGS_G, 2, s.probe);
    expect(s.calls.length).toBeGreaterThan(0);
    expectValidLeaves(s.calls, 'T', 'G1');
    for (const leaf of s.calls) {
      expect(parsePosition(leaf).board.filter((c) => c === 'G')).toHaveLength(19);
    }
    // tigers can capture only once before the last placement, and draw leaves never give them the win
    expect(v === 'draw' || v === 'win').toBe(true);
  });

  it('accepts G0 as an empty hand and hands the probe the canonical string', () => {
    const s = stub('draw');
    expect(placementValue('TGGGT/GGGGG/GG1GG/GG1GG/TGGGT T G0 G1', 5, s.probe)).toBe('draw');
    expect(s.calls).toEqual(['TGGGT/GGGGG/GG1GG/GG1GG/TGGGT T - G1']);
  });

  it('rejects bad arguments', () => {
    expect(() => placementValue(OPEN, 0, stub('draw').probe)).toThrow();
    expect(() => placementValue(OPEN, 6, stub('draw').probe)).toThrow();
    expect(() => placementValue('T3T/5/5/5/T3T G G19 -', 5, stub('draw').probe)).toThrow();
  });
});

describe('forcedCaptures', () => {
  const always =
    (v: Wdl, calls: Array<[string, number]> = []) =>
    (position: string, k: number): Wdl => {
      calls.push([position, k]);
      return v;
    };

  it('walled-in tigers force nothing', () => {
    expect(forcedCaptures(WALLED_T, always('win'))).toBe(0);
    expect(forcedCaptures(WALLED_G, always('win'))).toBe(0);
  });

  it('captures already made count as forced', () => {
    // TRAP_C3: the goats wall the tigers in, so only the 3 already made count.
    expect(forcedCaptures(TRAP_C3, always('win'))).toBe(3);
    // OPEN: 4 made; the fifth is decided by the leaves (tigers to move there).
    expect(forcedCaptures(OPEN, always('draw'))).toBe(4);
    expect(forcedCaptures(OPEN, always('loss'))).toBe(4);
    const calls: Array<[string, number]> = [];
    expect(forcedCaptures(OPEN, always('win', calls))).toBe(5);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every(([, k]) => k === 5)).toBe(true);
  });

  it('one capture forced during placement, the rest left to the (drawn) leaves', () => {
    const calls: Array<[string, number]> = [];
    expect(forcedCaptures(LANDINGS_G, always('draw', calls))).toBe(1);
    expect(forcedCaptures(LANDINGS_T, always('draw'))).toBe(2);
    expect(forcedCaptures(COLUMN, always('win'))).toBe(0);
    // the probe is asked with the captures-to-win of the game being solved
    expect(new Set(calls.map(([, k]) => k))).toEqual(new Set([5, 4, 3, 2]));
  });
});
