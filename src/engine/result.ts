/** A parse or validation failure: a stable code for programs and a sentence for people. */
export interface ParseError {
  readonly code: string;
  readonly message: string;
}

/** What every parser of user input returns instead of throwing. */
export type Result<T, E = ParseError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(code: string, message: string): { ok: false; error: ParseError } {
  return { ok: false, error: { code, message } };
}

/** Input quoted in a refusal's sentence, cut short (a refusal stays a sentence). */
export function quoted(text: string): string {
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}
