import { Redis, type RedisOptions } from 'ioredis';
import {
  CLOSED_CHALLENGE_STATUSES,
  gamePlayers,
  type Challenge,
  type ChatView,
  type Game,
  type PlayerId,
} from '../game/model.js';
import type { GameStore } from '../game/ports.js';
import { StoreError } from '../game/ports.js';
import { decodeChallenge, decodeGame, encodeChallenge, encodeGame } from './codec.js';
import { RedisReadiness } from './redis-ready.js';
import { KeyBuilder } from './keys.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import { OutageReporter, reconnectDelay } from './outage.js';
import { storeRun, type RedisRunOptions, type StoreRun } from './redis-run.js';
import type { StoreHealthReport } from './store-health.js';
import { WritePlan } from './redis-write-plan.js';
import { RedisRecords } from './redis-records.js';

// Other stores share the error mapping from here.
export { isReplyError, UNAVAILABLE_REPLIES } from './redis-run.js';

/**
 * Connection settings for the store's own ioredis client, chosen to fail fast: a chat user
 * waiting on a dead Redis should get "try again later" in a second or two, not a hang.
 * - no offline queue: a command issued while disconnected is rejected at once;
 * - maxRetriesPerRequest 0 and no resending: a command in flight when the connection drops is
 *   rejected rather than replayed later (a replayed create would wrongly report "exists");
 * - commandTimeout: a server that accepts connections but stops answering is "unavailable" too;
 * - retryStrategy: reconnects forever in the background, so the store recovers by itself, backing
 *   off to one try every 5 s (reconnectDelay); operations never wait for a retry, they fail at
 *   once while the client is between tries (see connected()).
 */
export const STORE_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  connectTimeout: 2_000,
  commandTimeout: 2_000,
  retryStrategy: reconnectDelay,
};

/** An ioredis client for a RedisGameStore, with STORE_REDIS_OPTIONS under `overrides`. */
export function createStoreRedis(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, { ...STORE_REDIS_OPTIONS, ...overrides });
}

export interface RedisGameStoreOptions extends RedisRunOptions {
  /** Where the store reports connection trouble (once per outage); stderr by default. */
  log?: Logger;
}

const noop = (): void => {};

/** The field of the `migrations` hash that marks the `active` index as backfilled. */
const ACTIVE_INDEX_MIGRATION = 'active-index';

/**
 * GameStore on Redis (ioredis). Each record is a hash { v: version, d: codec JSON } under
 * KeyBuilder's keys; every write is a WritePlan (redis-write-plan.ts), so a record, its
 * compare-and-set and all of its index updates change together or not at all. Indexes are
 * computed here from the record being written and handed to the script:
 *   - player active sets: SADD for an active game, SREM otherwise; the same for the open
 *     challenges a player made;
 *   - views: a game's views overwrite ("game:<id>"), a challenge's only claim free views
 *     ("challenge:<id>", SET NX), so a message that became a game's keeps pointing at the game;
 *   - `finished` / `closed` sorted sets, scored by finishedAt / updatedAt, drive purge();
 *   - the `active` sorted set, scored by updatedAt, finds idle games (idleGameIds);
 *   - invite codes: set with the challenge's creation (a taken code fails it like a taken id),
 *     deleted with the challenge by purge().
 *
 * Every failure to reach Redis is a StoreError('store-unavailable'); the client reconnects in
 * the background and the same instance works again when Redis is back.
 */
export class RedisGameStore implements GameStore {
  private readonly redis: Redis;
  private readonly ownsConnection: boolean;
  private readonly readiness: RedisReadiness;
  private readonly outage: OutageReporter;
  private readonly health: StoreHealthReport | undefined;
  /** Runs one Redis interaction, turning every way of not reaching Redis into a StoreError. */
  private readonly run: StoreRun;
  private readonly records: RedisRecords;
  private closed = false;
  /** The one-time backfill of the `active` index (see backfillActiveIndex), once it succeeded. */
  private activeIndexReady: Promise<void> | undefined;

