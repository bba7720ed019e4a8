import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-connection.js';
import type { DailySetting } from '../game/daily-schedule.js';
import { playerKey, type PlayerId } from '../game/model.js';
import type {
  DailyResult,
  PuzzleAttempt,
  PuzzleStatus,
  PuzzleStore,
  RatedKind,
  VoteCount,
  WeekResult,
} from '../game/puzzle-ports.js';
import { outcomesPastUse, rankDay, rankWeek, streakOf } from '../game/puzzle-standings.js';
import type { Rating } from '../ratings/glicko2.js';
import { KeyBuilder } from './keys.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import * as common from './puzzle-store-common.js';
import type { PuzzleStoreOptions } from './puzzle-store-common.js';
import * as codec from './puzzle-codec.js';
import { RedisReadiness } from './redis-ready.js';
import { isReplyError, runOnRedis, type RedisRunOptions } from './redis-run.js';
import type { StoreHealthReport } from './store-health.js';

/**
 * A first attempt, on the player's slot: SET NX of the attempt is the guard (a second attempt,
 * or a double tap handled by two processes, finds it taken and writes nothing); with it the
 * player's rating. The puzzle's rating (its own slot) and the chat's day (the chat's slot:
 * DAILY_RESULT) follow it.
 * KEYS: attempt, user rating; ARGV: attempt, user rating.
 */
const RECORD_ATTEMPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1
`;
const RECORD_ATTEMPT_SHA = createHash('sha1').update(RECORD_ATTEMPT).digest('hex');

/**
 * A daily attempt's result in the chat, and the player's outcome of that day (HSETNX: the
 * first counted attempt of a day stays), both kept common.DAY_HISTORY_TTL_MS from their last
 * write; idempotent. KEYS: day hash, player days hash (the chat's slot); ARGV: playerKey, day
 * result, day, "1"|"0", ttl ms.
 */
const DAILY_RESULT = `
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1
`;

/** A player's day outcomes (solved or not) from their hash ("1" solved, "0" not). */
function outcomesOf(days: Record<string, string>): Map<string, boolean> {
  return new Map(Object.entries(days).map(([day, solved]) => [day, solved === '1']));
}

/** Settings of the Redis puzzle store. */
export interface RedisPuzzleStoreOptions extends PuzzleStoreOptions, RedisRunOptions {}

/**
 * PuzzleStore on Redis, under KeyBuilder's puzzle keys, on a client shared with the other
 * stores (made by createStoreRedis: no offline queue, fail fast). Every failure to reach Redis
 * is a StoreError('store-unavailable'); the client reconnects by itself.
 */
/**
 * noteLatest's compare-and-set. KEYS[1]: the player's latest; ARGV: the new value
 * (common.latestValue), the puzzle it must follow, '1' when it must, the ttl.
 */
const NOTE_LATEST = `
local latest = redis.call('GET', KEYS[1])
if ARGV[3] == '1' and latest and latest ~= ARGV[1] and string.match(latest, '^[^|]*') ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
return 1
`;

/**
 * vote: KEYS[1] the puzzle's votes (a hash playerKey → '1' up / '0' down, with the counts in
 * '#up' and '#down'); ARGV: the playerKey, the vote. Returns the counts after it.
 */
const VOTE = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old ~= ARGV[2] then
  if old == '1' then redis.call('HINCRBY', KEYS[1], '#up', -1) end
  if old == '0' then redis.call('HINCRBY', KEYS[1], '#down', -1) end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HINCRBY', KEYS[1], ARGV[2] == '1' and '#up' or '#down', 1)
end
return {tonumber(redis.call('HGET', KEYS[1], '#up') or '0'), tonumber(redis.call('HGET', KEYS[1], '#down') or '0')}
`;

export class RedisPuzzleStore implements PuzzleStore {
  private readonly readiness: RedisReadiness;
  private readonly claimTtlMs: number;
  private readonly log: Logger;
  private readonly health: StoreHealthReport | undefined;

  constructor(
    private readonly redis: RedisClient,
    readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisPuzzleStoreOptions = {},
  ) {
    this.readiness = new RedisReadiness(redis, options.readyTimeoutMs ?? 2_000);
    this.claimTtlMs = options.claimTtlMs ?? common.DAILY_CLAIM_TTL_MS;
    this.log = options.log ?? consoleLogger();
    this.health = options.health;
  }

  /** For tests: raw text where a rating lives, as a corrupted database would hold. */
  async putRawRating(kind: RatedKind, id: string, text: string): Promise<void> {
    await this.run('putRawRating', () => this.redis.set(this.keys.puzzleRating(kind, id), text));
  }
  /** For tests: raw text as a chat's daily setting. */
  async putRawDailySetting(chatKey: string, text: string): Promise<void> {
    await this.run('putRawDailySetting', () =>
      this.redis.hset(this.keys.dailySettings(), chatKey, text),
    );
  }
  /** For tests: raw text as a player's result of a day in a chat. */
  async putRawDayResult(
    chatKey: string,
    day: string,
    player: PlayerId,
    text: string,
  ): Promise<void> {
    await this.run('putRawDayResult', () =>
      this.redis.hset(this.keys.puzzleDay(chatKey, day), playerKey(player), text),
    );
  }

