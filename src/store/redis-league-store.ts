import type { VariantId } from '../engine/index.js';
import type { LeagueStore, RatedGameSave, RatingChange } from '../game/league-ports.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import { playerKey, type PlayerId } from '../game/model.js';
import type { PlayerRating, RatingPool } from '../game/rating-model.js';
import { chatKey } from '../game/model.js';
import type { Tournament } from '../game/tournament-model.js';
import { KeyBuilder } from './keys.js';
import {
  decodePlayerRating,
  decodeTournament,
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
import { RedisRecords, type RecordKind } from './redis-records.js';
import type { RedisClient } from './redis-connection.js';
import { RedisRatedGames } from './redis-rated-games.js';

/** Where a rating record lives: its variant, pool and player (a playerKey). */
interface RatingAddress {
  readonly variant: VariantId;
  readonly pool: RatingPool;
  readonly player: string;
}

/** Settings of the Redis league store. */
export interface RedisLeagueStoreOptions extends LeagueStoreOptions, RedisRunOptions {}

/**
 * LeagueStore on Redis (one server or a cluster), under KeyBuilder's rating, leaderboard and
 * tournament keys, on a client shared with the other stores (made by createStoreRedis: no
 * offline queue, fail fast):
 *   - a rated game: a two-phase commit over the players' records with the game's marker as
 *     commit point (redis-rated-games.ts); then the players' "variant:pool" sets, the chats'
 *     leaderboards and the global one (ZADD when established, ZREM when provisional);
 *   - a tournament: the record's compare-and-set (absent, or at its version), then its chat's
 *     sorted set by createdAt and the live set by status, kept right by RedisRecords (repaired
 *     by liveTournaments() when a process died half-way).
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
  private readonly tournaments: RecordKind<Tournament>;
  private readonly rated: RedisRatedGames;

  constructor(
    private readonly redis: RedisClient,
    readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisLeagueStoreOptions = {},
  ) {
    this.readiness = new RedisReadiness(redis, options.readyTimeoutMs ?? 2_000);
    this.log = options.log ?? consoleLogger();
    this.health = options.health;
    this.run = storeRun('league store', () => this.readiness.ready(), this.health);
    this.records = new RedisRecords(redis, this.run, keys.indexing());
    this.tournaments = {
      name: 'tournament',
      key: (id) => keys.tournament(id),
      decode: decodeTournament,
      write: (plan, tournament) => this.writeTournament(plan, tournament),
    };
    this.rated = new RedisRatedGames(redis, keys, this.run, this.log);
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
    // One slot (the player's): one transaction.
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
    return this.rated.save(gameId, changes, chatKeys);
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
    return this.records.create('createTournament', this.tournaments, tournament);
  }

  async getTournament(id: string): Promise<Tournament | undefined> {
    return this.records.get('getTournament', this.keys.tournament(id), id, decodeTournament);
  }

  async saveTournament(next: Tournament, expectedVersion: number): Promise<boolean> {
    return this.records.save('saveTournament', this.tournaments, next, expectedVersion);
  }

  async chatTournaments(chatKey: string, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    return this.run('chatTournaments', chatKey, () =>
      this.redis.zrevrange(this.keys.chatTournaments(chatKey), 0, limit - 1),
    );
  }

  /** Repairs first the tournaments whose process died while writing their indexes. */
  async liveTournaments(): Promise<string[]> {
    await this.records.repair([this.tournaments]);
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
    // One command a record: the records are in their players' slots (a cluster has them on
    // several nodes); sent at once, answered in order.
    const texts = await this.run(operation, undefined, () =>
      Promise.all(
        records.map(({ variant, pool, player }) =>
          this.redis.hget(this.keys.playerRating(variant, pool, player), 'd'),
        ),
      ),
    );
    return decodeRatingList(
      this.log,
      records.map(({ variant, pool, player }, i) => [
        ratingRecordId(variant, pool, player),
        texts[i],
      ]),
    );
  }
}
