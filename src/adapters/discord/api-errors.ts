import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';

/**
 * Discord answers that mean "this is gone or not ours any more", not a fault: an interaction
 * answered too late or twice, a deleted message or channel, a channel the bot lost access to.
 * They are handled quietly; anything else is logged.
 */
const HARMLESS: ReadonlySet<number> = new Set([
  RESTJSONErrorCodes.UnknownInteraction,
  RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.UnknownWebhook,
]);

/** The Discord error code of a failed API call, if it is one. */
export function discordErrorCode(error: unknown): number | undefined {
  return error instanceof DiscordAPIError && typeof error.code === 'number'
    ? error.code
    : undefined;
}

export function isHarmless(error: unknown): boolean {
  const code = discordErrorCode(error);
  return code !== undefined && HARMLESS.has(code);
}

/** Whether a message or channel no longer exists (or cannot be seen): a board to replace. */
export function isGone(error: unknown): boolean {
  const code = discordErrorCode(error);
  return (
    code === RESTJSONErrorCodes.UnknownMessage ||
    code === RESTJSONErrorCodes.UnknownChannel ||
    code === RESTJSONErrorCodes.MissingAccess
  );
}
