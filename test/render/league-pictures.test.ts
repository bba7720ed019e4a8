/**
 * The league pictures as images: tournament standings and rating graphs. Pixels where the
 * layouts say things are (the round robin's diagonal, stripes, the highlighted row, the rating
 * line and its band), refused input, the cache, and the render pool (both kinds, and a broken
 * job that reaches a worker).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { measureText } from '../../src/render/primitives/canvas.js';
import {
  BoardRenderer,
  MAX_GRAPH_POINTS,
  MAX_GRID_COLUMNS,
  MAX_STANDINGS_ROWS,
  RenderError,
  RenderPool,
  renderUncached,
  type RatingGraphPicture,
  type RenderErrorCode,
  type StandingsPicture,
} from '../../src/render/index.js';
import { ratingGraphLayout } from '../../src/render/rating-graph-layout.js';
import { normaliseRatingGraph } from '../../src/render/rating-graph-options.js';
import { standingsLayout } from '../../src/render/standings-layout.js';
import { normaliseStandings } from '../../src/render/standings-options.js';
import { STANDINGS_MAX_WIDTH, STANDINGS_MIN_WIDTH } from '../../src/render/standings-layout.js';
import { THEMES } from '../../src/render/themes.js';
import type { RenderJob } from '../../src/render/transport.js';
import { ratingHistory, roundRobinStandings, swissStandings } from '../support/league-pictures.js';
import { blend, decodePng, distance } from '../support/png.js';
import { item } from '../support/present.js';
import { internals, refusal } from '../support/render-helpers.js';

const graph: RatingGraphPicture = {
  title: 'Alice — Bashni',
  points: ratingHistory(40),
  footer: 'last 40 games',
};

describe('standings picture', () => {
  const sheet = THEMES.wood.sheet;
  const png = renderUncached('standings', roundRobinStandings);
  const image = decodePng(png);
  // The fixture's texts are all in the fonts, so this is the layout the painter used.
  const layout = standingsLayout(normaliseStandings(roundRobinStandings), measureText);
  const gridColumns = layout.columns.filter((column) => column.kind === 'grid');
  /** A pixel just inside the top-left corner of grid cell (row, column): no text there. */
  const corner = (row: number, column: number) =>
    image.at(item(gridColumns, column).x + 3, item(layout.rows, row).y + 3);

  it('is as large as its layout', () => {
    expect([image.width, image.height]).toEqual([layout.width, layout.height]);
  });

  it('shades the round robin diagonal ("×") and nothing else of the grid', () => {
    for (let row = 0; row < 4; row++) {
      for (let column = 0; column < 4; column++) {
        const shaded = distance(corner(row, column), sheet.diagonal) <= 2;
        expect(shaded, `row ${row}, column ${column}`).toBe(row === column);
      }
    }
  });

  it('stripes every other row and tints the highlighted one', () => {
    expect(distance(corner(0, 1), blend(sheet.paper, sheet.highlight))).toBeLessThanOrEqual(2);
    expect(distance(corner(1, 0), sheet.stripe)).toBeLessThanOrEqual(2);
    expect(distance(corner(2, 0), sheet.paper)).toBeLessThanOrEqual(2);
    expect(distance(corner(3, 0), sheet.stripe)).toBeLessThanOrEqual(2);
  });

  it('strikes a withdrawn player through', () => {
    const player = layout.columns.find((column) => column.kind === 'player')!;
    const row = item(layout.rows, 3);
    const y = Math.round(row.y + row.height / 2);
    const struck = image.at(player.x + layout.padding + 1, y);
    expect(distance(struck, sheet.muted)).toBeLessThanOrEqual(8);
  });

  it('draws a long Swiss in Russian, cutting long names and dropping emoji', () => {
    const swiss = decodePng(renderUncached('standings', swissStandings, { theme: 'contrast' }));
    expect(swiss.width).toBeGreaterThanOrEqual(STANDINGS_MIN_WIDTH);
    expect(swiss.width).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
  });

  it('fits the largest table it accepts within the largest width', () => {
    const columns = MAX_GRID_COLUMNS;
    const picture: StandingsPicture = {
      title: 'Marathon',
      headers: { place: '#', player: 'Player', points: 'Pts', tieBreaks: ['Buch', 'SB'] },
      gridHeaders: Array.from({ length: columns }, (_, i) => String(i + 1)),
      rows: Array.from({ length: MAX_STANDINGS_ROWS }, (_, row) => ({
        place: String(row + 1),
        name: `Игрок номер ${row + 1} 🎲`,
        points: '16½',
        tieBreaks: ['250.5', '190.25'],
        cells: Array.from({ length: columns }, (_, column) => (row === column ? '×' : '½')),
      })),
    };
    const big = decodePng(renderUncached('standings', picture));
    expect(big.width).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
  });
});

