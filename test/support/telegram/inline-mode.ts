/**
 * Telegram's inline mode as the fake Bot API plays it: inline queries a test makes, their
 * answers validated as Telegram validates them (and their photos fetched by URL, JPEG only),
 * results a user chooses becoming inline messages (in a chat the test names, whose flood budget
 * their edits spend), taps on those messages (callback queries with inline_message_id and no
 * message), and edits by inline_message_id, which answer `true` and take no upload.
 */
import { performance } from 'node:perf_hooks';
import type {
  CallbackQuery,
  InlineKeyboardMarkup,
  InlineQuery,
  MessageEntity,
  Update,
  User,
} from 'grammy/types';
import { badRequest, BotApiError } from './api-error.js';
import { formatText, type FormattedText } from './formatting.js';
import {
  keyboardView,
  sameMarkup,
  validateInlineMarkup,
  type KeyboardButtonView,
  type ReplyMarkup,
} from './markup.js';
import { imageSize } from './media.js';
import { textOf } from '../text-of.js';

/** How long after the query Telegram still takes an answer. */
export const INLINE_ANSWER_MS = 10_000;
const MAX_RESULTS = 50;
const CAPTION_LIMIT = 1024;
const PHOTO_LIMIT_BYTES = 5 * 1024 * 1024;
const QUERY_TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/** A photo Telegram fetched by URL. */
export interface FetchedPhoto {
  readonly url: string;
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** An inline message as the fake shows it now (a copy). */
export interface InlineMessageView {
  readonly inlineMessageId: string;
  /** The chat it was sent to (the test said where the user chose the result). */
  readonly chatId: number;
  readonly from: User;
  readonly photo?: FetchedPhoto;
  readonly text?: string;
  readonly caption?: string;
  readonly captionEntities?: MessageEntity[];
  readonly replyMarkup?: ReplyMarkup;
  readonly edits: number;
}

/** An answer the bot gave to an inline query. */
export interface InlineAnswer {
  readonly results: readonly Record<string, unknown>[];
  readonly cacheTime?: number;
  readonly isPersonal: boolean;
  readonly button?: { readonly text: string; readonly start_parameter?: string };
  readonly photos: ReadonlyMap<string, FetchedPhoto>;
}

interface QueryRecord {
  readonly query: InlineQuery;
  readonly builtAt: number;
  answer?: InlineAnswer;
}

type InlineRecord = { -readonly [K in keyof InlineMessageView]: InlineMessageView[K] };

/** What the inline mode needs of the fake around it. */
export interface InlineModeHost {
  nextUpdateId(): number;
  /** Registers a callback query (answerable once, within its time) and returns its id. */
  newCallbackQueryId(): string;
  rememberUser(user: User): void;
  chatInstance(chatId: number): string;
}

export class InlineMode {
  private readonly queries = new Map<string, QueryRecord>();
  private readonly messages = new Map<string, InlineRecord>();
  private queryCounter = 0;
  private messageCounter = 0;

  constructor(private readonly host: InlineModeHost) {}

  /** A user types `@bot query` (an update to push). */
  inlineQuery(options: { from: User; query: string; chatType?: InlineQuery['chat_type'] }): Update {
    this.host.rememberUser(options.from);
    this.queryCounter += 1;
    const id = `${7_700_000 + this.queryCounter}${String(this.queryCounter).padStart(10, '0')}`;
    const query: InlineQuery = {
      id,
      from: options.from,
      query: options.query,
      offset: '',
      ...(options.chatType === undefined ? {} : { chat_type: options.chatType }),
    };
    this.queries.set(id, { query, builtAt: performance.now() });
    return { update_id: this.host.nextUpdateId(), inline_query: query };
  }

  /** The bot's answer to an inline query, if it gave one. */
  answerOf(queryId: string): InlineAnswer | undefined {
    return this.queries.get(queryId)?.answer;
  }

  /**
   * The user picks a result of the answer, in `chatId`: it becomes an inline message (when the
   * result has an inline keyboard: Telegram gives inline_message_id only then), and the bot is
   * told by chosen_inline_result (inline feedback on).
   */
  choose(options: { from: User; queryId: string; resultId: string; chatId: number }): {
    update: Update;
    inlineMessageId?: string;
  } {
    const record = this.queries.get(options.queryId);
    const answer = record?.answer;
    const result = answer?.results.find((r) => r.id === options.resultId);
    if (record === undefined || answer === undefined || result === undefined)
      throw new Error(`no result ${options.resultId} in the answer to query ${options.queryId}`);
    const markup = result.reply_markup as ReplyMarkup | undefined;
    let inlineMessageId: string | undefined;
    if (markup !== undefined) {
      this.messageCounter += 1;
      inlineMessageId = `AgAAA${String(this.messageCounter).padStart(6, '0')}BQAAAFakeInline`;
      const message: InlineRecord = {
        inlineMessageId,
        chatId: options.chatId,
        from: options.from,
        replyMarkup: markup,
        edits: 0,
      };
      if (result.type === 'photo') {
        message.photo = answer.photos.get(String(result.id));
        const caption = this.caption(result.caption, result.parse_mode, result.caption_entities);
        if (caption !== undefined) {
          message.caption = caption.text;
          if (caption.entities.length > 0) message.captionEntities = caption.entities;
        }
      } else {
        const content = result.input_message_content as Record<string, unknown> | undefined;
        message.text = textOf(content?.message_text);
      }
      this.messages.set(inlineMessageId, message);
    }
    const update: Update = {
      update_id: this.host.nextUpdateId(),
      chosen_inline_result: {
        result_id: options.resultId,
        from: options.from,
        query: record.query.query,
        ...(inlineMessageId === undefined ? {} : { inline_message_id: inlineMessageId }),
      },
    };
    return { update, ...(inlineMessageId === undefined ? {} : { inlineMessageId }) };
  }

