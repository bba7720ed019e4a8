/**
 * Long texts within Discord's limits, cut or split at line ends so that no line (a leaderboard
 * row, a pairing) is broken in two.
 */

/** Discord's limit on a message's content. */
export const MAX_CONTENT = 2_000;
/** Discord's limit on an embed's description. */
export const MAX_DESCRIPTION = 4_096;

/** The text cut to whole lines within `max` characters, with an ellipsis when cut. */
export function fitLines(text: string, max: number): string {
  if (text.length <= max) return text;
  const lines = text.split('\n');
  while (lines.length > 1 && lines.join('\n').length > max - 2) lines.pop();
  return `${lines.join('\n').slice(0, max - 2)}\n…`;
}

/**
 * The text as consecutive messages of at most `max` characters each, split between lines (a
 * single line longer than `max` is cut).
 */
export function splitLines(text: string, max: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const next = current === '' ? line : `${current}\n${line}`;
    if (next.length <= max) {
      current = next;
      continue;
    }
    if (current !== '') parts.push(current);
    current = line.length <= max ? line : fitLines(line, max);
  }
  if (current !== '' || parts.length === 0) parts.push(current);
  return parts;
}