describe('rating graph', () => {
  const sheet = THEMES.contrast.sheet;
  const image = decodePng(renderUncached('rating-graph', graph, { theme: 'contrast' }));
  const layout = ratingGraphLayout(normaliseRatingGraph(graph), measureText);

  it('is 640 x 320 px, a dot on every game, the band of deviations behind the line', () => {
    expect([image.width, image.height]).toEqual([layout.width, layout.height]);
    for (const point of layout.points) {
      expect(distance(image.at(point.x, point.y), sheet.line)).toBeLessThanOrEqual(24);
    }
    // Above the first game, in its wide band (the deviation is 350): band over paper.
    const first = item(layout.points, 0);
    const run = item(layout.bands, 0);
    const above = (item(run, 0).top + first.y) / 2;
    expect(distance(image.at(first.x, above), blend(sheet.paper, sheet.band))).toBeLessThanOrEqual(
      4,
    );
  });

  it('draws one game, and equal games, without failing', () => {
    for (const points of [[{ rating: 1500 }], Array.from({ length: 5 }, () => ({ rating: 0 }))]) {
      const one = decodePng(renderUncached('rating-graph', { title: 'Bob', points }));
      expect(one.width).toBe(layout.width);
    }
  });
});

describe('league pictures: refusals', () => {
  const rows = roundRobinStandings.rows;
  const withRow = (row: object): StandingsPicture => ({
    ...roundRobinStandings,
    rows: [{ ...item(rows, 0), ...row }, ...rows.slice(1)],
  });

  it.each<[string, unknown, RenderErrorCode]>([
    ['no title', { ...roundRobinStandings, title: undefined }, 'bad-standings'],
    ['a cell too few', withRow({ cells: ['×', '1', '½'] }), 'bad-standings'],
    ['a tie-break too many', withRow({ tieBreaks: ['1', '2'] }), 'bad-standings'],
    ['a cell too long', withRow({ cells: ['×', '1', '½', '+'.repeat(11)] }), 'bad-standings'],
    ['withdrawn as a string', withRow({ withdrawn: 'yes' }), 'bad-standings'],
    ['a name that is a number', withRow({ name: 7 }), 'bad-standings'],
    [
      'too many rows',
      {
        ...roundRobinStandings,
        rows: Array.from({ length: MAX_STANDINGS_ROWS + 1 }, () => rows[1]),
      },
      'bad-standings',
    ],
    [
      'too many grid columns',
      {
        ...roundRobinStandings,
        gridHeaders: Array.from({ length: MAX_GRID_COLUMNS + 1 }, () => '1'),
        rows: [],
      },
      'bad-standings',
    ],
    ['rows that are not an array', { ...roundRobinStandings, rows: 'none' }, 'bad-standings'],
  ])('standings with %s', (_, picture, code) => {
    expect(refusal(() => renderUncached('standings', picture as StandingsPicture)).code).toBe(code);
  });

  it.each<[string, unknown, RenderErrorCode]>([
    ['no points (nothing to draw)', { ...graph, points: [] }, 'bad-rating-graph'],
    ['a rating that is not a number', { ...graph, points: [{ rating: NaN }] }, 'bad-rating-graph'],
    ['an infinite rating', { ...graph, points: [{ rating: Infinity }] }, 'bad-rating-graph'],
    [
      'a negative deviation',
      { ...graph, points: [{ rating: 1500, deviation: -1 }] },
      'bad-rating-graph',
    ],
    [
      'too many points',
      { ...graph, points: Array.from({ length: MAX_GRAPH_POINTS + 1 }, () => ({ rating: 1 })) },
      'bad-rating-graph',
    ],
    ['a footer that is not text', { ...graph, footer: 40 }, 'bad-rating-graph'],
  ])('a rating graph with %s', (_, picture, code) => {
    expect(refusal(() => renderUncached('rating-graph', picture as RatingGraphPicture)).code).toBe(
      code,
    );
  });

  it('refuses an unknown theme for both', () => {
    const theme = 'neon' as never;
    expect(refusal(() => renderUncached('standings', roundRobinStandings, { theme })).code).toBe(
      'unknown-theme',
    );
    expect(refusal(() => renderUncached('rating-graph', graph, { theme })).code).toBe(
      'unknown-theme',
    );
  });

  it('cuts an overlong player name instead of refusing it', () => {
    const picture = normaliseStandings(withRow({ name: 'Ж'.repeat(500) }));
    expect([...item(picture.rows, 0).name]).toHaveLength(64);
  });
});

