// Driver that regenerates test/perft/maka-dai-dai.json from the reference
// implementation (test/reference/maka-dai-dai.ts). It exports the designed
// positions and the row specs but is not a test. Run it by compiling to a
// scratch directory outside the repo, e.g.:
//
//   mkdir -p /tmp/mref && echo '{"type":"module"}' > /tmp/mref/package.json
//   cp test/reference/maka-dai-dai.ts test/reference/maka-dai-dai.gen.ts /tmp/mref/
//   npx tsc --target es2022 --module nodenext --moduleResolution nodenext \
//       --strict --types node --outDir /tmp/mref/out /tmp/mref/maka-dai-dai.gen.ts
//   echo '{"type":"module"}' > /tmp/mref/out/package.json
//   node /tmp/mref/out/maka-dai-dai.gen.js > test/perft/maka-dai-dai.json
//
// (the package.json next to the sources makes tsc emit ES modules). Per-depth
// timings go to stderr. Set MAKA_ONLY=<id>[,<id>] to run only some rows and
// MAKA_MAX_DEPTH=<n> to cap the depth (for trying things out; the checked-in
// table is the full run, about 7.5 minutes on this machine: start perft(4)
// ~45 s, the Emperor rows' depth 3 up to ~90 s each).

import {
  formatPosition,
  parsePosition,
  perft,
  positionFromPieces,
  startPosition,
  type RefOptions,
} from './maka-dai-dai.js';

export interface MakaSpec {
  id: string;
  position: string;
  options: Record<string, string>;
  maxDepth: number;
  note: string;
}

const START = formatPosition(startPosition());

// --- designed positions (Black upper case, White lower case) ---------------

/** Lions: igui, double capture, pass, jumps; Buddhist Spirits (one at the edge); a White Furious Fiend. */
export const LIONS = formatPosition(
  positionFromPieces(
    {
      // Black
      e2: 'K',
      j10: 'LN',
      j9: 'G',
      p6: '+(DS)',
      b18: '+(DS)',
      q5: 'P',
      // White: around the Black Lion j10 (a Lion Dog two squares away)
      k11: 'p',
      l12: '+p',
      i11: 'g',
      h10: '(ld)',
      k9: 's',
      j12: 'p',
      // a White Furious Fiend e14 among Black pieces (also on its Lion Dog lines)
      e14: '+(ln)',
      e13: 'P',
      e12: 'G',
      f13: '+S',
      d15: 'R',
      g12: 'N',
      // around the Buddhist Spirit p6 and the edge Lion b18
      q7: '+(dv)',
      p8: 'b',
      a19: 'p',
      c19: 'g',
      o18: 'k',
    },
    'b',
  ),
);

/** Lion Dogs: every path shape, friends and enemies on the lines, an edge Lion Dog, a Teaching King. */
export const LION_DOGS = formatPosition(
  positionFromPieces(
    {
      b1: 'K',
      s19: 'k',
      j10: 'LD',
      // forward line: enemy, enemy (promoted), empty
      j11: 'p',
      j12: '+p',
      // right: friend, enemy, enemy
      k10: 'P',
      l10: 'g',
      m10: 's',
      // forward-right: empty, enemy, friend
      l12: 'n',
      m13: 'G',
      // back-left: enemy, friend, enemy
      i9: 'p',
      h8: 'G',
      g7: '+s',
      // left: empty, empty, enemy
      g10: 'r',
      // back: empty, enemy, enemy
      j8: 'p',
      j7: 'c',
      // forward-left: enemy, enemy, enemy
      i11: 'gb',
      h12: 'e',
      g13: 'i',
      // back-right: friend, empty, enemy
      k9: 'S',
      m7: 't',
      // a Furious Fiend at the edge and a Teaching King
      a2: '+(LN)',
      b3: 'cs',
      a4: 'p',
      e5: '+(DV)',
      e6: 'p',
      f7: '(fd)',
      d4: '(fl)',
      // a White Lion Dog with Black pieces on its lines
      p15: 'ld',
      p14: 'P',
      p13: '(VO)',
      q16: 'S',
      r17: 'P',
      o15: 'G',
    },
    'b',
  ),
);

/** Hook Mover and Capricorn: turning, capturing, friends and enemies on both legs. */
export const HOOKS = formatPosition(
  positionFromPieces(
    {
      a1: 'K',
      s19: 'k',
      e5: '(HM)',
      e9: 'p',
      h5: 'P',
      c5: 'g',
      h8: 's',
      b9: '+p',
      e2: 'G',
      o5: '(CP)',
      q7: 'P',
      m7: 'p',
      r10: '+b',
      k9: 'n',
      l2: 'r',
      j15: '(hm)',
      j12: 'P',
      f15: '(GB)',
      m18: 'B',
      e15: '(cp)',
      g13: 'R',
      c17: 'p',
      h18: 'S',
    },
    'b',
  ),
);

