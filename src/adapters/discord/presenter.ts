import { chatSettingsAndMessages, gameLanguageHint } from '../../chat/presenting/chat-settings.js';
import { closedChallengeText, LatestGames } from '../../chat/presenting/presented-games.js';
import { moveEffects, seatOutEffects } from '../../chat/presenting/move-effects.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import { playerToMove } from '../../game/rules-strategy.js';
import {
  otherSide,
  playerOf,
  type Challenge,
  type ChatView,
  type Game,
  type Player,
} from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameEvent } from '../../game/results.js';
import type { GameService, Logger } from '../../game/service.js';
import { languageFor, messagesOn, type Messages } from '../../i18n/index.js';
import { isGone, isHarmless } from './api-errors.js';
import type { ChannelOutput, OutgoingMessage } from './channel-output.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import { gameMessage, type BoardPainter } from './game-message.js';
import { discordView, liveViews, mentionOf, nameOf } from './identity.js';
import { markdown } from './markdown.js';
import { BoardSync } from './board-sync.js';
import { PendingPresentations } from '../../chat/presenting/pending-presentations.js';
import { bestEffort } from '../../game/logger.js';
import { resultText } from '../../chat/words/board-caption.js';
import { quotableMove, startedText } from '../../chat/words/table-caption.js';
import type { Components } from './channel-output.js';
import { lobbyButtons, lobbyContent } from './table-cards.js';
import { LeagueCards } from './league-cards.js';
import { isLeagueEvent, showLeagueEvent } from '../../chat/presenting/league-events.js';
import { replayData } from '../../chat/presenting/replay.js';
import { gameFileStem } from '../../chat/words/pdn-export.js';
import { ChatOrder } from '../../chat/presenting/chat-order.js';

/** The largest attachment a bot may send where the server has no boost (10 MiB). */
export const DISCORD_FILE_LIMIT = 10 * 1024 * 1024;

/** The file name of a game's animation. */
export function replayFileName(game: Game): string {
  return `${gameFileStem(game)}.gif`;
}

export interface DiscordPresenterDeps {
  readonly out: ChannelOutput;
  readonly service: GameService;
  readonly channels: ChatState;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly painter: BoardPainter;
  readonly tasks: BackgroundTasks;
}

/** A chat where the game was accepted, as the game-started event may carry it. */
interface AcceptedIn {
  readonly platform: string;
  readonly chatId: string;
}

/**
 * Shows the game service's events in Discord channels: every channel's game message first (one
 * edit: embed, board image, buttons), then — only when someone must be pinged — the channel's
 * one live notice, which replies to the game message and mentions them. Edits of one message
 * never overtake each other (BoardSync); Discord's rate limits are discord.js's REST queue's.
 */
export class DiscordPresenter {
  /** The newest record seen of each game: deliveries build from it at the last moment. */
  private readonly latest = new LatestGames();
  readonly boards: BoardSync;
  private readonly pending: PendingPresentations;
  /** Ratings and tournaments: sign-up cards, rounds, standings, the ratings after a game. */
  readonly league: LeagueCards;
  /** Results, ratings, rounds, new game messages and notices, in each channel in order. */
  private readonly order = new ChatOrder();

