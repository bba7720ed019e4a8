import type { VariantId } from '../engine/index.js';
import { playerKey } from '../game/model.js';
import type { PlayerRating, RatingPool } from '../game/rating-model.js';
import type { Tournament } from '../game/tournament-model.js';
import { atSchema, checked, corrupt, validated } from './codec.js';
import { PLAYER_RATING, TOURNAMENT } from './record-schemas.js';

/**
 * The versioned JSON of the league's records (schema `s`, as codec.ts's games): players' game
 * ratings and tournaments. Decoding checks the whole record against its schema
 * (record-schemas.ts), so a damaged one is a StoreError('corrupt-record') naming it, never a
 * wrong number on a leaderboard or a tournament paired from half a record.
 */
export const PLAYER_RATING_SCHEMA = 1;
/** Numbered apart from the ratings' schema, so that either record can change alone. */
export const TOURNAMENT_SCHEMA = 1;

/**
 * What names a rating record in errors and logs: 'variant:pool:platform:userId' (`player` is a
 * playerKey: the leaderboards hold keys, not players).
 */
export function ratingRecordId(variant: VariantId, pool: RatingPool, player: string): string {
  return `${variant}:${pool}:${player}`;
}

/** A rating record as stored: the whole record, with its schema number. */
export function encodePlayerRating(record: PlayerRating): string {
  return JSON.stringify({ s: PLAYER_RATING_SCHEMA, ...record });
}

/** A stored rating; `id` (ratingRecordId) is where it was read, and the record must be that one. */
export function decodePlayerRating(id: string, text: string): PlayerRating {
  const { s: _schema, ...fields } = atSchema('rating', id, text, PLAYER_RATING_SCHEMA);
  const record = checked('rating', id, PLAYER_RATING, fields);
  const holds = ratingRecordId(record.variant, record.pool, playerKey(record.player));
  if (holds !== id) throw corrupt('rating', id, `holds rating ${holds}`);
  return record;
}

/** A tournament as stored: the whole record, with its schema number. */
export function encodeTournament(tournament: Tournament): string {
  return JSON.stringify({ s: TOURNAMENT_SCHEMA, ...tournament });
}

/** A stored tournament; `id` is where it was read, and the record must be that one. */
export function decodeTournament(id: string, text: string): Tournament {
  return validated(
    'tournament',
    id,
    TOURNAMENT,
    atSchema('tournament', id, text, TOURNAMENT_SCHEMA),
  );
}
