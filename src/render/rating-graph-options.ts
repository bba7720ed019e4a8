/**
 * The rating graph: what a caller gives and its validation (its cache key is kinds/themed.ts's).
 * Pure: no canvas here.
 *
 * An empty list of points is refused (RenderError 'bad-rating-graph') rather than drawn as an
 * empty frame: a player without rated games has no history to show, and the caller says so in
 * words, in the player's language, which the renderer does not know.
 */
import { RenderError } from './errors.js';
import { checkArray, checkGraphText, checkNumber, checkRecord } from './picture-checks.js';

/** A player's rating after one game. */
export interface RatingGraphPoint {
  readonly rating: number;
  /** The rating's deviation: a light band of rating ± 2·deviation is drawn where given. */
  readonly deviation?: number;
}

/** Everything the rating graph shows; all text is already translated by the caller. */
export interface RatingGraphPicture {
  /** e.g. "Alice — Bashni" */
  readonly title: string;
  /** Oldest first: the rating after each game. */
  readonly points: readonly RatingGraphPoint[];
  /** e.g. "last 40 games" */
  readonly footer?: string;
}

/** A checked rating graph: texts one line, absent footer '', no deviation key where absent. */
export interface NormalisedRatingGraph extends RatingGraphPicture {
  readonly footer: string;
}

/** Most points drawn: beyond a few hundred the dots merge anyway; the caller picks the last games. */
export const MAX_GRAPH_POINTS = 1000;
/** Largest rating or deviation accepted: no rating scale comes near it, so more is a bug. */
export const MAX_RATING = 100_000;

const CODE = 'bad-rating-graph';

/**
 * Checks a rating graph and returns its canonical copy. Throws RenderError 'bad-rating-graph'
 * on anything it cannot draw: no points, too many, a rating or deviation that is not a finite
 * number in range, a missing or overlong text.
 */
export function normaliseRatingGraph(picture: RatingGraphPicture): NormalisedRatingGraph {
  const input = checkRecord(CODE, picture, 'the rating graph');
  const points = checkArray(CODE, input.points, 'points', MAX_GRAPH_POINTS);
  if (points.length === 0) {
    throw new RenderError(CODE, 'points is empty: a rating graph needs at least one point', {
      what: 'points',
    });
  }
  return {
    ...checkGraphText(CODE, input),
    points: points.map((value, i): RatingGraphPoint => {
      const point = checkRecord(CODE, value, `points[${i}]`);
      const rating = checkNumber(
        CODE,
        point.rating,
        `points[${i}].rating`,
        -MAX_RATING,
        MAX_RATING,
      );
      if (point.deviation === undefined || point.deviation === null) return { rating };
      const deviation = checkNumber(CODE, point.deviation, `points[${i}].deviation`, 0, MAX_RATING);
      return { rating, deviation };
    }),
  };
}
