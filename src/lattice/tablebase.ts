/**
 * A game's window on the movement-phase tablebase (Bagh Chal's profile: DESIGN.md "Tablebases"):
 * loading the files into the game's core, probing, the tablebase's best line, and the proof search
 * that solves a position over it. Game delegates to it; it reads the core and plays moves only through
 * the legal moves (src/lattice/moves.ts), and leaves the position as it found it.
 */
import { ArgumentError, checkKeys, describeValue, isOptionsObject } from '../contract/errors.js';
import type { Board } from '../board/index.js';
import { IO_SET, type Core } from './core/wasm.js';
import type { HuntVariant, OptionValues } from '../variants/index.js';
import {
  tablesLoader,
  type LayerMeta,
  type LoadedTables,
  type PlacementLayerInfo,
  type SolvedLayerInfo,
} from './tables.js';
import { lineTexts, MoveList } from './moves.js';
import type { SolveReport, TablebaseProbe } from '../contract/types.js';
import { callSync } from '../contract/limits.js';

// the shapes of probe() and solve() are the family contract's (AnyGame.probe, AnyGame.solve)
export type { SolveReport, TablebaseProbe } from '../contract/types.js';

/**
 * Best play by the generic solver's tables from the core's current position, whose value code is `c0`
 * (0 draw, 1 + 2d a win in d, 2 + 2d a loss in d): each ply the first move in list order that keeps the
 * value one ply nearer the end (a draw stays a draw, for at most `drawPlies` moves), to the end of the
 * game. The moves with their captured sets (lineTexts names them); the position is unchanged afterwards.
 * `focus`: called at each position of the line before its moves are probed (HuntSolver.focus: tables
 * kept on disk load the layers the line reaches).
 */
export function genericBestLine(
  core: Core,
  board: Board,
  c0: number,
  drawPlies = 12,
  focus?: () => unknown,
): Array<{ m: number; caps: bigint }> {
  const e = core.exports;
  const line: Array<{ m: number; caps: bigint }> = [];
  const limit = c0 === 0 ? drawPlies : (c0 - 1) >> 1;
  let c = c0;
  for (let i = 0; i < limit; i++) {
    const d = (c - 1) >> 1;
    const want = c === 0 ? 0 : (c & 1) === 1 ? 2 + 2 * (d - 1) : 1 + 2 * (d - 1);
    focus?.();
    const list = MoveList.read(core, board, 'the tablebase line');
    let pick = -1;
    for (let j = 0; j < list.length && pick < 0; j++) {
      list.play(core, j);
      if (e.gsProbe() === want) pick = j;
      e.unmakeMove();
    }
    if (pick < 0) break;
    const b = { m: list.packed[pick]!, caps: list.capsBig(pick) };
    line.push(b);
    core.writeSet(IO_SET.caps, b.caps);
    e.makeMove(b.m);
    c = want;
  }
  for (let i = 0; i < line.length; i++) e.unmakeMove();
  return line;
}

export class GameTablebase {
  /** True once load() succeeded. */
  loaded = false;
  /** The loaded tables (through the solvers' port, src/lattice/tables.ts), else null. */
  private tables: LoadedTables | null = null;
  /** The generic solver's layers (every solved hunt game but Bagh Chal's profile), not the movement tablebase. */
  private get generic(): boolean {
    return this.tables?.kind === 'layers';
  }

  /** `captureTarget`: the prey captures that end the game (the rules' side-0 target). */
  constructor(
    private readonly core: Core,
    private readonly board: Board,
    private readonly variant: HuntVariant,
    private readonly options: OptionValues,
    private readonly captureTarget: number,
  ) {}

