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

/** Maka Dai Dai Shogi start, and a crowded middle game (60 seeded random quiet plies from the start: 156 moves). */
export const MAKA_MIDDLE =
  'l1(st)ti1sg(ds)k(dv)gscit1el/1e(ct)1(om)c1(fl)(bt)(de)(bt)(fl)(cs)1(cc)(st)(ct)1(rc)/(rc)(or)1(ab)1(bb)(rd)(ew)(ph)(ln)(kr)1(ew)(bb)(vo)(ab)(or)2/d1n1(vo)1(fd)(sd)(gg)(cp)w(bd)(fd)1(sf)1n1d/r(rt)(sm)1(vm)b(dh)(dk)(hm)(fk)3b(vm)1(sm)(lt)r/1ppp(sf)ppppp1(dk)ppppp1p/p3p5pp(ld)(gb)3p1/5(gb)13/19/7(DH)11/19/5(GB)6(dh)6/P6P3P(DK)(GB)P2P1/(LT)PPPPPP1PPP1PP1PP1P/R1(SM)(SF)(VM)(FD)(DH)(DK)(CP)(FK)(HM)2B(VM)(SF)(SM)(RT)R/D1N1B(VO)1(BD)(LD)1(GG)(SD)(FD)3N2/(RC)(OR)1(AB)1(BB)(EW)W(KR)(LN)(PH)(EW)2(VO)1(AB)(OR)D/1E(CT)(CC)1C1(FL)(BT)(DE)(BT)(FL)(RD)(BB)(OM)1(CT)E(RC)/L1(ST)TI(CS)SG(DV)K(DS)GSCIT(ST)1L b';
