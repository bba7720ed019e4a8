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
export { isCandidate, minePosition } from './miner.js';
export { mineGame, type MineRequest } from './self-play.js';
export { generatePuzzles, type GenerateOptions } from './generate.js';
export { checkLegality, verifyPuzzle } from './verify.js';
export { detectThemes, materialBalance, materialInPlay } from './themes.js';
export { searchDifficulty } from './difficulty.js';
export * from './thresholds.js';
export { describeLibrary } from './stats.js';
