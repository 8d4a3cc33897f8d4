/**
 * What the page says in words, apart from the DOM (unit-tested in test/unit/web.test.ts): a result's reason,
 * a score and a tablebase verdict in the page's one sign convention, a counter with its limit, why a
 * click on a cell entered nothing, and which label kind a square board can show at the size it is
 * drawn. Everything comes from the game's description (PositionView), never from a variant.
 */
import type { AnyResult, CounterDescription } from '../engine.js';
import type { SearchInfo } from '../contract/limits.js';
import type { PositionView } from './families.js';

/**
 * Words for each result reason (src/contract/result.ts ResultReason), for people. Typed by the reason union:
 * a reason added there without words here fails to compile.
 */
export const REASON_WORDS: Readonly<Record<AnyResult['reason'], string>> = {
  captures: 'the capture target was reached',
  'no-moves': 'the side to move had no legal move',
  escape: 'every dwarf stands above the giant',
  'stall-limit': 'the stall limit was reached (moves in a row that gained no rank)',
  'move-limit': 'the move limit was reached (plies in a row without a capture)',
  repetition: 'the position was repeated',
  royals: 'a side has no royal piece left',
};

/**
 * The page's one sign convention, said once on the page and in README: every score (the analysis
 * table, the engine's status line, the tablebase verdict) is from the first side's view (`sides[0]`:
 * goats, dwarfs, dogs, sheep, White in Permainan Tabal, Black in Maka Dai Dai): `+` means they stand
 * better, `-` the other side; a forced win names its winner and counts plies.
 */
export function scoreConvention(sides: PositionView['sides']): string {
  return (
    `Scores are for ${sides[0].plural}: + favours ${sides[0].plural}, - favours ` +
    `${sides[1].plural}, whoever is to move; ` +
    'a forced win names its winner and counts plies.'
  );
}

