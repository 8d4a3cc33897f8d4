/**
 * A lattice game's position for a board UI (Game.describe(), src/contract/types.ts GameDescription): the
 * board, the pieces, the sides and their counts, the counters the rules keep and the marked points, all from
 * the variant's declaration and RuleSet.
 */
import type { GameDescription } from '../contract/types.js';
import type { Board } from '../board/index.js';
import type { RuleSet } from '../rules/index.js';
import type { HuntVariant } from '../variants/index.js';
import type { Setup } from './position-text.js';

/**
 * The GameDescription of position `s` (a Setup of this variant's game) on `board` under `rules`: the board's
 * points, names and lines; the piece on each point (stacks counted, kings marked); the side to move; each
 * side's names, letter and counts; the counters (describeCounters) and the marked points (describeMarks).
 * `labels` is empty: the lattice games have no label kinds.
 */
export function describePosition(variant: HuntVariant, board: Board, rules: RuleSet, s: Setup): GameDescription {
  const sides = variant.sides;
  const pieces = board.points.map((_, i): GameDescription['pieces'][number] => {
    const o = s.owner[i]!;
    if (o < 0) return null;
    const d = sides[o]!;
    const king = s.king?.[i] === 1;
    return {
      side: o as 0 | 1,
      label: d.letter,
      count: s.count[i]!,
      promoted: king,
      title: king ? `${d.name} (king)` : d.name,
    };
  });
  const onBoard = (i: number) => pieces.reduce((n, p) => n + (p?.side === i ? p.count : 0), 0);
  const side = (i: 0 | 1) => ({
    name: sides[i].name,
    plural: sides[i].plural,
    letter: sides[i].letter,
    onBoard: onBoard(i),
    hand: s.hand[i],
    captured: s.captured[i],
  });
  return {
    variant: variant.id,
    board: {
      kind: 'points',
      width: board.width,
      height: board.height,
      points: board.points.map((p) => ({ name: p.name, x: p.x, y: p.y })),
      lines: board.lines.map((l) => [...l]),
    },
    pieces,
    toMove: s.side,
    sides: [side(0), side(1)],
    labels: [],
    counters: describeCounters(variant, rules, s),
    marks: describeMarks(variant, board, rules, s),
  };
}

/** The RULES.md section of the variant's rules (its `source` up to the seed), for the words of describe(). */
function rulesSection(variant: HuntVariant): string {
  return variant.source.split(';')[0]!.trim();
}

/**
 * The counters of describe() from the RuleSet: the stall count under a stall rule (RULES.md §3
 * stall-limit) and the move clock under a draughts move limit (§4 move-limit), each with its limit.
 */
export function describeCounters(variant: HuntVariant, rules: RuleSet, s: Setup): GameDescription['counters'] {
  const out: GameDescription['counters'] = [];
  const names = variant.sides;
  const stall = rules.stall;
  if (stall !== null) {
    out.push({
      name: 'stall',
      label: `${names[stall.side].name} moves in a row that gained no rank`,
      value: s.stall,
      limit: stall.limit,
      atLimit: `the ${names[1 - stall.side]!.plural} win`,
    });
  }
  const moveLimit = rules.draughts?.moveLimit ?? null;
  if (moveLimit !== null) {
    out.push({
      name: 'clock',
      label: 'plies in a row without a capture',
      value: s.clock ?? 0,
      limit: moveLimit,
      atLimit: 'a draw',
    });
  }
  return out;
}

/**
 * The marked points of describe() from the RuleSet: the point the no-same-twice side stepped to on
 * its previous turn (RULES.md §2, `last=`), whose piece may not move on that side's turn (kind
 * 'may-not-move' when that side is to move, else 'may-not-move-next'; the reason names the rule).
 */
export function describeMarks(variant: HuntVariant, board: Board, rules: RuleSet, s: Setup): GameDescription['marks'] {
  if (s.last < 0) return [];
  const nst = rules.sides.findIndex((x) => x.noSameTwice);
  if (nst < 0) return [];
  const d = variant.sides[nst]!,
    at = board.points[s.last]!.name;
  const rule = `a ${d.name} may not be moved on two consecutive ${d.name} turns (${rulesSection(variant)})`;
  return [
    s.side === nst
      ? {
          point: s.last,
          kind: 'may-not-move',
          reason:
            `the ${d.name} on ${at} may not move now: it stepped there on the ${d.plural}' ` +
            `previous turn, and ${rule}`,
        }
      : {
          point: s.last,
          kind: 'may-not-move-next',
          reason:
            `the ${d.name} on ${at} may not move on the ${d.plural}' next turn: it stepped ` +
            `there on their last turn, and ${rule}`,
        },
  ];
}
