/**
 * Maka Dai Dai Shogi piece table, as data (rules: /work/shared/rules/maka-dai-dai.md).
 *
 * Every piece type has a code, kanji, English name, its moves in a small Betza-like structure and its
 * promoted form (or null). Directions are the mover's own: F = forward (Black: rank increasing),
 * L = toward file a for Black. `range` is 1 for a step, k for a k-range, SLIDE for an unlimited slide.
 * `PIECES_ROKUSHU` is the alternative table of option `pieces=rokushu` (same shape, changed entries).
 */

export type Dir = 'F' | 'B' | 'L' | 'R' | 'FL' | 'FR' | 'BL' | 'BR';
/** (dx, dy) of each direction for Black: dx > 0 = toward file s, dy > 0 = toward rank 19. */
export const DIR_VECTORS: Readonly<Record<Dir, readonly [number, number]>> = {
  F: [0, 1],
  B: [0, -1],
  L: [-1, 0],
  R: [1, 0],
  FL: [-1, 1],
  FR: [1, 1],
  BL: [-1, -1],
  BR: [1, -1],
};
/** Range of an unlimited slide (longer than any line of the board). */
export const SLIDE = 18;

export interface Ray {
  readonly dirs: readonly Dir[];
  readonly range: number;
}
export interface Moves {
  /** Steps, k-ranges and slides, blocked by the first piece (captured if it is an enemy). */
  readonly rays: readonly Ray[];
  /** Leaps (dx, dy) over anything, for Black (dy > 0 forward, dx > 0 right). */
  readonly jumps: readonly (readonly [number, number])[];
  /** The Lion move (rules: "Lion move"). */
  readonly lion?: boolean;
  /** The Lion Dog move (rules: "Lion Dog move"; options lion-dog=slider|leaper change it). */
  readonly lionDog?: boolean;
  /** The hook move on orthogonals (Hook Mover) or diagonals (Capricorn). */
  readonly hook?: 'orth' | 'diag';
  /** The Emperor move (rules: "Emperor"). */
  readonly emperor?: boolean;
}
export interface PieceForm {
  readonly kanji: string;
  readonly name: string;
  readonly moves: Moves;
  readonly royal: boolean;
}
export interface PieceType extends PieceForm {
  readonly code: string;
  /** The promoted form (written `+CODE`), or null when the piece does not promote. */
  readonly promoted: PieceForm | null;
}

const ORTH: Dir[] = ['F', 'B', 'L', 'R'];
const DIAG: Dir[] = ['FL', 'FR', 'BL', 'BR'];
const ALL: Dir[] = [...ORTH, ...DIAG];
const VERT: Dir[] = ['F', 'B'];
const SIDE: Dir[] = ['L', 'R'];
const FDIAG: Dir[] = ['FL', 'FR'];
const BDIAG: Dir[] = ['BL', 'BR'];

/** Builds Moves from ray groups `[range, ...dirs]`. */
function mv(rays: [number, ...Dir[]][], extra: Partial<Moves> = {}): Moves {
  return { rays: rays.map(([range, ...dirs]) => ({ range, dirs })), jumps: [], ...extra };
}
const step = (...dirs: Dir[]): [number, ...Dir[]] => [1, ...dirs];
const slide = (...dirs: Dir[]): [number, ...Dir[]] => [SLIDE, ...dirs];
const range = (k: number, ...dirs: Dir[]): [number, ...Dir[]] => [k, ...dirs];
const form = (kanji: string, name: string, moves: Moves, royal = false): PieceForm => ({ kanji, name, moves, royal });
const GOLD_MOVES = mv([step(...ORTH, ...FDIAG)]);
const gold = (): PieceForm => form('金將', 'Gold', GOLD_MOVES);
const piece = (
  code: string,
  kanji: string,
  name: string,
  moves: Moves,
  promoted: PieceForm | null,
  royal = false,
): PieceType => ({ code, kanji, name, moves, promoted, royal });
const FREE_KING = mv([slide(...ALL)]);

