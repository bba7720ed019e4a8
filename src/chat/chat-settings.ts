import * as v from 'valibot';
import type { Logger } from '../game/logger.js';
import { LANGS } from '../i18n/index.js';

/**
 * What a chat (a Telegram chat, a Discord channel) chose by /lang and /settings, as stored in
 * the key-value store. The object is loose: a setting a newer version wrote is kept on save.
 */
const CHAT_SETTINGS = v.looseObject({
  lang: v.optional(v.picklist(LANGS)),
  orientation: v.optional(v.picklist(['mover', 'white'])),
});

export type StoredChatSettings = v.InferOutput<typeof CHAT_SETTINGS>;

/**
 * A chat's stored settings read back: none stored is the defaults ({}); a damaged record (not
 * JSON, or a field of the wrong kind) is the defaults too, and logged, never a failure.
 */
export function decodeChatSettings(
  text: string | undefined,
  key: string,
  logger: Logger,
): StoredChatSettings {
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    logger.warn('chat settings are not JSON; using the defaults', { key, err: error });
    return {};
  }
  // Every field is optional, and a loose object reads a list as one: a list is damage too.
  const result = Array.isArray(data) ? undefined : v.safeParse(CHAT_SETTINGS, data);
  if (result?.success === true) return result.output;
  logger.warn('chat settings are damaged; using the defaults', {
    key,
    issues: result === undefined ? 'a list' : v.summarize(result.issues),
  });
  return {};
}
