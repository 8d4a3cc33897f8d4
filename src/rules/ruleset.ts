/**
 * The rules of a game as data (DESIGN.md "Extending the core": "RuleSet -> rules block"; spec issue 9 §1):
 * the typed {@link RuleSet} record, its zod schema {@link ruleSetSchema} (every field cites the RULES.md
 * line it comes from), {@link checkRules} (unknown -> RuleSet or RulesError naming the field path) and
 * {@link extendRules} (a base plus a partial patch, for variants that differ by a field: the Tibetan forms).
 *
 * Sides are numbered as the core numbers them: side 0 = the prey side (goats, dwarfs, dogs, sheep: the
 * many), side 1 = the hunter side (tigers, the giant, wolves).
 */
import { z } from 'zod';
import { RulesError } from '../contract/errors.js';
import { DIR_NAMES } from '../board/index.js';

/** A compass direction by name; its index in DIR_NAMES (src/board/board.ts) is its bit in a step mask. */
export type DirName = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

/** How a side captures: none, one short jump, chained short jumps, or by intervention (RULES.md §0, §3). */
export type CaptureKind = 'none' | 'jump' | 'multi-jump' | 'intervention';

/** The capture kinds in the order of their code in the rules block (0 none .. 3 intervention). */
export const CAPTURE_KINDS: readonly CaptureKind[] = Object.freeze(['none', 'jump', 'multi-jump', 'intervention']);

/**
 * The ranges of the rules block's numeric words as the core checks them (assembly/rules.ts setupRules):
 * the one source of every numeric bound in {@link ruleSetSchema} and of the variant options that set
 * these fields (stall-limit, move-limit), so that a value the core would refuse is refused at the edge
 * (RulesError from the schema, OptionError from resolveOptions) and never reaches the core.
 * test/unit/rule-limits.test.ts writes each bound and bound + 1 into the core's rules block directly and
 * checks that the core accepts exactly what the schema accepts.
 */
export const RULE_LIMITS = Object.freeze({
  /** Word 3: the stall limit, 1..this (RULES.md §3 Catch the Giant, option stall-limit=N). */
  stallLimit: 1_000_000,
  /** Words 4+8s+6: a capture target, 1..this (counts stay below the core's MAX_COUNT 128, assembly/position.ts). */
  captureTarget: 127,
  /** Words 23-24: a promotion rank, 1..this (1-based; the core takes the 0-based rank 0..63). */
  promotionRank: 64,
  /** Word 26: the move limit, 1..this plies (RULES.md §4 option move-limit=N). */
  moveLimit: 1_000_000,
});

/**
 * Largest stall limit the core accepts (RULE_LIMITS.stallLimit); the stall-limit option and the schema
 * stop at it so a larger N is an OptionError, not a core refusal.
 */
export const MAX_STALL_LIMIT = RULE_LIMITS.stallLimit;
/** Largest move limit the core accepts (RULE_LIMITS.moveLimit): the move-limit option's maximum. */
export const MAX_MOVE_LIMIT = RULE_LIMITS.moveLimit;

/**
 * Repetition handling (RULES.md §0 End of game, option `repetition`): 'none' ignores it; 'draw3' (the default)
 * makes a third occurrence of a position (same board, hands, side to move and extra state) a draw; 'forbid'
 * makes a move that would repeat a position since the last irreversible move illegal.
 */
export type Repetition = 'none' | 'draw3' | 'forbid';

/** The repetition rules in the order of their code in the rules block (word 27: 0 draw3, 1 none, 2 forbid). */
export const REPETITIONS: readonly Repetition[] = Object.freeze(['draw3', 'none', 'forbid']);

/** Every direction, in DIR_NAMES order: a piece that may step along any line. */
export const ALL_DIRECTIONS: readonly DirName[] = Object.freeze(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);

/** The rules of one side of a hunt game. */
export interface SideRules {
  /** Pieces in hand are placed on empty points, and must be while any are in hand (RULES.md §0 Placement). */
  places: boolean;
  /**
   * Directions a piece of this side may step in, no duplicates (all 8 = along any line; dwarfs N NE E W NW; sheep N E S
   * W).
   */
  steps: DirName[];
  /**
   * 'jump' = one short jump (§0), 'multi-jump' = chained short jumps (§0 Multi-jump), 'intervention' (§3 Surround the
   * Tiger).
   */
  capture: CaptureKind;
  /**
   * Pieces of this side may stand stacked: a count per point, one leaves at a time, a jump over takes one (§0, §2, §3).
   */
  stacks: boolean;
  /** While any point holds > 1 piece of this side, the piece moved must come from a stack (§3 Double Tiger). */
  dispersal: boolean;
  /** The point this side stepped to on its previous turn may not be moved from (§2); a placement sets none. */
  noSameTwice: boolean;
  /** The game ends, the OTHER side winning, once this many pieces of this side are captured; null = never. */
  captureTarget: number | null;
}

