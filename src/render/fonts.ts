/**
 * The fonts the renderer ships (assets/fonts, DejaVu Sans: Latin, Cyrillic and more) and which
 * characters they can draw.
 *
 * Text is only ever drawn with these fonts, registered under private family names, so that an
 * image never depends on the fonts of the machine. A character the font lacks would make the
 * canvas library fall back to a system font, so captions drop such characters (emoji, CJK)
 * before drawing; `coverage` reads the font's own character map to know which ones.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface RenderFont {
  /** Private family name, chosen so that no installed font can be picked by mistake. */
  readonly family: string;
  readonly path: string;
}

const FONT_DIRECTORY = new URL('../../assets/fonts/', import.meta.url);

export const REGULAR_FONT: RenderFont = {
  family: 'BashniBotSans',
  path: fileURLToPath(new URL('DejaVuSans.ttf', FONT_DIRECTORY)),
};

export const BOLD_FONT: RenderFont = {
  family: 'BashniBotSansBold',
  path: fileURLToPath(new URL('DejaVuSans-Bold.ttf', FONT_DIRECTORY)),
};

/** Sorted, disjoint, inclusive code point ranges. */
export class FontCoverage {
  constructor(private readonly ranges: readonly (readonly [number, number])[]) {}

  has(codePoint: number): boolean {
    let low = 0;
    let high = this.ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = this.ranges[middle]!; // 0 <= low <= middle <= high < length
      if (codePoint < start) high = middle - 1;
      else if (codePoint > end) low = middle + 1;
      else return true;
    }
    return false;
  }

  /** `text` without the characters this font cannot draw, spaces collapsed. */
  filter(text: string): string {
    let out = '';
    for (const character of text) {
      if (this.has(character.codePointAt(0)!)) out += character;
    }
    return out.replace(/\s+/g, ' ').trim();
  }
}

/**
 * Reads the character map of a TrueType font: format 12 (all planes) when present, else
 * format 4 (the Basic Multilingual Plane). Throws on a file that is not a TrueType font.
 */
export function readCoverage(font: Buffer): FontCoverage {
  const tableCount = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === 'cmap')
      cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('readCoverage: the font has no cmap table');
  let format4 = -1;
  let format12 = -1;
  const subtableCount = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtableCount; i++) {
    const record = cmap + 4 + 8 * i;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const offset = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 = offset;
    if (format === 4) format4 = offset;
  }
  if (format12 >= 0) return new FontCoverage(readFormat12(font, format12));
  if (format4 >= 0) return new FontCoverage(readFormat4(font, format4));
  throw new Error('readCoverage: the font has no Unicode cmap subtable of format 4 or 12');
}

function readFormat12(font: Buffer, offset: number): [number, number][] {
  const groups = font.readUInt32BE(offset + 12);
  const ranges: [number, number][] = [];
  for (let i = 0; i < groups; i++) {
    const group = offset + 16 + 12 * i;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    // A group mapped to glyph 0 (.notdef) from its first code point covers one fewer.
    const first = font.readUInt32BE(group + 8) === 0 ? start + 1 : start;
    if (first <= end) addRange(ranges, first, end);
  }
  return ranges;
}

function readFormat4(font: Buffer, offset: number): [number, number][] {
  const segments = font.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const ranges: [number, number][] = [];
  for (let i = 0; i < segments; i++) {
    const start = font.readUInt16BE(starts + 2 * i);
    const end = font.readUInt16BE(ends + 2 * i);
    const delta = font.readUInt16BE(deltas + 2 * i);
    const rangeOffsetAt = rangeOffsets + 2 * i;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        const index = font.readUInt16BE(rangeOffsetAt + rangeOffset + 2 * (c - start));
        glyph = index === 0 ? 0 : (index + delta) & 0xffff;
      }
      if (glyph !== 0) addRange(ranges, c, c);
    }
  }
  return ranges;
}

function addRange(ranges: [number, number][], start: number, end: number): void {
  const last = ranges.at(-1);
  if (last !== undefined && start <= last[1] + 1) last[1] = Math.max(last[1], end);
  else ranges.push([start, end]);
}

const coverages = new Map<string, FontCoverage>();

/** The characters a shipped font can draw (read once per font). */
export function fontCoverage(font: RenderFont): FontCoverage {
  let coverage = coverages.get(font.path);
  if (coverage === undefined) {
    coverage = readCoverage(readFileSync(font.path));
    coverages.set(font.path, coverage);
  }
  return coverage;
}
