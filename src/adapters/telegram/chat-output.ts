import { InputFile, type Api } from 'grammy';
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import type { DeliveryClass, DeliveryLanes, DeliveryResult } from './delivery-lanes.js';

type Other<M extends 'sendMessage' | 'sendPhoto' | 'sendDocument' | 'editMessageText'> =
  NonNullable<Parameters<Api[M]>[M extends 'editMessageText' ? 3 : 2]>;

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
    return this.lanes.submit(chatId, {
      class: options.class ?? 'message',
      key: options.key,
      wanted: options.wanted,
      counted: true,
      newMessage: true,
      call: () => this.api.sendMessage(chatId, text, other),
    });
  }

  /** Sends a photo made at delivery time (so a superseded image is never drawn). */
  sendPhoto(
    chatId: string | number,
    image: () => Promise<Buffer>,
    other: Other<'sendPhoto'> = {},
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<Message.PhotoMessage>> {
    return this.lanes.submit(chatId, {
      class: options.class ?? 'board',
      key: options.key,
      wanted: options.wanted,
      counted: true,
      newMessage: true,
      call: async () =>
        this.api.sendPhoto(chatId, new InputFile(await image(), 'board.png'), other),
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

  editText(
    chatId: string | number,
    messageId: number,
    text: string,
    other: Other<'editMessageText'> = {},
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: options.class ?? 'message',
      key: options.key ?? `text:${messageId}`,
      wanted: options.wanted,
      counted: true,
      call: () => this.api.editMessageText(chatId, messageId, text, other),
    });
  }

  editMarkup(
    chatId: string | number,
    messageId: number,
    markup: InlineKeyboardMarkup,
    options: DeliveryOptions = {},
  ): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: options.class ?? 'message',
      key: options.key ?? `markup:${messageId}`,
      wanted: options.wanted,
      counted: true,
      call: () => this.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: markup }),
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

  /** "typing…": cosmetic, never in front of anything that matters. */
  typing(chatId: string | number): Promise<DeliveryResult<unknown>> {
    return this.lanes.submit(chatId, {
      class: 'cosmetic',
      key: 'typing',
      counted: false,
      call: () => this.api.sendChatAction(chatId, 'typing'),
    });
  }

  /** The raw API, for calls a caller makes inside a delivery of its own (board edits). */
  get raw(): Api {
    return this.api;
  }
}