  constructor(private readonly deps: DiscordPresenterDeps) {
    this.league = new LeagueCards({ ...deps, order: this.order }, (channelId, fallback) =>
      this.channelContext(channelId, fallback),
    );
    this.boards = new BoardSync(
      (view, message) => deps.out.edit(view.chatId, view.messageId, message),
      (view, error) => this.failed(view, error),
    );
    this.pending = new PendingPresentations(
      { store: deps.channels, logger: deps.logger, tasks: deps.tasks, platform: 'discord' },
      {
        latest: (id) => this.latest.get(id),
        note: (game) => this.note(game),
        shows: (game, version) =>
          liveViews(game.views).every((view) => (this.boards.shownVersion(view) ?? -1) >= version),
        chatsShowing: (game) => new Set(liveViews(game.views).map((view) => view.chatId)),
        post: (game, channelId) => this.postGame(game, channelId),
        updateBoards: (game) => this.updateBoards(game),
        getGame: (id) => deps.service.queries.getGame(id),
      },
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

  /** Remembers a record if it is the newest seen; returns the newest. */
  note(game: Game): Game {
    return this.latest.note(game);
  }

  /** Queues the presentation of `events`; resolves once queued (deliveries run behind). */
  async handle(events: readonly GameEvent[]): Promise<void> {
    await this.pending.presentAll(
      events,
      (game) => liveViews(game.views).length > 0,
      (event) => this.present(event),
    );
  }

  /** Resolves when every queued delivery is done (for shutdown and tests). */
  settle(): Promise<void> {
    return this.deps.tasks.idle();
  }

  private async present(event: GameEvent): Promise<void> {
    if (isLeagueEvent(event))
      return showLeagueEvent(event, this.league, (game) => this.current(game));
    switch (event.type) {
      case 'challenge-created':
        return; // the command that made it posts the card
      case 'challenge-declined':
      case 'challenge-cancelled':
      case 'challenge-expired':
        return this.closeCards(event.challenge, event.type);
      case 'challenge-updated':
        return this.updateLobbyCards(event.challenge);
      case 'seat-out': {
        // A table's player resigned or ran out of time: the boards say so; the next is pinged
        // (when the turn passed).
        const game = this.current(event.game);
        this.updateBoards(game);
        const effects = seatOutEffects(game, event);
        if (effects?.ping !== undefined) await this.pingToMove(game);
        return;
      }
      case 'game-started': {
        const acceptedIn = (event as { acceptedIn?: AcceptedIn }).acceptedIn;
        return this.startGame(event.game, event.challenge, event.ping, acceptedIn);
      }
      case 'move-played': {
        const game = this.current(event.game);
        this.updateBoards(game);
        const effects = moveEffects(game, event.game, event.ping);
        if (effects?.ping !== undefined) await this.pingToMove(game, event.move);
        if (effects?.clearNotice === true)
          for (const view of liveViews(game.views)) this.clearNotice(view.chatId, game.id);
        return;
      }
      case 'turn-nudge':
        return this.pingToMove(this.current(event.game));
      case 'draw-offered':
      case 'draw-declined': {
        const game = this.current(event.game);
        this.updateBoards(game);
        const by = playerOf(game, event.by);
        const to = playerOf(game, otherSide(event.by));
        if (to.platform !== 'discord' && event.type === 'draw-offered') return;
        for (const view of liveViews(game.views)) {
          const { t } = await this.channelContext(view.chatId, to.language);
          const text =
            event.type === 'draw-offered'
              ? `${mentionOf(to)} ${markdown(t.drawOffer(nameOf(by)))}`
              : markdown(t.drawDeclined(nameOf(by)));
          this.notice(view, game.id, { content: text, pings: pingsOf(to) });
        }
        return;
      }
      case 'reminder':
        return this.remind(event.game, event.deadline);
      case 'game-over': {
        const game = this.current(event.game);
        this.updateBoards(game);
        for (const view of liveViews(game.views)) {
          const { t } = await this.channelContext(view.chatId, gameLanguageHint(game));
          const result = resultText(game, event.result, t, { name: nameOf, mention: mentionOf });
          // The result comes with the game's animation attached (a table game's: without).
          this.notice(
            view,
            game.id,
            { content: markdown(t.gameOverNotice(result)) },
            this.replayFiles(game, t),
          );
        }
        return;
      }
    }
  }

  private current(game: Game): Game {
    return this.latest.get(game.id) ?? game;
  }

  // ---- game messages ------------------------------------------------------------------------

  /** The game message of `game` for a channel, in its language and orientation. */
  async messageFor(game: Game, channelId: string): Promise<OutgoingMessage> {
    const { settings, t } = await this.channelContext(channelId, gameLanguageHint(game));
    return gameMessage(game, t, settings, this.deps.clock.now(), this.deps.painter);
  }

  /** Brings every channel's live game message up to date (queued; newest wins). */
  updateBoards(game: Game): void {
    for (const view of liveViews(game.views)) this.showBoard(view, game.id, game.version);
  }

  private showBoard(view: ChatView, gameId: string, version: number): void {
    this.pending.track(
      gameId,
      this.boards.show(view, version, () => this.messageFor(this.latest.get(gameId)!, view.chatId)),
    );
  }

  /** Posts a new game message in a channel and makes it the live one there. */
  async postGame(game: Game, channelId: string): Promise<ChatView | undefined> {
    const current = this.note(game);
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
    const updated = this.note(added.value as Game);
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
        const game = this.note(found.value.game);
        const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
        if (live?.messageId === view.messageId && game.status === 'active')
          await this.postGame(game, view.chatId);
      })(),
    );
  }

  // ---- the durable hand-off -----------------------------------------------------------------

  /**
   * Brings the game messages of every pending game up to date, and posts those still to post:
   * after a restart (a process that died before its edits) and now and then (failed edits).
   */
  recoverPending(): Promise<number> {
    return this.pending.recover();
  }

  // ---- challenges ---------------------------------------------------------------------------

  private async closeCards(
    challenge: Challenge,
    why: 'challenge-declined' | 'challenge-cancelled' | 'challenge-expired',
  ): Promise<void> {
    for (const view of challenge.views) {
      if (view.platform !== 'discord') continue;
      const { t } = await this.channelContext(view.chatId, challenge.challenger.language);
      this.editCard(view, markdown(closedChallengeText(t, why, nameOf(challenge.challenger))));
    }
  }

  /** A table's lobby changed: every Discord card shows its seats and buttons. */
  private async updateLobbyCards(challenge: Challenge): Promise<void> {
    if (challenge.status !== 'open') return;
    for (const view of challenge.views) {
      if (view.platform !== 'discord') continue;
      const { t } = await this.channelContext(view.chatId, challenge.challenger.language);
      this.editCard(view, lobbyContent(challenge, t), lobbyButtons(challenge, t));
    }
  }

  private editCard(view: ChatView, content: string, components: Components = []): void {
    this.deps.tasks.track(
      this.deps.out
        .edit(view.chatId, view.messageId, { content, components })
        .catch((error: unknown) => this.report('could not edit a challenge card', error, view)),
    );
  }

  private async startGame(
    game: Game,
    challenge: Challenge | undefined,
    ping: boolean,
    acceptedIn: AcceptedIn | undefined,
  ): Promise<void> {
    const channels = new Set<string>();
    for (const view of challenge?.views ?? []) {
      if (view.platform !== 'discord') continue;
      const { t } = await this.channelContext(view.chatId, gameLanguageHint(game));
      this.editCard(view, markdown(startedText(game, t, { name: nameOf, mention: mentionOf })));
      channels.add(view.chatId);
    }
    if (acceptedIn?.platform === 'discord') channels.add(acceptedIn.chatId);
    for (const channelId of channels) await this.pending.mark(game.id, game.version, channelId);
    // After the channel's announcements before it (a round's pairings come before its boards).
    const posted = [...channels].map((channelId) =>
      this.order.next(channelId, () => this.postGame(game, channelId)),
    );
    this.pending.track(
      game.id,
      Promise.all(posted).then(async () => {
        if (ping) await this.pingToMove(this.current(game));
      }),
    );
  }

  // ---- notices ------------------------------------------------------------------------------

  /** "@player, your move" under every channel's game message. */
  private async pingToMove(game: Game, lastMove?: string): Promise<void> {
    if (game.status !== 'active') return;
    const player = playerToMove(game);
    // A player from another platform is told there; a mention here would reach nobody.
    if (player.botLevel !== undefined || player.platform !== 'discord') return;
    const move = quotableMove(lastMove ?? game.moves.at(-1));
    for (const view of liveViews(game.views)) {
      const { t } = await this.channelContext(view.chatId, player.language);
      this.notice(view, game.id, {
        content: markdown(t.yourMove(mentionOf(player), move)),
        pings: pingsOf(player),
      });
    }
  }

  /** A Discord player is reminded by direct message, else (or if that fails) in the channels. */
  private async remind(game: Game, deadline: number): Promise<void> {
    const player = playerToMove(game);
    if (player.botLevel !== undefined || player.platform !== 'discord') return;
    const left = deadline - this.deps.clock.now();
    const t = messagesOn('discord', languageFor(player.language));
    const delivered = await this.deps.out
      .direct(player.userId, { content: markdown(t.reminder(nameOf(player), t.duration(left))) })
      .then(
        () => true,
        () => false,
      );
    if (delivered) return;
    for (const view of liveViews(game.views)) {
      const { t } = await this.channelContext(view.chatId, player.language);
      this.notice(view, game.id, {
        content: markdown(t.reminder(mentionOf(player), t.duration(left))),
        pings: pingsOf(player),
      });
    }
  }

  /**
   * Posts a channel's one live notice of a game (the previous one is removed), after the
   * channel's announcements before it: a result before the ratings and the next round.
   */
  private notice(
    view: ChatView,
    gameId: string,
    message: OutgoingMessage,
    files?: Promise<OutgoingMessage['files']>,
  ): void {
    const { channels, out } = this.deps;
    this.deps.tasks.track(
      this.order
        .next(view.chatId, async () => {
          const previous = await bestEffort(
            this.deps.logger,
            'discord: could not read the last notice; it stays',
            channels.notice(view.chatId, gameId),
            { channelId: view.chatId, gameId },
          );
          const attached = files === undefined ? undefined : await files;
          const id = await out.post(view.chatId, {
            ...message,
            ...(attached === undefined ? {} : { files: attached }),
            replyTo: view.messageId,
          });
          await channels.setNotice(view.chatId, gameId, id);
          if (previous !== undefined) await out.remove(view.chatId, previous);
        })
        .catch((error: unknown) => this.report('could not post a notice', error, view)),
    );
  }

  /**
   * A game's animation as an attachment, drawn by the render pool; undefined (logged) for a
   * table game, a game too long, a drawing that failed or a file Discord would refuse: the
   * message then goes without it. Never rejects.
   */
  replayFiles(game: Game, t: Messages): Promise<OutgoingMessage['files']> {
    const data = replayData(game, t);
    if (typeof data === 'string') return Promise.resolve(undefined);
    return this.deps.painter.paintReplay(data).then(
      (gif) => {
        if (gif.length <= DISCORD_FILE_LIMIT) return [{ name: replayFileName(game), data: gif }];
        this.deps.logger.warn('discord: a game’s animation is too big to attach', {
          gameId: game.id,
          bytes: gif.length,
        });
        return undefined;
      },
      (error: unknown) => {
        this.report('could not draw a game’s animation', error, { gameId: game.id });
        return undefined;
      },
    );
  }

  /** Removes a channel's notice of a game once it has been answered. */
  private clearNotice(channelId: string, gameId: string): void {
    const { channels, out } = this.deps;
    this.deps.tasks.track(
      (async () => {
        const previous = await channels.notice(channelId, gameId);
        if (previous === undefined) return;
        await channels.setNotice(channelId, gameId, undefined);
        await out.remove(channelId, previous);
      })().catch((error: unknown) =>
        this.report('could not remove a notice', error, { channelId, gameId }),
      ),
    );
  }

  /** A pending post that is done (or can never be done); a failure leaves it to the sweep. */
  private async forgetPendingPost(gameId: string, channelId: string): Promise<void> {
    await bestEffort(
      this.deps.logger,
      'discord: could not clear a pending post; the sweep retries it',
      this.deps.channels.removePendingPost(gameId, channelId),
      { gameId, channelId },
    );
  }

  private report(what: string, error: unknown, context: object): void {
    if (isHarmless(error)) return;
    this.deps.logger.warn(`discord: ${what}`, { ...context, err: error });
  }
}

function pingsOf(player: Player): string[] {
  return player.platform === 'discord' && player.botLevel === undefined ? [player.userId] : [];
}