/** Both sides have an Emperor: Black's may only go to protected squares (or take the Emperor). */
export const EMPERORS = formatPosition(
  positionFromPieces(
    {
      j8: '+K',
      h8: 'G',
      k6: 'S',
      a11: 'R',
      c3: '(LN)',
      q2: '(LD)',
      j12: '+k',
      h12: 'g',
      s9: 'r',
      j10: 'p',
      m10: 'ln',
      e17: '(dk)',
      j5: '(VM)',
    },
    'b',
  ),
);

/** Black Emperor against a White King: protected and unprotected targets, lion and lion-dog attackers. */
export const EMPEROR_VS_KING = formatPosition(
  positionFromPieces(
    {
      j8: '+K',
      b2: 'G',
      r3: '(DE)',
      j17: 'k',
      k16: 'g',
      i18: 'g',
      j14: 'ln',
      k9: 'p',
      l10: 's',
      c10: 'r',
      p8: 'p',
      o12: '(ld)',
      f5: '(dv)',
      s18: '+p',
    },
    'b',
  ),
);

/** Promotion by capture and conversions: forced, optional, three-way royal choices, both kinds at once. */
export const PROMOTIONS = formatPosition(
  positionFromPieces(
    {
      // King three-way (Deva, Dark Spirit) and forced promotion (+p) / optional (p)
      j10: 'K',
      j11: '(dv)',
      i11: '(ds)',
      k11: '+p',
      k10: 'p',
      // Drunk Elephant with a Buddhist Spirit and a Teaching King (promoted: the choice overrides)
      e5: '(DE)',
      e6: '+(ds)',
      d6: '+(dv)',
      // Lion: double capture of a Teaching King and a Buddhist Spirit -> both results
      p10: 'LN',
      p11: '+(dv)',
      q12: '+(ds)',
      // Teaching King capturing a Teaching King (no change) and a Buddhist Spirit (-> Buddhist Spirit)
      b15: '+(DV)',
      b16: '+(dv)',
      c16: '+(ds)',
      // Gold next to a promoted Free Gold (forced), Free King (no promotion) next to +p
      r4: 'G',
      r5: '+g',
      g15: '(FK)',
      g16: '+p',
      // White royals: an Emperor (jumps anywhere unattacked in reply) and a Prince
      s19: '+k',
      a19: '+(de)',
    },
    'b',
  ),
);

/** Emperor and Prince capturing a Deva / Dark Spirit; protected and unprotected targets. */
export const ROYAL_CONVERSIONS = formatPosition(
  positionFromPieces(
    {
      g2: '+K',
      m3: '+(DE)',
      f1: 'G',
      q3: '(LN)',
      g3: '(dv)',
      m4: '(ds)',
      d8: 'p',
      d9: 'g',
      k12: 'p',
      s19: 'k',
      r18: '(ln)',
      b17: 'r',
    },
    'b',
  ),
);

/** Pieces that pieces=rokushu changes, both colours. */
export const ROKUSHU_PIECES = formatPosition(
  positionFromPieces(
    {
      a1: 'K',
      s19: 'k',
      c3: 'W',
      e3: '(GG)',
      g3: '(SD)',
      i3: '(SF)',
      k3: '(RT)',
      m3: '(LT)',
      o3: '(CS)',
      q3: '(CC)',
      c6: '(OM)',
      g6: '(RD)',
      k6: '+(AB)',
      m6: '(BB)',
      o6: '+(BB)',
      q6: '+(EW)',
      c9: '(DS)',
      e9: '(DV)',
      c17: 'w',
      e17: '(gg)',
      g17: '(sd)',
      i17: '(sf)',
      k17: '(rt)',
      m17: '(lt)',
      o17: '+(cs)',
      q17: '+(cc)',
      e14: '+(om)',
      i14: '+(rd)',
      k14: '+(ab)',
      m14: '(bb)',
      o14: '+(bb)',
      q14: '+(ew)',
      c11: '(ds)',
      e11: '(dv)',
    },
    'b',
  ),
);

