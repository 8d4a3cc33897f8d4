/**
 * Maka Dai Dai Shogi's evaluation terms (issue 34 item 2): the raw feature counts of a position
 * (evalFeatures(), for bench/maka-tune.js and the tests) and the static evaluation from them
 * (evaluateBlack(), for the search), weighted by eval.ts's fitted weights. The evaluation is, from
 * Black's view, the material of every piece form (PIECE_VALUES with promotion potential, or the fitted
 * FORM_VALUES) plus EVAL_WEIGHTS . the counts of EVAL_FEATURES, plus the mop-up of a side far ahead
 * (eval.ts MOPUP_*: not fitted, it is there to end games). Kept apart from eval.ts because position.ts
 * builds its incremental material from eval.ts's values (Position.material), and these terms read the
 * position.
 */
import {
  ADVANCE_RANKS,
  EVAL_FEATURES,
  EVAL_WEIGHTS,
  MOPUP_EDGE,
  MOPUP_FROM,
  MOPUP_SPAN,
  MOPUP_TROPISM,
  PIECE_VALUES,
  STRONG_FROM,
} from './eval.js';
import { PIECES } from './pieces.js';
import { type Position, EMPTY, FILE_OF, PAD, RANK_OF, ROYAL, SIZE, W } from './position.js';

/**
 * Piece byte -> 1 for a strong piece: not royal, of hand-set value (PIECE_VALUES, the form's own)
 * STRONG_FROM or more (the Lion, Lion Dog, Free King, Free Dragon, Hook Mover, promoted Lion, ...).
 */
export const STRONG: Uint8Array = (() => {
  const s = new Uint8Array(256);
  PIECES.forEach((p, t) => {
    const v = PIECE_VALUES[p.code]!;
    for (let c = 0; c < 4; c++) s[((t + 1) << 2) | c] = !ROYAL[((t + 1) << 2) | c] && v[c >> 1]! >= STRONG_FROM ? 1 : 0;
  });
  return s;
})();

/** Number of piece forms (50 types, unpromoted and promoted): form = type * 2 + promoted. */
export const FORMS = 100;

