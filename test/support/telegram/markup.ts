import type { InlineKeyboardButton, InlineKeyboardMarkup, Message } from 'grammy/types';
import { badRequest } from './api-error.js';
import { textOf } from '../text-of.js';

/**
 * reply_markup as the Bot API checks it (callback data of 1-64 bytes, buttons that do
 * something, valid URLs) and compares it (for "message is not modified").
 */

/** What a message can carry in reply_markup; only inline keyboards are echoed back. */
export type ReplyMarkup = NonNullable<Message['reply_markup']> | Record<string, unknown>;

export interface KeyboardButtonView {
  readonly text: string;
  readonly callback_data?: string;
  readonly url?: string;
}

const CALLBACK_DATA_LIMIT = 64;

const BUTTON_ACTIONS = [
  'callback_data',
  'url',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
] as const;

export function inlineKeyboardOf(markup: ReplyMarkup | undefined): InlineKeyboardButton[][] {
  if (markup === undefined || !('inline_keyboard' in markup)) return [];
  const rows = (markup as InlineKeyboardMarkup).inline_keyboard;
  return Array.isArray(rows) ? rows : [];
}

/** Validates any reply_markup the way the Bot API does; inline keyboards strictly. */
export function validateReplyMarkup(raw: unknown): ReplyMarkup | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const markup = raw as Record<string, unknown>;
  if ('inline_keyboard' in markup) return validateInlineMarkup(markup);
  if ('keyboard' in markup || 'remove_keyboard' in markup || 'force_reply' in markup) {
    return markup;
  }
  throw badRequest("can't parse reply keyboard markup JSON object");
}

/** Edit methods take only inline keyboards; an empty one means "no keyboard". */
export function validateInlineMarkup(raw: unknown): InlineKeyboardMarkup | undefined {
  if (raw === undefined || raw === null) return undefined;
  const rows =
    typeof raw === 'object' ? (raw as Record<string, unknown>).inline_keyboard : undefined;
  if (!Array.isArray(rows)) throw badRequest("can't parse inline keyboard markup JSON object");
  for (const row of rows) {
    if (!Array.isArray(row)) {
      throw badRequest(
        "can't parse inline keyboard button: InlineKeyboardButton must be an Object",
      );
    }
    for (const button of row) validateButton(button);
  }
  const nonEmpty = rows.filter((row: unknown[]) => row.length > 0);
  return nonEmpty.length === 0
    ? undefined
    : { inline_keyboard: nonEmpty as InlineKeyboardButton[][] };
}

export function validateButton(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) {
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  }
  const button = raw as Record<string, unknown>;
  if (typeof button.text !== 'string') {
    throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
  }
  const actions = BUTTON_ACTIONS.filter((action) => button[action] !== undefined);
  if (actions.length === 0) {
    throw badRequest(
      "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
  }
  if (button.callback_data !== undefined) {
    const data = button.callback_data;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : 0;
    if (bytes < 1 || bytes > CALLBACK_DATA_LIMIT) throw badRequest('BUTTON_DATA_INVALID');
  }
  if (button.url !== undefined) {
    let valid = false;
    try {
      valid = ['http:', 'https:', 'tg:'].includes(new URL(textOf(button.url)).protocol);
    } catch {
      valid = false;
    }
    if (!valid) throw badRequest('BUTTON_URL_INVALID');
  }
}

export function sameMarkup(
  current: ReplyMarkup | undefined,
  next: InlineKeyboardMarkup | undefined,
): boolean {
  const currentRows = inlineKeyboardOf(current);
  const nextRows = inlineKeyboardOf(next);
  return stableJson(currentRows) === stableJson(nextRows);
}

/** The inline keyboard reduced to what tests look at: text, callback_data, url. */
export function keyboardView(markup: ReplyMarkup | undefined): KeyboardButtonView[][] {
  return inlineKeyboardOf(markup).map((row) =>
    row.map((button) => {
      const { text, callback_data: data, url } = button as unknown as Record<string, unknown>;
      return {
        text: String(text),
        ...(typeof data === 'string' ? { callback_data: data } : {}),
        ...(typeof url === 'string' ? { url } : {}),
      };
    }),
  );
}

/** JSON with sorted keys and without undefined, for comparing what Telegram would compare. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    return Object.fromEntries(
      Object.entries(item)
        .filter(([, entry]) => entry !== undefined && entry !== null)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}