/** Default piece table (50 types). Order is the type id used by the position encoding. */
export const PIECES: readonly PieceType[] = [
  piece('K', '玉將', 'King', mv([step(...ALL)]), form('自在天王', 'Emperor', mv([], { emperor: true }), true), true),
  piece(
    'DE',
    '醉象',
    'Drunk Elephant',
    mv([step('F', 'L', 'R', ...DIAG)]),
    form('王子', 'Prince', mv([step(...ALL)]), true),
  ),
  piece('G', '金將', 'Gold', mv([step(...ORTH, ...FDIAG)]), form('奔金', 'Free Gold', mv([slide(...ORTH, ...FDIAG)]))),
  piece('S', '銀將', 'Silver', mv([step(...DIAG, 'F')]), form('奔銀', 'Free Silver', mv([slide(...DIAG, 'F')]))),
  piece(
    'C',
    '銅將',
    'Copper',
    mv([step(...VERT, ...FDIAG)]),
    form('奔銅', 'Free Copper', mv([slide(...VERT, ...FDIAG)])),
  ),
  piece('I', '鐵將', 'Iron', mv([step('F', ...FDIAG)]), form('奔鐵', 'Free Iron', mv([slide('F', ...FDIAG)]))),
  piece('T', '瓦將', 'Tile', mv([step(...FDIAG, 'B')]), form('奔瓦', 'Free Tile', mv([slide(...FDIAG, 'B')]))),
  piece('ST', '石將', 'Stone', mv([step(...FDIAG)]), form('奔石', 'Free Stone', mv([slide(...FDIAG)]))),
  piece('E', '土將', 'Earth', mv([step(...VERT)]), form('奔土', 'Free Earth', mv([slide(...VERT)]))),
  piece('GB', '仲人', 'Go-between', mv([step(...VERT)]), form('奔人', 'Free Go-between', mv([slide(...VERT)]))),
  piece(
    'BT',
    '盲虎',
    'Blind Tiger',
    mv([step(...DIAG, ...SIDE, 'B')]),
    form('奔虎', 'Free Tiger', mv([slide(...DIAG, ...SIDE, 'B')])),
  ),
  piece(
    'FL',
    '猛豹',
    'Ferocious Leopard',
    mv([step(...DIAG, ...VERT)]),
    form('奔豹', 'Free Leopard', mv([slide(...DIAG, ...VERT)])),
  ),
  piece(
    'CS',
    '蟠蛇',
    'Coiled Serpent',
    mv([step(...VERT, ...BDIAG)]),
    form('奔蛇', 'Free Serpent', mv([slide(...VERT, ...BDIAG)])),
  ),
  piece(
    'CC',
    '淮鷄',
    'Chinese Cock',
    mv([step(...SIDE, ...FDIAG, 'B')]),
    form('仙鶴', 'Wizard Stork', mv([slide(...SIDE, ...FDIAG, 'B')])),
  ),
  piece('CT', '貓刃', 'Cat Sword', mv([step(...DIAG)]), form('奔貓', 'Free Cat', mv([slide(...DIAG)]))),
  piece(
    'OM',
    '古猿',
    'Old Monkey',
    mv([step(...DIAG, 'B')]),
    form('山母', 'Mountain Witch', mv([slide(...DIAG, 'B'), step('F')])),
  ),
  piece(
    'RD',
    '臥龍',
    'Reclining Dragon',
    mv([step(...ORTH, ...BDIAG)]),
    form('奔龍', 'Free Dragon', mv([slide('F', ...FDIAG), step('B', ...BDIAG)])),
  ),
  piece('OR', '老鼠', 'Old Rat', mv([range(2, ...FDIAG, 'B')]), form('蝙蝠', 'Bat', mv([slide('F', ...BDIAG)]))),
  piece('AB', '嗔猪', 'Angry Boar', mv([step(...ORTH)]), form('奔猪', 'Free Boar', mv([slide(...DIAG, ...SIDE)]))),
  piece(
    'BB',
    '盲熊',
    'Blind Bear',
    mv([step(...DIAG), slide('B')]),
    form(
      '奔熊',
      'Free Bear',
      mv([slide(...DIAG, ...SIDE)], {
        jumps: [
          [-2, 2],
          [2, 2],
        ],
      }),
    ),
  ),
  piece(
    'EW',
    '惡狼',
    'Evil Wolf',
    mv([step(...SIDE, 'F', ...FDIAG)]),
    form('奔狼', 'Free Wolf', mv([slide(...DIAG, ...VERT), range(5, ...SIDE)])),
  ),
  piece(
    'KR',
    '麒麟',
    'Kirin',
    mv([step(...DIAG)], {
      jumps: [
        [0, 2],
        [0, -2],
        [2, 0],
        [-2, 0],
      ],
    }),
    form('大龍', 'Great Dragon', mv([range(2, ...VERT), range(3, ...DIAG), slide(...SIDE)])),
  ),
  piece(
    'PH',
    '鳳凰',
    'Phoenix',
    mv([step(...ORTH)], {
      jumps: [
        [2, 2],
        [2, -2],
        [-2, 2],
        [-2, -2],
      ],
    }),
    form('金翅', 'Golden Bird', mv([range(2, ...SIDE), range(3, ...DIAG), slide(...VERT)])),
  ),
  piece(
    'LN',
    '獅子',
    'Lion',
    mv([], { lion: true }),
    form('奮迅', 'Furious Fiend', mv([], { lion: true, lionDog: true })),
  ),
  piece(
    'DS',
    '無明',
    'Dark Spirit',
    mv([step(...FDIAG, 'R', 'BL')]),
    form('法性', 'Buddhist Spirit', mv([slide(...ALL)], { lion: true })),
  ),
  piece(
    'DV',
    '提婆',
    'Deva',
    mv([step(...FDIAG, 'L', 'BR')]),
    form('教王', 'Teaching King', mv([slide(...ALL)], { lionDog: true })),
  ),
  piece('P', '步兵', 'Pawn', mv([step('F')]), gold()),
  piece('L', '香車', 'Lance', mv([slide('F')]), gold()),
  piece('RC', '反車', 'Reverse Chariot', mv([slide(...VERT)]), gold()),
  piece(
    'N',
    '桂馬',
    'Knight',
    mv([], {
      jumps: [
        [-1, 2],
        [1, 2],
      ],
    }),
    gold(),
  ),
  piece(
    'D',
    '驢馬',
    'Donkey',
    mv([step(...ORTH)], {
      jumps: [
        [0, 2],
        [0, -2],
      ],
    }),
    gold(),
  ),
  piece('FD', '飛龍', 'Flying Dragon', mv([range(2, ...DIAG)]), gold()),
  piece('VO', '猛牛', 'Violent Ox', mv([range(2, ...ORTH)]), gold()),
  piece('W', '力士', 'Wrestler', mv([range(3, ...DIAG), step(...SIDE)]), gold()),
  piece('GG', '金剛', 'Guardian of the Gods', mv([range(3, ...ORTH), step(...FDIAG)]), gold()),
  piece('BD', '羅刹', 'Buddhist Devil', mv([range(3, ...FDIAG), step(...SIDE, 'B')]), gold()),
  piece('SD', '夜叉', 'She-devil', mv([range(5, ...ORTH), range(2, ...DIAG)]), gold()),
  piece('LD', '狛犬', 'Lion Dog', mv([], { lionDog: true }), gold()),
  piece('SF', '橫飛', 'Side Flier', mv([slide(...SIDE), step(...DIAG)]), gold()),
  piece('SM', '橫行', 'Side Mover', mv([slide(...SIDE), step(...VERT)]), gold()),
  piece('VM', '豎行', 'Vertical Mover', mv([slide(...VERT), step(...SIDE)]), gold()),
  piece('RT', '右車', 'Right Chariot', mv([slide('F', 'FR', 'BL'), step('B')]), gold()),
  piece('LT', '左車', 'Left Chariot', mv([slide('F', 'FL', 'BR'), step('B')]), gold()),
  piece('B', '角行', 'Bishop', mv([slide(...DIAG)]), gold()),
  piece('R', '飛車', 'Rook', mv([slide(...ORTH)]), gold()),
  piece('CP', '摩羯', 'Capricorn', mv([], { hook: 'diag' }), gold()),
  piece('HM', '鉤行', 'Hook Mover', mv([], { hook: 'orth' }), gold()),
  piece('DH', '龍馬', 'Dragon Horse', mv([slide(...DIAG), step(...ORTH)]), null),
  piece('DK', '龍王', 'Dragon King', mv([slide(...ORTH), step(...DIAG)]), null),
  piece('FK', '奔王', 'Free King', FREE_KING, null),
];

