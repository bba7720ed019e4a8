import type { VariantId } from '../engine/index.js';
import type { ChatView, Platform, PlayerId } from '../game/model.js';
import type { RatingPool } from '../game/rating-model.js';
import { playerKey, viewKey } from '../game/model.js';

/**
 * Every Redis key the store uses, built in one place under a configurable prefix:
 *   <p>game:<id>            hash { v: version, d: JSON }
 *   <p>challenge:<id>       hash { v: version, d: JSON }
 *   <p>code:<CODE>          string: the id of the challenge with that invite code
 *   <p>player:<platform:userId>:active   set of active game ids
 *   <p>player:<platform:userId>:challenges   set of ids of the open challenges they made
 *   <p>view:<platform:chat:message>      string "game:<id>" or "challenge:<id>"
 *   <p>finished             sorted set of finished game ids by finish time (for purging)
 *   <p>active               sorted set of active game ids by last change (idle games end)
 *   <p>migrations           hash name → time: one-time data migrations done (redis-store.ts)
 *   <p>closed               sorted set of closed challenge ids by closing time
 *   <p>kv:<key>             string: adapters' small state (chat settings, notices)
 *   <p>events:<platform>    stream of event batches for that platform's presenters
 *   <p>puzzle:rating:<user|puzzle>:<id>          string: a Glicko-2 rating (puzzle codec JSON)
 *   <p>puzzle:attempt:<puzzleId>:<playerKey>     string: the player's first attempt
 *   <p>puzzle:day:<chatKey>:<day>                hash playerKey → that day's result in the chat
 *   <p>puzzle:days:<chatKey>:<playerKey>         hash day → "1" solved / "0" failed (streaks)
 *   <p>puzzle:daily                              hash chatKey → daily post setting
 *   <p>puzzle:claim:<chatKey>:<day>              string with a TTL: that day's post is claimed
 *   <p>puzzle:handout:<requestKey>               string with a TTL: the puzzle a request got
 *   <p>rating:<variant>:<pool>:<playerKey>       hash { v: games, d: JSON }: a game rating
 *   <p>rating:player:<playerKey>                 set of "<variant>:<pool>" the player is rated in
 *   <p>rated:<gameId>                            string: the game's ratings are saved (once)
 *   <p>top:<variant>:<pool>                      sorted set playerKey → rating, established only
 *   <p>chattop:<chatKey>:<variant>:<pool>        set of playerKeys rated in games of that chat
 *   <p>finishing                                 set of game ids whose end is not accounted yet
 *   <p>tournament:<id>                           hash { v: version, d: JSON }
 *   <p>tournaments:chat:<chatKey>                sorted set tournament id → createdAt
 *   <p>tournaments:live                          set of tournament ids in sign-up or running
 *   <p>health                                    string with a TTL: the health check's write probe
 */
export class KeyBuilder {
  constructor(readonly prefix = 'bashni:') {}

  game(id: string): string {
    return `${this.prefix}game:${id}`;
  }
  challenge(id: string): string {
    return `${this.prefix}challenge:${id}`;
  }
  challengeCode(code: string): string {
    return `${this.prefix}code:${code}`;
  }
  activeGames(player: PlayerId): string {
    return `${this.prefix}player:${playerKey(player)}:active`;
  }
  openChallenges(challenger: PlayerId): string {
    return `${this.prefix}player:${playerKey(challenger)}:challenges`;
  }
  view(view: ChatView): string {
    return `${this.prefix}view:${viewKey(view)}`;
  }
  finishedGames(): string {
    return `${this.prefix}finished`;
  }
  activeGamesByChange(): string {
    return `${this.prefix}active`;
  }
  migrations(): string {
    return `${this.prefix}migrations`;
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
  events(platform: Platform): string {
    return `${this.prefix}events:${platform}`;
  }
  puzzleRating(kind: 'user' | 'puzzle', id: string): string {
    return `${this.prefix}puzzle:rating:${kind}:${id}`;
  }
  puzzleAttempt(puzzleId: string, player: PlayerId): string {
    return `${this.prefix}puzzle:attempt:${puzzleId}:${playerKey(player)}`;
  }
  puzzleDay(chatKey: string, day: string): string {
    return `${this.prefix}puzzle:day:${chatKey}:${day}`;
  }
  puzzlePlayerDays(chatKey: string, player: PlayerId): string {
    return `${this.prefix}puzzle:days:${chatKey}:${playerKey(player)}`;
  }
  dailySettings(): string {
    return `${this.prefix}puzzle:daily`;
  }
  dailyClaim(chatKey: string, day: string): string {
    return `${this.prefix}puzzle:claim:${chatKey}:${day}`;
  }
  puzzleHandout(requestKey: string): string {
    return `${this.prefix}puzzle:handout:${requestKey}`;
  }
  /** `player` is a playerKey. */
  puzzleLatest(player: string): string {
    return `${this.prefix}puzzle:latest:${player}`;
  }
  /** `player` is a playerKey: the leaderboards hold keys, not players. */
  playerRating(variant: VariantId, pool: RatingPool, player: string): string {
    return `${this.prefix}rating:${variant}:${pool}:${player}`;
  }
  playerRatingPools(player: PlayerId): string {
    return `${this.prefix}rating:player:${playerKey(player)}`;
  }
  ratedGame(gameId: string): string {
    return `${this.prefix}rated:${gameId}`;
  }
  topRatings(variant: VariantId, pool: RatingPool): string {
    return `${this.prefix}top:${variant}:${pool}`;
  }
  chatRatings(chatKey: string, variant: VariantId, pool: RatingPool): string {
    return `${this.prefix}chattop:${chatKey}:${variant}:${pool}`;
  }
  finishingGames(): string {
    return `${this.prefix}finishing`;
  }
  tournament(id: string): string {
    return `${this.prefix}tournament:${id}`;
  }
  chatTournaments(chatKey: string): string {
    return `${this.prefix}tournaments:chat:${chatKey}`;
  }
  liveTournaments(): string {
    return `${this.prefix}tournaments:live`;
  }
}
