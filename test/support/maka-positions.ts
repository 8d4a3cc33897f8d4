// Maka Dai Dai Shogi positions the tiers share (test/unit/maka.test.ts, test/property/maka-dai-dai.test.ts,
// test/perft/maka-dai-dai.test.ts): the start written by hand, and designed positions with their perft.

// Written by hand from the rules' diagram (Black's ranks 1..7; White point-symmetric).
export const START =
  'le(st)ticsg(ds)k(dv)gscit(st)el/(rc)1(ct)1(om)1(rd)(fl)(bt)(de)(bt)(fl)(cs)1(cc)1(ct)1(rc)/' +
  '1(or)1(ab)1(bb)1(ew)(ph)(ln)(kr)(ew)1(bb)1(ab)1(or)1/d1n1(vo)1(fd)(sd)(gg)(ld)w(bd)(fd)1(vo)1n1d/' +
  'r(rt)(sm)(sf)(vm)b(dh)(dk)(hm)(fk)(cp)(dk)(dh)b(vm)(sf)(sm)(lt)r/ppppppppppppppppppp/5(gb)7(gb)5/' +
  '19/19/19/19/19/' +
  '5(GB)7(GB)5/PPPPPPPPPPPPPPPPPPP/R(LT)(SM)(SF)(VM)B(DH)(DK)(CP)(FK)(HM)(DK)(DH)B(VM)(SF)(SM)(RT)R/' +
  'D1N1(VO)1(FD)(BD)W(LD)(GG)(SD)(FD)1(VO)1N1D/1(OR)1(AB)1(BB)1(EW)(KR)(LN)(PH)(EW)1(BB)1(AB)1(OR)1/' +
  '(RC)1(CT)1(CC)1(CS)(FL)(BT)(DE)(BT)(FL)(RD)1(OM)1(CT)1(RC)/LE(ST)TICSG(DV)K(DS)GSCIT(ST)EL b';

/** Designed positions (the report gives their perft). */
export const LIONS =
  '14k4/19/19/19/19/19/9(ln)9/8p1(ld)2(ln)5/7(ds)1p+(ld)(dv)7/6+p2(LN)9/3s4P1P1(LD)6/5+(LN)13/7G11/19/19/19/19/19/4K14 b';
export const HOOKS =
  '18k/19/19/5(dk)13/9(hm)9/19/6p6(cp)5/4R14/19/9(HM)6+r2/2b16/19/12P6/19/3(CP)15/9p5+(CP)3/19/19/K18 b';
export const EMPERORS =
  '19/16(ld)2/9+k9/19/5r7b5/9(ln)9/19/19/10P8/2(dv)16/8p8(DS)1/19/19/9(LN)9/5R7B5/19/9+K9/3G11(LD)3/19 w';
export const PROMOTED =
  '19/17k1/16(de)2/19/10+(ds)8/3+(om)15/7+(dv)3(ds)7/5+(kr)3(dv)2+(EW)6/8p10/6+(PH)3p+(KR)7/9+(DV)3+(ph)5/' +
  '7+(BB)2+(DS)8/19/4(DE)14/19/14+(rd)4/2+(DE)16/1K17/19 b';
/**
 * Designed positions. Every count here was produced by src/maka and by the independent reference
 * (test/reference/maka-dai-dai.ts perft on the same position and options), and the two agree.
 */
export const DESIGNED: { id: string; position: string; options?: Record<string, string>; perft: number[] }[] = [
  { id: 'lions', position: LIONS, perft: [120, 10983, 1312385] },
  { id: 'lions lion-dog=slider', position: LIONS, options: { 'lion-dog': 'slider' }, perft: [115, 9257, 1035531] },
  { id: 'lions pieces=rokushu', position: LIONS, options: { pieces: 'rokushu' }, perft: [120, 11577, 1384217] },
  { id: 'lions promotion=always', position: LIONS, options: { promotion: 'always' }, perft: [110, 9753, 1092428] },
  { id: 'lions conversion=false', position: LIONS, options: { conversion: 'false' }, perft: [122, 11171, 1360997] },
  { id: 'hooks', position: HOOKS, perft: [500, 268318] },
  { id: 'emperors', position: EMPERORS, perft: [167, 30226, 5007012] },
  { id: 'emperors emperor=jawiki', position: EMPERORS, options: { emperor: 'jawiki' }, perft: [449, 204864] },
  { id: 'emperors emperor=free', position: EMPERORS, options: { emperor: 'free' }, perft: [452, 206643] },
  { id: 'promoted', position: PROMOTED, perft: [250, 52749] },
  {
    id: 'promoted conversion=false',
    position: PROMOTED,
    options: { conversion: 'false' },
    perft: [250, 52749, 13169672],
  },
];