/**
 * The fields of the draughts family (RULES.md §4 Permainan Tabal; DESIGN.md "Extending the core"): in a
 * draughts game both sides' men step in their `steps` directions and capture by chained short jumps in
 * every direction; these fields say the rest.
 */
export interface DraughtsRules {
  /** A side that can capture must (§4: captures are compulsory). */
  compulsory: boolean;
  /** Only the capturing sequences that take the most pieces, kings and men alike (§4 option majority=true). */
  majority: boolean;
  /**
   * 'immediate': captured pieces leave as they are jumped; 'end': after the move, blocking until then (§4 option
   * removal=end).
   */
  removal: 'immediate' | 'end';
  /**
   * The rank (1-based, as in point names) on which a man of side 0 / side 1 ending its move becomes a king; null: no
   * kings (§4).
   */
  promotion: [number | null, number | null];
  /** Kings move and capture at any distance along a line, landing on any empty point beyond (§4). */
  flyingKings: boolean;
  /** Drawn after this many consecutive plies without a capture; null: no limit (§4 option move-limit=N). */
  moveLimit: number | null;
}

/**
 * The rules of a hunt game, as the core receives them (encodeRules, src/rules/encode.ts).
 * Shape: `{ family: 'hunt', sides: [prey side, hunter side], escape: null | { side }, stall: null | { side, limit } }`.
 * In every game a side to move with no legal move loses (RULES.md §0 End of game); that is not a field.
 */
export interface RuleSet {
  /** 'hunt' (RULES.md §0-§3) or 'draughts' (§4: then `draughts` holds its fields). */
  family: 'hunt' | 'draughts';
  /** [side 0 = prey side, side 1 = hunter side]. */
  sides: [SideRules, SideRules];
  /**
   * That side wins, checked after every move, when every piece of the other side stands on a higher rank than every
   * piece of its own (§3 Catch the Giant).
   */
  escape: null | { side: 0 | 1 };
  /**
   * The OTHER side wins after `limit` consecutive moves of `side` that gain no rank; moves of the other side neither
   * count nor reset (§3).
   */
  stall: null | { side: 0 | 1; limit: number };
  /** The draughts family's fields (family 'draughts' only). */
  draughts?: DraughtsRules;
  /**
   * Repetition handling (RULES.md §0, option `repetition`), both families; absent: 'draw3', RULES.md §0's default.
   */
  repetition?: Repetition;
}

/**
 * The rules of a side from the fields that differ from the plainest side (no placement, steps along
 * every line, no capture, no stacks, no dispersal, no noSameTwice, no capture target). Not checked here:
 * checkRules checks the whole record.
 */
export function sideRules(fields: Partial<SideRules> = {}): SideRules {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
    throw new RulesError('sides[]', `bad rules: sideRules takes an object of SideRules fields, got ${typeof fields}`);
  return {
    places: false,
    steps: [...ALL_DIRECTIONS],
    capture: 'none',
    stacks: false,
    dispersal: false,
    noSameTwice: false,
    captureTarget: null,
    ...fields,
  };
}

/** A partial RuleSet for {@link extendRules}: any field may be left out; `sides` patches each side by index. */
export interface RulesPatch {
  family?: RuleSet['family'];
  sides?: readonly [Partial<SideRules>?, Partial<SideRules>?];
  escape?: RuleSet['escape'];
  stall?: RuleSet['stall'];
  draughts?: Partial<DraughtsRules>;
  repetition?: Repetition;
}

const dirName = z.enum(DIR_NAMES as unknown as [DirName, ...DirName[]]);
const sideNumber = z.union([z.literal(0), z.literal(1)]);

