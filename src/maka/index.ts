/** Maka Dai Dai Shogi: the public pieces. */
export { MakaGame, startPosition, MAX_MAKA_PERFT_DEPTH, MAX_MAKA_HASH_MB, DEFAULT_MAKA_SEARCH_DEPTH, MAKA_MATE } from './game.js';
export type { MakaGameOptions, MakaResult, MakaSearchOptions, MakaSearchReport } from './game.js';
export { PIECE_VALUES } from './eval.js';
export { PIECES, PIECES_ROKUSHU, DIR_VECTORS, SLIDE } from './pieces.js';
export type { PieceType, PieceForm, Moves, Ray, Dir } from './pieces.js';
export { resolveMakaOptions, DEFAULT_OPTIONS, OPTION_DECLS } from './options.js';
export type { MakaOptions } from './options.js';
export { parsePosition, formatPosition, parseMove } from './sfen.js';
export type { MakaSetup, MoveText } from './sfen.js';
