import type { ChatView, PlayerId } from '../game/model.js';
import { playerKey, viewKey } from '../game/model.js';

/**
 * Every Redis key the store uses, built in one place under a configurable prefix:
 *   <p>game:<id>            hash { v: version, d: JSON }
 *   <p>challenge:<id>       hash { v: version, d: JSON }
 *   <p>player:<platform:userId>:active   set of active game ids
 *   <p>view:<platform:chat:message>      string "game:<id>" or "challenge:<id>"
 *   <p>finished             sorted set of finished game ids by finish time (for purging)
 *   <p>closed               sorted set of closed challenge ids by closing time
 *   <p>kv:<key>             string: adapters' small state (chat settings, notices)
 */
export class KeyBuilder {
  constructor(readonly prefix = 'bashni:') {}

  game(id: string): string {
    return `${this.prefix}game:${id}`;
  }
  challenge(id: string): string {
    return `${this.prefix}challenge:${id}`;
  }
  activeGames(player: PlayerId): string {
    return `${this.prefix}player:${playerKey(player)}:active`;
  }
  view(view: ChatView): string {
    return `${this.prefix}view:${viewKey(view)}`;
  }
  finishedGames(): string {
    return `${this.prefix}finished`;
  }
  closedChallenges(): string {
    return `${this.prefix}closed`;
  }
  keyValue(key: string): string {
    return `${this.prefix}kv:${key}`;
  }
}
