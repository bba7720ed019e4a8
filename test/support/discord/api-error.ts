import { RESTJSONErrorCodes } from 'discord.js';

/**
 * Discord's REST error answers: an HTTP status with a JSON body `{ code, message, errors? }`.
 * discord.js turns them into DiscordAPIError (`code`, `status`, and for 50035 a message that
 * names each failing field).
 */

/** One failing field of an Invalid Form Body answer; `path` like `embeds.0.title`. */
export interface FieldError {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** A REST error, thrown by route handlers and answered as JSON with its status. */
export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The JSON body Discord sends. */
  get body(): Record<string, unknown> {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors !== undefined ? { errors: this.errors } : {}),
    };
  }
}

/** 400 Invalid Form Body with Discord's nested `errors` object (`{ a: { 0: { _errors: [] } } }`). */
export function invalidFormBody(fields: readonly FieldError[]): DiscordError {
  const errors: Record<string, unknown> = {};
  for (const field of fields) {
    let node = errors;
    for (const key of field.path.split('.')) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node._errors ??= []) as { code: string; message: string }[];
    list.push({ code: field.code, message: field.message });
  }
  return new DiscordError(
    400,
    RESTJSONErrorCodes.InvalidFormBodyOrContentType,
    'Invalid Form Body',
    errors,
  );
}

export const unknownChannel = (): DiscordError =>
  new DiscordError(404, RESTJSONErrorCodes.UnknownChannel, 'Unknown Channel');
export const unknownMessage = (): DiscordError =>
  new DiscordError(404, RESTJSONErrorCodes.UnknownMessage, 'Unknown Message');
export const unknownWebhook = (): DiscordError =>
  new DiscordError(404, RESTJSONErrorCodes.UnknownWebhook, 'Unknown Webhook');
export const unknownInteraction = (): DiscordError =>
  new DiscordError(404, RESTJSONErrorCodes.UnknownInteraction, 'Unknown interaction');
export const unknownUser = (): DiscordError =>
  new DiscordError(404, RESTJSONErrorCodes.UnknownUser, 'Unknown User');
export const unknownCommand = (): DiscordError =>
  new DiscordError(
    404,
    RESTJSONErrorCodes.UnknownApplicationCommand,
    'Unknown application command',
  );
export const missingAccess = (): DiscordError =>
  new DiscordError(403, RESTJSONErrorCodes.MissingAccess, 'Missing Access');
export const alreadyAcknowledged = (): DiscordError =>
  new DiscordError(
    400,
    RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
    'Interaction has already been acknowledged.',
  );
export const emptyMessage = (): DiscordError =>
  new DiscordError(
    400,
    RESTJSONErrorCodes.CannotSendAnEmptyMessage,
    'Cannot send an empty message',
  );
export const invalidWebhookToken = (): DiscordError =>
  new DiscordError(401, RESTJSONErrorCodes.InvalidWebhookToken, 'Invalid Webhook Token');
export const unauthorized = (): DiscordError => new DiscordError(401, 0, '401: Unauthorized');
export const entityTooLarge = (): DiscordError =>
  new DiscordError(413, RESTJSONErrorCodes.RequestEntityTooLarge, 'Request entity too large');
export const invalidJson = (): DiscordError =>
  new DiscordError(
    400,
    RESTJSONErrorCodes.RequestBodyContainsInvalidJSON,
    'The request body contains invalid JSON.',
  );
export const notFound = (): DiscordError => new DiscordError(404, 0, '404: Not Found');
export const methodNotAllowed = (): DiscordError =>
  new DiscordError(405, 0, '405: Method Not Allowed');