const sideRulesSchema = z.strictObject({
  places: z
    .boolean()
    .describe('RULES.md §0 Placement (line 26): a side with pieces in hand must place while it has any'),
  steps: z
    .array(dirName)
    .max(8)
    .describe(
      'RULES.md §0 Step (line 19), §3 dwarfs "forward or sideways, never downward" ' +
        '(line 79), sheep "orthogonally only" (line 98)',
    ),
  capture: z
    .enum(CAPTURE_KINDS as unknown as [CaptureKind, ...CaptureKind[]])
    .describe('RULES.md §0 Short jump / Multi-jump (lines 19-25), §3 capture by intervention (lines 85-88)'),
  stacks: z
    .boolean()
    .describe(
      'RULES.md §0 (lines 20-23: a jump takes one piece of a stack), §2 goat stacks ' +
        '(lines 59-60, 63), §3 Double Tiger (lines 90-93)',
    ),
  dispersal: z
    .boolean()
    .describe(
      'RULES.md §3 Double Tiger (lines 91-92): while any point holds more than one ' +
        'dog, the dog moved must come from a stack',
    ),
  noSameTwice: z
    .boolean()
    .describe(
      'RULES.md §2 goat turn (lines 64-66): the point a goat stepped to on the ' +
        'previous goat turn may not be moved from',
    ),
  captureTarget: z
    .number()
    .int()
    .min(1)
    .max(RULE_LIMITS.captureTarget)
    .nullable()
    .describe(
      'RULES.md §1 (line 41), §2 goats left (lines 70-71: total - goats-left), §3 ' +
        '(lines 89, 93, 98): captures of this side that end the game',
    ),
});

/**
 * The zod schema of a {@link RuleSet}: strict objects (an unknown key is refused) plus the constraints of
 * the hunt family: only side 1 may capture (side 0 capture 'none'), at most one side has noSameTwice,
 * steps lists no direction twice, dispersal only with stacks; and every number within the core's range
 * ({@link RULE_LIMITS}): captureTarget 1..127 when not null, stall.limit 1..1,000,000, promotion ranks
 * 1..64, moveLimit 1..1,000,000. Whatever passes, the core accepts (test/unit/rule-limits.test.ts).
 */
const rankOrNull = z.number().int().min(1).max(RULE_LIMITS.promotionRank).nullable();
const draughtsSchema = z.strictObject({
  compulsory: z.boolean().describe('RULES.md §4 (line 111): captures are compulsory'),
  majority: z
    .boolean()
    .describe('RULES.md §4 (lines 111-112): option majority=true, only sequences taking the most pieces'),
  removal: z
    .enum(['immediate', 'end'])
    .describe('RULES.md §4 (lines 112-114): captured pieces removed as they are jumped; option removal=end'),
  promotion: z
    .tuple([rankOrNull, rankOrNull])
    .describe('RULES.md §4 (lines 115-116): a man ending its move on the far rank becomes a king'),
  flyingKings: z
    .boolean()
    .describe('RULES.md §4 (lines 117-119): kings move any distance along a line and capture at any distance'),
  moveLimit: z
    .number()
    .int()
    .min(1)
    .max(RULE_LIMITS.moveLimit)
    .nullable()
    .describe('RULES.md §4 (lines 120-121): option move-limit=N, drawn after N plies without a capture'),
});

