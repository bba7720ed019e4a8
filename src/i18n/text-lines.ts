/** Lines of a message, one a line; those left out (undefined) take no line. */
export function textLines(lines: readonly (string | undefined)[]): string {
  return lines.filter((line) => line !== undefined).join('\n');
}
