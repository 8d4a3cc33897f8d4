/**
 * The runs of a lattice Game on its core (src/lattice/game.ts delegates to these): perft and divide under
 * their limits, the search (iterative deepening PVS, assembly/search.ts) and its principal variation, and the
 * score of a finished game. Each takes the core (and the board and tables it needs); the Game checks its
 * arguments, the disposed and busy states, and marks the run exclusive.
 */
import { LatticeError } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import { callSync, mateIn, perftDeadline, type PerftLimits, type SearchLimits } from '../contract/limits.js';
import { IO_SET, type Core } from './core/wasm.js';
import type { MoveList } from './move-list.js';
import { lineValues, type MoveValue, type PackedLineMove } from './moves.js';
import { runGrowing } from './packed-moves.js';
import type { GameTablebase } from './tablebase.js';
import { MATE, NO_MOVE, type SearchResult } from './game-types.js';

/**
 * Score of a finished game (core result code, not 0) from the side to move's view: MATE if it won,
 * -MATE if it lost, 0 drawn.
 */
export function finishedScore(core: Core, code: number): number {
  const winner = (code & 15) - 1;
  if (winner === 2) return 0;
  return winner === core.exports.sideToMove() ? MATE : -MATE;
}

/**
 * Runs a perft-like core call (`run`) until `deadline` (a performance.now() time) or the `stop` flag (its
 * element 0 set non-zero), growing the core's lists as runGrowing does; `t0` is the run's start, for the
 * message. Returns the count. Throws LatticeError 'stopped' when stopped, 'overflow' on a count past 2^53
 * or past the core's largest lists. A call of depth 0 counts 1 without running (the core clears its
 * stopped flag first, as every run does).
 */
export function runLimited(
  core: Core,
  what: string,
  stop: Int32Array | undefined,
  deadline: number,
  t0: number,
  run: () => number,
): number {
  core.hooks.shouldStop = () => ((stop && Atomics.load(stop, 0)) || performance.now() > deadline ? 1 : 0);
  try {
    const n = runGrowing(core, what, run);
    if (core.exports.perftStopped())
      throw new LatticeError('stopped', `${what} stopped after ${Math.round(performance.now() - t0)} ms`);
    if (n > Number.MAX_SAFE_INTEGER)
      throw new LatticeError('overflow', `${what}: the count exceeds 2^53 and cannot be reported exactly`);
    return n;
  } finally {
    core.hooks.shouldStop = () => 0;
  }
}

/**
 * The counts of divide(): move text -> leaf count at `depth` - 1 below it, for each legal move of `list()`
 * (the current position's; read after `limits` are checked), each reported to `limits.onProgress`; `what`
 * names the run in errors. Throws ArgumentError for bad limits (perftDeadline), else as runLimited.
 */
export function rootCounts(
  core: Core,
  list: () => MoveList,
  depth: number,
  limits: PerftLimits,
  what: string,
): Record<string, number> {
  const deadline = perftDeadline(limits);
  const t0 = performance.now();
  const e = core.exports;
  const out: Record<string, number> = {};
  const moves = list();
  let done = 0;
  for (let i = 0; i < moves.length; i++) {
    const text = moves.text(i);
    moves.play(core, i);
    try {
      out[text] = runLimited(core, what, limits.stop, deadline, t0, () => e.perft(depth - 1));
    } finally {
      e.unmakeMove();
    }
    if (limits.onProgress)
      callSync('onProgress', limits.onProgress, { done: ++done, total: moves.length, move: text, nodes: out[text]! });
  }
  return out;
}

/**
 * The search's principal variation (its first `len` moves) as move values (lineValues: what moves() gives each
 * move in its position; `text` its canonical text). With tables loaded (Bagh Chal's tablebase or the generic
 * solver's layers), a line the search ended on a decided position of the tables (the search probes it instead
 * of searching on) goes on with their best line to the end of the game. The position is unchanged afterwards.
 */
