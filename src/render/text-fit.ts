/**
 * Fitting a line of text into a width: shrink it a little, then cut it with "…". Pure: the
 * width of a text comes from a function, which the canvas module backs with the real fonts and
 * tests back with a fixed advance per character.
 */

/** The shipped font a text is set in (fonts.ts: REGULAR_FONT, BOLD_FONT). */
export type FontWeight = 'regular' | 'bold';

/** The width in px of `text` set in `weight` at `size` px. */
export type MeasureText = (text: string, weight: FontWeight, size: number) => number;

/** A line as it will be drawn. */
export interface FittedLine {
  readonly text: string;
  /** Font size in px. */
  readonly size: number;
  /** Width in px at that size. */
  readonly width: number;
}

/**
 * The longest start of `text` that, followed by "…", is at most `maxWidth` wide (just "…" when
 * nothing fits); `text` itself when it fits. Cuts between code points, never inside one.
 */
export function ellipsize(text: string, maxWidth: number, width: (text: string) => number): string {
  if (width(text) <= maxWidth) return text;
  const characters = [...text];
  const cut = (length: number) => characters.slice(0, length).join('').trimEnd() + '…';
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (width(cut(middle)) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}

/**
 * `text` at `fontSize`, or, when wider than `maxWidth`, shrunk to fit but not below
 * `minimumScale` of its size, and then cut with "…" if it is still too wide.
 */
export function fitLine(
  text: string,
  fontSize: number,
  maxWidth: number,
  minimumScale: number,
  width: (text: string, size: number) => number,
): FittedLine {
  let size = fontSize;
  let measured = width(text, size);
  if (measured > maxWidth) {
    size = Math.max(
      Math.floor(fontSize * minimumScale),
      Math.floor((fontSize * maxWidth) / measured),
    );
    measured = width(text, size);
  }
  if (measured <= maxWidth) return { text, size, width: measured };
  const shown = ellipsize(text, maxWidth, (candidate) => width(candidate, size));
  return { text: shown, size, width: width(shown, size) };
}
