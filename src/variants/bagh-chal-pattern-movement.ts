// Written by bench/tune-patterns.js (default arguments); do not edit.
import type { EvalWeights } from './types.js';

/**
 * Bagh Chal's movement-phase weights (centi-units, the tigers' view), fitted together with
 * BAGH_CHAL_PATTERNS (./bagh-chal-patterns.ts) to the movement tablebase's exact values by
 * bench/tune-patterns.js.
 */
export const BAGH_CHAL_PATTERN_MOVEMENT: EvalWeights = Object.freeze({captured: 400, mobility: -64, trapped: -495, enPrise: 203, tempo: 212, space: 92, cornered: -269, threat: 200, twoMoves: -117, huntersAdjacent: 80});
