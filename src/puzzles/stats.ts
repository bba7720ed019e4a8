import { COIN_FLIPS, firstMoveReport, type CoinFlip } from './coin-flips.js';
import { GOALS, THEMES, type Puzzle } from './puzzle.js';
import { MINING_STAGES, type MiningCounts } from './self-play.js';

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
    ...seedRatingLine(puzzles),
  ];
}

/** The seed ratings' spread (puzzles that have one): quartiles and 200-point bands. */
function seedRatingLine(puzzles: readonly Puzzle[]): string[] {
  const ratings = puzzles.flatMap((puzzle) => (puzzle.rating === undefined ? [] : [puzzle.rating]));
  if (ratings.length === 0) return [];
  ratings.sort((a, b) => a - b);
  const at = (q: number) => ratings[Math.min(ratings.length - 1, Math.floor(q * ratings.length))]!;
  const bands = new Map<number, number>();
  for (const rating of ratings) {
    const band = Math.floor(rating / 200) * 200;
    bands.set(band, (bands.get(band) ?? 0) + 1);
  }
  const mistakes = puzzles.filter((puzzle) => puzzle.mistake !== undefined).length;
  return [
    `seed ratings (${ratings.length}): min ${ratings[0]}, quartiles ${at(0.25)} ${at(0.5)} ${at(0.75)}, max ${ratings.at(-1)}; ` +
      [...bands].map(([band, n]) => `${band}-${band + 199}: ${n}`).join(', '),
    `after a mistake (shown as the last move): ${mistakes}`,
  ];
}

/**
 * The miner's funnel in words: how many positions after a mistake it looked at, and what
 * share of those still in each stage each filter removed.
 */
export function describeFunnel(counts: MiningCounts): string[] {
  const looked = counts.mistakes ?? 0;
  if (looked === 0) return [];
  let left = looked;
  const steps: string[] = [];
  for (const stage of MINING_STAGES) {
    if (stage === 'mistakes' || stage === 'kept') continue;
    const removed = counts[stage] ?? 0;
    steps.push(`${stage} -${removed} (${Math.round((100 * removed) / Math.max(1, left))}%)`);
    left -= removed;
  }
  return [
    `mining: ${looked} positions after a mistake; ${steps.join(', ')}; kept ${counts.kept ?? 0}`,
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
