/**
 * The pure layout of the rating graph (rating-graph-layout.ts), with a font-less measure: the
 * axis's round ticks, points, the band and the last value's label, and the degenerate
 * histories (one game, all games equal) that must not divide by zero.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/engine/index.js';
import { GRAPH_HEIGHT, GRAPH_WIDTH } from '../../src/render/graph-sheet.js';
import {
  MINIMUM_RATING_SPAN,
  MOST_TICKS,
  ratingGraphLayout,
  ratingTicks,
  type RatingGraphLayout,
} from '../../src/render/rating-graph-layout.js';
import {
  normaliseRatingGraph,
  type RatingGraphPoint,
} from '../../src/render/rating-graph-options.js';
import type { Rect } from '../../src/render/layout.js';
import { fixedAdvance, ratingHistory } from '../support/league-pictures.js';

function layoutOf(points: readonly RatingGraphPoint[], footer?: string): RatingGraphLayout {
  return ratingGraphLayout(normaliseRatingGraph({ title: 'Alice', points, footer }), fixedAdvance);
}

function inside(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
}

/** Whether `step` is 1, 2 or 5 times a power of ten (at least 1). */
function isRoundStep(step: number): boolean {
  let rest = step;
  while (rest >= 10 && rest % 10 === 0) rest /= 10;
  return rest === 1 || rest === 2 || rest === 5;
}

describe('rating ticks', () => {
  const random = seededRandom(7);
  const ranges: [number, number][] = [
    [1500, 1500],
    [1499.6, 1500.2],
    [1480, 1520],
    [1200, 1900],
    [0, 3000],
    [-35, 12],
    [987, 1013],
    [1433.3, 1587.9],
  ];
  for (let i = 0; i < 300; i++) {
    const low = Math.round(random() * 3000 - 200);
    ranges.push([low, low + random() * 10 ** (random() * 4)]);
  }

  it.each(ranges)('from %d to %d: 3 to 5 round, even ticks that cover the range', (low, high) => {
    const ticks = ratingTicks(low, high);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(MOST_TICKS);
    const step = ticks[1]! - ticks[0]!;
    expect(isRoundStep(step)).toBe(true);
    ticks.forEach((tick, i) => {
      expect(Number.isInteger(tick)).toBe(true);
      expect(Math.abs(tick % step)).toBe(0);
      if (i > 0) expect(tick - ticks[i - 1]!).toBe(step);
    });
    expect(ticks[0]).toBeLessThanOrEqual(low);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(high);
    expect(ticks.at(-1)! - ticks[0]!).toBeGreaterThanOrEqual(MINIMUM_RATING_SPAN);
    // The smallest such step: the next smaller round step would need more than five ticks.
    const smaller = [1, 2, 5]
      .flatMap((multiple) => [1, 10, 100, 1000].map((power) => multiple * power))
      .filter((candidate) => candidate < step)
      .sort((a, b) => b - a)[0];
    if (smaller !== undefined) {
      const span = Math.max(high - low, MINIMUM_RATING_SPAN);
      const middle = (low + high) / 2;
      const from = high - low < MINIMUM_RATING_SPAN ? middle - span / 2 : low;
      const to = high - low < MINIMUM_RATING_SPAN ? middle + span / 2 : high;
      const count = Math.ceil(to / smaller) - Math.floor(from / smaller) + 1;
      expect(count).toBeGreaterThan(MOST_TICKS);
    }
  });
});

