import type { ResponseParameters } from 'grammy/types';

/** The error part of a Bot API response. */
export interface ApiErrorSpec {
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: ResponseParameters;
}

/** A Bot API error answer, thrown inside method handlers and turned into `{ ok: false }`. */
export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
  }
}

export const badRequest = (description: string): BotApiError =>
  new BotApiError(400, `Bad Request: ${description}`);
export const forbidden = (description: string): BotApiError =>
  new BotApiError(403, `Forbidden: ${description}`);
