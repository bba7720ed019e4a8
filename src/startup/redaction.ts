/**
 * What keeps secrets out of everything the process prints: the tokens, signing keys and
 * passwords it was configured with are replaced wherever they appear in a finished log line,
 * and so are things that look like them (a bot token, a URL's password) even when nobody told
 * us; and errors are logged field by field, never as the objects they carry (grammY's
 * BotError holds the whole context with the token, a GrammyError the call's payload, a
 * DiscordAPIError the request body).
 */

/** What stands in for a secret. */
export const REDACTED = '[redacted]';

/** Shapes of secrets we may not have been told about. */
const SECRET_SHAPES: readonly [RegExp, string][] = [
  // A Telegram bot token (digits:35 characters), also inside a Bot API URL (/bot<token>/).
  [/(?<!\d)\d{3,20}:[A-Za-z0-9_-]{30,}/g, REDACTED],
  // A Discord bot token: three base64url parts (the bot's id, a timestamp, an HMAC).
  [/\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{25,}/g, REDACTED],
  // An Authorization header's credentials.
  [/\b(Bot|Bearer|Basic) [A-Za-z0-9+/=._-]{16,}/g, `$1 ${REDACTED}`],
  // A URL's password (redis://user:password@host), unless already masked (redactUrl's ***).
  [/([a-z][a-z0-9+.-]*:\/\/[^:@/\s"]*):(?!\*\*\*@)[^@/\s"]+@/gi, `$1:${REDACTED}@`],
];

/** The forms a secret may take in a JSON log line: as is, JSON-escaped, URL-encoded. */
function formsOf(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
  return [...new Set(forms)];
}

/**
 * The secrets of this process, and the scrubbing of text with them. Secrets shorter than 6
 * characters are not registered: replacing them would mangle ordinary text and they protect
 * nothing.
 */
export class Redactor {
  private secrets: string[] = [];

  /** Registers secrets (undefined and empty ones are skipped); the longest are replaced first. */
  add(...secrets: readonly (string | undefined)[]): void {
    for (const secret of secrets) {
      if (secret === undefined || secret.length < 6) continue;
      for (const form of formsOf(secret)) if (!this.secrets.includes(form)) this.secrets.push(form);
    }
    this.secrets.sort((a, b) => b.length - a.length);
  }

  /** `text` with every registered secret and every secret-shaped string replaced. */
  scrub(text: string): string {
    let result = text;
    for (const secret of this.secrets)
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    for (const [shape, replacement] of SECRET_SHAPES) result = result.replace(shape, replacement);
    return result;
  }
}

/** The secrets a URL carries: its password (and username, which some services use as one). */
export function urlSecrets(text: string | undefined): string[] {
  if (text === undefined) return [];
  try {
    const url = new URL(text);
    return [decodeURIComponent(url.password), url.password].filter((part) => part !== '');
  } catch {
    return [];
  }
}

/** The fields of an error worth a log line; anything else it holds stays out. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  syscall?: string;
  /** The Bot API method or the HTTP method of a failed call. */
  method?: string;
  error_code?: number;
  description?: string;
  retry_after?: number;
  status?: number;
  /** A failed Discord call's path, without its query. */
  path?: string;
  update_id?: number;
  /** What caused it (an HttpError's network error, a BotError's handler error, `cause`). */
  cause?: LoggedError;
  /** An AggregateError's first errors. */
  errors?: LoggedError[];
}

const MAX_DEPTH = 4;
const MAX_AGGREGATED = 5;
const MAX_TEXT = 2_000;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function pathOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0];
  }
}

type ErrorFields = Omit<LoggedError, 'type' | 'message' | 'cause' | 'errors'>;

/** The fields that say what failed, each read from an error by its own rule (absent: left out). */
const LOGGED_FIELDS: {
  [K in keyof Required<ErrorFields>]: (error: Record<string, unknown>) => ErrorFields[K];
} = {
  stack: (error) => text(error.stack),
  code: ({ code }) => (typeof code === 'string' || typeof code === 'number' ? code : undefined),
  syscall: (error) => text(error.syscall),
  method: (error) => text(error.method),
  error_code: (error) => numberOf(error.error_code),
  description: (error) => text(error.description),
  retry_after: (error) =>
    numberOf((error.parameters as { retry_after?: unknown } | undefined)?.retry_after),
  status: (error) => numberOf(error.status),
  path: (error) => pathOf(error.url),
  // grammY's BotError: the update's id, never its context.
  update_id: (error) =>
    numberOf((error.ctx as { update?: { update_id?: unknown } } | undefined)?.update?.update_id),
};

/**
 * An error as a log line's `err`: its type, message and stack and the few fields that say what
 * failed (a code, the Bot API's error_code and description, the HTTP status and path), and what
 * caused it, nested. Never its other properties: they may hold a context with the token, a
 * request's payload or a whole update. A non-error is logged as its text.
 */
export function serializeError(value: unknown, depth = 0): LoggedError {
  if (typeof value !== 'object' || value === null) {
    return { type: typeof value, message: String(value).slice(0, MAX_TEXT) };
  }
  const error = value as Record<string, unknown>;
  const type =
    text(error.name) ??
    (typeof error.constructor === 'function' ? error.constructor.name : undefined) ??
    'Object';
  const logged: LoggedError = {
    type,
    message: text(error.message) ?? (value instanceof Error ? '' : '[not an error]'),
  };
  for (const [field, read] of Object.entries(LOGGED_FIELDS)) {
    const found = read(error);
    if (found !== undefined) Object.assign(logged, { [field]: found });
  }
  if (depth < MAX_DEPTH) {
    // grammY's HttpError and BotError keep theirs under `error`; others under `cause`.
    const cause = error.cause ?? error.error;
    if (cause !== undefined && cause !== value) logged.cause = serializeError(cause, depth + 1);
    if (Array.isArray(error.errors))
      logged.errors = error.errors
        .slice(0, MAX_AGGREGATED)
        .map((inner) => serializeError(inner, depth + 1));
  }
  return logged;
}
