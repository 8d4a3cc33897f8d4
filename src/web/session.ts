/**
 * The state of one game on the page, apart from the DOM: the move list (with the ply shown, for
 * undo/redo and navigation), the moves being entered by clicks, and the URL that reopens the game.
 */
import type { Along, MovePath, PageGame } from './families.js';
import type { MoveValue } from '../contract/moves.js';

/** Result of a click on the board (see ClickInput.click). */
export type ClickOutcome =
  | { kind: 'none' } // nothing changed (an illegal click)
  | { kind: 'partial' } // a move is being entered: more clicks to come
  | { kind: 'play'; move: string; path: number[] } // a complete move, and the cells clicked for it
  | { kind: 'choose'; moves: MovePath[] }; // the path is complete, several moves share it (promotion)

/**
 * Click entry that asks where a path of clicks stands instead of listing every path (games whose
 * multi-jumps may have very many paths). `along` answers as PageGame.along (AnyGame.along);
 * `lines` are the board's drawn lines (Geometry.lines): every step and jump goes along one, so the cells
 * a next click may choose are among those sharing a line with the last cell clicked.
 */
export interface Walk {
  along(prefix: number[]): Along | null;
  lines: number[][];
}

/**
 * Entering a move by clicking its cells in order, from either of two sources. `paths` (MovePath[]): the
 * legal moves of the position with their click paths (a move may have several); each click looks only
 * at the paths the clicks so far begin. A Walk: each click asks `along` about the path clicked so far
 * (any path of a multi-jump is followed, however its loops are taken, and nothing is listed).
 * A click that continues no legal move is ignored (starting afresh if it begins one). When the clicks
 * so far are a whole move and also the start of longer ones (a multi-jump that may stop, a Lion that may
 * move again), a second click on the last cell ends the move there.
 */
export class ClickInput {
  /** Cells clicked so far. */
  prefix: number[] = [];
  private readonly paths: MovePath[];
  private readonly walk: Walk | null;
  /** The paths that begin with `prefix` (all of them before the first click); unused for a Walk. */
  private live: MovePath[];
  /** A Walk's answer for `prefix` and the cells a next click may choose (found when the prefix grew). */
  private here: Along | null = null;
  private next: number[] = [];
  /** A Walk's cells sharing a drawn line with each cell (made on first need). */
  private mates: number[][] | null = null;

  /** Click entry over the legal moves' `paths`, or over a Walk (see the class comment). */
  constructor(source: MovePath[] | Walk) {
    this.paths = Array.isArray(source) ? source : [];
    this.walk = Array.isArray(source) ? null : source;
    this.live = this.paths;
  }

  /** Of `live` (paths beginning with `pre`), those going on to `cell` after `pre`. */
  private static via(live: MovePath[], pre: number[], cell: number): MovePath[] {
    return live.filter((m) => m.path.length > pre.length && m.path[pre.length] === cell);
  }
  private finish(done: MovePath[]): ClickOutcome {
    this.reset();
    return done.length === 1
      ? { kind: 'play', move: done[0]!.text, path: done[0]!.path }
      : { kind: 'choose', moves: done };
  }

  /** The cells sharing a drawn line with `cell` (a Walk's candidates for the next click). */
  private matesOf(cell: number): number[] {
    if (this.mates === null) {
      const sets: Set<number>[] = [];
      for (const l of this.walk!.lines)
        for (const p of l) for (const q of l) if (p !== q) (sets[p] ??= new Set()).add(q);
      this.mates = sets.map((s) => (s ? [...s] : []));
    }
    return this.mates[cell] ?? [];
  }

  /**
   * A Walk's cells that continue `pre` (its last cell again ends the move there, when `here` says it is
   * a whole move): the cells on a line through its last cell for which `along` has an answer.
   */
  private continuations(pre: number[], here: Along): number[] {
    const last = pre[pre.length - 1]!;
    const out = this.matesOf(last).filter((c) => this.walk!.along([...pre, c]) !== null);
    if (out.length > 0 && here.move !== null) out.push(last);
    return out;
  }

