import { PNG } from 'pngjs';

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
  /** The colour at (x, y), coordinates rounded down. */
  at(x: number, y: number): Rgb;
}

export function decodePng(png: Buffer): DecodedImage {
  const image = PNG.sync.read(png);
  return {
    width: image.width,
    height: image.height,
    data: image.data,
    at(x: number, y: number): Rgb {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      const [r, g, b] = image.data.subarray(i, i + 3);
      if (x < 0 || x >= image.width || b === undefined)
        throw new Error(
          `decodePng: pixel (${x}, ${y}) is outside the ${image.width}×${image.height} image`,
        );
      return { r: r!, g: g!, b };
    },
  };
}

/** Reads '#rrggbb' or 'rgba(r, g, b, a)' (as written in themes.ts). */
export function parseColor(text: string): Rgb & { a: number } {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (hex !== null) {
    return { r: parseInt(hex[1]!, 16), g: parseInt(hex[2]!, 16), b: parseInt(hex[3]!, 16), a: 1 };
  }
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(text);
  if (rgba !== null) {
    return { r: +rgba[1]!, g: +rgba[2]!, b: +rgba[3]!, a: +rgba[4]! };
  }
  throw new Error(`parseColor: cannot read ${text}`);
}

/** `over` (with its alpha) painted on the opaque `base`. */
export function blend(base: string | Rgb, over: string): Rgb {
  const b = typeof base === 'string' ? parseColor(base) : base;
  const o = parseColor(over);
  const mix = (x: number, y: number) => Math.round(x * (1 - o.a) + y * o.a);
  return { r: mix(b.r, o.r), g: mix(b.g, o.g), b: mix(b.b, o.b) };
}

/** Largest difference over the three channels. */
export function distance(a: Rgb, b: Rgb | string): number {
  const c = typeof b === 'string' ? parseColor(b) : b;
  return Math.max(Math.abs(a.r - c.r), Math.abs(a.g - c.g), Math.abs(a.b - c.b));
}

/** Relative luminance, 0 (black) to 1 (white), sRGB. */
export function luminance(color: Rgb): number {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** Gold of a crown or king stripe: bright red and green, little blue. */
export function isGold(color: Rgb): boolean {
  return color.r > 190 && color.g > 110 && color.b < 90 && color.r - color.b > 140;
}