  message(inlineMessageId: string): InlineMessageView | undefined {
    const message = this.messages.get(inlineMessageId);
    return message === undefined ? undefined : { ...message };
  }

  keyboard(inlineMessageId: string): KeyboardButtonView[][] {
    return keyboardView(this.messages.get(inlineMessageId)?.replyMarkup);
  }

  /** The chat whose flood budget an inline message's edits spend. */
  chatOf(inlineMessageId: unknown): number | undefined {
    return typeof inlineMessageId === 'string'
      ? this.messages.get(inlineMessageId)?.chatId
      : undefined;
  }

  /** A tap on an inline message's button: no `message`, its inline_message_id instead. */
  callbackQuery(options: { from: User; inlineMessageId: string; data: string }): Update {
    const message = this.messages.get(options.inlineMessageId);
    if (message === undefined) throw new Error(`no inline message ${options.inlineMessageId}`);
    this.host.rememberUser(options.from);
    const query: CallbackQuery = {
      id: this.host.newCallbackQueryId(),
      from: options.from,
      inline_message_id: options.inlineMessageId,
      chat_instance: this.host.chatInstance(message.chatId),
      data: options.data,
    };
    return { update_id: this.host.nextUpdateId(), callback_query: query };
  }

  buttonPress(options: {
    from: User;
    inlineMessageId: string;
    button: string | ((button: KeyboardButtonView) => boolean);
  }): Update {
    const { button } = options;
    const test = typeof button === 'string' ? (b: KeyboardButtonView) => b.text === button : button;
    const found = this.keyboard(options.inlineMessageId).flat().find(test);
    if (found?.callback_data === undefined) {
      const labels = this.keyboard(options.inlineMessageId)
        .flat()
        .map((b) => b.text);
      throw new Error(`no callback button ${String(button)}: ${labels.join(' | ')}`);
    }
    return this.callbackQuery({ ...options, data: found.callback_data });
  }

  // === Methods ===

  /** answerInlineQuery, validated as Telegram does; photos are fetched (JPEG only). */
  async answer(params: Record<string, unknown>): Promise<true> {
    const id = params.inline_query_id;
    const record = typeof id === 'string' ? this.queries.get(id) : undefined;
    if (
      record === undefined ||
      record.answer !== undefined ||
      performance.now() - record.builtAt > INLINE_ANSWER_MS
    )
      throw badRequest(QUERY_TOO_OLD);
    const results = params.results;
    if (!Array.isArray(results)) throw badRequest("can't parse inline query results JSON object");
    if (results.length > MAX_RESULTS) throw badRequest('RESULTS_TOO_MUCH');
    const ids = new Set<string>();
    const photos = new Map<string, FetchedPhoto>();
    for (const raw of results) {
      if (typeof raw !== 'object' || raw === null) throw badRequest('RESULT_TYPE_INVALID');
      const result = raw as Record<string, unknown>;
      const resultId = result.id;
      if (
        typeof resultId !== 'string' ||
        Buffer.byteLength(resultId) < 1 ||
        Buffer.byteLength(resultId) > 64
      )
        throw badRequest('RESULT_ID_INVALID');
      if (ids.has(resultId)) throw badRequest('RESULT_ID_DUPLICATE');
      ids.add(resultId);
      validateInlineMarkup(result.reply_markup);
      if (result.type === 'photo') {
        this.caption(result.caption, result.parse_mode, result.caption_entities);
        if (typeof result.thumbnail_url !== 'string' || result.thumbnail_url === '')
          throw badRequest('THUMB_URL_INVALID');
        photos.set(resultId, await fetchJpeg(result.photo_url, 'PHOTO_URL_INVALID'));
      } else if (result.type === 'article') {
        if (typeof result.title !== 'string' || result.title === '')
          throw badRequest('RESULT_TITLE_EMPTY');
        const content = result.input_message_content as Record<string, unknown> | undefined;
        if (typeof content?.message_text !== 'string' || content.message_text === '')
          throw badRequest('MESSAGE_EMPTY');
      } else {
        throw badRequest(
          `FakeBotApi supports photo and article results, got ${String(result.type)}`,
        );
      }
    }
    const button = params.button as { text?: unknown; start_parameter?: unknown } | undefined;
    if (button !== undefined) {
      if (typeof button.text !== 'string' || button.text === '')
        throw badRequest('BUTTON_TEXT_INVALID');
      if (
        button.start_parameter !== undefined &&
        (typeof button.start_parameter !== 'string' ||
          !/^[A-Za-z0-9_-]{1,64}$/.test(button.start_parameter))
      )
        throw badRequest('START_PARAM_INVALID');
    }
    // Checked again: the photos took time to fetch.
    if (performance.now() - record.builtAt > INLINE_ANSWER_MS) throw badRequest(QUERY_TOO_OLD);
    record.answer = {
      results: results as Record<string, unknown>[],
      ...(typeof params.cache_time === 'number' ? { cacheTime: params.cache_time } : {}),
      isPersonal: params.is_personal === true,
      ...(button === undefined
        ? {}
        : {
            button: {
              text: String(button.text),
              ...(typeof button.start_parameter === 'string'
                ? { start_parameter: button.start_parameter }
                : {}),
            },
          }),
      photos,
    };
    return true;
  }