export function principalLine(core: Core, board: Board, tb: GameTablebase, len: number): MoveValue[] {
  const e = core.exports;
  const raw: PackedLineMove[] = [];
  for (let i = 0; i < len; i++) {
    const m = e.pvMove(i);
    if (m === NO_MOVE) break;
    e.pvCaps(i);
    raw.push({ m, caps: core.readSet(IO_SET.caps) });
  }
  const line = lineValues(core, board, raw);
  if (tb.loaded && raw.length > 0 && line.length === raw.length) {
    for (const { m, caps } of raw) {
      core.writeSet(IO_SET.caps, caps);
      e.makeMove(m);
    }
    line.push(...lineValues(core, board, tb.onward()));
    for (let i = 0; i < raw.length; i++) e.unmakeMove();
  }
  return line;
}

/** The principal variation as move text (principalLine's texts): the `pv` of each iteration's report. */
export function principalVariation(core: Core, board: Board, tb: GameTablebase, len: number): string[] {
  return principalLine(core, board, tb, len).map((v) => v.text);
}

/**
 * Game.search() past its argument checks: `checked` is checkSearchLimits(limits), `finished` the score of a
 * finished game (finishedScore) or null while it goes on (then the search runs, inside `exclusive`, with
 * `limits.stop` and `limits.onIteration` hooked to the core). A search that outgrew the core's lists runs
 * again on larger ones (runGrowing); at the largest, a search that completed a depth reports it. Throws
 * LatticeError 'overflow' when not even depth 1 fits. The position is unchanged afterwards.
 */
export function searchPosition(
  core: Core,
  board: Board,
  tb: GameTablebase,
  limits: SearchLimits,
  checked: { depth: number; nodes: number; movetime: number },
  finished: number | null,
  exclusive: (work: () => SearchResult) => SearchResult,
): SearchResult {
  const { depth, nodes, movetime } = checked;
  const e = core.exports;
  const mateOf = (s: number) => mateIn(s, MATE);
  if (finished !== null) {
    // nothing to search: the game is decided or drawn
    const score = finished;
    return { bestmove: null, move: null, score, mateIn: mateOf(score), depth: 0, nodes: 0, ms: 0, pv: [], line: [] };
  }
  const stop = limits.stop;
  core.hooks.shouldStop = stop ? () => Atomics.load(stop, 0) : () => 0;
  // a search run again on grown lists (runGrowing) reports only the iterations it had not reached:
  // the ones before the overflow were complete and exact
  let reported = 0;
  core.hooks.onIteration = (d, s, n, ms, len) => {
    if (d <= reported) return;
    reported = d;
    if (limits.onIteration)
      callSync('onIteration', limits.onIteration, {
        depth: d,
        score: s,
        mateIn: mateOf(s),
        nodes: n,
        ms: Math.round(ms),
        pv: principalVariation(core, board, tb, len),
      });
  };
  const t0 = performance.now();
  try {
    return exclusive(() => {
      // tables kept on disk: the layers this position needs, before the search probes them
      tb.focus();
      // the placement layers: only the root moves that keep the position's value
      tb.restrictRoot();
      // a search that outgrew the lists stops at once and runs again on larger ones, in the time left
      const deadline = t0 + movetime;
      let used = 0,
        runs = 0;
      // at the largest lists, a tree deeper than the move stack holds (STACK_MOVES moves on the line's
      // lists: the 105-point board's multi-jumps) ends the search at the last depth it completed
      const best = runGrowing(
        core,
        'search',
        () => {
          if (runs++ > 0) used += e.searchNodes();
          return e.search(
            depth,
            nodes > 0 ? Math.max(1, nodes - used) : 0,
            movetime > 0 ? Math.max(1, deadline - performance.now()) : 0,
          );
        },
        () => e.searchDepth() >= 1,
      );
      const score = e.searchScore();
      // the line as values, made once in this position; its texts are the pv
      const line = principalLine(core, board, tb, e.pvLength());
      const move = best === NO_MOVE ? null : (line[0] ?? null);
      return {
        bestmove: move === null ? null : move.text,
        move,
        score,
        mateIn: mateOf(score),
        depth: e.searchDepth(),
        nodes: e.searchNodes(),
        ms: Math.round(performance.now() - t0),
        pv: line.map((v) => v.text),
        line,
      };
    });
  } finally {
    core.exports.clearRootMoves();
    core.hooks.shouldStop = () => 0;
    core.hooks.onIteration = () => {};
  }
}
