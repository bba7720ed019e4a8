import { ChatPresenter } from '../../chat/presenting/chat-presenter.js';
import type { ChatSurface, Notice } from '../../chat/presenting/chat-surface.js';
import { chatSettingsAndMessages } from '../../chat/presenting/chat-settings.js';
import { ChatOrder } from '../../chat/presenting/chat-order.js';
import type { ReplayData } from '../../chat/presenting/replay.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import {
  otherSide,
  playerOf,
  type Challenge,
  type ChatView,
  type Game,
  type Player,
  type Side,
} from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameService, Logger } from '../../game/service.js';
import { languageFor, messagesOn, type Messages } from '../../i18n/index.js';
import { bestEffort } from '../../game/logger.js';
import { gameFileStem } from '../../chat/words/pdn-export.js';
import { isGone, isHarmless } from './api-errors.js';
import type { ChannelOutput, OutgoingMessage } from './channel-output.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import { gameMessage, type BoardPainter } from './game-message.js';
import { discordView, liveViews, mentionOf, nameOf } from './identity.js';
import { markdown } from './markdown.js';
import { BoardSync } from './board-sync.js';
import { lobbyButtons, lobbyContent } from './table-cards.js';
import { LeagueCards } from './league-cards.js';

/** The largest attachment a bot may send where the server has no boost (10 MiB). */
export const DISCORD_FILE_LIMIT = 10 * 1024 * 1024;

/** The file name of a game's animation. */
export function replayFileName(game: Game): string {
  return `${gameFileStem(game)}.gif`;
}

export interface SurfaceDeps {
  readonly out: ChannelOutput;
  readonly service: GameService;
  readonly channels: ChatState;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly painter: BoardPainter;
  readonly tasks: BackgroundTasks;
  /** Whether the live board page is served (WEB_URL): an Open the board button on games. */
  readonly boardPage?: boolean;
}

/** The Discord presenter: the one chat core on Discord's surface. */
export type DiscordPresenter = ChatPresenter<DiscordSurface>;

export function discordPresenter(deps: SurfaceDeps): DiscordPresenter {
  return new ChatPresenter(
    { ...deps, store: deps.channels.pending },
    (core) => new DiscordSurface(deps, core),
  );
}

/**
 * How a game looks and is delivered in Discord channels: one game message per channel (embed,
 * board image, buttons; edits of one message never overtake each other, BoardSync), and the
 * channel's one live notice of a game, which replies to the game message and pings only the
 * users it lists. Discord's rate limits are discord.js's REST queue's.
 */
export class DiscordSurface implements ChatSurface {
  readonly platform = 'discord' as const;
  readonly names = { name: nameOf, mention: mentionOf };
  readonly ratingsWithResult = false;
  readonly boards: BoardSync;
  /** Ratings and tournaments: sign-up cards, rounds, standings, the ratings after a game. */
  readonly league: LeagueCards;
  /** A game's notices in a channel, one after the other (each replaces the one before). */
  private readonly noticeOrder = new ChatOrder();

  constructor(
    private readonly deps: SurfaceDeps,
    private readonly core: ChatPresenter<DiscordSurface>,
  ) {
    this.league = new LeagueCards(deps, (channelId, fallback) =>
      this.channelContext(channelId, fallback),
    );
    this.boards = new BoardSync(
      (view, message) => deps.out.edit(view.chatId, view.messageId, message),
      (view, error) => this.failed(view, error),
    );
  }

  /** A channel's settings and language (`fallback`: a platform language code). */
  channelContext(
    channelId: string,
    fallback?: string,
  ): Promise<{ settings: ChatSettings; t: Messages }> {
    return chatSettingsAndMessages(
      this.deps.logger,
      'discord',
      this.deps.channels.settings(channelId),
      { channelId },
      fallback,
    );
  }

  async messages(channelId: string, fallback?: string): Promise<Messages> {
    return (await this.channelContext(channelId, fallback)).t;
  }

  noticeViews(game: Game): ChatView[] {
    return liveViews(game.views);
  }

  privateOwner(): undefined {
    return undefined; // a game is shown in channels only
  }

  startsInPlace(): boolean {
    return false;
  }

  shows(game: Game, version: number): boolean {
    return liveViews(game.views).every((view) => (this.boards.shownVersion(view) ?? -1) >= version);
  }

  // ---- game messages ------------------------------------------------------------------------

