/**
 * What every chat adapter's presenter keeps of the games it shows: the newest record seen of
 * each (deliveries build from it at the last moment), and which events change boards.
 */
import { LRUCache } from 'lru-cache';
import type { ChatView, Game } from '../../game/model.js';
import type { Platform } from '../../i18n/index.js';
import type { GameEvent } from '../../game/results.js';
import type { Messages } from '../../i18n/index.js';

/** The newest record seen of each game. */
export class LatestGames {
  private readonly games = new LRUCache<string, Game>({ max: 20_000 });

  get(gameId: string): Game | undefined {
    return this.games.get(gameId);
  }

  /** Remembers a record if it is the newest seen; returns the newest. */
  note(game: Game): Game {
    const known = this.games.get(game.id);
    if (known !== undefined && known.version >= game.version) return known;
    this.games.set(game.id, game);
    return game;
  }
}

/** The games whose boards a batch of events changes (a reminder or a nudge changes none). */
export function gamesChangedBy(events: readonly GameEvent[]): Game[] {
  const changed = new Map<string, Game>();
  for (const event of events) {
    if ('game' in event && event.type !== 'reminder' && event.type !== 'turn-nudge')
      changed.set(event.game.id, event.game);
  }
  return [...changed.values()];
}

/** What a closed challenge's card says; `challenger` is the platform's way of naming them. */
export function closedChallengeText(
  t: Messages,
  why: 'challenge-declined' | 'challenge-cancelled' | 'challenge-expired',
  challenger: string,
): string {
  if (why === 'challenge-declined') return t.challengeDeclined(challenger);
  if (why === 'challenge-cancelled') return t.challengeCancelled(challenger);
  return t.challengeExpired(challenger);
}

/** A game's live board message in each chat of a platform (the newest view per chat). */
export function liveViews(views: readonly ChatView[], platform: Platform): ChatView[] {
  const byChat = new Map<string, ChatView>();
  for (const view of views) if (view.platform === platform) byChat.set(view.chatId, view);
  return [...byChat.values()];
}
