import { openings, playGame, think, type PlayerSpec, type Searcher } from '../ai/index.js';
import {
  legalMoves,
  makeFen,
  positionKey,
  seededRandom,
  seedFromText,
  startPosition,
  type Position,
  type VariantId,
} from '../engine/index.js';
import { coinFlips } from './coin-flips.js';
import { minePosition, play, scanPosition, type Rejection, type Scan } from './miner.js';
import type { Puzzle } from './puzzle.js';
import { seedRating, tierOf } from './seed-rating.js';
import { MISTAKE_DROP, WINNING, type MiningBudgets } from './thresholds.js';

/** One game of the miner: which library seed, which game of it. */
export interface MineRequest {
  readonly variant: VariantId;
  readonly seed: number;
  readonly game: number;
  readonly budgets: MiningBudgets;
}

/**
 * What became of the positions of a game the miner looked at, by stage (docs/puzzles.md,
 * "How puzzles are found"): a funnel, each count out of those the stage before let through.
 */
export const MINING_STAGES = [
  /** Positions right after a mistake where the scan sees one winning move. */
  'mistakes',
  /** ...thrown out by the verification (the prefilter's or the strict one): no move wins by
   * enough, or two do. */
  'not-winning',
  'not-unique',
  /** ...the line stops before its gain is on the board. */
  'short-of-gain',
  /** ...one solver move a one-ply search finds. */
  'trivial',
  /** ...one solver move and fewer than three legal moves. */
  'few-candidates',
  /**
   * ...a simple rule finds the first move, and the puzzle is not of the easiest tier: removed
   * by `puzzles rate` (the tier comes from the fitted seed model), not by the miner.
   */
  'most-captures',
  'greedy-material',
  /** ...the same line as an earlier puzzle's (the same combination after another mistake). */
  'repeated-line',
  /** ...a position already in the library, found again in another game. */
  'found-before',
  /** ...failed a later `puzzles check` (written out by its --out): at the deep check's
   * budgets and today's engine, a solver move is no longer the only one, or a reply not the
   * best defence. */
  'failed-check',
  /** Puzzles kept (taken into the library). */
  'kept',
] as const;

export type MiningStage = (typeof MINING_STAGES)[number];

export type MiningCounts = Partial<Record<MiningStage, number>>;

/** Two tallies of the funnel added up (stages with none left out). */
export function addCounts(a: MiningCounts, b: MiningCounts): MiningCounts {
  const sum: MiningCounts = {};
  for (const stage of MINING_STAGES) {
    const n = (a[stage] ?? 0) + (b[stage] ?? 0);
    if (n > 0) sum[stage] = n;
  }
  return sum;
}

/**
 * A library's funnel after puzzles were taken out of it: the removals added to their stages, and
 * kept the puzzles left (libraries mined before 'found-before' counted a position found twice,
 * or past the count, as kept too: only a funnel that counts kept is corrected).
 */
export function countsAfterRemoval(
  earlier: MiningCounts,
  removed: MiningCounts,
  left: number,
): MiningCounts {
  const counts = addCounts(earlier, removed);
  if (earlier.kept !== undefined) counts.kept = left;
  return counts;
}

/** A mined game: its puzzles and what became of its other positions. */
export interface MinedGame {
  readonly puzzles: Puzzle[];
  readonly counts: MiningCounts;
}

/**
 * The self-play players: one of the weaker levels against one of the stronger, either colour.
 * The weaker one's mistakes make most puzzles; the stronger one's good moves keep the game
 * (and its positions) natural.
 */
const WEAKER = [1, 2, 3] as const;
const STRONGER = [4, 5, 6] as const;
/** Budget scale of the node-limited levels (5 and 6), for speed. */
const SCALE = 0.5;
const MAX_GAME_PLIES = 200;
/** Balanced openings drawn from (each 4 plies). */
const OPENING_COUNT = 64;

const openingCache = new Map<string, string[][]>();

/**
 * Plays game `game` of the library seed by seeded self-play (an opening from match.ts's
 * balanced ones, a level from WEAKER against one from STRONGER) and mines the positions right
 * after a mistake: at every position of the game where the mover is not lost yet, the move
 * played and the moves the weaker levels would play there (plausibleMoves) are tried, and a
 * move is a mistake by isMistake (the scans of the positions before and after it). Each such
 * position is verified at the prefilter budgets, then made a puzzle at the strict ones
 * (minePuzzle). Deterministic: the searches are node-limited and the clock stands still.
 */
