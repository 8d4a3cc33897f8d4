// What the moves-as-values tests share (test/property/moves.test.ts and its slow half moves.slow.ts): the
// configurations, a reference view of each game (test/reference/*) for texts and paths, the checks of
// one position, and the big positions of the issue with their checks.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, IllegalMoveError, LatticeError, listVariants } from '../../src/index.js';
import type { Move } from '../../src/lattice/game.js';
import * as TB from '../reference/tibetan.js';
import * as HK from '../reference/hong-kong.js';
import * as TAB from '../reference/tabal.js';
import * as BC from '../reference/bagh-chal.js';

export type Options = Record<string, string | number>;

// ---------------------------------------------------------------------------------------------------
// Configurations: every lattice variant, its defaults and each option's first non-default value.

export interface Config {
  variant: string;
  options: Options;
  start: string;
}

export function firstNonDefault(o: {
  type: string;
  default: string | number;
  values?: readonly string[];
  min?: number;
  max?: number;
}): string | number | undefined {
  const cands: Array<string | number> = [...(o.type === 'int' ? [] : (o.values ?? []))];
  if (o.type === 'int')
    for (let n = o.min ?? 0; n <= (o.max ?? (o.min ?? 0) + 2) && cands.length < 3; n++) cands.push(n);
  return cands.find((v) => String(v) !== String(o.default));
}

export const CONFIGS: Config[] = listVariants()
  .filter((v) => v.id !== 'maka-dai-dai')
  .flatMap((v) => [
    { variant: v.id, options: {}, start: v.start },
    ...v.options.flatMap((o) => {
      const x = firstNonDefault(o);
      return x === undefined ? [] : [{ variant: v.id, options: { [o.name]: x }, start: '' }];
    }),
  ]);
export const label = (c: Config) =>
  `${c.variant} ${
    Object.entries(c.options)
      .map(([k, v]) => `${k}=${v}`)
      .join(',') || 'default'
  }`;

/** A seed from a label (fixed runs: fast-check's default seed is random). */
export const seedOf = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7) >>> 0;

// ---------------------------------------------------------------------------------------------------
// Position strings read here from docs/notation.md's grammar (independently of src/lattice/position-text.ts), onto the
// reference boards.

export interface Cell {
  letter: string;
  count: number;
  king: boolean;
}
export interface Parsed {
  cells: Map<string, Cell>;
  side: string;
  hand: Map<string, number>;
  captured: Map<string, number>;
  extra: Map<string, string>;
}

/** Point names per rank, top rank first, files left to right. */
export function layoutOf(points: Array<{ name: string; x: number; y: number }>): string[][] {
  const ys = [...new Set(points.map((p) => p.y))].sort((a, b) => b - a);
  return ys.map((y) =>
    points
      .filter((p) => p.y === y)
      .sort((a, b) => a.x - b.x)
      .map((p) => p.name),
  );
}

export function parseText(layout: string[][], text: string): Parsed {
  const [board, side, hand, captured, extra = '-'] = text.split(' ') as [string, string, string, string, string?];
  const cells = new Map<string, Cell>();
  board.split('/').forEach((rank, r) => {
    let k = 0;
    for (const t of rank.match(/\d+|\+?[A-Z](?:\(\d+\))?/g) ?? []) {
      if (/^\d/.test(t)) {
        k += Number(t);
        continue;
      }
      const m = /^(\+?)([A-Z])(?:\((\d+)\))?$/.exec(t)!;
      cells.set(layout[r]![k++]!, { letter: m[2]!, count: m[3] ? Number(m[3]) : 1, king: m[1] === '+' });
    }
    if (k !== layout[r]!.length) throw new Error(`test: rank ${r} of ${text}`);
  });
  const counts = (f: string) =>
    new Map([...(f === '-' ? [] : f.matchAll(/([A-Z])(\d+)/g))].map((m) => [m[1]!, Number(m[2])] as [string, number]));
  const ex = new Map<string, string>();
  if (extra !== '-')
    for (const item of extra.split(',')) {
      const [k, v] = item.split('=');
      ex.set(k!, v!);
    }
  return { cells, side, hand: counts(hand), captured: counts(captured), extra: ex };
}

