import { isDailySetting, type DailySetting } from '../game/daily-schedule.js';
import type { Platform } from '../game/model.js';
import type { DailyResult, PuzzleAttempt, PuzzlePlayer } from '../game/puzzle-ports.js';
import type { Rating } from '../ratings/glicko2.js';
import { corrupt, parseRecord, requireFields } from './codec.js';

/**
 * The versioned JSON of the puzzle store's records (schema `s`, as codec.ts's): ratings, first
 * attempts, day results and daily-post settings. Decoding checks every field, so a bad record
 * is a StoreError('corrupt-record') naming it, never a wrong number on a leaderboard.
 */
export const PUZZLE_SCHEMA = 1;

const PLATFORMS: readonly Platform[] = ['telegram', 'discord', 'console'];

function checked(kind: string, id: string, text: string): Record<string, unknown> {
  const data = parseRecord(kind, id, text);
  if (data.s !== PUZZLE_SCHEMA) throw corrupt(kind, id, `unknown schema ${JSON.stringify(data.s)}`);
  return data;
}

/** Only what identifies and names the player: a Player's other fields are not kept. */
function playerOf(player: PuzzlePlayer): PuzzlePlayer {
  const { platform, userId, displayName } = player;
  return displayName === undefined ? { platform, userId } : { platform, userId, displayName };
}

function decodePlayer(kind: string, id: string, value: unknown): PuzzlePlayer {
  const data = value as Record<string, unknown>;
  requireFields(kind, id, data, {
    platform: 'string',
    userId: 'string',
    displayName: 'string|undefined',
  });
  if (!PLATFORMS.includes(data.platform as Platform)) throw corrupt(kind, id, 'unknown platform');
  return playerOf(data as unknown as PuzzlePlayer);
}

/** A rating as stored. */
export function encodeRating(rating: Rating): string {
  const { rating: value, deviation, volatility } = rating;
  return JSON.stringify({ s: PUZZLE_SCHEMA, rating: value, deviation, volatility });
}

/** A stored rating; `id` ('user:telegram:1', 'puzzle:p17') names it in errors. */
export function decodeRating(id: string, text: string): Rating {
  const data = checked('rating', id, text);
  requireFields('rating', id, data, {
    rating: 'number',
    deviation: 'number',
    volatility: 'number',
  });
  const { rating, deviation, volatility } = data as unknown as Rating;
  if (!Number.isFinite(rating) || !(deviation > 0) || !(volatility > 0))
    throw corrupt('rating', id, 'out of range');
  return { rating, deviation, volatility };
}

/** A first attempt as stored (the player's id and name only). */
export function encodeAttempt(attempt: PuzzleAttempt): string {
  const { puzzleId, solved, at, chatKey, day } = attempt;
  const player = playerOf(attempt.player);
  return JSON.stringify({ s: PUZZLE_SCHEMA, puzzleId, player, solved, at, chatKey, day });
}

/** A stored first attempt; `id` ('puzzleId:playerKey') names it in errors. */
export function decodeAttempt(id: string, text: string): PuzzleAttempt {
  const data = checked('attempt', id, text);
  requireFields('attempt', id, data, {
    puzzleId: 'string',
    player: 'object',
    solved: 'boolean',
    at: 'number',
    chatKey: 'string|undefined',
    day: 'string|undefined',
  });
  const { puzzleId, solved, at, chatKey, day } = data as unknown as PuzzleAttempt;
  const player = decodePlayer('attempt', id, data.player);
  return {
    puzzleId,
    player,
    solved,
    at,
    ...(chatKey === undefined ? {} : { chatKey }),
    ...(day === undefined ? {} : { day }),
  };
}

/** A player's result of a day in a chat, as stored. */
export function encodeDailyResult(result: DailyResult): string {
  const { puzzleId, solved, at } = result;
  return JSON.stringify({
    s: PUZZLE_SCHEMA,
    player: playerOf(result.player),
    puzzleId,
    solved,
    at,
  });
}

/** A stored day result; `id` ('chatKey:day:playerKey') names it in errors. */
export function decodeDailyResult(id: string, text: string): DailyResult {
  const data = checked('day result', id, text);
  requireFields('day result', id, data, {
    player: 'object',
    puzzleId: 'string',
    solved: 'boolean',
    at: 'number',
  });
  const { puzzleId, solved, at } = data as unknown as DailyResult;
  return { player: decodePlayer('day result', id, data.player), puzzleId, solved, at };
}

/** A chat's daily post setting as stored. */
export function encodeDailySetting(setting: DailySetting): string {
  return JSON.stringify({ s: PUZZLE_SCHEMA, time: setting.time, timeZone: setting.timeZone });
}

/** A setting this Node cannot use (a zone its Intl does not know) is corrupt too. */
export function decodeDailySetting(id: string, text: string): DailySetting {
  const data = checked('daily setting', id, text);
  requireFields('daily setting', id, data, { time: 'string', timeZone: 'string' });
  const setting = { time: data.time as string, timeZone: data.timeZone as string };
  if (!isDailySetting(setting)) throw corrupt('daily setting', id, 'bad time or zone');
  return setting;
}
