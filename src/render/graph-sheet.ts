/**
 * The sheet both graphs are drawn on (the review's evaluation graph and the rating graph):
 * 640 x 320 px, a bold title line at the top and an optional footer line at the bottom, both
 * between the margins, and the plot in between. Pure: what it paints is in paintSheetText.
 */
import type { Point } from './layout.js';
import type { PaintContext } from './primitives/canvas.js';
import { paintTextLine } from './primitives/text.js';
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from './fonts.js';
import type { SheetColors } from './themes.js';

export const GRAPH_WIDTH = 640;
export const GRAPH_HEIGHT = 320;
/** The size of the axes' labels. */
export const GRAPH_TICK_SIZE = 14;
const MARGIN = 16;
const TITLE_SIZE = 22;
const FOOTER_SIZE = 15;

export interface TextLine {
  readonly y: number;
  readonly fontSize: number;
}

export interface GraphSheet {
  readonly width: number;
  readonly height: number;
  /** Where text lines start, and how wide they may be. */
  readonly textX: number;
  readonly textWidth: number;
  readonly title: TextLine;
  readonly footer: TextLine | null;
  /** The first row below the title, and the last above the footer (or the bottom margin). */
  readonly titleBottom: number;
  readonly footerTop: number;
}

/** The sheet of a graph with a footer line or without (an empty footer). */
export function graphSheet(footer: string): GraphSheet {
  const hasFooter = footer !== '';
  return {
    width: GRAPH_WIDTH,
    height: GRAPH_HEIGHT,
    textX: MARGIN,
    textWidth: GRAPH_WIDTH - 2 * MARGIN,
    title: { y: MARGIN + Math.round(TITLE_SIZE * 0.6), fontSize: TITLE_SIZE },
    footer: hasFooter
      ? { y: GRAPH_HEIGHT - MARGIN - Math.round(FOOTER_SIZE * 0.5), fontSize: FOOTER_SIZE }
      : null,
    titleBottom: MARGIN + Math.round(TITLE_SIZE * 1.3),
    footerTop: GRAPH_HEIGHT - MARGIN - (hasFooter ? Math.round(FOOTER_SIZE * 1.4) + 6 : 0),
  };
}

/** The title (bold, in ink) and the footer (in the muted colour), characters the font lacks dropped. */
export function paintSheetText(
  ctx: PaintContext,
  sheet: GraphSheet,
  text: { readonly title: string; readonly footer: string },
  colors: SheetColors,
): void {
  ctx.fillStyle = colors.ink;
  const title = fontCoverage(BOLD_FONT).filter(text.title);
  paintTextLine(ctx, title, BOLD_FONT, sheet.title, sheet.textX, sheet.textWidth);
  if (sheet.footer === null) return;
  ctx.fillStyle = colors.muted;
  const footer = fontCoverage(REGULAR_FONT).filter(text.footer);
  paintTextLine(ctx, footer, REGULAR_FONT, sheet.footer, sheet.textX, sheet.textWidth);
}

/** A graph's curve through `points`, in the sheet's line colour, with round joins and ends. */
export function strokeCurve(
  ctx: PaintContext,
  points: readonly Point[],
  colors: SheetColors,
  width: number,
): void {
  if (points.length < 2) return;
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.strokeStyle = colors.line;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.stroke();
}