  /**
   * @param connection a URL (the store then owns a client made by createStoreRedis and closes
   *   it in close()) or an ioredis client owned by the caller, ideally with STORE_REDIS_OPTIONS.
   * @param keys the key builder, with its prefix.
   */
  constructor(
    connection: Redis | string,
    readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisGameStoreOptions = {},
  ) {
    this.ownsConnection = typeof connection === 'string';
    this.redis = typeof connection === 'string' ? createStoreRedis(connection) : connection;
    this.outage = new OutageReporter('redis store', options.log ?? consoleLogger());
    this.readiness = new RedisReadiness(this.redis, options.readyTimeoutMs ?? 2_000);
    this.health = options.health;
    this.run = storeRun('redis store', () => this.connected(), this.health);
    this.records = new RedisRecords(this.redis, this.run);
    // Without an 'error' listener ioredis reports every failed reconnect on the console.
    this.redis.on('error', this.outage.error);
    this.redis.on('close', this.outage.closed);
    this.redis.on('ready', this.outage.ready);
  }

  /** Stops using Redis; quits the connection if the store made it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.redis.off('error', this.outage.error);
    this.redis.off('close', this.outage.closed);
    this.redis.off('ready', this.outage.ready);
    if (!this.ownsConnection) return;
    // Keep a listener: a late socket error after quit must not reach the console or crash.
    this.redis.on('error', noop);
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // fall through to a hard disconnect
      }
    }
    this.redis.disconnect();
  }

  /** For tests: puts raw text where a game record lives, as a corrupted database would. */
  async putRawGame(id: string, text: string): Promise<void> {
    await this.run('putRawGame', id, async () => {
      let version = '0';
      try {
        const data: unknown = JSON.parse(text);
        if (typeof data === 'object' && data !== null && 'version' in data)
          version = String(data.version);
      } catch {
        // garbage text: version 0 will do
      }
      await this.redis.hset(this.keys.game(id), 'v', version, 'd', text);
    });
  }

  async createChallenge(challenge: Challenge): Promise<boolean> {
    const key = this.keys.challenge(challenge.id);
    const plan = new WritePlan().requireAbsent(key);
    const code = challenge.inviteCode;
    if (code !== undefined) {
      const codeKey = this.keys.challengeCode(code);
      plan.requireAbsent(codeKey).op('set', codeKey, challenge.id);
    }
    this.writeChallenge(plan, challenge);
    return this.records.apply('createChallenge', challenge.id, plan);
  }

  async findChallengeByCode(code: string): Promise<string | undefined> {
    const id = await this.run('findChallengeByCode', undefined, () =>
      this.redis.get(this.keys.challengeCode(code)),
    );
    return id ?? undefined;
  }

  async getChallenge(id: string): Promise<Challenge | undefined> {
    return this.records.get('getChallenge', this.keys.challenge(id), id, decodeChallenge);
  }

  async saveChallenge(next: Challenge, expectedVersion: number): Promise<boolean> {
    return this.records.save(
      'saveChallenge',
      this.keys.challenge(next.id),
      next,
      expectedVersion,
      (plan) => this.writeChallenge(plan, next),
    );
  }

  async startGame(next: Challenge, expectedVersion: number, game: Game): Promise<boolean> {
    if (next.version !== expectedVersion + 1) return false;
    const plan = new WritePlan()
      .requireAbsent(this.keys.game(game.id))
      .requireVersion(this.keys.challenge(next.id), String(expectedVersion));
    // Challenge first: its SET NX views then lose to the game's SET on the same message.
    this.writeChallenge(plan, next);
    this.writeGame(plan, game);
    return this.records.apply('startGame', game.id, plan);
  }

  async createGame(game: Game): Promise<boolean> {
    return this.records.create('createGame', this.keys.game(game.id), game, (plan) =>
      this.writeGame(plan, game),
    );
  }

  async getGame(id: string): Promise<Game | undefined> {
    return this.records.get('getGame', this.keys.game(id), id, decodeGame);
  }

  async saveGame(next: Game, expectedVersion: number): Promise<boolean> {
    return this.records.save('saveGame', this.keys.game(next.id), next, expectedVersion, (plan) =>
      this.writeGame(plan, next),
    );
  }

