/** The AI's public surface: import from here outside src/ai. */
export { AiPool, AiPoolError, type AiPoolOptions, type BotMoveRequest } from './pool.js';
export {
  describePlayer,
  parsePlayer,
  think,
  ThinkError,
  type PlayerSpec,
  type ThinkRequest,
  type ThinkResult,
} from './player.js';
export {
  LEVELS,
  levelConfig,
  MAX_LEVEL,
  MIN_LEVEL,
  TOP_LEVEL_MS,
  type LevelConfig,
} from './levels.js';
export {
  MATE,
  MATE_BOUND,
  moveText,
  Searcher,
  type SearchLimits,
  type SearchResult,
} from './search.js';
export { eloSummary, formatElo, type EloSummary } from './elo.js';
export { openings, playGame, playMatch, type GameOutcome, type MatchResult } from './match.js';
export {
  defaultWeights,
  GIVEAWAY_WEIGHTS,
  parseWeights,
  STANDARD_WEIGHTS,
  type Weights,
} from './weights.js';
export { spsa, tune, tuneLocal } from './tune.js';
export { seedFromText } from '../engine/index.js';
export * from './table/index.js';
export {
  analysisThinkRequest,
  fenTurn,
  logistic,
  positionEval,
  REVIEW_MS,
  REVIEW_DEEP_NODES,
  REVIEW_NODES,
  whiteChances,
  type AnalysisRequest,
  type PositionEval,
} from './analysis.js';
export { CALIBRATIONS, calibrationOf } from './calibration.js';
export type { Calibration } from './calibration-model.js';
export {
  calibrationSource,
  fitLogistic,
  reliabilityTable,
  selfPlayPoints,
  type CalibrationPoint,
  type CalibrationFit,
  type ReliabilityRow,
} from './calibrate.js';