  async rating(kind: RatedKind, id: string): Promise<Rating | undefined> {
    const text = await this.run('rating', () => this.redis.get(this.keys.puzzleRating(kind, id)));
    return text === null ? undefined : codec.ratingRecord.decode(`${kind}:${id}`, text);
  }

  async recordFirstAttempt(
    attempt: PuzzleAttempt,
    ratings: { user: Rating; puzzle: Rating },
  ): Promise<boolean> {
    const player = playerKey(attempt.player);
    const keys = [
      this.keys.puzzleAttempt(attempt.puzzleId, attempt.player),
      this.keys.puzzleRating('user', player),
    ];
    const args = [codec.attemptRecord.encode(attempt), codec.ratingRecord.encode(ratings.user)];
    const result = await this.run('recordFirstAttempt', () =>
      this.script(RECORD_ATTEMPT, RECORD_ATTEMPT_SHA, keys, args),
    );
    if (result !== 1) return false;
    // The attempt is the truth; what follows it is written after it, on other slots.
    await this.run('recordFirstAttempt', () =>
      this.redis.set(
        this.keys.puzzleRating('puzzle', attempt.puzzleId),
        codec.ratingRecord.encode(ratings.puzzle),
      ),
    );
    const { chatKey, day } = attempt;
    if (chatKey !== undefined && day !== undefined) {
      await this.run('recordFirstAttempt', () =>
        this.redis.eval(
          DAILY_RESULT,
          2,
          this.keys.puzzleDay(chatKey, day),
          this.keys.puzzlePlayerDays(chatKey, attempt.player),
          player,
          codec.dayResultRecord.encode(attempt),
          day,
          attempt.solved ? '1' : '0',
          String(common.DAY_HISTORY_TTL_MS),
        ),
      );
      await this.dropPastOutcomes(chatKey, attempt.player, day);
    }
    return true;
  }