  /**
   * Loads the tables built in `dir`: the movement-phase tablebase (`lattice tablebase build`) for Bagh
   * Chal's rule profile, the generic solver's layers (`lattice solve`) for every other hunt game it
   * covers. `keep` (the generic layers only; see Game.loadTablebase): 'all' or 'live'. Node only.
   * Rejects with TablebaseError naming a missing, corrupt or mismatched file, or a game without tables;
   * ArgumentError for a non-string or empty dir, a bad `keep`, or under repetition=forbid. A load that
   * fails leaves the tables loaded before (if any) as they were.
   */
  async load(dir: string, keep?: 'all' | 'live'): Promise<LayerMeta[] | SolvedLayerInfo[]> {
    if (typeof dir !== 'string')
      throw new ArgumentError(`a tablebase directory must be a string, got ${describeValue(dir)}`);
    if (keep !== undefined && keep !== 'all' && keep !== 'live')
      throw new ArgumentError(`keep must be 'all' or 'live', got ${describeValue(keep)}`);
    // a game's variant and options never change: tables loaded before are replaced in place, checked
    // first, so that a failing load leaves them as they were (LoadedTables.reload)
    const before = this.tables;
    let tables: LoadedTables;
    try {
      tables =
        before === null
          ? await tablesLoader()(this.core, this.board, this.variant, this.options, dir, keep)
          : before.reload(dir, keep);
    } catch (err) {
      if (before !== null && !before.intact) {
        this.tables = null;
        this.loaded = false;
      }
      throw err;
    }
    this.tables = tables;
    this.loaded = true;
    return tables.layers;
  }

  /** Bagh Chal's placement layers loaded with the movement tablebase (a whole-game directory); [] if none. */
  get placement(): PlacementLayerInfo[] {
    return this.tables?.placement ?? [];
  }

  /** Releases what the tables hold outside the core (the placement layers' files); the game is disposed. */
  close(): void {
    this.tables?.close?.();
    this.tables = null;
    this.loaded = false;
  }

  /**
   * The class of the current position by the tables, from the goats' side: 'G' the goats win, 'GD' the goats win
   * or it is a draw (the placement layers of a larger captures-to-win than the game's cannot tell), 'D' draw, 'T'
   * the tigers win; null when the tables do not cover it. A finished game by its result.
   */
  private classHere(): 'G' | 'GD' | 'D' | 'T' | null {
    const e = this.core.exports;
    const code = e.gameResult();
    const mover = e.sideToMove(); // 0 the prey (goats), 1 the hunters
    const winner = (w: number) => (w === 0 ? 'G' : 'T');
    if (code !== 0) {
      const w = (code & 15) - 1;
      return w === 2 ? 'D' : winner(w);
    }
    if (e.inHand() === 0) {
      const v = this.value();
      if (v < 0) return null;
      return v === 0 ? 'D' : ((v - 1) & 1) === 1 ? winner(mover) : winner(1 - mover);
    }
    const w = e.plProbeValue();
    return w === -2 ? null : w === 0 ? 'D' : w === 2 ? 'GD' : w === 1 ? winner(mover) : winner(1 - mover);
  }

