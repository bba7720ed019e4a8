/**
 * Paints the tournament standings picture that standings-layout.ts has placed, with primitives/'s
 * fonts, text fitting and PNG encoding. The picture is painted whole on every render: unlike a
 * board, no part of it is the same from one render to the next.
 */
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from './fonts.js';
import { measureText, type PaintContext } from './primitives/canvas.js';
import { paintWholePicture } from './primitives/surface.js';
import { paintLine, paintTextLine } from './primitives/text.js';
import type { Rect } from './layout.js';
import { standingsLayout, type StandingsColumn, type StandingsLayout } from './standings-layout.js';
import type {
  NormalisedStandings,
  NormalisedStandingsRow,
  StandingsRow,
} from './standings-options.js';
import type { FontWeight } from './text-fit.js';
import { THEMES, type SheetColors, type ThemeId } from './themes.js';

type Context = PaintContext;

/** A player's cell against themself: shaded, as the diagonal of a round robin. */
const SELF = '×';

/** `text` without the characters the font of `weight` lacks (emoji), which it cannot draw. */
function drawable(text: string, weight: FontWeight): string {
  return fontCoverage(weight === 'bold' ? BOLD_FONT : REGULAR_FONT).filter(text);
}

/** The picture with every text as it will be drawn, so that layout measures what is painted. */
function drawableStandings(picture: NormalisedStandings): NormalisedStandings {
  const { headers } = picture;
  const bold = (text: string) => drawable(text, 'bold');
  return {
    title: bold(picture.title),
    subtitle: drawable(picture.subtitle, 'regular'),
    headers: {
      place: bold(headers.place),
      player: bold(headers.player),
      points: bold(headers.points),
      tieBreaks: headers.tieBreaks.map(bold),
    },
    gridHeaders: picture.gridHeaders.map(bold),
    rows: picture.rows.map((row) => {
      const text = (value: string) => drawable(value, row.highlight ? 'bold' : 'regular');
      return {
        ...row,
        place: text(row.place),
        name: text(row.name),
        points: bold(row.points),
        tieBreaks: row.tieBreaks.map(text),
        cells: row.cells.map(text),
      };
    }),
    footer: drawable(picture.footer, 'regular'),
  };
}

/** The text of `row` in `column`. */
function cellText(row: StandingsRow, column: StandingsColumn): string {
  switch (column.kind) {
    case 'place':
      return row.place;
    case 'player':
      return row.name;
    case 'grid':
      return row.cells[column.index] ?? '';
    case 'points':
      return row.points;
    case 'tie-break':
      return row.tieBreaks[column.index] ?? '';
  }
}

/** The headings as a row, so that they are placed as the cells under them. */
function headingRow(picture: NormalisedStandings): StandingsRow {
  const { headers } = picture;
  return {
    place: headers.place,
    name: headers.player,
    points: headers.points,
    tieBreaks: headers.tieBreaks,
    cells: picture.gridHeaders,
  };
}

/**
 * Draws `text` in `column` of the row (or heading) `rect`: names from the left, everything else
 * centred. Returns the width drawn.
 */
function paintCell(
  ctx: Context,
  layout: StandingsLayout,
  column: StandingsColumn,
  rect: Rect,
  text: string,
  bold: boolean,
): number {
  const font = bold ? BOLD_FONT : REGULAR_FONT;
  const y = rect.y + rect.height / 2;
  const grid = column.kind === 'grid';
  const inHeading = rect === layout.heading;
  const size = grid
    ? layout.gridFontSize
    : inHeading
      ? layout.headingFontSize
      : layout.bodyFontSize;
  if (column.kind === 'player') {
    const x = column.x + layout.padding;
    return paintLine(ctx, text, font, size, x, y, column.width - 2 * layout.padding, 0.85, 'left');
  }
  const room = column.width - (grid ? 2 : 2 * Math.min(layout.padding, column.width / 8));
  return paintLine(ctx, text, font, size, column.x + column.width / 2, y, room, 0.7, 'center');
}

