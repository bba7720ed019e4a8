/**
 * What a game's review shows, the same on every platform: the evaluation graph with the summary,
 * or one critical moment's board with its line, and the buttons that step between them; and what
 * a press of one of those buttons is answered with when the review has changed under it.
 */
import type { Game, PlayerId } from '../../game/model.js';
import type { GameReview, GameService } from '../../game/service.js';
import type { Messages } from '../../i18n/index.js';
import type { Payload } from '../buttons/button-payload.js';
import { refusalText } from '../words/refusal-text.js';
import {
  evalGraphData,
  MAX_CAPTION,
  momentBoard,
  momentCaption,
  reviewButtons,
  reviewSummary,
  type ReviewButton,
  type ReviewPainter,
} from '../words/review-text.js';

export interface ReviewView {
  /** Plain text (names in it as players wrote them), at most the caption limit given. */
  readonly caption: string;
  /** Draws the picture, when the platform sends it. */
  readonly picture: () => Promise<Buffer>;
  /** The picture's file name. */
  readonly fileName: string;
  readonly buttons: readonly ReviewButton[];
}

/** The graph (`moment` undefined) or a moment of a review, its caption within `limit`. */
export function reviewView(
  t: Messages,
  review: GameReview,
  game: Game,
  painter: ReviewPainter,
  moment?: number,
  limit = MAX_CAPTION,
): ReviewView {
  const buttons = reviewButtons(t, review, moment);
  return moment === undefined
    ? {
        caption: reviewSummary(t, review, game, limit),
        picture: () => painter.paintEvalGraph(evalGraphData(t, review, game)),
        fileName: 'review.png',
        buttons,
      }
    : {
        caption: momentCaption(t, review, game, moment, limit),
        picture: () => painter.paintMoment(momentBoard(t, review, moment)),
        fileName: 'moment.png',
        buttons,
      };
}

/**
 * The review a stepping button means, with its game; or the refusal to answer the press with
 * (the game or its review unavailable, or the button drawn for a review that has changed).
 */
export async function pressedReview(
  service: Pick<GameService, 'queries' | 'reviews'>,
  payload: Extract<Payload, { kind: 'review' }>,
  by: PlayerId,
  t: Messages,
): Promise<{ review: GameReview; game: Game } | { refusal: string }> {
  const loaded = await service.queries.getGame(payload.gameId);
  if (!loaded.ok) return { refusal: refusalText(t, loaded) };
  // A finished game's review is cached: this searches only if the cache lapsed.
  const reviewed = await service.reviews.review(payload.gameId, by);
  if (!reviewed.ok) return { refusal: refusalText(t, reviewed) };
  const review = reviewed.value;
  const { moment } = payload;
  if (review.plyCount !== payload.ply || (moment !== undefined && moment >= review.moments.length))
    return { refusal: t.review.stale };
  return { review, game: loaded.value };
}
