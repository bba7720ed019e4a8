/**
 * Checks shared by the league pictures (tournament standings, rating graphs): their input is
 * plain data built by the program, so a value of the wrong type or length is a bug and is
 * refused with a RenderError; only player names, which come from players, are cut instead.
 * Pure: no canvas here.
 */
import { RenderError, type RenderErrorCode } from './errors.js';

/** The error code of the picture being checked. */
export type PictureErrorCode = Extract<
  RenderErrorCode,
  'bad-standings' | 'bad-rating-graph' | 'bad-eval-graph'
>;

/** `text` as one line: runs of whitespace (newlines too) become one space, ends trimmed. */
function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function checkString(code: PictureErrorCode, value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw new RenderError(code, `${what} must be a string, got ${typeof value}`, { what });
  }
  return value;
}

/**
 * A line of the program's own text (a title, a heading, a result), as one line. Refused when it
 * is not a string or is longer than `maxLength` characters.
 */
export function checkLine(
  code: PictureErrorCode,
  value: unknown,
  what: string,
  maxLength: number,
): string {
  const line = singleLine(checkString(code, value, what));
  if (line.length > maxLength) {
    throw new RenderError(code, `${what} is ${line.length} characters; at most ${maxLength}`, {
      what,
      length: line.length,
    });
  }
  return line;
}

/** As checkLine, for an optional line: absent (undefined or null) is ''. */
export function checkOptionalLine(
  code: PictureErrorCode,
  value: unknown,
  what: string,
  maxLength: number,
): string {
  return value === undefined || value === null ? '' : checkLine(code, value, what, maxLength);
}

/** The longest title or footer line of a graph. */
export const MAX_GRAPH_LINE_LENGTH = 160;

/** A graph's title (required) and footer (optional, '' when absent), each one line. */
export function checkGraphText(
  code: PictureErrorCode,
  input: Record<string, unknown>,
): { readonly title: string; readonly footer: string } {
  return {
    title: checkLine(code, input.title, 'title', MAX_GRAPH_LINE_LENGTH),
    footer: checkOptionalLine(code, input.footer, 'footer', MAX_GRAPH_LINE_LENGTH),
  };
}

/**
 * A player's name as one line of at most `maxLength` characters: a longer one is cut, not
 * refused, since players choose their names; the picture cuts it again with "…" to fit.
 */
export function cutName(
  code: PictureErrorCode,
  value: unknown,
  what: string,
  maxLength: number,
): string {
  return [...singleLine(checkString(code, value, what))].slice(0, maxLength).join('');
}

/**
 * An array of at most `maxLength` entries, or of exactly `exactLength` when given (a row's
 * cells, one per grid column).
 */
export function checkArray(
  code: PictureErrorCode,
  value: unknown,
  what: string,
  maxLength: number,
  exactLength?: number,
): readonly unknown[] {
  if (!Array.isArray(value)) {
    throw new RenderError(code, `${what} must be an array`, { what });
  }
  if (exactLength !== undefined && value.length !== exactLength) {
    throw new RenderError(code, `${what} has ${value.length} entries; expected ${exactLength}`, {
      what,
      length: value.length,
    });
  }
  if (value.length > maxLength) {
    throw new RenderError(code, `${what} has ${value.length} entries; at most ${maxLength}`, {
      what,
      length: value.length,
    });
  }
  return value as readonly unknown[];
}

/** An optional flag: absent (undefined or null) is false. */
export function checkFlag(code: PictureErrorCode, value: unknown, what: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw new RenderError(code, `${what} must be true or false, got ${JSON.stringify(value)}`, {
      what,
    });
  }
  return value;
}

/** A finite number within [minimum, maximum]. */
export function checkNumber(
  code: PictureErrorCode,
  value: unknown,
  what: string,
  minimum: number,
  maximum: number,
): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum || value > maximum) {
    throw new RenderError(
      code,
      `${what} must be a finite number from ${minimum} to ${maximum}, got ${String(value)}`,
      { what, value: typeof value === 'number' ? String(value) : typeof value },
    );
  }
  return value;
}

/** An object to read fields from (a picture, a row, a point). */
export function checkRecord(
  code: PictureErrorCode,
  value: unknown,
  what: string,
): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RenderError(code, `${what} must be an object`, { what });
  }
  return value as Readonly<Record<string, unknown>>;
}