/** Set bits of a 32-bit integer. */
function pop(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

/** Mask of the files f - k .. f + k (within the board's 19). */
const SPAN1 = Int32Array.from({ length: SIZE }, (_, f) => (0b111 << f) >>> 1);
const SPAN2 = Int32Array.from({ length: SIZE }, (_, f) => (0b11111 << f) >>> 2);
const FILES = (1 << SIZE) - 1;
/** WITHIN[kf * 19 + d]: the files within d of file kf. */
const WITHIN = Int32Array.from({ length: SIZE * SIZE }, (_, i) => {
  const kf = Math.floor(i / SIZE),
    d = i % SIZE;
  let m = 0;
  for (let f = 0; f < SIZE; f++) if (Math.abs(f - kf) <= d) m |= 1 << f;
  return m;
});
/** PLANE[kf * 5 + k]: the files whose distance from file kf has bit k set (distances 0..18, 5 bits). */
const PLANE = Int32Array.from({ length: SIZE * 5 }, (_, i) => {
  const kf = Math.floor(i / 5),
    k = i % 5;
  let m = 0;
  for (let f = 0; f < SIZE; f++) if ((Math.abs(f - kf) >> k) & 1) m |= 1 << f;
  return m;
});

/**
 * The raw counts of a position, each Black's minus White's (EVAL_FEATURES names them; see eval.ts
 * EVAL_WEIGHTS for what each counts): `forms[f]` pieces of form f (type * 2 + promoted, pieces.ts order),
 * `counts[name]` the positional terms. Static evaluation before the mop-up = sum of forms[f] * the
 * form's value + sum of counts[n] * EVAL_WEIGHTS[n] (evaluateBlack()).
 */
export interface MakaEvalFeatures {
  forms: Int32Array;
  counts: Record<(typeof EVAL_FEATURES)[number], number>;
}

/** Per colour: the first royal's cell (board order) or -1, and the positional counts (scratch for evaluateBlack). */
const royalAt = new Int32Array(2);
const acc = new Float64Array(2 * 16);

/**
 * Fills `acc` (per colour c at c * 16 + feature index) with the positional counts other than advance
 * and tempo, and royalAt with each side's first royal (evalFeatures(); evaluateBlack() counts the same
 * its own faster way).
 */
function positional(pos: Position): void {
  const b = pos.board,
    occ = pos.occ,
    rocc = pos.royalOcc;
  acc.fill(0);
  royalAt[0] = -1;
  royalAt[1] = -1;
  // royal safety: own pieces next to each royal (shelter), enemy pieces within 2 squares (danger)
  for (let c = 0; c < 2; c++)
    for (let r = 0; r < SIZE; r++) {
      let m = rocc[c * SIZE + r]!;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const f = 31 - Math.clz32(bit);
        if (royalAt[c]! < 0) royalAt[c] = (r + PAD) * W + PAD + f;
        const o = c * SIZE,
          e = (1 - c) * SIZE;
        {
          let g = -1;
          for (let rr = Math.max(0, r - 1); rr <= Math.min(SIZE - 1, r + 1); rr++) g += pop(occ[o + rr]! & SPAN1[f]!);
          acc[c * 16 + F_GUARD] += g;
        }
        {
          let d = 0;
          for (let rr = Math.max(0, r - 2); rr <= Math.min(SIZE - 1, r + 2); rr++) d += pop(occ[e + rr]! & SPAN2[f]!);
          acc[c * 16 + F_DANGER] += d;
        }
      }
    }
  // the pieces' closeness to the enemy royal (all, and the strong ones again), and the strong pieces'
  // free squares within 2 (the Lion's reach)
  for (let c = 0; c < 2; c++) {
    const k = royalAt[1 - c]!;
    const kr = k < 0 ? -99 : RANK_OF[k]!,
      kf = k < 0 ? -99 : FILE_OF[k]!;
    let near = 0,
      strongNear = 0,
      free = 0;
    for (let r = 0; r < SIZE; r++) {
      let m = occ[c * SIZE + r]! & ~rocc[c * SIZE + r]!;
      if (m === 0) continue;
      const dr = r > kr ? r - kr : kr - r;
      const row = (r + PAD) * W + PAD;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const f = 31 - Math.clz32(bit),
          df = f > kf ? f - kf : kf - f;
        const n = k < 0 ? 0 : 18 - Math.max(dr, df);
        near += n;
        if (STRONG[b[row + f]!]) {
          strongNear += n;
          for (let rr = Math.max(0, r - 2); rr <= Math.min(SIZE - 1, r + 2); rr++)
            free += pop(~(occ[rr]! | occ[SIZE + rr]!) & SPAN2[f]! & FILES);
        }
      }
    }
    acc[c * 16 + F_NEAR] = near;
    acc[c * 16 + F_STRONG_NEAR] = strongNear;
    acc[c * 16 + F_STRONG_FREE] = free;
  }
  // mobility proxy: the empty squares next to a side's pieces
  for (let c = 0; c < 2; c++) {
    let reach = 0;
    const o = c * SIZE;
    for (let r = 0; r < SIZE; r++) {
      let d = 0;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(SIZE - 1, r + 1); rr++) {
        const x = occ[o + rr]!;
        d |= x | (x << 1) | (x >>> 1);
      }
      reach += pop(d & ~(occ[r]! | occ[SIZE + r]!) & FILES);
    }
    acc[c * 16 + F_REACH] = reach;
  }
  acc[F_SPARE] = Math.max(0, pos.royals[0]! - 1);
  acc[16 + F_SPARE] = Math.max(0, pos.royals[1]! - 1);
}

const F_GUARD = EVAL_FEATURES.indexOf('guard'),
  F_DANGER = EVAL_FEATURES.indexOf('danger'),
  F_NEAR = EVAL_FEATURES.indexOf('near'),
  F_STRONG_NEAR = EVAL_FEATURES.indexOf('strongNear'),
  F_STRONG_FREE = EVAL_FEATURES.indexOf('strongFree'),
  F_REACH = EVAL_FEATURES.indexOf('reach'),
  F_SPARE = EVAL_FEATURES.indexOf('spare');

