/**
 * What people make of the puzzles, as every process sees it: the difficulty shown follows a
 * puzzle's rating from solvers once that rating is established, and a puzzle with enough 👎
 * leaves the rotation (/puzzle never offers it again; the daily draw skips it from the next
 * day). Kept in the store (PuzzleStore.puzzleStatuses: one small hash) and read again at most
 * once a STATUS_REFRESH_MS, so a change made by one process reaches the others within that.
 */
import { DEFAULT_RATING, PROVISIONAL_DEVIATION, type Rating } from '../ratings/glicko2.js';
import { tierOf } from '../puzzles/seed-rating.js';
import type { Clock } from './ports.js';
import { StoreError } from './ports.js';
import type { PuzzleStatus, PuzzleStore, VoteCount } from './puzzle-ports.js';
import type { PuzzleLine } from './puzzle-solving.js';

/** How often the statuses are read again. */
export const STATUS_REFRESH_MS = 60_000;
/** A puzzle leaves the rotation at this many 👎... */
export const RETIRE_DOWN_VOTES = 5;
/** ...when they are also at least this many times its 👍. */
export const RETIRE_DOWN_SHARE = 2;

/** Whether these votes take a puzzle out of the rotation. */
export function retiresPuzzle(votes: VoteCount): boolean {
  return votes.down >= RETIRE_DOWN_VOTES && votes.down >= RETIRE_DOWN_SHARE * votes.up;
}

/**
 * The rating a puzzle starts from before its first attempt: its seed rating (the library's
 * fitted model), as uncertain as the model is (its error is about 200 points), else the
 * newcomer's.
 */
export function seedPuzzleRating(puzzle: PuzzleLine): Rating | undefined {
  return puzzle.rating === undefined
    ? undefined
    : { ...DEFAULT_RATING, rating: puzzle.rating, deviation: 200 };
}

export class PuzzleRotation {
  private statuses = new Map<string, PuzzleStatus>();
  private readAt = -Infinity;

  constructor(
    private readonly store: PuzzleStore,
    private readonly clock: Clock,
  ) {}

  /** Reads the statuses again when they are older than STATUS_REFRESH_MS (keeps them on a fault). */
  async refresh(): Promise<void> {
    const now = this.clock.now();
    if (now - this.readAt < STATUS_REFRESH_MS) return;
    try {
      this.statuses = await this.store.puzzleStatuses();
      this.readAt = now;
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
    }
  }

  /** The puzzle as shown: its difficulty from its solvers once their rating is established. */
  shown<P extends PuzzleLine>(puzzle: P): P {
    const tier = this.statuses.get(puzzle.id)?.tier;
    return tier === undefined || tier === puzzle.difficulty
      ? puzzle
      : { ...puzzle, difficulty: tier };
  }

  /** Whether the puzzle is out of the rotation (for the daily of `day`: retired before it). */
  isRetired(puzzleId: string, day?: string): boolean {
    const retiredOn = this.statuses.get(puzzleId)?.retiredOn;
    return retiredOn !== undefined && (day === undefined || retiredOn < day);
  }

  /** After a counted attempt: the tier its new rating gives, once established, is kept. */
  async rated(puzzleId: string, rating: Rating): Promise<void> {
    if (rating.deviation > PROVISIONAL_DEVIATION) return;
    const status = this.statuses.get(puzzleId) ?? {};
    const tier = tierOf(rating.rating);
    if (status.tier === tier) return;
    try {
      await this.write(puzzleId, { ...status, tier });
    } catch (error) {
      // The attempt is recorded; the tier is written again at the next counted attempt.
      if (!(error instanceof StoreError)) throw error;
    }
  }

  /** After a vote: enough 👎 retire the puzzle (today, UTC). Whether it is retired now. */
  async voted(puzzleId: string, votes: VoteCount, today: string): Promise<boolean> {
    const status = this.statuses.get(puzzleId) ?? {};
    if (status.retiredOn !== undefined) return true;
    if (!retiresPuzzle(votes)) return false;
    await this.write(puzzleId, { ...status, retiredOn: today });
    return true;
  }

  private async write(puzzleId: string, status: PuzzleStatus): Promise<void> {
    await this.store.setPuzzleStatus(puzzleId, status);
    this.statuses.set(puzzleId, status);
  }
}
