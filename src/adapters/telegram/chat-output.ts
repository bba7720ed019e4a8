import { InputFile, InputMediaBuilder, type Api } from 'grammy';
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import type { DeliveryClass, DeliveryLanes, DeliveryResult } from './delivery-lanes.js';

type Other<
  M extends 'sendMessage' | 'sendPhoto' | 'sendDocument' | 'sendAnimation' | 'editMessageText',
> = NonNullable<Parameters<Api[M]>[M extends 'editMessageText' ? 3 : 2]>;

/** A text message's links without a preview (an edit must say so again, or the preview comes). */
export const NO_PREVIEW = { link_preview_options: { is_disabled: true } } as const;

/** How a delivery queues: its class, its coalescing key, and a last-moment check. */
export interface DeliveryOptions {
  readonly class?: DeliveryClass;
  readonly key?: string;
  readonly wanted?: () => boolean | Promise<boolean>;
}

/**
 * Everything the adapter sends to chats, as deliveries through the chats' lanes (see
 * delivery-lanes.ts). Calls go to the raw API (no transformer), so they pass the lanes exactly
 * once. Results are DeliveryResults: nothing here throws, callers decide what a failure means.
 */
export class ChatOutput {
  constructor(
    /** An Api without the lanes' transformer. */
    private readonly api: Api,
    readonly lanes: DeliveryLanes,
  ) {}

  sendText(
    chatId: string | number,
    text: string,
    other: Other<'sendMessage'> = {},
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<Message.TextMessage>> {
    return this.newMessage(chatId, 'message', options, () =>
      this.api.sendMessage(chatId, text, other),
    );
  }

  /** Sends a photo made at delivery time (so a superseded image is never drawn). */
  sendPhoto(
    chatId: string | number,
    image: () => Promise<Buffer>,
    other: Other<'sendPhoto'> = {},
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<Message.PhotoMessage>> {
    return this.newMessage(chatId, 'board', options, async () =>
      this.api.sendPhoto(chatId, new InputFile(await image(), 'board.png'), other),
    );
  }

  /** Sends an animation (a game's GIF): a new message like a photo, in the message class. */
  sendAnimation(
    chatId: string | number,
    animation: Buffer,
    other: Other<'sendAnimation'> = {},
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<Message.AnimationMessage>> {
    return this.newMessage(chatId, 'message', options, () =>
      this.api.sendAnimation(chatId, new InputFile(animation, 'replay.gif'), other),
    );
  }

  /** A new message: it spends the chat's budget and the global one. */
  private newMessage<T>(
    chatId: string | number,
    defaultClass: DeliveryClass,
    options: DeliveryOptions,
    call: () => Promise<T>,
  ): Promise<DeliveryResult<T>> {
    const { key, wanted } = options;
    const kind = options.class ?? defaultClass;
    return this.lanes.submit(chatId, {
      class: kind,
      key,
      wanted,
      counted: true,
      newMessage: true,
      call,
    });
  }

  sendDocument(
    chatId: string | number,
    data: Buffer,
    filename: string,
    other: Other<'sendDocument'> = {},
  ): Promise<DeliveryResult<Message.DocumentMessage>> {
    return this.lanes.submit(chatId, {
      class: 'message',
      counted: true,
      newMessage: true,
      call: () => this.api.sendDocument(chatId, new InputFile(data, filename), other),
    });
  }

  /** Edits a message's text; a newer edit of the same message replaces one still waiting. */
  editText(
    chatId: string | number,
    messageId: number,
    text: string,
    other: Other<'editMessageText'> = {},
  ): Promise<DeliveryResult<unknown>> {
    return this.edit(chatId, `text:${messageId}`, () =>
      this.api.editMessageText(chatId, messageId, text, other),
    );
  }

  /** Replaces a message's buttons; a newer edit of them replaces one still waiting. */
  editMarkup(
    chatId: string | number,
    messageId: number,
    markup: InlineKeyboardMarkup,
  ): Promise<DeliveryResult<unknown>> {
    return this.edit(chatId, `markup:${messageId}`, () =>
      this.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: markup }),
    );
  }

  /**
   * Edits an inline message's caption (a card: its photo stays) and buttons, by its
   * inline_message_id, in its own lane (`inline:<id>`); Telegram answers `true`.
   */
  editInlineCaption(
    inlineMessageId: string,
    caption: string,
    markup: InlineKeyboardMarkup = { inline_keyboard: [] },
  ): Promise<DeliveryResult<unknown>> {
    return this.edit(`inline:${inlineMessageId}`, `caption:${inlineMessageId}`, () =>
      this.api.editMessageCaptionInline(inlineMessageId, {
        caption,
        parse_mode: 'HTML',
        reply_markup: markup,
      }),
    );
  }

  private edit<T>(
    chatId: string | number,
    key: string,
    call: () => Promise<T>,
  ): Promise<DeliveryResult<T>> {
    return this.lanes.submit(chatId, { class: 'message', key, counted: true, call });
  }

  /**
   * Replaces a photo message's picture, caption and buttons in one edit (a review's stepping
   * buttons); a newer edit of the same message replaces one still waiting.
   */
  editPhoto(
    chatId: string | number,
    messageId: number,
    image: () => Promise<Buffer>,
    caption: string,
    markup: InlineKeyboardMarkup,
  ): Promise<DeliveryResult<unknown>> {
    return this.edit(chatId, `media:${messageId}`, async () =>
      this.api.editMessageMedia(
        chatId,
        messageId,
        InputMediaBuilder.photo(new InputFile(await image(), 'review.png'), { caption }),
        { reply_markup: markup },
      ),
    );
  }

  /** "sending a photo…": cosmetic, never in front of anything that matters. */
  uploadingPhoto(chatId: string | number): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: 'cosmetic',
      key: 'upload_photo',
      counted: false,
      call: () => this.api.sendChatAction(chatId, 'upload_photo'),
    });
  }

  /** Deletes a message; cosmetic: it waits for everything else and may be dropped. */
  delete(chatId: string | number, messageId: number): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: 'cosmetic',
      key: `delete:${messageId}`,
      counted: false,
      call: () => this.api.deleteMessage(chatId, messageId),
    });
  }

  /**
   * "typing…": cosmetic, never in front of anything that matters; `wanted` is asked right
   * before it is sent (the bot may have answered while it waited).
   */
  typing(
    chatId: string | number,
    wanted?: () => Promise<boolean>,
  ): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: 'cosmetic',
      key: 'typing',
      counted: false,
      ...(wanted === undefined ? {} : { wanted }),
      call: () => this.api.sendChatAction(chatId, 'typing'),
    });
  }

  /** The raw API, for calls a caller makes inside a delivery of its own (board edits). */
  get raw(): Api {
    return this.api;
  }
}