// ---------------------------------------------------------------------------------------------------
// The references, one view per variant: canonical texts, all paths of a capture, and the move a text
// denotes there (to check the path search against the reference itself).

export interface RefMove {
  from: string | null;
  to: string;
  captured: string[];
}
export interface RefView {
  /** the legal moves' canonical texts, any order */
  texts(): string[];
  /**
   * up to `limit` paths (names, start first) of the capture from -> to taking `captured`, in board order of their
   * landings; complete: none left out
   */
  paths(from: string, to: string, captured: string[], limit: number): { paths: string[][]; complete: boolean };
  /** the legal move the reference reads from a text */
  parse(text: string): RefMove;
  /** a point's place in board order (docs/notation.md: rank by rank from rank 1, files left to right) */
  order(name: string): number;
}

/** Board order (docs/notation.md): rank by rank from rank 1, files left to right (index -> place). */
export function boardOrder(points: Array<{ x: number; y: number }>): number[] {
  const idx = points.map((_, i) => i).sort((a, b) => points[a]!.y - points[b]!.y || points[a]!.x - points[b]!.x);
  const order = new Array<number>(points.length);
  idx.forEach((i, k) => {
    order[i] = k;
  });
  return order;
}

export const PATH_BUDGET = 20_000;

/**
 * Depth-first search for every path of a capture: from `from`, hops given by `hops(at, captured)` (each
 * taking one point of the set not taken yet), exactly |set| hops, ending on `to`. Hops are tried in board
 * order of their landings, so paths come out in docs/notation.md's order (the first one is the canonical path).
 */
export function searchPaths(
  from: number,
  to: number,
  size: number,
  limit: number,
  order: number[],
  hops: (at: number, captured: number[]) => Array<{ over: number; to: number }>,
  take?: (over: number) => () => void,
): { paths: number[][]; complete: boolean } {
  const paths: number[][] = [];
  let visits = 0,
    complete = true;
  const captured: number[] = [];
  const go = (at: number, path: number[]): void => {
    if (!complete) return;
    if (captured.length === size) {
      if (at === to) {
        if (paths.length >= limit) complete = false;
        else paths.push(path);
      }
      return;
    }
    if (++visits > PATH_BUDGET) {
      complete = false;
      return;
    }
    for (const h of hops(at, captured).sort((a, b) => order[a.to]! - order[b.to]!)) {
      captured.push(h.over);
      const restore = take?.(h.over);
      go(h.to, [...path, h.to]);
      restore?.();
      captured.pop();
      if (!complete) return;
    }
  };
  go(from, [from]);
  return { paths, complete };
}

export function tibetanView(variant: TB.Variant, options: Options, text: string): RefView {
  const board = TB.boardOf(variant);
  const names = board.points.map((_, i) => TB.pointName(board, i));
  const q = parseText(layoutOf(board.points.map((p, i) => ({ name: names[i]!, ...p }))), text);
  const goats: Record<string, number> = {};
  const tigers: string[] = [];
  for (const [n, c] of q.cells)
    if (c.letter === 'G') goats[n] = c.count;
    else tigers.push(n);
  const p = TB.positionFrom(variant, {
    goats,
    tigers,
    hand: q.hand.get('G') ?? 0,
    captured: q.captured.get('G') ?? 0,
    side: q.side === 'G' ? 'goats' : 'tigers',
    lastGoat: q.extra.get('last') ?? null,
    goatsLeftToWin: Number(options['tiger-win-goats-left'] ?? 5),
  });
  const order = boardOrder(board.points);
  const at = (n: string) => TB.pointIndex(board, n);
  return {
    order: (n) => order[at(n)]!,
    texts: () => TB.moveTexts(p),
    paths(from, to, captured, limit) {
      const set = new Set(captured.map(at));
      const start = at(from);
      const others = p.tigers.filter((t) => t !== start);
      // RULES §0/§2 as the reference reads them: over a goat of the set not taken yet, onto a point empty
      // now (a goat taken on it this move leaves it; the tiger's own start is empty)
      const r = searchPaths(start, at(to), set.size, limit, order, (pt, caps) =>
        board.jumps[pt]!.filter(
          (j) =>
            set.has(j.over) &&
            !caps.includes(j.over) &&
            p.goats[j.to]! - (caps.includes(j.to) ? 1 : 0) === 0 &&
            !others.includes(j.to),
        ),
      );
      return { paths: r.paths.map((ps) => ps.map((i) => names[i]!)), complete: r.complete };
    },
    parse(t) {
      const m = TB.parseMove(p, t);
      return {
        from: m.kind === 'place' ? null : names[m.from]!,
        to: names[m.to]!,
        captured: m.kind === 'jump' ? m.captured.map((i) => names[i]!) : [],
      };
    },
  };
}

