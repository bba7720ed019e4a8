import type { ReviewPainter } from '../../src/chat/words/review-text.js';
import {
  renderPicture,
  type RatingGraphPicture,
  type ReplayPicture,
  type StandingsPicture,
} from '../../src/render/index.js';
import type { Position } from '../../src/engine/index.js';
import { REPLAY_MIN_SIZE } from '../../src/render/replay-options.js';
import type { TablePosition } from '../../src/engine/multi/index.js';
import type { RenderOptions, TableRenderOptions } from '../../src/render/index.js';

/** Draws boards on the calling thread (tests and scripts): the painters' interface, no pool. */
export const inlinePainter = {
  paint: (position: Position, options: RenderOptions) =>
    Promise.resolve(renderPicture('board', position, options)),
  paintTable: (position: TablePosition, options: TableRenderOptions) =>
    Promise.resolve(renderPicture('table', position, options)),
  paintStandings: (picture: StandingsPicture) =>
    Promise.resolve(renderPicture('standings', picture)),
  paintRatingGraph: (picture: RatingGraphPicture) =>
    Promise.resolve(renderPicture('rating-graph', picture)),
  // A failed drawing rejects, as the pool's does.
  paintReplay: (picture: ReplayPicture) =>
    Promise.resolve().then(() => renderPicture('replay', picture)),
};

/**
 * inlinePainter with the games' animations at their smallest size: the same renderer and the
 * same checks (a name too long for a title, moves that do not replay), under a third of the
 * pixels. For tests of what is said around the pictures.
 */
export const quickPainter = {
  ...inlinePainter,
  paintReplay: (picture: ReplayPicture) =>
    Promise.resolve().then(() => renderPicture('replay', picture, { size: REPLAY_MIN_SIZE })),
};

/** Draws a review's pictures on the calling thread, as main.ts does on the render pool. */
export const inlineReviewPainter: ReviewPainter = {
  paintEvalGraph: (picture) => Promise.resolve(renderPicture('eval-graph', picture)),
  paintMoment: (board) =>
    Promise.resolve(
      renderPicture(
        'board',
        board.position,
        { lastMove: board.played, hint: board.better, size: 360 },
        board.caption,
      ),
    ),
};
