import type { ServiceContext } from './context.js';
import type { Challenge, ChatView, Game, PlayerId } from './model.js';
import { StoreError } from './ports.js';
import type { Mutation } from './record-updates.js';
import { refusal, success, type ServiceResult } from './results.js';

/** What a chat message shows. */
export type ViewTarget = { kind: 'game'; game: Game } | { kind: 'challenge'; challenge: Challenge };

/** What adapters look up, and which chat messages show a record (addView, for findByView). */
export class Queries {
  constructor(private readonly context: ServiceContext) {}

  async getGame(id: string): Promise<ServiceResult<Game>> {
    return this.context.records.guard(async () => {
      const game = await this.context.store.getGame(id);
      return game === undefined ? refusal('not-found', 'No such game.') : success(game);
    });
  }

  async getChallenge(id: string): Promise<ServiceResult<Challenge>> {
    return this.context.records.guard(async () => {
      const challenge = await this.context.store.getChallenge(id);
      return challenge === undefined
        ? refusal('challenge-not-found', 'No such challenge.')
        : success(challenge);
    });
  }

  /** The game or challenge a chat message shows. */
  async findByView(view: ChatView): Promise<ServiceResult<ViewTarget>> {
    const { store } = this.context;
    return this.context.records.guard(async (): Promise<ServiceResult<ViewTarget>> => {
      const found = await store.findByView(view);
      if (found === undefined) return refusal('not-found', 'This message shows no game.');
      if (found.kind === 'game') {
        const game = await store.getGame(found.id);
        return game === undefined
          ? refusal('not-found', 'No such game.')
          : success({ kind: 'game', game });
      }
      const challenge = await store.getChallenge(found.id);
      return challenge === undefined
        ? refusal('challenge-not-found', 'No such challenge.')
        : success({ kind: 'challenge', challenge });
    });
  }

  /** A player's active games; a corrupt one is logged and left out rather than hiding the rest. */
  async activeGames(player: PlayerId): Promise<ServiceResult<Game[]>> {
    const { store, logger } = this.context;
    return this.context.records.guard(async () => {
      const games: Game[] = [];
      for (const id of await store.activeGameIds(player)) {
        try {
          const game = await store.getGame(id);
          if (game !== undefined && game.status === 'active') games.push(game);
        } catch (error) {
          if (!(error instanceof StoreError) || error.code !== 'corrupt-record') throw error;
          logger.error('active game record is corrupt', { gameId: id, err: error });
        }
      }
      return success(games.sort((a, b) => b.updatedAt - a.updatedAt));
    });
  }

  /** Records that a chat message shows this game or challenge (a game may be in many chats). */
  async addView(
    target: { kind: 'game' | 'challenge'; id: string },
    view: ChatView,
  ): Promise<ServiceResult<Game | Challenge>> {
    const add = <T extends { views: readonly ChatView[] }>(record: T): Mutation<T> => ({
      ok: true,
      next: {
        ...record,
        views: [
          ...record.views.filter(
            (v) =>
              !(
                v.platform === view.platform &&
                v.chatId === view.chatId &&
                v.messageId === view.messageId
              ),
          ),
          view,
        ],
      },
      events: [],
      touch: false,
    });
    return target.kind === 'game'
      ? this.context.records.game(target.id, add)
      : this.context.records.challenge(target.id, add);
  }
}
