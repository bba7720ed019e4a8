import { GrammyError } from 'grammy';

/** Telegram API errors we expect in normal operation, by what we do about them. */
export function describeApiError(
  error: unknown,
): 'not-modified' | 'message-gone' | 'query-too-old' | 'forbidden' | 'other' {
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
  if (text.includes('query is too old') || text.includes('query id is invalid'))
    return 'query-too-old';
  if (error.error_code === 403) return 'forbidden';
  return 'other';
}