function paintRow(
  ctx: Context,
  layout: StandingsLayout,
  row: NormalisedStandingsRow,
  rect: Rect,
  stripe: boolean,
  colors: SheetColors,
): void {
  ctx.fillStyle = stripe ? colors.stripe : colors.paper;
  ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  if (row.highlight) {
    ctx.fillStyle = colors.highlight;
    ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  }
  const ink = row.withdrawn ? colors.muted : colors.ink;
  for (const column of layout.columns) {
    const text = cellText(row, column);
    const self = column.kind === 'grid' && text === SELF;
    if (self) {
      ctx.fillStyle = colors.diagonal;
      ctx.fillRect(column.x, rect.y, column.width, rect.height);
    }
    ctx.fillStyle = self ? colors.paper : ink;
    const bold = row.highlight || column.kind === 'points';
    const drawn = paintCell(ctx, layout, column, rect, text, bold);
    if (column.kind === 'player' && row.withdrawn && drawn > 0) {
      // Struck through: a withdrawn player's line stays, as their games still count.
      ctx.fillStyle = colors.muted;
      const y = Math.round(rect.y + rect.height / 2);
      ctx.fillRect(column.x + layout.padding, y, drawn, Math.max(2, layout.bodyFontSize / 12));
    }
  }
}

/** One-pixel lines between the columns, the grid's block set off by double width. */
function paintColumnRules(ctx: Context, layout: StandingsLayout, colors: SheetColors): void {
  const top = layout.heading.y + layout.heading.height;
  const last = layout.rows.at(-1);
  const bottom = last === undefined ? top : last.y + last.height;
  ctx.fillStyle = colors.rule;
  layout.columns.forEach((column, i) => {
    if (i === 0) return;
    const before = layout.columns[i - 1]!;
    const edge = (column.kind === 'grid') !== (before.kind === 'grid');
    ctx.fillRect(Math.round(column.x) - (edge ? 1 : 0), top, edge ? 2 : 1, bottom - top);
  });
  ctx.fillRect(layout.heading.x, bottom, layout.heading.width, 2);
}

/** The title block: title, subtitle and the rule under them. */
function paintTitles(
  ctx: Context,
  layout: StandingsLayout,
  shown: NormalisedStandings,
  colors: SheetColors,
): void {
  const { title, subtitle, textX, textWidth, rule } = layout;
  ctx.fillStyle = colors.ink;
  paintTextLine(ctx, shown.title, BOLD_FONT, title, textX, textWidth);
  if (subtitle !== null) {
    ctx.fillStyle = colors.muted;
    paintTextLine(ctx, shown.subtitle, REGULAR_FONT, subtitle, textX, textWidth);
  }
  ctx.fillStyle = colors.rule;
  ctx.fillRect(rule.x, rule.y, rule.width, rule.height);
}

/**
 * Paints a checked standings picture (normaliseStandings) and encodes it as PNG: about 720 to
 * 1000 px wide, as tall as its rows.
 */
export function paintStandingsPicture(picture: NormalisedStandings, themeId: ThemeId): Buffer {
  const colors = THEMES[themeId].sheet;
  const shown = drawableStandings(picture);
  const layout = standingsLayout(shown, measureText);
  return paintWholePicture(layout.width, layout.height, colors.paper, (ctx) => {
    paintTitles(ctx, layout, shown, colors);
    const { heading, footer } = layout;
    ctx.fillStyle = colors.heading;
    ctx.fillRect(heading.x, heading.y, heading.width, heading.height);
    ctx.fillStyle = colors.headingText;
    const headings = headingRow(shown);
    for (const column of layout.columns) {
      paintCell(ctx, layout, column, heading, cellText(headings, column), true);
    }
    shown.rows.forEach((row, i) => {
      paintRow(ctx, layout, row, layout.rows[i]!, i % 2 === 1, colors);
    });
    paintColumnRules(ctx, layout, colors);
    if (footer !== null) {
      ctx.fillStyle = colors.muted;
      paintTextLine(ctx, shown.footer, REGULAR_FONT, footer, layout.textX, layout.textWidth);
    }
  });
}
