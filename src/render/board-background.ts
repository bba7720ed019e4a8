/**
 * A board's background: frame, squares with their wood grain, coordinates and the half line,
 * painted once per theme, size and orientation and kept with its pixels, so that a render only
 * restores and reads back the cells it touches.
 */
import { LRUCache } from 'lru-cache';
import { seededRandom } from '../engine/index.js';
import { BOLD_FONT } from './fonts.js';
import {
  cellIsDark,
  cellRect,
  coordinateLabels,
  frameEdgeWidth,
  tallyLayout,
  type BoardLayout,
  type Rect,
} from './layout.js';
import { fontSpec, newCanvas, type Context, type Sprite } from './primitives/canvas.js';
import type { Theme } from './themes.js';

// ---------------------------------------------------------------------------------------------
// Deterministic noise for the wood grain

/**
 * Wood grain as straight, pixel-aligned streaks along the square (vertical on dark squares,
 * horizontal on light ones, like a parquet). Straight streaks keep every row or column of a
 * square identical, which PNG's row filters compress to almost nothing; wavy grain looked no
 * better at chat size and tripled the file.
 */
function paintGrain(
  ctx: Context,
  rect: Rect,
  color: string,
  strength: number,
  seed: number,
  vertical: boolean,
): void {
  if (strength <= 0) return;
  const random = seededRandom(seed);
  const across = vertical ? rect.width : rect.height;
  const scale = Math.max(1, across / 60);
  ctx.save();
  ctx.fillStyle = color;
  let position = Math.floor(random() * 3 * scale);
  while (position < across) {
    const width = Math.max(1, Math.round((0.6 + random() * 1.8) * scale));
    ctx.globalAlpha = (0.05 + random() * 0.16) * strength;
    const span = Math.min(width, across - position);
    if (vertical) {
      ctx.fillRect(rect.x + position, rect.y, span, rect.height);
    } else {
      ctx.fillRect(rect.x, rect.y + position, rect.width, span);
    }
    position += width + Math.round((1 + random() * 5) * scale);
  }
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// Background: frame, squares, coordinates

export interface Background {
  readonly canvas: Sprite;
  /** Its RGBA pixels, read once: a render copies them and reads back only what it changed. */
  readonly pixels: Uint8ClampedArray;
}

/** Bounded by bytes too: a 720 px background holds 4 MB (canvas and pixels), a 2000 px one 32 MB. */
const backgrounds = new LRUCache<string, Background>({
  max: 32,
  maxSize: 96 * 1024 * 1024,
  sizeCalculation: (entry) => entry.pixels.length * 2,
});

export function background(theme: Theme, layout: BoardLayout): Background {
  const key = [
    theme.id,
    layout.size,
    layout.height,
    `${layout.columns}x${layout.rows}`,
    layout.squareSize,
    layout.left,
    layout.top,
    layout.turns,
    layout.edgeBand,
    layout.coordinates,
    layout.tally,
  ].join('|');
  const cached = backgrounds.get(key);
  if (cached !== undefined) return cached;
  const { size, height, squareSize: s, columns, rows } = layout;
  const canvas = newCanvas(size, height);
  const ctx = canvas.getContext('2d');

  ctx.fillStyle = theme.frame;
  ctx.fillRect(0, 0, size, height);
  const frameRect = { x: 0, y: 0, width: size, height };
  paintGrain(ctx, frameRect, theme.frameEdge, theme.grain.strength * 0.8, 7, false);
  const edge = frameEdgeWidth(size);
  ctx.strokeStyle = theme.frameEdge;
  ctx.lineWidth = edge * 2;
  ctx.strokeRect(0, 0, size, height);

  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const rect = cellRect(layout, column, row);
      const dark = cellIsDark(layout, column, row);
      ctx.fillStyle = dark ? theme.darkSquare : theme.lightSquare;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      // Seeded by the screen cell, so a turned board keeps the same parquet.
      const seed = 1000 + row * 31 + column * 7 + (dark ? 500 : 0);
      paintGrain(
        ctx,
        rect,
        dark ? theme.grain.dark : theme.grain.light,
        theme.grain.strength,
        seed,
        dark,
      );
    }
  }
  // A dark inlay line around the squares.
  ctx.strokeStyle = theme.frameEdge;
  ctx.lineWidth = edge * 2;
  ctx.strokeRect(
    layout.left - edge,
    layout.top - edge,
    columns * s + 2 * edge,
    rows * s + 2 * edge,
  );
  if (layout.tally) paintHalfLine(ctx, layout, theme);

  if (layout.coordinates) {
    const labels = coordinateLabels(layout);
    ctx.fillStyle = theme.coordinates;
    ctx.font = fontSpec(BOLD_FONT, labels.fontSize);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const label of [...labels.files, ...labels.ranks]) {
      ctx.fillText(label.text, label.x, label.y);
    }
  }
  const entry = { canvas, pixels: ctx.getImageData(0, 0, size, height).data };
  backgrounds.set(key, entry);
  return entry;
}

/**
 * The middle of a board scored by the half count: a thin line between its halves, dark across
 * the squares (under the stacks) and light across the strip that holds the counts. The counts
 * themselves change with the position and are painted per render (paintTally).
 */
function paintHalfLine(ctx: Context, layout: BoardLayout, theme: Theme): void {
  // The line does not depend on the counts.
  const tally = tallyLayout(layout, [0, 0]);
  ctx.lineWidth = tally.lineWidth;
  ctx.lineCap = 'butt';
  for (const [line, color] of [
    [tally.boardLine, theme.frameEdge],
    [tally.stripLine, theme.coordinates],
  ] as const) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.moveTo(line.x1, line.y);
    ctx.lineTo(line.x2, line.y);
    ctx.stroke();
  }
}

/** Drops the backgrounds (to time a cold render). */
export function clearBackgrounds(): void {
  backgrounds.clear();
}
