/**
 * Paints the rating graph that rating-graph-layout.ts has placed, with primitives/'s fonts, text
 * fitting, pill and PNG encoding. Painted whole on every render.
 */
import { measureText, type PaintContext } from './primitives/canvas.js';
import { paintWholePicture } from './primitives/surface.js';
import { paintLine, paintPill } from './primitives/text.js';
import { REGULAR_FONT } from './fonts.js';
import { paintSheetText, strokeCurve } from './graph-sheet.js';
import { ratingGraphLayout, type BandEdge, type RatingGraphLayout } from './rating-graph-layout.js';
import type { NormalisedRatingGraph } from './rating-graph-options.js';
import { THEMES, type SheetColors, type ThemeId } from './themes.js';

type Context = PaintContext;

/** The band of ± 2 deviations over a run of games; a lone game's is a bar as wide as a dot. */
function paintBand(ctx: Context, run: readonly BandEdge[], dotRadius: number): void {
  ctx.beginPath();
  if (run.length === 1) {
    const { x, top, bottom } = run[0]!;
    ctx.rect(x - dotRadius - 2, top, 2 * dotRadius + 4, bottom - top);
  } else {
    run.forEach((edge, i) =>
      i === 0 ? ctx.moveTo(edge.x, edge.top) : ctx.lineTo(edge.x, edge.top),
    );
    for (let i = run.length - 1; i >= 0; i--) ctx.lineTo(run[i]!.x, run[i]!.bottom);
    ctx.closePath();
  }
  ctx.fill();
}

function paintAxes(ctx: Context, layout: RatingGraphLayout, colors: SheetColors): void {
  const { plot } = layout;
  for (const tick of layout.ticks) {
    ctx.fillStyle = colors.rule;
    ctx.fillRect(plot.x, Math.round(tick.y), plot.width, 1);
    ctx.fillStyle = colors.muted;
    paintLine(
      ctx,
      tick.label,
      REGULAR_FONT,
      layout.tickFontSize,
      plot.x - 8,
      tick.y,
      plot.x - layout.textX,
      1,
      'right',
    );
  }
  ctx.fillStyle = colors.muted;
  ctx.fillRect(plot.x - 1, plot.y, 2, plot.height + 1);
  ctx.fillRect(plot.x - 1, plot.y + plot.height - 1, plot.width + 1, 2);
}

function paintLineAndDots(ctx: Context, layout: RatingGraphLayout, colors: SheetColors): void {
  const { points, dotRadius } = layout;
  strokeCurve(ctx, points, colors, layout.lineWidth);
  ctx.fillStyle = colors.line;
  ctx.strokeStyle = colors.paper;
  ctx.lineWidth = Math.max(1, dotRadius / 3);
  for (const point of points) {
    ctx.beginPath();
    ctx.arc(point.x, point.y, dotRadius, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
}

/**
 * Paints a checked rating graph (normaliseRatingGraph) and encodes it as a 640 x 320 px PNG:
 * the title, the rating axis with round ticks, the band of ± 2 deviations where known, the line
 * of ratings with a dot per game, the last rating in a pill, and the footer.
 */
export function paintRatingGraph(graph: NormalisedRatingGraph, themeId: ThemeId): Buffer {
  const colors = THEMES[themeId].sheet;
  const layout = ratingGraphLayout(graph, measureText);
  const { plot } = layout;
  return paintWholePicture(layout.width, layout.height, colors.paper, (ctx) => {
    paintSheetText(ctx, layout, graph, colors);
    ctx.save();
    ctx.beginPath();
    ctx.rect(plot.x, plot.y, plot.width, plot.height);
    ctx.clip();
    ctx.fillStyle = colors.band;
    for (const run of layout.bands) paintBand(ctx, run, layout.dotRadius);
    ctx.restore();
    paintAxes(ctx, layout, colors);
    paintLineAndDots(ctx, layout, colors);
    paintPill(ctx, layout.last, {
      fill: colors.line,
      outline: colors.paper,
      outlineWidth: 1,
      text: colors.labelText,
    });
  });
}
