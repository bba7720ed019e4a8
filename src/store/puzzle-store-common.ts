import type { DailySetting } from '../game/daily-schedule.js';
import type { DailyResult, PuzzleStatus } from '../game/puzzle-ports.js';
import { StoreError } from '../game/ports.js';
import type { Logger } from '../game/logger.js';
import { dailySettingRecord, dayResultRecord, statusRecord } from './puzzle-codec.js';

/** Settings of a puzzle store, memory or Redis. */
export interface PuzzleStoreOptions {
  /** How long a daily-post claim is kept; default DAILY_CLAIM_TTL_MS. */
  claimTtlMs?: number;
  /** Where skipped corrupt list entries are reported; stderr by default. */
  log?: Logger;
}

/** Default lifetime of a daily-post claim: three days, longer than any restart or time zone. */
export const DAILY_CLAIM_TTL_MS = 3 * 86_400_000;

/**
 * How long the puzzle handed out for a request is remembered: three days, well past the day
 * Telegram keeps an update it may deliver again.
 */
export const HANDOUT_TTL_MS = 3 * 86_400_000;

/** How long a player's latest puzzle is remembered (for Next, see noteLatest): 90 days. */
export const LATEST_PUZZLE_TTL_MS = 90 * 86_400_000;

/** A player's latest puzzle as stored: `<puzzleId>|<requestKey>` (puzzle ids have no '|'). */
export function latestValue(given: {
  readonly puzzleId: string;
  readonly requestKey?: string;
}): string {
  return `${given.puzzleId}|${given.requestKey ?? ''}`;
}

/**
 * How long a chat's day results and a player's day outcomes are kept after their last write:
 * the leaderboards look back a week, and a streak ends after one missed day.
 */
export const DAY_HISTORY_TTL_MS = 14 * 86_400_000;

/**
 * Decodes one entry of a list (a day's results, the daily chats; a leaderboard's records for the
 * league store): one that does not decode is reported and left out, so a single bad entry never
 * hides the rest.
 */
export function decodeOrSkip<T>(
  log: Logger,
  decode: () => T,
  store = 'puzzle store',
): T | undefined {
  try {
    return decode();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    log.warn(`${store}: skipped a corrupt entry`, { err: error });
    return undefined;
  }
}

/** A chat's day results from their stored (playerKey, result) pairs, corrupt ones skipped. */
export function decodeDay(
  log: Logger,
  chatKey: string,
  day: string,
  rows: Iterable<[string, string]>,
): DailyResult[] {
  const results: DailyResult[] = [];
  for (const [player, text] of rows) {
    const id = `${chatKey}:${day}:${player}`;
    const row = decodeOrSkip(log, () => dayResultRecord.decode(id, text));
    if (row !== undefined) results.push(row);
  }
  return results;
}

/** The chats' daily-post settings from their stored (chatKey, setting) pairs, corrupt ones skipped. */
export function decodeDailyChats(
  log: Logger,
  rows: Iterable<[string, string]>,
): { chatKey: string; setting: DailySetting }[] {
  const chats: { chatKey: string; setting: DailySetting }[] = [];
  for (const [chatKey, text] of rows) {
    const setting = decodeOrSkip(log, () => dailySettingRecord.decode(chatKey, text));
    if (setting !== undefined) chats.push({ chatKey, setting });
  }
  return chats;
}

/** The puzzles' statuses from their stored (puzzleId, status) pairs, corrupt ones skipped. */
export function decodeStatuses(
  rows: Iterable<[string, string]>,
  log: Logger,
): Map<string, PuzzleStatus> {
  const statuses = new Map<string, PuzzleStatus>();
  for (const [puzzleId, text] of rows) {
    const status = decodeOrSkip(log, () => statusRecord.decode(puzzleId, text));
    if (status !== undefined) statuses.set(puzzleId, status);
  }
  return statuses;
}