  /** The game message of `game` for a channel, in its language and orientation. */
  async messageFor(game: Game, channelId: string): Promise<OutgoingMessage> {
    const { settings, t } = await this.channelContext(
      channelId,
      this.core.languageHint(game, channelId),
    );
    return gameMessage(
      game,
      t,
      settings,
      this.deps.clock.now(),
      this.deps.painter,
      this.deps.boardPage === true,
    );
  }

  /** Brings every channel's live game message up to date (queued; newest wins). */
  updateBoards(game: Game): void {
    for (const view of liveViews(game.views)) this.showBoard(view, game.id, game.version);
  }

  private showBoard(view: ChatView, gameId: string, version: number): void {
    this.core.track(
      gameId,
      this.boards.show(view, version, () =>
        this.messageFor(this.core.latest(gameId)!, view.chatId),
      ),
    );
  }

  /** Posts a new game message in a channel and makes it the live one there. */
  async postBoard(game: Game, channelId: string): Promise<ChatView | undefined> {
    const current = this.core.note(game);
    let messageId: string;
    try {
      messageId = await this.deps.out.post(channelId, await this.messageFor(current, channelId));
    } catch (error) {
      this.report('could not post a game message', error, { gameId: game.id, channelId });
      // A channel that is gone (or closed to the bot) will never show it: stop trying.
      if (isGone(error)) await this.forgetPendingPost(game.id, channelId);
      return undefined;
    }
    const view = discordView(channelId, messageId);
    await this.recordGameMessage(current, view);
    await this.forgetPendingPost(game.id, channelId);
    return view;
  }

  /**
   * Records a message that now shows `game` (posted here or as an interaction's reply) as the
   * channel's live one; the previous live message there loses its buttons.
   */
  async recordGameMessage(game: Game, view: ChatView): Promise<void> {
    this.boards.assume(view, game.version);
    await bestEffort(
      this.deps.logger,
      'discord: could not note the channel’s last game (for /replay)',
      this.deps.channels.setLastGame(view.chatId, game.id),
      { gameId: game.id, channelId: view.chatId },
    );
    const old = liveViews(game.views).find((v) => v.chatId === view.chatId);
    const added = await this.deps.service.queries.addView({ kind: 'game', id: game.id }, view);
    if (!added.ok) {
      this.deps.logger.warn('discord: could not record a game message', {
        gameId: game.id,
        code: added.code,
      });
      return;
    }
    const updated = this.core.note(added.value as Game);
    if (old !== undefined && old.messageId !== view.messageId) this.retire(old);
    // The game may have moved on while the message was on its way.
    if (updated.moves.length !== game.moves.length || updated.status !== game.status)
      this.showBoard(view, updated.id, updated.version);
  }

  /** Takes the buttons off a game message that is no longer the live one. */
  private retire(view: ChatView): void {
    this.boards.forget(view);
    this.deps.tasks.track(
      this.deps.out
        .edit(view.chatId, view.messageId, { components: [] })
        .catch((error: unknown) => this.report('could not retire a game message', error, view)),
    );
  }

  /** A game message that is gone (deleted, or the channel is): post a new one if it was live. */
  private failed(view: ChatView, error: unknown): void {
    if (!isGone(error)) {
      this.report('could not update a game message', error, view);
      return;
    }
    this.boards.forget(view);
    this.deps.tasks.track(
      (async () => {
        const found = await this.deps.service.queries.findByView(view);
        if (!found.ok || found.value.kind !== 'game') return;
        const game = this.core.note(found.value.game);
        const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
        if (live?.messageId === view.messageId && game.status === 'active')
          await this.postBoard(game, view.chatId);
      })(),
    );
  }

  /** A pending post that is done (or can never be done); a failure leaves it to the sweep. */
  private async forgetPendingPost(gameId: string, channelId: string): Promise<void> {
    await bestEffort(
      this.deps.logger,
      'discord: could not clear a pending post; the sweep retries it',
      this.deps.channels.pending.removePendingPost(gameId, channelId),
      { gameId, channelId },
    );
  }

  // ---- cards --------------------------------------------------------------------------------

  editCard(view: ChatView, text: string): void {
    this.editMessage(view, markdown(text), []);
  }

  showLobby(view: ChatView, challenge: Challenge, t: Messages): void {
    this.editMessage(view, lobbyContent(challenge, t), lobbyButtons(challenge, t));
  }

