import * as v from 'valibot';
import { isDailySetting, type DailySetting } from '../game/daily-schedule.js';
import type { DailyResult, PuzzleAttempt, PuzzleStatus } from '../game/puzzle-ports.js';
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
const STATUS = v.object({
  tier: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  retiredOn: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
const DAILY_SETTING = v.pipe(
  v.object({ time: v.string(), timeZone: v.string() }),
  v.check(isDailySetting, 'bad time or zone'),
);

/** How one kind of puzzle record is written and read. */
export interface RecordCodec<T> {
  /** The record as stored; one its schema refuses is not written (a corrupt-record error). */
  encode(value: T): string;
  /** A stored record; `id` names it in errors (a StoreError('corrupt-record')). */
  decode(id: string, text: string): T;
}

function recordCodec<T>(kind: string, schema: v.GenericSchema<unknown, T>): RecordCodec<T> {
  return {
    encode: (value) =>
      JSON.stringify({ s: PUZZLE_SCHEMA, ...checked(kind, 'to be written', schema, value) }),
    decode: (id, text) => checked(kind, id, schema, atSchema(kind, id, text, PUZZLE_SCHEMA)),
  };
}

/** A Glicko-2 rating, of a solver or a puzzle; id 'user:telegram:1', 'puzzle:p17'. */
export const ratingRecord: RecordCodec<Rating> = recordCodec('rating', RATING);
/** A first attempt (the player's id and name only); id 'puzzleId:playerKey'. */
export const attemptRecord: RecordCodec<PuzzleAttempt> = recordCodec('attempt', ATTEMPT);
/** A player's result of a day in a chat; id 'chatKey:day:playerKey'. */
export const dayResultRecord: RecordCodec<DailyResult> = recordCodec('day result', DAY_RESULT);
/** A chat's daily post setting; one this Node cannot use (a zone its Intl lacks) is corrupt. */
export const dailySettingRecord: RecordCodec<DailySetting> = recordCodec(
  'daily setting',
  DAILY_SETTING,
);
/** What people made of a puzzle (its tier, its retirement); id the puzzle's. */
export const statusRecord: RecordCodec<PuzzleStatus> = recordCodec('puzzle status', STATUS);