  /** A script by its digest, loaded with EVAL the first time a server lacks it. */
  private async script(
    script: string,
    sha: string,
    keys: readonly string[],
    args: readonly string[],
  ): Promise<unknown> {
    try {
      return await this.redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(isReplyError(error) && error.message.startsWith('NOSCRIPT'))) throw error;
      return this.redis.eval(script, keys.length, ...keys, ...args);
    }
  }

  /**
   * Deletes a player's outcomes that no streak can reach again (outcomesPastUse). Those days
   * are final, so this needs no atomicity with writes, which only touch today and yesterday;
   * a failure is logged and left for the next daily attempt.
   */
  private async dropPastOutcomes(chatKey: string, player: PlayerId, day: string): Promise<void> {
    const key = this.keys.puzzlePlayerDays(chatKey, player);
    try {
      const days = await this.run('dropPastOutcomes', () => this.redis.hgetall(key));
      const past = outcomesPastUse(outcomesOf(days), day);
      if (past.length > 0) await this.run('dropPastOutcomes', () => this.redis.hdel(key, ...past));
    } catch (error) {
      this.log.warn('puzzle store: could not drop past day outcomes', { err: error, key });
    }
  }

  async firstAttempt(puzzleId: string, player: PlayerId): Promise<PuzzleAttempt | undefined> {
    const text = await this.run('firstAttempt', () =>
      this.redis.get(this.keys.puzzleAttempt(puzzleId, player)),
    );
    return text === null
      ? undefined
      : codec.attemptRecord.decode(`${puzzleId}:${playerKey(player)}`, text);
  }

  async attempted(player: PlayerId, puzzleIds: readonly string[]): Promise<Set<string>> {
    if (puzzleIds.length === 0) return new Set();
    const keys = puzzleIds.map((id) => this.keys.puzzleAttempt(id, player));
    const found = await this.run('attempted', () => this.redis.mget(...keys));
    return new Set(puzzleIds.filter((_, i) => found[i] !== null));
  }

  async dailyResults(chatKey: string, day: string): Promise<DailyResult[]> {
    const rows = await this.run('dailyResults', () =>
      this.redis.hgetall(this.keys.puzzleDay(chatKey, day)),
    );
    return rankDay(this.decodeDay(chatKey, day, rows));
  }

  async streak(chatKey: string, player: PlayerId, today?: string): Promise<number> {
    const days = await this.run('streak', () =>
      this.redis.hgetall(this.keys.puzzlePlayerDays(chatKey, player)),
    );
    return streakOf(outcomesOf(days), today);
  }

  async weekResults(chatKey: string, days: readonly string[]): Promise<WeekResult[]> {
    if (days.length === 0) return [];
    const replies = await this.run('weekResults', async () => {
      const pipeline = this.redis.pipeline();
      for (const day of days) pipeline.hgetall(this.keys.puzzleDay(chatKey, day));
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, rows]) => {
        if (error) throw error;
        return rows as Record<string, string>;
      });
    });
    // The pipeline answers each of its commands, one a day, in order.
    return rankWeek(replies.map((rows, i) => this.decodeDay(chatKey, days[i]!, rows)));
  }

  async setDaily(chatKey: string, setting: DailySetting | null): Promise<void> {
    const key = this.keys.dailySettings();
    await this.run('setDaily', () =>
      setting === null
        ? this.redis.hdel(key, chatKey)
        : this.redis.hset(key, chatKey, codec.dailySettingRecord.encode(setting)),
    );
  }

  async dailySetting(chatKey: string): Promise<DailySetting | undefined> {
    const text = await this.run('dailySetting', () =>
      this.redis.hget(this.keys.dailySettings(), chatKey),
    );
    return text === null ? undefined : codec.dailySettingRecord.decode(chatKey, text);
  }

  async dailyChats(): Promise<{ chatKey: string; setting: DailySetting }[]> {
    const all = await this.run('dailyChats', () => this.redis.hgetall(this.keys.dailySettings()));
    return common.decodeDailyChats(this.log, Object.entries(all));
  }

  async claimDailyPost(chatKey: string, day: string): Promise<boolean> {
    const ttl = Math.max(1, Math.round(this.claimTtlMs));
    const reply = await this.run('claimDailyPost', () =>
      this.redis.set(this.keys.dailyClaim(chatKey, day), '1', 'PX', ttl, 'NX'),
    );
    return reply === 'OK';
  }

  async handOut(requestKey: string, puzzleId: string): Promise<string> {
    const key = this.keys.puzzleHandout(requestKey);
    // One transaction on one key: stored if new, then read back (the first one's, if it was not).
    const replies = await this.run('handOut', () =>
      this.redis.multi().set(key, puzzleId, 'PX', common.HANDOUT_TTL_MS, 'NX').get(key).exec(),
    );
    const [error, stored] = replies?.[1] ?? [new Error('no reply'), null];
    if (error !== null) throw error;
    return typeof stored === 'string' ? stored : puzzleId;
  }

  async noteLatest(
    player: string,
    given: { readonly puzzleId: string; readonly requestKey?: string },
    follows?: string,
  ): Promise<boolean> {
    const key = this.keys.puzzleLatest(player);
    const conditional = follows === undefined ? '0' : '1';
    const args = [
      common.latestValue(given),
      follows ?? '',
      conditional,
      common.LATEST_PUZZLE_TTL_MS,
    ];
    const reply = await this.run('noteLatest', () => this.redis.eval(NOTE_LATEST, 1, key, ...args));
    return reply === 1;
  }

  async handedOut(requestKey: string): Promise<string | undefined> {
    const stored = await this.run('handedOut', () =>
      this.redis.get(this.keys.puzzleHandout(requestKey)),
    );
    return stored ?? undefined;
  }

  private decodeDay(chatKey: string, day: string, rows: Record<string, string>): DailyResult[] {
    return common.decodeDay(this.log, chatKey, day, Object.entries(rows));
  }

  /** Runs one Redis interaction, turning every way of not reaching Redis into a StoreError. */
  private run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    return runOnRedis(
      () => this.readiness.ready(),
      `puzzle store: ${operation}`,
      undefined,
      body,
      this.health,
    );
  }

  async vote(puzzleId: string, player: PlayerId, up: boolean): Promise<VoteCount> {
    const key = this.keys.puzzleVotes(puzzleId);
    const reply = (await this.run('vote', () =>
      this.redis.eval(VOTE, 1, key, playerKey(player), up ? '1' : '0'),
    )) as [number, number];
    return { up: reply[0], down: reply[1] };
  }

  async setPuzzleStatus(puzzleId: string, status: PuzzleStatus): Promise<void> {
    const text = codec.statusRecord.encode(status);
    await this.run('setPuzzleStatus', () =>
      this.redis.hset(this.keys.puzzleStatuses(), puzzleId, text),
    );
  }

  async puzzleStatuses(): Promise<Map<string, PuzzleStatus>> {
    const rows = await this.run('puzzleStatuses', () =>
      this.redis.hgetall(this.keys.puzzleStatuses()),
    );
    return common.decodeStatuses(Object.entries(rows), this.log);
  }

  /** For tests: raw text as a puzzle's status. */
  async putRawStatus(puzzleId: string, text: string): Promise<void> {
    await this.run('putRawStatus', () =>
      this.redis.hset(this.keys.puzzleStatuses(), puzzleId, text),
    );
  }
}
