/** Drawn on any picture: a fitted line of text, a title line, a number in a pill, a dot. */
import { BOLD_FONT, type RenderFont } from '../fonts.js';
import type { Rect } from '../layout.js';
import { fitLine } from '../text-fit.js';
import { fontSpec, type Context } from './canvas.js';

/**
 * Draws one line of text at (x, y), centred vertically and aligned on x, shrinking it to fit
 * `maxWidth` and cutting it with "…" if need be (text-fit.ts). Returns the width drawn.
 */
export function paintLine(
  ctx: Context,
  text: string,
  font: RenderFont,
  fontSize: number,
  x: number,
  y: number,
  maxWidth: number,
  minimumScale: number,
  align: 'left' | 'center' | 'right' = 'center',
): number {
  if (text === '') return 0;
  const fitted = fitLine(text, fontSize, maxWidth, minimumScale, (candidate, size) => {
    ctx.font = fontSpec(font, size);
    return ctx.measureText(candidate).width;
  });
  ctx.font = fontSpec(font, fitted.size);
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(fitted.text, x, y);
  return fitted.width;
}
/**
 * A line of text across a picture, from `x` (a title, subtitle or footer): shrunk, then cut
 * with "…", to fit `maxWidth`.
 */
export function paintTextLine(
  ctx: Context,
  text: string,
  font: RenderFont,
  line: { readonly y: number; readonly fontSize: number },
  x: number,
  maxWidth: number,
): void {
  paintLine(ctx, text, font, line.fontSize, x, line.y, maxWidth, 0.7, 'left');
}
export function roundedRect(ctx: Context, rect: Rect, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
}

/** A filled disc with an outline (a move's target, a seat's chip). */
export function paintDot(
  ctx: Context,
  x: number,
  y: number,
  radius: number,
  colors: { fill: string; outline: string; outlineWidth: number },
): void {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = colors.fill;
  ctx.fill();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = colors.outlineWidth;
  ctx.stroke();
}

/**
 * A number in a rounded pill (a stack's height, a half's count, a rating graph's last value),
 * its text centred.
 */
export function paintPill(
  ctx: Context,
  pill: { readonly rect: Rect; readonly text: string; readonly fontSize: number },
  colors: { fill: string; outline: string; outlineWidth: number; text: string },
): void {
  const { rect } = pill;
  roundedRect(ctx, rect, rect.height / 2);
  ctx.fillStyle = colors.fill;
  ctx.fill();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = colors.outlineWidth;
  ctx.stroke();
  ctx.fillStyle = colors.text;
  ctx.font = fontSpec(BOLD_FONT, pill.fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(pill.text, rect.x + rect.width / 2, rect.y + rect.height / 2 + pill.fontSize * 0.04);
}
