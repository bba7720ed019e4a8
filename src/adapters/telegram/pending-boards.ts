import { playerToMove } from '../../game/game-rules.js';
import type { Game } from '../../game/model.js';
import type { Logger } from '../../game/service.js';
import type { BackgroundTasks } from '../../chat/background-tasks.js';
import type { BoardSync } from './board-sync.js';
import type { ChatState } from './chat-state.js';
import type { DeliveryLanes } from './delivery-lanes.js';
import { liveViews } from './identity.js';

/**
 * The durable hand-off of a game's presentation. Before an update is confirmed to Telegram, the
 * games whose boards it changes are recorded as pending in the store (and the chats that still
 * need a new board message); each delivery of their presentation is counted, and when the last
 * one is done and every board shows what it should, the record is cleared. A process that dies
 * in between leaves the record for the next one to act on (TelegramPresenter.recoverPending).
 * A game whose bot is to move stays pending until the bot's move is shown.
 */
export class PendingBoards {
  /**
   * Per game: the version the record waits for, deliveries still on their way, and whether a
   * chat was recorded as needing a new board message (only then is the store asked about it).
   */
  private readonly pending = new Map<string, { version: number; open: number; posts: boolean }>();

  constructor(
    private readonly deps: {
      readonly chats: ChatState;
      readonly logger: Logger;
      readonly tasks: BackgroundTasks;
      readonly lanes: DeliveryLanes;
    },
    private readonly boards: BoardSync,
    /** The newest record known of a game. */
    private readonly latest: (gameId: string) => Game | undefined,
  ) {}

  /** Whether this process is still delivering a game's presentation. */
  busy(gameId: string): boolean {
    return (this.pending.get(gameId)?.open ?? 0) > 0;
  }

  /** Records a game as pending (and `postIn`, a chat that needs a new board message). */
  async mark(gameId: string, version: number, postIn?: string): Promise<void> {
    const entry = this.pending.get(gameId) ?? { version: 0, open: 0, posts: false };
    entry.version = Math.max(entry.version, version);
    if (postIn !== undefined) entry.posts = true;
    this.pending.set(gameId, entry);
    try {
      await this.deps.chats.markPending(gameId);
      if (postIn !== undefined) await this.deps.chats.addPendingPost(gameId, postIn);
    } catch (error) {
      this.deps.logger.warn('telegram: could not record a pending board', {
        gameId,
        error: String(error),
      });
    }
  }

  /** Counts a delivery of a game's presentation; when the last one is done, settles. */
  track(gameId: string, delivery: Promise<unknown>): void {
    const entry = this.pending.get(gameId);
    if (entry !== undefined) entry.open++;
    this.deps.tasks.track(
      delivery.finally(() => {
        if (entry !== undefined) entry.open--;
        this.settle(gameId);
      }),
    );
  }

  /** Clears the pending record once every board of the game shows what it should. */
  settle(gameId: string): void {
    const entry = this.pending.get(gameId);
    if (entry === undefined || entry.open > 0) return;
    const game = this.latest(gameId);
    if (game === undefined) return;
    const botToMove = game.status === 'active' && playerToMove(game).botLevel !== undefined;
    // A chat that removed the bot will never show it; it does not hold the game pending.
    const current = liveViews(game.views).every(
      (view) =>
        this.deps.lanes.isUnreachable(view.chatId) || this.boards.isCurrent(view, entry.version),
    );
    if (botToMove || !current) return;
    const version = entry.version;
    this.deps.tasks.track(
      (async () => {
        // A board message still to post keeps the game pending (for the recovery sweep).
        if (entry.posts && (await this.deps.chats.pendingPosts(gameId)).length > 0) return;
        // A newer change marked meanwhile keeps its own record: never clear it.
        if (this.pending.get(gameId) !== entry || entry.version !== version || entry.open > 0)
          return;
        this.pending.delete(gameId);
        await this.deps.chats.clearPending(gameId);
      })(),
    );
  }
}
