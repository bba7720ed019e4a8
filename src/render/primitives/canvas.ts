/**
 * The canvas library itself, behind a few primitives: the 2D context and sprite types, a new
 * canvas, the shipped fonts and text measuring, and re-encoding a PNG as a JPEG. Only
 * src/render/primitives imports @napi-rs/canvas (.dependency-cruiser.cjs); the painters draw on
 * the context these hand them.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts, Image, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import { RenderError } from '../errors.js';
import { BOLD_FONT, REGULAR_FONT, type RenderFont } from '../fonts.js';
import type { FontWeight } from '../text-fit.js';

/** The canvas library's 2D context: what every painter draws on. */
export type Context = SKRSContext2D;
/** The canvas library's 2D context, for the modules that paint the league pictures. */
export type PaintContext = Context;
export type Gradient = ReturnType<Context['createLinearGradient']>;
/** A canvas painted once and drawn many times (a stack, a board's background). */
export type Sprite = Canvas;

/** A new blank canvas of `width` x `height` px. */
export function newCanvas(width: number, height: number): Sprite {
  return createCanvas(width, height);
}

/** A cache of sprites bounded by count and by their pixels' bytes. */
export function spriteCache(max: number, maxBytes: number): LRUCache<string, Sprite> {
  return new LRUCache<string, Sprite>({
    max,
    maxSize: maxBytes,
    sizeCalculation: (sprite) => sprite.width * sprite.height * 4,
  });
}

let fontsRegistered = false;

/**
 * Registers the shipped fonts under their private family names. Idempotent; every render calls
 * it, and main.ts may call it at start-up to fail fast when assets/fonts is missing.
 */
export function registerRenderFonts(): void {
  if (fontsRegistered) return;
  for (const font of [REGULAR_FONT, BOLD_FONT]) {
    if (!existsSync(font.path) || GlobalFonts.registerFromPath(font.path, font.family) === null) {
      throw new RenderError('font-missing', `cannot load the font ${font.path}`, {
        path: font.path,
      });
    }
  }
  fontsRegistered = true;
}

export function fontSpec(font: RenderFont, px: number): string {
  return `${px}px ${font.family}`;
}

let measuring: Context | undefined;
/** The font last set on `measuring`: setting a font costs more than measuring with it. */
let measuringFont = '';

/**
 * Text widths in the shipped fonts, for laying out a picture before its canvas exists (its
 * size depends on them): measured on a scratch canvas of its own.
 */
export function measureText(text: string, weight: FontWeight, size: number): number {
  registerRenderFonts();
  measuring ??= createCanvas(1, 1).getContext('2d');
  const font = fontSpec(weight === 'bold' ? BOLD_FONT : REGULAR_FONT, size);
  if (font !== measuringFont) {
    measuring.font = font;
    measuringFont = font;
  }
  return measuring.measureText(text).width;
}

/** A painted PNG re-encoded as a JPEG (decoded and drawn on a canvas of its size). */
export function toJpeg(png: Buffer, quality: number): Buffer {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.encodeSync('jpeg', quality);
}
