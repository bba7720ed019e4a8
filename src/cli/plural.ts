/** `1 ply`, `2 plies`: a count with its noun in the right number (English output only). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
