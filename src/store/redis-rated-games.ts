/**
 * Saving a rated game's records on Redis without a transaction across slots: each player's
 * records live in the player's slot and the game's marker in the game's, so the save is a
 * two-phase commit with the marker as its commit point:
 * 1. reserve every record (in one order, so two games never hold one each of the other's): a
 *    script on the record's slot checks it is at the expected `games` and notes the game in
 *    its `r` field, with a deadline; a record reserved by another game (before its deadline)
 *    or moved on is a conflict: the reservations made are given back, nothing changes;
 * 2. commit: SET NX of the game's marker to the plan (the records to write): only one save of
 *    a game commits, a second finds the marker and is 'already-rated';
 * 3. write each record if it is still reserved by this game (or free and at the expected
 *    `games`) and drop the reservation; then the chats' leaderboards and the global one (the
 *    global one from the record as it is then, again until it stays); then the marker becomes "1".
 * A process that dies after 2 leaves the marker holding the plan: the next save of that game
 * (the finishing sweep rates it again, at the next start) finishes it. Reservations end by
 * themselves after RESERVATION_MS.
 */
import { isProvisional } from '../ratings/glicko2.js';
import type { RatedGameSave, RatingChange } from '../game/league-ports.js';
import type { Logger } from '../game/logger.js';
import { playerKey } from '../game/model.js';
import type { PlayerRating } from '../game/rating-model.js';
import type { KeyBuilder } from './keys.js';
import { decodePlayerRating, encodePlayerRating, ratingRecordId } from './league-codec.js';
import { recordIdOf } from './league-store-common.js';
import type { RedisClient } from './redis-connection.js';
import type { StoreRun } from './redis-run.js';

/** How long a reservation holds a record for its game. */
export const RESERVATION_MS = 10 * 60_000;

/** The holder of a reservation "gameId|deadline" when it still holds at ARGV now; Lua helper. */
const HOLDER = `
local function holder(key, now)
  local r = redis.call('HGET', key, 'r')
  if not r then return nil end
  local game, deadline = string.match(r, '^(.*)|(%d+)$')
  if game and tonumber(deadline) > tonumber(now) then return game end
  return nil
end
`;

/** KEYS[1]: record; ARGV: expected games ("0": none), game id, now, deadline. 1 reserved. */
const RESERVE = `${HOLDER}
local v = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '0' then
  if v then return 0 end
elseif v ~= ARGV[1] then
  return 0
end
local held = holder(KEYS[1], ARGV[3])
if held and held ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'r', ARGV[2] .. '|' .. ARGV[4])
return 1
`;

/** KEYS[1]: record; ARGV: game id. Gives back the game's reservation. */
const RELEASE = `
local r = redis.call('HGET', KEYS[1], 'r')
if r and string.sub(r, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then redis.call('HDEL', KEYS[1], 'r') end
return 1
`;

/**
 * KEYS[1]: record, KEYS[2]: the player's pools; ARGV: game id, expected games, next games,
 * record text, "variant:pool", now. 1 written, 2 written before, 0 taken by another game.
 */
const WRITE = `${HOLDER}
local v = redis.call('HGET', KEYS[1], 'v')
if v == ARGV[3] then return 2 end
if not ((ARGV[2] == '0' and not v) or v == ARGV[2]) then return 0 end
local held = holder(KEYS[1], ARGV[6])
if held and held ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[3], 'd', ARGV[4])
redis.call('HDEL', KEYS[1], 'r')
redis.call('SADD', KEYS[2], ARGV[5])
return 1
`;

/** The plan a committed marker holds. */
interface SavePlan {
  readonly changes: readonly {
    readonly id: string;
    readonly expected: number;
    readonly record: string;
  }[];
  readonly chats: readonly string[];
}

/** The marker's value once every record of the game is written. */
const DONE = '1';