export function tabalView(options: Options, text: string): RefView {
  const B = TAB.BOARD;
  const names = B.points.map((_, i) => TAB.pointName(i));
  const q = parseText(layoutOf(B.points.map((p, i) => ({ name: names[i]!, ...p }))), text);
  const of = (letter: string, king: boolean) =>
    [...q.cells].filter(([, c]) => c.letter === letter && c.king === king).map(([n]) => n);
  const p = TAB.positionFrom({
    white: of('W', false),
    whiteKings: of('W', true),
    black: of('B', false),
    blackKings: of('B', true),
    side: q.side === 'W' ? 'white' : 'black',
    quiet: Number(q.extra.get('clock') ?? 0),
    options: options as TAB.TabalOptions,
  });
  const order = boardOrder(B.points);
  return {
    order: (n) => order[TAB.pointIndex(n)]!,
    texts: () => TAB.moveTexts(p),
    paths(from, to, captured, limit) {
      const set = new Set(captured.map(TAB.pointIndex));
      const start = TAB.pointIndex(from);
      const cells = p.cells.slice();
      const king = cells[start] === 'W' || cells[start] === 'B';
      cells[start] = '.'; // the mover has left its start
      const empty = (i: number) => cells[i] === '.';
      const immediate = p.rules.removal === 'immediate';
      // RULES §4 as the reference reads it: a man jumps an adjacent piece of the set; a king jumps the
      // first piece on a line past empty points and lands on any empty point beyond it; removal=immediate
      // empties the point at once, removal=end leaves the piece there until the move ends
      const hops = (pt: number, caps: number[]) => {
        if (!king) return B.jumps[pt]!.filter((j) => set.has(j.over) && !caps.includes(j.over) && empty(j.to));
        const out: Array<{ over: number; to: number }> = [];
        for (const ray of B.rays[pt]!) {
          let k = 0;
          while (k < ray.length && empty(ray[k]!)) k++;
          if (k === ray.length || !set.has(ray[k]!) || caps.includes(ray[k]!)) continue;
          for (let j = k + 1; j < ray.length && empty(ray[j]!); j++) out.push({ over: ray[k]!, to: ray[j]! });
        }
        return out;
      };
      const take = (over: number) => {
        const saved = cells[over]!;
        if (immediate) cells[over] = '.';
        return () => {
          cells[over] = saved;
        };
      };
      const r = searchPaths(start, TAB.pointIndex(to), set.size, limit, order, hops, take);
      return { paths: r.paths.map((ps) => ps.map((i) => names[i]!)), complete: r.complete };
    },
    parse(t) {
      const m = TAB.parseMove(p, t);
      return {
        from: names[m.from]!,
        to: names[m.to]!,
        captured: m.kind === 'capture' ? m.captured.map((i) => names[i]!) : [],
      };
    },
  };
}

export const HK_HUNTER: Record<HK.GameId, string> = {
  'catch-the-giant': 'G',
  'surround-the-tiger': 'T',
  'double-tiger': 'T',
  'shepherds-and-wolves': 'W',
};

