import { COIN_FLIPS, firstMoveReport, type CoinFlip } from './coin-flips.js';
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
  const firstMoves = puzzles.map(firstMoveReport);
  return [
    `solution plies: ${list(
      lengths,
      [...lengths.keys()].sort((a, b) => a - b),
    )}`,
    `goals: ${list(count(puzzles.map((puzzle) => puzzle.goal)), GOALS)}`,
    `themes: ${list(themes, THEMES)}, none ${plain}`,
    `difficulty: ${list(difficulties, [1, 2, 3, 4, 5])}`,
    `legal first moves: ${list(
      count(firstMoves.map(({ candidates }) => candidateBand(candidates))),
      CANDIDATE_BANDS,
    )}`,
    coinFlipLine(firstMoves.map(({ flips }) => flips)),
  ];
}

const CANDIDATE_BANDS = ['1', '2', '3-5', '6-9', '10+'] as const;

function candidateBand(moves: number): (typeof CANDIDATE_BANDS)[number] {
  return moves <= 1 ? '1' : moves === 2 ? '2' : moves <= 5 ? '3-5' : moves <= 9 ? '6-9' : '10+';
}

/** How many puzzles each simple rule solves (coin-flips.ts), and how many any of them does. */
function coinFlipLine(found: readonly CoinFlip[][]): string {
  const share = (n: number) => `${n} (${Math.round((100 * n) / Math.max(1, found.length))}%)`;
  const each = COIN_FLIPS.map(
    (rule) => `${rule} ${share(found.filter((rules) => rules.includes(rule)).length)}`,
  );
  return `coin flips: ${each.join(', ')}; any ${share(found.filter((rules) => rules.length > 0).length)}`;
}
