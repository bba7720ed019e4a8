import type { Redis } from 'ioredis';
import type { VariantId } from '../engine/index.js';
import type { LeagueStore, RatedGameSave, RatingChange } from '../game/league-ports.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import { playerKey, type PlayerId } from '../game/model.js';
import type { PlayerRating, RatingPool } from '../game/rating-model.js';
import { chatKey } from '../game/model.js';
import type { Tournament } from '../game/tournament-model.js';
import { isProvisional } from '../ratings/glicko2.js';
import { KeyBuilder } from './keys.js';
import {
  decodePlayerRating,
  decodeTournament,
  encodePlayerRating,
  encodeTournament,
  ratingRecordId,
} from './league-codec.js';
import {
  byMostGames,
  checkRatingChanges,
  decodeRatingList,
  isLive,
  type LeagueStoreOptions,
} from './league-store-common.js';
import { RedisReadiness } from './redis-ready.js';
import { storeRun, type RedisRunOptions, type StoreRun } from './redis-run.js';
import type { StoreHealthReport } from './store-health.js';
import { WritePlan } from './redis-write-plan.js';
import { RedisRecords } from './redis-records.js';

/** Where a rating record lives: its variant, pool and player (a playerKey). */
interface RatingAddress {
  readonly variant: VariantId;
  readonly pool: RatingPool;
  readonly player: string;
}

/** Settings of the Redis league store. */
export interface RedisLeagueStoreOptions extends LeagueStoreOptions, RedisRunOptions {}

/**
 * LeagueStore on Redis, under KeyBuilder's rating, leaderboard and tournament keys, on a client
 * shared with the other stores (made by createStoreRedis: no offline queue, fail fast). Every
 * write is one WritePlan, so a record's compare-and-set and its indexes change together:
 *   - a rated game: the `rated:<gameId>` marker must be absent and each record at its expected
 *     `games` (absent for 0); then the marker, the records, the players' "variant:pool" sets,
 *     the chats' leaderboards, and the global one (ZADD when established, ZREM when provisional);
 *   - a tournament: the record (absent, or at its version), its chat's sorted set by createdAt
 *     and the live set by status.
 * Every failure to reach Redis is a StoreError('store-unavailable'); the client reconnects by
 * itself.
 */
export class RedisLeagueStore implements LeagueStore {
  private readonly readiness: RedisReadiness;
  private readonly log: Logger;
  private readonly health: StoreHealthReport | undefined;
  /** Runs one Redis interaction, turning every way of not reaching Redis into a StoreError. */
  private readonly run: StoreRun;
  private readonly records: RedisRecords;

  constructor(
    private readonly redis: Redis,
    readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisLeagueStoreOptions = {},
  ) {
    this.readiness = new RedisReadiness(redis, options.readyTimeoutMs ?? 2_000);
    this.log = options.log ?? consoleLogger();
    this.health = options.health;
    this.run = storeRun('league store', () => this.readiness.ready(), this.health);
    this.records = new RedisRecords(redis, this.run);
  }

