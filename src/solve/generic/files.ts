/**
 * The generic solver's layer files: values, option tags, the option sets a directory holds, and the layer's side
 * of the table file codec (table-file.ts, kind 'generic'; files of the LATTICGS format before it are read too).
 */
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import type { OptionValues } from '../../variants/index.js';
import { TablebaseError } from '../format.js';
import { canonicalJson, encodeTableHeader, readTable, readTableHead, type TableMeta } from '../table-file.js';
import type { GenericLayer, SolvedValue } from './types.js';

/** The options the tables depend on: every option but repetition (draw3 and none give the same tables). */
export function tableOptions(o: OptionValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(o).sort()) if (k !== 'repetition') out[k] = o[k] as string | number;
  return out;
}

/** A value code of the core (0 draw, 1 + 2d win in d, 2 + 2d loss in d; -1 unknown) as a SolvedValue. */
export function decodeValue(v: number): SolvedValue | null {
  if (v < 0 || v === 0xffff) return null;
  if (v === 0) return { result: 'draw', plies: 0 };
  return { result: v & 1 ? 'win' : 'loss', plies: (v - 1) >> 1 };
}

/** The `--option` arguments of the options the tables depend on, as a command line gives them (one word each). */
export function optionWords(o: OptionValues): string[] {
  const t = tableOptions(o);
  return Object.keys(t).flatMap((k) => ['--option', `${k}=${t[k]}`]);
}

/**
 * The names in `dir` that look like `variant`'s layer files (`<variant>-...`) but are none of the `expected`
 * names and not the layers of another option set (by their headers): a renamed or misnamed layer file, for the
 * message that says one is missing. Temporary and lock files are left out; [] when `dir` cannot be read.
 */
export function unexpectedLayerNames(
  dir: string,
  variant: string,
  expected: ReadonlySet<string>,
  options: OptionValues,
): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const ours = canonicalJson(tableOptions(options));
  return names.filter((n) => {
    if (!n.startsWith(`${variant}-`) || expected.has(n) || /\.(tmp|lock)$/.test(n)) return false;
    try {
      const { meta } = readTableHead(join(dir, n), 'solver layer file');
      return !(meta.kind === 'generic' && meta.variant === variant && canonicalJson(meta.options) !== ours);
    } catch {
      return true;
    }
  });
}

/**
 * The option sets of `variant`'s layer files in `dir` (from their headers), as lattice-command options:
 * one record per set found. Unreadable or foreign files are skipped.
 */
export function solvedOptionSets(dir: string, variant: string): Array<Record<string, string>> {
  const sets = new Map<string, Record<string, string>>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const n of names) {
    if (!n.startsWith(`${variant}-`) || !n.endsWith('.lgs')) continue;
    try {
      const { meta } = readTableHead(join(dir, n), 'solver layer file');
      if (meta.kind !== 'generic' || meta.variant !== variant) continue;
      const o = meta.options;
      sets.set(canonicalJson(o), Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])));
    } catch {
      /* not a layer file of ours */
    }
  }
  return [...sets.values()];
}

/** Words naming the option sets solved in `dir` for `variant`, for an error message. */
export function presentOptions(dir: string, variant: string): string {
  const sets = solvedOptionSets(dir, variant);
  if (sets.length === 0) return `${dir} holds no tables of ${variant}`;
  return `${dir} holds ${variant} tables for ${sets
    .map((o) =>
      Object.keys(o).length
        ? Object.entries(o)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')
        : 'the default options',
    )
    .join('; ')}`;
}

/**
 * A layer in words, for messages: `captured 0/0, in hand 0/0, excess 4` (then ` (stacks 3.1.0.0)` where its total is
 * split).
 */
export function layerName(l: GenericLayer): string {
  return (
    `captured ${l.captured.join('/')}, in hand ${l.hand.join('/')}, excess ` +
    `${l.excess}${l.split ? ` (stacks ${l.stacks.join('.')})` : ''}`
  );
}

// ---- files ----
/**
 * A layer file is a table file (table-file.ts) of kind 'generic': the variant, the options the tables depend on,
 * the layer (captured and in hand per side, stack excess, the stack vector's class where other classes share its
 * total: its least member's code (the core's: excess_i times the product of (greatest excess + 1) over the stack
 * points before i) + 1, else 0), the index (slots, symmetries) and the counts; the body one u16 a slot, the
 * core's value codes ('u16-value'). HEADER: the header bytes the disk estimate counts a layer (the header of
 * this format is about 320 to 450 bytes, its length a multiple of 8).
 */