  async openChallengeIds(challenger: PlayerId): Promise<string[]> {
    return this.run('openChallengeIds', undefined, () =>
      this.redis.smembers(this.keys.openChallenges(challenger)),
    );
  }

  async activeGameIds(player: PlayerId): Promise<string[]> {
    return this.run('activeGameIds', undefined, () =>
      this.redis.smembers(this.keys.activeGames(player)),
    );
  }

  async findByView(
    view: ChatView,
  ): Promise<{ kind: 'game' | 'challenge'; id: string } | undefined> {
    const key = this.keys.view(view);
    const target = await this.run('findByView', undefined, () => this.redis.get(key));
    if (target === null) return undefined;
    const colon = target.indexOf(':');
    const kind = target.slice(0, colon);
    if (colon < 0 || (kind !== 'game' && kind !== 'challenge'))
      throw new StoreError('corrupt-record', `view ${key}: bad target "${target}"`, key);
    return { kind, id: target.slice(colon + 1) };
  }

  async idleGameIds(olderThan: number, limit: number): Promise<string[]> {
    await this.activeIndexBackfilled();
    return this.run('idleGameIds', undefined, () =>
      this.redis.zrangebyscore(
        this.keys.activeGamesByChange(),
        '-inf',
        `(${olderThan}`,
        'LIMIT',
        0,
        limit,
      ),
    );
  }

  private activeIndexBackfilled(): Promise<void> {
    this.activeIndexReady ??= this.backfillActiveIndex().catch((error: unknown) => {
      this.activeIndexReady = undefined; // try again at the next call
      throw error;
    });
    return this.activeIndexReady;
  }