/** Replaces entries of a table: moves of the unpromoted piece and/or of its promoted form. */
function withChanges(
  base: readonly PieceType[],
  changes: Record<string, { moves?: Moves; promotedMoves?: Moves }>,
): PieceType[] {
  return base.map((p) => {
    const c = changes[p.code];
    if (!c) return p;
    return {
      ...p,
      moves: c.moves ?? p.moves,
      promoted: p.promoted && c.promotedMoves ? { ...p.promoted, moves: c.promotedMoves } : p.promoted,
    };
  });
}

/** Option `pieces=rokushu`: the moves the seed's footnotes attribute to 象棋六種之図式. */
export const PIECES_ROKUSHU: readonly PieceType[] = withChanges(PIECES, {
  W: { moves: mv([range(3, ...DIAG), step(...ORTH)]) },
  GG: { moves: mv([range(3, ...ORTH), step(...DIAG)]) },
  SD: { moves: mv([range(2, ...DIAG)]) },
  SF: { moves: mv([slide(...SIDE), step(...FDIAG)]) },
  RT: { moves: mv([slide('FL', 'BR'), step('R')]) },
  LT: { moves: mv([slide('FR', 'BL'), step('L')]) },
  CS: { moves: mv([step('F', ...BDIAG)]), promotedMoves: mv([slide('F', ...BDIAG)]) },
  CC: { moves: mv([step(...DIAG, 'B')]), promotedMoves: mv([slide(...DIAG, 'B')]) },
  OM: { moves: mv([step(...DIAG, 'F')]), promotedMoves: mv([slide(...DIAG)]) },
  RD: { moves: mv([step(...DIAG, 'F')]), promotedMoves: mv([slide(...SIDE, 'F'), step('B', ...BDIAG)]) },
  AB: { promotedMoves: mv([slide('F', ...FDIAG)]) },
  BB: { moves: mv([step(...ALL)]), promotedMoves: mv([slide(...DIAG, ...SIDE)]) },
  EW: { promotedMoves: mv([slide(...SIDE, ...FDIAG, 'B')]) },
  DS: { moves: mv([step(...ORTH, 'FR', 'BR')]) },
  DV: { moves: mv([step(...ORTH, 'FL', 'BL')]) },
});

