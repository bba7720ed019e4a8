/** The AI of table games (Zhernov's four-player game): import from ../index.js outside src/ai. */
export { TABLE_LEVELS, tableLevelConfig } from './levels.js';
export { TABLE_WEIGHTS, type TableWeights } from './evaluate.js';
export { TableSearcher, type TableSearchLimits, type TableSearchResult } from './search.js';
export {
  playTableGame,
  playTableMatch,
  TABLE_MAX_PLIES,
  type TableGameEnd,
  type TableGameOptions,
  type TableGameOutcome,
  type TableMatchOptions,
  type TableMatchResult,
  type TableThink,
} from './match.js';
export { isTableVariantId } from './variants.js';