export function hongKongView(id: HK.GameId, options: Options, text: string): RefView {
  const game = HK.GAMES[id];
  const b = game.board;
  const q = parseText(layoutOf(b.names.map((name, i) => ({ name, x: b.x[i]!, y: b.y[i]! }))), text);
  const hl = HK_HUNTER[id];
  const counts = (mine: boolean) =>
    b.names.map((n) => {
      const c = q.cells.get(n);
      return c && (c.letter === hl) === mine ? c.count : 0;
    });
  const other =
    [...q.hand.keys(), ...q.captured.keys(), ...[...q.cells.values()].map((c) => c.letter)].find((l) => l !== hl) ??
    '?';
  const p: HK.Position = {
    hunter: counts(true),
    prey: counts(false),
    hand: { hunter: q.hand.get(hl) ?? 0, prey: q.hand.get(other) ?? 0 },
    captured: { hunter: q.captured.get(hl) ?? 0, prey: q.captured.get(other) ?? 0 },
    toMove: q.side === hl ? 'hunter' : 'prey',
    stall: Number(q.extra.get('stall') ?? 0),
  };
  const o = options as HK.Options;
  const order = boardOrder(b.names.map((_, i) => ({ x: b.x[i]!, y: b.y[i]! })));
  return {
    order: (n) => order[b.names.indexOf(n)]!,
    texts: () => game.legalMoves(p, o).map(game.moveText),
    // one short jump a move: its one path
    paths: (from, to) => ({ paths: [[from, to]], complete: true }),
    parse(t) {
      const m = game.legalMoves(p, o).find((x) => game.moveText(x) === t);
      if (!m) throw new Error(`reference: illegal ${t}`);
      return {
        from: m.from < 0 ? null : b.names[m.from]!,
        to: b.names[m.to]!,
        captured: m.captured.map((i) => b.names[i]!),
      };
    },
  };
}

export function baghChalView(options: Options, text: string): RefView {
  const o: BC.RefOptions = { capturesToWin: Number(options['captures-to-win'] ?? 5) };
  const p = BC.parsePosition(text, o);
  return {
    order: (n) => BC.pointIndex(n), // index y * 5 + x: board order
    texts: () => BC.legalMoves(p, o),
    paths: (from, to) => ({ paths: [[from, to]], complete: true }),
    parse(t) {
      if (!BC.legalMoves(p, o).includes(t)) throw new Error(`reference: illegal ${t}`);
      const [a, c] = t.split(/[-x]/);
      if (c === undefined) return { from: null, to: a!, captured: [] };
      const i = BC.pointIndex(a!),
        j = BC.pointIndex(c);
      const mid = t.includes('x')
        ? [BC.pointName(((i % 5) + (j % 5)) / 2 + 5 * ((Math.floor(i / 5) + Math.floor(j / 5)) / 2))]
        : [];
      return { from: a!, to: c, captured: mid };
    },
  };
}

export function refView(variant: string, options: Options, text: string): RefView {
  if (variant === 'bagh-chal') return baghChalView(options, text);
  if (variant.startsWith('tibetan-')) return tibetanView(variant as TB.Variant, options, text);
  if (variant === 'permainan-tabal') return tabalView(options, text);
  return hongKongView(variant as HK.GameId, options, text);
}

// ---------------------------------------------------------------------------------------------------
// The checks of one position.

export interface Stats {
  positions: number;
  movesPlayed: number;
  /** pairs of legal captures with the same start and end and different captured sets */
  sameEnds: number;
  /** short forms refused as ambiguous */
  shortRefused: number;
  /** non-canonical paths played */
  otherPaths: number;
  /** captures whose paths were all found (none left out by the search limits) */
  complete: number;
}
export const newStats = (): Stats => ({
  positions: 0,
  movesPlayed: 0,
  sameEnds: 0,
  shortRefused: 0,
  otherPaths: 0,
  complete: 0,
});

/** The full path text of a move (`a1xc3xe5`, `a1-b2`, `c3`). */
export const fullPath = (m: Move) => m.path.join(m.kind === 'jump' ? 'x' : '-');
export const endsKey = (m: Move) => `${m.from ?? ''}>${m.to}`;

/** Up to n items of xs, evenly spread. */
export function spread<T>(xs: readonly T[], n: number): T[] {
  if (xs.length <= n) return [...xs];
  return Array.from({ length: n }, (_, k) => xs[Math.floor((k * xs.length) / n)]!);
}

/** Per position: moves played (each in every form), values checked, captures whose paths are searched. */
export interface Limits {
  moves: number;
  values: number;
  pathsPerMove: number;
  pathMoves: number;
  refChecks: number;
  refTexts?: boolean;
}
export const LIMITS: Limits = { moves: 60, values: 1500, pathsPerMove: 8, pathMoves: 12, refChecks: 4 };

