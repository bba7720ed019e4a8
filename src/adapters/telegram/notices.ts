import type { Logger } from '../../game/service.js';
import type { ChatOutput } from './chat-output.js';
import type { ChatState } from './chat-state.js';
import type { DeliveryResult } from './delivery-lanes.js';
import { bestEffort } from '../../game/logger.js';
import { InputFile } from 'grammy';
import { plainText } from './board-sync.js';

/** Telegram's longest caption (of the text as shown, without its markup). */
export const CAPTION_LIMIT = 1024;

/**
 * Each chat has at most one live notice: a short message that pings someone ("@bob, your move",
 * a reminder, a result). A new one replaces the previous one (which is then deleted, as a
 * cosmetic call), and a notice that is no longer true when its turn in the lane comes (the
 * player has moved meanwhile, the game has ended) is never sent. Edits cannot notify anybody,
 * so a notice is only posted when someone must be pinged; everything else is in the board.
 */
export class Notices {
  constructor(
    private readonly out: ChatOutput,
    private readonly chats: ChatState,
    private readonly logger: Logger,
  ) {}

  /**
   * Posts `text` as the chat's live notice. `wanted` is asked right before sending.
   * Resolves with the delivery.
   */
  post(
    chatId: string,
    gameId: string,
    text: string,
    options: { replyTo?: number; wanted?: () => boolean | Promise<boolean> } = {},
  ): Promise<DeliveryResult<unknown>> {
    return this.submit(chatId, gameId, options, (reply_parameters) =>
      this.out.raw.sendMessage(Number(chatId), text, { parse_mode: 'HTML', reply_parameters }),
    );
  }

  /**
   * Posts a notice as an animation with `text` as its caption (the end of a game: its replay):
   * one call, like a text notice. Falls back to the text alone, in the same call's place, when
   * the animation cannot be drawn or `text` is too long for a caption. `animation` is started
   * by the caller (it draws while the chat's lane gets to it) and never rejects the delivery.
   */
  postAnimation(
    chatId: string,
    gameId: string,
    text: string,
    animation: Promise<Buffer>,
    options: { replyTo?: number } = {},
  ): Promise<DeliveryResult<unknown>> {
    if (plainText(text).length > CAPTION_LIMIT) {
      animation.catch(() => undefined); // not wanted after all
      return this.post(chatId, gameId, text, options);
    }
    // Drawn in the background meanwhile; a failure is handled here, never unhandled.
    const drawn = animation.then(
      (gif) => gif,
      (error: unknown) => {
        this.logger.warn('telegram: could not draw a game’s animation; the notice goes as text', {
          chatId,
          gameId,
          err: error,
        });
        return undefined;
      },
    );
    return this.submit(chatId, gameId, options, async (reply_parameters) => {
      const gif = await drawn;
      return gif === undefined
        ? this.out.raw.sendMessage(Number(chatId), text, { parse_mode: 'HTML', reply_parameters })
        : this.out.raw.sendAnimation(Number(chatId), new InputFile(gif, 'replay.gif'), {
            caption: text,
            parse_mode: 'HTML',
            reply_parameters,
          });
    });
  }

  /** Queues a notice's one call in the chat's lane; once sent, it is the chat's live notice. */
  private submit(
    chatId: string,
    gameId: string,
    options: { replyTo?: number; wanted?: () => boolean | Promise<boolean> },
    send: (
      reply: { message_id: number; allow_sending_without_reply: true } | undefined,
    ) => Promise<{ message_id: number }>,
  ): Promise<DeliveryResult<unknown>> {
    const reply =
      options.replyTo === undefined
        ? undefined
        : { message_id: options.replyTo, allow_sending_without_reply: true as const };
    return this.out.lanes.submit(chatId, {
      class: 'message',
      key: 'notice',
      counted: true,
      newMessage: true,
      wanted: options.wanted,
      call: async () => {
        const sent = await send(reply);
        await this.swap(chatId, { messageId: sent.message_id, gameId });
        return sent;
      },
    });
  }

  /** Deletes the chat's notice if it is about this game (its news is stale now). */
  async clear(chatId: string, gameId: string): Promise<void> {
    const current = await bestEffort(
      this.logger,
      'telegram: could not read the chat’s notice; it stays',
      this.chats.notice(chatId),
      { chatId, gameId },
    );
    if (current?.gameId !== gameId) return;
    await bestEffort(
      this.logger,
      'telegram: could not forget the chat’s notice',
      this.chats.setNotice(chatId, undefined),
      { chatId, gameId },
    );
    void this.out.delete(chatId, current.messageId);
  }

  /** Records the new live notice and deletes the one it replaces. Never throws. */
  private async swap(chatId: string, next: { messageId: number; gameId: string }): Promise<void> {
    try {
      const previous = await this.chats.notice(chatId);
      await this.chats.setNotice(chatId, next);
      if (previous !== undefined && previous.messageId !== next.messageId)
        void this.out.delete(chatId, previous.messageId);
    } catch (error) {
      this.logger.warn('telegram: could not record a notice', { chatId, err: error });
    }
  }
}