export class RedisRatedGames {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeyBuilder,
    private readonly run: StoreRun,
    private readonly log: Logger,
  ) {}

  async save(
    gameId: string,
    changes: readonly RatingChange[],
    chatKeys: readonly string[],
  ): Promise<RatedGameSave> {
    const marker = this.keys.ratedGame(gameId);
    const state = await this.run('saveRatedGame', gameId, () => this.redis.get(marker));
    if (state !== null) {
      if (state !== DONE) await this.finish(gameId, state);
      return 'already-rated';
    }
    const ordered = [...changes].sort((a, b) => (recordIdOf(a.next) < recordIdOf(b.next) ? -1 : 1));
    const now = Date.now();
    const reserved: string[] = [];
    for (const change of ordered) {
      const key = this.recordKey(change.next);
      const reply = await this.run('saveRatedGame', gameId, () =>
        this.redis.eval(
          RESERVE,
          1,
          key,
          String(change.expectedGames),
          gameId,
          String(now),
          String(now + RESERVATION_MS),
        ),
      );
      if (reply !== 1) {
        await this.release(gameId, reserved);
        const rated = await this.run('saveRatedGame', gameId, () => this.redis.exists(marker));
        return rated === 1 ? 'already-rated' : 'conflict';
      }
      reserved.push(key);
    }
    const plan: SavePlan = {
      changes: ordered.map((change) => ({
        id: recordIdOf(change.next),
        expected: change.expectedGames,
        record: encodePlayerRating(change.next),
      })),
      chats: chatKeys,
    };
    const text = JSON.stringify(plan);
    const committed = await this.run('saveRatedGame', gameId, () =>
      this.redis.set(marker, text, 'NX'),
    );
    // Another save of this game committed first: it writes the records (reserved for the game).
    if (committed !== 'OK') return 'already-rated';
    await this.finish(gameId, text);
    return 'saved';
  }

  private async release(gameId: string, keys: readonly string[]): Promise<void> {
    for (const key of keys)
      await this.run('saveRatedGame', gameId, () => this.redis.eval(RELEASE, 1, key, gameId));
  }

  /** Step 3 for a committed plan (by the save that committed it, or one that finds it later). */
  private async finish(gameId: string, text: string): Promise<void> {
    const plan = JSON.parse(text) as SavePlan;
    const now = Date.now();
    for (const { id, expected, record } of plan.changes) {
      const next = decodePlayerRating(id, record);
      const { variant, pool } = next;
      const reply = await this.run('saveRatedGame', gameId, () =>
        this.redis.eval(
          WRITE,
          2,
          this.recordKey(next),
          this.keys.playerRatingPools(next.player),
          gameId,
          String(expected),
          String(next.games),
          record,
          `${variant}:${pool}`,
          String(now),
        ),
      );
      if (reply === 0)
        this.log.warn('league store: a rated game found a record taken by another game', {
          gameId,
          record: recordIdOf(next),
        });
      const member = playerKey(next.player);
      for (const chat of plan.chats)
        await this.run('saveRatedGame', gameId, () =>
          this.redis.sadd(this.keys.chatRatings(chat, variant, pool), member),
        );
      await this.syncTop(next);
    }
    await this.run('saveRatedGame', gameId, () =>
      this.redis.set(this.keys.ratedGame(gameId), DONE),
    );
  }

  /**
   * The global leaderboard entry of a record as the record is now: written again while the
   * record moves on meanwhile (a later game's entry must not be overwritten by an earlier one's).
   */
  private async syncTop(record: PlayerRating): Promise<void> {
    const key = this.recordKey(record);
    const player = playerKey(record.player);
    const top = this.keys.topRatings(record.variant, record.pool);
    let written: string | undefined;
    for (let round = 0; round < 5; round++) {
      const [version = null, text = null] = await this.run('saveRatedGame', player, () =>
        this.redis.hmget(key, 'v', 'd'),
      );
      if (version === null || text === null || version === written) return;
      const current = decodePlayerRating(ratingRecordId(record.variant, record.pool, player), text);
      await this.run('saveRatedGame', player, () =>
        isProvisional(current.rating)
          ? this.redis.zrem(top, player)
          : this.redis.zadd(top, String(current.rating.rating), player),
      );
      written = version;
    }
  }

  private recordKey(record: PlayerRating): string {
    return this.keys.playerRating(record.variant, record.pool, playerKey(record.player));
  }
}
