import type { VariantId } from '../engine/index.js';
import type { ChatView, Platform, PlayerId } from '../game/model.js';
import type { RatingPool } from '../game/rating-model.js';
import { chatKey, playerKey } from '../game/model.js';

/**
 * Every Redis key the stores use, built in one place under a configurable prefix <p>. One
 * layout for a single Redis and a Redis Cluster: the part in braces is the key's hash tag, and
 * keys with one tag share a cluster slot, so every script touches keys of one tag only
 * (docs/operations.md, "Key layout", says who writes each and how the cross-tag indexes stay
 * right). The prefix is outside the tag and may hold no brace.
 *   <p>{g:<id>}                      hash { v: version, d: JSON }: a game
 *   <p>{g:<id>}:rated                string: the game's ratings: "1" saved, else the plan being saved
 *   <p>{ch:<id>}                     hash { v: version, d: JSON }: a challenge
 *   <p>{ch:<id>}:start               string: the game a challenge's acceptance starts (until made)
 *   <p>{code:<CODE>}                 string: the id of the challenge with that invite code
 *   <p>{p:<platform:userId>}:active        set of the player's active game ids
 *   <p>{p:<platform:userId>}:challenges    set of ids of the open challenges they made
 *   <p>{p:<platform:userId>}:rating:<variant>:<pool>  hash { v: games, d: JSON[, r: reservation] }
 *   <p>{p:<platform:userId>}:ratings       set of "<variant>:<pool>" the player is rated in
 *   <p>{p:<platform:userId>}:puzzle:rating          string: the player's puzzle Glicko-2 rating
 *   <p>{p:<platform:userId>}:puzzle:attempt:<puzzleId>   string: the player's first attempt
 *   <p>{p:<platform:userId>}:puzzle:latest          string with a TTL: the last puzzle given
 *   <p>{pz:<puzzleId>}:rating        string: a puzzle's Glicko-2 rating
 *   <p>{pz:<puzzleId>}:votes         hash playerKey → '1' 👍 / '0' 👎, counts in '#up', '#down'
 *   <p>{c:<platform:chatId>}:view:<messageId>       string "game:<id>" or "challenge:<id>"
 *   <p>{c:<chatKey>}:puzzle:day:<day>        hash playerKey → that day's result in the chat
 *   <p>{c:<chatKey>}:puzzle:days:<playerKey> hash day → "1" solved / "0" failed (streaks)
 *   <p>{c:<chatKey>}:puzzle:claim:<day>      string with a TTL: that day's post is claimed
 *   <p>{c:<chatKey>}:top:<variant>:<pool>    set of playerKeys rated in games of that chat
 *   <p>{c:<chatKey>}:tournaments             sorted set tournament id → createdAt
 *   <p>{t:<id>}                      hash { v: version, d: JSON }: a tournament
 *   Keys of their own (one key, any slot; never in a script with another):
 *   <p>finished             sorted set of finished game ids by finish time (for purging)
 *   <p>active               sorted set of active game ids by last change (idle games end)
 *   <p>closed               sorted set of closed challenge ids by closing time
 *   <p>indexing             sorted set "<kind>:<id>" → time: records whose indexes are being written
 *   <p>finishing            set of game ids whose end is not accounted yet
 *   <p>tournaments:live     set of tournament ids in sign-up or running
 *   <p>top:<variant>:<pool> sorted set playerKey → rating, established only
 *   <p>puzzle:daily         hash chatKey → daily post setting
 *   <p>puzzle:status        hash puzzleId → what people made of it (tier, retirement)
 *   <p>puzzle:handout:<requestKey>   string with a TTL: the puzzle a request got
 *   <p>kv:<key>             string or set: adapters' small state (chat settings, notices, leases)
 *   <p>events:<platform>    stream of event batches for that platform's presenters
 *   <p>migrations           hash name → time: one-time data migrations done
 *   <p>layout               string: the key layout the data is in ("2"; absent before it)
 *   <p>health               string with a TTL: the health check's write probe
 * BullMQ's keys are under `{<p>bull}:<queue>:…` (bullMqPrefix): one tag for all of them.
 */
export class KeyBuilder {
  constructor(readonly prefix = 'bashni:') {
    if (/[{}]/.test(prefix)) throw new Error(`a key prefix may not hold { or }: "${prefix}"`);
  }

