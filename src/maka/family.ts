/**
 * The Maka Dai Dai Shogi family (src/engine.ts Family): one variant, played in the host by MakaGame
 * (src/maka/game.ts, loaded when the first game is created). Rules: rules/maka-dai-dai.md.
 */
import type { AnyGameOptions, Family, VariantListing } from '../contract/types.js';
import { OptionError } from '../contract/errors.js';
import { OPTION_DECLS, DEFAULT_OPTIONS, MAKA_ID, MAKA_LABELS, resolveMakaOptions } from './options.js';
import { startPosition } from './start.js';

export { MAKA_ID, MAKA_LABELS } from './options.js';

export const makaFamily: Family = {
  name: 'maka',
  gameClass: 'MakaGame',
  labels: MAKA_LABELS,
  tablebases: false,
  ids: () => [MAKA_ID],
  list: (): VariantListing[] => [
    {
      id: MAKA_ID,
      name: 'Maka Dai Dai Shogi',
      source: 'rules/maka-dai-dai.md; seed 003_4eeefeb2d5e92af3.txt',
      start: startPosition(),
      options: OPTION_DECLS.map((d) => ({
        name: d.key,
        type: 'enum',
        default: String(DEFAULT_OPTIONS[d.field]),
        values: d.values,
        source: `rules/maka-dai-dai.md (${d.key})`,
        description: `one of ${d.values.join('|')}`,
      })),
    },
  ],
  checkArgs: (_id: string, opts: AnyGameOptions) => {
    if (opts.tbDir !== undefined)
      throw new OptionError(
        `tablebases exist for the hunt games (lattice tablebase build, lattice solve), not for ${MAKA_ID}`,
      );
    resolveMakaOptions(opts.options);
  },
  create: async (_id: string, opts: AnyGameOptions) => {
    const { MakaGame } = await import('./game.js');
    return MakaGame.create({ options: opts.options, position: opts.position, hashMb: opts.hashMb });
  },
};
