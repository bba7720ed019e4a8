/** Puzzles: mined from self-play, verified by search, stored in libraries (docs/puzzles.md). */
export * from './puzzle.js';
export { decodeLibrary, decodePuzzle, encodeLibrary } from './library-codec.js';
export {
  isMateScore,
  isWinning,
  moveScore,
  positionValue,
  puzzleSearcher,
  uniqueWin,
  type Choice,
} from './analysis.js';
export { bestReply, minePosition, scanPosition, type Mined, type Rejection } from './miner.js';
export {
  addCounts,
  countsAfterRemoval,
  MINING_STAGES,
  mineGame,
  minePuzzle,
  type MinedGame,
  type MineRequest,
  type MiningCounts,
  type MiningStage,
} from './self-play.js';
export {
  fitSeedModel,
  modelRating,
  SEED_MODEL,
  SEED_TERMS,
  seedRating,
  seedTerms,
  tierOf,
  type SeedModel,
} from './seed-rating.js';
export { solverTrials, TRIAL_SOLVERS, TRIALS_PER_LEVEL, trySolve } from './solver-trials.js';
export { coinFlips, firstMoveReport, COIN_FLIPS, type CoinFlip } from './coin-flips.js';
export { generatePuzzles, type GenerateOptions } from './generate.js';
export { checkLegality, recheckPuzzle, verifyPuzzle } from './verify.js';
export { detectThemes, materialBalance, materialInPlay, solverBalance } from './themes.js';
export {
  gradeOfDepth,
  plausibleAlternatives,
  puzzleFeatures,
  searchDepth,
  searchDifficulty,
} from './difficulty.js';
export * from './thresholds.js';
export { describeFunnel, describeLibrary } from './stats.js';