export const ruleSetSchema = z
  .strictObject({
    family: z
      .enum(['hunt', 'draughts'])
      .describe('DESIGN.md "Extending the core" (family: hunt, RULES.md §0-§3; draughts, §4)'),
    sides: z
      .tuple([sideRulesSchema, sideRulesSchema])
      .describe('[prey side, hunter side], numbered as the core numbers them (spec issue 9 §1)'),
    escape: z
      .strictObject({ side: sideNumber })
      .nullable()
      .describe(
        'RULES.md §3 Catch the Giant (lines 80-81): the giant wins when every dwarf stands on a higher rank than it',
      ),
    stall: z
      .strictObject({ side: sideNumber, limit: z.number().int().min(1).max(RULE_LIMITS.stallLimit) })
      .nullable()
      .describe(
        'RULES.md §3 Catch the Giant option stall-limit (lines 82-83): N consecutive dwarf moves that gain no rank',
      ),
    draughts: draughtsSchema.optional().describe("RULES.md §4: the draughts family's fields (family draughts only)"),
    repetition: z
      .enum(REPETITIONS as unknown as [Repetition, ...Repetition[]])
      .optional()
      .describe('RULES.md §0 End of game (lines 30-32): repetition=none|draw3|forbid, default draw3'),
  })
  .superRefine((r, ctx) => {
    if (r.family === 'draughts') {
      if (!r.draughts)
        ctx.addIssue({ code: 'custom', path: ['draughts'], message: 'the draughts family needs its draughts fields' });
      r.sides.forEach((s, i) => {
        if (s.capture !== 'multi-jump')
          ctx.addIssue({
            code: 'custom',
            path: ['sides', i, 'capture'],
            message: 'draughts men capture by chained short jumps: capture must be "multi-jump"',
          });
        for (const k of ['places', 'stacks', 'dispersal', 'noSameTwice'] as const) {
          if (s[k]) ctx.addIssue({ code: 'custom', path: ['sides', i, k], message: `the draughts family has no ${k}` });
        }
        if (s.captureTarget !== null)
          ctx.addIssue({
            code: 'custom',
            path: ['sides', i, 'captureTarget'],
            message: 'the draughts family has no capture target (a side with no pieces has no move and loses)',
          });
      });
      if (r.escape !== null)
        ctx.addIssue({ code: 'custom', path: ['escape'], message: 'the draughts family has no escape rule' });
      if (r.stall !== null)
        ctx.addIssue({ code: 'custom', path: ['stall'], message: 'the draughts family has no stall rule' });
      return;
    }
    if (r.draughts !== undefined)
      ctx.addIssue({ code: 'custom', path: ['draughts'], message: 'only the draughts family has draughts fields' });
    r.sides.forEach((s, i) => {
      if (s.dispersal && !s.stacks)
        ctx.addIssue({
          code: 'custom',
          path: ['sides', i, 'dispersal'],
          message: 'dispersal needs stacks (it moves pieces off stacks): set stacks too',
        });
      const seen = new Set<string>();
      s.steps.forEach((d, j) => {
        if (seen.has(d))
          ctx.addIssue({ code: 'custom', path: ['sides', i, 'steps', j], message: `direction ${d} is listed twice` });
        seen.add(d);
      });
    });
    if (r.sides[0].capture !== 'none') {
      ctx.addIssue({
        code: 'custom',
        path: ['sides', 0, 'capture'],
        message: `only side 1 (the hunter side) may capture in the hunt family, got "${r.sides[0].capture}" for side 0`,
      });
    }
    if (r.sides[0].noSameTwice && r.sides[1].noSameTwice) {
      ctx.addIssue({
        code: 'custom',
        path: ['sides', 1, 'noSameTwice'],
        message: 'at most one side may have noSameTwice (the position holds one last-moved point)',
      });
    }
  });

// compile-time check: the schema's output type and RuleSet are the same shape
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const schemaMatchesType: Same<z.infer<typeof ruleSetSchema>, RuleSet> = true;
void schemaMatchesType;

function pathText(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(the record)' : path.map(String).join('.');
}

/**
 * Checks `x` against {@link ruleSetSchema} and returns it typed (a fresh copy; `x` is not changed).
 * @throws RulesError (code 'rules') naming every bad field by its dotted path, e.g.
 *   `bad rules: sides.0.capture: only side 1 ...`; `err.path` is the first bad field's path
 *   (for an unknown key, the path of that key).
 */
export function checkRules(x: unknown): RuleSet {
  const r = ruleSetSchema.safeParse(x);
  if (r.success) return r.data;
  const problems = r.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ path: pathText([...issue.path, k]), message: `unknown key "${k}"` }));
    }
    return [{ path: pathText(issue.path), message: issue.message }];
  });
  throw new RulesError(problems[0]!.path, `bad rules: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Deep merge: plain objects merge key by key; an array of records (only `sides`) merges by index, an
 * undefined or missing entry keeping the base's; any other patch value (arrays such as `steps`, null,
 * numbers, booleans, strings) replaces the base's; an undefined patch value keeps the base's.
 */
function merge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return structuredClone(base);
  if (isPlainObject(patch)) {
    if (!isPlainObject(base)) return structuredClone(patch);
    const out: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(base), ...Object.keys(patch)])) out[k] = merge(base[k], patch[k]);
    return out;
  }
  if (Array.isArray(patch) && Array.isArray(base) && patch.every((p) => p === undefined || isPlainObject(p))) {
    return Array.from({ length: Math.max(base.length, patch.length) }, (_, i) => merge(base[i], patch[i]));
  }
  return structuredClone(patch);
}

/**
 * A RuleSet from `base` with `patch` deep-merged over it (the `extends` of DESIGN.md: the Tibetan
 * forms share one base). Plain objects merge key by key; `sides` merges by index (`sides: [{}, { capture:
 * 'jump' }]` changes side 1 only); arrays such as `steps`, and null, replace. Neither argument is changed.
 * @throws RulesError naming the field path when the merged record fails the schema (an unknown key in
 *   the patch, a broken constraint...).
 */
export function extendRules(base: RuleSet, patch: RulesPatch): RuleSet {
  let merged: unknown;
  try {
    merged = merge(base, patch);
  } catch (err) {
    // a value structuredClone cannot copy (a symbol, a function): no rules field holds one
    throw new RulesError('(the record)', `bad rules: a value that is not data (${(err as Error).message})`);
  }
  return checkRules(merged);
}
