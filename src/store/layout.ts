/**
 * The key layout's generations: the first one (before hash tags, single Redis only) and this
 * one (keys.ts). Start-up says when a Redis still holds the first one's data, and the
 * migration (migrate-keys.ts) names each old key's new name here.
 */
import type { VariantId } from '../engine/index.js';
import type { Logger } from '../game/logger.js';
import type { ChatView, Platform, PlayerId } from '../game/model.js';
import type { RatingPool } from '../game/rating-model.js';
import type { KeyBuilder } from './keys.js';
import type { RedisClient } from './redis-connection.js';

/** What `<prefix>layout` holds once the data is in this layout. */
export const LAYOUT_VERSION = '2';

/** Keys of one name in both layouts that the first one leaves in every used database. */
const SHARED_NAMES = ['active', 'finished', 'closed', 'migrations', 'finishing'];
/** BullMQ's timer queue keys of the first layout (prefix `<prefix>bull`, no braces). */
const OLD_BULL_KEYS = ['bull:timers:meta', 'bull:timers:id', 'bull:timers:delayed'];

/**
 * Whether the data is in this layout: the `layout` mark says so; without it, a database holding
 * keys the first layout leaves behind is of the first layout ('old'); an empty one is marked as
 * this layout at once ('new'). One command a key: fine on a cluster.
 */
export async function layoutOf(redis: RedisClient, keys: KeyBuilder): Promise<'old' | 'new'> {
  if ((await redis.get(keys.layout())) === LAYOUT_VERSION) return 'new';
  for (const name of [...SHARED_NAMES, ...OLD_BULL_KEYS])
    if ((await redis.exists(`${keys.prefix}${name}`)) === 1) return 'old';
  await redis.set(keys.layout(), LAYOUT_VERSION, 'NX');
  return 'new';
}

/**
 * At start-up: an error line when Redis holds data of the first layout, which this version does
 * not read (games, timers, ratings would seem gone): the migration command must run first. A
 * Redis that cannot be asked is left to the health check.
 */
export async function checkLayout(
  redis: RedisClient,
  keys: KeyBuilder,
  log: Logger,
): Promise<void> {
  try {
    if ((await layoutOf(redis, keys)) === 'old')
      log.error(
        `Redis holds data of the key layout before hash tags (prefix ${keys.prefix}): this version does not read it. Stop the bots and run \`npm run cli -- redis migrate-keys\` (docs/operations.md, "Migrating the keys").`,
      );
  } catch {
    // not reachable now: /healthz says so
  }
}

function player(key: string): PlayerId {
  const colon = key.indexOf(':');
  return { platform: key.slice(0, colon) as Platform, userId: key.slice(colon + 1) };
}

/** "platform:chatId:messageId" (a chat id may hold ':'; platform and message id do not). */
function view(key: string): ChatView {
  const first = key.indexOf(':');
  const last = key.lastIndexOf(':');
  return {
    platform: key.slice(0, first) as Platform,
    chatId: key.slice(first + 1, last),
    messageId: key.slice(last + 1),
  };
}

/** Splits "a:b:…" after its first `n` parts (a chat key or a player key has two). */
function split(text: string, n: number): [string, string] {
  let at = -1;
  for (let i = 0; i < n; i++) at = text.indexOf(':', at + 1);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Splits off the last `n` parts of "…:a:b". */
function splitLast(text: string, n: number): [string, string] {
  let at = text.length;
  for (let i = 0; i < n; i++) at = text.lastIndexOf(':', at - 1);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Names kept as they were (keys of their own, in no script with others). */
const SAME_NAME =
  /^(finished|active|closed|migrations|finishing|health|puzzle:daily|tournaments:live|kv:.*|events:.*|puzzle:handout:.*|top:.*)$/;

/**
 * The new name of a key of the first layout under `keys.prefix`; the same name for keys that
 * keep it; undefined for one that is not of the first layout (already new, or unknown).
 */
export function newKeyName(keys: KeyBuilder, oldKey: string): string | undefined {
  if (!oldKey.startsWith(keys.prefix)) return undefined;
  const name = oldKey.slice(keys.prefix.length);
  if (name.startsWith('{')) return undefined; // this layout's
  if (SAME_NAME.test(name)) return oldKey;
  const colon = name.indexOf(':');
  const kind = name.slice(0, colon);
  const rest = name.slice(colon + 1);
  if (colon < 0 || rest === '') return undefined;
  switch (kind) {
    case 'game':
      return keys.game(rest);
    case 'challenge':
      return keys.challenge(rest);
    case 'code':
      return keys.challengeCode(rest);
    case 'view':
      return keys.view(view(rest));
    case 'rated':
      return keys.ratedGame(rest);
    case 'tournament':
      return keys.tournament(rest);
    case 'bull':
      return `${keys.bullMqPrefix()}:${rest}`;
    case 'player': {
      const [who, what] = splitLast(rest, 1);
      if (what === 'active') return keys.activeGames(player(who));
      if (what === 'challenges') return keys.openChallenges(player(who));
      return undefined;
    }
    case 'rating': {
      if (rest.startsWith('player:')) return keys.playerRatingPools(player(rest.slice(7)));
      const [board, who] = split(rest, 2);
      const [variant, pool] = board.split(':') as [VariantId, RatingPool];
      return keys.playerRating(variant, pool, who);
    }
    case 'chattop': {
      const [chat, board] = split(rest, 2);
      const [variant, pool] = board.split(':') as [VariantId, RatingPool];
      return keys.chatRatings(chat, variant, pool);
    }
    case 'tournaments':
      return rest.startsWith('chat:') ? keys.chatTournaments(rest.slice(5)) : undefined;
    case 'puzzle':
      return newPuzzleKey(keys, rest);
    default:
      return undefined;
  }
}

function newPuzzleKey(keys: KeyBuilder, rest: string): string | undefined {
  const [what, tail] = split(rest, 1);
  switch (what) {
    case 'rating': {
      const [kind, id] = split(tail, 1);
      return kind === 'user' || kind === 'puzzle' ? keys.puzzleRating(kind, id) : undefined;
    }
    case 'attempt': {
      const [puzzleId, who] = splitLast(tail, 2);
      return keys.puzzleAttempt(puzzleId, player(who));
    }
    case 'day': {
      const [chat, day] = splitLast(tail, 1);
      return keys.puzzleDay(chat, day);
    }
    case 'days': {
      const [chat, who] = split(tail, 2);
      return keys.puzzlePlayerDays(chat, player(who));
    }
    case 'claim': {
      const [chat, day] = splitLast(tail, 1);
      return keys.dailyClaim(chat, day);
    }
    case 'latest':
      return keys.puzzleLatest(tail);
    default:
      return undefined;
  }
}
