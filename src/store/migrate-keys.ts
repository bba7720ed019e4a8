/**
 * The key migration: copies every key of the first layout (layout.ts) under a prefix to its new
 * name, from a single Redis to the same one (in place) or to another Redis or a cluster. Run
 * with the bots stopped. Idempotent: a key whose new name exists already is left as it is, so a
 * second run copies nothing. The source is read with SCAN (one server: the first layout never
 * ran on a cluster); each copy is DUMP and RESTORE with the key's time to live, one key a command.
 * Afterwards every active game copied is in the `active` index (games older than that index
 * were never in it), and the destination is marked as of this layout.
 */
import { decodeGame } from './codec.js';
import type { KeyBuilder } from './keys.js';
import { LAYOUT_VERSION, newKeyName } from './layout.js';
import type { RedisClient } from './redis-connection.js';
import type { Redis } from 'ioredis';

export interface MigrationCounts {
  /** Keys of the first layout found. */
  readonly found: number;
  /** Copied to their new name (or, in a dry run, to be copied). */
  readonly copied: number;
  /** Whose new name existed already: left alone. */
  readonly present: number;
  /** Of a name this layout keeps, on the same server: nothing to do. */
  readonly kept: number;
  /** Old keys deleted (with deleteOld). */
  readonly deleted: number;
  /** Under the prefix but of no known first-layout name (this layout's own, or unknown). */
  readonly skipped: number;
  /** Active games put in the `active` index. */
  readonly indexed: number;
}

export interface MigrationOptions {
  readonly from: Redis;
  /** The same client as `from` for a migration in place. */
  readonly to: RedisClient;
  readonly keys: KeyBuilder;
  /** Count only; write nothing. */
  readonly dryRun?: boolean;
  /** Delete each old key once its new name holds it (a renamed key's old name only). */
  readonly deleteOld?: boolean;
}

export async function migrateKeys(options: MigrationOptions): Promise<MigrationCounts> {
  const { from, to, keys } = options;
  const inPlace = from === to;
  const counts = { found: 0, copied: 0, present: 0, kept: 0, deleted: 0, skipped: 0, indexed: 0 };
  const games: string[] = [];
  const pattern = `${keys.prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let cursor = '0';
  do {
    const [next, found] = await from.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    for (const oldKey of found) {
      const newKey = newKeyName(keys, oldKey);
      if (newKey === undefined) {
        counts.skipped++;
        continue;
      }
      counts.found++;
      if (isGameRecord(keys, newKey)) games.push(newKey);
      if (newKey === oldKey && inPlace) {
        counts.kept++;
        continue;
      }
      if ((await to.exists(newKey)) === 1) counts.present++;
      else if (options.dryRun === true || (await copy(from, to, oldKey, newKey))) counts.copied++;
      else continue; // gone meanwhile
      if (options.deleteOld === true && newKey !== oldKey && options.dryRun !== true) {
        counts.deleted += await from.del(oldKey);
      }
    }
  } while (cursor !== '0');
  if (options.dryRun !== true) {
    for (const key of games) if (await indexIfActive(to, keys, key)) counts.indexed++;
    await to.set(keys.layout(), LAYOUT_VERSION);
  }
  return counts;
}

/** DUMP and RESTORE with the time to live left; false when the key is gone meanwhile. */
async function copy(
  from: Redis,
  to: RedisClient,
  oldKey: string,
  newKey: string,
): Promise<boolean> {
  // ioredis types DUMP's reply as always there; a key gone meanwhile answers null.
  const dump = (await from.dumpBuffer(oldKey)) as Buffer | null;
  const ttl = await from.pttl(oldKey);
  if (dump === null || ttl === -2) return false;
  try {
    await to.restore(newKey, ttl > 0 ? ttl : 0, dump);
  } catch (error) {
    // Written meanwhile (another run): it is there, which is all this asks.
    if (error instanceof Error && error.message.startsWith('BUSYKEY')) return false;
    throw error;
  }
  return true;
}

/** The id in a game record's key (`<p>{g:<id>}`, not another key of its slot). */
function gameIdOf(keys: KeyBuilder, key: string): string | undefined {
  const start = keys.game('').length - 1;
  const id = key.slice(start, -1);
  return keys.game(id) === key ? id : undefined;
}

function isGameRecord(keys: KeyBuilder, key: string): boolean {
  return gameIdOf(keys, key) !== undefined;
}

/** Puts an active game in the `active` index if it is not there; true when it was added. */
async function indexIfActive(to: RedisClient, keys: KeyBuilder, key: string): Promise<boolean> {
  const id = gameIdOf(keys, key);
  if (id === undefined) return false;
  const text = await to.hget(key, 'd');
  if (text === null) return false;
  let game;
  try {
    game = decodeGame(id, text);
  } catch {
    return false; // a corrupt record stays as it is: reading it reports it
  }
  if (game.status !== 'active') return false;
  return (await to.zadd(keys.activeGamesByChange(), 'NX', game.updatedAt, id)) === 1;
}