  /** An edit by inline_message_id (any of the four edit methods); answers `true`. */
  async edit(
    method:
      'editMessageText' | 'editMessageCaption' | 'editMessageMedia' | 'editMessageReplyMarkup',
    params: Record<string, unknown>,
    uploads: ReadonlyMap<string, unknown>,
  ): Promise<true> {
    if (params.chat_id !== undefined || params.message_id !== undefined)
      throw badRequest('MESSAGE_ID_INVALID');
    const message =
      typeof params.inline_message_id === 'string'
        ? this.messages.get(params.inline_message_id)
        : undefined;
    if (message === undefined) throw badRequest('MESSAGE_ID_INVALID');
    const markup = validateInlineMarkup(params.reply_markup);
    const next: InlineRecord = { ...message, replyMarkup: markup };
    if (markup === undefined) delete next.replyMarkup;
    if (method === 'editMessageText') {
      if (message.text === undefined) throw badRequest('there is no text in the message to edit');
      next.text = textOf(params.text);
    } else if (method === 'editMessageCaption') {
      if (message.photo === undefined)
        throw badRequest('there is no caption in the message to edit');
      setCaption(next, this.caption(params.caption, params.parse_mode, params.caption_entities));
    } else if (method === 'editMessageMedia') {
      const media: unknown = params.media;
      if (typeof media !== 'object' || media === null || Array.isArray(media))
        throw badRequest("can't parse InputMedia JSON object");
      const input = media as Record<string, unknown>;
      if (input.type !== 'photo')
        throw badRequest('FakeBotApi supports only photos in inline messages');
      const source = input.media;
      if (uploads.size > 0 || (typeof source === 'string' && source.startsWith('attach://')))
        throw badRequest("can't upload file for inline message: send a file_id or an HTTP URL");
      next.photo = await fetchJpeg(source, 'WEBPAGE_MEDIA_EMPTY');
      setCaption(next, this.caption(input.caption, input.parse_mode, input.caption_entities));
    }
    if (
      next.photo?.url === message.photo?.url &&
      next.text === message.text &&
      (next.caption ?? '') === (message.caption ?? '') &&
      sameMarkup(message.replyMarkup, next.replyMarkup as InlineKeyboardMarkup | undefined)
    )
      throw badRequest(NOT_MODIFIED);
    next.edits = message.edits + 1;
    this.messages.set(message.inlineMessageId, next);
    return true;
  }

  private caption(raw: unknown, parseMode: unknown, entities: unknown): FormattedText | undefined {
    if (raw === undefined || raw === null) return undefined;
    const result = formatText(textOf(raw), parseMode, entities);
    if (!result.ok) throw new BotApiError(400, result.error);
    if (result.value.text.length > CAPTION_LIMIT) throw badRequest('message caption is too long');
    return result.value.text.length === 0 ? undefined : result.value;
  }
}

function setCaption(message: InlineRecord, caption: FormattedText | undefined): void {
  delete message.caption;
  delete message.captionEntities;
  if (caption === undefined) return;
  message.caption = caption.text;
  if (caption.entities.length > 0) message.captionEntities = caption.entities;
}

/** Fetches a photo by URL as Telegram does: an HTTP(S) URL answering 200 with a JPEG ≤ 5 MB. */
async function fetchJpeg(url: unknown, error: string): Promise<FetchedPhoto> {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw badRequest(error);
  let data: Buffer;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(String(response.status));
    data = Buffer.from(await response.arrayBuffer());
  } catch {
    throw badRequest('WEBPAGE_CURL_FAILED');
  }
  if (data.length > PHOTO_LIMIT_BYTES) throw badRequest('PHOTO_SAVE_FILE_INVALID');
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8)
    throw badRequest('PHOTO_CONTENT_TYPE_INVALID');
  return { url, data, ...imageSize(data) };
}
