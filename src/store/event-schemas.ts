import * as v from 'valibot';
import type { GameEvent } from '../game/results.js';
import {
  CHALLENGE,
  FINISH,
  GAME,
  GAME_RESULT,
  keysOf,
  PLATFORMS,
  PLAYER_RATING,
  TOURNAMENT,
  SEAT_COLOR,
  SIDE,
  TIME,
} from './record-schemas.js';

/**
 * The events one process hands another through the event stream, checked at every depth as the
 * stored records are (they carry those records): a batch with one event of the wrong shape is
 * dropped whole and logged, so no presenter meets a field of the wrong type. Loose objects: a
 * field added by a newer process is kept, as in records.
 */
const GAME_EVENT: v.GenericSchema<unknown, GameEvent> = v.variant('type', [
  v.looseObject({
    type: v.picklist([
      'challenge-created',
      'challenge-declined',
      'challenge-cancelled',
      'challenge-expired',
      'challenge-updated',
    ]),
    challenge: CHALLENGE,
  }),
  v.looseObject({
    type: v.literal('game-started'),
    game: GAME,
    challenge: v.optional(CHALLENGE),
    ping: v.boolean(),
    acceptedIn: v.optional(
      v.looseObject({ platform: v.picklist(keysOf(PLATFORMS)), chatId: v.string() }),
    ),
  }),
  v.looseObject({
    type: v.literal('move-played'),
    game: GAME,
    move: v.string(),
    by: SEAT_COLOR,
    ping: v.boolean(),
    finished: v.optional(v.array(FINISH)),
  }),
  v.looseObject({
    type: v.literal('seat-out'),
    game: GAME,
    color: SEAT_COLOR,
    why: v.picklist(['resign', 'time']),
    finished: v.array(FINISH),
    ping: v.optional(v.boolean()),
  }),
  v.looseObject({ type: v.literal('turn-nudge'), game: GAME }),
  v.looseObject({ type: v.picklist(['draw-offered', 'draw-declined']), game: GAME, by: SIDE }),
  v.looseObject({ type: v.literal('reminder'), game: GAME, side: SEAT_COLOR, deadline: TIME }),
  v.looseObject({ type: v.literal('game-over'), game: GAME, result: GAME_RESULT }),
  v.looseObject({ type: v.literal('game-rated'), game: GAME, ratings: v.array(PLAYER_RATING) }),
  v.looseObject({
    type: v.picklist(['tournament-updated', 'tournament-finished', 'tournament-cancelled']),
    tournament: TOURNAMENT,
  }),
  v.looseObject({
    type: v.literal('tournament-round'),
    tournament: TOURNAMENT,
    round: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.looseObject({
    type: v.literal('tournament-withdrawal'),
    tournament: TOURNAMENT,
    entrant: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
]);

const BATCH = v.array(GAME_EVENT);

/** Parses a batch from the stream; undefined for anything that is not a list of valid events. */
export function decodeBatch(payload: string | undefined): GameEvent[] | undefined {
  if (payload === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return undefined; // not JSON: the caller logs the batch and drops it
  }
  const parsed = v.safeParse(BATCH, data);
  return parsed.success ? parsed.output : undefined;
}
