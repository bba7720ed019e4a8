/**
 * Where everything of the rating graph goes: the rating axis's round ticks, each game's point,
 * the band of ± 2 deviations, the last value's label. Pure: text widths come from a
 * MeasureText.
 *
 * The axis spans the ratings only, not the band: a new player's deviation (hundreds of points)
 * would flatten the line to nothing, so the band is cut at the plot's edges instead. A history
 * whose ratings span less than MINIMUM_RATING_SPAN (one game, or equal ratings) is centred in a
 * span of that size, so it is drawn as a level line and no scale divides by zero.
 */
import { GRAPH_TICK_SIZE, graphSheet, type GraphSheet } from './graph-sheet.js';
import type { Point, Rect } from './layout.js';
import type { NormalisedRatingGraph } from './rating-graph-options.js';
import type { MeasureText } from './text-fit.js';

export const MINIMUM_RATING_SPAN = 40;
/** The axis has between 3 and this many ticks. */
export const MOST_TICKS = 5;

const LABEL_SIZE = 16;

/**
 * Round values for the rating axis: 3 to `most` ticks, evenly spaced by 1, 2 or 5 times a power
 * of ten, the first at or below `low` and the last at or above `high`. The step is the smallest
 * such that no more than `most` ticks are needed.
 */
export function ratingTicks(low: number, high: number, most = MOST_TICKS): readonly number[] {
  let from = low;
  let to = high;
  if (to - from < MINIMUM_RATING_SPAN) {
    const middle = (from + to) / 2;
    from = middle - MINIMUM_RATING_SPAN / 2;
    to = middle + MINIMUM_RATING_SPAN / 2;
  }
  // A tenth of the span needs more than `most` ticks; steps then grow by at most 2.5 times, so
  // the first that fits still needs three (see the tests).
  let power = 10 ** Math.floor(Math.log10((to - from) / 10));
  for (;;) {
    for (const multiple of [1, 2, 5]) {
      const step = multiple * power;
      const first = Math.floor(from / step);
      const last = Math.ceil(to / step);
      if (last - first + 1 <= most) {
        return Array.from({ length: last - first + 1 }, (_, i) => (first + i) * step);
      }
    }
    power *= 10;
  }
}

export interface RatingTick {
  readonly value: number;
  readonly label: string;
  readonly y: number;
}

/** The band at one game: its x and where rating ± 2 deviations fall, cut to the plot. */
export interface BandEdge {
  readonly x: number;
  readonly top: number;
  readonly bottom: number;
}

export interface RatingGraphLayout extends GraphSheet {
  /** The area the ratings are drawn in; the axes are its left and bottom edges. */
  readonly plot: Rect;
  readonly ticks: readonly RatingTick[];
  readonly tickFontSize: number;
  /** One per game, oldest first. */
  readonly points: readonly Point[];
  readonly dotRadius: number;
  readonly lineWidth: number;
  /** Runs of consecutive games that have a deviation, each drawn as one band. */
  readonly bands: readonly (readonly BandEdge[])[];
  /** The last rating, rounded, in a pill right of the last point. */
  readonly last: { readonly text: string; readonly rect: Rect; readonly fontSize: number };
}

/** Lays out the whole graph. `points` must not be empty (normaliseRatingGraph sees to it). */
export function ratingGraphLayout(
  graph: NormalisedRatingGraph,
  measure: MeasureText,
): RatingGraphLayout {
  const sheet = graphSheet(graph.footer);
  const ratings = graph.points.map((point) => point.rating);
  const values = ratingTicks(Math.min(...ratings), Math.max(...ratings));
  const low = values[0]!;
  const high = values.at(-1)!;
  const labels = values.map((value) => String(value));
  const tickWidth = Math.ceil(
    Math.max(...labels.map((label) => measure(label, 'regular', GRAPH_TICK_SIZE))),
  );
  const lastRating = ratings.at(-1)!;
  const lastText = String(Math.round(lastRating));
  const pillWidth = Math.ceil(measure(lastText, 'bold', LABEL_SIZE)) + 12;
  const pillHeight = Math.round(LABEL_SIZE * 1.5);

  const top = sheet.titleBottom + 12;
  const bottom = sheet.footerTop - 8;
  const left = sheet.textX + tickWidth + 8;
  const right = sheet.width - sheet.textX - pillWidth - 8;
  const plot: Rect = { x: left, y: top, width: right - left, height: bottom - top };

  const count = ratings.length;
  const dotRadius = Math.max(2, Math.min(5, Math.round(plot.width / count / 4)));
  const inset = dotRadius + 4;
  const xOf = (i: number) =>
    count === 1
      ? left + plot.width / 2
      : left + inset + (i * (plot.width - 2 * inset)) / (count - 1);
  const yOf = (rating: number) => bottom - ((rating - low) / (high - low)) * plot.height;
  const clamp = (y: number) => Math.min(bottom, Math.max(top, y));
  const points = ratings.map((rating, i): Point => ({ x: xOf(i), y: yOf(rating) }));

  const bands: BandEdge[][] = [];
  let run: BandEdge[] = [];
  graph.points.forEach((point, i) => {
    if (point.deviation === undefined) {
      if (run.length > 0) bands.push(run);
      run = [];
      return;
    }
    const spread = 2 * point.deviation;
    run.push({
      x: xOf(i),
      top: clamp(yOf(point.rating + spread)),
      bottom: clamp(yOf(point.rating - spread)),
    });
  });
  if (run.length > 0) bands.push(run);

  const lastPoint = points.at(-1)!;
  const pillY = Math.min(bottom - pillHeight / 2, Math.max(top + pillHeight / 2, lastPoint.y));
  return {
    ...sheet,
    plot,
    ticks: values.map((value, i) => ({ value, label: labels[i]!, y: yOf(value) })),
    tickFontSize: GRAPH_TICK_SIZE,
    points,
    dotRadius,
    lineWidth: Math.max(2, dotRadius - 1),
    bands,
    last: {
      text: lastText,
      rect: {
        x: lastPoint.x + dotRadius + 6,
        y: pillY - pillHeight / 2,
        width: pillWidth,
        height: pillHeight,
      },
      fontSize: LABEL_SIZE,
    },
  };
}
