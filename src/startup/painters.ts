/** The adapters' painters: every picture drawn on the render pool's threads, timed in metrics. */
import type { ReviewPainter } from '../chat/words/review-text.js';
import {
  DEFAULT_JPEG_QUALITY,
  type KindId,
  type KindInput,
  type RenderPool,
} from '../render/index.js';
import type { AppMetrics } from './metrics.js';

export function painters(renderPool: RenderPool, metrics: AppMetrics) {
  const timed = <T>(render: () => Promise<T>) => metrics.time(metrics.renderSeconds, render);
  const draw =
    <K extends KindId>(kind: K) =>
    (...input: KindInput<K>) =>
      timed(() => renderPool.render(kind, ...input));
  const painter = {
    paint: draw('board'),
    paintTable: draw('table'),
    paintStandings: draw('standings'),
    paintRatingGraph: draw('rating-graph'),
    paintReplay: draw('replay'),
    paintJpeg: (...input: KindInput<'board'>) =>
      timed(() => renderPool.renderJpeg('board', DEFAULT_JPEG_QUALITY, ...input)),
  };
  const reviewPainter: ReviewPainter = {
    paintEvalGraph: draw('eval-graph'),
    paintMoment: (board) =>
      timed(() =>
        renderPool.render(
          'board',
          board.position,
          { lastMove: board.played, hint: board.better, size: 720 },
          board.caption,
        ),
      ),
  };
  return { painter, reviewPainter };
}

export type Painters = ReturnType<typeof painters>;
