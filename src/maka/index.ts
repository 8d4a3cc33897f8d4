/** Maka Dai Dai Shogi: the public pieces. */
export {
  MakaGame,
  startPosition,
  MAX_MAKA_PERFT_DEPTH,
  MAX_MAKA_HASH_MB,
  DEFAULT_MAKA_SEARCH_DEPTH,
  MAKA_MATE,
} from './game.js';
export type { MakaGameOptions, MakaResult, MakaSearchOptions, MakaSearchReport } from './game.js';
export { PIECE_VALUES } from './eval.js';
export { PIECES, PIECES_ROKUSHU, DIR_VECTORS, SLIDE } from './pieces.js';
export type { PieceType, PieceForm, Moves, Ray, Dir } from './pieces.js';
export { resolveMakaOptions, DEFAULT_OPTIONS, OPTION_DECLS } from './options.js';
export type { MakaOptions } from './options.js';
export { parsePosition, readPosition, formatPosition, parseMove } from './sfen.js';
export { validateMakaSetup, parseMakaPosition, MAKA_SIDE_TOTAL } from './validate.js';
export type { MakaProblem } from './validate.js';
export type { MakaSetup, MoveText } from './sfen.js';
