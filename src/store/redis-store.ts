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
import { OutageReporter } from './outage.js';
import { storeRun, type RedisRunOptions, type StoreRun } from './redis-run.js';
import type { StoreHealthReport } from './store-health.js';
import { WritePlan } from './redis-write-plan.js';
import { RedisRecords, type RecordKind } from './redis-records.js';
import {
  clientFor,
  createStoreRedis,
  type RedisClient,
  type RedisAddress,
} from './redis-connection.js';

// Other stores share the error mapping from here.
export { isReplyError, UNAVAILABLE_REPLIES } from './redis-run.js';

export interface RedisGameStoreOptions extends RedisRunOptions {
  /** Where the store reports connection trouble (once per outage); stderr by default. */
  log?: Logger;
}

const noop = (): void => {};

/** A claim on an invite code: SET NX, or taking over a code whose challenge does not exist. */
const CLAIM_CODE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 1 end
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return 2 end
return 0
`;

/**
 * GameStore on Redis (ioredis, one server or a cluster). Each record is a hash { v: version,
 * d: codec JSON } under KeyBuilder's keys; every write is a WritePlan (redis-write-plan.ts): the
 * record's compare-and-set in one script on its slot, then its indexes on theirs, kept right
 * by RedisRecords (written again when the record moved on meanwhile, repaired by purge() when a
 * process died half-way). Indexes are computed here from the record being written:
 *   - player active sets: SADD for an active game, SREM otherwise; the same for the open
 *     challenges a player made;
 *   - views: a game's views overwrite ("game:<id>"), a challenge's only claim free views
 *     ("challenge:<id>", SET NX), so a message that became a game's keeps pointing at the game;
 *   - `finished` / `closed` sorted sets, scored by finishedAt / updatedAt, drive purge();
 *   - the `active` sorted set, scored by updatedAt, finds idle games (idleGameIds);
 *   - invite codes: claimed before the challenge is created (a taken code fails it like a
 *     taken id; a code whose challenge never came to be is taken over), deleted with the
 *     challenge by purge().
 * Starting a game from a challenge: the challenge's compare-and-set also stores the game to
 * start in the challenge's slot (`{ch:<id>}:start`, { v: game id, d: the game }); the game is then created from it and the
 * copy deleted, by this write or, if its process died, by the repair.
 *
 * Every failure to reach Redis is a StoreError('store-unavailable'); the client reconnects in
 * the background and the same instance works again when Redis is back.
 */
export class RedisGameStore implements GameStore {
  private readonly redis: RedisClient;
  private readonly ownsConnection: boolean;
  private readonly readiness: RedisReadiness;
  private readonly outage: OutageReporter;
  private readonly health: StoreHealthReport | undefined;
  /** Runs one Redis interaction, turning every way of not reaching Redis into a StoreError. */
  private readonly run: StoreRun;
  private readonly records: RedisRecords;
  private readonly games: RecordKind<Game>;
  private readonly challenges: RecordKind<Challenge>;
  private closed = false;

  /**
   * @param connection where Redis is (the store then owns a client made by createStoreRedis
   *   and closes it in close()) or a client owned by the caller, ideally made by createStoreRedis.
   * @param keys the key builder, with its prefix.
   */
  constructor(
    connection: RedisClient | RedisAddress,
    readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisGameStoreOptions = {},
  ) {
    const { client, owned } = clientFor(connection, createStoreRedis);
    this.ownsConnection = owned;
    this.redis = client;
    this.outage = new OutageReporter('redis store', options.log ?? consoleLogger());
    this.readiness = new RedisReadiness(this.redis, options.readyTimeoutMs ?? 2_000);
    this.health = options.health;
    this.run = storeRun('redis store', () => this.connected(), this.health);
    this.records = new RedisRecords(this.redis, this.run, keys.indexing());
    this.games = {
      name: 'game',
      key: (id) => keys.game(id),
      decode: decodeGame,
      write: (plan, game) => this.writeGame(plan, game),
    };
    this.challenges = {
      name: 'challenge',
      key: (id) => keys.challenge(id),
      decode: decodeChallenge,
      write: (plan, challenge) => this.writeChallenge(plan, challenge),
      finish: (id) => this.finishStart(id),
    };
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
    const code = challenge.inviteCode;
    const claimed = code === undefined ? 'none' : await this.claimCode(code, challenge.id);
    if (claimed === 'taken') return false;
    const created = await this.records.create('createChallenge', this.challenges, challenge);
    // A code claimed for this creation only is given back when the id was taken.
    if (!created && claimed === 'claimed' && code !== undefined)
      await this.records.apply(
        'createChallenge',
        challenge.id,
        new WritePlan().op('delifeq', this.keys.challengeCode(code), challenge.id),
      );
    return created;
  }

  /**
   * Claims an invite code for a challenge: 'claimed' (now), 'held' (already this one's), or
   * 'taken' (another challenge's that exists). A code left by a challenge that was never made
   * (its process died between the claim and the record) is taken over.
   */
  private async claimCode(code: string, id: string): Promise<'claimed' | 'held' | 'taken'> {
    const key = this.keys.challengeCode(code);
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await this.run('createChallenge', id, () =>
        this.redis.eval(CLAIM_CODE, 1, key, id),
      );
      if (reply === 1) return 'claimed';
      if (reply === 2) return 'held';
      const holder = await this.run('createChallenge', id, () => this.redis.get(key));
      if (holder === null) continue;
      const exists = await this.run('createChallenge', id, () =>
        this.redis.exists(this.keys.challenge(holder)),
      );
      if (exists === 1) return 'taken';
      await this.records.apply('createChallenge', id, new WritePlan().op('delifeq', key, holder));
    }
    return 'taken';
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
    return this.records.save('saveChallenge', this.challenges, next, expectedVersion);
  }

  async startGame(next: Challenge, expectedVersion: number, game: Game): Promise<boolean> {
    if (next.version !== expectedVersion + 1) return false;
    const exists = await this.run('startGame', game.id, () =>
      this.redis.exists(this.keys.game(game.id)),
    );
    if (exists === 1) return false;
    // The challenge's compare-and-set keeps the game to start in its slot; finishStart makes it.
    return this.records.save('startGame', this.challenges, next, expectedVersion, (plan) =>
      plan.op('hset', this.keys.startingGame(next.id), game.id, encodeGame(game)),
    );
  }

  /** Creates the game a challenge's acceptance left to start, if any, then drops that copy. */
  private async finishStart(challengeId: string): Promise<void> {
    const key = this.keys.startingGame(challengeId);
    const [id = null, text = null] = await this.run('startGame', challengeId, () =>
      this.redis.hmget(key, 'v', 'd'),
    );
    if (id === null || text === null) return;
    let game: Game | undefined;
    try {
      game = decodeGame(id, text);
    } catch (error) {
      if (!(error instanceof StoreError && error.code === 'corrupt-record')) throw error;
    }
    // Created once: a second finisher finds it there (and the copy is dropped all the same).
    if (game !== undefined) await this.records.create('startGame', this.games, game);
    const drop = new WritePlan().requireVersion(key, id).op('del', key);
    await this.records.apply('startGame', challengeId, drop);
  }

  async createGame(game: Game): Promise<boolean> {
    return this.records.create('createGame', this.games, game);
  }

  async getGame(id: string): Promise<Game | undefined> {
    return this.records.get('getGame', this.keys.game(id), id, decodeGame);
  }

  async saveGame(next: Game, expectedVersion: number): Promise<boolean> {
    return this.records.save('saveGame', this.games, next, expectedVersion);
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

  /**
   * Writes again the indexes of games and challenges whose process died while writing them
   * (and starts a game whose challenge was accepted); purge() does it first. The count.
   */
  repairIndexes(olderThanMs?: number): Promise<number> {
    return this.records.repair([this.games, this.challenges], olderThanMs);
  }

  /**
   * Repairs indexes left half-written (repairIndexes), then walks the `finished` and `closed`
   * sorted sets below `olderThan` and deletes each record with its views and index entries,
   * guarded by the version just read (a record changed meanwhile is left alone). A record that
   * does not decode is skipped, never deleted unseen: reading it reports the corruption.
   */
  async purge(olderThan: number): Promise<{ games: number; challenges: number }> {
    await this.repairIndexes();
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
    // The record goes first (its compare-and-set); its index entries after it.
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
