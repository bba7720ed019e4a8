/**
 * A request parameter or payload field as text, as `String()` shows it, except that an object is
 * shown as JSON rather than "[object Object]" (errors keep their "Name: message").
 */
export function textOf(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof Error) return String(value);
  return JSON.stringify(value);
}