  /** The cells a next click may choose (none before the first click). */
  targets(): number[] {
    const n = this.prefix.length;
    if (n === 0) return [];
    if (this.walk) return this.next;
    const out = new Set<number>();
    for (const m of this.live) {
      if (m.path.length > n) out.add(m.path[n]!);
      else out.add(this.prefix[n - 1]!); // ending here is a click on the last cell again
    }
    return [...out];
  }

  /** True if some legal move starts at `cell` (a placement there, or a piece there that may move). */
  startsAt(cell: number): boolean {
    if (this.walk) return this.walk.along([cell]) !== null;
    return this.paths.some((m) => m.path[0] === cell);
  }

  /** Handles a click on `cell`. */
  click(cell: number): ClickOutcome {
    if (this.walk) return this.clickWalk(cell);
    const pre = this.prefix;
    const next = ClickInput.via(this.live, pre, cell);
    const longer = next.filter((m) => m.path.length > pre.length + 1);
    // a second click on the last cell of a complete path ends the move there
    if (pre.length > 0 && pre[pre.length - 1] === cell && longer.length === 0) {
      const here = this.live.filter((m) => m.path.length === pre.length);
      if (here.length > 0) return this.finish(here);
    }
    if (longer.length > 0) {
      this.prefix = [...pre, cell];
      this.live = next;
      return { kind: 'partial' };
    }
    if (next.length > 0) return this.finish(next);
    return this.restart(cell);
  }

  /** click() over a Walk. */
  private clickWalk(cell: number): ClickOutcome {
    const pre = this.prefix;
    // a second click on the last cell of a whole move ends the move there
    if (pre.length > 0 && pre[pre.length - 1] === cell && this.here?.move) {
      const move = this.here.move;
      this.reset();
      return { kind: 'play', move, path: pre };
    }
    const path = [...pre, cell];
    const r = this.walk!.along(path);
    if (r !== null) {
      // `more` tells that a capture from this start takes more: the move goes on if a next cell continues it
      const next = r.more ? this.continuations(path, r) : [];
      if (next.length > 0) {
        this.prefix = path;
        this.here = r;
        this.next = next;
        return { kind: 'partial' };
      }
      if (r.move !== null) {
        this.reset();
        return { kind: 'play', move: r.move, path };
      }
    }
    return this.restart(cell);
  }

  /** A click that continues nothing: a fresh start at `cell` if a move starts there, else nothing. */
  private restart(cell: number): ClickOutcome {
    if (this.prefix.length > 0) {
      this.reset();
      if (this.startsAt(cell)) return this.click(cell);
      return { kind: 'partial' }; // the selection is dropped; the position is unchanged
    }
    return { kind: 'none' };
  }

  /** Drops the move being entered. */
  reset(): void {
    this.prefix = [];
    this.live = this.paths;
    this.here = null;
    this.next = [];
  }
}

/**
 * The page's click entry for the current position of `pg`: over PageGame.along when its game has it
 * (any path of a multi-jump, no list of paths), else over its movePaths().
 */
export function clickInput(pg: PageGame): ClickInput {
  const along = pg.along;
  return along
    ? new ClickInput({ along: (prefix) => along.call(pg, prefix), lines: pg.geometry.lines })
    : new ClickInput(pg.movePaths());
}

/** A game's moves from its start, and the ply shown (moves after it can be redone). */
export class MoveLine {
  moves: string[] = [];
  ply = 0;
  constructor(readonly pg: PageGame) {}

  /**
   * Plays `move` at the current ply (`path`: the cells clicked for it, if it was): a text, or a move value
   * (the engine's move, played as the value; the line keeps its text). A different move than the next one
   * drops the rest (a branch).
   */
  play(move: string | MoveValue, path?: number[]): void {
    this.pg.play(move, path); // throws ParseError / IllegalMoveError: nothing changes then
    const text = typeof move === 'string' ? move : move.text;
    if (this.moves[this.ply] !== text) this.moves.length = this.ply;
    this.moves[this.ply] = text;
    this.ply++;
  }