  /**
   * The `active` sorted set came after the first stores: games already active then were never
   * indexed, so would never end as idle. Once per database (marked in the `migrations` hash),
   * every game record is read with SCAN and each active one is indexed by its updatedAt, guarded
   * by the version read, so a game that changed meanwhile (and indexed itself) is left alone.
   * Safe to run from several processes at once; a record that does not decode is skipped.
   */
  private async backfillActiveIndex(): Promise<void> {
    const marker = this.keys.migrations();
    const done = await this.run('backfill', undefined, () =>
      this.redis.hexists(marker, ACTIVE_INDEX_MIGRATION),
    );
    if (done === 1) return;
    const prefix = this.keys.game('');
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.run('backfill', undefined, () =>
        this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500),
      );
      cursor = next;
      for (const key of keys) await this.indexIfActive(key.slice(prefix.length));
    } while (cursor !== '0');
    await this.run('backfill', undefined, () =>
      this.redis.hset(marker, ACTIVE_INDEX_MIGRATION, String(Date.now())),
    );
  }

  private async indexIfActive(id: string): Promise<void> {
    const key = this.keys.game(id);
    const [version = null, text = null] = await this.run('backfill', id, () =>
      this.redis.hmget(key, 'v', 'd'),
    );
    if (version === null || text === null) return;
    let game: Game;
    try {
      game = decodeGame(id, text);
    } catch (error) {
      if (error instanceof StoreError && error.code === 'corrupt-record') return;
      throw error;
    }
    if (game.status !== 'active') return;
    const plan = new WritePlan()
      .requireVersion(key, version)
      .op('zadd', this.keys.activeGamesByChange(), String(game.updatedAt), id);
    await this.records.apply('backfill', id, plan);
  }

  /**
   * Walks the `finished` and `closed` sorted sets below `olderThan` and deletes each record with
   * its views and index entries in one script, guarded by the version just read (a record
   * changed meanwhile is left alone). A record that does not decode is skipped, never deleted
   * unseen: reading it reports the corruption.
   */
  async purge(olderThan: number): Promise<{ games: number; challenges: number }> {
    const games = await this.purgeIndex('game', this.keys.finishedGames(), olderThan);
    const challenges = await this.purgeIndex('challenge', this.keys.closedChallenges(), olderThan);
    return { games, challenges };
  }

  private async purgeIndex(
    kind: 'game' | 'challenge',
    indexKey: string,
    olderThan: number,
  ): Promise<number> {
    const batch = 200;
    let purged = 0;
    // Purged ids leave the sorted set; skipped ones stay, so the next page starts after them.
    let skipped = 0;
    for (;;) {
      const ids = await this.run('purge', undefined, () =>
        this.redis.zrangebyscore(indexKey, '-inf', `(${olderThan}`, 'LIMIT', skipped, batch),
      );
      for (const id of ids) {
        const outcome = await this.purgeRecord(kind, indexKey, id, olderThan);
        if (outcome === 'purged') purged++;
        else if (outcome === 'skipped') skipped++;
      }
      if (ids.length < batch) return purged;
    }
  }

  private async purgeRecord(
    kind: 'game' | 'challenge',
    indexKey: string,
    id: string,
    olderThan: number,
  ): Promise<'purged' | 'skipped' | 'stale'> {
    const key = kind === 'game' ? this.keys.game(id) : this.keys.challenge(id);
    const [version = null, text = null] = await this.run('purge', id, () =>
      this.redis.hmget(key, 'v', 'd'),
    );
    if (version === null || text === null) {
      if (version !== null) return 'skipped'; // a hash without data: leave it to be looked at
      // An index entry without its record: drop the entry, unless the record just appeared.
      const plan = new WritePlan().requireAbsent(key).op('zrem', indexKey, id);
      return (await this.records.apply('purge', id, plan)) ? 'stale' : 'skipped';
    }
    const plan = new WritePlan()
      .requireVersion(key, version)
      .op('del', key)
      .op('zrem', indexKey, id);
    try {
      if (kind === 'game') {
        const game = decodeGame(id, text);
        if (game.status !== 'finished' || (game.finishedAt ?? game.updatedAt) >= olderThan)
          return 'skipped';
        for (const view of game.views) plan.op('delifeq', this.keys.view(view), `game:${id}`);
        for (const player of gamePlayers(game)) plan.op('srem', this.keys.activeGames(player), id);
        plan.op('zrem', this.keys.activeGamesByChange(), id);
      } else {
        const challenge = decodeChallenge(id, text);
        if (!CLOSED_CHALLENGE_STATUSES.has(challenge.status) || challenge.updatedAt >= olderThan)
          return 'skipped';
        for (const view of challenge.views)
          plan.op('delifeq', this.keys.view(view), `challenge:${id}`);
        if (challenge.inviteCode !== undefined)
          plan.op('delifeq', this.keys.challengeCode(challenge.inviteCode), id);
      }
    } catch (error) {
      if (error instanceof StoreError && error.code === 'corrupt-record') return 'skipped';
      throw error;
    }
    return (await this.records.apply('purge', id, plan)) ? 'purged' : 'skipped';
  }

  private writeChallenge(plan: WritePlan, challenge: Challenge): void {
    const { id } = challenge;
    plan.op('hset', this.keys.challenge(id), String(challenge.version), encodeChallenge(challenge));
    for (const view of challenge.views) plan.op('setnx', this.keys.view(view), `challenge:${id}`);
    const open = challenge.status === 'open';
    plan.op(open ? 'sadd' : 'srem', this.keys.openChallenges(challenge.challenger), id);
    if (CLOSED_CHALLENGE_STATUSES.has(challenge.status))
      plan.op('zadd', this.keys.closedChallenges(), String(challenge.updatedAt), id);
    else plan.op('zrem', this.keys.closedChallenges(), id);
  }

  private writeGame(plan: WritePlan, game: Game): void {
    const { id } = game;
    plan.op('hset', this.keys.game(id), String(game.version), encodeGame(game));
    for (const player of gamePlayers(game))
      plan.op(game.status === 'active' ? 'sadd' : 'srem', this.keys.activeGames(player), id);
    for (const view of game.views) plan.op('set', this.keys.view(view), `game:${id}`);
    if (game.status === 'finished') {
      plan.op('zadd', this.keys.finishedGames(), String(game.finishedAt ?? game.updatedAt), id);
      plan.op('zrem', this.keys.activeGamesByChange(), id);
    } else {
      plan.op('zrem', this.keys.finishedGames(), id);
      plan.op('zadd', this.keys.activeGamesByChange(), String(game.updatedAt), id);
    }
  }

  private connected(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return this.readiness.ready();
  }
}
