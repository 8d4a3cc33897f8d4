// The generic solver (src/solve/generic.ts) against the independent reference solver
// (test/reference/hunt-solver.ts, written from RULES.md without reading the core): every position the
// reference reaches from a start must have the same value (win/loss/draw and plies) in the engine's
// tables. Shared by the quick test (npm test) and the slow tier.
import { expect } from 'vitest';
import { HuntSolver } from '../../src/solve/generic.js';
import { GAMES, setup, type Options } from './hong-kong.js';
import { solveReference } from './hunt-solver.js';
import { reduced, type ReducedCase } from '../support/reduced-games.js';

/** Catch the Giant's giant starts: every point empty at the start (RULES.md §3). */
export const GIANT_STARTS = ['b2', 'a3', 'b3', 'c3', 'a4', 'b4', 'c4', 'b5'];

/** Compares every reachable position of catch-the-giant under `opts` (engine option strings). */
export async function agreeCatchTheGiant(opts: { 'giant-start': string; 'stall-limit': string }): Promise<number> {
  const engine = await HuntSolver.create('catch-the-giant', opts);
  await engine.solve();
  const refOpts: Options = {
    'giant-start': opts['giant-start'],
    'stall-limit': opts['stall-limit'] === 'off' ? 'off' : Number(opts['stall-limit']),
  };
  const game = GAMES['catch-the-giant'];
  const ref = solveReference(game, game.startPosition(refOpts), refOpts);
  return compare(engine, ref.values);
}

/** Compares every position reachable from a reduced start. */
export async function agreeReduced(c: ReducedCase): Promise<number> {
  const engine = await HuntSolver.create(reduced(c.base, c.id, c.start, c.target));
  await engine.solve();
  const game = GAMES[c.base];
  const refOpts: Options = { 'captures-to-win': c.target } as Options;
  const start = setup(game, { hunter: c.hunter, prey: c.prey, hand: c.hand, toMove: 'hunter' });
  const ref = solveReference(game, start, refOpts);
  expect(ref.startKey).toBe(c.start);
  return compare(engine, ref.values);
}

function compare(engine: HuntSolver, values: Map<string, { result: string; plies: number }>): number {
  const wrong: string[] = [];
  for (const [text, v] of values) {
    const e = engine.probe(text);
    if (e === null || e.result !== v.result || e.plies !== v.plies)
      wrong.push(`${text}: engine ${JSON.stringify(e)}, reference ${JSON.stringify(v)}`);
  }
  expect(wrong.slice(0, 10)).toEqual([]);
  return values.size;
}
