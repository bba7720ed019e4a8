import { GOALS, THEMES, type Puzzle } from './puzzle.js';

/** A library's make-up in words: solution lengths, goals, themes and difficulties, counted. */
export function describeLibrary(puzzles: readonly Puzzle[]): string[] {
  const count = <T>(values: T[]) => {
    const counts = new Map<T, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const list = <T>(counts: Map<T, number>, order: readonly T[]) =>
    order
      .filter((key) => counts.has(key))
      .map((key) => `${String(key)} ${counts.get(key)}`)
      .join(', ');
  const lengths = count(puzzles.map((puzzle) => puzzle.solution.length));
  const difficulties = count(puzzles.map((puzzle) => puzzle.difficulty));
  const themes = count(puzzles.flatMap((puzzle) => [...puzzle.themes]));
  const plain = puzzles.filter((puzzle) => puzzle.themes.length === 0).length;
  return [
    `solution plies: ${list(
      lengths,
      [...lengths.keys()].sort((a, b) => a - b),
    )}`,
    `goals: ${list(count(puzzles.map((puzzle) => puzzle.goal)), GOALS)}`,
    `themes: ${list(themes, THEMES)}, none ${plain}`,
    `difficulty: ${list(difficulties, [1, 2, 3, 4, 5])}`,
  ];
}
