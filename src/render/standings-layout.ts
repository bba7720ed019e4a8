/**
 * Where everything of the standings picture goes. Pure: text widths come from a MeasureText,
 * so tests can lay a table out without the canvas library.
 *
 * The table is a title (and subtitle) over a heading row and one row per player, then an
 * optional footer. Its columns, left to right: place, player, the grid (one narrow column per
 * opponent or round), points, tie-breaks. The picture is as wide as its columns need, between
 * STANDINGS_MIN_WIDTH and STANDINGS_MAX_WIDTH; when that is not enough the player column gives
 * up width first (down to a comfortable width), then the grid's font shrinks, then the player
 * column shrinks to its minimum, and last the grid's cells narrow (the painter shrinks and cuts
 * text that then overflows). Spare width goes to the player column.
 */
import type { Rect } from './layout.js';
import type { NormalisedStandings } from './standings-options.js';
import type { MeasureText } from './text-fit.js';

export const STANDINGS_MIN_WIDTH = 720;
export const STANDINGS_MAX_WIDTH = 1000;

const MARGIN = 20;
const TITLE_SIZE = 30;
const SUBTITLE_SIZE = 20;
const HEADING_SIZE = 17;
const BODY_SIZE = 21;
const FOOTER_SIZE = 17;
/** The grid's font, largest first; shrinks one px at a time to fit many columns. */
const GRID_SIZE_LARGEST = 19;
const GRID_SIZE_SMALLEST = 11;
const HEADING_HEIGHT = 38;
const ROW_HEIGHT = 36;
/** Space between the text of a column and its edges. */
const PADDING = 10;
const NAME_MINIMUM = 140;
const NAME_COMFORTABLE = 180;
const NAME_MAXIMUM = 360;
/**
 * Widest place, points or tie-break column. With at most four tie-breaks, these six columns,
 * the margins and the smallest player column leave room for the grid within the largest width.
 */
const SIDE_COLUMN_MAXIMUM = 120;

export type StandingsColumnKind = 'place' | 'player' | 'grid' | 'points' | 'tie-break';

export interface StandingsColumn {
  readonly kind: StandingsColumnKind;
  /** Which grid column or tie-break this is; 0 for the others. */
  readonly index: number;
  readonly x: number;
  readonly width: number;
}

/** A line of text across the picture: its vertical centre and font size. */
export interface TextLine {
  readonly y: number;
  readonly fontSize: number;
}

export interface StandingsLayout {
  readonly width: number;
  readonly height: number;
  /** Where the title, subtitle and footer start, and how wide they may be. */
  readonly textX: number;
  readonly textWidth: number;
  readonly title: TextLine;
  readonly subtitle: TextLine | null;
  /** A rule under the title block. */
  readonly rule: Rect;
  readonly heading: Rect;
  readonly headingFontSize: number;
  /** One per player, top to bottom. */
  readonly rows: readonly Rect[];
  readonly bodyFontSize: number;
  /** The grid's font, for its headings and cells. */
  readonly gridFontSize: number;
  readonly columns: readonly StandingsColumn[];
  /** Space between a text column's text and its edges. */
  readonly padding: number;
  readonly footer: TextLine | null;
}

/** The width of the widest text, 0 for none. Each distinct text is measured once. */
function widest(texts: readonly string[], measure: (text: string) => number): number {
  let most = 0;
  for (const text of new Set(texts)) most = Math.max(most, measure(text));
  return most;
}

/**
 * The width of a grid column at font size `size`: its widest heading or cell, bold (a
 * highlighted row is bold), and at least wide enough to look square-ish.
 */
export function gridCellWidth(
  picture: NormalisedStandings,
  size: number,
  measure: MeasureText,
): number {
  const texts = [...picture.gridHeaders, ...picture.rows.flatMap((row) => row.cells)];
  const text = widest(texts, (text) => measure(text, 'bold', size));
  return Math.max(Math.round(size * 1.5), Math.ceil(text) + 2 * Math.round(size * 0.25));
}

/** The widths the columns beside the grid ask for: their heading or widest value. */
function sideWidth(heading: string, values: readonly string[], measure: MeasureText): number {
  const text = Math.max(
    measure(heading, 'bold', HEADING_SIZE),
    widest(values, (value) => measure(value, 'bold', BODY_SIZE)),
  );
  return Math.min(SIDE_COLUMN_MAXIMUM, Math.ceil(text) + 2 * PADDING);
}

/** Column widths: every column's, the grid's font size, and the picture's width. */
export interface StandingsWidths {
  readonly place: number;
  readonly player: number;
  readonly grid: number;
  readonly gridFontSize: number;
  readonly points: number;
  readonly tieBreaks: readonly number[];
  readonly total: number;
}

