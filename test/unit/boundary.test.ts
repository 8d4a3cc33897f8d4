// One source for what crosses the boundary (DESIGN.md "Moves and positions as values"): the core exports
// its constants (assembly/index.ts), and each value the host writes by hand is checked against it, on
// both builds: mate scores, move kinds, result reasons and IO word indices.
import { describe, expect, it } from 'vitest';
import { loadCore, IO_SET, IO_KEY } from '../../src/lattice/core/wasm.js';
import { MATE, REASONS, REASON_NO_MOVES } from '../../src/lattice/game.js';
import { KIND_PLACE, KIND_STEP, KIND_JUMP, KIND_MULTI, KIND_INTERVENE } from '../../src/lattice/moves.js';

const value = (g: unknown): number => (typeof g === 'number' ? g : (g as { value: number }).value);

describe.each([false, true])("the core's exported constants equal the host's (wide build: %s)", (wide) => {
  it('MATE, move kinds, result reasons, IO indices', async () => {
    const core = await loadCore({ wide });
    const e = core.exports as unknown as Record<string, unknown>;
    expect(value(e.MATE)).toBe(MATE);
    expect([KIND_PLACE, KIND_STEP, KIND_JUMP, KIND_MULTI, KIND_INTERVENE]).toEqual(
      ['KIND_PLACE', 'KIND_STEP', 'KIND_JUMP', 'KIND_MULTI', 'KIND_INTERVENE'].map((k) => value(e[k])),
    );
    const reasons: Record<string, string> = {
      REASON_CAPTURES: 'captures',
      REASON_NO_MOVES: 'no-moves',
      REASON_ESCAPE: 'escape',
      REASON_STALL: 'stall-limit',
      REASON_REPETITION: 'repetition',
      REASON_MOVE_LIMIT: 'move-limit',
    };
    for (const [k, name] of Object.entries(reasons)) expect(REASONS[value(e[k])], k).toBe(name);
    expect(Object.keys(REASONS)).toHaveLength(Object.keys(reasons).length);
    expect(REASON_NO_MOVES).toBe(value(e.REASON_NO_MOVES));
    expect({
      hunters: value(e.IO_HUNTERS),
      prey: value(e.IO_PREY),
      caps: value(e.IO_CAPS),
      kings: value(e.IO_KINGS),
      region: value(e.IO_REGION),
      key: value(e.IO_KEY),
    }).toEqual({ ...IO_SET, key: IO_KEY });
  });
});
