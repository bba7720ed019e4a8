import type { BackgroundTasks } from '../../chat/background-tasks.js';
import type { Game } from '../../game/model.js';
import type { Logger } from '../../game/service.js';
import type { ChannelState } from './channel-state.js';
import { liveViews } from './identity.js';
import type { MessageSync } from './message-sync.js';

/**
 * The durable hand-off of a game's presentation on Discord, as on Telegram: before the game
 * messages of a change are queued, the game is recorded as pending in the store (with the
 * channels that still need a new game message); each delivery is counted, and once the last is
 * done and every game message shows the change, the record is cleared. A process that dies in
 * between (or a relayed batch acknowledged before its edits) leaves the record for the next
 * sweep (DiscordPresenter.recoverPending).
 */
export class PendingMessages {
  private readonly pending = new Map<string, { version: number; open: number }>();

  constructor(
    private readonly deps: {
      readonly channels: ChannelState;
      readonly logger: Logger;
      readonly tasks: BackgroundTasks;
    },
    private readonly boards: MessageSync,
    private readonly latest: (gameId: string) => Game | undefined,
  ) {}

  /** Whether this process is still delivering a game's presentation. */
  busy(gameId: string): boolean {
    return (this.pending.get(gameId)?.open ?? 0) > 0;
  }

  /** Records a game as pending (and `postIn`, a channel that needs a new game message). */
  async mark(gameId: string, version: number, postIn?: string): Promise<void> {
    const entry = this.pending.get(gameId) ?? { version: 0, open: 0 };
    entry.version = Math.max(entry.version, version);
    this.pending.set(gameId, entry);
    try {
      await this.deps.channels.markPending(gameId);
      if (postIn !== undefined) await this.deps.channels.addPendingPost(gameId, postIn);
    } catch (error) {
      this.deps.logger.warn('discord: could not record a pending game message', {
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

  /** Clears the record once every game message of the game shows the marked change. */
  settle(gameId: string): void {
    const entry = this.pending.get(gameId);
    const game = this.latest(gameId);
    if (entry === undefined || entry.open > 0 || game === undefined) return;
    const current = liveViews(game.views).every(
      (view) => (this.boards.shownVersion(view) ?? -1) >= entry.version,
    );
    if (!current) return;
    const version = entry.version;
    this.deps.tasks.track(
      (async () => {
        if ((await this.deps.channels.pendingPosts(gameId)).length > 0) return;
        // A newer change marked meanwhile keeps its own record: never clear it.
        if (this.pending.get(gameId) !== entry || entry.version !== version || entry.open > 0)
          return;
        this.pending.delete(gameId);
        await this.deps.channels.clearPending(gameId);
      })(),
    );
  }
}