/** How wide each column is (see the top of this file for the order in which they give way). */
export function standingsWidths(
  picture: NormalisedStandings,
  measure: MeasureText,
): StandingsWidths {
  const { headers, rows } = picture;
  const place = sideWidth(
    headers.place,
    rows.map((row) => row.place),
    measure,
  );
  const points = sideWidth(
    headers.points,
    rows.map((row) => row.points),
    measure,
  );
  const tieBreaks = headers.tieBreaks.map((heading, i) =>
    sideWidth(
      heading,
      rows.map((row) => row.tieBreaks[i] ?? ''),
      measure,
    ),
  );
  const fixed = 2 * MARGIN + place + points + tieBreaks.reduce((sum, width) => sum + width, 0);
  const names = Math.max(
    measure(headers.player, 'bold', HEADING_SIZE),
    widest(
      rows.map((row) => row.name),
      (name) => measure(name, 'bold', BODY_SIZE),
    ),
  );
  const wanted = Math.min(NAME_MAXIMUM, Math.max(NAME_MINIMUM, Math.ceil(names) + 2 * PADDING));
  const columns = picture.gridHeaders.length;
  const room = (cell: number) => STANDINGS_MAX_WIDTH - fixed - columns * cell;
  let gridFontSize = GRID_SIZE_SMALLEST;
  for (let size = GRID_SIZE_LARGEST; size > GRID_SIZE_SMALLEST; size--) {
    if (room(gridCellWidth(picture, size, measure)) >= Math.min(wanted, NAME_COMFORTABLE)) {
      gridFontSize = size;
      break;
    }
  }
  let grid = gridCellWidth(picture, gridFontSize, measure);
  let player = Math.max(NAME_MINIMUM, Math.min(wanted, room(grid)));
  if (columns > 0 && room(grid) < player) {
    grid = Math.floor((STANDINGS_MAX_WIDTH - fixed - player) / columns);
  }
  const total = fixed + player + columns * grid;
  if (total < STANDINGS_MIN_WIDTH) player += STANDINGS_MIN_WIDTH - total;
  return {
    place,
    player,
    grid,
    gridFontSize,
    points,
    tieBreaks,
    total: Math.max(total, STANDINGS_MIN_WIDTH),
  };
}

/** Lays out the whole picture. */
export function standingsLayout(
  picture: NormalisedStandings,
  measure: MeasureText,
): StandingsLayout {
  const widths = standingsWidths(picture, measure);
  const columns: StandingsColumn[] = [];
  let x = MARGIN;
  const add = (kind: StandingsColumnKind, width: number, index = 0) => {
    columns.push({ kind, index, x, width });
    x += width;
  };
  add('place', widths.place);
  add('player', widths.player);
  picture.gridHeaders.forEach((_, i) => add('grid', widths.grid, i));
  add('points', widths.points);
  widths.tieBreaks.forEach((width, i) => add('tie-break', width, i));

  const width = widths.total;
  const inner = width - 2 * MARGIN;
  let y = MARGIN;
  const title: TextLine = { y: y + Math.round(TITLE_SIZE * 0.65), fontSize: TITLE_SIZE };
  y += Math.round(TITLE_SIZE * 1.35);
  let subtitle: TextLine | null = null;
  if (picture.subtitle !== '') {
    subtitle = { y: y + Math.round(SUBTITLE_SIZE * 0.6), fontSize: SUBTITLE_SIZE };
    y += Math.round(SUBTITLE_SIZE * 1.4);
  }
  y += 6;
  const rule: Rect = { x: MARGIN, y, width: inner, height: 2 };
  y += 10;
  const heading: Rect = { x: MARGIN, y, width: inner, height: HEADING_HEIGHT };
  y += HEADING_HEIGHT;
  const rows = picture.rows.map((_, i): Rect => ({
    x: MARGIN,
    y: y + i * ROW_HEIGHT,
    width: inner,
    height: ROW_HEIGHT,
  }));
  y += rows.length * ROW_HEIGHT;
  let footer: TextLine | null = null;
  if (picture.footer !== '') {
    y += 8;
    footer = { y: y + Math.round(FOOTER_SIZE * 0.7), fontSize: FOOTER_SIZE };
    y += Math.round(FOOTER_SIZE * 1.4);
  }
  return {
    width,
    height: y + MARGIN,
    textX: MARGIN,
    textWidth: inner,
    title,
    subtitle,
    rule,
    heading,
    headingFontSize: HEADING_SIZE,
    rows,
    bodyFontSize: BODY_SIZE,
    gridFontSize: widths.gridFontSize,
    columns,
    padding: PADDING,
    footer,
  };
}
