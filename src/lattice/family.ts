/**
 * The lattice family (src/engine.ts Family): every declaration of src/variants, played on the
 * WebAssembly core by Game (src/lattice/game.ts, loaded when the first game is created).
 */
import type { AnyGameOptions, Family, VariantListing } from '../contract/types.js';
import { VARIANTS, defaultOptions, getVariant, resolveOptions } from '../variants/index.js';

export const latticeFamily: Family = {
  name: 'lattice',
  gameClass: 'Game',
  labels: [],
  tablebases: true,
  ids: () => [...VARIANTS.keys()],
  list: (): VariantListing[] =>
    [...VARIANTS.values()].map((v) => ({
      id: v.id,
      name: v.name,
      source: v.source,
      start: v.start(defaultOptions(v)),
      options: v.options.map((d) => ({
        name: d.name,
        type: d.type,
        default: d.default,
        values: d.values,
        min: d.min,
        max: d.max,
        source: d.source,
        description: d.description,
      })),
    })),
  checkArgs: (id: string, opts: AnyGameOptions) => {
    resolveOptions(getVariant(id), opts.options);
  },
  create: async (id: string, opts: AnyGameOptions) => {
    const { Game } = await import('./game.js');
    const g = await Game.create(id, { options: opts.options, position: opts.position, hashMb: opts.hashMb });
    if (opts.tbDir !== undefined) await g.loadTablebase(opts.tbDir);
    return g;
  },
};
