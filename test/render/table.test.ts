/**
 * Table games' pictures (Zhernov's four-player game) as images: pixels where the layout says
 * things are, in every orientation; the cache, the render pool, refusals, and the four colours'
 * lightness. Pixel checks use the contrast theme, whose squares are flat colours.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GEOMETRY_8, type Stack } from '../../src/engine/index.js';
import { SEATS, type Seat, type TablePosition } from '../../src/engine/multi/index.js';
import { paintTable } from '../../src/render/table-canvas.js';
import {
  BoardRenderer,
  RenderError,
  RenderPool,
  renderUncached,
  type TableRenderOptions,
} from '../../src/render/index.js';
import {
  crownProbe,
  stackProfile,
  topCrown,
  type Point,
  type Rect,
} from '../../src/render/layout.js';
import { tableLayout, type TableLayout } from '../../src/render/table-layout.js';
import { prepareTableRender } from '../../src/render/table-options.js';
import { THEMES, type PieceColors } from '../../src/render/themes.js';
import {
  blend,
  decodePng,
  distance,
  isGold,
  luminance,
  parseColor,
  type DecodedImage,
  type Rgb,
} from '../support/png.js';
import { item } from '../support/present.js';
import { refusal } from '../support/render-helpers.js';
import {
  square,
  tablePosition,
  tableStartPosition,
  turnedCell,
} from '../support/table-positions.js';

const contrast = THEMES.contrast;

/** Red's column has just captured from c3 over d4 (Green's, now one high) to e5. */
const middle = tablePosition({
  turn: 2,
  finished: [{ seat: 0, how: 'count' }],
  columns: {
    e5: [1, 3],
    d4: [3, 1],
    g7: [0, 6],
    b6: [1, 2, true],
    h2: [3, 2],
    d8: [2, 2],
    f8: [2, 1],
  },
});
const lastMove = { from: square('c3'), path: [square('e5')], captures: [square('d4')] };
const selected = { square: square('h2'), targets: [square('g1'), square('g3')] };

function render(position: TablePosition, options: TableRenderOptions) {
  const { options: normalised } = prepareTableRender(position, options);
  const layout = tableLayout(
    normalised.size,
    normalised.bottom,
    normalised.coordinates,
    position.seats,
    normalised.caption !== null,
  );
  const image = decodePng(renderUncached('table', position, options));
  return { image, layout };
}

/**
 * The screen rectangle of a square with `bottom` at the bottom, from the test's own turned
 * cell (not layout.ts's squareCell) and the layout's square size and corner.
 */
function cellOf(layout: TableLayout, name: string, bottom: Seat): Rect {
  const index = square(name);
  const { column, row } = turnedCell(GEOMETRY_8.file[index]!, GEOMETRY_8.rank[index]!, bottom);
  const s = layout.board.squareSize;
  return { x: layout.board.left + column * s, y: layout.board.top + row * s, width: s, height: s };
}

