import type { Board } from '../../board/index.js';
import {
  DRAUGHTS_EVAL_FEATURES,
  EVAL_FEATURES,
  type EvalPatterns,
  type HuntVariant,
  type OptionValues,
} from '../../variants/index.js';

import { coreRulesRefusal, encodeRules, type RuleSet } from '../../rules/index.js';
import { parsePositionText, readPositionText, totalsOf, type NotationContext } from '../position-text.js';
import { IO_SET, loadCore, type Core } from './wasm.js';
import type { Setup } from '../position-text.js';

/**
 * Loads a core instance and configures it for a hunt variant under `options`: the u64 build for boards of up
 * to 64 points, the wide build (128-bit sets) for larger ones or when `wide` is set; the board tables (with
 * each point's rank), the rules block (the RuleSet encoded: src/rules, the repetition rule one of its
 * words) and the evaluation weights, all from the declaration; the core holds no game of its own. Throws RulesError
 * naming the field when the core refuses the rules (the schema refuses all of that first: RULE_LIMITS),
 * Error when it refuses the board (a declaration bug).
 */
export async function loadVariantCore(
  variant: HuntVariant,
  options: OptionValues,
  debug = false,
  sharedMemory?: WebAssembly.Memory,
  wide = false,
): Promise<{ board: Board; rules: RuleSet; core: Core }> {
  const board = variant.board(options);
  const rules = variant.rules(options);
  // boards of more than 64 points play on the wide build (128-bit sets) of the same core
  const core = await loadCore({ debug, sharedMemory, wide: wide || board.points.length > 64 });
  if (board.points.length > core.maxPoints)
    throw new Error(
      `internal: board ${board.id} has ${board.points.length} points; the core takes at most ${core.maxPoints}`,
    );
  const e = core.exports;
  const input = core.boardInput();
  const max = core.maxPoints;
  input.fill(-1);
  input.set(board.neighbours, 0);
  input.set(board.jumps, max * 8);
  board.points.forEach((p, i) => {
    input[max * 16 + i] = p.y;
  });
  const rc = e.setupBoard(board.points.length);
  if (rc !== 0) throw new Error(`internal: the core rejected board ${board.id} (code ${rc})`);
  const words = encodeRules(rules);
  core.rulesInput().set(words);
  const rr = e.setupRules();
  // the schema refuses first whatever the core refuses (RULE_LIMITS): a refusal still names the field
  if (rr !== 0) throw coreRulesRefusal(rr, words, `${variant.id} under ${JSON.stringify(options)}`);
  const features: readonly string[] = rules.family === 'draughts' ? DRAUGHTS_EVAL_FEATURES : EVAL_FEATURES;
  const slots = e.evalFeatureCount(); // weight slots per phase (assembly/eval.ts FEATURES)
  [variant.evalWeights.placement, variant.evalWeights.movement].forEach((w, phase) =>
    features.forEach((f, i) => e.setWeight(phase * slots + i, (w as unknown as Record<string, number>)[f] ?? 0)),
  );
  const regions = variant.evalRegions;
  if (regions) {
    [regions.centre, regions.dens[0], regions.dens[1]].forEach((names, i) => {
      let set = 0n;
      for (const name of names) {
        const p = board.index(name);
        if (p < 0)
          throw new Error(`internal: ${variant.id}'s evaluation region names ${name}, not a point of its board`);
        set |= 1n << BigInt(p);
      }
      core.writeSet(IO_SET.region, set);
      e.setEvalMask(i);
    });
  }
  if (variant.evalPatterns) writePatterns(core, board, variant.id, await variant.evalPatterns());
  return { board, rules, core };
}

/** Decoded pattern entries by their base64 text: a declaration's tables are decoded once per process, not per game. */
const decodedEntries = new Map<string, Int16Array>();

/**
 * The little-endian int16 entries of `base64` (EvalPatterns.weights); an odd trailing byte is left out,
 * so the caller's length check sees the short count.
 */
function decodeEntries(base64: string): Int16Array {
  let out = decodedEntries.get(base64);
  if (!out) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const view = new DataView(bytes.buffer);
    out = new Int16Array(bytes.length >> 1);
    for (let i = 0; i < out.length; i++) out[i] = view.getInt16(2 * i, true);
    decodedEntries.set(base64, out);
  }
  return out;
}

/**
 * Writes a declaration's pattern tuples and their weights into the core (assembly/eval.ts setTuple).
 * Throws Error('internal: ...') naming the variant when the declaration does not fit its board or the
 * core's limits (a declaration bug).
 */