/**
 * `n` and a noun in the number it takes: `1 move`, `2 moves`, `0 moves`; `plural` for a noun whose plural
 * is not its singular + s (`1 leaf`, `3 leaves`). Numbers are written in the en locale (`61,178`).
 */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : plural}`;
}

/**
 * A side as the subject or object of a sentence: a side named by its pieces takes the plural and an
 * article (`the tigers`, `tigers win`, `tigers have won`); a side named by a colour (`plural` equal to
 * `name`: Black, White) is one player: `Black`, `Black wins`, `Black has won`.
 */
export function sideWords(side: { name: string; plural: string }): { the: string; wins: string; hasWon: string } {
  const colour = side.name === side.plural;
  return colour
    ? { the: side.plural, wins: `${side.plural} wins`, hasWon: `${side.plural} has won` }
    : { the: `the ${side.plural}`, wins: `${side.plural} win`, hasWon: `${side.plural} have won` };
}

/** `n ply` / `n plies`. */
const plies = (n: number) => countOf(n, 'ply', 'plies');

/**
 * A search's score for people in the page's convention (scoreConvention): `+0.25`, `-1.10`, `0.00`, or
 * `tigers win in 3 plies` (`goats have won` at 0). `toMove` is the side to move in the position searched
 * (the engine reports scores for it: src/contract/limits.ts SearchInfo); `sides` names the sides.
 */
export function scoreText(
  i: Pick<SearchInfo, 'score' | 'mateIn'>,
  toMove: 0 | 1,
  sides: PositionView['sides'],
): string {
  if (i.mateIn !== null) {
    const winner = i.mateIn > 0 ? toMove : 1 - toMove;
    const n = Math.abs(i.mateIn);
    const w = sideWords(sides[winner]!);
    return n === 0 ? w.hasWon : `${w.wins} in ${plies(n)}`;
  }
  const s = toMove === 0 ? i.score : -i.score;
  return (s > 0 ? '+' : s < 0 ? '-' : '') + (Math.abs(s) / 100).toFixed(2);
}

/**
 * A tablebase verdict (`wdl` and `dtm` in plies for the side to move, src/lattice/tablebase.ts) in the
 * page's convention: the winner named (`goats win in 15 plies`, `tigers have won`) or `draw`.
 */
export function verdictText(
  p: { wdl: 'win' | 'draw' | 'loss'; dtm: number | null },
  toMove: 0 | 1,
  sides: PositionView['sides'],
): string {
  if (p.wdl === 'draw') return 'draw';
  const winner = p.wdl === 'win' ? toMove : 1 - toMove;
  const w = sideWords(sides[winner]!);
  return !p.dtm ? w.hasWon : `${w.wins} in ${plies(p.dtm)}`;
}

/** A counter with its limit, for people: `dwarf moves in a row that gained no rank: 3 of 7 (at 7 the giants win)`. */
export function counterText(c: CounterDescription): string {
  return `${c.label}: ${c.value} of ${c.limit} (at ${c.limit} ${c.atLimit})`;
}

/**
 * Why a click on cell `cell` (named `name`) entered no move, when it starts none: the rule that holds
 * its piece (a marked point, PointMark 'may-not-move'), a piece of the side not to move, a piece of the
 * side to move without a legal move, or an empty cell where no move starts.
 */
export function clickNote(view: PositionView, cell: number, name: string): string {
  const mark = view.marks.find((m) => m.point === cell && m.kind === 'may-not-move');
  if (mark) return mark.reason;
  const p = view.pieces[cell];
  const mover = view.sides[view.toMove];
  const Mover = mover.plural.charAt(0).toUpperCase() + mover.plural.slice(1);
  if (!p) return `no legal move starts on ${name}`;
  if (p.side !== view.toMove) return `${Mover} to move: the ${p.title} on ${name} is not theirs`;
  return `the ${p.title} on ${name} has no legal move here`;
}

/** The smallest kanji that stays readable, in CSS pixels (below it a square board shows codes). */
export const KANJI_MIN_PX = 10;
/** The smallest code label that stays readable, in CSS pixels (below it the page suggests zooming in). */
export const CODE_MIN_PX = 8;

/**
 * The label kind a board shows and what to tell about it, from the kind chosen (`chosen`, one of the
 * game's label kinds, or '' for letters only), the size of a kanji and of the smallest code as drawn
 * now (CSS px; null before the board was measured): kanji below KANJI_MIN_PX show as `fallback` (the
 * game's other kind, e.g. codes), with a note; codes below CODE_MIN_PX keep their kind, with a note
 * suggesting the zoom.
 */
export function labelsShown(
  chosen: string,
  fallback: string | undefined,
  kanjiPx: number | null,
  codePx: number | null,
): { labels: string; note: string } {
  if (chosen === 'kanji' && fallback && kanjiPx !== null && kanjiPx < KANJI_MIN_PX) {
    return {
      labels: fallback,
      note:
        `The kanji would be ${kanjiPx.toFixed(1)} px here: ${fallback} are shown until ` +
        `they reach ${KANJI_MIN_PX} px (zoom in with +, or widen the window).`,
    };
  }
  if (chosen !== '' && codePx !== null && codePx < CODE_MIN_PX) {
    return { labels: chosen, note: `The pieces are drawn small here (${codePx.toFixed(1)} px): zoom in with +.` };
  }
  return { labels: chosen, note: '' };
}

/**
 * What the engine last reported of its move, for the status line: the move it played (`move`, its text;
 * `at`: the position after it) with the depth and score (in words) of its search, or that it found none
 * (`move` null; `at`: the position it searched). `at` is the position as the moves from the game's start
 * (state.ts positionKey).
 */
export interface EngineReport {
  at: string;
  move: string | null;
  depth: number;
  score: string;
}

/**
 * The engine's status line, derived from the page's state, never kept: `engine thinking…` while it
 * searches for its move in the position shown (`thinking`), what it reported while the position it is
 * about (`report.at`) is the one shown (`here`, as positionKey()), else nothing.
 */
export function engineStatusText(thinking: boolean, report: EngineReport | null, here: string): string {
  if (thinking) return 'engine thinking…';
  if (!report || report.at !== here) return '';
  return report.move === null
    ? 'the engine found no move'
    : `engine played ${report.move} (depth ${report.depth}, ${report.score})`;
}

/**
 * The move box's placeholder: an example move of the position shown when one is known (`example`: the
 * first legal move, found once a person may click), `the game is over` when it is, else `move`.
 */
export function moveBoxHint(over: boolean, example: string | null): string {
  if (over) return 'the game is over';
  return example ? `move, e.g. ${example}` : 'move';
}

/**
 * What the perft panel shows: the output when it is of the position shown (`at` equal to `here`, both
 * positionKey()s); while a perft of another position runs, that it does (its result will not show here);
 * else nothing.
 */
export function perftText(out: string, at: string | null, running: boolean, here: string): string {
  if (at === here) return out;
  return running ? 'a perft of another position is running (stop ends it)' : '';
}
