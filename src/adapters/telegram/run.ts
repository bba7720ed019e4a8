import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { bestEffort, ThrottledWarning, type Logger } from '../../game/logger.js';
import { serveRoute, type Route } from '../../web/http.js';
import {
  confirmHandled,
  runLongPolling,
  UPDATE_TYPES,
  type UpdatePipeline,
} from './update-pipeline.js';

export interface TelegramTransport {
  /** Webhook mode when set; long polling otherwise. */
  readonly webhook?: {
    readonly url: URL;
    /**
     * The secret token given to setWebhook, which Telegram sends with every update in the
     * X-Telegram-Bot-Api-Secret-Token header; a request without it is refused (webhookSecret).
     */
    readonly secret: string;
    /** How long an update may take before Telegram is answered anyway (WEBHOOK_ANSWER_MS). */
    readonly answerWithinMs?: number;
  };
  /**
   * What else PORT serves: inline mode's pictures (media.ts), the board page (src/web).
   */
  readonly routes?: Route;
  /**
   * The server listening on PORT (taken at start-up): the webhook's, which also serves the
   * routes; in long polling mode, the routes' alone. Needed with either.
   */
  readonly server?: Server;
}

/**
 * Telegram sends a chat's next update only once the previous one is answered, and gives up on
 * an answer after a while (and sends it again). An update is answered once handled — so one we
 * die on is sent again — but at the latest after this long: a move waiting out a 429 (retry
 * after up to a minute) must not hold the chat's later updates, nor make Telegram resend it.
 * The update is still handled to the end; only a crash after the early answer would lose it.
 */
export const WEBHOOK_ANSWER_MS = 10_000;

/** The largest update body a webhook accepts (Telegram's are a few KB). */
export const MAX_BODY_BYTES = 1 << 20;
/**
 * A body over the limit is read to its end and dropped, so that the connection stays usable for
 * the next request; past this much, the connection is closed instead.
 */
const MAX_DRAINED_BYTES = 16 << 20;

/**
 * The webhook's secret token: TELEGRAM_WEBHOOK_SECRET, else one derived from the bot token (so
 * every process behind one URL derives the same, and a new token gives a new one). Telegram
 * allows 1-256 characters of A-Z, a-z, 0-9, _ and -: base64url of an HMAC is 43 of them.
 */
export function webhookSecret(token: string, configured?: string): string {
  return (
    configured ?? createHmac('sha256', 'bashni-webhook-secret').update(token).digest('base64url')
  );
}

type Body = { readonly bytes: Buffer } | { readonly tooLarge: 'drained' | 'closed' };

/**
 * The request's body up to `MAX_BODY_BYTES`. A larger one is read on to its end and dropped
 * (a declared length past MAX_DRAINED_BYTES is not read at all: the connection is closed).
 */
async function readBody(request: IncomingMessage): Promise<Body> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > MAX_DRAINED_BYTES) return { tooLarge: 'closed' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_DRAINED_BYTES) return { tooLarge: 'closed' };
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? { tooLarge: 'drained' } : { bytes: Buffer.concat(chunks) };
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Stops receiving and confirms what was handled; `receiving()` says whether updates arrive. */
export type TelegramIntake = (() => Promise<void>) & { receiving(): boolean };

/**
 * Starts receiving updates into the pipeline: long polling (confirming only handled updates),
 * or a webhook served by node:http at the URL's path, answering Telegram only after the update
 * has been handled (so Telegram sends it again if we die first). Receiving means, when
 * polling, that the loop runs and its last getUpdates succeeded; with a webhook, that the
 * server listens (the webhook was set before this resolves).
 */
export async function startTelegram(
  api: Api,
  pipeline: UpdatePipeline,
  transport: TelegramTransport,
  logger: Logger,
): Promise<TelegramIntake> {
  if (transport.webhook === undefined) {
    const media =
      transport.routes === undefined || transport.server === undefined
        ? undefined
        : serveRoute(transport.server, transport.routes);
    await api.deleteWebhook();
    const stop = new AbortController();
    let polled = true;
    let running = true;
    const polling = runLongPolling(api, pipeline, {
      logger,
      signal: stop.signal,
      onPoll: (ok) => (polled = ok),
    }).finally(() => (running = false));
    const stopPolling = async () => {
      stop.abort();
      await polling;
      await pipeline.idle();
      await bestEffort(
        logger,
        'telegram: could not confirm the last updates',
        confirmHandled(api, pipeline),
      );
      await media?.close();
    };
    return Object.assign(stopPolling, { receiving: () => running && polled });
  }
  const { url, secret } = transport.webhook;
  const server = transport.server;
  if (server === undefined) throw new Error('startTelegram: a webhook needs the server on PORT');
  const answerWithinMs = transport.webhook.answerWithinMs ?? WEBHOOK_ANSWER_MS;
  const forged = new ThrottledWarning(
    logger,
    'telegram: refused webhook requests without the secret token (not from Telegram)',
  );
  const oversized = new ThrottledWarning(logger, 'telegram: refused oversized webhook bodies');
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (transport.routes?.(request, response) === true) return;
      if (request.method !== 'POST' || request.url !== url.pathname) {
        response.writeHead(404).end();
        return;
      }
      // Before the body is read: nothing of a stranger's request is looked at. (Node reads an
      // unread body to its end once the answer is sent, so the connection stays usable.)
      if (!sameSecret(request.headers['x-telegram-bot-api-secret-token'], secret)) {
        forged.note({ from: request.socket.remoteAddress });
        response.writeHead(401).end();
        return;
      }
      const body = await readBody(request);
      if ('tooLarge' in body) {
        oversized.note({ limit: MAX_BODY_BYTES });
        response.writeHead(413, body.tooLarge === 'closed' ? { connection: 'close' } : {}).end();
        return;
      }
      let update: Update;
      try {
        const parsed = JSON.parse(body.bytes.toString('utf8')) as Partial<Update> | null;
        if (!Number.isSafeInteger(parsed?.update_id)) throw new Error('no update_id');
        update = parsed as Update;
      } catch {
        response.writeHead(400).end();
        return;
      }
      const handled = pipeline.accept(update).done;
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        handled.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), answerWithinMs);
        }),
      ]).finally(() => clearTimeout(timer));
      if (late)
        logger.warn('telegram: answered a webhook update before it was handled (slow)', {
          updateId: update.update_id,
          afterMs: answerWithinMs,
        });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch((error: unknown) => {
      logger.error('telegram: webhook request failed', { err: error });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  // Timeouts on purpose, not Node's defaults: a request is answered within answerWithinMs, so
  // one that takes far longer is a dead client; Telegram keeps connections open between
  // updates (longer than a load balancer's usual 60 s idle, so the balancer closes first).
  server.requestTimeout = answerWithinMs + 10_000;
  server.headersTimeout = Math.min(15_000, server.requestTimeout);
  server.keepAliveTimeout = 65_000;
  await api.setWebhook(url.href, {
    secret_token: secret,
    allowed_updates: [...UPDATE_TYPES] as never,
  });
  const stopServing = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await pipeline.idle();
  };
  return Object.assign(stopServing, { receiving: () => server.listening });
}
