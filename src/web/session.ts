/**
 * The state of one game on the page, apart from the DOM: the move list (with the ply shown, for
 * undo/redo and navigation), the moves being entered by clicks, and the URL that reopens the game.
 */
import type { MovePath, PageGame } from './families.js';

/** Result of a click on the board (see ClickInput.click). */
export type ClickOutcome =
  | { kind: 'none' }                        // nothing changed (an illegal click)
  | { kind: 'partial' }                     // a move is being entered: more clicks to come
  | { kind: 'play'; move: string }          // a complete move
  | { kind: 'choose'; moves: MovePath[] };  // the path is complete, several moves share it (promotion)

/**
 * Entering a move by clicking its cells in order. `paths` are the legal moves of the position (a move
 * may have several paths). A click that continues no legal move is ignored (starting afresh if it
 * begins one). When the clicks so far are a whole move and also the start of longer ones (a multi-jump
 * that may stop, a Lion that may move again), a second click on the last cell ends the move there.
 * Each click looks only at the paths the clicks so far begin (thousands of multi-jumps stay cheap).
 */
export class ClickInput {
  /** Cells clicked so far. */
  prefix: number[] = [];
  /** The paths that begin with `prefix` (all of them before the first click). */
  private live: MovePath[];
  constructor(private readonly paths: MovePath[]) { this.live = paths; }

  /** Of `live` (paths beginning with `pre`), those going on to `cell` after `pre`. */
  private static via(live: MovePath[], pre: number[], cell: number): MovePath[] {
    return live.filter((m) => m.path.length > pre.length && m.path[pre.length] === cell);
  }
  private finish(done: MovePath[]): ClickOutcome {
    this.reset();
    return done.length === 1 ? { kind: 'play', move: done[0]!.text } : { kind: 'choose', moves: done };
  }

  /** The cells a next click may choose (none before the first click). */
  targets(): number[] {
    const n = this.prefix.length;
    if (n === 0) return [];
    const out = new Set<number>();
    for (const m of this.live) {
      if (m.path.length > n) out.add(m.path[n]!);
      else out.add(this.prefix[n - 1]!);   // ending here is a click on the last cell again
    }
    return [...out];
  }

  /** The moves that start at a cell (for highlighting a selectable piece). */
  startsAt(cell: number): boolean { return this.paths.some((m) => m.path[0] === cell); }

  /** Handles a click on `cell`. */
  click(cell: number): ClickOutcome {
    const pre = this.prefix;
    const next = ClickInput.via(this.live, pre, cell);
    const longer = next.filter((m) => m.path.length > pre.length + 1);
    // a second click on the last cell of a complete path ends the move there
    if (pre.length > 0 && pre[pre.length - 1] === cell && longer.length === 0) {
      const here = this.live.filter((m) => m.path.length === pre.length);
      if (here.length > 0) return this.finish(here);
    }
    if (longer.length > 0) { this.prefix = [...pre, cell]; this.live = next; return { kind: 'partial' }; }
    if (next.length > 0) return this.finish(next);
    // not a continuation: a fresh start, or nothing
    if (pre.length > 0) {
      this.reset();
      if (this.startsAt(cell)) return this.click(cell);
      return { kind: 'partial' };   // the selection is dropped; the position is unchanged
    }
    return { kind: 'none' };
  }

  /** Drops the move being entered. */
  reset(): void { this.prefix = []; this.live = this.paths; }
}

/** A game's moves from its start, and the ply shown (moves after it can be redone). */
export class MoveLine {
  moves: string[] = [];
  ply = 0;
  constructor(readonly pg: PageGame) {}

  /** Plays `move` at the current ply: a different move than the next one drops the rest (a branch). */
  play(move: string): void {
    this.pg.engine.play(move);   // throws ParseError / IllegalMoveError: nothing changes then
    if (this.moves[this.ply] !== move) this.moves.length = this.ply;
    this.moves[this.ply] = move;
    this.ply++;
  }

  /** Goes to `ply` (0..moves.length) by undoing or replaying moves. */
  goTo(ply: number): void {
    const target = Math.max(0, Math.min(this.moves.length, ply));
    while (this.ply > target) { this.pg.engine.undo(); this.ply--; }
    while (this.ply < target) { this.pg.engine.play(this.moves[this.ply]!); this.ply++; }
  }

  /** The moves up to the shown position. */
  played(): string[] { return this.moves.slice(0, this.ply); }
}

/** Who plays a side: a person at the page, or the engine. */
export type Player = 'human' | 'engine';

/**
 * What a URL holds: variant, options, start position (absent = the variant's), moves, shown ply (absent
 * = the last), who plays each side (absent = a person the first side, the engine the second).
 */
export interface GameSpec { variant: string; options: Record<string, string>; position?: string; moves: string[]; ply?: number; players?: [Player, Player] }

/** The URL query for a game: `?v=bagh-chal&o.captures-to-win=5&pos=...&m=c3+a1-b2&ply=1&play=human,engine`. */
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
 * a message for people when a parameter is malformed (an unknown key, a ply that is not a number).
 */
export function queryToSpec(search: string): GameSpec | null {
  const q = new URLSearchParams(search);
  const variant = q.get('v');
  if (variant === null) return null;
  const options: Record<string, string> = {};
  for (const [k, v] of q) {
    if (k.startsWith('o.')) options[k.slice(2)] = v;
    else if (!['v', 'pos', 'm', 'ply', 'play'].includes(k)) throw new Error(`unknown URL parameter "${k}" (known: v, o.<option>, pos, m, ply, play)`);
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
    variant, options, ...(pos === null ? {} : { position: pos }), moves, ...(ply === undefined ? {} : { ply }),
    ...(players ? { players } : {}),
  };
}