  game(id: string): string {
    return `${this.prefix}{g:${id}}`;
  }
  challenge(id: string): string {
    return `${this.prefix}{ch:${id}}`;
  }
  /** The game a challenge's acceptance starts, kept in the challenge's slot until it exists. */
  startingGame(challengeId: string): string {
    return `${this.challenge(challengeId)}:start`;
  }
  challengeCode(code: string): string {
    return `${this.prefix}{code:${code}}`;
  }
  activeGames(player: PlayerId): string {
    return `${this.player(playerKey(player))}:active`;
  }
  openChallenges(challenger: PlayerId): string {
    return `${this.player(playerKey(challenger))}:challenges`;
  }
  view(view: ChatView): string {
    return `${this.chat(chatKey(view))}:view:${view.messageId}`;
  }
  finishedGames(): string {
    return `${this.prefix}finished`;
  }
  activeGamesByChange(): string {
    return `${this.prefix}active`;
  }
  /** Records whose indexes (on other slots) are being written: repaired if left there. */
  indexing(): string {
    return `${this.prefix}indexing`;
  }
  migrations(): string {
    return `${this.prefix}migrations`;
  }
  layout(): string {
    return `${this.prefix}layout`;
  }
  healthProbe(): string {
    return `${this.prefix}health`;
  }
  closedChallenges(): string {
    return `${this.prefix}closed`;
  }
  keyValue(key: string): string {
    return `${this.prefix}kv:${key}`;
  }
  /** The pub/sub channel of the game change feed (a broadcast: no slot to share). */
  gameChanges(): string {
    return `${this.prefix}game-changes`;
  }
  events(platform: Platform): string {
    return `${this.prefix}events:${platform}`;
  }
  /** `id`: a playerKey for 'user', a puzzle id for 'puzzle'. */
  puzzleRating(kind: 'user' | 'puzzle', id: string): string {
    return kind === 'user' ? `${this.player(id)}:puzzle:rating` : `${this.prefix}{pz:${id}}:rating`;
  }
  puzzleVotes(puzzleId: string): string {
    return `${this.prefix}{pz:${puzzleId}}:votes`;
  }
  puzzleStatuses(): string {
    return `${this.prefix}puzzle:status`;
  }
  puzzleAttempt(puzzleId: string, player: PlayerId): string {
    return `${this.player(playerKey(player))}:puzzle:attempt:${puzzleId}`;
  }
  puzzleDay(chatKey: string, day: string): string {
    return `${this.chat(chatKey)}:puzzle:day:${day}`;
  }
  puzzlePlayerDays(chatKey: string, player: PlayerId): string {
    return `${this.chat(chatKey)}:puzzle:days:${playerKey(player)}`;
  }
  dailySettings(): string {
    return `${this.prefix}puzzle:daily`;
  }
  dailyClaim(chatKey: string, day: string): string {
    return `${this.chat(chatKey)}:puzzle:claim:${day}`;
  }
  puzzleHandout(requestKey: string): string {
    return `${this.prefix}puzzle:handout:${requestKey}`;
  }
  /** `player` is a playerKey. */
  puzzleLatest(player: string): string {
    return `${this.player(player)}:puzzle:latest`;
  }
  /** `player` is a playerKey: the leaderboards hold keys, not players. */
  playerRating(variant: VariantId, pool: RatingPool, player: string): string {
    return `${this.player(player)}:rating:${variant}:${pool}`;
  }
  playerRatingPools(player: PlayerId): string {
    return `${this.player(playerKey(player))}:ratings`;
  }
  ratedGame(gameId: string): string {
    return `${this.game(gameId)}:rated`;
  }
  topRatings(variant: VariantId, pool: RatingPool): string {
    return `${this.prefix}top:${variant}:${pool}`;
  }
  chatRatings(chatKey: string, variant: VariantId, pool: RatingPool): string {
    return `${this.chat(chatKey)}:top:${variant}:${pool}`;
  }
  finishingGames(): string {
    return `${this.prefix}finishing`;
  }
  tournament(id: string): string {
    return `${this.prefix}{t:${id}}`;
  }
  chatTournaments(chatKey: string): string {
    return `${this.chat(chatKey)}:tournaments`;
  }
  liveTournaments(): string {
    return `${this.prefix}tournaments:live`;
  }
  /** BullMQ's prefix: its keys are `<this>:<queue>:…`, all of one tag (one cluster slot). */
  bullMqPrefix(): string {
    return `{${this.prefix}bull}`;
  }

  private player(key: string): string {
    return `${this.prefix}{p:${key}}`;
  }
  private chat(key: string): string {
    return `${this.prefix}{c:${key}}`;
  }
}

/**
 * The part of a key Redis Cluster hashes (the hash tag): between the first `{` and the first `}`
 * after it when that is not empty, else the whole key. Keys with one tag share a slot.
 */
export function hashTag(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  return close <= open + 1 ? key : key.slice(open + 1, close);
}
