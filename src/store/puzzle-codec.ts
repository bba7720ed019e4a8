import * as v from 'valibot';
import { isDailySetting, type DailySetting } from '../game/daily-schedule.js';
import type { DailyResult, PuzzleAttempt } from '../game/puzzle-ports.js';
import type { Rating } from '../ratings/glicko2.js';
import { atSchema, checked } from './codec.js';
import { GLICKO_RATING, PLAYER_ID, TIME } from './record-schemas.js';

/**
 * The versioned JSON of the puzzle store's records (schema `s`, as codec.ts's): ratings, first
 * attempts, day results and daily-post settings. Decoding checks every field against its
 * schema, so a bad record is a StoreError('corrupt-record') naming it, never a wrong number on
 * a leaderboard. What is decoded holds the schema's fields only (`v.object` drops the others).
 */
export const PUZZLE_SCHEMA = 1;

/** Only what identifies and names the player: a Player's other fields are not kept. */
const PLAYER = v.object({ ...PLAYER_ID.entries, displayName: v.optional(v.string()) });
const RATING = v.object(GLICKO_RATING.entries);
const ATTEMPT = v.object({
  puzzleId: v.string(),
  player: PLAYER,
  solved: v.boolean(),
  at: TIME,
  chatKey: v.optional(v.string()),
  day: v.optional(v.string()),
});
const DAY_RESULT = v.object({
  player: PLAYER,
  puzzleId: v.string(),
  solved: v.boolean(),
  at: TIME,
});
const DAILY_SETTING = v.pipe(
  v.object({ time: v.string(), timeZone: v.string() }),
  v.check(isDailySetting, 'bad time or zone'),
);

/**
 * A record as stored: its fields as `schema` reads them, with the schema number. One that its
 * schema refuses is not written (a StoreError('corrupt-record'), as it would be read).
 */
function encode<T>(kind: string, schema: v.GenericSchema<unknown, T>, value: T): string {
  return JSON.stringify({ s: PUZZLE_SCHEMA, ...checked(kind, 'to be written', schema, value) });
}

function decode<T>(kind: string, schema: v.GenericSchema<unknown, T>, id: string, text: string) {
  return checked(kind, id, schema, atSchema(kind, id, text, PUZZLE_SCHEMA));
}

/** A rating as stored. */
export const encodeRating = (rating: Rating): string => encode('rating', RATING, rating);

/** A stored rating; `id` ('user:telegram:1', 'puzzle:p17') names it in errors. */
export const decodeRating = (id: string, text: string): Rating =>
  decode('rating', RATING, id, text);

/** A first attempt as stored (the player's id and name only). */
export const encodeAttempt = (attempt: PuzzleAttempt): string =>
  encode('attempt', ATTEMPT, attempt);

/** A stored first attempt; `id` ('puzzleId:playerKey') names it in errors. */
export const decodeAttempt = (id: string, text: string): PuzzleAttempt =>
  decode('attempt', ATTEMPT, id, text);

/** A player's result of a day in a chat, as stored. */
export const encodeDailyResult = (result: DailyResult): string =>
  encode('day result', DAY_RESULT, result);

/** A stored day result; `id` ('chatKey:day:playerKey') names it in errors. */
export const decodeDailyResult = (id: string, text: string): DailyResult =>
  decode('day result', DAY_RESULT, id, text);

/** A chat's daily post setting as stored. */
export const encodeDailySetting = (setting: DailySetting): string =>
  encode('daily setting', DAILY_SETTING, setting);

/** A setting this Node cannot use (a zone its Intl does not know) is corrupt too. */
export const decodeDailySetting = (id: string, text: string): DailySetting =>
  decode('daily setting', DAILY_SETTING, id, text);
