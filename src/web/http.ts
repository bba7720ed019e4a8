/** The little HTTP the web routes share: a route's shape, JSON in and out. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * One part of the server on PORT: answers a request it owns (and returns true), or leaves it
 * to the next route (false).
 */
export type Route = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The first of the routes that owns a request answers it. */
export function firstRoute(routes: readonly Route[]): Route {
  return (request, response) => routes.some((route) => route(request, response));
}

/**
 * The route alone on a listening server (no webhook: long polling, or Discord only); nobody's
 * request is a 404. The result closes the server.
 */
export function serveRoute(server: Server, route: Route): { close: () => Promise<void> } {
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!route(request, response)) response.writeHead(404).end();
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The token of an `Authorization: Bearer <token>` header, if the request carries one. */
export function bearer(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') === true ? header.slice('Bearer '.length) : undefined;
}

/** The page's requests are small: a session's initData (~1 KB), a move. */
export const MAX_JSON_BYTES = 16 * 1024;

/** The JSON body of a request, or undefined when it is too large or not JSON. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    })
    .end(text);
}

/** An error answer the page reads: a code it knows, and an English sentence for anything else. */
export function sendError(
  response: ServerResponse,
  status: number,
  error: string,
  message: string,
  extra: object = {},
): void {
  sendJson(response, status, { error, message, ...extra });
}
