import { createHash } from 'node:crypto';

/**
 * Discord's per-route rate limits as the fake enforces them: fixed windows per bucket (a route
 * and its major parameter, e.g. the channel), announced on every answer with the
 * `x-ratelimit-*` headers, so discord.js's REST queue can pace itself like it does against
 * Discord; a request past the limit gets 429 with `retry-after`.
 */

/** At most `limit` requests per `windowMs` in one bucket. */
export interface WindowRule {
  readonly limit: number;
  readonly windowMs: number;
}

export interface DiscordRateLimits {
  /** POST /channels/{c}/messages, per channel: Discord's 5 per 5 s. */
  readonly messageCreate: WindowRule;
  /** Every other route, per route and major parameter. */
  readonly other: WindowRule;
}

/** Discord's values (the fake's defaults); tests may pass shorter windows. */
export const DISCORD_RATE_LIMITS: DiscordRateLimits = {
  messageCreate: { limit: 5, windowMs: 5000 },
  other: { limit: 50, windowMs: 1000 },
};

/** The outcome of one request against its bucket. */
export interface RateLimitVerdict {
  readonly headers: Record<string, string>;
  /** Set when the request is refused: how long to wait. */
  readonly retryAfterMs?: number;
}

interface Window {
  startedAt: number;
  count: number;
}

/** The opaque `x-ratelimit-bucket` hash of a route (Discord's are opaque too). */
export function bucketHash(method: string, route: string): string {
  return createHash('sha1').update(`${method} ${route}`).digest('hex').slice(0, 16);
}

const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  /**
   * Takes one request from the bucket `hash:major` under `rule` at monotonic time `nowMs`.
   * A refused request does not count.
   */
  take(hash: string, major: string, rule: WindowRule, nowMs: number): RateLimitVerdict {
    const key = `${hash}:${major}`;
    let window = this.windows.get(key);
    if (window === undefined || nowMs >= window.startedAt + rule.windowMs) {
      window = { startedAt: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    const resetAfterMs = window.startedAt + rule.windowMs - nowMs;
    if (window.count >= rule.limit) {
      return {
        headers: limitHeaders(hash, rule.limit, 0, resetAfterMs),
        retryAfterMs: resetAfterMs,
      };
    }
    window.count += 1;
    return { headers: limitHeaders(hash, rule.limit, rule.limit - window.count, resetAfterMs) };
  }
}

/** The `x-ratelimit-*` headers of an answer. */
export function limitHeaders(
  hash: string,
  limit: number,
  remaining: number,
  resetAfterMs: number,
): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': seconds(Date.now() + resetAfterMs),
    'x-ratelimit-reset-after': seconds(resetAfterMs),
    'x-ratelimit-bucket': hash,
  };
}

/**
 * The headers and body of a 429. `retry-after` keeps its fraction (Discord rounds the header
 * up to whole seconds) so that tests with short windows stay short.
 */
export function tooManyRequests(
  headers: Record<string, string>,
  retryAfterMs: number,
): { headers: Record<string, string>; body: Record<string, unknown> } {
  return {
    headers: {
      ...headers,
      'x-ratelimit-remaining': '0',
      'x-ratelimit-scope': 'user',
      'retry-after': seconds(retryAfterMs),
    },
    body: {
      message: 'You are being rate limited.',
      retry_after: Number(seconds(retryAfterMs)),
      global: false,
    },
  };
}