describe('rating graph layout', () => {
  it('puts every game inside the plot, oldest left, higher ratings higher', () => {
    const points = ratingHistory(40);
    const layout = layoutOf(points, 'last 40 games');
    expect(layout.points).toHaveLength(40);
    layout.points.forEach((point, i) => {
      expect(inside(layout.plot, point.x, point.y)).toBe(true);
      if (i > 0) expect(point.x).toBeGreaterThan(layout.points[i - 1]!.x);
    });
    const highest = points.reduce((best, p, i) => (p.rating > points[best]!.rating ? i : best), 0);
    const lowest = points.reduce((best, p, i) => (p.rating < points[best]!.rating ? i : best), 0);
    for (const point of layout.points) {
      expect(point.y).toBeGreaterThanOrEqual(layout.points[highest]!.y);
      expect(point.y).toBeLessThanOrEqual(layout.points[lowest]!.y);
    }
  });

  it('places the ticks on the plot, first at the bottom edge and last at the top', () => {
    const layout = layoutOf(ratingHistory(40));
    const { plot, ticks } = layout;
    expect(ticks[0]!.y).toBeCloseTo(plot.y + plot.height);
    expect(ticks.at(-1)!.y).toBeCloseTo(plot.y);
    expect(ticks.map((tick) => tick.label)).toEqual(ticks.map((tick) => String(tick.value)));
    // Labels fit left of the plot.
    for (const tick of ticks) {
      expect(fixedAdvance(tick.label, 'regular', layout.tickFontSize)).toBeLessThan(
        plot.x - layout.textX,
      );
    }
  });

  it('draws one game as a dot in the middle, with a band and its label', () => {
    const layout = layoutOf([{ rating: 1500, deviation: 350 }]);
    const [point] = layout.points;
    expect(point!.x).toBeCloseTo(layout.plot.x + layout.plot.width / 2);
    expect(point!.y).toBeCloseTo(layout.plot.y + layout.plot.height / 2);
    expect(layout.bands).toHaveLength(1);
    expect(layout.bands[0]).toEqual([
      { x: point!.x, top: layout.plot.y, bottom: layout.plot.y + layout.plot.height },
    ]);
    expect(layout.last.text).toBe('1500');
  });

  it('draws equal ratings as a level line in the middle third, every number finite', () => {
    const layout = layoutOf(Array.from({ length: 12 }, () => ({ rating: 1612 })));
    const { plot } = layout;
    const level = layout.points[0]!.y;
    expect(level).toBeGreaterThan(plot.y + plot.height / 3);
    expect(level).toBeLessThan(plot.y + (plot.height * 2) / 3);
    for (const point of layout.points) {
      expect(Number.isFinite(point.x)).toBe(true);
      expect(point.y).toBe(level);
    }
    expect(layout.bands).toEqual([]);
  });

  it('cuts the band at the plot and splits it where deviations are missing', () => {
    const points: RatingGraphPoint[] = [
      { rating: 1500, deviation: 300 },
      { rating: 1510, deviation: 5 },
      { rating: 1505 },
      { rating: 1520, deviation: 4 },
      { rating: 1530, deviation: 3 },
    ];
    const layout = layoutOf(points);
    expect(layout.bands.map((run) => run.length)).toEqual([2, 2]);
    const { plot } = layout;
    for (const run of layout.bands) {
      for (const edge of run) {
        expect(edge.top).toBeGreaterThanOrEqual(plot.y);
        expect(edge.bottom).toBeLessThanOrEqual(plot.y + plot.height);
        expect(edge.top).toBeLessThanOrEqual(edge.bottom);
      }
    }
    expect(layout.bands[0]![0]).toMatchObject({ top: plot.y, bottom: plot.y + plot.height });
    const narrow = layout.bands[1]![1]!;
    const scale = plot.height / (layout.ticks.at(-1)!.value - layout.ticks[0]!.value);
    expect(narrow.bottom - narrow.top).toBeCloseTo(4 * 3 * scale);
  });

  it('labels the last rating, rounded, right of its dot and inside the picture', () => {
    for (const points of [ratingHistory(40), ratingHistory(3, 5), [{ rating: 2999.5 }]]) {
      const layout = layoutOf(points);
      const last = layout.points.at(-1)!;
      expect(layout.last.text).toBe(String(Math.round(points.at(-1)!.rating)));
      const { rect } = layout.last;
      expect(rect.x).toBeGreaterThan(last.x);
      expect(rect.x + rect.width).toBeLessThanOrEqual(GRAPH_WIDTH);
      expect(rect.y).toBeGreaterThanOrEqual(layout.plot.y);
      expect(rect.y + rect.height).toBeLessThanOrEqual(layout.plot.y + layout.plot.height);
    }
  });

  it('makes room for the footer under the plot', () => {
    const bare = layoutOf(ratingHistory(10));
    const footed = layoutOf(ratingHistory(10), 'last 10 games');
    expect(bare.footer).toBeNull();
    expect(footed.footer!.y).toBeGreaterThan(footed.plot.y + footed.plot.height);
    expect(footed.footer!.y).toBeLessThan(GRAPH_HEIGHT);
    expect(footed.plot.height).toBeLessThan(bare.plot.height);
  });
});