export const HEADER = 512;

/** What the solver expects of a layer's file: `options` is the JSON text of tableOptions, `layer` the 5 counts. */
export interface HeaderFields {
  variant: string;
  options: string;
  layer: number[];
  stackClass: number;
  slots: number;
  symmetries: number;
}
export interface LayerStats {
  positions: number;
  wins: number;
  losses: number;
  draws: number;
  maxPlies: number;
}

/** The table metadata of a generic layer (HeaderFields and its statistics). */
function genericTable(h: HeaderFields, s: LayerStats): TableMeta {
  const [c0, c1, h0, h1, excess] = h.layer as [number, number, number, number, number];
  return {
    kind: 'generic',
    variant: h.variant,
    options: JSON.parse(h.options) as Record<string, string | number>,
    layer: { captured: [c0, c1], inHand: [h0, h1], stackExcess: excess, stackClass: h.stackClass },
    encoding: 'u16-value',
    bodyBytes: 2 * h.slots,
    index: { slots: h.slots, symmetries: h.symmetries },
    counts: { positions: s.positions, wins: s.wins, losses: s.losses, draws: s.draws, longest: s.maxPlies },
  };
}

/**
 * The header of layer `h`'s file with statistics `s` and values `body` (2 * h.slots bytes), its checksum
 * included: written with writeAtomic before the body. Throws TablebaseError if the body's length is wrong.
 */
export function encodeHeader(h: HeaderFields, s: LayerStats, body: Uint8Array): Uint8Array {
  return encodeTableHeader(genericTable(h, s), body);
}

/**
 * Reads a layer file into `into` (the layer's values in the core), checking its header against what the
 * solver expects and its checksum. Throws TablebaseError naming the file and the fault.
 */
export function readGenericFile(path: string, expect: HeaderFields, into: Uint8Array): LayerStats {
  const fail = (why: string) => new TablebaseError(`${path}: ${why}`);
  const { meta, body } = readTable(path, 'solver layer file', (why) =>
    fail(why.startsWith('checksum mismatch') ? 'checksum mismatch (the file is corrupt)' : why),
  );
  const stats = checkGenericMeta(meta, fail, expect);
  into.set(body);
  return stats;
}

/**
 * Reads only the header of a layer file and checks it against what the solver expects, and the file's
 * size (not its checksum: readGenericFile checks that when the layer is loaded). Its statistics; throws
 * TablebaseError naming the file and the fault.
 */
export function readGenericHeader(path: string, expect: HeaderFields): LayerStats {
  const fail = (why: string) => new TablebaseError(`${path}: ${why}`);
  return checkGenericMeta(readTableHead(path, 'solver layer file', fail).meta, fail, expect);
}

/**
 * Checks a layer file's metadata against what the solver expects; its statistics. Throws `fail(...)` naming the
 * first difference.
 */
function checkGenericMeta(meta: TableMeta, fail: (why: string) => TablebaseError, expect: HeaderFields): LayerStats {
  if (meta.kind !== 'generic') throw fail(`not a solver layer file (it holds a ${meta.kind} table)`);
  if (meta.variant !== expect.variant) throw fail(`holds ${meta.variant}, not ${expect.variant}`);
  const opt = canonicalJson(meta.options);
  if (opt !== canonicalJson(JSON.parse(expect.options)))
    throw fail(`solved with options ${opt}, not ${expect.options}`);
  const l = meta.layer;
  const layer = [l.captured[0], l.captured[1], l.inHand[0], l.inHand[1], l.stackExcess];
  if (layer.join() !== expect.layer.join())
    throw fail(`holds layer ${layer.join('/')}, expected ${expect.layer.join('/')}`);
  if (l.stackClass !== expect.stackClass)
    throw fail(
      `holds the stack vector class ` +
        `${l.stackClass === 0 ? 'of a whole total' : `of code ${l.stackClass - 1}`}, ` +
        `expected ${expect.stackClass === 0 ? 'a whole total' : `code ${expect.stackClass - 1}`}`,
    );
  if (meta.index.slots !== expect.slots || meta.index.symmetries !== expect.symmetries)
    throw fail("its index differs from this solver's (slots or symmetries)");
  if (meta.bodyBytes !== 2 * expect.slots) throw fail(`body is ${meta.bodyBytes} bytes for ${expect.slots} slots`);
  const c = meta.counts;
  return { positions: c.positions, wins: c.wins, losses: c.losses, draws: c.draws, maxPlies: c.longest };
}