  private editMessage(
    view: ChatView,
    content: string,
    components: OutgoingMessage['components'],
  ): void {
    this.deps.tasks.track(
      this.deps.out
        .edit(view.chatId, view.messageId, { content, components })
        .catch((error: unknown) => this.report('could not edit a challenge card', error, view)),
    );
  }

  // ---- notices and messages -----------------------------------------------------------------

  /** A draw offer (or its decline) is a notice under the game message, pinging the opponent. */
  drawOffered(game: Game, by: Side): Promise<void> {
    return this.drawNotice(game, by, true);
  }

  async drawAnswered(game: Game, declinedBy: Side | undefined): Promise<void> {
    // The end of the game replaces an open offer's notice with the result's.
    if (declinedBy !== undefined) await this.drawNotice(game, declinedBy, false);
  }

  private async drawNotice(game: Game, by: Side, offered: boolean): Promise<void> {
    const from = playerOf(game, by);
    const to = playerOf(game, otherSide(by));
    if (to.platform !== 'discord' && offered) return;
    for (const view of liveViews(game.views)) {
      const t = await this.messages(view.chatId, to.language);
      const text = offered
        ? `${mentionOf(to)} ${t.drawOffer(nameOf(from))}`
        : t.drawDeclined(nameOf(from));
      this.core.track(game.id, this.notice(view, game, { text, to }));
    }
  }

  /**
   * Posts a channel's one live notice of a game (the previous one is removed), after that
   * game's notices before it there.
   */
  notice(view: ChatView, game: Game, notice: Notice): Promise<void> {
    const { channels, out } = this.deps;
    const gameId = game.id;
    return this.noticeOrder
      .next(`${view.chatId}|${gameId}`, async () => {
        if (notice.wanted !== undefined && !(await notice.wanted())) return;
        const previous = await bestEffort(
          this.deps.logger,
          'discord: could not read the last notice; it stays',
          channels.notice(view.chatId, gameId),
          { channelId: view.chatId, gameId },
        );
        const files = await this.attachment(game, notice.animation);
        const id = await out.post(view.chatId, {
          content: markdown(notice.text),
          pings: notice.to === undefined ? [] : pingsOf(notice.to),
          ...(files === undefined ? {} : { files }),
          replyTo: view.messageId,
        });
        await channels.setNotice(view.chatId, gameId, id);
        if (previous !== undefined) await out.remove(view.chatId, previous);
      })
      .catch((error: unknown) => this.report('could not post a notice', error, view));
  }

  /**
   * A game's animation as an attachment; undefined (logged) for a drawing that failed or a file
   * Discord would refuse: the message then goes without it.
   */
  private async attachment(
    game: Game,
    animation: Promise<Buffer> | undefined,
  ): Promise<OutgoingMessage['files']> {
    if (animation === undefined) return undefined;
    try {
      const gif = await animation;
      if (gif.length <= DISCORD_FILE_LIMIT) return [{ name: replayFileName(game), data: gif }];
      this.deps.logger.warn('discord: a game’s animation is too big to attach', {
        gameId: game.id,
        bytes: gif.length,
      });
    } catch (error) {
      this.report('could not draw a game’s animation', error, { gameId: game.id });
    }
    return undefined;
  }

  /** Removes a channel's notice of a game once it has been answered. */
  async clearNotice(channelId: string, gameId: string): Promise<void> {
    const { channels, out } = this.deps;
    try {
      const previous = await channels.notice(channelId, gameId);
      if (previous === undefined) return;
      await channels.setNotice(channelId, gameId, undefined);
      await out.remove(channelId, previous);
    } catch (error) {
      this.report('could not remove a notice', error, { channelId, gameId });
    }
  }

  thinking(): void {
    // The game message says whose turn it is; Discord's typing indicator is not used.
  }

  async direct(player: Player, say: (t: Messages) => string): Promise<boolean> {
    const t = messagesOn('discord', languageFor(player.language));
    return this.deps.out.direct(player.userId, { content: markdown(say(t)) }).then(
      () => true,
      () => false,
    );
  }

  paintReplay(replay: ReplayData): Promise<Buffer> {
    return this.deps.painter.paintReplay(replay);
  }

  private report(what: string, error: unknown, context: object): void {
    if (isHarmless(error)) return;
    this.deps.logger.warn(`discord: ${what}`, { ...context, err: error });
  }
}

function pingsOf(player: Player): string[] {
  return player.platform === 'discord' && player.botLevel === undefined ? [player.userId] : [];
}
