// Bench positions (Bagh Chal), in the engine's notation (src/notation.ts). Changing one changes the
// figures and, for the signature positions, the `Bench:` number: say so in the commit.

/** The start: 4 tigers in the corners, goat to move, 20 goats in hand. */
export const START = 'T3T/5/5/5/T3T G G20 -';

/**
 * Movement phase: all 20 goats placed, 2 captured, 18 on the board, 3 empty points, goat to move.
 * Taken from an engine self-play game (depth-7 searches, ply 41), so it is a position real play reaches.
 */
export const MOVEMENT = 'TGGGG/GTT1G/GT1GG/1GGGG/GGGGG G - G2';

/** Late placement phase: 10 goats placed, none captured, tigers to move (same self-play game, ply 20). */
export const PLACEMENT = 'T1GGG/G2T1/G3G/G2TG/1TGGG T G9 -';