/** The raw feature counts of `pos` (MakaEvalFeatures), each Black's minus White's; tempo +1 for Black to move. */
export function evalFeatures(pos: Position): MakaEvalFeatures {
  const forms = new Int32Array(FORMS);
  let advance = 0;
  const b = pos.board;
  for (let r = 0; r < SIZE; r++)
    for (let f = 0; f < SIZE; f++) {
      const p = b[(r + PAD) * W + PAD + f]!;
      if (p === EMPTY) continue;
      const white = p & 1;
      forms[(p >> 1) - 2]! += white ? -1 : 1;
      if (!ROYAL[p]) advance += (white ? -1 : 1) * Math.min(ADVANCE_RANKS, white ? SIZE - 1 - r : r);
    }
  positional(pos);
  const counts = {} as Record<(typeof EVAL_FEATURES)[number], number>;
  EVAL_FEATURES.forEach((n, i) => {
    counts[n] = acc[i]! - acc[16 + i]!;
  });
  counts.advance = advance;
  counts.tempo = pos.side === 0 ? 1 : -1;
  return { forms, counts };
}

const W_GUARD = EVAL_WEIGHTS.guard,
  W_DANGER = EVAL_WEIGHTS.danger,
  W_NEAR = EVAL_WEIGHTS.near,
  W_STRONG_NEAR = EVAL_WEIGHTS.strongNear,
  W_STRONG_FREE = EVAL_WEIGHTS.strongFree,
  W_REACH = EVAL_WEIGHTS.reach,
  W_SPARE = EVAL_WEIGHTS.spare,
  W_TEMPO = EVAL_WEIGHTS.tempo;
/** Per colour: the pieces' closeness to the enemy royal (scratch of evaluateBlack). */
const nearOf = new Float64Array(2);

/**
 * Static evaluation from Black's view in centipawns, not clamped: Position.material (the forms' values
 * and advance, kept incrementally), EVAL_WEIGHTS . the other counts (those of weight 0 are not counted:
 * the same sum as evalFeatures() gives, faster), and for a side ahead by more than MOPUP_FROM (the terms
 * but the closeness to the royal and the spare royal) the mop-up: up to MOPUP_TROPISM more a square its
 * pieces stand nearer the enemy royal, and up to MOPUP_EDGE a square the enemy royal stands from the centre.
 */
