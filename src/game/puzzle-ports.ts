import type { Rating } from '../ratings/glicko2.js';
import type { DailySetting } from './daily-schedule.js';
import type { PlayerId } from './model.js';

export type { DailySetting } from './daily-schedule.js';

/** A player as leaderboards show them: who, and their name when the attempt was made. */
export type PuzzlePlayer = PlayerId & { readonly displayName?: string };

/** Whose rating: a solver's (by playerKey) or a puzzle's (by puzzle id). */
export type RatedKind = 'user' | 'puzzle';

/** A player's attempt at a puzzle, as the first one is stored. */
export interface PuzzleAttempt {
  readonly puzzleId: string;
  /** Who (a Player will do: its display name is kept for the leaderboards). */
  readonly player: PuzzlePlayer;
  readonly solved: boolean;
  /** When the attempt ended (ms since the epoch). */
  readonly at: number;
  /** The chat of a daily post ('platform:chatId'), with `day`: the attempt counts there. */
  readonly chatKey?: string;
  /** The daily post's day in the chat's zone (YYYY-MM-DD), with `chatKey`. */
  readonly day?: string;
}

/** One player's first attempt at a chat's puzzle of the day. */
export interface DailyResult {
  readonly player: PuzzlePlayer;
  readonly puzzleId: string;
  readonly solved: boolean;
  readonly at: number;
}

/** One player's days in a chat's week (or any list of days). */
export interface WeekResult {
  /** With the name of their latest counted attempt. */
  readonly player: PuzzlePlayer;
  /** Days solved, and failed, among the days asked for. */
  readonly solved: number;
  readonly failed: number;
  /** When the player's last counted attempt of those days ended. */
  readonly lastAt: number;
}

/** A puzzle's 👍 and 👎 (one per player, the latest of theirs). */
export interface VoteCount {
  readonly up: number;
  readonly down: number;
}

/** What people made of a puzzle (PuzzleService writes it; every process reads it). */
export interface PuzzleStatus {
  /** The difficulty (1-5) its rating from solvers gives, once that rating is established. */
  readonly tier?: number;
  /** The day (YYYY-MM-DD, UTC) it left the rotation by its 👎. */
  readonly retiredOn?: string;
}

/**
 * Where puzzle ratings, first attempts, chat leaderboards and daily-post settings live.
 * Reads of one record throw StoreError('corrupt-record') for a record that cannot be decoded;
 * lists skip such entries (reporting them to the store's log) so one bad entry never hides the
 * rest. Every method throws StoreError('store-unavailable') when the backing service cannot be
 * reached.
 */
export interface PuzzleStore {
  /** A solver's rating (id: playerKey of the player) or a puzzle's; undefined if never rated. */
  rating(kind: RatedKind, id: string): Promise<Rating | undefined>;

  /**
   * Records a player's FIRST attempt at a puzzle, atomically with both new ratings (the user's
   * under playerKey(attempt.player), the puzzle's under its id) and, for a daily attempt
   * (`chatKey` and `day`), the chat's day results and streak. Returns false and changes nothing
   * if the player has attempted this puzzle before (a second attempt, or the same tap handled
   * by two processes). Ratings are written as given (last writer wins): the caller computes
   * them from rating() just before.
   */
  recordFirstAttempt(
    attempt: PuzzleAttempt,
    ratings: { user: Rating; puzzle: Rating },
  ): Promise<boolean>;

  /** The player's first attempt at the puzzle, if any. */
  firstAttempt(puzzleId: string, player: PlayerId): Promise<PuzzleAttempt | undefined>;

  /** Which of these puzzles the player has attempted, in one round trip. */
  attempted(player: PlayerId, puzzleIds: readonly string[]): Promise<Set<string>>;

  /** The chat's results of a day: solvers first (earliest first), then the failed attempts. */
  dailyResults(chatKey: string, day: string): Promise<DailyResult[]>;

  /**
   * Consecutive days the player solved the chat's daily puzzle. With `today`, the run must
   * reach today or yesterday (today's puzzle may still be open), else it is 0; without it, the
   * run ending on the player's last day solved.
   */
  streak(chatKey: string, player: PlayerId, today?: string): Promise<number>;

  /** Per player, days solved and failed among `days`: most solved first, then fewest failed. */
  weekResults(chatKey: string, days: readonly string[]): Promise<WeekResult[]>;

  /** Turns the chat's daily post on (at that time) or off (null). */
  setDaily(chatKey: string, setting: DailySetting | null): Promise<void>;
  /** The chat's daily post setting, if on. */
  dailySetting(chatKey: string): Promise<DailySetting | undefined>;
  /** Every chat with the daily post on. */
  dailyChats(): Promise<{ chatKey: string; setting: DailySetting }[]>;

  /**
   * Claims the chat's post of `day`: true for exactly one caller per chat and day, across
   * processes and restarts (the claim is kept a few days, then forgotten).
   */
  claimDailyPost(chatKey: string, day: string): Promise<boolean>;

  /**
   * Records the puzzle handed out for a request (a chat update's key, so that the same request
   * delivered twice gets the same puzzle): `puzzleId` if the request has none yet, and returns
   * the one it has — the first, across processes. Kept a few days (HANDOUT_TTL_MS: longer than
   * Telegram keeps an update it may deliver again), then forgotten.
   */
  handOut(requestKey: string, puzzleId: string): Promise<string>;
  /** The puzzle handed out for a request, if one was (and is still remembered). */
  handedOut(requestKey: string): Promise<string | undefined>;

  /**
   * Notes `given.puzzleId` as the latest puzzle given to a player (`player`: a playerKey), by
   * the request `given.requestKey`, for Next's compare-and-set: with `follows`, only if the
   * latest is unknown, is `follows`, or was noted by this same request (delivered again); a
   * Next made for an older puzzle, or a second Next of the same one, changes nothing. Whether
   * this request's puzzle is the latest now. Kept LATEST_PUZZLE_TTL_MS, then forgotten.
   */
  noteLatest(
    player: string,
    given: { readonly puzzleId: string; readonly requestKey?: string },
    follows?: string,
  ): Promise<boolean>;

  /**
   * A player's 👍 (`up`) or 👎 on a puzzle, atomically: one vote per player, a later one
   * replacing theirs. The puzzle's counts after it.
   */
  vote(puzzleId: string, player: PlayerId, up: boolean): Promise<VoteCount>;

  /** Sets a puzzle's status (replacing what it had). */
  setPuzzleStatus(puzzleId: string, status: PuzzleStatus): Promise<void>;
  /** Every puzzle with a status, in one round trip. */
  puzzleStatuses(): Promise<Map<string, PuzzleStatus>>;
}
