/**
 * Paints a review's evaluation graph (640 x 320 px): the title, the y axis of White's chances
 * 0-100 % with a 50 % line, the x axis's move numbers, the curve with the area above 50 % shaded
 * in White's colour and below in Black's, dots at the mistakes (orange) and blunders (red), and
 * a footer. Layout and paint in one: the picture is small and fixed in size.
 */
import { measureText } from './primitives/canvas.js';
import { paintWholePicture } from './primitives/surface.js';
import { paintLine } from './primitives/text.js';
import { fontCoverage, REGULAR_FONT } from './fonts.js';
import type { NormalisedEvalGraph } from './eval-graph-options.js';
import { GRAPH_TICK_SIZE, graphSheet, paintSheetText, strokeCurve } from './graph-sheet.js';
import { THEMES, type ThemeId } from './themes.js';

export const MISTAKE_COLOR = '#f08c00';
export const BLUNDER_COLOR = '#d62828';
const TICK_SIZE = GRAPH_TICK_SIZE;

/** The graph's plot area for a picture (exported for the tests). */
export function evalGraphPlot(graph: NormalisedEvalGraph) {
  const sheet = graphSheet(graph.footer);
  const tickWidth = Math.ceil(measureText('100 %', 'regular', TICK_SIZE));
  const top = sheet.titleBottom + 24;
  const bottom = sheet.footerTop - TICK_SIZE - 10;
  const left = sheet.textX + tickWidth + 8;
  const right = sheet.width - sheet.textX - 8;
  const count = graph.chances.length;
  const xOf = (i: number) =>
    count === 1 ? (left + right) / 2 : left + (i * (right - left)) / (count - 1);
  const yOf = (chances: number) => bottom - chances * (bottom - top);
  return { sheet, top, bottom, left, right, xOf, yOf };
}

export function paintEvalGraph(graph: NormalisedEvalGraph, themeId: ThemeId): Buffer {
  const colors = THEMES[themeId].sheet;
  const { sheet, top, bottom, left, right, xOf, yOf } = evalGraphPlot(graph);
  const middle = yOf(0.5);
  return paintWholePicture(sheet.width, sheet.height, colors.paper, (ctx) => {
    paintSheetText(ctx, sheet, graph, colors);
    ctx.fillStyle = colors.muted;
    const axis = fontCoverage(REGULAR_FONT).filter(graph.axis);
    paintLine(ctx, axis, REGULAR_FONT, TICK_SIZE, left, top - 14, right - left, 1, 'left');

    // The areas between the curve and 50 %: White's side light, Black's dark.
    const points = graph.chances.map((c, i) => ({ x: xOf(i), y: yOf(c) }));
    for (const [above, fill] of [
      [true, colors.band],
      [false, colors.muted],
    ] as const) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, above ? top : middle, right - left, above ? middle - top : bottom - middle);
      ctx.clip();
      ctx.beginPath();
      ctx.moveTo(points[0]!.x, middle);
      for (const p of points) ctx.lineTo(p.x, p.y);
      ctx.lineTo(points.at(-1)!.x, middle);
      ctx.closePath();
      ctx.globalAlpha = above ? 0.9 : 0.35;
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.restore();
    }

    // Grid: 0, 25, 50, 75, 100 %; the 50 % line stronger.
    for (const value of [0, 0.25, 0.5, 0.75, 1]) {
      const y = Math.round(yOf(value));
      ctx.fillStyle = value === 0.5 ? colors.muted : colors.rule;
      ctx.fillRect(left, y - (value === 0.5 ? 1 : 0), right - left, value === 0.5 ? 2 : 1);
      ctx.fillStyle = colors.muted;
      const label = `${Math.round(value * 100)} %`;
      paintLine(ctx, label, REGULAR_FONT, TICK_SIZE, left - 8, y, left - sheet.textX, 1, 'right');
    }
    ctx.fillStyle = colors.muted;
    ctx.fillRect(left - 1, top, 2, bottom - top + 1);
    for (const tick of graph.ticks) {
      const x = xOf(tick.at);
      ctx.fillRect(Math.round(x), bottom, 1, 5);
      paintLine(ctx, tick.label, REGULAR_FONT, TICK_SIZE, x, bottom + 14, 60, 1, 'center');
    }

    strokeCurve(ctx, points, colors, 2.5);
    for (const mark of graph.marks) {
      const p = points[mark.at]!;
      ctx.beginPath();
      ctx.arc(p.x, p.y, mark.kind === 'blunder' ? 6 : 5, 0, Math.PI * 2);
      ctx.fillStyle = mark.kind === 'blunder' ? BLUNDER_COLOR : MISTAKE_COLOR;
      ctx.fill();
      ctx.strokeStyle = colors.paper;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  });
}
