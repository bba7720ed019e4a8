/** The caption band under a board or a table game's picture: a title line and one line of text. */
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from './fonts.js';
import { captionLayout } from './layout.js';
import type { Caption } from './options.js';
import type { Context } from './primitives/canvas.js';
import { paintLine } from './primitives/text.js';
import type { Theme } from './themes.js';

export function paintCaption(
  ctx: Context,
  size: number,
  top: number,
  caption: Caption,
  theme: Theme,
): void {
  const layout = captionLayout(size, top);
  const { band } = layout;
  ctx.fillStyle = theme.captionBackground;
  ctx.fillRect(band.x, band.y, band.width, band.height);
  ctx.fillStyle = theme.captionRule;
  ctx.fillRect(band.x, band.y, band.width, Math.max(2, Math.round(size * 0.004)));
  const title = fontCoverage(BOLD_FONT).filter(caption.title);
  const text = fontCoverage(REGULAR_FONT).filter(caption.text);
  const both = title !== '' && text !== '';
  ctx.fillStyle = theme.captionTitle;
  paintLine(
    ctx,
    title,
    BOLD_FONT,
    layout.titleFontSize,
    size / 2,
    both ? layout.titleY : layout.singleLineY,
    layout.maxTextWidth,
    layout.minimumScale,
  );
  ctx.fillStyle = theme.captionText;
  paintLine(
    ctx,
    text,
    REGULAR_FONT,
    layout.textFontSize,
    size / 2,
    both ? layout.textY : layout.singleLineY,
    layout.maxTextWidth,
    layout.minimumScale,
  );
}
