/**
 * The pure layout of the standings picture (standings-layout.ts), with a font-less measure:
 * column order and widths, the width limits for every size of table, what gives way first,
 * rows and lines top to bottom.
 */
import { describe, expect, it } from 'vitest';
import {
  gridCellWidth,
  STANDINGS_MAX_WIDTH,
  STANDINGS_MIN_WIDTH,
  standingsLayout,
  standingsWidths,
  type StandingsLayout,
} from '../../src/render/standings-layout.js';
import {
  MAX_CELL_LENGTH,
  MAX_HEADING_LENGTH,
  normaliseStandings,
  type NormalisedStandings,
} from '../../src/render/standings-options.js';
import { fixedAdvance, roundRobinStandings } from '../support/league-pictures.js';

interface Shape {
  readonly rows: number;
  readonly columns: number;
  readonly tieBreaks?: number;
  /** Every grid cell's text. */
  readonly cell?: string;
  readonly name?: (row: number) => string;
  readonly heading?: string;
}

/** A table of the given shape: a round robin's grid when it is square, short results in it. */
function table(shape: Shape): NormalisedStandings {
  const tieBreaks = shape.tieBreaks ?? 1;
  const heading = shape.heading;
  return normaliseStandings({
    title: 'Cup',
    headers: {
      place: heading ?? '#',
      player: heading ?? 'Player',
      points: heading ?? 'Pts',
      tieBreaks: Array.from({ length: tieBreaks }, (_, i) => heading ?? `T${i}`),
    },
    gridHeaders: Array.from({ length: shape.columns }, (_, i) => String(i + 1)),
    rows: Array.from({ length: shape.rows }, (_, row) => ({
      place: String(row + 1),
      name: shape.name?.(row) ?? `Player ${row + 1}`,
      points: '3½',
      tieBreaks: Array.from({ length: tieBreaks }, () => '12.25'),
      cells: Array.from({ length: shape.columns }, (_, column) =>
        column === row ? '×' : (shape.cell ?? '½'),
      ),
    })),
  });
}

function layoutOf(picture: NormalisedStandings): StandingsLayout {
  return standingsLayout(picture, fixedAdvance);
}

