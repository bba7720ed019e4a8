import { openings, playGame, think, type PlayerSpec, type Searcher } from '../ai/index.js';
import {
  legalMoves,
  seededRandom,
  seedFromText,
  startPosition,
  type Position,
  type VariantId,
} from '../engine/index.js';
import { isCandidate, minePosition, play } from './miner.js';
import type { Puzzle } from './puzzle.js';
import type { PuzzleBudgets } from './thresholds.js';

/** One game of the miner: which library seed, which game of it. */
export interface MineRequest {
  readonly variant: VariantId;
  readonly seed: number;
  readonly game: number;
  readonly budgets: PuzzleBudgets;
}

/** The self-play players' levels: the lower ones blunder now and then, which makes puzzles. */
const LEVELS = [2, 3, 4, 5, 6] as const;
/** Budget scale of the node-limited levels (5 and 6), for speed. */
const SCALE = 0.5;
const MAX_GAME_PLIES = 200;
/** Balanced openings drawn from (each 4 plies). */
const OPENING_COUNT = 64;

const openingCache = new Map<string, string[][]>();

/**
 * Plays game `game` of the library seed by seeded self-play (an opening from match.ts's
 * balanced ones, two levels drawn from LEVELS) and mines every position of it after the opening:
 * the quick scan picks candidates, minePosition verifies them. After a puzzle, the positions of
 * its line are skipped. Deterministic: the searches are node-limited and the clock stands still.
 */
export async function mineGame(searcher: Searcher, request: MineRequest): Promise<Puzzle[]> {
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
  const level = (): PlayerSpec => ({
    kind: 'level',
    level: LEVELS[Math.floor(random() * LEVELS.length)]!, // random() < 1
  });
  const white = level();
  const black = level();
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
  const positions: Position[] = [start];
  let current = start;
  for (const move of [...outcome.opening, ...outcome.moves]) {
    current = play(current, move);
    positions.push(current);
  }
  for (let ply = opening.length; ply < positions.length; ply++) {
    const position = positions[ply]!;
    if (legalMoves(position).length < 2) continue;
    if (!isCandidate(searcher, position, budgets.scanNodes)) continue;
    const puzzle = minePosition(searcher, position, budgets, `${seed}/${game}/${ply}`);
    if (puzzle === null) continue;
    puzzles.push(puzzle);
    ply += puzzle.solution.length;
  }
  return puzzles;
}
