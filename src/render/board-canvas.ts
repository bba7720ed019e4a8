/**
 * Paints a two-player board where layout.ts has placed it.
 *
 * Speed comes from caching what does not change between moves: the board background (frame,
 * squares, wood grain, coordinates, and its pixels) per theme, size and orientation, and the
 * picture of each distinct stack per theme and square size. A render then restores the
 * background of the cells it touches, paints a few translucent markers and one sprite per
 * stack, reads back only those cells over a copy of the background's pixels, and encodes the
 * PNG (png.ts).
 */
import { halfCounts, type Position, type Variant } from '../engine/index.js';
import { background } from './board-background.js';
import { paintCaption } from './caption-canvas.js';
import { boardLayout, captionLayout, cellRect, tallyLayout, type BoardLayout } from './layout.js';
import { paintHint, paintMarkedPieces, touchedCells } from './marks-canvas.js';
import type { Caption, NormalisedOptions } from './options.js';
import { stackSprite } from './pile-canvas.js';
import { encodeOpaquePng } from './png.js';
import { registerRenderFonts, type Context } from './primitives/canvas.js';
import { readBack, surfaceFor } from './primitives/surface.js';
import { paintPill } from './primitives/text.js';
import { THEMES, type Theme } from './themes.js';

/** Each half's count beside it, in a badge of the colour it scores for (layout.ts tallyLayout). */
function paintTally(ctx: Context, layout: BoardLayout, position: Position, theme: Theme): void {
  const tally = tallyLayout(layout, halfCounts(position));
  for (const badge of tally.badges) {
    const colors = theme.pieces[badge.color];
    paintPill(ctx, badge, {
      fill: colors.faceLight,
      outline: theme.badgeOutline,
      outlineWidth: Math.max(1, badge.fontSize * 0.08),
      text: colors.text,
    });
  }
}
/**
 * Paints a validated position with normalised options and encodes it as PNG. `readBackAll`
 * reads every pixel back instead of the touched cells only: tests compare the two.
 */
export function paintBoard(
  position: Position,
  variant: Variant,
  options: NormalisedOptions,
  caption?: Caption,
  readBackAll = false,
): Buffer {
  const { pixels, width, height } = paintBoardPixels(
    position,
    variant,
    options,
    caption,
    readBackAll,
  );
  return encodeOpaquePng(pixels, width, height);
}

/** An image's RGBA pixels, row by row. */
export interface Pixels {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * The pixels paintBoard encodes (the animation encodes them as GIF frames). The array is the
 * surface's scratch buffer: the next paint of the same size overwrites it, so use or copy it
 * before painting again.
 */
export function paintBoardPixels(
  position: Position,
  variant: Variant,
  options: NormalisedOptions,
  caption?: Caption,
  readBackAll = false,
): Pixels {
  registerRenderFonts();
  const theme = THEMES[options.theme];
  const tally = variant.outcome === 'half-count';
  const layout = boardLayout(
    options.size,
    variant.geometry,
    options.orientation,
    options.coordinates,
    tally,
  );
  const width = options.size;
  const band = caption === undefined ? null : captionLayout(width, layout.height).band;
  const height = layout.height + (band === null ? 0 : band.height);
  const { ctx, pixels } = surfaceFor(width, height);
  const base = background(theme, layout);

  const n = layout.columns;
  const touched = readBackAll
    ? Array.from({ length: n * layout.rows }, (_, cell) => cell)
    : [...touchedCells(position.stacks, variant.geometry, layout, options)];
  const touchedRects = touched.map((cell) => cellRect(layout, cell % n, Math.floor(cell / n)));
  // The counts change with the position: their strip is restored and read back like a cell.
  if (tally && !readBackAll) touchedRects.push(tallyLayout(layout, [0, 0]).area);

  ctx.save();
  // Only the touched cells are read back, so only they need their background restored.
  if (readBackAll) ctx.drawImage(base.canvas, 0, 0);
  for (const rect of touchedRects) {
    const { x, y, width: w, height: h } = rect;
    ctx.drawImage(base.canvas, x, y, w, h, x, y, w, h);
  }
  const geometry = variant.geometry;
  paintMarkedPieces(ctx, { geometry, layout, marks: options, theme }, (square) => {
    const stack = position.stacks[square] ?? null;
    return stack === null ? null : stackSprite(theme, stack, layout.squareSize);
  });
  if (options.hint !== null) paintHint(ctx, geometry, layout, options.hint);
  if (tally) paintTally(ctx, layout, position, theme);
  if (caption !== undefined) paintCaption(ctx, width, layout.height, caption, theme);
  ctx.restore();

  pixels.set(base.pixels);
  if (readBackAll) readBack(ctx, pixels, width, { x: 0, y: 0, width, height: layout.height });
  for (const rect of touchedRects) readBack(ctx, pixels, width, rect);
  if (band !== null) readBack(ctx, pixels, width, band);
  return { pixels, width, height };
}