/** Type ids of the pieces the rules name. */
export const TYPE_ID: Readonly<Record<string, number>> = Object.fromEntries(PIECES.map((p, i) => [p.code, i]));
export const KING = TYPE_ID.K!;
export const DRUNK_ELEPHANT = TYPE_ID.DE!;
export const DARK_SPIRIT = TYPE_ID.DS!;
export const DEVA = TYPE_ID.DV!;

/** The start position, Black's ranks 1..7 by code ('.' empty), files a..s; White's is point-symmetric. */
export const START_RANKS: readonly string[] = [
  'L  E  ST T  I  C  S  G  DV K  DS G  S  C  I  T  ST E  L',
  'RC .  CT .  CC .  CS FL BT DE BT FL RD .  OM .  CT .  RC',
  '.  OR .  AB .  BB .  EW KR LN PH EW .  BB .  AB .  OR .',
  'D  .  N  .  VO .  FD BD W  LD GG SD FD .  VO .  N  .  D',
  'R  LT SM SF VM B  DH DK CP FK HM DK DH B  VM SF SM RT R',
  'P  P  P  P  P  P  P  P  P  P  P  P  P  P  P  P  P  P  P',
  '.  .  .  .  .  GB .  .  .  .  .  .  .  GB .  .  .  .  .',
];