  /**
   * Restricts the core's next search to the root moves that keep the value of the current position by Bagh Chal's
   * placement layers (loaded with the movement tablebase; placement phase only): each move's position is probed
   * (the placement layers, the movement tablebase after the last placement, or the game's end), and the moves
   * whose value is the best the side to move has are allowed. Where some moves' layers are missing, the
   * restriction holds only if the position's own layer confirms that the known best keeps its value; otherwise
   * (and outside the placement phase, or without placement layers) every move stays allowed. Returns the number
   * of moves allowed (0: no restriction). The position is unchanged afterwards; call clearRootMoves after the
   * search.
   */
  restrictRoot(): number {
    const e = this.core.exports;
    e.clearRootMoves();
    if (!this.loaded || this.generic || this.placement.length === 0 || e.inHand() === 0 || e.gameResult() !== 0)
      return 0;
    const mover = e.sideToMove();
    const rank = (c: 'G' | 'GD' | 'D' | 'T') =>
      mover === 0 ? { G: 3, GD: 2, D: 1, T: 0 }[c] : { T: 3, D: 2, GD: 1, G: 0 }[c];
    const list = MoveList.read(this.core, this.board, 'the root moves');
    const ranks: Array<number | null> = [];
    for (let i = 0; i < list.length; i++) {
      list.play(this.core, i);
      const c = this.classHere();
      e.unmakeMove();
      ranks.push(c === null ? null : rank(c));
    }
    const known = ranks.filter((r): r is number => r !== null);
    if (known.length === 0) return 0;
    const best = Math.max(...known);
    if (known.length < ranks.length) {
      const own = this.classHere();
      if (own === null || rank(own) !== best) return 0;
    }
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      if (ranks[i] !== best) continue;
      if (e.allowRootMove(list.packed[i]!) !== 0) {
        e.clearRootMoves();
        return 0;
      }
      n++;
    }
    return n;
  }

  /**
   * Brings the layers the current position needs into the core (HuntSolver.focus: tables loaded with
   * keep 'live'; nothing to do otherwise). Called before a search, a probe and a best line. Throws
   * TablebaseError for a corrupt layer file.
   */
  focus(): void {
    this.tables?.focus();
  }

  /** Raw tablebase value of the current position: dtm + 1, 0 draw, -1 not covered; 1 when decided by captures. */
  value(): number {
    const e = this.core.exports;
    if (e.captured() >= this.captureTarget) return 1; // the side to move has lost: dtm 0
    return e.tbProbe();
  }

  /** See Game.probe. */
  probe(): TablebaseProbe | null {
    if (!this.loaded) return null;
    const e = this.core.exports;
    if (this.generic) {
      this.focus();
      const c = e.gsProbe();
      if (c < 0) return null;
      const text = lineTexts(
        this.core,
        this.board,
        genericBestLine(this.core, this.board, c, 12, () => this.focus()),
      );
      return {
        wdl: c === 0 ? 'draw' : (c & 1) === 1 ? 'win' : 'loss',
        dtm: c === 0 ? null : (c - 1) >> 1,
        bestmove: text[0] ?? null,
        line: text,
      };
    }
    if (e.captured() >= this.captureTarget && e.inHand() === 0) {
      // decided already: the hunters have their captures (whoever is to move)
      return { wdl: e.sideToMove() === 1 ? 'win' : 'loss', dtm: 0, bestmove: null, line: [] };
    }
    const v0 = this.value();
    if (v0 < 0) return null;
    const text = lineTexts(this.core, this.board, this.line(v0));
    return {
      wdl: v0 === 0 ? 'draw' : ((v0 - 1) & 1) === 1 ? 'win' : 'loss',
      dtm: v0 === 0 ? null : v0 - 1,
      bestmove: text[0] ?? null,
      line: text,
    };
  }

  /**
   * The tables' best line onward from the current position where they decide it (a win or a loss still
   * to be played out; [] for a draw, a decided game, a position they do not cover or no tables): what a
   * search line that ended on a probed position goes on with. Either kind of tables (Bagh Chal's
   * movement tablebase, the generic solver's layers). The position is unchanged afterwards.
   */
  onward(): Array<{ m: number; caps: bigint }> {
    if (!this.loaded) return [];
    const e = this.core.exports;
    if (this.generic) {
      this.focus();
      const c = e.gsProbe();
      return c > 0 ? genericBestLine(this.core, this.board, c, 12, () => this.focus()) : [];
    }
    const v = this.value();
    return v > 1 && e.captured() < this.captureTarget ? this.line(v) : [];
  }

  /**
   * The tablebase's best line from the current position, whose raw value is `v0` (dtm + 1, or 0 for a
   * draw): each move lowers the distance to mate by one (a draw stays a draw), to the end of the game
   * (at most 12 moves for a draw). The position is unchanged afterwards.
   */
  line(v0: number): Array<{ m: number; caps: bigint }> {
    const e = this.core.exports;
    const best = (): { m: number; caps: bigint } | null => {
      const v = this.value();
      if (v === 1 || (v > 0 && e.captured() >= this.captureTarget)) return null;
      const list = MoveList.read(this.core, this.board, 'the tablebase line');
      for (let i = 0; i < list.length; i++) {
        list.play(this.core, i);
        const c = this.value();
        e.unmakeMove();
        if (v === 0 ? c === 0 : c === v - 1) return { m: list.packed[i]!, caps: list.capsBig(i) };
      }
      return null;
    };
    const line: Array<{ m: number; caps: bigint }> = [];
    const limit = v0 === 0 ? 12 : v0 - 1;
    for (let i = 0; i < limit; i++) {
      const b = best();
      if (b === null) break;
      line.push({ m: b.m, caps: b.caps });
      this.core.writeSet(IO_SET.caps, b.caps);
      e.makeMove(b.m);
    }
    for (let i = 0; i < line.length; i++) e.unmakeMove();
    return line;
  }

  /**
   * See Game.solve: two null-window proofs over {-1, 0, 1} down to the loaded tablebase, or, for a placement
   * position Bagh Chal's placement layers decide exactly, their value (0 nodes). `finished` is the game's result
   * score when it is over (MATE, 0, -MATE from the side to move's view), else null.
   */
  solve(opts: { nodeLimit?: number; onProgress?: (nodes: number) => void }, finished: number | null): SolveReport {
    if (!isOptionsObject(opts)) throw new ArgumentError(`solve options must be an object, got ${describeValue(opts)}`);
    checkKeys(opts, ['nodeLimit', 'onProgress'], 'solve options');
    const limit = opts.nodeLimit ?? 0;
    if (!(Number.isSafeInteger(limit) && limit >= 0))
      throw new ArgumentError(
        `nodeLimit must be an integer 0..${Number.MAX_SAFE_INTEGER} (nodes per proof; ` +
          `0: no limit), got ${describeValue(limit)}`,
      );
    if (opts.onProgress !== undefined && typeof opts.onProgress !== 'function')
      throw new ArgumentError(`onProgress must be a function, got ${describeValue(opts.onProgress)}`);
    if (!this.loaded) throw new ArgumentError('solve needs a tablebase: call loadTablebase(dir) first');
    if (finished !== null) return { value: finished > 0 ? 'win' : finished < 0 ? 'loss' : 'draw', nodes: 0, ms: 0 };
    if (this.generic) {
      // a solved game's tables hold the value itself: no proof to search
      this.focus();
      const c = this.core.exports.gsProbe();
      return { value: c < 0 ? 'unknown' : c === 0 ? 'draw' : (c & 1) === 1 ? 'win' : 'loss', nodes: 0, ms: 0 };
    }
    const e = this.core.exports;
    if (e.inHand() > 0 && this.placement.length > 0) {
      // Bagh Chal's placement layers hold the value itself (where exact: not "the goats win or it is a draw")
      const w = e.plProbeValue();
      if (w === 1 || w === -1 || w === 0)
        return { value: w === 1 ? 'win' : w === -1 ? 'loss' : 'draw', nodes: 0, ms: 0 };
    }
    const t0 = performance.now();
    let total = 0;
    this.core.hooks.solveProgress = (n) => {
      if (opts.onProgress) callSync('onProgress', opts.onProgress, total + n);
    };
    try {
      const low = e.tbSolve(-1, 0, limit); // >= 0: the side to move does not lose
      total += e.tbSolveNodes();
      if (e.tbSolveAborted()) return { value: 'unknown', nodes: total, ms: Math.round(performance.now() - t0) };
      let value: 'win' | 'draw' | 'loss' = 'loss';
      if (low >= 0) {
        const high = e.tbSolve(0, 1, limit); // >= 1: the side to move wins
        total += e.tbSolveNodes();
        if (e.tbSolveAborted()) return { value: 'unknown', nodes: total, ms: Math.round(performance.now() - t0) };
        value = high >= 1 ? 'win' : 'draw';
      }
      return { value, nodes: total, ms: Math.round(performance.now() - t0) };
    } finally {
      this.core.hooks.solveProgress = () => {};
    }
  }
}
