/**
 * Splitting a perft tree into subtree jobs (issue 21; DESIGN.md "Past one machine"): the positions at
 * `split` plies below the root, each with its multiplicity (how many move sequences from the root reach
 * it), identical positions merged by their position text. perft(depth) of the root is then
 *
 *     sum over the split positions P of  multiplicity(P) * perft(depth - split) of P
 *
 * and divide(depth) the same sum per root move (a position reached under two root moves counts for both,
 * with the multiplicity under each). No Redis and no variant id here: only the family contract (AnyGame:
 * moves(), play() of move values, undo(), position(), perft()).
 */
import type { AnyGame } from '../engine.js';
import { listVariants } from '../engine.js';
import { ArgumentError, LatticeError, OptionError, describeValue } from '../contract/errors.js';

/** One position at the split depth: its text, how many move sequences reach it, and how many under each root move. */
export interface SplitPosition {
  position: string;
  /** Move sequences from the root that reach it (>= 1). */
  count: number;
  /** Root move text -> sequences through it (empty at split 0, where there is no root move). */
  roots: Map<string, number>;
}

/** The positions `split` plies below the root, merged. */
export interface Split {
  split: number;
  /** Distinct positions at the split depth, in the order first reached. */
  positions: SplitPosition[];
  /** The root's legal moves (texts), in the game's order: the keys of a divide. */
  rootMoves: string[];
  /** Distinct positions per level 0..split (level 0: the root). */
  distinct: number[];
  /** perft(split) of the root: the sum of the multiplicities. */
  leaves: number;
}

/** The fewest distinct positions a default split aims for (enough jobs to spread over workers). */
export const DEFAULT_SPLIT_POSITIONS = 200;

/**
 * Checks a split asked for at `depth`: an integer in 0..depth - 1, so that each job counts at least one ply (a split
 * at the depth makes every job a perft(0), one queue round trip a leaf); at depths 0 and 1, 0..depth (a divide at
 * depth 1 splits at its root moves). Throws ArgumentError naming the range; undefined (choose) passes.
 */
export function checkSplit(depth: number, split: number | undefined): void {
  if (split === undefined) return;
  const max = depth <= 1 ? depth : depth - 1;
  if (!Number.isInteger(split) || split < 0 || split > max) {
    const why =
      Number.isInteger(split) && split === depth
        ? `: a split at the depth makes every job a perft(0), one queue round trip a leaf`
        : Number.isInteger(split) && split > depth
          ? ': a split past the depth has no positions to count'
          : '';
    throw new ArgumentError(
      `--split must be an integer in 0..${max}${depth <= 1 ? ' (the depth)' : ' (the depth - 1)'}, got ` +
        `${describeValue(split)}${why}; leave it out to have it chosen`,
    );
  }
}

/** Leaves a job should count at least, so that the queue's round trip (about a millisecond) does not dominate. */
export const MIN_JOB_LEAVES = 100_000;
/** Jobs from which tiny ones are worth a warning (fewer take little time whatever their size). */
export const MANY_JOBS = 2_000;

/**
 * A sentence warning that the jobs of `split` at `depth` are tiny, or null: at least MANY_JOBS jobs whose estimated
 * leaves each (the mean branching factor of the split's plies, perft(split)^(1/split), to the power depth - split)
 * are below MIN_JOB_LEAVES, so that the queue's overhead outweighs the counting.
 */
export function tinyJobsWarning(split: Split, depth: number): string | null {
  const jobs = split.positions.length;
  if (split.split === 0 || jobs < MANY_JOBS) return null;
  const branching = split.leaves ** (1 / split.split);
  const perJob = branching ** (depth - split.split);
  if (perJob >= MIN_JOB_LEAVES) return null;
  return (
    `--split ${split.split} makes ${jobs} jobs of about ${Math.max(1, Math.round(perJob))} leaves each (perft ` +
    `${depth - split.split} of each position): each job costs a queue round trip of about a millisecond, more than ` +
    `its counting; a smaller --split (or none: it is chosen) makes fewer, larger jobs`
  );
}

/**
 * The positions of `game` (left at its position) at `split` plies, merged by position text, level by
 * level: each distinct position of a level is set once and its moves played. With `split` undefined the
 * split is chosen: the first level from 1 on with at least DEFAULT_SPLIT_POSITIONS distinct positions,
 * at most `depth - 1` (so that each job counts at least one full ply; at depths 0 and 1 the depth
 * itself, so that a divide has its root moves). Throws ArgumentError for a
 * split outside checkSplit's range; LatticeError 'internal'
 * if the multiplicities do not add up to the game's own perft(split) (a move list that depends on the
 * history, as repetition=forbid's can: choose a smaller split).
 */
export function splitTree(game: AnyGame, depth: number, split?: number): Split {
  if (!Number.isInteger(depth) || depth < 0)
    throw new ArgumentError(`depth must be an integer >= 0, got ${describeValue(depth)}`);
  checkSplit(depth, split);
  const root = game.position();
  const rootMoves = game.legalMoves();
  let level: SplitPosition[] = [{ position: root, count: 1, roots: new Map() }];
  const distinct = [1];
  const auto = split === undefined;
  const target = auto ? (depth <= 1 ? depth : depth - 1) : split;
  try {
    for (let ply = 0; ply < target; ply++) {
      if (auto && ply >= 1 && level.length >= DEFAULT_SPLIT_POSITIONS) break;
      const next = new Map<string, SplitPosition>();
      for (const node of level) {
        game.setPosition(node.position);
        for (const m of game.moves()) {
          game.play(m);
          const text = game.position();
          game.undo();
          let child = next.get(text);
          if (!child) {
            child = { position: text, count: 0, roots: new Map() };
            next.set(text, child);
          }
          child.count += node.count;
          if (ply === 0) child.roots.set(m.text, (child.roots.get(m.text) ?? 0) + 1);
          else for (const [r, n] of node.roots) child.roots.set(r, (child.roots.get(r) ?? 0) + n);
        }
      }
      level = [...next.values()];
      distinct.push(level.length);
    }
  } finally {
    game.setPosition(root);
  }
  const s = distinct.length - 1;
  const leaves = level.reduce((a, p) => a + p.count, 0);
  const expected = s === 0 ? 1 : game.perft(s);
  if (leaves !== expected) {
    throw new LatticeError(
      'internal',
      `the split at ${s} plies reaches ${leaves} positions with their multiplicities, ` +
        `but perft(${s}) is ${expected}: this position's moves depend on the history ` +
        `(repetition=forbid?); use a smaller --split`,
    );
  }
  return { split: s, positions: level, rootMoves, distinct, leaves };
}

/**
 * The options of `variant` as a job names them: every option the variant declares, the default where
 * none is given, values as strings (integers without leading zeros), keys sorted. So `--option
 * captures-to-win=5` and no option name the same jobs. Throws UnknownVariantError-like ArgumentError
 * for an unknown variant and OptionError for an option the variant does not declare (createGame has
 * checked the values by then).
 */
export function normalizedOptions(variant: string, given: Record<string, string | number>): Record<string, string> {
  const listing = listVariants().find((v) => v.id === variant);
  if (!listing) throw new ArgumentError(`unknown variant ${JSON.stringify(variant)}`);
  const out: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    if (!listing.options.some((o) => o.name === key))
      throw new OptionError(`${variant} has no option ${JSON.stringify(key)}`);
  }
  for (const o of [...listing.options].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const raw = String(Object.hasOwn(given, o.name) ? given[o.name] : o.default).trim();
    out[o.name] = o.type === 'int' && /^-?\d+$/.test(raw) ? String(Number(raw)) : raw;
  }
  return out;
}