export function evaluateBlack(pos: Position): number {
  const b = pos.board,
    occ = pos.occ,
    rocc = pos.royalOcc;
  let s = pos.material + (pos.side === 0 ? W_TEMPO : -W_TEMPO);
  let royal0 = -1,
    royal1 = -1;
  // royal safety: own pieces next to each royal (shelter), enemy pieces within 2 squares (danger)
  for (let c = 0; c < 2; c++) {
    const o = c * SIZE,
      e = (1 - c) * SIZE,
      sign = c === 0 ? 1 : -1;
    for (let r = 0; r < SIZE; r++) {
      let m = rocc[o + r]!;
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const f = 31 - Math.clz32(bit);
        if (c === 0) {
          if (royal0 < 0) royal0 = (r + PAD) * W + PAD + f;
        } else if (royal1 < 0) royal1 = (r + PAD) * W + PAD + f;
        if (W_GUARD !== 0) {
          let g = -1;
          for (let rr = r > 0 ? r - 1 : 0; rr <= r + 1 && rr < SIZE; rr++) g += pop(occ[o + rr]! & SPAN1[f]!);
          s += sign * W_GUARD * g;
        }
        if (W_DANGER !== 0) {
          let d = 0;
          for (let rr = r > 1 ? r - 2 : 0; rr <= r + 2 && rr < SIZE; rr++) d += pop(occ[e + rr]! & SPAN2[f]!);
          s += sign * W_DANGER * d;
        }
      }
    }
  }
  // mobility proxy: the empty squares next to a side's pieces
  if (W_REACH !== 0)
    for (let c = 0; c < 2; c++) {
      let reach = 0;
      const o = c * SIZE;
      let below = 0,
        here = occ[o]!;
      for (let r = 0; r < SIZE; r++) {
        const above = r + 1 < SIZE ? occ[o + r + 1]! : 0;
        const d = below | here | above;
        reach += pop((d | (d << 1) | (d >>> 1)) & ~(occ[r]! | occ[SIZE + r]!) & FILES);
        below = here;
        here = above;
      }
      s += (c === 0 ? W_REACH : -W_REACH) * reach;
    }
  // the pieces' closeness to the enemy royal (all, and the strong ones again), the strong pieces' free
  // squares within 2
  let free = 0,
    close = 0;
  for (let c = 0; c < 2; c++) {
    const k = c === 0 ? royal1 : royal0;
    nearOf[c] = 0;
    if (k < 0 && W_STRONG_FREE === 0) continue;
    const kr = k < 0 ? -99 : RANK_OF[k]!,
      kf = k < 0 ? -99 : FILE_OF[k]!;
    let near = 0,
      strong = 0,
      fr = 0;
    if (W_STRONG_NEAR === 0 && W_STRONG_FREE === 0) {
      // closeness alone, a rank at a time: 18 a piece less its distance, max(dr, df), where the pieces within
      // dr files count dr and the others their file distance, summed bit plane by bit plane
      for (let r = 0; r < SIZE; r++) {
        const m = occ[c * SIZE + r]! & ~rocc[c * SIZE + r]!;
        if (m === 0) continue;
        const dr = r > kr ? r - kr : kr - r;
        const inside = m & WITHIN[kf * SIZE + dr]!,
          outside = m ^ inside,
          nIn = pop(inside);
        let sum = dr * nIn;
        if (outside !== 0) {
          const planes = kf * 5;
          sum +=
            pop(outside & PLANE[planes]!) +
            2 * pop(outside & PLANE[planes + 1]!) +
            4 * pop(outside & PLANE[planes + 2]!) +
            8 * pop(outside & PLANE[planes + 3]!) +
            16 * pop(outside & PLANE[planes + 4]!);
        }
        near += 18 * (nIn + pop(outside)) - sum;
      }
    } else
      for (let r = 0; r < SIZE; r++) {
        let m = occ[c * SIZE + r]! & ~rocc[c * SIZE + r]!;
        if (m === 0) continue;
        const dr = r > kr ? r - kr : kr - r;
        const row = (r + PAD) * W + PAD;
        while (m !== 0) {
          const bit = m & -m;
          m ^= bit;
          const f = 31 - Math.clz32(bit),
            df = f > kf ? f - kf : kf - f;
          const n = k < 0 ? 0 : 18 - Math.max(dr, df);
          near += n;
          if ((W_STRONG_NEAR !== 0 || W_STRONG_FREE !== 0) && STRONG[b[row + f]!]) {
            strong += n;
            if (W_STRONG_FREE !== 0)
              for (let rr = r > 1 ? r - 2 : 0; rr <= r + 2 && rr < SIZE; rr++)
                fr += pop(~(occ[rr]! | occ[SIZE + rr]!) & SPAN2[f]! & FILES);
          }
        }
      }
    nearOf[c] = near;
    const t = W_NEAR * near + W_STRONG_NEAR * strong;
    close += c === 0 ? t : -t;
    free += c === 0 ? fr : -fr;
  }
  s += W_STRONG_FREE * free;
  // the mop-up, from the lead without the closeness to the royal and the spare royal
  const lead = Math.abs(s),
    ahead = s >= 0 ? 0 : 1;
  s += close + W_SPARE * (Math.max(0, pos.royals[0]! - 1) - Math.max(0, pos.royals[1]! - 1));
  if (lead > MOPUP_FROM) {
    const share = Math.min(1, (lead - MOPUP_FROM) / MOPUP_SPAN);
    const t = MOPUP_TROPISM * share * nearOf[ahead]!;
    s += ahead === 0 ? t : -t;
    const enemy = ahead === 0 ? royal1 : royal0;
    if (enemy >= 0) {
      const e = share * MOPUP_EDGE * Math.max(Math.abs(RANK_OF[enemy]! - 9), Math.abs(FILE_OF[enemy]! - 9));
      s += ahead === 0 ? e : -e;
    }
  }
  return s;
}