/** Plays `input`; it must be the move whose canonical text is `text`, reaching `after`; undoes it. */
export function playsAs(
  g: Game,
  input: Parameters<Game['play']>[0],
  text: string,
  after: { pos: string; key: string },
  before: { pos: string; key: string },
  what: string,
): void {
  const n = g.history().length;
  try {
    g.play(input);
  } catch (e) {
    throw new Error(
      `${what}: play(${JSON.stringify(input)}) at ${before.pos} threw ${String(e)} (expected the move ${text})`,
    );
  }
  expect(g.history().length, what).toBe(n + 1);
  expect(g.history().at(-1), `${what}: history after play(${JSON.stringify(input)}) at ${before.pos}`).toBe(text);
  expect(g.position(), `${what}: position after play(${JSON.stringify(input)}) at ${before.pos}`).toBe(after.pos);
  expect(g.key(), what).toBe(after.key);
  expect(g.undo(), what).toBe(text);
  expect(g.position(), `${what}: undo restores the position`).toBe(before.pos);
  expect(g.key(), `${what}: undo restores the key`).toBe(before.key);
}

export function checkPosition(g: Game, view: RefView | null, stats: Stats, lim: Limits = LIMITS): void {
  stats.positions++;
  const pos = g.position();
  const before = { pos, key: g.key() };
  const res = g.result();
  const ms = g.moves();
  const texts = g.legalMoves();
  // moves() and legalMoves(): the same moves, same order, unique texts, as many as perft(1)
  expect(
    ms.map((m) => m.text),
    `moves() vs legalMoves() at ${pos}`,
  ).toEqual(texts);
  expect(new Set(texts).size, `unique texts at ${pos}`).toBe(texts.length);
  if (res === null) {
    expect(ms.length, `moves().length === perft(1) at ${pos}`).toBe(g.perft(1));
    expect(ms.length).toBeGreaterThan(0);
  } else {
    expect(ms).toEqual([]);
    // perft ignores repetition (a third occurrence ends the game but the board allows moves)
    if (res.reason !== 'repetition') expect(g.perft(1), `perft(1) of the finished ${pos}`).toBe(0);
  }
  // the reference's canonical texts (it keeps no history: not at a repetition draw)
  if (view && lim.refTexts !== false && res?.reason !== 'repetition')
    expect([...texts].sort(), `texts vs the reference at ${pos}`).toEqual(view.texts().sort());

  // each value: well formed; legalMoveTexts(); docs/notation.md's short-form rule from the values
  const ends = new Map<string, Move[]>();
  for (const m of ms) {
    if (m.kind === 'place') continue;
    const xs = ends.get(endsKey(m));
    if (xs) xs.push(m);
    else ends.set(endsKey(m), [m]);
  }
  const lmt = g.legalMoveTexts();
  expect(lmt.length).toBe(ms.length);
  // docs/notation.md's rule for every capture, from its ends alone
  for (const m of ms) {
    if (m.kind !== 'jump') continue;
    const pts = m.text.split('x');
    if (ends.get(endsKey(m))!.length === 1)
      expect(m.text, `a capture whose ends no other move shares, at ${pos}`).toBe(`${m.from}x${m.to}`);
    else expect([pts[0], pts.at(-1)], `a path from ${m.from} to ${m.to}: ${m.text} at ${pos}`).toEqual([m.from, m.to]);
  }
  // each value (all of them, or an even spread of a long list): well formed, its texts
  for (const i of spread(
    ms.map((_, k) => k),
    lim.values,
  )) {
    const m = ms[i]!;
    const full = fullPath(m);
    const plain = { kind: m.kind, from: m.from, to: m.to, captured: m.captured, path: m.path, text: m.text };
    expect(m.toJSON()).toEqual(plain);
    expect(JSON.parse(JSON.stringify(m))).toEqual(plain);
    expect(lmt[i], `legalMoveTexts()[${i}] at ${pos}`).toEqual(m.text === full ? [m.text] : [m.text, full]);
    if (m.kind === 'place') {
      expect([m.from, m.path, m.captured, m.text]).toEqual([null, [m.to], [], m.to]);
      continue;
    }
    expect(m.path[0]).toBe(m.from);
    expect(m.path.at(-1)).toBe(m.to);
    if (m.kind === 'step') expect([m.path.length, m.captured.length, m.text]).toEqual([2, 0, `${m.from}-${m.to}`]);
    if (m.kind === 'intervention')
      expect([m.path.length, m.captured.length > 0, m.text]).toEqual([2, true, `${m.from}-${m.to}`]);
    if (m.kind === 'intervention' && view) {
      const ord = m.captured.map(view.order);
      expect(
        ord.every((x, k) => k === 0 || ord[k - 1]! < x),
        `captured of ${full} in board order at ${pos}`,
      ).toBe(true);
    }
    if (m.kind === 'jump') {
      expect(m.captured.length, `one capture a hop: ${full} at ${pos}`).toBe(m.path.length - 1);
      // captured points in board order, each once
      if (view) {
        const ord = m.captured.map(view.order);
        expect(
          ord.every((x, k) => k === 0 || ord[k - 1]! < x),
          `captured of ${full} in board order at ${pos}`,
        ).toBe(true);
      }
      expect(m.text, `canonical text of ${full} at ${pos}`).toBe(
        ends.get(endsKey(m))!.length === 1 ? `${m.from}x${m.to}` : full,
      );
    }
  }

  // moves to play: a spread, and every capture sharing its ends with another (up to a bound)
  const shared = [...ends.values()].filter((xs) => xs.length > 1);
  const toPlay = new Set<Move>([...spread(ms, lim.moves), ...spread(shared.flat(), lim.moves)]);
  const after = new Map<Move, { pos: string; key: string }>();
  for (const m of toPlay) {
    g.play(m.text);
    const a = { pos: g.position(), key: g.key() };
    after.set(m, a);
    expect(g.history().at(-1)).toBe(m.text);
    expect(g.undo()).toBe(m.text);
    expect(g.position(), `undo of ${m.text} at ${pos}`).toBe(pos);
    expect(g.key()).toBe(before.key);
    stats.movesPlayed++;
    const what = `${m.text} at ${pos}`;
    playsAs(g, fullPath(m), m.text, a, before, what);
    playsAs(g, m, m.text, a, before, what);
    playsAs(g, m.toJSON(), m.text, a, before, what);
    playsAs(g, JSON.parse(JSON.stringify(m)), m.text, a, before, what);
    playsAs(g, { from: m.from, to: m.to, captured: m.captured }, m.text, a, before, what);
    if (m.captured.length > 1)
      playsAs(g, { from: m.from, to: m.to, captured: [...m.captured].reverse() }, m.text, a, before, what);
    playsAs(g, { path: m.path, to: m.to }, m.text, a, before, what);
  }

  // every other path of a capture, found from the reference's geometry
  if (view) {
    const jumps = ms.filter((m) => m.kind === 'jump');
    let refChecks = 0;
    // a few of all captures, and more of the multi-jumps (the ones with other paths)
    const multi = jumps.filter((m) => m.captured.length > 1);
    for (const m of new Set([...spread(jumps, 4), ...spread(multi, lim.pathMoves)])) {
      const { paths, complete } = view.paths(m.from!, m.to, m.captured, lim.pathsPerMove);
      expect(paths.length, `no path found for ${fullPath(m)} at ${pos}`).toBeGreaterThan(0);
      // landings in board order: the first path found is the canonical one
      expect(paths[0]!.join('x'), `canonical path of ${m.text} at ${pos}`).toBe(fullPath(m));
      if (complete) stats.complete++;
      let a = after.get(m);
      if (!a) {
        g.play(m.text);
        a = { pos: g.position(), key: g.key() };
        g.undo();
      }
      for (const ps of paths) {
        const t = ps.join('x');
        if (refChecks < lim.refChecks && ps !== paths[0]) {
          // the path search agrees with the reference's own reading of the path
          refChecks++;
          const r = view.parse(t);
          expect(
            { from: r.from, to: r.to, captured: [...r.captured].sort() },
            `reference reads ${t} at ${pos}`,
          ).toEqual({ from: m.from, to: m.to, captured: [...m.captured].sort() });
        }
        playsAs(g, t, m.text, a, before, `path ${t} of ${m.text}`);
        if (ps !== paths[0]) stats.otherPaths++;
        // click entry along the path: it completes the move
        expect(g.along(ps)?.move, `along(${t}) at ${pos}`).toBe(m.text);
      }
      // along a part of the canonical path: a capture from there takes more
      for (let k = 2; k < paths[0]!.length; k++)
        expect(g.along(paths[0]!.slice(0, k))?.more, `along(${paths[0]!.slice(0, k).join('x')}) at ${pos}`).toBe(true);
      if (paths.length > 1)
        playsAs(g, { path: paths[1]!, to: m.to }, m.text, a, before, `path value ${paths[1]!.join('x')} of ${m.text}`);
    }
  }

  // same start and end, different captured sets: different texts, both play (to different positions),
  // the short form is ambiguous unless it is itself the path of the single jump among them
  for (const group of shared) {
    const caps = group.filter((m) => m.kind === 'jump');
    if (caps.length < 2) continue;
    stats.sameEnds += (caps.length * (caps.length - 1)) / 2;
    expect(
      new Set(caps.map((m) => m.captured.join(','))).size,
      `captured sets of ${caps.map((m) => m.text).join(' ')}`,
    ).toBe(caps.length);
    const positions = new Set<string>();
    for (const m of spread(caps, 6)) {
      g.play(m.text);
      positions.add(g.position());
      g.undo();
    }
    expect(positions.size).toBe(Math.min(caps.length, 6));
    const short = `${caps[0]!.from}x${caps[0]!.to}`;
    const single = caps.find((m) => m.captured.length === 1);
    if (single) {
      g.play(short);
      expect(g.history().at(-1), `${short} is the path of ${single.text} at ${pos}`).toBe(single.text);
      g.undo();
    } else {
      expect(() => g.play(short), `ambiguous ${short} at ${pos}`).toThrow(IllegalMoveError);
      stats.shortRefused++;
    }
  }
  expect(g.position()).toBe(pos);
  expect(g.key()).toBe(before.key);
}