describe('standings columns', () => {
  it('run place, player, the grid, points, tie-breaks, edge to edge across the picture', () => {
    const layout = layoutOf(table({ rows: 6, columns: 6, tieBreaks: 2 }));
    expect(layout.columns.map((column) => `${column.kind}${column.index}`)).toEqual([
      'place0',
      'player0',
      ...Array.from({ length: 6 }, (_, i) => `grid${i}`),
      'points0',
      'tie-break0',
      'tie-break1',
    ]);
    let x = layout.textX;
    for (const column of layout.columns) {
      expect(column.x).toBe(x);
      expect(column.width).toBeGreaterThan(0);
      x += column.width;
    }
    expect(x + layout.textX).toBe(layout.width);
    expect(layout.heading.width).toBe(x - layout.textX);
  });

  it.each([
    [1, 0, 0],
    [4, 4, 1],
    [10, 3, 2],
    [24, 23, 2],
    [24, 24, 4],
    [64, 32, 4],
    [0, 0, 0],
  ])('%i rows, %i grid columns, %i tie-breaks: %s', (rows, columns, tieBreaks) => {
    const layout = layoutOf(table({ rows, columns, tieBreaks }));
    expect(layout.width).toBeGreaterThanOrEqual(STANDINGS_MIN_WIDTH);
    expect(layout.width).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
    const last = layout.columns.at(-1)!;
    expect(last.x + last.width).toBe(layout.width - layout.textX);
  });

  it('stays within the largest width with the longest texts the checks allow', () => {
    const long = 'W'.repeat(MAX_HEADING_LENGTH);
    const layout = layoutOf(
      table({
        rows: 64,
        columns: 32,
        tieBreaks: 4,
        heading: long,
        cell: 'W'.repeat(MAX_CELL_LENGTH),
        name: () => 'W'.repeat(64),
      }),
    );
    expect(layout.width).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
    for (const column of layout.columns) expect(column.width).toBeGreaterThan(0);
  });

  it('fits 24 players and 23 grid columns without narrowing the cells below their text', () => {
    const picture = table({ rows: 24, columns: 23, tieBreaks: 2 });
    const widths = standingsWidths(picture, fixedAdvance);
    expect(fixedAdvance('23', 'bold', widths.gridFontSize)).toBeLessThan(widths.grid);
    expect(widths.grid).toBe(gridCellWidth(picture, widths.gridFontSize, fixedAdvance));
    expect(widths.total).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
  });

  it('shrinks the grid font as columns are added, never growing it back', () => {
    const sizes = [2, 6, 10, 14, 18, 23, 28, 32].map(
      (columns) => standingsWidths(table({ rows: columns, columns }), fixedAdvance).gridFontSize,
    );
    sizes.forEach((size, i) => {
      if (i > 0) expect(size).toBeLessThanOrEqual(sizes[i - 1]!);
    });
    expect(sizes.at(-1)).toBeLessThan(sizes[0]!);
  });

  it('gives the spare width of a small table to the player column', () => {
    const picture = table({ rows: 3, columns: 3 });
    const widths = standingsWidths(picture, fixedAdvance);
    expect(widths.total).toBe(STANDINGS_MIN_WIDTH);
    const others =
      widths.place + widths.points + 3 * widths.grid + widths.tieBreaks.reduce((a, b) => a + b, 0);
    const margins = 2 * layoutOf(picture).textX;
    expect(widths.player).toBe(STANDINGS_MIN_WIDTH - margins - others);
    const longest = fixedAdvance('Player 3', 'bold', layoutOf(picture).bodyFontSize);
    expect(widths.player).toBeGreaterThan(longest);
  });

  it('caps a very long name, which the painter then cuts with "…"', () => {
    const short = standingsWidths(table({ rows: 12, columns: 12 }), fixedAdvance);
    expect(short.total).toBeGreaterThan(STANDINGS_MIN_WIDTH);
    const long = standingsWidths(
      table({ rows: 12, columns: 12, name: (row) => 'Ж'.repeat(20 + 40 * (row % 2)) }),
      fixedAdvance,
    );
    expect(long.player).toBeGreaterThan(short.player);
    expect(long.player).toBeLessThan(fixedAdvance('Ж'.repeat(60), 'bold', 21));
    expect(long.total).toBeLessThanOrEqual(STANDINGS_MAX_WIDTH);
  });

  it('widens a grid column to its widest cell or heading (Swiss "12w1" cells)', () => {
    const narrow = standingsWidths(table({ rows: 10, columns: 3 }), fixedAdvance);
    const wide = standingsWidths(table({ rows: 10, columns: 3, cell: '12w1' }), fixedAdvance);
    expect(wide.grid).toBeGreaterThan(narrow.grid);
    expect(wide.grid).toBeGreaterThan(fixedAdvance('12w1', 'bold', wide.gridFontSize));
  });
});

describe('standings rows and lines', () => {
  it('stacks title, subtitle, heading, one row a player and the footer, top to bottom', () => {
    const picture = normaliseStandings(roundRobinStandings);
    const layout = layoutOf(picture);
    expect(layout.subtitle).not.toBeNull();
    expect(layout.footer).not.toBeNull();
    expect(layout.title.y).toBeLessThan(layout.subtitle!.y);
    expect(layout.subtitle!.y).toBeLessThan(layout.rule.y);
    expect(layout.rule.y + layout.rule.height).toBeLessThanOrEqual(layout.heading.y);
    expect(layout.rows).toHaveLength(picture.rows.length);
    let y = layout.heading.y + layout.heading.height;
    for (const row of layout.rows) {
      expect(row.y).toBe(y);
      y += row.height;
    }
    expect(layout.footer!.y).toBeGreaterThan(y);
    expect(layout.height).toBeGreaterThan(layout.footer!.y + layout.footer!.fontSize / 2);
  });

  it('leaves out the subtitle and footer lines when they are empty, and grows with the rows', () => {
    const four = layoutOf(table({ rows: 4, columns: 4 }));
    const eight = layoutOf(table({ rows: 8, columns: 4 }));
    expect(four.subtitle).toBeNull();
    expect(four.footer).toBeNull();
    const rowHeight = four.rows[0]!.height;
    expect(eight.height - four.height).toBe(4 * rowHeight);
  });
});
