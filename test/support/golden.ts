/**
 * Golden images: a picture compared with a reviewed PNG, with a small per-pixel tolerance
 * (anti-aliasing may differ slightly between CPUs). `UPDATE_GOLDEN=1` writes the pictures
 * instead, for review before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { decodePng } from './png.js';

/** A channel may differ by this much before its pixel counts as different. */
export const CHANNEL_TOLERANCE = 24;

export function expectGolden(
  directory: string,
  name: string,
  actual: Buffer,
  options: { regenerate: string; pixelShare: number },
): void {
  const file = join(directory, `${name}.png`);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(directory, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file))
    throw new Error(`no golden image ${file}; create it with ${options.regenerate}`);
  const expected = decodePng(readFileSync(file));
  const got = decodePng(actual);
  expect([got.width, got.height]).toEqual([expected.width, expected.height]);
  let differing = 0;
  for (let i = 0; i < got.data.length; i += 4) {
    const delta = Math.max(
      Math.abs(got.data[i]! - expected.data[i]!),
      Math.abs(got.data[i + 1]! - expected.data[i + 1]!),
      Math.abs(got.data[i + 2]! - expected.data[i + 2]!),
    );
    if (delta > CHANNEL_TOLERANCE) differing++;
  }
  const share = differing / (got.width * got.height);
  if (share > options.pixelShare) {
    const saved = join(tmpdir(), `${name}.actual.png`);
    writeFileSync(saved, actual);
    expect.fail(`${name}: ${(share * 100).toFixed(2)}% of pixels differ; this one is in ${saved}`);
  }
}
