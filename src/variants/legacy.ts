/**
 * The fields the code before the RuleSet reads (game.ts, notation.ts, core-setup.ts, tablebase/, engine.ts),
 * derived from a declaration. @deprecated: remove once those read `sides`, `rules(o)` and the start totals.
 */
import { startTotals } from './start.js';
import type { HuntDecl, HuntVariant, OptionValues } from './types.js';

/** The default option values of a declaration. */
export function defaultOptions(d: Pick<HuntDecl, 'options'>): OptionValues {
  const out: OptionValues = Object.create(null);
  for (const o of d.options) out[o.name] = o.default;
  return out;
}

/**
 * `d` with the deprecated fields of HuntVariant added: prey = sides[0], hunter = sides[1], hunters and
 * preyTotal = the side totals of the start position for the default options (startTotals),
 * capturesToWin(o) = rules(o).sides[0].captureTarget (or preyTotal + 1 when null: never reached).
 * @throws RangeError if the default start position does not read on the default board (a declaration bug).
 */
export function withLegacyFields(d: HuntDecl): HuntVariant {
  const defaults = defaultOptions(d);
  const [preyTotal, hunters] = startTotals(d.board(defaults), [d.sides[0].letter, d.sides[1].letter], d.start(defaults));
  return Object.freeze({
    ...d,
    prey: d.sides[0],
    hunter: d.sides[1],
    hunters,
    preyTotal,
    capturesToWin: (o: OptionValues) => d.rules(o).sides[0].captureTarget ?? preyTotal + 1,
  });
}
