import { GrammyError, InlineKeyboard, InputFile, InputMediaBuilder, type Api } from 'grammy';
import { gamePosition } from '../../game/game-rules.js';
import type { Challenge, ChatView, Game } from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameEvent } from '../../game/results.js';
import type { GameService, Logger } from '../../game/service.js';
import { languageFor, messages, type Messages } from '../../i18n/index.js';
import { boardImage, caption, gameKeyboard, sideToMoveOf } from './board-message.js';
import { encodePayload } from './callback-data.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import { isPrivateChat, liveViews, mentionOf, nameOf, telegramView } from './identity.js';

/**
 * The language to assume in a chat without a language setting: a private chat's owner's, else
 * (a group) White's.
 */
function languageHint(game: Game, chatId: string): string | undefined {
  if (chatId === game.black.userId) return game.black.language;
  return game.white.language;
}

/** Telegram API errors we expect in normal operation, by what we do about them. */
export function describeApiError(
  error: unknown,
): 'not-modified' | 'message-gone' | 'forbidden' | 'other' {
  if (!(error instanceof GrammyError)) return 'other';
  const text = error.description.toLowerCase();
  if (text.includes('message is not modified')) return 'not-modified';
  if (
    text.includes('message to edit not found') ||
    text.includes("message can't be edited") ||
    text.includes('message_id_invalid') ||
    text.includes('there is no media in the message to edit')
  ) {
    return 'message-gone';
  }
  if (error.error_code === 403) return 'forbidden';
  return 'other';
}

/**
 * Shows the game service's events in Telegram: board messages (photo, caption, keyboard) kept
 * up to date in every chat that shows a game, one short "your move" notice per chat (the
 * previous one deleted), challenge cards, draw offers and reminders. Every API failure is
 * handled here: an edit that changes nothing is fine, a deleted board is posted again, a chat
 * that removed the bot is skipped — nothing is thrown at the caller.
 */
