import type { VariantId } from '../engine/index.js';
import type { PlayerId } from './model.js';
import type { PlayerRating, RatingPool } from './rating-model.js';
import type { Tournament } from './tournament-model.js';

/** The outcome of saving a rated game's records. */
export type RatedGameSave = 'saved' | 'already-rated' | 'conflict';

/** One record a rated game changes, and the `games` count it was computed from (0: none yet). */
export interface RatingChange {
  readonly next: PlayerRating;
  readonly expectedGames: number;
}

/**
 * Where players' game ratings, leaderboards and tournaments live. Like GameStore: reads return
 * undefined for a missing record and throw StoreError('corrupt-record') for one that cannot be
 * decoded (lists skip such entries and log them); every method throws
 * StoreError('store-unavailable') when the backing service cannot be reached.
 */
export interface LeagueStore {
  // ---- ratings ------------------------------------------------------------------------------

  /** A player's record in a variant and pool; undefined before their first rated game there. */
  playerRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
  ): Promise<PlayerRating | undefined>;

  /** Every record of a player (all variants and pools), most games first. */
  playerRatings(player: PlayerId): Promise<PlayerRating[]>;

  /**
   * Saves the records a finished game changes, atomically and once per game: only if `gameId`
   * was never rated and each record's stored `games` still equals `expectedGames` (0: no record
   * stored yet). With them, each record's player joins the leaderboard of every chat in
   * `chatKeys` ('platform:chatId') for its variant and pool, and the global leaderboard holds
   * the player at their new rating while it is not provisional (isProvisional) and drops them
   * while it is. 'already-rated': the game was rated before (nothing changes); 'conflict': a
   * record moved on (nothing changes; read again and retry).
   */
  saveRatedGame(
    gameId: string,
    changes: readonly RatingChange[],
    chatKeys: readonly string[],
  ): Promise<RatedGameSave>;

  /** The global leaderboard of a variant and pool: established ratings, best first. */
  topRatings(variant: VariantId, pool: RatingPool, limit: number): Promise<PlayerRating[]>;

  /** The records of everyone on a chat's leaderboard of a variant and pool, in no order. */
  chatRatings(chatKey: string, variant: VariantId, pool: RatingPool): Promise<PlayerRating[]>;

  // ---- finished games still to account for -------------------------------------------------

  /**
   * Notes, before the save that finishes it, that a game's end is to be accounted for (ratings,
   * its tournament): a durable to-do that a crash between the save and the accounting leaves
   * behind for the next start to finish.
   */
  markFinishing(gameId: string): Promise<void>;
  /** The games noted by markFinishing and not yet done. */
  finishingGames(): Promise<string[]>;
  finishingDone(gameId: string): Promise<void>;

  // ---- tournaments --------------------------------------------------------------------------

  /** Stores a new tournament (version 1); false if the id exists. */
  createTournament(tournament: Tournament): Promise<boolean>;
  getTournament(id: string): Promise<Tournament | undefined>;
  /**
   * Compare-and-set: stores `next` (version expectedVersion + 1) only if the stored one has
   * `expectedVersion`, with its indexes (the live set: sign-up and running ones).
   */
  saveTournament(next: Tournament, expectedVersion: number): Promise<boolean>;
  /** Ids of a chat's tournaments, newest first, at most `limit`. */
  chatTournaments(chatKey: string, limit: number): Promise<string[]>;
  /** Ids of every tournament in sign-up or running (checked at start-up). */
  liveTournaments(): Promise<string[]>;
}
