import { GifReader } from 'omggif';

/** An animated GIF decoded for tests: its size, loop, frames' delays and composited frames. */
export interface DecodedGif {
  readonly width: number;
  readonly height: number;
  /** 0: loops forever. */
  readonly loop: number;
  /** Each frame's delay in ms. */
  readonly delays: readonly number[];
  readonly frameCount: number;
  /** Frame `index` as shown (every frame before it drawn first), RGBA. */
  frame(index: number): Uint8Array;
}

export function decodeGif(data: Buffer | Uint8Array): DecodedGif {
  const reader = new GifReader(data instanceof Buffer ? data : Buffer.from(data));
  const frameCount = reader.numFrames();
  const delays = Array.from({ length: frameCount }, (_, i) => reader.frameInfo(i).delay * 10);
  return {
    width: reader.width,
    height: reader.height,
    loop: reader.loopCount(),
    delays,
    frameCount,
    frame(index) {
      if (index < 0 || index >= frameCount) throw new Error(`no frame ${index}`);
      const pixels = new Uint8Array(reader.width * reader.height * 4);
      for (let i = 0; i <= index; i++) reader.decodeAndBlitFrameRGBA(i, pixels);
      return pixels;
    },
  };
}