export class TelegramPresenter {
  constructor(
    private readonly api: Api,
    private readonly service: GameService,
    private readonly chats: ChatState,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The language and settings of a chat; `fallbackLanguage` is a platform language code. */
  async chatContext(
    chatId: string | number,
    fallbackLanguage?: string,
  ): Promise<{ settings: ChatSettings; t: Messages }> {
    const settings = await this.chats.settings(chatId).catch(() => ({}) as ChatSettings);
    return { settings, t: messages(settings.lang ?? languageFor(fallbackLanguage)) };
  }

  async handle(events: readonly GameEvent[]): Promise<void> {
    const games = new Map<string, Game>();
    for (const event of events) if ('game' in event) games.set(event.game.id, event.game);
    // Events can arrive out of order (the bot's reply may be shown before the move it answers
    // is): boards are always drawn from the newest record.
    for (const [id, game] of games) {
      const stored = await this.service.getGame(id);
      if (stored.ok && stored.value.version > game.version) games.set(id, stored.value);
    }
    for (const event of events) {
      try {
        await this.handleOne(event, games);
      } catch (error) {
        this.logger.error('telegram: could not show an event', {
          type: event.type,
          error: String(error),
        });
      }
    }
    for (const game of games.values()) this.showThinking(game);
  }

  private readonly thinking = new Map<string, NodeJS.Timeout>();

  /**
   * While the bot is to move, "typing…" shows in the game's chats (Telegram shows an action for
   * about 5 s, so it is repeated), until its move arrives or a minute has passed.
   */
  private showThinking(game: Game): void {
    clearInterval(this.thinking.get(game.id));
    this.thinking.delete(game.id);
    if (game.status !== 'active') return;
    const side = sideToMoveOf(gamePosition(game));
    if ((side === 'white' ? game.white : game.black).botLevel === undefined) return;
    const chats = liveViews(game.views).map((view) => Number(view.chatId));
    const ping = () => {
      for (const chatId of chats) this.api.sendChatAction(chatId, 'typing').catch(() => undefined);
    };
    ping();
    const started = this.clock.now();
    const timer = setInterval(() => {
      if (this.clock.now() - started > 60_000) {
        clearInterval(timer);
        this.thinking.delete(game.id);
        return;
      }
      ping();
    }, 4_500);
    timer.unref();
    this.thinking.set(game.id, timer);
  }

  private async handleOne(event: GameEvent, latest: Map<string, Game>): Promise<void> {
    switch (event.type) {
      case 'challenge-created':
        return; // the command that created it posts the card
      case 'challenge-declined':
      case 'challenge-cancelled':
      case 'challenge-expired':
        return this.closeChallengeCards(event.challenge, event.type);
      case 'game-started':
        return this.startGame(event.game, event.challenge);
      case 'move-played': {
        const game = latest.get(event.game.id) ?? event.game;
        await this.updateBoards(game);
        // No "your move" for a move that has already been answered.
        if (game.status === 'active' && game.moves.length === event.game.moves.length) {
          await this.noticeToMove(game, event.move);
        }
        return;
      }
      case 'draw-offered':
        await this.updateBoards(latest.get(event.game.id) ?? event.game);
        return this.postDrawOffer(event.game, event.by);
      case 'draw-declined':
        await this.updateBoards(latest.get(event.game.id) ?? event.game);
        return this.closeDrawOffers(
          event.game,
          nameOf(event.by === 'white' ? event.game.white : event.game.black),
        );
      case 'reminder':
        return this.remind(event.game, event.deadline);
      case 'game-over': {
        const game = latest.get(event.game.id) ?? event.game;
        await this.updateBoards(game);
        await this.closeDrawOffers(game, undefined);
        for (const view of liveViews(game.views)) {
          const { t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
          await this.replaceNotice(
            game,
            view.chatId,
            t.gameOverNotice(t.result(event.result.winner, event.result.reason)),
          );
        }
        return;
      }
    }
  }

  // ---- boards -----------------------------------------------------------------------------

  /** Posts a new board message for a game in a chat and makes it the chat's live message. */
  async postBoard(game: Game, chatId: string | number): Promise<ChatView | undefined> {
    const { settings, t } = await this.chatContext(chatId, languageHint(game, String(chatId)));
    try {
      const sent = await this.api.sendPhoto(
        Number(chatId),
        new InputFile(boardImage(game, settings), 'board.png'),
        {
          caption: caption(game, t, this.clock.now()),
          parse_mode: 'HTML',
          reply_markup: gameKeyboard(game, settings),
        },
      );
      const view = telegramView(sent.chat.id, sent.message_id);
      const added = await this.service.addView({ kind: 'game', id: game.id }, view);
      if (!added.ok)
        this.logger.warn('telegram: could not record a board message', {
          gameId: game.id,
          code: added.code,
        });
      return view;
    } catch (error) {
      this.logger.warn('telegram: could not post a board', {
        chatId,
        gameId: game.id,
        error: String(error),
      });
      return undefined;
    }
  }

  /** Brings every chat's live board of a game up to date (image, caption, keyboard). */
  async updateBoards(game: Game): Promise<void> {
    for (const view of liveViews(game.views)) await this.updateBoard(game, view);
  }

  /** Redraws one board message; re-posts it when it is gone. */
  async updateBoard(game: Game, view: ChatView): Promise<void> {
    const { settings, t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
    const media = InputMediaBuilder.photo(new InputFile(boardImage(game, settings), 'board.png'), {
      caption: caption(game, t, this.clock.now()),
      parse_mode: 'HTML',
    });
    try {
      await this.api.editMessageMedia(Number(view.chatId), Number(view.messageId), media, {
        reply_markup: gameKeyboard(game, settings) ?? new InlineKeyboard(),
      });
    } catch (error) {
      const kind = describeApiError(error);
      if (kind === 'not-modified') return;
      if (kind === 'message-gone') {
        await this.postBoard(game, view.chatId);
        return;
      }
      this.logger.warn('telegram: could not update a board', { view, kind, error: String(error) });
    }
  }

  /** Takes the buttons off an old board message that is no longer the live one. */
  async retireBoard(view: ChatView): Promise<void> {
    try {
      await this.api.editMessageReplyMarkup(Number(view.chatId), Number(view.messageId), {
        reply_markup: new InlineKeyboard(),
      });
    } catch (error) {
      if (describeApiError(error) === 'other')
        this.logger.warn('telegram: could not retire a board', { view, error: String(error) });
    }
  }

  // ---- challenges ---------------------------------------------------------------------------

  private async startGame(game: Game, challenge: Challenge | undefined): Promise<void> {
    const chats = new Set<string>();
    for (const view of challenge?.views ?? []) {
      if (view.platform !== 'telegram') continue;
      const { t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
      await this.editText(view, t.challengeAccepted(nameOf(game.white), nameOf(game.black)));
      chats.add(view.chatId);
    }
    let current = game;
    for (const chatId of chats) {
      await this.postBoard(current, chatId);
      const fresh = await this.service.getGame(game.id);
      if (fresh.ok) current = fresh.value;
    }
    if (chats.size > 0) await this.noticeToMove(current, undefined);
  }

  private async closeChallengeCards(challenge: Challenge, why: GameEvent['type']): Promise<void> {
    for (const view of challenge.views) {
      if (view.platform !== 'telegram') continue;
      const { t } = await this.chatContext(view.chatId, challenge.challenger.language);
      const challenger = nameOf(challenge.challenger);
      const text =
        why === 'challenge-declined'
          ? t.challengeDeclined(challenger)
          : why === 'challenge-cancelled'
            ? t.challengeCancelled(challenger)
            : t.challengeExpired(challenger);
      await this.editText(view, text);
    }
  }

  private async editText(view: ChatView, text: string): Promise<void> {
    try {
      await this.api.editMessageText(Number(view.chatId), Number(view.messageId), text, {
        parse_mode: 'HTML',
      });
    } catch (error) {
      if (describeApiError(error) === 'other')
        this.logger.warn('telegram: could not edit a card', { view, error: String(error) });
    }
  }

  // ---- notices ----------------------------------------------------------------------------

  /** "@name, your move": one per chat, the previous notice deleted so the chat is not flooded. */
  private async noticeToMove(game: Game, lastMove: string | undefined): Promise<void> {
    const side = sideToMoveOf(gamePosition(game));
    const player = side === 'white' ? game.white : game.black;
    if (player.botLevel !== undefined) return;
    for (const view of liveViews(game.views)) {
      // In a private chat only its owner is told, and only when it is their move.
      if (isPrivateChat(view.chatId) && view.chatId !== player.userId) {
        await this.replaceNotice(game, view.chatId, undefined);
        continue;
      }
      const { t } = await this.chatContext(view.chatId, player.language);
      await this.replaceNotice(
        game,
        view.chatId,
        t.yourMove(mentionOf(player), lastMove),
        Number(view.messageId),
      );
    }
  }

  private async remind(game: Game, deadline: number): Promise<void> {
    const side = sideToMoveOf(gamePosition(game));
    const player = side === 'white' ? game.white : game.black;
    if (player.botLevel !== undefined) return;
    const left = deadline - this.clock.now();
    let told = false;
    // A direct message first, to a player who has started the bot; otherwise (or if Telegram
    // refuses: the user never started the bot or blocked it) a mention in the game's chats.
    if (await this.chats.hasStarted(player.userId)) {
      const { t } = await this.chatContext(player.userId, player.language);
      try {
        await this.api.sendMessage(
          Number(player.userId),
          t.reminder(mentionOf(player), t.duration(left)),
          { parse_mode: 'HTML' },
        );
        told = true;
      } catch (error) {
        if (describeApiError(error) === 'forbidden')
          await this.chats.setStarted(player.userId, false);
        else
          this.logger.warn('telegram: reminder by direct message failed', { error: String(error) });
      }
    }
    for (const view of liveViews(game.views)) {
      if (told && isPrivateChat(view.chatId)) continue;
      if (isPrivateChat(view.chatId) && view.chatId !== player.userId) continue;
      const { t } = await this.chatContext(view.chatId, player.language);
      if (!told || !isPrivateChat(view.chatId)) {
        await this.replaceNotice(
          game,
          view.chatId,
          t.reminder(mentionOf(player), t.duration(left)),
          Number(view.messageId),
        );
      }
    }
  }

  /** Deletes the chat's previous notice for this game and posts `text` (if any) instead. */
  private async replaceNotice(
    game: Game,
    chatId: string,
    text: string | undefined,
    replyTo?: number,
  ): Promise<void> {
    const previous = await this.chats.notice(chatId, game.id).catch(() => undefined);
    if (previous !== undefined) {
      await this.api.deleteMessage(Number(chatId), previous).catch(() => undefined);
    }
    if (text === undefined) {
      await this.chats.setNotice(chatId, game.id, undefined).catch(() => undefined);
      return;
    }
    try {
      const sent = await this.api.sendMessage(Number(chatId), text, {
        parse_mode: 'HTML',
        reply_parameters:
          replyTo === undefined
            ? undefined
            : { message_id: replyTo, allow_sending_without_reply: true },
      });
      await this.chats.setNotice(chatId, game.id, sent.message_id);
    } catch (error) {
      this.logger.warn('telegram: could not post a notice', { chatId, error: String(error) });
    }
  }

  // ---- draw offers --------------------------------------------------------------------------

  private async postDrawOffer(game: Game, by: 'white' | 'black'): Promise<void> {
    const offerer = by === 'white' ? game.white : game.black;
    const opponent = by === 'white' ? game.black : game.white;
    for (const view of liveViews(game.views)) {
      if (isPrivateChat(view.chatId) && view.chatId !== opponent.userId) continue;
      const { t } = await this.chatContext(view.chatId, opponent.language);
      const keyboard = new InlineKeyboard()
        .text(t.drawAccept, encodePayload({ kind: 'draw-accept', gameId: game.id }))
        .text(t.drawDecline, encodePayload({ kind: 'draw-decline', gameId: game.id }));
      try {
        const sent = await this.api.sendMessage(
          Number(view.chatId),
          `${t.drawOffer(nameOf(offerer))} ${mentionOf(opponent)}`,
          {
            parse_mode: 'HTML',
            reply_markup: keyboard,
          },
        );
        await this.chats.setDrawOffer(view.chatId, game.id, sent.message_id);
      } catch (error) {
        this.logger.warn('telegram: could not post a draw offer', { error: String(error) });
      }
    }
  }

  /** Edits the open draw-offer messages: "declined by …", or deletes them when the game ended. */
  private async closeDrawOffers(game: Game, declinedBy: string | undefined): Promise<void> {
    for (const view of liveViews(game.views)) {
      const messageId = await this.chats.drawOffer(view.chatId, game.id).catch(() => undefined);
      if (messageId === undefined) continue;
      await this.chats.setDrawOffer(view.chatId, game.id, undefined).catch(() => undefined);
      if (declinedBy === undefined) {
        await this.api.deleteMessage(Number(view.chatId), messageId).catch(() => undefined);
        continue;
      }
      const { t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
      await this.editText({ ...view, messageId: String(messageId) }, t.drawDeclined(declinedBy));
    }
  }
}
