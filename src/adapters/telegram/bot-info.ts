import { Api, GrammyError, HttpError } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';

/** Where grammY sends requests when no apiRoot is given. */
export const DEFAULT_API_ROOT = 'https://api.telegram.org';

/**
 * One getMe call straight to the Bot API, given up after `timeoutMs`: the start-up check that the
 * API is reachable and the token valid. It is its own Api, with none of the bot's transformers
 * and a timeout of its own: start-up decides when to try again (startup/wait.ts).
 */
export function fetchBotInfo(
  token: string,
  options: { readonly apiRoot?: string; readonly timeoutMs: number },
): Promise<UserFromGetMe> {
  const api = new Api(token, {
    apiRoot: options.apiRoot,
    timeoutSeconds: options.timeoutMs / 1000,
  });
  return api.getMe();
}

/** True when the Bot API refused the token (401 Unauthorized, or 404 for a malformed one). */
export function isTokenRefused(error: unknown): error is GrammyError {
  return error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);
}

/**
 * Why a getMe call failed, in a few words, with the token (which is part of every request URL
 * and so of some error messages) blanked out: "getMe: connect ECONNREFUSED", "getMe: 502 Bad
 * Gateway", "getMe: no answer within 10 s".
 */
export function describeBotApiError(error: unknown, token: string): string {
  return `getMe: ${hideToken(reason(error), token)}`;
}

function reason(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`;
  const cause = error instanceof HttpError ? error.error : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const timeout = /timed out after ([\d.]+) seconds/.exec(message);
  if (timeout !== null) return `no answer within ${Number(timeout[1])} s`;
  // node-fetch: "request to <url> failed, reason: connect ECONNREFUSED 127.0.0.1:443".
  const system = /reason: (\w+ E[A-Z_]+)\b/.exec(message)?.[1];
  if (system !== undefined) return system;
  return message;
}

function hideToken(text: string, token: string): string {
  const secret = token.slice(token.indexOf(':') + 1);
  return [token, encodeURIComponent(token), secret]
    .filter((part) => part.length > 0)
    .reduce((hidden, part) => hidden.split(part).join('<token>'), text);
}
