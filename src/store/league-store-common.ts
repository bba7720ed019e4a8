import type { RatingChange } from '../game/league-ports.js';
import type { Logger } from '../game/logger.js';
import { playerKey } from '../game/model.js';
import type { PlayerRating } from '../game/rating-model.js';
import type { Tournament } from '../game/tournament-model.js';
import { decodePlayerRating, ratingRecordId } from './league-codec.js';
import { decodeOrSkip } from './puzzle-store-common.js';

/** Settings of a league store, memory or Redis. */
export interface LeagueStoreOptions {
  /** Where skipped corrupt list entries are reported; stderr by default. */
  log?: Logger;
}

/** The id of a record (ratingRecordId). */
export function recordIdOf(record: PlayerRating): string {
  const { player, variant, pool } = record;
  return ratingRecordId(variant, pool, playerKey(player));
}

/**
 * Refuses changes no correct caller makes: `games` is a record's version, so each change adds
 * exactly one game, and a game changes a record once. A retry on 'conflict' could never mend
 * either, so they are thrown, not reported as a conflict.
 */
export function checkRatingChanges(gameId: string, changes: readonly RatingChange[]): void {
  const seen = new Set<string>();
  for (const change of changes) {
    const id = recordIdOf(change.next);
    if (change.next.games !== change.expectedGames + 1)
      throw new Error(
        `league store: game ${gameId} takes ${id} from ` +
          `${change.expectedGames} games to ${change.next.games}`,
      );
    if (seen.has(id)) throw new Error(`league store: game ${gameId} changes ${id} twice`);
    seen.add(id);
  }
}

/**
 * The records of a list read by id (null or undefined: gone meanwhile), in the list's order; one
 * that does not decode is logged and left out, so one bad record never empties a leaderboard.
 */
export function decodeRatingList(
  log: Logger,
  entries: readonly (readonly [id: string, text: string | null | undefined])[],
): PlayerRating[] {
  const records: PlayerRating[] = [];
  for (const [id, text] of entries) {
    if (text === null || text === undefined) continue;
    const record = decodeOrSkip(log, () => decodePlayerRating(id, text), 'league store');
    if (record !== undefined) records.push(record);
  }
  return records;
}

/** A player's records as playerRatings lists them: most games first, then by variant and pool. */
export function byMostGames(a: PlayerRating, b: PlayerRating): number {
  if (a.games !== b.games) return b.games - a.games;
  const first = `${a.variant}:${a.pool}`;
  const second = `${b.variant}:${b.pool}`;
  return first < second ? -1 : first > second ? 1 : 0;
}

/** Whether a tournament belongs in the live set: still to be run or running (checked at start). */
export function isLive(tournament: Tournament): boolean {
  return tournament.status === 'signup' || tournament.status === 'running';
}