function centre(rect: Rect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** A point 3 px inside the corner of `rect` farthest from all of `away` (clear of a route). */
function clearCorner(rect: Rect, away: readonly Point[]): Point {
  const corners = [
    { x: rect.x + 3, y: rect.y + 3 },
    { x: rect.x + rect.width - 4, y: rect.y + 3 },
    { x: rect.x + 3, y: rect.y + rect.height - 4 },
    { x: rect.x + rect.width - 4, y: rect.y + rect.height - 4 },
  ];
  const clearance = (p: Point) => Math.min(...away.map((a) => Math.hypot(p.x - a.x, p.y - a.y)));
  return corners.reduce((best, p) => (clearance(p) > clearance(best) ? p : best));
}

function at(image: DecodedImage, point: Point): Rgb {
  return image.at(point.x, point.y);
}

/** The seat whose piece colours are nearest to `color`. */
function nearestSeat(color: Rgb, seats: readonly PieceColors[]): number {
  const score = (colors: PieceColors) =>
    Math.min(
      ...[colors.faceLight, colors.faceDark, colors.sideLight, colors.sideDark].map((c) =>
        distance(color, c),
      ),
    );
  let best = 0;
  seats.forEach((colors, seat) => {
    if (score(colors) < score(seats[best]!)) best = seat;
  });
  return best;
}

describe('table pictures: marks on the right squares whichever seat is at the bottom', () => {
  it.each(SEATS)('seat %i at the bottom', (bottom) => {
    const { image, layout } = render(middle, {
      size: 400,
      theme: 'contrast',
      bottom,
      lastMove,
      selected,
    });
    const dark = contrast.darkSquare;
    const c3 = cellOf(layout, 'c3', bottom);
    const d4 = cellOf(layout, 'd4', bottom);
    const e5 = cellOf(layout, 'e5', bottom);
    const tint = blend(dark, contrast.lastMoveTint);
    expect(distance(at(image, clearCorner(c3, [centre(d4)])), tint)).toBeLessThanOrEqual(2);
    expect(distance(at(image, clearCorner(e5, [centre(d4)])), tint)).toBeLessThanOrEqual(2);
    const jumped = clearCorner(d4, [centre(c3), centre(e5)]);
    expect(distance(at(image, jumped), blend(dark, contrast.jumpedTint))).toBeLessThanOrEqual(2);
    for (const target of ['g1', 'g3']) {
      const dot = centre(cellOf(layout, target, bottom));
      expect(distance(at(image, dot), blend(dark, contrast.target))).toBeLessThanOrEqual(3);
    }
    // Unmarked dark squares keep their colour.
    for (const plain of ['a1', 'a7', 'h6']) {
      expect(distance(at(image, clearCorner(cellOf(layout, plain, bottom), [])), dark)).toBe(0);
    }
    // Each column stands on its square in its owner's colours.
    const s = layout.board.squareSize;
    for (const [name, owner] of [
      ['e5', 1],
      ['d4', 3],
      ['g7', 0],
      ['d8', 2],
    ] as const) {
      const rect = cellOf(layout, name, bottom);
      const column = middle.columns[square(name)]!;
      const stack: Stack = { height: column.height, colors: 0, kings: 0 };
      const profile = stackProfile(stack, s);
      const disc = item(profile.discs, 0, 'discs');
      // The middle of the bottom disc's side band, left of centre (clear of the highlight),
      // where the ellipses of its edges lie 0.835 radiusY below their centres.
      const side = {
        x: rect.x + profile.centerX - profile.radiusX * 0.55,
        y: rect.y + (disc.top + disc.bottom) / 2 + profile.radiusY * 0.835,
      };
      expect(nearestSeat(at(image, side), contrast.seats), name).toBe(owner);
    }
    // The king column wears its crown on top.
    const b6 = cellOf(layout, 'b6', bottom);
    const kingProfile = stackProfile({ height: 2, colors: 0, kings: 2 }, s);
    const probe = crownProbe(topCrown(kingProfile));
    expect(isGold(image.at(b6.x + probe.x, b6.y + probe.y))).toBe(true);
  });
});

describe('table pictures: the seats on their edges and in the standings', () => {
  it.each(SEATS)('seat %i at the bottom: Black to move, White finished', (bottom) => {
    const { image, layout } = render(middle, { size: 480, theme: 'contrast', bottom });
    for (const mark of layout.edges) {
      const { bar, rim } = mark;
      const across = bar.width > bar.height;
      // A fifth of the way along the bar: clear of the chip and the arrows in its middle.
      const onBar = across
        ? { x: bar.x + bar.width * 0.2, y: bar.y + bar.height / 2 }
        : { x: bar.x + bar.width / 2, y: bar.y + bar.height * 0.2 };
      const expected =
        mark.seat === 0 ? contrast.finishedSeat.fill : contrast.seats[mark.seat].faceDark;
      expect(distance(at(image, onBar), expected), `bar of seat ${mark.seat}`).toBeLessThanOrEqual(
        2,
      );
      const onRim = across ? { x: onBar.x, y: rim.y + 0.5 } : { x: rim.x + 0.5, y: onBar.y };
      const rimColor = at(image, onRim);
      if (mark.seat === 2) expect(distance(rimColor, contrast.turn)).toBeLessThanOrEqual(2);
      else expect(distance(rimColor, contrast.turn)).toBeGreaterThan(60);
      const chip = at(image, { x: mark.chip.x - mark.chip.radius * 0.65, y: mark.chip.y });
      expect(distance(chip, expected), `chip of seat ${mark.seat}`).toBeLessThanOrEqual(3);
    }
    const { lines } = layout.standings;
    for (const line of lines) {
      const { rect } = line;
      const corner = at(image, { x: rect.x + rect.width - 3, y: rect.y + 3 });
      const background =
        line.seat === 2
          ? blend(contrast.captionBackground, contrast.turnTint)
          : parseColor(contrast.captionBackground);
      expect(distance(corner, background), `line of seat ${line.seat}`).toBeLessThanOrEqual(2);
      const expected =
        line.seat === 0 ? contrast.finishedSeat.fill : contrast.seats[line.seat].faceDark;
      const chip = at(image, { x: line.chip.x - line.chip.radius * 0.65, y: line.chip.y });
      expect(distance(chip, expected)).toBeLessThanOrEqual(3);
    }
    // White became count: a coronet right of its name, left of its status.
    const white = item(lines, 0);
    let gold = 0;
    for (let x = white.nameX; x < white.statusRight; x++) {
      if (isGold(image.at(x, white.centerY))) gold++;
    }
    expect(gold).toBeGreaterThan(0);
    expect(item(lines, 1).rect.y).toBe(white.rect.y + white.rect.height);
    const red = item(lines, 1);
    for (let x = red.nameX; x < red.statusRight; x++)
      expect(isGold(image.at(x, red.centerY))).toBe(false);
  });

  it('marks no seat to move once the game is over', () => {
    const { image, layout } = render(middle, {
      size: 360,
      theme: 'contrast',
      end: 'no-capture-limit',
    });
    for (const mark of layout.edges) {
      const { bar, rim } = mark;
      const across = bar.width > bar.height;
      const onRim = across
        ? { x: bar.x + bar.width * 0.2, y: rim.y + 0.5 }
        : { x: rim.x + 0.5, y: bar.y + bar.height * 0.2 };
      expect(distance(at(image, onRim), contrast.turn)).toBeGreaterThan(60);
    }
    for (const line of layout.standings.lines) {
      const corner = at(image, { x: line.rect.x + line.rect.width - 3, y: line.rect.y + 3 });
      expect(distance(corner, contrast.captionBackground)).toBeLessThanOrEqual(2);
    }
  });

  it('leaves the edges of seats not taken plain, and sizes the standings to the seats', () => {
    const twoSeats = tableStartPosition([1, 3]);
    const { image, layout } = render(twoSeats, { size: 400, theme: 'contrast' });
    expect(layout.edges.map((mark) => mark.side)).toEqual(['left', 'right']);
    expect(image.height).toBe(layout.height);
    expect(layout.standings.lines).toHaveLength(2);
    const board = layout.board;
    const s = board.squareSize;
    // Between the squares and the image edge, at the bottom and the top: the bare frame.
    for (const y of [board.top + 8 * s + board.edgeBand / 2, board.top - board.edgeBand / 2]) {
      expect(distance(image.at(board.left + s, y), contrast.frame)).toBeLessThanOrEqual(2);
    }
  });
});

describe('table pictures: painting', () => {
  const cases: [string, TablePosition, TableRenderOptions][] = [
    ['the start', tableStartPosition(), { size: 300 }],
    ['middle, Red at the bottom, marks', middle, { size: 333, bottom: 1, lastMove, selected }],
    [
      'middle, Green at the bottom, contrast',
      middle,
      { size: 256, bottom: 3, theme: 'contrast', lastMove },
    ],
    [
      'three seats, captioned, no coordinates',
      tableStartPosition([0, 1, 2]),
      { size: 280, bottom: 2, coordinates: false, caption: { title: 'Жернов', text: 'Ход белых' } },
    ],
  ];

  it.each(cases)(
    '%s: reading back the touched parts gives the whole image',
    (_, position, options) => {
      const prepared = prepareTableRender(position, options);
      const partial = paintTable(prepared.position, prepared.options);
      const whole = paintTable(prepared.position, prepared.options, true);
      expect(partial.equals(whole)).toBe(true);
    },
  );

  it('draws the same bytes twice, and a board drawn in between changes nothing', () => {
    const first = renderUncached('table', middle, { size: 300, lastMove });
    renderUncached('table', tableStartPosition(), { size: 300, bottom: 2 });
    expect(renderUncached('table', middle, { size: 300, lastMove }).equals(first)).toBe(true);
  });

  it('keeps player names to one line, dropping characters the font cannot draw', () => {
    const long = 'Анна-Мария Длинноимённая-Фамилия 🦄 из Очень Далёкого Города';
    const png = renderUncached('table', middle, { size: 240, names: { 1: long, 3: '😀' } });
    expect(decodePng(png).width).toBe(240);
  });
});

describe('table pictures: cache and pool', () => {
  it('serves a repeated picture from the cache, and keys on what is drawn', () => {
    const renderer = new BoardRenderer();
    const first = renderer.render('table', middle, { size: 240 });
    expect(renderer.render('table', middle, { size: 240 })).toBe(first);
    expect(renderer.render('table', { ...middle }, { size: 240, names: {} })).toBe(first);
    const others: TableRenderOptions[] = [
      { size: 240, bottom: 1 },
      { size: 240, names: { 1: 'Anna' } },
      { size: 240, labels: { toMove: 'ходит' } },
      { size: 240, end: 'no-capture-limit' },
      { size: 240, lastMove },
    ];
    for (const options of others) expect(renderer.render('table', middle, options)).not.toBe(first);
    expect(renderer.render('table', { ...middle, turn: 1 }, { size: 240 })).not.toBe(first);
    expect(renderer.stats()).toMatchObject({ hits: 2, misses: 7 });
  });

  const pool = new RenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('draws the same bytes in the pool as on the main thread, and caches them', async () => {
    const options: TableRenderOptions = { size: 260, bottom: 1, lastMove, names: { 0: 'Егор' } };
    const png = await pool.render('table', middle, options);
    expect(png.equals(renderUncached('table', middle, options))).toBe(true);
    expect(await pool.render('table', middle, options)).toBe(png);
    const board = await pool.render('table', tableStartPosition([0, 2]), {
      size: 200,
      theme: 'contrast',
    });
    expect(
      board.equals(
        renderUncached('table', tableStartPosition([0, 2]), { size: 200, theme: 'contrast' }),
      ),
    ).toBe(true);
    expect(pool.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it('rejects a picture it cannot draw before it reaches a worker', async () => {
    await expect(pool.render('table', middle, { bottom: 4 as Seat })).rejects.toThrow(RenderError);
    await expect(pool.render('table', { ...middle, turn: 0 }, {})).rejects.toThrow(/finished/);
  });
});

describe('table pictures: refusals', () => {
  const columns = middle.columns;
  const withColumn = (column: unknown): TablePosition =>
    ({ ...middle, columns: columns.map((c, i) => (i === 0 ? column : c)) }) as TablePosition;

  it.each([
    ['another variant', { ...middle, variant: 'bashni' }, 'unknown-variant'],
    ['one seat', { ...middle, seats: [0], turn: 0, finished: [] }, 'bad-position'],
    ['seats out of order', { ...middle, seats: [1, 0, 2, 3] }, 'bad-position'],
    ['a seat twice', { ...middle, seats: [0, 0, 2, 3] }, 'bad-position'],
    ['a turn of a seat not taken', { ...tableStartPosition([0, 2]), turn: 1 }, 'bad-position'],
    ['a finished seat to move', { ...middle, turn: 0 }, 'bad-position'],
    [
      'a seat finished twice',
      { ...middle, finished: [...middle.finished, ...middle.finished] },
      'bad-position',
    ],
    [
      'a finish of a seat not taken',
      { ...tableStartPosition([0, 2]), finished: [{ seat: 1, how: 'out' }] },
      'bad-position',
    ],
    [
      'a finish of another kind',
      { ...middle, finished: [{ seat: 0, how: 'won' }] },
      'bad-position',
    ],
    ['31 squares', { ...middle, columns: columns.slice(1) }, 'bad-position'],
    ['a column of nobody', withColumn({ owner: 5, height: 1, king: false }), 'bad-stack'],
    [
      'a column of a seat not taken',
      {
        ...tableStartPosition([0, 2]),
        columns: withColumn({ owner: 1, height: 1, king: false }).columns,
      },
      'bad-stack',
    ],
    ['a column of height 0', withColumn({ owner: 1, height: 0, king: false }), 'bad-stack'],
    ['a column of height 33', withColumn({ owner: 1, height: 33, king: false }), 'bad-stack'],
    ['a column without its king flag', withColumn({ owner: 1, height: 2 }), 'bad-stack'],
  ] as const)('refuses %s', (_, position, code) => {
    expect(refusal(() => renderUncached('table', position as unknown as TablePosition)).code).toBe(
      code,
    );
  });

  it.each([
    ['a seat 4 at the bottom', { bottom: 4 }, 'bad-orientation'],
    ['a size of 100', { size: 100 }, 'bad-size'],
    ['an unknown theme', { theme: 'neon' }, 'unknown-theme'],
    [
      'a last move off the board',
      { lastMove: { from: 32, path: [1], captures: [] } },
      'bad-last-move',
    ],
    ['a selection off the board', { selected: { square: -1, targets: [] } }, 'bad-selection'],
    ['a name that is not text', { names: { 1: 42 } }, 'bad-option'],
    ['three colour names', { labels: { colors: ['a', 'b', 'c'] } }, 'bad-option'],
    ['an empty colour name', { labels: { colors: ['W', '', 'B', 'G'] } }, 'bad-option'],
    ['a label of 41 characters', { labels: { toMove: 'x'.repeat(41) } }, 'bad-option'],
    ['an unknown end', { end: 'resigned' }, 'bad-option'],
    ['a caption that is not text', { caption: { title: 1, text: '' } }, 'bad-caption'],
  ] as const)('refuses %s', (_, options, code) => {
    expect(
      refusal(() => renderUncached('table', middle, options as unknown as TableRenderOptions)).code,
    ).toBe(code);
  });
});

describe('the four seat colours', () => {
  it.each(Object.values(THEMES))('$id: four steps of lightness, light to dark W G R B', (theme) => {
    // Contrast ratio in the WCAG sense, so that the colours differ in grey, not in hue only.
    const ratio = (a: string, b: string) =>
      (luminance(parseColor(a)) + 0.05) / (luminance(parseColor(b)) + 0.05);
    for (const key of ['faceLight', 'faceDark', 'sideLight', 'sideDark'] as const) {
      const [white, red, black, green] = theme.seats.map((colors) => colors[key]) as [
        string,
        string,
        string,
        string,
      ];
      for (const [lighter, darker] of [
        [white, green],
        [green, red],
        [red, black],
      ] as const) {
        expect(ratio(lighter, darker), `${key}: ${lighter} over ${darker}`).toBeGreaterThanOrEqual(
          1.7,
        );
      }
    }
    // The two-player pieces are the table's White and Black.
    expect(theme.seats[0]).toEqual(theme.pieces[0]);
    expect(theme.seats[2]).toEqual(theme.pieces[1]);
  });
});