  /** For tests: raw text where a rating lives, at `games`, as a corrupted database would hold. */
  async putRawRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
    text: string,
    games = 0,
  ): Promise<void> {
    const key = playerKey(player);
    await this.run('putRawRating', key, () =>
      this.redis
        .multi()
        .hset(this.keys.playerRating(variant, pool, key), 'v', String(games), 'd', text)
        .sadd(this.keys.playerRatingPools(player), `${variant}:${pool}`)
        .exec(),
    );
  }
  /** For tests: raw text where a tournament lives, at `version`. */
  async putRawTournament(id: string, text: string, version = 1): Promise<void> {
    await this.run('putRawTournament', id, () =>
      this.redis.hset(this.keys.tournament(id), 'v', String(version), 'd', text),
    );
  }

  async playerRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
  ): Promise<PlayerRating | undefined> {
    const key = playerKey(player);
    const id = ratingRecordId(variant, pool, key);
    const address = this.keys.playerRating(variant, pool, key);
    return this.records.get('playerRating', address, id, decodePlayerRating);
  }

  async playerRatings(player: PlayerId): Promise<PlayerRating[]> {
    const key = playerKey(player);
    const boards = await this.run('playerRatings', key, () =>
      this.redis.smembers(this.keys.playerRatingPools(player)),
    );
    const records: RatingAddress[] = [];
    for (const board of boards) {
      // "variant:pool": a pool has no colon.
      const colon = board.lastIndexOf(':');
      const pool = board.slice(colon + 1);
      if (colon < 0 || (pool !== 'people' && pool !== 'bot')) {
        this.log.warn('league store: skipped a bad rating pool', { player: key, board });
        continue;
      }
      records.push({ variant: board.slice(0, colon) as VariantId, pool, player: key });
    }
    return (await this.readRatings('playerRatings', records)).sort(byMostGames);
  }

  async saveRatedGame(
    gameId: string,
    changes: readonly RatingChange[],
    chatKeys: readonly string[],
  ): Promise<RatedGameSave> {
    checkRatingChanges(gameId, changes);
    const marker = this.keys.ratedGame(gameId);
    const plan = new WritePlan().requireAbsent(marker).op('set', marker, '1');
    for (const { next, expectedGames } of changes) {
      const { variant, pool } = next;
      const key = playerKey(next.player);
      const record = this.keys.playerRating(variant, pool, key);
      if (expectedGames === 0) plan.requireAbsent(record);
      else plan.requireVersion(record, String(expectedGames));
      plan
        .op('hset', record, String(next.games), encodePlayerRating(next))
        .op('sadd', this.keys.playerRatingPools(next.player), `${variant}:${pool}`);
      for (const chatKey of chatKeys)
        plan.op('sadd', this.keys.chatRatings(chatKey, variant, pool), key);
      const top = this.keys.topRatings(variant, pool);
      if (isProvisional(next.rating)) plan.op('zrem', top, key);
      else plan.op('zadd', top, String(next.rating.rating), key);
    }
    if (await this.records.apply('saveRatedGame', gameId, plan)) return 'saved';
    // The plan does not say which check failed: the marker tells a repeat from a moved record.
    const rated = await this.run('saveRatedGame', gameId, () => this.redis.exists(marker));
    return rated === 1 ? 'already-rated' : 'conflict';
  }

  async topRatings(variant: VariantId, pool: RatingPool, limit: number): Promise<PlayerRating[]> {
    if (limit <= 0) return [];
    const players = await this.run('topRatings', undefined, () =>
      this.redis.zrevrange(this.keys.topRatings(variant, pool), 0, limit - 1),
    );
    return this.readRatings(
      'topRatings',
      players.map((player) => ({ variant, pool, player })),
    );
  }

  async chatRatings(
    chatKey: string,
    variant: VariantId,
    pool: RatingPool,
  ): Promise<PlayerRating[]> {
    const players = await this.run('chatRatings', chatKey, () =>
      this.redis.smembers(this.keys.chatRatings(chatKey, variant, pool)),
    );
    return this.readRatings(
      'chatRatings',
      players.map((player) => ({ variant, pool, player })),
    );
  }

  async markFinishing(gameId: string): Promise<void> {
    await this.run('markFinishing', gameId, () =>
      this.redis.sadd(this.keys.finishingGames(), gameId),
    );
  }
  async finishingGames(): Promise<string[]> {
    return this.run('finishingGames', undefined, () =>
      this.redis.smembers(this.keys.finishingGames()),
    );
  }
  async finishingDone(gameId: string): Promise<void> {
    await this.run('finishingDone', gameId, () =>
      this.redis.srem(this.keys.finishingGames(), gameId),
    );
  }

  async createTournament(tournament: Tournament): Promise<boolean> {
    const key = this.keys.tournament(tournament.id);
    return this.records.create('createTournament', key, tournament, (plan) =>
      this.writeTournament(plan, tournament),
    );
  }

  async getTournament(id: string): Promise<Tournament | undefined> {
    return this.records.get('getTournament', this.keys.tournament(id), id, decodeTournament);
  }

  async saveTournament(next: Tournament, expectedVersion: number): Promise<boolean> {
    const key = this.keys.tournament(next.id);
    return this.records.save('saveTournament', key, next, expectedVersion, (plan) =>
      this.writeTournament(plan, next),
    );
  }

  async chatTournaments(chatKey: string, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    return this.run('chatTournaments', chatKey, () =>
      this.redis.zrevrange(this.keys.chatTournaments(chatKey), 0, limit - 1),
    );
  }

  async liveTournaments(): Promise<string[]> {
    return this.run('liveTournaments', undefined, () =>
      this.redis.smembers(this.keys.liveTournaments()),
    );
  }

  private writeTournament(plan: WritePlan, tournament: Tournament): void {
    const { id } = tournament;
    plan
      .op(
        'hset',
        this.keys.tournament(id),
        String(tournament.version),
        encodeTournament(tournament),
      )
      .op(
        'zadd',
        this.keys.chatTournaments(chatKey(tournament.chat)),
        String(tournament.createdAt),
        id,
      )
      .op(isLive(tournament) ? 'sadd' : 'srem', this.keys.liveTournaments(), id);
  }

  /** Reads rating records in one round trip; missing ones are left out, corrupt ones logged. */
  private async readRatings(
    operation: string,
    records: readonly RatingAddress[],
  ): Promise<PlayerRating[]> {
    if (records.length === 0) return [];
    const texts = await this.run(operation, undefined, async () => {
      const pipeline = this.redis.pipeline();
      for (const { variant, pool, player } of records)
        pipeline.hget(this.keys.playerRating(variant, pool, player), 'd');
      const replies = (await pipeline.exec()) ?? [];
      return replies.map(([error, text]) => {
        if (error) throw error;
        return text as string | null;
      });
    });
    // The pipeline answers each of its commands, one a record, in order.
    return decodeRatingList(
      this.log,
      records.map(({ variant, pool, player }, i) => [
        ratingRecordId(variant, pool, player),
        texts[i],
      ]),
    );
  }
}
