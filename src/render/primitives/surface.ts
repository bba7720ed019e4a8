/**
 * The surfaces pictures are painted on, one per image size, and reading their pixels back for
 * the PNG encoder (png.ts).
 */
import { LRUCache } from 'lru-cache';
import type { Rect } from '../layout.js';
import { encodeOpaquePng } from '../png.js';
import { newCanvas, registerRenderFonts, type Context, type Sprite } from './canvas.js';

interface Surface {
  readonly canvas: Sprite;
  readonly ctx: Context;
  /** Scratch RGBA pixels of the whole image. */
  readonly pixels: Uint8Array;
}

/**
 * One reusable canvas per image size. Reading a whole 720 px canvas back costs 4 to 10 ms, most
 * of the frame budget, so the background's pixels are copied from memory and only the cells a
 * render touched (and the caption band) are read back. Rendering is synchronous, so a surface
 * is never shared by two renders at once.
 */
const surfaces = new LRUCache<string, Surface>({ max: 4 });

export function surfaceFor(width: number, height: number): Surface {
  const key = `${width}x${height}`;
  let surface = surfaces.get(key);
  if (surface === undefined) {
    const canvas = newCanvas(width, height);
    surface = { canvas, ctx: canvas.getContext('2d'), pixels: new Uint8Array(width * height * 4) };
    surfaces.set(key, surface);
  }
  return surface;
}

export function readBack(ctx: Context, pixels: Uint8Array, width: number, rect: Rect): void {
  const data = ctx.getImageData(rect.x, rect.y, rect.width, rect.height).data;
  const rowBytes = rect.width * 4;
  for (let row = 0; row < rect.height; row++) {
    const from = row * rowBytes;
    pixels.set(data.subarray(from, from + rowBytes), ((rect.y + row) * width + rect.x) * 4);
  }
}

/**
 * A picture painted whole on every render (the league pictures: standings, rating graphs), as
 * PNG: `paint` draws on a `width` x `height` surface filled with `background`. Unlike a board,
 * such a picture has no cached background to copy pixels from, so every pixel is read back.
 */
export function paintWholePicture(
  width: number,
  height: number,
  background: string,
  paint: (ctx: Context) => void,
): Buffer {
  registerRenderFonts();
  const { ctx, pixels } = surfaceFor(width, height);
  ctx.save();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  paint(ctx);
  ctx.restore();
  readBack(ctx, pixels, width, { x: 0, y: 0, width, height });
  return encodeOpaquePng(pixels, width, height);
}

/** Drops the surfaces (to time a cold render). */
export function clearSurfaces(): void {
  surfaces.clear();
}
