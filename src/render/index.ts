/** The renderer's public surface: import from here outside src/render. */
export { RenderError, type RenderErrorCode } from './errors.js';
export { THEME_IDS, type ThemeId } from './themes.js';
export { MAX_SIZE, MIN_SIZE } from './layout.js';
export {
  DEFAULT_SIZE,
  type Caption,
  type LastMove,
  type RenderOptions,
  type Selection,
} from './options.js';
export { registerRenderFonts } from './primitives/canvas.js';
export { PHOTO_KINDS, type KindId, type KindInput, type PhotoKindId } from './kinds/index.js';
export type { PictureRenderOptions } from './kinds/themed.js';
export { DEFAULT_JPEG_QUALITY } from './transport.js';
export {
  BoardRenderer,
  clearRenderCache,
  renderCacheStats,
  renderPicture,
  renderUncached,
  type BoardRendererOptions,
  type RenderCacheStats,
} from './renderer.js';
export {
  DEFAULT_TABLE_LABELS,
  type PerSeat,
  type TableLabels,
  type TableRenderOptions,
} from './table-options.js';
export {
  MAX_GRID_COLUMNS,
  MAX_STANDINGS_ROWS,
  MAX_TIE_BREAKS,
  type StandingsHeaders,
  type StandingsPicture,
  type StandingsRow,
} from './standings-options.js';
export {
  MAX_GRAPH_POINTS,
  type RatingGraphPicture,
  type RatingGraphPoint,
} from './rating-graph-options.js';
export {
  MAX_REPLAY_PLIES,
  REPLAY_DELAYS,
  REPLAY_SIZE,
  type ReplayOptions,
  type ReplayPicture,
} from './replay-options.js';
export {
  RenderPool,
  RenderPoolError,
  type RenderPoolOptions,
  type RenderPoolStats,
} from './pool.js';
export {
  MAX_EVAL_POINTS,
  type EvalGraphMark,
  type EvalGraphPicture,
  type EvalGraphTick,
} from './eval-graph-options.js';
