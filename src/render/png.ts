/**
 * A small PNG encoder for opaque images. The canvas library's own encoder always deflates at
 * its default level and tries every row filter, which alone costs more than our whole frame
 * budget (about 13 ms for a 720 px board); board images are flat colours and gentle gradients,
 * which the "Up" filter and a fast deflate level compress almost as well in a fraction of the
 * time. Output is plain 8-bit RGB, readable everywhere.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILTER_UP = 2;

/** Deflate level: 3 is the last of zlib's fast levels; 4 and up are lazy and cost 3x more. */
export const DEFAULT_PNG_LEVEL = 3;

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes `width` x `height` RGBA pixels (alpha ignored: the image must be opaque, and for
 * opaque pixels premultiplied and straight RGBA are the same bytes) as an RGB PNG.
 */
export function encodeOpaquePng(
  rgba: Uint8Array,
  width: number,
  height: number,
  level: number = DEFAULT_PNG_LEVEL,
): Buffer {
  const rowIn = width * 4;
  if (rgba.length < rowIn * height) {
    throw new Error(
      `encodeOpaquePng: ${rgba.length} bytes cannot hold ${width}x${height} RGBA pixels`,
    );
  }
  const rowOut = width * 3 + 1;
  const filtered = Buffer.allocUnsafe(rowOut * height);
  let j = 0;
  // Every index below is inside `rgba`, whose length is checked above.
  // Row 0 against an implicit row of zeros, so "Up" there is the raw bytes.
  filtered[j++] = FILTER_UP;
  for (let k = 0; k < rowIn; k += 4) {
    filtered[j++] = rgba[k]!;
    filtered[j++] = rgba[k + 1]!;
    filtered[j++] = rgba[k + 2]!;
  }
  for (let y = 1; y < height; y++) {
    filtered[j++] = FILTER_UP;
    const end = (y + 1) * rowIn;
    for (let k = y * rowIn; k < end; k += 4) {
      const p = k - rowIn;
      filtered[j++] = rgba[k]! - rgba[p]!;
      filtered[j++] = rgba[k + 1]! - rgba[p + 1]!;
      filtered[j++] = rgba[k + 2]! - rgba[p + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // colour type: RGB
  // compression, filter method and interlace stay 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
