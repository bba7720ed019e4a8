/**
 * Animated GIF through gifenc (a fast pure-JS LZW encoder), made small the way board pictures
 * allow: they use few colours (flat squares, two piece colours, a few tints, antialiased edges),
 * so one palette of 255 colours serves every frame, and consecutive frames differ in a few cells
 * and the caption, so every frame after the first leaves unchanged pixels transparent (index
 * 255) over the one before (disposal "do not dispose"), which LZW packs into almost nothing.
 */
import { createRequire } from 'node:module';

/** A palette colour: red, green, blue. */
export type Rgb = readonly [number, number, number] | readonly number[];

interface GifEncoder {
  writeFrame(
    index: Uint8Array,
    width: number,
    height: number,
    options: {
      readonly palette?: readonly Rgb[];
      readonly delay?: number;
      readonly repeat?: number;
      readonly transparent?: boolean;
      readonly transparentIndex?: number;
      readonly dispose?: number;
    },
  ): void;
  finish(): void;
  bytesView(): Uint8Array;
}

interface Gifenc {
  GIFEncoder(options?: { initialCapacity?: number }): GifEncoder;
  quantize(
    rgba: Uint8Array,
    maxColors: number,
    options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' },
  ): number[][];
}

// Through require: the package is CommonJS whose named exports Node's ESM loader cannot see.
const gifenc = createRequire(import.meta.url)('gifenc') as Gifenc;

/** The palette index of unchanged pixels. */
const TRANSPARENT = 255;
/** "Do not dispose": the next frame is drawn over this one. */
const KEEP = 1;

/** Up to 255 colours for the pixels of `samples` (RGBA each). */
export function paletteOf(samples: readonly Uint8Array[]): Rgb[] {
  const total = samples.reduce((sum, sample) => sum + sample.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const sample of samples) {
    all.set(sample, at);
    at += sample.length;
  }
  return gifenc.quantize(all, TRANSPARENT);
}

/**
 * Writes frames of one size into an animated GIF that loops forever. Each frame is RGBA; the
 * first is written whole, later ones only where they differ from the one before.
 */
export class GifAnimation {
  private readonly encoder = gifenc.GIFEncoder({ initialCapacity: 1 << 20 });
  private readonly palette: Rgb[];
  private readonly index: Uint8Array;
  private previous: Uint32Array | undefined;
  /** Nearest palette entry of each colour met (as 0xRRGGBB). */
  private readonly nearest = new Map<number, number>();
  private frameCount = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    palette: readonly Rgb[],
  ) {
    if (palette.length === 0 || palette.length > TRANSPARENT)
      throw new Error(`a GIF palette has 1 to ${TRANSPARENT} colours here, got ${palette.length}`);
    // Padded to 256 entries: the last is the transparent one.
    this.palette = [...palette];
    while (this.palette.length < 256) this.palette.push([0, 0, 0]);
    this.index = new Uint8Array(width * height);
  }

  get frames(): number {
    return this.frameCount;
  }

  /** Adds a frame shown for `delayMs` (GIF keeps hundredths of a second). */
  addFrame(rgba: Uint8Array, delayMs: number): void {
    const pixels = this.width * this.height;
    if (rgba.length !== pixels * 4)
      throw new Error(`a frame of ${this.width}x${this.height} has ${pixels * 4} bytes`);
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, pixels);
    const previous = this.previous;
    const first = previous === undefined;
    for (let i = 0; i < pixels; i++) {
      const word = words[i]!;
      if (previous !== undefined && previous[i] === word) {
        this.index[i] = TRANSPARENT;
        continue;
      }
      const at = i * 4;
      this.index[i] = this.indexOf((rgba[at]! << 16) | (rgba[at + 1]! << 8) | rgba[at + 2]!);
    }
    this.encoder.writeFrame(this.index, this.width, this.height, {
      ...(first ? { palette: this.palette, repeat: 0 } : {}),
      delay: delayMs,
      transparent: !first,
      transparentIndex: TRANSPARENT,
      dispose: KEEP,
    });
    this.previous = first ? new Uint32Array(pixels) : previous;
    this.previous.set(words);
    this.frameCount++;
  }

  /** The GIF file. */
  finish(): Buffer {
    this.encoder.finish();
    const bytes = this.encoder.bytesView();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private indexOf(rgb: number): number {
    const known = this.nearest.get(rgb);
    if (known !== undefined) return known;
    const r = rgb >>> 16;
    const g = (rgb >>> 8) & 0xff;
    const b = rgb & 0xff;
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < TRANSPARENT; i++) {
      const color = this.palette[i]!;
      const dr = r - color[0];
      const dg = g - color[1];
      const db = b - color[2];
      const distance = dr * dr + dg * dg + db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    this.nearest.set(rgb, best);
    return best;
  }
}