function writePatterns(core: Core, board: Board, id: string, p: EvalPatterns): void {
  const e = core.exports;
  const bad = (what: string) => new Error(`internal: ${id}'s evaluation patterns: ${what}`);
  const offsets: number[] = [];
  let size = 0;
  for (const len of p.tableLengths) {
    offsets.push(size);
    size += 3 ** len;
  }
  const decoded = decodeEntries(p.weights);
  const entries = size * (p.bySide ? 2 : 1);
  if (decoded.length !== entries) throw bad(`${decoded.length * 2} bytes of weights; the tables take ${entries * 2}`);
  if (entries > e.patternCapacity() || e.clearTuples(p.bySide ? size : 0) !== 0)
    throw bad(`${entries} entries; the core holds ${e.patternCapacity()}`);
  new Int16Array(e.memory.buffer, e.patternWeightsPtr(), entries).set(decoded);
  p.tuples.forEach((t, k) => {
    const len = p.tableLengths[t.table];
    if (len === undefined || t.points.length !== len)
      throw bad(`tuple ${k} reads table ${t.table} with ${t.points.length} points`);
    const input = new Int32Array(e.memory.buffer, e.tupleInputPtr(), len);
    t.points.forEach((name, j) => {
      const i = board.index(name);
      if (i < 0) throw bad(`tuple ${k} names ${name}, not a point of the board`);
      input[j] = i;
    });
    if (e.setTuple(k, len, offsets[t.table]) !== 0)
      throw bad(`the core refused tuple ${k} (at most 32 tuples of 1-9 points, 2^17 entries)`);
  });
}

/**
 * The notation context of a variant under `options`: board, sides, rules, each side's total pieces and
 * the start position (src/lattice/position-text.ts), which the checks that compare with the start use. Throws
 * ParseError when the declaration's start does not read, PositionError when it fails validateSetup
 * against itself (either is a declaration bug).
 */
export function notationContext(
  variant: HuntVariant,
  options: OptionValues,
  board: Board,
  rules: RuleSet,
): NotationContext {
  const partial = { board, sides: variant.sides, rules };
  const startText = variant.start(options);
  const ctx: NotationContext = {
    ...partial,
    totals: totalsOf(partial, startText),
    start: readPositionText(partial, startText).setup,
  };
  // the start must be a position of its own game
  parsePositionText(ctx, startText);
  return ctx;
}

/**
 * Writes a parsed, validated position (src/lattice/position-text.ts Setup) into the core, clearing its history.
 * Throws Error('internal: ...') if the core refuses it (validation refuses everything the core would).
 */
export function loadSetupIntoCore(core: Core, s: Setup): void {
  let h = 0n,
    p = 0n;
  const st = core.state();
  st.fill(0);
  s.owner.forEach((o, i) => {
    if (o === 1) h |= 1n << BigInt(i);
    else if (o === 0) p |= 1n << BigInt(i);
    st[8 + i] = s.count[i];
  });
  let k = 0n;
  s.king?.forEach((x, i) => {
    if (x) k |= 1n << BigInt(i);
  });
  core.writeSet(IO_SET.hunters, h);
  core.writeSet(IO_SET.prey, p);
  core.writeSet(IO_SET.kings, k);
  st[7] = s.clock ?? 0;
  st[0] = s.side;
  st[1] = s.hand[0];
  st[2] = s.hand[1];
  st[3] = s.captured[0];
  st[4] = s.captured[1];
  st[5] = s.last;
  st[6] = s.stall;
  const rc = core.exports.setPosition();
  if (rc !== 0) throw new Error(`internal: the core rejected a validated position (code ${rc})`);
}

/**
 * Reads the core's current position back as a Setup (what loadSetupIntoCore writes): each point's owner (-1
 * empty, 0 prey, 1 hunters) and stack count, the side to move, the pieces in hand and captured, the
 * no-same-twice point (`last`), the stall count, and under draughts rules (`rules.draughts`) the kings and the
 * move clock. Used by Game's position(), boardText(), describe() and play().
 */
export function readSetupFromCore(core: Core, board: Board, rules: RuleSet): Setup {
  const e = core.exports;
  e.readPosition();
  const st = core.state();
  const h = core.readSet(IO_SET.hunters),
    p = core.readSet(IO_SET.prey);
  const n = board.points.length;
  const owner = new Int8Array(n),
    count = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    owner[i] = (h >> BigInt(i)) & 1n ? 1 : (p >> BigInt(i)) & 1n ? 0 : -1;
    count[i] = owner[i] < 0 ? 0 : st[8 + i];
  }
  const setup: Setup = {
    owner,
    count,
    side: st[0] as 0 | 1,
    hand: [st[1], st[2]],
    captured: [st[3], st[4]],
    last: st[5],
    stall: st[6],
  };
  if (rules.draughts) {
    const k = core.readSet(IO_SET.kings);
    setup.king = Uint8Array.from({ length: n }, (_, i) => Number((k >> BigInt(i)) & 1n));
    setup.clock = st[7];
  }
  return setup;
}