export const SPECS: MakaSpec[] = [
  {
    id: 'start',
    position: START,
    options: {},
    maxDepth: 4,
    note: 'start position (96 pieces a side); the armies do not meet before ply 3',
  },
  {
    id: 'start-rokushu',
    position: START,
    options: { pieces: 'rokushu' },
    maxDepth: 3,
    note: 'start position with the rokushu piece table',
  },
  {
    id: 'lions',
    position: LIONS,
    options: {},
    maxDepth: 3,
    note: 'Lion j10 among enemies (igui, double captures incl. a promoted pawn = forced promotion, pass), Buddhist Spirit p6 next to a Teaching King (conversion), Buddhist Spirit at the edge b18, White Furious Fiend e14 among Black pieces, White Lion Dog h10',
  },
  {
    id: 'lion-dogs',
    position: LION_DOGS,
    options: {},
    maxDepth: 3,
    note: 'Lion Dog j10 with every line shape (enemy/friend/empty on s1..s3), Furious Fiend at the edge a2, Teaching King e5, White Lion Dog p15 among Black pieces',
  },
  {
    id: 'lion-dogs-leaper',
    position: LION_DOGS,
    options: { 'lion-dog': 'leaper' },
    maxDepth: 3,
    note: 'as lion-dogs with lion-dog=leaper',
  },
  {
    id: 'lion-dogs-slider',
    position: LION_DOGS,
    options: { 'lion-dog': 'slider' },
    maxDepth: 3,
    note: 'as lion-dogs with lion-dog=slider',
  },
  {
    id: 'hooks',
    position: HOOKS,
    options: {},
    maxDepth: 3,
    note: 'Hook Movers e5/j15 and Capricorns o5/e15 with friends and enemies on both legs',
  },
  {
    id: 'emperors',
    position: EMPERORS,
    options: {},
    maxDepth: 3,
    note: 'both sides have an Emperor: moves only to protected, unattacked squares, or capturing the enemy Emperor if unattacked',
  },
  {
    id: 'emperors-jawiki',
    position: EMPERORS,
    options: { emperor: 'jawiki' },
    maxDepth: 3,
    note: 'as emperors with emperor=jawiki (no both-Emperors clause)',
  },
  {
    id: 'emperor-vs-king',
    position: EMPEROR_VS_KING,
    options: {},
    maxDepth: 3,
    note: 'Black Emperor j8 against a White King with Lion, Lion Dog, Rook, Gold attackers; protected and unprotected targets',
  },
  {
    id: 'emperor-vs-king-jawiki',
    position: EMPEROR_VS_KING,
    options: { emperor: 'jawiki' },
    maxDepth: 3,
    note: 'as emperor-vs-king with emperor=jawiki',
  },
  {
    id: 'emperor-vs-king-free',
    position: EMPEROR_VS_KING,
    options: { emperor: 'free' },
    maxDepth: 3,
    note: 'as emperor-vs-king with emperor=free',
  },
  {
    id: 'promotions',
    position: PROMOTIONS,
    options: {},
    maxDepth: 3,
    note: 'King/Drunk Elephant three-way choices on Deva/Dark Spirit kinds (also promoted ones), Lion double capture of both kinds (=T/=B), Teaching King, forced promotion on capturing promoted pieces, Free King; White Emperor and Prince in reply',
  },
  {
    id: 'royal-conversions',
    position: ROYAL_CONVERSIONS,
    options: {},
    maxDepth: 3,
    note: 'Emperor g2 next to an unprotected Deva (keep or =T), Prince m3 next to a Dark Spirit (keep or =B); protected pawn d8, unprotected pawn k12',
  },
  {
    id: 'promotions-always',
    position: PROMOTIONS,
    options: { promotion: 'always' },
    maxDepth: 3,
    note: 'as promotions with promotion=always',
  },
  {
    id: 'promotions-no-conversion',
    position: PROMOTIONS,
    options: { conversion: 'false' },
    maxDepth: 3,
    note: 'as promotions with conversion=false',
  },
  {
    id: 'rokushu-pieces',
    position: ROKUSHU_PIECES,
    options: { pieces: 'rokushu' },
    maxDepth: 3,
    note: 'every piece pieces=rokushu changes (unpromoted ones mostly Black, promoted ones mostly White)',
  },
  {
    id: 'rokushu-pieces-default',
    position: ROKUSHU_PIECES,
    options: {},
    maxDepth: 3,
    note: 'the rokushu-pieces position under the default table',
  },
];

function main(): void {
  const only = process.env.MAKA_ONLY?.split(',');
  const cap = Number(process.env.MAKA_MAX_DEPTH ?? 99);
  const rows = [];
  for (const spec of SPECS) {
    if (only && !only.includes(spec.id)) continue;
    const depths: Record<string, number> = {};
    const pos = spec.position;
    for (let d = 1; d <= Math.min(spec.maxDepth, cap); d++) {
      const t0 = Date.now();
      const n = perftOf(pos, d, spec.options);
      depths[String(d)] = n;
      process.stderr.write(`${spec.id} depth ${d}: ${n} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
    }
    rows.push({
      id: spec.id,
      variant: 'maka-dai-dai',
      options: spec.options,
      position: spec.position,
      depths,
      source: 'test/reference/maka-dai-dai.ts',
      note: spec.note,
    });
  }
  process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
}

function perftOf(pos: string, d: number, options: Record<string, string>): number {
  return perft(parsePosition(pos), d, options as RefOptions);
}

if (process.argv[1]?.endsWith('maka-dai-dai.gen.js')) main();
