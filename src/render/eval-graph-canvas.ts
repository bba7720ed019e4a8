/**
 * Paints a review's evaluation graph (640 x 320 px): the title, the y axis of White's chances
 * 0-100 % with a 50 % line, the x axis's move numbers, the curve with the area above 50 % shaded
 * in White's colour and below in Black's, dots at the mistakes (orange) and blunders (red), and
 * a footer. Layout and paint in one: the picture is small and fixed in size.
 */
import { measureText, type PaintContext } from './primitives/canvas.js';
import { paintWholePicture } from './primitives/surface.js';
import { paintLine, paintTextLine } from './primitives/text.js';
import { BOLD_FONT, fontCoverage, REGULAR_FONT, type RenderFont } from './fonts.js';
import type { NormalisedEvalGraph } from './eval-graph-options.js';
import { THEMES, type ThemeId } from './themes.js';

export const EVAL_GRAPH_WIDTH = 640;
export const EVAL_GRAPH_HEIGHT = 320;
const MARGIN = 16;
const TITLE_SIZE = 22;
const TICK_SIZE = 14;
const FOOTER_SIZE = 15;
export const MISTAKE_COLOR = '#f08c00';
export const BLUNDER_COLOR = '#d62828';

/** The graph's plot area for a picture (exported for the tests). */
export function evalGraphPlot(graph: NormalisedEvalGraph) {
  const tickWidth = Math.ceil(measureText('100 %', 'regular', TICK_SIZE));
  const top = MARGIN + Math.round(TITLE_SIZE * 1.3) + 24;
  const footer = graph.footer === '' ? 0 : Math.round(FOOTER_SIZE * 1.4) + 6;
  const bottom = EVAL_GRAPH_HEIGHT - MARGIN - footer - TICK_SIZE - 10;
  const left = MARGIN + tickWidth + 8;
  const right = EVAL_GRAPH_WIDTH - MARGIN - 8;
  const count = graph.chances.length;
  const xOf = (i: number) =>
    count === 1 ? (left + right) / 2 : left + (i * (right - left)) / (count - 1);
  const yOf = (chances: number) => bottom - chances * (bottom - top);
  return { top, bottom, left, right, xOf, yOf };
}

/** A line across the picture between its margins (characters the font lacks dropped). */
function paintWideLine(
  ctx: PaintContext,
  text: string,
  font: RenderFont,
  y: number,
  fontSize: number,
): void {
  const shown = fontCoverage(font).filter(text);
  paintTextLine(ctx, shown, font, { y, fontSize }, MARGIN, EVAL_GRAPH_WIDTH - 2 * MARGIN);
}

export function paintEvalGraph(graph: NormalisedEvalGraph, themeId: ThemeId): Buffer {
  const colors = THEMES[themeId].sheet;
  const { top, bottom, left, right, xOf, yOf } = evalGraphPlot(graph);
  const middle = yOf(0.5);
  return paintWholePicture(EVAL_GRAPH_WIDTH, EVAL_GRAPH_HEIGHT, colors.paper, (ctx) => {
    ctx.fillStyle = colors.ink;
    paintWideLine(ctx, graph.title, BOLD_FONT, MARGIN + Math.round(TITLE_SIZE * 0.6), TITLE_SIZE);
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
      paintLine(ctx, label, REGULAR_FONT, TICK_SIZE, left - 8, y, left - MARGIN, 1, 'right');
    }
    ctx.fillStyle = colors.muted;
    ctx.fillRect(left - 1, top, 2, bottom - top + 1);
    for (const tick of graph.ticks) {
      const x = xOf(tick.at);
      ctx.fillRect(Math.round(x), bottom, 1, 5);
      paintLine(ctx, tick.label, REGULAR_FONT, TICK_SIZE, x, bottom + 14, 60, 1, 'center');
    }

    if (points.length > 1) {
      ctx.beginPath();
      points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.strokeStyle = colors.line;
      ctx.lineWidth = 2.5;
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      ctx.stroke();
    }
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
    if (graph.footer !== '') {
      ctx.fillStyle = colors.muted;
      const y = EVAL_GRAPH_HEIGHT - MARGIN - Math.round(FOOTER_SIZE * 0.5);
      paintWideLine(ctx, graph.footer, REGULAR_FONT, y, FOOTER_SIZE);
    }
  });
}
