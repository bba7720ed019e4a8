import { purposeKey, readSignedPayload, signPayload } from '../../web/signed-payload.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeFen, parseFen, VARIANTS, type Position, type VariantId } from '../../engine/index.js';
import type { Logger } from '../../game/logger.js';
import type { RenderOptions } from '../../render/index.js';

/**
 * Pictures by URL, for what Telegram cannot take as an upload: inline query results (photo_url,
 * JPEG only) and edits of inline messages (editMessageMedia there takes a file_id or a URL, no
 * new file). Each URL is stateless and signed — `<base>/<payload>.<sig>.jpg`, the payload the
 * base64url of a compact description of the picture, the signature a truncated HMAC-SHA256 —
 * so any bot process can serve any picture, a forged or garbled URL is a 404, and one URL is
 * always the same bytes (Telegram caches by URL; so do we, in the render pool's LRU).
 */

/** What a served picture shows: a two-player position, whose side is at the bottom, the last move. */
export interface MediaPicture {
  readonly variant: VariantId;
  readonly fen: string;
  readonly bottom: 'white' | 'black';
  readonly lastMove?: {
    readonly from: number;
    readonly path: readonly number[];
    readonly captures: readonly number[];
  } | null;
}

/** Draws JPEGs off the event loop (the render pool's `renderJpeg` in production). */
export interface JpegPainter {
  paintJpeg(position: Position, options: RenderOptions): Promise<Buffer>;
}

/** Width of the pictures served (the boards' size in chats). */
export const MEDIA_SIZE = 720;
/** Characters of the signature: 96 bits of HMAC-SHA256. */
/** A payload longer than this is not one of ours (a 10×10 FEN is well under it). */
const MAX_PAYLOAD_CHARS = 2_000;
const FILE = /^([A-Za-z0-9_-]{4,2000})\.([A-Za-z0-9_-]{16})\.jpg$/;

/** The key the URLs are signed with: TELEGRAM_MEDIA_SECRET, else derived from the bot token. */
export function mediaKey(token: string, secret?: string): Buffer {
  return purposeKey('bashni-media-url', secret ?? token);
}

/** Makes and reads the signed picture URLs under one base URL. */
export class MediaLinks {
  private readonly base: string;
  private readonly basePath: string;

  constructor(
    base: URL | string,
    private readonly key: Buffer,
  ) {
    const url = new URL(base);
    this.base = url.href.replace(/\/$/, '');
    this.basePath = url.pathname.replace(/\/$/, '');
  }

  /** The picture of a position. */
  positionUrl(
    position: Position,
    bottom: 'white' | 'black',
    lastMove?: MediaPicture['lastMove'],
  ): string {
    return this.url({ variant: position.variant, fen: makeFen(position), bottom, lastMove });
  }

  url(picture: MediaPicture): string {
    const compact: unknown[] = [picture.variant, picture.fen, picture.bottom === 'white' ? 0 : 1];
    const last = picture.lastMove;
    if (last !== undefined && last !== null)
      compact.push(last.from, [...last.path], [...last.captures]);
    return `${this.base}/${signPayload(this.key, compact)}.jpg`;
  }

  /** The picture a request path names, or undefined (not ours, forged, garbled). */
  read(path: string): MediaPicture | undefined {
    if (!path.startsWith(`${this.basePath}/`)) return undefined;
    const match = FILE.exec(path.slice(this.basePath.length + 1));
    if (match === null) return undefined;
    const [, payload = '', sig = ''] = match;
    const compact = readSignedPayload(this.key, payload, sig, MAX_PAYLOAD_CHARS);
    if (!Array.isArray(compact)) return undefined;
    const [variant, fen, bottom, from, route, captures] = compact as unknown[];
    if (typeof variant !== 'string' || !Object.hasOwn(VARIANTS, variant)) return undefined;
    if (typeof fen !== 'string' || (bottom !== 0 && bottom !== 1)) return undefined;
    let lastMove: MediaPicture['lastMove'] = null;
    if (from !== undefined) {
      const squares = (list: unknown): list is number[] =>
        Array.isArray(list) && list.every((s) => typeof s === 'number');
      if (typeof from !== 'number' || !squares(route) || !squares(captures)) return undefined;
      lastMove = { from, path: route, captures };
    }
    return {
      variant: variant as VariantId,
      fen,
      bottom: bottom === 0 ? 'white' : 'black',
      lastMove,
    };
  }

  /** Whether a request path is under the media base path (ours to answer, 404 or not). */
  owns(path: string): boolean {
    return path.startsWith(`${this.basePath}/`);
  }
}

export interface MediaRouteOptions {
  readonly links: MediaLinks;
  readonly painter: JpegPainter;
  readonly logger: Logger;
  /**
   * Pictures being drawn at once by this server; more are refused with 503 (default 64). Well
   * above any real burst: Telegram fetches a picture when a board is edited, and a refused fetch
   * fails that edit. The render pool queues what its threads are not drawing yet.
   */
  readonly maxConcurrent?: number;
}

/** Telegram caches a URL's picture; ours never change, so may anyone else. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The media route, for a node:http server: answers (and returns true) a GET or HEAD under the
 * media path; anything else is left to the caller (false). A URL that is not signed by us, or
 * does not describe a position, is a 404; past `maxConcurrent` pictures being drawn, a 503 with
 * Retry-After (the signatures already stop arbitrary positions; this bounds the work).
 */
export function mediaRoute(
  options: MediaRouteOptions,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { links, painter, logger } = options;
  const maxConcurrent = options.maxConcurrent ?? 64;
  let drawing = 0;
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://media.invalid').pathname;
    if (!links.owns(path)) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    const picture = links.read(path);
    const parsed = picture === undefined ? undefined : parseFen(picture.fen, picture.variant);
    if (picture === undefined || parsed === undefined || !parsed.ok) {
      response.writeHead(404).end();
      return true;
    }
    if (drawing >= maxConcurrent) {
      response.writeHead(503, { 'retry-after': '1' }).end();
      return true;
    }
    drawing++;
    painter
      .paintJpeg(parsed.value, {
        size: MEDIA_SIZE,
        orientation: picture.bottom,
        lastMove: picture.lastMove ?? null,
      })
      .then(
        (jpeg) => {
          response.writeHead(200, {
            'content-type': 'image/jpeg',
            'content-length': jpeg.length,
            'cache-control': CACHE_CONTROL,
          });
          response.end(request.method === 'HEAD' ? undefined : jpeg);
        },
        (error: unknown) => {
          // A signed picture the renderer refuses (a bad last move): nothing to serve.
          logger.warn('telegram: could not draw a media picture', { err: error, path });
          if (!response.headersSent) response.writeHead(404).end();
        },
      )
      .finally(() => drawing--);
    return true;
  };
}