// ---------------------------------------------------------------------------------------------------
// The big positions of the issue, through every API and the CLI (tibetan-4: the wide build).

export const cli = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
export function runCli(...args: string[]) {
  // the divide of 61,178 long paths is megabytes of JSON (spawnSync's default buffer is 1 MiB)
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * A tiger on g11 above the second-line ring: 61,178 legal moves, perft(2) 5,533,564 (the issue, counted independently).
 */
export const BIG = '3/3/4T2G1/1GGGGGGG1/2G5G2/2G5GG1/1T1G5G1T1/2G5G2/2G5G2/1GGGGGGG1/9/1T1/3 T G48 - -';
/** A tiger on g7 inside the third-line ring: 11,016 legal moves (the issue). */
export const MID = '3/1T1/9/9/4G1G4/3GGGGG3/1T3GTG5/3GGGGG3/4G1G4/9/9/1T1/3 T - G48 -';

export interface Big {
  name: string;
  options: Options;
  position: string;
  count: number;
  perft2?: number;
}
export const BIGS: Big[] = [
  {
    name: '61,178 moves (setup=second-line)',
    options: { setup: 'second-line' },
    position: BIG,
    count: 61_178,
    perft2: 5_533_564,
  },
  { name: '11,016 moves (default options)', options: {}, position: MID, count: 11_016 },
];

/** Registers the checks of one big position (every API and the CLI; the counts are the issue's). */
export function checkBig(big: Big): void {
  describe(`tibetan-4, ${big.name}`, () => {
    let g: Game;
    beforeAll(async () => {
      g = await Game.create('tibetan-4', { options: big.options, position: big.position });
    });
    afterAll(() => {
      g?.dispose();
    });
    it("legalMoves(), moves(), legalMoveTexts(), perft(1) (and perft(2)) give the issue's counts; texts unique, in one order, and the reference's", () => {
      expect(g.position()).toBe(big.position);
      const texts = g.legalMoves();
      expect(texts.length).toBe(big.count);
      expect(new Set(texts).size).toBe(big.count);
      const ms = g.moves();
      expect(ms.length).toBe(big.count);
      expect(ms.map((m) => m.text)).toEqual(texts);
      const lmt = g.legalMoveTexts();
      expect(lmt.length).toBe(big.count);
      expect(lmt.map((t) => t[0])).toEqual(texts);
      expect(
        lmt.every(
          (t) =>
            t.length === 1 ||
            (t.length === 2 &&
              t[0]!.split('x').length === 2 &&
              t[1]!.startsWith(t[0]!.split('x')[0]! + 'x') &&
              t[1]!.endsWith('x' + t[0]!.split('x')[1]!)),
        ),
      ).toBe(true);
      expect(g.perft(1)).toBe(big.count);
      if (big.perft2 !== undefined) expect(g.perft(2)).toBe(big.perft2);
      // the independent reference lists the same texts
      expect([...texts].sort()).toEqual(tibetanView('tibetan-4', big.options, big.position).texts().sort());
    });

    it('divide(1) has one key per legal move, each counting 1', () => {
      const d = g.divide(1);
      const keys = Object.keys(d);
      expect(keys.length).toBe(big.count);
      expect(Object.values(d).reduce((a, b) => a + b, 0)).toBe(big.count);
      expect(Object.values(d).every((n) => n === 1)).toBe(true);
      expect(new Set(keys)).toEqual(new Set(g.legalMoves()));
    });

    it('the longest multi-jumps play and undo by canonical text, full path, another path and value; the position checks of the property', () => {
      const before = { pos: g.position(), key: g.key() };
      const ms = g.moves();
      const longest = [...ms].sort((a, b) => b.captured.length - a.captured.length).slice(0, 5);
      expect(longest[0]!.captured.length).toBeGreaterThan(10);
      const view = tibetanView('tibetan-4', big.options, big.position);
      for (const m of longest) {
        g.play(m.text);
        const a = { pos: g.position(), key: g.key() };
        expect(g.undo()).toBe(m.text);
        for (const input of [
          m.text,
          fullPath(m),
          m,
          m.toJSON(),
          { from: m.from, to: m.to, captured: [...m.captured].reverse() },
          { path: m.path, to: m.to },
        ]) {
          playsAs(g, input, m.text, a, before, `${m.text} in ${big.position}`);
        }
        const { paths } = view.paths(m.from!, m.to, m.captured, 3);
        expect(paths[0]!.join('x')).toBe(fullPath(m));
        for (const ps of paths) playsAs(g, ps.join('x'), m.text, a, before, `path ${ps.join('x')} of ${m.text}`);
      }
      // (the first test compared the texts with the reference's already)
      checkPosition(g, view, newStats(), {
        moves: 25,
        values: 3000,
        pathsPerMove: 4,
        pathMoves: 8,
        refChecks: 2,
        refTexts: false,
      });
    });

    it('search({ depth: 1 }) returns a legal bestmove and leaves the position', () => {
      const before = g.position();
      const r = g.search({ depth: 1 });
      expect(g.legalMoves()).toContain(r.bestmove);
      expect(g.position()).toBe(before);
      expect(g.history()).toEqual([]);
    });

    it('the CLI: perft 1 --divide --json counts them and exits 0', () => {
      const r = runCli(
        'perft',
        'tibetan-4',
        '1',
        '--divide',
        '--json',
        '--no-progress',
        '--position',
        big.position,
        ...Object.entries(big.options).flatMap(([k, v]) => ['--option', `${k}=${v}`]),
      );
      expect(r.code, r.err).toBe(0);
      const j = JSON.parse(r.out);
      expect(j).toMatchObject({ variant: 'tibetan-4', position: big.position, depth: 1, nodes: big.count });
      expect(Object.keys(j.divide).length).toBe(big.count);
      expect(Object.values(j.divide as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(big.count);
      expect(new Set(Object.keys(j.divide))).toEqual(new Set(g.legalMoves()));
    });
  });
}

/** What an overflow must be: a LatticeError with code 'overflow' naming the capacity, never a plain Error. */
export function expectOverflow(e: unknown): void {
  expect(e).toBeInstanceOf(LatticeError);
  expect((e as LatticeError).code).toBe('overflow');
  expect((e as Error).message).toMatch(
    /more legal moves than the core holds: (\d+ moves in one list|the root list's \d+ path nodes)/,
  );
}
