import { InlineKeyboard } from 'grammy';
import { otherSide, playerOf, type ChatView, type Game } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import { encodePayload } from '../../chat/buttons/button-payload.js';
import { NO_PREVIEW, type ChatOutput } from './chat-output.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import {
  inlineMessageIdOf,
  isInlineChat,
  isPrivateChat,
  liveViews,
  mentionOf,
  nameOf,
} from './identity.js';
import { bestEffort, type Logger } from '../../game/logger.js';

/** The language to assume in a chat without a language setting (see the presenter). */
export type ChatContext = (
  chatId: string | number,
  fallbackLanguage?: string,
) => Promise<{ settings: ChatSettings; t: Messages }>;

/**
 * The messages around a game that are not its board: challenge cards (closed when a challenge
 * is declined, withdrawn or expires) and draw offers (posted with their buttons, then edited
 * when declined or deleted when the game ends).
 */
export class ChatCards {
  constructor(
    private readonly deps: {
      readonly out: ChatOutput;
      readonly chats: ChatState;
      readonly tasks: BackgroundTasks;
      readonly logger: Logger;
      readonly botUsername?: () => string;
    },
    private readonly chatContext: ChatContext,
    /** Counts a delivery of a game's presentation (the presenter's pending hand-off). */
    private readonly track: (gameId: string, delivery: Promise<unknown>) => void,
    private readonly languageHint: (game: Game, chatId: string) => string | undefined,
  ) {}

  /** Edits a card's text; its buttons go, unless `keyboard` gives the new ones. */
  editCard(view: ChatView, text: string, keyboard?: InlineKeyboard): void {
    const inline = inlineMessageIdOf(view);
    if (inline !== undefined) {
      // An inline card is a photo: its caption is the text.
      this.deps.tasks.track(this.deps.out.editInlineCaption(inline, text, keyboard));
      return;
    }
    this.deps.tasks.track(
      this.deps.out.editText(view.chatId, Number(view.messageId), text, {
        parse_mode: 'HTML',
        ...NO_PREVIEW,
        ...(keyboard === undefined ? {} : { reply_markup: keyboard }),
      }),
    );
  }

  // ---- draw offers --------------------------------------------------------------------------

  /** The offer with its buttons, for a Telegram opponent (others answer on their platform). */
  async postDrawOffer(game: Game, by: 'white' | 'black'): Promise<void> {
    const offerer = playerOf(game, by);
    const opponent = playerOf(game, otherSide(by));
    if (opponent.platform !== 'telegram') return;
    for (const view of liveViews(game.views)) {
      if (isPrivateChat(view.chatId) && view.chatId !== opponent.userId) continue;
      // An inline board answers the offer on its own buttons (see inlineGameKeyboard).
      if (isInlineChat(view.chatId)) continue;
      const { t } = await this.chatContext(view.chatId, opponent.language);
      const keyboard = new InlineKeyboard()
        .text(t.drawAccept, encodePayload({ kind: 'draw-accept', gameId: game.id }))
        .text(t.drawDecline, encodePayload({ kind: 'draw-decline', gameId: game.id }));
      this.track(
        game.id,
        this.deps.out
          .sendText(view.chatId, `${t.drawOffer(nameOf(offerer))} ${mentionOf(opponent)}`, {
            parse_mode: 'HTML',
            reply_markup: keyboard,
          })
          .then(async (sent) => {
            if (sent.ok)
              await this.deps.chats.setDrawOffer(view.chatId, game.id, sent.value.message_id);
          }),
      );
    }
  }

  /** Edits the open draw-offer messages: "declined by …", or deletes them when the game ended. */
  async closeDrawOffers(game: Game, declinedBy: string | undefined): Promise<void> {
    for (const view of liveViews(game.views)) {
      if (isInlineChat(view.chatId)) continue;
      const context = { chatId: view.chatId, gameId: game.id };
      const { logger, chats } = this.deps;
      const messageId = await bestEffort(
        logger,
        'telegram: could not read a draw offer; it stays',
        chats.drawOffer(view.chatId, game.id),
        context,
      );
      if (messageId === undefined) continue;
      await bestEffort(
        logger,
        'telegram: could not forget a draw offer',
        chats.setDrawOffer(view.chatId, game.id, undefined),
        context,
      );
      if (declinedBy === undefined) {
        void this.deps.out.delete(view.chatId, messageId);
        continue;
      }
      const { t } = await this.chatContext(view.chatId, this.languageHint(game, view.chatId));
      this.editCard({ ...view, messageId: String(messageId) }, t.drawDeclined(declinedBy));
    }
  }
}
