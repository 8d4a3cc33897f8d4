/**
 * lattice-engine: the public API.
 *
 *     import { Game } from 'lattice-engine';
 *     const game = await Game.create('bagh-chal');
 *     game.legalMoves(); game.play('c3'); game.search({ movetime: 1000 });
 */
export {
  Game,
  MATE,
  MAX_SEARCH_DEPTH,
  MAX_PERFT_DEPTH,
  MAX_HASH_MB,
  DEFAULT_SEARCH_DEPTH,
  DEFAULT_SEARCH_MS,
} from './lattice/game.js';
export type {
  GameOptions,
  GameResult,
  SearchLimits,
  SearchInfo,
  SearchResult,
  PerftLimits,
  PerftProgress,
} from './lattice/game.js';
export type { GameResult as AnyGameResult, ResultReason } from './contract/result.js';
export type { PositionFault, PositionField } from './contract/errors.js';
export {
  LatticeError,
  ParseError,
  PositionError,
  IllegalMoveError,
  UnknownVariantError,
  OptionError,
  RulesError,
  ArgumentError,
  DisposedError,
  TablebaseError,
  ManifestError,
  RedisError,
  JobError,
} from './contract/errors.js';
export { VARIANTS, getVariant, resolveOptions } from './variants/index.js';
export type { Variant, HuntVariant, OptionDecl, PieceDecl } from './variants/index.js';
export { checkRules, extendRules, encodeRules, sideRules, RULE_LIMITS } from './rules/index.js';
export type { RuleSet, SideRules, RulesPatch, DirName, CaptureKind } from './rules/index.js';
export { alquerque, hareAndHounds, fromPointsAndLines } from './board/index.js';
export type { Board, Point } from './board/index.js';
export { EngineWorker } from './worker/client.js';
export type { EngineWorkerOptions } from './worker/client.js';
export type { EngineApi, WorkerSearchLimits } from './worker/protocol.js';
export { createGame, listVariants, familyOf, FAMILIES } from './engine.js';
export type {
  AnyGame,
  AnyGameOptions,
  AnyResult,
  AnySearchResult,
  Family,
  GameDescription,
  BoardDescription,
  PieceDescription,
  SideDescription,
  CounterDescription,
  PointMark,
  MoveValue,
  MoveInput,
  MoveKind,
} from './engine.js';
export type { Move } from './lattice/moves.js';
export { MakaGame, DEFAULT_MAKA_SEARCH_DEPTH } from './maka/game.js';
export { makaBoardText } from './maka/board-text.js';
