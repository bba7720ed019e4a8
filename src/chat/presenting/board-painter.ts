import type { Position } from '../../engine/index.js';
import type { TablePosition } from '../../engine/multi/index.js';
import type { RenderOptions, TableRenderOptions } from '../../render/index.js';
import type { RatingGraphData } from '../words/league-text.js';
import type { StandingsData } from '../words/tournament-text.js';
import type { ReplayData } from './replay.js';

/** Draws a chat's pictures off the event loop (the render pool, in production). */
export interface BoardPainter {
  paint(position: Position, options: RenderOptions): Promise<Buffer>;
  /** A table game's board (four colours, the standings). */
  paintTable(position: TablePosition, options: TableRenderOptions): Promise<Buffer>;
  /** A tournament's standings table with its results grid. */
  paintStandings(picture: StandingsData): Promise<Buffer>;
  /** A player's rating over their last games. */
  paintRatingGraph(picture: RatingGraphData): Promise<Buffer>;
  /** A two-player game's animation, every ply, as an animated GIF. */
  paintReplay(picture: ReplayData): Promise<Buffer>;
}