describe('league pictures: cache', () => {
  it('serves a repeated picture from the cache, and keys on what is drawn', () => {
    const renderer = new BoardRenderer();
    const first = renderer.render('standings', roundRobinStandings);
    expect(renderer.render('standings', { ...roundRobinStandings })).toBe(first);
    // The same picture once its text is made one line.
    expect(
      renderer.render('standings', {
        ...roundRobinStandings,
        title: ` ${roundRobinStandings.title}\n`,
      }),
    ).toBe(first);
    expect(renderer.render('standings', roundRobinStandings, { theme: 'contrast' })).not.toBe(
      first,
    );
    expect(renderer.render('standings', { ...roundRobinStandings, footer: undefined })).not.toBe(
      first,
    );
    const line = renderer.render('rating-graph', graph);
    expect(renderer.render('rating-graph', { ...graph })).toBe(line);
    expect(renderer.render('rating-graph', { ...graph, points: graph.points.slice(1) })).not.toBe(
      line,
    );
    expect(renderer.stats()).toMatchObject({ hits: 3, misses: 5 });
  });
});

describe('league pictures: render pool', () => {
  const pool = new RenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('draws both kinds off the main thread, the same bytes, and caches them', async () => {
    const standings = await pool.render('standings', swissStandings, { theme: 'contrast' });
    expect(
      standings.equals(renderUncached('standings', swissStandings, { theme: 'contrast' })),
    ).toBe(true);
    const line = await pool.render('rating-graph', graph);
    expect(line.equals(renderUncached('rating-graph', graph))).toBe(true);
    expect(await pool.render('rating-graph', graph)).toBe(line);
    expect(pool.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it('rejects a bad picture before it reaches a worker', async () => {
    const before = pool.stats().misses;
    await expect(pool.render('rating-graph', { ...graph, points: [] })).rejects.toThrow(
      RenderError,
    );
    await expect(
      pool.render('standings', { ...roundRobinStandings, rows: 3 as never }),
    ).rejects.toThrow(/rows must be an array/);
    expect(pool.stats().misses).toBe(before);
  });

  it('rejects a malformed job in the worker as a RenderError, and the worker carries on', async () => {
    const worker = item(internals(pool).slots, 0).worker;
    const slip = (message: RenderJob) =>
      new Promise<Buffer>((resolve, reject) => {
        internals(pool).queue.push({ key: `broken ${message.kind}`, message, resolve, reject });
        internals(pool).dispatch();
      });
    const standings = slip({
      kind: 'standings',
      id: -1,
      job: {
        picture: { ...normaliseStandings(roundRobinStandings), gridHeaders: ['1'] },
        theme: 'wood',
      },
      jpeg: null,
    });
    const ratings = slip({
      kind: 'rating-graph',
      id: -2,
      job: { picture: { title: 'x', points: [{ rating: NaN }], footer: '' }, theme: 'wood' },
      jpeg: null,
    });
    await expect(standings).rejects.toMatchObject({ name: 'RenderError', code: 'bad-standings' });
    await expect(ratings).rejects.toMatchObject({ name: 'RenderError', code: 'bad-rating-graph' });
    const after = await pool.render('standings', roundRobinStandings);
    expect(after.equals(renderUncached('standings', roundRobinStandings))).toBe(true);
    expect(item(internals(pool).slots, 0).worker).toBe(worker);
  });
});