export async function mineGame(searcher: Searcher, request: MineRequest): Promise<MinedGame> {
  const { variant, seed, game, budgets } = request;
  const random = seededRandom(seedFromText(`${seed}/${variant}/${game}`));
  const cacheKey = `${variant}/${seed}`;
  let lines = openingCache.get(cacheKey);
  if (lines === undefined) {
    lines = openings(variant, OPENING_COUNT, seed);
    openingCache.set(cacheKey, lines);
  }
  const opening = lines[Math.floor(random() * lines.length)];
  if (opening === undefined) throw new Error(`mineGame: no openings for ${variant}`);
  const pick = (levels: readonly number[]): PlayerSpec => ({
    kind: 'level',
    level: levels[Math.floor(random() * levels.length)]!, // random() < 1
  });
  const weaker = pick(WEAKER);
  const stronger = pick(STRONGER);
  const [white, black] = random() < 0.5 ? [weaker, stronger] : [stronger, weaker];
  const start = startPosition(variant);
  const outcome = await playGame({
    start,
    opening,
    white,
    black,
    think: (thinkRequest) => Promise.resolve(think(searcher, thinkRequest)),
    seed: Math.floor(random() * 0x7fffffff),
    scale: SCALE,
    maxPlies: MAX_GAME_PLIES,
  });

  const puzzles: Puzzle[] = [];
  const counts: MiningCounts = {};
  const positions: Position[] = [start];
  const moves = [...outcome.opening, ...outcome.moves];
  let current = start;
  for (const move of moves) {
    current = play(current, move);
    positions.push(current);
  }
  const scans = new Map<string, Scan>();
  const scanOf = (position: Position): Scan => {
    const key = positionKey(position);
    let found = scans.get(key);
    if (found === undefined) {
      found = scanPosition(searcher, position, budgets.scanNodes);
      scans.set(key, found);
    }
    return found;
  };
  for (let ply = opening.length + 1; ply < positions.length; ply++) {
    const before = positions[ply - 1]!;
    if (legalMoves(before).length < 2 || scanOf(before).best <= -WINNING) continue;
    let longest = 0;
    for (const move of plausibleMoves(
      searcher,
      before,
      moves[ply - 1]!,
      `${seed}/${game}/${ply}`,
    )) {
      const after = play(before, move);
      if (legalMoves(after).length < 2 || !isMistake(scanOf(before), scanOf(after))) continue;
      const mistake = { fen: makeFen(before), move };
      const mined = minePuzzle(searcher, after, budgets, `${seed}/${game}/${ply}`, mistake);
      counts.mistakes = (counts.mistakes ?? 0) + 1;
      counts[mined.stage] = (counts[mined.stage] ?? 0) + 1;
      if (mined.puzzle === undefined) continue;
      puzzles.push(mined.puzzle);
      longest = Math.max(longest, mined.puzzle.solution.length);
    }
    // The positions of a puzzle's line show the same idea again: skipped.
    ply += longest;
  }
  return { puzzles, counts };
}

/**
 * The moves a player might make in `position`: the one played in the game, then those the
 * WEAKER levels choose there (seeded by `seed`), each once.
 */
function plausibleMoves(
  searcher: Searcher,
  position: Position,
  played: string,
  seed: string,
): string[] {
  const fen = makeFen(position);
  const moves = new Set([played]);
  for (const level of WEAKER) {
    const answer = think(searcher, {
      variant: position.variant,
      fen,
      player: { kind: 'level', level },
      seed: seedFromText(`${seed}/${level}`),
    });
    moves.add(answer.move);
  }
  return [...moves];
}

/**
 * Whether the move between two scanned positions was a mistake worth a puzzle: the mover was
 * not lost before it (better than -WINNING), its score dropped by MISTAKE_DROP or more, and
 * after it the opponent has one winning move (a candidate).
 */
function isMistake(before: Scan, after: Scan): boolean {
  return after.candidate && before.best > -WINNING && before.best + after.best >= MISTAKE_DROP;
}

/**
 * A position after a mistake made a puzzle, or the stage that threw it out: minePosition at
 * the prefilter budgets (cheap: most candidates end here), then at the strict ones, whose
 * result is the puzzle; one solver move with fewer than three legal moves (coin-flips.ts) is
 * no puzzle. The seed rating (seed-rating.ts) sets the difficulty; `puzzles rate` rates the
 * library again with the fitted model and drops the first moves a simple rule finds outside
 * the easiest tier.
 */
export function minePuzzle(
  searcher: Searcher,
  position: Position,
  budgets: MiningBudgets,
  seed: string,
  mistake: NonNullable<Puzzle['mistake']>,
): { stage: MiningStage; puzzle?: Puzzle } {
  const first = minePosition(searcher, position, budgets.prefilter, seed);
  if ('rejected' in first) return { stage: first.rejected };
  const mined = minePosition(searcher, position, budgets.strict, seed);
  if ('rejected' in mined) return { stage: mined.rejected satisfies Rejection };
  const flips = coinFlips(mined);
  if (flips.includes('few-candidates')) return { stage: 'few-candidates' };
  const rating = seedRating(mined, mined.features!, flips);
  return { stage: 'kept', puzzle: { ...mined, difficulty: tierOf(rating), mistake, rating } };
}
