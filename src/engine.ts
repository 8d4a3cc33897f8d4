/**
 * One surface over every game the engine plays: the lattice games (Game, WASM core) and Maka Dai Dai
 * Shogi (MakaGame, in the host). The CLI and the worker use it, so each command works the same way
 * whatever the variant.
 */
import type { GameResult } from './result.js';
import { Game, type PerftLimits, type SearchInfo } from './game.js';
import { MakaGame } from './maka/game.js';
import { OPTION_DECLS as MAKA_OPTIONS, DEFAULT_OPTIONS as MAKA_DEFAULTS } from './maka/options.js';
import { makaBoardText, type BoardLabels } from './maka/board-text.js';
import { VARIANTS, defaultOptions } from './variants/index.js';
import { MAKA_ID, checkGameArgs } from './game-args.js';

export { MAKA_ID } from './game-args.js';

/** A search report shared by both kinds of game. */
export interface AnySearchResult extends SearchInfo { bestmove: string | null }
/**
 * The end of a game of any variant: the one result shape, `{ winner, winnerName, reason }`
 * (src/result.ts: winner 'prey' | 'hunters' | 'black' | 'white' | 'draw').
 */
export type AnyResult = GameResult;

/** What every game offers; see Game and MakaGame for the details of each method. */
export interface AnyGame {
  readonly variantId: string;
  legalMoves(): string[];
  play(move: string): void;
  undo(): string;
  position(): string;
  setPosition(p: string): void;
  result(): AnyResult | null;
  /** Frees the game's core instance or tables; later calls throw LatticeError code 'disposed'. */
  dispose(): void;
  perft(depth: number, limits?: PerftLimits): number;
  divide(depth: number, limits?: PerftLimits): Record<string, number>;
  /** See Game.search / MakaGame.search: `search({})` searches 8 plies (Bagh Chal) or 4 (Maka Dai Dai). */
  search(limits: { depth?: number; nodes?: number; movetime?: number; stop?: Int32Array; onIteration?: (i: SearchInfo) => void }): AnySearchResult;
  /** The board as text; `labels` applies to Maka Dai Dai Shogi (kanji or codes). */
  boardText(labels?: BoardLabels): string;
  /** The name of the side to move ('goat', 'tiger', 'Black', 'White'). */
  moverName(): string;
}

/**
 * Options of createGame (unknown keys are refused with ArgumentError). `tbDir` applies to the hunt
 * games with Bagh Chal's rule profile (others refuse it with TablebaseError); `hashMb` (1..512 MiB) to
 * every variant.
 */
export interface AnyGameOptions { options?: Record<string, string | number>; position?: string; hashMb?: number; tbDir?: string }

/** One variant as `lattice variants` lists it: id, name, rule source, start position and options. */
export interface VariantListing {
  id: string; name: string; source: string; start: string;
  options: Array<{ name: string; type: string; default: string | number; values?: readonly string[]; min?: number; max?: number; source: string; description: string }>;
}

/** Every variant of every family (for `lattice variants`), in the families' order. */
export function listVariants(): VariantListing[] {
  return FAMILIES.flatMap((f) => f.list());
}

class HuntAdapter implements AnyGame {
  constructor(readonly g: Game) {}
  get variantId() { return this.g.variant.id; }
  legalMoves() { return this.g.legalMoves(); }
  play(m: string) { this.g.play(m); }
  undo() { return this.g.undo(); }
  position() { return this.g.position(); }
  setPosition(p: string) { this.g.setPosition(p); }
  result() { return this.g.result(); }
  dispose() { this.g.dispose(); }
  perft(d: number, l?: PerftLimits) { return this.g.perft(d, l); }
  divide(d: number, l?: PerftLimits) { return this.g.divide(d, l); }
  search(l: Parameters<AnyGame['search']>[0]) { return this.g.search(l); }
  boardText() { return this.g.boardText(); }
  moverName() { return this.g.moverName(); }
}

class MakaAdapter implements AnyGame {
  readonly variantId = MAKA_ID;
  constructor(readonly g: MakaGame) {}
  legalMoves() { return this.g.legalMoves(); }
  play(m: string) { this.g.play(m); }
  undo() { return this.g.undo(); }
  position() { return this.g.position(); }
  setPosition(p: string) { this.g.setPosition(p); }
  result() { return this.g.result(); }
  dispose() { this.g.dispose(); }
  perft(d: number, l?: PerftLimits) { return this.g.perft(d, l); }
  divide(d: number, l?: PerftLimits) { return this.g.divide(d, l); }
  search(l: Parameters<AnyGame['search']>[0]) { return this.g.search(l); }
  boardText(labels: BoardLabels = 'kanji') { return makaBoardText(this.g.position(), labels); }
  moverName() { return this.g.position().endsWith(' b') ? 'Black' : 'White'; }
}

/**
 * A family of games (DESIGN.md "Host": engine.ts is a registry from family to factory): the variants it
 * plays, how `lattice variants` lists them, and how one is created. The hunt family plays every
 * declaration of src/variants on the lattice core (Game); Maka Dai Dai Shogi is a family of its own,
 * played in the host (MakaGame).
 */
interface Family {
  name: string;
  ids(): string[];
  list(): VariantListing[];
  create(id: string, opts: AnyGameOptions): Promise<AnyGame>;
}

const FAMILIES: readonly Family[] = [
  {
    name: 'hunt',
    ids: () => [...VARIANTS.keys()],
    list: () => [...VARIANTS.values()].map((v) => ({
      id: v.id, name: v.name, source: v.source, start: v.start(defaultOptions(v)),
      options: v.options.map((d) => ({ name: d.name, type: d.type, default: d.default, values: d.values, min: d.min, max: d.max, source: d.source, description: d.description })),
    })),
    create: async (id, opts) => {
      const g = await Game.create(id, { options: opts.options, position: opts.position, hashMb: opts.hashMb });
      if (opts.tbDir !== undefined) await g.loadTablebase(opts.tbDir);
      return new HuntAdapter(g);
    },
  },
  {
    name: 'maka',
    ids: () => [MAKA_ID],
    list: () => [{
      id: MAKA_ID, name: 'Maka Dai Dai Shogi', source: 'rules/maka-dai-dai.md; seed 003_4eeefeb2d5e92af3.txt',
      start: MakaGame.create().position(),
      options: MAKA_OPTIONS.map((d) => ({
        name: d.key, type: 'enum', default: String(MAKA_DEFAULTS[d.field]), values: d.values,
        source: `rules/maka-dai-dai.md (${d.key})`, description: `one of ${d.values.join('|')}`,
      })),
    }],
    create: async (_id, opts) => new MakaAdapter(MakaGame.create({ options: opts.options, position: opts.position, hashMb: opts.hashMb })),
  },
];

/**
 * Creates a game of any variant, through its family's factory. Throws ArgumentError (arguments of the
 * wrong type), UnknownVariantError, OptionError (including options that do not apply to the variant),
 * ParseError, TablebaseError. The argument checks are checkGameArgs (game-args.ts), which
 * EngineWorker.start also runs.
 */
export async function createGame(variant: string, opts: AnyGameOptions = {}): Promise<AnyGame> {
  checkGameArgs(variant, opts);
  const family = FAMILIES.find((f) => f.ids().includes(variant));
  if (!family) throw new Error(`internal: no family plays ${variant}`);   // checkGameArgs knows every id
  return family.create(variant, opts);
}