  /** Goes to `ply` (0..moves.length) by undoing or replaying moves. */
  goTo(ply: number): void {
    const target = Math.max(0, Math.min(this.moves.length, ply));
    while (this.ply > target) {
      this.pg.engine.undo();
      this.ply--;
    }
    while (this.ply < target) {
      this.pg.engine.play(this.moves[this.ply]!);
      this.ply++;
    }
  }

  /** The moves up to the shown position. */
  played(): string[] {
    return this.moves.slice(0, this.ply);
  }
}

/** A move list as typed: moves separated by spaces or commas, move numbers (`1.`, `12...`) left out. */
export function listedMoves(text: string): string[] {
  return text
    .replace(/(^|\s)\d+\.+/g, ' ')
    .trim()
    .split(/[\s,]+/)
    .filter((m) => m !== '');
}

/** Who plays a side: a person at the page, or the engine. */
export type Player = 'human' | 'engine';

/**
 * What a URL holds: variant, options, start position (absent = the variant's), moves, shown ply (absent
 * = the last), who plays each side (absent = a person the first side, the engine the second).
 */
export interface GameSpec {
  variant: string;
  options: Record<string, string>;
  position?: string;
  moves: string[];
  ply?: number;
  players?: [Player, Player];
}

/** The URL query for a game: `?v=<variant>&o.<option>=<value>&pos=...&m=c3+a1-b2&ply=1&play=human,engine`. */
export function specToQuery(s: GameSpec): string {
  const q = new URLSearchParams();
  q.set('v', s.variant);
  for (const [k, v] of Object.entries(s.options)) q.set(`o.${k}`, v);
  if (s.position !== undefined) q.set('pos', s.position);
  if (s.moves.length) q.set('m', s.moves.join(' '));
  if (s.ply !== undefined && s.ply !== s.moves.length) q.set('ply', String(s.ply));
  if (s.players && s.players.join() !== 'human,engine') q.set('play', s.players.join(','));
  return '?' + q.toString();
}

/**
 * Reads a game from a URL query (specToQuery's form); null when it names no variant. Throws Error with
 * a message for people when a parameter is malformed (an unknown key, a key given twice, a ply that is not
 * a number).
 */
export function queryToSpec(search: string): GameSpec | null {
  const q = new URLSearchParams(search);
  const variant = q.get('v');
  if (variant === null) return null;
  const options: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [k, v] of q) {
    if (seen.has(k)) throw new Error(`URL parameter ${k} is given twice (once is enough)`);
    seen.add(k);
    if (k.startsWith('o.')) options[k.slice(2)] = v;
    else if (!['v', 'pos', 'm', 'ply', 'play'].includes(k))
      throw new Error(`unknown URL parameter "${k}" (known: v, o.<option>, pos, m, ply, play)`);
  }
  const m = q.get('m');
  const moves = m === null || m.trim() === '' ? [] : m.trim().split(/\s+/);
  const plyText = q.get('ply');
  let ply: number | undefined;
  if (plyText !== null) {
    if (!/^\d+$/.test(plyText)) throw new Error(`URL parameter ply must be a number of moves, got "${plyText}"`);
    ply = Number(plyText);
  }
  const playText = q.get('play');
  let players: [Player, Player] | undefined;
  if (playText !== null) {
    const ps = playText.split(',');
    if (ps.length !== 2 || !ps.every((x) => x === 'human' || x === 'engine')) {
      throw new Error(`URL parameter play must be two of human|engine, e.g. human,engine; got "${playText}"`);
    }
    players = ps as [Player, Player];
  }
  const pos = q.get('pos');
  return {
    variant,
    options,
    ...(pos === null ? {} : { position: pos }),
    moves,
    ...(ply === undefined ? {} : { ply }),
    ...(players ? { players } : {}),
  };
}
